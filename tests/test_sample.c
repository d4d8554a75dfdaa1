/* test_sample.c — the playouts' fast path (gb_rules.sample) against the plain one (gen), for
 * every registered game that has it: the move it draws is always a legal move, with exactly the
 * child gen gives for it; the draw is uniform over the legal moves (never-ending sowings excluded
 * under endless=illegal, included under ends-game: RULINGS T1); and whole playouts through it
 * give the same statistics as playouts through gen. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "internal.h"

static gb_game *new_game(const char *variant, const char *opts, const char *pos)
{
    gb_game *g = NULL;
    gb_error err = {0, ""};
    int rc = pos ? gb_game_from_position(&g, pos, 1, &err) : gb_game_new(&g, variant, opts, 1, &err);
    if (rc)
        fail_msg("%s: %s", pos ? pos : variant, err.msg);
    return g;
}

static bool same_child(const gb_pos *a, const gb_pos *b)
{
    return gb_pos_same(a, b) && a->flags == b->flags && a->ply == b->ply;
}

/* At positions of random games, every sampled move is one of gen's moves with gen's child. */
static void check_against_gen(const char *variant, const char *opts)
{
    static gb_move moves[GB_MAX_MOVES];
    static gb_pos children[GB_MAX_MOVES];
    gb_game *g = new_game(variant, opts, NULL);
    const gb_rules *r = gb_game_rules(g);
    const gb_options *o = gb_game_options(g);
    if (!r->sample) {
        gb_game_free(g);
        return;
    }
    uint64_t rng = 5, srng = 11;
    int checked = 0, any_checked = 0;
    for (int game = 0; game < 40; game++) {
        gb_game *h = new_game(variant, opts, NULL);
        while (!gb_is_over(h)) {
            const gb_pos *p = gb_game_pos(h);
            int n = r->gen(o, p, moves, children);
            if (r->any_move) { /* its proof of a legal move is never wrong */
                int any = r->any_move(o, p);
                assert_true(any == 1 || any == GB_EINVAL);
                if (any == 1)
                    assert_true(n > 0);
                any_checked += any == 1;
            }
            for (int k = 0; k < 4; k++) {
                gb_move m;
                gb_pos c;
                gb_trace t;
                int got = r->sample(o, p, &srng, &m, &c, &t);
                if (got == GB_EINVAL)
                    break; /* this phase goes through gen */
                assert_int_equal(got, n > 0 ? 1 : 0);
                if (!got)
                    break;
                int i = 0;
                while (i < n && !(moves[i].kind == m.kind && moves[i].hole == m.hole &&
                                  moves[i].refusals == m.refusals))
                    i++;
                assert_true(i < n);
                assert_true(same_child(&children[i], &c));
                if (!(c.flags & GB_F_ENDLESS)) {
                    /* the laps counted for the move are those play records for it */
                    gb_pos again = *p;
                    gb_move mm = m;
                    gb_trace pt;
                    memset(&pt, 0, sizeof pt);
                    assert_int_equal(r->play(o, &again, &mm, &pt, &srng, NULL), GB_OK);
                    assert_int_equal(pt.laps, t.laps);
                    assert_int_equal(pt.sown, t.sown);
                }
                checked++;
            }
            gb_move m;
            assert_int_equal(gb_random_move(h, &rng, &m), GB_OK);
            assert_int_equal(gb_play(h, &m, NULL), GB_OK);
        }
        gb_game_free(h);
    }
    assert_true(checked > 100);
    if (r->any_move)
        assert_true(any_checked > 100);
    gb_game_free(g);
}

static void test_sample_matches_gen(void **state)
{
    (void)state;
    /* every game's own options that change what a move is, too (an option a game does not
     * have is skipped) */
    const char *opts[] = {"", "skip-origin=yes", "endless=ends-game", "after-eat=end",
                          "enemy=row", "feed=then-sow", "two-seeds=at-once", "chain=unlimited,skip-origin=yes",
                          "right-rule=none", "right-rule=none,endless=ends-game"};
    for (int v = 0; v < gb_variant_count(); v++)
        for (size_t k = 0; k < sizeof opts / sizeof opts[0]; k++) {
            gb_error err;
            gb_game *g;
            if (gb_game_new(&g, gb_variant_name(v), opts[k], 1, &err) != GB_OK)
                continue; /* a game without that option */
            gb_game_free(g);
            check_against_gen(gb_variant_name(v), opts[k]);
        }
}

