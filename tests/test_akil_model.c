/* test_akil_model.c — L'ab al-Akil (RULINGS §4, with §0–§1) against its naive second model.
 *
 * Ring order (§0): South's pits A..F are ring 0..5, North's a..f ring 6..11. Opposites
 * (2n-1-i): A-f, B-e, C-d, D-c, E-b, F-a. Position strings: board=A..F/a..f.
 * The model (tests/models/akil.h) is written from the rulings, not from src/games/akil/: perft,
 * whole rounds move by move, random matches and A6's chain on random positions must agree with
 * it. The hand-worked tests are in tests/test_akil.c. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "gabata.h"

#include "models/akil.h"

static void nv_from_game(const gb_game *g, nv *p)
{
    memset(p, 0, sizeof *p);
    for (int i = 0; i < 12; i++)
        p->b[i] = gb_hole_count(g, i);
    p->st[0] = gb_store(g, 0);
    p->st[1] = gb_store(g, 1);
    p->turn = gb_to_move(g);
    p->phase = strcmp(gb_phase(g), "choice") == 0 ? 1 : 2;
}

static void nv_parse_opts(const char *opts, nopt *o)
{
    memset(o, 0, sizeof *o);
    o->skip = strstr(opts, "skip-origin=yes") != NULL;
    o->unlimited = strstr(opts, "chain=unlimited") != NULL;
    o->then_sow = strstr(opts, "feed=then-sow") != NULL;
    o->at_once = strstr(opts, "two-seeds=at-once") != NULL;
    o->chooser_starts = strstr(opts, "starter=chooser") != NULL;
    o->mirrored = strstr(opts, "tebweez=mirrored") != NULL;
}

static void test_perft(void **state)
{
    (void)state;
    /* by hand: from an even layout the chooser has 2 moves; after either, all 6 pits of the
     * starter's row are full: 6 each, 12 at depth 2. */
    gb_game *g = game_at("akil board=6,6,6,6,6,6/6,6,6,6,6,6 stores=0,0 turn=N phase=choice");
    assert_int_equal(gb_perft(g, 1), 2);
    assert_int_equal(gb_perft(g, 2), 12);
    gb_game_free(g);

    static const struct { const char *text; int depth; } cases[] = {
        {"akil board=6,6,6,6,6,6/6,6,6,6,6,6 stores=0,0 turn=N phase=choice", 7},
        {"akil board=1,2,3,4,5,6/7,8,9,10,11,6 stores=0,0 turn=N phase=choice", 7},
        {"akil:starter=chooser board=0,12,0,12,0,12/12,0,12,0,12,0 stores=0,0 turn=N phase=choice", 7},
        {"akil:skip-origin=yes,chain=unlimited board=3,4,5,6,7,8/9,10,11,1,1,7 stores=0,0 turn=S phase=sowing", 7},
        {"akil:chain=unlimited board=3,4,5,6,7,8/9,10,11,1,1,7 stores=0,0 turn=S phase=sowing", 7},
        {"akil board=1,0,0,0,0,2/0,0,1,0,0,1 stores=33,34 turn=S phase=sowing", 14},
        {"akil:feed=then-sow board=1,0,3,0,0,2/0,0,0,0,0,0 stores=33,33 turn=S phase=sowing", 12},
        {"akil:two-seeds=at-once board=1,1,0,2,0,1/1,0,0,1,0,0 stores=33,32 turn=N phase=sowing", 12},
        {"akil board=1,0,0,0,0,0/1,0,0,0,0,0 stores=35,35 turn=S phase=sowing", 16},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        g = game_at(cases[c].text);
        nopt o;
        nv_parse_opts(cases[c].text, &o);
        nv *hist = malloc(64 * sizeof *hist);
        nv_from_game(g, &hist[0]);
        for (int d = 1; d <= cases[c].depth; d++) {
            uint64_t want = nv_perft(&o, hist, 1, d), got = gb_perft(g, d);
            if (want != got)
                fail_msg("perft %d of %s: library %llu, naive %llu", d, cases[c].text,
                         (unsigned long long)got, (unsigned long long)want);
        }
        free(hist);
        gb_game_free(g);
    }
}

