/* playout.c — Bulto's playouts (gb_rules.sample): a random legal move drawn uniformly among
 * gen's (RULINGS §5, B5: a start hole's distinct outcomes) without listing them, the sowing done
 * a lap at a time on bit masks. Shares the stone-by-stone sowing with the rules through sow.h,
 * and falls back on it where the bit masks cannot decide. */
#include "sow.h"

/* ---- the playouts' sowing: a lap at a time on bit masks ----
 *
 * sample_all simulates every start hole's sowing refusing every offer, only to count its moves and
 * keep where it ends; gb_bulto_sample's holes give no offer at all. Both are one_lap's work with most
 * of its per-stone tests decided for a whole lap at once:
 * - the holes a lap sows into are the first `stones` of those that can take a stone after the
 *   lifted hole: not the opponent's bulto (B3), not the origin with skip-origin=yes (§0), and in
 *   the open phase not an eligible hole (B6 skips them, made into bulto or not: refusing one
 *   skips it too, B5). While the lap does not come round to its own origin, each hole gets at most
 *   one stone, so no hole's count changes under the lap's feet and the eligible holes are those
 *   of the lap's start.
 * - mine phase: an eligible hole matters only for the lap's last stone (B4: k == 1); a lap whose
 *   last stone would be offered a bulto goes through one_lap (the refusals, B5).
 * - open phase: a run of L adjacent eligible holes met with k stones in hand offers a bulto at
 *   each of its first L - k + 1 holes (B6: the stones would fill exactly k of them from there;
 *   each refused, B5, the next hole is judged afresh), none if L < k.
 * Laps that would come round to their origin, that empty the last miné before their last stone
 * (the open phase starts mid-lap, B2) or whose last stone is offered a bulto in the mine phase go
 * through one_lap itself on the same board.
 *
 * The board is kept in vector registers (SSE2; three words elsewhere) and written back at each
 * lap; the count of the hole a lap ends in is read from the board as it was before the lap (it
 * gets exactly one stone), so the next lap need not wait for the board's update. */
#define BU_ALL ((1u << BU_RING) - 1)

#if defined(__SSE2__) && !defined(GB_NO_SSE2) /* GB_NO_SSE2: the portable version, for tests */
#include <emmintrin.h>
typedef struct bu_board {
    __m128i lo, hi; /* holes 0-15, holes 16-19 in the low 4 bytes */
} bu_board;

static inline bu_board board_load(const uint8_t *b)
{
    uint32_t top;
    memcpy(&top, b + 16, 4);
    return (bu_board){_mm_loadu_si128((const __m128i *)(const void *)b), _mm_cvtsi32_si128((int)top)};
}

static inline void board_store(uint8_t *b, bu_board x)
{
    const uint32_t top = (uint32_t)_mm_cvtsi128_si32(x.hi);
    _mm_storeu_si128((__m128i *)(void *)b, x.lo);
    memcpy(b + 16, &top, 4);
}

/* 0xff in byte i for each bit i of m (m < 2^20) */
static inline bu_board board_bytes(uint32_t m)
{
    const __m128i sel = _mm_set_epi8(-128, 64, 32, 16, 8, 4, 2, 1, -128, 64, 32, 16, 8, 4, 2, 1);
    __m128i x = _mm_cvtsi32_si128((int)m);
    x = _mm_unpacklo_epi8(x, x);
    x = _mm_unpacklo_epi16(x, x); /* bytes: 4 x m0, 4 x m1, 4 x m2, 4 x m3 */
    const __m128i lo = _mm_unpacklo_epi32(x, x), hi = _mm_unpackhi_epi32(x, x);
    return (bu_board){_mm_cmpeq_epi8(_mm_and_si128(lo, sel), sel),
                      _mm_cmpeq_epi8(_mm_and_si128(hi, sel), sel)};
}

