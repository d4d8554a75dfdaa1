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
    for (int i = 0; i < 4; i++) {
        const game_rules_text *t = rules_text(names[i]);
        assert_non_null(t);
        assert_non_null(strstr(t->terms, words[i]));
        assert_non_null(t->lines[0]);
    }
    assert_non_null(strstr(rules_text("qelat")->terms, "bét"));
    assert_non_null(strstr(rules_text("bulto")->terms, "mona"));
    assert_non_null(strstr(rules_text("bulto")->terms, "miné"));
    assert_null(rules_text("chess"));
    /* every option of every listed game has a line saying what it means */
    for (int v = 0; v < gb_variant_count(); v++)
        for (int i = 0; i < gb_variant_option_count(gb_variant_name(v)); i++) {
            gb_option_info oi;
            gb_variant_option(gb_variant_name(v), i, &oi);
            assert_non_null(option_text(oi.key));
        }
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
        int chosen = option_in_force(g, &oi, val, sizeof val);
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
    gb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sadeqa_options_as_in_rulings),
        cmocka_unit_test(unknown_and_out_of_range),
        cmocka_unit_test(every_option_value_starts_a_game),
        cmocka_unit_test(rules_text_for_the_four_games),
        cmocka_unit_test(options_in_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
