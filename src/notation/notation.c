/* notation.c — move text, position strings and game records (docs/notation.md). */
#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

/* ---- moves ---- */
static int move_format(int n, const gb_move *m, char *buf, size_t len)
{
    char lab[2];
    int w;
    /* a move filled by hand: a hole off the board wrote a control character as its label */
    if (((m->kind == GB_MOVE_SOW || m->kind == GB_MOVE_FEED) && m->hole >= 2 * n) || m->chance > 2)
        return GB_EINVAL;
    switch (m->kind) {
    case GB_MOVE_SOW:
        gb_label_format(n, m->hole, lab);
        w = m->refusals ? snprintf(buf, len, "%s~%u", lab, (unsigned)m->refusals)
                        : snprintf(buf, len, "%s", lab);
        break;
    case GB_MOVE_PASS: w = snprintf(buf, len, "pass"); break;
    case GB_MOVE_KEEP: w = snprintf(buf, len, "keep"); break;
    case GB_MOVE_TURN: w = snprintf(buf, len, "turn"); break;
    case GB_MOVE_FEED:
        gb_label_format(n, m->hole, lab);
        w = snprintf(buf, len, "feed:%s", lab);
        break;
    case GB_MOVE_LAYOUT: {
        w = snprintf(buf, len, "layout:");
        for (int i = 0; i < 2 * n && i < 12 && w >= 0; i++)
            w += snprintf(buf + ((size_t)w < len ? (size_t)w : len), (size_t)w < len ? len - (size_t)w : 0,
                          "%s%u", i ? "," : "", (unsigned)m->layout[i]);
        break;
    }
    default: return GB_EINVAL;
    }
    if (w >= 0 && m->chance)
        w += snprintf(buf + ((size_t)w < len ? (size_t)w : len), (size_t)w < len ? len - (size_t)w : 0,
                      "@%c", m->chance == 1 ? 'S' : 'N');
    return w;
}

int gb_move_format(const gb_game *g, const gb_move *m, char *buf, size_t len)
{
    if (!m || (!buf && len))
        return GB_EINVAL;
    return move_format(gb_game_rules(g)->n, m, buf, len);
}

static int move_parse(int n, const char *text, size_t tlen, gb_move *m, gb_error *err)
{
    memset(m, 0, sizeof *m);
    char t[GB_MOVE_TEXT_MAX];
    if (tlen == 0)
        return gb_fail(err, GB_EINVAL, "empty move");
    if (tlen >= sizeof t)
        return gb_fail(err, GB_EINVAL, "move text too long");
    memcpy(t, text, tlen);
    t[tlen] = 0;
    /* a chance outcome suffix: @S or @N (Qelat's lots, RULINGS Q7) */
    char *at = strchr(t, '@');
    if (at) {
        if (strcmp(at, "@S") == 0)
            m->chance = 1;
        else if (strcmp(at, "@N") == 0)
            m->chance = 2;
        else
            return gb_fail(err, GB_EINVAL, "bad chance outcome '%s' in move '%s' (use @S or @N)", at, t);
        *at = 0;
    }
    char *p = t;
    int hole;
    if (strcmp(p, "pass") == 0) {
        m->kind = GB_MOVE_PASS;
    } else if (strcmp(p, "keep") == 0) {
        m->kind = GB_MOVE_KEEP;
    } else if (strcmp(p, "turn") == 0) {
        m->kind = GB_MOVE_TURN;
    } else if (strncmp(p, "feed:", 5) == 0) {
        if (gb_label_parse(n, p + 5, &hole) != 1 || p[6] != 0)
            return gb_fail(err, GB_EINVAL, "bad hole in '%s' (feed:LABEL)", t);
        m->kind = GB_MOVE_FEED;
        m->hole = (uint8_t)hole;
    } else if (strncmp(p, "layout:", 7) == 0) {
        if (2 * n != 12)
            return gb_fail(err, GB_EINVAL, "layouts are for 2x6 boards");
        char *q = p + 7;
        for (int i = 0; i < 12; i++) {
            if (!isdigit((unsigned char)*q))
                return gb_fail(err, GB_EINVAL, "layout needs 12 whole numbers separated by commas");
            long v = 0;
            while (isdigit((unsigned char)*q) && v <= 255)
                v = v * 10 + (*q++ - '0');
            if (v > 255)
                return gb_fail(err, GB_EINVAL, "layout count too large in '%s'", t);
            m->layout[i] = (uint8_t)v;
            if (i < 11 && *q++ != ',')
                return gb_fail(err, GB_EINVAL, "layout needs 12 whole numbers separated by commas");
        }
        if (*q)
            return gb_fail(err, GB_EINVAL, "layout needs exactly 12 numbers");
        m->kind = GB_MOVE_LAYOUT;
    } else if (gb_label_parse(n, p, &hole) == 1) {
        m->kind = GB_MOVE_SOW;
        m->hole = (uint8_t)hole;
        if (p[1] == '~') {
            char *end;
            errno = 0;
            long r = strtol(p + 2, &end, 10);
            if (!isdigit((unsigned char)p[2]) || *end || errno || r < 1 || r > 65535)
                return gb_fail(err, GB_EINVAL, "bad refusal count in '%s' (LABEL~N, N from 1)", t);
            m->refusals = (uint16_t)r;
        } else if (p[1]) {
            return gb_fail(err, GB_EINVAL, "unknown move '%s'", t);
        }
    } else {
        char last[2];
        gb_label_format(n, 2 * n - 1, last);
        return gb_fail(err, GB_EINVAL, "unknown move '%s' (holes are A-%c and a-%c)", t,
                       'A' + n - 1, last[0]);
    }
    return GB_OK;
}