/* Hole h emptied, one stone more in each hole of `to`. */
static inline bu_board board_sow(bu_board x, int h, uint32_t to)
{
#define BU_L(h) [h][h] = 0xff
    _Alignas(16) static const uint8_t lift[BU_RING][32] = { /* byte h of holes 0-15, 16-19 */
        BU_L(0),  BU_L(1),  BU_L(2),  BU_L(3),  BU_L(4),  BU_L(5),  BU_L(6),
        BU_L(7),  BU_L(8),  BU_L(9),  BU_L(10), BU_L(11), BU_L(12), BU_L(13),
        BU_L(14), BU_L(15), BU_L(16), BU_L(17), BU_L(18), BU_L(19)};
#undef BU_L
    const __m128i lo = _mm_load_si128((const __m128i *)(const void *)lift[h]);
    const __m128i hi = _mm_load_si128((const __m128i *)(const void *)(lift[h] + 16));
    const bu_board add = board_bytes(to);
    return (bu_board){_mm_sub_epi8(_mm_andnot_si128(lo, x.lo), add.lo),
                      _mm_sub_epi8(_mm_andnot_si128(hi, x.hi), add.hi)};
}

/* The holes holding exactly v. */
static inline uint32_t board_eq(bu_board x, int v)
{
    const __m128i vv = _mm_set1_epi8((char)v);
    return (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(x.lo, vv)) |
           ((uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(x.hi, vv)) & 0xfu) << 16;
}
#else
typedef struct bu_board {
    uint64_t w[3]; /* holes 0-7, 8-15, 16-19 (little-endian bytes) */
} bu_board;

static inline uint64_t byte_get(const uint8_t *b, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | b[i];
    return v;
}

static inline void byte_put(uint8_t *b, uint64_t v, int n)
{
    for (int i = 0; i < n; i++, v >>= 8)
        b[i] = (uint8_t)v;
}

static inline bu_board board_load(const uint8_t *b)
{
    return (bu_board){{byte_get(b, 8), byte_get(b + 8, 8), byte_get(b + 16, 4)}};
}

static inline void board_store(uint8_t *b, bu_board x)
{
    byte_put(b, x.w[0], 8);
    byte_put(b + 8, x.w[1], 8);
    byte_put(b + 16, x.w[2], 4);
}

/* byte i of the result is bit i of the 8 bits m (a nibble at a time: no carries) */
static inline uint64_t spread8(uint32_t m)
{
    uint64_t lo = ((m & 15u) * 0x204081ull) & 0x01010101ull;
    uint64_t hi = (((m >> 4) & 15u) * 0x204081ull) & 0x01010101ull;
    return lo | hi << 32;
}

static inline bu_board board_sow(bu_board x, int h, uint32_t to)
{
    for (int i = 0; i < 3; i++) {
        const uint32_t lift = (1u << h) >> (8 * i) & 0xffu;
        x.w[i] = (x.w[i] & ~(spread8(lift) * 0xff)) + spread8(to >> (8 * i) & 0xffu);
    }
    return x;
}

/* bytes of w holding exactly v, as bits */
static inline uint32_t eq8(uint64_t w, int v)
{
    const uint64_t lo7 = 0x7f7f7f7f7f7f7f7full;
    uint64_t x = w ^ (uint64_t)v * 0x0101010101010101ull;
    uint64_t zero = ~(((x & lo7) + lo7) | x) & ~lo7; /* 0x80 in each byte of w that is v */
    return (uint32_t)(((zero >> 7) * 0x0102040810204080ull) >> 56);
}

static inline uint32_t board_eq(bu_board x, int v)
{
    return eq8(x.w[0], v) | eq8(x.w[1], v) << 8 | (eq8(x.w[2], v) & 0xfu) << 16;
}
#endif

static inline int popcount20(uint32_t x) /* no libgcc call without -mpopcnt */
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

