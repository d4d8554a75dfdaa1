/* test_sadeqa.c — Sadeqa III, RULINGS §2 (S1–S5), by hand-worked positions and one full game
 * checked move by move against an independent implementation (tests/sadeqa_reference.py). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "helpers.h"

#include "gabata.h"

static void assert_board(const gb_game *g, const int *want)
{
    for (int i = 0; i < 16; i++)
        if (gb_hole_count(g, i) != want[i])
            fail_msg("hole %d: %d, want %d", i, gb_hole_count(g, i), want[i]);
}

static void moves_text(const gb_game *g, char *buf, size_t len)
{
    gb_move m[GB_MAX_MOVES];
    int n = gb_legal_moves(g, m, GB_MAX_MOVES);
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        char t[32];
        gb_move_format(g, &m[i], t, sizeof t);
        if (i)
            strncat(buf, " ", len - strlen(buf) - 1);
        strncat(buf, t, len - strlen(buf) - 1);
    }
}

/* S1: 2x8 holes, 6 stones each (96), or 4 each with seeds=4; no stores on the board; South
 * (RULINGS §0) moves first. */
static void test_s1_setup(void **state)
{
    (void)state;
    gb_game *g = game_new("sadeqa", NULL);
    assert_int_equal(gb_game_rows(g), 8);
    int total = 0;
    for (int i = 0; i < 16; i++) {
        assert_int_equal(gb_hole_count(g, i), 6);
        assert_int_equal(gb_hole_owner(g, i), i < 8 ? GB_SOUTH : GB_NORTH);
        assert_int_equal(gb_hole_mark(g, i), GB_MARK_NONE);
        total += gb_hole_count(g, i);
    }
    assert_int_equal(total, 96);
    assert_int_equal(gb_store(g, 0) + gb_store(g, 1), 0);
    assert_int_equal(gb_to_move(g), GB_SOUTH);
    assert_string_equal(gb_phase(g), "play");
    gb_game_free(g);
    g = game_new("sadeqa", "seeds=4");
    for (int i = 0; i < 16; i++)
        assert_int_equal(gb_hole_count(g, i), 4);
    gb_game_free(g);
}

/* S2: a move lifts a non-empty hole of one's own row. South's row here has stones only in B and
 * H, so South's legal moves are exactly B and H; North's a, empty hole C, and North's holes are
 * refused. */
static void test_s2_legal_moves(void **state)
{
    (void)state;
    gb_game *g = game_at("sadeqa board=0,3,0,0,0,0,0,1/5,0,0,0,0,0,2,0 stores=40,45 turn=S");
    char buf[128];
    moves_text(g, buf, sizeof buf);
    assert_string_equal(buf, "B H");
    gb_error err;
    assert_int_equal(gb_play_text(g, "C", &err), GB_EILLEGAL); /* empty */
    assert_int_equal(gb_play_text(g, "a", &err), GB_EILLEGAL); /* North's row */
    assert_int_equal(gb_play_text(g, "Q", &err), GB_EINVAL);   /* no such hole */
    gb_game_free(g);
}

/* S3 + S4 from the start: South lifts C (6). Worked by hand:
 *   lap 1: C's 6 -> D E F G H a (each 7); a held 6 -> occupied: relay.
 *   lap 2: a's 7 -> b..h (each 7); h held 6: relay.
 *   lap 3: h's 7 -> A..G: A 7, B 7, C 1, D 8, E 8, F 8, G 8; G held 7: relay.
 *   lap 4: G's 8 -> H 8, a 1, b 8, c 8, d 8, e 8, f 8, g 8; g held 7: relay.
 *   lap 5: g's 8 -> h 1, A 8, B 8, C 2, D 9, E 9, F 9, G 1; G was empty: the move ends (S4).
 *   G is South's own hole; opposite(6) = 9 = b holds 8: captured; G's stone stays.
 * Result: A-H 8 8 2 9 9 9 1 8, a-h 1 0 8 8 8 8 0 1, South has taken 8. */
