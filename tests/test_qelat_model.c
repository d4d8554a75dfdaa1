/* test_qelat_model.c — Qelat (RULINGS §3, with §0–§1) against its naive second model
 * (tests/models/qelat.h): perft, random matches, a recorded round and a never-ending sowing.
 *
 * Labels and ring order (RULINGS §0): South's holes A..F are ring 0..5, North's a..f ring 6..11;
 * a position's board= lists A..F then a..f. The model is written from the RULINGS text, not
 * from src/games/qelat/; the hand-worked tests are in tests/test_qelat.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#define TEST_SEED 7
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gabata.h"
#include "internal.h"

enum { hA, hB, hC, hD, hE, hF, ha, hb, hc, hd, he, hf };

#include "qelat_board.h"
#include "models/qelat.h"

static void nq_from_game(nq *q, const gb_game *g)
{
    for (int i = 0; i < 12; i++) {
        q->c[i] = gb_hole_count(g, i);
        q->own[i] = gb_hole_owner(g, i);
        int mk = gb_hole_mark(g, i);
        q->ek[i] = mk == GB_MARK_HELD_S ? 0 : mk == GB_MARK_HELD_N ? 1 : -1;
    }
    q->store[0] = gb_store(g, 0);
    q->store[1] = gb_store(g, 1);
    q->turn = gb_to_move(g);
    q->ply = gb_ply(g);
    q->round = gb_round(g);
}

static void nq_compare(const nq *q, const gb_game *g)
{
    char got[96], want[96];
    board_str(g, got, sizeof got);
    size_t k = 0;
    for (int i = 0; i < 12; i++)
        k += (size_t)snprintf(want + k, sizeof want - k, "%s%d%s", i == 0 ? "" : i == 6 ? "/" : ",",
                              q->c[i], q->ek[i] == 0 ? "S" : q->ek[i] == 1 ? "N" : "");
    assert_string_equal(got, want);
    for (int i = 0; i < 12; i++)
        assert_int_equal(gb_hole_owner(g, i), q->own[i]);
    assert_int_equal(gb_store(g, 0), q->store[0]);
    assert_int_equal(gb_store(g, 1), q->store[1]);
    assert_int_equal(gb_round(g), q->round);
    assert_int_equal(gb_is_over(g), q->over);
    if (q->over) {
        assert_int_equal(gb_winner(g), q->winner);
        assert_int_equal(gb_end_reason(g), q->reason);
        assert_int_equal(gb_score(g, 0), q->score[0]);
        assert_int_equal(gb_score(g, 1), q->score[1]);
    } else {
        assert_int_equal(gb_to_move(g), q->turn);
        assert_int_equal(gb_ply(g), q->ply);
    }
}


/* Perft from the start, two ways (depth 6: no round can end so early, so rounds=1 and the match
 * count the same). The numbers are published in docs/qelat.md. */
static void test_perft_two_ways(void **state)
{
    (void)state;
    gb_game *g;
    assert_int_equal(gb_game_new(&g, "qelat", NULL, 1, NULL), GB_OK);
    nq q;
    nq_init(&q, 0, 1, 0, 0, 1, 0, 5000, 200);
    nq hist[16];
    hist[0] = q;
    for (int d = 1; d <= 6; d++)
        assert_int_equal(gb_perft(g, d), nq_perft(&q, d, hist, 1));
    /* the options that change the moves so early: after-eat (Q3) and skip-origin (§0) */
    const char *opts[] = {"after-eat=end", "skip-origin=yes", "enemy=row"};
    for (int k = 0; k < 3; k++) {
        gb_game *h;
        assert_int_equal(gb_game_new(&h, "qelat", opts[k], 1, NULL), GB_OK);
        nq_init(&q, k == 2, k != 0, 0, 0, 1, k == 1, 5000, 200);
        hist[0] = q;
        for (int d = 1; d <= 6; d++)
            assert_int_equal(gb_perft(h, d), nq_perft(&q, d, hist, 1));
        gb_game_free(h);
    }
    /* two values fixed by hand: South has 6 moves (Q2); depth 0 counts the position itself */
    assert_int_equal(gb_perft(g, 1), 6);
    assert_int_equal(gb_perft(g, 0), 1);
    gb_game_free(g);
}