/* Sadeqa III's any_move, by hand: at the start every hole holds 6, so no first lap ends in an
 * empty hole and it cannot tell (the caller samples); with South's A = 1 and B empty, A's first
 * lap ends in B (S3), a legal move. */
static void test_any_move_by_hand(void **state)
{
    (void)state;
    gb_game *g = new_game("sadeqa", "", NULL);
    const gb_rules *r = gb_game_rules(g);
    assert_int_equal(r->any_move(gb_game_options(g), gb_game_pos(g)), GB_EINVAL);
    gb_game_free(g);
    g = new_game(NULL, NULL, "sadeqa board=1,0,6,6,6,6,6,6/6,6,6,6,6,6,6,5 stores=0,0 turn=S");
    assert_int_equal(r->any_move(gb_game_options(g), gb_game_pos(g)), 1);
    gb_game_free(g);
}

/* After A c F c South's E never ends (test_termination: T1's lap limit); B C D F G H are legal.
 * Drawn 21,000 times: E never under endless=illegal, and each of the six about 1/6 of the time
 * (chi-square with 5 degrees of freedom below 20.5, the 0.1% point); under ends-game E is one of
 * seven, ending the game on the board before the move. Fixed seeds: the counts are fixed. */
#define ENDLESS_POS "board=0,14,2,14,2,2,1,3/4,13,0,7,2,7,4,1 stores=8,12 turn=S ply=4"

static void draw_counts(const char *pos, int draws, int count[16], int *endless)
{
    gb_game *g = new_game(NULL, NULL, pos);
    const gb_rules *r = gb_game_rules(g);
    const gb_pos *p = gb_game_pos(g);
    uint64_t rng = 2024;
    memset(count, 0, 16 * sizeof *count);
    *endless = 0;
    for (int i = 0; i < draws; i++) {
        gb_move m;
        gb_pos c;
        assert_int_equal(r->sample(gb_game_options(g), p, &rng, &m, &c, NULL), 1);
        count[m.hole]++;
        if (c.flags & GB_F_ENDLESS) {
            (*endless)++;
            assert_memory_equal(c.holes, p->holes, sizeof c.holes);
        }
    }
    gb_game_free(g);
}

static double chi_square(const int *count, const int *holes, int k, int draws)
{
    double e = (double)draws / k, x = 0;
    for (int i = 0; i < k; i++)
        x += (count[holes[i]] - e) * (count[holes[i]] - e) / e;
    return x;
}

static void test_sample_is_uniform(void **state)
{
    (void)state;
    int count[16], endless;
    const int legal[] = {1, 2, 3, 5, 6, 7};           /* B C D F G H */
    const int with_e[] = {1, 2, 3, 4, 5, 6, 7};      /* and E */
    draw_counts("sadeqa " ENDLESS_POS, 21000, count, &endless);
    assert_int_equal(count[4], 0);
    assert_int_equal(count[0], 0); /* A is empty */
    assert_int_equal(endless, 0);
    double x = chi_square(count, legal, 6, 21000);
    print_message("endless=illegal: chi-square %.2f over B C D F G H\n", x);
    assert_true(x < 20.5);

    draw_counts("sadeqa:endless=ends-game " ENDLESS_POS, 21000, count, &endless);
    assert_int_equal(endless, count[4]);
    x = chi_square(count, with_e, 7, 21000);
    print_message("endless=ends-game: chi-square %.2f over B C D E F G H\n", x);
    assert_true(x < 22.5); /* 6 degrees of freedom, 0.1% point */
}

/* The 0.01% point of chi-square with df degrees of freedom (Wilson and Hilferty's cube
 * approximation, z = 3.719), so that the dozens of draws below cannot fail by chance. */
static double chi_square_limit(int df)
{
    double a = 2.0 / (9.0 * df), c = 1 - a + 3.719 * sqrt(a);
    return df * c * c * c;
}

/* Draw sample's move at p `per` times per move: every one of gen's n moves comes up (same move
 * set), and their counts pass a chi-square test of uniformity. */
static void check_uniform_at(const gb_rules *r, const gb_options *o, const gb_pos *p,
                             const gb_move *moves, int n, uint64_t seed, int per)
{
    static int count[GB_MAX_MOVES];
    const int draws = per * n;
    memset(count, 0, (size_t)n * sizeof *count);
    for (int d = 0; d < draws; d++) {
        gb_move m;
        gb_pos c;
        assert_int_equal(r->sample(o, p, &seed, &m, &c, NULL), 1);
        int i = 0;
        while (i < n && !(moves[i].kind == m.kind && moves[i].hole == m.hole &&
                          moves[i].refusals == m.refusals))
            i++;
        assert_true(i < n);
        count[i]++;
    }
    double x = 0, e = per;
    for (int i = 0; i < n; i++) {
        assert_true(count[i] > 0);
        x += (count[i] - e) * (count[i] - e) / e;
    }
    assert_true(x < chi_square_limit(n - 1));
}

