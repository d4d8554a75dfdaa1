/* tt.h — the alpha-beta search's transposition table: buckets of TT_BUCKET entries, one cache
 * line each, a key in any entry of its bucket. The calls on the search's path (probe, victim,
 * prefetch, score conversion) are inline here; allocation, clearing and resizing are in tt.c.
 * docs/ai.md ("The table"). */
#ifndef GABATA_TT_H
#define GABATA_TT_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tune.h"

enum { TT_NONE = 0, TT_EXACT, TT_LOWER, TT_UPPER, TT_HORIZON = 4 };
#define TT_NO_MOVE 0xffffu

/* An entry as the search reads it: a copy, decoded from its slot. */
typedef struct tt_entry {
    uint64_t key;
    int32_t value;
    int8_t depth;
    uint8_t flag;  /* TT_EXACT/LOWER/UPPER | TT_HORIZON | the search's age << 3 */
    uint16_t best; /* the best move (move_code in search.c), TT_NO_MOVE none */
} tt_entry;

/* An entry as the table holds it, shared by the threads of a Lazy SMP search (smp.c) without
 * locks: `data` packs value, depth, flag and move in 64 bits, and `check` is key ^ data. Each
 * word is read and written whole (relaxed atomics: plain loads and stores on the machines we
 * build for), but two threads storing one slot at once can mix one's key word with the other's
 * data word; such a slot's check then fails to match either key, and it reads as another key's
 * entry (a miss) instead of a wrong value. (A lock per bucket would cost every probe; 128-bit
 * atomics are not lock-free everywhere, WebAssembly included.) One thread reads and writes
 * exactly what the plain table did, so the results of one thread are unchanged. */
typedef struct tt_slot {
    uint64_t check; /* key ^ data; 0 with data 0: empty */
    uint64_t data;
} tt_slot;

typedef struct gb_tt {
    tt_slot *e;    /* NULL: no table */
    size_t mask;   /* entries - 1 (a power of two, at least TT_BUCKET) */
    unsigned age;  /* 0..31, one more every search */
} gb_tt;

/* A table of at most `mb` MiB (0: TT_DEFAULT_MB; negative: none), zeroed. GB_ENOMEM, else 0. */
int gb_tt_init(gb_tt *t, int mb);
/* A table of another size (as gb_tt_init), its entries dropped; on failure the old one stays. */
int gb_tt_resize(gb_tt *t, int mb);
/* Every entry dropped (a new game, other rules). */
void gb_tt_clear(gb_tt *t);
void gb_tt_free(gb_tt *t);
/* The next search's age: older entries give way first. */
static inline void gb_tt_new_search(gb_tt *t) { t->age = (t->age + 1) & 31; }

static inline tt_slot *gb_tt_bucket(const gb_tt *t, uint64_t key)
{
    size_t i = key & t->mask & ~(size_t)(TT_BUCKET - 1);
    assert(i + TT_BUCKET - 1 <= t->mask);
    return &t->e[i];
}

#if defined(__GNUC__)
#define TT_LOAD(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define TT_STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#else
#define TT_LOAD(p) (*(p))
#define TT_STORE(p, v) (*(p) = (v))
#endif

static inline uint64_t tt_pack(int value, int depth, unsigned flag, uint16_t best)
{
    return (uint64_t)(uint32_t)value | (uint64_t)(uint8_t)depth << 32 | (uint64_t)(uint8_t)flag << 40 |
           (uint64_t)best << 48;
}

/* The slot's key and data, read once each. */
static inline uint64_t tt_read(const tt_slot *sl, uint64_t *data)
{
    *data = TT_LOAD(&sl->data);
    return TT_LOAD(&sl->check) ^ *data;
}

static inline int tt_depth_of(uint64_t d) { return (int8_t)(uint8_t)(d >> 32); }
static inline unsigned tt_flag_of(uint64_t d) { return (uint8_t)(d >> 40); }

/* The entry of `key` copied into *out, or NULL. */
static inline const tt_entry *gb_tt_probe(const gb_tt *t, uint64_t key, tt_entry *out)
{
    const tt_slot *b = gb_tt_bucket(t, key);
    for (int i = 0; i < TT_BUCKET; i++) {
        uint64_t d, k = tt_read(&b[i], &d);
        if (k == key) {
            out->key = k;
            out->value = (int32_t)(uint32_t)d;
            out->depth = (int8_t)tt_depth_of(d);
            out->flag = (uint8_t)tt_flag_of(d);
            out->best = (uint16_t)(d >> 48);
            return out;
        }
    }
    return NULL;
}

/* Where a new entry of `key` goes: the key's own entry, an empty one, else the least useful one,
 * the shallowest, counting an entry of an earlier search as TT_AGE_PLIES plies shallower per
 * search since. (With one entry per key and every store replacing it, the many shallow nodes
 * near the leaves evicted the few deep ones: Sadeqa III's search to depth 13 visited 50% more
 * nodes.) */
static inline tt_slot *gb_tt_victim(const gb_tt *t, uint64_t key)
{
    tt_slot *b = gb_tt_bucket(t, key), *v = b;
    int worst = 1 << 30;
    for (int i = 0; i < TT_BUCKET; i++) {
        uint64_t d, k = tt_read(&b[i], &d);
        if (k == key || k == 0)
            return &b[i];
        int worth = tt_depth_of(d) - TT_AGE_PLIES * (int)((t->age - (tt_flag_of(d) >> 3)) & 31);
        if (worth < worst)
            worst = worth, v = &b[i];
    }
    return v;
}

static inline void gb_tt_store(const gb_tt *t, uint64_t key, int value, int depth, int bound,
                               bool horizon, uint16_t best)
{
    assert(key != 0 && depth >= 0 && depth <= 127);
    tt_slot *e = gb_tt_victim(t, key);
    uint64_t d = tt_pack(value, depth, (unsigned)(bound | (horizon ? TT_HORIZON : 0) | (t->age << 3)), best);
    TT_STORE(&e->check, key ^ d);
    TT_STORE(&e->data, d);
}

/* Start loading the bucket of `key`: a random access into megabytes stalls for as long as a
 * sowing takes, so the search asks early and works meanwhile. */
static inline void gb_tt_prefetch(const gb_tt *t, uint64_t key)
{
#if defined(__GNUC__)
    __builtin_prefetch(gb_tt_bucket(t, key));
#else
    (void)t, (void)key;
#endif
}

/* Decided scores (a won or lost game, counted in plies from the root) are stored relative to
 * the node, so that an entry holds wherever the node is met. */
static inline int gb_tt_value_in(int v, int ply)
{
    return v >= GB_SCORE_DECIDED ? v + ply : v <= -GB_SCORE_DECIDED ? v - ply : v;
}
static inline int gb_tt_value_out(int v, int ply)
{
    return v >= GB_SCORE_DECIDED ? v - ply : v <= -GB_SCORE_DECIDED ? v + ply : v;
}

#endif
