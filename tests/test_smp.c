/* test_smp.c — Lazy SMP (src/search/smp.c), for correctness only (never timing):
 * - threads=1 gives exactly the plain search's result (threads=0, the default): move, score,
 *   depth, nodes and line, on random positions of every game, fresh searchers each;
 * - threads=2 returns a legal move, and whenever it reports a decided score (a win or loss in k
 *   plies) this file's plain minimax (tests/minimax.h) to depth k finds the same value: a score
 *   the shared table proved is a true bound, whichever thread stored it; to a fixed depth the
 *   reported depth is that depth (a helper that finishes it first ends the search), or the value
 *   is exact or decided sooner;
 * - a searcher kept across searches with threads stays exact in the same sense;
 * - by time, where a helper's deeper finished iteration may be played: the move is legal, a
 *   decided score true, the depth never past a depth asked for beside the time, and the last
 *   `info` line is the result returned;
 * - a move deferred because another thread is searching it is searched later, not dropped
 *   (one thread told to defer every second move it may finds the plain search's exact-mode
 *   value);
 * - at a root whose moves cannot be listed (a layout) every thread searches the main thread's
 *   candidates;
 * - bad thread counts get GB_EINVAL and a message naming them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "searcher.h"

#include "minimax.h"

static gb_game *random_position(const char *variant, uint64_t seed, int max_plies)
{
    uint64_t rng = seed * 7919 + 17;
    for (int attempt = 0;; attempt++) {
        gb_game *g;
        assert_int_equal(gb_game_new(&g, variant, NULL, seed + (uint64_t)attempt, NULL), GB_OK);
        int k = (int)(gb_rand_next(&rng) % (uint64_t)(max_plies + 1));
        for (int i = 0; i < k && !gb_is_over(g); i++) {
            gb_move m;
            assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
            assert_int_equal(gb_play(g, &m, NULL), GB_OK);
        }
        gb_move tmp[GB_MAX_MOVES];
        if (!gb_is_over(g) && gb_legal_moves(g, tmp, GB_MAX_MOVES) > 0)
            return g;
        gb_game_free(g);
        assert_true(attempt < 1000);
    }
}

static void search_with(const gb_game *g, int threads, int depth, gb_search_result *r)
{
    gb_search_opts o;
    memset(&o, 0, sizeof o);
    o.tt_mb = 4;
    o.budget.depth = depth;
    o.threads = threads;
    gb_searcher *s = gb_searcher_new(&o);
    assert_non_null(s);
    gb_error err;
    if (gb_search(s, g, &o, r, &err) != GB_OK)
        fail_msg("search: %s", err.msg);
    gb_searcher_free(s);
}

static void test_one_thread_is_the_plain_search(void **state)
{
    (void)state;
    for (int v = 0; v < gb_variant_count(); v++) {
        for (int i = 0; i < 20; i++) {
            gb_game *g = random_position(gb_variant_name(v), (uint64_t)i + 100, 60);
            gb_search_result a, b;
            search_with(g, 0, 5, &a);
            search_with(g, 1, 5, &b);
            assert_true(gb_same_move(&a.best, &b.best));
            assert_int_equal(a.score, b.score);
            assert_int_equal(a.depth, b.depth);
            assert_int_equal(a.nodes, b.nodes);
            assert_int_equal(a.pv_len, b.pv_len);
            for (int k = 0; k < a.pv_len; k++)
                assert_true(gb_same_move(&a.pv[k], &b.pv[k]));
            gb_game_free(g);
        }
    }
}

/* The deferral (search.c, tune.h DEFER_MIN_DEPTH): a move put off is searched after the others,
 * never dropped. Deterministically, on one thread: a searcher told to defer every second move it
 * may (as if another thread were searching those) must find the same value as the plain search,
 * move order aside. With the table in its exact mode (an entry is used only at its own depth) a
 * fixed-depth value does not depend on the order, so the two must agree exactly. */
static int exact_value(const gb_game *g, int depth, bool defer_all, int *nodes_out)
{
    gb_search_opts o;
    memset(&o, 0, sizeof o);
    o.tt_mb = 4;
    o.tt_exact = 1;
    o.budget.depth = depth;
    gb_searcher *s = gb_searcher_new(&o);
    assert_non_null(s);
    s->defer_all = defer_all;
    gb_search_result r;
    gb_error err;
    if (gb_search(s, g, &o, &r, &err) != GB_OK)
        fail_msg("search: %s", err.msg);
    *nodes_out = (int)r.nodes;
    gb_searcher_free(s);
    return r.score;
}

