/* test_go_budget.c — `gabata engine`'s `go` answers within its budget (issue 8; docs/protocol.md,
 * "Searching"): with `go nodes N` every `info` line reports at most N nodes, with `go depth D`
 * depth at most D, and every `go` (movetime included) ends with one `bestmove` that is a legal
 * move, then `ok`. Counts only, no timing. Sessions run through engine_run on tmpfiles, on
 * positions of every registered game: the start, and after a few random plies.
 *
 * Expected values come from the protocol itself, not from the search's output: the legal moves
 * from `moves`, and the node count of a depth-1 search, which visits each root move once; and a
 * `go` after `new` against the same `go` in a fresh session (the session keeps its table). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli.h"
#include "engine_session.h"

/* What a `go` answered: its info lines' depths and node counts, and the bestmove. */
typedef struct go_answer {
    int infos;
    int depth[128];
    long long nodes[128];
    char best[128];
} go_answer;

/* `setup` (lines ending in \n that set the position, answered `ok` each) then `go ARGS`. */
static void run_go(const char *setup, const char *args, go_answer *a)
{
    char in[4096];
    snprintf(in, sizeof in, "%sgo %s\n", setup, args);
    char *out = session(in);
    memset(a, 0, sizeof *a);
    int lines = 0, bestmoves = 0;
    char *save = NULL, *last = NULL;
    for (char *l = strtok_r(out, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        lines++;
        last = l;
        if (strncmp(l, "error", 5) == 0)
            fail_msg("go %s after\n%s: %s", args, setup, l);
        if (strncmp(l, "info ", 5) == 0) {
            assert_true(a->infos < 128);
            const char *d = strstr(l, " depth "), *n = strstr(l, " nodes ");
            assert_non_null(d);
            assert_non_null(n);
            a->depth[a->infos] = atoi(d + 7);
            a->nodes[a->infos] = atoll(n + 7);
            a->infos++;
        } else if (strncmp(l, "bestmove ", 9) == 0) {
            bestmoves++;
            snprintf(a->best, sizeof a->best, "%s", l + 9);
        } else if (strcmp(l, "ok") != 0) {
            fail_msg("go %s: unexpected line '%s'", args, l);
        }
    }
    assert_int_equal(bestmoves, 1);
    assert_non_null(last);
    assert_string_equal(last, "ok"); /* the answer is complete */
    /* alpha-beta reports iterations in order, each with more nodes than the one before; MCTS
     * reports its tree's depth, every 4096 playouts and at the end */
    bool mcts = strstr(args, "mcts") != NULL;
    for (int i = 1; i < a->infos; i++) {
        if (!mcts)
            assert_true(a->depth[i] > a->depth[i - 1]);
        assert_true(mcts ? a->nodes[i] >= a->nodes[i - 1] : a->nodes[i] > a->nodes[i - 1]);
    }
    free(out);
}

/* The legal moves after `setup`, from the protocol's `moves` (one a line). */
static int legal_moves(const char *setup, char moves[][GB_MOVE_TEXT_MAX], int max)
{
    char in[4096];
    snprintf(in, sizeof in, "%smoves\n", setup);
    char *out = session(in);
    int n = 0;
    char *save = NULL;
    for (char *l = strtok_r(out, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
        if (strcmp(l, "ok") != 0 && n < max)
            snprintf(moves[n++], 96, "%s", l);
    free(out);
    return n;
}

/* A move is legal after `setup`: in a listed phase it is one of `moves`; in a phase whose moves
 * cannot be listed (a layout) `play` accepts it. */
static void assert_legal(const char *setup, const char *move)
{
    char moves[GB_MAX_MOVES][GB_MOVE_TEXT_MAX];
    int n = legal_moves(setup, moves, GB_MAX_MOVES);
    if (n > 0) {
        for (int i = 0; i < n; i++)
            if (strcmp(moves[i], move) == 0)
                return;
        fail_msg("bestmove %s is not a legal move after\n%s", move, setup);
    }
    char in[4096];
    snprintf(in, sizeof in, "%splay %s\n", setup, move);
    char *out = session(in);
    if (strstr(out, "error"))
        fail_msg("bestmove %s refused after\n%s: %s", move, setup, out);
    free(out);
}

/* The positions: every game at its start, and after 3 and 9 random plies (a position string,
 * so that the engine starts there). */
#define NPOS 64
static char setups[NPOS][2048];
static int nsetups;

static void make_setups(void)
{
    if (nsetups)
        return;
    for (int v = 0; v < gb_variant_count(); v++) {
        const char *name = gb_variant_name(v);
        snprintf(setups[nsetups++], sizeof setups[0], "new %s\n", name);
        for (int k = 0; k < 2; k++) {
            int plies = k ? 9 : 3;
            gb_game *g;
            gb_error err;
            assert_int_equal(gb_game_new(&g, name, NULL, 7 + (uint64_t)v, &err), GB_OK);
            uint64_t rng = 1000 + (uint64_t)(v * 10 + k);
            for (int i = 0; i < plies && !gb_is_over(g); i++) {
                gb_move m;
                assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
                assert_int_equal(gb_play(g, &m, &err), GB_OK);
            }
            if (!gb_is_over(g)) {
                char *pos = gb_position_format(g);
                assert_non_null(pos);
                assert_true(nsetups < NPOS);
                snprintf(setups[nsetups++], sizeof setups[0], "position %s\n", pos);
                free(pos);
            }
            gb_game_free(g);
        }
    }
    assert_true(nsetups >= 3 * 4); /* the four games, three positions each */
}

/* go nodes N: no info line reports more than N nodes, for small budgets (below one iteration,
 * below the root's move count) and larger ones. */
static void test_go_nodes(void **state)
{
    (void)state;
    make_setups();
    static const long long budgets[] = {1, 2, 5, 37, 200, 3000};
    for (int p = 0; p < nsetups; p++)
        for (size_t b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
            char args[64];
            snprintf(args, sizeof args, "nodes %lld", budgets[b]);
            go_answer a;
            run_go(setups[p], args, &a);
            for (int i = 0; i < a.infos; i++)
                if (a.nodes[i] > budgets[b])
                    fail_msg("go %s after\n%sreports %lld nodes at depth %d", args, setups[p],
                             a.nodes[i], a.depth[i]);
            assert_legal(setups[p], a.best);
        }
}

/* The node count is exact: a depth-1 search visits each root move once; a budget of exactly the
 * nodes of a depth-2 search completes depth 2 (with that count) and no more, and a budget one
 * less completes only depth 1. */
static void test_go_nodes_exact(void **state)
{
    (void)state;
    make_setups();
    for (int p = 0; p < nsetups; p++) {
        char moves[GB_MAX_MOVES][GB_MOVE_TEXT_MAX];
        int n = legal_moves(setups[p], moves, GB_MAX_MOVES);
        go_answer d1, d2, a;
        run_go(setups[p], "depth 1", &d1);
        assert_int_equal(d1.infos, 1);
        assert_int_equal(d1.depth[0], 1);
        if (n > 0) /* a layout's candidates are not listed */
            assert_int_equal(d1.nodes[0], n);
        run_go(setups[p], "depth 2", &d2);
        if (d2.infos < 2)
            continue; /* depth 1 was exact (every line ended): nothing more to compare */
        long long x = d2.nodes[1];
        char args[64];
        snprintf(args, sizeof args, "nodes %lld", x);
        run_go(setups[p], args, &a);
        assert_true(a.infos >= 2);
        assert_int_equal(a.depth[1], 2);
        assert_int_equal(a.nodes[1], x);
        if (a.infos > 2)
            fail_msg("go %s after\n%scompleted depth %d", args, setups[p], a.depth[2]);
        snprintf(args, sizeof args, "nodes %lld", x - 1);
        run_go(setups[p], args, &a);
        assert_int_equal(a.infos, 1);
        assert_int_equal(a.depth[0], 1);
        assert_int_equal(a.nodes[0], d1.nodes[0]);
    }
}

/* go depth D: no info line deeper than D; from a game's start (where no game or round can end
 * within 4 plies) the last reported depth is D itself. */
static void test_go_depth(void **state)
{
    (void)state;
    make_setups();
    for (int p = 0; p < nsetups; p++)
        for (int d = 1; d <= 4; d++) {
            char args[64];
            snprintf(args, sizeof args, "depth %d", d);
            go_answer a;
            run_go(setups[p], args, &a);
            assert_true(a.infos >= 1);
            for (int i = 0; i < a.infos; i++)
                assert_true(a.depth[i] >= 1 && a.depth[i] <= d);
            if (strncmp(setups[p], "new ", 4) == 0)
                assert_int_equal(a.depth[a.infos - 1], d);
            assert_legal(setups[p], a.best);
        }
}

/* go movetime MS (and the default budget) terminates and answers a legal bestmove; no timing is
 * asserted. Several budgets combined: the first reached stops the search. */
static void test_go_movetime(void **state)
{
    (void)state;
    make_setups();
    for (int p = 0; p < nsetups; p++) {
        go_answer a;
        run_go(setups[p], "movetime 20", &a);
        assert_legal(setups[p], a.best);
        run_go(setups[p], "movetime 100000 nodes 300", &a);
        for (int i = 0; i < a.infos; i++)
            assert_true(a.nodes[i] <= 300);
        assert_legal(setups[p], a.best);
        run_go(setups[p], "movetime 100000 depth 2", &a);
        for (int i = 0; i < a.infos; i++)
            assert_true(a.depth[i] <= 2);
        assert_legal(setups[p], a.best);
    }
}

/* MCTS: `nodes` counts playouts; the info lines (every 4096 playouts and at the end) report at
 * most that many, and the bestmove is legal. */
static void test_go_mcts(void **state)
{
    (void)state;
    make_setups();
    static const long long budgets[] = {1, 7, 300, 5000};
    for (int p = 0; p < nsetups; p++)
        for (size_t b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
            char args[64];
            snprintf(args, sizeof args, "nodes %lld mcts", budgets[b]);
            go_answer a;
            run_go(setups[p], args, &a);
            assert_true(a.infos >= 1);
            for (int i = 0; i < a.infos; i++)
                assert_true(a.nodes[i] <= budgets[b]);
            assert_int_equal(a.nodes[a.infos - 1], budgets[b]); /* the final line: all played */
            assert_legal(setups[p], a.best);
        }
}

/* The answers of a session's `go` commands without their timings (nps, time), one string each,
 * split at each `bestmove` line's `ok`. Returns how many. */
static int go_answers(const char *input, char ans[][8192], int max)
{
    char *out = session(input);
    int n = 0;
    size_t len = 0;
    bool after_best = false;
    char *save = NULL;
    ans[0][0] = 0;
    for (char *l = strtok_r(out, "\n", &save); l && n < max; l = strtok_r(NULL, "\n", &save)) {
        if (strncmp(l, "error", 5) == 0)
            fail_msg("%s: %s", input, l);
        if (strcmp(l, "ok") == 0) {
            if (after_best) {
                n++;
                len = 0;
                if (n < max)
                    ans[n][0] = 0;
            }
            after_best = false;
            continue;
        }
        after_best = strncmp(l, "bestmove ", 9) == 0;
        /* drop " nps N" and " time N" */
        char *save2 = NULL, *prev = NULL;
        for (char *t = strtok_r(l, " ", &save2); t; t = strtok_r(NULL, " ", &save2)) {
            bool skip = prev && (strcmp(prev, "nps") == 0 || strcmp(prev, "time") == 0);
            prev = t;
            if (skip || strcmp(t, "nps") == 0 || strcmp(t, "time") == 0)
                continue;
            len += (size_t)snprintf(ans[n] + len, 8192 - len, "%s ", t);
            assert_true(len < 8000);
        }
        len += (size_t)snprintf(ans[n] + len, 8192 - len, "\n");
    }
    free(out);
    return n;
}

/* The session keeps its searcher (and table) across `go` commands, and `new` clears it: a `go`
 * after `new` answers exactly (nodes, scores, lines) as the same `go` in a fresh session, even
 * after a deeper search of the same position had filled the table. */
static void test_go_new_clears(void **state)
{
    (void)state;
    static char fresh[2][8192], kept[3][8192];
    for (int v = 0; v < gb_variant_count(); v++) {
        const char *name = gb_variant_name(v);
        char in[512];
        snprintf(in, sizeof in, "new %s\ngo depth 5\n", name);
        assert_int_equal(go_answers(in, fresh, 2), 1);
        snprintf(in, sizeof in, "new %s\ngo depth 7\nnew %s\ngo depth 5\n", name, name);
        assert_int_equal(go_answers(in, kept, 3), 2);
        assert_string_equal(kept[1], fresh[0]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_go_nodes),
        cmocka_unit_test(test_go_nodes_exact),
        cmocka_unit_test(test_go_depth),
        cmocka_unit_test(test_go_movetime),
        cmocka_unit_test(test_go_mcts),
        cmocka_unit_test(test_go_new_clears),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
