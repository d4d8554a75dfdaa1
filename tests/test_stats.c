/* test_stats.c — the measures of `gabata stats` (docs/stats.md) on hand-made game lists, every
 * expected value worked by hand from the definitions; the merge of accumulators; the library's
 * players and whole games (gb_player_*, gb_match_play) against a game played move by move. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "helpers.h"
#include "stats.h"

static st_game game(int winner, int first, int reason, int plies, int lead_changes, int decisive)
{
    st_game g;
    memset(&g, 0, sizeof g);
    g.winner = winner;
    g.first = first;
    g.end_reason = reason;
    g.rounds = 1;
    g.plies = g.played = g.turns = plies;
    g.laps = 2 * plies;
    g.sown = 10 * plies;
    g.branch_sum = 3 * plies;
    g.branch_n = plies;
    g.branch_max = plies / 5;
    g.decisions = plies - 2;
    g.captures = plies / 10;
    g.lead_changes = lead_changes;
    g.decisive = decisive;
    g.stability = plies / 100.0;
    return g;
}

/* four games: S wins (10 plies), N wins (20), a draw (30), S wins at the cap (40); South moves
 * first in all but the second */
static void four(st_game g[4])
{
    g[0] = game(GB_SOUTH, GB_SOUTH, GB_END_RULE, 10, 2, 5);
    g[1] = game(GB_NORTH, GB_NORTH, GB_END_RULE, 20, 3, 10);
    g[2] = game(GB_DRAW, GB_SOUTH, GB_END_REPETITION, 30, 0, -1);
    g[3] = game(GB_SOUTH, GB_SOUTH, GB_END_CAP, 40, 4, 20);
}

#define NEAR(a, b) assert_true(fabs((a) - (b)) < 1e-9)
#define NEAR3(a, b) assert_true(fabs((a) - (b)) < 5e-4)

static void test_outcome_measures(void **state)
{
    (void)state;
    st_game g[4];
    four(g);
    static st_acc a;
    st_acc_init(&a);
    for (int i = 0; i < 4; i++)
        st_add(&a, &g[i]);
    st_value v[SM_COUNT];
    st_compute(&a, v);
    NEAR(v[SM_GAMES].v, 4);
    NEAR(v[SM_SOUTH].v, 0.5);
    NEAR(v[SM_NORTH].v, 0.25);
    NEAR(v[SM_DRAW].v, 0.25);
    NEAR(v[SM_BALANCE].v, 0.75);     /* 1 - |0.5 - 0.25| */
    NEAR(v[SM_COMPLETION].v, 0.5);   /* won and not capped: games 1 and 2 */
    NEAR(v[SM_DRAWISH].v, 0.25);     /* the draw did not come from the cap */
    NEAR(v[SM_ADVANTAGE].v, 0.75);   /* the first mover won games 1, 2 and 4 */
    NEAR(v[SM_TIMEOUTS].v, 0.25);
    NEAR(v[SM_END_RULE].v, 0.5);
    NEAR(v[SM_END_REPETITION].v, 0.25);
    NEAR(v[SM_END_ENDLESS].v, 0);
    /* Wilson, 2 of 4 at 95%: centre 0.5, half-width 1.96 sqrt(1/16 + 3.8415/64) / 1.9604 */
    NEAR3(v[SM_SOUTH].lo, 0.1500);
    NEAR3(v[SM_SOUTH].hi, 0.8500);
    /* 0 of 4: [0, z^2 / (n + z^2)] = [0, 3.8415 / 7.8415] */
    NEAR3(v[SM_END_ENDLESS].hi, 0.4899);
    NEAR(v[SM_END_ENDLESS].lo, 0);
}

/* The players' results (issue 24): in a pair the second game swaps the players' sides, so a
 * South win there is player B's. By hand: A wins games 1 (South, unswapped) and 2 (North,
 * swapped); game 3 is drawn; B wins game 4 (South, swapped). */
