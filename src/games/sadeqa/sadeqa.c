/* sadeqa.c — Sadeqa III (Welega, Ethiopia; Pankhurst 1971, Game 92): RULINGS §2, S1–S5.
 *
 * 2x8 holes, no stores on the board; relay sowing counter-clockwise; a lap whose last stone falls
 * into an empty hole ends the move, capturing the opposite hole when the empty hole is in the
 * mover's own row (the capturing stone stays). */
#include "sadeqa.h"


static const char *const seeds_choices[] = {"6", "4", NULL};
static const gb_option_def sq_options[] = {
    {"seeds", SQ_SEEDS, seeds_choices, 0, 0, 0,
     "stones in each hole at the start (4: Pankhurst's Game 91)", "S1"},
    GB_OPTION_SKIP_ORIGIN,
    GB_OPTION_ENDLESS,
    GB_OPTION_MAX_PLIES,
};
static const char *const sq_phases[] = {"play", NULL};

static int sq_seeds(const gb_options *o) { return o->v[SQ_SEEDS] ? 4 : 6; }

static void sq_setup(const gb_options *o, gb_pos *p)
{
    memset(p, 0, sizeof *p);
    for (int i = 0; i < 2 * SQ_N; i++)
        p->holes[i] = (uint8_t)sq_seeds(o); /* S1 */
    p->own_n = 0xff00u;                     /* each player owns his own row */
    p->to_move = GB_SOUTH;                  /* RULINGS §0: South moves first */
    p->round = 1;
}

/* The 16 counts in registers for a whole sowing (sq_sow): one 128-bit integer where the target has
 * them; on WebAssembly, where a 128-bit shift is a library call, two 64-bit words (holes 0-7 and
 * 8-15), which it has natively (docs/performance.md, the computer in the browser). Both are the
 * same values, a byte a hole; sq_v's helpers below are all the sowing uses of them. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && \
    (defined(__wasm__) || defined(__SIZEOF_INT128__))
#define SQ_WIDE 1
#if defined(__wasm__) || !defined(__SIZEOF_INT128__)
#define SQ_TWO_WORDS 1
#else
__extension__ typedef unsigned __int128 sq_u128;
#define SQ_ONES (((sq_u128)0x0101010101010101ull << 64) | 0x0101010101010101ull)
#endif

/* What a lap of fewer than 16 stones adds to the counts: byte i of sq_lap_run[from][r] is 1 for
 * the r holes after `from` (round the ring; the origin is not skipped), as a (low, high) pair of
 * words, hole i in byte i % 8 of word i / 8. Built by the preprocessor: a lap is then one load
 * and one addition, not a 128-bit shift, rotation and multiplication. */
typedef struct sq_words {
    uint64_t lo, hi;
} sq_words;
#define SQ_B(i, f, r) ((uint64_t)((((i) - (f) - 1) & 15) < (r)) << (8 * ((i) & 7)))
#define SQ_LO(f, r)                                                                                \
    (SQ_B(0, f, r) | SQ_B(1, f, r) | SQ_B(2, f, r) | SQ_B(3, f, r) | SQ_B(4, f, r) |               \
     SQ_B(5, f, r) | SQ_B(6, f, r) | SQ_B(7, f, r))
#define SQ_HI(f, r)                                                                                \
    (SQ_B(8, f, r) | SQ_B(9, f, r) | SQ_B(10, f, r) | SQ_B(11, f, r) | SQ_B(12, f, r) |            \
     SQ_B(13, f, r) | SQ_B(14, f, r) | SQ_B(15, f, r))
#define SQ_E(f, r) {SQ_LO(f, r), SQ_HI(f, r)}
#define SQ_ROW(f)                                                                                  \
    {SQ_E(f, 0),  SQ_E(f, 1),  SQ_E(f, 2),  SQ_E(f, 3),  SQ_E(f, 4),  SQ_E(f, 5),                 \
     SQ_E(f, 6),  SQ_E(f, 7),  SQ_E(f, 8),  SQ_E(f, 9),  SQ_E(f, 10), SQ_E(f, 11),                \
     SQ_E(f, 12), SQ_E(f, 13), SQ_E(f, 14), SQ_E(f, 15)}