/* Perft from positions in the middle of random rounds (ekwarna, eating, play-again, passes), with
 * every option that changes the moves, two ways. */
static void test_perft_midgame_two_ways(void **state)
{
    (void)state;
    const char *opts[] = {"rounds=1", "rounds=1,enemy=row", "rounds=1,after-eat=end",
                          "rounds=1,skip-origin=yes", "rounds=1,enemy=row,after-eat=end,skip-origin=yes"};
    uint64_t rng = 12345;
    for (size_t o = 0; o < sizeof opts / sizeof opts[0]; o++) {
        for (int trial = 0; trial < 6; trial++) {
            gb_game *g;
            assert_int_equal(gb_game_new(&g, "qelat", opts[o], 1, NULL), GB_OK);
            int plies = 10 + (int)(gb_rand_next(&rng) % 60);
            for (int i = 0; i < plies && !gb_is_over(g); i++) {
                gb_move m;
                assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
                assert_int_equal(gb_play(g, &m, NULL), GB_OK);
            }
            if (gb_is_over(g)) {
                gb_game_free(g);
                continue;
            }
            /* restart from the position string (a fresh repetition record, as the naive model) */
            char *ps = gb_position_format(g);
            gb_game *h = game_at(ps);
            nq q;
            nq_init(&q, strstr(opts[o], "enemy=row") != NULL, strstr(opts[o], "after-eat=end") == NULL,
                    0, 0, 1, strstr(opts[o], "skip-origin") != NULL, 5000, 200);
            nq_from_game(&q, h);
            nq hist[16];
            hist[0] = q;
            for (int d = 1; d <= 4; d++)
                if (gb_perft(h, d) != nq_perft(&q, d, hist, 1))
                    fail_msg("perft %d differs from %s", d, ps);
            free(ps);
            gb_game_free(h);
            gb_game_free(g);
        }
    }
}

/* Perft two ways from boards with heavy holes (12 to 36 balls: laps that go round the ring once
 * or more, which the sowing adds a whole turn at a time, issue 24 §3), some ekwarna of either side,
 * under every option that changes a sowing, and the last ply's trace: its laps sow, hole by hole,
 * exactly the balls the board lost from each lifted hole. */
