/* board.c — primitives every game shares: owners and marks, the repetition hash, the T1 lap
 * guard, traces and errors. */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>

/* err's message from its format, already in the front-end's language. */
static int fail_v(gb_error *err, int code, const char *fmt, va_list ap)
{
    if (err) {
        int k = vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        if (k >= (int)sizeof err->msg)
            gb_utf8_trim(err->msg);
        /* one line of UTF-8 text, whatever the input echoed in it held (found by fuzz_move):
         * control characters, a newline above all, become '?', and every byte that is not part
         * of a UTF-8 character (input that is not UTF-8, or a quote cut short by a precision
         * such as '%.40s' in the middle of a letter) is written \xHH, as long as there is room */
        char clean[sizeof err->msg];
        size_t o = 0;
        for (const unsigned char *c = (const unsigned char *)err->msg; *c;) {
            const size_t len = gb_utf8_len(c);
            if (len == 0) {
                if (o + 4 >= sizeof clean)
                    break;
                snprintf(clean + o, sizeof clean - o, "\\x%02x", *c++);
                o += 4;
            } else {
                if (o + len >= sizeof clean)
                    break;
                for (size_t i = 0; i < len; i++, c++)
                    clean[o++] = *c < 0x20 || *c == 0x7f ? '?' : (char)*c;
            }
        }
        clean[o] = 0;
        memcpy(err->msg, clean, o + 1);
        err->code = code;
    }
    return code;
}

int gb_fail(gb_error *err, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fail_v(err, code, err ? gb_tr_format(fmt) : fmt, ap);
    va_end(ap);
    return code;
}

int gb_failn(gb_error *err, int code, unsigned long n, const char *singular, const char *plural, ...)
{
    va_list ap;
    va_start(ap, plural);
    fail_v(err, code, err ? gb_trn_format(singular, plural, n) : plural, ap);
    va_end(ap);
    return code;
}

void gb_copy(char *dst, size_t len, const char *src)
{
    size_t n = strlen(src);
    if (n >= len)
        n = len - 1;
    memcpy(dst, src, n);
    dst[n] = 0;
}


int gb_pos_mark(const gb_pos *p, int i)
{
    uint32_t bit = 1u << i;
    if (p->mine & bit)
        return GB_MARK_DORMANT;
    if (p->mark_s & bit)
        return GB_MARK_HELD_S;
    if (p->mark_n & bit)
        return GB_MARK_HELD_N;
    return GB_MARK_NONE;
}

int gb_pos_board_total(const gb_pos *p, int ring)
{
    int t = 0;
    for (int i = 0; i < ring; i++)
        t += p->holes[i];
    return t;
}

bool gb_pos_sane(const gb_rules *r, const gb_pos *p)
{
    const int ring = gb_ring(r);
    const uint32_t on_board = ring >= 32 ? 0xffffffffu : (1u << ring) - 1;
    if ((p->mark_s & p->mark_n) || ((p->mark_s | p->mark_n | p->mine | p->own_n) & ~on_board))
        return false; /* a hole is held by one player at most; no bit past the ring */
    if ((p->mark_s | p->mark_n) & p->mine)
        return false; /* a dormant hole is held by nobody (B2, B4) */
    for (int i = ring; i < (ring <= GB_SPARE_AT ? GB_SPARE_AT : GB_MAX_HOLES); i++)
        if (p->holes[i]) /* past the ring, but for the spare bytes (internal.h) */
            return false;
    if (p->to_move > 1)
        return false;
    for (int k = 0; k <= p->phase; k++) /* the phase names end with NULL */
        if (!r->phases[k])
            return false;
    /* stones are never made or lost: what the board and stores hold fits the largest game */
    return gb_pos_board_total(p, ring) + p->store[0] + p->store[1] <= 255;
}

uint64_t gb_rand_next(uint64_t *state) { return gb_splitmix64(state); }

/* The repetition hash and comparison read the position as 64-bit words: holes, owners, marks,
 * miné, stores, player to move and phase lie in the first 40 bytes with no padding between them
 * (checked here), then aux, round and match are taken field by field. Everything else (flags,
 * end reason, winner, ply counter, padding, the hash itself) does not count for T2. */
