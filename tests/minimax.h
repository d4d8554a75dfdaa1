/* minimax.h — a plain minimax on the public API, for the search tests: clones and gb_play, a
 * second method sharing only the evaluation functions with the search. Taking the expectation over
 * a chance outcome by playing the move with each outcome forced (E@S, E@N). */
#ifndef GABATA_TEST_MINIMAX_H
#define GABATA_TEST_MINIMAX_H

#define WIN GB_SCORE_WIN

/* ---- a plain minimax on the public API ---- */
static int static_value(const gb_game *g, int side)
{
    return gb_eval(gb_game_rules(g), gb_game_options(g), gb_game_pos(g), side);
}

/* The value for `me` of a finished game (match) reached after `plies` plies. */
static int final_value(const gb_game *c, int me, int plies)
{
    int w = gb_winner(c);
    return w == GB_DRAW ? 0 : w == me ? WIN - plies : -(WIN - plies);
}

/* Value for `me` of a game that just ended or began a new round. */
static int end_value(const gb_game *c, int me, int plies)
{
    if (gb_is_over(c))
        return final_value(c, me, plies);
    /* the match's round starts before the one c has just begun, as the search sees them from
     * its root (a line ends at the first round end) */
    gb_match_view mv;
    gb_match_view_of(c, false, &mv);
    return gb_eval_round(gb_game_rules(c), gb_game_options(c), gb_game_pos(c), me, &mv);
}

static bool same_state(const gb_game *a, const gb_game *b)
{
    char *pa = gb_position_format(a), *pb = gb_position_format(b);
    bool same = strcmp(pa, pb) == 0 && gb_is_over(a) == gb_is_over(b) && gb_winner(a) == gb_winner(b);
    free(pa);
    free(pb);
    return same;
}

static int minimax(const gb_game *g, int depth, int plies);

/* The value of the i-th legal move of g for the player to move, searching depth plies in all. */
static int move_value(const gb_game *g, const gb_move *mv, int depth, int plies)
{
    const int me = gb_to_move(g);
    gb_game *c = gb_game_clone(g);
    assert_non_null(c);
    gb_move m = *mv;
    m.chance = 1; /* a chance outcome, if the ply draws one: first South's lots */
    assert_int_equal(gb_play(c, &m, NULL), GB_OK);
    int v;
    if (gb_is_over(c) || gb_round(c) != gb_round(g)) {
        v = end_value(c, me, plies + 1);
        gb_game *c2 = gb_game_clone(g);
        gb_move m2 = *mv;
        m2.chance = 2; /* then North's: when the result differs, the value is the mean */
        assert_int_equal(gb_play(c2, &m2, NULL), GB_OK);
        if (!same_state(c, c2))
            v = (v + end_value(c2, me, plies + 1)) / 2;
        gb_game_free(c2);
    } else {
        gb_move tmp[GB_MAX_MOVES];
        int n = gb_legal_moves(c, tmp, GB_MAX_MOVES);
        if (n == 0 || depth <= 1)
            v = static_value(c, me);
        else if (gb_to_move(c) == me)
            v = minimax(c, depth - 1, plies + 1);
        else
            v = -minimax(c, depth - 1, plies + 1);
    }
    gb_game_free(c);
    return v;
}

static int minimax(const gb_game *g, int depth, int plies)
{
    gb_move moves[GB_MAX_MOVES];
    int n = gb_legal_moves(g, moves, GB_MAX_MOVES), best = -2 * WIN;
    for (int i = 0; i < n; i++) {
        int v = move_value(g, &moves[i], depth, plies);
        if (v > best)
            best = v;
    }
    return best;
}

#endif