int gb_move_legal_text(const gb_game *g, const char *text, gb_move *out, gb_error *err)
{
    if (gb_is_over(g))
        return gb_fail(err, GB_EOVER, "the game is over");
    gb_move m;
    int rc = gb_move_parse(g, text, &m, err);
    if (rc)
        return rc;
    if (out)
        *out = m;
    return gb_move_check(g, &m, err);
}

int gb_play_text(gb_game *g, const char *text, gb_error *err)
{
    gb_move m;
    int rc = gb_move_parse(g, text, &m, err);
    return rc ? rc : gb_play(g, &m, err);
}

int gb_move_parse(const gb_game *g, const char *text, gb_move *m, gb_error *err)
{
    if (!text || !m)
        return text ? gb_fail(err, GB_EINVAL, "argument %s is NULL", "m") : gb_fail(err, GB_EINVAL, "no move given");
    size_t len = strlen(text);
    while (len && isspace((unsigned char)text[len - 1]))
        len--;
    while (len && isspace((unsigned char)*text)) {
        text++;
        len--;
    }
    return move_parse(gb_game_rules(g)->n, text, len, m, err);
}

/* ---- position strings ---- */
typedef struct sbuf {
    char *s;
    size_t len, cap;
    bool bad;
} sbuf;

static void sb_add(sbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
#include <stdarg.h>
static void sb_add(sbuf *b, const char *fmt, ...)
{
    if (b->bad)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int w = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if (w < 0) {
            b->bad = true;
            return;
        }
        if ((size_t)w < b->cap - b->len) {
            b->len += (size_t)w;
            return;
        }
        size_t cap = (b->cap + (size_t)w + 1) * 2;
        char *ns = realloc(b->s, cap);
        if (!ns) {
            b->bad = true;
            return;
        }
        b->s = ns;
        b->cap = cap;
    }
}

static void sb_init(sbuf *b)
{
    b->cap = 256;
    b->len = 0;
    b->bad = false;
    b->s = malloc(b->cap);
    if (!b->s)
        b->bad = true;
    else
        b->s[0] = 0;
}

static char *sb_done(sbuf *b)
{
    if (b->bad) {
        free(b->s);
        return NULL;
    }
    return b->s;
}

