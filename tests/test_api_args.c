/* test_api_args.c — the public functions of gabata.h called as a program of its own might call
 * them by mistake: NULL where a text, a result or a searcher belongs, a budget or a player out of
 * the ranges the header gives, input that is not UTF-8. docs/library.md ("Errors"): bad input is
 * refused with GB_EINVAL and a one-line message, never a crash, a hang, or a silent substitute. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "helpers.h"

#include "gabata.h"

#define GEEZ5 "\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80" /* U+1200 five times */

/* A gb_error's message is UTF-8 text, whatever it quotes: bytes that are not UTF-8 in the input,
 * and a quote cut at 40 bytes in the middle of a Ge'ez letter (3 bytes each), came out raw, and
 * a client that hands the message on as a JSON string or a UTF-8 string type fails on them. */
static void test_messages_are_utf8(void **state)
{
    (void)state;
    gb_game *g = game_new("sadeqa", NULL), *h = NULL;
    gb_error err;
    assert_int_equal(gb_play_text(g, "\xff\xfe", &err), GB_EINVAL);
    assert_true(valid_utf8(err.msg));
    assert_non_null(strstr(err.msg, "'\\xff\\xfe'")); /* the bytes named, \xHH */
    assert_int_equal(gb_game_new(&h, "xy" GEEZ5 GEEZ5 GEEZ5, NULL, 1, &err), GB_EINVAL);
    if (!valid_utf8(err.msg))
        fail_msg("not UTF-8: %s", err.msg);
    /* "xy" and 12 letters are 38 bytes: the 13th is cut after its second byte, each of
     * which is written \xHH */
    assert_non_null(strstr(err.msg, "'xy" GEEZ5 GEEZ5 "\xe1\x88\x80\xe1\x88\x80\\xe1\\x88'"));
    assert_int_equal(gb_game_from_position(&h, "sadeqa " GEEZ5 GEEZ5 GEEZ5 "=1", 1, &err), GB_EINVAL);
    assert_true(valid_utf8(err.msg));
    assert_int_equal(gb_game_new(&h, "sadeqa", "seeds=\xc3\x28", 1, &err), GB_EINVAL);
    assert_true(valid_utf8(err.msg));
    gb_game_free(g);
}

/* NULL for a text, an out pointer or a result: GB_EINVAL with a message (gb_play_text crashed
 * on a NULL text, gb_game_new on a NULL out, gb_play on a NULL move, gb_search on a NULL result). */
static void test_null_arguments(void **state)
{
    (void)state;
    gb_game *g = game_new("sadeqa", NULL);
    gb_move m;
    gb_error err;
    err.msg[0] = 0;
    assert_int_equal(gb_game_new(NULL, "sadeqa", NULL, 1, &err), GB_EINVAL);
    assert_true(err.msg[0] != 0);
    err.msg[0] = 0;
    assert_int_equal(gb_play_text(g, NULL, &err), GB_EINVAL);
    assert_true(err.msg[0] != 0);
    assert_int_equal(gb_move_parse(g, NULL, &m, &err), GB_EINVAL);
    assert_int_equal(gb_move_parse(g, "C", NULL, &err), GB_EINVAL);
    assert_int_equal(gb_move_legal_text(g, NULL, NULL, &err), GB_EINVAL);
    assert_int_equal(gb_play(g, NULL, &err), GB_EINVAL);
    assert_int_equal(gb_move_check(g, NULL, &err), GB_EINVAL);
    assert_null(gb_game_clone(NULL));
    assert_int_equal(gb_game_successor(g, 0, NULL), GB_EINVAL);
    gb_game *c = (gb_game *)&m; /* not written on an error */
    assert_int_equal(gb_game_successor(g, 8, &c), GB_EINVAL); /* the start has 8 moves: 0..7 */
    assert_int_equal(gb_game_successor(g, -1, &c), GB_EINVAL);
    assert_ptr_equal(c, (gb_game *)&m);
    assert_null(gb_record_tag(NULL, "Variant"));
    assert_null(gb_record_tag("[Variant \"sadeqa\"]\n", NULL));
    gb_playout_stats st;
    assert_int_equal(gb_random_playouts(g, 1, 1, NULL, &err), GB_EINVAL);
    assert_int_equal(gb_random_playouts_next(g, 1, NULL, &st, &err), GB_EINVAL);
    uint64_t rng = 1;
    assert_int_equal(gb_random_move(g, NULL, &m), GB_EINVAL);
    assert_int_equal(gb_random_move(g, &rng, NULL), GB_EINVAL);
    /* an array or a buffer NULL with room said to be in it (NULL with 0 room measures, where a
     * function says so) */
    assert_int_equal(gb_legal_moves(g, NULL, 10), GB_EINVAL);
    assert_int_equal(gb_candidate_moves(g, 1, NULL, 10), GB_EINVAL);
    assert_int_equal(gb_legal_actions(g, NULL, 10), GB_EINVAL);
    assert_int_equal(gb_legal_actions(g, NULL, 0), 8); /* the count, nothing written */
    m = (gb_move){0};
    assert_int_equal(gb_move_format(g, &m, NULL, 10), GB_EINVAL);
    assert_int_equal(gb_move_format(g, &m, NULL, 0), 1); /* "A": measured */
    assert_int_equal(gb_option_value(g, "seeds", NULL, 10), GB_EINVAL);
    assert_int_equal(gb_option_value(g, "seeds", NULL, 0), 0); /* no room: is it the default? yes */
    char buf[32];
    assert_int_equal(gb_lap_describe(g, NULL, buf, sizeof buf), GB_EINVAL);
    assert_int_equal(gb_action_move(g, 0, NULL, &err), GB_EINVAL);
    /* the game is untouched by all of it: the start, South to move, nothing played */
    assert_int_equal(gb_history_length(g), 0);
    assert_int_equal(gb_to_move(g), GB_SOUTH);
    gb_game_free(g);
}

