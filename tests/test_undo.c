/* test_undo.c — gb_undo restores exactly the game as it was before the move (issue 24 §3): the
 * position, the legal moves, the history, the repetition record (T2) and the rounds, also after a
 * move that ended a round (the record restarts, T5) and across many rounds. The second method is
 * a game that never undoes: it plays the same moves one ply behind, so after each undo the two
 * must be alike byte for byte; at the end the game is undone back to its start, compared with
 * copies of that game taken before each round's end. Qelat and L'ab al-Akil (matches of rounds)
 * under every option that changes how a round ends or starts, Q11's start mask among them; Sadeqa
 * III and Bulto (one game, ended by T1-T3 too). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "helpers.h"

#include "gabata.h"
#include "internal.h"

/* a and b alike in everything undo must restore; `deep`: the whole record and history too (else
 * their lengths and last entries) */
static void same_game(const gb_game *a, const gb_game *b, bool deep, const char *what, int ply)
{
    if (memcmp(gb_game_pos(a), gb_game_pos(b), sizeof(gb_pos)) != 0)
        fail_msg("%s, ply %d: the position differs", what, ply);
    gb_move ma[GB_MAX_MOVES], mb[GB_MAX_MOVES];
    int na = gb_legal_moves(a, ma, GB_MAX_MOVES), nb = gb_legal_moves(b, mb, GB_MAX_MOVES);
    if (na != nb || memcmp(ma, mb, (size_t)na * sizeof *ma) != 0)
        fail_msg("%s, ply %d: the legal moves differ (%d, %d)", what, ply, na, nb);
    int ha = gb_history_length(a), hb = gb_history_length(b);
    if (ha != hb)
        fail_msg("%s, ply %d: history %d against %d", what, ply, ha, hb);
    for (int i = deep ? 0 : (ha > 2 ? ha - 2 : 0); i < ha; i++)
        if (memcmp(gb_history_move(a, i), gb_history_move(b, i), sizeof(gb_move)) != 0)
            fail_msg("%s, ply %d: history move %d differs", what, ply, i);
    const gb_seen *ra = gb_game_seen(a), *rb = gb_game_seen(b);
    if (ra->len != rb->len)
        fail_msg("%s, ply %d: repetition record %d against %d", what, ply, ra->len, rb->len);
    for (int i = deep ? 0 : (ra->len > 2 ? ra->len - 2 : 0); i < ra->len; i++)
        if (memcmp(&ra->pos[i], &rb->pos[i], sizeof(gb_pos)) != 0)
            fail_msg("%s, ply %d: repetition record entry %d differs", what, ply, i);
    int ca = gb_game_round_count(a), cb = gb_game_round_count(b);
    if (ca != cb)
        fail_msg("%s, ply %d: %d rounds ended against %d", what, ply, ca, cb);
    for (int i = deep ? 0 : (ca > 1 ? ca - 1 : 0); i < ca; i++)
        if (memcmp(gb_game_round_at(a, i), gb_game_round_at(b, i), sizeof(gb_round_end)) != 0)
            fail_msg("%s, ply %d: round %d differs", what, ply, i);
}

static void play_ok(gb_game *g, gb_move *m, const char *what, int ply)
{
    gb_error err = {0, ""};
    if (gb_play(g, m, &err) != GB_OK)
        fail_msg("%s, ply %d: a move was refused: %s", what, ply, err.msg);
}

typedef struct totals {
    long plies, round_ends, chances, deep_undos;
} totals;

/* One game of `variant:opts`: g plays a random move, undoes it and plays it again; ref (no undo)
 * plays it after. Before each move that ends a round, a copy of ref is kept; at the end g is
 * undone to its start and compared with them on the way. */
