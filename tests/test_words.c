/* test_words.c — the end in words (gb_result_line, gb_round_summary, gb_round_standing,
 * gb_match_summary) and the state JSON fields made of them (result_line, last_round,
 * match_summary), for every game. Each expected text is worked out by hand from the rules on a
 * position built for it: the comments count the stones. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <jansson.h>

#include "helpers.h"

static void result_is(const gb_game *g, const char *want)
{
    char buf[1024];
    int k = gb_result_line(g, buf, sizeof buf);
    if (k < 0 || strcmp(buf, want) != 0)
        fail_msg("result line\n  got:  %s\n  want: %s", k < 0 ? "(none)" : buf, want);
    assert_int_equal(k, (int)strlen(want));
}
static void summary_is(const gb_game *g, int round, const char *want_text, const char *want_standing)
{
    char buf[1024];
    int k = gb_round_summary(g, round, buf, sizeof buf);
    if (k < 0 || strcmp(buf, want_text) != 0)
        fail_msg("round %d\n  got:  %s\n  want: %s", round, k < 0 ? "(none)" : buf, want_text);
    k = gb_round_standing(g, round, buf, sizeof buf);
    if (k < 0 || strcmp(buf, want_standing) != 0)
        fail_msg("standing after round %d\n  got:  %s\n  want: %s", round, k < 0 ? "(none)" : buf,
                 want_standing);
}
static void match_is(const gb_game *g, const char *want)
{
    char buf[2048];
    int k = gb_match_summary(g, buf, sizeof buf);
    if (k < 0 || strcmp(buf, want) != 0)
        fail_msg("match summary\n  got:  %s\n  want: %s", k < 0 ? "(none)" : buf, want);
}
/* The state JSON's word fields: each present exactly when given (NULL: absent). */
static void json_words_are(const gb_game *g, const char *line, int round, const char *text,
                           const char *standing, const char *match)
{
    char *s = gb_state_json(g);
    json_error_t e;
    json_t *j = json_loads(s, 0, &e);
    if (!j)
        fail_msg("state JSON does not parse: %s", e.text);
    json_t *v = json_object_get(j, "result_line");
    if (line)
        assert_string_equal(json_string_value(v), line);
    else
        assert_null(v);
    v = json_object_get(j, "last_round");
    if (round) {
        assert_int_equal(json_integer_value(json_object_get(v, "round")), round);
        assert_string_equal(json_string_value(json_object_get(v, "text")), text);
        assert_string_equal(json_string_value(json_object_get(v, "standing")), standing);
    } else {
        assert_null(v);
    }
    v = json_object_get(j, "match_summary");
    if (match)
        assert_string_equal(json_string_value(v), match);
    else
        assert_null(v);
    json_decref(j);
    free(s);
}

/* S5 (issue 13's case): South's row is empty, North's holds 1,0,10 (11 stones), stores 34 and
 * 51 (34 + 51 + 11 = 96). North plays a: its stone falls into the empty b, in his own row, whose
 * opposite G is empty: no capture (S4). South has no move: the game ends and the 11 stones go
 * to North, who moved last: North 51 + 11 = 62, South 34. */
static void test_sadeqa_s5(void **state)
{
    (void)state;
    gb_game *g = game_at("sadeqa board=0,0,0,0,0,0,0,0/1,0,10,0,0,0,0,0 stores=34,51 turn=N");
    char buf[64];
    assert_int_equal(gb_result_line(g, buf, sizeof buf), GB_EINVAL); /* not over yet */
    json_words_are(g, NULL, 0, NULL, NULL, NULL);
    play(g, "a");
    assert_true(gb_is_over(g));
    const char *want = "North wins 62–34: the 11 stones left in holes go to North, who moved last (S5)";
    result_is(g, want);
    assert_int_equal(gb_match_summary(g, buf, sizeof buf), GB_EINVAL); /* no match */
    assert_int_equal(gb_last_round_ended(g), 0);
    json_words_are(g, want, 0, NULL, NULL, NULL);
    /* snprintf's way: cut to fit, terminated, the whole length returned */
    assert_int_equal(gb_result_line(g, buf, 12), (int)strlen(want));
    assert_string_equal(buf, "North wins ");
    assert_int_equal(gb_result_line(g, NULL, 0), (int)strlen(want));
    gb_game_free(g);
}

