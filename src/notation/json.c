/* json.c — a state as JSON (field names fixed by the foundation issue), written by a small
 * writer of its own: the library depends on no JSON library (so that it builds as it is for
 * WebAssembly, and an installed user links nothing but libm). The output is compact (no spaces),
 * keys in the order written, strings escaped as RFC 8259 asks: '"' and '\\' and every control
 * character below 0x20 (\b \f \n \r \t by name, the rest as \u00XX), every other byte passed
 * through; a byte that is not part of valid UTF-8 becomes U+FFFD, so the text is always valid
 * JSON. This is byte for byte what jansson's json_dumps(JSON_COMPACT | JSON_PRESERVE_ORDER)
 * wrote before (tests/test_json.c compares the two on random games of every game). */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct jbuf {
    char *s;
    size_t len, cap;
    bool failed; /* out of memory: everything after is dropped, the result is NULL */
} jbuf;

static void put(jbuf *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (b->len + n + 1 > cap)
            cap *= 2;
        char *t = realloc(b->s, cap);
        if (!t) {
            b->failed = true;
            return;
        }
        b->s = t;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

static void put_c(jbuf *b, char c) { put(b, &c, 1); }

static void put_int(jbuf *b, long long v)
{
    char t[24];
    int n = snprintf(t, sizeof t, "%lld", v);
    put(b, t, (size_t)n);
}

/* The length of the valid UTF-8 sequence at s (1-4), or 0 if the bytes there are not one
 * (overlong forms, surrogates and code points past U+10FFFF are not, as RFC 3629 says). */
static int utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    int n;
    unsigned min;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4, min = 0x10000;
    else
        return 0;
    unsigned cp = c & (0x3Fu >> (n - 1));
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

static void put_str(jbuf *b, const char *str)
{
    if (!str) { /* a name the library does not have (never for its own codes) */
        put(b, "null", 4);
        return;
    }
    const unsigned char *s = (const unsigned char *)str;
    put_c(b, '"');
    while (*s) {
        unsigned c = *s;
        const char *esc = NULL;
        char u[8];
        switch (c) {
        case '"': esc = "\\\""; break;
        case '\\': esc = "\\\\"; break;
        case '\b': esc = "\\b"; break;
        case '\f': esc = "\\f"; break;
        case '\n': esc = "\\n"; break;
        case '\r': esc = "\\r"; break;
        case '\t': esc = "\\t"; break;
        default:
            if (c < 0x20) {
                snprintf(u, sizeof u, "\\u%04X", c);
                esc = u;
            }
        }
        if (esc) {
            put(b, esc, strlen(esc));
            s++;
            continue;
        }
        int n = utf8_len(s);
        if (n == 0) {
            put(b, "\xEF\xBF\xBD", 3); /* U+FFFD for a byte that begins no valid sequence */
            s++;
        } else {
            put(b, (const char *)s, (size_t)n);
            s += n;
        }
    }
    put_c(b, '"');
}

char *gb_json_quote(const char *s)
{
    jbuf b = {0};
    put_str(&b, s);
    if (b.failed) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

/* An object's members are written as they come: key() writes the separator and the key. */
static void key(jbuf *b, bool *first, const char *k)
{
    if (!*first)
        put_c(b, ',');
    *first = false;
    put_str(b, k);
    put_c(b, ':');
}

/* A mark as the state JSON writes it: the game's word, with the holder for a held hole
 * ("ekwarna:S", "bulto:N", "mine"). */
static void put_mark(jbuf *b, const gb_rules *r, int mk)
{
    if (mk == GB_MARK_NONE) {
        put(b, "null", 4);
        return;
    }
    const char *w = gb_rules_mark_name(r, mk);
    if (mk == GB_MARK_HELD_S || mk == GB_MARK_HELD_N) {
        char t[64];
        snprintf(t, sizeof t, "%s:%c", w, mk == GB_MARK_HELD_S ? 'S' : 'N');
        put_str(b, t);
    } else {
        put_str(b, w);
    }
}

static void put_sides(jbuf *b, int s, int n)
{
    put(b, "{\"S\":", 5);
    put_int(b, s);
    put(b, ",\"N\":", 5);
    put_int(b, n);
    put_c(b, '}');
}

static void put_side_or_null(jbuf *b, bool null, int side)
{
    if (null)
        put(b, "null", 4);
    else
        put_str(b, side ? "N" : "S");
}

/* The core fields: a game's field of one of these names is not written (as before, a game never
 * overwrites a core field). */
static const char *const core_keys[] = {"variant", "options", "holes", "owner", "mark", "stores",
                                        "to_move", "phase", "ply", "round", "over", "result",
                                        "end_reason", NULL};

static bool key_taken(const char *k, const char *const *seen, int nseen)
{
    for (int i = 0; core_keys[i]; i++)
        if (strcmp(core_keys[i], k) == 0)
            return true;
    for (int i = 0; i < nseen; i++)
        if (strcmp(seen[i], k) == 0)
            return true;
    return false;
}

/* The end in words (words.c; docs/api.md): result_line when over; last_round when the last
 * move ended a round of a match (its last round, once the match is over); match_summary when a
 * match is over. Written after the core fields, as the game's own fields are. */
static void put_words(jbuf *b, bool *first, const gb_game *g)
{
    char buf[4096], standing[512];
    if (gb_result_line(g, buf, sizeof buf) >= 0) {
        key(b, first, "result_line");
        put_str(b, buf);
    }
    int round = gb_last_round_ended(g);
    if (round > 0 && gb_round_summary(g, round, buf, sizeof buf) >= 0 &&
        gb_round_standing(g, round, standing, sizeof standing) >= 0) {
        key(b, first, "last_round");
        put(b, "{\"round\":", 9);
        put_int(b, round);
        put(b, ",\"text\":", 8);
        put_str(b, buf);
        put(b, ",\"standing\":", 12);
        put_str(b, standing);
        put_c(b, '}');
    }
    int k = gb_match_summary(g, NULL, 0); /* a line a round: as long as the match */
    char *all = k >= 0 ? malloc((size_t)k + 1) : NULL;
    if (all && gb_match_summary(g, all, (size_t)k + 1) >= 0) {
        key(b, first, "match_summary");
        put_str(b, all);
    }
    free(all);
}

char *gb_state_json(const gb_game *g)
{
    const gb_rules *r = gb_game_rules(g);
    const gb_pos *p = gb_game_pos(g);
    int ring = 2 * r->n;
    jbuf b = {0};
    bool first = true;
    char opts[256];
    gb_options_format(r, gb_game_options(g), opts, sizeof opts);
    bool over = (p->flags & GB_F_OVER) != 0;

    put_c(&b, '{');
    key(&b, &first, "variant");
    put_str(&b, r->name);
    key(&b, &first, "options");
    put_str(&b, opts);
    key(&b, &first, "holes");
    for (int i = 0; i < ring; i++) {
        put_c(&b, i ? ',' : '[');
        put_int(&b, p->holes[i]);
    }
    put_c(&b, ']');
    key(&b, &first, "owner");
    for (int i = 0; i < ring; i++) {
        put_c(&b, i ? ',' : '[');
        put_str(&b, gb_pos_owner(p, i) ? "N" : "S");
    }
    put_c(&b, ']');
    key(&b, &first, "mark");
    for (int i = 0; i < ring; i++) {
        put_c(&b, i ? ',' : '[');
        put_mark(&b, r, gb_pos_mark(p, i));
    }
    put_c(&b, ']');
    key(&b, &first, "stores");
    put_sides(&b, p->store[0], p->store[1]);
    key(&b, &first, "to_move");
    put_side_or_null(&b, over, p->to_move);
    key(&b, &first, "phase");
    put_str(&b, r->phases[p->phase]);
    key(&b, &first, "ply");
    put_int(&b, p->ply);
    key(&b, &first, "round");
    put_int(&b, p->round);

    enum { MAX_FIELDS = 32 };
    const char *seen[MAX_FIELDS];
    int nseen = 0;
    gb_state_field f;
    for (int i = 0; gb_game_field(g, i, &f) == GB_OK; i++) {
        if (key_taken(f.key, seen, nseen))
            continue;
        if (nseen < MAX_FIELDS)
            seen[nseen++] = f.key;
        key(&b, &first, f.key);
        if (f.per_side)
            put_sides(&b, f.side[0], f.side[1]);
        else if (f.text)
            put_str(&b, f.text);
        else
            put_int(&b, f.side[0]);
    }

    key(&b, &first, "over");
    put(&b, over ? "true" : "false", over ? 4 : 5);
    key(&b, &first, "result");
    if (over) {
        int s[2];
        r->scores(gb_game_options(g), p, s);
        put(&b, "{\"winner\":", 10);
        put_side_or_null(&b, p->winner == GB_DRAW, p->winner);
        put(&b, ",\"scores\":", 10);
        put_sides(&b, s[0], s[1]);
        put_c(&b, '}');
    } else {
        put(&b, "null", 4);
    }
    key(&b, &first, "end_reason");
    if (over)
        put_str(&b, gb_end_reason_name(p->end_reason));
    else
        put(&b, "null", 4);
    put_words(&b, &first, g);
    put_c(&b, '}');
    if (b.failed) {
        free(b.s);
        return NULL;
    }
    return b.s;
}