static uint32_t default_own(int n) { return ((1u << (2 * n)) - 1) & ~((1u << n) - 1); }

char *gb_pos_format(const gb_rules *r, const gb_options *o, const gb_pos *p)
{
    sbuf b;
    sb_init(&b);
    char opts[256];
    gb_options_format(r, o, opts, sizeof opts);
    sb_add(&b, "%s%s%s board=", r->name, opts[0] ? ":" : "", opts);
    int n = r->n;
    for (int i = 0; i < 2 * n; i++) {
        uint32_t bit = 1u << i;
        sb_add(&b, "%s%u%s", i == 0 ? "" : i == n ? "/" : ",", (unsigned)p->holes[i],
               (p->mine & bit) ? "*" : (p->mark_s & bit) ? "S" : (p->mark_n & bit) ? "N" : "");
    }
    sb_add(&b, " stores=%u,%u turn=%c phase=%s ply=%lu", (unsigned)p->store[0],
           (unsigned)p->store[1], "SN"[p->to_move & 1], r->phases[p->phase], (unsigned long)p->ply);
    if (p->own_n != default_own(n)) {
        sb_add(&b, " own=");
        for (int i = 0; i < 2 * n; i++)
            sb_add(&b, "%c", gb_pos_owner(p, i) ? 'N' : 'S');
    }
    if (p->round != 1)
        sb_add(&b, " round=%u", (unsigned)p->round);
    if (p->aux)
        sb_add(&b, " aux=%u", (unsigned)p->aux);
    if (p->match[0] || p->match[1])
        sb_add(&b, " match=%d,%d", p->match[0], p->match[1]);
    uint32_t spare = 0; /* a game's own data past its ring (internal.h): Qelat's round starts, Q11 */
    if (2 * n <= GB_SPARE_AT)
        memcpy(&spare, p->holes + GB_SPARE_AT, sizeof spare);
    if (spare)
        sb_add(&b, " starts=0x%lx", (unsigned long)spare);
    if (p->flags & GB_F_LAST_N)
        sb_add(&b, " last=N");
    if (p->flags & GB_F_OVER)
        sb_add(&b, " over=%s", gb_end_reason_name(p->end_reason));
    return sb_done(&b);
}

char *gb_position_format(const gb_game *g)
{
    return gb_pos_format(gb_game_rules(g), gb_game_options(g), gb_game_pos(g));
}

static bool parse_uint(const char **s, long max, long *out)
{
    const char *q = *s;
    if (!isdigit((unsigned char)*q))
        return false;
    long v = 0;
    while (isdigit((unsigned char)*q)) {
        v = v * 10 + (*q++ - '0');
        if (v > max)
            return false;
    }
    *s = q;
    *out = v;
    return true;
}

static bool parse_int(const char **s, long min, long max, long *out)
{
    bool neg = **s == '-';
    if (neg)
        (*s)++;
    long v;
    if (!parse_uint(s, max > -min ? max : -min, &v))
        return false;
    v = neg ? -v : v;
    if (v < min || v > max)
        return false;
    *out = v;
    return true;
}

