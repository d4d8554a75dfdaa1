/* test_tables_fast.c — the fast table builder's own parts (src/tables/sadeqa_build.c) against
 * independent references: its move function on the raw board against the game's own gen, move
 * for move (S2–S4, T1 under both endless options, skip-origin both ways), and its rank against
 * an enumeration of the distributions in lexicographic order and a rank counted stone by stone.
 * (That the tables it builds are the old builder's is checked by tests/tables_jobs.sh, their
 * values by test_tables.c.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "internal.h"
#include "sadeqa_build.h"

static uint64_t rng = 20261202;

static int below(int n) { return (int)(gb_rand_next(&rng) % (uint64_t)n); }

/* distributions of s stones over n holes, C(s + n - 1, n - 1), by Pascal's rule */
static uint64_t dist(int n, int s)
{
    static uint64_t c[17][97];
    static int done;
    if (!done) {
        for (int a = 0; a <= 16; a++)
            for (int b = 0; b <= 96; b++)
                c[a][b] = a == 0 ? (b == 0) : b == 0 ? 1 : c[a - 1][b] + c[a][b - 1];
        done = 1;
    }
    return c[n][s];
}

/* the boards that come before b in lexicographic order (hole 0 most significant), one smaller
 * count at a time: for each hole, every smaller count there with any filling of the rest */
static uint64_t naive_rank(const uint8_t *b, int k)
{
    uint64_t r = 0;
    int rem = k;
    for (int i = 0; i < 15; i++) {
        for (int v = 0; v < b[i]; v++)
            r += dist(15 - i, rem - v);
        rem -= b[i];
    }
    return r;
}

/* every board of k stones in lexicographic order: the n-th has rank n, and unranks to itself */
static uint64_t counter;
static void enumerate(uint8_t *b, int i, int rem, int k)
{
    if (i == 15) {
        b[15] = (uint8_t)rem;
        assert_int_equal(gb_tbf_rank(b, k), counter);
        uint8_t back[16];
        gb_tbf_unrank(counter, k, back);
        assert_memory_equal(back, b, 16);
        counter++;
        return;
    }
    for (int v = 0; v <= rem; v++) {
        b[i] = (uint8_t)v;
        enumerate(b, i + 1, rem - v, k);
    }
}

static void test_rank_enumerated(void **state)
{
    (void)state;
    gb_tbf_init();
    for (int k = 0; k <= 5; k++) {
        uint8_t b[16] = {0};
        counter = 0;
        enumerate(b, 0, k, k);
        assert_int_equal(counter, dist(16, k)); /* a level holds 2 x this */
    }
}

static void test_rank_random(void **state)
{
    (void)state;
    gb_tbf_init();
    for (int t = 0; t < 20000; t++) {
        const int k = 1 + below(TB_MAX_STONES);
        uint8_t b[16] = {0}, back[16];
        for (int s = 0; s < k; s++)
            b[below(16)]++;
        const uint64_t r = gb_tbf_rank(b, k);
        assert_int_equal(r, naive_rank(b, k));
        assert_true(r < dist(16, k));
        gb_tbf_unrank(r, k, back);
        assert_memory_equal(back, b, 16);
    }
}

/* gb_tbf_children against the game's gen on the same position, for random boards of 1..96 stones
 * and either player; returns how many never-ending moves were met. */
static int compare_children(const char *options, int trials, int kmax)
{
    const gb_rules *r = gb_rules_find("sadeqa");
    gb_options o;
    gb_error err = {0};
    assert_int_equal(gb_options_parse(r, options, &o, &err), GB_OK);
    int endless = 0;
    for (int t = 0; t < trials; t++) {
        const int k = 1 + below(kmax);
        gb_pos p;
        memset(&p, 0, sizeof p);
        /* some boards heaped on a few holes, where the long relays (and T1) are */
        const int spread = below(2) ? 16 : 2 + below(6);
        for (int s = 0; s < k; s++)
            p.holes[below(spread) * 16 / spread + below(16 / spread)]++;
        p.to_move = (uint8_t)below(2);
        p.own_n = 0xff00u;
        p.round = 1;
        p.flags = p.to_move == GB_SOUTH ? GB_F_LAST_N : 0;
        gb_move mv[8];
        gb_pos ch[8];
        gb_tbf_child fc[8];
        const int n = r->gen(&o, &p, mv, ch);
        const int m = gb_tbf_children(r, &o, p.holes, p.to_move, fc);
        assert_int_equal(m, n);
        for (int j = 0; j < n; j++) {
            assert_int_equal(fc[j].hole, mv[j].hole);
            if (ch[j].flags & GB_F_ENDLESS) {
                endless++;
                assert_int_equal(fc[j].kind, TBF_ENDLESS);
                assert_memory_equal(fc[j].board, p.holes, 16);
                continue;
            }
            const int gain = ch[j].store[p.to_move];
            assert_int_equal(fc[j].gain, gain);
            assert_int_equal(fc[j].kind, gain ? TBF_CAPTURE : TBF_QUIET);
            assert_memory_equal(fc[j].board, ch[j].holes, 16);
        }
    }
    return endless;
}

static void test_children_like_gen(void **state)
{
    (void)state;
    gb_tbf_init();
    compare_children("", 200000, 40);
    compare_children("", 20000, 96);
    compare_children("skip-origin=yes", 20000, 40);
    /* with ends-game a never-ending move is a move (T1); with illegal it is none */
    assert_true(compare_children("endless=ends-game", 200000, 96) > 0);
    compare_children("endless=ends-game skip-origin=yes", 20000, 96);
}

/* The position of RULINGS T1's example: after A c F c, South's E never ends. */
static void test_children_endless_example(void **state)
{
    (void)state;
    gb_tbf_init();
    const gb_rules *r = gb_rules_find("sadeqa");
    gb_error err = {0};
    for (int ends = 0; ends < 2; ends++) {
        gb_game *g = NULL;
        assert_int_equal(gb_game_new(&g, "sadeqa", ends ? "endless=ends-game" : "", 1, &err), GB_OK);
        const char *moves[] = {"A", "c", "F", "c"};
        for (int i = 0; i < 4; i++) {
            gb_move m;
            assert_int_equal(gb_move_parse(g, moves[i], &m, &err), GB_OK);
            assert_int_equal(gb_play(g, &m, &err), GB_OK);
        }
        const gb_pos *p = gb_game_pos(g);
        gb_tbf_child fc[8];
        const int n = gb_tbf_children(r, gb_game_options(g), p->holes, p->to_move, fc);
        bool seen = false;
        for (int j = 0; j < n; j++)
            if (fc[j].hole == 4)
                seen = true, assert_int_equal(fc[j].kind, TBF_ENDLESS);
        assert_true(seen == (ends == 1)); /* illegal: E is no move */
        gb_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rank_enumerated),
        cmocka_unit_test(test_rank_random),
        cmocka_unit_test(test_children_like_gen),
        cmocka_unit_test(test_children_endless_example),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
