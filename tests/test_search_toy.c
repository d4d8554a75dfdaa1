/* test_search_toy.c — the search's generic mechanisms on a toy game written here, since the games
 * that need them (Qelat, L'ab al-Akil, Bulto) are not all on this branch. The toy has every feature
 * the search must handle: a layout phase whose moves cannot be listed (L'ab al-Akil's tebweez), a
 * player moving twice in a row (Qelat's play-again), rounds, and a chance outcome drawn when a
 * round ends (Qelat's 2/2 lots).
 *
 * The toy (2x2 holes, 8 stones): round 1 starts with South laying the 8 stones out as he likes;
 * North moves first. A move lifts a non-empty hole the mover owns: if it held 2 or more, one stone
 * goes to the next hole in ring order and the rest to his store, else the one stone goes to his
 * store. Taking an odd number of stones, he plays again. The round ends when the player to move
 * has no move; stones left go to the owner of their hole. More stones wins the round (equal:
 * lots); the round's winner takes the loser's lowest hole. Later rounds start with 2 stones a hole,
 * the round's loser moving first. The match ends when a player owns no hole, or after round 4 (more
 * holes wins; equal is a draw). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "search.h"

#include "minimax.h"

static const char *const toy_phases[] = {"layout", "play", NULL};

static void toy_setup(const gb_options *o, gb_pos *p)
{
    (void)o;
    memset(p, 0, sizeof *p);
    p->own_n = 0xc;
    p->round = 1;
}

static int toy_play(const gb_options *o, gb_pos *p, gb_move *m, gb_trace *t, uint64_t *rng, gb_error *err)
{
    (void)o;
    (void)t;
    (void)rng;
    const int mover = p->to_move;
    if (p->phase == 0) {
        int sum = 0;
        if (m->kind != GB_MOVE_LAYOUT)
            return gb_fail(err, GB_EILLEGAL, "a layout first");
        for (int i = 0; i < 4; i++)
            sum += m->layout[i];
        if (sum != 8)
            return gb_fail(err, GB_EILLEGAL, "a layout places 8 stones");
        for (int i = 0; i < 4; i++)
            p->holes[i] = m->layout[i];
        p->phase = 1;
        p->to_move = (uint8_t)!mover;
    } else {
        int h = m->hole;
        if (m->kind != GB_MOVE_SOW || h >= 4 || gb_pos_owner(p, h) != mover || !p->holes[h])
            return gb_fail(err, GB_EILLEGAL, "lift a non-empty hole of yours");
        int k = p->holes[h];
        p->holes[h] = 0;
        if (k >= 2) {
            p->holes[(h + 1) % 4]++;
            k--;
        }
        p->store[mover] = (uint8_t)(p->store[mover] + k);
        if (k % 2 == 0)
            p->to_move = (uint8_t)!mover;
    }
    p->flags = (uint8_t)((p->flags & ~GB_F_LAST_N) | (mover ? GB_F_LAST_N : 0));
    p->ply++;
    return GB_OK;
}

static int toy_gen(const gb_options *o, const gb_pos *p, gb_move *moves, gb_pos *children)
{
    int n = 0;
    if (p->phase == 0)
        return 0;
    for (int h = 0; h < 4; h++) {
        if (gb_pos_owner(p, h) != p->to_move || !p->holes[h])
            continue;
        gb_move m = {.kind = GB_MOVE_SOW, .hole = (uint8_t)h};
        gb_pos c = *p;
        toy_play(o, &c, &m, NULL, NULL, NULL);
        moves[n] = m;
        children[n++] = c;
    }
    return n;
}

static bool toy_ended(const gb_options *o, const gb_pos *p, int nmoves)
{
    (void)o;
    return p->phase == 1 && nmoves == 0;
}

static int holes_of(const gb_pos *p, int side)
{
    int k = 0;
    for (int i = 0; i < 4; i++)
        k += gb_pos_owner(p, i) == side;
    return k;
}

static void toy_scores(const gb_options *o, const gb_pos *p, int s[2])
{
    (void)o;
    s[0] = holes_of(p, 0);
    s[1] = holes_of(p, 1);
}

static void toy_finish(const gb_options *o, gb_pos *p, int reason, uint8_t *chance, uint64_t *rng)
{
    (void)o;
    int e[2] = {p->store[0], p->store[1]};
    for (int i = 0; i < 4; i++)
        e[gb_pos_owner(p, i)] += p->holes[i];
    int w;
    if (e[0] != e[1]) {
        w = e[1] > e[0];
    } else {
        if (*chance != 1 && *chance != 2)
            *chance = (uint8_t)(1 + (rng ? gb_rand_next(rng) & 1 : 0));
        w = *chance - 1;
    }
    for (int i = 0; i < 4; i++)
        if (gb_pos_owner(p, i) == !w) {
            p->own_n = w ? p->own_n | (1u << i) : p->own_n & ~(1u << i);
            break;
        }
    int hs = holes_of(p, 0), hn = holes_of(p, 1);
    if (hs == 0 || hn == 0 || p->round >= 4) {
        p->flags |= GB_F_OVER;
        p->end_reason = (uint8_t)reason;
        p->winner = hs > hn ? GB_SOUTH : hn > hs ? GB_NORTH : GB_DRAW;
        return;
    }
    for (int i = 0; i < 4; i++)
        p->holes[i] = 2;
    p->store[0] = p->store[1] = 0;
    p->round++;
    p->ply = 0;
    p->to_move = (uint8_t)!w;
    p->flags |= GB_F_ROUND_NEW;
}

static int toy_random_move(const gb_options *o, const gb_pos *p, uint64_t *rng, gb_move *m)
{
    (void)o;
    (void)p;
    memset(m, 0, sizeof *m);
    m->kind = GB_MOVE_LAYOUT;
    for (int k = 0; k < 8; k++)
        m->layout[gb_rand_next(rng) % 4]++;
    return GB_OK;
}

static int toy_check(const gb_options *o, const gb_pos *p, gb_error *err)
{
    (void)o;
    (void)p;
    (void)err;
    return GB_OK;
}

static const gb_rules toy = {
    .version = GB_RULES_VERSION,
    .name = "toy",
    .title = "Toy",
    .n = 2,
    .options = NULL,
    .num_options = 0,
    .phases = toy_phases,
    .setup = toy_setup,
    .play = toy_play,
    .gen = toy_gen,
    .ended = toy_ended,
    .finish = toy_finish,
    .scores = toy_scores,
    .random_move = toy_random_move,
    .check = toy_check,
};

static gb_game *toy_game(uint64_t seed)
{
    gb_options o;
    memset(&o, 0, sizeof o);
    o.v[GB_OPT_MAX_PLIES] = 5000;
    gb_pos p;
    toy.setup(&o, &p);
    gb_game *g;
    assert_int_equal(gb_game_from_pos(&g, &toy, &o, &p, seed, NULL), GB_OK);
    return g;
}

/* The toy really has what it is meant to test: the layout cannot be listed, a ply can leave the
 * same player to move, and a round can end in lots (two outcomes). */
