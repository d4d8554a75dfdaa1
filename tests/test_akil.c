/* test_akil.c — L'ab al-Akil (RULINGS §4, A1–A13, with §0–§1).
 *
 * Ring order (§0): South's pits A..F are ring 0..5, North's a..f ring 6..11. Opposites
 * (2n-1-i): A-f, B-e, C-d, D-c, E-b, F-a. Position strings: board=A..F/a..f.
 * Every expected value below is worked out by hand from the rulings (the reasoning is in the
 * comments). The comparisons with the naive second model (tests/models/akil.h: perft, rounds
 * move by move, random matches) are in tests/test_akil_model.c. */
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

/* ---- helpers ---- */
static void board_is(const gb_game *g, const int *b)
{
    for (int i = 0; i < 12; i++)
        if (gb_hole_count(g, i) != b[i])
            fail_msg("pit %d holds %d, expected %d", i, gb_hole_count(g, i), b[i]);
}

static int nmoves(const gb_game *g, char list[][24])
{
    gb_move m[GB_MAX_MOVES];
    int n = gb_legal_moves(g, m, GB_MAX_MOVES);
    for (int i = 0; list && i < n; i++)
        gb_move_format(g, &m[i], list[i], 24);
    return n;
}

static bool json_has(const gb_game *g, const char *needle)
{
    char *js = gb_state_json(g);
    bool found = js && strstr(js, needle);
    if (!found)
        print_message("JSON: %s\n", js ? js : "(null)");
    free(js);
    return found;
}

/* ---- A1, A2: the empty board and the tebweez layout ---- */
static void test_a1_start(void **state)
{
    (void)state;
    gb_game *g = game_new("akil", NULL);
    static const int empty[12] = {0};
    board_is(g, empty); /* A1: the board is empty at the start */
    assert_int_equal(gb_store(g, 0), 0);
    assert_int_equal(gb_store(g, 1), 0);
    assert_string_equal(gb_phase(g), "layout");
    assert_int_equal(gb_to_move(g), GB_SOUTH); /* clarification: South distributes round 1 */
    assert_int_equal(gb_round(g), 1);
    assert_int_equal(nmoves(g, NULL), 0); /* layouts are not listed */
    assert_false(gb_is_over(g));
    assert_true(json_has(g, "\"distributor\":\"S\""));
    assert_true(json_has(g, "\"gains\":{\"S\":0,\"N\":0}"));
    assert_true(json_has(g, "\"phase\":\"layout\""));
    gb_game_free(g);
}

static void test_a2_layout(void **state)
{
    (void)state;
    gb_game *g = game_new("akil", NULL);
    refused(g, "A");    /* A2: the round opens with a layout */
    refused(g, "keep");
    refused(g, "layout:6,6,6,6,6,6,6,6,6,6,6,5"); /* 71 seeds: all 72 must be placed */
    refused(g, "layout:6,6,6,6,6,6,6,6,6,6,6,7"); /* 73 */
    /* any counts, pits may stay empty (A2): 1+2+...+11 + 6 = 72 */
    play(g, "layout:1,2,3,4,5,6,7,8,9,10,11,6");
    static const int b[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 6};
    board_is(g, b);
    assert_string_equal(gb_phase(g), "choice");
    assert_int_equal(gb_to_move(g), GB_NORTH); /* A3: the other player chooses */
    assert_int_equal(gb_ply(g), 1);            /* T5: a layout is a ply */
    gb_game_free(g);

    /* free: 36 in A and 36 in b (ring 7) is fine, pits may stay empty */
    g = game_new("akil", NULL);
    play(g, "layout:36,0,0,0,0,0,0,36,0,0,0,0");
    gb_game_free(g);
    /* mirrored: ring pit i is used iff ring pit i+6 is (A2 clarification). A (ring 0) used but
     * a (ring 6) empty breaks it; A with a is fine (they are "corresponding", not opposite). */
    g = game_new("akil", "tebweez=mirrored");
    refused(g, "layout:36,0,0,0,0,0,0,36,0,0,0,0");
    refused(g, "layout:71,0,0,0,0,0,0,0,0,0,0,1"); /* A used, a empty, f used, F empty */
    play(g, "layout:36,0,0,0,0,0,36,0,0,0,0,0");
    assert_string_equal(gb_phase(g), "choice");
    gb_game_free(g);
}

/* ---- A3: keep or turn, and who starts ---- */
static void test_a3_choice(void **state)
{
    (void)state;
    static const int kept[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 6};
    /* Turning: ring pit i's seeds go to ring pit i+6 (clarification), so South's row now holds
     * what North's held: 7,8,9,10,11,6, and North's row 1..6. */
    static const int turned[12] = {7, 8, 9, 10, 11, 6, 1, 2, 3, 4, 5, 6};
    const char *lay = "layout:1,2,3,4,5,6,7,8,9,10,11,6";
    char list[8][24];

    gb_game *g = game_new("akil", NULL);
    play(g, lay);
    assert_int_equal(nmoves(g, list), 2);
    assert_string_equal(list[0], "keep");
    assert_string_equal(list[1], "turn");
    refused(g, "A");
    refused(g, "pass");
    play(g, "keep");
    board_is(g, kept);
    assert_string_equal(gb_phase(g), "sowing");
    assert_int_equal(gb_to_move(g), GB_NORTH); /* A3 lane: he keeps, he moves first */
    assert_int_equal(gb_ply(g), 2);
    gb_game_free(g);

    g = game_new("akil", NULL);
    play(g, lay);
    play(g, "turn");
    board_is(g, turned);
    assert_int_equal(gb_to_move(g), GB_SOUTH); /* A3 lane: he turns, the distributor moves first */
    gb_game_free(g);

    g = game_new("akil", "starter=chooser");
    play(g, lay);
    play(g, "turn");
    board_is(g, turned);
    assert_int_equal(gb_to_move(g), GB_NORTH); /* starter=chooser: the chooser, either way */
    gb_game_free(g);
    g = game_new("akil", "starter=chooser");
    play(g, lay);
    play(g, "keep");
    assert_int_equal(gb_to_move(g), GB_NORTH);
    gb_game_free(g);

    /* Round 2 distributed by North (aux=1): South chooses; keeping, South starts. */
    g = game_at("akil board=0,0,0,0,0,0/0,0,0,0,0,0 stores=0,0 turn=N phase=layout round=2 aux=1");
    play(g, lay);
    assert_int_equal(gb_to_move(g), GB_SOUTH);
    play(g, "keep");
    assert_int_equal(gb_to_move(g), GB_SOUTH);
    gb_game_free(g);
}

