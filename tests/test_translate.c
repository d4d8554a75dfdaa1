/* test_translate.c — gb_set_translate (issue 22 §3): the library asks the front-end's
 * translator for the English of every text it composes for players, and fills in its numbers
 * after; a translation whose printf conversions differ from the English is not used (a bad
 * catalog cannot make printf read what is not there). The translations here are made up for
 * the test; the English they replace is the rules text of Sadeqa III (src/games/sadeqa/text.c)
 * and of every game (src/core/words.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "helpers.h"
#include "internal.h" /* gb_plural_count_index */

static const char *const table[][2] = {
    /* a rules line with no number: used as it is */
    {"Two rows of 8 mana with 6 daga in each (96 stones). Each player owns the row nearest him; "
     "South moves first.",
     "S1: 8 mana, 6 daga"},
    /* one with three: the same conversions, in the same order: used */
    {"A %s still going after %d plies (%s) ends there, scored as after a repetition.",
     "T3: %s / %d / %s"},
    {"game", "partie"},
    {"a ply is one move", "un coup"},
    /* a conversion too many: not used, the English is */
    {"A lap of sowing that goes all the way round drops a stone into the hole it was lifted from "
     "too.",
     "C5 %s"},
    /* an error (gb_fail): used; another with a %d for a %s: not used */
    {"unknown variant '%s'", "variante inconnue « %s »"},
    {"option %s given twice", "option %d deux fois"},
};

/* a translation longer than a rules line holds, in three-byte letters ("ሀ", U+1200) */
static char ethiopic[3 * GB_RULE_LINE_MAX];

static const char *fake(const char *english)
{
    if (strcmp(english, "A player with no move passes.") == 0 ||
        strncmp(english, "If the last stone falls into an occupied hole,", 46) == 0)
        return ethiopic;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i][0], english) == 0)
            return table[i][1];
    return english;
}

/* The rules line of a ruling, from gb_variant_rules_lines. */
static const char *line_of(gb_rule_line *lines, int n, const char *ruling)
{
    for (int i = 0; i < n; i++)
        if (strcmp(lines[i].ruling, ruling) == 0)
            return lines[i].text;
    return "(none)";
}

static void test_rules_lines(void **state)
{
    (void)state;
    gb_rule_line lines[GB_RULE_LINES_MAX];
    gb_error err;
    gb_set_translate(fake);
    int n = gb_variant_rules_lines("sadeqa", "", lines, GB_RULE_LINES_MAX, &err);
    assert_true(n > 0);
    assert_string_equal(line_of(lines, n, "S1 C1"), "S1: 8 mana, 6 daga");
    /* Sadeqa III's ply cap is 2000 by default (RULINGS T3, docs/sadeqa.md) */
    n = gb_variant_rules_lines("sadeqa", "max-plies=700", lines, GB_RULE_LINES_MAX, &err);
    assert_string_equal(line_of(lines, n, "T3 T5"), "T3: partie / 700 / un coup");
    assert_string_equal(line_of(lines, n, "C5"),
                        "A lap of sowing that goes all the way round drops a stone into the hole it "
                        "was lifted from too.");
    /* cut short at a whole letter: GB_RULE_LINE_MAX - 1 bytes hold 255 letters and two bytes
     * of one more, which are dropped */
    for (size_t i = 0; i + 3 < sizeof ethiopic; i += 3)
        memcpy(ethiopic + i, "\xe1\x88\x80", 3);
    n = gb_variant_rules_lines("sadeqa", "", lines, GB_RULE_LINES_MAX, &err);
    const char *cut = line_of(lines, n, "S3");
    assert_int_equal(strlen(cut), (GB_RULE_LINE_MAX - 1) / 3 * 3);
    assert_memory_equal(cut + strlen(cut) - 3, "\xe1\x88\x80", 3);
    /* the errors */
    gb_game *g = NULL;
    assert_int_not_equal(gb_variant_rules_lines("nosuch", "", lines, GB_RULE_LINES_MAX, &err), GB_OK);
    assert_string_equal(err.msg, "variante inconnue « nosuch »");
    assert_int_not_equal(gb_game_new(&g, "sadeqa", "seeds=4 seeds=6", 1, &err), GB_OK);
    assert_string_equal(err.msg, "option seeds given twice");
    /* NULL: English again */
    gb_set_translate(NULL);
    n = gb_variant_rules_lines("sadeqa", "", lines, GB_RULE_LINES_MAX, &err);
    assert_string_equal(line_of(lines, n, "S1 C1"),
                        "Two rows of 8 mana with 6 daga in each (96 stones). Each player owns the "
                        "row nearest him; South moves first.");
}