/* ---- whole rounds checked move by move against the naive rules ---- */
static void check_rounds(const char *opts, int rounds, uint64_t seed)
{
    char full[200];
    snprintf(full, sizeof full, "rounds=1%s%s", opts[0] ? " " : "", opts);
    nopt o;
    nv_parse_opts(opts, &o);
    uint64_t rng = seed;
    nv *hist = malloc(6000 * sizeof *hist);
    for (int r = 0; r < rounds; r++) {
        gb_game *g = game_new("akil", full);
        gb_move m;
        assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
        assert_int_equal(gb_play(g, &m, NULL), GB_OK);
        nv p = {{0}, {0, 0}, GB_NORTH, 1}; /* South laid out (A2); North chooses (A3) */
        int t = 0;
        for (int i = 0; i < 12; i++)
            t += p.b[i] = m.layout[i];
        assert_int_equal(t, 72);
        int hlen = 0;
        hist[hlen++] = p;
        for (int ply = 0;; ply++) {
            assert_true(ply < 5000);
            int mv[16];
            nv kid[16];
            int n = nv_children(&o, &p, mv, kid);
            gb_move lm[GB_MAX_MOVES];
            int ln = gb_legal_moves(g, lm, GB_MAX_MOVES);
            assert_int_equal(ln, n);
            for (int i = 0; i < n; i++) {
                int want = lm[i].kind == GB_MOVE_SOW    ? lm[i].hole
                           : lm[i].kind == GB_MOVE_FEED ? NV_FEED + lm[i].hole
                           : lm[i].kind == GB_MOVE_PASS ? NV_PASS
                           : lm[i].kind == GB_MOVE_KEEP ? NV_KEEP
                                                        : NV_TURN;
                assert_int_equal(mv[i], want);
            }
            int pick = (int)(gb_rand_next(&rng) % (uint64_t)n);
            assert_int_equal(gb_play(g, &lm[pick], NULL), GB_OK);
            p = kid[pick];
            int reason = GB_END_NONE;
            if (nv_over(&o, &p))
                reason = GB_END_RULE;
            for (int k = 0; k < hlen && !reason; k++)
                if (nv_same(&hist[k], &p))
                    reason = GB_END_REPETITION;
            if (!reason && ply + 2 >= 5000) /* the layout was ply 1 */
                reason = GB_END_CAP;
            if (reason) {
                assert_true(gb_is_over(g));
                assert_int_equal(gb_end_reason(g), reason);
                int s[2] = {p.st[0] + nv_row(&p, 0), p.st[1] + nv_row(&p, 1)};
                if (nv_total(&p) == 2) /* A12 */
                    s[0] = p.st[0] + 1, s[1] = p.st[1] + 1;
                assert_int_equal(s[0] + s[1], 72);
                assert_int_equal(gb_score(g, 0), s[0]);
                assert_int_equal(gb_score(g, 1), s[1]);
                assert_int_equal(gb_winner(g), s[0] > s[1] ? GB_SOUTH : s[1] > s[0] ? GB_NORTH : GB_DRAW);
                break;
            }
            hist[hlen++] = p;
            assert_false(gb_is_over(g));
            for (int i = 0; i < 12; i++)
                assert_int_equal(gb_hole_count(g, i), p.b[i]);
            assert_int_equal(gb_store(g, 0), p.st[0]);
            assert_int_equal(gb_store(g, 1), p.st[1]);
            assert_int_equal(gb_to_move(g), p.turn);
        }
        gb_game_free(g);
    }
    free(hist);
}

static void test_rounds_move_by_move(void **state)
{
    (void)state;
    check_rounds("", 60, 1);
    check_rounds("skip-origin=yes chain=unlimited", 40, 2);
    check_rounds("chain=unlimited", 20, 3);
    check_rounds("feed=then-sow two-seeds=at-once starter=chooser", 40, 4);
    check_rounds("tebweez=mirrored skip-origin=yes", 30, 5);
}

/* ---- many random matches: invariants, and every match ends ---- */
static void random_matches(const char *opts, int games, uint64_t seed)
{
    uint64_t rng = seed;
    long total_rounds = 0;
    for (int k = 0; k < games; k++) {
        gb_game *g = game_new("akil", opts);
        int round = 1, gains[2] = {0, 0};
        long plies = 0;
        while (!gb_is_over(g)) {
            assert_true(++plies < 2000000); /* bounded: max-rounds x max-plies */
            gb_move m;
            assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
            gb_error err = {0, ""};
            if (gb_play(g, &m, &err) != GB_OK)
                fail_msg("random move refused: %s", err.msg);
            const gb_pos *p = gb_game_pos(g);
            int board = gb_pos_board_total(p, 12);
            if (p->phase == 0 && !gb_is_over(g)) {
                assert_int_equal(board + p->store[0] + p->store[1], 0);
                assert_int_equal(gb_to_move(g), p->aux & 1); /* the distributor lays out */
            } else {
                assert_int_equal(board + p->store[0] + p->store[1], 72); /* A1: 72 seeds */
            }
            assert_true(p->round == round || p->round == round + 1);
            if (p->round == round + 1 || gb_is_over(g)) {
                /* a round ended: only its winner's gains grew, by at most 36 (excess) or 72
                 * (difference) */
                int d0 = p->match[0] - gains[0], d1 = p->match[1] - gains[1];
                assert_true(d0 >= 0 && d1 >= 0 && (d0 == 0 || d1 == 0) && d0 <= 72 && d1 <= 72);
                gains[0] = p->match[0];
                gains[1] = p->match[1];
                round = p->round;
            } else {
                assert_int_equal(p->match[0], gains[0]);
                assert_int_equal(p->match[1], gains[1]);
            }
        }
        const gb_pos *p = gb_game_pos(g);
        total_rounds += p->round;
        if (gb_end_reason(g) == GB_END_RULE) { /* A13: someone reached 60 */
            int w = gb_winner(g);
            assert_true(w == GB_SOUTH || w == GB_NORTH);
            assert_true(p->match[w] >= 60 && p->match[!w] < 60);
        } else {
            assert_int_equal(gb_end_reason(g), GB_END_CAP);
        }
        gb_game_free(g);
    }
    print_message("%s: %d matches, %.1f rounds a match\n", opts, games, (double)total_rounds / games);
}

