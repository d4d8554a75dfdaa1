/* bulto.c — Bulto (Borana; Pankhurst 1971 pp. 195-197): RULINGS §5, B1–B9 with §0–§1.
 *
 * 2x10 holes, 2 stones each; relay sowing counter-clockwise. The first move (menager) leaves 13
 * holes of three, the miné. A lap whose last stone falls into an opponent's-row hole that held 3
 * (not a miné, not a bulto, right of the mover's bulto) makes it the mover's bulto and ends the
 * move, unless the mover refuses it (B5): refusals are part of the move (`C~2`), so one start hole
 * gives one move per bulto offered plus one for refusing them all. Once no miné is left (the open
 * phase), such holes are skipped unless the stones in hand fill a run of them exactly (B6).
 *
 * Position use: holes; mark_s / mark_n = the bulto of South / North (South's lie in North's row
 * and the reverse); mine = the miné; phase = menager, mine, open; store[] stays 0 (nothing is
 * ever taken off the board). */
#include "bulto.h"


static const char *const right_choices[] = {"all", "none", NULL};
static const gb_option_def bu_options[] = {
    {"right-rule", BU_RIGHT, right_choices, 0, 0, 0},
    GB_OPTION_SKIP_ORIGIN,
    GB_OPTION_ENDLESS,
    GB_OPTION_MAX_PLIES,
};
static const char *const bu_phases[] = {"menager", "mine", "open", NULL};

static uint32_t row_mask(int side) { return side ? BU_ROW_N : BU_ROW_S; }

static void bu_setup(const gb_options *o, gb_pos *p)
{
    (void)o;
    memset(p, 0, sizeof *p);
    for (int i = 0; i < BU_RING; i++)
        p->holes[i] = 2; /* B1 */
    p->own_n = BU_ROW_N;   /* each player owns his own row */
    p->to_move = GB_SOUTH; /* B1: South moves first */
    p->phase = BU_MENAGER; /* B2: the first move is the menager */
    p->round = 1;
}

/* One move in the making. */
typedef struct sow_ctx {
    const gb_options *o;
    int mover;
    uint32_t prior;     /* the mover's bulto before the move (B4's right rule; several-at-once) */
    uint32_t opp_bulto; /* skipped by the mover's sowing (B3) */
    uint32_t cand;      /* the holes eligible() can accept, miné and counts aside (see there) */
} sow_ctx;

/* B4's fixed part for a move: opponent's-row holes that are not a bulto and (right-rule=all) lie
 * clockwise, i.e. at a lower ring index, of every bulto the mover had before the move. The bulto
 * do not change inside a move (making one ends it). */
static uint32_t candidates(const gb_options *o, const gb_pos *p, int mover, uint32_t prior)
{
    uint32_t cand = row_mask(!mover) & ~(p->mark_s | p->mark_n);
    if (o->v[BU_RIGHT] == 0 && prior)
        cand &= (1u << __builtin_ctz(prior)) - 1; /* a new bulto must lie right of every one */
    return cand;
}

/* The context of a move of the player to move in p. */
static inline sow_ctx move_ctx(const gb_options *o, const gb_pos *p)
{
    const int mover = p->to_move;
    const uint32_t prior = mover ? p->mark_n : p->mark_s;
    return (sow_ctx){o, mover, prior, mover ? p->mark_s : p->mark_n, candidates(o, p, mover, prior)};
}

/* B4 (with the clarifications): could hole q become the mover's bulto if a last stone fell in it?
 * One of the candidates that holds 3 and is not a miné. The sowing keeps the miné in a register
 * (`mine`), not in the position. */
static inline bool eligible(const sow_ctx *c, const uint8_t *holes, uint32_t mine, int q)
{
    return ((c->cand & ~mine) >> q & 1u) && holes[q] == 3;
}