static void test_s3_s4_first_move_by_hand(void **state)
{
    (void)state;
    gb_game *g = game_new("sadeqa", NULL);
    play(g, "C");
    const int want[16] = {8, 8, 2, 9, 9, 9, 1, 8, 1, 0, 8, 8, 8, 8, 0, 1};
    assert_board(g, want);
    assert_int_equal(gb_store(g, GB_SOUTH), 8);
    assert_int_equal(gb_store(g, GB_NORTH), 0);
    assert_int_equal(gb_to_move(g), GB_NORTH);
    const gb_trace *t = gb_last_trace(g);
    assert_non_null(t);
    assert_int_equal(t->laps, 5);
    assert_int_equal(t->sown, 6 + 7 + 7 + 8 + 8);
    assert_int_equal(t->lap[4].event, GB_EV_CAPTURE);
    assert_int_equal(t->lap[4].value, 8);
    gb_game_free(g);
}

/* S4: empty hole in the mover's own row, opposite empty: no capture, the move just ends.
 * South A (1) -> B, empty; opposite(1) = 14 = g is empty. */
static void test_s4_no_capture_when_opposite_empty(void **state)
{
    (void)state;
    gb_game *g = game_at("sadeqa board=1,0,0,0,0,0,0,0/5,0,0,0,0,0,0,0 stores=40,50 turn=S");
    play(g, "A");
    const int want[16] = {0, 1, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0};
    assert_board(g, want);
    assert_int_equal(gb_store(g, GB_SOUTH), 40);
    gb_game_free(g);
}

/* S4: with g = 3 opposite B, the same move captures 3; the capturing stone stays in B. */
static void test_s4_capture_stone_stays(void **state)
{
    (void)state;
    gb_game *g = game_at("sadeqa board=1,0,0,0,0,0,0,0/5,0,0,0,0,0,3,0 stores=40,47 turn=S");
    play(g, "A");
    const int want[16] = {0, 1, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0};
    assert_board(g, want);
    assert_int_equal(gb_store(g, GB_SOUTH), 43);
    gb_game_free(g);
}

/* S4: an empty hole in the opponent's row ends the move without capture, even with stones
 * opposite. South G (2) -> H 1, a 1: a was empty and is North's: no capture of H's stone. */
static void test_s4_empty_enemy_hole_no_capture(void **state)
{
    (void)state;
    gb_game *g = game_at("sadeqa board=5,0,0,0,0,0,2,0/0,0,0,0,0,0,0,1 stores=40,48 turn=S");
    play(g, "G");
    const int want[16] = {5, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1};
    assert_board(g, want);
    assert_int_equal(gb_store(g, GB_SOUTH), 40);
    assert_int_equal(gb_to_move(g), GB_NORTH);
    gb_game_free(g);
}

/* S5: South A -> B captures g's 2, leaving North's row empty: North, to move, has no legal move,
 * so the game ends; the board's last stone (B) goes to South, who moved last.
 * Stores 46+2+1 = 49 against 47: South wins. With stores 45,48 it is 48-48: a draw. */
static void test_s5_end_and_last_mover_takes_board(void **state)
{
    (void)state;
    gb_game *g = game_at("sadeqa board=1,0,0,0,0,0,0,0/0,0,0,0,0,0,2,0 stores=46,47 turn=S");
    play(g, "A");
    assert_true(gb_is_over(g));
    assert_int_equal(gb_end_reason(g), GB_END_RULE);
    assert_int_equal(gb_score(g, GB_SOUTH), 49);
    assert_int_equal(gb_score(g, GB_NORTH), 47);
    assert_int_equal(gb_winner(g), GB_SOUTH);
    assert_int_equal(gb_to_move(g), GB_NOBODY);
    gb_error err;
    assert_int_equal(gb_play_text(g, "B", &err), GB_EOVER);
    gb_game_free(g);

    g = game_at("sadeqa board=1,0,0,0,0,0,0,0/0,0,0,0,0,0,2,0 stores=45,48 turn=S");
    play(g, "A");
    assert_int_equal(gb_winner(g), GB_DRAW);
    assert_int_equal(gb_score(g, GB_SOUTH), 48);
    gb_game_free(g);
}

/* S5 from the other side: the stones on the board go to the last mover even when they lie in
 * the other row. North e (1) -> f, empty, own row, captures C's 1 (opposite(13) = 2); South's
 * row is then empty: South cannot move; f's stone and a's 4 go to North, who moved last. */
static void test_s5_stones_in_any_row_go_to_last_mover(void **state)
{
    (void)state;
    gb_game *g = game_at("sadeqa board=0,0,1,0,0,0,0,0/4,0,0,0,1,0,0,0 stores=50,40 turn=N");
    play(g, "e");
    assert_true(gb_is_over(g));
    assert_int_equal(gb_score(g, GB_SOUTH), 50);
    assert_int_equal(gb_score(g, GB_NORTH), 40 + 1 + 1 + 4);
    assert_int_equal(gb_winner(g), GB_SOUTH);
    gb_game_free(g);
}