/* For every game, at positions of random games (fixed seeds): the first ones with three moves or
 * more, and every kind of position where moves are not one a start hole: a never-ending sowing
 * (excluded under endless=illegal, so fewer moves than start holes; its own move under
 * ends-game), and in Bulto a start hole with refusal moves (B5). */
static void test_sample_uniform_every_game(void **state)
{
    (void)state;
    static gb_move moves[GB_MAX_MOVES];
    static gb_pos children[GB_MAX_MOVES];
    const char *opts[] = {"", "endless=ends-game"};
    for (int v = 0; v < gb_variant_count(); v++)
        for (size_t k = 0; k < sizeof opts / sizeof opts[0]; k++) {
            gb_game *g = new_game(gb_variant_name(v), opts[k], NULL);
            const gb_rules *r = gb_game_rules(g);
            const gb_options *o = gb_game_options(g);
            int plain = 0, endless = 0, refusals = 0, positions = 0;
            uint64_t rng = 99, seed = 7;
            for (int game = 0; game < 300 && (plain < 6 || endless < 3 || refusals < 6); game++) {
                gb_game *h = new_game(gb_variant_name(v), opts[k], NULL);
                while (!gb_is_over(h)) {
                    const gb_pos *p = gb_game_pos(h);
                    int n = r->gen(o, p, moves, children);
                    bool has_endless = false, has_refusal = false;
                    int starts = 0, last = -1;
                    for (int i = 0; i < n; i++) {
                        has_endless |= (children[i].flags & GB_F_ENDLESS) != 0;
                        has_refusal |= moves[i].refusals > 0;
                        starts += moves[i].kind == GB_MOVE_SOW && moves[i].hole != last;
                        last = moves[i].kind == GB_MOVE_SOW ? moves[i].hole : -1;
                    }
                    /* under endless=illegal a never-ending start hole is missing from the list:
                     * found by playing each non-empty start hole the mover may use */
                    if (!o->v[GB_OPT_ENDLESS] && n > 0 && moves[0].kind == GB_MOVE_SOW)
                        for (int hh = 0; hh < 2 * r->n; hh++) {
                            gb_pos c = *p;
                            gb_move m = {.kind = GB_MOVE_SOW, .hole = (uint8_t)hh};
                            if (r->play(o, &c, &m, NULL, &rng, NULL) == GB_EENDLESS)
                                has_endless = true;
                        }
                    bool want = (n >= 3 && plain < 6) || (has_endless && endless < 3) ||
                                (has_refusal && refusals < 6);
                    if (want && n >= 2 && r->sample(o, p, &seed, &moves[n], &children[n], NULL) != GB_EINVAL) {
                        plain += n >= 3;
                        endless += has_endless;
                        refusals += has_refusal;
                        positions++;
                        check_uniform_at(r, o, p, moves, n, seed++, 300);
                    }
                    gb_move m;
                    assert_int_equal(gb_random_move(h, &rng, &m), GB_OK);
                    assert_int_equal(gb_play(h, &m, NULL), GB_OK);
                }
                gb_game_free(h);
            }
            print_message("%s %s: %d positions, %d with a never-ending sowing, %d with refusals\n",
                          r->name, opts[k], positions, endless, refusals);
            assert_true(plain >= 6);
            if (strcmp(r->name, "bulto") == 0)
                assert_true(refusals >= 6);
            gb_game_free(g);
        }
}

/* Positions of random games where a sowing never ends (T1), found by playing every start hole:
 * L'ab al-Akil, North to move, all six pits of his row non-empty, c (ring 8) never-ending; Bulto,
 * North to move in the open phase, start holes b e f h (ring 11 14 15 17: non-empty, not South's
 * bulto, none holding 3), f never-ending. Under endless=illegal the list is every start but that
 * one; under ends-game that one too, its child the board before the move (GB_F_ENDLESS). Either
 * way the draw is uniform over the list: 4,000 draws a move, enough to see a redraw that is not
 * uniform over the rest (dropping one more move after the never-ending one adds ~90 to the
 * chi-square at the L'ab al-Akil position; 300 draws a move did not see it). */
