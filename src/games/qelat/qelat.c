/* qelat.c — Qelat (Keren, Eritrea; Pankhurst's Qelat II): RULINGS §3, Q1–Q11, with §0–§1.
 *
 * 2x6 holes, 4 balls each (48). A player sows from a hole he owns that is not an ekwarna, with
 * relay. The last ball of a lap can capture an enemy hole at 4 (it becomes the mover's ekwarna),
 * stop in the mover's own ekwarna, or "eat" from the opponent's ekwarna (then the mover plays
 * again). The round ends when no ball lies outside ekwarna; earnings are re-laid four to a hole
 * and decide who owns how many holes next round; the match ends when one player owns all 12.
 *
 * Position data (gb_pos):
 *   holes, store[2]  balls in the holes; takings this round (Q3 eat)
 *   own_n            owner of every hole this round (Q1, Q8); unchanged by a capture
 *   mark_s, mark_n   the ekwarna of South / North (the captor), Q3/Q4
 *   round            1-based round number
 *   aux              bit 0: who started this round (Q9); bits 1-2: lots of the last settlement
 *                    (0 none, 1 South, 2 North, Q7); bits 3-6: holes South owned in the last
 *                    finished round (for the round summary)
 *   match[0..1]      earnings of the last finished round (South, North); 0,0 in round 1
 *   holes[16..19]    with match-repeat=ends only: the round starts seen in the match (Q11,
 *                    ql_starts in qelat.h), this round's included; 0 with plays-on */
#include "qelat.h"


static const char *const enemy_choices[] = {"owner", "row", NULL};
static const char *const after_eat_choices[] = {"again", "end", NULL};
static const char *const layout_choices[] = {"loser-first", "winner-first", NULL};
static const char *const starter_choices[] = {"loser", "alternate", NULL};
static const char *const rounds_choices[] = {"match", "1", NULL};
static const char *const repeat_choices[] = {"plays-on", "ends", NULL};
static const gb_option_def ql_options[] = {
    {"enemy", QL_ENEMY, enemy_choices, 0, 0, 0,
     "whether an enemy hole for an ekwarna is one the opponent owns, or in his row", "Q3"},
    {"after-eat", QL_AFTER_EAT, after_eat_choices, 0, 0, 0,
     "after eating from an enemy ekwarna, play again or end the move", "Q3"},
    {"layout", QL_LAYOUT, layout_choices, 0, 0, 0,
     "who lays out his holes first when holes change hands between rounds", "Q8"},
    {"next-starter", QL_NEXT_STARTER, starter_choices, 0, 0, 0,
     "who starts the next round: its loser, or the players in turn", "Q9"},
    {"rounds", QL_ROUNDS, rounds_choices, 0, 0, 0,
     "a whole match, or a single round decided by earnings", "Q10"},
    {"match-repeat", QL_MATCH_REPEAT, repeat_choices, 0, 0, 0,
     "whether a match whose round start repeats plays on, or ends scored by holes", "Q11"},
    GB_OPTION_SKIP_ORIGIN,
    GB_OPTION_ENDLESS,
    GB_OPTION_MAX_PLIES,
    GB_OPTION_MAX_ROUNDS,
};
static const char *const ql_phases[] = {"play", NULL};

/* aux fields */
static int aux_starter(const gb_pos *p) { return p->aux & 1; }
static int aux_lots(const gb_pos *p) { return (p->aux >> 1) & 3; }
static int aux_prev_holes(const gb_pos *p) { return (p->aux >> 3) & 15; }
static uint8_t make_aux(int starter, int lots, int prev_holes_s)
{
    return (uint8_t)(starter | lots << 1 | prev_holes_s << 3);
}

static uint32_t bit(int i) { return 1u << i; }
static uint32_t ekwarna(const gb_pos *p) { return p->mark_s | p->mark_n; }
static uint32_t marks_of(const gb_pos *p, int side) { return side ? p->mark_n : p->mark_s; }
static uint32_t owned_by(const gb_pos *p, int side) { return side ? p->own_n & QL_ALL : ~p->own_n & QL_ALL; }
static int popcount12(uint32_t m)
{
    int c = 0;
    for (; m; m &= m - 1)
        c++;
    return c;
}

static void ql_setup(const gb_options *o, gb_pos *p)
{
    memset(p, 0, sizeof *p);
    for (int i = 0; i < QL_RING; i++)
        p->holes[i] = 4;      /* Q1: four balls a hole */
    p->own_n = 0xfc0u;        /* Q1: each player owns his own row at the start of the match */
    p->to_move = GB_SOUTH;    /* §3 clarifications: South starts round 1 */
    p->round = 1;
    p->aux = make_aux(GB_SOUTH, 0, 0);
    if (o->v[QL_MATCH_REPEAT] && o->v[QL_ROUNDS] == 0) /* Q11: round 1's start is a start too */
        ql_set_starts(p, 1u << ql_start_bit(6, GB_SOUTH));
}

/* Note a lap in t: in full for display (events), or only its count and stones (playouts). */
static inline void ql_lap(gb_trace *t, bool events, uint32_t skip, int from, int to, int stones,
                          int event, int other, int value)
{
    if (events) { /* the holes it sowed: the `stones` after `from`, passing over `skip` (§0) */
        gb_trace_holes_after(t, QL_RING, from, stones, skip);
        gb_trace_lap(t, from, to, stones, event, other, value);
    }
    else if (t) {
        t->laps++;
        t->sown += stones;
    }
}