/* B6 [ruling]: the run of physically adjacent eligible holes starting at q, counted up to k. */
static int run_length(const sow_ctx *c, const uint8_t *holes, uint32_t mine, int q, int k)
{
    int len = 0;
    while (len < k && eligible(c, holes, mine, q)) {
        len++;
        q = gb_next(BU_RING, q);
        if (q == 0)
            break; /* the ring closes: no run goes past the end of a row anyway */
    }
    return len;
}

/* The end of a move: the other player is to move. */
static void end_move(gb_pos *p, int mover)
{
    p->to_move = (uint8_t)!mover;
    p->flags = (uint8_t)((p->flags & ~GB_F_LAST_N) | (mover ? GB_F_LAST_N : 0));
    p->ply++;
}

/* B4/B6: the k stones in hand fall into holes q..q+k-1, each becomes the mover's bulto keeping
 * its stones (so it holds 4), and the move ends. */
static void take_bulto(gb_pos *p, int mover, int q, int k)
{
    for (int i = 0; i < k; i++, q = gb_next(BU_RING, q)) {
        p->holes[q]++;
        if (mover)
            p->mark_n |= 1u << q;
        else
            p->mark_s |= 1u << q;
    }
}

/* Where gen writes the moves of one start hole: one at each offered bulto (taking it), one at
 * the end of the sowing that refuses them all. With moves NULL they are only counted. */
typedef struct sow_out {
    gb_move *moves;
    gb_pos *children;
    int count, cap;
    int hole;
    long laps, sown; /* the laps of the sowing and their stones, as a trace counts them */
} sow_out;

static void trace_refusal(gb_trace *t, int from, int to, int stones)
{
    /* not a lap: an event inside one (no lap or stone counted) */
    if (t && t->events < GB_TRACE_LAPS) {
        gb_lap *l = &t->lap[t->events++];
        l->from = (uint8_t)from;
        l->to = (uint8_t)to;
        l->stones = (uint16_t)stones;
        l->event = GB_EV_REFUSE;
        l->other = (uint8_t)to;
        l->value = 0;
        /* no holes: the lap's go to the lap's own entry, from where the lap began */
        l->sown_at = l > t->lap ? (uint16_t)(l[-1].sown_at + l[-1].sown_len) : 0;
        l->sown_len = 0;
    }
}

enum { LAP_ON, LAP_END, LAP_TAKEN, LAP_FULL, LAP_STUCK };

/* One lap of a move: lift the hole *next and sow (B3–B6); the last stone is judged by B4/B5/B8.
 * *left is the number of offered bulto still to refuse (< 0: refuse them all); *refused counts
 * the offers refused so far in the move. With `out` (gen), each refused offer also writes the
 * move that takes it. Returns LAP_ON (relay from the new *next), LAP_END (B8: the move ends),
 * LAP_TAKEN (bulto made: the move ends), LAP_FULL (out is full) or LAP_STUCK (no hole can take a
 * stone: impossible with 40 stones, kept as a guard). */