/* T3 in Sadeqa III: max-plies=1. South's A (1 stone) falls into the empty B; B's opposite g is
 * empty: no capture. The ply limit ends the game: each row's stones go to its owner (T2), South
 * 40 + 3 (B 1, H 2), North 48 + 5 (a). */
static void test_sadeqa_cap(void **state)
{
    (void)state;
    gb_game *g = game_at("sadeqa:max-plies=1 board=1,0,0,0,0,0,0,2/5,0,0,0,0,0,0,0 stores=40,48 turn=S");
    play(g, "A");
    result_is(g, "North wins 53–43: the 1-ply limit was reached (T3); the stones still in holes go "
                 "to the owner of their row: 3 to South, 5 to North");
    gb_game_free(g);
}

/* B9: North to move has nothing to sow (his row holds only South's bulto a and c, and zeros).
 * South: bulto a 10 + c 6 = 16, his row D 5 + J 11 = 16 (C is North's bulto): 32. North: bulto C
 * 8, his row nothing outside South's bulto: 8. 16 + 8 + 16 = 40 stones. */
static void test_bulto_b9(void **state)
{
    (void)state;
    gb_game *g = game_at("bulto board=0,0,8N,5,0,0,0,0,0,11/10S,0,6S,0,0,0,0,0,0,0 turn=N phase=open "
                         "over=rule");
    result_is(g, "South wins 32–8: North cannot move (B9); South 32 (16 in his 2 bulto, 16 in his "
                 "row), North 8 (8 in his 1 bulto, 0 in his row)");
    gb_game_free(g);
}

/* Q3, Q6, Q7, Q8, Q9: round 1, South's A (1 ball) falls into B, North's ekwarna holding 9:
 * South eats it and one ball more (takings 10 + 2 = 12, B keeps 8). No ball is left outside the
 * ekwarna: the round ends (Q6). Earnings: South 12 + 20 in his ekwarna c = 32, North 8 + 8 in B =
 * 16. Q7: 32 = 8 fours, 16 = 4 fours, no odd balls. Q8 (loser-first): North, with 4, takes f e d c;
 * South owns A-F and a, b: a and b change hands. Q9: North, the loser, starts round 2. */
static void test_qelat_round(void **state)
{
    (void)state;
    gb_game *g = game_at("qelat board=1,9N,0,0,0,0/0,0,20S,0,0,0 stores=10,8 turn=S");
    assert_int_equal(gb_last_round_ended(g), 0);
    play(g, "A");
    assert_false(gb_is_over(g));
    assert_int_equal(gb_round(g), 2);
    assert_int_equal(gb_last_round_ended(g), 1);
    const char *text = "Round 1: South wins the round 32–16 in earnings; no ball is left outside "
                       "the ekwarna (Q6). South gains 2 holes from North (a, b; Q7, Q8)";
    const char *standing = "after round 1: South owns 8 holes, North 4; North starts round 2 (Q9)";
    summary_is(g, 1, text, standing);
    json_words_are(g, NULL, 1, text, standing, NULL);
    /* the next move ends no round: last_round goes */
    play(g, "c");
    assert_int_equal(gb_last_round_ended(g), 0);
    json_words_are(g, NULL, 0, NULL, NULL, NULL);
    char buf[64];
    assert_int_equal(gb_round_summary(g, 2, buf, sizeof buf), GB_EINVAL); /* not over */
    /* undo replays: the round's words come back */
    assert_int_equal(gb_undo(g, NULL), GB_OK);
    assert_int_equal(gb_last_round_ended(g), 1);
    summary_is(g, 1, text, standing);
    gb_game *c = gb_game_clone(g);
    summary_is(c, 1, text, standing);
    gb_game_free(c);
    gb_game_free(g);
}

