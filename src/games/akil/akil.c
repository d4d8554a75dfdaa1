/* akil.c — L'ab al-Akil ("the game of the wise", Egypt; Lane 1836): RULINGS §4, A1–A13.
 *
 * 2x6 pits, 72 seeds, played in rounds. Each round opens with the tebweez: the distributor lays
 * all 72 seeds out as he likes (phase `layout`), the other player keeps his row or turns the board
 * (phase `choice`); then relay sowing (phase `sowing`) where a last seed making 2 or 4 captures
 * that pit with its opposite and a backward chain. Rounds are scored by their excess over 36 and
 * the match goes to 60.
 *
 * Position fields used: holes[0..11], store[] (seeds captured this round), phase, aux, match[]
 * (each side's accumulated gains), round. aux: bit 0 the distributor of this round (A13; 0 South,
 * 1 North); bits 1-3 how the previous round ended (GB_END_*, 0 before the first round ends);
 * bits 4-5 who won it (GB_SOUTH, GB_NORTH, GB_DRAW). aux is constant within a round, so it never
 * disturbs the repetition test (T2). */
#include "akil.h"


static const char *const tebweez_choices[] = {"free", "mirrored", NULL};
static const char *const starter_choices[] = {"lane", "chooser", NULL};
static const char *const chain_choices[] = {"final-lap", "unlimited", NULL};
static const char *const feed_choices[] = {"turn", "then-sow", NULL};
static const char *const two_choices[] = {"on-repeat", "at-once", NULL};
static const char *const gain_choices[] = {"excess", "difference", NULL};
static const char *const rounds_choices[] = {"match", "1", NULL};
static const gb_option_def ak_options[] = {
    {"tebweez", AK_TEBWEEZ, tebweez_choices, 0, 0, 0,
     "the layout is free, or pit i of one row is used only with pit i of the other", "A2"},
    {"starter", AK_STARTER, starter_choices, 0, 0, 0,
     "who moves first after the row choice: as Lane says, or always the chooser", "A3"},
    {"chain", AK_CHAIN, chain_choices, 0, 0, 0,
     "captures walk back over the last lap only, or further", "A6"},
    {"feed", AK_FEED, feed_choices, 0, 0, 0,
     "feeding is the whole turn, or the feeder sows after it", "A8"},
    {"two-seeds", AK_TWO_SEEDS, two_choices, 0, 0, 0,
     "two seeds left are split when they repeat, or at once", "A12"},
    {"gain", AK_GAIN, gain_choices, 0, 0, 0,
     "the round's gain is the excess over 36, or the difference of the scores", "A11"},
    {"rounds", AK_ROUNDS, rounds_choices, 0, 0, 0,
     "a whole match to 60, or a single round decided by seeds", "A13"},
    GB_OPTION_SKIP_ORIGIN,
    GB_OPTION_ENDLESS,
    GB_OPTION_MAX_PLIES,
    /* the round counter is 16 bits wide */
    GB_OPTION_MAX_ROUNDS,
};
static const char *const ak_phases[] = {"layout", "choice", "sowing", NULL};

#define OWN_N 0xfc0u /* each player owns his own row: ring 6..11 is North's */

static int distributor(const gb_pos *p) { return p->aux & 1; }
static int first_pit(int side) { return side * AK_N; }
static int prev_pit(int i) { return i == 0 ? AK_RING - 1 : i - 1; }

static int row_total(const gb_pos *p, int side)
{
    int t = 0;
    for (int i = first_pit(side); i < first_pit(side) + AK_N; i++)
        t += p->holes[i];
    return t;
}

static void ak_setup(const gb_options *o, gb_pos *p)
{
    (void)o;
    memset(p, 0, sizeof *p); /* A1: the board is empty at the start */
    p->own_n = OWN_N;
    p->phase = PH_LAYOUT;
    p->aux = GB_SOUTH;       /* clarification: South distributes in round 1 */
    p->to_move = GB_SOUTH;   /* A2: the distributor acts first */
    p->round = 1;
}

/* A2: all 72 seeds, any counts; with tebweez=mirrored ring pit i is used iff ring pit i+6 is. */
static int check_layout(const gb_options *o, const uint8_t *lay, gb_error *err)
{
    int total = 0;
    for (int i = 0; i < AK_RING; i++)
        total += lay[i];
    if (total != AK_SEEDS)
        return gb_fail(err, GB_EILLEGAL,
                       "a layout places all 72 seeds (A2); these counts add up to %d", total);
    if (o->v[AK_TEBWEEZ] == 1)
        for (int i = 0; i < AK_N; i++)
            if ((lay[i] == 0) != (lay[i + AK_N] == 0)) {
                char a[2], b[2];
                gb_label_format(AK_N, i, a);
                gb_label_format(AK_N, i + AK_N, b);
                return gb_fail(err, GB_EILLEGAL,
                               "with tebweez=mirrored pit %s is used if and only if pit %s is (A2)",
                               a, b);
            }
    return GB_OK;
}