static void test_deferred_moves_are_searched(void **state)
{
    (void)state;
    for (int v = 0; v < gb_variant_count(); v++) {
        int reordered = 0;
        for (int i = 0; i < 25; i++) {
            gb_game *g = random_position(gb_variant_name(v), (uint64_t)i + 700, 80);
            int na, nb;
            const int a = exact_value(g, 6, false, &na), b = exact_value(g, 6, true, &nb);
            if (a != b) {
                char *p = gb_position_format(g);
                fail_msg("%s: depth 6 gives %d, with every second later move deferred %d", p, a, b);
            }
            reordered += na != nb; /* the deferral changed the order somewhere */
            gb_game_free(g);
        }
        /* the test means something only if the deferral happened */
        if (reordered == 0)
            fail_msg("%s: deferring moves changed no search", gb_variant_name(v));
    }
}

static bool is_legal(const gb_game *g, const gb_move *m)
{
    gb_move all[GB_MAX_MOVES];
    int n = gb_legal_moves(g, all, GB_MAX_MOVES);
    for (int i = 0; i < n; i++)
        if (gb_same_move(&all[i], m))
            return true;
    return false;
}

/* A decided score reported with threads must be the minimax value to its own length. */
static int check_decided(const gb_game *g, const gb_search_result *r)
{
    if (!gb_score_is_win(r->score))
        return 0;
    int k = WIN - abs(r->score);
    if (k > 9)
        return 0; /* beyond what the plain minimax checks quickly */
    int want = minimax(g, k, 0);
    if (want != r->score) {
        char *p = gb_position_format(g);
        fail_msg("%s: threads=2 reports %d (decided in %d plies), minimax to depth %d gives %d", p, r->score, k, k, want);
    }
    return 1;
}

static void test_two_threads_sound(void **state)
{
    (void)state;
    const char *games[] = {"sadeqa", "bulto", "qelat", "akil"};
    for (int v = 0; v < 4; v++) {
        int decided = 0;
        for (int i = 0; i < 60; i++) {
            /* late positions: few stones, many decided values */
            gb_game *g = random_position(games[v], (uint64_t)i + 5000, 220);
            gb_search_result r;
            search_with(g, 2, 7, &r);
            assert_true(is_legal(g, &r.best));
            assert_true(r.depth >= 1 && r.nodes > 0);
            /* to a fixed depth, whichever thread finished it first: that depth, or an exact value
             * found before it */
            if (r.depth != 7 && !r.exact && !gb_score_is_win(r.score))
                fail_msg("%s position %d: depth 7 asked, depth %d reported, neither exact nor decided", games[v], i, r.depth);
            decided += check_decided(g, &r);
            gb_game_free(g);
        }
        print_message("%s: %d decided scores checked against minimax\n", games[v], decided);
    }
}

typedef struct last_info {
    int calls, depth;
    gb_move best;
} last_info;

static void record_info(const gb_search_result *r, void *user)
{
    last_info *l = user;
    l->calls++;
    l->depth = r->depth;
    l->best = r->best;
}

/* By time a helper's deeper result may be the one returned (smp.c): it must be as sound as the
 * main thread's, stay within a depth asked for, and be the last line reported. */
static void test_two_threads_by_time(void **state)
{
    (void)state;
    const char *games[] = {"sadeqa", "qelat"};
    for (int v = 0; v < 2; v++)
        for (int i = 0; i < 12; i++) {
            gb_game *g = random_position(games[v], (uint64_t)i + 9000, 120);
            for (int capped = 0; capped < 2; capped++) {
                gb_search_opts o;
                memset(&o, 0, sizeof o);
                o.tt_mb = 4;
                o.threads = 2;
                o.budget.movetime_ms = 25;
                o.budget.depth = capped ? 4 : 0;
                last_info l = {0};
                o.info = record_info;
                o.user = &l;
                gb_searcher *s = gb_searcher_new(&o);
                assert_non_null(s);
                gb_search_result r;
                gb_error err;
                if (gb_search(s, g, &o, &r, &err) != GB_OK)
                    fail_msg("search: %s", err.msg);
                assert_true(is_legal(g, &r.best));
                if (capped && r.depth > 4)
                    fail_msg("%s: depth %d asked with the time, %d reported", games[v], 4, r.depth);
                assert_true(l.calls > 0);
                assert_int_equal(l.depth, r.depth);
                assert_true(gb_same_move(&l.best, &r.best));
                check_decided(g, &r);
                gb_searcher_free(s);
            }
            gb_game_free(g);
        }
}