/* The same round with max-rounds=1: the match ends there (T3), South ahead by 8 holes to 4. */
static void test_qelat_match_cap(void **state)
{
    (void)state;
    gb_game *g = game_at("qelat:max-rounds=1 board=1,9N,0,0,0,0/0,0,20S,0,0,0 stores=10,8 turn=S");
    play(g, "A");
    assert_true(gb_is_over(g));
    const char *line = "South wins 8–4: the match ended at its 1-round limit (T3), South owning more holes";
    result_is(g, line);
    const char *text = "Round 1: South wins the round 32–16 in earnings; no ball is left outside "
                       "the ekwarna (Q6). South gains 2 holes from North (a, b; Q7, Q8)";
    const char *standing = "the match is over at its 1-round limit (T3): South owns 8 holes, North 4";
    summary_is(g, 1, text, standing);
    const char *match = "1 round: South won 1, North 0, 0 even; earnings in all: South 32, North 16.\n"
                        "Round 1: South won 32–16; holes after it: South 8, North 4\n"
                        "South wins 8–4: the match ended at its 1-round limit (T3), South owning more holes.";
    match_is(g, match);
    json_words_are(g, line, 1, text, standing, match);
    gb_game_free(g);
}

/* Q10: round 2, South owns A-F, a, b (8 holes, laid out as Q8 says); aux = North started (1) +
 * South held 6 holes in round 1 (6 << 3); match = round 1's earnings 32, 16. South's A (1 ball)
 * falls into B, North's empty ekwarna: South eats the ball alone (takings 7 + 1 = 8). No ball is
 * outside the ekwarna: earnings South 8 + 40 in c = 48, North 0: all 12 holes to South (Q7), who
 * wins the match (Q10). c, d, e, f were North's. */
static void test_qelat_q10(void **state)
{
    (void)state;
    gb_game *g = game_at("qelat board=1,0N,0,0,0,0/0,0,40S,0,0,0 stores=7,0 turn=S own=SSSSSSSSNNNN "
                         "round=2 aux=49 match=32,16");
    play(g, "A");
    assert_true(gb_is_over(g));
    result_is(g, "South wins 12–0: South's earnings of 48 in round 2 win all 12 holes (Q7, Q10)");
    summary_is(g, 2,
               "Round 2: South wins the round 48–0 in earnings; no ball is left outside the ekwarna "
               "(Q6). South gains 4 holes from North (c, d, e, f; Q7, Q8)",
               "the match is over: South owns all 12 holes (Q10)");
    /* round 1 was played before this game began: the summary says so */
    match_is(g, "2 rounds: South won 1, North 0, 0 even; earnings in all: South 48, North 0 "
                "(round 2 alone; the earlier ones were played before this game's start).\n"
                "Round 2: South won 48–0; holes after it: South 12, North 0\n"
                "South wins 12–0: South's earnings of 48 in round 2 win all 12 holes (Q7, Q10).");
    gb_game_free(g);
}

/* Qelat rounds=1: one round, decided by earnings. The same eat as test_qelat_round's: South 32
 * (12 eaten, 20 in his ekwarna c), North 16 (8 eaten, 8 in his ekwarna B). */
static void test_qelat_single(void **state)
{
    (void)state;
    gb_game *g = game_at("qelat:rounds=1 board=1,9N,0,0,0,0/0,0,20S,0,0,0 stores=10,8 turn=S");
    play(g, "A");
    result_is(g, "South wins 32–16: no ball is left outside the ekwarna (Q6); South's 32: 12 eaten, "
                 "20 in his ekwarna; North's 16: 8 eaten, 8 in his ekwarna");
    char buf[64];
    assert_int_equal(gb_last_round_ended(g), 0);
    assert_int_equal(gb_match_summary(g, buf, sizeof buf), GB_EINVAL);
    gb_game_free(g);
}

/* L'ab al-Akil, a whole match of two rounds, each cut by max-plies=3 (T3), the match by
 * max-rounds=2. Round 1 (ply 2 already played): South's A (2 seeds) sows B, C; C was empty: the
 * move ends (A5). Ply 3: the cap. Seeds: South 40 + B 1 + C 1 = 42, North 20 + f 10 = 30 (T2:
 * each row's to its owner). South wins 42-30, gains 42 - 36 = 6 (A11). North, the loser, lays out
 * round 2 (A13): 1,0,11,12,12,12 / 12,12,0,0,0,0 (ply 1); South keeps his row and so moves first
 * (A3, ply 2); his A (1 seed) falls into the empty B (A5, ply 3): the cap again. Seeds: South 48,
 * North 24: South gains 12, 18 in all; two rounds: the match ends (T3), South ahead. */
