/* test_catalog.c — the catalogue of games for menus (gb_variant_option, src/catalog.c) and the
 * rules text table of the clients (cli/rules.c). Expected values are RULINGS' (S1, §0, T1, T3). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli.h"

static void sadeqa_options_as_in_rulings(void **state)
{
    (void)state;
    assert_int_equal(gb_variant_rows("sadeqa"), 8);
    assert_int_equal(gb_variant_option_count("sadeqa"), 4);
    gb_option_info oi;
    /* S1: seeds=6|4, 6 the default */
    assert_int_equal(gb_variant_option("sadeqa", 0, &oi), GB_OK);
    assert_string_equal(oi.key, "seeds");
    assert_non_null(oi.choices);
    assert_string_equal(oi.choices[0], "6");
    assert_string_equal(oi.choices[1], "4");
    assert_null(oi.choices[2]);
    /* T3: max-plies=N, default 5000 */
    int found = 0;
    for (int i = 0; i < gb_variant_option_count("sadeqa"); i++) {
        assert_int_equal(gb_variant_option("sadeqa", i, &oi), GB_OK);
        if (strcmp(oi.key, "max-plies") == 0) {
            found = 1;
            assert_null(oi.choices);
            assert_int_equal(oi.def, 5000);
            assert_true(oi.min >= 1);
        }
        if (strcmp(oi.key, "skip-origin") == 0) /* §0: no|yes, no the default */
            assert_string_equal(oi.choices[0], "no");
        if (strcmp(oi.key, "endless") == 0) /* T1: illegal|ends-game */
            assert_string_equal(oi.choices[0], "illegal");
    }
    assert_true(found);
}

static void unknown_and_out_of_range(void **state)
{
    (void)state;
    gb_option_info oi;
    assert_int_equal(gb_variant_option_count("chess"), -1);
    assert_int_equal(gb_variant_rows("chess"), 0);
    assert_int_equal(gb_variant_option("chess", 0, &oi), GB_EINVAL);
    assert_int_equal(gb_variant_option("sadeqa", -1, &oi), GB_EINVAL);
    assert_int_equal(gb_variant_option("sadeqa", 4, &oi), GB_EINVAL);
    assert_int_equal(gb_variant_option(NULL, 0, &oi), GB_EINVAL);
}

/* Every listed game's options are the ones gb_game_new takes: each choice, and each number's
 * bounds, starts a game; one past a bound does not. */
static void every_option_value_starts_a_game(void **state)
{
    (void)state;
    for (int v = 0; v < gb_variant_count(); v++) {
        const char *name = gb_variant_name(v);
        assert_true(gb_variant_rows(name) >= 6);
        for (int i = 0; i < gb_variant_option_count(name); i++) {
            gb_option_info oi;
            assert_int_equal(gb_variant_option(name, i, &oi), GB_OK);
            char opt[96];
            gb_game *g;
            gb_error err;
            if (oi.choices) {
                for (int c = 0; oi.choices[c]; c++) {
                    snprintf(opt, sizeof opt, "%s=%s", oi.key, oi.choices[c]);
                    assert_int_equal(gb_game_new(&g, name, opt, 1, &err), GB_OK);
                    gb_game_free(g);
                }
            } else {
                long vals[] = {oi.min, oi.max, oi.def};
                for (int k = 0; k < 3; k++) {
                    snprintf(opt, sizeof opt, "%s=%ld", oi.key, vals[k]);
                    assert_int_equal(gb_game_new(&g, name, opt, 1, &err), GB_OK);
                    gb_game_free(g);
                }
                snprintf(opt, sizeof opt, "%s=%ld", oi.key, oi.max + 1);
                assert_int_equal(gb_game_new(&g, name, opt, 1, &err), GB_EINVAL);
            }
        }
    }
}

static void rules_text_for_the_four_games(void **state)
{
    (void)state;
    const char *names[] = {"sadeqa", "qelat", "akil", "bulto"};
    const char *words[] = {"mana", "ekwarna", "tebweez", "bulto"};
    gb_rules_text t;
    for (int i = 0; i < 4; i++) {
        assert_int_equal(gb_variant_rules_text(names[i], &t), GB_OK);
        assert_non_null(strstr(t.words, words[i]));
        assert_non_null(t.rules[0]);
    }
    gb_variant_rules_text("qelat", &t);
    assert_non_null(strstr(t.words, "bét"));
    /* who plays Qelat and where, in the project's words (the seed's sentence had been taken
     * over nearly as it stands) */
    assert_non_null(strstr(t.origin, "herders watering their cattle"));
    gb_variant_rules_text("bulto", &t);
    assert_non_null(strstr(t.words, "mona"));
    assert_non_null(strstr(t.words, "miné"));
    /* Bulto's players, likewise in our own words (the seed quotes Pankhurst) */
    assert_non_null(strstr(t.origin, "stretched out on the ground"));
    assert_int_equal(gb_variant_rules_text("chess", &t), GB_EINVAL);
    /* every option of every listed game has a line saying what it means, and its ruling */
    for (int v = 0; v < gb_variant_count(); v++)
        for (int i = 0; i < gb_variant_option_count(gb_variant_name(v)); i++) {
            gb_option_info oi;
            gb_variant_option(gb_variant_name(v), i, &oi);
            assert_non_null(oi.help);
            assert_non_null(oi.ruling);
        }
    /* an option named alike in two games is explained by each game for itself: Qelat's rounds
     * (Q10) are decided by earnings, L'ab al-Akil's (A13) by seeds */
    gb_option_info q, a;
    for (int i = 0; i < gb_variant_option_count("qelat"); i++)
        if (gb_variant_option("qelat", i, &q) == GB_OK && strcmp(q.key, "rounds") == 0)
            break;
    for (int i = 0; i < gb_variant_option_count("akil"); i++)
        if (gb_variant_option("akil", i, &a) == GB_OK && strcmp(a.key, "rounds") == 0)
            break;
    assert_string_equal(q.ruling, "Q10");
    assert_string_equal(a.ruling, "A13");
    assert_string_not_equal(q.help, a.help);
}

