/* test_rules_text.c — the rules for players, complete for the options in force (gb_rules_lines,
 * issue 22 §2), through the public header only. The phrases expected were taken by hand from
 * RULINGS.md, rule by rule and option value by option value (who sows first after keep or turn,
 * A3; the two-seed ending, A12; repetition, T2; Qelat's owned holes and next starter, Q8 Q9;
 * Bulto's B7 and how a refusal count is written, B5); the code's wording is not consulted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gabata.h"

static const char *const games[] = {"sadeqa", "qelat", "akil", "bulto"};

/* The lines of a variant under options, joined by "\n" (every line ends with one). */
static int lines(const char *v, const char *opts, gb_rule_line *out)
{
    gb_error err = {0, ""};
    int n = gb_variant_rules_lines(v, opts, out, GB_RULE_LINES_MAX, &err);
    if (n < 0)
        fail_msg("%s %s: %s", v, opts, err.msg);
    assert_true(n > 0 && n <= GB_RULE_LINES_MAX);
    return n;
}
static char *joined(const char *v, const char *opts)
{
    static char buf[GB_RULE_LINES_MAX * GB_RULE_LINE_MAX];
    gb_rule_line l[GB_RULE_LINES_MAX];
    int n = lines(v, opts, l);
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        strcat(buf, l[i].text);
        strcat(buf, "\n");
    }
    return buf;
}

/* ---- what each option value changes, in the words a player reads ---- */
typedef struct {
    const char *variant, *options;
    const char *says;     /* a phrase some line must hold */
    const char *not_says; /* a phrase no line may hold, or NULL */
} expect;

