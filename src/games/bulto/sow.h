/* sow.h — Bulto's sowing (RULINGS §5, B2–B8 with §0–§1), shared by the rules (bulto.c: play,
 * gen) and the playouts (playout.c: sample). One lap stone by stone (one_lap, the inner loop:
 * static inline), a whole move with its refusals (B5) and T1's horizon (sow_from), the listing
 * of a start hole's distinct outcomes (list_offer). Private to src/games/bulto/; every function is
 * static, so each file that includes this has its own copy and the compiler inlines as before. */
#ifndef GABATA_BULTO_SOW_H
#define GABATA_BULTO_SOW_H

#include "bulto.h"

#if defined(__GNUC__)
#define BU_SHARED static __attribute__((unused)) /* not every includer uses every function */
#else
#define BU_SHARED static inline
#endif

BU_SHARED uint32_t row_mask(int side) { return side ? BU_ROW_N : BU_ROW_S; }

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
BU_SHARED uint32_t candidates(const gb_options *o, const gb_pos *p, int mover, uint32_t prior)
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
BU_SHARED int run_length(const sow_ctx *c, const uint8_t *holes, uint32_t mine, int q, int k)
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
BU_SHARED void end_move(gb_pos *p, int mover)
{
    p->to_move = (uint8_t)!mover;
    p->flags = (uint8_t)((p->flags & ~GB_F_LAST_N) | (mover ? GB_F_LAST_N : 0));
    p->ply++;
}

/* B4/B6: the k stones in hand fall into holes q..q+k-1, each becomes the mover's bulto keeping
 * its stones (so it holds 4), and the move ends. */
BU_SHARED void take_bulto(gb_pos *p, int mover, int q, int k)
{
    for (int i = 0; i < k; i++, q = gb_next(BU_RING, q)) {
        p->holes[q]++;
        if (mover)
            p->mark_n |= 1u << q;
        else
            p->mark_s |= 1u << q;
    }
}

/* Where gen writes the moves of one start hole: one at each offered bulto (taking it) whose
 * outcome is new, one at the end of the sowing that refuses them all. With moves NULL they are
 * only counted (every offer: the caller knows they are distinct). With `probe` set, nothing is
 * written: the offers before the probe-th are compared with *probe (see first_same). */
typedef struct sow_out {
    gb_move *moves;
    gb_pos *children;
    int count, cap;
    int hole;
    long laps, sown; /* the laps of the sowing and their stones, as a trace counts them */
    int first;       /* children[first..count) are this start hole's (B5: compared) */
    const gb_pos *probe;
    long probe_before, found; /* probe: offers compared; the first equal one, or -1 */
    bool trusted;             /* the offers are known to differ: not compared (sow_from) */
} sow_out;

/* B5 [ruling]: a start hole's moves are its distinct outcomes. The move taking the offer at q
 * (k bulto, after `refused` refusals) on the board p, unless an earlier offer of the same start
 * hole left the same position: that one, with fewer refusals, is the move. Returns false when
 * the listing must stop (out full, or the probe answered). Out of line: met only by gen and the
 * probe, never by the playouts' counting. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
BU_SHARED bool list_offer(sow_out *out, const gb_pos *p, int mover, int q, int k, long refused)
{
    gb_pos child = *p;
    take_bulto(&child, mover, q, k);
    end_move(&child, mover);
    if (out->probe) {
        if (refused >= out->probe_before)
            return false;
        if (gb_pos_same(&child, out->probe)) {
            out->found = refused;
            return false;
        }
        return true;
    }
    for (int i = out->trusted ? out->count : out->first; i < out->count; i++)
        if (out->children[i].mark_s == child.mark_s && out->children[i].mark_n == child.mark_n &&
            gb_pos_same(&out->children[i], &child))
            return true; /* the same outcome as a move already listed */
    if (out->count >= out->cap || refused >= 65535)
        return false;
    out->moves[out->count] = (gb_move){.kind = GB_MOVE_SOW, .hole = (uint8_t)out->hole,
                                       .refusals = (uint16_t)refused};
    out->children[out->count++] = child;
    return true;
}

BU_SHARED void trace_refusal(gb_trace *t, int from, int to, int stones)
{
    /* not a lap: an event inside one (no lap or stone counted) */
    if (t && t->events < GB_TRACE_LAPS) {
        gb_lap *l = &t->lap[t->events++];
        l->from = (uint8_t)from;
        l->to = (uint8_t)to;
        l->stones = (uint16_t)stones;
        l->event = GB_EV_DECLINE;
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
                    gb_trace_lap(t, h, q, stones, GB_EV_CLAIM, q, k);
                    return LAP_TAKEN;
                }
                if (out) { /* gen: the move that takes this offer */
                    if (!out->moves) { /* only counted (gb_bulto_sample) */
                        if (out->count >= out->cap || *refused >= 65535) {
                            BU_SAVE();
                            return LAP_FULL;
                        }
                        out->count++;
                        goto refused;
                    }
                    BU_SAVE();
                    if (!list_offer(out, p, mover, q, k, *refused))
                        return LAP_FULL;
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
        gb_trace_lap(t, h, pos, stones, b[pos] == 1 ? GB_EV_END : GB_EV_INTO_HELD, 0, 0);
        return LAP_END;
    }
    gb_trace_lap(t, h, pos, stones, GB_EV_CONTINUE, 0, 0); /* B8 otherwise: relay from pos */
    *next = pos;
    return LAP_ON;
}

