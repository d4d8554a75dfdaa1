/* test_tables_akil.c — L'ab al-Akil's tables for a round's end (docs/tables.md, "L'ab al-Akil")
 * against a second, slow solver: a plain alpha-beta over the game object itself (each move
 * played on a copy of the game with rounds=1, whose own record applies T2 and A12, whose own end
 * applies A10 and A12's at-once, and whose scores are the round's seeds), with no table, level,
 * component or ordering of its own. Every sampled position it finishes within its node budget
 * must have the tables' value: history-free ones (random seeds and stores, either player to move)
 * and positions reached after random capture-free moves, whose value may depend on the record.
 *
 * The tables are built by the CTest fixture (scripts/build-tables ... akil [options]) into the
 * folder given as the first argument (or $GABATA_TABLES); the game's options are the tables'. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "helpers.h"

#include "gabata.h"

static const char *dir;
static gb_tables *tb;
static char opts[256]; /* the tables' options, for every game made here */
static bool at_once;   /* two-seeds=at-once: two seeds end the round */

/* ---- the slow solver ---- */
static long long nodes, node_limit;
static bool aborted;

/* The final margin for the side to move of g (not over), by negamax with plain alpha-beta, each
 * move played on a copy of the game with its whole record. A ply that leaves the same player to
 * move (a feed with feed=then-sow) is not negated. */
static int slow(const gb_game *g, int alpha, int beta)
{
    gb_move m[16];
    const int me = gb_to_move(g);
    const int n = gb_legal_moves(g, m, 16);
    int best = -1000;
    if (++nodes > node_limit) {
        aborted = true;
        return 0;
    }
    for (int i = 0; i < n && !aborted; i++) {
        gb_error err = {0};
        gb_move mv = m[i];
        gb_game *c = gb_game_clone(g);
        assert_non_null(c);
        if (gb_play(c, &mv, &err) != GB_OK)
            fail_msg("play: %s", err.msg);
        int v;
        if (gb_is_over(c))
            v = gb_score(c, me) - gb_score(c, !me);
        else if (gb_to_move(c) == me)
            v = slow(c, alpha, beta);
        else
            v = -slow(c, -beta, -alpha);
        gb_game_free(c);
        if (v > best)
            best = v;
        if (best > alpha)
            alpha = best;
        if (alpha >= beta)
            break;
    }
    return best;
}

static uint64_t rng = 7272;

static int below(int n) { return (int)(gb_rand_next(&rng) % (uint64_t)n); }

static int seeds(const gb_game *g)
{
    int k = 0;
    for (int i = 0; i < 12; i++)
        k += gb_hole_count(g, i);
    return k;
}

/* A game at a sowing-phase position of the tables' options, rounds=1, the cap lifted (a table's
 * value is that of the game without it). */
static gb_game *at(const char *board_stores_turn)
{
    char text[1024];
    snprintf(text, sizeof text, "akil:rounds=1,max-plies=1000000%s%s %s phase=sowing", opts[0] ? "," : "", opts,
             board_stores_turn);
    return game_at(text);
}

/* A random sowing-phase position with k seeds on the board, the 72 - k others taken by either
 * side at random, either player to move. */
static gb_game *random_position(int k)
{
    int h[12] = {0};
    for (int s = 0; s < k; s++)
        h[below(12)]++;
    const int south = below(72 - k + 1);
    char text[256];
    int len = snprintf(text, sizeof text, "board=");
    for (int i = 0; i < 12; i++)
        len += snprintf(text + len, sizeof text - (size_t)len, "%s%d", i == 0 ? "" : i == 6 ? "/" : ",", h[i]);
    snprintf(text + len, sizeof text - (size_t)len, " stores=%d,%d turn=%c", south, 72 - k - south,
             below(2) ? 'S' : 'N');
    return at(text);
}

/* Play a capture-free move of g that does not end the round (chosen at random), or return
 * false. */
