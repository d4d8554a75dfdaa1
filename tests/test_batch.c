/* test_batch.c — the batch (gb_batch_*: n games stepped by one call) against the game object, its
 * second method: game i of a batch, episode after episode, is the gb_game of seed
 * gb_batch_game_seed(seed, i, e) played with the same ids, observation for observation, mask for
 * mask (Bulto's written sparsely), with the rewards and ends of its results; the same whatever n
 * is or however a step is split; bad input refused with nothing moved. And gb_play_action's
 * GB_CHANCE_ASK (Qelat's lots, Q7) against gb_play's own write-back of the lot it drew. Public
 * header only. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <pthread.h>

#include "gabata.h"

#define N 5

typedef struct rows {
    float *obs, *reward, *final_obs;
    uint8_t *mask, *term, *trunc;
    int32_t *player;
    gb_batch_out out;
} rows;

static void rows_make(rows *w, int n, int obs, int actions)
{
    w->obs = calloc((size_t)n * obs, sizeof(float));
    w->final_obs = calloc((size_t)n * obs, sizeof(float));
    w->reward = calloc((size_t)n * 2, sizeof(float));
    w->mask = calloc((size_t)n * actions, 1);
    w->term = calloc((size_t)n, 1);
    w->trunc = calloc((size_t)n, 1);
    w->player = calloc((size_t)n, sizeof(int32_t));
    w->out = (gb_batch_out){w->obs, w->mask, w->reward, w->term, w->trunc, w->player, w->final_obs};
}

static void rows_free(rows *w)
{
    free(w->obs);
    free(w->final_obs);
    free(w->reward);
    free(w->mask);
    free(w->term);
    free(w->trunc);
    free(w->player);
}

static gb_game *episode_game(const char *variant, const char *opts, uint64_t seed, int i,
                             uint64_t e)
{
    gb_game *g = NULL;
    gb_error err;
    if (gb_game_new(&g, variant, opts, gb_batch_game_seed(seed, i, e), &err) != GB_OK)
        fail_msg("%s %s: %s", variant, opts, err.msg);
    return g;
}

/* Row i of the batch's arrays is game g's observation, mask and player. */
static void check_row(const char *what, int step, int i, gb_game *g, const rows *w, int obs,
                      int actions, uint8_t *mask)
{
    float o[6 * GB_MAX_HOLES + 4];
    assert_int_equal(gb_observation_tensor(g, o, sizeof o / sizeof o[0]), obs);
    if (memcmp(o, w->obs + (size_t)i * obs, (size_t)obs * sizeof(float)))
        fail_msg("%s step %d game %d: the observation differs from the game's", what, step, i);
    int32_t ids[GB_MAX_MOVES]; /* the legal ids, the layout catalogue's too (gb_legal_mask's are
                                  only the listed moves') */
    int n = gb_legal_actions(g, ids, GB_MAX_MOVES);
    assert_true(n > 0);
    memset(mask, 0, (size_t)actions);
    for (int k = 0; k < n; k++)
        mask[ids[k]] = 1;
    if (memcmp(mask, w->mask + (size_t)i * actions, (size_t)actions))
        fail_msg("%s step %d game %d: the mask differs from the game's legal ids", what, step, i);
    assert_int_equal(w->player[i], gb_to_move(g));
}