/* The index of the n-th set bit of m (1 <= n < 32), or -1. */
static inline int nth_bit(uint32_t m, int n)
{
    const uint32_t low = (1u << n) - 1;
    if ((m & low) == low)
        return n - 1;
    while (--n > 0)
        m &= m - 1;
    return m ? __builtin_ctz(m) : -1;
}

/* The ring's holes from hole a on (1 <= a <= 20: hole a mod 20 first) as bits from 0, and back. */
static inline uint32_t ring_from(uint32_t m, int a)
{
    return (uint32_t)(((uint64_t)m << BU_RING | m) >> a) & BU_ALL;
}
static inline uint32_t ring_to(uint32_t m, int a)
{
    const uint64_t x = (uint64_t)m << a;
    return (uint32_t)(x | x >> BU_RING) & BU_ALL;
}

/* The holes the mover may start from, as start_refusal judges them (B3, B7), as a mask. */
static uint32_t start_mask(const gb_pos *p)
{
    const int mover = p->to_move ? 1 : 0;
    const bu_board board = board_load(p->holes);
    const uint32_t threes = board_eq(board, 3);
    uint32_t live = (mover ? BU_ROW_N : BU_ROW_S) & ~board_eq(board, 0);
    live &= ~(mover ? p->mark_s : p->mark_n);
    if (p->phase == BU_OPEN && (live & ~threes))
        live &= ~threes; /* B7: not from a 3 while another start holds some other number */
    return live;
}

typedef struct fast_sow {
    long offers;     /* offers refused (every one is) */
    bool stepped;    /* a lap went stone by stone (one_lap): it may have come round to its origin */
    long laps, sown; /* as a trace counts them */
} fast_sow;

/* The counts as masks, enough to tell the holes holding exactly 0 (B8) and exactly 3 (B4, B6):
 * the two low bits of each count below 4, and the holes of 4 or more. A lap updates them in a few
 * independent operations, where comparing the board anew would wait for the board's update. */
typedef struct bu_counts {
    uint32_t bit0, bit1, big;
} bu_counts;

static inline bu_counts counts_of(bu_board board)
{
    const uint32_t e1 = board_eq(board, 1), e2 = board_eq(board, 2), e3 = board_eq(board, 3);
    return (bu_counts){e1 | e3, e2 | e3, BU_ALL & ~(board_eq(board, 0) | e1 | e2 | e3)};
}

static inline uint32_t counts_empty(bu_counts c) { return BU_ALL & ~(c.bit0 | c.bit1 | c.big); }
static inline uint32_t counts_three(bu_counts c) { return c.bit0 & c.bit1 & ~c.big; }

/* Hole h emptied, one stone more in each hole of `to` (not h). A hole of 4 or more stays one
 * until lifted, whatever its low bits. */
static inline bu_counts counts_sow(bu_counts c, uint32_t hb, uint32_t to)
{
    const uint32_t bit0 = c.bit0 & ~hb, bit1 = c.bit1 & ~hb, carry = bit0 & to;
    return (bu_counts){bit0 ^ to, bit1 ^ carry, (c.big & ~hb) | (bit1 & carry)};
}

/* B6 [ruling] for one lap on bit masks: the offers made by the runs of eligible holes (`elig`)
 * that the lap's stones pass over. The lap lifts s stones and sows them into `tr` (its holes as
 * bits from the hole after the lifted one, a = that hole's index, 1..20); `met` (non-empty) is the
 * eligible holes it passes, in the same bits. A run of len adjacent eligible holes met with k
 * stones in hand offers a bulto at each of its first len - k + 1 holes (each refused, B5, the
 * next hole is judged afresh), none if len < k; the stones skip the whole run either way. */