/* The 12 counts as two words for the sowing (where bytes are in little-endian order): holes 0-7
 * in `lo` (hole i in byte i), holes 8-11 in the low four bytes of `hi` (holes[12..15], past the
 * ring, ride along unchanged). A lap of s stones from h without skip-origin (§0) is then h's byte
 * cleared and, added, s/12 to every hole and one more to the s%12 holes after h: one table load
 * and a few additions instead of a loop over the stones (as Sadeqa III's sowing, whose comments
 * say more). No byte can carry: there are 48 balls. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define QL_WORDS 1
typedef struct ql_words {
    uint64_t lo, hi;
} ql_words;
/* byte i % 8 set when hole i is among the r holes after f, round the ring of 12 */
#define QL_B(i, f, r) ((uint64_t)((((i) + 23 - (f)) % 12) < (r)) << (8 * ((i) & 7)))
#define QL_LO(f, r)                                                                                \
    (QL_B(0, f, r) | QL_B(1, f, r) | QL_B(2, f, r) | QL_B(3, f, r) | QL_B(4, f, r) |               \
     QL_B(5, f, r) | QL_B(6, f, r) | QL_B(7, f, r))
#define QL_HI(f, r) (QL_B(8, f, r) | QL_B(9, f, r) | QL_B(10, f, r) | QL_B(11, f, r))
#define QL_E(f, r) {QL_LO(f, r), QL_HI(f, r)}
#define QL_ROW(f)                                                                                  \
    {QL_E(f, 0), QL_E(f, 1), QL_E(f, 2), QL_E(f, 3), QL_E(f, 4),  QL_E(f, 5),                     \
     QL_E(f, 6), QL_E(f, 7), QL_E(f, 8), QL_E(f, 9), QL_E(f, 10), QL_E(f, 11)}
static const ql_words ql_lap_run[QL_RING][QL_RING] = {
    QL_ROW(0), QL_ROW(1), QL_ROW(2), QL_ROW(3), QL_ROW(4),  QL_ROW(5),
    QL_ROW(6), QL_ROW(7), QL_ROW(8), QL_ROW(9), QL_ROW(10), QL_ROW(11)};
#define QL_BYTE(h) (0xffull << (8 * ((h) & 7)))
#define QL_K(h) {(h) < 8 ? ~QL_BYTE(h) : ~0ull, (h) < 8 ? ~0ull : ~QL_BYTE(h)}
static const ql_words ql_keep[QL_RING] = {QL_K(0), QL_K(1), QL_K(2), QL_K(3),  QL_K(4),  QL_K(5),
                                          QL_K(6), QL_K(7), QL_K(8), QL_K(9), QL_K(10), QL_K(11)};
static inline int ql_count(uint64_t lo, uint64_t hi, int i)
{
    return (uint8_t)((i & 8 ? hi : lo) >> (8 * (i & 7)));
}
#endif

/* The holes that hold balls, bit i for hole i of the 12: a word at a time where bytes are in
 * little-endian order (bit 7 of each byte of ((w + 0x7f..) | w) is set when the byte is not 0,
 * since a count is at most 48; one multiply gathers those bits), else hole by hole. */
static inline uint32_t ql_nonempty(const gb_pos *p)
{
#ifdef QL_WORDS
    uint64_t lo, hi;
    memcpy(&lo, p->holes, 8);
    memcpy(&hi, p->holes + 8, 8);
    lo = ((lo + 0x7f7f7f7f7f7f7f7full) | lo) & 0x8080808080808080ull;
    hi = ((hi + 0x7f7f7f7f7f7f7f7full) | hi) & 0x0000000080808080ull;
    return (uint32_t)(((lo >> 7) * 0x0102040810204080ull) >> 56) |
           (uint32_t)(((hi >> 7) * 0x0102040810204080ull) >> 56) << 8;
#else
    uint32_t live = 0;
    for (int i = 0; i < QL_RING; i++)
        live |= (uint32_t)(p->holes[i] != 0) << i;
    return live;
#endif
}

/* How many bits of a mask of 12 bits (not __builtin_popcount: without -mpopcnt it is a call) */
static inline int ql_popcount(uint32_t m)
{
    m = m - ((m >> 1) & 0x555u);
    m = (m & 0x333u) + ((m >> 2) & 0x333u);
    m = (m + (m >> 4)) & 0x0f0fu;
    return (int)((m + (m >> 8)) & 0x1fu);
}

/* The holes that are enemy holes to `mover` for a capture (Q3): by ownership (enemy=owner) or by
 * row (enemy=row). Owners do not change during a round's plies, nor do rows. */
static inline uint32_t enemy_holes(const gb_options *o, const gb_pos *p, int mover)
{
    if (o->v[QL_ENEMY] == 1)
        return mover ? 0x03fu : 0xfc0u;
    return (mover ? ~p->own_n : p->own_n) & QL_ALL;
}

/* Q3: what the last ball of a lap from `from` (of `stones` balls), fallen into hole pos (now
 * holding the counts in p->holes), does. Returns true when the move ends there. */
