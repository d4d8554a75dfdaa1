/* test_words_ar.c — the end in words in Arabic, through the real catalog (po/ar.po, compiled by
 * the build into locale/ar/LC_MESSAGES/gabata.mo) and the translator gabata play hands the
 * library (cli_i18n_library): L'ab al-Akil's, Bulto's and Qelat's result lines, round texts
 * and match summaries are whole Arabic sentences. Arabic separates clauses with "،" and "؛"; a Latin "," or
 * ";" in them is a joint the library made in English, which no catalog can translate. The
 * positions are test_words.c's, where the English of each is worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <libintl.h>

#include "cli.h"
#include "helpers.h"
#include "i18n.h"

/* No Latin comma or semicolon, and some Arabic letters (the catalog was found). */
static void arabic(const char *what, const char *text)
{
    if (strpbrk(text, ",;"))
        fail_msg("%s has a Latin separator at \"%s\":\n  %s", what, strpbrk(text, ",;"), text);
    if (!strstr(text, "\xd8") && !strstr(text, "\xd9"))
        fail_msg("%s is not Arabic: %s", what, text);
    assert_true(valid_utf8(text));
}

static void result_ar(const gb_game *g, const char *what)
{
    char buf[2048];
    assert_true(gb_result_line(g, buf, sizeof buf) > 0);
    arabic(what, buf);
}
static void rounds_ar(const gb_game *g, int round, const char *what)
{
    char buf[2048];
    assert_true(gb_round_summary(g, round, buf, sizeof buf) > 0);
    arabic(what, buf);
    assert_true(gb_round_standing(g, round, buf, sizeof buf) > 0);
    arabic(what, buf);
}
static void match_ar(const gb_game *g, const char *what)
{
    char buf[4096];
    assert_true(gb_match_summary(g, buf, sizeof buf) > 0);
    arabic(what, buf);
}

/* The single round of L'ab al-Akil: by the rule (A10, one seed left) and at the ply cap (T3,
 * the seeds in play to their rows' owners), the reason then each side's seeds. */
static void test_akil_single(void **state)
{
    (void)state;
    gb_game *g = game_at("akil:rounds=1 board=1,1,0,0,0,0/1,0,0,0,1,0 stores=36,32 turn=S phase=sowing");
    play(g, "A");
    assert_true(gb_is_over(g));
    result_ar(g, "akil rounds=1, A10");
    gb_game_free(g);
    g = game_at("akil:rounds=1,max-plies=3 board=2,0,0,0,0,0/0,0,0,0,0,10 stores=40,20 turn=S "
                "phase=sowing ply=2");
    play(g, "A");
    assert_true(gb_is_over(g));
    result_ar(g, "akil rounds=1, T3");
    gb_game_free(g);
}

/* A match of two rounds, each ended by the ply cap, then the round cap (T3); and one won by
 * gains (A13). */
static void test_akil_match(void **state)
{
    (void)state;
    gb_game *g = game_at("akil:max-plies=3,max-rounds=2 board=2,0,0,0,0,0/0,0,0,0,0,10 stores=40,20 "
                         "turn=S phase=sowing ply=2");
    play(g, "A");
    rounds_ar(g, 1, "akil round 1");
    play(g, "layout:1,0,11,12,12,12,12,12,0,0,0,0");
    play(g, "keep");
    play(g, "A");
    assert_true(gb_is_over(g));
    result_ar(g, "akil match at its round cap");
    rounds_ar(g, 2, "akil round 2");
    match_ar(g, "akil match summary");
    gb_game_free(g);
    g = game_at("akil board=0,0,0,0,0,1/1,0,0,0,0,0 stores=40,30 turn=S phase=sowing round=3 "
                "aux=3 match=55,10");
    play(g, "F");
    assert_true(gb_is_over(g));
    result_ar(g, "akil A13");
    rounds_ar(g, 3, "akil round 3");
    match_ar(g, "akil A13 match summary");
    gb_game_free(g);
}

/* Bulto: B9 with bulto on both sides, and a game ended otherwise (T3) where North holds none. */
static void test_bulto(void **state)
{
    (void)state;
    gb_game *g = game_at("bulto board=0,0,8N,5,0,0,0,0,0,11/10S,0,6S,0,0,0,0,0,0,0 turn=N phase=open "
                         "over=rule");
    result_ar(g, "bulto B9");
    gb_game_free(g);
    g = game_at("bulto board=0,0,0,5,0,0,0,0,0,11/18S,0,6,0,0,0,0,0,0,0 turn=N phase=open over=cap");
    result_ar(g, "bulto T3");
    gb_game_free(g);
}

