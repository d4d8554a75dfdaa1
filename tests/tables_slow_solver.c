/* tables_slow_solver.c — the endgame tables' second solver and the tests' set-up
 * (tables_slow_solver.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "tables_slow_solver.h"

static long long nodes, node_limit;
static bool aborted;

/* The final margin for the side to move of the game g (not over), by negamax with plain
 * alpha-beta (exact within (alpha, beta): a value outside is a bound on its side), each move
 * played on a copy of the game with its whole record. */
static int slow(const gb_game *g, int alpha, int beta)
{
    gb_move *m = malloc(GB_MAX_MOVES * sizeof *m); /* Bulto's lists may be long (B5) */
    assert_non_null(m);
    const int me = gb_to_move(g);
    const int n = gb_legal_moves(g, m, GB_MAX_MOVES);
    int best = -1000;
    if (++nodes > node_limit) {
        aborted = true;
        free(m);
        return 0;
    }
    for (int i = 0; i < n && !aborted; i++) {
        gb_error err = {0};
        gb_move mv = m[i];
        gb_game *c = gb_game_clone(g);
        assert_non_null(c);
        if (gb_play(c, &mv, &err) != GB_OK)
            fail_msg("play: %s", err.msg);
        int v;
        if (gb_is_over(c))
            v = gb_score(c, me) - gb_score(c, !me);
        else if (gb_to_move(c) == me)
            v = slow(c, alpha, beta);
        else
            v = -slow(c, -beta, -alpha);
        gb_game_free(c);
        if (v > best)
            best = v;
        if (best > alpha)
            alpha = best;
        if (alpha >= beta)
            break;
    }
    free(m);
    return best;
}

bool slow_value(const gb_game *g, long long limit, int *value)
{
    nodes = 0;
    node_limit = limit;
    aborted = false;
    const int v = slow(g, -1000, 1000);
    if (aborted)
        return false;
    *value = v;
    return true;
}

int slow_move_values(const gb_game *g, gb_move *m, int *val, long long limit)
{
    const int me = gb_to_move(g);
    const int n = gb_legal_moves(g, m, GB_MAX_MOVES);
    nodes = 0;
    node_limit = limit;
    aborted = false;
    for (int i = 0; i < n; i++) {
        gb_error err = {0};
        gb_move mv = m[i];
        gb_game *c = gb_game_clone(g);
        assert_non_null(c);
        assert_int_equal(gb_play(c, &mv, &err), GB_OK);
        if (gb_is_over(c))
            val[i] = gb_score(c, me) - gb_score(c, !me);
        else if (gb_to_move(c) == me)
            val[i] = slow(c, -1000, 1000);
        else
            val[i] = -slow(c, -1000, 1000);
        gb_game_free(c);
        if (aborted)
            return -1;
    }
    return n;
}

int slow_open_tables(const char *test, int argc, char **argv, int verify, gb_tables **t, const char **dir)
{
    const char *d = argc > 1 ? argv[1] : getenv("GABATA_TABLES");
    if (!d) {
        fprintf(stderr, "%s: give the tables' folder (argument or GABATA_TABLES)\n", test);
        return 2;
    }
    gb_error err = {0};
    gb_tables *tb = NULL;
    if (gb_tables_open(&tb, d, verify, &err) != GB_OK) {
        fprintf(stderr, "%s: %s\n", test, err.msg);
        return 2;
    }
    if (t)
        *t = tb;
    else
        gb_tables_close(tb);
    if (dir)
        *dir = d;
    return 0;
}