#if defined(__GNUC__)
__attribute__((always_inline)) /* its pointer arguments then live in registers: 5% of a playout */
#endif
static inline int one_lap(const sow_ctx *c, gb_pos *p, int *next, long *left, long *refused,
                          gb_trace *t, sow_out *out)
{
    const int mover = c->mover, h = *next, stones = p->holes[h];
    const bool menager = p->phase == BU_MENAGER;
    /* the holes the sowing passes over: the opponent's bulto (B3) and, with skip-origin=yes, the
     * lap's own origin (§0) */
    const uint32_t skip = c->opp_bulto | (c->o->v[GB_OPT_SKIP_ORIGIN] ? 1u << h : 0u);
    uint8_t *b = p->holes;
    /* B2: the miné and the phase live in registers during the lap (written back at its end): a
     * hole stops being a miné for good when it is lifted or receives a stone; the open phase
     * begins the instant the last miné goes, even in the middle of a move [ruling]. */
    uint32_t mine = p->mine;
    int phase = p->phase;
#define BU_TOUCH(q)                                                                                \
    do {                                                                                           \
        mine &= ~(1u << (q));                                                                      \
        if (phase == BU_MINE && mine == 0)                                                         \
            phase = BU_OPEN;                                                                       \
    } while (0)
#define BU_SAVE() (p->mine = mine, p->phase = (uint8_t)phase)
    int pos = h, k = stones, idle = 0;
    b[h] = 0;
    BU_TOUCH(h); /* B2: a lifted miné is a miné no more */
    while (k > 0) {
        /* the next hole that can receive a stone */
        int q = gb_next(BU_RING, pos);
        while ((skip >> q) & 1u)
            q = gb_next(BU_RING, q);
        pos = q;
        if (++idle > 2 * BU_RING) {
            BU_SAVE();
            return LAP_STUCK;
        }
        /* The menager belongs to neither phase: no B4, B6 [ruling]. */
        if (!menager && eligible(c, b, mine, q)) {
            const bool open = phase == BU_OPEN;
            /* B4: the last stone into an eligible hole offers a bulto; B6 (open phase): the k
             * stones in hand filling k adjacent eligible holes offer k bulto at once. */
            if ((open || k == 1) && run_length(c, b, mine, q, k) >= k) {
                if (*left == 0) {
                    BU_SAVE();
                    take_bulto(p, mover, q, k);
                    gb_trace_holes_after(t, BU_RING, (q + BU_RING - 1) % BU_RING, k, 0);
                    gb_trace_lap(t, h, q, stones, GB_EV_BULTO, q, k);
                    return LAP_TAKEN;
                }
                if (out) { /* gen: the move that takes this offer */
                    if (out->count >= out->cap || *refused >= 65535) {
                        BU_SAVE();
                        return LAP_FULL;
                    }
                    if (!out->moves) { /* only counted (bu_sample) */
                        out->count++;
                        goto refused;
                    }
                    BU_SAVE();
                    gb_pos child = *p;
                    take_bulto(&child, mover, q, k);
                    end_move(&child, mover);
                    gb_move m = {.kind = GB_MOVE_SOW, .hole = (uint8_t)out->hole,
                                 .refusals = (uint16_t)*refused};
                    out->moves[out->count] = m;
                    out->children[out->count++] = child;
                }
            refused:
                /* B5: refused; the hole is skipped and this stone goes on to the next hole that
                 * can receive one, judged afresh (B6: the rest of a run likewise) [ruling]. */
                if (*left > 0)
                    (*left)--;
                (*refused)++;
                trace_refusal(t, h, q, stones);
                continue;
            }
            if (open)
                continue; /* B6: an eligible hole the stones do not make a bulto is skipped */
        }
        b[q]++;
        gb_trace_hole(t, q);
        BU_TOUCH(q); /* B2: a miné that receives a stone is a miné no more */
        k--;
        idle = 0;
    }
    BU_SAVE();
#undef BU_TOUCH
#undef BU_SAVE
    /* B8: the move ends when the last stone falls into an empty hole or the mover's own bulto. */
    const uint32_t own_bulto = mover ? p->mark_n : p->mark_s;
    if (b[pos] == 1 || ((own_bulto >> pos) & 1u)) {
        gb_trace_lap(t, h, pos, stones, b[pos] == 1 ? GB_EV_END : GB_EV_OWN_BULTO, 0, 0);
        return LAP_END;
    }
    gb_trace_lap(t, h, pos, stones, GB_EV_CONTINUE, 0, 0); /* B8 otherwise: relay from pos */
    *next = pos;
    return LAP_ON;
}

/* The state of a sowing at a lap end: the board, the miné (and so the phase) and the hole to be
 * lifted next. The bulto do not change inside a move. */
static bool same_lap_state(const gb_pos *a, int an, const gb_pos *b, int bn)
{
    return an == bn && a->mine == b->mine && memcmp(a->holes, b->holes, BU_RING) == 0;
}