/* gb_search and gb_mcts: NULL arguments, and a budget outside the header's ranges (depth
 * 0..GB_SEARCH_MAX_DEPTH, nodes and movetime not negative, searchmoves given when counted). A
 * depth of 1000 was taken as 64 (a search of hours), a negative one as the default 6. */
static void test_search_arguments(void **state)
{
    (void)state;
    gb_game *g = game_new("sadeqa", NULL);
    gb_search_opts o;
    memset(&o, 0, sizeof o);
    o.budget.depth = 2;
    gb_searcher *s = gb_searcher_new(&o);
    assert_non_null(s);
    gb_search_result r;
    gb_error err;
    for (int mcts = 0; mcts < 2; mcts++) {
        int (*search)(gb_searcher *, const gb_game *, const gb_search_opts *, gb_search_result *, gb_error *) =
            mcts ? gb_mcts : gb_search;
        assert_int_equal(search(NULL, g, &o, &r, &err), GB_EINVAL);
        assert_int_equal(search(s, NULL, &o, &r, &err), GB_EINVAL);
        assert_int_equal(search(s, g, NULL, &r, &err), GB_EINVAL);
        assert_int_equal(search(s, g, &o, NULL, &err), GB_EINVAL);
        const gb_budget bad[] = {{GB_SEARCH_MAX_DEPTH + 1, 0, 0}, {1000, 0, 0}, {-4, 0, 0}, {0, -5, 0}, {0, 0, -5}};
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            gb_search_opts b = o;
            b.budget = bad[i];
            err.msg[0] = 0;
            if (search(s, g, &b, &r, &err) != GB_EINVAL)
                fail_msg("%s: budget %zu (depth %d nodes %lld movetime %ld) accepted", mcts ? "mcts" : "search", i,
                         bad[i].depth, bad[i].nodes, bad[i].movetime_ms);
            assert_true(err.msg[0] != 0);
        }
        gb_search_opts b = o;
        b.nsearchmoves = 3; /* and searchmoves NULL */
        assert_int_equal(search(s, g, &b, &r, &err), GB_EINVAL);
        b.nsearchmoves = -1;
        assert_int_equal(search(s, g, &b, &r, &err), GB_EINVAL);
        /* the edges of the ranges are taken */
        b = o;
        b.budget.depth = mcts ? 0 : 1;
        b.budget.nodes = mcts ? 50 : 0;
        assert_int_equal(search(s, g, &b, &r, &err), GB_OK);
    }
    gb_searcher_free(s);
    gb_game_free(g);
}

/* A player out of its ranges (a kind that is none of GB_PLAYER_*, an alpha-beta level outside
 * 1..8, threads outside 0..GB_SEARCH_MAX_THREADS, a negative or NaN thinking time) is refused
 * by gb_match_play and gb_player_think: with 100 threads every move of the game was silently a
 * random one (the search refused the threads, and the player fell back to a random move). */