static void test_player_results(void **state)
{
    (void)state;
    st_game g[4];
    four(g);
    g[1].swapped = 1;
    g[3].swapped = 1;
    static st_acc a, x, y;
    st_acc_init(&a);
    st_acc_init(&x);
    st_acc_init(&y);
    for (int i = 0; i < 4; i++) {
        st_add(&a, &g[i]);
        st_add(i < 2 ? &x : &y, &g[i]);
    }
    st_merge(&x, &y);
    st_value v[SM_COUNT], vm[SM_COUNT];
    st_compute(&a, v);
    st_compute(&x, vm);
    NEAR(v[SM_A_WINS].v, 0.5);
    NEAR(v[SM_B_WINS].v, 0.25);
    NEAR(v[SM_SOUTH].v, 0.5); /* the seats' shares are the same as ever */
    NEAR(vm[SM_A_WINS].v, 0.5);
    NEAR(vm[SM_B_WINS].v, 0.25);
    /* Wilson, 1 of 4: centre (0.25 + 0.48) / 1.9604, half-width 1.96 sqrt(3/64 + 0.06) / 1.9604 */
    NEAR3(v[SM_B_WINS].lo, 0.0456);
    NEAR3(v[SM_B_WINS].hi, 0.6994);
    /* the keys of the CSV are all different (a header must not name two columns alike) */
    for (int i = 0; i < SM_COUNT; i++)
        for (int j = 0; j < i; j++)
            assert_true(strcmp(st_metrics[i].key, st_metrics[j].key) != 0);
}

/* Games in pairs (--openings with two players): the pair is the unit of sampling. By hand: in
 * each of 5 pairs player A wins both games (South unswapped, North swapped), in each of 5 more B
 * wins both. Each pair's share of A's wins is 0 or 1, so the share over pairs has the variance
 * 10 x 0.25 / 9 = 0.2778 (s^2) against 0.25 / 2 for two independent games at p = 0.5: the
 * design effect is 2 s^2 / 0.25 = 2.222, and the interval Wilson's at 4.5 of 9 (by hand:
 * centre 0.5, half-width 1.96 sqrt(0.25 / 9 + 3.8415 / 324) / 1.42683 = 0.27347), wider than the
 * 20 games' [0.2993, 0.7007] that treated the pair's two games as independent. When every pair
 * is split (one game each) the share does not vary between pairs: the games' interval stays. */
static void pair_games(st_game *g, int winner1, int winner2)
{
    g[0] = game(winner1, GB_SOUTH, GB_END_RULE, 40, 1, 3);
    g[1] = game(winner2, GB_SOUTH, GB_END_RULE, 40, 1, 3);
    g[0].pair = 1;
    g[1].pair = 2;
    g[1].swapped = 1;
}

static void test_pairs(void **state)
{
    (void)state;
    static st_acc a, x, y;
    st_game g[2];
    st_acc_init(&a);
    st_acc_init(&x);
    st_acc_init(&y);
    for (int p = 0; p < 10; p++) {
        if (p < 5)
            pair_games(g, GB_SOUTH, GB_NORTH); /* A won both: South, then North swapped */
        else
            pair_games(g, GB_NORTH, GB_SOUTH); /* B won both */
        for (int i = 0; i < 2; i++) {
            st_add(&a, &g[i]);
            st_add(p < 3 ? &x : &y, &g[i]); /* split at a pair's end, then merged */
        }
    }
    st_merge(&x, &y);
    st_value v[SM_COUNT], vm[SM_COUNT];
    st_compute(&a, v);
    st_compute(&x, vm);
    assert_int_equal(a.pairs, 10);
    assert_int_equal(a.pent[4], 5);
    assert_int_equal(a.pent[0], 5);
    assert_int_equal(a.pair_wins[0][2], 5);
    assert_int_equal(a.pair_wins[0][0], 5);
    assert_int_equal(a.pair_wins[1][2], 5);
    NEAR(v[SM_A_WINS].v, 0.5);
    NEAR3(v[SM_A_WINS].lo, 0.2265);
    NEAR3(v[SM_A_WINS].hi, 0.7735);
    NEAR3(v[SM_B_WINS].lo, 0.2265);
    NEAR3(vm[SM_A_WINS].lo, 0.2265); /* merged: the same counts */
    assert_int_equal(x.pairs, 10);
    assert_int_equal(x.pent[4], 5);
    NEAR3(v[SM_SOUTH].lo, 0.2993); /* the seats' shares keep the games' intervals */

    /* every pair split: A wins as South, B wins as South; one draw pair and one failed game */
    st_acc_init(&a);
    for (int p = 0; p < 10; p++) {
        pair_games(g, GB_SOUTH, GB_SOUTH);
        for (int i = 0; i < 2; i++)
            st_add(&a, &g[i]);
    }
    st_compute(&a, v);
    assert_int_equal(a.pent[2], 10);
    assert_int_equal(a.pair_wins[0][1], 10);
    NEAR3(v[SM_A_WINS].lo, 0.2993);
    NEAR3(v[SM_A_WINS].hi, 0.7007);
    pair_games(g, GB_DRAW, GB_NORTH); /* A: a draw (1 half point), then a win as North: 3/2 */
    st_add(&a, &g[0]);
    st_add(&a, &g[1]);
    assert_int_equal(a.pent[3], 1);
    assert_int_equal(a.pair_wins[0][1], 11);
    assert_int_equal(a.pair_wins[1][0], 1);
    pair_games(g, GB_SOUTH, -1); /* the second game failed: the pair is not whole */
    st_add(&a, &g[0]);
    st_add(&a, &g[1]);
    pair_games(g, -1, GB_SOUTH); /* the first failed */
    st_add(&a, &g[0]);
    st_add(&a, &g[1]);
    assert_int_equal(a.pairs, 11);
    assert_int_equal(a.n, 24);
}

