/* test_perft.c — perft from the start computed two ways: by the library, and by a deliberately
 * naive re-implementation of Sadeqa III written here from RULINGS §2 and §1 (plain arrays, plain
 * recursion, T1 as its definition: the 10,000th lap, no cycle detection; T2 by comparing with
 * every earlier position of the line). */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_depth1_by_hand),
        cmocka_unit_test(test_perft_start_seeds6),
        cmocka_unit_test(test_perft_start_seeds4),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