static const sq_words sq_lap_run[16][16] = {
    SQ_ROW(0), SQ_ROW(1), SQ_ROW(2),  SQ_ROW(3),  SQ_ROW(4),  SQ_ROW(5),  SQ_ROW(6),  SQ_ROW(7),
    SQ_ROW(8), SQ_ROW(9), SQ_ROW(10), SQ_ROW(11), SQ_ROW(12), SQ_ROW(13), SQ_ROW(14), SQ_ROW(15)};
/* every count but hole h's */
#define SQ_BYTE(h) (0xffull << (8 * ((h) & 7)))
#define SQ_K(h) {(h) < 8 ? ~SQ_BYTE(h) : ~0ull, (h) < 8 ? ~0ull : ~SQ_BYTE(h)}
static const sq_words sq_keep[16] = {SQ_K(0), SQ_K(1), SQ_K(2),  SQ_K(3),  SQ_K(4),  SQ_K(5),
                                     SQ_K(6), SQ_K(7), SQ_K(8),  SQ_K(9),  SQ_K(10), SQ_K(11),
                                     SQ_K(12), SQ_K(13), SQ_K(14), SQ_K(15)};

#ifdef SQ_TWO_WORDS
typedef sq_words sq_v;
static inline sq_v sq_v_load(const uint8_t *b)
{
    sq_v v;
    memcpy(&v.lo, b, 8);
    memcpy(&v.hi, b + 8, 8);
    return v;
}
static inline void sq_v_store(uint8_t *b, sq_v v)
{
    memcpy(b, &v.lo, 8);
    memcpy(b + 8, &v.hi, 8);
}
static inline int sq_v_count(sq_v v, int h) /* hole h's count */
{
    return (uint8_t)((h & 8 ? v.hi : v.lo) >> (8 * (h & 7)));
}
static inline bool sq_v_same(sq_v a, sq_v b) { return ((a.lo ^ b.lo) | (a.hi ^ b.hi)) == 0; }
static inline sq_v sq_v_zero(void) { return (sq_v){0, 0}; }
/* hole h emptied, then a lap of `stones` from h added (as sq_lap_add below) */
static inline sq_v sq_v_lap(sq_v v, int h, int stones)
{
    const sq_words keep = sq_keep[h], run = sq_lap_run[h][stones & 15];
    v.lo = (v.lo & keep.lo) + run.lo;
    v.hi = (v.hi & keep.hi) + run.hi;
    if (stones >= 16) { /* rare: a lap round the whole ring */
        uint64_t all = 0x0101010101010101ull * (unsigned)(stones >> 4);
        v.lo += all;
        v.hi += all;
    }
    return v;
}
#else
typedef sq_u128 sq_v;
static inline sq_u128 sq_wide(sq_words w) { return ((sq_u128)w.hi << 64) | w.lo; }

/* What a lap of `stones` stones lifted from `from` adds to the 16 counts held as one 128-bit
 * integer (a byte a hole, hole i in byte i): stones/16 to every hole, and one more to the next
 * stones%16 holes after `from` (the origin is not skipped). No byte can carry: no game has 255
 * stones. */
static inline sq_u128 sq_lap_add(int from, int stones)
{
    sq_u128 add = sq_wide(sq_lap_run[from][stones & 15]);
    if (stones >= 16) /* rare: a lap round the whole ring */
        add += SQ_ONES * (unsigned)(stones >> 4);
    return add;
}
static inline sq_v sq_v_load(const uint8_t *b)
{
    sq_v v;
    memcpy(&v, b, sizeof v);
    return v;
}
static inline void sq_v_store(uint8_t *b, sq_v v) { memcpy(b, &v, sizeof v); }
static inline int sq_v_count(sq_v v, int h) { return (uint8_t)(v >> (8 * h)); }
static inline bool sq_v_same(sq_v a, sq_v b) { return a == b; }
static inline sq_v sq_v_zero(void) { return 0; }
static inline sq_v sq_v_lap(sq_v v, int h, int stones)
{
    v &= sq_wide(sq_keep[h]);
    return v + sq_lap_add(h, stones);
}
#endif
#endif