/* T1 and B5 together [ruling, docs/bulto.md]: how many laps of the sowing from `start`, every
 * offer refused, can hold a move? If that sowing ends (B8) by its 10,000th lap, all of it (*ends
 * set). Otherwise it is never-ending, and refusing goes on only until the sowing first comes back
 * to a lap-end state it has already been in (the move's start counts as one): from there on every
 * offer repeats an earlier one, with the same outcome. So the horizon is the first repeat (mu +
 * lambda laps, Brent's method and then mu), or 10,000 laps if it comes later. Returns GB_OK or
 * GB_EENDLESS (stuck). */
static int horizon(const sow_ctx *c, const gb_pos *p0, int start, long *H, bool *ends)
{
    gb_pos p = *p0, saved = *p0;
    int next = start, saved_next = start;
    long left = -1, refused = 0, power = 1, lambda = 0, laps = 0;
    *ends = false;
    *H = GB_LAP_LIMIT;
    for (;;) {
        int r = one_lap(c, &p, &next, &left, &refused, NULL, NULL);
        laps++;
        if (r == LAP_STUCK)
            return GB_EENDLESS;
        if (r == LAP_END) {
            *ends = laps <= GB_LAP_LIMIT; /* T1: the 10,000th lap may still end the move */
            if (*ends)
                *H = laps;
            return GB_OK;
        }
        lambda++;
        if (same_lap_state(&p, next, &saved, saved_next))
            break; /* a repeat, period lambda: the sowing never ends */
        /* Brent finds a repeat within 3 (mu + lambda) laps: none by 40,000 means mu + lambda
         * is past 10,000 */
        if (laps >= 4 * GB_LAP_LIMIT)
            return GB_OK;
        if (lambda == power) {
            saved = p;
            saved_next = next;
            power *= 2;
            lambda = 0;
        }
    }
    /* mu: the first lap end that the sowing comes back to */
    gb_pos tort = *p0, hare = *p0;
    int tn = start, hn = start;
    for (long i = 0; i < lambda; i++)
        one_lap(c, &hare, &hn, &left, &refused, NULL, NULL);
    long mu = 0;
    while (!same_lap_state(&tort, tn, &hare, hn) && mu < GB_LAP_LIMIT) {
        one_lap(c, &tort, &tn, &left, &refused, NULL, NULL);
        one_lap(c, &hare, &hn, &left, &refused, NULL, NULL);
        mu++;
    }
    *H = mu + lambda < GB_LAP_LIMIT ? mu + lambda : GB_LAP_LIMIT;
    return GB_OK;
}

enum { SOW_NATURAL = 0, SOW_TAKEN = 1, SOW_FULL = 2, SOW_SHORT = 3 };

/* The sowing of one move from `start` (B3–B6, B8), in place. `refusals` >= 0: the move refuses
 * that many offered bulto and takes the next (B5). `refusals` < 0 (gen): every offer is refused
 * and, at each one, the move that would take it is written to `out`. `*offers` receives the
 * number of offers refused. Returns SOW_NATURAL (ended by B8), SOW_TAKEN (bulto made), SOW_FULL
 * (out is full), SOW_SHORT (fewer offers than refusals before the horizon) or GB_EENDLESS (T1:
 * the sowing that refuses every offer within the horizon never ends). p->to_move etc. are not
 * updated. sow_from does the same on p, a copy of *from (which it only reads), sparing sow's
 * own copy of the position it starts from. */