/* A searcher kept along a game, with threads: its table and helpers live on. */
static void test_kept_searcher(void **state)
{
    (void)state;
    gb_search_opts o;
    memset(&o, 0, sizeof o);
    o.budget.depth = 6;
    o.threads = 2;
    gb_searcher *s = gb_searcher_new(&o);
    gb_game *g;
    assert_int_equal(gb_game_new(&g, "sadeqa", NULL, 7, NULL), GB_OK);
    for (int ply = 0; ply < 200 && !gb_is_over(g); ply++) {
        gb_search_result r;
        gb_error err;
        assert_int_equal(gb_search(s, g, &o, &r, &err), GB_OK);
        assert_true(is_legal(g, &r.best));
        check_decided(g, &r);
        assert_int_equal(gb_play(g, &r.best, NULL), GB_OK);
    }
    gb_game_free(g);
    gb_searcher_free(s);
}

/* Where the root's moves cannot be listed (L'ab al-Akil's layout, A2), the search draws its
 * candidates from the seed: every thread must search the main thread's candidates, or the
 * threads share no work (a helper drew its own until December 2026, and two threads were no
 * faster than one at a layout). */
static void test_helpers_search_the_same_root(void **state)
{
    (void)state;
    gb_search_opts o;
    memset(&o, 0, sizeof o);
    o.budget.depth = 5;
    o.threads = 3;
    gb_searcher *s = gb_searcher_new(&o);
    gb_game *g;
    assert_int_equal(gb_game_new(&g, "akil", NULL, 3, NULL), GB_OK);
    gb_move none[1];
    assert_int_equal(gb_legal_moves(g, none, 1), 0); /* the layout: no listed move */
    for (uint64_t seed = 1; seed <= 4; seed++) {
        o.seed = seed;
        gb_search_result r;
        gb_error err;
        assert_int_equal(gb_search(s, g, &o, &r, &err), GB_OK);
        assert_int_equal(s->nhelpers, 2);
        assert_true(s->nmoves[0] > 1);
        for (int h = 0; h < s->nhelpers; h++) {
            const gb_searcher *x = s->helpers[h];
            assert_int_equal(x->nmoves[0], s->nmoves[0]);
            for (int i = 0; i < s->nmoves[0]; i++)
                if (!gb_same_move(&x->moves[0][i], &s->moves[0][i]))
                    fail_msg("seed %llu: helper %d's root candidate %d is not the main thread's",
                             (unsigned long long)seed, h, i);
        }
    }
    gb_game_free(g);
    gb_searcher_free(s);
}

static void test_bad_threads(void **state)
{
    (void)state;
    gb_game *g;
    assert_int_equal(gb_game_new(&g, "sadeqa", NULL, 1, NULL), GB_OK);
    gb_search_opts o;
    memset(&o, 0, sizeof o);
    o.budget.depth = 2;
    gb_searcher *s = gb_searcher_new(&o);
    const int bad[] = {-1, 65, 1000};
    for (int i = 0; i < 3; i++) {
        o.threads = bad[i];
        gb_search_result r;
        gb_error err;
        assert_int_equal(gb_search(s, g, &o, &r, &err), GB_EINVAL);
        assert_non_null(strstr(err.msg, "threads"));
    }
    o.threads = 64; /* the most: allowed */
    gb_search_result r;
    gb_error err;
    assert_int_equal(gb_search(s, g, &o, &r, &err), GB_OK);
    gb_searcher_free(s);
    gb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_thread_is_the_plain_search),
        cmocka_unit_test(test_deferred_moves_are_searched),
        cmocka_unit_test(test_two_threads_sound),
        cmocka_unit_test(test_two_threads_by_time),
        cmocka_unit_test(test_kept_searcher),
        cmocka_unit_test(test_helpers_search_the_same_root),
        cmocka_unit_test(test_bad_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