static inline long run_offers(uint32_t met, uint32_t elig, int a, int s, uint32_t tr)
{
    long offers = 0;
    do {
        const int i = __builtin_ctz(met), qh = a + i >= BU_RING ? a + i - BU_RING : a + i;
        const int k = s - popcount20(tr & ((1u << i) - 1)); /* stones in hand */
        const int len = __builtin_ctz(~(elig >> qh)); /* the run: opponent's row, no wrap */
        if (len >= k)
            offers += len - k + 1;
        met &= ~(((1u << len) - 1) << i); /* past the rest of the run */
    } while (met);
    return offers;
}

/* The sowing from `start` on *p (a copy of the position `from`, whose board and counts are
 * `board` and `counts`), refusing
 * every offer, as sow_from does with refusals < 0 and its moves only counted (count0 moves listed
 * before, cap at most), or with refusals 0 where no offer can arise (`judge` false: the menager,
 * or no candidate hole). Returns true when the sowing ends (B8) within sow_from's first pass (48
 * relays): *p is then its end, f its offers and laps, t (may be NULL) its laps as sow_from traces
 * them. Returns false when sow_from must decide (a long sowing, T1's horizon, a full list): *p
 * and t are then undefined. Inlined in each caller, with judge and t known there. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline bool fast_count(const sow_ctx *c, const gb_pos *from, gb_pos *p, bu_board board,
                              bu_counts counts, int start, bool judge, int count0, int cap,
                              fast_sow *f, gb_trace *t)
{
    uint8_t *b = p->holes;
    /* read from `from` (p is a fresh copy of it: reading the copy would wait for it) */
    const uint32_t own_bulto = c->mover ? from->mark_n : from->mark_s;
    uint32_t mine = from->mine;
    int phase = from->phase, h = start, s = from->holes[h];
    long offers = 0, laps = 0, sown = 0;
    int relays = 0;
    bool stepped = false;
    for (;; relays++) {
        if (judge && phase == BU_OPEN)
            goto open; /* for the rest of the sowing (B2) */
        const uint32_t hb = 1u << h;
        const uint32_t m1 = mine & ~hb; /* B2: a lifted miné is a miné no more */
        const int ph = phase == BU_MINE && !m1 ? BU_OPEN : phase;
        const int a = h + 1; /* the first hole after h, mod 20 */
        uint32_t elig = 0;
        if (judge && ph == BU_OPEN) /* B4 with B6: the candidates holding 3 */
            elig = c->cand & counts_three(counts);
        /* B3 and the origin (the lap must not come round to it) */
        const uint32_t free = ring_from(BU_ALL & ~(c->opp_bulto | hb | elig), a);
        const int d = s < BU_RING ? nth_bit(free, s) : -1; /* the last stone's, from a */
        int q = -1;
        uint32_t tr = 0, to = 0;
        if (d >= 0) {
            q = a + d >= BU_RING ? a + d - BU_RING : a + d;
            tr = free & ((2u << d) - 1);
            to = ring_to(tr, a);
            if (judge && ph == BU_MINE) {
                if (!(m1 & ~to & ~(1u << q)))
                    q = -1; /* the last miné goes before the last stone: the rest is open (B2, B6) */
                else if ((c->cand & ~m1 & counts_three(counts)) >> q & 1u)
                    q = -1; /* B4: the last stone is offered a bulto (the refusals: one_lap) */
            } else if (elig) {
                const uint32_t met = ring_from(elig, a) & ((1u << d) - 1);
                if (met) {
                    offers += run_offers(met, elig, a, s, tr);
                    if (offers >= 65535 || count0 + offers > cap)
                        return false; /* sow_from's LAP_FULL */
                }
            }
        }
        laps++;
        sown += s;
        if (q < 0) { /* this lap stone by stone */
            stepped = true;
            p->mine = mine;
            p->phase = (uint8_t)phase;
            long left = -1, refused = offers;
            sow_out out = {NULL, NULL, count0 + (int)offers, cap, 0, 0, 0, 0, NULL, 0, -1, false};
            const int r = one_lap(c, p, &h, &left, &refused, t, judge ? &out : NULL);
            offers = refused;
            if (r != LAP_END && r != LAP_ON)
                return false; /* LAP_FULL, LAP_STUCK: sow_from decides */
            if (r == LAP_END)
                goto done;
            board = board_load(b);
            counts = counts_of(board);
            mine = p->mine;
            phase = p->phase;
            s = b[h];
        } else {
            const int held = b[q]; /* before the lap: q gets one stone */
            const bool empty = counts_empty(counts) >> q & 1u;
            board = board_sow(board, h, to);
            board_store(b, board);
            counts = counts_sow(counts, hb, to);
            mine = m1 & ~to; /* B2: a miné that receives a stone is a miné no more */
            phase = ph == BU_MINE && !mine ? BU_OPEN : ph;
            /* B8: the move ends when the last stone falls into an empty hole or the mover's own
             * bulto; otherwise relay from there. */
            if (empty || (own_bulto >> q & 1u)) {
                gb_trace_holes_after(t, BU_RING, h, s, BU_ALL & ~to); /* to's, in ring order */
                gb_trace_lap(t, h, q, s, empty ? GB_EV_END : GB_EV_INTO_HELD, 0, 0);
                p->mine = mine;
                p->phase = (uint8_t)phase;
                goto done;
            }
            gb_trace_holes_after(t, BU_RING, h, s, BU_ALL & ~to);
            gb_trace_lap(t, h, q, s, GB_EV_CONTINUE, 0, 0);
            h = q;
            s = held + 1;
        }
        if (relays == 47)
            return false; /* sow_from's first pass keeps 48 lap ends: it decides */
    }