static inline int sow_from(const gb_options *o, const gb_pos *from, gb_pos *p, int start,
                           long refusals, gb_trace *t, sow_out *out, long *offers)
{
    const gb_pos *const p0 = from;
    sow_ctx c = move_ctx(o, p0);
    const int count0 = out ? out->count : 0;
    long left = refusals, refused = 0, H;
    bool ends;
    int next = start;
    *offers = 0;
    /* Most sowings end within a few laps. While no lap-end state has repeated, every offer is
     * within the horizon, so keep the lap ends seen (up to 48) and work out the horizon only if
     * one repeats or the sowing runs longer. When every offer is refused (refusals < 0: gen) no
     * offer is ever taken, so only the sowing's natural end can come out of this first pass, and
     * a sowing that repeats never ends: the lap ends need not be kept, only counted (and a full
     * move list, which may have been filled past the horizon, is decided on the second pass). */
    const bool track = refusals >= 0;
    struct {
        uint8_t holes[BU_RING];
        uint32_t mine;
        int next;
    } seen[48];
    int nseen = 1;
    if (track) {
        memcpy(seen[0].holes, p->holes, BU_RING);
        seen[0].mine = p->mine;
        seen[0].next = start;
    }
    for (;;) {
        if (out)
            out->laps++, out->sown += p->holes[next];
        int r = one_lap(&c, p, &next, &left, &refused, t, out);
        *offers = refused;
        if (!track && (r == LAP_FULL || r == LAP_STUCK))
            break; /* maybe past the horizon (laps are not compared): decide knowing it */
        switch (r) {
        case LAP_END: return SOW_NATURAL;
        case LAP_TAKEN: return SOW_TAKEN;
        case LAP_FULL: return SOW_FULL;
        case LAP_STUCK: return GB_EENDLESS;
        default: break;
        }
        bool again = nseen == (int)(sizeof seen / sizeof seen[0]);
        if (!track) {
            if (again)
                break;
            nseen++;
            continue;
        }
        for (int i = 0; i < nseen && !again; i++)
            again = seen[i].next == next && seen[i].mine == p->mine &&
                    memcmp(seen[i].holes, p->holes, BU_RING) == 0;
        if (again)
            break;
        memcpy(seen[nseen].holes, p->holes, BU_RING);
        seen[nseen].mine = p->mine;
        seen[nseen++].next = next;
    }
    /* A long or repeating sowing: start again, knowing the horizon. */
    *p = *p0;
    if (out)
        out->count = count0, out->laps = out->sown = 0;
    gb_trace_restart(t);
    if (horizon(&c, p, start, &H, &ends) != GB_OK)
        return GB_EENDLESS;
    next = start;
    left = refusals;
    refused = 0;
    for (long lap = 1;; lap++) {
        if (out)
            out->laps++, out->sown += p->holes[next];
        int r = one_lap(&c, p, &next, &left, &refused, t, out);
        *offers = refused;
        switch (r) {
        case LAP_END: return SOW_NATURAL;
        case LAP_TAKEN: return SOW_TAKEN;
        case LAP_FULL: return SOW_FULL;
        case LAP_STUCK: return GB_EENDLESS;
        default: break;
        }
        if (lap >= H) /* never-ending: refusing past the horizon offers nothing new (T1, B5) */
            return left > 0 ? SOW_SHORT : GB_EENDLESS;
    }
}

static int sow(const gb_options *o, gb_pos *p, int start, long refusals, gb_trace *t,
               sow_out *out, long *offers)
{
    const gb_pos p0 = *p;
    return sow_from(o, &p0, p, start, refusals, t, out, offers);
}

/* B3, B7: may the mover start from h? Returns NULL or the reason. */
static const char *start_refusal(const gb_pos *p, int h)
{
    const int mover = p->to_move;
    const uint32_t opp_bulto = mover ? p->mark_s : p->mark_n;
    if (h >= BU_RING || !((row_mask(mover) >> h) & 1u))
        return "a move starts from a hole of your own row";
    if ((opp_bulto >> h) & 1u)
        return "that hole is your opponent's bulto";
    if (p->holes[h] == 0)
        return "that hole is empty";
    if (p->phase == BU_OPEN && p->holes[h] == 3) {
        /* B7: not from a 3 unless every hole he could start from (non-empty, not a bulto) holds 3 */
        for (int i = 0; i < BU_RING; i++)
            if (((row_mask(mover) & ~opp_bulto) >> i & 1u) && p->holes[i] && p->holes[i] != 3)
                return "in the open phase a move may not start from a hole of 3 while another "
                       "hole holds some other number (B7)";
    }
    return NULL;
}