/* Note a lap in t: in full for display (events), with the holes it sowed (the `stones` holes after
 * `from`, passing over `from` itself with skip-origin=yes, §0), or only its count and stones
 * (playouts). */
static inline void sq_lap(gb_trace *t, bool events, bool skip_origin, int from, int to, int stones,
                          int event, int other, int value)
{
    if (events) {
        gb_trace_holes_after(t, 2 * SQ_N, from, stones, skip_origin ? 1u << from : 0u);
        gb_trace_lap(t, from, to, stones, event, other, value);
    }
    else if (t) {
        t->laps++;
        t->sown += stones;
    }
}

/* S4: the last stone fell into the empty hole pos: the move ends; capture from the opposite hole
 * when pos is in the mover's own row. The capturing stone stays. Then the turn passes. */
static inline void sq_end_move(gb_pos *p, int from, int pos, int stones, gb_trace *t, bool events,
                               bool skip_origin)
{
    const int mover = p->to_move;
    int opp = gb_opposite(SQ_N, pos), taken = 0;
    if (gb_row_of(SQ_N, pos) == mover && p->holes[opp] > 0) {
        taken = p->holes[opp];
        p->store[mover] = (uint8_t)(p->store[mover] + taken);
        p->holes[opp] = 0;
    }
    sq_lap(t, events, skip_origin, from, pos, stones, taken ? GB_EV_CAPTURE : GB_EV_END, opp, taken);
    p->to_move = (uint8_t)!mover;
    p->flags = (uint8_t)((p->flags & ~GB_F_LAST_N) | (mover ? GB_F_LAST_N : 0));
    p->ply++;
}

/* S2–S4: the sowing of one move from hole h of the player to move, already validated. The ring
 * has 16 holes, so the next hole is (i + 1) & 15. Returns GB_OK or GB_EENDLESS (T1). The lap
 * guard only counts the first GB_LAP_QUICK laps and is set up in full when they are done. */
#if defined(__GNUC__)
/* inlined into each caller, so that with events false (playouts, gen) the trace's lap recording
 * folds away: out of line it cost 12% more instructions a playout (callgrind) */