#if defined(__GNUC__)
__attribute__((always_inline)) /* out of line at -O2, where the playouts' sowing calls it once a move */
#endif
static inline bool lap_end(gb_pos *p, int mover, uint32_t enemy, int from, int pos, int stones,
                           uint32_t passed, gb_trace *t, bool *ate, bool events)
{
    uint32_t *mine = mover ? &p->mark_n : &p->mark_s;
    const uint32_t theirs = mover ? p->mark_s : p->mark_n, b = bit(pos);
    if (*mine & b) { /* Q3: the mover's own ekwarna: the ball stays there; the move ends */
        ql_lap(t, events, passed, from, pos, stones, GB_EV_INTO_HELD, pos, 0);
        return true;
    }
    if (theirs & b) {
        /* Q3: an ekwarna of the opponent: eat the last ball, with one more from it if it held
         * any before the last ball fell (clarifications: an empty one yields the last ball
         * alone and stays the opponent's, Q4). */
        int held = p->holes[pos] - 1, eaten = 1 + (held > 0);
        p->holes[pos] = (uint8_t)(p->holes[pos] - eaten);
        p->store[mover] = (uint8_t)(p->store[mover] + eaten);
        ql_lap(t, events, passed, from, pos, stones, GB_EV_RAID, pos, eaten);
        *ate = true;
        return true;
    }
    /* Q3: an ordinary hole. */
    if ((enemy & b) && p->holes[pos] == 4) { /* Q3: it becomes the mover's ekwarna; move ends */
        *mine |= b;
        ql_lap(t, events, passed, from, pos, stones, GB_EV_CLAIM, pos, 0);
        return true;
    }
    if (p->holes[pos] == 1) { /* Q3: ordinary, now holds 1: the move ends */
        ql_lap(t, events, passed, from, pos, stones, GB_EV_END, pos, 0);
        return true;
    }
    return false; /* Q3 otherwise (ordinary, 2 or more, including 4 in a hole the mover owns) */
}

/* One whole sowing (Q2, Q3) from hole h by `mover`, relay included. Sets *ate when the move ended
 * by eating (Q3). Returns GB_OK or GB_EENDLESS (T1). With `events` false only the laps' count and
 * stones go to t (playouts). The marks, stores and owners do not change until the last lap, so
 * the lap guard (T1) compares the board and the hole about to be lifted only; it counts the first
 * GB_LAP_QUICK laps and begins its cycle search after them (gb_lapguard_lap). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int sow(const gb_options *o, gb_pos *p, int mover, int h, gb_trace *t, bool *ate,
                      bool events)
{
    const uint32_t enemy = enemy_holes(o, p, mover);
    *ate = false;
#ifdef QL_WORDS
    if (!o->v[GB_OPT_SKIP_ORIGIN]) {
        /* the counts in two registers for the whole sowing, the lap guard's saved state too */
        const uint32_t stop = p->mark_s | p->mark_n; /* an ekwarna ends the move, whoever's */
        uint64_t lo, hi, saved_lo = 0, saved_hi = 0;
        long laps = 0, power = 1, lambda = 0;
        int saved_h = -1;
        memcpy(&lo, p->holes, 8);
        memcpy(&hi, p->holes + 8, 8);
        for (;;) {
            const int stones = ql_count(lo, hi, h), r = stones % 12;
            const uint64_t all = 0x0101010101010101ull * (unsigned)(stones / 12);
            lo = (lo & ql_keep[h].lo) + ql_lap_run[h][r].lo + all;
            hi = (hi & ql_keep[h].hi) + ql_lap_run[h][r].hi + (all & 0xffffffffull);
            const int pos = (h + r) % 12, now = ql_count(lo, hi, pos);
            if ((stop & bit(pos)) || now == 1 || (now == 4 && (enemy & bit(pos)))) {
                memcpy(p->holes, &lo, 8);
                memcpy(p->holes + 8, &hi, 8);
                bool ended = lap_end(p, mover, enemy, h, pos, stones, 0, t, ate, events);
                assert(ended);
                (void)ended;
                return GB_OK;
            }
            ql_lap(t, events, 0, h, pos, stones, GB_EV_CONTINUE, pos, 0);
            if (laps < GB_LAP_QUICK) {
                laps++;
            } else { /* gb_lapguard_step's Brent search, on the registers */
                if (++laps >= GB_LAP_LIMIT || (saved_h == pos && lo == saved_lo && hi == saved_hi)) {
                    memcpy(p->holes, &lo, 8);
                    memcpy(p->holes + 8, &hi, 8);
                    return GB_EENDLESS; /* T1: the lap limit, or a lap-end state again */
                }
                if (saved_h < 0 || ++lambda == power) { /* re-save at powers of 2 */
                    saved_lo = lo;
                    saved_hi = hi;
                    saved_h = pos;
                    if (lambda == power)
                        power *= 2;
                    lambda = 0;
                }
            }
            h = pos;
        }
    }
