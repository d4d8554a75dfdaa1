/* test_rating.c — Glicko-2 (serve/rating.c) against Glickman's worked example, and the
 * directions every rating update must take; the mapping of a game's ending to its outcome.
 *
 * The golden values are the paper's ("Example of the Glicko-2 system", M. Glickman, 2013, steps
 * 1-8): a player of 1500, RD 200, volatility 0.06, with tau = 0.5, beats a 1400 (RD 30) and
 * loses to a 1550 (RD 100) and a 1700 (RD 300) in one rating period; after it he stands at
 * 1464.06, RD 151.52, volatility 0.05999. Re-derived by a second method (a separate Python script
 * of the paper's formulas, not this code): 1464.0507, 151.5165, 0.0599960; the paper's 1464.06
 * comes of its rounded intermediate values, hence the tolerance of 0.02 on the rating. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>

#include "gabata.h"
#include "rating.h"
#include "store.h"

static void glickman_example(void **state)
{
    (void)state;
    rating p = {1500, 200, 0.06};
    rating_game games[3] = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
    rating out = rating_update(p, games, 3, 0.5);
    assert_true(fabs(out.r - 1464.06) < 0.02);
    assert_true(fabs(out.rd - 151.52) < 0.01);
    assert_true(fabs(out.vol - 0.05999) < 0.00001);
}

/* A period without games: only the RD grows, to sqrt(RD^2 + (173.7178 vol)^2) (step 6):
 * 200 and 0.06 give sqrt(40000 + 10.42^2) = 200.27. */
static void no_game_grows_rd(void **state)
{
    (void)state;
    rating out = rating_update((rating){1500, 200, 0.06}, NULL, 0, RATING_TAU);
    assert_true(fabs(out.r - 1500) < 1e-9);
    assert_true(fabs(out.rd - 200.27) < 0.01);
    /* and never above a new player's 350 */
    out = rating_update((rating){1500, 350, 0.06}, NULL, 0, RATING_TAU);
    assert_true(out.rd <= 350.0);
}

/* Away without a rated game: days / 4 periods of Glickman's step 6 (RATING_IDLE_DAYS). By hand: a
 * settled RD of 50 (phi = 50 / 173.7178 = 0.287824) after 365 days is 91.25 periods at sigma
 * 0.06: sqrt(0.0828427 + 91.25 x 0.0036) = 0.641360, RD 111.42, provisional again (above 110);
 * after 354 days 110.07; never above 350; no time, or time running backwards, changes nothing;
 * the rating and volatility stay. */
static void idle_grows_rd(void **state)
{
    (void)state;
    rating p = {1712, 50, 0.06};
    rating a = rating_idle(p, 365);
    assert_true(fabs(a.rd - 111.416) < 0.001);
    assert_true(a.r == 1712 && a.vol == 0.06);
    assert_true(rating_provisional(a) && !rating_provisional(p));
    assert_true(fabs(rating_idle(p, 354).rd - 110.067) < 0.001);
    assert_true(rating_idle((rating){1500, 300, 0.06}, 3650).rd == RD_START);
    assert_true(rating_idle(p, 0).rd == 50 && rating_idle(p, -30).rd == 50);
    /* one period of four days is rating_update's period without a game */
    assert_true(fabs(rating_idle((rating){1500, 200, 0.06}, RATING_IDLE_DAYS).rd -
                     rating_update((rating){1500, 200, 0.06}, NULL, 0, RATING_TAU).rd) < 1e-9);
}

static void winner_up_loser_down(void **state)
{
    (void)state;
    rating s = {RATING_START, RD_START, VOLATILITY_START}, n = s;
    rating_game_pair(&s, &n, 1.0, RATING_TAU);
    assert_true(s.r > RATING_START);
    assert_true(n.r < RATING_START);
    assert_true(fabs((s.r - RATING_START) + (n.r - RATING_START)) < 1e-6); /* equals: symmetric */
    assert_true(s.rd < RD_START && n.rd < RD_START);                      /* both better known */
    /* North wins against a stronger South: North gains more than he would against an equal */
    rating strong = {1800, 80, 0.06}, weak = {1400, 80, 0.06}, eq1 = {1400, 80, 0.06}, eq2 = eq1;
    rating_game_pair(&strong, &weak, 0.0, RATING_TAU);
    rating_game_pair(&eq1, &eq2, 0.0, RATING_TAU);
    assert_true(weak.r - 1400 > eq2.r - 1400);
    assert_true(strong.r < 1800);
}