/* Qelat (test_words.c's positions): a round whose holes change hands (a list of labels), the
 * match at its round cap (T3), the match won by all 12 holes (Q10), and a single round
 * (rounds=1: the reason, then each side's earnings); and a single round at its ply cap (T3),
 * a ball in an ordinary hole. */
static void test_qelat(void **state)
{
    (void)state;
    gb_game *g = game_at("qelat:max-rounds=1 board=1,9N,0,0,0,0/0,0,20S,0,0,0 stores=10,8 turn=S");
    play(g, "A");
    assert_true(gb_is_over(g));
    result_ar(g, "qelat match at its round cap");
    rounds_ar(g, 1, "qelat round 1");
    match_ar(g, "qelat match summary");
    gb_game_free(g);
    g = game_at("qelat board=1,0N,0,0,0,0/0,0,40S,0,0,0 stores=7,0 turn=S own=SSSSSSSSNNNN "
                "round=2 aux=49 match=32,16");
    play(g, "A");
    assert_true(gb_is_over(g));
    result_ar(g, "qelat Q10");
    rounds_ar(g, 2, "qelat round 2");
    gb_game_free(g);
    g = game_at("qelat:rounds=1 board=1,9N,0,0,0,0/0,0,20S,0,0,0 stores=10,8 turn=S");
    play(g, "A");
    result_ar(g, "qelat rounds=1, Q6");
    gb_game_free(g);
    g = game_at("qelat:rounds=1,max-plies=1 board=1,3,0,0,0,0/2,0,0,0,0,0 stores=21,21 turn=S");
    play(g, "A");
    result_ar(g, "qelat rounds=1, T3");
    gb_game_free(g);
}

/* gabata play's laps (draw_trace): a lap of one stone and one of two say so in Arabic's
 * singular and dual, with no number after the word ("حجر واحد 1" read "one stone 1"), and the
 * pronoun of "its last" agrees (آخره, آخرهما). Qelat: South's A (1 ball) into North's ekwarna B
 * eats 2 (test_words.c's round); L'ab al-Akil: South's A (2 seeds) sows B and the empty C. */
static void lap_is(const char *position, const char *mv, const char *want)
{
    gb_game *g = game_at(position);
    play(g, mv);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    draw_trace(f, g, gb_history_move(g, gb_history_length(g) - 1), GB_SOUTH);
    fclose(f);
    if (!strstr(buf, want))
        fail_msg("the laps lack \"%s\":\n%s", want, buf);
    free(buf);
    gb_game_free(g);
}
static void test_lap_lines(void **state)
{
    (void)state;
    lap_is("qelat board=1,9N,0,0,0,0/0,0,20S,0,0,0 stores=10,8 turn=S", "A",
           "\n    A: حجر واحد، آخره في B: يأكل 2\n");
    lap_is("akil board=2,0,0,0,0,0/0,0,0,0,0,10 stores=40,20 turn=S phase=sowing ply=2", "A",
           "\n    A: حجران، آخرهما في C (كانت فارغة): تنتهي النقلة\n");
    /* the move's first line, its laps and stones counted: the same, "one lap" with no "(1)" */
    lap_is("qelat board=1,9N,0,0,0,0/0,0,20S,0,0,0 stores=10,8 turn=S", "A",
           "  الجنوب يلعب A: دورة واحدة، حجر واحد مبذور\n");
    lap_is("akil board=2,0,0,0,0,0/0,0,0,0,0,10 stores=40,20 turn=S phase=sowing ply=2", "A",
           "  الجنوب يلعب A: دورة واحدة، حجران مبذوران\n");
}

static int setup(void **state)
{
    (void)state;
    char lang[] = "--lang", ar[] = "ar", prog[] = "test_words_ar";
    char *argv[] = {prog, lang, ar, NULL};
    int argc = 3;
    if (cli_i18n_init(&argc, argv) != 0)
        return -1;
    bindtextdomain("gabata", GABATA_BUILD_LOCALEDIR); /* the build's catalogs, not an install's */
    cli_i18n_library();
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_akil_single),
        cmocka_unit_test(test_akil_match),
        cmocka_unit_test(test_bulto),
        cmocka_unit_test(test_qelat),
        cmocka_unit_test(test_lap_lines),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