int gb_game_from_position(gb_game **out, const char *text, uint64_t seed, gb_error *err)
{
    *out = NULL;
    if (!text)
        return gb_fail(err, GB_EINVAL, "empty position");
    size_t tl = strlen(text);
    if (tl > 4000)
        return gb_fail(err, GB_EINVAL, "position string too long");
    char *buf = malloc(tl + 1);
    if (!buf)
        return gb_fail(err, GB_ENOMEM, "out of memory");
    memcpy(buf, text, tl + 1);
    int rc = GB_OK;
    const gb_rules *r = NULL;
    gb_options o;
    gb_pos p;
    memset(&p, 0, sizeof p);
    bool have_board = false, have_turn = false, have_phase = false, over = false;
    int over_reason = 0;

    char *save = NULL;
    char *tok = strtok_r(buf, " \t\r\n", &save);
    if (!tok) {
        rc = gb_fail(err, GB_EINVAL, "empty position");
        goto done;
    }
    { /* variant[:options] */
        char *colon = strchr(tok, ':');
        if (colon)
            *colon = 0;
        r = gb_rules_find(tok);
        if (!r) {
            rc = gb_fail(err, GB_EINVAL, "position: unknown game '%.40s'", tok);
            goto done;
        }
        if ((rc = gb_options_parse(r, colon ? colon + 1 : NULL, &o, err)) != GB_OK)
            goto done;
    }
    const int n = r->n, ring = 2 * n;
    p.own_n = default_own(n);
    p.round = 1;
    const char *seen[32]; /* the fields so far: each known one once (an unknown one is refused) */
    int nseen = 0;
    while ((tok = strtok_r(NULL, " \t\r\n", &save)) != NULL) {
        char *eq = strchr(tok, '=');
        if (!eq) {
            rc = gb_fail(err, GB_EINVAL, "position: '%.40s' is not key=value", tok);
            goto done;
        }
        *eq = 0;
        const char *key = tok, *v = eq + 1;
        /* a field twice is refused, as an option twice is: the last one won silently */
        for (int i = 0; i < nseen; i++)
            if (strcmp(seen[i], key) == 0) {
                rc = gb_fail(err, GB_EINVAL, "position: %s given twice", key);
                goto done;
            }
        if (nseen < (int)(sizeof seen / sizeof seen[0]))
            seen[nseen++] = key;
        long x, y;
        if (strcmp(key, "board") == 0) {
            for (int i = 0; i < ring; i++) {
                if (i == n && *v++ != '/') {
                    rc = gb_failn(err, GB_EINVAL, (unsigned long)n, "position: board needs %d hole, then '/', then %d",
                                  "position: board needs %d holes, then '/', then %d", n, n);
                    goto done;
                }
                if (i != 0 && i != n && *v++ != ',') {
                    rc = gb_failn(err, GB_EINVAL, (unsigned long)n, "position: board needs %d hole a row, separated by ','",
                                  "position: board needs %d holes a row, separated by ','", n);
                    goto done;
                }
                if (!parse_uint(&v, 255, &x)) {
                    rc = gb_fail(err, GB_EINVAL, "position: bad count for hole %d of the board (a number 0-255)", i);
                    goto done;
                }
                p.holes[i] = (uint8_t)x;
                if (*v == '*')
                    p.mine |= 1u << i, v++;
                else if (*v == 'S')
                    p.mark_s |= 1u << i, v++;
                else if (*v == 'N')
                    p.mark_n |= 1u << i, v++;
            }
            if (*v) {
                rc = gb_failn(err, GB_EINVAL, (unsigned long)ring, "position: board has more than %d hole or a bad mark",
                              "position: board has more than %d holes or a bad mark", ring);
                goto done;
            }
            have_board = true;
        } else if (strcmp(key, "stores") == 0) {
            if (!parse_uint(&v, 255, &x) || *v++ != ',' || !parse_uint(&v, 255, &y) || *v) {
                rc = gb_fail(err, GB_EINVAL, "position: stores=S,N with numbers 0-255");
                goto done;
            }
            p.store[0] = (uint8_t)x;
            p.store[1] = (uint8_t)y;
        } else if (strcmp(key, "turn") == 0) {
            if (strcmp(v, "S") && strcmp(v, "N")) {
                rc = gb_fail(err, GB_EINVAL, "position: turn=S or turn=N");
                goto done;
            }
            p.to_move = *v == 'N';
            have_turn = true;
        } else if (strcmp(key, "phase") == 0) {
            int k;
            for (k = 0; r->phases[k]; k++)
                if (strcmp(r->phases[k], v) == 0)
                    break;
            if (!r->phases[k]) {
                rc = gb_fail(err, GB_EINVAL, "position: unknown phase '%.40s' for %s", v, r->name);
                goto done;
            }
            p.phase = (uint8_t)k;
            have_phase = true;
        } else if (strcmp(key, "ply") == 0) {
            if (!parse_uint(&v, 1000000, &x) || *v) {
                rc = gb_fail(err, GB_EINVAL, "position: ply must be a number 0-1000000");
                goto done;
            }
            p.ply = (uint32_t)x;
        } else if (strcmp(key, "own") == 0) {
            bool letters = (int)strlen(v) == ring;
            for (int i = 0; letters && i < ring; i++)
                letters = v[i] == 'S' || v[i] == 'N';
            if (!letters) {
                rc = gb_failn(err, GB_EINVAL, (unsigned long)ring, "position: own= needs %d letter S or N",
                              "position: own= needs %d letters S or N", ring);
                goto done;
            }
            p.own_n = 0;
            for (int i = 0; i < ring; i++) {
                if (v[i] == 'N')
                    p.own_n |= 1u << i;
            }
        } else if (strcmp(key, "round") == 0) {
            if (!parse_uint(&v, 65535, &x) || *v || x < 1) {
                rc = gb_fail(err, GB_EINVAL, "position: round must be a number 1-65535");
                goto done;
            }
            p.round = (uint16_t)x;
        } else if (strcmp(key, "aux") == 0) {
            if (!parse_uint(&v, 255, &x) || *v) {
                rc = gb_fail(err, GB_EINVAL, "position: aux must be a number 0-255");
                goto done;
            }
            p.aux = (uint8_t)x;
        } else if (strcmp(key, "match") == 0) {
            if (!parse_int(&v, -30000, 30000, &x) || *v++ != ',' || !parse_int(&v, -30000, 30000, &y) || *v) {
                rc = gb_fail(err, GB_EINVAL, "position: match=A,B with numbers -30000..30000");
                goto done;
            }
            p.match[0] = (int16_t)x;
            p.match[1] = (int16_t)y;
        } else if (strcmp(key, "starts") == 0 && ring <= GB_SPARE_AT) {
            /* the game's own word past its ring (internal.h); its check says what it may hold */
            char *end;
            errno = 0;
            unsigned long m = strtoul(v, &end, 0);
            if (!isdigit((unsigned char)*v) || *end || errno || m > 0xffffffffUL) {
                rc = gb_fail(err, GB_EINVAL, "position: starts= must be a number (0x... for hex)");
                goto done;
            }
            uint32_t m32 = (uint32_t)m;
            memcpy(p.holes + GB_SPARE_AT, &m32, sizeof m32);
        } else if (strcmp(key, "last") == 0) {
            if (strcmp(v, "S") && strcmp(v, "N")) {
                rc = gb_fail(err, GB_EINVAL, "position: last=S or last=N");
                goto done;
            }
            if (*v == 'N')
                p.flags |= GB_F_LAST_N;
        } else if (strcmp(key, "over") == 0) {
            for (over_reason = GB_END_RULE; over_reason <= GB_END_ENDLESS; over_reason++)
                if (strcmp(gb_end_reason_name(over_reason), v) == 0)
                    break;
            if (over_reason > GB_END_ENDLESS) {
                rc = gb_fail(err, GB_EINVAL, "position: over=rule|repetition|cap|endless");
                goto done;
            }
            over = true;
        } else {
            rc = gb_fail(err, GB_EINVAL, "position: unknown field '%.40s'", key);
            goto done;
        }
    }
    if (!have_board || !have_turn) {
        rc = gb_fail(err, GB_EINVAL, "position: board= and turn= are required");
        goto done;
    }
    (void)have_phase;
    if ((p.mark_s & p.mark_n) || ((p.mark_s | p.mark_n) & p.mine)) {
        rc = gb_fail(err, GB_EINVAL, "position: a hole has two marks");
        goto done;
    }
    if (r->check && (rc = r->check(&o, &p, err)) != GB_OK)
        goto done;
    if (over) {
        int s[2];
        p.flags |= GB_F_OVER;
        p.end_reason = (uint8_t)over_reason;
        r->scores(&o, &p, s);
        p.winner = s[0] > s[1] ? GB_SOUTH : s[1] > s[0] ? GB_NORTH : GB_DRAW;
    }
    rc = gb_game_from_pos(out, r, &o, &p, seed, err);
done:
    free(buf);
    return rc;
}

