/* test_tables.c — the Sadeqa III endgame tables (docs/tables.md) against a second, slow solver:
 * a plain alpha-beta over the game object itself (each move on a copy), whose repetition record
 * applies T2 and whose end applies S5, T1 and the scores, with no table, component or ordering
 * of its own. Every sampled position it can finish within its node budget must have the
 * table's value: history-free ones (any stores, either player to move) and positions reached
 * after capture-free moves, whose value depends on the record (T2).
 *
 * The tables are built by the CTest fixture (scripts/build-tables) into the folder given as the
 * first argument (or $GABATA_TABLES). */
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

static uint64_t rng = 12345;

static int below(int n) { return (int)(gb_rand_next(&rng) % (uint64_t)n); }

/* A random position with k stones on the board and random stores, as a position string. The
 * cap is lifted: a table's value is that of the game without it (docs/tables.md). */
static gb_game *random_position(int k)
{
    int h[16] = {0};
    for (int s = 0; s < k; s++)
        h[below(16)]++;
    int south = below(2) == 0;
    int taken = 96 - k, s0 = below(taken + 1), s1 = below(taken - s0 + 1);
    char text[256];
    snprintf(text, sizeof text,
             "sadeqa:max-plies=1000000 board=%d,%d,%d,%d,%d,%d,%d,%d/%d,%d,%d,%d,%d,%d,%d,%d "
             "stores=%d,%d turn=%c phase=play ply=1 last=%c",
             h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8], h[9], h[10], h[11], h[12], h[13],
             h[14], h[15], s0, s1, south ? 'S' : 'N', south ? 'N' : 'S');
    gb_game *g = game_at(text);
    return g;
}

/* Play up to `plies` random capture-free moves (the record then holds them: T2). */
static void walk_capture_free(gb_game *g, int plies)
{
    for (int p = 0; p < plies && !gb_is_over(g); p++) {
        gb_move m[GB_MAX_MOVES];
        int n = gb_legal_moves(g, m, GB_MAX_MOVES), order = below(n > 0 ? n : 1);
        bool moved = false;
        for (int j = 0; j < n && !moved; j++) {
            gb_game *c = gb_game_clone(g);
            gb_move mv = m[(order + j) % n];
            gb_error err = {0};
            assert_int_equal(gb_play(c, &mv, &err), GB_OK);
            bool capture = gb_store(c, 0) + gb_store(c, 1) != gb_store(g, 0) + gb_store(g, 1);
            gb_game_free(c);
            if (!capture && !moved) {
                assert_int_equal(gb_play(g, &mv, &err), GB_OK);
                moved = true;
            }
        }
        if (!moved)
            return;
    }
}

static void compare(int kmin, int kmax, int per_k, int plies, long long limit, int want_solved)
{
    for (int k = kmin; k <= kmax; k++) {
        int solved = 0, agreed = 0;
        for (int i = 0; i < per_k; i++) {
            gb_game *g = NULL;
            for (int tries = 0; tries < 100 && !g; tries++) { /* a game that goes on */
                g = random_position(k);
                if (plies)
                    walk_capture_free(g, 1 + below(plies));
                if (gb_is_over(g) || (plies && gb_history_length(g) == 0)) {
                    gb_game_free(g);
                    g = NULL;
                }
            }
            assert_non_null(g);
            int margin = 0;
            int known = gb_tables_probe(tb, g, &margin);
            int want = 0;
            if (slow_value(g, limit, &want)) {
                solved++;
                if (!known)
                    fail_msg("%d stones: the tables do not know a position the slow solver solved", k);
                if (margin != want) {
                    char *pos = gb_position_format(g);
                    fail_msg("%s (after %d moves): tables %d, slow solver %d", pos,
                             gb_history_length(g), margin, want);
                }
                agreed++;
            }
            gb_game_free(g);
        }
        print_message("%d stones%s: %d of %d positions solved by the slow solver, all agree\n", k,
                      plies ? " (after capture-free moves)" : "", agreed, per_k);
        if (k <= want_solved)
            assert_true(solved >= per_k / 2);
    }
}

/* history-free: any stores, either player to move */
static void test_history_free(void **state)
{
    (void)state;
    compare(1, gb_tables_stones(tb) < 6 ? gb_tables_stones(tb) : 6, 40, 0, 20000, 4);
}

/* after capture-free moves: the value depends on the record (T2), the walk inside a cycle */
static void test_inside_stretch(void **state)
{
    (void)state;
    compare(3, gb_tables_stones(tb) < 6 ? gb_tables_stones(tb) : 6, 40, 6, 20000, 4);
}

