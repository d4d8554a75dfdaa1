/* test_tables_bulto.c — the Bulto endgame tables (docs/tables.md, "Bulto") against a second,
 * slow solver: a plain alpha-beta over the game object itself (each move played on a copy of the
 * game, whose own record applies T2 and whose own end applies B9, T1 and the scores), with no
 * table, level, component or ordering of its own. Every sampled position it finishes within its
 * node budget must have the tables' value: history-free ones (any bulto, either player to move)
 * and positions reached after moves that put no stone into a bulto, whose value may depend on
 * the record (T2).
 *
 * The tables are built by the CTest fixture (scripts/build-tables ... bulto) into the folder
 * given as the first argument (or $GABATA_TABLES). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "helpers.h"
#include "tables_slow_solver.h"

#include "gabata.h"

static const char *dir;
static gb_tables *tb;
static int max_bulto = 20; /* the tables' max-bulto, from their description */

static uint64_t rng = 4242;

static int below(int n) { return (int)(gb_rand_next(&rng) % (uint64_t)n); }

/* The stones in no bulto: Bulto's stones in play (docs/tables.md). */
static int free_stones(const gb_game *g)
{
    int k = 0;
    for (int i = 0; i < 20; i++)
        if (gb_hole_mark(g, i) != GB_MARK_HELD_S && gb_hole_mark(g, i) != GB_MARK_HELD_N)
            k += gb_hole_count(g, i);
    return k;
}

/* A random open-phase position with k free stones: b bulto (at most the tables' max-bulto) anywhere (each holds 4 or more, the
 * 40 - k stones spread over them at random), k stones over the other holes, either player to
 * move. The cap is lifted: a table's value is that of the game without it. */
static gb_game *random_position(int k)
{
    const int most = (40 - k) / 4 < max_bulto ? (40 - k) / 4 : max_bulto;
    int h[20] = {0}, bulto[20] = {0}, nb = 1 + below(most < 8 ? most : 8), placed = 0;
    while (placed < nb) {
        int i = below(20);
        if (!bulto[i]) {
            bulto[i] = 1;
            h[i] = 4;
            placed++;
        }
    }
    for (int s = 0; s < 40 - k - 4 * nb; s++) {
        int i;
        do
            i = below(20);
        while (!bulto[i]);
        h[i]++;
    }
    for (int s = 0; s < k; s++) {
        int i;
        do
            i = below(20);
        while (bulto[i]);
        h[i]++;
    }
    char text[512];
    int len = snprintf(text, sizeof text, "bulto:max-plies=1000000 board=");
    for (int i = 0; i < 20; i++)
        len += snprintf(text + len, sizeof text - (size_t)len, "%s%d%s", i == 0 ? "" : i == 10 ? "/" : ",", h[i],
                        !bulto[i] ? "" : i < 10 ? "N" : "S");
    snprintf(text + len, sizeof text - (size_t)len, " turn=%c phase=open", below(2) ? 'S' : 'N');
    return game_at(text);
}

/* Play a move of g that keeps its free stones and does not end it (chosen at random), or
 * return false. */
