/* test_toy_game.c — docs/design.md's walk-through, checked: a fifth game (tests/toy_game/, one
 * folder, registered by one line) is listed, played, counted, recorded, searched and described
 * by the library like the four, through the public header only. Expected values are worked out
 * by hand from the toy's rules (tests/toy_game/toy.c's header comment); boards are written
 * [A B C | a b c] in ring order. */
#include "gabata.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static gb_game *toy(const char *options)
{
    gb_game *g = NULL;
    gb_error err;
    assert_int_equal(gb_game_new(&g, "toy", options, 1, &err), GB_OK);
    return g;
}

static void board_is(const gb_game *g, const int want[6])
{
    for (int i = 0; i < 6; i++)
        assert_int_equal(gb_hole_count(g, i), want[i]);
}

static void listed_after_the_four(void **state)
{
    (void)state;
    assert_int_equal(gb_variant_count(), 5);
    assert_string_equal(gb_variant_name(4), "toy");
    assert_string_equal(gb_variant_title("toy"), "Toy");
    assert_int_equal(gb_variant_rows("toy"), 3);
    assert_int_equal(gb_variant_option_count("toy"), 3); /* the shared skip-origin, endless, max-plies */
    gb_rules_text t;
    assert_int_equal(gb_variant_rules_text("toy", &t), GB_OK);
    assert_non_null(t.rules[0]);
}

/* perft 1..3 by hand: South has 3 moves; after each, North has 3 (no capture is possible yet);
 * at depth 3, South keeps 2, 3, 3 moves after A, 2, 2, 3 after B, 2, 2, 2 after C: 21. */
static void perft_by_hand(void **state)
{
    (void)state;
    gb_game *g = toy(NULL);
    assert_int_equal(gb_perft(g, 1), 3);
    assert_int_equal(gb_perft(g, 2), 9);
    assert_int_equal(gb_perft(g, 3), 21);
    gb_game_free(g);
}

/* A line with a capture: A [0 3 3|2 2 2], a [0 3 3|0 3 3], B [0 0 4|1 4 3], a [0 0 4|0 5 3],
 * then C sows a b c A and its last stone falls into South's empty A: it captures c's 4. */
static void a_capture_in_words(void **state)
{
    (void)state;
    gb_game *g = toy(NULL);
    gb_error err;
    const char *line[] = {"A", "a", "B", "a", "C"};
    for (int i = 0; i < 5; i++)
        assert_int_equal(gb_play_text(g, line[i], &err), GB_OK);
    board_is(g, (const int[]){1, 0, 0, 1, 6, 0});
    assert_int_equal(gb_store(g, GB_SOUTH), 4);
    const gb_trace *t = gb_last_trace(g);
    assert_non_null(t);
    assert_int_equal(t->lap[0].event, GB_EV_CAPTURE);
    assert_string_equal(gb_event_name(g, t->lap[0].event), "capture"); /* the shared word */
    char said[64];
    assert_true(gb_lap_describe(g, &t->lap[0], said, sizeof said) > 0);
    assert_string_equal(said, " (was empty): captures 4 from c");
    /* the record replays to the same position */
    char *rec = gb_record_format(g, NULL), *pos = gb_position_format(g);
    gb_game *back = NULL;
    assert_int_equal(gb_record_parse(&back, rec, &err), GB_OK);
    char *pos2 = gb_position_format(back);
    assert_string_equal(pos, pos2);
    free(rec);
    free(pos);
    free(pos2);
    gb_game_free(back);
    gb_game_free(g);
}

/* The driver's rulings hold for it unchanged: T3 (max-plies=2 ends the game after A a with the
 * stones on their rows' sides: 6 each, a draw) and a wrong move refused with a message. */
static void the_driver_applies(void **state)
{
    (void)state;
    gb_game *g = toy("max-plies=2");
    gb_error err;
    assert_int_equal(gb_play_text(g, "A", &err), GB_OK);
    assert_int_equal(gb_play_text(g, "a", &err), GB_OK);
    assert_true(gb_is_over(g));
    assert_int_equal(gb_end_reason(g), GB_END_CAP);
    assert_int_equal(gb_winner(g), GB_DRAW);
    assert_int_equal(gb_score(g, GB_SOUTH), 6);
    gb_game_free(g);
    g = toy(NULL);
    assert_int_equal(gb_play_text(g, "a", &err), GB_EILLEGAL);
    assert_non_null(strstr(err.msg, "own row"));
    gb_game_free(g);
}

/* Random playouts end, and the search (on the generic terms) picks a legal move. */
static void played_and_searched(void **state)
{
    (void)state;
    gb_game *g = toy(NULL);
    gb_playout_stats st;
    gb_error err;
    assert_int_equal(gb_random_playouts(g, 500, 7, &st, &err), GB_OK);
    assert_int_equal(st.games, 500);
    assert_int_equal(st.wins[0] + st.wins[1] + st.wins[2], 500);
    gb_search_opts o = {.budget = {.depth = 6}};
    gb_searcher *s = gb_searcher_new(&o);
    gb_search_result r;
    assert_int_equal(gb_search(s, g, &o, &r, &err), GB_OK);
    gb_move moves[GB_MAX_MOVES];
    int n = gb_legal_moves(g, moves, GB_MAX_MOVES), found = 0;
    for (int i = 0; i < n; i++)
        found |= moves[i].kind == r.best.kind && moves[i].hole == r.best.hole;
    assert_true(found);
    gb_searcher_free(s);
    char *js = gb_state_json(g);
    assert_non_null(strstr(js, "\"variant\": \"toy\"") ? js : strstr(js, "\"variant\":\"toy\""));
    free(js);
    gb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(listed_after_the_four),
        cmocka_unit_test(perft_by_hand),
        cmocka_unit_test(a_capture_in_words),
        cmocka_unit_test(the_driver_applies),
        cmocka_unit_test(played_and_searched),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