/* A share of none has a lower bound of exactly 0, a share of all an upper bound of exactly 1:
 * at k = 0 the Wilson centre and half-width are both (z^2/2n) / (1 + z^2/n), which rounding left
 * at 1e-19 or so for some n. Their other bound is z^2 / (n + z^2) from the bound by hand. */
static void test_wilson_ends(void **state)
{
    (void)state;
    const double z2 = 1.959963984540054 * 1.959963984540054;
    for (long long n = 1; n <= 5000; n++) {
        double lo, hi;
        st_wilson(0, n, &lo, &hi);
        assert_true(lo == 0.0);
        NEAR(hi, z2 / (n + z2));
        st_wilson(n, n, &lo, &hi);
        assert_true(hi == 1.0);
        NEAR(lo, n / (n + z2));
    }
}

static void test_duration_and_play(void **state)
{
    (void)state;
    st_game g[4];
    four(g);
    static st_acc a;
    st_acc_init(&a);
    for (int i = 0; i < 4; i++)
        st_add(&a, &g[i]);
    st_value v[SM_COUNT];
    st_compute(&a, v);
    NEAR(v[SM_PLIES].v, 25);
    NEAR(v[SM_PLIES_SD].v, sqrt(500.0 / 3)); /* (225 + 25 + 25 + 225) / 3 */
    /* Student's t interval, 3 degrees of freedom: 25 +- 3.182446 sd / 2 (t from the tables) */
    NEAR3(v[SM_PLIES].lo, 25 - 3.182446 * sqrt(500.0 / 3) / 2);
    NEAR3(v[SM_PLIES].hi, 25 + 3.182446 * sqrt(500.0 / 3) / 2);
    NEAR(v[SM_PLIES_MIN].v, 10);
    NEAR(v[SM_PLIES_Q10].v, 10);    /* nearest rank: ceil(0.4) = 1st */
    NEAR(v[SM_PLIES_Q25].v, 10);    /* 1st */
    NEAR(v[SM_PLIES_MEDIAN].v, 20); /* 2nd */
    NEAR(v[SM_PLIES_Q75].v, 30);    /* 3rd */
    NEAR(v[SM_PLIES_Q90].v, 40);    /* ceil(3.6) = 4th */
    NEAR(v[SM_PLIES_MAX].v, 40);
    NEAR(v[SM_TURNS].v, 25);
    NEAR(v[SM_LAPS_PER_PLY].v, 2);
    NEAR(v[SM_SOWN].v, 250);
    NEAR(v[SM_BRANCHING].v, 3);
    NEAR(v[SM_BRANCHING_MAX].v, 8);
    NEAR(v[SM_DECISION].v, 92.0 / 100); /* (8 + 18 + 28 + 38) / 100 positions */
    NEAR(v[SM_CAPTURES].v, 2.5);
    NEAR(v[SM_LEAD_CHANGE].v, (0.2 + 0.15 + 0 + 0.1) / 4);
    NEAR(v[SM_DECISIVENESS].v, 0.5); /* 5/10, 10/20, 20/40: the draw has none */
    NEAR(v[SM_STABILITY].v, 0.25);   /* (0.1 + 0.2 + 0.3 + 0.4) / 4 */
    NEAR(v[SM_ROUNDS].v, 1);
}

