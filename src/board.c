/* board.c — primitives every game shares: owners and marks, the repetition hash, the T1 lap
 * guard, traces and errors. */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>

int gb_fail(gb_error *err, int code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        err->code = code;
    }
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

int gb_pos_owner(const gb_pos *p, int i) { return (p->own_n >> i) & 1u; }

int gb_pos_mark(const gb_rules *r, const gb_pos *p, int i)
{
    uint32_t bit = 1u << i;
    if (p->mine & bit)
        return GB_MARK_MINE;
    if (p->mark_s & bit)
        return r->mark_kind;
    if (p->mark_n & bit)
        return r->mark_kind + 1;
    return GB_MARK_NONE;
}

int gb_pos_board_total(const gb_pos *p, int ring)
{
    int t = 0;
    for (int i = 0; i < ring; i++)
        t += p->holes[i];
    return t;
}

/* splitmix64's finaliser: a good 64-bit mix, so no table has to be initialised anywhere. */
static inline uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint64_t gb_rand_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint64_t gb_pos_hash(const gb_pos *p)
{
    uint64_t h = 0;
    for (int i = 0; i < GB_MAX_HOLES; i++)
        if (p->holes[i])
            h ^= mix64(((uint64_t)i << 16) | p->holes[i]);
    h ^= mix64(0x100000000ull | p->own_n);
    h ^= mix64(0x200000000ull | p->mark_s);
    h ^= mix64(0x300000000ull | p->mark_n);
    h ^= mix64(0x400000000ull | p->mine);
    h ^= mix64(0x500000000ull | ((uint64_t)p->store[0] << 8) | p->store[1]);
    h ^= mix64(0x600000000ull | ((uint64_t)p->to_move << 8) | p->phase);
    h ^= mix64(0x700000000ull | ((uint64_t)p->round << 8) | p->aux);
    h ^= mix64(0x800000000ull | ((uint64_t)(uint16_t)p->match[0] << 16) | (uint16_t)p->match[1]);
    return h;
}

bool gb_pos_same(const gb_pos *a, const gb_pos *b)
{
    return memcmp(a->holes, b->holes, sizeof a->holes) == 0 && a->own_n == b->own_n &&
           a->mark_s == b->mark_s && a->mark_n == b->mark_n && a->mine == b->mine &&
           a->store[0] == b->store[0] && a->store[1] == b->store[1] &&
           a->to_move == b->to_move && a->phase == b->phase && a->round == b->round &&
           a->aux == b->aux && a->match[0] == b->match[0] && a->match[1] == b->match[1];
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

void gb_trace_lap(gb_trace *t, int from, int to, int stones, int event, int other, int value)
{
    if (!t)
        return;
    t->laps++;
    t->sown += stones;
    if (t->events < GB_TRACE_LAPS) {
        gb_lap *l = &t->lap[t->events++];
        l->from = (uint8_t)from;
        l->to = (uint8_t)to;
        l->stones = (uint16_t)stones;
        l->event = (uint8_t)event;
        l->other = (uint8_t)other;
        l->value = (uint16_t)value;
    }
}