/* ---- A4, A5: a move, and a last seed into an empty pit ---- */
static void test_a4_a5_move(void **state)
{
    (void)state;
    /* 8 seeds on the board + 64 taken = 72 */
    gb_game *g = game_at("akil board=0,0,2,0,0,0/1,1,1,1,1,1 stores=32,32 turn=S phase=sowing");
    refused(g, "A");      /* empty */
    refused(g, "a");      /* North's row (A4: one's own row) */
    refused(g, "feed:C"); /* North's row is not empty: no feeding (A8) */
    refused(g, "pass");   /* A9: only without a legal move */
    refused(g, "keep");
    char list[8][24];
    assert_int_equal(nmoves(g, list), 1);
    assert_string_equal(list[0], "C");
    /* C's 2 seeds: D (was 0, now 1), E (was 0, now 1); last into empty E: the move ends (A5). */
    play(g, "C");
    static const int b[12] = {0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 1, 1};
    board_is(g, b);
    assert_int_equal(gb_store(g, 0), 32);
    assert_int_equal(gb_store(g, 1), 32);
    assert_int_equal(gb_to_move(g), GB_NORTH);
    const gb_trace *t = gb_last_trace(g);
    assert_int_equal(t->laps, 1);
    assert_int_equal(t->lap[0].event, GB_EV_END);
    gb_game_free(g);
}

/* ---- A6, A7: relay, captures, chains ---- */
static void test_a7_a6_opening(void **state)
{
    (void)state;
    /* Even layout, North keeps and starts, plays a. Worked lap by lap (A7 relay, A6 capture):
     *  lap 1 a(6): b..f 7, A 6->7 (held 6): continue    A7 B6 C6 D6 E6 F6 / a0 b7 c7 d7 e7 f7
     *  lap 2 A(7): B..F 7, a 1, b 7->8: continue         A0 B7 C7 D7 E7 F7 / a1 b8 c7 d7 e7 f7
     *  lap 3 b(8): c d e f 8, A 1, B C 8, D 7->8: cont.  A1 B8 C8 D8 E7 F7 / a1 b0 c8 d8 e8 f8
     *  lap 4 D(8): E F 8, a 2, b 1, c d e 9, f 8->9      A1 B8 C8 D0 E8 F8 / a2 b1 c9 d9 e9 f9
     *  lap 5 f(9): A 2, B C 9, D 1, E F 9, a 3, b 2, c 9->10: continue
     *                                                    A2 B9 C9 D1 E9 F9 / a3 b2 c10 d9 e9 f0
     *  lap 6 c(10): d e 10, f 1, A 3, B C 10, D 2, E F 10, a 3->4 (held 3): A6 capture a (4)
     *        with its opposite F (10) = 14. Walking back: F now holds 0 (just taken as a's
     *        opposite): the chain stops.
     *  result: A3 B10 C10 D2 E10 F0 / a0 b2 c0 d10 e10 f1, North 14 (35 + 23 + 14 = 72). */
    gb_game *g = game_new("akil", NULL);
    play(g, "layout:6,6,6,6,6,6,6,6,6,6,6,6");
    play(g, "keep");
    play(g, "a");
    static const int b[12] = {3, 10, 10, 2, 10, 0, 0, 2, 0, 10, 10, 1};
    board_is(g, b);
    assert_int_equal(gb_store(g, GB_NORTH), 14);
    assert_int_equal(gb_store(g, GB_SOUTH), 0);
    assert_int_equal(gb_to_move(g), GB_SOUTH);
    const gb_trace *t = gb_last_trace(g);
    assert_int_equal(t->laps, 6);
    assert_int_equal(t->sown, 6 + 7 + 8 + 8 + 9 + 10);
    assert_int_equal(t->lap[5].event, GB_EV_CAPTURE);
    assert_int_equal(t->lap[5].value, 14);
    assert_int_equal(t->lap[5].to, 6);
    gb_game_free(g);
}

static void test_a6_four(void **state)
{
    (void)state;
    /* A(1) -> B, which held 3 and now holds 4: capture B (4) and its opposite e (2) = 6; a lap
     * of one seed has no pits behind its last. 11 on the board + 61 taken = 72. */
    gb_game *g = game_at("akil board=1,3,0,0,0,0/1,1,1,1,2,1 stores=30,31 turn=S phase=sowing");
    play(g, "A");
    static const int b[12] = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 1};
    board_is(g, b);
    assert_int_equal(gb_store(g, GB_SOUTH), 36);
    assert_int_equal(gb_store(g, GB_NORTH), 31);
    /* South's row is now empty: North must feed (A8), from any non-empty pit of his. */
    char list[8][24];
    assert_int_equal(nmoves(g, list), 5);
    assert_string_equal(list[0], "feed:a");
    assert_string_equal(list[4], "feed:f");
    gb_game_free(g);
}