/* `steps` steps of random ids: each game of the batch against its gb_game, episode by episode. */
static void against_games(const char *variant, const char *opts, int steps, int want_ends)
{
    const uint64_t seed = 42;
    gb_batch *b;
    gb_error err;
    assert_int_equal(gb_batch_new(&b, variant, opts, N, seed, &err), GB_OK);
    const int obs = gb_batch_observation_size(b), actions = gb_batch_action_count(b);
    rows w;
    rows_make(&w, N, obs, actions);
    uint8_t *mask = malloc((size_t)actions);
    gb_game *g[N];
    uint64_t ep[N];
    assert_int_equal(gb_batch_reset(b, NULL, &w.out, &err), GB_OK);
    for (int i = 0; i < N; i++) {
        ep[i] = 0;
        g[i] = episode_game(variant, opts, seed, i, 0);
        check_row(variant, 0, i, g[i], &w, obs, actions, mask);
    }
    uint64_t rng = 7;
    int32_t a[N];
    int ends = 0, truncs = 0;
    for (int t = 1; t <= steps; t++) {
        gb_batch_random_actions(b, &rng, a);
        if (gb_batch_step(b, a, &w.out, &err) != GB_OK)
            fail_msg("%s %s step %d: %s", variant, opts, t, err.msg);
        for (int i = 0; i < N; i++) {
            if (gb_play_action(g[i], a[i], 0, &err) != GB_OK)
                fail_msg("%s step %d game %d: the game refuses %d: %s", variant, t, i, a[i], err.msg);
            float r0 = w.reward[2 * i], r1 = w.reward[2 * i + 1];
            if (gb_is_over(g[i])) {
                int win = gb_winner(g[i]);
                assert_true(r0 == (win == GB_SOUTH ? 1.0f : win == GB_NORTH ? -1.0f : 0.0f));
                assert_true(r0 + r1 == 0.0f);
                int cap = gb_end_reason(g[i]) == GB_END_CAP;
                assert_int_equal(w.trunc[i], cap);
                assert_int_equal(w.term[i], !cap);
                float o[6 * GB_MAX_HOLES + 4];
                gb_observation_tensor(g[i], o, sizeof o / sizeof o[0]);
                if (memcmp(o, w.final_obs + (size_t)i * obs, (size_t)obs * sizeof(float)))
                    fail_msg("%s step %d game %d: the final observation differs", variant, t, i);
                ends++;
                truncs += cap;
                gb_game_free(g[i]);
                g[i] = episode_game(variant, opts, seed, i, ++ep[i]);
                assert_int_equal(gb_batch_episode(b, i), ep[i]);
            } else {
                assert_true(r0 == 0.0f && r1 == 0.0f && !w.term[i] && !w.trunc[i]);
            }
            check_row(variant, t, i, g[i], &w, obs, actions, mask);
        }
    }
    if (ends < want_ends)
        fail_msg("%s %s: only %d games ended in %d steps", variant, opts, ends, steps);
    print_message("%s %s: %d steps of %d games, %d ended (%d by the cap)\n", variant, opts, steps,
                  N, ends, truncs);
    for (int i = 0; i < N; i++)
        gb_game_free(g[i]);
    free(mask);
    rows_free(&w);
    gb_batch_free(b);
}

static void sadeqa_games(void **state)
{
    (void)state;
    against_games("sadeqa", "", 1500, 50);
    against_games("sadeqa", "seeds=4 max-plies=40 skip-origin=yes", 600, 50); /* T3: truncations */
    against_games("sadeqa", "endless=ends-game", 600, 20);
}

static void qelat_games(void **state)
{
    (void)state;
    against_games("qelat", "max-plies=120 max-rounds=6", 6000, 20); /* many rounds: lots (Q7) */
    against_games("qelat", "rounds=1", 6000, 5);
    against_games("qelat", "match-repeat=ends max-plies=60", 6000, 10);
    against_games("qelat", "", 6000, 1);
}

static void akil_games(void **state)
{
    (void)state;
    against_games("akil", "", 4000, 30); /* layouts (A2): the catalogue's ids */
    against_games("akil", "max-plies=80 max-rounds=3", 3000, 20);
}

static void bulto_games(void **state)
{
    (void)state;
    against_games("bulto", "", 1500, 50); /* refusals (B5): a mask of 20,481 written sparsely */
}

/* Two threads stepping halves of one batch at once (as VectorEnv(threads=2) does, the halves'
 * steps running side by side): the same games as the batch stepped whole. Under ThreadSanitizer
 * (scripts/test) this is also the check that the halves share nothing they write. */
typedef struct half {
    gb_batch *b;
    int lo, hi, rc;
    const int32_t *a;
    const gb_batch_out *out;
} half;

static void *step_half(void *arg)
{
    half *h = arg;
    gb_error err;
    h->rc = gb_batch_step_range(h->b, h->lo, h->hi, h->a, h->out, &err);
    return NULL;
}