done:
    f->offers = offers;
    f->stepped = stepped;
    f->laps = laps;
    f->sown = sown;
    return true;
open:
    /* The same in the open phase, judged (no miné left: B6 for every stone). */
    p->mine = 0;
    p->phase = BU_OPEN;
    for (;; relays++) {
        const uint32_t hb = 1u << h, elig = c->cand & counts_three(counts); /* B4 with B6 */
        const int a = h + 1;
        const uint32_t free = ring_from(BU_ALL & ~(c->opp_bulto | hb | elig), a);
        const int d = s < BU_RING ? nth_bit(free, s) : -1;
        laps++;
        sown += s;
        if (d < 0) { /* round to its origin: this lap stone by stone */
            stepped = true;
            long left = -1, refused = offers;
            sow_out out = {NULL, NULL, count0 + (int)offers, cap, 0, 0, 0, 0, NULL, 0, -1, false};
            const int r = one_lap(c, p, &h, &left, &refused, t, &out);
            offers = refused;
            if (r != LAP_END && r != LAP_ON)
                return false;
            if (r == LAP_END)
                goto done;
            board = board_load(b);
            counts = counts_of(board);
            s = b[h];
        } else {
            const int q = a + d >= BU_RING ? a + d - BU_RING : a + d;
            const uint32_t tr = free & ((2u << d) - 1), to = ring_to(tr, a);
            const uint32_t met = ring_from(elig, a) & ((1u << d) - 1);
            if (met) {
                offers += run_offers(met, elig, a, s, tr);
                if (offers >= 65535 || count0 + offers > cap)
                    return false; /* sow_from's LAP_FULL */
            }
            const int held = b[q];
            const bool empty = counts_empty(counts) >> q & 1u;
            board = board_sow(board, h, to);
            board_store(b, board);
            counts = counts_sow(counts, hb, to);
            if (empty || (own_bulto >> q & 1u)) { /* B8 */
                gb_trace_holes_after(t, BU_RING, h, s, BU_ALL & ~to); /* to's, in ring order */
                gb_trace_lap(t, h, q, s, empty ? GB_EV_END : GB_EV_INTO_HELD, 0, 0);
                goto done;
            }
            gb_trace_holes_after(t, BU_RING, h, s, BU_ALL & ~to);
            gb_trace_lap(t, h, q, s, GB_EV_CONTINUE, 0, 0);
            h = q;
            s = held + 1;
        }
        if (relays == 47)
            return false;
    }
}