#include <stddef.h>
_Static_assert(offsetof(gb_pos, holes) == 0 && offsetof(gb_pos, own_n) == 20 &&
                   offsetof(gb_pos, mark_s) == 24 && offsetof(gb_pos, mark_n) == 28 &&
                   offsetof(gb_pos, mine) == 32 && offsetof(gb_pos, store) == 36 &&
                   offsetof(gb_pos, to_move) == 38 && offsetof(gb_pos, phase) == 39,
               "gb_pos_hash reads the first 40 bytes of gb_pos as words");

static inline uint64_t load64(const gb_pos *p, int word)
{
    uint64_t v;
    memcpy(&v, (const unsigned char *)p + 8 * word, sizeof v);
    return v;
}

static inline uint64_t tail_word(const gb_pos *p)
{
    return (uint64_t)p->aux | ((uint64_t)p->round << 8) | ((uint64_t)(uint16_t)p->match[0] << 24) |
           ((uint64_t)(uint16_t)p->match[1] << 40);
}

/* 64x64->128 multiply folded to 64 bits (as in wyhash): three independent products, then a
 * final mix, so the hash of a whole position costs a few nanoseconds. */
static inline uint64_t fold_mul(uint64_t a, uint64_t b)
{
    uint64_t hi, lo = gb_mul128(a, b, &hi);
    return lo ^ hi;
}

uint64_t gb_pos_hash(const gb_pos *p)
{
    uint64_t h = fold_mul(load64(p, 0) ^ 0xa0761d6478bd642full, load64(p, 1) ^ 0xe7037ed1a0b428dbull) ^
                 fold_mul(load64(p, 2) ^ 0x8ebc6af09c88c6e3ull, load64(p, 3) ^ 0x589965cc75374cc3ull) ^
                 fold_mul(load64(p, 4) ^ 0x1d8e4e27c47d124full, tail_word(p) ^ 0x9e3779b97f4a7c15ull);
    return gb_mix64(h);
}

bool gb_pos_same(const gb_pos *a, const gb_pos *b)
{
    return load64(a, 0) == load64(b, 0) && load64(a, 1) == load64(b, 1) &&
           load64(a, 2) == load64(b, 2) && load64(a, 3) == load64(b, 3) &&
           load64(a, 4) == load64(b, 4) && tail_word(a) == tail_word(b);
}

void gb_lapguard_init(gb_lapguard *g, int ring)
{
    g->laps = 0;
    g->power = 1;
    g->lambda = 0;
    g->saved_hole = -1;
    g->saved_extra = 0;
    g->ring = ring;
}

bool gb_lapguard_step(gb_lapguard *g, const uint8_t *holes, int next, uint32_t extra)
{
    /* T1: the 10,000th lap ended and the move goes on: never-ending. */
    if (++g->laps >= GB_LAP_LIMIT)
        return true;
    /* A lap-end state that repeats repeats forever (the sowing is deterministic): never-ending.
     * Brent: compare with a saved state, re-saving at powers of two. */
    if (g->saved_hole == next && g->saved_extra == extra &&
        memcmp(g->saved, holes, (size_t)g->ring) == 0)
        return true;
    if (g->saved_hole < 0 || ++g->lambda == g->power) {
        memcpy(g->saved, holes, (size_t)g->ring);
        g->saved_hole = next;
        g->saved_extra = extra;
        if (g->lambda == g->power)
            g->power *= 2;
        g->lambda = 0;
    }
    return false;
}

/* ---- labels: South's holes A B C ..., North's a b c ..., each from its owner's left ---- */
void gb_label_format(int n, int hole, char out[2])
{
    out[0] = (char)(hole < n ? 'A' + hole : 'a' + (hole - n));
    out[1] = 0;
}

int gb_label_parse(int n, const char *s, int *hole)
{
    char c = s[0];
    if (c >= 'A' && c < 'A' + n) {
        *hole = c - 'A';
        return 1;
    }
    if (c >= 'a' && c < 'a' + n) {
        *hole = n + (c - 'a');
        return 1;
    }
    return 0;
}

void gb_trace_note_run(gb_trace *t, int ring, int after, int count, uint32_t skip)
{
    int q = after;
    for (int k = 0; k < count && t->holes < GB_TRACE_HOLES; k++) {
        q = gb_next(ring, q);
        while ((skip >> q) & 1u)
            q = gb_next(ring, q);
        t->hole[t->holes++] = (uint8_t)q;
    }
}