/* ---- records ---- */
static void sb_quoted(sbuf *b, const char *s)
{
    sb_add(b, "\"");
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            sb_add(b, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            sb_add(b, " ");
        else
            sb_add(b, "%c", *s);
    }
    sb_add(b, "\"");
}

static const char *result_word(const gb_game *g)
{
    if (!gb_is_over(g))
        return "*";
    int w = gb_winner(g);
    return w == GB_SOUTH ? "south" : w == GB_NORTH ? "north" : "draw";
}

char *gb_record_format(const gb_game *g, const char *const *tags)
{
    const gb_rules *r = gb_game_rules(g);
    sbuf b;
    sb_init(&b);
    char opts[256];
    gb_options_format(r, gb_game_options(g), opts, sizeof opts);
    sb_add(&b, "[Variant \"%s\"]\n[Options ", r->name);
    sb_quoted(&b, opts);
    sb_add(&b, "]\n[Seed \"%llu\"]\n", (unsigned long long)gb_game_seed(g));
    if (gb_game_custom(g)) {
        char *pos = gb_pos_format(r, gb_game_options(g), gb_game_start(g));
        sb_add(&b, "[Position ");
        sb_quoted(&b, pos ? pos : "");
        sb_add(&b, "]\n");
        free(pos);
    }
    for (int i = 0; tags && tags[i] && tags[i + 1]; i += 2) {
        static const char *const reserved[] = {"Variant", "Options", "Seed", "Position",
                                               "Result", "Termination", "Score", NULL};
        bool skip = false;
        for (int k = 0; reserved[k]; k++)
            skip |= strcmp(reserved[k], tags[i]) == 0;
        bool name_ok = tags[i][0] != 0;
        for (const char *c = tags[i]; *c; c++)
            name_ok &= isalnum((unsigned char)*c) || *c == '_';
        if (skip || !name_ok)
            continue;
        sb_add(&b, "[%s ", tags[i]);
        sb_quoted(&b, tags[i + 1]);
        sb_add(&b, "]\n");
    }
    sb_add(&b, "[Result \"%s\"]\n", result_word(g));
    if (gb_is_over(g)) {
        sb_add(&b, "[Termination \"%s\"]\n[Score \"%d-%d\"]\n", gb_end_reason_name(gb_end_reason(g)),
               gb_score(g, 0), gb_score(g, 1));
    }
    sb_add(&b, "\n");
    int col = 0;
    for (int i = 0; i < gb_history_length(g); i++) {
        char mv[GB_MOVE_TEXT_MAX], num[16] = "";
        move_format(r->n, gb_history_move(g, i), mv, sizeof mv);
        if (i % 2 == 0)
            snprintf(num, sizeof num, "%d. ", i / 2 + 1);
        int w = (int)(strlen(num) + strlen(mv));
        if (col && col + w + 1 > 78) {
            sb_add(&b, "\n");
            col = 0;
        }
        sb_add(&b, "%s%s%s", col ? " " : "", num, mv);
        col += w + (col ? 1 : 0);
    }
    sb_add(&b, "%s%s\n", col ? " " : "", result_word(g));
    return sb_done(&b);
}