static bool step_free(gb_game *g)
{
    gb_move m[GB_MAX_MOVES];
    int n = gb_legal_moves(g, m, GB_MAX_MOVES), start = below(n > 0 ? n : 1);
    const int k = free_stones(g);
    for (int j = 0; j < n; j++) {
        gb_game *c = gb_game_clone(g);
        gb_move mv = m[(start + j) % n];
        gb_error err = {0};
        assert_int_equal(gb_play(c, &mv, &err), GB_OK);
        const bool keeps = !gb_is_over(c) && free_stones(c) == k;
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
            for (int tries = 0; tries < 200 && !g; tries++) { /* a game that goes on */
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
            int want = 0;
            if (slow_value(g, limit, &want)) {
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
        print_message("%d free stones%s: %d of %d positions solved by the slow solver, all agree\n", k,
                      plies ? " (after moves that keep them)" : "", solved, per_k);
        if (k <= want_solved)
            assert_true(solved >= per_k / 2);
    }
}

static int top(void) { return gb_tables_stones(tb); }

static void test_history_free(void **state)
{
    (void)state;
    compare(1, top(), 30, 0, 20000, 2);
}

static void test_inside_stretch(void **state)
{
    (void)state;
    compare(1, top(), 30, 8, 20000, 2);
}

/* Positions whose value depends on their record: the slow solver gives the position with its
 * record another value than the same position reached fresh (a position string has no record).
 * The tables must give both (the walk with the record, the byte without). Found by the slow
 * solver alone, so a probe that ignored the record could not hide them. */
static int slow_5000(const gb_game *g, bool *ok)
{
    int v = 0;
    *ok = slow_value(g, 5000, &v);
    return v;
}

static void test_history_matters(void **state)
{
    (void)state;
    int found = 0, solved = 0;
    long steps = 0;
    for (int i = 0; i < 2000 && (found < 4 || steps < 200); i++) {
        gb_game *g = random_position(top());
        for (int step = 0; step < 50 && step_free(g); step++) {
            steps++;
            char *pos = gb_position_format(g);
            gb_game *fresh = game_at(pos);
            bool ok1, ok2;
            const int with = slow_5000(g, &ok1), without = slow_5000(fresh, &ok2);
            int got = 0, got_fresh = 0;
            assert_int_equal(gb_tables_probe(tb, fresh, &got_fresh), 1);
            assert_int_equal(gb_tables_probe(tb, g, &got), 1);
            if (ok1 && ok2) {
                solved++;
                found += with != without;
                if (got != with || got_fresh != without)
                    fail_msg("%s after %d moves: tables %d (fresh %d), slow solver %d (fresh %d)", pos,
                             gb_history_length(g), got, got_fresh, with, without);
            }
            free(pos);
            gb_game_free(fresh);
        }
        gb_game_free(g);
    }
    print_message("%ld steps keeping the free stones, %d solved by the slow solver with and without their "
                  "record, %d of them worth something else without it: the tables agree on all\n",
                  steps, solved, found);
    assert_true(found >= 4);
}

/* Ends worked by hand from the rules, and what the tables do not hold. */
static void test_by_hand(void **state)
{
    (void)state;
    int m = 0;
    /* North to move: a to b (relay: b's 2 to c, d; d empty, the move ends) or b to c; either
     * way South's row then holds only North's bulto at A and South cannot move (B9): North
     * scores his bulto (38) and the 2 stones of his row, South nothing: +40 for North */
    gb_game *g = game_at("bulto board=38N,0,0,0,0,0,0,0,0,0/1,1,0,0,0,0,0,0,0,0 turn=N phase=open");
    assert_int_equal(gb_tables_probe(tb, g, &m), 1);
    assert_int_equal(m, 40);
    gb_game_free(g);
    /* South's one stone in J falls into his own bulto at a (B8: the move ends, the stone is his);
     * North has no stone left to move (B9): South 4 + 1, North 35 */
    g = game_at("bulto board=35N,0,0,0,0,0,0,0,0,1/4S,0,0,0,0,0,0,0,0,0 turn=S phase=open");
    assert_int_equal(gb_tables_probe(tb, g, &m), 1);
    assert_int_equal(m, 5 - 35);
    gb_game_free(g);
    /* South's stone in I goes to J (empty: the move ends); North cannot move (B9) and the stone
     * in J lies in South's row: South 4 + 1, North 35 */
    g = game_at("bulto board=35N,0,0,0,0,0,0,0,1,0/4S,0,0,0,0,0,0,0,0,0 turn=S phase=open");
    assert_int_equal(gb_tables_probe(tb, g, &m), 1);
    assert_int_equal(m, 5 - 35);
    gb_game_free(g);
    /* other options than the tables', the miné phase, more free stones: not theirs to decide */
    g = game_at("bulto:right-rule=none board=35N,0,0,0,0,0,0,0,0,1/4S,0,0,0,0,0,0,0,0,0 turn=S phase=open");
    assert_int_equal(gb_tables_probe(tb, g, &m), 0);
    gb_game_free(g);
    g = game_at("bulto board=33N,0,0,0,0,0,0,0,0,0/4S,3*,0,0,0,0,0,0,0,0 turn=S phase=mine");
    assert_int_equal(gb_tables_probe(tb, g, &m), 0);
    gb_game_free(g);
    g = game_at("bulto board=2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2 turn=S phase=menager");
    assert_int_equal(gb_tables_probe(tb, g, &m), 0);
    gb_game_free(g);
}

/* A damaged file is refused with its name. */
static void test_files(void **state)
{
    (void)state;
    gb_tables *t = NULL;
    gb_error err = {0};
    char tmp[1024], cmd[8192];
    snprintf(tmp, sizeof tmp, "%s-damaged", dir);
    snprintf(cmd, sizeof cmd,
             "rm -rf '%s' && cp -r '%s' '%s' && printf x | dd of='%s/bulto-01.gbt' bs=1 seek=600 conv=notrunc 2>/dev/null",
             tmp, dir, tmp, tmp);
    assert_int_equal(system(cmd), 0);
    assert_int_not_equal(gb_tables_open(&t, tmp, 1, &err), GB_OK);
    assert_non_null(strstr(err.msg, "bulto-01.gbt: its checksum does not match"));
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    assert_int_equal(system(cmd), 0);
}

int main(int argc, char **argv)
{
    if (slow_open_tables("test_tables_bulto", argc, argv, 1, &tb, &dir))
        return 2;
    char desc[8192];
    gb_tables_describe(tb, desc, sizeof desc);
    const char *mb = strstr(desc, "max-bulto ");
    if (mb)
        max_bulto = atoi(mb + 10);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_by_hand),
        cmocka_unit_test(test_history_free),
        cmocka_unit_test(test_inside_stretch),
        cmocka_unit_test(test_history_matters),
        cmocka_unit_test(test_files),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    gb_tables_close(tb);
    return rc;
}