static void options_in_force(void **state)
{
    (void)state;
    gb_game *g;
    gb_error err;
    assert_int_equal(gb_game_new(&g, "sadeqa", "seeds=4 max-plies=77", 1, &err), GB_OK);
    char val[32];
    gb_option_info oi;
    for (int i = 0; i < gb_variant_option_count("sadeqa"); i++) {
        gb_variant_option("sadeqa", i, &oi);
        int chosen = gb_option_value(g, oi.key, val, sizeof val);
        if (strcmp(oi.key, "seeds") == 0) {
            assert_int_equal(chosen, 1);
            assert_string_equal(val, "4");
        } else if (strcmp(oi.key, "max-plies") == 0) {
            assert_int_equal(chosen, 1);
            assert_string_equal(val, "77");
        } else if (strcmp(oi.key, "skip-origin") == 0) {
            assert_int_equal(chosen, 0);
            assert_string_equal(val, "no");
        }
    }
    assert_int_equal(gb_option_value(g, "enemy", val, sizeof val), GB_EINVAL); /* Qelat's */
    assert_int_equal(gb_option_value(g, NULL, val, sizeof val), GB_EINVAL);
    gb_game_free(g);
}

/* The words of each game by function (gb_mark_name, gb_event_name): what the state JSON and the
 * protocol write, from the games' own vocabularies (Q3/Q4 ekwarna and eat, B2 miné, B4 bulto,
 * B5 refusals); a game without words of its own gets the shared ones. */
static void words_by_function(void **state)
{
    (void)state;
    gb_game *q, *b, *s;
    assert_int_equal(gb_game_new(&q, "qelat", NULL, 1, NULL), GB_OK);
    assert_int_equal(gb_game_new(&b, "bulto", NULL, 1, NULL), GB_OK);
    assert_int_equal(gb_game_new(&s, "sadeqa", NULL, 1, NULL), GB_OK);
    assert_string_equal(gb_mark_name(q, GB_MARK_HELD_N), "ekwarna");
    assert_string_equal(gb_mark_name(b, GB_MARK_HELD_S), "bulto");
    assert_string_equal(gb_mark_name(b, GB_MARK_DORMANT), "mine");
    assert_string_equal(gb_mark_word(b, GB_MARK_DORMANT), "miné"); /* B2, as players write it */
    assert_string_equal(gb_mark_word(q, GB_MARK_HELD_S), "ekwarna");
    assert_null(gb_mark_name(q, GB_MARK_NONE));
    assert_null(gb_mark_name(q, 99));
    assert_string_equal(gb_event_name(q, GB_EV_RAID), "eat");
    assert_string_equal(gb_event_name(q, GB_EV_CLAIM), "ekwarna");
    assert_string_equal(gb_event_name(b, GB_EV_CLAIM), "bulto");
    assert_string_equal(gb_event_name(b, GB_EV_DECLINE), "refuse");
    assert_string_equal(gb_event_name(s, GB_EV_CAPTURE), "capture");
    assert_null(gb_event_name(s, GB_EV_COUNT));
    assert_null(gb_event_name(s, -1));
    /* the laps in words (Q3, A6, B6 with a run of two), placeholders filled by hand */
    char said[128];
    gb_lap eat = {.from = 0, .to = 7, .event = GB_EV_RAID, .other = 7, .stones = 7, .value = 2};
    gb_lap cap = {.from = 2, .to = 8, .event = GB_EV_CAPTURE, .other = 7, .stones = 8, .value = 8};
    gb_lap run = {.from = 3, .to = 12, .event = GB_EV_CLAIM, .other = 12, .stones = 9, .value = 2};
    gb_lap bad = {.event = GB_EV_COUNT};
    assert_true(gb_lap_describe(q, &eat, said, sizeof said) > 0);
    assert_string_equal(said, ": eats 2");
    assert_true(gb_lap_describe(s, &cap, said, sizeof said) > 0);
    assert_string_equal(said, " (was empty): captures 8 from H"); /* hole 7 of Sadeqa III is H */
    assert_true(gb_lap_describe(b, &run, said, sizeof said) > 0);
    assert_string_equal(said, ": makes 2 bulto at once, from c on"); /* hole 12 of Bulto is c */
    assert_int_equal(gb_lap_describe(b, &bad, said, sizeof said), GB_EINVAL);
    assert_true(gb_lap_describe(q, &eat, said, 4) == 3); /* cut short, terminated */
    assert_string_equal(said, ": e");
    assert_string_equal(gb_move_kind_name(s, GB_MOVE_SOW), "sow");
    assert_string_equal(gb_move_kind_name(s, GB_MOVE_LAYOUT), "layout");
    assert_null(gb_move_kind_name(s, GB_MOVE_KIND_COUNT));
    gb_game_free(q);
    gb_game_free(b);
    gb_game_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sadeqa_options_as_in_rulings),
        cmocka_unit_test(unknown_and_out_of_range),
        cmocka_unit_test(every_option_value_starts_a_game),
        cmocka_unit_test(rules_text_for_the_four_games),
        cmocka_unit_test(options_in_force),
        cmocka_unit_test(words_by_function),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