/* The full stop where the library joins sentences of its own: the catalog's "full-stop:."
 * (Amharic's and Tigrinya's "።"); a catalog entry without its prefix, or with nothing after
 * it, leaves ".". Qelat's round 2 of test_words.c's test_qelat_q10, whose English there reads
 * "...(Q6). South gains 4 holes..." and ends its match summary "...(Q7, Q10)." */
static const char *stop_text = "full-stop:\u1362";
static const char *fake_stop(const char *english)
{
    static const char *const marks[][2] = {{"  marks: ", "  MARKS: "},
                                           {"S: South's %s", "S: %s OF SOUTH"},
                                           {"N: North's %s", "N: %s OF NORTH"},
                                           {"list-comma:, ", "list-comma:; "},
                                           {"phase:play", "phase:LE JEU, PLUS DE HUIT OCTETS"},
                                           {"phase:sowing", "SEMIS"},
                                           {"colon:: ", "colon:= "}};
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
        if (strcmp(english, marks[i][0]) == 0)
            return marks[i][1];
    return strcmp(english, "full-stop:.") == 0 ? stop_text : english;
}

static void test_full_stop(void **state)
{
    (void)state;
    gb_game *g = game_at("qelat board=1,0N,0,0,0,0/0,0,40S,0,0,0 stores=7,0 turn=S own=SSSSSSSSNNNN "
                         "round=2 aux=49 match=32,16");
    char buf[2048];
    gb_set_translate(fake_stop);
    /* the board's legend of marks, its items in the language's words and list comma (English:
     * "  marks: S: South's ekwarna, N: North's ekwarna", test_words.c) */
    gb_board_text(g, GB_SOUTH, 0, buf, sizeof buf);
    assert_non_null(strstr(buf, "  MARKS: S: ekwarna OF SOUTH; N: ekwarna OF NORTH\n"));
    /* the phase in the status line: its word in the language, however long; a catalog entry
     * that lost its "phase:" is not used (L'ab al-Akil's sowing stays "sowing") */
    assert_non_null(strstr(buf, "  South to move (LE JEU, PLUS DE HUIT OCTETS, ply 0, round 2)\n"));
    gb_game *a = game_at("akil board=1,0,0,0,0,0/0,0,0,0,0,1 stores=35,35 turn=S phase=sowing");
    gb_board_text(a, GB_SOUTH, 0, buf, sizeof buf);
    assert_non_null(strstr(buf, "  South to move (sowing, ply 0"));
    gb_game_free(a);
    play(g, "A");
    assert_true(gb_round_summary(g, 2, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "(Q6)\u1362 South gains 4 holes"));
    /* the result line's colon before its reason: "South wins 12–0: South's earnings..." */
    assert_true(gb_result_line(g, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "South wins 12\u2013""0= South's earnings of 48"));
    assert_true(gb_match_summary(g, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "this game's start)\u1362\n"));
    assert_string_equal(buf + strlen(buf) - strlen("(Q7, Q10)\u1362"), "(Q7, Q10)\u1362");
    const char *bad[] = {"full-stop:", "\u1362", "stop:\u1362"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        stop_text = bad[i];
        gb_round_summary(g, 2, buf, sizeof buf);
        assert_non_null(strstr(buf, "(Q6). South gains 4 holes"));
    }
    gb_set_translate(NULL);
    gb_round_summary(g, 2, buf, sizeof buf);
    assert_non_null(strstr(buf, "(Q6). South gains 4 holes"));
    gb_game_free(g);
    /* Bulto's phases in English: the menager, then the miné phase (B2), whose name in position
     * strings is "mine" */
    assert_int_equal(gb_game_new(&g, "bulto", NULL, 1, NULL), GB_OK);
    gb_board_text(g, GB_SOUTH, 0, buf, sizeof buf);
    assert_non_null(strstr(buf, "  South to move (menager, ply 0)\n"));
    play(g, "A");
    assert_string_equal(gb_phase(g), "mine");
    gb_board_text(g, GB_SOUTH, 0, buf, sizeof buf);
    assert_non_null(strstr(buf, "  North to move (miné, ply 1)\n"));
    gb_game_free(g);
}