static void one_game(const char *variant, const char *opts, uint64_t seed, totals *t)
{
    char what[160];
    snprintf(what, sizeof what, "%s:%s seed %llu", variant, opts, (unsigned long long)seed);
    gb_game *g = NULL, *ref = NULL;
    gb_error err = {0, ""};
    if (gb_game_new(&g, variant, opts, seed, &err) || gb_game_new(&ref, variant, opts, seed, &err))
        fail_msg("%s: %s", what, err.msg);
    enum { KEEP = 64 };
    gb_game *kept[KEEP];
    int kept_at[KEEP], nkept = 0;
    uint64_t rng = seed * 7919u + 1;
    int ply = 0;
    for (; ply < 20000 && !gb_is_over(g); ply++) {
        gb_move m, m1, m2, m3;
        assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
        m.chance = 0;
        int rounds = gb_game_round_count(g);
        m1 = m;
        play_ok(g, &m1, what, ply);
        bool ended = gb_game_round_count(g) != rounds || gb_is_over(g);
        if (gb_undo(g, &err) != GB_OK)
            fail_msg("%s, ply %d: undo: %s", what, ply, err.msg);
        same_game(g, ref, ended || ply % 97 == 0, what, ply);
        if (ended && nkept < KEEP) {
            kept[nkept] = gb_game_clone(ref);
            assert_non_null(kept[nkept]);
            kept_at[nkept++] = ply;
        }
        m2 = m; /* the same draws again (Q7's lots): the random source was put back */
        play_ok(g, &m2, what, ply);
        m3 = m;
        play_ok(ref, &m3, what, ply);
        if (m1.chance != m2.chance || m2.chance != m3.chance)
            fail_msg("%s, ply %d: the lot drawn differs after undo", what, ply);
        t->chances += m1.chance != 0;
        t->round_ends += ended;
        if (ended || ply % 97 == 0)
            same_game(g, ref, true, what, ply + 1);
    }
    t->plies += ply;
    /* a copy undone past round ends (its record is sized to its round, not the old ones) */
    gb_game *c = gb_game_clone(g);
    assert_non_null(c);
    for (int k = nkept - 1; k >= 0; k--) {
        while (gb_history_length(c) > kept_at[k])
            if (gb_undo(c, &err) != GB_OK)
                fail_msg("%s: undo of the copy: %s", what, err.msg);
        same_game(c, kept[k], true, what, kept_at[k]);
        t->deep_undos++;
    }
    gb_game_free(c);
    /* the game itself, undone move by move to its start */
    for (int k = nkept - 1; k >= 0; k--) {
        while (gb_history_length(g) > kept_at[k])
            if (gb_undo(g, &err) != GB_OK)
                fail_msg("%s: undo: %s", what, err.msg);
        same_game(g, kept[k], true, what, kept_at[k]);
        gb_game_free(kept[k]);
    }
    while (gb_history_length(g) > 0)
        assert_int_equal(gb_undo(g, NULL), GB_OK);
    gb_game *fresh = NULL;
    assert_int_equal(gb_game_new(&fresh, variant, opts, seed, NULL), GB_OK);
    same_game(g, fresh, true, what, 0);
    assert_int_equal(gb_undo(g, &err), GB_EEMPTY);
    gb_game_free(fresh);
    gb_game_free(ref);
    gb_game_free(g);
}

static void run(const char *variant, const char *const *opts, size_t nopts, int games)
{
    for (size_t k = 0; k < nopts; k++) {
        totals t = {0, 0, 0, 0};
        for (int i = 0; i < games; i++)
            one_game(variant, opts[k], 1 + (uint64_t)i, &t);
        print_message("%s:%s: %ld plies, %ld round ends, %ld lots, %ld deep undos\n", variant,
                      opts[k], t.plies, t.round_ends, t.chances, t.deep_undos);
        assert_true(t.plies > 20 * games);
        assert_true(t.round_ends >= games); /* every game ends (a match's rounds too) */
    }
}

/* Qelat: rounds end by Q5's pass and the rule, by T1 (endless=ends-game), T2, T3 (a small
 * max-plies), Q11 (match-repeat=ends: the start mask decides whether the match ends); the lots
 * of Q7 are drawn at round ends; the next round's starter and layout follow the options. */
static void test_qelat(void **state)
{
    (void)state;
    static const char *const opts[] = {
        "",
        "match-repeat=ends",
        "match-repeat=ends,max-plies=40",
        "max-plies=25,max-rounds=60",
        "endless=ends-game,max-plies=300",
        "enemy=row,after-eat=end,layout=winner-first,next-starter=alternate",
        "skip-origin=yes,max-rounds=30",
        "rounds=1",
    };
    run("qelat", opts, sizeof opts / sizeof opts[0], 5);
}

/* L'ab al-Akil: rounds with layouts (A2), the chooser (starter=chooser), feeds, T1-T3. */
static void test_akil(void **state)
{
    (void)state;
    static const char *const opts[] = {
        "",
        "starter=chooser,tebweez=mirrored",
        "feed=then-sow,two-seeds=at-once,gain=difference,chain=unlimited",
        "max-plies=30,max-rounds=40",
        "endless=ends-game,skip-origin=yes",
        "rounds=1",
    };
    run("akil", opts, sizeof opts / sizeof opts[0], 6);
}

/* One-game games: the game-ending move (rule, T1, T2, T3) undone. */
static void test_single_games(void **state)
{
    (void)state;
    static const char *const sq[] = {"", "endless=ends-game,max-plies=60", "seeds=4,skip-origin=yes"};
    static const char *const bu[] = {"", "right-rule=none,endless=ends-game", "max-plies=50"};
    run("sadeqa", sq, sizeof sq / sizeof sq[0], 4);
    run("bulto", bu, sizeof bu / sizeof bu[0], 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_qelat),
        cmocka_unit_test(test_akil),
        cmocka_unit_test(test_single_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