static void test_akil_match(void **state)
{
    (void)state;
    gb_game *g = game_at("akil:max-plies=3,max-rounds=2 board=2,0,0,0,0,0/0,0,0,0,0,10 stores=40,20 "
                         "turn=S phase=sowing ply=2");
    play(g, "A");
    assert_int_equal(gb_round(g), 2);
    const char *t1 = "Round 1: South wins the round 42–30 in seeds and gains 6 (A11); the "
                     "3-ply limit was reached (T3); the seeds still in play go to the owner of their row: 2 "
                     "to South, 10 to North";
    const char *s1 = "gains after round 1: South 6, North 0 (60 wins the match, A13); North lays out "
                     "round 2";
    summary_is(g, 1, t1, s1);
    json_words_are(g, NULL, 1, t1, s1, NULL);
    play(g, "layout:1,0,11,12,12,12,12,12,0,0,0,0");
    json_words_are(g, NULL, 0, NULL, NULL, NULL);
    play(g, "keep");
    play(g, "A");
    assert_true(gb_is_over(g));
    const char *line = "South wins 18–0: the match ended at its 2-round limit (T3) with South ahead on gains";
    result_is(g, line);
    const char *t2 = "Round 2: South wins the round 48–24 in seeds and gains 12 (A11); the "
                     "3-ply limit was reached (T3); the seeds still in play go to the owner of their row: 48 "
                     "to South, 24 to North";
    const char *s2 = "the match is over at its 2-round limit (T3): gains South 18, North 0";
    summary_is(g, 2, t2, s2);
    summary_is(g, 1, t1, s1); /* every round of the game keeps its words */
    const char *match = "2 rounds: South won 2, North 0, 0 even; seeds in all: South 90, North 54.\n"
                        "Round 1: South won 42–30, gain 6 (the ply limit, T3); gains after it: South 6, North 0\n"
                        "Round 2: South won 48–24, gain 12 (the ply limit, T3); gains after it: South 18, North 0\n"
                        "South wins 18–0: the match ended at its 2-round limit (T3) with South ahead on gains.";
    match_is(g, match);
    json_words_are(g, line, 2, t2, s2, match);
    gb_game_free(g);
}

/* A13: round 3, gains 55 and 10 (aux 3: North distributes, having lost round 2, which South won
 * by the rule).
 * South's F (1 seed) falls into a, which held 1: now 2, captured with its opposite F (now 0):
 * South 40 + 2 = 42 (A6; the lap had one seed, so no chain). The board is empty: the round ends
 * (A10). South 42 - North 30: gain 6, 61 in all: the match is South's (A13). */
static void test_akil_a13(void **state)
{
    (void)state;
    gb_game *g = game_at("akil board=0,0,0,0,0,1/1,0,0,0,0,0 stores=40,30 turn=S phase=sowing round=3 "
                         "aux=3 match=55,10");
    play(g, "F");
    assert_true(gb_is_over(g));
    result_is(g, "South wins 61–10: South's gains reach 61 in round 3 (60 wins the match, A13)");
    summary_is(g, 3, "Round 3: South wins the round 42–30 in seeds and gains 6 (A11); no seed is left (A10)",
               "the match is over: South's gains reach 61 (60 wins, A13)");
    gb_game_free(g);
}

/* L'ab al-Akil rounds=1: A 1, B 1; North's a 1 (ring 6), e 1 (ring 10); stores 36, 32 (4 + 68 =
 * 72). South's A falls into B, which held 1: now 2, captured with its opposite e (1): South 36 + 3
 * = 39 (A6; a one-seed lap, no chain). One seed is left, in North's a: it goes to North (A10),
 * 32 + 1 = 33. */
static void test_akil_single(void **state)
{
    (void)state;
    gb_game *g = game_at("akil:rounds=1 board=1,1,0,0,0,0/1,0,0,0,1,0 stores=36,32 turn=S phase=sowing");
    play(g, "A");
    assert_true(gb_is_over(g));
    result_is(g, "South wins 39–33: one seed is left and goes to North, in whose row it lies (A10); "
                 "South 39 (39 taken, 0 from the board), North 33 (32 taken, 1 from the board)");
    gb_game_free(g);
}