/* B2: after the menager, every hole holding exactly 3 is a miné. */
static void after_menager(gb_pos *p)
{
    p->mine = 0;
    for (int i = 0; i < BU_RING; i++)
        if (p->holes[i] == 3)
            p->mine |= 1u << i;
    p->phase = p->mine ? BU_MINE : BU_OPEN;
}

static int bu_play(const gb_options *o, gb_pos *p, gb_move *m, gb_trace *t, uint64_t *rng,
                   gb_error *err)
{
    (void)rng;
    if (m->kind != GB_MOVE_SOW)
        return gb_fail(err, GB_EILLEGAL, "Bulto has only sowing moves");
    const char *why = start_refusal(p, m->hole);
    if (why)
        return gb_fail(err, GB_EILLEGAL, "%s", why);
    const bool menager = p->phase == BU_MENAGER;
    const int mover = p->to_move;
    long offers = 0;
    int rc = sow(o, p, m->hole, m->refusals, t, NULL, &offers);
    if (rc == GB_EENDLESS)
        return rc; /* T1 */
    if (rc == SOW_NATURAL && offers < m->refusals)
        return gb_fail(err, GB_EILLEGAL,
                       "this move refuses %u bulto but only %ld %s offered (B5)",
                       (unsigned)m->refusals, offers, offers == 1 ? "is" : "are");
    if (rc == SOW_SHORT)
        return gb_fail(err, GB_EILLEGAL,
                       "this move refuses %u bulto but only %ld %s offered before the sowing "
                       "comes round to where it has been (B5, T1)",
                       (unsigned)m->refusals, offers, offers == 1 ? "is" : "are");
    if (menager)
        after_menager(p);
    end_move(p, mover);
    return GB_OK;
}

static int bu_gen(const gb_options *o, const gb_pos *p, gb_move *moves, gb_pos *children)
{
    sow_out out = {moves, children, 0, GB_MAX_MOVES, 0, 0, 0};
    const int first = p->to_move * BU_N;
    for (int h = first; h < first + BU_N && out.count < out.cap; h++) {
        if (start_refusal(p, h))
            continue;
        gb_pos c = *p;
        long offers = 0;
        out.hole = h;
        int rc = sow_from(o, p, &c, h, -1, NULL, &out, &offers);
        if (rc == SOW_FULL)
            break; /* GB_MAX_MOVES reached (never seen; see docs/bulto.md) */
        gb_move m = {.kind = GB_MOVE_SOW, .hole = (uint8_t)h, .refusals = (uint16_t)offers};
        if (rc == GB_EENDLESS) {
            if (o->v[GB_OPT_ENDLESS] == 0)
                continue; /* T1, endless=illegal: refusing every offer is not a legal move */
            c = *p;       /* endless=ends-game: the game ends on the board before the move */
            c.flags |= GB_F_ENDLESS;
        } else {
            if (p->phase == BU_MENAGER)
                after_menager(&c);
            end_move(&c, p->to_move);
        }
        if (out.count >= out.cap || offers > 65535)
            break;
        moves[out.count] = m;
        children[out.count++] = c;
    }
    return out.count;
}