/* A6: capture pit q with its opposite; returns the seeds taken. */
static int take(gb_pos *p, int q, int mover)
{
    int opp = gb_opposite(AK_N, q), n = p->holes[q] + p->holes[opp];
    p->holes[q] = 0;
    p->holes[opp] = 0;
    p->store[mover] = (uint8_t)(p->store[mover] + n);
    return n;
}

/* Note a lap in t: in full for display (events), or only its count and stones (playouts). */
static inline void ak_lap(gb_trace *t, bool events, uint32_t skip, int from, int to, int stones,
                          int event, int other, int value)
{
    if (events) { /* the holes it sowed: the `stones` after `from`, passing over `skip` (§0) */
        gb_trace_holes_after(t, AK_RING, from, stones, skip);
        gb_trace_lap(t, from, to, stones, event, other, value);
    }
    else if (t) {
        t->laps++;
        t->sown += stones;
    }
}

/* A4–A7: sow from pit h with relay. GB_OK, or GB_EENDLESS (T1). With `events` false only the
 * laps' count and stones go to t (playouts). */
static inline int sow(const gb_options *o, gb_pos *p, int h, int mover, gb_trace *t, bool events)
{
    const bool skip_origin = o->v[GB_OPT_SKIP_ORIGIN];
    gb_lapguard guard;
    gb_lapguard_init(&guard, AK_RING);
    for (;;) {
        int stones = p->holes[h], origin = h, pos = h;
        p->holes[h] = 0;
        const uint32_t passed = skip_origin ? 1u << origin : 0u; /* for the trace (§0) */
        for (int k = stones; k > 0; k--) {
            pos = gb_next(AK_RING, pos);
            if (skip_origin && pos == origin) /* §0 skip-origin=yes */
                pos = gb_next(AK_RING, pos);
            p->holes[pos]++;
        }
        int now = p->holes[pos];
        if (now == 1) { /* A5: last seed into an empty pit: the move ends */
            ak_lap(t, events, passed, origin, pos, stones, GB_EV_END, 0, 0);
            return GB_OK;
        }
        if (now == 2 || now == 4) {
            /* A6: it held 1 or 3: capture it and its opposite, on either row; then walk back over
             * the pits this last lap sowed, most recent first (skipping the origin as the lap
             * did), capturing each that now holds 2 or 4 with its opposite, until the first that
             * does not. chain=final-lap stops after the lap's first pit (stones - 1 steps back);
             * chain=unlimited walks on, which can only matter with skip-origin=yes (otherwise the
             * pit before the lap's first is its emptied origin). A pit emptied earlier in the
             * chain holds 0 and stops it; a walk of a whole ring always meets one. */
            int taken = take(p, pos, mover);
            int steps = o->v[AK_CHAIN] == 1 ? AK_RING : stones - 1, q = pos;
            for (; steps > 0; steps--) {
                q = prev_pit(q);
                if (skip_origin && q == origin)
                    q = prev_pit(q);
                if (p->holes[q] != 2 && p->holes[q] != 4)
                    break;
                taken += take(p, q, mover);
            }
            ak_lap(t, events, passed, origin, pos, stones, GB_EV_CAPTURE, gb_opposite(AK_N, pos), taken);
            return GB_OK;
        }
        /* A7: any other occupied pit (now 3, 5, 6, ...): continue with its seeds. */
        ak_lap(t, events, passed, origin, pos, stones, GB_EV_CONTINUE, 0, 0);
        if (gb_lapguard_lap(&guard, p->holes, pos, 0)) /* counts and next pit: all that changes */
            return GB_EENDLESS;                         /* T1 */
        h = pos;
    }
}