/* A translator that knows every English text: it wraps it in «…», so a refusal that was not
 * asked for in the language shows as bare English. */
static const char *wrap(const char *english)
{
    if (strcmp(english, "%s") == 0) /* no words: as a catalog leaves it */
        return english;
    static char buf[4][512];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "\u00ab%s\u00bb", english);
    return buf[k];
}

/* A move refused at its start hole: the reason names its rule (S2, Q2, Q4, A4, B3, B7), and
 * is asked for in the player's language. Bulto's were once neither (never in the catalogs). */
static void test_start_refusals(void **state)
{
    (void)state;
    static const struct {
        const char *position, *move, *says;
    } cases[] = {
        {"sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 stores=0,0 turn=S", "a",
         "\u00aba move starts from a hole of your own row (S2)\u00bb"},
        {"sadeqa board=0,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 stores=6,0 turn=S", "A",
         "\u00abthat hole is empty (S2)\u00bb"},
        {"qelat board=4,4,4,4,4,4/4,4,4,4,4,4 stores=0,0 turn=S", "a",
         "\u00aba move starts from a hole you own (Q2)\u00bb"},
        {"qelat board=0,4,4,4,4,4/4,4,4,4,4,4 stores=4,0 turn=S", "A",
         "\u00abthat hole is empty (Q2)\u00bb"},
        {"akil board=6,6,6,6,6,6/6,6,6,6,6,6 stores=0,0 turn=S phase=sowing", "a",
         "\u00aba move starts from a pit of your own row (A4)\u00bb"},
        {"akil board=0,6,6,6,6,6/6,6,6,6,6,6 stores=6,0 turn=S phase=sowing", "A",
         "\u00abthat pit is empty (A4)\u00bb"},
        {"bulto board=2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2 stores=0,0 turn=S", "a",
         "\u00aba move starts from a hole of your own row (B3)\u00bb"},
        {"bulto board=0,2,2,2,2,2,2,2,2,4N/2,2,2,2,2,2,2,2,2,2 stores=0,0 turn=S phase=open", "A",
         "\u00abthat hole is empty (B3)\u00bb"},
        {"bulto board=0,2,2,2,2,2,2,2,2,4N/2,2,2,2,2,2,2,2,2,2 stores=0,0 turn=S phase=open", "J",
         "\u00abthat hole is your opponent's bulto (B3)\u00bb"},
        /* B7: the empty B does not count; C's 2 does */
        {"bulto board=3,0,2,2,2,2,2,2,2,3/2,2,2,2,2,2,2,2,2,2 stores=0,0 turn=S phase=open", "A",
         "\u00abin the open phase a move may not start from a hole of 3 while another hole you "
         "could start from holds some other number (B7)\u00bb"},
    };
    int wrong = 0;
    gb_set_translate(wrap);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gb_game *g = game_at(cases[i].position);
        gb_error err = {0, ""};
        assert_int_equal(gb_play_text(g, cases[i].move, &err), GB_EILLEGAL);
        if (!strstr(err.msg, cases[i].says)) { /* inside "illegal move: %s" */
            print_error("%s, %s: \"%s\", want \"%s\"\n", cases[i].position, cases[i].move,
                        err.msg, cases[i].says);
            wrong++;
        }
        gb_game_free(g);
    }
    gb_set_translate(NULL);
    assert_int_equal(wrong, 0);
}

