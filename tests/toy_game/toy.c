/* toy.c — a toy fifth game, the walk-through of docs/design.md ("Adding a game"): the smallest
 * complete game the library can take, registered by one line (toy.def) and nothing else.
 *
 * Its rules (made up for the walk-through, not a traditional game): 2x3 holes, 2 stones each;
 * a move lifts a non-empty hole of one's own row and sows counter-clockwise, one lap only; a last
 * stone into an empty hole of one's own row captures the hole opposite (if it holds any). The game
 * ends when the player to move has no stone in his row; the stones left go to their row's player
 * (as T2 gives them), and more stones wins. skip-origin, endless and max-plies (RULINGS §0, T1,
 * T3) come with the shared option definitions; the driver applies T1–T5 around these rules. */
#include "internal.h"

#define TOY_N 3
#define TOY_RING (2 * TOY_N)

static const gb_option_def toy_options[] = {
    GB_OPTION_SKIP_ORIGIN,
    GB_OPTION_ENDLESS,
    GB_OPTION_MAX_PLIES,
};
static const char *const toy_phases[] = {"play", NULL};

static void toy_setup(const gb_options *o, gb_pos *p)
{
    (void)o;
    memset(p, 0, sizeof *p);
    for (int i = 0; i < TOY_RING; i++)
        p->holes[i] = 2;
    p->own_n = ((1u << TOY_RING) - 1) & ~((1u << TOY_N) - 1); /* each owns his own row */
    p->to_move = GB_SOUTH;
    p->round = 1;
}

/* One lap from h (no relay, so no sowing can be never-ending). */
static void toy_sow(const gb_options *o, gb_pos *p, int h, gb_trace *t)
{
    const int mover = p->to_move, stones = p->holes[h];
    int q = h;
    p->holes[h] = 0;
    for (int k = stones; k > 0;) {
        q = gb_next(TOY_RING, q);
        if (q == h && o->v[GB_OPT_SKIP_ORIGIN])
            continue; /* §0 skip-origin=yes */
        p->holes[q]++;
        k--;
    }
    const int opp = gb_opposite(TOY_N, q);
    int taken = 0;
    if (p->holes[q] == 1 && gb_row_of(TOY_N, q) == mover && p->holes[opp]) {
        taken = p->holes[opp];
        p->holes[opp] = 0;
        p->store[mover] = (uint8_t)(p->store[mover] + taken);
    }
    gb_trace_lap(t, h, q, stones, taken ? GB_EV_CAPTURE : GB_EV_END, opp, taken);
    p->to_move = (uint8_t)!mover;
    p->flags = (uint8_t)((p->flags & ~GB_F_LAST_N) | (mover ? GB_F_LAST_N : 0));
    p->ply++;
}

static int toy_play(const gb_options *o, gb_pos *p, gb_move *m, gb_trace *t, uint64_t *rng,
                    gb_error *err)
{
    (void)rng;
    if (m->kind != GB_MOVE_SOW || m->refusals)
        return gb_fail(err, GB_EILLEGAL, "the toy game has only sowing moves");
    if (m->hole >= TOY_RING || gb_row_of(TOY_N, m->hole) != p->to_move)
        return gb_fail(err, GB_EILLEGAL, "a move starts from a hole of your own row");
    if (!p->holes[m->hole])
        return gb_fail(err, GB_EILLEGAL, "that hole is empty");
    toy_sow(o, p, m->hole, t);
    return GB_OK;
}

static int toy_gen(const gb_options *o, const gb_pos *p, gb_move *moves, gb_pos *children)
{
    int count = 0;
    for (int h = p->to_move * TOY_N; h < (p->to_move + 1) * TOY_N; h++) {
        if (!p->holes[h])
            continue;
        moves[count] = (gb_move){.kind = GB_MOVE_SOW, .hole = (uint8_t)h};
        children[count] = *p;
        toy_sow(o, &children[count++], h, NULL);
    }
    return count;
}

static bool toy_ended(const gb_options *o, const gb_pos *p, int nmoves)
{
    (void)o;
    (void)p;
    return nmoves == 0;
}

static void toy_scores(const gb_options *o, const gb_pos *p, int score[2])
{
    (void)o;
    score[0] = p->store[0];
    score[1] = p->store[1];
    for (int i = 0; i < TOY_RING; i++)
        score[gb_row_of(TOY_N, i)] += p->holes[i];
}

static void toy_finish(const gb_options *o, gb_pos *p, int reason, uint8_t *chance, uint64_t *rng)
{
    (void)chance;
    (void)rng;
    int s[2];
    p->end_reason = (uint8_t)reason;
    p->flags |= GB_F_OVER;
    toy_scores(o, p, s);
    p->winner = s[0] > s[1] ? GB_SOUTH : s[1] > s[0] ? GB_NORTH : GB_DRAW;
}

static int toy_check(const gb_options *o, const gb_pos *p, gb_error *err)
{
    (void)o;
    if (p->store[0] + p->store[1] + gb_pos_board_total(p, TOY_RING) > 2 * TOY_RING)
        return gb_fail(err, GB_EINVAL, "more than the toy game's 12 stones");
    if (p->mark_s || p->mark_n || p->mine)
        return gb_fail(err, GB_EINVAL, "the toy game has no marked holes");
    return GB_OK;
}

static const char *const toy_rules[] = {
    "Two rows of 3 holes, 2 stones in each. Sow one of your holes counter-clockwise, one lap.",
    "A last stone into an empty hole of your row captures the hole opposite.",
    "The game ends when the player to move has no stone; the stones left are their row's.",
    NULL,
};
static const gb_rules_text toy_text = {"A toy for the walk-through of docs/design.md.",
                                       "Holes and stones.", toy_rules};

const gb_rules gb_rules_toy = {
    .version = GB_RULES_VERSION,
    .name = "toy",
    .title = "Toy",
    .n = TOY_N,
    .options = toy_options,
    .num_options = (int)(sizeof toy_options / sizeof toy_options[0]),
    .phases = toy_phases,
    .setup = toy_setup,
    .play = toy_play,
    .gen = toy_gen,
    .ended = toy_ended,
    .finish = toy_finish,
    .scores = toy_scores,
    .check = toy_check,
    .text = &toy_text,
    /* no eval: the search plays it on the generic terms; no words: the shared ones */
};
