/* test_notation.c — move text, position strings and records (docs/notation.md): round trips,
 * and every parser fed malformed input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#define TEST_SEED 5
#include "helpers.h"

#include "gabata.h"

/* Labels (RULINGS §0): South A-H = ring 0-7, North a-h = ring 8-15. */
static void test_move_text(void **state)
{
    (void)state;
    gb_game *g = game_new("sadeqa", NULL);
    gb_move m;
    gb_error err;
    const char *labels = "ABCDEFGHabcdefgh";
    for (int i = 0; i < 16; i++) {
        char t[2] = {labels[i], 0}, back[16];
        assert_int_equal(gb_move_parse(g, t, &m, &err), GB_OK);
        assert_int_equal(m.kind, GB_MOVE_SOW);
        assert_int_equal(m.hole, i);
        gb_move_format(g, &m, back, sizeof back);
        assert_string_equal(back, t);
    }
    const char *forms[] = {"pass", "keep", "turn", "feed:C", "C~2", "E@S", "d@N", NULL};
    for (int i = 0; forms[i]; i++) {
        char back[GB_MOVE_TEXT_MAX];
        assert_int_equal(gb_move_parse(g, forms[i], &m, &err), GB_OK);
        gb_move_format(g, &m, back, sizeof back);
        assert_string_equal(back, forms[i]);
    }
    const char *bad[] = {"", "I", "i", "Z", "AA", "C~", "C~0", "C~x", "C~99999999999", "feed:",
                         "feed:Z", "E@X", "E@", "layout:1,2", "pas", "a b",
                         "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC",
                         NULL};
    for (int i = 0; bad[i]; i++) {
        err.msg[0] = 0;
        if (gb_move_parse(g, bad[i], &m, &err) != GB_EINVAL)
            fail_msg("'%s' was accepted", bad[i]);
        assert_true(strlen(err.msg) > 0);
    }
    /* a layout on an 8-hole row is refused by the parser */
    assert_int_equal(gb_move_parse(g, "layout:6,6,6,6,6,6,6,6,6,6,6,6", &m, &err), GB_EINVAL);
    gb_game_free(g);
}

/* A position string read and written again is the same string; a state written and read again is
 * the same state (every field of docs/notation.md appears in one of these). */
static void test_position_round_trip(void **state)
{
    (void)state;
    const char *canon[] = {
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 stores=0,0 turn=S phase=play ply=0",
        "sadeqa:seeds=4,endless=ends-game board=2,1,0,1,3,2,3,0/1,0,1,8,2,6,0,3 stores=0,0 turn=N phase=play ply=0",
        "sadeqa:skip-origin=yes,max-plies=77 board=0,0,0,0,0,1,1,1/0,0,0,0,0,0,1,1 stores=45,46 turn=S phase=play ply=12",
        "sadeqa board=0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 stores=49,46 turn=N phase=play ply=51 last=N over=rule",
    };
    for (size_t i = 0; i < sizeof canon / sizeof canon[0]; i++) {
        gb_game *g;
        gb_error err;
        if (gb_game_from_position(&g, canon[i], 1, &err))
            fail_msg("'%s': %s", canon[i], err.msg);
        char *back = gb_position_format(g);
        assert_string_equal(back, canon[i]);
        free(back);
        gb_game_free(g);
    }
    /* states along a real game survive the trip, including the result of a finished game */
    gb_game *g = game_new("sadeqa", NULL);
    uint64_t rng = 3;
    while (!gb_is_over(g)) {
        char *p = gb_position_format(g);
        gb_game *h;
        assert_int_equal(gb_game_from_position(&h, p, 1, NULL), GB_OK);
        char *q = gb_position_format(h);
        assert_string_equal(p, q);
        char *js1 = gb_state_json(g), *js2 = gb_state_json(h);
        assert_string_equal(js1, js2);
        free(js1);
        free(js2);
        free(p);
        free(q);
        gb_game_free(h);
        gb_move m;
        gb_random_move(g, &rng, &m);
        gb_play(g, &m, NULL);
    }
    char *p = gb_position_format(g);
    gb_game *h;
    assert_int_equal(gb_game_from_position(&h, p, 1, NULL), GB_OK);
    assert_true(gb_is_over(h));
    assert_int_equal(gb_winner(h), gb_winner(g));
    assert_int_equal(gb_score(h, 0), gb_score(g, 0));
    assert_int_equal(gb_score(h, 1), gb_score(g, 1));
    free(p);
    gb_game_free(h);
    gb_game_free(g);
}