__attribute__((always_inline))
#endif
static inline int sq_sow(const gb_options *o, gb_pos *p, int h, gb_trace *t, bool events)
{
    const int ring = 2 * SQ_N;
    uint8_t *b = p->holes;
    gb_lapguard guard;
    guard.laps = 0;
#ifdef SQ_WIDE
    if (!o->v[GB_OPT_SKIP_ORIGIN]) {
        /* the 16 counts stay in a register for the whole sowing, and so does the lap guard:
         * gb_lapguard_lap's steps (T1), with the saved lap-end state one 128-bit value */
        sq_v v = sq_v_load(b), saved = sq_v_zero();
        long laps = 0, power = 1, lambda = 0;
        int saved_h = -1;
        for (;;) {
            int stones = sq_v_count(v, h);
            v = sq_v_lap(v, h, stones);
            int pos = (h + stones) & 15;
            if (sq_v_count(v, pos) > 1) { /* S3: occupied before the last stone: relay */
                sq_lap(t, events, false, h, pos, stones, GB_EV_CONTINUE, 0, 0);
                if (laps < GB_LAP_QUICK) {
                    laps++;
                } else {
                    if (++laps >= GB_LAP_LIMIT || (saved_h == pos && sq_v_same(v, saved)))
                        return GB_EENDLESS; /* T1: the lap limit, or a lap-end state again */
                    if (saved_h < 0 || ++lambda == power) { /* Brent: re-save at powers of 2 */
                        saved = v;
                        saved_h = pos;
                        if (lambda == power)
                            power *= 2;
                        lambda = 0;
                    }
                }
                h = pos;
                continue;
            }
            sq_v_store(b, v);
            sq_end_move(p, h, pos, stones, t, events, false);
            return GB_OK;
        }
    }
#endif
    const bool skip_origin = o->v[GB_OPT_SKIP_ORIGIN];
    for (;;) {
        int stones = b[h], origin = h, pos = h;
        b[h] = 0;
        for (int k = stones; k > 0; k--) {
            pos = (pos + 1) & (ring - 1);
            if (skip_origin && pos == origin)
                pos = (pos + 1) & (ring - 1);
            b[pos]++;
        }
        if (b[pos] > 1) { /* S3: occupied before the last stone: relay */
            sq_lap(t, events, skip_origin, h, pos, stones, GB_EV_CONTINUE, 0, 0);
            if (guard.laps == GB_LAP_QUICK - 1) {
                gb_lapguard_init(&guard, ring);
                guard.laps = GB_LAP_QUICK - 1;
            }
            if (gb_lapguard_lap(&guard, b, pos, 0))
                return GB_EENDLESS; /* T1 */
            h = pos;
            continue;
        }
        sq_end_move(p, h, pos, stones, t, events, skip_origin);
        return GB_OK;
    }
}

#ifdef SQ_WIDE
/* The move lists' sowings (sq_gen, sq_gen_lazy) with skip-origin=no: the n sowings from holes
 * from[0..n-1] of the player to move in p, each on its own copy of the board, advanced a lap at
 * a time in lockstep. One sowing is a chain of dependent steps (a lap's stones are the count
 * where the last lap ended), so sown one after another they leave the core waiting; sown side by
 * side the chains overlap. A lap is sq_sow's (S2, S3): the origin's byte cleared and one table
 * entry added; the count where it ended, one byte load, says relay (S3) or end. A board ends as
 * sq_sow's with the move not yet ended (no capture, S4), *end the hole where the last stone fell,
 * or -1 when the sowing never ends (T1). */
typedef union sq_board {
    uint64_t w[2];
    uint8_t b[16];
} sq_board;

/* One sowing from hole h of board v, after `laps` relay laps, to its end: sq_sow's laps and lap
 * guard (T1), the lap limit counted from the sowing's first lap; the board into *bd. The hole
 * where the last stone fell, or -1 when the sowing never ends. */
static int sq_relay_from(sq_board *bd, sq_v v, int h, long laps)
{
    sq_v saved = sq_v_zero();
    long power = 1, lambda = 0;
    int saved_h = -1;
    for (;;) {
        const int stones = sq_v_count(v, h);
        v = sq_v_lap(v, h, stones);
        const int pos = (h + stones) & 15;
        if (sq_v_count(v, pos) <= 1) { /* S3: the last stone fell into an empty hole */
            sq_v_store(bd->b, v);
            return pos;
        }
        if (laps < GB_LAP_QUICK) {
            laps++;
        } else {
            if (++laps >= GB_LAP_LIMIT || (saved_h == pos && sq_v_same(v, saved)))
                return -1; /* T1: the lap limit, or a lap-end state again */
            if (saved_h < 0 || ++lambda == power) { /* Brent: re-save at powers of 2 */
                saved = v;
                saved_h = pos;
                if (lambda == power)
                    power *= 2;
                lambda = 0;
            }
        }
        h = pos;
    }
}

/* Two lanes, A and B, each a sowing under way on its own board (bd[j]: the counts as two words
 * in memory, so that the count where a lap ended is one byte load, which is also the next lap's
 * stones), with the hole about to be lifted and its relay laps so far; a lane whose sowing ended
 * takes the next one waiting, and when none waits the other lane's sowing is finished alone. A
 * lane's laps are sq_sow's up to GB_LAP_QUICK relays; past them sq_relay_from goes on with the
 * cycle search (T1), with the same lap count. */