static void test_a6_chain_emptied(void **state)
{
    (void)state;
    /* South's E (3): F 1->2, a 3->4, b 1->2. Last into b (held 1): capture b (2) with its
     * opposite E (0: E was the lap's origin) = 2. Walk back over the lap: a holds 4: capture a
     * (4) with its opposite F (2) = 6. Next back is F, the lap's first pit: it held 2 but was
     * emptied just now as a's opposite, so the chain stops there (A6). Total 8. The chain also
     * crossed rows in its captures: b, a on North's row, their opposites on South's.
     * 16 on the board + 56 taken. */
    const char *text = "akil board=1,1,1,1,3,1/3,1,1,1,1,1 stores=28,28 turn=S phase=sowing";
    static const int b[12] = {1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1};
    for (int unlimited = 0; unlimited < 2; unlimited++) {
        char t2[200];
        snprintf(t2, sizeof t2, "akil%s%s", unlimited ? ":chain=unlimited" : "", text + 4);
        gb_game *g = game_at(t2);
        play(g, "E");
        board_is(g, b); /* chain=unlimited changes nothing here (F is empty) */
        assert_int_equal(gb_store(g, GB_SOUTH), 36);
        assert_int_equal(gb_store(g, GB_NORTH), 28);
        gb_game_free(g);
    }
}

static void test_a6_chain_three(void **state)
{
    (void)state;
    /* South's C (3): D 1->2, E 3->4, F 1->2. Last F (held 1): capture F + a (opposite, 2) = 4;
     * back: E holds 4: E + b (1) = 5; D holds 2: D + c (1) = 3; D was the lap's first pit:
     * stop (final-lap). Total 12. 17 on the board + 55 taken. */
    gb_game *g = game_at("akil board=1,1,3,1,3,1/2,1,1,1,1,1 stores=28,27 turn=S phase=sowing");
    play(g, "C");
    static const int b[12] = {1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1};
    board_is(g, b);
    assert_int_equal(gb_store(g, GB_SOUTH), 40);
    const gb_trace *t = gb_last_trace(g);
    assert_int_equal(t->lap[0].value, 12);
    gb_game_free(g);
}

static void test_a6_chain_cross_first_pit(void **state)
{
    (void)state;
    /* skip-origin=yes (§0). North lifts a (2): b 3->4, c 1->2. Last c (held 1): capture c (2)
     * with its opposite D (5) = 7. Back: b holds 4: b + E (1) = 5; b is the lap's first pit.
     *  - chain=final-lap: the chain stops at the lap's first pit. Total 12.
     *  - chain=unlimited: the walk goes on behind b along the sowing path, which skips the
     *    origin a: F holds 2: F + a (0, the origin) = 2, crossing from North's row to South's;
     *    then E holds 0 (taken as b's opposite): stop. Total 14.
     *  - with skip-origin=no, unlimited meets the empty origin a right behind b: 12 again
     *    (the clarification's note).
     * 20 on the board + 52 taken. */
    const char *board = "board=1,1,1,5,1,2/2,3,1,1,1,1 stores=26,26 turn=N phase=sowing";
    static const int b12[12] = {1, 1, 1, 0, 0, 2, 0, 0, 0, 1, 1, 1};
    static const int b14[12] = {1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1};
    static const struct { const char *opts; int taken; const int *b; } cases[] = {
        {"skip-origin=yes", 12, b12},
        {"skip-origin=yes,chain=unlimited", 14, b14},
        {"chain=unlimited", 12, b12},
        {"", 12, b12},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "akil%s%s %s", cases[i].opts[0] ? ":" : "", cases[i].opts, board);
        gb_game *g = game_at(text);
        play(g, "a");
        board_is(g, cases[i].b);
        assert_int_equal(gb_store(g, GB_NORTH), 26 + cases[i].taken);
        assert_int_equal(gb_to_move(g), GB_SOUTH);
        gb_game_free(g);
    }
}

/* ---- A8 feeding, A9 passing ---- */
static void test_a8_feed_turn(void **state)
{
    (void)state;
    /* North's row is empty, South has 3 (> 1): South's whole turn is a feed (A8), one seed from a
     * pit of his choice into a, North's first pit. 3 + 69 = 72. */
    gb_game *g = game_at("akil board=2,0,0,0,0,1/0,0,0,0,0,0 stores=35,34 turn=S phase=sowing");
    char list[8][24];
    assert_int_equal(nmoves(g, list), 2);
    assert_string_equal(list[0], "feed:A");
    assert_string_equal(list[1], "feed:F");
    refused(g, "A"); /* sowing is not allowed instead */
    refused(g, "feed:B"); /* empty */
    refused(g, "feed:a"); /* not his */
    play(g, "feed:A");
    static const int b[12] = {1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0};
    board_is(g, b);
    assert_int_equal(gb_to_move(g), GB_NORTH); /* feed=turn: that was his turn */
    assert_int_equal(gb_ply(g), 1);
    refused(g, "feed:a"); /* South's row is not empty */
    assert_int_equal(nmoves(g, list), 1);
    assert_string_equal(list[0], "a");
    gb_game_free(g);
}