static void check_never_ending(const char *variant, const char *board, int starts, int endless_hole)
{
    static gb_move moves[GB_MAX_MOVES];
    static gb_pos children[GB_MAX_MOVES];
    const char *opts[] = {"", ":endless=ends-game"};
    for (int k = 0; k < 2; k++) {
        char text[512];
        snprintf(text, sizeof text, "%s%s %s", variant, opts[k], board);
        gb_game *g = new_game(NULL, NULL, text);
        const gb_rules *r = gb_game_rules(g);
        const gb_options *o = gb_game_options(g);
        const gb_pos *p = gb_game_pos(g);
        int n = r->gen(o, p, moves, children), found = 0, holes = 0, last = -1;
        for (int i = 0; i < n; i++) {
            holes += moves[i].hole != last;
            last = moves[i].hole;
            if (moves[i].hole == endless_hole) {
                found++;
                assert_true(children[i].flags & GB_F_ENDLESS);
                assert_memory_equal(children[i].holes, p->holes, sizeof p->holes);
            }
        }
        assert_int_equal(found, k);
        assert_int_equal(holes, starts - 1 + k);
        check_uniform_at(r, o, p, moves, n, 77 + (uint64_t)k, 4000);
        gb_game_free(g);
    }
}

static void test_sample_never_ending_other_games(void **state)
{
    (void)state;
    check_never_ending("akil", "board=2,4,6,12,1,0/9,1,10,11,7,9 stores=0,0 turn=N phase=sowing "
                               "ply=2 round=3 aux=5 match=26,1", 6, 8);
    check_never_ending("bulto", "board=1,0,1,0,1,0,1,0,1,0/6S,1,0,5S,1,2,0,2,8S,10S stores=0,0 "
                                "turn=N phase=open ply=57", 4, 15);
}

/* Whole playouts through sample and through gen (the same table with sample removed): the mean
 * game length and South's share of wins agree within 5 standard errors. */
static void test_playouts_agree(void **state)
{
    (void)state;
    for (int v = 0; v < gb_variant_count(); v++) {
        const gb_rules *r = gb_rules_find(gb_variant_name(v));
        if (!r->sample)
            continue;
        gb_rules plain = *r;
        plain.sample = NULL;
        gb_options o;
        gb_options_default(r, &o);
        gb_pos start;
        r->setup(&o, &start);
        gb_game *fast, *slow;
        gb_error err;
        assert_int_equal(gb_game_from_pos(&fast, r, &o, &start, 1, &err), GB_OK);
        assert_int_equal(gb_game_from_pos(&slow, &plain, &o, &start, 1, &err), GB_OK);
        const long n = 4000;
        gb_playout_stats a, b;
        assert_int_equal(gb_random_playouts(fast, n, 3, &a, &err), GB_OK);
        assert_int_equal(gb_random_playouts(slow, n, 4, &b, &err), GB_OK);
        /* game length: standard deviation taken as the mean/2 (about 18 for Sadeqa III's 72)
         * is generous; the share of South's wins is binomial */
        double ma = (double)a.plies / n, mb = (double)b.plies / n;
        double se_len = sqrt(2.0 / n) * (ma + mb) / 4;
        double pa = (double)a.wins[0] / n, pb = (double)b.wins[0] / n, pm = (pa + pb) / 2;
        double se_win = sqrt(2.0 * pm * (1 - pm) / n);
        print_message("%s: plies/game %.2f vs %.2f, South wins %.3f vs %.3f\n", r->name, ma, mb, pa, pb);
        assert_true(fabs(ma - mb) < 5 * se_len);
        assert_true(fabs(pa - pb) < 5 * se_win);
        /* gb_random_playouts_listed: every legal move listed, then drawn: the same games */
        const long nl = 1000;
        gb_playout_stats c;
        uint64_t rng = 5;
        assert_int_equal(gb_random_playouts_listed(fast, nl, &rng, &c, &err), GB_OK);
        double mc = (double)c.plies / nl, pc = (double)c.wins[0] / nl, pq = (pa + pc) / 2;
        print_message("%s listed: plies/game %.2f, South wins %.3f\n", r->name, mc, pc);
        assert_true(fabs(ma - mc) < 5 * sqrt(1.0 / n + 1.0 / nl) * (ma + mc) / 4);
        assert_true(fabs(pa - pc) < 5 * sqrt(pq * (1 - pq) * (1.0 / n + 1.0 / nl)));
        gb_game_free(fast);
        gb_game_free(slow);
    }
}

