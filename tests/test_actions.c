/* test_actions.c — action ids (gb_action_count, gb_legal_mask) and gb_observation_tensor.
 * The counts are worked by hand from the numbering (docs/library.md); the masks are checked the
 * other way round: every id set is decoded by this file's own reading of the numbering into a
 * move text ("C", "pass", "feed:C", "keep", "C~2") that the notation parser must read as a legal
 * move, and the ids set must be exactly as many as gb_legal_moves lists, over random games of
 * every game. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gabata.h"

static gb_game *new_game(const char *variant, const char *opts, uint64_t seed)
{
    gb_game *g = NULL;
    gb_error err;
    assert_int_equal(gb_game_new(&g, variant, opts, seed, &err), GB_OK);
    return g;
}

/* By hand: H + 1 sow and pass ids; L'ab al-Akil adds H feeds, keep, turn and 16 layouts; Bulto
 * adds 1023 blocks of H refusal ids. */
static void counts(void **state)
{
    (void)state;
    const char *names[] = {"sadeqa", "qelat", "akil", "bulto"};
    const int want[] = {16 + 1, 12 + 1, 12 + 1 + 12 + 2 + 16, 20 + 1 + 20 * 1023};
    for (int i = 0; i < 4; i++) {
        gb_game *g = new_game(names[i], NULL, 1);
        assert_int_equal(gb_action_count(g), want[i]);
        gb_game_free(g);
    }
    assert_int_equal(gb_action_count(NULL), GB_EINVAL);
}

/* A mask id back to a move text, by this test's own reading of the numbering. */
static void id_text(const gb_game *g, int a, char *buf, size_t len)
{
    int H = 2 * gb_game_rows(g);
    const char *v = gb_game_variant(g);
    int akil = strcmp(v, "akil") == 0, bulto = strcmp(v, "bulto") == 0;
    if (a < H) {
        snprintf(buf, len, "%s", gb_hole_label(g, a));
    } else if (a == H) {
        snprintf(buf, len, "pass");
    } else if (akil && a < 2 * H + 1) {
        snprintf(buf, len, "feed:%s", gb_hole_label(g, a - H - 1));
    } else if (akil && a == 2 * H + 1) {
        snprintf(buf, len, "keep");
    } else if (akil && a == 2 * H + 2) {
        snprintf(buf, len, "turn");
    } else if (bulto) {
        int r = a - (H + 1);
        snprintf(buf, len, "%s~%d", gb_hole_label(g, r % H), r / H + 1);
    } else {
        fail_msg("%s: id %d set outside the game's blocks", v, a);
    }
}

static void masks_in_random_games(void **state)
{
    (void)state;
    const char *names[] = {"sadeqa", "qelat", "akil", "bulto"};
    static unsigned char mask[20481 + 64];
    gb_move moves[GB_MAX_MOVES];
    long refusal_ids = 0, feeds = 0, choices = 0, passes = 0;
    for (int i = 0; i < 4; i++) {
        for (int game = 0; game < (i == 3 ? 12 : 30); game++) {
            gb_game *g = new_game(names[i], NULL, 100 + game);
            uint64_t rng = 7 + game;
            int count = gb_action_count(g);
            for (int ply = 0; ply < 3000 && !gb_is_over(g); ply++) {
                memset(mask, 0xAA, sizeof mask);
                int n = gb_legal_mask(g, mask, sizeof mask);
                int listed = gb_legal_moves(g, moves, GB_MAX_MOVES);
                assert_int_equal(n, listed);
                int set = 0;
                for (int a = 0; a < count; a++) {
                    assert_true(mask[a] == 0 || mask[a] == 1);
                    if (!mask[a])
                        continue;
                    set++;
                    char text[64];
                    id_text(g, a, text, sizeof text);
                    gb_move m;
                    gb_error err;
                    assert_int_equal(gb_move_legal_text(g, text, &m, &err), GB_OK);
                    refusal_ids += strchr(text, '~') != NULL;
                    feeds += strncmp(text, "feed", 4) == 0;
                    choices += strcmp(text, "keep") == 0 || strcmp(text, "turn") == 0;
                    passes += strcmp(text, "pass") == 0;
                }
                assert_int_equal(set, listed);
                assert_int_equal(mask[count], 0xAA); /* nothing written past the ids */
                gb_move m;
                assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
                assert_int_equal(gb_play(g, &m, NULL), GB_OK);
            }
            memset(mask, 0xAA, sizeof mask);
            if (gb_is_over(g))
                assert_int_equal(gb_legal_mask(g, mask, sizeof mask), 0);
            gb_game_free(g);
        }
    }
    /* the games reached every block (else the decoding above proved nothing of them) */
    assert_true(refusal_ids > 0);
    assert_true(feeds > 0);
    assert_true(choices > 0);
    assert_true(passes > 0);
}