#define SQ_LANE_LAP(j, wl, wh, h, s, c)                                                            \
    do {                                                                                           \
        const sq_words keep_ = sq_keep[h], run_ = sq_lap_run[h][s & 15];                           \
        wl = (wl & keep_.lo) + run_.lo;                                                            \
        wh = (wh & keep_.hi) + run_.hi;                                                            \
        if (s >= 16) { /* rare: a lap round the whole ring */                                      \
            const uint64_t all_ = 0x0101010101010101ull * (unsigned)(s >> 4);                      \
            wl += all_;                                                                            \
            wh += all_;                                                                            \
        }                                                                                          \
        bd[j].w[0] = wl;                                                                           \
        bd[j].w[1] = wh;                                                                           \
        h = (h + s) & 15;                                                                          \
        c = bd[j].b[h];                                                                            \
    } while (0)
static void sq_sow_lanes(const gb_pos *p, const int *from, int n, sq_board *bd, int *end)
{
    if (n < 2) {
        if (n == 1)
            end[0] = sq_relay_from(&bd[0], sq_v_load(p->holes), from[0], 0);
        return;
    }
    uint64_t lo0, hi0;
    memcpy(&lo0, p->holes, 8);
    memcpy(&hi0, p->holes + 8, 8);
    uint64_t loa = lo0, hia = hi0, lob = lo0, hib = hi0;
    int ja = 0, jb = 1, ha = from[0], hb = from[1], sa = p->holes[ha], sb = p->holes[hb], next = 2;
    long la = 0, lb = 0;
    for (;;) {
        int ca, cb;
        SQ_LANE_LAP(ja, loa, hia, ha, sa, ca);
        SQ_LANE_LAP(jb, lob, hib, hb, sb, cb);
        sa = ca;
        sb = cb;
        la++; /* the relay laps so far, if this one relayed (S3) */
        lb++;
        const bool da = ca <= 1 || la == GB_LAP_QUICK, db = cb <= 1 || lb == GB_LAP_QUICK;
        if (!(da | db))
            continue; /* S3: both relay */
        if (da)
            end[ja] = ca <= 1 ? ha : sq_relay_from(&bd[ja], sq_v_load(bd[ja].b), ha, la);
        if (db)
            end[jb] = cb <= 1 ? hb : sq_relay_from(&bd[jb], sq_v_load(bd[jb].b), hb, lb);
        if (da && next < n) {
            ja = next++;
            loa = lo0;
            hia = hi0;
            ha = from[ja];
            sa = p->holes[ha];
            la = 0;
        } else if (da) {
            if (!db)
                end[jb] = sq_relay_from(&bd[jb], sq_v_load(bd[jb].b), hb, lb);
            return;
        }
        if (db && next < n) {
            jb = next++;
            lob = lo0;
            hib = hi0;
            hb = from[jb];
            sb = p->holes[hb];
            lb = 0;
        } else if (db) {
            if (la == 0) /* just taken: its board is not written yet */
                memcpy(bd[ja].b, p->holes, sizeof bd[ja].b);
            end[ja] = sq_relay_from(&bd[ja], sq_v_load(bd[ja].b), ha, la);
            return;
        }
    }
}
#undef SQ_LANE_LAP

/* The child of a lane that ended at hole `end`: S4's end of the move on p's copy (as
 * sq_end_move, without its branch: whether it captures cannot be foreseen). */
static inline void sq_lane_child(const gb_pos *p, const sq_board *bd, int end, gb_pos *c)
{
    const int mover = p->to_move, opp = gb_opposite(SQ_N, end);
    *c = *p;
    memcpy(c->holes, bd->b, sizeof bd->b);
    const int taken = c->holes[opp] & -(gb_row_of(SQ_N, end) == mover); /* S4: capture */
    c->store[mover] = (uint8_t)(c->store[mover] + taken);
    c->holes[opp] = (uint8_t)(c->holes[opp] - taken);
    c->to_move = (uint8_t)!mover;
    c->flags = (uint8_t)((c->flags & ~GB_F_LAST_N) | (mover ? GB_F_LAST_N : 0));
    c->ply++;
}
#endif