static void test_a8_feed_then_sow_a10_a11(void **state)
{
    (void)state;
    /* feed=then-sow: feed:A (A 1, a 1), then South sows as a second ply. F (1) -> a, which held 1:
     * now 2: capture a (2) with its opposite F (0, just lifted) = 2: South 37. Only A's seed is
     * left: the round ends (A10) and it goes to South, whose pit it is: South 38, North 34.
     * A11: South wins; gain = excess over 36 = 2, or with gain=difference 38-34 = 4.
     * A13: the loser, North, distributes round 2. */
    for (int diff = 0; diff < 2; diff++) {
        char text[256];
        snprintf(text, sizeof text,
                 "akil:feed=then-sow%s board=2,0,0,0,0,1/0,0,0,0,0,0 stores=35,34 turn=S phase=sowing",
                 diff ? ",gain=difference" : "");
        gb_game *g = game_at(text);
        play(g, "feed:A");
        assert_int_equal(gb_to_move(g), GB_SOUTH);
        char list[8][24];
        assert_int_equal(nmoves(g, list), 2); /* a is no longer empty: A or F */
        assert_string_equal(list[0], "A");
        assert_string_equal(list[1], "F");
        play(g, "F");
        assert_false(gb_is_over(g));
        assert_int_equal(gb_round(g), 2);
        assert_string_equal(gb_phase(g), "layout");
        assert_int_equal(gb_to_move(g), GB_NORTH);
        assert_int_equal(gb_ply(g), 0);
        assert_int_equal(gb_store(g, 0), 0);
        assert_true(json_has(g, "\"distributor\":\"N\""));
        assert_true(json_has(g, diff ? "\"gains\":{\"S\":4,\"N\":0}" : "\"gains\":{\"S\":2,\"N\":0}"));
        assert_true(json_has(g, "\"last_round_end\":\"rule\""));
        assert_true(json_has(g, "\"last_round_winner\":\"S\""));
        /* the same with rounds=1: the game is that round, decided by seeds */
        gb_game_free(g);
    }
    gb_game *g = game_at("akil:feed=then-sow,rounds=1 board=2,0,0,0,0,1/0,0,0,0,0,0 stores=35,34 turn=S phase=sowing");
    play(g, "feed:A");
    play(g, "F");
    assert_true(gb_is_over(g));
    assert_int_equal(gb_winner(g), GB_SOUTH);
    assert_int_equal(gb_end_reason(g), GB_END_RULE);
    assert_int_equal(gb_score(g, GB_SOUTH), 38);
    assert_int_equal(gb_score(g, GB_NORTH), 34);
    gb_game_free(g);
}

static void test_a9_pass_then_feed(void **state)
{
    (void)state;
    /* South's A (1) -> B (held 1, now 2): capture B + e (1) = 3; C and D are left (2 seeds, both
     * South's). North has nothing: his only move is a pass (A9). Then South must feed (A8: North's
     * row empty, South holds 2 > 1). 5 + 67 = 72. */
    gb_game *g = game_at("akil board=1,1,1,1,0,0/0,0,0,0,1,0 stores=33,34 turn=S phase=sowing");
    play(g, "A");
    char list[8][24];
    assert_int_equal(nmoves(g, list), 1);
    assert_string_equal(list[0], "pass");
    refused(g, "a");
    refused(g, "feed:C");
    play(g, "pass");
    assert_int_equal(gb_to_move(g), GB_SOUTH);
    assert_int_equal(nmoves(g, list), 2);
    assert_string_equal(list[0], "feed:C");
    assert_string_equal(list[1], "feed:D");
    play(g, "feed:D");
    static const int b[12] = {0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0};
    board_is(g, b);
    assert_int_equal(gb_to_move(g), GB_NORTH);
    gb_game_free(g);
}

/* ---- A10, A11: the round's end and result ---- */
static void test_a10_last_seed_draw(void **state)
{
    (void)state;
    /* A (1) -> B (held 1): capture B + e (0) = 2: South 36. One seed is left, on North's d: it
     * goes to North (A10): 35 + 1 = 36. 36-36 is a draw (A11): no gain. After a drawn round the
     * player who did not distribute it distributes the next (A13): aux=0 (South distributed)
     * -> North; aux=1 -> South. 3 + 69 = 72. */
    for (int dist = 0; dist < 2; dist++) {
        char text[200];
        snprintf(text, sizeof text,
                 "akil board=1,1,0,0,0,0/0,0,0,1,0,0 stores=34,35 turn=S phase=sowing%s",
                 dist ? " aux=1" : "");
        gb_game *g = game_at(text);
        play(g, "A");
        assert_int_equal(gb_round(g), 2);
        assert_int_equal(gb_to_move(g), dist ? GB_SOUTH : GB_NORTH);
        assert_true(json_has(g, "\"gains\":{\"S\":0,\"N\":0}"));
        assert_true(json_has(g, "\"last_round_winner\":\"draw\""));
        gb_game_free(g);
    }
    gb_game *g = game_at("akil:rounds=1 board=1,1,0,0,0,0/0,0,0,1,0,0 stores=34,35 turn=S phase=sowing");
    play(g, "A");
    assert_true(gb_is_over(g));
    assert_int_equal(gb_winner(g), GB_DRAW);
    assert_int_equal(gb_score(g, GB_SOUTH), 36);
    assert_int_equal(gb_score(g, GB_NORTH), 36);
    gb_game_free(g);
}

static void test_a10_none_left(void **state)
{
    (void)state;
    /* A (1) -> B (held 1, now 2): capture B (2) + e (1) = 3: the board is empty (A10). South
     * 35 + 3 = 38, North 34. 3 + 69 = 72. */
    gb_game *g = game_at("akil:rounds=1 board=1,1,0,0,0,0/0,0,0,0,1,0 stores=35,34 turn=S phase=sowing");
    play(g, "A");
    assert_true(gb_is_over(g));
    assert_int_equal(gb_end_reason(g), GB_END_RULE);
    assert_int_equal(gb_winner(g), GB_SOUTH);
    assert_int_equal(gb_score(g, GB_SOUTH), 38);
    assert_int_equal(gb_score(g, GB_NORTH), 34);
    gb_game_free(g);
}