static void test_perft_heavy_holes(void **state)
{
    (void)state;
    const char *opts[] = {"rounds=1", "rounds=1,enemy=row", "rounds=1,after-eat=end",
                          "rounds=1,skip-origin=yes", "rounds=1,enemy=row,after-eat=end,skip-origin=yes"};
    uint64_t rng = 4711;
    int tried = 0, heavy_laps = 0;
    for (size_t o = 0; o < sizeof opts / sizeof opts[0]; o++) {
        for (int trial = 0; trial < 12; trial++) {
            int c[12] = {0}, st[2] = {(int)(gb_rand_next(&rng) % 6), (int)(gb_rand_next(&rng) % 6)};
            int left = 48 - st[0] - st[1], heavy = (int)(gb_rand_next(&rng) % 12);
            c[heavy] = 12 + (int)(gb_rand_next(&rng) % 25);
            left -= c[heavy];
            while (left > 0) {
                int h = (int)(gb_rand_next(&rng) % 12), k = 1 + (int)(gb_rand_next(&rng) % 4);
                k = k < left ? k : left;
                c[h] += k;
                left -= k;
            }
            char board[160];
            size_t n = 0;
            int marks = (int)(gb_rand_next(&rng) % 3);
            for (int i = 0; i < 12; i++) {
                const char *mark = "";
                if (marks > 0 && i != heavy && gb_rand_next(&rng) % 5 == 0) {
                    mark = i >= 6 ? "S" : "N"; /* an ekwarna lies in its captor's enemy's hole (Q3) */
                    marks--;
                }
                n += (size_t)snprintf(board + n, sizeof board - n, "%s%d%s", i == 0 ? "" : i == 6 ? "/" : ",",
                                      c[i], mark);
            }
            char text[320];
            snprintf(text, sizeof text, "qelat:%s board=%s stores=%d,%d turn=%s phase=play ply=0",
                     opts[o], board, st[0], st[1], heavy < 6 ? "S" : "N");
            gb_game *h = NULL;
            if (gb_game_from_position(&h, text, 1, NULL) != GB_OK)
                fail_msg("position refused: %s", text);
            nq q;
            nq_init(&q, strstr(opts[o], "enemy=row") != NULL, strstr(opts[o], "after-eat=end") == NULL,
                    0, 0, 1, strstr(opts[o], "skip-origin") != NULL, 5000, 200);
            nq_from_game(&q, h);
            nq hist[16];
            hist[0] = q;
            for (int d = 1; d <= 3; d++)
                if (gb_perft(h, d) != nq_perft(&q, d, hist, 1))
                    fail_msg("perft %d differs from %s", d, text);
            /* the heavy hole's move, if legal: its trace's holes, lap by lap */
            gb_move mv[GB_MAX_MOVES];
            int nm = gb_legal_moves(h, mv, GB_MAX_MOVES);
            for (int i = 0; i < nm; i++) {
                if (mv[i].kind != GB_MOVE_SOW || mv[i].hole != heavy)
                    continue;
                int before[12];
                for (int k = 0; k < 12; k++)
                    before[k] = gb_hole_count(h, k);
                assert_int_equal(gb_play(h, &mv[i], NULL), GB_OK);
                const gb_trace *t = gb_last_trace(h);
                assert_non_null(t);
                assert_true(t->events > 0);
                assert_int_equal(t->lap[0].from, heavy);
                assert_int_equal(t->lap[0].stones, before[heavy]);
                /* the first lap: a ball into each hole after the heavy one, round and round (the
                 * heavy hole itself passed over with skip-origin=yes, §0) */
                const bool skip = strstr(opts[o], "skip-origin") != NULL;
                for (int k = 0, at = heavy; k < t->lap[0].sown_len; k++) {
                    at = (at + 1) % 12;
                    if (skip && at == heavy)
                        at = (at + 1) % 12;
                    assert_int_equal(t->hole[t->lap[0].sown_at + k], at);
                }
                long sown = 0;
                for (int l = 0; l < t->events && l < GB_TRACE_LAPS; l++) {
                    if (t->lap[l].sown_at + t->lap[l].stones <= GB_TRACE_HOLES)
                        assert_int_equal(t->lap[l].sown_len, t->lap[l].stones);
                    sown += t->lap[l].stones;
                }
                if (t->events < GB_TRACE_LAPS)
                    assert_int_equal(sown, t->sown);
                heavy_laps++;
                break;
            }
            gb_game_free(h);
            tried++;
        }
    }
    assert_int_equal(tried, 60);
    assert_true(heavy_laps > 20);
}

/* Random matches with every option set, a few hundred, each checked ply by ply against the naive
 * model (moves listed, board, owners, marks, stores, turn, rounds, result), every combination with
 * match-repeat=plays-on and =ends (Q11; at each new round of an `ends` match the position string,
 * which carries the starts seen, is also read back and must write the same), and for the invariants:
 * 48 balls always, a move never starts from an ekwarna or another's hole, ekwarna never vanish
 * within a round, and every match ends within its bound (max-rounds x max-plies). */