/* S5 against T2: the two scorings differ only when stones lie in the row of the player who cannot
 * move, which happens when every sowing he has is never-ending (T4). A finished game read from a
 * position string shows the difference: 3 stones in South's A, North moved last, game over by the
 * rule: S5 gives them to North (40, 53+3); ended by repetition, T2 gives them to South (43, 53). */
static void test_s5_scoring_differs_from_t2(void **state)
{
    (void)state;
    gb_game *g = game_at("sadeqa board=3,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 stores=40,53 turn=S last=N over=rule");
    assert_int_equal(gb_score(g, GB_SOUTH), 40);
    assert_int_equal(gb_score(g, GB_NORTH), 56);
    assert_int_equal(gb_winner(g), GB_NORTH);
    gb_game_free(g);
    g = game_at("sadeqa board=3,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 stores=40,53 turn=S last=N over=repetition");
    assert_int_equal(gb_score(g, GB_SOUTH), 43);
    assert_int_equal(gb_score(g, GB_NORTH), 53);
    gb_game_free(g);
}

/* A full game (seed 2026 in tests/sadeqa_reference.py, an independent implementation written
 * from RULINGS §2): the move, then every hole and both stores after it. */
static const struct {
    const char *move;
    int board[16];
    int stores[2];
} full_game[] = {
    {"B", {8, 2, 9, 9, 9, 1, 8, 1, 8, 8, 0, 8, 8, 0, 1, 8}, {8, 0}},
    {"d", {11, 5, 12, 0, 12, 0, 0, 4, 11, 1, 2, 2, 11, 1, 4, 1}, {8, 11}},
    {"H", {12, 6, 13, 1, 12, 0, 0, 0, 12, 2, 3, 0, 0, 2, 0, 2}, {20, 11}},
    {"h", {15, 0, 16, 0, 15, 1, 3, 1, 1, 0, 5, 2, 2, 0, 2, 2}, {20, 11}},
    {"H", {1, 1, 17, 1, 16, 2, 4, 1, 1, 2, 1, 4, 4, 2, 4, 0}, {24, 11}},
    {"g", {1, 0, 3, 2, 0, 3, 4, 1, 8, 0, 8, 0, 11, 4, 1, 7}, {24, 19}},
    {"A", {0, 1, 3, 2, 0, 3, 4, 1, 8, 0, 8, 0, 11, 4, 0, 7}, {25, 19}},
    {"c", {3, 4, 2, 1, 3, 0, 2, 1, 11, 3, 1, 1, 0, 1, 3, 10}, {25, 25}},
    {"E", {4, 5, 3, 2, 1, 2, 4, 1, 13, 1, 0, 3, 2, 1, 4, 0}, {25, 25}},
    {"f", {1, 3, 0, 4, 6, 0, 4, 2, 1, 6, 1, 1, 6, 1, 0, 3}, {25, 32}},
    {"G", {0, 5, 2, 1, 7, 1, 1, 4, 0, 8, 1, 0, 0, 3, 0, 5}, {26, 32}},
    {"h", {1, 6, 3, 0, 0, 2, 2, 5, 1, 9, 2, 1, 1, 3, 0, 0}, {26, 34}},
    {"G", {2, 0, 4, 1, 1, 3, 1, 7, 1, 10, 0, 2, 2, 0, 1, 1}, {26, 34}},
    {"g", {3, 1, 4, 1, 1, 3, 1, 7, 1, 10, 0, 2, 2, 0, 0, 0}, {26, 34}},
    {"H", {3, 1, 4, 1, 1, 3, 1, 0, 2, 11, 1, 3, 3, 1, 1, 0}, {26, 34}},
    {"g", {0, 1, 4, 1, 1, 3, 1, 0, 2, 11, 1, 3, 3, 1, 0, 1}, {26, 37}},
    {"F", {1, 0, 5, 0, 2, 1, 2, 1, 0, 12, 0, 0, 4, 2, 1, 0}, {28, 37}},
    {"g", {0, 0, 5, 0, 2, 1, 2, 1, 0, 12, 0, 0, 4, 2, 0, 1}, {28, 38}},
    {"E", {1, 1, 6, 1, 1, 3, 1, 2, 1, 0, 1, 1, 5, 3, 1, 2}, {28, 38}},
    {"a", {1, 1, 6, 1, 1, 3, 0, 2, 0, 1, 1, 1, 5, 3, 1, 2}, {28, 39}},
    {"E", {2, 0, 7, 0, 1, 1, 1, 3, 1, 0, 0, 0, 6, 0, 2, 3}, {30, 39}},
    {"a", {2, 0, 7, 0, 1, 1, 0, 3, 0, 1, 0, 0, 6, 0, 2, 3}, {30, 40}},
    {"A", {0, 1, 0, 1, 2, 2, 1, 4, 1, 2, 1, 0, 6, 0, 2, 3}, {30, 40}},
    {"c", {0, 1, 0, 1, 0, 2, 1, 4, 1, 2, 0, 1, 6, 0, 2, 3}, {30, 42}},
    {"B", {0, 0, 1, 1, 0, 2, 1, 4, 1, 2, 0, 1, 6, 0, 2, 3}, {30, 42}},
    {"e", {1, 1, 0, 2, 1, 2, 1, 4, 1, 2, 0, 1, 0, 1, 3, 4}, {30, 42}},
    {"A", {0, 0, 1, 0, 2, 3, 0, 5, 0, 3, 1, 1, 0, 1, 3, 4}, {30, 42}},
    {"h", {1, 1, 2, 1, 2, 3, 0, 5, 0, 3, 1, 1, 0, 1, 3, 0}, {30, 42}},
    {"D", {1, 1, 2, 0, 0, 4, 1, 0, 1, 4, 2, 2, 1, 0, 4, 1}, {30, 42}},
    {"g", {2, 2, 0, 1, 1, 0, 2, 1, 2, 5, 0, 3, 2, 1, 0, 2}, {30, 42}},
    {"D", {3, 3, 1, 0, 0, 1, 0, 2, 3, 0, 1, 4, 3, 0, 1, 0}, {32, 42}},
    {"c", {0, 4, 2, 1, 1, 1, 0, 2, 3, 0, 0, 0, 4, 1, 2, 1}, {32, 42}},
    {"E", {0, 4, 2, 1, 0, 0, 1, 0, 4, 1, 1, 0, 4, 1, 2, 1}, {32, 42}},
    {"c", {0, 4, 2, 1, 0, 0, 1, 0, 4, 1, 0, 1, 4, 1, 2, 1}, {32, 42}},
    {"D", {0, 4, 2, 0, 1, 0, 1, 0, 4, 1, 0, 0, 4, 1, 2, 1}, {33, 42}},
    {"e", {1, 4, 2, 0, 1, 0, 1, 0, 4, 1, 0, 0, 0, 2, 3, 2}, {33, 42}},
    {"E", {1, 4, 2, 0, 0, 1, 1, 0, 4, 1, 0, 0, 0, 2, 3, 2}, {33, 42}},
    {"h", {0, 1, 4, 0, 2, 0, 1, 0, 1, 2, 1, 1, 1, 0, 4, 1}, {33, 44}},
    {"B", {0, 0, 0, 1, 3, 1, 2, 1, 0, 2, 1, 1, 1, 0, 4, 1}, {34, 44}},
    {"h", {1, 0, 0, 1, 3, 1, 2, 1, 0, 2, 1, 1, 1, 0, 4, 0}, {34, 44}},
    {"E", {3, 0, 2, 1, 1, 0, 4, 1, 0, 1, 0, 3, 0, 0, 1, 0}, {35, 44}},
    {"b", {3, 0, 2, 1, 1, 0, 4, 1, 0, 0, 1, 3, 0, 0, 1, 0}, {35, 44}},
    {"G", {3, 0, 2, 1, 1, 0, 0, 2, 1, 1, 0, 4, 1, 0, 1, 0}, {35, 44}},
    {"g", {0, 0, 2, 1, 1, 0, 0, 2, 1, 1, 0, 4, 1, 0, 0, 1}, {35, 47}},
    {"E", {0, 0, 2, 1, 0, 1, 0, 2, 1, 1, 0, 4, 1, 0, 0, 1}, {35, 47}},
    {"d", {1, 1, 2, 1, 0, 1, 0, 2, 1, 1, 0, 0, 2, 1, 1, 0}, {35, 47}},
    {"D", {1, 1, 2, 0, 1, 1, 0, 2, 1, 1, 0, 0, 2, 1, 1, 0}, {35, 47}},
    {"b", {1, 1, 2, 0, 1, 0, 0, 2, 1, 0, 1, 0, 2, 1, 1, 0}, {35, 48}},
    {"H", {1, 1, 2, 0, 1, 0, 0, 0, 2, 1, 1, 0, 2, 1, 1, 0}, {35, 48}},
    {"c", {1, 1, 2, 0, 0, 0, 0, 0, 2, 1, 0, 1, 2, 1, 1, 0}, {35, 49}},
    {"A", {0, 0, 3, 1, 0, 0, 0, 0, 2, 1, 0, 1, 0, 1, 1, 0}, {37, 49}},
    {"d", {0, 0, 3, 0, 0, 0, 0, 0, 2, 1, 0, 0, 1, 1, 1, 0}, {37, 50}},
    {"C", {0, 0, 0, 1, 1, 1, 0, 0, 2, 1, 0, 0, 1, 1, 1, 0}, {37, 50}},
    {"f", {1, 0, 0, 1, 1, 1, 0, 0, 2, 1, 0, 0, 1, 0, 0, 1}, {37, 50}},
    {"F", {1, 0, 0, 1, 1, 0, 1, 0, 2, 0, 0, 0, 1, 0, 0, 1}, {38, 50}},
    {"a", {1, 0, 0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1}, {38, 50}},
    {"G", {1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1}, {38, 50}},
    {"h", {0, 1, 1, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 0}, {38, 50}},
    {"B", {0, 0, 0, 2, 0, 1, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0}, {39, 50}},
    {"e", {0, 0, 0, 2, 0, 1, 1, 1, 0, 0, 1, 0, 0, 1, 0, 0}, {39, 50}},
    {"H", {0, 0, 0, 2, 0, 1, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0}, {39, 50}},
    {"c", {0, 0, 0, 2, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0}, {39, 50}},
    {"G", {0, 0, 0, 2, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0}, {40, 50}},
    {"f", {0, 0, 0, 2, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0}, {40, 50}},
    {"F", {0, 0, 0, 2, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 1, 0}, {40, 50}},
    {"g", {0, 0, 0, 2, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1}, {40, 50}},
    {"H", {0, 0, 0, 2, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1}, {40, 50}},
    {"h", {1, 0, 0, 2, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0}, {40, 50}},
    {"A", {0, 1, 0, 2, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0}, {40, 50}},
    {"a", {0, 1, 0, 2, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0}, {40, 51}},
    {"B", {0, 0, 1, 2, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0}, {40, 51}},
    {"b", {0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0}, {40, 51}},
    {"C", {0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0}, {40, 51}},
    {"d", {0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0}, {40, 51}},
    {"F", {0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0}, {40, 51}},
    {"a", {0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 0}, {40, 51}},
    {"H", {0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0, 1, 0, 0, 0}, {40, 51}},
    {"b", {0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0}, {40, 51}},
    {"E", {0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0}, {40, 51}},
    {"g", {0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 1}, {40, 51}},
    {"F", {0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 1}, {40, 51}},
    {"f", {0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 1}, {40, 51}},
    {"G", {0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1}, {41, 51}},
    {"h", {1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0}, {41, 51}},
    {"H", {1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0}, {41, 51}},
    {"g", {0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1}, {41, 52}},
};