static void test_merge_in_order(void **state)
{
    (void)state;
    st_game g[4];
    four(g);
    static st_acc all, x, y;
    st_acc_init(&all);
    st_acc_init(&x);
    st_acc_init(&y);
    for (int i = 0; i < 4; i++) {
        st_add(&all, &g[i]);
        st_add(i < 2 ? &x : &y, &g[i]);
    }
    st_add_ply(&x, 0, 5);
    st_add_ply(&y, 0, 7);
    st_add_ply(&all, 0, 5);
    st_add_ply(&all, 0, 7);
    st_merge(&x, &y);
    /* the counts exactly; the floating sums were added in another grouping, so to rounding */
    assert_memory_equal(x.hist, all.hist, sizeof all.hist);
    assert_memory_equal(x.ply_branch, all.ply_branch, sizeof all.ply_branch);
    assert_memory_equal(x.ply_n, all.ply_n, sizeof all.ply_n);
    assert_memory_equal(x.wins, all.wins, sizeof all.wins);
    st_value vx[SM_COUNT], va[SM_COUNT];
    st_compute(&x, vx);
    st_compute(&all, va);
    for (int m = 0; m < SM_COUNT; m++) {
        assert_true(isnan(va[m].v) ? isnan(vx[m].v) : fabs(va[m].v - vx[m].v) < 1e-12);
        assert_true(isnan(va[m].lo) ? isnan(vx[m].lo) : fabs(va[m].lo - vx[m].lo) < 1e-12);
    }
    /* a failed game counts apart */
    st_game bad = game(-1, 0, 0, 0, 0, -1);
    st_add(&x, &bad);
    assert_int_equal(x.failed, 1);
    assert_int_equal(x.n, 4);
}

static void test_player_parse(void **state)
{
    (void)state;
    gb_player p;
    gb_error err = {0, ""};
    assert_int_equal(gb_player_parse("ai:3", &p, &err), GB_OK);
    assert_int_equal(p.kind, GB_PLAYER_AI);
    assert_int_equal(p.level, 3);
    assert_int_equal(gb_player_parse("mcts@0.25", &p, &err), GB_OK);
    assert_int_equal(p.kind, GB_PLAYER_MCTS);
    assert_true(p.think == 0.25);
    assert_int_equal(gb_player_parse("ai:9", &p, &err), GB_EINVAL);
    assert_non_null(strstr(err.msg, "ai:9"));
    assert_null(strchr(err.msg, '\n'));
    assert_int_equal(gb_player_parse("ai:3@", &p, &err), GB_EINVAL);
    char d[64];
    gb_player q = {GB_PLAYER_AI, 3, 0, 0};
    assert_string_equal(gb_player_describe(&q, d, sizeof d), "ai:3 (alpha-beta, 2 plies)");
}

