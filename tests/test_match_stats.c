/* test_match_stats.c — gabata match's figures over pairs (cli/match_stats.c): counts, the score
 * and its error over pairs, the SPRT's generalized log-likelihood ratio. Every expected value is
 * worked by hand in the comments, or by a second method (the normal approximation, written here
 * apart; a separate bisection in Python for the two floor cases, named below). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "match_stats.h"

static match_tally pent(int a, int b, int c, int d, int e)
{
    match_tally t = {0};
    int k[5] = {a, b, c, d, e};
    for (int i = 0; i < 5; i++) {
        t.pent[i] = k[i];
        t.pairs += k[i];
    }
    return t;
}

/* games 2p and 2p + 1 are a pair; a pair with a failed or unplayed game is not counted as one */
static void test_count(void **state)
{
    (void)state;
    /* pairs (2,0) (1,1) (2,2) (-1,2) (0,0), then game 10 alone */
    const int r[11] = {2, 0, 1, 1, 2, 2, -1, 2, 0, 0, 2};
    match_tally t;
    match_tally_count(&t, r, 11);
    assert_int_equal(t.w, 5); /* games 0, 4, 5, 7, 10 */
    assert_int_equal(t.d, 2);
    assert_int_equal(t.l, 3); /* games 1, 8, 9 */
    assert_int_equal(t.n, 10);
    assert_int_equal(t.pairs, 4);
    assert_int_equal(t.pent[0], 1); /* (0,0) */
    assert_int_equal(t.pent[1], 0);
    assert_int_equal(t.pent[2], 2); /* (2,0) and (1,1): a point each */
    assert_int_equal(t.pent[3], 0);
    assert_int_equal(t.pent[4], 1); /* (2,2) */
    /* as the games come in, in any order within a pair */
    match_tally u = {0};
    match_tally_pair(&u, 0, 2);
    match_tally_pair(&u, 2, -2);
    assert_int_equal(u.pairs, 1);
    assert_int_equal(u.pent[2], 1);
}

/* pent 1,2,3,2,2 (10 pairs): mean (0 + 2/4 + 3/2 + 6/4 + 2) / 10 = 0.55; variance
 * (0.55^2 + 2 0.3^2 + 3 0.05^2 + 2 0.2^2 + 2 0.45^2) / 10 = 0.975 / 10 = 0.0975; error
 * sqrt(0.0975 / 10) = 0.0987421 */
static void test_score_over_pairs(void **state)
{
    (void)state;
    match_tally t = pent(1, 2, 3, 2, 2);
    double s, se;
    match_tally_score(&t, &s, &se);
    assert_true(fabs(s - 0.55) < 1e-12);
    assert_true(fabs(se - 0.0987421) < 1e-6);
    /* no whole pair: the games as independent trials, 3 wins 1 draw 0 losses: 3.5/4 = 0.875;
     * variance (3 0.125^2 + 0.375^2) / 4 = 0.046875; error sqrt(0.046875 / 4) = 0.108253 */
    match_tally g = {3, 1, 0, 4, {0}, 0};
    match_tally_score(&g, &s, &se);
    assert_true(fabs(s - 0.875) < 1e-12);
    assert_true(fabs(se - 0.108253) < 1e-6);
}

/* Pairs that only ever score 0 or 2 points: a distribution on those two outcomes is fixed by its
 * mean, so the most likely one of mean s is (1 - s, s) and the ratio is
 * N (q ln(s1/s0) + (1 - q) ln((1 - s1)/(1 - s0))). 3 pairs lost, 7 won, q = 0.7; Elo 0 gives
 * s0 = 1/2, Elo 400 log10 3 gives s1 = 3/4: 10 (0.7 ln 1.5 + 0.3 ln 0.5) = 0.758814 */
static void test_llr_by_hand(void **state)
{
    (void)state;
    match_tally t = pent(3, 0, 0, 0, 7);
    double llr = match_sprt_llr_floor(&t, 0, 400 * log10(3.0), 0);
    assert_true(fabs(llr - 0.758814) < 1e-5);
    /* every pair won, no floor: no distribution on the one outcome has the hypotheses' means */
    match_tally won = pent(0, 0, 0, 0, 5), lost = pent(5, 0, 0, 0, 0);
    assert_true(isinf(match_sprt_llr_floor(&won, 0, 20, 0)) && match_sprt_llr_floor(&won, 0, 20, 0) > 0);
    assert_true(isinf(match_sprt_llr_floor(&lost, 0, 20, 0)) && match_sprt_llr_floor(&lost, 0, 20, 0) < 0);
    match_tally none = {0};
    assert_true(match_sprt_llr(&none, 0, 20) == 0);
}

