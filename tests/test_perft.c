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

typedef struct {
    int b[16];
    int store[2];
    int mover;
} naive_pos;

/* Returns 0 if the sowing never ends (T1), else 1 with *p updated (S2-S4). */
static int naive_play(naive_pos *p, int hole)
{
    int h = hole;
    for (int laps = 1;; laps++) {
        int stones = p->b[h], pos = h;
        p->b[h] = 0;
        while (stones--) {
            pos = (pos + 1) % 16;
            p->b[pos]++;
        }
        if (p->b[pos] == 1) {
            int own = (pos >= 8) == (p->mover == 1);
            if (own && p->b[15 - pos] > 0) {
                p->store[p->mover] += p->b[15 - pos];
                p->b[15 - pos] = 0;
            }
            p->mover = !p->mover;
            return 1;
        }
        if (laps >= 10000)
            return 0;
        h = pos;
    }
}

static int same(const naive_pos *a, const naive_pos *b) { return memcmp(a, b, sizeof *a) == 0; }

static uint64_t naive_perft(naive_pos *line, int len, int depth, int max_plies)
{
    if (depth == 0)
        return 1;
    const naive_pos *p = &line[len - 1];
    uint64_t total = 0;
    for (int h = p->mover * 8; h < p->mover * 8 + 8; h++) {
        if (!p->b[h])
            continue;
        naive_pos c = *p;
        if (!naive_play(&c, h))
            continue;
        if (depth == 1) {
            total++;
            continue;
        }
        /* does the game end at c? S5: no legal move; T2: c seen before; T3: the cap */
        int any = 0;
        for (int k = c.mover * 8; k < c.mover * 8 + 8 && !any; k++) {
            naive_pos t = c;
            any = c.b[k] && naive_play(&t, k);
        }
        int rep = 0;
        for (int i = 0; i < len && !rep; i++)
            rep = same(&line[i], &c);
        if (!any || rep || len >= max_plies)
            continue;
        line[len] = c;
        total += naive_perft(line, len + 1, depth - 1, max_plies);
    }
    return total;
}

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