static const expect expects[] = {
    /* S1 */
    {"sadeqa", "", "6 daga", "4 daga"},
    {"sadeqa", "seeds=4", "4 daga", "6 daga"},
    {"sadeqa", "", "South moves first", NULL},
    {"sadeqa", "", "the capturing stone stays", NULL}, /* S4 */
    {"sadeqa", "", "the player who moved last", NULL}, /* S5 */
    {"sadeqa", "", "equal is a draw", NULL},
    {"sadeqa", "", "owner of the row they lie in", NULL}, /* T2: a row's stones to its owner */
    /* Q3 enemy */
    {"qelat", "", "that your opponent owns hold exactly 4", "whoever owns it"},
    {"qelat", "enemy=row", "in your opponent's row hold exactly 4 (whoever owns it)", NULL},
    /* Q3 after-eat */
    {"qelat", "", "then you play again", NULL},
    {"qelat", "after-eat=end", "takings; the move ends", "play again"},
    {"qelat", "", "lagadi yekura", NULL},
    {"qelat", "", "qunna", NULL},
    {"qelat", "", "A player with no move passes", NULL}, /* Q5 */
    {"qelat", "", "no ball lies outside the ekwarna", NULL}, /* Q6 */
    /* Q7, Q8: who owns which hole, before it happens */
    {"qelat", "", "four to a hole", NULL},
    {"qelat", "", "2 and 2 draw lots", NULL},
    {"qelat", "", "fewer holes owns his from his own rightmost hole", "more holes takes his first"},
    {"qelat", "layout=winner-first", "more holes takes his first", "fewer holes owns"},
    /* the clarifications of Q8: at 6-6 each owns his own row, whichever layout */
    {"qelat", "", "At 6 each, each owns his own row.", NULL},
    {"qelat", "layout=winner-first", "At 6 each, each owns his own row.", NULL},
    /* Q9 */
    {"qelat", "", "The loser of a round", "alternate"},
    {"qelat", "", "even round", NULL},
    {"qelat", "next-starter=alternate", "alternate", "loser"},
    /* Q10 */
    {"qelat", "", "owns all 12 holes", "single round"},
    {"qelat", "rounds=1", "single round", "all 12 holes"},
    {"qelat", "rounds=1", "equal earnings is a draw", NULL},
    /* Q11 match-repeat: a round that would begin as an earlier one began */
    {"qelat", "", "the match plays on", "the match ends: more holes wins"},
    {"qelat", "match-repeat=ends", "the match ends: more holes wins, equal is a draw", "plays on"},
    {"qelat", "rounds=1 match-repeat=ends", "single round", "an earlier round began"},
    /* T2 in Qelat: a hole's balls to its owner, an ekwarna's to its maker */
    {"qelat", "", "ordinary hole go to its owner", NULL},
    /* A2 */
    {"akil", "", "tebweez", NULL},
    {"akil", "", "as he likes; any pit may stay empty", "same letter"},
    /* A-C3: ring pit i with ring pit i+6, each row counted from its owner's left; not the pit
     * across (a reader of "the same place" took it for that) */
    {"akil", "tebweez=mirrored", "the pit with the same letter in the other row does (A and a, B and b", "same place"},
    /* A3: who sows first after keep or turn */
    {"akil", "", "If he keeps his row, he sows first; if he turns the board, the distributor sows "
                 "first", NULL},
    {"akil", "starter=chooser", "the chooser sows first", "the distributor sows first"},
    /* A6 */
    {"akil", "", "sown by the same lap", "past the lap's first pit"},
    {"akil", "chain=unlimited", "past the lap's first pit", "sown by the same lap"},
    /* A8 */
    {"akil", "", "your whole turn is to feed", "then sow"},
    {"akil", "feed=then-sow", "then sow", "whole turn"},
    {"akil", "", "A player with no move passes", NULL}, /* A9 */
    {"akil", "", "one seed or none is left", NULL},     /* A10 */
    /* A12: the two-seed ending */
    {"akil", "", "repeats with only two seeds left", "as soon as only two seeds"},
    {"akil", "two-seeds=at-once", "as soon as only two seeds are left", "repeats with only two"},
    {"akil", "", "each player gets one", NULL},
    /* A11 */
    {"akil", "", "36–36 is a draw", NULL},
    {"akil", "rounds=1", "36–36 is a draw", NULL},
    {"akil", "", "what he has over 36", "difference"},
    {"akil", "gain=difference", "difference", "over 36"},
    /* A13 */
    {"akil", "", "the first to reach 60 wins the match", "single round"},
    {"akil", "", "The loser of a round lays out the next", NULL},
    {"akil", "", "after a drawn round, the player who did not lay it out", NULL},
    {"akil", "rounds=1", "single round", "60"},
    /* B1, B2 */
    {"bulto", "", "South moves first", NULL},
    {"bulto", "", "menager", NULL},
    {"bulto", "", "13 holes of three: the miné", NULL},
    /* B4 right rule */
    /* B-C4: against the bulto held before the move, so a run of several (B6) may be made at once,
     * each to the left of the one before it */
    {"bulto", "", "must lie to the right of all the bulto you had before this move", "anywhere"},
    {"bulto", "right-rule=none", "anywhere", "to the right"},
    /* B5: refusing, and how a move says it */
    {"bulto", "", "You may refuse a bulto", NULL},
    /* B-C5: refusing a run of several (B6) skips only its first hole; the next is judged afresh */
    {"bulto", "", "refusing several at once skips only the first hole", NULL},
    {"bulto", "", "C takes the first bulto offered", NULL},
    {"bulto", "", "C~2 refuses the first 2", NULL},
    /* B7 as clarified: the holes he could start from are his non-empty, non-bulto ones */
    {"bulto", "", "every non-empty hole of yours that is not a bulto holds three", "all yours"},
    /* B9, in the project's words */
    {"bulto", "", "A player's score is the stones of his bulto plus the stones of his own row that are "
                  "not in his opponent's bulto", NULL},
    /* B9, also after a repetition */
    {"bulto", "", "stones of his bulto", NULL},
    {"bulto", "", "scored the same way", NULL},
};