static void threads_split(void **state)
{
    (void)state;
    static const char *const games[] = {"sadeqa", "qelat", "akil", "bulto"};
    for (int g = 0; g < 4; g++) {
        const int n = 64;
        gb_batch *whole, *halves;
        gb_error err;
        assert_int_equal(gb_batch_new(&whole, games[g], "", n, 5, &err), GB_OK);
        assert_int_equal(gb_batch_new(&halves, games[g], "", n, 5, &err), GB_OK);
        const int obs = gb_batch_observation_size(whole), na = gb_batch_action_count(whole);
        rows ww, wh;
        rows_make(&ww, n, obs, na);
        rows_make(&wh, n, obs, na);
        assert_int_equal(gb_batch_reset(whole, NULL, &ww.out, &err), GB_OK);
        assert_int_equal(gb_batch_reset(halves, NULL, &wh.out, &err), GB_OK);
        uint64_t rng = 11;
        int32_t *a = malloc((size_t)n * sizeof *a);
        for (int t = 0; t < 300; t++) {
            gb_batch_random_actions(whole, &rng, a);
            assert_int_equal(gb_batch_step(whole, a, &ww.out, &err), GB_OK);
            half h[2] = {{halves, 0, n / 2, -1, a, &wh.out}, {halves, n / 2, n, -1, a, &wh.out}};
            pthread_t th;
            assert_int_equal(pthread_create(&th, NULL, step_half, &h[1]), 0);
            step_half(&h[0]);
            pthread_join(th, NULL);
            assert_int_equal(h[0].rc, GB_OK);
            assert_int_equal(h[1].rc, GB_OK);
            assert_memory_equal(wh.obs, ww.obs, (size_t)n * obs * sizeof(float));
            assert_memory_equal(wh.mask, ww.mask, (size_t)n * na);
            assert_memory_equal(wh.reward, ww.reward, (size_t)n * 2 * sizeof(float));
            assert_memory_equal(wh.term, ww.term, (size_t)n);
            assert_memory_equal(wh.player, ww.player, (size_t)n * sizeof(int32_t));
        }
        free(a);
        rows_free(&ww);
        rows_free(&wh);
        gb_batch_free(whole);
        gb_batch_free(halves);
    }
}

/* The same seed gives game i the same games in a batch of 1 and of 8, stepped whole or split. */
static void split_and_size(void **state)
{
    (void)state;
    gb_batch *one, *eight, *split;
    gb_error err;
    assert_int_equal(gb_batch_new(&one, "bulto", "", 1, 9, &err), GB_OK);
    assert_int_equal(gb_batch_new(&eight, "bulto", "", 8, 9, &err), GB_OK);
    assert_int_equal(gb_batch_new(&split, "bulto", "", 8, 9, &err), GB_OK);
    const int obs = gb_batch_observation_size(one), na = gb_batch_action_count(one);
    rows w1, w8, ws;
    rows_make(&w1, 1, obs, na);
    rows_make(&w8, 8, obs, na);
    rows_make(&ws, 8, obs, na);
    assert_int_equal(gb_batch_reset(one, NULL, &w1.out, &err), GB_OK);
    assert_int_equal(gb_batch_reset(eight, NULL, &w8.out, &err), GB_OK);
    assert_int_equal(gb_batch_reset(split, NULL, &ws.out, &err), GB_OK);
    uint64_t rng = 3;
    int32_t a[8];
    for (int t = 0; t < 800; t++) {
        gb_batch_random_actions(eight, &rng, a);
        assert_int_equal(gb_batch_step(one, a, &w1.out, &err), GB_OK);
        assert_int_equal(gb_batch_step(eight, a, &w8.out, &err), GB_OK);
        assert_int_equal(gb_batch_step_range(split, 0, 3, a, &ws.out, &err), GB_OK);
        assert_int_equal(gb_batch_step_range(split, 3, 8, a, &ws.out, &err), GB_OK);
        assert_memory_equal(w1.obs, w8.obs, (size_t)obs * sizeof(float));
        assert_memory_equal(w1.mask, w8.mask, (size_t)na);
        assert_memory_equal(w1.reward, w8.reward, 2 * sizeof(float));
        assert_memory_equal(ws.obs, w8.obs, (size_t)8 * obs * sizeof(float));
        assert_memory_equal(ws.mask, w8.mask, (size_t)8 * na);
        assert_memory_equal(ws.reward, w8.reward, 16 * sizeof(float));
        assert_memory_equal(ws.term, w8.term, 8);
    }
    /* reset with the seed again: the first games again */
    uint64_t s = 9;
    rows_free(&w1);
    rows_make(&w1, 1, obs, na);
    gb_batch *fresh;
    assert_int_equal(gb_batch_new(&fresh, "bulto", "", 1, 9, &err), GB_OK);
    assert_int_equal(gb_batch_reset(fresh, NULL, &w1.out, &err), GB_OK);
    assert_int_equal(gb_batch_reset(eight, &s, &w8.out, &err), GB_OK);
    assert_int_equal(gb_batch_episode(eight, 0), 0);
    assert_memory_equal(w1.obs, w8.obs, (size_t)obs * sizeof(float));
    gb_batch_free(fresh);
    rows_free(&w1);
    rows_free(&w8);
    rows_free(&ws);
    gb_batch_free(one);
    gb_batch_free(eight);
    gb_batch_free(split);
}