/* gb_random_playouts_listed (gabata bench --list-moves) plays, game by game, the games that the
 * game object plays by hand on the same random source: at each ply every legal move listed
 * (gb_legal_moves) and one drawn by gb_rand_below, a layout by gb_random_move: the same plies,
 * winner and end reason. Qelat and L'ab al-Akil are left out: a new round's draws (Q7's lots,
 * A2's layouts at a round's end) come from the game object's own random source there, not the
 * playouts'; their listed playouts are checked against the others by their statistics below. */
static void test_listed_playouts_by_hand(void **state)
{
    (void)state;
    const char *variants[] = {"sadeqa", "bulto"};
    for (int v = 0; v < 2; v++) {
        gb_game *g0;
        gb_error err;
        assert_int_equal(gb_game_new(&g0, variants[v], "", 1, &err), GB_OK);
        for (uint64_t seed = 1; seed <= 40; seed++) {
            gb_playout_stats st;
            uint64_t rng = seed;
            assert_int_equal(gb_random_playouts_listed(g0, 1, &rng, &st, &err), GB_OK);
            assert_int_equal(st.games, 1);
            assert_int_equal(st.laps, 0); /* not counted */
            gb_game *g;
            assert_int_equal(gb_game_new(&g, variants[v], "", 1, &err), GB_OK);
            uint64_t hand = seed;
            long plies = 0;
            gb_move moves[GB_MAX_MOVES];
            while (!gb_is_over(g)) {
                const int n = gb_legal_moves(g, moves, GB_MAX_MOVES);
                gb_move m;
                if (n == 0)
                    assert_int_equal(gb_random_move(g, &hand, &m), GB_OK);
                else
                    m = moves[gb_rand_below(&hand, n)];
                assert_int_equal(gb_play(g, &m, &err), GB_OK);
                plies++;
            }
            assert_int_equal(st.plies, plies);
            assert_int_equal(st.wins[gb_winner(g)], 1);
            assert_int_equal(st.reasons[gb_end_reason(g)], 1);
            assert_int_equal(rng, hand);
            gb_game_free(g);
        }
        gb_game_free(g0);
    }
}

/* Bulto, B5: where the offers of a never-ending sowing come round, taking the first that recurs
 * is no move (after H h B g F c E a, South's 144th offer meets the 43rd's situation:
 * tests/test_bulto.c), and I~143, refusing the 143 before it, is the never-ending move (listed
 * only with endless=ends-game, T1). Sample may leave such a position to gen (GB_EINVAL: the
 * playouts then draw among gen's moves); if it answers, its draw is uniform over gen's list,
 * which holds no I~k past I~143. */
static void test_sample_repeated_outcomes(void **state)
{
    (void)state;
    static gb_move moves[GB_MAX_MOVES];
    static gb_pos children[GB_MAX_MOVES];
    const char *opts[] = {"", "endless=ends-game"};
    for (int k = 0; k < 2; k++) {
        gb_game *g = new_game("bulto", opts[k], NULL);
        const char *line[] = {"H", "h", "B", "g", "F", "c", "E", "a"};
        for (int i = 0; i < 8; i++)
            assert_int_equal(gb_play_text(g, line[i], NULL), GB_OK);
        const gb_rules *r = gb_game_rules(g);
        const gb_options *o = gb_game_options(g);
        const gb_pos *p = gb_game_pos(g);
        const int n = r->gen(o, p, moves, children);
        int last = -1;
        for (int i = 0; i < n; i++)
            if (moves[i].hole == 8) {
                assert_int_equal(moves[i].refusals, last + 1);
                last = moves[i].refusals;
                assert_int_equal((children[i].flags & GB_F_ENDLESS) != 0, last == 143);
            }
        assert_int_equal(last, k ? 143 : 142);
        uint64_t seed = 3;
        gb_move m;
        gb_pos c;
        if (r->sample(o, p, &seed, &m, &c, NULL) != GB_EINVAL)
            check_uniform_at(r, o, p, moves, n, 17, 300);
        gb_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sample_matches_gen),
        cmocka_unit_test(test_any_move_by_hand),
        cmocka_unit_test(test_sample_is_uniform),
        cmocka_unit_test(test_sample_uniform_every_game),
        cmocka_unit_test(test_sample_never_ending_other_games),
        cmocka_unit_test(test_playouts_agree),
        cmocka_unit_test(test_listed_playouts_by_hand),
        cmocka_unit_test(test_sample_repeated_outcomes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