/* Positions where one side takes all k stones (value ±k): the walks' window is clamped to
 * [-k, k], so a bound at ±k must be the value (sadeqa_build.c's walk). Fresh (the builder's
 * walk) and after capture-free moves (the probe's walk, with the record), against the slow
 * solver. */
static void test_whole_margin(void **state)
{
    (void)state;
    const int top = gb_tables_stones(tb) < 6 ? gb_tables_stones(tb) : 6;
    for (int plies = 0; plies <= 6; plies += 6) {
        int solved[2] = {0, 0}; /* value -k, +k */
        for (int k = 1; k <= top; k++) { /* at 1 stone every value is ±k */
            int found = 0;
            for (int tries = 0; tries < 4000 && found < 12; tries++) {
                gb_game *g = random_position(k);
                if (plies)
                    walk_capture_free(g, 1 + below(plies));
                int margin = 0;
                if (gb_is_over(g) || (plies && gb_history_length(g) == 0) ||
                    !gb_tables_probe(tb, g, &margin)) {
                    gb_game_free(g);
                    continue;
                }
                const int me = gb_to_move(g), v = margin - (gb_store(g, me) - gb_store(g, !me));
                if (v != k && v != -k) {
                    gb_game_free(g);
                    continue;
                }
                found++;
                int want = 0;
                if (slow_value(g, 20000, &want)) {
                    solved[v > 0]++;
                    if (margin != want) {
                        char *pos = gb_position_format(g);
                        fail_msg("%s (after %d moves): tables %d, slow solver %d", pos,
                                 gb_history_length(g), margin, want);
                    }
                }
                gb_game_free(g);
            }
        }
        print_message("value -k: %d, +k: %d positions%s solved by the slow solver, all agree\n",
                      solved[0], solved[1], plies ? " (after capture-free moves)" : "");
        assert_true(solved[0] >= 5 && solved[1] >= 5);
    }
}

/* Positions whose value depends on their record: the same board and player reached fresh (a
 * position string has no record) is worth something else. The slow solver, playing on the game
 * with its record, must give the tables' value with the record, not the fresh one. */
static void test_history_matters(void **state)
{
    (void)state;
    int found = 0, checked = 0;
    long steps = 0;
    /* such positions are rare (a walk must come back near its own path): a few in 10,000
     * capture-free steps of random walks through positions on cycles */
    for (int i = 0; i < 3000 && checked < 4; i++) {
        gb_game *g = random_position(5);
        for (int step = 0; step < 300 && !gb_is_over(g) && checked < 4; step++) {
            gb_move m[GB_MAX_MOVES];
            int n = gb_legal_moves(g, m, GB_MAX_MOVES), start = below(n ? n : 1);
            gb_game *next = NULL;
            for (int j = 0; j < n && !next; j++) { /* a capture-free move that does not end it */
                gb_game *c = gb_game_clone(g);
                gb_move mv = m[(start + j) % n];
                gb_error err = {0};
                assert_int_equal(gb_play(c, &mv, &err), GB_OK);
                if (!gb_is_over(c) && gb_store(c, 0) == gb_store(g, 0) && gb_store(c, 1) == gb_store(g, 1))
                    next = c;
                else
                    gb_game_free(c);
            }
            gb_game_free(g);
            g = next;
            if (!g)
                break;
            steps++;
            char *pos = gb_position_format(g);
            gb_game *fresh = game_at(pos);
            int with = 0, without = 0;
            assert_int_equal(gb_tables_probe(tb, fresh, &without), 1);
            if (gb_tables_probe(tb, g, &with) == 1 && with != without) {
                found++;
                int want = 0;
                if (slow_value(g, 2000000, &want)) {
                    checked++;
                    if (want != with)
                        fail_msg("%s after %d moves: tables %d (fresh %d), slow solver %d", pos,
                                 gb_history_length(g), with, without, want);
                }
            }
            free(pos);
            gb_game_free(fresh);
        }
        if (g)
            gb_game_free(g);
    }
    print_message("%ld capture-free steps: %d positions whose value depends on the record, %d solved by "
                  "the slow solver: all agree\n",
                  steps, found, checked);
    assert_true(checked >= 2);
}

/* Within the tables every level from ai:6 up plays a move that keeps the exact value: the
 * value of the position after the move (the tables', with the record) is the position's. */