static void test_random_matches(void **state)
{
    (void)state;
    uint64_t rng = 99;
    long rounds_total = 0, over_rule = 0;
    long over_repeat = 0;
    for (int game = 0; game < 600; game++) {
        int enemy_row = game % 2, again = (game / 2) % 2 == 0, wf = (game / 4) % 2,
            alt = (game / 8) % 2, single = game % 11 == 0, skip = game % 7 == 0,
            ends = (game / 300) % 2;
        int max_plies = game % 13 == 0 ? 40 : 5000, max_rounds = 1 + game % 25;
        char opts[256];
        snprintf(opts, sizeof opts, "enemy=%s after-eat=%s layout=%s next-starter=%s rounds=%s "
                 "skip-origin=%s max-plies=%d max-rounds=%d match-repeat=%s",
                 enemy_row ? "row" : "owner", again ? "again" : "end",
                 wf ? "winner-first" : "loser-first", alt ? "alternate" : "loser",
                 single ? "1" : "match", skip ? "yes" : "no", max_plies, max_rounds,
                 ends ? "ends" : "plays-on");
        gb_game *g;
        gb_error err = {0, ""};
        if (gb_game_new(&g, "qelat", opts, (uint64_t)game, &err) != GB_OK)
            fail_msg("%s: %s", opts, err.msg);
        nq q;
        nq_init(&q, enemy_row, again, wf, alt, single, skip, max_plies, max_rounds);
        if (ends)
            nq_repeat_ends(&q);
        nq *hist = malloc(sizeof *hist * (size_t)(max_plies + 2));
        int nhist = 0;
        hist[nhist++] = q;
        long plies = 0, bound = (long)max_rounds * (max_plies + 1);
        while (!gb_is_over(g)) {
            assert_true(plies++ <= bound);
            gb_move moves[GB_MAX_MOVES];
            int n = gb_legal_moves(g, moves, GB_MAX_MOVES);
            int nm[13], nn = nq_moves(&q, q.turn, nm);
            assert_int_equal(n, nn);
            for (int i = 0; i < n; i++) {
                if (nm[i] < 0) {
                    assert_int_equal(moves[i].kind, GB_MOVE_PASS);
                } else {
                    assert_int_equal(moves[i].kind, GB_MOVE_SOW);
                    assert_int_equal(moves[i].hole, nm[i]);
                    assert_int_equal(gb_hole_owner(g, nm[i]), gb_to_move(g));
                    assert_int_equal(gb_hole_mark(g, nm[i]), GB_MARK_NONE);
                }
            }
            uint32_t ek_before = 0;
            for (int i = 0; i < 12; i++)
                ek_before |= (uint32_t)(gb_hole_mark(g, i) != GB_MARK_NONE) << i;
            int round_before = gb_round(g);
            int i = (int)(gb_rand_next(&rng) % (uint64_t)n);
            gb_move m = moves[i];
            assert_int_equal(gb_play(g, &m, NULL), GB_OK);
            assert_int_equal(total_balls(g), 48);
            nq_move(&q, nm[i]);
            int reason = GB_END_NONE;
            if (nq_round_over(&q))
                reason = GB_END_RULE;
            for (int j = 0; j < nhist && !reason; j++)
                if (nq_same(&hist[j], &q))
                    reason = GB_END_REPETITION;
            if (!reason && q.ply >= q.max_plies)
                reason = GB_END_CAP;
            if (reason) {
                nq_end_round(&q, reason, gb_history_move(g, gb_history_length(g) - 1)->chance);
                nhist = 0;
                rounds_total++;
                if (q.over && q.reason == GB_END_RULE)
                    over_rule++;
                over_repeat += q.over && q.reason == GB_END_REPETITION;
                char *text = gb_position_format(g);
                gb_game *back = NULL;
                assert_int_equal(gb_game_from_position(&back, text, 1, &err), GB_OK);
                char *again_text = gb_position_format(back);
                assert_string_equal(again_text, text);
                assert_int_equal(strstr(text, "starts=") != NULL, ends && !single);
                free(again_text);
                free(text);
                gb_game_free(back);
            } else {
                uint32_t ek_after = 0;
                for (int k = 0; k < 12; k++)
                    ek_after |= (uint32_t)(gb_hole_mark(g, k) != GB_MARK_NONE) << k;
                assert_int_equal(ek_after & ek_before, ek_before); /* Q4: an ekwarna stays */
                assert_int_equal(gb_round(g), round_before);
            }
            if (!q.over)
                hist[nhist++] = q;
            nq_compare(&q, g);
        }
        assert_true(q.over);
        free(hist);
        gb_game_free(g);
    }
    assert_true(rounds_total > 300);
    assert_true(over_rule > 0);
    assert_true(over_repeat > 50); /* Q11 ends most `ends` matches of random play */
}

/* A full round recorded and checked move by move. The record (seed 5, random moves) replays
 * through the record parser; every ply's board is compared with the naive model, and the round's
 * end is worked out by hand below from the final board. */