static bool step_free(gb_game *g)
{
    gb_move m[16];
    int n = gb_legal_moves(g, m, 16), start = below(n > 0 ? n : 1);
    const int k = seeds(g);
    for (int j = 0; j < n; j++) {
        gb_game *c = gb_game_clone(g);
        gb_move mv = m[(start + j) % n];
        gb_error err = {0};
        assert_int_equal(gb_play(c, &mv, &err), GB_OK);
        const bool keeps = !gb_is_over(c) && seeds(c) == k;
        gb_game_free(c);
        if (keeps) {
            assert_int_equal(gb_play(g, &mv, &err), GB_OK);
            return true;
        }
    }
    return false;
}

static void compare(int kmin, int kmax, int per_k, int plies, long long limit, int want_solved)
{
    for (int k = kmin; k <= kmax; k++) {
        int solved = 0;
        for (int i = 0; i < per_k; i++) {
            gb_game *g = NULL;
            for (int tries = 0; tries < 200 && !g; tries++) { /* a round that goes on */
                g = random_position(k);
                int moved = 0;
                for (int p = 1 + below(plies ? plies : 1); plies && p > 0 && step_free(g); p--)
                    moved++;
                if (gb_is_over(g) || (plies && moved == 0)) {
                    gb_game_free(g);
                    g = NULL;
                }
            }
            assert_non_null(g);
            int margin = 0;
            const int known = gb_tables_probe(tb, g, &margin);
            nodes = 0;
            node_limit = limit;
            aborted = false;
            const int want = slow(g, -1000, 1000);
            if (!aborted) {
                solved++;
                char *pos = gb_position_format(g);
                if (!known)
                    fail_msg("%s: the tables do not know a position the slow solver solved", pos);
                if (margin != want)
                    fail_msg("%s (after %d moves): tables %d, slow solver %d", pos, gb_history_length(g), margin,
                             want);
                free(pos);
            }
            gb_game_free(g);
        }
        print_message("%d seeds%s: %d of %d positions solved by the slow solver, all agree\n", k,
                      plies ? " (after capture-free moves)" : "", solved, per_k);
        if (k <= want_solved)
            assert_true(solved >= per_k / 2);
    }
}

static int low_level(void) { return at_once ? 3 : 2; }
static int top(void) { return gb_tables_stones(tb) < 6 ? gb_tables_stones(tb) : 6; }

static void test_history_free(void **state)
{
    (void)state;
    compare(low_level(), top(), 25, 0, 5000, 3);
}

static void test_inside_stretch(void **state)
{
    (void)state;
    compare(low_level(), top(), 25, 8, 5000, 3);
}

/* Every position of 5 seeds lying in one pit or two neighbours (either player to move, random
 * stores): 112 positions, among them every 5-seed position whose value chain=unlimited with
 * skip-origin=yes changes (40 of 8,736, all of them of this shape; random positions seldom meet
 * one): tables of the default options labelled with those fail here. */
static void test_few_pits(void **state)
{
    (void)state;
    const int k = 5;
    int solved = 0, total = 0;
    for (int a = 0; a < 12; a++)
        for (int b = a; b <= a + 1 && b < 12; b++)
            for (int x = a == b ? k : 1; x <= (a == b ? k : k - 1); x++)
                for (int turn = 0; turn < 2; turn++) {
                    int h[12] = {0};
                    h[a] = x;
                    if (b != a)
                        h[b] = k - x;
                    const int south = below(72 - k + 1);
                    char text[256];
                    int len = snprintf(text, sizeof text, "board=");
                    for (int i = 0; i < 12; i++)
                        len += snprintf(text + len, sizeof text - (size_t)len, "%s%d", i == 0 ? "" : i == 6 ? "/" : ",",
                                        h[i]);
                    snprintf(text + len, sizeof text - (size_t)len, " stores=%d,%d turn=%c", south, 72 - k - south,
                             turn ? 'N' : 'S');
                    gb_game *g = at(text);
                    int margin = 0;
                    total++;
                    assert_int_equal(gb_tables_probe(tb, g, &margin), 1);
                    nodes = 0;
                    node_limit = 5000;
                    aborted = false;
                    const int want = slow(g, -1000, 1000);
                    if (!aborted) {
                        solved++;
                        if (margin != want)
                            fail_msg("%s: tables %d, slow solver %d", text, margin, want);
                    }
                    gb_game_free(g);
                }
    print_message("%d of %d positions of 5 seeds in one pit or two neighbours solved by the slow solver, all agree\n", solved,
                  total);
    assert_true(solved >= total / 5);
}

