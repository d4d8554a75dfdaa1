/* words.c — the names of marks, events and kinds of move, and the rules text for players: each
 * game's own (gb_rules.words, .text) over the shared words below. */
#include "internal.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static const char *const shared_event[GB_EV_COUNT] = {
    [GB_EV_CONTINUE] = "continue", [GB_EV_END] = "end",         [GB_EV_CAPTURE] = "capture",
    [GB_EV_CLAIM] = "claim",       [GB_EV_INTO_HELD] = "own",   [GB_EV_RAID] = "raid",
    [GB_EV_DECLINE] = "refuse",    [GB_EV_FEED] = "feed",       [GB_EV_PASS] = "pass",
};
/* Phrases go on from "…, last into <hole>"; %v is the lap's value, %o the label of its other
 * hole, %t of the hole its last stone reached. */
static const char *const shared_phrase[GB_EV_COUNT] = {
    [GB_EV_CONTINUE] = GB_N_(", lifted and sown on"),
    [GB_EV_END] = GB_N_(" (was empty): move ends"),
    [GB_EV_CAPTURE] = GB_N_(" (was empty): captures %v from %o"),
    [GB_EV_CLAIM] = GB_N_(": becomes the mover's"),
    [GB_EV_INTO_HELD] = GB_N_(": the mover's own, move ends"),
    [GB_EV_RAID] = GB_N_(": takes %v"),
    [GB_EV_DECLINE] = GB_N_(": refused"),
    [GB_EV_FEED] = GB_N_(": fed"),
    [GB_EV_PASS] = GB_N_(": passes"),
};
static const char *const shared_move_kind[GB_MOVE_KIND_COUNT] = {
    [GB_MOVE_SOW] = "sow",       [GB_MOVE_PASS] = "pass", [GB_MOVE_FEED] = "feed",
    [GB_MOVE_LAYOUT] = "layout", [GB_MOVE_KEEP] = "keep", [GB_MOVE_TURN] = "turn",
};
static const char *const shared_mark[4] = {NULL, "held", "held", "dormant"};

/* A text cut short by snprintf ends with whole characters: a UTF-8 sequence cut in the middle
 * (a translation's letters take two or three bytes each) is dropped. */
void gb_utf8_trim(char *s)
{
    size_t n = strlen(s), i = n;
    while (i > 0 && ((unsigned char)s[i - 1] & 0xc0) == 0x80)
        i--; /* back over continuation bytes to the lead byte */
    if (i > 0 && (unsigned char)s[i - 1] >= 0xc0) {
        unsigned char b = (unsigned char)s[i - 1];
        size_t need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
        if (n - (i - 1) < need)
            s[i - 1] = 0;
    }
}