#endif
    const bool skip_origin = o->v[GB_OPT_SKIP_ORIGIN];
    gb_lapguard guard;
    guard.laps = 0;
    for (;;) {
        int stones = p->holes[h], origin = h, pos = h;
        p->holes[h] = 0;
        const uint32_t passed = skip_origin ? 1u << origin : 0u; /* for the trace (§0) */
        for (int k = stones; k > 0; k--) { /* Q2: into every hole, ekwarna included */
            pos = gb_next(QL_RING, pos);
            if (skip_origin && pos == origin) /* §0 skip-origin=yes */
                pos = gb_next(QL_RING, pos);
            p->holes[pos]++;
        }
        if (lap_end(p, mover, enemy, h, pos, stones, passed, t, ate, events))
            return GB_OK;
        ql_lap(t, events, passed, h, pos, stones, GB_EV_CONTINUE, pos, 0);
        if (guard.laps == GB_LAP_QUICK - 1) { /* the cycle search begins: set it up */
            gb_lapguard_init(&guard, QL_RING);
            guard.laps = GB_LAP_QUICK - 1;
        }
        if (gb_lapguard_lap(&guard, p->holes, pos, 0)) /* marks and stores never change mid-sowing */
            return GB_EENDLESS;                         /* T1 */
        h = pos;
    }
}

static inline uint32_t start_holes(const gb_pos *p, int side);

/* Q2: may `side` start a sowing from hole h? */
static bool can_start(const gb_pos *p, int side, int h)
{
    return p->holes[h] > 0 && gb_pos_owner(p, h) == side && !(ekwarna(p) & bit(h));
}

/* Has `side` a legal sowing (T1/T4: with endless=illegal a never-ending one does not count)? */
static bool has_move(const gb_options *o, const gb_pos *p, int side)
{
    const uint32_t starts = start_holes(p, side);
    if (!starts || o->v[GB_OPT_ENDLESS])
        return starts != 0; /* endless=ends-game: every start is a legal move */
    /* A cheap proof first: a start of k < 12 balls whose first lap ends the move (Q3) is a finite
     * sowing. Its lap never comes round to the origin (so skip-origin does not matter) and drops
     * one ball into hole h + k: an ekwarna, an empty hole, or an enemy hole of 3 ends it. */
    const uint32_t enemy = enemy_holes(o, p, side), stop = ekwarna(p);
    for (uint32_t m = starts; m; m &= m - 1) {
        const int h = __builtin_ctz(m), k = p->holes[h];
        if (k < QL_RING) {
            const int pos = (h + k) % QL_RING, now = p->holes[pos] + 1;
            if ((stop & bit(pos)) || now == 1 || (now == 4 && (enemy & bit(pos))))
                return true;
        }
    }
    for (int h = 0; h < QL_RING; h++) {
        if (!(starts & bit(h)))
            continue;
        gb_pos c = *p;
        bool ate;
        if (sow(o, &c, side, h, NULL, &ate, false) == GB_OK)
            return true;
    }
    return false;
}

/* The end of a sowing move by `mover` (after sow returned GB_OK): whose turn it is, who moved
 * last, the ply count. Q3 after-eat=again: the eater plays again, if he has a legal move; else
 * the turn goes to the opponent without a pass ply (clarifications). The round end (Q6) is
 * checked by `ended` on the result, before anyone moves. */
static inline void after_sow(const gb_options *o, gb_pos *p, int mover, bool ate)
{
    p->to_move = (uint8_t)!mover;
    if (ate && o->v[QL_AFTER_EAT] == 0 && has_move(o, p, mover))
        p->to_move = (uint8_t)mover;
    p->flags = (uint8_t)((p->flags & ~GB_F_LAST_N) | (mover ? GB_F_LAST_N : 0));
    p->ply++;
}

/* Q5: the pass of `mover`, who has no legal move: the opponent moves again. */
static inline void do_pass(gb_pos *p, int mover)
{
    p->to_move = (uint8_t)!mover;
    p->flags = (uint8_t)((p->flags & ~GB_F_LAST_N) | (mover ? GB_F_LAST_N : 0));
    p->ply++;
}

/* sow for the move lists (ql_gen, ql_gen_lazy), with skip-origin=no: the same result and the
 * same GB_OK / GB_EENDLESS as sow with no trace, but the counts are two words in memory, so that
 * the count where a lap ended is one byte load (sow reads it out of two registers by a branch
 * and a shift), and it is also the next lap's stones. */
static inline int sow_listed(const gb_options *o, gb_pos *p, int mover, int h, bool *ate)
{
#ifdef QL_WORDS
    if (!o->v[GB_OPT_SKIP_ORIGIN]) {
        const uint32_t enemy = enemy_holes(o, p, mover), stop = p->mark_s | p->mark_n;
        union {
            uint64_t w[2];
            uint8_t b[16];
        } v;
        uint64_t saved_lo = 0, saved_hi = 0;
        long laps = 0, power = 1, lambda = 0;
        int saved_h = -1, stones = p->holes[h];
        memcpy(v.w, p->holes, 8);
        v.w[1] = 0;
        memcpy(&v.w[1], p->holes + 8, 4);
        *ate = false;
        for (;;) {
            int r = stones;
            uint64_t all = 0;
            if (r >= 12) { /* rare: laps round the whole ring (no division by 12 a lap) */
                r = stones % 12;
                all = 0x0101010101010101ull * (unsigned)(stones / 12);
            }
            const uint64_t lo = (v.w[0] & ql_keep[h].lo) + ql_lap_run[h][r].lo + all;
            const uint64_t hi = (v.w[1] & ql_keep[h].hi) + ql_lap_run[h][r].hi + (all & 0xffffffffull);
            v.w[0] = lo;
            v.w[1] = hi;
            const int from = h, last = stones;
            h += r;
            if (h >= 12)
                h -= 12;
            stones = v.b[h];
            if ((stop & bit(h)) || stones == 1 || (stones == 4 && (enemy & bit(h)))) {
                memcpy(p->holes, v.b, 12);
                bool ended = lap_end(p, mover, enemy, from, h, last, 0, NULL, ate, false);
                assert(ended);
                (void)ended;
                return GB_OK;
            }
            if (laps < GB_LAP_QUICK) {
                laps++;
                continue;
            }
            if (++laps >= GB_LAP_LIMIT || (saved_h == h && lo == saved_lo && hi == saved_hi))
                return GB_EENDLESS; /* T1 (p is not read after this) */
            if (saved_h < 0 || ++lambda == power) {
                saved_lo = lo;
                saved_hi = hi;
                saved_h = h;
                if (lambda == power)
                    power *= 2;
                lambda = 0;
            }
        }
    }
#endif
    return sow(o, p, mover, h, NULL, ate, false);
}