/* S2: one move, validated. */
static int sq_play(const gb_options *o, gb_pos *p, gb_move *m, gb_trace *t, uint64_t *rng,
                   gb_error *err)
{
    (void)rng;
    const int ring = 2 * SQ_N, h = m->hole;
    if (m->kind != GB_MOVE_SOW || m->refusals != 0)
        return gb_fail(err, GB_EILLEGAL, "Sadeqa III has only sowing moves");
    if (h >= ring || gb_row_of(SQ_N, h) != p->to_move)
        return gb_fail(err, GB_EILLEGAL, "a move starts from a hole of your own row (S2)");
    if (p->holes[h] == 0)
        return gb_fail(err, GB_EILLEGAL, "that hole is empty (S2)");
    return sq_sow(o, p, h, t, true);
}

static int sq_gen(const gb_options *o, const gb_pos *p, gb_move *moves, gb_pos *children)
{
    int count = 0, first = p->to_move * SQ_N;
#ifdef SQ_WIDE
    if (!o->v[GB_OPT_SKIP_ORIGIN]) { /* every non-empty hole sown at once (sq_sow_lanes) */
        int from[SQ_N], end[SQ_N], n = 0;
        sq_board bd[SQ_N];
        for (int h = first; h < first + SQ_N; h++)
            if (p->holes[h])
                from[n++] = h;
        sq_sow_lanes(p, from, n, bd, end);
        for (int j = 0; j < n; j++) {
            if (end[j] < 0) {
                if (o->v[GB_OPT_ENDLESS] == 0)
                    continue; /* T1, endless=illegal: not a legal move */
                children[count] = *p; /* endless=ends-game: the game ends on the board before it */
                children[count].flags |= GB_F_ENDLESS;
            } else {
                sq_lane_child(p, &bd[j], end[j], &children[count]);
            }
            moves[count++] = (gb_move){.kind = GB_MOVE_SOW, .hole = (uint8_t)from[j]};
        }
        return count;
    }
#endif
    for (int h = first; h < first + SQ_N; h++) {
        if (!p->holes[h])
            continue;
        gb_move m = {.kind = GB_MOVE_SOW, .hole = (uint8_t)h};
        gb_pos c = *p;
        int rc = sq_sow(o, &c, h, NULL, false);
        if (rc == GB_EENDLESS) {
            if (o->v[GB_OPT_ENDLESS] == 0)
                continue; /* T1, endless=illegal: not a legal move */
            c = *p;       /* endless=ends-game: the game ends on the board before the move */
            c.flags |= GB_F_ENDLESS;
        }
        moves[count] = m;
        children[count++] = c;
    }
    return count;
}

/* gb_rules.gen_lazy: sq_gen for the batch. Under endless=ends-game every non-empty hole is a legal
 * move (T1), so none is sown here. Under endless=illegal a hole of k stones, 1 <= k <= 15, whose
 * k-th hole onward is empty is legal unsown (as sq_any_move: the first lap ends there on an empty
 * hole, S3, and the move ends); every other hole is sown, as sq_gen does. */