static void each_option_value_is_told(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof expects / sizeof expects[0]; i++) {
        const expect *e = &expects[i];
        const char *text = joined(e->variant, e->options);
        if (!strstr(text, e->says))
            fail_msg("%s '%s' does not say \"%s\":\n%s", e->variant, e->options, e->says, text);
        if (e->not_says && strstr(text, e->not_says))
            fail_msg("%s '%s' says \"%s\":\n%s", e->variant, e->options, e->not_says, text);
    }
}

/* The shared options (§0, T1, T2, T3) in every game, each value told. */
static void shared_options_in_every_game(void **state)
{
    (void)state;
    for (int g = 0; g < 4; g++) {
        const char *v = games[g];
        const char *unit = strcmp(v, "qelat") == 0 || strcmp(v, "akil") == 0 ? "round" : "game";
        char want[128];
        char *t = joined(v, "");
        assert_non_null(strstr(t, "repeats")); /* T2 */
        assert_non_null(strstr(t, "lifted from too")); /* skip-origin=no */
        assert_null(strstr(t, "skips the hole"));
        assert_non_null(strstr(t, "may not be played")); /* endless=illegal */
        assert_non_null(strstr(t, "5000 plies")); /* T3 */
        t = joined(v, "skip-origin=yes");
        assert_non_null(strstr(t, "skips the hole it was lifted from"));
        t = joined(v, "endless=ends-game");
        snprintf(want, sizeof want, "ends the %s at once", unit);
        assert_non_null(strstr(t, want));
        assert_null(strstr(t, "may not be played"));
        t = joined(v, "max-plies=123");
        assert_non_null(strstr(t, "123 plies"));
        assert_null(strstr(t, "5000"));
        /* T4: no move, as the game's own rule says */
        t = joined(v, "");
        assert_non_null(strstr(t, strcmp(unit, "round") == 0 ? "only such sowings passes"
                                                              : "only such sowings has no move"));
    }
    for (int g = 1; g <= 2; g++) { /* the match games: max-rounds (T3) */
        assert_non_null(strstr(joined(games[g], ""), "after 200 rounds"));
        assert_non_null(strstr(joined(games[g], "max-rounds=77"), "after 77 rounds"));
        assert_null(strstr(joined(games[g], "rounds=1"), "rounds ends"));
    }
}

/* A ruling id as RULINGS writes them: S4, Q10, T1, A-C3, B-C11, §3 (a hole label such as "C"
 * or the move "C~2" is not one). */
static int ruling_at(const char *s, const char *start)
{
    if (s > start && ((s[-1] >= 'A' && s[-1] <= 'Z') || (s[-1] >= 'a' && s[-1] <= 'z') ||
                      (s[-1] >= '0' && s[-1] <= '9')))
        return 0;
    if (!strchr("STQABC", *s) || !*s)
        return 0;
    if (s[1] >= '0' && s[1] <= '9')
        return 1;
    return s[1] == '-' && s[2] == 'C' && s[3] >= '0' && s[3] <= '9';
}

/* Every line of every game for every value of every option: short, plain, no ruling in the text;
 * its rulings beside it. */
static void every_line_is_short_and_plain(void **state)
{
    (void)state;
    for (int g = 0; g < 4; g++) {
        const char *v = games[g];
        int no = gb_variant_option_count(v);
        for (int k = -1; k < no; k++) {
            gb_option_info oi = {0};
            if (k >= 0)
                assert_int_equal(gb_variant_option(v, k, &oi), GB_OK);
            for (int c = 0; k < 0 ? c < 1 : oi.choices ? oi.choices[c] != NULL : c < 2; c++) {
                char opts[64] = "";
                if (k >= 0 && oi.choices)
                    snprintf(opts, sizeof opts, "%s=%s", oi.key, oi.choices[c]);
                else if (k >= 0)
                    snprintf(opts, sizeof opts, "%s=%ld", oi.key, c ? oi.max : oi.min);
                gb_rule_line l[GB_RULE_LINES_MAX];
                int n = lines(v, opts, l);
                for (int i = 0; i < n; i++) {
                    const char *t = l[i].text;
                    int chars = 0;
                    for (const char *p = t; *p; p++)
                        chars += ((unsigned char)*p & 0xc0) != 0x80;
                    if (chars < 20 || chars > 200)
                        fail_msg("%s %s: a line of %d characters: %s", v, opts, chars, t);
                    if (strstr(t, "§"))
                        fail_msg("%s %s: a section cited in \"%s\"", v, opts, t);
                    for (const char *p = t; *p; p++)
                        if (ruling_at(p, t))
                            fail_msg("%s %s: a ruling id in \"%s\"", v, opts, t);
                    assert_non_null(l[i].ruling);
                    assert_true(ruling_at(l[i].ruling, l[i].ruling)); /* an id, first */
                }
            }
        }
    }
}