/* The move lists' sowing (ak_gen, ak_gen_lazy; skip-origin=no): sow's result and its GB_OK /
 * GB_EENDLESS with no trace, with the 12 counts as two words in memory: a lap of s seeds clears
 * pit h and adds s/12 to every pit and one more to the s%12 pits after h (ak_lap_run, built by
 * the preprocessor), so a lap is a table load and two additions, not a loop over the seeds, and
 * the count where it ended is one byte load, the next lap's seeds. The lap guard (T1) is sow's
 * (gb_lapguard_lap): the first GB_LAP_QUICK laps counted, then Brent's search on the words. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define AK_WORDS 1
typedef struct ak_words {
    uint64_t keep_lo, keep_hi, lo, hi;
} ak_words;
#define AK_B(i, f, r) ((uint64_t)((((i) + 23 - (f)) % 12) < (r)) << (8 * ((i) & 7)))
#define AK_BYTE(h) (0xffull << (8 * ((h) & 7)))
#define AK_E(f, r)                                                                                 \
    {(f) < 8 ? ~AK_BYTE(f) : ~0ull, (f) < 8 ? ~0ull : ~AK_BYTE(f),                                \
     AK_B(0, f, r) | AK_B(1, f, r) | AK_B(2, f, r) | AK_B(3, f, r) | AK_B(4, f, r) |               \
         AK_B(5, f, r) | AK_B(6, f, r) | AK_B(7, f, r),                                            \
     AK_B(8, f, r) | AK_B(9, f, r) | AK_B(10, f, r) | AK_B(11, f, r)}
#define AK_ROW(f)                                                                                  \
    {AK_E(f, 0), AK_E(f, 1), AK_E(f, 2), AK_E(f, 3), AK_E(f, 4),  AK_E(f, 5),                     \
     AK_E(f, 6), AK_E(f, 7), AK_E(f, 8), AK_E(f, 9), AK_E(f, 10), AK_E(f, 11)}
/* [from][r]: every count but pit from's kept, and 1 for the r pits after from */
static const ak_words ak_lap_run[AK_RING][AK_RING] = {
    AK_ROW(0), AK_ROW(1), AK_ROW(2), AK_ROW(3), AK_ROW(4),  AK_ROW(5),
    AK_ROW(6), AK_ROW(7), AK_ROW(8), AK_ROW(9), AK_ROW(10), AK_ROW(11)};
#endif