/* T1: a never-ending sowing refused under endless=illegal names its rule as every refusal does
 * ("(T1)", which the page turns into its why?), in the player's language, whether the move is
 * played (gb_play) or only asked about (gb_move_legal_text). The position is docs/sadeqa.md's:
 * North's f cycles for ever. */
static void test_never_ending_refused(void **state)
{
    (void)state;
    gb_game *g = game_at("sadeqa board=2,1,0,1,3,2,3,0/1,0,1,8,2,6,0,3 stores=0,0 turn=N");
    gb_error err = {0, ""};
    gb_move m;
    gb_set_translate(wrap);
    assert_int_equal(gb_play_text(g, "f", &err), GB_EILLEGAL);
    if (!strstr(err.msg, "\u00abits sowing never ends (T1)\u00bb"))
        fail_msg("gb_play_text: \"%s\"", err.msg);
    assert_int_equal(gb_move_legal_text(g, "f", &m, &err), GB_EILLEGAL);
    if (!strstr(err.msg, "\u00abits sowing never ends (T1)\u00bb"))
        fail_msg("gb_move_legal_text: \"%s\"", err.msg);
    gb_set_translate(NULL);
    gb_game_free(g);
}

/* B5: a refusal count past the offers names how many there are; "is" or "are" was put in
 * English into every language's sentence, so each count has its own sentence now. */