static void test_players_checked(void **state)
{
    (void)state;
    gb_match_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.variant = "sadeqa";
    sp.player[0] = (gb_player){GB_PLAYER_AI, 1, 0, 0};
    sp.player[1] = (gb_player){GB_PLAYER_RANDOM, 0, 0, 0};
    gb_match_result res;
    gb_error err;
    assert_int_equal(gb_match_play(&sp, &res, &err), GB_OK);
    const gb_player bad[] = {{77, 4, 0, 0}, {-1, 4, 0, 0}, {GB_PLAYER_AI, 0, 0, 0}, {GB_PLAYER_AI, 9, 0, 0},
                             {GB_PLAYER_AI, 4, 0, 100}, {GB_PLAYER_AI, 4, 0, -2}, {GB_PLAYER_AI, 4, -1.0, 0},
                             {GB_PLAYER_MCTS, 8, 0.0 / 0.0, 0}};
    gb_game *g = game_new("sadeqa", NULL);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        for (int side = 0; side < 2; side++) {
            gb_match_spec b = sp;
            b.player[side] = bad[i];
            err.msg[0] = 0;
            if (gb_match_play(&b, &res, &err) != GB_EINVAL)
                fail_msg("player %zu (kind %d level %d threads %d) accepted for side %d", i, bad[i].kind, bad[i].level,
                         bad[i].threads, side);
            assert_true(err.msg[0] != 0);
            uint64_t rng = 1;
            gb_move m;
            assert_int_equal(gb_player_think(&bad[i], g, NULL, &rng, NULL, &m, NULL), GB_EINVAL);
        }
    gb_game_free(g);
}

/* A move filled by hand with a hole off the board had a control character for its text (Bulto's
 * hole 40 wrote "\x7f", 200 "\x1f") and counted as formatted. */
static void test_move_format_checks_the_move(void **state)
{
    (void)state;
    gb_game *g = game_new("bulto", NULL);
    char text[GB_MOVE_TEXT_MAX];
    gb_move m;
    memset(&m, 0, sizeof m);
    m.hole = 19; /* North's last hole (2x10: a..j from 10) */
    assert_int_equal(gb_move_format(g, &m, text, sizeof text), 1);
    assert_string_equal(text, "j");
    const uint8_t holes[] = {20, 40, 200, 255};
    for (size_t i = 0; i < sizeof holes; i++) {
        m.hole = holes[i];
        assert_int_equal(gb_move_format(g, &m, text, sizeof text), GB_EINVAL);
        m.kind = GB_MOVE_FEED;
        assert_int_equal(gb_move_format(g, &m, text, sizeof text), GB_EINVAL);
        m.kind = GB_MOVE_SOW;
    }
    m.hole = 0;
    m.chance = 3;
    assert_int_equal(gb_move_format(g, &m, text, sizeof text), GB_EINVAL);
    m.chance = 2;
    assert_int_equal(gb_move_format(g, &m, text, sizeof text), 3);
    assert_string_equal(text, "A@N");
    gb_game_free(g);
}

/* The tables' folder or file NULL or empty: "(null) holds no table" (printf of a NULL string,
 * undefined) and "cannot make (null)" came back; now a message of its own. */
static void test_tables_arguments(void **state)
{
    (void)state;
    gb_tables *t = NULL;
    gb_error err;
    char buf[64];
    assert_int_equal(gb_tables_open(&t, NULL, 0, &err), GB_EINVAL);
    assert_null(strstr(err.msg, "(null)"));
    assert_int_equal(gb_tables_open(&t, "", 0, &err), GB_EINVAL);
    assert_int_equal(gb_tables_open(NULL, "/nonexistent", 0, &err), GB_EINVAL);
    assert_int_equal(gb_tables_build("sadeqa", NULL, 2, NULL, 0, NULL, NULL, &err), GB_EINVAL);
    assert_null(strstr(err.msg, "(null)"));
    assert_int_equal(gb_tables_build_with("sadeqa", NULL, 2, "x", NULL, &err), GB_EINVAL);
    assert_int_equal(gb_tables_saved_describe(NULL, buf, sizeof buf, &err), GB_EINVAL);
    assert_null(strstr(err.msg, "(null)"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_messages_are_utf8),
        cmocka_unit_test(test_null_arguments),
        cmocka_unit_test(test_search_arguments),
        cmocka_unit_test(test_players_checked),
        cmocka_unit_test(test_move_format_checks_the_move),
        cmocka_unit_test(test_tables_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