/* Each option of a game has its line at the defaults (marked with its key), and each other value
 * of an option with choices changes the text (a number: the number is in it). */
static void every_option_changes_its_line(void **state)
{
    (void)state;
    for (int g = 0; g < 4; g++) {
        const char *v = games[g];
        char base[GB_RULE_LINES_MAX * GB_RULE_LINE_MAX];
        strcpy(base, joined(v, ""));
        gb_rule_line l[GB_RULE_LINES_MAX];
        int n = lines(v, "", l);
        for (int k = 0; k < gb_variant_option_count(v); k++) {
            gb_option_info oi;
            assert_int_equal(gb_variant_option(v, k, &oi), GB_OK);
            int marked = 0;
            for (int i = 0; i < n; i++)
                marked += l[i].option && strcmp(l[i].option, oi.key) == 0;
            if (!marked)
                fail_msg("%s: no line follows option %s", v, oi.key);
            for (int c = 1; oi.choices && oi.choices[c]; c++) {
                char opts[64];
                snprintf(opts, sizeof opts, "%s=%s", oi.key, oi.choices[c]);
                if (strcmp(joined(v, opts), base) == 0)
                    fail_msg("%s: %s reads as the default", v, opts);
            }
            if (!oi.choices) {
                char opts[64], num[24];
                snprintf(opts, sizeof opts, "%s=%ld", oi.key, oi.def + 1);
                snprintf(num, sizeof num, "%ld", oi.def + 1);
                assert_non_null(strstr(joined(v, opts), num));
            }
        }
    }
}

/* The two ways in agree; the count is the whole count when max is smaller; errors say why. */
static void the_api(void **state)
{
    (void)state;
    gb_game *g = NULL;
    assert_int_equal(gb_game_new(&g, "akil", "two-seeds=at-once feed=then-sow", 1, NULL), GB_OK);
    gb_rule_line a[GB_RULE_LINES_MAX], b[GB_RULE_LINES_MAX];
    int n = gb_rules_lines(g, a, GB_RULE_LINES_MAX);
    assert_int_equal(gb_variant_rules_lines("akil", "feed=then-sow,two-seeds=at-once", b,
                                            GB_RULE_LINES_MAX, NULL),
                     n);
    for (int i = 0; i < n; i++) {
        assert_string_equal(a[i].text, b[i].text);
        assert_string_equal(a[i].ruling, b[i].ruling);
    }
    gb_rule_line few[2];
    assert_int_equal(gb_rules_lines(g, few, 2), n);
    assert_string_equal(few[1].text, a[1].text);
    assert_int_equal(gb_rules_lines(g, NULL, 0), n);
    gb_game_free(g);
    gb_error err = {0, ""};
    assert_int_equal(gb_variant_rules_lines("chess", "", b, GB_RULE_LINES_MAX, &err), GB_EINVAL);
    assert_non_null(strstr(err.msg, "chess"));
    assert_int_equal(gb_variant_rules_lines("qelat", "seeds=4", b, GB_RULE_LINES_MAX, &err),
                     GB_EINVAL);
    assert_non_null(strstr(err.msg, "seeds"));
    assert_int_equal(gb_variant_rules_lines(NULL, NULL, b, GB_RULE_LINES_MAX, NULL), GB_EINVAL);
    /* the short summary of the defaults is still there */
    gb_rules_text t;
    assert_int_equal(gb_variant_rules_text("bulto", &t), GB_OK);
    assert_non_null(t.rules[0]);
}