/* ---- A12: two seeds ---- */
static void test_a12_at_once(void **state)
{
    (void)state;
    /* Same start as the pass test: after A, C and D are left, both in South's row.
     * two-seeds=at-once: the round ends at once, one seed to each whatever their pits:
     * South 36 + 1 = 37, North 34 + 1 = 35 (by rows it would be 38-34). */
    gb_game *g = game_at("akil:two-seeds=at-once,rounds=1 board=1,1,1,1,0,0/0,0,0,0,1,0 stores=33,34 turn=S phase=sowing");
    play(g, "A");
    assert_true(gb_is_over(g));
    assert_int_equal(gb_end_reason(g), GB_END_RULE);
    assert_int_equal(gb_score(g, GB_SOUTH), 37);
    assert_int_equal(gb_score(g, GB_NORTH), 35);
    assert_int_equal(gb_winner(g), GB_SOUTH);
    gb_game_free(g);
    /* in a match: gain 1 (excess) or 2 (difference) */
    g = game_at("akil:two-seeds=at-once,gain=difference board=1,1,1,1,0,0/0,0,0,0,1,0 stores=33,34 turn=S phase=sowing");
    play(g, "A");
    assert_true(json_has(g, "\"gains\":{\"S\":2,\"N\":0}"));
    gb_game_free(g);
    /* on-repeat (default): the round goes on */
    g = game_at("akil:rounds=1 board=1,1,1,1,0,0/0,0,0,0,1,0 stores=33,34 turn=S phase=sowing");
    play(g, "A");
    assert_false(gb_is_over(g));
    gb_game_free(g);
    /* ... and the split also applies at the cap (T3) with two left (clarification) */
    g = game_at("akil:rounds=1,max-plies=1 board=1,1,1,1,0,0/0,0,0,0,1,0 stores=33,34 turn=S phase=sowing");
    play(g, "A");
    assert_true(gb_is_over(g));
    assert_int_equal(gb_end_reason(g), GB_END_CAP);
    assert_int_equal(gb_score(g, GB_SOUTH), 37);
    assert_int_equal(gb_score(g, GB_NORTH), 35);
    gb_game_free(g);
}

static void test_a12_on_repeat(void **state)
{
    (void)state;
    /* Two seeds, A (South) and a (North), each moved one pit a turn into empty pits (A5):
     *  S A->B, N a->b, S B->C, N b->c, S C->D, N c->d, S D->E, N d->e, S E->F, N e->f,
     *  S F->a (a is empty again: ends). North now holds a and f, South nothing: North feeds
     *  (A8), feed:f puts f's seed into A. Board A1 / a1, South to move, stores unchanged: the
     *  start position recurs after 12 plies (T2). Exactly two seeds: one each (A12): 36-36,
     *  a draw. */
    static const char *const moves[] = {"A", "a", "B", "b", "C", "c", "D", "d", "E", "e", "F", "feed:f"};
    gb_game *g = game_at("akil:rounds=1 board=1,0,0,0,0,0/1,0,0,0,0,0 stores=35,35 turn=S phase=sowing");
    for (int i = 0; i < 12; i++) {
        assert_false(gb_is_over(g));
        char list[8][24];
        assert_int_equal(nmoves(g, list), i == 11 ? 2 : 1); /* one seed each: forced, except the feed */
        play(g, moves[i]);
    }
    assert_true(gb_is_over(g));
    assert_int_equal(gb_end_reason(g), GB_END_REPETITION);
    assert_int_equal(gb_winner(g), GB_DRAW);
    assert_int_equal(gb_score(g, GB_SOUTH), 36);
    assert_int_equal(gb_score(g, GB_NORTH), 36);
    gb_game_free(g);
}

/* T3 with more than two seeds: each seed to its row's owner (T2's rule). */
static void test_cap_by_rows(void **state)
{
    (void)state;
    /* After C (see the A5 test): South's row 2 (D, E), North's 6: South 34, North 38. */
    gb_game *g = game_at("akil:rounds=1,max-plies=1 board=0,0,2,0,0,0/1,1,1,1,1,1 stores=32,32 turn=S phase=sowing");
    play(g, "C");
    assert_true(gb_is_over(g));
    assert_int_equal(gb_end_reason(g), GB_END_CAP);
    assert_int_equal(gb_score(g, GB_SOUTH), 34);
    assert_int_equal(gb_score(g, GB_NORTH), 38);
    assert_int_equal(gb_winner(g), GB_NORTH);
    gb_game_free(g);
}

/* ---- A13: the match ---- */
static void test_a13_match(void **state)
{
    (void)state;
    /* The none-left round (South 38-34, gain 2 as excess, 4 as difference). */
    const char *board = "board=1,1,0,0,0,0/0,0,0,0,1,0 stores=35,34 turn=S phase=sowing";
    char text[256];
    /* 58 + 2 = 60: the match is won (A13), ending by rule whatever the round (T5) */
    snprintf(text, sizeof text, "akil %s match=58,10", board);
    gb_game *g = game_at(text);
    play(g, "A");
    assert_true(gb_is_over(g));
    assert_int_equal(gb_end_reason(g), GB_END_RULE);
    assert_int_equal(gb_winner(g), GB_SOUTH);
    assert_int_equal(gb_score(g, GB_SOUTH), 60);
    assert_int_equal(gb_score(g, GB_NORTH), 10);
    gb_game_free(g);
    /* 57 + 2 = 59: not yet; round 2, North (the loser) distributes */
    snprintf(text, sizeof text, "akil %s match=57,10", board);
    g = game_at(text);
    play(g, "A");
    assert_false(gb_is_over(g));
    assert_int_equal(gb_round(g), 2);
    assert_int_equal(gb_to_move(g), GB_NORTH);
    assert_true(json_has(g, "\"gains\":{\"S\":59,\"N\":10}"));
    gb_game_free(g);
    /* gain=difference: 57 + 4 = 61 */
    snprintf(text, sizeof text, "akil:gain=difference %s match=57,10", board);
    g = game_at(text);
    play(g, "A");
    assert_true(gb_is_over(g));
    assert_int_equal(gb_score(g, GB_SOUTH), 61);
    gb_game_free(g);
    /* max-rounds (T3): round 3 of 3 ends with South 5 + 2 = 7 behind North's 10: North wins, cap */
    snprintf(text, sizeof text, "akil:max-rounds=3 %s round=3 match=5,10", board);
    g = game_at(text);
    play(g, "A");
    assert_true(gb_is_over(g));
    assert_int_equal(gb_end_reason(g), GB_END_CAP);
    assert_int_equal(gb_winner(g), GB_NORTH);
    assert_int_equal(gb_score(g, GB_SOUTH), 7);
    gb_game_free(g);
}