static void test_position_malformed(void **state)
{
    (void)state;
    const char *bad[] = {
        "",
        "   ",
        "chess board=1 turn=S",
        "sadeqa",                                                      /* no board, no turn */
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6",                /* no turn */
        "sadeqa board=6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S",           /* 7 holes */
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6,6 turn=S",       /* 17 holes */
        "sadeqa board=6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6 turn=S",         /* no '/' */
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6, turn=S",          /* truncated */
        "sadeqa board=7,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S",         /* 97 stones */
        "sadeqa board=999,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S",       /* huge count */
        "sadeqa board=99999999999999999999,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 turn=S",
        "sadeqa board=-1,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S",
        "sadeqa board=6S,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S",        /* a mark Sadeqa lacks */
        "sadeqa board=6*,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S",
        "sadeqa board=6x,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S",
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=X",
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S phase=sowing",
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S stores=1",
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S stores=1,2,3",
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S ply=-3",
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S ply=99999999",
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S over=maybe",
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S own=SSSSSSSSSSSSSSSS",
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S own=NN",
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S colour=red",
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S garbage",
        "sadeqa:seeds=5 board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S",
        "sadeqa:seeds=4 board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S", /* 96 > 64 */
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S stores=300,0",
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S round=0",
        /* a field twice: the last one won (turn=N), where an option twice is refused */
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S turn=N",
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 board=7,6,6,6,6,6,6,6/6,6,6,6,6,6,6,5 turn=S",
        "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S ply=3 ply=4",
        NULL,
    };
    for (int i = 0; bad[i]; i++) {
        gb_game *g = (gb_game *)1;
        gb_error err = {0, ""};
        if (gb_game_from_position(&g, bad[i], 1, &err) != GB_EINVAL)
            fail_msg("accepted: '%s'", bad[i]);
        assert_null(g);
        assert_true(strlen(err.msg) > 0 && strchr(err.msg, '\n') == NULL);
    }
    assert_int_equal(gb_game_from_position(&(gb_game *){NULL}, NULL, 1, NULL), GB_EINVAL);
    /* a very long string is refused, not read */
    char *huge = malloc(100000);
    memset(huge, '6', 99999);
    huge[99999] = 0;
    gb_game *g;
    assert_int_equal(gb_game_from_position(&g, huge, 1, NULL), GB_EINVAL);
    free(huge);
}

/* A record replays exactly: same moves, same final state, and formatting it again gives the
 * same text. Tags given by the caller are kept; reserved ones are not duplicated. */
static void test_record_round_trip(void **state)
{
    (void)state;
    const char *opts[] = {NULL, "seeds=4,skip-origin=yes", "endless=ends-game"};
    for (size_t k = 0; k < 3; k++) {
        gb_game *g = game_new("sadeqa", opts[k]);
        uint64_t rng = 11 + k;
        int plies = 0;
        while (!gb_is_over(g) && plies++ < 40) {
            gb_move m;
            gb_random_move(g, &rng, &m);
            gb_play(g, &m, NULL);
        }
        const char *tags[] = {"South", "Ada \"the\" player", "North", "random", "Result", "bogus", NULL};
        char *rec = gb_record_format(g, tags);
        assert_non_null(strstr(rec, "[South \"Ada \\\"the\\\" player\"]"));
        assert_null(strstr(rec, "bogus"));
        gb_game *h;
        gb_error err;
        if (gb_record_parse(&h, rec, &err))
            fail_msg("%s\n%s", err.msg, rec);
        char *p1 = gb_position_format(g), *p2 = gb_position_format(h);
        assert_string_equal(p1, p2);
        char *rec2 = gb_record_format(h, tags);
        assert_string_equal(rec, rec2);
        char *south = gb_record_tag(rec, "South");
        assert_string_equal(south, "Ada \"the\" player");
        free(south);
        free(p1);
        free(p2);
        free(rec);
        free(rec2);
        gb_game_free(g);
        gb_game_free(h);
    }
    /* from a position: the Position tag carries the start */
    gb_game *g;
    assert_int_equal(gb_game_from_position(&g, "sadeqa board=0,0,0,0,0,1,1,1/0,0,0,0,0,0,1,1 stores=45,46 turn=S", 1, NULL), GB_OK);
    play(g, "G");
    play(g, "g");
    char *rec = gb_record_format(g, NULL);
    assert_non_null(strstr(rec, "[Position \"sadeqa board=0,0,0,0,0,1,1,1/"));
    gb_game *h;
    assert_int_equal(gb_record_parse(&h, rec, NULL), GB_OK);
    assert_int_equal(gb_history_length(h), 2);
    assert_int_equal(gb_hole_count(h, 0), 1);
    free(rec);
    gb_game_free(g);
    gb_game_free(h);
}