/* Whitespace runs made one space. */
static void squeeze(char *s)
{
    char *w = s;
    for (const char *r = s; *r; r++) {
        int space = *r == ' ' || *r == '\n' || *r == '\t';
        if (space && w > s && w[-1] == ' ')
            continue;
        *w++ = space ? ' ' : *r;
    }
    *w = 0;
}

/* docs/<game>.md's "The rules in short" holds every line a player can be shown: those of the
 * defaults and, for each other value of each option with choices, its lines. */
static void docs_hold_every_line(void **state)
{
    (void)state;
    for (int g = 0; g < 4; g++) {
        const char *v = games[g];
        char path[512];
        snprintf(path, sizeof path, "%s/docs/%s.md", GABATA_SOURCE_DIR, v);
        FILE *f = fopen(path, "rb");
        if (!f)
            fail_msg("cannot read %s", path);
        static char doc[1 << 17];
        size_t n = fread(doc, 1, sizeof doc - 1, f);
        fclose(f);
        doc[n] = 0;
        char *sec = strstr(doc, "## The rules in short\n");
        if (!sec)
            fail_msg("%s has no section \"The rules in short\"", path);
        char *end = strstr(sec + 3, "\n## ");
        if (end)
            *end = 0;
        squeeze(sec);
        int no = gb_variant_option_count(v);
        for (int k = -1; k < no; k++) {
            gb_option_info oi = {0};
            if (k >= 0)
                assert_int_equal(gb_variant_option(v, k, &oi), GB_OK);
            if (k >= 0 && !oi.choices)
                continue;
            for (int c = k < 0 ? 0 : 1; k < 0 ? c < 1 : oi.choices[c] != NULL; c++) {
                char opts[64] = "";
                if (k >= 0)
                    snprintf(opts, sizeof opts, "%s=%s", oi.key, oi.choices[c]);
                gb_rule_line l[GB_RULE_LINES_MAX];
                int nl = lines(v, opts, l);
                for (int i = 0; i < nl; i++) {
                    squeeze(l[i].text);
                    if (!strstr(sec, l[i].text))
                        fail_msg("%s '%s': docs/%s.md lacks \"%s\" (tools/rules_md.py "
                                 "rewrites its section)",
                                 v, opts, v, l[i].text);
                }
            }
        }
    }
}

/* ---- the rulings that decide play, from RULINGS.md (not from the code) ----
 * Every configuration's lines, taken together, must cite each ruling that decides play in it:
 * the game's numbered rulings and the termination rulings (T1-T3; T4 where a player can be left
 * with only never-ending sowings). A match game's single round (rounds=1) drops the match's
 * rulings (Q7-Q9, Q11; who lays out the next round, A-C10). */
typedef struct {
    const char *variant, *options;
    const char *ids; /* every one must be cited by some line */
    const char *not_ids; /* none may be cited, or NULL */
} ids_expect;
static const ids_expect ids_table[] = {
    {"sadeqa", "", "S1 S2 S3 S4 S5 T1 T2 T3 T4 C5", NULL},
    {"sadeqa", "seeds=4", "S1 S2 S3 S4 S5 T1 T2 T3 T4", NULL},
    {"qelat", "", "Q1 Q2 Q3 Q4 Q5 Q6 Q7 Q8 Q9 Q10 Q11 T1 T2 T3 T4 C5", NULL},
    {"qelat", "match-repeat=ends", "Q7 Q8 Q9 Q10 Q11 T2 T3", NULL},
    {"qelat", "next-starter=alternate", "Q7 Q8 Q9 Q10 T2 T3", NULL},
    {"qelat", "layout=winner-first", "Q7 Q8 Q9 Q10", NULL},
    {"qelat", "rounds=1", "Q1 Q2 Q3 Q4 Q5 Q6 Q10 T1 T2 T3", "Q7 Q8 Q9 Q11"},
    {"akil", "", "A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 T1 T2 T3 T4 C5", NULL},
    {"akil", "starter=chooser two-seeds=at-once", "A3 A12 A13 T2", NULL},
    {"akil", "rounds=1", "A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 T1 T2 T3", "A-C10"},
    {"bulto", "", "B1 B2 B3 B4 B5 B6 B7 B8 B9 T1 T2 T3 T4 C5", NULL},
    {"bulto", "right-rule=none", "B4 B5 B7 T2", NULL},
};