/* Positions whose value depends on their record: the slow solver gives the position with its
 * record another value than the same position reached fresh (a position string has no record).
 * The tables must give both (the walk with the record, the byte without). Found by the slow
 * solver alone, so a probe that ignored the record could not hide them. */
static int slow_value(const gb_game *g, bool *ok)
{
    nodes = 0;
    node_limit = 5000;
    aborted = false;
    const int v = slow(g, -1000, 1000);
    *ok = !aborted;
    return v;
}

static void test_history_matters(void **state)
{
    (void)state;
    int found = 0, solved = 0, two = 0;
    long steps = 0;
    for (int i = 0; i < 3000 && (found < 4 || steps < 150); i++) {
        const int k = low_level() + below(3);
        gb_game *g = random_position(k);
        for (int step = 0; step < 40 && !gb_is_over(g) && step_free(g); step++) {
            steps++;
            char *pos = gb_position_format(g);
            gb_game *fresh = game_at(pos);
            bool ok1, ok2;
            const int with = slow_value(g, &ok1), without = slow_value(fresh, &ok2);
            int got = 0, got_fresh = 0;
            assert_int_equal(gb_tables_probe(tb, fresh, &got_fresh), 1);
            assert_int_equal(gb_tables_probe(tb, g, &got), 1);
            if (ok1 && ok2) {
                solved++;
                found += with != without;
                two += with != without && k == 2;
                if (got != with || got_fresh != without)
                    fail_msg("%s after %d moves: tables %d (fresh %d), slow solver %d (fresh %d)", pos,
                             gb_history_length(g), got, got_fresh, with, without);
            }
            free(pos);
            gb_game_free(fresh);
        }
        gb_game_free(g);
    }
    print_message("%ld capture-free steps, %d solved by the slow solver with and without their record, %d of "
                  "them worth something else without it (%d with two seeds): the tables agree on all\n",
                  steps, solved, found, two);
    assert_true(found >= 4);
}

/* A round of a match (rounds=match, gains 0-0): the search with the tables scores a child the
 * tables hold as the round's end with the table's seeds, so its move must keep the best round
 * margin (every move's margin from the slow solver on the same position with rounds=1), and its
 * score be that round's end: a win by m seeds is a gain of m / 2 over 36 (A11, gain=excess),
 * 200 a gain point (docs/ai.md), so 100 m. Depth 1: every child is a round's end or a table's. */