static void test_record_malformed(void **state)
{
    (void)state;
    struct {
        const char *text, *needle;
    } bad[] = {
        {"", "Variant"},
        {"[Variant \"sadeqa\"", "']'"},
        {"[Variant sadeqa]", "quoted"},
        {"[Variant \"sadeqa]\n", "unterminated"},
        {"[ \"x\"]", "tag name"},
        {"[Variant \"chess\"]\n\n1. e4", "unknown game"},
        {"[Variant \"sadeqa\"]\n[Options \"seeds=5\"]\n", "seeds"},
        {"[Variant \"sadeqa\"]\n\n1. C Z", "line 3 column 6"},
        {"[Variant \"sadeqa\"]\n\n1. C C", "line 3 column 6"},
        {"[Variant \"sadeqa\"]\n\n1. C d {unclosed", "comment"},
        {"[Variant \"sadeqa\"]\n[Result \"south\"]\n\n1. C d *", "Result"},
        {"[Variant \"sadeqa\"]\n\n1. C d * e", "after the result"},
        {"[Variant \"sadeqa\"]\n[Seed \"x\"]\n", "Seed"},
        {"[Variant \"sadeqa\"]\n[Position \"sadeqa board=1\"]\n", "board"},
        {"[Variant \"qelat\"]\n[Position \"sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S\"]\n", "match"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gb_game *g = (gb_game *)1;
        gb_error err = {0, ""};
        if (gb_record_parse(&g, bad[i].text, &err) == GB_OK)
            fail_msg("accepted record %zu", i);
        assert_null(g);
        if (!strstr(err.msg, bad[i].needle))
            fail_msg("record %zu: '%s' lacks '%s'", i, err.msg, bad[i].needle);
    }
    /* a truncated record is an unfinished game, not an error: it replays what is there */
    gb_game *g;
    assert_int_equal(gb_record_parse(&g, "[Variant \"sadeqa\"]\n\n1. C d 2.", NULL), GB_OK);
    assert_int_equal(gb_history_length(g), 2);
    gb_game_free(g);
}

/* The state JSON has exactly the field names of the foundation issue. */
static void test_state_json_fields(void **state)
{
    (void)state;
    gb_game *g = game_new("sadeqa", NULL);
    char *js = gb_state_json(g);
    const char *fields[] = {"\"variant\":\"sadeqa\"", "\"holes\":[6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6]",
                            "\"owner\":[\"S\",\"S\",\"S\",\"S\",\"S\",\"S\",\"S\",\"S\",\"N\"",
                            "\"mark\":[null,", "\"stores\":{\"S\":0,\"N\":0}", "\"to_move\":\"S\"",
                            "\"phase\":\"play\"", "\"over\":false", "\"result\":null", "\"end_reason\":null",
                            NULL};
    for (int i = 0; fields[i]; i++)
        if (!strstr(js, fields[i]))
            fail_msg("%s lacks %s", js, fields[i]);
    free(js);
    gb_game_free(g);
    assert_int_equal(gb_game_from_position(&g, "sadeqa board=1,0,0,0,0,0,0,0/0,0,0,0,0,0,2,0 stores=46,47 turn=S", 1, NULL), GB_OK);
    play(g, "A");
    js = gb_state_json(g);
    assert_non_null(strstr(js, "\"to_move\":null"));
    assert_non_null(strstr(js, "\"result\":{\"winner\":\"S\",\"scores\":{\"S\":49,\"N\":47}}"));
    assert_non_null(strstr(js, "\"end_reason\":\"rule\""));
    free(js);
    gb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_text),
        cmocka_unit_test(test_position_round_trip),
        cmocka_unit_test(test_position_malformed),
        cmocka_unit_test(test_record_round_trip),
        cmocka_unit_test(test_record_malformed),
        cmocka_unit_test(test_state_json_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