static void mask_errors(void **state)
{
    (void)state;
    unsigned char mask[64];
    gb_game *g = new_game("sadeqa", NULL, 1);
    assert_int_equal(gb_legal_mask(g, mask, 16), GB_EINVAL); /* 17 ids */
    assert_int_equal(gb_legal_mask(g, NULL, 64), GB_EINVAL);
    assert_int_equal(gb_legal_mask(NULL, mask, 64), GB_EINVAL);
    /* the start: South sows any of his 8 holes (S1); nothing else */
    assert_int_equal(gb_legal_mask(g, mask, 17), 8);
    for (int a = 0; a < 17; a++)
        assert_int_equal(mask[a], a < 8);
    gb_game_free(g);
    /* L'ab al-Akil opens with the layout (A2): no listed move, an empty mask, not over */
    g = new_game("akil", NULL, 1);
    memset(mask, 1, sizeof mask);
    assert_int_equal(gb_legal_mask(g, mask, sizeof mask), 0);
    for (int a = 0; a < 43; a++)
        assert_int_equal(mask[a], 0);
    assert_false(gb_is_over(g));
    gb_game_free(g);
}

/* Sadeqa III seeds=4 at the start, by hand: 4 stones in each of the 16 holes, South owns A..H,
 * North a..h, no marks, empty stores, South to move. After South sows A (a relay sowing, S2):
 * the counts are the board's and no stone is lost. */
static void observation(void **state)
{
    (void)state;
    float t[6 * 20 + 4 + 1];
    gb_game *g = new_game("sadeqa", "seeds=4", 1);
    assert_int_equal(gb_observation_tensor(g, t, 99), GB_EINVAL);
    assert_int_equal(gb_observation_tensor(g, NULL, 100), GB_EINVAL);
    t[100] = -7.0f;
    assert_int_equal(gb_observation_tensor(g, t, 100), 100);
    assert_true(t[100] == -7.0f);
    for (int h = 0; h < 16; h++) {
        assert_true(t[h] == 4.0f);
        assert_true(t[16 + h] == (h < 8 ? 1.0f : 0.0f));
        assert_true(t[32 + h] == (h < 8 ? 0.0f : 1.0f));
        assert_true(t[48 + h] == 0.0f && t[64 + h] == 0.0f && t[80 + h] == 0.0f);
    }
    assert_true(t[96] == 0.0f && t[97] == 0.0f && t[98] == 1.0f && t[99] == 0.0f);
    gb_error err;
    assert_int_equal(gb_play_text(g, "A", &err), GB_OK);
    assert_int_equal(gb_observation_tensor(g, t, 100), 100);
    for (int h = 0; h < 16; h++)
        assert_true(t[h] == (float)gb_hole_count(g, h));
    float total = t[96] + t[97];
    for (int h = 0; h < 16; h++)
        total += t[h];
    assert_true(total == 64.0f); /* no stone lost */
    assert_true(t[99] == (gb_to_move(g) == GB_NORTH ? 1.0f : 0.0f));
    gb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts),
        cmocka_unit_test(masks_in_random_games),
        cmocka_unit_test(mask_errors),
        cmocka_unit_test(observation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