/* A sowing move from hole h (a legal start) on p, for the move lists: as ql_play. */
static inline int play_listed(const gb_options *o, gb_pos *p, int h)
{
    const int mover = p->to_move;
    bool ate;
    int rc = sow_listed(o, p, mover, h, &ate);
    if (rc == GB_OK)
        after_sow(o, p, mover, ate);
    return rc;
}

static int ql_play(const gb_options *o, gb_pos *p, gb_move *m, gb_trace *t, uint64_t *rng,
                   gb_error *err)
{
    (void)rng;
    const int mover = p->to_move;
    if (m->kind == GB_MOVE_PASS) {
        /* Q5: a player passes only when he has no legal move (T4 included). */
        if (has_move(o, p, mover))
            return gb_fail(err, GB_EILLEGAL, "you may pass only when you have no legal move (Q5)");
        do_pass(p, mover); /* Q5: the opponent moves again */
        return GB_OK;
    } else if (m->kind == GB_MOVE_SOW && m->refusals == 0) {
        int h = m->hole;
        if (h >= QL_RING)
            return gb_fail(err, GB_EILLEGAL, "no such hole");
        if (gb_pos_owner(p, h) != mover)
            return gb_fail(err, GB_EILLEGAL, "a move starts from a hole you own (Q2)");
        if (ekwarna(p) & bit(h))
            return gb_fail(err, GB_EILLEGAL, "nobody may start a move from an ekwarna (Q4)");
        if (p->holes[h] == 0)
            return gb_fail(err, GB_EILLEGAL, "that hole is empty (Q2)");
        bool ate;
        int rc = sow(o, p, mover, h, t, &ate, true);
        if (rc != GB_OK)
            return rc;
        after_sow(o, p, mover, ate);
        return GB_OK;
    } else {
        return gb_fail(err, GB_EILLEGAL, "in Qelat a move is a hole label, or pass");
    }
}

static int ql_gen(const gb_options *o, const gb_pos *p, gb_move *moves, gb_pos *children)
{
    int count = 0, side = p->to_move;
    for (int h = 0; h < QL_RING; h++) { /* ring order: a player may own holes on either row */
        if (!can_start(p, side, h))
            continue;
        gb_move m = {.kind = GB_MOVE_SOW, .hole = (uint8_t)h};
        gb_pos c = *p;
        int rc = play_listed(o, &c, h);
        if (rc == GB_EENDLESS) {
            if (o->v[GB_OPT_ENDLESS] == 0)
                continue; /* T1, endless=illegal: not a legal move */
            c = *p;       /* endless=ends-game: the round ends on the board before the move */
            c.flags |= GB_F_ENDLESS;
        }
        moves[count] = m;
        children[count++] = c;
    }
    if (count == 0) { /* Q5 (and T4): no legal move: the only move is to pass */
        gb_move m = {.kind = GB_MOVE_PASS};
        gb_pos c = *p;
        ql_play(o, &c, &m, NULL, NULL, NULL);
        moves[count] = m;
        children[count++] = c;
    }
    return count;
}

/* gb_rules.gen_lazy: ql_gen for the batch. Under endless=ends-game every hole the mover may start
 * from is a legal move (T1), so none is sown here. Under endless=illegal a hole of k stones,
 * k < 12, is legal unsown when its first lap (which cannot reach its origin) ends the move by Q3:
 * its last ball falls into an ekwarna, or into an empty hole, or makes 4 in a hole the mover may
 * claim. Every other hole is sown, as ql_gen does. */
static int ql_gen_lazy(const gb_options *o, const gb_pos *p, gb_move *moves, gb_pos *children,
                       uint64_t *lazy)
{
    int count = 0, side = p->to_move;
    const bool ends_game = o->v[GB_OPT_ENDLESS] != 0;
    const uint32_t enemy = enemy_holes(o, p, side), stop = ekwarna(p);
    uint64_t bits = 0;
    for (uint32_t starts = start_holes(p, side); starts; starts &= starts - 1) {
        const int h = __builtin_ctz(starts), k = p->holes[h], pos = (h + k) % QL_RING;
        moves[count] = (gb_move){.kind = GB_MOVE_SOW, .hole = (uint8_t)h};
        if (ends_game || (k < QL_RING && ((stop & bit(pos)) || p->holes[pos] == 0 ||
                                          ((enemy & bit(pos)) && p->holes[pos] == 3)))) {
            bits |= 1ull << count++;
            continue;
        }
        gb_pos *c = &children[count];
        *c = *p;
        if (play_listed(o, c, h) == GB_EENDLESS)
            continue; /* T1, endless=illegal: not a legal move */
        count++;
    }
    *lazy = bits;
    if (count == 0) { /* Q5 (and T4): no legal move: the only move is to pass */
        gb_move m = {.kind = GB_MOVE_PASS};
        gb_pos c = *p;
        ql_play(o, &c, &m, NULL, NULL, NULL);
        moves[count] = m;
        children[count++] = c;
    }
    return count;
}

