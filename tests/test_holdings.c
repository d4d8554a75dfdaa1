/* test_holdings.c — gb_holdings (a side's store and held holes) and the way generic searches
 * move through a phase whose moves cannot be listed (gb_move_listing, gb_candidate_moves), issue
 * 24 §4. Holdings are worked by hand from hand-made positions (docs/notation.md's strings); the
 * layout's candidates are checked against the library's own legality test, one by one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gabata.h"

static gb_game *from(const char *pos)
{
    gb_game *g = NULL;
    gb_error err;
    if (gb_game_from_position(&g, pos, 1, &err) != GB_OK)
        fail_msg("%s: %s", pos, err.msg);
    return g;
}

static void check(const gb_game *g, int side, int total, int holes, int stones)
{
    int h = -1, s = -1;
    assert_int_equal(gb_holdings(g, side, &h, &s), total);
    assert_int_equal(h, holes);
    assert_int_equal(s, stones);
    assert_int_equal(gb_holdings(g, side, NULL, NULL), total);
}

/* Qelat (Q3): North's ekwarna at C holds 3 balls, both stores 21: North 21 + 3, South 21; the
 * store alone (gb_store) would call it level. */
static void qelat_ekwarna(void **state)
{
    (void)state;
    gb_game *g = from("qelat board=2,0,3N,0,0,0/1,0,0,0,0,0 stores=21,21 turn=S phase=play ply=0");
    check(g, GB_NORTH, 24, 1, 3);
    check(g, GB_SOUTH, 21, 0, 0);
    assert_int_equal(gb_store(g, GB_NORTH), 21);
    assert_int_equal(gb_holdings(g, 2, NULL, NULL), GB_EINVAL);
    assert_int_equal(gb_holdings(g, -1, NULL, NULL), GB_EINVAL);
    gb_game_free(g);
}

/* Bulto (B3, B6): no store ever; South's bulto of 5 in North's row (a), North's of 4 in South's
 * (A): 5 and 4, the rest of the 40 stones nobody's. */
static void bulto_bulto(void **state)
{
    (void)state;
    gb_game *g = from("bulto board=4N,2,2,2,2,2,2,2,2,0/5S,1,1,1,1,1,1,1,1,7 stores=0,0 turn=S phase=open");
    check(g, GB_SOUTH, 5, 1, 5);
    check(g, GB_NORTH, 4, 1, 4);
    assert_int_equal(gb_store(g, GB_SOUTH), 0);
    gb_game_free(g);
}

/* Sadeqa III (S4): A sows into the empty B, opposite g's 9: South captures 9, holds no hole. */
static void sadeqa_store(void **state)
{
    (void)state;
    gb_game *g = from("sadeqa board=1,0,1,0,0,0,0,0/1,0,0,0,0,0,9,0 turn=S");
    check(g, GB_SOUTH, 0, 0, 0);
    assert_int_equal(gb_play_text(g, "A", NULL), GB_OK);
    check(g, GB_SOUTH, 9, 0, 0);
    check(g, GB_NORTH, 0, 0, 0);
    gb_game_free(g);
}

/* L'ab al-Akil's tebweez (A2): the layout phase lists no move and the game goes on; its
 * candidates are different legal layouts, the suggestion first, the same for the same seed;
 * once laid out, the next phase (A3's choice) lists its moves again. */
static void akil_layout(void **state)
{
    (void)state;
    gb_game *g;
    assert_int_equal(gb_game_new(&g, "akil", NULL, 1, NULL), GB_OK);
    gb_move legal[GB_MAX_MOVES], c[16], again[16], sug;
    assert_int_equal(gb_legal_moves(g, legal, GB_MAX_MOVES), 0);
    assert_false(gb_is_over(g));
    assert_int_equal(gb_move_listing(g), GB_LISTING_SAMPLED);
    int n = gb_candidate_moves(g, 7, c, 16);
    assert_int_equal(n, 16);
    uint64_t rng = 7;
    assert_int_equal(gb_suggest_move(g, &rng, &sug), GB_OK);
    assert_memory_equal(&c[0], &sug, sizeof sug);
    for (int i = 0; i < n; i++) {
        assert_int_equal(c[i].kind, GB_MOVE_LAYOUT);
        assert_true(gb_move_is_legal(g, &c[i]));
        for (int j = 0; j < i; j++)
            assert_true(memcmp(c[i].layout, c[j].layout, sizeof c[i].layout) != 0);
    }
    assert_int_equal(gb_candidate_moves(g, 7, again, 16), n);
    assert_memory_equal(c, again, (size_t)n * sizeof c[0]);
    assert_int_equal(gb_candidate_moves(g, 7, again, 0), 0);
    assert_int_equal(gb_play(g, &c[3], NULL), GB_OK);
    assert_int_equal(gb_move_listing(g), GB_LISTING_ALL);
    gb_game_free(g);
}

/* A listed phase: the candidates are the legal moves; over: none. */
static void listed_and_over(void **state)
{
    (void)state;
    gb_game *g;
    assert_int_equal(gb_game_new(&g, "sadeqa", NULL, 1, NULL), GB_OK);
    gb_move legal[GB_MAX_MOVES], c[GB_MAX_MOVES];
    int n = gb_legal_moves(g, legal, GB_MAX_MOVES);
    assert_int_equal(n, 8); /* S2: South's eight holes */
    assert_int_equal(gb_move_listing(g), GB_LISTING_ALL);
    assert_int_equal(gb_candidate_moves(g, 3, c, GB_MAX_MOVES), n);
    assert_memory_equal(c, legal, (size_t)n * sizeof c[0]);
    assert_int_equal(gb_candidate_moves(g, 3, c, 5), 5);
    /* a random game played to its end (T3's cap ends every game) */
    uint64_t rng = 5;
    for (int i = 0; i < 100000 && !gb_is_over(g); i++) {
        gb_move m;
        assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
        assert_int_equal(gb_play(g, &m, NULL), GB_OK);
    }
    assert_true(gb_is_over(g));
    assert_int_equal(gb_move_listing(g), GB_LISTING_OVER);
    assert_int_equal(gb_candidate_moves(g, 3, c, GB_MAX_MOVES), 0);
    gb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(qelat_ekwarna), cmocka_unit_test(bulto_bulto), cmocka_unit_test(sadeqa_store),
        cmocka_unit_test(akil_layout),   cmocka_unit_test(listed_and_over),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
