/* fuzz_search.c — the computer players (gb_search, gb_mcts; docs/ai.md) on any position a game
 * can be in. The input is a position string (docs/notation.md); after its first line break, one
 * more byte picks how many random plies to play first (so that the search also starts from
 * positions with a history: repetition, killers and table entries from earlier searches).
 * Alpha-beta runs with a small node budget, with a table (kept across the plies, as an engine
 * keeps it) and without; MCTS with a few playouts. Each answers OK or a one-line error; its best
 * move and every move of its principal variation are legal, played in order on a copy of the game
 * (up to the game's end), and the best move is one of those gb_legal_moves lists (where the phase
 * lists moves); the scores are in range. */
#include "fuzz.h"

static void check_result(const gb_game *g, const gb_search_result *r)
{
    FUZZ_CHECK(r->score >= -GB_SCORE_WIN && r->score <= GB_SCORE_WIN);
    FUZZ_CHECK(r->pv_len >= 0 && r->pv_len <= GB_PV_MAX);
    /* the best move is one of the listed moves, where the phase lists them (a table move or a
     * killer made by `play` must not bring in anything else) */
    static gb_move listed[GB_MAX_MOVES];
    int n = gb_legal_moves(g, listed, GB_MAX_MOVES), i = 0;
    while (i < n && !(listed[i].kind == r->best.kind && listed[i].hole == r->best.hole &&
                      listed[i].refusals == r->best.refusals))
        i++;
    FUZZ_CHECK(n == 0 || i < n);
    gb_game *copy = gb_game_clone(g);
    FUZZ_CHECK(copy != NULL);
    gb_move best = r->best;
    gb_error err;
    int rc = gb_play(copy, &best, &err);
    if (rc != GB_OK)
        fprintf(stderr, "best move refused: %s\n", err.msg);
    FUZZ_CHECK(rc == GB_OK);
    gb_game_free(copy);
    copy = gb_game_clone(g);
    FUZZ_CHECK(copy != NULL);
    for (int k = 0; k < r->pv_len && !gb_is_over(copy); k++) {
        gb_move m = r->pv[k];
        rc = gb_play(copy, &m, &err);
        if (rc != GB_OK)
            fprintf(stderr, "pv move %d refused: %s\n", k, err.msg);
        FUZZ_CHECK(rc == GB_OK);
    }
    gb_game_free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *text = fuzz_text(data, size);
    int plies = 0;
    char *nl = strchr(text, '\n');
    if (nl) {
        *nl = 0;
        plies = (unsigned char)nl[1] % 24; /* 0 when the line break ends the input */
    }
    gb_game *g;
    gb_error err;
    if (gb_game_from_position(&g, text, 1, &err) != GB_OK) {
        fuzz_check_error(&err);
        free(text);
        return 0;
    }
    gb_search_opts with, none;
    memset(&with, 0, sizeof with);
    with.tt_mb = 1;
    with.budget.nodes = 3000;
    with.seed = 5;
    none = with;
    none.tt_mb = -1;
    gb_searcher *a = gb_searcher_new(&with), *b = gb_searcher_new(&none);
    FUZZ_CHECK(a && b);
    uint64_t rng = 99;
    for (int ply = 0;; ply++) {
        gb_search_result r;
        if (gb_is_over(g)) {
            FUZZ_CHECK(gb_search(a, g, &with, &r, &err) == GB_EOVER);
            fuzz_check_error(&err);
            break;
        }
        if (gb_search(a, g, &with, &r, &err) == GB_OK)
            check_result(g, &r);
        else
            fuzz_check_error(&err);
        if (gb_search(b, g, &none, &r, &err) == GB_OK)
            check_result(g, &r);
        else
            fuzz_check_error(&err);
        gb_search_opts mcts = with;
        mcts.budget.nodes = 64;
        if (gb_mcts(a, g, &mcts, &r, &err) == GB_OK)
            check_result(g, &r);
        else
            fuzz_check_error(&err);
        if (ply >= plies)
            break;
        gb_move m;
        if (gb_random_move(g, &rng, &m) != GB_OK || gb_play(g, &m, &err) != GB_OK)
            break;
    }
    gb_searcher_free(a);
    gb_searcher_free(b);
    gb_game_free(g);
    free(text);
    return 0;
}