/* The state of a sowing at a lap end: the board, the miné (and so the phase) and the hole to be
 * lifted next. The bulto do not change inside a move. */
BU_SHARED bool same_lap_state(const gb_pos *a, int an, const gb_pos *b, int bn)
{
    return an == bn && a->mine == b->mine && memcmp(a->holes, b->holes, BU_RING) == 0;
}

/* The (j+1)-th offer of the lap lifted from hole n on p (every earlier one of the lap refused),
 * taken: *out is the position it leaves (the move not ended). The lap must have that offer. */
static void take_in_lap(const sow_ctx *c, const gb_pos *p, int n, long j, gb_pos *out)
{
    long left = j, refused = 0;
    *out = *p;
    one_lap(c, out, &n, &left, &refused, NULL, NULL);
}

/* B5 [ruling, 2026-12-01]: the offers of the lap from lap end b that recur. Lap end a is the one
 * before the first lap end the sowing comes back to (lap mu, below) and b the one before that
 * repeat (lap mu + lambda); both laps end in the same state. The sowing refusing every offer is
 * deterministic stone by stone (board, miné, stones in hand, hole reached; with skip-origin=yes
 * the lap's origin too), so it enters its cycle at one point, which lies inside lap mu (lap end
 * a is not in the cycle, its successor is): from there to the end the two laps meet the same
 * situations, and before it lap b meets none that came before. So the offers that recur are the
 * common suffix of the two laps' offers, compared from their end. Two offers of one move meet
 * the same situation exactly when taking them leaves the same board and marks (the marks tell
 * the run taken, so the stones in hand and the hole; the board before them is the rest), so the
 * offers are compared by taking them, and no list is kept. */
static long recurring_offers(const sow_ctx *c, const gb_pos *a, int an, const gb_pos *b, int bn)
{
    if (c->o->v[GB_OPT_SKIP_ORIGIN] && an != bn)
        return 0; /* different origins: no situation of lap b is one of lap a's */
    long na = 0, nb = 0, left = -1;
    gb_pos x = *a, y = *b;
    int xn = an, yn = bn;
    one_lap(c, &x, &xn, &left, &na, NULL, NULL);
    one_lap(c, &y, &yn, &left, &nb, NULL, NULL);
    long r = 0;
    for (; r < na && r < nb; r++) {
        take_in_lap(c, a, an, na - 1 - r, &x);
        take_in_lap(c, b, bn, nb - 1 - r, &y);
        if (x.mine != y.mine || x.phase != y.phase || x.mark_s != y.mark_s ||
            x.mark_n != y.mark_n || memcmp(x.holes, y.holes, BU_RING) != 0)
            break;
    }
    return r;
}

/* T1 and B5 together [ruling, docs/bulto.md]: how many laps of the sowing from `start`, every
 * offer refused, can hold a move? If that sowing ends (B8) by its 10,000th lap, all of it (*ends
 * set). Otherwise it is never-ending, and refusing goes on only until the sowing first comes back
 * to a lap-end state it has already been in (the move's start counts as one): from there on every
 * offer repeats an earlier one, with the same outcome. So the horizon is the first repeat (mu +
 * lambda laps, Brent's method and then mu), or 10,000 laps if it comes later.
 * *distinct: the move refusing every offer is written with the offers it refuses before the first
 * that recurs (B5 as clarified on 2026-12-01): the offers of the H laps less those of lap H that
 * recur (recurring_offers; none when mu is 0: the cycle starts at the move's start). -1 when
 * nothing recurs within the 10,000 laps (every offer of the H laps counts) or the sowing ends.
 * Returns GB_OK or GB_EENDLESS (stuck). Met only by sowings that run long or come round, never by
 * most moves (sow_from's first pass). */
BU_SHARED int horizon(const sow_ctx *c, const gb_pos *p0, int start, long *H, bool *ends,
                      long *distinct)
{
    gb_pos p = *p0, saved = *p0;
    int next = start, saved_next = start;
    long left = -1, refused = 0, power = 1, lambda = 0, laps = 0;
    *ends = false;
    *H = GB_LAP_LIMIT;
    *distinct = -1;
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
    /* mu: the first lap end that the sowing comes back to; the hare counts the offers of the
     * first mu + lambda laps, and both keep the lap end before their last lap */
    gb_pos tort = *p0, hare = *p0, tort_before = *p0, hare_before = *p0;
    int tn = start, hn = start, tn_before = start, hn_before = start;
    long tort_offers = 0, hare_offers = 0;
    for (long i = 0; i < lambda; i++) {
        hare_before = hare;
        hn_before = hn;
        one_lap(c, &hare, &hn, &left, &hare_offers, NULL, NULL);
    }
    long mu = 0;
    while (!same_lap_state(&tort, tn, &hare, hn) && mu < GB_LAP_LIMIT) {
        tort_before = tort;
        tn_before = tn;
        hare_before = hare;
        hn_before = hn;
        one_lap(c, &tort, &tn, &left, &tort_offers, NULL, NULL);
        one_lap(c, &hare, &hn, &left, &hare_offers, NULL, NULL);
        mu++;
    }
    if (mu + lambda > GB_LAP_LIMIT)
        return GB_OK; /* T1's 10,000th lap comes first: nothing recurs before it */
    *H = mu + lambda;
    *distinct = hare_offers;
    if (mu > 0)
        *distinct -= recurring_offers(c, &tort_before, tn_before, &hare_before, hn_before);
    return GB_OK;
}