/* gb_bulto_sample where bulto may be offered: every start hole's sowing is simulated as gen does, the
 * moves only counted (same order, same limits as gen: a start hole's moves are its offers taken
 * in turn, refusals 0, 1, ..., then the refusal of them all, refusals = offers); one of them is
 * drawn uniformly. The refusal of every offer (most draws) keeps its end position and laps from
 * that simulation; an offer taken is played again to make its child and trace.
 * Counting is gen's list only where no two offers of a start hole can leave the same position
 * (B5: gen lists distinct outcomes). That holds for a sowing that ends (B8): two offers met with
 * the same board, miné and stones in hand at the same hole go on alike, so the sowing would come
 * round for ever; with skip-origin=yes only if no lap came round to its origin (laps from
 * different origins could meet one board). Elsewhere, with two offers or more, GB_EINVAL: the
 * caller draws among gen's moves instead (the same one random number, the same list). */
#if defined(__GNUC__)
__attribute__((always_inline)) /* called once; not inlined by itself, 2% of a playout more */
#endif
static inline int sample_all(const gb_options *o, const gb_pos *p, const sow_ctx *ctx,
                             uint64_t *rng, gb_move *m, gb_pos *child, gb_trace *t)
{
    const int mover = p->to_move;
    const bool ends_game = o->v[GB_OPT_ENDLESS] != 0, skip_origin = o->v[GB_OPT_SKIP_ORIGIN] != 0;
    sow_out out = {NULL, NULL, 0, GB_MAX_MOVES, 0, 0, 0, 0, NULL, 0, -1, false};
    struct {
        int hole, from, to;
        bool all, endless, natural; /* the last move refuses every offer; its sowing never
                                       ends; it ends by B8 */
        long laps, sown;   /* of the sowing refusing every offer, and where it ends: */
        gb_pos end;
    } run[BU_N];
    int nrun = 0;
    const uint32_t starts = start_mask(p);
    const bu_board board = board_load(p->holes);
    const bu_counts counts = counts_of(board);
    for (uint32_t left = starts; left && out.count < out.cap; left &= left - 1) {
        const int h = __builtin_ctz(left); /* in ring order, as gen */
        gb_pos *c = &run[nrun].end;
        long offers = 0, laps, sown; /* kept in registers: a store and a wider load stall */
        const int from = out.count;
        int rc;
        fast_sow f;
        *c = *p;
        if (fast_count(ctx, p, c, board, counts, h, true, out.count, out.cap, &f, NULL)) {
            rc = SOW_NATURAL; /* most sowings: on bit masks */
            offers = f.offers;
            if (skip_origin && f.stepped && offers >= 2)
                return GB_EINVAL; /* two offers may leave one position: gen tells (B5) */
            out.count += (int)offers;
            laps = f.laps;
            sown = f.sown;
        } else {
            *c = *p;
            out.hole = h;
            out.laps = out.sown = 0;
            rc = sow_from(o, p, c, h, -1, NULL, &out, &offers);
            laps = out.laps;
            sown = out.sown;
            if (rc == SOW_FULL || (offers >= 2 && (rc != SOW_NATURAL || skip_origin)))
                return GB_EINVAL; /* two offers may leave one position: gen tells (B5) */
        }
        /* as gen: the refusal of every offer is a move unless the list is full, or the sowing
         * never ends and that makes it illegal (T1) */
        bool all = rc != SOW_FULL && !(rc == GB_EENDLESS && !ends_game) &&
                   !(out.count >= out.cap || offers > 65535);
        if (all)
            out.count++;
        run[nrun].hole = h;
        run[nrun].from = from;
        run[nrun].to = out.count;
        run[nrun].all = all;
        run[nrun].endless = rc == GB_EENDLESS;
        run[nrun].natural = rc == SOW_NATURAL;
        run[nrun].laps = laps; /* used only where all && rc == SOW_NATURAL */
        run[nrun].sown = sown;
        nrun++;
        if (rc == SOW_FULL || (!all && !(rc == GB_EENDLESS && !ends_game)))
            break;
    }
    gb_trace_restart(t);
    if (out.count == 0)
        return 0; /* B9, T4: no legal move */
    int j = gb_rand_below(rng, out.count), i = 0;
    while (j >= run[i].to)
        i++;
    const int h = run[i].hole, r = j - run[i].from;
    *m = (gb_move){.kind = GB_MOVE_SOW, .hole = (uint8_t)h, .refusals = (uint16_t)r};
    *child = *p;
    if (run[i].all && j == run[i].to - 1) { /* the refusal of every offer: known already */
        if (run[i].endless) {
            child->flags |= GB_F_ENDLESS; /* endless=ends-game: the game ends before the move */
            return 1;
        }
        *child = run[i].end;
        if (p->phase == BU_MENAGER)
            after_menager(child);
        end_move(child, mover);
        if (t)
            t->laps = (int)run[i].laps, t->sown = run[i].sown;
        return 1;
    }
    /* An offer taken: play it again to make its child. Where the sowing refusing every offer
     * ends (B8), the move is that sowing up to its (r+1)-th offer: no lap-end state repeats
     * before it and T1's horizon lies past it, so one_lap alone plays it as sow would. */
    if (run[i].natural) {
        long left = r, refused = 0;
        int next = h;
        while (one_lap(ctx, child, &next, &left, &refused, t, NULL) == LAP_ON)
            ;
    } else {
        long offers = 0;
        sow(o, child, h, r, t, NULL, &offers);
    }
    end_move(child, mover); /* not the menager: no offer arises in it */
    return 1;
}