static void test_search_match(void **state)
{
    (void)state;
    int checked = 0, even = 0;
    gb_searcher *sr = gb_searcher_new(NULL);
    assert_non_null(sr);
    for (int i = 0; i < 400 && (checked < 12 || even < 1); i++) {
        const int k = low_level() + 1 + below(3);
        gb_game *one = random_position(k); /* rounds=1: the round's seeds */
        char *pos = gb_position_format(one);
        /* the same position in a match: the options without rounds=1 */
        char text[1024];
        const char *board = strstr(pos, " board=");
        snprintf(text, sizeof text, "akil:max-plies=1000000%s%s%s", opts[0] ? "," : "", opts, board);
        gb_game *match = game_at(text);
        gb_move m[16];
        const int n = gb_legal_moves(one, m, 16), me = gb_to_move(one);
        int val[16], best = -1000;
        bool ok = !gb_is_over(one);
        for (int j = 0; j < n && ok; j++) {
            gb_game *c = gb_game_clone(one);
            gb_error err = {0};
            gb_move mv = m[j];
            assert_int_equal(gb_play(c, &mv, &err), GB_OK);
            nodes = 0;
            node_limit = 5000;
            aborted = false;
            val[j] = gb_is_over(c) ? gb_score(c, me) - gb_score(c, !me)
                     : gb_to_move(c) == me ? slow(c, -1000, 1000) : -slow(c, -1000, 1000);
            ok = !aborted;
            if (val[j] > best)
                best = val[j];
            gb_game_free(c);
        }
        if (ok) {
            gb_search_opts so = {.budget = {.depth = 1}, .tables = tb};
            gb_search_result res;
            gb_error err = {0};
            assert_int_equal(gb_search(sr, match, &so, &res, &err), GB_OK);
            int got = -1000;
            char a[GB_MOVE_TEXT_MAX], b[GB_MOVE_TEXT_MAX];
            gb_move_format(match, &res.best, a, sizeof a);
            for (int j = 0; j < n; j++) {
                gb_move_format(one, &m[j], b, sizeof b);
                if (strcmp(a, b) == 0)
                    got = val[j];
            }
            if (got != best || res.score != 100 * best)
                fail_msg("%s in a match: the search's move keeps %d seeds of margin (the best %d), its score %d "
                         "(want %d)", text, got, best, res.score, 100 * best);
            /* a round's end in a match is worth an estimate of the match, not a final margin: an
             * even round (score 0) is no proven draw of the match */
            if (res.exact == 2)
                fail_msg("%s in a match: the search calls its score %d an exact margin of %d", text, res.score,
                         res.margin);
            even += best == 0;
            /* with rounds=1 the round is the game: the hint's search (ai:4) says its exact margin */
            const gb_player hint = {GB_PLAYER_AI, 4, 0, 0};
            uint64_t r = 99;
            gb_move mv;
            assert_int_equal(gb_player_think(&hint, one, tb, &r, NULL, &mv, &res), GB_OK);
            if (res.exact != 2 || res.margin != best)
                fail_msg("%s: the hint says %d (exact %d), the slow solver %d", pos, res.margin, res.exact, best);
            checked++;
        }
        free(pos);
        gb_game_free(one);
        gb_game_free(match);
    }
    gb_searcher_free(sr);
    print_message("%d positions in a match (%d of them an even round): the search with the tables keeps the best round margin, and with rounds=1 the hint says it exactly\n", checked, even);
    assert_true(checked >= 10);
    assert_true(even >= 1);
}

/* Ends worked by hand from the rules, and what the tables do not decide. */
static void test_by_hand(void **state)
{
    (void)state;
    int m = 0;
    /* South's one move: F's seed into a, which held 1 (now 2): South takes a and its opposite F
     * (A6; F emptied by the lift), the lap had one seed so the chain takes no step back, and with
     * no seed left the round ends (A10): South 35 + 2, North 35, a margin of 2 for South */
    gb_game *g = at("board=0,0,0,0,0,1/1,0,0,0,0,0 stores=35,35 turn=S");
    assert_int_equal(gb_tables_probe(tb, g, &m), at_once ? 0 : 1); /* at-once: two seeds end it */
    if (!at_once)
        assert_int_equal(m, 2);
    gb_game_free(g);
    /* with two-seeds=at-once: South's F into a takes a and F (2, A6) and leaves North's c and d;
     * two seeds end the round at once, one to each (A12): with stores 33-35, South 33 + 2 + 1 and
     * North 35 + 1; with 34-34, South 37, North 35 */
    if (at_once) {
        g = at("board=0,0,0,0,0,1/1,0,1,1,0,0 stores=33,35 turn=S");
        assert_int_equal(gb_tables_probe(tb, g, &m), 1);
        assert_int_equal(m, 36 - 36);
        gb_game_free(g);
        g = at("board=0,0,0,0,0,1/1,0,1,1,0,0 stores=34,34 turn=S");
        assert_int_equal(gb_tables_probe(tb, g, &m), 1);
        assert_int_equal(m, 37 - 35);
        gb_game_free(g);
    }
    /* the same with one more seed in b: after the capture one seed is left, b's, and it goes to
     * North, the owner of its pit (A10): South 34 + 2, North 35 + 1, a margin of 0 */
    g = at("board=0,0,0,0,0,1/1,1,0,0,0,0 stores=34,35 turn=S");
    assert_int_equal(gb_tables_probe(tb, g, &m), 1);
    assert_int_equal(m, 0);
    gb_game_free(g);
    /* a round of a match: the tables give the round's seeds, not the match's gains */
    char text[1024];
    snprintf(text, sizeof text, "akil%s%s board=0,0,0,0,0,1/1,1,0,0,0,0 stores=34,35 turn=S phase=sowing",
             opts[0] ? ":" : "", opts);
    g = game_at(text);
    assert_int_equal(gb_tables_probe(tb, g, &m), 0);
    gb_game_free(g);
    /* other values of an option that decides a value: not these tables' */
    snprintf(text, sizeof text, "akil:rounds=1,chain=%s board=0,0,0,0,0,1/1,1,0,0,0,0 stores=34,35 turn=S phase=sowing",
             strstr(opts, "chain=unlimited") ? "final-lap" : "unlimited");
    g = game_at(text);
    assert_int_equal(gb_tables_probe(tb, g, &m), 0);
    gb_game_free(g);
    /* an option that decides no value (tebweez, starter, gain) changes nothing */
    snprintf(text, sizeof text, "akil:rounds=1,starter=chooser,tebweez=mirrored,gain=difference%s%s "
             "board=0,0,0,0,0,1/1,1,0,0,0,0 stores=34,35 turn=S phase=sowing", opts[0] ? "," : "", opts);
    g = game_at(text);
    assert_int_equal(gb_tables_probe(tb, g, &m), 1);
    assert_int_equal(m, 0);
    gb_game_free(g);
}