/* Does the space-separated list `list` hold the id `id` exactly? */
static int cites(const char *list, const char *id, size_t len)
{
    for (const char *p = list; (p = strstr(p, id)) != NULL; p++)
        if ((p == list || p[-1] == ' ') && (p[len] == 0 || p[len] == ' '))
            return 1;
    return 0;
}
static int any_line_cites(const gb_rule_line *l, int n, const char *id, size_t len)
{
    char one[16];
    snprintf(one, sizeof one, "%.*s", (int)len, id);
    for (int i = 0; i < n; i++)
        if (l[i].ruling && cites(l[i].ruling, one, len))
            return 1;
    return 0;
}

static void each_configuration_cites_its_rulings(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof ids_table / sizeof ids_table[0]; i++) {
        const ids_expect *e = &ids_table[i];
        gb_rule_line l[GB_RULE_LINES_MAX];
        int n = lines(e->variant, e->options, l);
        for (const char *p = e->ids; *p;) {
            size_t len = strcspn(p, " ");
            if (!any_line_cites(l, n, p, len))
                fail_msg("%s '%s': no line states %.*s", e->variant, e->options, (int)len, p);
            p += len;
            p += *p == ' ';
        }
        for (const char *p = e->not_ids; p && *p;) {
            size_t len = strcspn(p, " ");
            if (any_line_cites(l, n, p, len))
                fail_msg("%s '%s': a line states %.*s", e->variant, e->options, (int)len, p);
            p += len;
            p += *p == ' ';
        }
    }
}

/* Each option's own line: which ruling it states (RULINGS names the option in that ruling), and
 * every other value of the option rewrites that very line. */
typedef struct {
    const char *variant, *key, *ruling;
} option_ruling;
static const option_ruling option_rulings[] = {
    {"sadeqa", "seeds", "S1"},
    {"qelat", "enemy", "Q3"},        {"qelat", "after-eat", "Q3"},
    {"qelat", "layout", "Q8"},       {"qelat", "next-starter", "Q9"},
    {"qelat", "rounds", "Q10"},      {"qelat", "match-repeat", "Q11"},
    {"qelat", "max-rounds", "T3"},
    {"akil", "tebweez", "A2"},       {"akil", "starter", "A3"},
    {"akil", "chain", "A6"},         {"akil", "feed", "A8"},
    {"akil", "gain", "A11"},         {"akil", "two-seeds", "A12"},
    {"akil", "rounds", "A13"},       {"akil", "max-rounds", "T3"},
    {"bulto", "right-rule", "B4"},
    /* the options every game shares */
    {"*", "skip-origin", "C5"},      {"*", "endless", "T1"},
    {"*", "max-plies", "T3"},
};

/* The lines that follow option `key`, joined into buf (empty when none), and whether one of
 * them states `id`. */
static int lines_of(const gb_rule_line *l, int n, const char *key, const char *id, char *buf,
                    size_t len)
{
    int states = 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++)
        if (l[i].option && strcmp(l[i].option, key) == 0) {
            strncat(buf, l[i].text, len - strlen(buf) - 2);
            strcat(buf, "\n");
            states |= cites(l[i].ruling, id, strlen(id));
        }
    return states;
}

