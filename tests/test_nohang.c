/* test_nohang.c — no hang, ever (issue 8; RULINGS §1). Random games of every registered game
 * (so games merged later are covered without touching this file) under every value of every
 * option, one option at a time, plus all options at their last value together. The work is
 * bounded by the rulings, not by a clock:
 *   - a ply sows at most 10,000 laps (T1; its trace counts them);
 *   - a game (round) has at most max-plies plies (T3, T5), so gb_ply never exceeds it;
 *   - a match has at most max-rounds rounds (T3; 200 when the game has no such option);
 *   - so a whole game has at most max-rounds * (max-plies + 1) plies: the loop stops there and
 *     fails, instead of running on, if the game is still not over.
 * Numbers (max-plies, max-rounds) are tried at their smallest value and their default. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "internal.h"

/* How much to play under each option set: up to a number of games, and (since a game of
 * Qelat's match runs thousands of plies where Sadeqa III's runs 70) up to a number of plies, at
 * least a few games whatever their length. A budget in work, not in time. */
#define API_GAMES 24        /* through gb_play, checking every ply */
#define API_PLIES 20000
#define PLAYOUT_GAMES 1000  /* through gb_random_playouts, 20 at a time */
#define PLAYOUT_PLIES 150000

static long option_value(const gb_rules *r, const gb_options *o, const char *key, long absent)
{
    for (int i = 0; i < r->num_options; i++)
        if (strcmp(r->options[i].key, key) == 0)
            return o->v[r->options[i].slot];
    return absent;
}

static void play_games(const char *variant, const char *opts, uint64_t seed)
{
    gb_game *g;
    gb_error err = {0, ""};
    if (gb_game_new(&g, variant, opts, seed, &err) != GB_OK)
        fail_msg("%s %s: %s", variant, opts, err.msg);
    const gb_rules *r = gb_game_rules(g);
    const gb_options *o = gb_game_options(g);
    long max_plies = option_value(r, o, "max-plies", 5000);
    long max_rounds = option_value(r, o, "max-rounds", 200);
    long bound = max_rounds * (max_plies + 1);

    long games = 0, plies_total = 0;
    for (uint64_t chunk = 0; games < PLAYOUT_GAMES && (games == 0 || plies_total < PLAYOUT_PLIES); chunk++) {
        gb_playout_stats st;
        if (gb_random_playouts(g, 20, seed * 1000 + chunk, &st, &err) != GB_OK)
            fail_msg("%s %s: playouts: %s", variant, opts, err.msg);
        assert_int_equal(st.games, 20);
        if (st.max_plies > bound)
            fail_msg("%s %s: a playout of %ld plies, over the bound %ld", variant, opts, st.max_plies, bound);
        games += st.games;
        plies_total += st.plies;
    }
    gb_game_free(g);

    uint64_t rng = seed * 7919 + 1;
    plies_total = 0;
    for (int game = 0; game < API_GAMES && (game < 3 || plies_total < API_PLIES); game++) {
        if (gb_game_new(&g, variant, opts, seed + (uint64_t)game, &err) != GB_OK)
            fail_msg("%s %s: %s", variant, opts, err.msg);
        long plies = 0;
        while (!gb_is_over(g)) {
            plies_total++;
            if (++plies > bound)
                fail_msg("%s %s game %d: not over after %ld plies", variant, opts, game, bound);
            gb_move m;
            if (gb_random_move(g, &rng, &m) != GB_OK)
                fail_msg("%s %s game %d: no random move in phase %s", variant, opts, game, gb_phase(g));
            if (gb_play(g, &m, &err) != GB_OK)
                fail_msg("%s %s game %d ply %ld: %s", variant, opts, game, plies, err.msg);
            const gb_trace *t = gb_last_trace(g);
            if (t && t->laps > GB_LAP_LIMIT)
                fail_msg("%s %s: a ply of %d laps", variant, opts, t->laps);
            if (gb_ply(g) > max_plies)
                fail_msg("%s %s: ply %d in a round, over max-plies %ld", variant, opts, gb_ply(g), max_plies);
            if (gb_round(g) > max_rounds)
                fail_msg("%s %s: round %d, over max-rounds %ld", variant, opts, gb_round(g), max_rounds);
        }
        assert_true(gb_end_reason(g) != GB_END_NONE);
        assert_true(gb_winner(g) == GB_SOUTH || gb_winner(g) == GB_NORTH || gb_winner(g) == GB_DRAW);
        gb_game_free(g);
    }
}

static void test_every_game_every_option_ends(void **state)
{
    (void)state;
    for (int v = 0; v < gb_variant_count(); v++) {
        int sets = 0;
        const char *name = gb_variant_name(v);
        const gb_rules *r = gb_rules_find(name);
        assert_non_null(r);
        char all[512] = "";
        play_games(name, "", 1);
        sets++;
        for (int i = 0; i < r->num_options; i++) {
            const gb_option_def *d = &r->options[i];
            char opts[128];
            if (d->choices) {
                for (int c = 0; d->choices[c]; c++) {
                    snprintf(opts, sizeof opts, "%s=%s", d->key, d->choices[c]);
                    play_games(name, opts, (uint64_t)(100 * i + c + 2));
                    sets++;
                    if (!d->choices[c + 1])
                        snprintf(all + strlen(all), sizeof all - strlen(all), "%s%s", all[0] ? "," : "", opts);
                }
            } else {
                long values[2] = {d->min, d->def};
                for (int k = 0; k < 2; k++) {
                    snprintf(opts, sizeof opts, "%s=%ld", d->key, values[k]);
                    play_games(name, opts, (uint64_t)(100 * i + k + 50));
                    sets++;
                }
            }
        }
        if (all[0]) {
            play_games(name, all, 999);
            sets++;
        }
        print_message("%s: random games end within the bounds under %d option sets\n", name, sets);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_game_every_option_ends),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