/* Bad input: a clear error, and no game moved. */
static void bad_input(void **state)
{
    (void)state;
    gb_batch *b;
    gb_error err;
    assert_int_equal(gb_batch_new(&b, "sadeqa", "", 0, 1, &err), GB_EINVAL);
    assert_non_null(strstr(err.msg, "not 0"));
    assert_int_equal(gb_batch_new(&b, "nonesuch", "", 4, 1, &err), GB_EINVAL);
    assert_non_null(strstr(err.msg, "unknown game"));
    assert_int_equal(gb_batch_new(&b, "sadeqa", "seeds=5", 4, 1, &err), GB_EINVAL);
    assert_int_equal(gb_batch_new(&b, "sadeqa", "", 4, 1, &err), GB_OK);
    rows w;
    rows_make(&w, 4, 100, 17);
    assert_int_equal(gb_batch_reset(b, NULL, &w.out, &err), GB_OK);
    float before[400];
    memcpy(before, w.obs, sizeof before);
    int32_t a[4] = {0, 1, 9, 2}; /* 9 is North's hole: South is to move everywhere (S2) */
    assert_int_equal(gb_batch_step(b, a, &w.out, &err), GB_EILLEGAL);
    assert_non_null(strstr(err.msg, "game 2: action 9 is not legal here (legal: 0 1 2 3 4 5 6 7)"));
    a[2] = 17;
    assert_int_equal(gb_batch_step(b, a, &w.out, &err), GB_EILLEGAL);
    assert_non_null(strstr(err.msg, "game 2: action 17 is outside 0..16"));
    a[2] = -1;
    assert_int_equal(gb_batch_step(b, a, &w.out, &err), GB_EILLEGAL);
    assert_memory_equal(before, w.obs, sizeof before); /* nothing moved, nothing written */
    assert_int_equal(gb_batch_step_range(b, 2, 5, a, &w.out, &err), GB_EINVAL);
    assert_int_equal(gb_batch_step(b, NULL, &w.out, &err), GB_EINVAL);
    assert_int_equal(gb_batch_step(b, a, NULL, &err), GB_EINVAL);
    assert_int_equal(gb_batch_reset(b, NULL, NULL, &err), GB_EINVAL);
    gb_batch_out none = {0}; /* every array NULL: the games move, nothing is written */
    int32_t pass[4] = {0, 1, 2, 3};
    assert_int_equal(gb_batch_step(b, pass, &none, &err), GB_OK);
    assert_memory_equal(before, w.obs, sizeof before);
    assert_int_equal(gb_batch_reset(b, NULL, &w.out, &err), GB_OK);
    a[2] = 3;
    assert_int_equal(gb_batch_step(b, a, &w.out, &err), GB_OK); /* and it plays on */
    assert_int_equal(w.player[0], GB_NORTH);
    rows_free(&w);
    gb_batch_free(b);
}

/* gb_play_action(GB_CHANCE_ASK) says 1 exactly when gb_play (chance 0) would draw Qelat's lots,
 * which it writes back into the move (Q7), and then leaves the game as it was. */
static void chance_ask(void **state)
{
    (void)state;
    gb_game *g;
    gb_error err;
    assert_int_equal(gb_game_new(&g, "qelat", "max-plies=40", 5, &err), GB_OK);
    uint64_t rng = 11;
    int asked = 0, plies = 0;
    while (!gb_is_over(g) && plies < 4000) {
        int32_t ids[GB_MAX_MOVES];
        int n = gb_legal_actions(g, ids, GB_MAX_MOVES);
        assert_true(n > 0);
        int a = ids[gb_rand_next(&rng) % (uint64_t)n];
        gb_game *probe = gb_game_clone(g);
        assert_int_equal(gb_play_action(probe, a, 0, &err), GB_OK);
        int drew = gb_history_move(probe, gb_history_length(probe) - 1)->chance != 0;
        char *before = gb_position_format(g);
        int len = gb_history_length(g);
        int rc = gb_play_action(g, a, GB_CHANCE_ASK, &err);
        assert_int_equal(rc, drew);
        if (rc == 1) {
            char *after = gb_position_format(g);
            assert_string_equal(before, after); /* nothing played */
            assert_int_equal(gb_history_length(g), len);
            free(after);
            asked++;
            assert_int_equal(gb_play_action(g, a, 1 + (int)(rng & 1), &err), GB_OK);
        }
        free(before);
        gb_game_free(probe);
        plies++;
    }
    print_message("qelat: %d plies, %d asked for the lots\n", plies, asked);
    assert_true(asked >= 3);
    assert_int_equal(gb_play_action(g, 0, 7, &err), gb_is_over(g) ? GB_EOVER : GB_EINVAL);
    gb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sadeqa_games), cmocka_unit_test(qelat_games),
        cmocka_unit_test(akil_games),   cmocka_unit_test(bulto_games),
        cmocka_unit_test(split_and_size), cmocka_unit_test(threads_split), cmocka_unit_test(bad_input),
        cmocka_unit_test(chance_ask),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
