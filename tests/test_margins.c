/* test_margins.c — once the result is decided, the search plays for the most stones (issue 23
 * §1/§2, docs/tables.md): in Sadeqa III positions within the endgame tables where two moves both
 * win (or both draw, or both lose) by different margins, every searching player picks one of the
 * largest margin, and its result (gb_player_think: the hint's) says that margin exactly. The
 * values of each move come from a second, slow solver (tests/tables_slow_solver.c, the plain
 * alpha-beta over the game object that tests/test_tables.c uses: every move played on a copy of
 * the game, whose own record applies T2 and whose own end S5 and the scores; no table), and one
 * position is worked by hand.
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

#include "ai_cli.h"
#include "gabata.h"

static gb_tables *tb;

static uint64_t rng = 4242;
static int below(int n) { return (int)(gb_rand_next(&rng) % (uint64_t)n); }

/* A random position with k stones on the board and random stores (the cap lifted: a table's
 * value is that of the game without it). */
static gb_game *random_position(int k)
{
    int h[16] = {0};
    for (int s = 0; s < k; s++)
        h[below(16)]++;
    int south = below(2) == 0;
    int taken = 96 - k, s0 = below(taken + 1), s1 = taken - s0;
    char text[256];
    snprintf(text, sizeof text,
             "sadeqa:max-plies=1000000 board=%d,%d,%d,%d,%d,%d,%d,%d/%d,%d,%d,%d,%d,%d,%d,%d "
             "stores=%d,%d turn=%c phase=play ply=1 last=%c",
             h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8], h[9], h[10], h[11], h[12], h[13],
             h[14], h[15], s0, s1, south ? 'S' : 'N', south ? 'N' : 'S');
    return game_at(text);
}

/* The players that search: the hint's (ai:4), a fixed depth (ai:5), the timed levels. */
static const gb_player searchers[] = {
    {GB_PLAYER_AI, 4, 0, 0}, {GB_PLAYER_AI, 5, 0, 0}, {GB_PLAYER_AI, 6, 0, 0}, {GB_PLAYER_AI, 8, 0, 0}};

/* Every searching player, with the tables, picks a move of value `best` (val: the slow solver's
 * value of each of the n moves m) and says so exactly. */
static void check_choices(const gb_game *g, const gb_move *m, const int *val, int n, int best)
{
    for (size_t k = 0; k < sizeof searchers / sizeof *searchers; k++) {
        uint64_t r = 99;
        gb_move got;
        gb_search_result res;
        assert_int_equal(gb_player_think(&searchers[k], g, tb, &r, NULL, &got, &res), GB_OK);
        int v = -10000;
        char mv[GB_MOVE_TEXT_MAX], other[GB_MOVE_TEXT_MAX], who[64];
        gb_move_format(g, &got, mv, sizeof mv);
        for (int i = 0; i < n; i++) {
            gb_move_format(g, &m[i], other, sizeof other);
            if (strcmp(mv, other) == 0)
                v = val[i];
        }
        if (v != best || res.exact != 2 || res.margin != best) {
            char *pos = gb_position_format(g);
            fail_msg("%s in %s: plays %s worth %d (result: exact %d, margin %d); the best move is worth %d",
                     gb_player_describe(&searchers[k], who, sizeof who), pos, mv, v, res.exact, res.margin, best);
        }
    }
}

/* Worked by hand (ring order A..H, a..h; the hole across ring i is 15 - i). North to move with
 * one stone in c and one in h, South none, stores 29-65 (North 36 ahead):
 *   - c -> d: d was empty, North's own row, the hole across (E) empty: no capture, the move ends
 *     (S4). South has no stone, so no move: S5 gives the 2 stones to North, who moved last:
 *     67-29, North wins by 38.
 *   - h -> A: empty, South's row: the move ends. Then every move is forced (one stone each):
 *     A -> B, c -> d, B -> C, d -> e, C -> D, empty and across from e's stone: South takes it (S4).
 *     North has no stone: S5 gives D's stone to South, who moved last: 65-31, North wins by 34.
 * Both win; c by four stones more. */