/* S5 with one stone and equal scores: North's a (1) falls into the empty b; South cannot move;
 * the stone goes to North: 47 + 1 = 48 against South's 48. */
static void test_sadeqa_draw(void **state)
{
    (void)state;
    gb_game *g = game_at("sadeqa board=0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0 stores=48,47 turn=N");
    play(g, "a");
    result_is(g, "A draw, 48–48: the stone left in a hole goes to North, who moved last (S5)");
    gb_game_free(g);
}

/* The board as the terminal draws it, from each seat, laid out by hand: from South's seat North's
 * row runs h..a above South's A..H; turned round (North's seat), South's row runs H..A above
 * North's a..h. Then the over board ends with the result line. */
static void test_board_text(void **state)
{
    (void)state;
    gb_game *g = game_at("sadeqa board=1,2,3,4,5,6,7,8/9,10,11,12,0,0,0,0 stores=3,15 turn=S");
    const char *south =
        "\n"
        "            h     g     f     e     d     c     b     a   \n"
        "  North   [  0 ][  0 ][  0 ][  0 ][ 12 ][ 11 ][ 10 ][  9 ]   taken 15\n"
        "  South   [  1 ][  2 ][  3 ][  4 ][  5 ][  6 ][  7 ][  8 ]   taken 3\n"
        "            A     B     C     D     E     F     G     H   \n"
        "\n"
        "  South to move (play, ply 0)\n";
    const char *north =
        "\n"
        "            H     G     F     E     D     C     B     A   \n"
        "  South   [  8 ][  7 ][  6 ][  5 ][  4 ][  3 ][  2 ][  1 ]   taken 3\n"
        "  North   [  9 ][ 10 ][ 11 ][ 12 ][  0 ][  0 ][  0 ][  0 ]   taken 15\n"
        "            a     b     c     d     e     f     g     h   \n"
        "\n"
        "  South to move (play, ply 0)\n";
    char buf[2048];
    assert_int_equal(gb_board_text(g, GB_SOUTH, 0, buf, sizeof buf), (int)strlen(south));
    assert_string_equal(buf, south);
    assert_int_equal(gb_board_text(g, GB_NORTH, 0, buf, sizeof buf), (int)strlen(north));
    assert_string_equal(buf, north);
    assert_int_equal(gb_board_text(g, 2, 0, buf, sizeof buf), GB_EINVAL);
    assert_true(gb_board_text(g, GB_SOUTH, GB_BOARD_COLOR, buf, sizeof buf) > (int)strlen(south));
    assert_non_null(strstr(buf, "\033["));
    assert_int_equal(gb_board_text(g, GB_SOUTH, 0, buf, 5), (int)strlen(south)); /* cut, measured */
    assert_int_equal((int)strlen(buf), 4);
    gb_game_free(g);
    /* marks and owners: Qelat's round 2 of test_qelat_q10, then the legend and the owner lines */
    g = game_at("qelat board=1,0N,0,0,0,0/0,0,40S,0,0,0 stores=7,0 turn=S own=SSSSSSSSNNNN round=2 aux=49 "
                "match=32,16");
    gb_board_text(g, GB_SOUTH, 0, buf, sizeof buf);
    assert_non_null(strstr(buf, "  North   [  0 ][  0 ][  0 ][ 40S][  0 ][  0 ]   taken 0\n"
                                "  owner      N     N     N     N     S     S  \n"
                                "  owner      S     S     S     S     S     S  \n"
                                "  South   [  1 ][  0N][  0 ][  0 ][  0 ][  0 ]   taken 7\n"));
    assert_non_null(strstr(buf, "  marks: S: South's ekwarna, N: North's ekwarna\n"));
    assert_non_null(strstr(buf, "  South to move (play, ply 0, round 2)\n"));
    play(g, "A");
    gb_board_text(g, GB_SOUTH, 0, buf, sizeof buf);
    assert_non_null(strstr(buf, "  Game over: South wins 12–0: South's earnings of 48 in round 2 win all 12 "
                                "holes (Q7, Q10).\n"));
    gb_game_free(g);
}

/* GB_BOARD_NARROW, laid out by hand: the board turned a quarter, the seat's row down the left
 * from its first hole, beside each hole the one drawn above or below it in the wide board (A
 * beside h from South's seat; a beside H from North's), then the stores; with owners moved, each
 * hole's owner after it. And every game's board at its start, from either seat, fits 40
 * columns. */