/* the normal approximation N (s1 - s0)(2s - s0 - s1) / (2 var), written apart */
static double llr_normal(const match_tally *t, double elo0, double elo1)
{
    double n = t->pairs, s = 0, var = 0;
    for (int k = 0; k < 5; k++)
        s += t->pent[k] * k / 4.0 / n;
    for (int k = 0; k < 5; k++)
        var += t->pent[k] * (k / 4.0 - s) * (k / 4.0 - s) / n;
    double s0 = 1 / (1 + pow(10, -elo0 / 400)), s1 = 1 / (1 + pow(10, -elo1 / 400));
    return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
}

/* Far from the edges the generalized ratio and the normal approximation agree (to the second
 * order in the distance of the mean from the hypotheses: within 4% here), and both have the sign
 * of the evidence; two of them against the separate bisection in Python: 6.7158 and -22.5261 */
static void test_llr_against_normal(void **state)
{
    (void)state;
    const int cases[][5] = {{50, 200, 400, 250, 100}, {100, 250, 400, 200, 50}, {5, 20, 40, 25, 10}, {30, 80, 200, 90, 25}};
    const double hyp[][2] = {{0, 10}, {-5, 5}, {0, 20}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (size_t h = 0; h < sizeof hyp / sizeof hyp[0]; h++) {
            match_tally t = pent(cases[i][0], cases[i][1], cases[i][2], cases[i][3], cases[i][4]);
            double g = match_sprt_llr(&t, hyp[h][0], hyp[h][1]), n = llr_normal(&t, hyp[h][0], hyp[h][1]);
            assert_true(fabs(g - n) <= 0.04 * fabs(n) + 0.01);
            assert_true((g > 0) == (n > 0));
        }
    match_tally a = pent(50, 200, 400, 250, 100), b = pent(100, 250, 400, 200, 50);
    assert_true(fabs(match_sprt_llr(&a, 0, 10) - 6.7158) < 1e-3);
    assert_true(fabs(match_sprt_llr(&b, 0, 20) + 22.5261) < 1e-3);
}

/* The mirror: the second player's view (counts reversed, each hypothesis's Elo negated) gives
 * the same ratio; the hypotheses exchanged, its negative */
static void test_llr_mirror(void **state)
{
    (void)state;
    match_tally t = pent(3, 11, 17, 9, 6), m = pent(6, 9, 17, 11, 3);
    const double llr = match_sprt_llr(&t, 0, 30);
    assert_true(fabs(llr - match_sprt_llr(&m, 0, -30)) < 1e-9);
    assert_true(fabs(llr + match_sprt_llr(&m, -30, 0)) < 1e-9);
    assert_true(fabs(llr + match_sprt_llr(&t, 30, 0)) < 1e-9);
}

/* Every pair won, with the floor of 0.001 a count: the ratio grows by about 0.419 a pair for 0
 * against 200 Elo, where the normal approximation would give 51 after one pair. The values by a
 * separate bisection in Python (the same definition, floats): 1 pair 0.41889, 7 pairs 2.92916. */
static void test_llr_every_pair_won(void **state)
{
    (void)state;
    match_tally one = pent(0, 0, 0, 0, 1), seven = pent(0, 0, 0, 0, 7), eight = pent(0, 0, 0, 0, 8);
    assert_true(fabs(match_sprt_llr(&one, 0, 200) - 0.41889) < 1e-4);
    assert_true(fabs(match_sprt_llr(&seven, 0, 200) - 2.92916) < 1e-4);
    const double bound = log(0.95 / 0.05); /* 2.944: seven pairs do not decide, eight do */
    assert_true(match_sprt_llr(&seven, 0, 200) < bound);
    assert_true(match_sprt_llr(&eight, 0, 200) > bound);
}

static void test_elo(void **state)
{
    (void)state;
    assert_true(fabs(match_score_of_elo(0) - 0.5) < 1e-12);
    assert_true(fabs(match_score_of_elo(400 * log10(3.0)) - 0.75) < 1e-12); /* 1 / (1 + 1/3) */
    assert_true(fabs(match_elo(0.75) - 400 * log10(3.0)) < 1e-9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_count),           cmocka_unit_test(test_score_over_pairs),
        cmocka_unit_test(test_llr_by_hand),     cmocka_unit_test(test_llr_against_normal),
        cmocka_unit_test(test_llr_mirror),      cmocka_unit_test(test_llr_every_pair_won),
        cmocka_unit_test(test_elo),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