/* The playouts' fast path (gb_rules.sample), where no bulto can be offered: in the menager
 * (B4 cannot arise in it) and when the mover has no candidate hole at all (every opponent's-row
 * hole is a bulto or, right-rule=all, left of his rightmost bulto). Then each start hole gives at
 * most one move, refusing nothing: draw one of the holes he may start from (B3, B7); if its
 * sowing never ends and that makes it illegal (T1), drop it and draw again from the rest, so every
 * legal move is equally likely. Elsewhere a start hole can give any number of moves (one per
 * distinct outcome, B5), unknown until its sowing is simulated, so a uniform draw over all of
 * them needs them all (sample_all). */
int gb_bulto_sample(const gb_options *o, const gb_pos *p, uint64_t *rng, gb_move *m,
                     gb_pos *child, gb_trace *t)
{
    const int mover = p->to_move, first = mover * BU_N;
    const sow_ctx ctx = move_ctx(o, p);
    if (p->phase != BU_MENAGER && ctx.cand)
        return sample_all(o, p, &ctx, rng, m, child, t);
    uint32_t live = start_mask(p) >> first;
    const bu_board board = board_load(p->holes);
    while (live) {
        uint32_t pick = live;
        for (int k = gb_rand_below(rng, popcount20(live)); k > 0; k--)
            pick &= pick - 1;
        const int bit = __builtin_ctz(pick), h = first + bit;
        long offers = 0;
        gb_trace_restart(t);
        *child = *p;
        *m = (gb_move){.kind = GB_MOVE_SOW, .hole = (uint8_t)h};
        fast_sow f;
        int rc = SOW_NATURAL; /* most sowings: on bit masks, refusing nothing as none arises */
        if (!fast_count(&ctx, p, child, board, counts_of(board), h, false, 0, GB_MAX_MOVES, &f,
                        t)) {
            gb_trace_restart(t);
            *child = *p;
            rc = sow(o, child, h, 0, t, NULL, &offers);
        }
        if (rc == SOW_NATURAL) { /* no offer can arise here, so none was taken */
            if (p->phase == BU_MENAGER)
                after_menager(child);
            end_move(child, mover);
            return 1;
        }
        if (o->v[GB_OPT_ENDLESS]) { /* endless=ends-game: legal, and ends the game */
            gb_trace_restart(t);
            *child = *p;
            child->flags |= GB_F_ENDLESS;
            return 1;
        }
        live &= ~(1u << bit);
    }
    return 0; /* B9, T4: no legal move */
}