/* The holes `side` may start from (Q2, Q4): owned, not an ekwarna, not empty; bit i for hole i. */
static inline uint32_t start_holes(const gb_pos *p, int side)
{
    return ql_nonempty(p) & owned_by(p, side) & ~ekwarna(p);
}

/* The playouts' fast path (gb_rules.sample): a uniformly random legal move with gen's child.
 * Draw one of the holes the mover may start from; if its sowing never ends and that makes it
 * illegal (T1), drop it and draw again from the rest, so every legal move is equally likely;
 * with none left the only move is to pass (Q5, T4), as in gen. */
static int ql_sample(const gb_options *o, const gb_pos *p, uint64_t *rng, gb_move *m,
                     gb_pos *child, gb_trace *t)
{
    const int side = p->to_move;
    uint32_t live = start_holes(p, side);
    while (live) {
        uint32_t pick = live;
        for (int k = gb_rand_below(rng, ql_popcount(live)); k > 0; k--)
            pick &= pick - 1;
        const int h = __builtin_ctz(pick);
        gb_trace_restart(t);
        *child = *p;
        *m = (gb_move){.kind = GB_MOVE_SOW, .hole = (uint8_t)h};
        bool ate;
        if (sow(o, child, side, h, t, &ate, false) == GB_OK) {
            after_sow(o, child, side, ate);
            return 1;
        }
        if (o->v[GB_OPT_ENDLESS]) { /* endless=ends-game: legal, and ends the round */
            gb_trace_restart(t);
            *child = *p;
            child->flags |= GB_F_ENDLESS;
            return 1;
        }
        live &= ~(1u << h);
    }
    gb_trace_restart(t);
    *child = *p;
    *m = (gb_move){.kind = GB_MOVE_PASS};
    do_pass(child, side);
    return 1;
}

/* Q6: the round ends as soon as no ball lies outside ekwarna. */
static bool ql_ended(const gb_options *o, const gb_pos *p, int nmoves)
{
    (void)o;
    (void)nmoves;
    return (ql_nonempty(p) & ~ekwarna(p)) == 0;
}

/* Q6 earnings: takings + balls in one's ekwarna; at a round ended by T1/T2/T3, balls in an
 * ordinary hole go to its owner (clarifications). */
static void earnings(const gb_pos *p, int e[2])
{
    e[0] = p->store[0];
    e[1] = p->store[1];
    for (int i = 0; i < QL_RING; i++) {
        if (p->mark_s & bit(i))
            e[0] += p->holes[i];
        else if (p->mark_n & bit(i))
            e[1] += p->holes[i];
        else
            e[gb_pos_owner(p, i)] += p->holes[i];
    }
}

/* Q7: South's holes for the next round from South's earnings (of 48) and the lots (0 none,
 * 1 South, 2 North): one hole a full four; of the odd balls, 3 beats 1; 2/2 goes by lot. */
static int holes_after(int earn_s, int lots)
{
    int h = earn_s / 4, rem = earn_s % 4;
    if (rem == 3 || (rem == 2 && lots == 1))
        h++;
    return h;
}

/* Q8: owners (own_n) of the next round when South owns hs holes. */
static uint32_t layout_owners(int hs, bool winner_first)
{
    uint32_t s = 0;
    if (hs == 6) {
        s = 0x3fu; /* clarifications: at 6-6 each owns his own row */
    } else if (!winner_first) {
        /* loser-first: the player with fewer holes takes his from his own rightmost hole
         * clockwise (decreasing ring index) along his own row; the other owns the rest. */
        if (hs < 6) {
            for (int i = 5; i > 5 - hs; i--) /* South: F, E, ... */
                s |= bit(i);
        } else {
            uint32_t n = 0;
            for (int i = 11; i > 11 - (12 - hs); i--) /* North: f, e, ... */
                n |= bit(i);
            s = QL_ALL & ~n;
        }
    } else {
        /* winner-first: the gainer lays from his rightmost hole clockwise through his row and on
         * into the loser's rightmost holes. */
        if (hs > 6) {
            s = 0x3fu;
            for (int i = 0, k = hs - 6; i < k; i++) /* F..A, then f, e, ... */
                s |= bit(11 - i);
        } else {
            uint32_t n = 0xfc0u;
            for (int i = 0, k = (12 - hs) - 6; i < k; i++) /* f..a, then F, E, ... */
                n |= bit(5 - i);
            s = QL_ALL & ~n;
        }
    }
    return QL_ALL & ~s;
}

/* For the round words (text.c). */
void gb_qelat_earnings(const gb_pos *p, int e[2]) { earnings(p, e); }
int gb_qelat_holes_after(const gb_pos *p) { return holes_after(p->match[0], aux_lots(p)); }
uint32_t gb_qelat_owners(const gb_options *o, int holes_s)
{
    return layout_owners(holes_s, o->v[QL_LAYOUT] == 1);
}