static void test_by_hand(void **state)
{
    (void)state;
    gb_game *g = game_at("sadeqa board=0,0,0,0,0,0,0,0/0,0,1,0,0,0,0,1 stores=29,65 turn=N phase=play ply=9 last=S");
    gb_move m[GB_MAX_MOVES];
    int val[GB_MAX_MOVES];
    assert_int_equal(slow_move_values(g, m, val, 100000), 2);
    char mv[GB_MOVE_TEXT_MAX];
    gb_move_format(g, &m[0], mv, sizeof mv);
    assert_string_equal(mv, "c");
    assert_int_equal(val[0], 38);
    gb_move_format(g, &m[1], mv, sizeof mv);
    assert_string_equal(mv, "h");
    assert_int_equal(val[1], 34);
    check_choices(g, m, val, 2, 38);
    gb_game_free(g);
}

/* Positions sampled within the tables where at least two moves have different values of the
 * same result (both win, both draw or both lose): every searcher picks the largest. */
static void test_sampled(void **state)
{
    (void)state;
    int found = 0, tried = 0;
    const int kmax = gb_tables_stones(tb) < 5 ? gb_tables_stones(tb) : 5;
    for (int i = 0; i < 4000 && found < 12; i++) {
        gb_game *g = random_position(2 + below(kmax - 1));
        if (gb_is_over(g)) {
            gb_game_free(g);
            continue;
        }
        gb_move m[GB_MAX_MOVES];
        int val[GB_MAX_MOVES];
        int n = slow_move_values(g, m, val, 20000);
        tried++;
        int best = -1000;
        for (int j = 0; j < n; j++)
            best = val[j] > best ? val[j] : best;
        /* another move of the same result (sign), by a smaller margin */
        bool split = false;
        for (int j = 0; j < n; j++)
            if (val[j] != best && (val[j] > 0) == (best > 0) && (val[j] < 0) == (best < 0))
                split = true;
        if (n > 1 && split) {
            if (getenv("TEST_MARGINS_SHOW")) {
                char *pos = gb_position_format(g);
                printf("%s:", pos);
                for (int j = 0; j < n; j++) {
                    char mv[GB_MOVE_TEXT_MAX];
                    gb_move_format(g, &m[j], mv, sizeof mv);
                    printf(" %s %d", mv, val[j]);
                }
                printf("\n");
                free(pos);
            }
            check_choices(g, m, val, n, best);
            found++;
        }
        gb_game_free(g);
    }
    print_message("%d positions of %d sampled: two moves of one result by different margins; every searcher "
                  "takes the largest\n",
                  found, tried);
    assert_true(found >= 8);
}

/* gb_match_play_tables: both players probe them, so within the tables every move of
 * ai:2 (one ply: the tables' values are its leaves) keeps the position's exact value, which its
 * one-ply search without them does not. The observer sees every position: the value of the one
 * before (the tables', with the record) must be the value after the move, from the mover's view. */
typedef struct keep_watch {
    bool have;      /* the last position was within the tables */
    int mover, value;
    int checked, lost;
} keep_watch;

static int watch(const gb_game *g, void *user)
{
    keep_watch *w = user;
    int now = 0;
    const bool over = gb_is_over(g);
    const bool known = !over && gb_tables_probe(tb, g, &now) == 1;
    if (w->have) {
        int got;
        if (over)
            got = gb_score(g, w->mover) - gb_score(g, !w->mover);
        else
            got = known ? (gb_to_move(g) == w->mover ? now : -now) : w->value; /* (always known) */
        w->checked++;
        if (got != w->value)
            w->lost++;
    }
    w->have = known;
    w->mover = known ? gb_to_move(g) : 0;
    w->value = now;
    return 0;
}

static void match_games(const gb_tables *t, keep_watch *w)
{
    memset(w, 0, sizeof *w);
    for (int i = 0; i < 400; i++) {
        w->have = false;
        gb_match_spec sp = {"sadeqa", "max-plies=1000000", {{GB_PLAYER_AI, 2, 0, 0}, {GB_PLAYER_AI, 2, 0, 0}},
                            1000 + (uint64_t)i, 12, 5 + (uint64_t)i, watch, w};
        gb_match_result r;
        gb_error err = {0};
        assert_int_equal(gb_match_play_tables(&sp, t, &r, &err), GB_OK);
    }
}

static void test_match_probes(void **state)
{
    (void)state;
    keep_watch with, without;
    match_games(tb, &with);
    match_games(NULL, &without);
    print_message("gb_match_play_tables, ai:2 against itself, 400 games: %d moves within the tables; %d lose value "
                  "with the tables, %d of %d without\n",
                  with.checked, with.lost, without.lost, without.checked);
    assert_true(with.checked >= 20);
    assert_int_equal(with.lost, 0);
    assert_true(without.lost > 0); /* (the check above can fail) */
}