/* A small tokenizer over the record text that knows line and column. */
typedef struct rlex {
    const char *s;
    int line, col;
} rlex;

static void lex_adv(rlex *x)
{
    if (*x->s == '\n') {
        x->line++;
        x->col = 1;
    } else {
        x->col++;
    }
    x->s++;
}

static void lex_skip_space(rlex *x)
{
    while (*x->s && isspace((unsigned char)*x->s))
        lex_adv(x);
}

/* Parse one [Name "value"] tag at x (which points at '['). */
static int lex_tag(rlex *x, char *name, size_t nlen, char *val, size_t vlen, gb_error *err)
{
    int line = x->line, col = x->col;
    lex_adv(x);
    size_t k = 0;
    while (isalnum((unsigned char)*x->s) || *x->s == '_') {
        if (k + 1 < nlen)
            name[k++] = *x->s;
        lex_adv(x);
    }
    name[k] = 0;
    if (!k)
        return gb_fail(err, GB_EINVAL, "record line %d column %d: tag name expected after '['", line, col);
    while (*x->s == ' ' || *x->s == '\t')
        lex_adv(x);
    if (*x->s != '"')
        return gb_fail(err, GB_EINVAL, "record line %d column %d: tag %s needs a quoted value", x->line, x->col, name);
    lex_adv(x);
    k = 0;
    while (*x->s && *x->s != '"' && *x->s != '\n') {
        if (*x->s == '\\' && (x->s[1] == '"' || x->s[1] == '\\'))
            lex_adv(x);
        if (k + 1 < vlen)
            val[k++] = *x->s;
        lex_adv(x);
    }
    val[k] = 0;
    if (*x->s != '"')
        return gb_fail(err, GB_EINVAL, "record line %d column %d: unterminated value of tag %s", x->line, x->col, name);
    lex_adv(x);
    while (*x->s == ' ' || *x->s == '\t')
        lex_adv(x);
    if (*x->s != ']')
        return gb_fail(err, GB_EINVAL, "record line %d column %d: ']' expected to close tag %s", x->line, x->col, name);
    lex_adv(x);
    return GB_OK;
}