/* ---- options, positions ---- */
static void test_options(void **state)
{
    (void)state;
    static const char *const good[] = {
        "tebweez=free", "tebweez=mirrored", "starter=lane", "starter=chooser",
        "chain=final-lap", "chain=unlimited", "feed=turn", "feed=then-sow",
        "two-seeds=on-repeat", "two-seeds=at-once", "gain=excess", "gain=difference",
        "rounds=match", "rounds=1", "skip-origin=no", "skip-origin=yes", "endless=illegal",
        "endless=ends-game", "max-plies=1", "max-plies=1000000", "max-rounds=1",
        "max-rounds=65535", "max-plies=5000 max-rounds=200", NULL};
    static const char *const bad[] = {
        "tebweez=fair", "starter=south", "chain=all", "feed=yes", "two-seeds=never",
        "gain=36", "rounds=2", "skip-origin=maybe", "endless=loop", "max-plies=0",
        "max-rounds=0", "max-rounds=65536", "seeds=6", "tebweez=free tebweez=free", "chain", NULL};
    for (int i = 0; good[i]; i++) {
        gb_game *g = NULL;
        gb_error err = {0, ""};
        if (gb_game_new(&g, "akil", good[i], 1, &err) != GB_OK)
            fail_msg("option %s refused: %s", good[i], err.msg);
        /* every value works: a random layout and the choice are playable */
        uint64_t rng = 7;
        gb_move m;
        assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
        assert_int_equal(gb_play(g, &m, &err), GB_OK);
        gb_game_free(g);
    }
    for (int i = 0; bad[i]; i++) {
        gb_game *g = NULL;
        if (gb_game_new(&g, "akil", bad[i], 1, NULL) == GB_OK)
            fail_msg("option %s accepted", bad[i]);
    }
}

static void test_bad_positions(void **state)
{
    (void)state;
    static const char *const bad[] = {
        /* 71 seeds in a sowing position */
        "akil board=6,6,6,6,6,6/6,6,6,6,6,5 stores=0,0 turn=S phase=sowing",
        /* 73 */
        "akil board=6,6,6,6,6,6/6,6,6,6,6,6 stores=1,0 turn=S phase=sowing",
        /* marks */
        "akil board=6S,6,6,6,6,6/6,6,6,6,6,6 stores=0,0 turn=S phase=sowing",
        "akil board=6*,6,6,6,6,6/6,6,6,6,6,6 stores=0,0 turn=S phase=sowing",
        /* owners */
        "akil board=6,6,6,6,6,6/6,6,6,6,6,6 stores=0,0 turn=S phase=sowing own=NSSSSSNNNNNN",
        /* layout phase with seeds, or the wrong player to move */
        "akil board=6,6,6,6,6,6/6,6,6,6,6,6 stores=0,0 turn=S phase=layout",
        "akil board=0,0,0,0,0,0/0,0,0,0,0,0 stores=0,0 turn=N phase=layout",
        /* choice phase: the distributor chooses / seeds taken / mirrored broken */
        "akil board=6,6,6,6,6,6/6,6,6,6,6,6 stores=0,0 turn=S phase=choice",
        "akil board=6,6,6,6,6,6/6,6,6,6,6,0 stores=6,0 turn=N phase=choice",
        "akil:tebweez=mirrored board=36,0,0,0,0,0/0,36,0,0,0,0 stores=0,0 turn=N phase=choice",
        /* aux out of range, gains out of range, rounds=1 with gains */
        "akil board=6,6,6,6,6,6/6,6,6,6,6,6 stores=0,0 turn=S phase=sowing aux=64",
        /* the last round's winner distributing this one (A13: its loser does): aux 19 = North
         * distributes (bit 0) after a round that ended by rule (bits 1-3: 1) won by North (bits
         * 4-5: 1); aux 2: South distributes after a round South won */
        "akil board=2,0,0,0,0,1/0,0,0,0,0,0 stores=35,34 turn=S phase=sowing ply=7 round=3 aux=19 match=12,40",
        "akil board=2,0,0,0,0,1/0,0,0,0,0,0 stores=35,34 turn=S phase=sowing ply=7 round=3 aux=2 match=12,40",
        "akil board=6,6,6,6,6,6/6,6,6,6,6,6 stores=0,0 turn=S phase=sowing match=-1,0",
        "akil board=6,6,6,6,6,6/6,6,6,6,6,6 stores=0,0 turn=S phase=sowing match=0,132",
        "akil:rounds=1 board=6,6,6,6,6,6/6,6,6,6,6,6 stores=0,0 turn=S phase=sowing match=1,0",
        "akil:max-rounds=3 board=6,6,6,6,6,6/6,6,6,6,6,6 stores=0,0 turn=S phase=sowing round=4",
        /* shape */
        "akil board=6,6,6,6,6,6,6/6,6,6,6,6 stores=0,0 turn=S phase=sowing",
        "akil board=6,6,6,6,6,6/6,6,6,6,6,6 stores=0,0 turn=S phase=play",
        NULL};
    for (int i = 0; bad[i]; i++) {
        gb_game *g = NULL;
        gb_error err = {0, ""};
        if (gb_game_from_position(&g, bad[i], 1, &err) == GB_OK) {
            gb_game_free(g);
            fail_msg("position accepted: %s", bad[i]);
        }
        assert_true(err.msg[0] != 0);
    }
    /* and good ones read and write back the same */
    static const char *const good[] = {
        "akil board=0,0,0,0,0,0/0,0,0,0,0,0 stores=0,0 turn=S phase=layout ply=0",
        "akil board=6,6,6,6,6,6/6,6,6,6,6,6 stores=0,0 turn=N phase=choice ply=1",
        "akil:feed=then-sow board=2,0,0,0,0,1/0,0,0,0,0,0 stores=35,34 turn=S phase=sowing ply=7 round=3 aux=18 match=12,40",
        NULL};
    for (int i = 0; good[i]; i++) {
        gb_game *g = game_at(good[i]);
        char *s = gb_position_format(g);
        assert_string_equal(s, good[i]);
        free(s);
        gb_game_free(g);
    }
}