/* gb_match_play against the same game played here move by move with gb_player_choose */
static void test_match_play_by_hand(void **state)
{
    (void)state;
    const char *variants[] = {"sadeqa", "qelat", "akil", "bulto"};
    for (int vi = 0; vi < 4; vi++) {
        gb_match_spec sp = {variants[vi], "", {{GB_PLAYER_AI, 2, 0, 0}, {GB_PLAYER_RANDOM, 0, 0, 0}}, 77, 3, 99, NULL, NULL};
        gb_match_result r;
        gb_error err = {0, ""};
        assert_int_equal(gb_match_play(&sp, &r, &err), GB_OK);
        gb_game *g;
        assert_int_equal(gb_match_opening(&g, variants[vi], "", 77, 3, &err), GB_OK);
        assert_int_equal(gb_history_length(g), 3);
        uint64_t rng = 99;
        gb_searcher *kept[2] = {NULL, NULL};
        while (!gb_is_over(g)) {
            int side = gb_to_move(g);
            gb_move m;
            assert_int_equal(gb_player_choose(&sp.player[side], g, &rng, &kept[side], &m), GB_OK);
            assert_int_equal(gb_play(g, &m, &err), GB_OK);
        }
        gb_searcher_free(kept[0]);
        gb_searcher_free(kept[1]);
        assert_int_equal(r.winner, gb_winner(g));
        assert_int_equal(r.plies, gb_history_length(g));
        assert_int_equal(r.opening_plies, 3);
        assert_int_equal(r.score[0], gb_score(g, GB_SOUTH));
        assert_int_equal(r.score[1], gb_score(g, GB_NORTH));
        assert_int_equal(r.end_reason, gb_end_reason(g));
        assert_int_equal(r.rounds, gb_round(g));
        gb_game_free(g);
    }
}

/* t(0.975, df) against the published tables (past df 30 the expansion), and a mean's interval
 * cut to what the measure can be: two games of 10 and 1,000 plies have mean 505, sd 495 sqrt(2),
 * half-width 12.706205 * 495 = 6,289.6, so the lower bound would be -5,785 plies */
static void test_mean_intervals(void **state)
{
    (void)state;
    const struct {
        long long df;
        double t;
    } known[] = {{1, 12.706205}, {3, 3.182446}, {10, 2.228139}, {30, 2.042272}, {31, 2.039513},
                 {40, 2.021075}, {60, 2.000298}, {100, 1.983972}, {120, 1.979930}, {1000, 1.962339}};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        assert_true(fabs(st_t95(known[i].df) - known[i].t) < 1e-5);
    assert_true(isnan(st_t95(0)));
    assert_true(fabs(st_t95(100000000) - 1.959964) < 1e-5);
    st_game g[2] = {game(GB_SOUTH, GB_SOUTH, GB_END_RULE, 10, 2, 5), game(GB_NORTH, GB_SOUTH, GB_END_RULE, 1000, 0, 990)};
    static st_acc a;
    st_acc_init(&a);
    st_add(&a, &g[0]);
    st_add(&a, &g[1]);
    st_value v[SM_COUNT];
    st_compute(&a, v);
    NEAR(v[SM_PLIES].v, 505);
    NEAR(v[SM_PLIES].lo, 0);
    NEAR3(v[SM_PLIES].hi, 505 + 12.706205 * 495);
    /* stability: 0.1 and 10.0 (plies / 100), beyond its range on purpose: the interval is cut
     * to [0, 1] however wide */
    assert_true(v[SM_STABILITY].lo >= 0 && v[SM_STABILITY].hi <= 1);
    NEAR(v[SM_ROUNDS].v, 1); /* both single rounds: sd 0, the interval is the point */
    NEAR(v[SM_ROUNDS].lo, 1);
    NEAR(v[SM_ROUNDS].hi, 1);
}

/* An opening's plies are bounded (GB_OPENING_PLIES_MAX): a million plies asked ran for hours
 * (100 whole tries a ply past the games' lengths); the bound itself is taken, and Sadeqa III's
 * random games, a few dozen plies long, get a shorter opening that leaves the game unfinished */
static void test_opening_bounds(void **state)
{
    (void)state;
    gb_game *g = (gb_game *)1;
    gb_error err = {0, ""};
    assert_int_equal(gb_match_opening(&g, "sadeqa", "", 1, 1000000, &err), GB_EINVAL);
    assert_null(g);
    assert_non_null(strstr(err.msg, "0 to 200 plies, not 1000000"));
    assert_int_equal(gb_match_opening(&g, "sadeqa", "", 1, -1, &err), GB_EINVAL);
    assert_int_equal(gb_match_opening(&g, "sadeqa", "", 1, GB_OPENING_PLIES_MAX, &err), GB_OK);
    assert_true(gb_history_length(g) <= GB_OPENING_PLIES_MAX && !gb_is_over(g));
    gb_game_free(g);
    gb_match_spec sp = {"sadeqa", "", {{GB_PLAYER_RANDOM, 0, 0, 0}, {GB_PLAYER_RANDOM, 0, 0, 0}}, 1, 201, 1, NULL, NULL};
    gb_match_result r;
    assert_int_equal(gb_match_play(&sp, &r, &err), GB_EINVAL);
}