static int sq_gen_lazy(const gb_options *o, const gb_pos *p, gb_move *moves, gb_pos *children,
                       uint64_t *lazy)
{
    int count = 0, first = p->to_move * SQ_N;
    const bool ends_game = o->v[GB_OPT_ENDLESS] != 0;
    uint64_t bits = 0;
#ifdef SQ_WIDE
    if (!ends_game && !o->v[GB_OPT_SKIP_ORIGIN]) {
        /* the holes to sow sown side by side (sq_sow_lanes); which ones, and where each goes in
         * the list, found without a branch a hole (a hole's fate cannot be foreseen) */
        uint32_t live = 0, easy = 0;
        for (int i = 0; i < SQ_N; i++) {
            const int h = first + i, k = p->holes[h];
            live |= (uint32_t)(k != 0) << i;
            easy |= (uint32_t)((unsigned)(k - 1) < 15u && p->holes[(h + k) & 15] == 0) << i;
        }
        int from[SQ_N] = {0}, end[SQ_N + 1], at[SQ_N + 1], n = 0;
        sq_board bd[SQ_N];
        for (uint32_t m = live & ~easy; m; m &= m - 1)
            from[n++] = first + __builtin_ctz(m);
        sq_sow_lanes(p, from, n, bd, end);
        end[n] = -1;
        for (uint32_t m = live, j = 0; m; m &= m - 1) {
            const int i = __builtin_ctz(m);
            const unsigned e = easy >> i & 1;
            moves[count] = (gb_move){.kind = GB_MOVE_SOW, .hole = (uint8_t)(first + i)};
            at[j] = count; /* overwritten by the sown hole it belongs to, when e */
            bits |= (uint64_t)e << count;
            count += (int)(e | (end[j] >= 0)); /* T1, endless=illegal: a never-ending one is not */
            j += !e;
        }
        for (int j = 0; j < n; j++)
            if (end[j] >= 0)
                sq_lane_child(p, &bd[j], end[j], &children[at[j]]);
        *lazy = bits;
        return count;
    }
#endif
    for (int h = first; h < first + SQ_N; h++) {
        const int k = p->holes[h];
        if (!k)
            continue;
        moves[count] = (gb_move){.kind = GB_MOVE_SOW, .hole = (uint8_t)h};
        if (ends_game || (k < 16 && p->holes[(h + k) & 15] == 0)) {
            bits |= 1ull << count++;
            continue;
        }
        gb_pos c = *p;
        if (sq_sow(o, &c, h, NULL, false) == GB_EENDLESS)
            continue; /* T1, endless=illegal: not a legal move */
        children[count++] = c;
    }
    *lazy = bits;
    return count;
}

/* The playouts' fast path: a uniformly random legal move. Draw one of the non-empty holes
 * uniformly; if its sowing never ends and that makes it illegal (T1), drop it and draw again from
 * the rest. Each legal move is thus equally likely, and usually one sowing is simulated, not 8.
 * The non-empty holes of the row are found all at once: bit 7 of byte i of `live` is set when
 * hole first+i holds stones (a count is at most 96, so x + 0x7f never carries). Only the laps'
 * count and stones go to t. */
static int sq_sample(const gb_options *o, const gb_pos *p, uint64_t *rng, gb_move *m,
                     gb_pos *child, gb_trace *t)
{
    const int first = p->to_move * SQ_N;
    uint64_t w, live;
    memcpy(&w, p->holes + first, sizeof w);
    live = ((w + 0x7f7f7f7f7f7f7f7full) | w) & 0x8080808080808080ull;
    while (live) {
        uint64_t pick = live;
        /* how many holes: one bit a byte, so one multiply adds them all into the top byte */
        int nc = (int)(((live >> 7) * 0x0101010101010101ull) >> 56);
        for (int k = gb_rand_below(rng, nc); k > 0; k--)
            pick &= pick - 1;
#if defined(__GNUC__)
        int h = first + __builtin_ctzll(pick) / 8;
#else
        int h = first;
        while (!((pick >> (8 * (h - first))) & 0x80))
            h++;
#endif
        pick &= ~(pick - 1); /* its lowest bit only */
        gb_trace_restart(t);
        *child = *p;
        *m = (gb_move){.kind = GB_MOVE_SOW, .hole = (uint8_t)h};
        if (sq_sow(o, child, h, t, false) == GB_OK)
            return 1;
        if (o->v[GB_OPT_ENDLESS]) { /* endless=ends-game: legal, and ends the game */
            gb_trace_restart(t);
            *child = *p;
            child->flags |= GB_F_ENDLESS;
            return 1;
        }
        live &= ~pick;
    }
    return 0;
}