/* A damaged file is refused with its name. */
static void test_files(void **state)
{
    (void)state;
    gb_tables *t = NULL;
    gb_error err = {0};
    char tmp[1024], cmd[8192], name[32];
    snprintf(name, sizeof name, "akil-%02d.gbt", low_level());
    snprintf(tmp, sizeof tmp, "%s-damaged", dir);
    snprintf(cmd, sizeof cmd,
             "rm -rf '%s' && cp -r '%s' '%s' && printf x | dd of='%s/%s' bs=1 seek=600 conv=notrunc 2>/dev/null",
             tmp, dir, tmp, tmp, name);
    assert_int_equal(system(cmd), 0);
    assert_int_not_equal(gb_tables_open(&t, tmp, 1, &err), GB_OK);
    char want[64];
    snprintf(want, sizeof want, "%s: its checksum does not match", name);
    assert_non_null(strstr(err.msg, want));
    /* the first level missing (2, or 3 with at-once): the next is not where these options start */
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && cp -r '%s' '%s' && rm '%s/%s'", tmp, dir, tmp, tmp, name);
    assert_int_equal(system(cmd), 0);
    assert_int_not_equal(gb_tables_open(&t, tmp, 0, &err), GB_OK);
    snprintf(want, sizeof want, "the first level of these options is %d, not %d", low_level(), low_level() + 1);
    assert_non_null(strstr(err.msg, want));
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    assert_int_equal(system(cmd), 0);
}

int main(int argc, char **argv)
{
    dir = argc > 1 ? argv[1] : getenv("GABATA_TABLES");
    if (!dir) {
        fprintf(stderr, "test_tables_akil: give the tables' folder (argument or GABATA_TABLES)\n");
        return 2;
    }
    gb_error err = {0};
    if (gb_tables_open(&tb, dir, 1, &err) != GB_OK) {
        fprintf(stderr, "test_tables_akil: %s\n", err.msg);
        return 2;
    }
    char desc[8192];
    gb_tables_describe(tb, desc, sizeof desc);
    if (strncmp(desc, "variant akil\noptions ", 21) != 0) {
        fprintf(stderr, "test_tables_akil: %s does not hold L'ab al-Akil's tables\n", dir);
        return 2;
    }
    const char *o = desc + 21;
    const size_t n = strcspn(o, "\n");
    if (strncmp(o, "defaults", n) != 0)
        snprintf(opts, sizeof opts, "%.*s", (int)n, o);
    at_once = strstr(opts, "two-seeds=at-once") != NULL;
    print_message("tables of %s: options %s\n", dir, opts[0] ? opts : "defaults");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_by_hand),
        cmocka_unit_test(test_history_free),
        cmocka_unit_test(test_inside_stretch),
        cmocka_unit_test(test_few_pits),
        cmocka_unit_test(test_history_matters),
        cmocka_unit_test(test_search_match),
        cmocka_unit_test(test_files),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    gb_tables_close(tb);
    return rc;
}
