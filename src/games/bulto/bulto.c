/* bulto.c — Bulto (Borana; Pankhurst 1971 pp. 195-197): RULINGS §5, B1–B9 with §0–§1.
 *
 * 2x10 holes, 2 stones each; relay sowing counter-clockwise. The first move (menager) leaves 13
 * holes of three, the miné. A lap whose last stone falls into an opponent's-row hole that held 3
 * (not a miné, not a bulto, right of the mover's bulto) makes it the mover's bulto and ends the
 * move, unless the mover refuses it (B5): refusals are part of the move (`C~2`), so one start hole
 * gives one move per distinct outcome (taking an offer, or refusing them all; a refusal count
 * that leaves the position of a smaller one is no move). Once no miné is left (the open
 * phase), such holes are skipped unless the stones in hand fill a run of them exactly (B6).
 *
 * Position use: holes; mark_s / mark_n = the bulto of South / North (South's lie in North's row
 * and the reverse); mine = the miné; phase = menager, mine, open; store[] stays 0 (nothing is
 * ever taken off the board). */
#include "sow.h"

static const char *const right_choices[] = {"all", "none", NULL};
static const gb_option_def bu_options[] = {
    {"right-rule", BU_RIGHT, right_choices, 0, 0, 0,
     "a new bulto must lie to the right of the mover's others, or anywhere", "B4"},
    GB_OPTION_SKIP_ORIGIN,
    GB_OPTION_ENDLESS,
    GB_OPTION_MAX_PLIES,
};
static const char *const bu_phases[] = {"menager", "mine", "open", NULL};

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

/* B5: the first of the first `before` offers of the sowing from `start` on p0 (every offer
 * refused) whose taking leaves the position *child, or -1. */
static long first_same(const gb_options *o, const gb_pos *p0, int start, const gb_pos *child,
                       long before)
{
    gb_pos c = *p0;
    gb_move dummy;
    long offers = 0;
    sow_out out = {&dummy, NULL, 0, 1, start, 0, 0, 0, child, before, -1, false};
    sow_from(o, p0, &c, start, -1, NULL, &out, &offers);
    return out.found;
}

/* B3, B7: may the mover start from h? Returns NULL or the reason (in English: the caller asks
 * for it in the player's language, gb_tr). */
static const char *start_refusal(const gb_pos *p, int h)
{
    const int mover = p->to_move;
    const uint32_t opp_bulto = mover ? p->mark_s : p->mark_n;
    if (h >= BU_RING || !((row_mask(mover) >> h) & 1u))
        return GB_N_("a move starts from a hole of your own row (B3)");
    if ((opp_bulto >> h) & 1u)
        return GB_N_("that hole is your opponent's bulto (B3)");
    if (p->holes[h] == 0)
        return GB_N_("that hole is empty (B3)");
    if (p->phase == BU_OPEN && p->holes[h] == 3) {
        /* B7: not from a 3 unless every hole he could start from (non-empty, not a bulto) holds 3 */
        for (int i = 0; i < BU_RING; i++)
            if (((row_mask(mover) & ~opp_bulto) >> i & 1u) && p->holes[i] && p->holes[i] != 3)
                return GB_N_("in the open phase a move may not start from a hole of 3 while "
                             "another hole you could start from holds some other number (B7)");
    }
    return NULL;
}

/* B5, T1: C~k past the offers the sowing makes before it comes round names no move. */
static int short_of(gb_error *err, const gb_move *m, long offers)
{
    /* the forms of the reader's language for the offers' count, not an English "is"/"are" put
     * in (gb_trn_format: the count is the %ld) */
    return gb_failn(err, GB_EILLEGAL, (unsigned long)offers,
                    "this move refuses %u bulto but only %ld is offered before the sowing comes "
                    "round (B5, T1)",
                    "this move refuses %u bulto but only %ld are offered before the sowing comes "
                    "round (B5, T1)",
                    (unsigned)m->refusals, offers);
}