static void draw_between_equals(void **state)
{
    (void)state;
    rating s = {1600, 120, 0.06}, n = s;
    rating_game_pair(&s, &n, 0.5, RATING_TAU);
    assert_true(fabs(s.r - 1600) < 1e-6 && fabs(n.r - 1600) < 1e-6);
    assert_true(s.rd < 120 && n.rd < 120);
    /* a draw with a stronger player raises the weaker one */
    rating lo = {1400, 100, 0.06}, hi = {1700, 100, 0.06};
    rating_game_pair(&lo, &hi, 0.5, RATING_TAU);
    assert_true(lo.r > 1400 && hi.r < 1700);
}

static void rd_shrinks_over_games(void **state)
{
    (void)state;
    rating p = {RATING_START, RD_START, VOLATILITY_START};
    double last = p.rd;
    int provisional_after = -1;
    for (int i = 0; i < 30; i++) {
        rating opp = {1500, 100, 0.06};
        rating_game_pair(&p, &opp, i % 2 ? 1.0 : 0.0, RATING_TAU);
        assert_true(p.rd < last);
        last = p.rd;
        if (provisional_after < 0 && !rating_provisional(p))
            provisional_after = i + 1;
    }
    assert_true(rating_provisional((rating){1500, 350, 0.06}));
    assert_true(provisional_after > 1); /* not after one game, but within 30 */
}

static void outcome_of_endings(void **state)
{
    (void)state;
    assert_int_equal(rating_outcome(ENDED_S_TIME, false, GB_NOBODY), OUTCOME_N_WINS);
    assert_int_equal(rating_outcome(ENDED_N_TIME, false, GB_NOBODY), OUTCOME_S_WINS);
    assert_int_equal(rating_outcome(ENDED_ABORTED, false, GB_NOBODY), OUTCOME_NONE);
    assert_int_equal(rating_outcome(ENDED_S_RESIGNED, false, GB_NOBODY), OUTCOME_N_WINS);
    assert_int_equal(rating_outcome(ENDED_N_RESIGNED, false, GB_NOBODY), OUTCOME_S_WINS);
    assert_int_equal(rating_outcome(ENDED_DRAW_AGREED, false, GB_NOBODY), OUTCOME_DRAW);
    assert_int_equal(rating_outcome(ENDED_NO, false, GB_NOBODY), OUTCOME_NONE);
    assert_int_equal(rating_outcome(ENDED_NO, true, GB_SOUTH), OUTCOME_S_WINS);
    assert_int_equal(rating_outcome(ENDED_NO, true, GB_NORTH), OUTCOME_N_WINS);
    assert_int_equal(rating_outcome(ENDED_NO, true, GB_DRAW), OUTCOME_DRAW);
    /* a flag fell on a board the rules had not ended: the time decides */
    assert_int_equal(rating_outcome(ENDED_N_TIME, false, GB_NOBODY), OUTCOME_S_WINS);
    assert_true(rating_score_s(OUTCOME_S_WINS) == 1.0 && rating_score_s(OUTCOME_N_WINS) == 0.0);
    assert_true(rating_score_s(OUTCOME_DRAW) == 0.5 && rating_score_s(OUTCOME_NONE) < 0);
    /* the enum's values are those agreed with the clocks (ENDED_S_TIME 4 ... ENDED_ABORTED 6) */
    assert_int_equal(ENDED_S_TIME, 4);
    assert_int_equal(ENDED_N_TIME, 5);
    assert_int_equal(ENDED_ABORTED, 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(glickman_example),     cmocka_unit_test(no_game_grows_rd), cmocka_unit_test(idle_grows_rd),
        cmocka_unit_test(winner_up_loser_down), cmocka_unit_test(draw_between_equals),
        cmocka_unit_test(rd_shrinks_over_games), cmocka_unit_test(outcome_of_endings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