static inline int sow_listed(const gb_options *o, gb_pos *p, int h, int mover)
{
#ifdef AK_WORDS
    if (!o->v[GB_OPT_SKIP_ORIGIN]) {
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
        for (;;) {
            int r = stones;
            uint64_t all = 0;
            if (r >= AK_RING) { /* rare: laps round the whole ring */
                r = stones % AK_RING;
                all = 0x0101010101010101ull * (unsigned)(stones / AK_RING);
            }
            const ak_words *l = &ak_lap_run[h][r];
            const uint64_t lo = (v.w[0] & l->keep_lo) + l->lo + all;
            const uint64_t hi = (v.w[1] & l->keep_hi) + l->hi + (all & 0xffffffffull);
            v.w[0] = lo;
            v.w[1] = hi;
            const int last = stones;
            h += r;
            if (h >= AK_RING)
                h -= AK_RING;
            stones = v.b[h];
            if (stones == 1) { /* A5 */
                memcpy(p->holes, v.b, AK_RING);
                return GB_OK;
            }
            if (stones == 2 || stones == 4) { /* A6: the capture and its chain, as in sow */
                memcpy(p->holes, v.b, AK_RING);
                take(p, h, mover);
                int steps = o->v[AK_CHAIN] == 1 ? AK_RING : last - 1, q = h;
                for (; steps > 0; steps--) {
                    q = prev_pit(q);
                    if (p->holes[q] != 2 && p->holes[q] != 4)
                        break;
                    take(p, q, mover);
                }
                return GB_OK;
            }
            if (laps < GB_LAP_QUICK) { /* A7: relay */
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
    return sow(o, p, h, mover, NULL, false);
}

/* A8 (clarified): at the start of a sowing-phase turn, when the opponent's row is empty and the
 * mover's own row holds more than one seed, his turn is a feed. */
static bool must_feed(const gb_pos *p)
{
    return row_total(p, !p->to_move) == 0 && row_total(p, p->to_move) > 1;
}

/* Has the mover a legal sowing (A4, with T1's endless rule)? Decides whether he may pass (A9, T4). */
static bool can_sow(const gb_options *o, const gb_pos *p)
{
    for (int h = first_pit(p->to_move); h < first_pit(p->to_move) + AK_N; h++) {
        if (!p->holes[h])
            continue;
        gb_pos c = *p;
        int rc = sow(o, &c, h, p->to_move, NULL, false);
        if (rc == GB_OK || o->v[GB_OPT_ENDLESS] == 1)
            return true; /* with endless=ends-game a never-ending sowing is a legal move (T1) */
    }
    return false;
}

/* The end of every ply by `mover`: `next` is to move; who moved last; the ply count. */
static inline void end_ply(gb_pos *p, int mover, int next)
{
    p->to_move = (uint8_t)next;
    p->flags = (uint8_t)((p->flags & ~GB_F_LAST_N) | (mover ? GB_F_LAST_N : 0));
    p->ply++;
}

static int ak_play(const gb_options *o, gb_pos *p, gb_move *m, gb_trace *t, uint64_t *rng,
                   gb_error *err)
{
    (void)rng;
    const int mover = p->to_move;
    int next = !mover, rc;
    switch (p->phase) {
    case PH_LAYOUT:
        if (m->kind != GB_MOVE_LAYOUT)
            return gb_fail(err, GB_EILLEGAL,
                           "the round opens with the distributor's layout of the 72 seeds (A2), "
                           "e.g. layout:6,6,6,6,6,6,6,6,6,6,6,6");
        if ((rc = check_layout(o, m->layout, err)) != GB_OK)
            return rc;
        memcpy(p->holes, m->layout, AK_RING);
        p->phase = PH_CHOICE; /* A3: the other player chooses his row */
        break;
    case PH_CHOICE:
        if (m->kind != GB_MOVE_KEEP && m->kind != GB_MOVE_TURN)
            return gb_fail(err, GB_EILLEGAL, "choose your row: keep or turn (A3)");
        if (m->kind == GB_MOVE_TURN) {
            /* clarification: turning rotates the board half a turn, players keep their seats:
             * ring pit i's seeds go to ring pit i+6. */
            uint8_t h[AK_RING];
            for (int i = 0; i < AK_RING; i++)
                h[(i + AK_N) % AK_RING] = p->holes[i];
            memcpy(p->holes, h, AK_RING);
        }
        /* A3: keep -> the chooser moves first, turn -> the distributor [Lane]; with
         * starter=chooser the chooser moves first either way. */
        next = (m->kind == GB_MOVE_KEEP || o->v[AK_STARTER] == 1) ? mover : !mover;
        p->phase = PH_SOWING;
        break;
    default: /* PH_SOWING */
        if (m->kind == GB_MOVE_FEED) {
            int h = m->hole, to = first_pit(!mover);
            if (!must_feed(p))
                return gb_fail(err, GB_EILLEGAL,
                               "you feed only when your opponent's row is empty (A8)");
            if (h >= AK_RING || gb_row_of(AK_N, h) != mover || !p->holes[h])
                return gb_fail(err, GB_EILLEGAL, "feed one seed from a non-empty pit of your own row (A8)");
            /* A8: one seed into the opponent's first pit, where sowing enters his row. */
            p->holes[h]--;
            p->holes[to]++;
            gb_trace_hole(t, to);
            gb_trace_lap(t, h, to, 1, GB_EV_FEED, 0, 0);
            if (o->v[AK_FEED] == 1)
                next = mover; /* feed=then-sow: the same player sows next, as a second ply */
            break;
        }
        if (must_feed(p))
            return gb_fail(err, GB_EILLEGAL,
                           "your opponent's row is empty: your turn is to feed him one seed (A8), "
                           "e.g. feed:%c", mover ? 'a' : 'A');
        if (m->kind == GB_MOVE_PASS) {
            if (can_sow(o, p))
                return gb_fail(err, GB_EILLEGAL, "you may pass only when you have no legal move (A9)");
            break; /* A9 (and T4): a player with no legal move passes */
        }
        if (m->kind != GB_MOVE_SOW || m->refusals != 0)
            return gb_fail(err, GB_EILLEGAL, "sow from a pit of your own row (A4)");
        if (m->hole >= AK_RING || gb_row_of(AK_N, m->hole) != mover)
            return gb_fail(err, GB_EILLEGAL, "a move starts from a pit of your own row (A4)");
        if (!p->holes[m->hole])
            return gb_fail(err, GB_EILLEGAL, "that pit is empty (A4)");
        if ((rc = sow(o, p, m->hole, mover, t, true)) != GB_OK)
            return rc;
        break;
    }
    end_ply(p, mover, next);
    return GB_OK;
}

static void add_child(const gb_options *o, const gb_pos *p, gb_move m, gb_move *moves,
                      gb_pos *children, int *count)
{
    gb_pos c = *p;
    int rc = ak_play(o, &c, &m, NULL, NULL, NULL);
    if (rc == GB_EENDLESS) {
        if (o->v[GB_OPT_ENDLESS] == 0)
            return; /* T1, endless=illegal: not a legal move */
        c = *p;     /* endless=ends-game: the round ends on the board before the move */
        c.flags |= GB_F_ENDLESS;
    } else if (rc != GB_OK) {
        return;
    }
    moves[*count] = m;
    children[(*count)++] = c;
}

/* add_child for a sowing from pit h in the sowing phase when the mover need not feed (A4): what
 * ak_play gives, by sow_listed. */
static inline void add_sow(const gb_options *o, const gb_pos *p, int h, gb_move *moves,
                           gb_pos *children, int *count)
{
    const int mover = p->to_move;
    gb_pos *c = &children[*count];
    *c = *p;
    if (sow_listed(o, c, h, mover) == GB_EENDLESS) {
        if (o->v[GB_OPT_ENDLESS] == 0)
            return; /* T1, endless=illegal: not a legal move */
        *c = *p;    /* endless=ends-game: the round ends on the board before the move */
        c->flags |= GB_F_ENDLESS;
    } else {
        end_ply(c, mover, !mover);
    }
    moves[(*count)++] = (gb_move){.kind = GB_MOVE_SOW, .hole = (uint8_t)h};
}

static int ak_gen(const gb_options *o, const gb_pos *p, gb_move *moves, gb_pos *children)
{
    int count = 0;
    if (p->phase == PH_LAYOUT)
        return 0; /* 10^12 layouts: not listed (docs/akil.md) */
    if (p->phase == PH_CHOICE) {
        add_child(o, p, (gb_move){.kind = GB_MOVE_KEEP}, moves, children, &count);
        add_child(o, p, (gb_move){.kind = GB_MOVE_TURN}, moves, children, &count);
        return count;
    }
    const int kind = must_feed(p) ? GB_MOVE_FEED : GB_MOVE_SOW;
    for (int h = first_pit(p->to_move); h < first_pit(p->to_move) + AK_N; h++) {
        if (!p->holes[h])
            continue;
        if (kind == GB_MOVE_SOW)
            add_sow(o, p, h, moves, children, &count);
        else
            add_child(o, p, (gb_move){.kind = (uint8_t)kind, .hole = (uint8_t)h}, moves,
                      children, &count);
    }
    if (count == 0) /* A9, T4 */
        add_child(o, p, (gb_move){.kind = GB_MOVE_PASS}, moves, children, &count);
    return count;
}

/* gb_rules.gen_lazy: ak_gen for the batch. In the sowing phase a move is legal unsown when
 * nothing has to be sown to know it: every feed (A8: one seed, always legal), every sowing under
 * endless=ends-game (T1), and a sowing of k < 12 seeds whose first lap (which cannot reach its
 * origin) ends the move: its last seed falls into a pit that held 0 (A5), or 1 or 3 (a capture,
 * A6). Every other pit is sown, as ak_gen does; the other phases are ak_gen's. */
static int ak_gen_lazy(const gb_options *o, const gb_pos *p, gb_move *moves, gb_pos *children,
                       uint64_t *lazy)
{
    *lazy = 0;
    if (p->phase != PH_SOWING)
        return ak_gen(o, p, moves, children);
    const bool feed = must_feed(p), ends_game = o->v[GB_OPT_ENDLESS] != 0;
    const int kind = feed ? GB_MOVE_FEED : GB_MOVE_SOW;
    int count = 0;
    uint64_t bits = 0;
    for (int h = first_pit(p->to_move); h < first_pit(p->to_move) + AK_N; h++) {
        const int k = p->holes[h];
        if (!k)
            continue;
        const gb_move m = {.kind = (uint8_t)kind, .hole = (uint8_t)h};
        const int last = k < AK_RING ? p->holes[(h + k) % AK_RING] : 2;
        if (feed || ends_game || last == 0 || last == 1 || last == 3) {
            moves[count] = m;
            bits |= 1ull << count++;
            continue;
        }
        add_sow(o, p, h, moves, children, &count); /* not a feed: those are all lazy */
    }
    if (count == 0) /* A9, T4 */
        add_child(o, p, (gb_move){.kind = GB_MOVE_PASS}, moves, children, &count);
    *lazy = bits;
    return count;
}

/* The playouts' fast path (gb_rules.sample): a uniformly random legal move with gen's child.
 * The layout phase has no listed moves (0, as gen). The choice: keep or turn. A feed (A8): any
 * non-empty pit of the mover's row, each a legal move. A sowing: draw one of the non-empty pits;
 * if its sowing never ends and that makes it illegal (T1), drop it and draw again from the rest,
 * so every legal move is equally likely; with none left the only move is to pass (A9, T4). The
 * moves and children are made by the same code as ak_play's, without its checks. */
static int ak_sample(const gb_options *o, const gb_pos *p, uint64_t *rng, gb_move *m,
                     gb_pos *child, gb_trace *t)
{
    const int mover = p->to_move, first = first_pit(mover);
    gb_trace_restart(t);
    if (p->phase == PH_LAYOUT)
        return 0;
    if (p->phase == PH_CHOICE) { /* both always legal: let ak_play make the child */
        *m = (gb_move){.kind = gb_rand_below(rng, 2) ? GB_MOVE_TURN : GB_MOVE_KEEP};
        *child = *p;
        gb_move mm = *m;
        ak_play(o, child, &mm, t, NULL, NULL);
        return 1;
    }
    uint32_t live = 0;
    int own = 0, theirs = 0;
    for (int i = 0; i < AK_N; i++) {
        live |= (uint32_t)(p->holes[first + i] != 0) << i;
        own += p->holes[first + i];
        theirs += p->holes[first_pit(!mover) + i];
    }
    if (theirs == 0 && own > 1) { /* A8 (must_feed): one seed into the opponent's first pit */
        uint32_t pick = live;
        for (int k = gb_rand_below(rng, __builtin_popcount(live)); k > 0; k--)
            pick &= pick - 1;
        const int h = first + __builtin_ctz(pick), to = first_pit(!mover);
        *m = (gb_move){.kind = GB_MOVE_FEED, .hole = (uint8_t)h};
        *child = *p;
        child->holes[h]--;
        child->holes[to]++;
        ak_lap(t, false, 0u, h, to, 1, GB_EV_FEED, 0, 0);
        end_ply(child, mover, o->v[AK_FEED] == 1 ? mover : !mover);
        return 1;
    }
    while (live) {
        uint32_t pick = live;
        for (int k = gb_rand_below(rng, __builtin_popcount(live)); k > 0; k--)
            pick &= pick - 1;
        const int bit = __builtin_ctz(pick), h = first + bit;
        gb_trace_restart(t);
        *child = *p;
        *m = (gb_move){.kind = GB_MOVE_SOW, .hole = (uint8_t)h};
        if (sow(o, child, h, mover, t, false) == GB_OK) {
            end_ply(child, mover, !mover);
            return 1;
        }
        if (o->v[GB_OPT_ENDLESS]) { /* endless=ends-game: legal, and ends the round */
            gb_trace_restart(t);
            *child = *p;
            child->flags |= GB_F_ENDLESS;
            return 1;
        }
        live &= ~(1u << bit);
    }
    gb_trace_restart(t);
    *m = (gb_move){.kind = GB_MOVE_PASS}; /* A9, T4 */
    *child = *p;
    end_ply(child, mover, !mover);
    return 1;
}

/* A10, A12 (checked after every sowing-phase ply): one seed or none left; with
 * two-seeds=at-once, two. */
static bool ak_ended(const gb_options *o, const gb_pos *p, int nmoves)
{
    (void)nmoves;
    if (p->phase != PH_SOWING)
        return false;
    int left = gb_pos_board_total(p, AK_RING);
    return left <= 1 || (left == 2 && o->v[AK_TWO_SEEDS] == 1);
}

/* Each side's seeds for the round as it lies: its captures plus the seeds left on the board.
 * Exactly two left: one each (A12: at-once, or a repetition, or T1/T3 with two left); otherwise
 * every seed goes to the owner of its pit's row (A10 for the last seed, T2 otherwise). */
static void round_seeds(const gb_pos *p, int s[2])
{
    s[0] = p->store[0] + row_total(p, GB_SOUTH);
    s[1] = p->store[1] + row_total(p, GB_NORTH);
    if (gb_pos_board_total(p, AK_RING) == 2) {
        s[0] = p->store[0] + 1;
        s[1] = p->store[1] + 1;
    }
}

static void ak_scores(const gb_options *o, const gb_pos *p, int score[2])
{
    if (o->v[AK_ROUNDS] == 1) { /* rounds=1: the round's seeds */
        round_seeds(p, score);
        return;
    }
    score[0] = p->match[0]; /* A13: the match is decided by accumulated gains */
    score[1] = p->match[1];
}

static int better(int a, int b) { return a > b ? GB_SOUTH : b > a ? GB_NORTH : GB_DRAW; }

static void ak_finish(const gb_options *o, gb_pos *p, int reason, uint8_t *chance, uint64_t *rng)
{
    (void)chance;
    (void)rng;
    int s[2];
    round_seeds(p, s);
    const int w = better(s[0], s[1]); /* A11: more seeds wins, 36-36 a draw */
    const int dist = distributor(p);
    p->aux = (uint8_t)(dist | reason << 1 | w << 4);
    if (o->v[AK_ROUNDS] == 1) { /* A13 rounds=1: the game is this round */
        p->end_reason = (uint8_t)reason;
        p->winner = (uint8_t)w;
        p->flags |= GB_F_OVER;
        return;
    }
    if (w != GB_DRAW) /* A11: the winner's gain, his excess over 36 or the difference */
        p->match[w] = (int16_t)(p->match[w] + (o->v[AK_GAIN] == 0 ? s[w] - AK_HALF : s[w] - s[!w]));
    if (w != GB_DRAW && p->match[w] >= AK_TARGET) { /* A13: gains reach 60: match won */
        p->end_reason = GB_END_RULE;                /* T5 */
        p->winner = (uint8_t)w;
        p->flags |= GB_F_OVER;
        return;
    }
    if (p->round >= (unsigned)o->v[GB_OPT_MAX_ROUNDS]) { /* T3: max-rounds, ahead by gains wins */
        p->end_reason = GB_END_CAP;
        p->winner = (uint8_t)better(p->match[0], p->match[1]);
        p->flags |= GB_F_OVER;
        return;
    }
    /* A13: the round's loser distributes next; after a draw, the one who did not distribute. */
    const int next = w == GB_DRAW ? !dist : !w;
    memset(p->holes, 0, sizeof p->holes);
    p->store[0] = p->store[1] = 0;
    p->phase = PH_LAYOUT;
    p->to_move = (uint8_t)next;
    p->aux = (uint8_t)((p->aux & ~1u) | (unsigned)next);
    p->ply = 0;
    p->round++;
    p->flags = (uint8_t)((p->flags & ~GB_F_LAST_N) | GB_F_ROUND_NEW);
}

static int ak_random_move(const gb_options *o, const gb_pos *p, uint64_t *rng, gb_move *m);

static int ak_check(const gb_options *o, const gb_pos *p, gb_error *err)
{
    int board = gb_pos_board_total(p, AK_RING), taken = p->store[0] + p->store[1];
    if (p->mark_s || p->mark_n || p->mine)
        return gb_fail(err, GB_EINVAL, "L'ab al-Akil has no marked pits");
    if (p->own_n != OWN_N)
        return gb_fail(err, GB_EINVAL, "in L'ab al-Akil each player owns his own row");
    int reason = (p->aux >> 1) & 7, w = (p->aux >> 4) & 3;
    if ((p->aux & ~0x3fu) || reason > GB_END_ENDLESS || w > GB_DRAW || (reason == 0 && w != 0))
        return gb_fail(err, GB_EINVAL,
                       "aux holds the distributor (bit 0) and the last round's end (docs/akil.md)");
    /* A13: a round's loser distributes the next, so while the match goes on the last round's
     * winner (when it had one) is not this round's distributor (aux=19 had North win and deal) */
    if (!(p->flags & GB_F_OVER) && reason != 0 && w != GB_DRAW && distributor(p) == w)
        return gb_fail(err, GB_EINVAL,
                       "aux has the last round's winner distributing this one: its loser distributes (A13)");
    if (p->match[0] < 0 || p->match[1] < 0 || p->match[0] > AK_MAX_GAIN || p->match[1] > AK_MAX_GAIN)
        return gb_fail(err, GB_EINVAL, "gains (match=) run from 0 to %d", AK_MAX_GAIN);
    if (o->v[AK_ROUNDS] == 1 && (p->round != 1 || p->match[0] || p->match[1]))
        return gb_fail(err, GB_EINVAL, "with rounds=1 there is one round and no gains");
    if (p->round > o->v[GB_OPT_MAX_ROUNDS])
        return gb_fail(err, GB_EINVAL, "round %u is past max-rounds", (unsigned)p->round);
    switch (p->phase) {
    case PH_LAYOUT:
        if (board || taken)
            return gb_fail(err, GB_EINVAL, "in the layout phase the board is empty and nothing is taken");
        if (p->to_move != distributor(p))
            return gb_fail(err, GB_EINVAL, "in the layout phase the distributor (aux bit 0) is to move");
        break;
    case PH_CHOICE:
        if (board != AK_SEEDS || taken)
            return gb_fail(err, GB_EINVAL, "in the choice phase all 72 seeds lie on the board");
        if (p->to_move == distributor(p))
            return gb_fail(err, GB_EINVAL, "in the choice phase the player who did not distribute is to move");
        {
            gb_error e2;
            if (check_layout(o, p->holes, &e2) != GB_OK)
                return gb_fail(err, GB_EINVAL, "%s", e2.msg);
        }
        break;
    default:
        if (board + taken != AK_SEEDS)
            return gb_failn(err, GB_EINVAL, (unsigned long)board,
                            "%d seed on the board and %d taken: the game has 72",
                            "%d seeds on the board and %d taken: the game has 72", board, taken);
        break;
    }
    return GB_OK;
}

static int ak_fields(const gb_options *o, const gb_pos *p, gb_field *out, int max)
{
    static const char *const side[] = {"S", "N", "draw"};
    int n = 0;
    if (max < 4)
        return 0;
    out[n++] = (gb_field){.key = "distributor", .text = side[distributor(p)]};
    if (o->v[AK_ROUNDS] == 0)
        out[n++] = (gb_field){.key = "gains", .per_side = true, .s = p->match[0], .n = p->match[1]};
    int reason = (p->aux >> 1) & 7, w = (p->aux >> 4) & 3;
    if (reason) { /* how the last finished round ended (this round, once the game is over) */
        out[n++] = (gb_field){.key = "last_round_end", .text = gb_end_reason_name(reason)};
        out[n++] = (gb_field){.key = "last_round_winner", .text = side[w > 2 ? 2 : w]};
    }
    return n;
}

/* A uniformly random composition of 72 into 12 non-negative parts (stars and bars: 11 bars
 * among 83 places, a uniform 11-subset drawn with Floyd's algorithm). */
static void random_composition(uint64_t *rng, uint8_t *lay)
{
    enum { PLACES = AK_SEEDS + AK_RING - 1, BARS = AK_RING - 1 };
    uint64_t bar[2] = {0, 0};
    for (int j = PLACES - BARS; j < PLACES; j++) {
        int t = (int)(gb_rand_next(rng) % (uint64_t)(j + 1));
        if (bar[t >> 6] & (1ull << (t & 63)))
            t = j;
        bar[t >> 6] |= 1ull << (t & 63);
    }
    int pit = 0, run = 0;
    for (int k = 0; k < PLACES; k++) {
        if (bar[k >> 6] & (1ull << (k & 63))) {
            lay[pit++] = (uint8_t)run;
            run = 0;
        } else {
            run++;
        }
    }
    lay[pit] = (uint8_t)run;
}

/* The random player's layout: uniform over every layout A2 allows (under tebweez=mirrored,
 * uniform over the mirrored ones, by rejection: about one draw in five qualifies). Only the
 * layout phase has no listed moves. */
static int ak_random_move(const gb_options *o, const gb_pos *p, uint64_t *rng, gb_move *m)
{
    if (p->phase != PH_LAYOUT)
        return GB_EILLEGAL;
    memset(m, 0, sizeof *m);
    m->kind = GB_MOVE_LAYOUT;
    for (int tries = 0; tries < 100000; tries++) {
        random_composition(rng, m->layout);
        if (check_layout(o, m->layout, NULL) == GB_OK)
            return GB_OK;
    }
    memset(m->layout, AK_SEEDS / AK_RING, AK_RING); /* never reached in practice */
    return GB_OK;
}

/* A sensible layout for a computer distributor: near-even and the same in both rows (pit i of
 * South's row as pit i of North's), so that keeping or turning gives the same board and neither
 * row is a gift; A3's choice then only decides who starts. Each pit holds 4 to 8; every pit is
 * used, so it also satisfies tebweez=mirrored. */
static int ak_suggest(const gb_options *o, const gb_pos *p, uint64_t *rng, gb_move *out)
{
    if (p->phase != PH_LAYOUT)
        return GB_EINVAL;
    (void)o;
    uint8_t row[AK_N];
    memset(row, AK_HALF / AK_N, sizeof row);
    for (int k = 0; k < 4; k++) { /* a few random one-seed transfers, keeping 36 a row */
        int from = (int)(gb_rand_next(rng) % AK_N), to = (int)(gb_rand_next(rng) % AK_N);
        if (from != to && row[from] > 4 && row[to] < 8) {
            row[from]--;
            row[to]++;
        }
    }
    memset(out, 0, sizeof *out);
    out->kind = GB_MOVE_LAYOUT;
    for (int i = 0; i < AK_N; i++)
        out->layout[i] = out->layout[i + AK_N] = row[i];
    return GB_OK;
}

const gb_rules gb_rules_akil = {
    .version = GB_RULES_VERSION,
    .name = "akil",
    .title = "L'ab al-Akil",
    .n = AK_N,
    .options = ak_options,
    .num_options = (int)(sizeof ak_options / sizeof ak_options[0]),
    .phases = ak_phases,
    .setup = ak_setup,
    .play = ak_play,
    .gen = ak_gen,
    .ended = ak_ended,
    .finish = ak_finish,
    .scores = ak_scores,
    .random_move = ak_random_move,
    .check = ak_check,
    .fields = ak_fields,
    .sample = ak_sample,
    .gen_lazy = ak_gen_lazy,
    .suggest = ak_suggest,
    .layouts_fixed = true, /* ak_random_move and ak_suggest read only p->phase (A2) */
    .eval = gb_akil_eval,
    .eval_round = gb_akil_eval_round,
    .text = &gb_akil_text,
    .words = &gb_akil_words,
    .lessons = gb_akil_lessons,
};