static void each_option_rewrites_its_own_line(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof option_rulings / sizeof option_rulings[0]; i++) {
        const option_ruling *r = &option_rulings[i];
        for (int g = 0; g < 4; g++) {
            const char *v = games[g];
            if (strcmp(r->variant, "*") != 0 && strcmp(r->variant, v) != 0)
                continue;
            gb_option_info oi = {0};
            int k, no = gb_variant_option_count(v);
            for (k = 0; k < no; k++) {
                assert_int_equal(gb_variant_option(v, k, &oi), GB_OK);
                if (strcmp(oi.key, r->key) == 0)
                    break;
            }
            if (k == no)
                fail_msg("%s has no option %s", v, r->key);
            gb_rule_line base[GB_RULE_LINES_MAX], other[GB_RULE_LINES_MAX];
            static char t[GB_RULE_LINES_MAX * GB_RULE_LINE_MAX], t2[sizeof t];
            int nb = lines(v, "", base);
            int states = lines_of(base, nb, r->key, r->ruling, t, sizeof t);
            if (!t[0])
                fail_msg("%s: no line follows %s", v, r->key);
            if (!states)
                fail_msg("%s: no line of %s states %s", v, r->key, r->ruling);
            for (int c = 1; oi.choices ? oi.choices[c] != NULL : c < 2; c++) {
                char opts[64];
                if (oi.choices)
                    snprintf(opts, sizeof opts, "%s=%s", r->key, oi.choices[c]);
                else
                    snprintf(opts, sizeof opts, "%s=%ld", r->key, oi.def + 1);
                int no2 = lines(v, opts, other);
                states = lines_of(other, no2, r->key, r->ruling, t2, sizeof t2);
                if (!t2[0])
                    fail_msg("%s %s: no line follows %s", v, opts, r->key);
                if (strcmp(t, t2) == 0)
                    fail_msg("%s %s: the lines of %s are unchanged: %s", v, opts, r->key, t);
                if (!states)
                    fail_msg("%s %s: no line of %s states %s", v, opts, r->key, r->ruling);
            }
        }
    }
}

/* B5 as clarified on 2026-12-01: the move that refuses every offer, and how it is written; B7
 * as lenient as it is (empty holes do not count; not while a miné is left). */
static void bulto_refuse_all_and_b7(void **state)
{
    (void)state;
    const char *t = joined("bulto", "");
    assert_non_null(strstr(t, "Refusing every bulto a sowing offers is a move too: C~k"));
    assert_non_null(strstr(t, "empty holes do not count"));
    assert_non_null(strstr(t, "While a miné is left, any hole may start"));
}

/* T1, T3: in Qelat and L'ab al-Akil a never-ending sowing (endless=ends-game) and the ply cap end
 * the round, not the match; the options' help says so for both, as their rules lines do. */
static void shared_option_help_names_the_round(void **state)
{
    (void)state;
    const char *const keys[] = {"endless", "max-plies"};
    for (int g = 0; g < 4; g++)
        for (int k = 0; k < 2; k++) {
            gb_option_info oi = {0};
            int i, no = gb_variant_option_count(games[g]);
            for (i = 0; i < no; i++)
                if (gb_variant_option(games[g], i, &oi) == GB_OK && strcmp(oi.key, keys[k]) == 0)
                    break;
            assert_true(i < no);
            if (!strstr(oi.help, "the game (round)"))
                fail_msg("%s %s: \"%s\" does not say \"the game (round)\"", games[g], keys[k],
                         oi.help);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_option_value_is_told),
        cmocka_unit_test(shared_options_in_every_game),
        cmocka_unit_test(every_line_is_short_and_plain),
        cmocka_unit_test(every_option_changes_its_line),
        cmocka_unit_test(the_api),
        cmocka_unit_test(docs_hold_every_line),
        cmocka_unit_test(each_configuration_cites_its_rulings),
        cmocka_unit_test(each_option_rewrites_its_own_line),
        cmocka_unit_test(bulto_refuse_all_and_b7),
        cmocka_unit_test(shared_option_help_names_the_round),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