static void test_board_text_narrow(void **state)
{
    (void)state;
    gb_game *g = game_at("sadeqa board=1,2,3,4,5,6,7,8/9,10,11,12,0,0,0,0 stores=3,15 turn=S");
    const char *south = "\n"
                        "    South   North\n"
                        "  A [  1 ]  [  0 ] h\n"
                        "  B [  2 ]  [  0 ] g\n"
                        "  C [  3 ]  [  0 ] f\n"
                        "  D [  4 ]  [  0 ] e\n"
                        "  E [  5 ]  [ 12 ] d\n"
                        "  F [  6 ]  [ 11 ] c\n"
                        "  G [  7 ]  [ 10 ] b\n"
                        "  H [  8 ]  [  9 ] a\n"
                        "  South   taken 3\n"
                        "  North   taken 15\n"
                        "\n"
                        "  South to move (play, ply 0)\n";
    const char *north = "\n"
                        "    North   South\n"
                        "  a [  9 ]  [  8 ] H\n"
                        "  b [ 10 ]  [  7 ] G\n"
                        "  c [ 11 ]  [  6 ] F\n"
                        "  d [ 12 ]  [  5 ] E\n"
                        "  e [  0 ]  [  4 ] D\n"
                        "  f [  0 ]  [  3 ] C\n"
                        "  g [  0 ]  [  2 ] B\n"
                        "  h [  0 ]  [  1 ] A\n"
                        "  North   taken 15\n"
                        "  South   taken 3\n"
                        "\n"
                        "  South to move (play, ply 0)\n";
    char buf[2048];
    assert_int_equal(gb_board_text(g, GB_SOUTH, GB_BOARD_NARROW, buf, sizeof buf), (int)strlen(south));
    assert_string_equal(buf, south);
    assert_int_equal(gb_board_text(g, GB_NORTH, GB_BOARD_NARROW, buf, sizeof buf), (int)strlen(north));
    assert_string_equal(buf, north);
    gb_game_free(g);
    g = game_at("qelat board=1,0N,0,0,0,0/0,0,40S,0,0,0 stores=7,0 turn=S own=SSSSSSSSNNNN round=2 aux=49 "
                "match=32,16");
    gb_board_text(g, GB_SOUTH, GB_BOARD_NARROW, buf, sizeof buf);
    assert_non_null(strstr(buf, "\n"
                                "    South     North\n"
                                "  A [  1 ] S  [  0 ] N f\n"
                                "  B [  0N] S  [  0 ] N e\n"
                                "  C [  0 ] S  [  0 ] N d\n"
                                "  D [  0 ] S  [ 40S] N c\n"
                                "  E [  0 ] S  [  0 ] S b\n"
                                "  F [  0 ] S  [  0 ] S a\n"
                                "  S, N: owner\n"
                                "  South   taken 7\n"
                                "  North   taken 0\n"
                                "  marks: S: South's ekwarna, N: North's ekwarna\n"));
    gb_game_free(g);
    const char *games[] = {"sadeqa", "qelat", "akil", "bulto"};
    for (int i = 0; i < 4; i++)
        for (int seat = GB_SOUTH; seat <= GB_NORTH; seat++) {
            gb_game *s = NULL;
            assert_int_equal(gb_game_new(&s, games[i], NULL, 1, NULL), GB_OK);
            assert_true(gb_board_text(s, seat, GB_BOARD_NARROW, buf, sizeof buf) < (int)sizeof buf);
            for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
                assert_true(strlen(line) <= 40);
            gb_game_free(s);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sadeqa_s5),     cmocka_unit_test(test_sadeqa_cap),
        cmocka_unit_test(test_bulto_b9),      cmocka_unit_test(test_qelat_round),
        cmocka_unit_test(test_qelat_match_cap), cmocka_unit_test(test_qelat_q10),
        cmocka_unit_test(test_qelat_single),  cmocka_unit_test(test_akil_match),
        cmocka_unit_test(test_akil_a13),      cmocka_unit_test(test_akil_single),
        cmocka_unit_test(test_sadeqa_draw),   cmocka_unit_test(test_board_text),
        cmocka_unit_test(test_board_text_narrow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