/* The exact value of g for its mover by the slow solver (with g's record), or -1000 when it ran
 * past its budget. */
static int slow_or_none(const gb_game *g)
{
    int v = -1000;
    slow_value(g, 30000, &v);
    return v;
}

/* `gabata analyze --tables` (analyze_record): games played at random from positions within the
 * tables, each move's mark against the slow solver's values of the position and of the move
 * played (with the game's record): marked exactly when the move lowers the value; a blunder
 * (two marks) when it changes the result or costs 3 stones or more. */
static void test_analyze_marks(void **state)
{
    (void)state;
    analyze_set_tables(tb);
    int checked = 0, marked[3] = {0, 0, 0};
    const int kmax = gb_tables_stones(tb) < 5 ? gb_tables_stones(tb) : 5;
    for (int i = 0; i < 40; i++) {
        gb_game *g = random_position(3 + below(kmax - 2));
        for (int p = 0; p < 30 && !gb_is_over(g); p++) {
            gb_move m;
            assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
            gb_error err = {0};
            assert_int_equal(gb_play(g, &m, &err), GB_OK);
        }
        char *text = gb_record_format(g, NULL);
        assert_non_null(text);
        analysis_entry e[40];
        gb_budget b = {4, 0, 0};
        gb_error err = {0};
        int n = analyze_record(text, &b, e, 40, NULL, NULL, &err);
        assert_int_equal(n, gb_history_length(g));
        /* the same game again, move by move, for the slow solver */
        gb_game *r = NULL;
        assert_int_equal(gb_record_parse(&r, text, &err), GB_OK);
        char *pos = gb_record_tag(text, "Position");
        assert_non_null(pos);
        gb_game *h = game_at(pos);
        for (int k = 0; k < n; k++) {
            gb_move mv = *gb_history_move(r, k);
            mv.chance = 0;
            const int me = gb_to_move(h);
            gb_move list[GB_MAX_MOVES];
            const int nl = gb_legal_moves(h, list, GB_MAX_MOVES);
            int before = nl > 1 ? slow_or_none(h) : -1000;
            gb_game *after = gb_game_clone(h);
            assert_int_equal(gb_play(after, &mv, &err), GB_OK);
            int played = gb_is_over(after) ? gb_score(after, me) - gb_score(after, !me) : slow_or_none(after);
            if (!gb_is_over(after) && played != -1000 && gb_to_move(after) != me)
                played = -played;
            gb_game_free(after);
            if (before != -1000 && played != -1000) {
                char mt[GB_MOVE_TEXT_MAX];
                gb_move_format(h, &mv, mt, sizeof mt);
                const int d = before - played;
                const int rb = (before > 0) - (before < 0), rp = (played > 0) - (played < 0);
                const int want = d <= 0 ? 0 : (rp < rb || d >= 3) ? 2 : 1;
                if (!e[k].exact || e[k].margin != before || !e[k].exact_played || e[k].margin_played != played ||
                    e[k].mark != want)
                    fail_msg("%s\nmove %d (%s): analyze says %s%d, played %s%d, mark %d; the slow solver %d, "
                             "played %d, so mark %d",
                             text, k + 1, mt, e[k].exact ? "exact " : "", e[k].margin,
                             e[k].exact_played ? "exact " : "", e[k].margin_played, e[k].mark, before, played, want);
                marked[want]++;
                checked++;
            }
            assert_int_equal(gb_play(h, &mv, &err), GB_OK);
        }
        free(pos);
        free(text);
        gb_game_free(h);
        gb_game_free(r);
        gb_game_free(g);
    }
    analyze_set_tables(NULL);
    print_message("analyze --tables: %d moves checked against the slow solver: %d keep the value, %d mistakes, "
                  "%d blunders, every one marked as it should\n",
                  checked, marked[0], marked[1], marked[2]);
    assert_true(checked >= 100 && marked[1] > 0 && marked[2] > 0);
}

int main(int argc, char **argv)
{
    if (slow_open_tables("test_margins", argc, argv, 0, &tb, NULL))
        return 2;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_by_hand),
        cmocka_unit_test(test_sampled),
        cmocka_unit_test(test_match_probes),
        cmocka_unit_test(test_analyze_marks),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    gb_tables_close(tb);
    return rc;
}