static void test_toy_has_the_features(void **state)
{
    (void)state;
    gb_game *g = toy_game(1);
    gb_move moves[GB_MAX_MOVES];
    assert_int_equal(gb_legal_moves(g, moves, GB_MAX_MOVES), 0);
    assert_false(gb_is_over(g));
    gb_move lay = {.kind = GB_MOVE_LAYOUT, .layout = {3, 1, 2, 2}};
    assert_int_equal(gb_play(g, &lay, NULL), GB_OK);
    assert_int_equal(gb_to_move(g), GB_NORTH);
    /* North lifts c (ring 2, 2 stones): one to d, one to his store: odd, he plays again */
    assert_int_equal(gb_play_text(g, "a", NULL), GB_OK);
    assert_int_equal(gb_to_move(g), GB_NORTH);
    /* d holds 3: one to A, two to the store: even, South's turn */
    assert_int_equal(gb_play_text(g, "b", NULL), GB_OK);
    assert_int_equal(gb_to_move(g), GB_SOUTH);
    /* South: A (4): one to B, 3 taken, odd: again. */
    assert_int_equal(gb_play_text(g, "A", NULL), GB_OK);
    assert_int_equal(gb_to_move(g), GB_SOUTH);
    /* B (2): one to a, 1 taken, again, but South has no stone left: the round ends. South has 4
     * taken, North 3 and the stone in a: 4-4, lots, drawn in this ply. */
    gb_game *s = gb_game_clone(g), *n = gb_game_clone(g);
    assert_int_equal(gb_play_text(s, "B@S", NULL), GB_OK);
    assert_int_equal(gb_play_text(n, "B@N", NULL), GB_OK);
    assert_int_equal(gb_round(s), 2);
    assert_int_equal(gb_round(n), 2);
    assert_int_equal(gb_hole_owner(s, 2), GB_SOUTH); /* South won the lots: North's lowest hole */
    assert_int_equal(gb_hole_owner(n, 0), GB_NORTH); /* North won them: South's lowest */
    gb_game_free(s);
    gb_game_free(n);
    gb_game_free(g);
}

/* A random position of the toy after its layout. */
static gb_game *toy_position(uint64_t seed)
{
    uint64_t rng = seed * 31 + 7;
    for (;;) {
        gb_game *g = toy_game(seed);
        int k = (int)(gb_rand_next(&rng) % 30);
        for (int i = 0; i < k && !gb_is_over(g); i++) {
            gb_move m;
            assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
            assert_int_equal(gb_play(g, &m, NULL), GB_OK);
        }
        gb_move tmp[GB_MAX_MOVES];
        if (!gb_is_over(g) && gb_legal_moves(g, tmp, GB_MAX_MOVES) > 0)
            return g;
        gb_game_free(g);
    }
}