static void test_random_matches(void **state)
{
    (void)state;
    random_matches("", 200, 11);
    random_matches("gain=difference feed=then-sow", 60, 12);
    random_matches("max-rounds=3 max-plies=50 skip-origin=yes chain=unlimited endless=ends-game", 60, 13);
    random_matches("tebweez=mirrored two-seeds=at-once starter=chooser", 60, 14);
}

/* Every move of many random sowing-phase positions (small counts, so that captures and chains
 * are common, and now and then a pit of 11 to 24 so that laps go round), under both chain
 * values and both skip-origin values, against the naive rules: the same moves, boards and
 * stores. */
static void test_a6_chain_random_positions(void **state)
{
    (void)state;
    static const char *const optsets[] = {"skip-origin=yes", "skip-origin=yes,chain=unlimited",
                                          "chain=unlimited", ""};
    uint64_t rng = 16;
    int compared = 0;
    for (int k = 0; k < 3000; k++) {
        int b[12], board = 0;
        for (int i = 0; i < 12; i++) {
            uint64_t r = gb_rand_next(&rng);
            b[i] = r % 16 == 0 ? 11 + (int)((r >> 8) % 14) : (int)((r >> 8) % 5);
            board += b[i];
        }
        if (board > 72 || board < 3)
            continue;
        int s0 = (72 - board) / 2, turn = (int)(gb_rand_next(&rng) & 1);
        for (size_t oi = 0; oi < sizeof optsets / sizeof optsets[0]; oi++) {
            char text[300];
            snprintf(text, sizeof text,
                     "akil%s%s board=%d,%d,%d,%d,%d,%d/%d,%d,%d,%d,%d,%d stores=%d,%d turn=%c "
                     "phase=sowing",
                     optsets[oi][0] ? ":" : "", optsets[oi], b[0], b[1], b[2], b[3], b[4], b[5],
                     b[6], b[7], b[8], b[9], b[10], b[11], s0, 72 - board - s0, "SN"[turn]);
            gb_game *g = game_at(text);
            nopt o;
            nv_parse_opts(optsets[oi], &o);
            nv p;
            nv_from_game(g, &p);
            int mv[16];
            nv kid[16];
            int n = nv_children(&o, &p, mv, kid);
            gb_move lm[GB_MAX_MOVES];
            int ln = gb_legal_moves(g, lm, GB_MAX_MOVES);
            if (ln != n)
                fail_msg("%s: library %d moves, naive %d", text, ln, n);
            for (int i = 0; i < n; i++) {
                gb_game *c;
                assert_int_equal(gb_game_successor(g, i, &c), GB_OK);
                if (nv_over(&o, &kid[i])) { /* the round ended (A10): the next one begins */
                    assert_true(gb_is_over(c) || gb_round(c) == gb_round(g) + 1);
                    gb_game_free(c);
                    continue;
                }
                for (int h = 0; h < 12; h++)
                    if (gb_hole_count(c, h) != kid[i].b[h])
                        fail_msg("%s, move %d: pit %d holds %d, naive %d", text, i, h,
                                 gb_hole_count(c, h), kid[i].b[h]);
                assert_int_equal(gb_store(c, 0), kid[i].st[0]);
                assert_int_equal(gb_store(c, 1), kid[i].st[1]);
                gb_game_free(c);
                compared++;
            }
            gb_game_free(g);
        }
    }
    print_message("%d moves compared\n", compared);
    assert_true(compared > 10000);
}

/* Whole rounds move by move with skip-origin=yes and the default chain, and with both chain
 * values from one seed. */
static void test_a6_skip_origin_rounds(void **state)
{
    (void)state;
    check_rounds("skip-origin=yes", 40, 21);
    check_rounds("skip-origin=yes chain=unlimited", 40, 21);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft),
        cmocka_unit_test(test_rounds_move_by_move),
        cmocka_unit_test(test_random_matches),
        cmocka_unit_test(test_a6_chain_random_positions),
        cmocka_unit_test(test_a6_skip_origin_rounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