static void ql_finish(const gb_options *o, gb_pos *p, int reason, uint8_t *chance, uint64_t *rng)
{
    int e[2];
    earnings(p, e);
    if (o->v[QL_ROUNDS] == 1) {
        /* Q10 rounds=1: a single round decided by earnings, equal a draw; no lots. The board is
         * left as it lies; scores() counts it again. */
        p->end_reason = (uint8_t)reason;
        p->flags |= GB_F_OVER;
        p->winner = e[0] > e[1] ? GB_SOUTH : e[1] > e[0] ? GB_NORTH : GB_DRAW;
        return;
    }
    int lots = 0;
    if (e[0] % 4 == 2) {
        /* Q7: 2/2 remainders: lots are drawn from the game's seeded random source, and the
         * outcome (1 South, 2 North) is written back into the ply that ended the round. */
        if (*chance != 1 && *chance != 2)
            *chance = (uint8_t)(1 + (rng ? (gb_rand_next(rng) >> 32) & 1 : 0));
        lots = *chance;
    }
    int hs = holes_after(e[0], lots), starter = aux_starter(p);
    int held_s = popcount12(owned_by(p, GB_SOUTH));
    p->match[0] = (int16_t)e[0];
    p->match[1] = (int16_t)e[1];
    p->aux = make_aux(starter, lots, held_s);
    if (hs == 0 || hs == 12) {
        /* Q10: one player owns all 12 holes: he wins the match (T5: by `rule`, however the
         * round ended). The board is left as it lies. */
        p->end_reason = GB_END_RULE;
        p->flags |= GB_F_OVER;
        p->winner = hs == 12 ? GB_SOUTH : GB_NORTH;
        return;
    }
    /* Q9: the loser (fewer earnings) starts; after an even round, or with next-starter=alternate,
     * the other player than this round's starter. */
    int next = !starter;
    if (o->v[QL_NEXT_STARTER] == 0 && e[0] != e[1])
        next = e[0] < e[1] ? GB_SOUTH : GB_NORTH;
    /* Q11 match-repeat=ends: the next round's start (after Q7-Q9) is fixed by hs and who starts
     * (Q8 lays the owners from hs; every hole restarts with 4). If an earlier round of this
     * match began so, the match ends now, scored as at the cap (T3) and recorded as
     * `repetition`: after Q10, before max-rounds (T5's order). The board is left as it lies. */
    uint32_t starts = ql_starts(p);
    if (o->v[QL_MATCH_REPEAT]) {
        const uint32_t b = 1u << ql_start_bit(hs, next);
        if (starts & b) {
            p->end_reason = GB_END_REPETITION;
            p->flags |= GB_F_OVER;
            p->winner = hs > 6 ? GB_SOUTH : hs < 6 ? GB_NORTH : GB_DRAW;
            return;
        }
        starts |= b;
    }
    if (p->round >= o->v[GB_OPT_MAX_ROUNDS]) {
        /* T3 max-rounds: the player ahead by holes wins, equal is a draw; ends with `cap`. */
        p->end_reason = GB_END_CAP;
        p->flags |= GB_F_OVER;
        p->winner = hs > 6 ? GB_SOUTH : hs < 6 ? GB_NORTH : GB_DRAW;
        return;
    }
    /* Q7/Q8: every hole restarts as an ordinary hole with 4 balls; owners laid out as Q8. */
    for (int i = 0; i < QL_RING; i++)
        p->holes[i] = 4;
    p->own_n = layout_owners(hs, o->v[QL_LAYOUT] == 1);
    p->mark_s = p->mark_n = 0;
    p->store[0] = p->store[1] = 0;
    p->to_move = (uint8_t)next;
    p->aux = make_aux(next, lots, held_s);
    ql_set_starts(p, starts); /* Q11: this round's start now counts (0 with plays-on) */
    p->ply = 0; /* T5: max-plies counts per round */
    p->round++;
    p->flags = (uint8_t)((p->flags & ~(GB_F_OVER | GB_F_LAST_N)) | GB_F_ROUND_NEW);
    p->end_reason = GB_END_NONE;
}

static void ql_scores(const gb_options *o, const gb_pos *p, int score[2])
{
    if (o->v[QL_ROUNDS] == 1) { /* rounds=1: earnings (Q6, with T2 for balls left in play) */
        earnings(p, score);
        return;
    }
    /* The match: holes owned after the last round's settlement (Q7, Q10, T3). */
    score[0] = holes_after(p->match[0], aux_lots(p));
    score[1] = 12 - score[0];
}