static void test_full_game_move_by_move(void **state)
{
    (void)state;
    gb_game *g = game_new("sadeqa", NULL);
    int n = (int)(sizeof full_game / sizeof full_game[0]);
    assert_int_equal(n, 86);
    for (int i = 0; i < n; i++) {
        assert_false(gb_is_over(g));
        assert_int_equal(gb_to_move(g), i % 2);
        play(g, full_game[i].move);
        for (int h = 0; h < 16; h++)
            if (gb_hole_count(g, h) != full_game[i].board[h])
                fail_msg("ply %d (%s): hole %d is %d, want %d", i + 1, full_game[i].move, h,
                         gb_hole_count(g, h), full_game[i].board[h]);
        assert_int_equal(gb_store(g, 0), full_game[i].stores[0]);
        assert_int_equal(gb_store(g, 1), full_game[i].stores[1]);
    }
    /* S5: South, to move, has no legal move; North moved last and takes the board. */
    assert_true(gb_is_over(g));
    assert_int_equal(gb_end_reason(g), GB_END_RULE);
    assert_int_equal(gb_score(g, GB_SOUTH), 41);
    assert_int_equal(gb_score(g, GB_NORTH), 55);
    assert_int_equal(gb_winner(g), GB_NORTH);
    gb_game_free(g);
}