/* gb_random_game plays the very game gb_random_playouts plays from the same seed (one game):
 * the same plies, laps, stones sown, winner and end reason */
/* gb_random_playouts_next: slices of 3, 4 and 5 games on one random source are the 12 games of
 * one gb_random_playouts from the same seed (what gabata bench --seed relies on) */
static void test_playout_slices(void **state)
{
    (void)state;
    const char *games[] = {"sadeqa", "qelat", "akil", "bulto"};
    for (int v = 0; v < 4; v++) {
        gb_game *g;
        assert_int_equal(gb_game_new(&g, games[v], NULL, 1, NULL), GB_OK);
        gb_playout_stats one, part[3];
        assert_int_equal(gb_random_playouts(g, 12, 9, &one, NULL), GB_OK);
        uint64_t rng = 9;
        long sum = 0, plies = 0, lo = -1, hi = 0, wins[3] = {0, 0, 0};
        for (int k = 0; k < 3; k++) {
            assert_int_equal(gb_random_playouts_next(g, 3 + k, &rng, &part[k], NULL), GB_OK);
            sum += part[k].games;
            plies += part[k].plies;
            lo = lo < 0 || part[k].min_plies < lo ? part[k].min_plies : lo;
            hi = part[k].max_plies > hi ? part[k].max_plies : hi;
            for (int w = 0; w < 3; w++)
                wins[w] += part[k].wins[w];
        }
        assert_int_equal(sum, 12);
        assert_int_equal(plies, one.plies);
        assert_int_equal(lo, one.min_plies);
        assert_int_equal(hi, one.max_plies);
        for (int w = 0; w < 3; w++)
            assert_int_equal(wins[w], one.wins[w]);
        gb_game_free(g);
    }
}

static void test_random_game_is_the_playout(void **state)
{
    (void)state;
    const char *variants[] = {"sadeqa", "qelat", "akil", "bulto"};
    for (int vi = 0; vi < 4; vi++) {
        gb_game *g = game_new(variants[vi], NULL);
        gb_playout_ctx *c = gb_playout_ctx_new(g);
        assert_non_null(c);
        for (uint64_t seed = 1; seed <= 20; seed++) {
            gb_playout_game pg;
            gb_playout_stats st;
            assert_int_equal(gb_random_game(c, seed, 0.125, &pg, NULL), GB_OK);
            assert_int_equal(gb_random_playouts(g, 1, seed, &st, NULL), GB_OK);
            assert_int_equal(pg.plies, st.plies);
            assert_int_equal(pg.laps, st.laps);
            assert_int_equal(pg.sown, st.sown);
            assert_int_equal(st.wins[pg.winner], 1);
            assert_int_equal(st.reasons[pg.end_reason], 1);
            assert_true(pg.turns >= 1 && pg.turns <= pg.plies);
            assert_true(pg.decisive <= pg.plies);
            assert_true(pg.stability >= 0 && pg.stability <= 1);
            /* the winner has the higher score (or a draw, equal ones) */
            if (pg.winner == GB_DRAW)
                assert_int_equal(pg.score[0], pg.score[1]);
            else
                assert_true(pg.score[pg.winner] > pg.score[!pg.winner]);
        }
        gb_playout_ctx_free(c);
        gb_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_outcome_measures),   cmocka_unit_test(test_player_results),
        cmocka_unit_test(test_wilson_ends),   cmocka_unit_test(test_duration_and_play),
        cmocka_unit_test(test_merge_in_order),     cmocka_unit_test(test_player_parse),
        cmocka_unit_test(test_match_play_by_hand), cmocka_unit_test(test_random_game_is_the_playout),
        cmocka_unit_test(test_playout_slices),      cmocka_unit_test(test_opening_bounds),
        cmocka_unit_test(test_mean_intervals),      cmocka_unit_test(test_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