/* ---- the playouts' sowing: a lap at a time on bit masks ----
 *
 * sample_all simulates every start hole's sowing refusing every offer, only to count its moves and
 * keep where it ends; bu_sample's holes give no offer at all. Both are one_lap's work with most
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
                /* B6: the runs of eligible holes the stones pass over */
                uint32_t met = ring_from(elig, a) & ((1u << d) - 1);
                while (met) {
                    const int i = __builtin_ctz(met), qh = a + i >= BU_RING ? a + i - BU_RING : a + i;
                    const int k = s - popcount20(tr & ((1u << i) - 1)); /* stones in hand */
                    const int len = __builtin_ctz(~(elig >> qh)); /* the run: opp row, no wrap */
                    if (len >= k)
                        offers += len - k + 1;
                    met &= ~(((1u << len) - 1) << i);
                }
                if (offers >= 65535 || count0 + offers > cap)
                    return false; /* sow_from's LAP_FULL */
            }
        }
        laps++;
        sown += s;
        if (q < 0) { /* this lap stone by stone */
            p->mine = mine;
            p->phase = (uint8_t)phase;
            long left = -1, refused = offers;
            sow_out out = {NULL, NULL, count0 + (int)offers, cap, 0, 0, 0};
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
                gb_trace_lap(t, h, q, s, empty ? GB_EV_END : GB_EV_OWN_BULTO, 0, 0);
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
            long left = -1, refused = offers;
            sow_out out = {NULL, NULL, count0 + (int)offers, cap, 0, 0, 0};
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
            uint32_t met = ring_from(elig, a) & ((1u << d) - 1); /* B6: eligible holes passed */
            if (met) {
                do {
                    const int i = __builtin_ctz(met), qh = a + i >= BU_RING ? a + i - BU_RING : a + i;
                    const int k = s - popcount20(tr & ((1u << i) - 1));
                    const int len = __builtin_ctz(~(elig >> qh));
                    if (len >= k)
                        offers += len - k + 1;
                    met &= ~(((1u << len) - 1) << i); /* the rest of the run */
                } while (met);
                if (offers >= 65535 || count0 + offers > cap)
                    return false;
            }
            const int held = b[q];
            const bool empty = counts_empty(counts) >> q & 1u;
            board = board_sow(board, h, to);
            board_store(b, board);
            counts = counts_sow(counts, hb, to);
            if (empty || (own_bulto >> q & 1u)) { /* B8 */
                gb_trace_holes_after(t, BU_RING, h, s, BU_ALL & ~to); /* to's, in ring order */
                gb_trace_lap(t, h, q, s, empty ? GB_EV_END : GB_EV_OWN_BULTO, 0, 0);
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

/* bu_sample where bulto may be offered: every start hole's sowing is simulated as gen does, the
 * moves only counted (same order, same limits as gen: a start hole's moves are its offers taken
 * in turn, refusals 0, 1, ..., then the refusal of them all, refusals = offers); one of them is
 * drawn uniformly. The refusal of every offer (most draws) keeps its end position and laps from
 * that simulation; an offer taken is played again to make its child and trace. */
static int sample_all(const gb_options *o, const gb_pos *p, const sow_ctx *ctx, uint64_t *rng,
                      gb_move *m, gb_pos *child, gb_trace *t)
{
    const int mover = p->to_move;
    const bool ends_game = o->v[GB_OPT_ENDLESS] != 0;
    sow_out out = {NULL, NULL, 0, GB_MAX_MOVES, 0, 0, 0};
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
    if (t)
        t->laps = t->events = 0, t->sown = 0;
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
 * offer, B5), unknown until its sowing is simulated, so a uniform draw over all of them needs
 * them all (sample_all). */
static int bu_sample(const gb_options *o, const gb_pos *p, uint64_t *rng, gb_move *m,
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
        if (t)
            t->laps = t->events = 0, t->sown = 0;
        *child = *p;
        *m = (gb_move){.kind = GB_MOVE_SOW, .hole = (uint8_t)h};
        fast_sow f;
        int rc = SOW_NATURAL; /* most sowings: on bit masks, refusing nothing as none arises */
        if (!fast_count(&ctx, p, child, board, counts_of(board), h, false, 0, GB_MAX_MOVES, &f,
                        t)) {
            if (t)
                t->laps = t->events = 0, t->sown = 0;
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
            if (t)
                t->laps = t->events = 0, t->sown = 0;
            *child = *p;
            child->flags |= GB_F_ENDLESS;
            return 1;
        }
        live &= ~(1u << bit);
    }
    return 0; /* B9, T4: no legal move */
}

/* B9 (with T4): the game ends when the player to move cannot move. */
static bool bu_ended(const gb_options *o, const gb_pos *p, int nmoves)
{
    (void)o;
    (void)p;
    return nmoves == 0;
}

/* B9: each player scores the stones in his bulto plus those of his own row not in a bulto of his
 * opponent. The same for every end (T1–T3). */
static void bu_scores(const gb_options *o, const gb_pos *p, int score[2])
{
    (void)o;
    score[0] = score[1] = 0;
    for (int i = 0; i < BU_RING; i++) {
        uint32_t bit = 1u << i;
        int side = (p->mark_s & bit) ? 0 : (p->mark_n & bit) ? 1 : gb_row_of(BU_N, i);
        score[side] += p->holes[i];
    }
}

static void bu_finish(const gb_options *o, gb_pos *p, int reason, uint8_t *chance, uint64_t *rng)
{
    (void)chance;
    (void)rng;
    int s[2];
    p->end_reason = (uint8_t)reason;
    p->flags |= GB_F_OVER;
    bu_scores(o, p, s);
    p->winner = s[0] > s[1] ? GB_SOUTH : s[1] > s[0] ? GB_NORTH : GB_DRAW; /* B9 */
}

static int bu_check(const gb_options *o, const gb_pos *p, gb_error *err)
{
    (void)o;
    int total = gb_pos_board_total(p, BU_RING);
    if (p->store[0] || p->store[1])
        return gb_fail(err, GB_EINVAL, "Bulto takes no stones off the board: stores must be 0,0");
    if (total != BU_STONES)
        return gb_fail(err, GB_EINVAL, "%d stones on the board; Bulto has exactly %d", total,
                       BU_STONES);
    if (p->own_n != BU_ROW_N)
        return gb_fail(err, GB_EINVAL, "in Bulto each player owns his own row");
    if (p->mark_s & ~BU_ROW_N)
        return gb_fail(err, GB_EINVAL, "South's bulto lie in North's row (B4)");
    if (p->mark_n & ~BU_ROW_S)
        return gb_fail(err, GB_EINVAL, "North's bulto lie in South's row (B4)");
    for (int i = 0; i < BU_RING; i++) {
        uint32_t bit = 1u << i;
        if ((p->mine & bit) && p->holes[i] != 3)
            return gb_fail(err, GB_EINVAL, "a miné holds exactly 3 (B2): hole %d holds %u", i,
                           (unsigned)p->holes[i]);
        if (((p->mark_s | p->mark_n) & bit) && p->holes[i] < 4)
            return gb_fail(err, GB_EINVAL, "a bulto holds at least 4 (B4): hole %d holds %u", i,
                           (unsigned)p->holes[i]);
    }
    if (__builtin_popcount(p->mine) > 13)
        return gb_fail(err, GB_EINVAL, "the menager leaves 13 miné, no more (B2)");
    switch (p->phase) {
    case BU_MENAGER:
        if (p->mine || p->mark_s || p->mark_n)
            return gb_fail(err, GB_EINVAL, "before the menager there are no miné and no bulto");
        break;
    case BU_MINE:
        if (!p->mine)
            return gb_fail(err, GB_EINVAL, "phase=mine needs at least one miné (B2)");
        break;
    default:
        if (p->mine)
            return gb_fail(err, GB_EINVAL, "phase=open has no miné left (B2)");
        break;
    }
    return GB_OK;
}

const gb_rules gb_rules_bulto = {
    .name = "bulto",
    .title = "Bulto",
    .n = BU_N,
    .options = bu_options,
    .num_options = (int)(sizeof bu_options / sizeof bu_options[0]),
    .phases = bu_phases,
    .mark_kind = GB_MARK_BULTO_S,
    .setup = bu_setup,
    .play = bu_play,
    .gen = bu_gen,
    .ended = bu_ended,
    .finish = bu_finish,
    .scores = bu_scores,
    .check = bu_check,
    .sample = bu_sample,
};