/* Options: every value of every option works; unknown keys and values are refused by name. */
static void test_options(void **state)
{
    (void)state;
    const char *good[] = {"seeds=6", "seeds=4", "skip-origin=no", "skip-origin=yes", "endless=illegal",
                          "endless=ends-game", "max-plies=1", "max-plies=1000000",
                          "seeds=4,skip-origin=yes endless=ends-game", NULL};
    for (int i = 0; good[i]; i++)
        gb_game_free(game_new("sadeqa", good[i]));
    struct {
        const char *opts, *needle;
    } bad[] = {{"seeds=5", "seeds"},          {"colour=red", "unknown option 'colour'"},
               {"max-plies=0", "max-plies"},  {"max-plies=99999999999999999999", "max-plies"},
               {"seeds", "key=value"},         {"seeds=4 seeds=6", "twice"},
               {"max-rounds=3", "unknown option 'max-rounds'"}, {"=4", "key=value"},
               {"max-plies=-5", "max-plies"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gb_game *g = NULL;
        gb_error err = {0, ""};
        assert_int_equal(gb_game_new(&g, "sadeqa", bad[i].opts, 1, &err), GB_EINVAL);
        assert_null(g);
        if (!strstr(err.msg, bad[i].needle))
            fail_msg("'%s' gave '%s'", bad[i].opts, err.msg);
    }
    gb_game *g = NULL;
    gb_error err;
    assert_int_equal(gb_game_new(&g, "chess", NULL, 1, &err), GB_EINVAL);
    assert_non_null(strstr(err.msg, "unknown game"));
}

/* skip-origin (RULINGS §0). South lifts A (16); the board is otherwise empty but for a (1).
 *   no:  B..H get 1 each, a 2, b..h 1 each (15 stones); the 16th falls back into A, emptied by the
 *        lift, so it was empty: the move ends in South's own row; opposite(0) = 15 = h holds 1:
 *        captured. A keeps its stone. */
static void test_skip_origin(void **state)
{
    (void)state;
    gb_game *g = game_at("sadeqa board=16,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0 stores=0,0 turn=S");
    play(g, "A");
    /* no: A 1, B..H 1, a 2, b..g 1, h captured (1). */
    const int want_no[16] = {1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 0};
    assert_board(g, want_no);
    assert_int_equal(gb_store(g, GB_SOUTH), 1);
    gb_game_free(g);

    /* yes, by hand. Lap 1 from A (16): B..H 1 each, a 2, b..h 1 each (15 stones); the 16th skips
     * A and falls into B, which held 1: relay. Lap 2 from B (2): C 2, D 2 (D held 1): relay.
     * Lap 3 from D (2): E 2, F 2: relay. Lap 4 from F (2): G 2, H 2: relay. Lap 5 from H (2):
     * a 3, b 2: relay. Lap 6 from b: c 2, d 2. Lap 7 from d: e 2, f 2. Lap 8 from f: g 2, h 2.
     * Lap 9 from h (2): A 0 -> 1, B 0 -> 1: B was empty: the move ends in South's row;
     * opposite(1) = 14 = g holds 2: captured.
     * Board: A1 B1 C2 D0 E2 F0 G2 H0 / a3 b0 c2 d0 e2 f0 g0 h0; South has taken 2 (17 stones). */
    g = game_at("sadeqa:skip-origin=yes board=16,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0 stores=0,0 turn=S");
    play(g, "A");
    const int want_yes[16] = {1, 1, 2, 0, 2, 0, 2, 0, 3, 0, 2, 0, 2, 0, 0, 0};
    assert_board(g, want_yes);
    assert_int_equal(gb_store(g, GB_SOUTH), 2);
    gb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s1_setup),
        cmocka_unit_test(test_s2_legal_moves),
        cmocka_unit_test(test_s3_s4_first_move_by_hand),
        cmocka_unit_test(test_s4_no_capture_when_opposite_empty),
        cmocka_unit_test(test_s4_capture_stone_stays),
        cmocka_unit_test(test_s4_empty_enemy_hole_no_capture),
        cmocka_unit_test(test_s5_end_and_last_mover_takes_board),
        cmocka_unit_test(test_s5_stones_in_any_row_go_to_last_mover),
        cmocka_unit_test(test_s5_scoring_differs_from_t2),
        cmocka_unit_test(test_full_game_move_by_move),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_skip_origin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
