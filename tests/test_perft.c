/* test_perft.c — perft from the start computed two ways: by the library, and by a deliberately
 * naive re-implementation of Sadeqa III written here from RULINGS §2 and §1 (plain arrays, plain
 * recursion, T1 as its definition: the 10,000th lap, no cycle detection; T2 by comparing with
 * every earlier position of the line). */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gabata.h"

#include "models/sadeqa.h"

static void check(const char *opts, int seeds, int depth)
{
    gb_game *g;
    gb_error err;
    if (gb_game_new(&g, "sadeqa", opts, 1, &err))
        fail_msg("%s", err.msg);
    naive_pos line[16];
    for (int i = 0; i < 16; i++)
        line[0].b[i] = seeds;
    line[0].store[0] = line[0].store[1] = 0;
    line[0].mover = 0;
    for (int d = 1; d <= depth; d++) {
        uint64_t lib = gb_perft(g, d), naive = naive_perft(line, 1, d, 5000);
        if (lib != naive)
            fail_msg("%s perft %d: library %llu, naive %llu", opts, d, (unsigned long long)lib,
                     (unsigned long long)naive);
        /* the stoppable count, never asked to stop, is the same count */
        const int never = 0;
        const gb_perft_opts po = {&never};
        uint64_t n1 = 0, n2 = 0;
        assert_int_equal(gb_perft_count(g, d, NULL, &n1, NULL), GB_OK);
        assert_int_equal(gb_perft_count(g, d, &po, &n2, NULL), GB_OK);
        if (n1 != naive || n2 != naive)
            fail_msg("%s perft %d: gb_perft_count %llu, %llu, naive %llu", opts, d, (unsigned long long)n1,
                     (unsigned long long)n2, (unsigned long long)naive);
    }
    gb_game_free(g);
}

static void test_perft_start_seeds6(void **state)
{
    (void)state;
    check("", 6, 4);
}

static void test_perft_start_seeds4(void **state)
{
    (void)state;
    check("seeds=4", 4, 4);
}

/* The first values also by hand: 8 holes to start from at ply 1; at ply 2 the 8 replies to each
 * of South's 8 moves, less any that end or loop, which the two counts must agree on. */
static void test_perft_depth1_by_hand(void **state)
{
    (void)state;
    gb_game *g;
    assert_int_equal(gb_game_new(&g, "sadeqa", NULL, 1, NULL), GB_OK);
    assert_int_equal(gb_perft(g, 0), 1);
    assert_int_equal(gb_perft(g, 1), 8);
    gb_game_free(g);
}

/* A stop asked before the count begins: GB_ESTOPPED and nothing counted, at any depth from 1 */
static void test_perft_stopped_before(void **state)
{
    (void)state;
    gb_game *g;
    assert_int_equal(gb_game_new(&g, "sadeqa", NULL, 1, NULL), GB_OK);
    const int stop = 1;
    const gb_perft_opts po = {&stop};
    for (int d = 1; d <= 12; d++) {
        uint64_t n = 99;
        gb_error err = {0, ""};
        assert_int_equal(gb_perft_count(g, d, &po, &n, &err), GB_ESTOPPED);
        assert_int_equal(n, 0);
        assert_non_null(strstr(err.msg, "stopped"));
    }
    uint64_t n = 0; /* depth 0 is the position itself: nothing to stop */
    assert_int_equal(gb_perft_count(g, 0, &po, &n, NULL), GB_OK);
    assert_int_equal(n, 1);
    /* bad arguments: an error, no crash */
    assert_int_equal(gb_perft_count(NULL, 3, NULL, &n, NULL), GB_EINVAL);
    assert_int_equal(gb_perft_count(g, 3, NULL, NULL, NULL), GB_EINVAL);
    gb_game_free(g);
}

/* Stopped from another thread while it counts: perft 12 of Sadeqa III (some 10^10 positions,
 * hours) returns GB_ESTOPPED with a partial count once the stop is set; it cannot have
 * finished first, and a count that ignored the stop hangs the test (its timeout fails it). */
typedef struct perft_job {
    const gb_game *g;
    const int *stop;
    int started, rc;
    uint64_t n;
} perft_job;

static void *perft_thread(void *arg)
{
    perft_job *j = arg;
    const gb_perft_opts po = {j->stop};
    __atomic_store_n(&j->started, 1, __ATOMIC_RELEASE);
    j->rc = gb_perft_count(j->g, 12, &po, &j->n, NULL);
    return NULL;
}

static void test_perft_stopped_while_counting(void **state)
{
    (void)state;
    gb_game *g;
    assert_int_equal(gb_game_new(&g, "sadeqa", NULL, 1, NULL), GB_OK);
    int stop = 0;
    perft_job j = {g, &stop, 0, 0, 0};
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, perft_thread, &j), 0);
    while (!__atomic_load_n(&j.started, __ATOMIC_ACQUIRE))
        sched_yield();
    __atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
    assert_int_equal(pthread_join(t, NULL), 0);
    assert_int_equal(j.rc, GB_ESTOPPED);
    gb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_depth1_by_hand),
        cmocka_unit_test(test_perft_start_seeds6),
        cmocka_unit_test(test_perft_start_seeds4),
        cmocka_unit_test(test_perft_stopped_before),
        cmocka_unit_test(test_perft_stopped_while_counting),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