static int search_value(gb_searcher *s, const gb_game *g, int depth, int exact, const gb_move *only, int nonly)
{
    gb_search_opts o;
    memset(&o, 0, sizeof o);
    o.budget.depth = depth;
    o.tt_exact = exact;
    o.searchmoves = only;
    o.nsearchmoves = nonly;
    gb_search_result r;
    gb_error err;
    if (gb_search(s, g, &o, &r, &err) != GB_OK)
        fail_msg("search: %s", err.msg);
    return r.score;
}

/* alpha-beta = minimax (play-again without negation, chance as expectation, rounds as leaves),
 * and the table on and off agree, on 1,000 positions */
static void test_toy_alphabeta_minimax_tt(void **state)
{
    (void)state;
    gb_search_opts none, with;
    memset(&none, 0, sizeof none);
    memset(&with, 0, sizeof with);
    none.tt_mb = -1;
    with.tt_mb = 1;
    gb_searcher *a = gb_searcher_new(&none), *b = gb_searcher_new(&with);
    int chance_leaves = 0;
    for (int i = 0; i < 1000; i++) {
        gb_game *g = toy_position((uint64_t)i + 1);
        int depth = 1 + i % 6;
        int want = minimax(g, depth, 0), off = search_value(a, g, depth, 0, NULL, 0),
            on = search_value(b, g, depth, 1, NULL, 0);
        if (want != off || off != on) {
            char *p = gb_position_format(g);
            fail_msg("toy position %d (%s), depth %d: minimax %d, alpha-beta %d, with TT %d", i, p, depth, want,
                     off, on);
        }
        /* the chance expectation really is exercised: a mean of two different values is odd
         * or not a multiple of 400 */
        if (want % 400 != 0 && !gb_score_is_win(want))
            chance_leaves++;
        gb_game_free(g);
    }
    assert_true(chance_leaves > 0);
    gb_searcher_free(a);
    gb_searcher_free(b);
}

/* A layout is decided by searching candidates: restricted to given layouts, the value is the best
 * of the minimax values of those layouts; unrestricted, the move is a legal layout. */
static void test_toy_layout_by_search(void **state)
{
    (void)state;
    gb_search_opts none;
    memset(&none, 0, sizeof none);
    none.tt_mb = -1;
    gb_searcher *s = gb_searcher_new(&none);
    gb_game *g = toy_game(3);
    gb_move cands[4] = {
        {.kind = GB_MOVE_LAYOUT, .layout = {8, 0, 0, 0}},
        {.kind = GB_MOVE_LAYOUT, .layout = {2, 2, 2, 2}},
        {.kind = GB_MOVE_LAYOUT, .layout = {0, 1, 3, 4}},
        {.kind = GB_MOVE_LAYOUT, .layout = {1, 1, 5, 1}},
    };
    for (int depth = 1; depth <= 5; depth++) {
        int want = -2 * WIN;
        for (int i = 0; i < 4; i++) {
            int v = move_value(g, &cands[i], depth, 0);
            if (v > want)
                want = v;
        }
        assert_int_equal(search_value(s, g, depth, 0, cands, 4), want);
    }
    gb_search_opts o;
    memset(&o, 0, sizeof o);
    o.budget.depth = 4;
    o.seed = 9;
    gb_search_result r;
    assert_int_equal(gb_search(s, g, &o, &r, NULL), GB_OK);
    assert_int_equal(r.best.kind, GB_MOVE_LAYOUT);
    gb_game *c = gb_game_clone(g);
    assert_int_equal(gb_play(c, &r.best, NULL), GB_OK);
    gb_game_free(c);
    /* MCTS too */
    o.budget.depth = 0;
    o.budget.nodes = 500;
    assert_int_equal(gb_mcts(s, g, &o, &r, NULL), GB_OK);
    assert_int_equal(r.best.kind, GB_MOVE_LAYOUT);
    gb_game_free(g);
    gb_searcher_free(s);
}

/* Playing the toy out with the search and with MCTS always gives legal moves to the end. */
static void test_toy_games_to_the_end(void **state)
{
    (void)state;
    gb_searcher *s = gb_searcher_new(NULL);
    for (int k = 0; k < 10; k++) {
        gb_game *g = toy_game((uint64_t)k);
        while (!gb_is_over(g)) {
            gb_search_opts o;
            memset(&o, 0, sizeof o);
            o.seed = (uint64_t)k;
            gb_search_result r;
            if (k % 2) {
                o.budget.nodes = 300;
                assert_int_equal(gb_mcts(s, g, &o, &r, NULL), GB_OK);
            } else {
                o.budget.depth = 5;
                assert_int_equal(gb_search(s, g, &o, &r, NULL), GB_OK);
            }
            assert_int_equal(gb_play(g, &r.best, NULL), GB_OK);
        }
        gb_game_free(g);
    }
    gb_searcher_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_toy_has_the_features),
        cmocka_unit_test(test_toy_alphabeta_minimax_tt),
        cmocka_unit_test(test_toy_layout_by_search),
        cmocka_unit_test(test_toy_games_to_the_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