static int bu_play(const gb_options *o, gb_pos *p, gb_move *m, gb_trace *t, uint64_t *rng,
                   gb_error *err)
{
    (void)rng;
    if (m->kind != GB_MOVE_SOW)
        return gb_fail(err, GB_EILLEGAL, "Bulto has only sowing moves");
    const char *why = start_refusal(p, m->hole);
    if (why)
        return gb_fail(err, GB_EILLEGAL, "%s", gb_tr(why));
    const bool menager = p->phase == BU_MENAGER;
    const int mover = p->to_move;
    const gb_pos p0 = *p;
    long offers = 0;
    int rc = sow_from(o, &p0, p, m->hole, m->refusals, t, NULL, &offers);
    if (rc == GB_EENDLESS)
        return rc; /* T1 */
    if (rc == SOW_NATURAL && offers < m->refusals) /* the offers' forms, as in short_of */
        return gb_failn(err, GB_EILLEGAL, (unsigned long)offers,
                        "this move refuses %u bulto but only %ld is offered (B5)",
                        "this move refuses %u bulto but only %ld are offered (B5)",
                        (unsigned)m->refusals, offers);
    if (rc == SOW_SHORT)
        return short_of(err, m, offers);
    if (menager)
        after_menager(p);
    end_move(p, mover);
    if (rc == SOW_TAKEN && m->refusals > 0) {
        /* B5: the same outcome with fewer refusals is the move; this text is not */
        long same = first_same(o, &p0, m->hole, p, m->refusals);
        if (same >= 0) {
            char lab[2];
            gb_label_format(BU_N, m->hole, lab);
            *p = p0;
            /* B5 [ruling, 2026-12-01]: unless this is the offer that recurs, or one past it. The
             * sowing may take it before it comes round far enough to tell (sow_from's first
             * pass): refusing every offer tells. C~k with k the offers before the first that
             * recurs is the move refusing them all (never-ending: T1 decides); a larger k names
             * no move. (With skip-origin=no only a recurring offer repeats an outcome.) */
            gb_pos all = p0;
            long distinct = 0;
            if (sow_from(o, &p0, &all, m->hole, -1, NULL, NULL, &distinct) == GB_EENDLESS &&
                m->refusals >= distinct)
                return m->refusals == distinct ? GB_EENDLESS : short_of(err, m, distinct);
            if (same == 0)
                return gb_fail(err, GB_EILLEGAL,
                               "%s~%u leaves the same position as %s: a move is written with "
                               "the fewest refusals (B5)",
                               lab, (unsigned)m->refusals, lab);
            return gb_fail(err, GB_EILLEGAL,
                           "%s~%u leaves the same position as %s~%ld: a move is written with the "
                           "fewest refusals (B5)",
                           lab, (unsigned)m->refusals, lab, same);
        }
    }
    return GB_OK;
}

static int bu_gen(const gb_options *o, const gb_pos *p, gb_move *moves, gb_pos *children)
{
    sow_out out = {moves, children, 0, GB_MAX_MOVES, 0, 0, 0, 0, NULL, 0, -1, false};
    const int first = p->to_move * BU_N;
    for (int h = first; h < first + BU_N && out.count < out.cap; h++) {
        if (start_refusal(p, h))
            continue;
        gb_pos c = *p;
        long offers = 0;
        out.hole = h;
        out.first = out.count;
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

/* gb_rules.gen_lazy: the playouts' sowing on bit masks where it can list gen's moves, else gen. */
static int bu_gen_lazy(const gb_options *o, const gb_pos *p, gb_move *moves, gb_pos *children,
                       uint64_t *lazy)
{
    int n = gb_bulto_gen_fast(o, p, moves, children, lazy);
    if (n != GB_EINVAL)
        return n;
    *lazy = 0;
    return bu_gen(o, p, moves, children);
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
        return gb_failn(err, GB_EINVAL, (unsigned long)total,
                        "%d stone on the board; Bulto has exactly %d",
                        "%d stones on the board; Bulto has exactly %d", total, BU_STONES);
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
    .version = GB_RULES_VERSION,
    .name = "bulto",
    .title = "Bulto",
    .n = BU_N,
    .options = bu_options,
    .num_options = (int)(sizeof bu_options / sizeof bu_options[0]),
    .phases = bu_phases,
    .setup = bu_setup,
    .play = bu_play,
    .gen = bu_gen,
    .ended = bu_ended,
    .finish = bu_finish,
    .scores = bu_scores,
    .check = bu_check,
    .sample = gb_bulto_sample,
    .gen_lazy = bu_gen_lazy,
    .eval = gb_bulto_eval,
    .text = &gb_bulto_text,
    .words = &gb_bulto_words,
    .lessons = gb_bulto_lessons,
};