size_t gb_utf8_len(const unsigned char *p)
{
    const unsigned c = p[0];
    size_t k;
    unsigned long cp;
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        k = 2, cp = c & 0x1f;
    else if (c >= 0xe0 && c <= 0xef)
        k = 3, cp = c & 0x0f;
    else if (c >= 0xf0 && c <= 0xf4)
        k = 4, cp = c & 0x07;
    else
        return 0;
    for (size_t i = 1; i < k; i++) { /* a NUL is no continuation byte: never read past it */
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (p[i] & 0x3f);
    }
    if ((k == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (k == 4 && (cp < 0x10000 || cp > 0x10ffff)))
        return 0;
    return k;
}

/* ---- the front-end's language (gb_set_translate) ---- */
static gb_translate_fn translate;

void gb_set_translate(gb_translate_fn fn) { translate = fn; }

const char *gb_tr(const char *english)
{
    const char *t = translate && english && *english ? translate(english) : NULL;
    return t && *t ? t : english;
}

/* The next printf conversion of f at or after *at ("d", "ld", "s", "u"...; flags, width and
 * precision skipped, "%%" none), copied into c; false at the end. A '*' width or precision, or a
 * positional "%1$d", reads as a conversion of its own, so that a translation using one never
 * matches an English text that does not. */
static bool next_conversion(const char **at, char c[8])
{
    for (const char *p = *at; *p; p++) {
        if (*p != '%')
            continue;
        if (p[1] == '%') {
            p++;
            continue;
        }
        p++;
        size_t n = 0;
        while (*p && strchr("-+ #0123456789.*$'", *p)) {
            if ((*p == '*' || *p == '$') && n < 7)
                c[n++] = *p;
            p++;
        }
        while (*p && strchr("hlLqjzt", *p) && n < 7)
            c[n++] = *p++;
        if (!*p)
            return false;
        if (n < 7)
            c[n++] = *p;
        c[n] = 0;
        *at = p + 1;
        return true;
    }
    return false;
}

static bool same_conversions(const char *a, const char *b)
{
    char ca[8], cb[8];
    for (;;) {
        bool more_a = next_conversion(&a, ca), more_b = next_conversion(&b, cb);
        if (more_a != more_b)
            return false;
        if (!more_a)
            return true;
        if (strcmp(ca, cb) != 0)
            return false;
    }
}

const char *gb_tr_format(const char *fmt)
{
    const char *t = gb_tr(fmt);
    return t == fmt || same_conversions(fmt, t) ? t : fmt;
}

/* ---- a count in the front-end's language (gb_set_translate_plural) ---- */
static gb_translate_plural_fn translate_plural;

void gb_set_translate_plural(gb_translate_plural_fn fn) { translate_plural = fn; }

#define MAX_CONVERSIONS 16

/* The conversions of f, as next_conversion reads them, into c (at most MAX_CONVERSIONS: a text
 * with more is not one of the library's); their number, or -1 when there are more. When `upto`
 * is given, only those that end before it. */
static int conversions(const char *f, const char *upto, char c[MAX_CONVERSIONS][8])
{
    int n = 0;
    char one[8];
    for (const char *at = f; next_conversion(&at, one) && (!upto || at <= upto);) {
        if (n == MAX_CONVERSIONS)
            return -1;
        memcpy(c[n++], one, sizeof one);
    }
    return n;
}

static bool integer_conversion(const char *c)
{
    size_t k = strlen(c);
    return k > 0 && strchr("diu", c[k - 1]) && !strchr(c, '*') && !strchr(c, '$');
}

/* Which conversion of the English is the count (docs/translating.md, "Plurals"): the last
 * integer conversion (%d, %u, %ld...) before the first character where the singular and the
 * plural differ ("%d hole" and "%d holes", "only %ld is offered" and "only %ld are offered");
 * -1 when there is none. tools/i18n-check and the page (web/i18n.js) read it the same way. */
int gb_plural_count_index(const char *singular, const char *plural)
{
    const char *a = singular, *b = plural;
    while (*a && *a == *b)
        a++, b++;
    char c[MAX_CONVERSIONS][8];
    int n = conversions(singular, a, c);
    for (int i = n - 1; i >= 0; i--)
        if (integer_conversion(c[i]))
            return i;
    return -1;
}

/* A plural form may leave its count out when the count is the English text's last conversion
 * ("جولة واحدة": one round, in words): vsnprintf then never reads that argument. Every other
 * conversion stays, the same and in the same order. */
static bool plural_conversions(const char *singular, const char *plural, const char *english,
                               const char *t)
{
    if (same_conversions(english, t))
        return true;
    char ce[MAX_CONVERSIONS][8], ct[MAX_CONVERSIONS][8];
    int ne = conversions(english, NULL, ce), nt = conversions(t, NULL, ct);
    if (ne < 1 || nt != ne - 1 || gb_plural_count_index(singular, plural) != ne - 1)
        return false;
    for (int i = 0; i < nt; i++)
        if (strcmp(ce[i], ct[i]) != 0)
            return false;
    return true;
}

const char *gb_trn_format(const char *singular, const char *plural, unsigned long n)
{
    const char *english = n == 1 ? singular : plural;
    if (!translate_plural)
        return gb_tr_format(english); /* the translator of single texts, asked as before */
    const char *t = translate_plural(singular, plural, n);
    if (!t || !*t || t == english)
        return english;
    return plural_conversions(singular, plural, english, t) ? t : english;
}

/* A lap's phrase: its own placeholders (%v, %o, %t, in any order), so a translation is used
 * only when it keeps each of the English phrase's, each once. */
static const char *lap_phrase_tr(const char *english)
{
    const char *t = gb_tr(english);
    if (t == english)
        return t;
    for (const char *k = "vot"; *k; k++) {
        int ne = 0, nt = 0;
        for (const char *p = english; (p = strchr(p, '%')) != NULL; p++)
            ne += p[1] == *k;
        for (const char *p = t; (p = strchr(p, '%')) != NULL; p++)
            nt += p[1] == *k;
        if (ne != nt)
            return english;
    }
    return t;
}

/* The word of a game's own table, else the shared one; NULL when i is out of range. */
static const char *word(const char *const *own, const char *const *shared, int count, int i)
{
    if (i < 0 || i >= count)
        return NULL;
    return own && own[i] ? own[i] : shared[i];
}

const char *gb_rules_mark_name(const gb_rules *r, int mark)
{
    return word(r->words ? r->words->mark : NULL, shared_mark, 4, mark);
}
const char *gb_rules_event_name(const gb_rules *r, int event)
{
    return word(r->words ? r->words->event : NULL, shared_event, GB_EV_COUNT, event);
}

const char *gb_mark_name(const gb_game *g, int mark) { return gb_rules_mark_name(gb_game_rules(g), mark); }
const char *gb_mark_word(const gb_game *g, int mark)
{
    const gb_rules *r = gb_game_rules(g);
    const char *w = word(r->words ? r->words->mark_word : NULL, shared_mark, 4, mark);
    return w == shared_mark[mark < 0 || mark >= 4 ? 0 : mark] ? gb_mark_name(g, mark) : w;
}
const char *gb_event_name(const gb_game *g, int event)
{
    return gb_rules_event_name(gb_game_rules(g), event);
}
int gb_lap_describe(const gb_game *g, const gb_lap *l, char *buf, size_t len)
{
    if (!l || !buf)
        return GB_EINVAL;
    const gb_rules *r = gb_game_rules(g);
    const gb_words *w = r->words;
    const char *t = NULL;
    if (l->value > 1 && w && l->event < GB_EV_COUNT)
        t = w->phrase_many[l->event];
    if (!t)
        t = word(w ? w->phrase : NULL, shared_phrase, GB_EV_COUNT, l->event);
    if (!len)
        return GB_EINVAL;
    buf[0] = 0;
    if (!t)
        return GB_EINVAL;
    t = lap_phrase_tr(t);
    size_t used = 0;
    for (; *t && used + 1 < len; t++) {
        char tmp[16];
        const char *put = tmp;
        if (*t == '%' && (t[1] == 'v' || t[1] == 'o' || t[1] == 't')) {
            char lab[2];
            if (t[1] == 'v') {
                snprintf(tmp, sizeof tmp, "%u", (unsigned)l->value);
            } else {
                gb_label_format(r->n, t[1] == 'o' ? l->other : l->to, lab);
                tmp[0] = lab[0];
                tmp[1] = 0;
            }
            t++;
        } else {
            tmp[0] = *t;
            tmp[1] = 0;
        }
        for (; *put && used + 1 < len; put++)
            buf[used++] = *put;
    }
    buf[used] = 0;
    return (int)used;
}
const char *gb_move_kind_name(const gb_game *g, int kind)
{
    const gb_rules *r = gb_game_rules(g);
    return word(r->words ? r->words->move_kind : NULL, shared_move_kind, GB_MOVE_KIND_COUNT, kind);
}

int gb_variant_rules_text(const char *name, gb_rules_text *out)
{
    const gb_rules *r = gb_rules_find(name);
    if (!r || !out)
        return GB_EINVAL;
    static const char *const none[] = {NULL};
    static const gb_rules_text blank = {"", "", none};
    *out = r->text ? *r->text : blank;
    return GB_OK;
}

/* ---- the rules for players, complete, for the options in force ---- */
#include <stdarg.h>

/* A rules line from its format, already in the front-end's language. */
static void rule_v(gb_rule_out *out, const char *ruling, const char *option, const char *fmt,
                   va_list ap)
{
    if (out->count < out->max) {
        gb_rule_line *l = &out->line[out->count];
        int k = vsnprintf(l->text, sizeof l->text, fmt, ap);
        if (k >= (int)sizeof l->text)
            gb_utf8_trim(l->text);
        l->ruling = ruling;
        l->option = option;
    }
    out->count++;
}

void gb_rule(gb_rule_out *out, const char *ruling, const char *option, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rule_v(out, ruling, option, gb_tr_format(fmt), ap);
    va_end(ap);
}

void gb_rulen(gb_rule_out *out, const char *ruling, const char *option, unsigned long n,
              const char *singular, const char *plural, ...)
{
    va_list ap;
    va_start(ap, plural);
    rule_v(out, ruling, option, gb_trn_format(singular, plural, n), ap);
    va_end(ap);
}

void gb_rules_shared(gb_rule_out *out, const gb_options *o, const char *unit, bool passes,
                     const char *plies)
{
    /* the unit's word in the front-end's language: "round" or "game" */
    unit = strcmp(unit, "round") == 0 ? GB_N_("round") : GB_N_("game");
    if (o->v[GB_OPT_SKIP_ORIGIN])
        gb_rule(out, "C5", "skip-origin",
                "A lap of sowing that goes all the way round skips the hole it was lifted from.");
    else
        gb_rule(out, "C5", "skip-origin",
                "A lap of sowing that goes all the way round drops a stone into the hole it was "
                "lifted from too.");
    if (o->v[GB_OPT_ENDLESS])
        gb_rule(out, "T1", "endless",
                "A sowing that would never end (10,000 laps) may be played, but it ends the %s at "
                "once, scored as after a repetition on the board as it was before that move.",
                gb_tr(unit));
    else if (passes)
        gb_rule(out, "T1 T4", "endless",
                "A sowing that would never end (10,000 laps) may not be played; a player left with "
                "only such sowings passes.");
    else
        gb_rule(out, "T1 T4", "endless",
                "A sowing that would never end (10,000 laps) may not be played; a player left with "
                "only such sowings has no move.");
    gb_rulen(out, "T3 T5", "max-plies", (unsigned long)o->v[GB_OPT_MAX_PLIES],
             "A %s still going after %d ply (%s) ends there, scored as after a repetition.",
             "A %s still going after %d plies (%s) ends there, scored as after a repetition.",
             gb_tr(unit), o->v[GB_OPT_MAX_PLIES], gb_tr(plies));
}

/* Every line of r for o: the game's own words, or its text's rules with no rulings. */
static int rules_lines(const gb_rules *r, const gb_options *o, gb_rule_line *out, int max)
{
    gb_rule_out w = {out, out ? (max > 0 ? max : 0) : 0, 0};
    if (r->words && r->words->rules) {
        r->words->rules(o, &w);
        return w.count;
    }
    for (int i = 0; r->text && r->text->rules[i]; i++)
        gb_rule(&w, NULL, NULL, "%s", r->text->rules[i]);
    return w.count;
}

int gb_rules_lines(const gb_game *g, gb_rule_line *out, int max)
{
    return rules_lines(gb_game_rules(g), gb_game_options(g), out, max);
}

int gb_variant_rules_lines(const char *name, const char *options, gb_rule_line *out, int max,
                           gb_error *err)
{
    const gb_rules *r = name ? gb_rules_find(name) : NULL;
    if (!r)
        return gb_fail(err, GB_EINVAL, "unknown variant '%s'", name ? name : "(null)");
    gb_options o;
    int rc = gb_options_parse(r, options, &o, err);
    if (rc)
        return rc;
    return rules_lines(r, &o, out, max);
}

/* ---- the end in words: result lines, rounds, matches ---- */

static void text_vadd(gb_text *t, const char *fmt, va_list ap)
{
    size_t room = t->used < t->len ? t->len - t->used : 0;
    int k = vsnprintf(room ? t->buf + t->used : NULL, room, fmt, ap);
    if (k > 0)
        t->used += (size_t)k;
}

void gb_text_add(gb_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_vadd(t, gb_tr_format(fmt), ap);
    va_end(ap);
}

void gb_text_addn(gb_text *t, unsigned long n, const char *singular, const char *plural, ...)
{
    va_list ap;
    va_start(ap, plural);
    text_vadd(t, gb_trn_format(singular, plural, n), ap);
    va_end(ap);
}

void gb_text_plain(gb_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_vadd(t, fmt, ap);
    va_end(ap);
}

const char *gb_side_word(int side) { return gb_tr(side == GB_NORTH ? "North" : "South"); }

/* A word or punctuation mark of the front-end's language: `key` is "name:mark" in English, and
 * its translation "name:theirs" (the name kept, so that a catalog's mistake shows as English). */
static const char *punctuation(const char *key)
{
    const char *t = gb_tr(key), *colon = strchr(key, ':');
    const size_t n = (size_t)(colon - key) + 1;
    return t != key && strncmp(t, key, n) == 0 && t[n] && strlen(t + n) <= 64 ? t + n : colon + 1;
}

const char *gb_full_stop(void)
{
    /* TRANSLATORS: after the colon, the full stop that ends a sentence in your language ("።"
     * in Amharic and Tigrinya); the library puts it where it joins sentences of its own */
    return punctuation(GB_N_("full-stop:."));
}

const char *gb_phase_word(const gb_game *g)
{
    const gb_rules *r = gb_game_rules(g);
    const int ph = gb_game_pos(g)->phase;
    const char *key = r->words && ph >= 0 && ph < 4 ? r->words->phase_word[ph] : NULL;
    return key && strchr(key, ':') ? punctuation(key) : gb_phase(g);
}

const char *gb_clause_colon(void)
{
    /* TRANSLATORS: after the first colon, the colon and space that introduce an explanation in
     * your language ("፦ " in Amharic and Tigrinya): "North wins 30–18: ..." */
    return punctuation(GB_N_("colon:: "));
}

const char *gb_list_comma(void)
{
    /* TRANSLATORS: after the colon, the comma and space between the items of a list in your
     * language ("፣ " in Amharic and Tigrinya, "، " in Arabic) */
    return punctuation(GB_N_("list-comma:, "));
}

void gb_text_t_reason(gb_text *t, const gb_options *o, int reason)
{
    switch (reason) {
    case GB_END_REPETITION:
        gb_text_add(t, "a position repeated (T2)");
        break;
    case GB_END_CAP:
        gb_text_add(t, "the %d-ply limit was reached (T3)", o->v[GB_OPT_MAX_PLIES]);
        break;
    case GB_END_ENDLESS:
        gb_text_add(t, "a sowing that never ends was played (T1)");
        break;
    default:
        gb_text_add(t, "by the rules");
        break;
    }
}

/* Start a caller's buffer; the result, snprintf's: the length of the whole text. */
static gb_text text_begin(char *buf, size_t len)
{
    gb_text t = {buf, buf ? len : 0, 0};
    if (t.len)
        buf[0] = 0;
    return t;
}
static int text_end(const gb_text *t) { return t->used > 0x7fffffff ? 0x7fffffff : (int)t->used; }

/* "North wins 62–34" or "A draw, 48–48": the winner's score first. */
static void result_head(gb_text *t, int winner, const int s[2])
{
    if (winner == GB_DRAW)
        gb_text_add(t, "A draw, %d–%d", s[0], s[1]);
    else
        gb_text_add(t, "%s wins %d–%d", gb_side_word(winner), s[winner], s[!winner]);
}

int gb_result_line(const gb_game *g, char *buf, size_t len)
{
    if (!gb_is_over(g))
        return GB_EINVAL;
    const gb_rules *r = gb_game_rules(g);
    const gb_pos *p = gb_game_pos(g);
    int s[2];
    r->scores(gb_game_options(g), p, s);
    gb_text t = text_begin(buf, len);
    result_head(&t, p->winner, s);
    gb_text_add(&t, "%s", gb_clause_colon());
    if (r->words && r->words->result)
        r->words->result(gb_game_options(g), p, s, &t);
    else
        gb_text_t_reason(&t, gb_game_options(g), p->end_reason);
    return text_end(&t);
}

/* The game's record of a round that ended here, or NULL (no such round, or the game plays no
 * match with these options). */
static const gb_round_end *match_round(const gb_game *g, int round)
{
    const gb_rules *r = gb_game_rules(g);
    if (!r->words || !r->words->round_facts || !r->words->round)
        return NULL;
    for (int i = gb_game_round_count(g) - 1; i >= 0; i--) {
        const gb_round_end *e = gb_game_round_at(g, i);
        int w, made[2];
        if (e->end.round == round)
            return r->words->round_facts(gb_game_options(g), e, &w, made) == GB_OK ? e : NULL;
    }
    return NULL;
}

int gb_last_round_ended(const gb_game *g)
{
    int n = gb_game_round_count(g);
    const gb_round_end *e = gb_game_round_at(g, n - 1);
    if (!e || (!gb_is_over(g) && e->move != gb_history_length(g) - 1))
        return 0;
    return match_round(g, e->end.round) ? e->end.round : 0;
}

static int round_text(const gb_game *g, int round, int what, char *buf, size_t len)
{
    const gb_round_end *e = match_round(g, round);
    if (!e)
        return GB_EINVAL;
    gb_text t = text_begin(buf, len);
    gb_game_rules(g)->words->round(gb_game_options(g), e, what, &t);
    return text_end(&t);
}
int gb_round_summary(const gb_game *g, int round, char *buf, size_t len)
{
    return round_text(g, round, GB_RT_SUMMARY, buf, len);
}
int gb_round_standing(const gb_game *g, int round, char *buf, size_t len)
{
    return round_text(g, round, GB_RT_STANDING, buf, len);
}

bool gb_plays_match(const gb_rules *r, const gb_options *o, const gb_pos *p)
{
    const gb_words *w = r->words;
    if (!w || !w->round_facts || !w->round)
        return false;
    gb_round_end probe = {.end = *p, .next = *p, .reason = p->end_reason, .move = -1};
    int winner, made[2];
    return w->round_facts(o, &probe, &winner, made) == GB_OK; /* GB_EINVAL: no match with these options */
}

int gb_match_summary(const gb_game *g, char *buf, size_t len)
{
    const gb_rules *r = gb_game_rules(g);
    const gb_words *w = r->words;
    const gb_options *o = gb_game_options(g);
    const gb_pos *p = gb_game_pos(g);
    if (!gb_is_over(g) || !gb_plays_match(r, o, p))
        return GB_EINVAL;
    int winner, made[2];
    int won[3] = {0, 0, 0}, total[2] = {0, 0}, known = 0, first = 0;
    for (int i = 0; i < gb_game_round_count(g); i++) {
        const gb_round_end *e = gb_game_round_at(g, i);
        if (w->round_facts(o, e, &winner, made) != GB_OK)
            continue;
        if (!known++)
            first = e->end.round;
        won[winner]++;
        total[0] += made[0];
        total[1] += made[1];
    }
    gb_text t = text_begin(buf, len);
    /* one text in the forms of the reader's language, not an "s" added (gb_trn_format) */
    gb_text_addn(&t, (unsigned long)p->round, "%d round", "%d rounds", p->round);
    if (known)
        gb_text_add(&t, ": South won %d, North %d, %d even; %s in all: South %d, North %d", won[0],
                    won[1], won[2], gb_tr(w->made), total[0], total[1]);
    if (known && first > 1 && first == p->round)
        gb_text_add(&t, " (round %d alone; the earlier ones were played before this game's start)",
                    first);
    else if (known && first > 1)
        gb_text_add(&t, " (rounds %d–%d; the earlier ones were played before this game's start)",
                    first, p->round);
    else if (!known)
        gb_text_add(&t, " (played before this game's start)");
    gb_text_add(&t, "%s", gb_full_stop());
    for (int i = 0; i < gb_game_round_count(g); i++) {
        const gb_round_end *e = gb_game_round_at(g, i);
        if (w->round_facts(o, e, &winner, made) != GB_OK)
            continue;
        gb_text_add(&t, "\n");
        w->round(o, e, GB_RT_LINE, &t);
    }
    gb_text_add(&t, "\n");
    char line[512];
    int k = gb_result_line(g, line, sizeof line);
    gb_text_add(&t, "%s%s", k >= 0 ? line : "", gb_full_stop());
    return text_end(&t);
}