/* gb_rules.gen_lazy's fast part (bulto.c): the moves gen lists, found as sample_all finds them
 * (every start hole's sowing on bit masks, refusing every offer; same order and limits as gen),
 * with the refusal of every offer sown (its child is that sowing's end) and each offer taken left
 * unsown (bit set in *lazy: play makes it when chosen). GB_EINVAL where sample_all would give up
 * (two offers that may leave one position, B5, or a full list) or past 64 unsown moves: the
 * caller lists with gen then. */
int gb_bulto_gen_fast(const gb_options *o, const gb_pos *p, gb_move *moves, gb_pos *children,
                      uint64_t *lazy)
{
    const int mover = p->to_move;
    const sow_ctx ctx = move_ctx(o, p);
    const bool judge = p->phase != BU_MENAGER && ctx.cand;
    const bool ends_game = o->v[GB_OPT_ENDLESS] != 0, skip_origin = o->v[GB_OPT_SKIP_ORIGIN] != 0;
    sow_out out = {NULL, NULL, 0, GB_MAX_MOVES, 0, 0, 0, 0, NULL, 0, -1, false};
    const uint32_t starts = start_mask(p);
    const bu_board board = board_load(p->holes);
    const bu_counts counts = counts_of(board);
    uint64_t bits = 0;
    for (uint32_t left = starts; left && out.count < out.cap; left &= left - 1) {
        const int h = __builtin_ctz(left); /* in ring order, as gen */
        gb_pos c = *p;
        long offers = 0;
        const int from = out.count;
        int rc;
        fast_sow f;
        if (fast_count(&ctx, p, &c, board, counts, h, judge, out.count, out.cap, &f, NULL)) {
            rc = SOW_NATURAL;
            offers = f.offers;
            if (skip_origin && f.stepped && offers >= 2)
                return GB_EINVAL;
            out.count += (int)offers;
        } else {
            c = *p;
            out.hole = h;
            out.laps = out.sown = 0;
            rc = sow_from(o, p, &c, h, -1, NULL, &out, &offers);
            if (rc == SOW_FULL || (offers >= 2 && (rc != SOW_NATURAL || skip_origin)))
                return GB_EINVAL;
        }
        if (out.count > 64)
            return GB_EINVAL; /* more unsown moves than *lazy has bits */
        for (int j = from; j < out.count; j++) { /* the offers taken: refusals 0, 1, ... */
            moves[j] = (gb_move){.kind = GB_MOVE_SOW, .hole = (uint8_t)h,
                                 .refusals = (uint16_t)(j - from)};
            bits |= 1ull << j;
        }
        const bool illegal = rc == GB_EENDLESS && !ends_game; /* T1 */
        const bool all = !illegal && !(out.count >= out.cap || offers > 65535);
        if (all) {
            moves[out.count] = (gb_move){.kind = GB_MOVE_SOW, .hole = (uint8_t)h,
                                         .refusals = (uint16_t)offers};
            if (rc == GB_EENDLESS) {
                c = *p; /* endless=ends-game: the game ends on the board before the move */
                c.flags |= GB_F_ENDLESS;
            } else {
                if (p->phase == BU_MENAGER)
                    after_menager(&c);
                end_move(&c, mover);
            }
            children[out.count++] = c;
        } else if (!illegal) {
            break; /* the list is full, as gen's */
        }
    }
    *lazy = bits;
    return out.count;
}