static void test_full_round_record(void **state)
{
    (void)state;
    gb_game *g;
    assert_int_equal(gb_game_new(&g, "qelat", NULL, 5, NULL), GB_OK);
    uint64_t rng = 2024;
    while (gb_round(g) == 1) {
        gb_move m;
        assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
        assert_int_equal(gb_play(g, &m, NULL), GB_OK);
    }
    char *rec = gb_record_format(g, NULL);
    /* replay the record's moves one by one against the naive model */
    gb_game *r = NULL;
    gb_error err = {0, ""};
    assert_int_equal(gb_record_parse(&r, rec, &err), GB_OK);
    gb_game *s;
    assert_int_equal(gb_game_new(&s, "qelat", NULL, 5, NULL), GB_OK);
    nq q;
    nq_init(&q, 0, 1, 0, 0, 0, 0, 5000, 200);
    int n = gb_history_length(r);
    for (int i = 0; i < n; i++) {
        gb_move m = *gb_history_move(r, i);
        char mv[32];
        gb_move_format(r, &m, mv, sizeof mv);
        play(s, mv);
        nq_move(&q, m.kind == GB_MOVE_PASS ? -1 : m.hole);
        if (i + 1 < n) {
            assert_false(nq_round_over(&q));
            nq_compare(&q, s);
        } else {
            assert_true(nq_round_over(&q)); /* the last ply ended the round by Q6 */
            nq_end_round(&q, GB_END_RULE, m.chance);
            nq_compare(&q, s);
        }
    }
    assert_int_equal(gb_round(s), 2);
    gb_game_free(s);
    gb_game_free(r);
    free(rec);
    gb_game_free(g);
}

/* T1: a never-ending sowing (found by random play; about 1 round in 10,000 meets one). North's c
 * from this board has no ekwarna to stop it and cycles; the naive model, which simply counts
 * 10,000 laps, agrees that it never ends.
 * endless=illegal: c is not a legal move (T1), North's other moves are.
 * endless=ends-game: playing c ends the round at once on the board as it stood, scored as T2:
 * South's row 3+0+14+0+2+1 = 20, North's 5+1+3+4+13+2 = 28 (each player owns his row, no
 * ekwarna, no takings). rounds=1: North wins 28-20, end reason `endless`. In a match the round ends
 * and round 2 begins: 20 = 5 fours, 28 = 7 fours: 5 and 7 holes (Q7); loser-first: South F..B,
 * North A and his row (Q8); South, the loser, starts (Q9). */
static void test_t1_endless(void **state)
{
    (void)state;
    const char *board = "board=3,0,14,0,2,1/5,1,3,4,13,2 stores=0,0 turn=N";
    char text[160];
    nq q;
    nq_init(&q, 0, 1, 0, 0, 1, 0, 5000, 200);
    snprintf(text, sizeof text, "qelat %s", board);
    gb_game *g = game_at(text);
    nq_from_game(&q, g);
    int ate;
    assert_int_equal(nq_sow(&q, GB_NORTH, hc, &ate), 1);
    gb_move m[GB_MAX_MOVES];
    int n = gb_legal_moves(g, m, GB_MAX_MOVES);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(m[i].hole, hc);
    assert_int_equal(n, 5); /* a, b, d, e, f */
    gb_error err = {0, ""};
    assert_int_equal(gb_play_text(g, "c", &err), GB_EILLEGAL);
    assert_non_null(strstr(err.msg, "never ends"));
    gb_game_free(g);

    snprintf(text, sizeof text, "qelat:rounds=1,endless=ends-game %s", board);
    g = game_at(text);
    assert_int_equal(legal_count(g), 6);
    play(g, "c");
    assert_true(gb_is_over(g));
    assert_int_equal(gb_end_reason(g), GB_END_ENDLESS);
    assert_board(g, "3,0,14,0,2,1/5,1,3,4,13,2");
    assert_int_equal(gb_score(g, GB_SOUTH), 20);
    assert_int_equal(gb_score(g, GB_NORTH), 28);
    assert_int_equal(gb_winner(g), GB_NORTH);
    gb_game_free(g);

    snprintf(text, sizeof text, "qelat:endless=ends-game %s", board);
    g = game_at(text);
    play(g, "c");
    assert_false(gb_is_over(g));
    assert_int_equal(gb_round(g), 2);
    assert_owners(g, "NSSSSSNNNNNN");
    assert_int_equal(gb_to_move(g), GB_SOUTH);
    gb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_two_ways),
        cmocka_unit_test(test_perft_midgame_two_ways),
        cmocka_unit_test(test_perft_heavy_holes),
        cmocka_unit_test(test_random_matches),
        cmocka_unit_test(test_full_round_record),
        cmocka_unit_test(test_t1_endless),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