/* ---- the random and the sensible layouts ---- */
static void test_layouts(void **state)
{
    (void)state;
    gb_game *g = game_new("akil", NULL);
    uint64_t rng = 12345;
    int zeros = 0, sum0 = 0;
    const int draws = 4000;
    for (int k = 0; k < draws; k++) {
        gb_move m;
        assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
        assert_int_equal(m.kind, GB_MOVE_LAYOUT);
        int t = 0;
        for (int i = 0; i < 12; i++)
            t += m.layout[i];
        assert_int_equal(t, 72);
        zeros += m.layout[0] == 0;
        sum0 += m.layout[0];
    }
    /* Uniform over compositions of 72 into 12 parts: by symmetry E[pit] = 6; a pit is empty in
     * C(82,10) of the C(83,11) compositions, i.e. with probability 11/83 = 0.1325 (a multinomial
     * throw of 72 seeds would give (11/12)^72 = 0.002). */
    double p0 = (double)zeros / draws, mean = (double)sum0 / draws;
    assert_true(p0 > 0.10 && p0 < 0.165);
    assert_true(mean > 5.5 && mean < 6.5);
    gb_game_free(g);

    g = game_new("akil", "tebweez=mirrored");
    for (int k = 0; k < 500; k++) {
        gb_move m;
        assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
        for (int i = 0; i < 6; i++)
            assert_int_equal(m.layout[i] == 0, m.layout[i + 6] == 0);
    }
    gb_game_free(g);

    gb_game *sug = game_new("akil", "tebweez=mirrored");
    for (int k = 0; k < 200; k++) {
        gb_move m;
        assert_int_equal(gb_suggest_move(sug, &rng, &m), GB_OK);
        int row[2] = {0, 0};
        for (int i = 0; i < 12; i++) {
            row[i / 6] += m.layout[i];
            assert_true(m.layout[i] >= 4 && m.layout[i] <= 8);
        }
        for (int i = 0; i < 6; i++)
            assert_int_equal(m.layout[i], m.layout[i + 6]); /* turning changes nothing */
        assert_int_equal(row[0], 36);
        assert_int_equal(row[1], 36);
        g = game_new("akil", "tebweez=mirrored");
        assert_int_equal(gb_play(g, &m, NULL), GB_OK);
        gb_game_free(g);
    }
    gb_move lay; /* past the layout (A3's choice) there is nothing to suggest */
    assert_int_equal(gb_suggest_move(sug, &rng, &lay), GB_OK);
    assert_int_equal(gb_play(sug, &lay, NULL), GB_OK);
    assert_int_equal(gb_suggest_move(sug, &rng, &lay), GB_EINVAL);
    gb_game_free(sug);
}

/* ---- A6's chain with skip-origin=yes, as clarified (RULINGS §4 Clarifications) ----
 * From the last pit the chain moves clockwise a pit at a time, skipping the lap's origin when
 * skip-origin=yes (the sowing skipped it). A lap of k seeds: final-lap allows k - 1 steps, the
 * last landing on the lap's first pit; unlimited has no bound and stops only at a pit holding
 * neither 2 nor 4. Ring order and opposites as at the top of this file. */

/* Play `mv` in `board` under each option string; each case's board and mover's store after. */
typedef struct chain_case {
    const char *opts;
    int taken;
    int b[12];
} chain_case;

static void check_chain_cases(const char *board, const char *mv, int mover, int store_before,
                              const chain_case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char text[256];
        snprintf(text, sizeof text, "akil%s%s %s", cases[i].opts[0] ? ":" : "", cases[i].opts, board);
        gb_game *g = game_at(text);
        play(g, mv);
        print_message("%s\n", text);
        board_is(g, cases[i].b);
        assert_int_equal(gb_store(g, mover), store_before + cases[i].taken);
        assert_int_equal(gb_to_move(g), !mover);
        gb_game_free(g);
    }
}

static void test_a6_skip_origin_lap_wraps(void **state)
{
    (void)state;
    /* A lap of 12 seeds with skip-origin=yes goes round and steps over its origin: South lifts
     * C (12): D..F, a..f, A, B get one each (C, the origin, is stepped over), and the 12th seed
     * falls in D again. D held 0 and 1 (the first seed), so the last seed makes it 2: capture
     * D (2) with c (1+1 = 2) = 4. Back clockwise: C is the origin, stepped over as the sowing
     * did, so the next pit is B: it held 1, holds 2: B + e (5+1 = 6) = 8. A held 1, holds 2:
     * A + f (2+1 = 3) = 5. f was just emptied as A's opposite: stop. Total 17, the same for
     * final-lap (the walk stops well inside the lap's 11 steps) and unlimited (it stops before
     * the lap's first pit, D, which is the emptied last pit anyway).
     *   after: A0 B0 C0 D0 E3 F1 / a1 b3 c0 d4 e0 f0 (12 on the board, 29 - 17).
     * With skip-origin=no the 12th seed falls in C itself, emptied when lifted: it holds 1,
     * the move ends (A5) with nothing taken: every pit one more, C 1:
     *   A2 B2 C1 D1 E3 F1 / a1 b3 c2 d4 e6 f3.
     * A walk that did not step over the origin would stop at C (0) and take only 4. */
    const char *board = "board=1,1,12,0,2,0/0,2,1,3,5,2 stores=20,23 turn=S phase=sowing";
    static const chain_case cases[] = {
        {"skip-origin=yes", 17, {0, 0, 0, 0, 3, 1, 1, 3, 0, 4, 0, 0}},
        {"skip-origin=yes,chain=unlimited", 17, {0, 0, 0, 0, 3, 1, 1, 3, 0, 4, 0, 0}},
        {"", 0, {2, 2, 1, 1, 3, 1, 1, 3, 2, 4, 6, 3}},
        {"chain=unlimited", 0, {2, 2, 1, 1, 3, 1, 1, 3, 2, 4, 6, 3}},
    };
    check_chain_cases(board, "C", GB_SOUTH, 20, cases, sizeof cases / sizeof cases[0]);
}