static int ql_check(const gb_options *o, const gb_pos *p, gb_error *err)
{
    int total = p->store[0] + p->store[1] + gb_pos_board_total(p, QL_RING);
    if (total != QL_BALLS)
        return gb_failn(err, GB_EINVAL, (unsigned long)total,
                        "%d ball in the holes and the stores; Qelat has exactly %d",
                        "%d balls in the holes and the stores; Qelat has exactly %d", total, QL_BALLS);
    if (p->mine)
        return gb_fail(err, GB_EINVAL, "Qelat has no miné");
    if ((p->own_n | p->mark_s | p->mark_n) & ~QL_ALL)
        return gb_fail(err, GB_EINVAL, "Qelat has 12 holes");
    if (p->phase != 0)
        return gb_fail(err, GB_EINVAL, "Qelat has a single phase, play");
    if (p->aux > 127 || aux_lots(p) > 2 || aux_prev_holes(p) > 12)
        return gb_fail(err, GB_EINVAL, "bad aux=%u (starter + 2*lots + 8*holes of South last round)",
                       (unsigned)p->aux);
    int sum = p->match[0] + p->match[1];
    if (p->match[0] < 0 || p->match[1] < 0 || (sum != 0 && sum != QL_BALLS) ||
        (p->round > 1 && sum != QL_BALLS))
        return gb_fail(err, GB_EINVAL,
                       "match= holds the last round's earnings, which add up to 48 (0,0 in round 1)");
    if (o->v[QL_ROUNDS] == 1 && (p->round != 1 || p->aux > 1 || sum))
        return gb_fail(err, GB_EINVAL, "with rounds=1 there is only round 1 and no match data");
    /* Owners change only between rounds, laid out as Q8 (round 1: each his own row, Q1). */
    int hs = popcount12(owned_by(p, GB_SOUTH));
    /* Q11: with match-repeat=ends, starts= holds the distinct round starts so far, one a round,
     * this round's among them (22 possible: hs 1-11, either starter); with plays-on, nothing. */
    const uint32_t starts = ql_starts(p);
    if (!o->v[QL_MATCH_REPEAT] || o->v[QL_ROUNDS] == 1) {
        if (starts)
            return gb_fail(err, GB_EINVAL, "starts= is kept only with match-repeat=ends in a match (Q11)");
    } else if ((starts >> 22) || hs < 1 || hs > 11 || !(starts >> ql_start_bit(hs, aux_starter(p)) & 1u) ||
               popcount12(starts) != p->round) {
        return gb_failn(err, GB_EINVAL, (unsigned long)p->round,
                        /* TRANSLATORS: the %u counts the round starts; the %d is how many holes
                         * South owns */
                        "starts= must hold %u distinct round start, this round's (South's holes: %d, "
                        "%s starts) among them (Q11)",
                        "starts= must hold %u distinct round starts, this round's (South's holes: %d, "
                        "%s starts) among them (Q11)",
                        (unsigned)p->round, hs, aux_starter(p) ? "North" : "South");
    }
    if (p->own_n != layout_owners(hs, o->v[QL_LAYOUT] == 1) || (p->round == 1 && hs != 6))
        return gb_fail(err, GB_EINVAL, "the owners (own=) are not laid out as Q1/Q8 say");
    /* Q3: an ekwarna is captured from an enemy hole: by owner (enemy=owner) or by row. */
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < QL_RING; i++) {
            if (!(marks_of(p, side) & bit(i)))
                continue;
            int enemy_side = o->v[QL_ENEMY] ? gb_row_of(QL_N, i) : gb_pos_owner(p, i);
            if (enemy_side == side)
                return gb_fail(err, GB_EINVAL, "hole %d cannot be an ekwarna of %s: it is not an enemy hole (Q3)",
                               i, side ? "North" : "South");
        }
    return GB_OK;
}

static int ql_fields(const gb_options *o, const gb_pos *p, gb_field *out, int max)
{
    static const char *const side_text[] = {"S", "N"};
    int e[2], k = 0;
    if (max < 6)
        return 0;
    /* earnings so far this round: takings + balls in one's ekwarna (Q6) */
    e[0] = p->store[0];
    e[1] = p->store[1];
    for (int i = 0; i < QL_RING; i++) {
        if (p->mark_s & bit(i))
            e[0] += p->holes[i];
        else if (p->mark_n & bit(i))
            e[1] += p->holes[i];
    }
    out[k++] = (gb_field){"earnings", true, e[0], e[1], NULL};
    int hs = popcount12(owned_by(p, GB_SOUTH));
    if ((p->flags & GB_F_OVER) && o->v[QL_ROUNDS] == 0)
        hs = holes_after(p->match[0], aux_lots(p)); /* after the final settlement */
    out[k++] = (gb_field){"holes_owned", true, hs, 12 - hs, NULL};
    out[k++] = (gb_field){"starter", false, 0, 0, side_text[aux_starter(p)]};
    if (p->round > 1 || ((p->flags & GB_F_OVER) && o->v[QL_ROUNDS] == 0)) {
        /* the last finished round: its earnings, the holes held in it, the lots if drawn */
        out[k++] = (gb_field){"last_earnings", true, p->match[0], p->match[1], NULL};
        out[k++] = (gb_field){"last_holes_owned", true, aux_prev_holes(p), 12 - aux_prev_holes(p), NULL};
        if (aux_lots(p))
            out[k++] = (gb_field){"lots", false, 0, 0, side_text[aux_lots(p) - 1]};
    }
    return k;
}

const gb_rules gb_rules_qelat = {
    .version = GB_RULES_VERSION,
    .name = "qelat",
    .title = "Qelat",
    .n = QL_N,
    .options = ql_options,
    .num_options = (int)(sizeof ql_options / sizeof ql_options[0]),
    .phases = ql_phases,
    .setup = ql_setup,
    .play = ql_play,
    .gen = ql_gen,
    .ended = ql_ended,
    .finish = ql_finish,
    .scores = ql_scores,
    .check = ql_check,
    .fields = ql_fields,
    .sample = ql_sample,
    .gen_lazy = ql_gen_lazy,
    .eval = gb_qelat_eval,
    .text = &gb_qelat_text,
    .words = &gb_qelat_words,
    .lessons = gb_qelat_lessons,
};