char *gb_record_tag(const char *text, const char *name)
{
    if (!text || !name)
        return NULL;
    rlex x = {text, 1, 1};
    char tn[64];
    char *val = malloc(4096);
    if (!val)
        return NULL;
    for (;;) {
        lex_skip_space(&x);
        if (*x.s != '[')
            break;
        if (lex_tag(&x, tn, sizeof tn, val, 4096, NULL) != GB_OK)
            break;
        if (strcmp(tn, name) == 0)
            return val;
    }
    free(val);
    return NULL;
}

int gb_record_parse(gb_game **out, const char *text, gb_error *err)
{
    *out = NULL;
    if (!text)
        return gb_fail(err, GB_EINVAL, "empty record");
    rlex x = {text, 1, 1};
    char name[64], val[4096];
    char variant[64] = "", options[512] = "", result[32] = "", term[32] = "";
    char *position = NULL;
    uint64_t seed = 0;
    bool have_variant = false;
    /* where each tag that can be wrong stands, for the error message: [line, column] */
    int at_variant[2] = {0, 0}, at_options[2] = {0, 0}, at_position[2] = {0, 0},
        at_result[2] = {0, 0}, at_term[2] = {0, 0};
    int rc = GB_OK;
    gb_game *g = NULL;
    for (;;) {
        lex_skip_space(&x);
        if (*x.s != '[')
            break;
        int line = x.line, col = x.col;
        if ((rc = lex_tag(&x, name, sizeof name, val, sizeof val, err)) != GB_OK)
            goto fail;
        if (strcmp(name, "Variant") == 0) {
            gb_copy(variant, sizeof variant, val);
            have_variant = true;
            at_variant[0] = line, at_variant[1] = col;
        } else if (strcmp(name, "Options") == 0) {
            gb_copy(options, sizeof options, val);
            at_options[0] = line, at_options[1] = col;
        } else if (strcmp(name, "Seed") == 0) {
            char *end;
            errno = 0;
            unsigned long long s = strtoull(val, &end, 10);
            if (!isdigit((unsigned char)val[0]) || *end || errno) {
                rc = gb_fail(err, GB_EINVAL, "record line %d column %d: Seed must be a whole number", line, col);
                goto fail;
            }
            seed = s;
        } else if (strcmp(name, "Position") == 0) {
            free(position);
            position = strdup(val);
            at_position[0] = line, at_position[1] = col;
            if (!position) {
                rc = gb_fail(err, GB_ENOMEM, "out of memory");
                goto fail;
            }
        } else if (strcmp(name, "Result") == 0) {
            gb_copy(result, sizeof result, val);
            at_result[0] = line, at_result[1] = col;
        } else if (strcmp(name, "Termination") == 0) {
            gb_copy(term, sizeof term, val);
            at_term[0] = line, at_term[1] = col;
        }
    }
    if (!have_variant && !position) {
        rc = gb_fail(err, GB_EINVAL, "record line %d column %d: no [Variant \"...\"] tag", x.line, x.col);
        goto fail;
    }
    const int *at = at_options; /* the tag to blame if the game cannot be made */
    if (position) {
        at = at_position;
        rc = gb_game_from_position(&g, position, seed, err);
        if (rc == GB_OK && have_variant && strcmp(variant, gb_game_variant(g)) != 0) {
            at = at_variant;
            rc = gb_fail(err, GB_EINVAL, "Variant \"%.60s\" does not match the Position's game %s",
                         variant, gb_game_variant(g));
        }
    } else {
        if (!gb_rules_find(variant))
            at = at_variant;
        rc = gb_game_new(&g, variant, options, seed, err);
    }
    if (rc) {
        if (err) {
            char msg[GB_ERR_LEN];
            snprintf(msg, sizeof msg, "record line %d column %d: %.200s", at[0], at[1], err->msg);
            snprintf(err->msg, sizeof err->msg, "%s", msg);
        }
        goto fail;
    }
    /* moves: numbers like "12." and {comments} are decoration; a result word ends the list */
    bool ended = false;
    for (;;) {
        lex_skip_space(&x);
        if (!*x.s)
            break;
        int line = x.line, col = x.col;
        if (*x.s == '{') {
            while (*x.s && *x.s != '}')
                lex_adv(&x);
            if (!*x.s) {
                rc = gb_fail(err, GB_EINVAL, "record line %d column %d: unterminated {comment}", line, col);
                goto fail;
            }
            lex_adv(&x);
            continue;
        }
        const char *start = x.s;
        while (*x.s && !isspace((unsigned char)*x.s) && *x.s != '{')
            lex_adv(&x);
        size_t len = (size_t)(x.s - start);
        if (ended) {
            rc = gb_fail(err, GB_EINVAL, "record line %d column %d: text after the result", line, col);
            goto fail;
        }
        size_t d = 0;
        while (d < len && isdigit((unsigned char)start[d]))
            d++;
        if (d > 0 && d + 1 == len && start[d] == '.')
            continue;
        if ((len == 1 && *start == '*') || (len == 5 && strncmp(start, "south", 5) == 0) ||
            (len == 5 && strncmp(start, "north", 5) == 0) || (len == 4 && strncmp(start, "draw", 4) == 0)) {
            ended = true;
            continue;
        }
        gb_move m;
        gb_error e2 = {0, ""};
        if ((rc = move_parse(gb_game_rules(g)->n, start, len, &m, &e2)) != GB_OK ||
            (rc = gb_play(g, &m, &e2)) != GB_OK) {
            rc = gb_fail(err, rc, "record line %d column %d: move '%.*s': %s", line, col,
                         (int)(len > 40 ? 40 : len), start, e2.msg);
            goto fail;
        }
    }
    if (result[0] && strcmp(result, result_word(g)) != 0) {
        rc = gb_fail(err, GB_EINVAL,
                     "record line %d column %d: the Result tag says \"%s\" but the moves give \"%s\"",
                     at_result[0], at_result[1], result, result_word(g));
        goto fail;
    }
    if (term[0] && gb_is_over(g) && strcmp(term, gb_end_reason_name(gb_end_reason(g))) != 0) {
        rc = gb_fail(err, GB_EINVAL,
                     "record line %d column %d: the Termination tag says \"%s\" but the moves give \"%s\"",
                     at_term[0], at_term[1], term, gb_end_reason_name(gb_end_reason(g)));
        goto fail;
    }
    free(position);
    *out = g;
    return GB_OK;
fail:
    free(position);
    gb_game_free(g);
    return rc;
}