static const char *offers_fake(const char *english)
{
    static const char *const t[][2] = {
        {"this move refuses %u bulto but only %ld is offered (B5)", "REFUSES %u, ONE: %ld (B5)"},
        {"this move refuses %u bulto but only %ld are offered (B5)", "REFUSES %u, MANY: %ld (B5)"},
        {"this move refuses %u bulto but only %ld are offered before the sowing comes round (B5, "
         "T1)",
         "REFUSES %u, MANY: %ld, ROUND (B5, T1)"},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (strcmp(t[i][0], english) == 0)
            return t[i][1];
    return english;
}

static void test_refusals_past_the_offers(void **state)
{
    (void)state;
    gb_error err = {0, ""};
    gb_set_translate(offers_fake);
    /* lesson 1 of Bulto: I offers b alone; lesson 3's J offers a and b */
    gb_game *g = game_at("bulto board=2,0,3*,3*,0,0,0,0,3,1/3*,3,0,0,2,2,4,3*,5,6 turn=S phase=mine ply=5");
    assert_int_equal(gb_play_text(g, "I~2", &err), GB_EILLEGAL);
    if (!strstr(err.msg, "REFUSES 2, ONE: 1 (B5)"))
        fail_msg("I~2: \"%s\"", err.msg);
    gb_game_free(g);
    g = game_at("bulto board=2,0,3*,3*,0,0,0,0,0,1/3,3,0,2,3*,4,5,4,3*,4 turn=S phase=mine ply=9");
    assert_int_equal(gb_play_text(g, "J~3", &err), GB_EILLEGAL);
    if (!strstr(err.msg, "REFUSES 3, MANY: 2 (B5)"))
        fail_msg("J~3: \"%s\"", err.msg);
    gb_game_free(g);
    /* docs/bulto.md: after H h B g F c E a, South's I makes 143 offers before it comes round */
    g = game_new("bulto", NULL);
    const char *moves[] = {"H", "h", "B", "g", "F", "c", "E", "a"};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        play(g, moves[i]);
    assert_int_equal(gb_play_text(g, "I~144", &err), GB_EILLEGAL);
    if (!strstr(err.msg, "REFUSES 144, MANY: 143, ROUND (B5, T1)"))
        fail_msg("I~144: \"%s\"", err.msg);
    gb_game_free(g);
    gb_set_translate(NULL);
}

/* A move the legal list cannot hold (L'ab al-Akil's layout, A2) refused by the rules: its
 * "illegal move: " is in the player's language too, as every other refusal's is. */
static void test_layout_refused(void **state)
{
    (void)state;
    gb_game *g = game_new("akil", NULL);
    gb_error err = {0, ""};
    gb_set_translate(wrap);
    assert_int_equal(gb_play_text(g, "layout:1,1,1,1,1,1,1,1,1,1,1,1", &err), GB_EILLEGAL);
    assert_string_equal(err.msg, "\u00abillegal move: \u00aba layout places all 72 seeds (A2); these "
                                 "counts add up to 12\u00bb\u00bb");
    gb_set_translate(NULL);
    gb_game_free(g);
}

/* A match's line per round says how a round ended other than by the rule (T1-T3): that piece
 * is asked for in the language too (it was left in English), in Qelat and L'ab al-Akil. */
static void test_round_line_end(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *opts, *move;
    } cases[] = {
        {"qelat", "max-plies=1,max-rounds=1", "A"},
        {"akil", "max-plies=1,max-rounds=1", "layout:6,6,6,6,6,6,6,6,6,6,6,6"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gb_game *g = game_new(cases[i].variant, cases[i].opts);
        play(g, cases[i].move);
        assert_true(gb_is_over(g));
        char buf[2048];
        gb_set_translate(wrap);
        assert_true(gb_match_summary(g, buf, sizeof buf) > 0);
        gb_set_translate(NULL);
        if (!strstr(buf, "\u00ab (the ply limit, T3)\u00bb"))
            fail_msg("%s: %s", cases[i].variant, buf);
        gb_game_free(g);
    }
}

/* ---- a count's plural forms (gb_set_translate_plural) ----
 * A fake plural translator: it keeps what it was asked (the English singular and plural, and
 * n), and answers "[n=N] " before the English form for n, so the text shows the n it was given;
 * or, for `bad_singular`, the form `bad_form` (a bad catalog's). */
static struct {
    char singular[256], plural[256];
    unsigned long n;
    int calls;
} asked;
static const char *bad_singular, *bad_form;

static const char *fake_plural(const char *singular, const char *plural, unsigned long n)
{
    static char buf[8][512];
    static int k;
    snprintf(asked.singular, sizeof asked.singular, "%s", singular);
    snprintf(asked.plural, sizeof asked.plural, "%s", plural);
    asked.n = n;
    asked.calls++;
    if (bad_singular && strcmp(singular, bad_singular) == 0)
        return bad_form;
    k = (k + 1) % 8;
    snprintf(buf[k], sizeof buf[k], "[n=%lu] %s", n, n == 1 ? singular : plural);
    return buf[k];
}

/* The library asks with the count's own value: the holes gained, the rounds played, the offers
 * of Bulto (not the refusals, the text's first number), the ply cap of a rules line, the stones
 * left (S5); and the count is the conversion the page reads it from (gb_plural_count_index). */
static void test_plural_asks_with_n(void **state)
{
    (void)state;
    char buf[2048];
    gb_error err = {0, ""};
    gb_set_translate_plural(fake_plural);
    /* Qelat's round 2 of test_full_stop: South gains 4 holes (A, a, b, c) */
    gb_game *g = game_at("qelat board=1,0N,0,0,0,0/0,0,40S,0,0,0 stores=7,0 turn=S own=SSSSSSSSNNNN "
                         "round=2 aux=49 match=32,16");
    play(g, "A");
    asked.calls = 0;
    assert_true(gb_round_summary(g, 2, buf, sizeof buf) > 0);
    assert_int_equal(asked.calls, 1);
    assert_string_equal(asked.singular, "%s gains %d hole from %s (%s; Q7, Q8)");
    assert_string_equal(asked.plural, "%s gains %d holes from %s (%s; Q7, Q8)");
    assert_int_equal(asked.n, 4);
    assert_non_null(strstr(buf, "[n=4] South gains 4 holes from North ("));
    /* the match's summary: 2 rounds, then the standing's 8 holes of South's (12 - 4) */
    assert_true(gb_match_summary(g, buf, sizeof buf) > 0);
    assert_true(strncmp(buf, "[n=2] 2 rounds: ", 16) == 0);
    gb_game_free(g);
    /* Bulto's B5: the count is the offers (%ld), not the refusals (%u) */
    g = game_at("bulto board=2,0,3*,3*,0,0,0,0,0,1/3,3,0,2,3*,4,5,4,3*,4 turn=S phase=mine ply=9");
    assert_int_equal(gb_play_text(g, "J~3", &err), GB_EILLEGAL);
    assert_int_equal(asked.n, 2);
    assert_non_null(strstr(err.msg, "[n=2] this move refuses 3 bulto but only 2 are offered (B5)"));
    gb_game_free(g);
    g = game_at("bulto board=2,0,3*,3*,0,0,0,0,3,1/3*,3,0,0,2,2,4,3*,5,6 turn=S phase=mine ply=5");
    assert_int_equal(gb_play_text(g, "I~2", &err), GB_EILLEGAL);
    assert_int_equal(asked.n, 1);
    assert_non_null(strstr(err.msg, "[n=1] this move refuses 2 bulto but only 1 is offered (B5)"));
    gb_game_free(g);
    /* a rules line: the ply cap */
    gb_rule_line lines[GB_RULE_LINES_MAX];
    int n = gb_variant_rules_lines("sadeqa", "max-plies=700", lines, GB_RULE_LINES_MAX, &err);
    assert_string_equal(line_of(lines, n, "T3 T5"),
                        "[n=700] A game still going after 700 plies (a ply is one move) ends there, "
                        "scored as after a repetition.");
    n = gb_variant_rules_lines("sadeqa", "max-plies=1", lines, GB_RULE_LINES_MAX, &err);
    assert_string_equal(line_of(lines, n, "T3 T5"),
                        "[n=1] A game still going after 1 ply (a ply is one move) ends there, scored "
                        "as after a repetition.");
    /* S5: test_words.c's 11 stones left to North */
    g = game_at("sadeqa board=0,0,0,0,0,0,0,0/1,0,10,0,0,0,0,0 stores=34,51 turn=N");
    play(g, "a");
    assert_true(gb_result_line(g, buf, sizeof buf) > 0);
    assert_int_equal(asked.n, 11);
    assert_string_equal(buf, "North wins 62\u2013""34: [n=11] the 11 stones left in holes go to North, "
                             "who moved last (S5)");
    gb_game_free(g);
    /* the count's conversion, as the page and tools/i18n-check read it */
    assert_int_equal(gb_plural_count_index("%s gains %d hole from %s (%s; Q7, Q8)",
                                           "%s gains %d holes from %s (%s; Q7, Q8)"), 1);
    assert_int_equal(gb_plural_count_index("this move refuses %u bulto but only %ld is offered (B5)",
                                           "this move refuses %u bulto but only %ld are offered (B5)"), 1);
    assert_int_equal(gb_plural_count_index("%d round", "%d rounds"), 0);
    assert_int_equal(gb_plural_count_index("%s owns %d hole, %s %d", "%s owns %d holes, %s %d"), 1);
    assert_int_equal(gb_plural_count_index("no %s here", "none %s here"), -1);
    gb_set_translate_plural(NULL);
}

/* A bad catalog's form is not used: the English is (vsnprintf never reads an argument that is
 * not there); a form may leave out the count only when the count is the last conversion. */
static void test_plural_bad_forms(void **state)
{
    (void)state;
    char buf[2048];
    static const struct {
        const char *form, *want; /* want: a piece of the round's text */
    } cases[] = {
        /* %s for the count's %d: would read an int as a pointer */
        {"%s GAINS %s FROM %s (%s)", "South gains 4 holes from North ("},
        /* the count left out, but it is not the last conversion: the rest would shift */
        {"%s GAINS HOLES FROM %s (%s)", "South gains 4 holes from North ("},
        /* one conversion too many */
        {"%s GAINS %d FROM %s (%s) %s", "South gains 4 holes from North ("},
        /* a positional one */
        {"%2$d %1$s GAINS FROM %3$s (%4$s)", "South gains 4 holes from North ("},
        /* empty: English */
        {"", "South gains 4 holes from North ("},
        /* good: used */
        {"%s GAINS %d FROM %s (%s)", "South GAINS 4 FROM North ("},
    };
    gb_game *g = game_at("qelat board=1,0N,0,0,0,0/0,0,40S,0,0,0 stores=7,0 turn=S own=SSSSSSSSNNNN "
                         "round=2 aux=49 match=32,16");
    play(g, "A");
    gb_set_translate_plural(fake_plural);
    bad_singular = "%s gains %d hole from %s (%s; Q7, Q8)";
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bad_form = cases[i].form;
        assert_true(gb_round_summary(g, 2, buf, sizeof buf) > 0);
        if (!strstr(buf, cases[i].want))
            fail_msg("form \"%s\": %s", cases[i].form, buf);
    }
    bad_form = NULL; /* NULL: English */
    assert_true(gb_round_summary(g, 2, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "South gains 4 holes from North"));
    /* the count left out where it is the last conversion: used ("two rounds" in words) */
    bad_singular = "%d round";
    bad_form = "TWO ROUNDS";
    assert_true(gb_match_summary(g, buf, sizeof buf) > 0);
    assert_true(strncmp(buf, "TWO ROUNDS: ", 12) == 0);
    bad_form = "%u ROUNDS"; /* %u for %d: not the same conversion */
    assert_true(gb_match_summary(g, buf, sizeof buf) > 0);
    assert_true(strncmp(buf, "2 rounds: ", 10) == 0);
    gb_game_free(g);
    /* Bulto: the offers (%ld), last, left out; the refusals' %u kept */
    g = game_at("bulto board=2,0,3*,3*,0,0,0,0,0,1/3,3,0,2,3*,4,5,4,3*,4 turn=S phase=mine ply=9");
    gb_error err = {0, ""};
    bad_singular = "this move refuses %u bulto but only %ld is offered (B5)";
    bad_form = "REFUSES %u, TWO OFFERED (B5)";
    assert_int_equal(gb_play_text(g, "J~3", &err), GB_EILLEGAL);
    assert_non_null(strstr(err.msg, "REFUSES 3, TWO OFFERED (B5)"));
    bad_form = "TWO OFFERED (B5)"; /* the refusals' %u left out: not the count */
    assert_int_equal(gb_play_text(g, "J~3", &err), GB_EILLEGAL);
    assert_non_null(strstr(err.msg, "this move refuses 3 bulto but only 2 are offered (B5)"));
    gb_game_free(g);
    bad_singular = bad_form = NULL;
    /* no plural translator: the single one is asked for the English of n, as before */
    gb_set_translate_plural(NULL);
    gb_set_translate(offers_fake);
    g = game_at("bulto board=2,0,3*,3*,0,0,0,0,0,1/3,3,0,2,3*,4,5,4,3*,4 turn=S phase=mine ply=9");
    assert_int_equal(gb_play_text(g, "J~3", &err), GB_EILLEGAL);
    assert_non_null(strstr(err.msg, "REFUSES 3, MANY: 2 (B5)"));
    gb_game_free(g);
    gb_set_translate(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_lines),
        cmocka_unit_test(test_full_stop),
        cmocka_unit_test(test_start_refusals),
        cmocka_unit_test(test_never_ending_refused),
        cmocka_unit_test(test_refusals_past_the_offers),
        cmocka_unit_test(test_layout_refused),
        cmocka_unit_test(test_round_line_end),
        cmocka_unit_test(test_plural_asks_with_n),
        cmocka_unit_test(test_plural_bad_forms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