enum { SOW_NATURAL = 0, SOW_TAKEN = 1, SOW_FULL = 2, SOW_SHORT = 3 };

/* The sowing of one move from `start` (B3–B6, B8), in place. `refusals` >= 0: the move refuses
 * that many offered bulto and takes the next (B5). `refusals` < 0 (gen): every offer is refused
 * and, at each one, the move that would take it is written to `out`. `*offers` receives the
 * number of offers refused. Returns SOW_NATURAL (ended by B8), SOW_TAKEN (bulto made), SOW_FULL
 * (out is full), SOW_SHORT (fewer offers than refusals before the horizon) or GB_EENDLESS (T1:
 * the sowing that refuses every offer within the horizon never ends; *offers is then the k of
 * that move, B5 as clarified on 2026-12-01, and `refusals` == k means that move, though the
 * sowing would come to an offer there: it recurs). A taken offer that recurs can still come out
 * of the first pass as SOW_TAKEN (bu_play tells it by its outcome). p->to_move etc. are not
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
    /* B5: while this first pass lasts, gen need not compare the offers' outcomes. Two offers
     * leave the same position only if the sowing was in the same state at both (the same board,
     * miné, stones in hand and hole reached), and a sowing that comes back to a state never ends;
     * so if this pass ends by B8, its offers all differ. With skip-origin=yes the lap's origin is
     * part of the state too, so they are compared. A sowing that goes on to the second pass is
     * listed again there, compared. */
    if (out && !track)
        out->trusted = !o->v[GB_OPT_SKIP_ORIGIN];
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
    gb_trace_restart(t);
    long distinct;
    if (horizon(&c, p, start, &H, &ends, &distinct) != GB_OK)
        return GB_EENDLESS;
    /* B5 [ruling, 2026-12-01]: a never-ending sowing refusing every offer is written C~k, k the
     * offers before the first that recurs (`distinct`; -1: none recurs within T1's laps). Those
     * offers all meet different situations, so with skip-origin=no their outcomes differ (see
     * the first pass) and gen need not compare them. Refusing them all, the next offer recurs:
     * C~k is the never-ending move, and a larger k names no move. */
    if (out)
        out->count = count0, out->laps = out->sown = 0,
        out->trusted = !o->v[GB_OPT_SKIP_ORIGIN];
    if (distinct >= 0 && refusals > distinct) {
        *offers = distinct;
        return SOW_SHORT;
    }
    next = start;
    left = refusals < 0 ? distinct : refusals;
    refused = 0;
    for (long lap = 1;; lap++) {
        if (out)
            out->laps++, out->sown += p->holes[next];
        int r = one_lap(&c, p, &next, &left, &refused, t, out);
        *offers = refused;
        switch (r) {
        case LAP_END: return SOW_NATURAL;
        case LAP_TAKEN: return refused == distinct ? GB_EENDLESS : SOW_TAKEN; /* that one recurs */
        case LAP_FULL: return SOW_FULL;
        case LAP_STUCK: return GB_EENDLESS;
        default: break;
        }
        if (lap >= H) /* never-ending: refusing past the horizon offers nothing new (T1, B5) */
            return left > 0 ? SOW_SHORT : GB_EENDLESS;
    }
}

BU_SHARED int sow(const gb_options *o, gb_pos *p, int start, long refusals, gb_trace *t,
               sow_out *out, long *offers)
{
    const gb_pos p0 = *p;
    return sow_from(o, &p0, p, start, refusals, t, out, offers);
}

/* B2: after the menager, every hole holding exactly 3 is a miné. */
BU_SHARED void after_menager(gb_pos *p)
{
    p->mine = 0;
    for (int i = 0; i < BU_RING; i++)
        if (p->holes[i] == 3)
            p->mine |= 1u << i;
    p->phase = p->mine ? BU_MINE : BU_OPEN;
}

/* The playouts' fast path (gb_rules.sample, playout.c). */
int gb_bulto_sample(const gb_options *o, const gb_pos *p, uint64_t *rng, gb_move *m, gb_pos *child,
              gb_trace *t);
/* gb_rules.gen_lazy's fast part (playout.c): GB_EINVAL where gen must list the moves. */
int gb_bulto_gen_fast(const gb_options *o, const gb_pos *p, gb_move *moves, gb_pos *children,
                      uint64_t *lazy);

#endif