static void test_levels_keep_value(void **state)
{
    (void)state;
    int checked = 0;
    for (int i = 0; i < 120; i++) {
        gb_game *g = random_position(2 + below(gb_tables_stones(tb) - 1));
        if (i % 2)
            walk_capture_free(g, 1 + below(6));
        int want;
        if (gb_is_over(g) || gb_tables_probe(tb, g, &want) != 1) {
            gb_game_free(g);
            continue;
        }
        for (int level = 6; level <= 8; level++) {
            gb_player p = {GB_PLAYER_AI, level, 0, 0};
            uint64_t r = 7 + (uint64_t)i;
            gb_move m;
            assert_int_equal(gb_player_choose_tables(&p, g, tb, &r, NULL, &m), GB_OK);
            gb_game *c = gb_game_clone(g);
            gb_error err = {0};
            assert_int_equal(gb_play(c, &m, &err), GB_OK);
            const int me = gb_to_move(g);
            int got;
            if (gb_is_over(c))
                got = gb_score(c, me) - gb_score(c, !me);
            else {
                assert_int_equal(gb_tables_probe(tb, c, &got), 1);
                if (gb_to_move(c) != me)
                    got = -got;
            }
            if (got != want) {
                char *pos = gb_position_format(g);
                fail_msg("ai:%d in %s (after %d moves): its move gives %d, the position is worth %d", level, pos,
                         gb_history_length(g), got, want);
            }
            gb_game_free(c);
            checked++;
        }
        gb_game_free(g);
    }
    print_message("%d choices of ai:6..ai:8 keep the exact value\n", checked);
    assert_true(checked >= 150);
}

/* Two ends worked by hand from the rules, and options the tables were not built for. */
static void test_by_hand(void **state)
{
    (void)state;
    int m = 0;
    /* South's one stone in H goes to a (empty, North's row: the move ends, S4); North's a goes
     * to b (empty, his own row, opposite G empty: no capture); South has no stone: S5 gives the
     * stone to North, who moved last: South ends 1 behind, from 40-53 */
    gb_game *g = game_at("sadeqa board=0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 stores=40,53 turn=S phase=play ply=9 last=N");
    assert_int_equal(gb_tables_probe(tb, g, &m), 1);
    assert_int_equal(m, 40 - 53 - 1);
    gb_game_free(g);
    /* South's stone in A, North's in h: A -> B (empty, own row, opposite g empty: no capture);
     * h -> A (empty, South's row: ends); South then sows A into B (relay: B's 2 to C, D; D empty,
     * opposite e empty) or B -> C, and North, with no stone, has no move: S5 gives both stones
     * to South, who moved last: +2 */
    g = game_at("sadeqa board=1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 stores=47,47 turn=S phase=play ply=9 last=N");
    assert_int_equal(gb_tables_probe(tb, g, &m), 1);
    assert_int_equal(m, 2);
    gb_game_free(g);
    /* other options than the tables': not theirs to decide */
    g = game_at("sadeqa:skip-origin=yes board=1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 stores=47,47 turn=S phase=play ply=9 last=N");
    assert_int_equal(gb_tables_probe(tb, g, &m), 0);
    gb_game_free(g);
}

/* A damaged file is refused with its name, a missing folder too. */
static void test_files(void **state)
{
    (void)state;
    gb_tables *t = NULL;
    gb_error err = {0};
    assert_int_not_equal(gb_tables_open(&t, "/nonexistent/tables", 0, &err), GB_OK);
    assert_non_null(strstr(err.msg, "holds no table"));
    char tmp[1024], cmd[8192];
    snprintf(tmp, sizeof tmp, "%s-damaged", dir);
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && cp -r '%s' '%s' && printf x | dd of='%s/sadeqa-02.gbt' bs=1 seek=600 conv=notrunc 2>/dev/null",
             tmp, dir, tmp, tmp);
    assert_int_equal(system(cmd), 0);
    assert_int_not_equal(gb_tables_open(&t, tmp, 1, &err), GB_OK);
    assert_non_null(strstr(err.msg, "sadeqa-02.gbt: its checksum does not match"));
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    assert_int_equal(system(cmd), 0);
}

int main(int argc, char **argv)
{
    if (slow_open_tables("test_tables", argc, argv, 1, &tb, &dir))
        return 2;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_by_hand),
        cmocka_unit_test(test_history_free),
        cmocka_unit_test(test_inside_stretch),
        cmocka_unit_test(test_history_matters),
        cmocka_unit_test(test_whole_margin),
        cmocka_unit_test(test_levels_keep_value),
        cmocka_unit_test(test_files),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    gb_tables_close(tb);
    return rc;
}