static void test_a6_skip_origin_unlimited_past_first_pit(void **state)
{
    (void)state;
    /* South lifts C (2) with skip-origin=yes: D 3->4, E 1->2. Last E (held 1): E (2) + b (1) = 3.
     * Back: D holds 4: D + c (2) = 6. D is the lap's first pit (2 seeds, 1 step back).
     *  - final-lap: stop there. Total 9.
     *    after: A4 B2 C0 D0 E0 F1 / a2 b0 c0 d1 e3 f5 (18 = 27 - 9).
     *  - unlimited: on past D; C is the origin, stepped over: B holds 2: B + e (3) = 5; A holds
     *    4: A + f (5) = 9; then f, emptied just now as A's opposite, holds 0: stop. Total 23.
     *    after: A0 B0 C0 D0 E0 F1 / a2 b0 c0 d1 e0 f0 (4 = 27 - 23).
     *  - skip-origin=no, unlimited: past D the walk meets the origin C, empty: stop, as
     *    final-lap. Total 9. */
    const char *board = "board=4,2,2,3,1,1/2,1,2,1,3,5 stores=22,23 turn=S phase=sowing";
    static const chain_case cases[] = {
        {"skip-origin=yes", 9, {4, 2, 0, 0, 0, 1, 2, 0, 0, 1, 3, 5}},
        {"skip-origin=yes,chain=unlimited", 23, {0, 0, 0, 0, 0, 1, 2, 0, 0, 1, 0, 0}},
        {"chain=unlimited", 9, {4, 2, 0, 0, 0, 1, 2, 0, 0, 1, 3, 5}},
        {"", 9, {4, 2, 0, 0, 0, 1, 2, 0, 0, 1, 3, 5}},
    };
    check_chain_cases(board, "C", GB_SOUTH, 22, cases, sizeof cases / sizeof cases[0]);
    /* The same with A at 3: unlimited takes B + e (5) and stops at A, which holds 3 (neither 2
     * nor 4, and not emptied). Total 14. after: A3 B0 C0 D0 E0 F1 / a2 b0 c0 d1 e0 f5
     * (12 = 26 - 14). */
    const char *board3 = "board=3,2,2,3,1,1/2,1,2,1,3,5 stores=23,23 turn=S phase=sowing";
    static const chain_case cases3[] = {
        {"skip-origin=yes", 9, {3, 2, 0, 0, 0, 1, 2, 0, 0, 1, 3, 5}},
        {"skip-origin=yes,chain=unlimited", 14, {3, 0, 0, 0, 0, 1, 2, 0, 0, 1, 0, 5}},
    };
    check_chain_cases(board3, "C", GB_SOUTH, 23, cases3, sizeof cases3 / sizeof cases3[0]);
}

static void test_a6_skip_origin_one_seed_lap(void **state)
{
    (void)state;
    /* A lap of one seed: South lifts A (1) into B, which held 3: B (4) + e (2) = 6.
     *  - final-lap: 1 - 1 = 0 steps back. Total 6.
     *    after: A0 B0 C1 D1 E1 F1 / a1 b1 c1 d1 e0 f2 (10 = 16 - 6).
     *  - unlimited, skip-origin=yes: past B (the lap's first pit and its last) the walk steps
     *    over the origin A and wraps round the ring to f (ring 11), which holds 2: f + A (0,
     *    the origin) = 2; then e, emptied as B's opposite: stop. Total 8.
     *    after: A0 B0 C1 D1 E1 F1 / a1 b1 c1 d1 e0 f0 (8).
     *  - unlimited, skip-origin=no: the origin A, empty, stops it at once. Total 6. */
    const char *board = "board=1,3,1,1,1,1/1,1,1,1,2,2 stores=28,28 turn=S phase=sowing";
    static const chain_case cases[] = {
        {"skip-origin=yes", 6, {0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 2}},
        {"skip-origin=yes,chain=unlimited", 8, {0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0}},
        {"chain=unlimited", 6, {0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 2}},
    };
    check_chain_cases(board, "A", GB_SOUTH, 28, cases, sizeof cases / sizeof cases[0]);
}



int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a1_start),
        cmocka_unit_test(test_a2_layout),
        cmocka_unit_test(test_a3_choice),
        cmocka_unit_test(test_a4_a5_move),
        cmocka_unit_test(test_a7_a6_opening),
        cmocka_unit_test(test_a6_four),
        cmocka_unit_test(test_a6_chain_emptied),
        cmocka_unit_test(test_a6_chain_three),
        cmocka_unit_test(test_a6_chain_cross_first_pit),
        cmocka_unit_test(test_a8_feed_turn),
        cmocka_unit_test(test_a8_feed_then_sow_a10_a11),
        cmocka_unit_test(test_a9_pass_then_feed),
        cmocka_unit_test(test_a10_last_seed_draw),
        cmocka_unit_test(test_a10_none_left),
        cmocka_unit_test(test_a12_at_once),
        cmocka_unit_test(test_a12_on_repeat),
        cmocka_unit_test(test_cap_by_rows),
        cmocka_unit_test(test_a13_match),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_bad_positions),
        cmocka_unit_test(test_layouts),
        cmocka_unit_test(test_a6_skip_origin_lap_wraps),
        cmocka_unit_test(test_a6_skip_origin_unlimited_past_first_pit),
        cmocka_unit_test(test_a6_skip_origin_one_seed_lap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