/* gb_rules.any_move: a hole of the mover holding k stones, 1 <= k <= 15, whose k-th hole onward
 * is empty gives a legal move: its first lap drops one stone there (fewer than 16 stones never
 * come round to the origin, so skip-origin does not matter) and the move ends (S3), so the sowing
 * is finite (T1). Most positions have one; otherwise the caller samples. */
static int sq_any_move(const gb_options *o, const gb_pos *p)
{
    (void)o;
    const int first = p->to_move * SQ_N;
    for (int h = first; h < first + SQ_N; h++) {
        const int k = p->holes[h];
        if (k && k < 16 && p->holes[(h + k) & 15] == 0)
            return 1;
    }
    return GB_EINVAL;
}

/* S5 (with T4): the game ends when the player to move has no legal move. */
static bool sq_ended(const gb_options *o, const gb_pos *p, int nmoves)
{
    (void)o;
    (void)p;
    return nmoves == 0;
}

static void sq_scores(const gb_options *o, const gb_pos *p, int score[2])
{
    (void)o;
    int row[2] = {0, 0};
    for (int i = 0; i < 2 * SQ_N; i++)
        row[gb_row_of(SQ_N, i)] += p->holes[i];
    score[0] = p->store[0];
    score[1] = p->store[1];
    if (p->end_reason == GB_END_RULE) {
        /* S5: every stone left on the board goes to the player who moved last. */
        score[(p->flags & GB_F_LAST_N) ? 1 : 0] += row[0] + row[1];
    } else {
        /* T2 (also T3 and T1 ends-game): stones go to the owner of the row they lie in. */
        score[0] += row[0];
        score[1] += row[1];
    }
}

static void sq_finish(const gb_options *o, gb_pos *p, int reason, uint8_t *chance, uint64_t *rng)
{
    (void)chance;
    (void)rng;
    int s[2];
    p->end_reason = (uint8_t)reason;
    p->flags |= GB_F_OVER;
    sq_scores(o, p, s);
    p->winner = s[0] > s[1] ? GB_SOUTH : s[1] > s[0] ? GB_NORTH : GB_DRAW; /* S5 */
}

static int sq_check(const gb_options *o, const gb_pos *p, gb_error *err)
{
    int total = p->store[0] + p->store[1] + gb_pos_board_total(p, 2 * SQ_N);
    if (total > 16 * sq_seeds(o))
        return gb_failn(err, GB_EINVAL, (unsigned long)total,
                        "%d stone in play and taken, more than the game's %d",
                        "%d stones in play and taken, more than the game's %d", total,
                        16 * sq_seeds(o));
    if (p->mark_s || p->mark_n || p->mine)
        return gb_fail(err, GB_EINVAL, "Sadeqa III has no marked holes");
    if (p->own_n != 0xff00u)
        return gb_fail(err, GB_EINVAL, "in Sadeqa III each player owns his own row");
    return GB_OK;
}

const gb_rules gb_rules_sadeqa = {
    .version = GB_RULES_VERSION,
    .name = "sadeqa",
    .title = "Sadeqa III",
    .n = SQ_N,
    .options = sq_options,
    .num_options = (int)(sizeof sq_options / sizeof sq_options[0]),
    .phases = sq_phases,
    .setup = sq_setup,
    .play = sq_play,
    .gen = sq_gen,
    .ended = sq_ended,
    .finish = sq_finish,
    .scores = sq_scores,
    .check = sq_check,
    .sample = sq_sample,
    .any_move = sq_any_move,
    .gen_lazy = sq_gen_lazy,
    .eval = gb_sadeqa_eval,
    .text = &gb_sadeqa_text,
    .words = &gb_sadeqa_words,
    .lessons = gb_sadeqa_lessons,
};
