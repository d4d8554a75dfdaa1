/* test_search.c — the computer players, for correctness only (never timing):
 * - alpha-beta's value equals a plain minimax to the same depth on 1,000 random positions of
 *   every registered game; the minimax is written here on the public API (clones, gb_play), a
 *   second method sharing only the evaluation function with the search;
 * - the transposition table on and off give the same value;
 * - a searcher kept along a game keeps exact values; a cleared one searches as a fresh one;
 * - the search's leaf settling (gb_settle_light) gives what gb_settle gives, and so does its
 *   settling of expanded nodes (gb_settle_expand, moves included), on every legal move of random
 *   positions of every game;
 * - MCTS with a fixed seed and playout budget is reproducible;
 * - `match` pairs openings (each played once from each side); its Elo formula;
 * - `analyze` flags a planted blunder, found by this file's own minimax;
 * - the protocol's `go` answers info lines, bestmove and ok;
 * - the evaluation: each game's own terms on positions worked out by hand from docs/ai.md's
 *   tables, and for every game the same value for a position and its mirror (rows, marks, owners,
 *   stores, gains and the side to move exchanged) and opposite values for the two sides; Sadeqa
 *   III's terms (computed word-wise) against docs/ai.md's table written plainly, hole by hole;
 * - a forced move by time is searched past depth 1; the match value of Qelat's round ends prefers
 *   breaking a cycle for the player behind; a Q11 end (match-repeat=ends) is scored exactly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ai_cli.h"
#include "match_stats.h"
#include "engine_session.h"
#include "searcher.h"

#include "minimax.h"

/* A random position of a game: k random plies from the start, not over, with listed moves. */
static gb_game *random_position(const char *variant, uint64_t seed, int max_plies)
{
    uint64_t rng = seed * 7919 + 17;
    for (int attempt = 0;; attempt++) {
        gb_game *g;
        assert_int_equal(gb_game_new(&g, variant, NULL, seed + (uint64_t)attempt, NULL), GB_OK);
        int k = (int)(gb_rand_next(&rng) % (uint64_t)(max_plies + 1)) >> (attempt > 3 ? 1 : 0);
        for (int i = 0; i < k && !gb_is_over(g); i++) {
            gb_move m;
            assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
            assert_int_equal(gb_play(g, &m, NULL), GB_OK);
        }
        gb_move tmp[GB_MAX_MOVES];
        if (!gb_is_over(g) && gb_legal_moves(g, tmp, GB_MAX_MOVES) > 0)
            return g;
        gb_game_free(g);
        assert_true(attempt < 1000);
    }
}

static int ab_value(gb_searcher *s, const gb_game *g, int depth, int tt_exact)
{
    gb_search_opts o;
    memset(&o, 0, sizeof o);
    o.budget.depth = depth;
    o.tt_exact = tt_exact;
    gb_search_result r;
    gb_error err;
    if (gb_search(s, g, &o, &r, &err) != GB_OK)
        fail_msg("search: %s", err.msg);
    return r.score;
}

static void test_alphabeta_equals_minimax(void **state)
{
    (void)state;
    gb_search_opts none;
    memset(&none, 0, sizeof none);
    none.tt_mb = -1; /* plain alpha-beta: no table */
    for (int v = 0; v < gb_variant_count(); v++) {
        const char *name = gb_variant_name(v);
        gb_searcher *s = gb_searcher_new(&none);
        assert_non_null(s);
        for (int i = 0; i < 1000; i++) {
            gb_game *g = random_position(name, (uint64_t)i + 1, 80);
            int depth = 1 + i % 4;
            int want = minimax(g, depth, 0), got = ab_value(s, g, depth, 0);
            if (want != got) {
                char *p = gb_position_format(g);
                fail_msg("%s position %d (%s), depth %d: minimax %d, alpha-beta %d", name, i, p, depth, want, got);
            }
            gb_game_free(g);
        }
        gb_searcher_free(s);
    }
}

/* gb_settle_light (the search's leaves) and gb_settle_expand against gb_settle: for every legal move of many random
 * positions of every game, under the default options, endless=ends-game and a small max-plies
 * (so that the cap and the ends-game end fire too), settled both ways from the same raw child,
 * record and chance: the same settled position (all of it), the same end status, reason, winner
 * and scores, the same record afterwards, and a move to play exactly when gb_settle lists some. */
static int count_call(void *ctx, const gb_pos *p, uint64_t hash)
{
    assert_int_equal(hash, gb_pos_hash(p));
    ++*(int *)ctx;
    return 0; /* found nothing: the moves are generated */
}

/* A first_move that finds a legal move when there is one, as the search's table move or killer
 * would: the game's own sample. */
typedef struct sample_probe {
    const gb_rules *r;
    const gb_options *o;
    int calls, found;
} sample_probe;

static int sample_call(void *ctx, const gb_pos *p, uint64_t hash)
{
    sample_probe *x = ctx;
    assert_int_equal(hash, gb_pos_hash(p));
    x->calls++;
    uint64_t rng = 7;
    gb_move m;
    gb_pos c;
    int got = x->r->sample(x->o, p, &rng, &m, &c, NULL);
    x->found += got > 0;
    return got > 0;
}

static void settle_both(const gb_rules *r, const gb_options *o, const gb_seen *grec, const gb_pos *raw,
                        uint8_t preset, long seen[6], long *compared, bool again)
{
    gb_pos ra[512], rb[512];
    static gb_move sm[GB_MAX_MOVES];
    static gb_pos sc[GB_MAX_MOVES];
    assert_true(grec->len + 8 <= 512);
    memcpy(ra, grec->pos, (size_t)grec->len * sizeof *ra);
    memcpy(rb, grec->pos, (size_t)grec->len * sizeof *rb);
    gb_seen a = {.pos = ra, .len = grec->len, .cap = 512, .own = false}, b = {.pos = rb, .len = grec->len, .cap = 512, .own = false};
    gb_pos pa = *raw, pb = *raw;
    uint8_t ca = preset, cb = preset;
    uint64_t ga = 99, gbr = 99;
    int na = gb_settle(r, o, &pa, &a, &ca, &ga, NULL, NULL);
    int nb = gb_settle_light(r, o, &pb, &b, &cb, &gbr, sm, sc);
    assert_true(na >= 0);
    assert_true(nb >= 0);
    assert_int_equal(na > 0, nb > 0);
    assert_int_equal(pa.flags, pb.flags);
    assert_int_equal(pa.end_reason, pb.end_reason);
    assert_int_equal(pa.winner, pb.winner);
    assert_true(gb_pos_same(&pa, &pb));
    assert_int_equal(pa.hash, pb.hash);
    assert_int_equal(pa.ply, pb.ply);
    assert_int_equal(pa.round, pb.round);
    assert_int_equal(pa.aux, pb.aux);
    assert_int_equal(pa.phase, pb.phase);
    assert_int_equal(pa.match[0], pb.match[0]);
    assert_int_equal(pa.match[1], pb.match[1]);
    assert_memory_equal(pa.holes, pb.holes, sizeof pa.holes);
    assert_int_equal(pa.store[0], pb.store[0]);
    assert_int_equal(pa.store[1], pb.store[1]);
    int sa[2] = {pa.store[0], pa.store[1]}, sb[2] = {pb.store[0], pb.store[1]};
    if (pa.flags & GB_F_OVER) {
        r->scores(o, &pa, sa);
        r->scores(o, &pb, sb);
    }
    assert_int_equal(sa[0], sb[0]);
    assert_int_equal(sa[1], sb[1]);
    assert_int_equal(ca, cb);
    assert_int_equal(ga, gbr);
    assert_int_equal(a.len, b.len);
    for (int i = 0; i < a.len; i++) {
        assert_true(gb_pos_same(&ra[i], &rb[i]));
        assert_int_equal(ra[i].hash, rb[i].hash);
    }
    /* gb_settle_expand (the search's expanded nodes): gb_settle's position, moves and record */
    {
        gb_pos rc[512], pc = *raw;
        memcpy(rc, grec->pos, (size_t)grec->len * sizeof *rc);
        gb_seen c = {.pos = rc, .len = grec->len, .cap = 512, .own = false};
        uint8_t cc = preset;
        uint64_t gc = 99;
        static gb_move ma[GB_MAX_MOVES], mc[GB_MAX_MOVES];
        static gb_pos cha[GB_MAX_MOVES], chc[GB_MAX_MOVES];
        gb_pos pa2 = *raw, ra2[512];
        memcpy(ra2, grec->pos, (size_t)grec->len * sizeof *ra2);
        gb_seen a2 = {.pos = ra2, .len = grec->len, .cap = 512, .own = false};
        uint8_t ca2 = preset;
        uint64_t ga2 = 99;
        int calls = 0;
        int n2 = gb_settle(r, o, &pa2, &a2, &ca2, &ga2, ma, cha);
        bool staged = true;
        int nc = gb_settle_expand(r, o, &pc, &c, &cc, &gc, mc, chc, count_call, &calls, &staged);
        assert_false(staged);
        assert_int_equal(n2, na);
        assert_int_equal(nc, na);
        assert_memory_equal(&pc, &pa, sizeof pa);
        assert_true(calls >= (pa.flags & GB_F_ENDLESS ? 0 : (na > 0 ? 1 : 0)));
        for (int i = 0; i < na; i++) {
            assert_true(gb_same_move(&ma[i], &mc[i]));
            assert_int_equal(ma[i].chance, mc[i].chance);
            assert_memory_equal(&cha[i], &chc[i], sizeof cha[i]);
        }
        assert_int_equal(cc, ca);
        assert_int_equal(gc, ga);
        assert_int_equal(c.len, a.len);
        assert_memory_equal(rc, ra, (size_t)a.len * sizeof *rc);
        /* staged (the search's table move or killer found legal): the moves are not generated,
         * "at least one" is returned, and the settled position and record are gb_settle's */
        if (r->sample) {
            gb_pos rs[512], ps = *raw;
            memcpy(rs, grec->pos, (size_t)grec->len * sizeof *rs);
            gb_seen d = {.pos = rs, .len = grec->len, .cap = 512, .own = false};
            uint8_t cs = preset;
            uint64_t gs = 99;
            sample_probe sp = {r, o, 0, 0};
            int ns = gb_settle_expand(r, o, &ps, &d, &cs, &gs, mc, chc, sample_call, &sp, &staged);
            assert_int_equal(ns > 0, na > 0);
            if (staged)
                assert_int_equal(ns, 1);
            else if (!(pa.flags & GB_F_OVER) && na > 0)
                assert_int_equal(ns, na); /* sample declined (a phase without it): generated */
            assert_memory_equal(&ps, &pa, sizeof pa);
            assert_int_equal(cs, ca);
            assert_int_equal(gs, ga);
            assert_int_equal(d.len, a.len);
            assert_memory_equal(rs, ra, (size_t)a.len * sizeof *rs);
        }
    }
    seen[(pa.flags & GB_F_OVER) ? pa.end_reason : 0]++;
    if (!(pa.flags & GB_F_OVER) && pa.round != raw->round)
        seen[5]++; /* a round ended */
    (*compared)++;
    /* the same ply once more against the record that now holds its result: a repetition (T2) */
    if (again && na > 0) {
        gb_seen twice = {.pos = ra, .len = a.len, .cap = 512, .own = false};
        settle_both(r, o, &twice, raw, preset, seen, compared, false);
    }
}

static void test_settle_light_same_as_settle(void **state)
{
    (void)state;
    static const char *const opts[] = {NULL, "endless=ends-game", "max-plies=40"};
    static gb_move mv[GB_MAX_MOVES];
    static gb_pos ch[GB_MAX_MOVES];
    for (int v = 0; v < gb_variant_count(); v++) {
        const char *name = gb_variant_name(v);
        long seen[6] = {0}, compared = 0;
        for (int oi = 0; oi < 3; oi++) {
            uint64_t rng = 4242 + (uint64_t)oi;
            for (int i = 0; i < 300; i++) {
                gb_game *g;
                gb_error err;
                if (gb_game_new(&g, name, opts[oi], (uint64_t)i + 1, &err) != GB_OK)
                    fail_msg("%s %s: %s", name, opts[oi], err.msg);
                int k = (int)(gb_rand_next(&rng) % 120);
                for (int j = 0; j < k && !gb_is_over(g); j++) {
                    gb_move m;
                    assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
                    assert_int_equal(gb_play(g, &m, NULL), GB_OK);
                }
                if (!gb_is_over(g)) {
                    const gb_rules *r = gb_game_rules(g);
                    const gb_options *o = gb_game_options(g);
                    int n = r->gen(o, gb_game_pos(g), mv, ch);
                    for (int c = 0; c < n; c++)
                        for (uint8_t preset = 1; preset <= 2; preset++)
                            settle_both(r, o, gb_game_seen(g), &ch[c], preset, seen, &compared, true);
                }
                gb_game_free(g);
            }
        }
        print_message("settle_light %s: %ld settlings compared; game over by rule %ld, repetition %ld, cap %ld, "
                      "endless %ld; a new round %ld\n", name, compared, seen[GB_END_RULE], seen[GB_END_REPETITION],
                      seen[GB_END_CAP], seen[GB_END_ENDLESS], seen[5]);
        assert_true(compared > 1000);
        assert_true(seen[GB_END_RULE] + seen[GB_END_REPETITION] + seen[GB_END_CAP] + seen[5] > 0);
    }
}

static void test_tt_on_off_same_value(void **state)
{
    (void)state;
    gb_search_opts none, with;
    memset(&none, 0, sizeof none);
    memset(&with, 0, sizeof with);
    none.tt_mb = -1;
    with.tt_mb = 1; /* small, so entries are replaced as in long searches */
    for (int v = 0; v < gb_variant_count(); v++) {
        const char *name = gb_variant_name(v);
        gb_searcher *a = gb_searcher_new(&none), *b = gb_searcher_new(&with);
        assert_non_null(a);
        assert_non_null(b);
        for (int i = 0; i < 1000; i++) {
            gb_game *g = random_position(name, (uint64_t)i + 5000, 100);
            int depth = 1 + i % 6;
            int off = ab_value(a, g, depth, 0), on = ab_value(b, g, depth, 1);
            if (off != on) {
                char *p = gb_position_format(g);
                fail_msg("%s position %d (%s), depth %d: TT off %d, on %d", name, i, p, depth, off, on);
            }
            gb_game_free(g);
        }
        gb_searcher_free(a);
        gb_searcher_free(b);
    }
}

/* Positions late in a game are searched to the end: every line finishes within the depth, so the
 * value is exact and the table (in its normal mode, deeper entries allowed) cannot change it. */
static void test_tt_exact_endgames(void **state)
{
    (void)state;
    gb_search_opts none, with;
    memset(&none, 0, sizeof none);
    memset(&with, 0, sizeof with);
    none.tt_mb = -1;
    with.tt_mb = 4;
    gb_searcher *a = gb_searcher_new(&none), *b = gb_searcher_new(&with);
    int checked = 0;
    for (int i = 0; i < 300; i++) {
        gb_game *g = random_position("sadeqa", (uint64_t)i + 9000, 200);
        int on_board = 0;
        for (int h = 0; h < 16; h++)
            on_board += gb_hole_count(g, h);
        if (on_board > 24) { /* not an endgame */
            gb_game_free(g);
            continue;
        }
        gb_search_opts o;
        memset(&o, 0, sizeof o);
        o.budget.depth = 9;
        gb_search_result ra, rb;
        assert_int_equal(gb_search(a, g, &o, &ra, NULL), GB_OK);
        if (gb_score_is_win(ra.score) || ra.score == 0) {
            assert_int_equal(gb_search(b, g, &o, &rb, NULL), GB_OK);
            if (ra.depth < 9) { /* stopped early: exact */
                assert_int_equal(ra.score, rb.score);
                checked++;
            }
        }
        gb_game_free(g);
    }
    gb_searcher_free(a);
    gb_searcher_free(b);
    assert_true(checked > 0);
}

/* A searcher kept along a game, as the engine and the players keep theirs (its table warm with
 * the entries of the earlier moves' searches, which share positions and repetition segments with
 * the later ones), still finds the exact alpha-beta value at every ply: the table in its exact
 * mode against plain alpha-beta without a table, on every game. */
static void test_kept_searcher_along_a_game(void **state)
{
    (void)state;
    gb_search_opts none, with;
    memset(&none, 0, sizeof none);
    memset(&with, 0, sizeof with);
    none.tt_mb = -1;
    with.tt_mb = 1;
    for (int v = 0; v < gb_variant_count(); v++) {
        const char *name = gb_variant_name(v);
        for (int game = 0; game < 4; game++) {
            gb_searcher *a = gb_searcher_new(&none), *kept = gb_searcher_new(&with);
            assert_non_null(a);
            assert_non_null(kept);
            gb_game *g;
            assert_int_equal(gb_game_new(&g, name, NULL, (uint64_t)game + 77, NULL), GB_OK);
            uint64_t rng = (uint64_t)game * 31 + 5;
            gb_move tmp[GB_MAX_MOVES];
            for (int ply = 0; ply < 60 && !gb_is_over(g); ply++) {
                if (gb_legal_moves(g, tmp, GB_MAX_MOVES) > 0) {
                    int depth = 1 + ply % 5;
                    int off = ab_value(a, g, depth, 0), on = ab_value(kept, g, depth, 1);
                    if (off != on) {
                        char *p = gb_position_format(g);
                        fail_msg("%s game %d ply %d (%s), depth %d: no table %d, kept table %d", name, game,
                                 ply, p, depth, off, on);
                    }
                }
                gb_move m;
                assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
                assert_int_equal(gb_play(g, &m, NULL), GB_OK);
            }
            gb_game_free(g);
            gb_searcher_free(a);
            gb_searcher_free(kept);
        }
    }
}

/* gb_searcher_clear forgets everything: after searches of other positions (and of the very one
 * searched next, so that a table left warm would change the search), a cleared searcher's search
 * is a fresh searcher's, node for node. */
static void test_searcher_clear_is_fresh(void **state)
{
    (void)state;
    gb_search_opts o;
    memset(&o, 0, sizeof o);
    o.tt_mb = 2;
    o.budget.depth = 6;
    for (int v = 0; v < gb_variant_count(); v++) {
        const char *name = gb_variant_name(v);
        gb_searcher *used = gb_searcher_new(&o);
        assert_non_null(used);
        gb_search_result r1, r2;
        gb_game *g = NULL;
        for (int i = 0; i < 4; i++) {
            gb_game_free(g);
            g = random_position(name, (uint64_t)i + 300, 30);
            assert_int_equal(gb_search(used, g, &o, &r1, NULL), GB_OK);
        }
        gb_searcher_clear(used);
        gb_searcher *fresh = gb_searcher_new(&o);
        assert_non_null(fresh);
        assert_int_equal(gb_search(used, g, &o, &r1, NULL), GB_OK);
        assert_int_equal(gb_search(fresh, g, &o, &r2, NULL), GB_OK);
        assert_int_equal(r1.score, r2.score);
        assert_int_equal(r1.depth, r2.depth);
        assert_int_equal(r1.nodes, r2.nodes);
        assert_true(gb_same_move(&r1.best, &r2.best));
        assert_int_equal(r1.pv_len, r2.pv_len);
        for (int i = 0; i < r1.pv_len; i++)
            assert_true(gb_same_move(&r1.pv[i], &r2.pv[i]));
        gb_game_free(g);
        gb_searcher_free(used);
        gb_searcher_free(fresh);
    }
}

static void test_mcts_reproducible(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++) {
        gb_game *g = random_position("sadeqa", (uint64_t)i + 77, 30);
        gb_search_opts o;
        memset(&o, 0, sizeof o);
        o.budget.nodes = 2000;
        o.seed = 42;
        gb_search_result r1, r2, r3;
        gb_searcher *s1 = gb_searcher_new(&o), *s2 = gb_searcher_new(&o);
        assert_int_equal(gb_mcts(s1, g, &o, &r1, NULL), GB_OK);
        assert_int_equal(gb_mcts(s2, g, &o, &r2, NULL), GB_OK);
        assert_int_equal(gb_mcts(s1, g, &o, &r3, NULL), GB_OK); /* a reused searcher too */
        assert_int_equal(r1.nodes, 2000);
        assert_int_equal(r1.score, r2.score);
        assert_int_equal(r1.score, r3.score);
        assert_int_equal(r1.pv_len, r2.pv_len);
        assert_int_equal(r1.pv_len, r3.pv_len);
        for (int k = 0; k < r1.pv_len; k++) {
            assert_int_equal(r1.pv[k].hole, r2.pv[k].hole);
            assert_int_equal(r1.pv[k].hole, r3.pv[k].hole);
        }
        assert_int_equal(r1.best.hole, r2.best.hole);
        /* the move chosen is legal */
        gb_game *c = gb_game_clone(g);
        gb_move m = r1.best;
        assert_int_equal(gb_play(c, &m, NULL), GB_OK);
        gb_game_free(c);
        gb_searcher_free(s1);
        gb_searcher_free(s2);
        gb_game_free(g);
    }
}

/* A forced win found by the search is a win in the minimax too, and the search prefers the
 * fastest: on every position where alpha-beta reports a win in k plies, minimax to depth k agrees
 * and minimax to depth k-1 does not see that win yet (when k > 1). */
static void test_wins_are_fastest(void **state)
{
    (void)state;
    gb_search_opts none;
    memset(&none, 0, sizeof none);
    none.tt_mb = -1;
    gb_searcher *s = gb_searcher_new(&none);
    int wins = 0;
    for (int i = 0; i < 400 && wins < 20; i++) {
        gb_game *g = random_position("sadeqa", (uint64_t)i + 3000, 160);
        int v = ab_value(s, g, 4, 0);
        if (gb_score_is_win(v) > 0) {
            int k = WIN - v;
            assert_int_equal(minimax(g, k, 0), v);
            if (k > 1)
                assert_true(minimax(g, k - 1, 0) < v);
            wins++;
        }
        gb_game_free(g);
    }
    gb_searcher_free(s);
}

static void test_match_pairs_openings(void **state)
{
    (void)state;
    match_cfg c;
    memset(&c, 0, sizeof c);
    assert_int_equal(player_parse("random", &c.p[0]), 0);
    assert_int_equal(player_parse("ai:1", &c.p[1]), 0);
    snprintf(c.variant, sizeof c.variant, "sadeqa");
    c.games = 8;
    c.openings = 4;
    c.jobs = 1;
    c.seed = 5;
    match_game g[8];
    for (int i = 0; i < 8; i++) {
        assert_int_equal(match_play_game(&c, i, &g[i]), 0);
        assert_int_equal(g[i].pair, i / 2);
        assert_int_equal(g[i].p1_side, i % 2 ? GB_NORTH : GB_SOUTH);
        assert_true(g[i].result >= 0 && g[i].result <= 2);
        /* four moves in the opening */
        int words = 1;
        for (const char *p = g[i].opening; *p; p++)
            words += *p == ' ';
        assert_int_equal(words, 4);
    }
    int distinct = 0;
    for (int p = 0; p < 4; p++) {
        assert_string_equal(g[2 * p].opening, g[2 * p + 1].opening);
        if (p && strcmp(g[2 * p].opening, g[0].opening) != 0)
            distinct++;
        /* the opening is the same game both times */
        gb_game *a, *b;
        char ta[160], tb[160];
        assert_int_equal(match_opening(&c, p, &a, ta, sizeof ta), 0);
        assert_int_equal(match_opening(&c, p, &b, tb, sizeof tb), 0);
        assert_string_equal(ta, g[2 * p].opening);
        char *pa = gb_position_format(a), *pb = gb_position_format(b);
        assert_string_equal(pa, pb);
        free(pa);
        free(pb);
        gb_game_free(a);
        gb_game_free(b);
    }
    assert_true(distinct > 0);
    /* Elo of a score fraction: 400 log10(s / (1 - s)), by hand for 1/2 and 3/4 */
    assert_true(match_elo(0.5) > -1e-9 && match_elo(0.5) < 1e-9);
    assert_true(match_elo(0.75) > 190.84 && match_elo(0.75) < 190.85);
}

static void test_analyze_flags_planted_blunder(void **state)
{
    (void)state;
    const int depth = 3;
    for (uint64_t seed = 1; seed < 40; seed++) {
        gb_game *g = random_position("sadeqa", seed + 400, 16);
        int planted = -1;
        gb_move worst_move;
        for (int ply = 0; ply < 30 && !gb_is_over(g) && planted < 0; ply++) {
            gb_move moves[GB_MAX_MOVES];
            int n = gb_legal_moves(g, moves, GB_MAX_MOVES);
            int best = -2 * WIN, worst = 2 * WIN, bi = 0, wi = 0;
            for (int i = 0; i < n; i++) {
                int v = move_value(g, &moves[i], depth, 0);
                if (v > best) {
                    best = v;
                    bi = i;
                }
                if (v < worst) {
                    worst = v;
                    wi = i;
                }
            }
            if (n >= 2 && best - worst >= 2 * ANALYZE_BLUNDER && !gb_score_is_win(best) &&
                !gb_score_is_win(worst)) {
                planted = gb_history_length(g);
                worst_move = moves[wi];
                assert_int_equal(gb_play(g, &moves[wi], NULL), GB_OK);
            } else {
                assert_int_equal(gb_play(g, &moves[bi], NULL), GB_OK);
            }
        }
        if (planted < 0) {
            gb_game_free(g);
            continue;
        }
        uint64_t rng = seed;
        for (int k = 0; k < 3 && !gb_is_over(g); k++) {
            gb_move m;
            gb_random_move(g, &rng, &m);
            gb_play(g, &m, NULL);
        }
        char *rec = gb_record_format(g, NULL);
        assert_non_null(rec);
        int n = gb_history_length(g);
        analysis_entry *e = calloc((size_t)n, sizeof *e);
        gb_budget b = {depth, 0, 0};
        gb_error err;
        int got = analyze_record(rec, &b, e, n, NULL, NULL, &err);
        if (got != n)
            fail_msg("analyze: %d of %d (%s)", got, n, err.msg);
        assert_int_equal(e[planted].mark, 2);
        assert_true(e[planted].analysed);
        assert_int_equal(e[planted].played.hole, worst_move.hole);
        assert_true(e[planted].best.hole != worst_move.hole);
        assert_true(e[planted].value - e[planted].value_played >= 2 * ANALYZE_BLUNDER);
        free(e);
        free(rec);
        gb_game_free(g);
        return;
    }
    fail_msg("no position with a blunder to plant");
}

void gb_eval_testing_generic(int on); /* src/eval.c, a testing aid */

/* Values worked out by hand from the weights in docs/ai.md (each sum is in the comments). */
static void test_eval_game_terms(void **state)
{
    (void)state;
    static const struct {
        const char *pos;
        int own, generic;
    } cases[] = {
        /* Sadeqa III, South to move (docs/ai.md's table; a hole's opposite is 15 - its ring
         * index, board= gives A-H then a-h). Taken 100*(40-45) = -500; non-empty holes 2 each: 0;
         * stones in the row 4*(4-7) = -12; exposed: B (3) faces g (2), H (1) faces a (5), a faces
         * H, g faces B: none; to move +30. -482. Generic: -500 + (8*3+12) + (8+12) - (40+12) -
         * (16+12) = -524. */
        {"sadeqa board=0,3,0,0,0,0,0,1/5,0,0,0,0,0,2,0 stores=40,45 turn=S", -482, -524},
        /* North to move. Taken 100*(47-40) = 700; non-empty 25*(1-2) = -25; stones 4*(3-6) = -12;
         * exposed: South's H (4) faces the empty a: -15*(0-4) = +60 (A faces h, h faces A); to
         * move +30. 753. Generic: 700 + (24+12) - (16+12) - (32+12) = 664. */
        {"sadeqa board=2,0,0,0,0,0,0,4/0,0,0,0,0,0,0,3 stores=40,47 turn=N", 753, 664},
        /* Qelat, South to move. Takings 2100 each. South: A (2 balls, owned) 8*2+12 = 28; the
         * first lap from A ends in North's ekwarna C, which holds balls: an eat of 2 and a move
         * more, 260, half of it to the mover: 130. North: ekwarna C (3 balls) 95*3+150 = 435;
         * a (1 ball) 8+12 = 20; no threat (a's lap ends in the empty b). 2258 - 2555 = -297.
         * Generic: 28 - 90*3 - 20 = -262. */
        {"qelat board=2,0,3N,0,0,0/1,0,0,0,0,0 stores=21,21 turn=S phase=play ply=0", -297, -262},
        /* L'ab al-Akil, South to move, no gains yet. South: captures 3300; D (2) 28, E (1) 20,
         * F (3) 36. D's lap makes E 2 and F 4: F with a (2) is 6, then E with b (1) is 3: 900,
         * half to the mover: 450. North: captures 3000; a (2) 28, b (1) 20; a's lap ends in the
         * empty c (now 1), b's too: no capture. 3834 - 3048 = 786. Generic: 3300 + 84 - 3000 - 48 =
         * 336. */
        {"akil board=0,0,0,2,1,3/2,1,0,0,0,0 stores=33,30 turn=S phase=sowing ply=9", 786, 336},
        /* The same with gains 12 to North's 40 (200 a point: -5600), in round 3 (aux 18: South
         * distributes it, having lost round 2, which North won by rule, A13). */
        {"akil board=0,0,0,2,1,3/2,1,0,0,0,0 stores=33,30 turn=S phase=sowing ply=9 round=3 aux=18 "
         "match=12,40",
         786 - 5600, 336},
        /* Bulto, open phase, South to move. South: I (2) 40*2+15 = 95, J (3) 135; North's a (3)
         * is a hole South could make his bulto (right of his bulto at f): 50; his bulto f (31)
         * 100*31+80 = 3180; room right of f: a-e, 5 holes, 50. I's lap (2 stones: J, then a) makes
         * a his bulto: 4 stones at 100+40, half to the mover: 280. North: J is a 3 he could take:
         * 50; a 135; j (1) 55; room: his whole 10, 100; no lap of his makes a bulto (a's ends in
         * d, j's in the empty A). 3790 - 340 = 3450. Generic: (16+12) + (24+12) + 90*31 - (24+12)
         * - (8+12) = 2798. */
        {"bulto board=0,0,0,0,0,0,0,0,2,3/3,0,0,0,0,31S,0,0,0,1 stores=0,0 turn=S phase=open ply=10",
         3450, 2798},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gb_game *g;
        gb_error err;
        if (gb_game_from_position(&g, cases[i].pos, 1, &err) != GB_OK)
            fail_msg("%s: %s", cases[i].pos, err.msg);
        gb_eval_testing_generic(0);
        int own = gb_evaluate(g);
        gb_eval_testing_generic(1);
        int generic = gb_evaluate(g);
        gb_eval_testing_generic(0);
        if (own != cases[i].own || generic != cases[i].generic)
            fail_msg("%s: own terms %d (want %d), generic %d (want %d)", cases[i].pos, own,
                     cases[i].own, generic, cases[i].generic);
        gb_game_free(g);
    }
}

/* The position seen from the other side: hole i takes the place of hole i+n (mod 2n). */
static gb_pos mirror_pos(int n, const gb_pos *p)
{
    gb_pos m = *p;
    const int ring = 2 * n;
    m.own_n = m.mark_s = m.mark_n = m.mine = 0;
    for (int i = 0; i < ring; i++) {
        const int j = (i + n) % ring;
        m.holes[i] = p->holes[j];
        if (!(p->own_n >> j & 1u))
            m.own_n |= 1u << i;
        if (p->mark_n >> j & 1u)
            m.mark_s |= 1u << i;
        if (p->mark_s >> j & 1u)
            m.mark_n |= 1u << i;
        if (p->mine >> j & 1u)
            m.mine |= 1u << i;
    }
    m.store[0] = p->store[1];
    m.store[1] = p->store[0];
    m.match[0] = p->match[1];
    m.match[1] = p->match[0];
    m.to_move = (uint8_t)!p->to_move;
    return m;
}

/* Sadeqa III's terms (computed a row at a time as 64-bit words) against the table of docs/ai.md
 * written plainly here, a hole at a time, on positions of random games, from both sides. */
static int sadeqa_by_table(const gb_pos *p, int side)
{
    int v = 100 * (p->store[side] - p->store[!side]);
    for (int i = 0; i < 16; i++) {
        const int c = p->holes[i], sign = (i >= 8) == side ? 1 : -1;
        v += sign * (4 * c + (c ? 25 : 0) - (c && p->holes[15 - i] == 0 ? 15 * c : 0));
    }
    return v + (side == p->to_move ? 30 : -30);
}

static void test_eval_sadeqa_by_table(void **state)
{
    (void)state;
    const gb_rules *r = gb_rules_find("sadeqa");
    gb_options o;
    gb_options_default(r, &o);
    uint64_t rng = 31;
    long compared = 0;
    for (int game = 0; game < 300; game++) {
        gb_game *g;
        assert_int_equal(gb_game_new(&g, "sadeqa", game % 2 ? "seeds=4" : NULL, (uint64_t)game, NULL), GB_OK);
        while (!gb_is_over(g)) {
            const gb_pos *p = gb_game_pos(g);
            for (int side = 0; side < 2; side++) {
                int got = gb_eval(r, &o, p, side), want = sadeqa_by_table(p, side);
                if (got != want) {
                    char *text = gb_position_format(g);
                    fail_msg("%s, side %d: eval %d, by the table %d", text, side, got, want);
                }
                compared++;
            }
            gb_move m;
            assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
            assert_int_equal(gb_play(g, &m, NULL), GB_OK);
        }
        gb_game_free(g);
    }
    assert_true(compared > 10000);
}

static void test_eval_symmetric(void **state)
{
    (void)state;
    gb_eval_testing_generic(0);
    for (int v = 0; v < gb_variant_count(); v++) {
        const char *name = gb_variant_name(v);
        for (int i = 0; i < 500; i++) {
            gb_game *g = random_position(name, (uint64_t)i + 9000, 150);
            const gb_rules *r = gb_game_rules(g);
            const gb_options *o = gb_game_options(g);
            const gb_pos *p = gb_game_pos(g);
            const gb_pos m = mirror_pos(r->n, p);
            int s = gb_eval(r, o, p, GB_SOUTH), nn = gb_eval(r, o, p, GB_NORTH);
            int ms = gb_eval(r, o, &m, GB_NORTH);
            if (s != -nn || s != ms) {
                char *text = gb_position_format(g);
                fail_msg("%s position %d (%s): South %d, North %d, mirror's North %d", name, i,
                         text, s, nn, ms);
            }
            gb_game_free(g);
        }
    }
}

static void test_protocol_go(void **state)
{
    (void)state;
    char *out = session("go depth 2\nnew sadeqa\ngo depth 3\nstop\ngo nodes 500 mcts\ngo depth x\ngo depth 99\n"
                        "go depth 2 depth 3\ngo movetime 5 nodes 9 movetime 7\n"
                        "position sadeqa board=0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 stores=48,48 turn=S over=rule\ngo depth 2\n");
    const char *want_start = "error no game: start one with 'new VARIANT' or 'position STRING'\nok\n"
                             "info depth 1 score ";
    assert_memory_equal(out, want_start, strlen(want_start));
    assert_non_null(strstr(out, "info depth 3 score cs "));
    assert_non_null(strstr(out, " nps "));
    assert_non_null(strstr(out, " pv "));
    assert_non_null(strstr(out, "\nbestmove "));
    assert_non_null(strstr(out, " score q "));
    assert_non_null(strstr(out, "error usage: go"));
    assert_non_null(strstr(out, "error the game is over"));
    /* a budget given twice is refused, as a position's field given twice (the last one won) */
    assert_non_null(strstr(out, "error go: depth given twice\n"));
    assert_non_null(strstr(out, "error go: movetime given twice\n"));
    /* every go answered bestmove then ok; stop answered ok */
    int best = 0;
    for (const char *p = out; (p = strstr(p, "bestmove ")); p++)
        best++;
    assert_int_equal(best, 2);
    free(out);
}

/* One legal move, by time: the value reported is a short search's (gb_search, FORCED_TIME_PERMILLE
 * of the move time), not depth 1's evaluation: deeper than 1 ply, and the value alpha-beta without
 * a table gives at that depth (which test_alphabeta_equals_minimax checks against minimax). */
static void test_forced_move_searched(void **state)
{
    (void)state;
    gb_search_opts none;
    memset(&none, 0, sizeof none);
    none.tt_mb = -1;
    gb_searcher *s = gb_searcher_new(NULL), *plain = gb_searcher_new(&none);
    int checked = 0;
    for (int i = 0; i < 3000 && checked < 3; i++) {
        gb_game *g = random_position(i % 2 ? "sadeqa" : "bulto", (uint64_t)i + 41000, 160);
        gb_move moves[GB_MAX_MOVES];
        if (gb_legal_moves(g, moves, GB_MAX_MOVES) != 1) {
            gb_game_free(g);
            continue;
        }
        gb_search_opts o;
        memset(&o, 0, sizeof o);
        o.budget.movetime_ms = 400;
        o.tt_exact = 1;
        gb_search_result r;
        assert_int_equal(gb_search(s, g, &o, &r, NULL), GB_OK);
        assert_true(gb_same_move(&r.best, &moves[0]));
        if (r.depth <= 1) {
            char *p = gb_position_format(g);
            fail_msg("position %s: a forced move searched to depth %d only", p, r.depth);
        }
        assert_int_equal(r.score, ab_value(plain, g, r.depth, 0));
        checked++;
        gb_game_free(g);
    }
    assert_int_equal(checked, 3);
    gb_searcher_free(s);
    gb_searcher_free(plain);
}

/* A Qelat round start (Q7, Q8) where South owns hs holes and `starter` starts. */
static gb_pos qelat_start(int hs, int starter)
{
    gb_game *g;
    assert_int_equal(gb_game_new(&g, "qelat", NULL, 1, NULL), GB_OK);
    gb_pos p = *gb_game_pos(g);
    gb_game_free(g);
    p.own_n = (0xfffu << hs) & 0xfffu; /* North owns 12 - hs holes; the layout does not matter here */
    p.to_move = (uint8_t)starter;
    p.round = 7;
    return p;
}

/* The match-level value of a round's end (gb_eval_round): a start the match has been through is a
 * cycle to the cap (plays-on, T3), which the player behind by holes must break and the one ahead
 * may keep. Worked out by hand from the rule: South, behind at 5 holes, takes a new start at 4
 * holes over the 5-hole start seen before, North the other way; a start not seen, or one seen at
 * 6-6, is valued as before: by the holes. */
static void test_eval_round_cycle(void **state)
{
    (void)state;
    gb_game *g;
    assert_int_equal(gb_game_new(&g, "qelat", NULL, 1, NULL), GB_OK);
    const gb_rules *r = gb_game_rules(g);
    const gb_options *o = gb_game_options(g);
    gb_pos seen5 = qelat_start(5, GB_NORTH), new4 = qelat_start(4, GB_NORTH), level = qelat_start(6, GB_SOUTH);
    gb_match_view mv = {0};
    mv.n = 2;
    mv.start[0] = gb_round_start_key(&seen5);
    mv.start[1] = gb_round_start_key(&level);
    assert_true(gb_match_view_has(&mv, &seen5));
    assert_false(gb_match_view_has(&mv, &new4));
    /* the same start in another round, after other earnings, is the same start */
    gb_pos later = seen5;
    later.round = 40, later.match[0] = 18, later.match[1] = 30, later.aux = 5;
    assert_true(gb_match_view_has(&mv, &later));
    /* unseen: by the holes (and the rounds left) alone */
    assert_true(gb_eval_round(r, o, &seen5, GB_SOUTH, NULL) > gb_eval_round(r, o, &new4, GB_SOUTH, NULL));
    /* seen: South (behind) breaks the cycle, North (ahead) keeps it */
    assert_true(gb_eval_round(r, o, &seen5, GB_SOUTH, &mv) < gb_eval_round(r, o, &new4, GB_SOUTH, &mv));
    assert_true(gb_eval_round(r, o, &seen5, GB_NORTH, &mv) > gb_eval_round(r, o, &new4, GB_NORTH, &mv));
    assert_int_equal(gb_eval_round(r, o, &seen5, GB_NORTH, &mv), -gb_eval_round(r, o, &seen5, GB_SOUTH, &mv));
    assert_int_equal(gb_eval_round(r, o, &level, GB_SOUTH, &mv), 0);
    gb_game_free(g);
}

/* Q11: with match-repeat=ends a round end that repeats an earlier round's start ends the match, and
 * the search scores it as the finished match it is, exactly. The line is test_qelat.c's (worked
 * out by hand there): round 2's last move, F, brings round 2's own start back (South 7 holes,
 * North to start), so South, to move, wins the match with it: a win in 1 ply. With plays-on the
 * same move begins round 3 and is valued by the match evaluation, not as a decided result. */
static void test_q11_end_scored_exactly(void **state)
{
    (void)state;
    const char *r1 = "B c D d D d E F e D c A F E A F c A a pass b d", *r2 = "c a f C d E b d D b A b D b f E B";
    for (int ends = 0; ends < 2; ends++) {
        gb_game *g;
        assert_int_equal(gb_game_new(&g, "qelat", ends ? "match-repeat=ends" : NULL, 1, NULL), GB_OK);
        char line[256], *save = NULL;
        snprintf(line, sizeof line, "%s %s", r1, r2);
        for (char *t = strtok_r(line, " ", &save); t; t = strtok_r(NULL, " ", &save))
            assert_int_equal(gb_play_text(g, t, NULL), GB_OK);
        assert_int_equal(gb_to_move(g), GB_SOUTH);
        gb_searcher *s = gb_searcher_new(NULL);
        gb_search_opts o;
        memset(&o, 0, sizeof o);
        o.budget.depth = 3;
        gb_search_result r;
        assert_int_equal(gb_search(s, g, &o, &r, NULL), GB_OK);
        if (ends) {
            assert_int_equal(r.score, GB_SCORE_WIN - 1);
            char text[GB_MOVE_TEXT_MAX];
            assert_true(gb_move_format(g, &r.best, text, sizeof text) > 0);
            assert_string_equal(text, "F");
        } else {
            assert_int_equal(gb_score_is_win(r.score), 0);
        }
        gb_searcher_free(s);
        gb_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_alphabeta_equals_minimax),
        cmocka_unit_test(test_settle_light_same_as_settle),
        cmocka_unit_test(test_tt_on_off_same_value),
        cmocka_unit_test(test_tt_exact_endgames),
        cmocka_unit_test(test_kept_searcher_along_a_game),
        cmocka_unit_test(test_searcher_clear_is_fresh),
        cmocka_unit_test(test_wins_are_fastest),
        cmocka_unit_test(test_mcts_reproducible),
        cmocka_unit_test(test_match_pairs_openings),
        cmocka_unit_test(test_analyze_flags_planted_blunder),
        cmocka_unit_test(test_protocol_go),
        cmocka_unit_test(test_eval_game_terms),
        cmocka_unit_test(test_eval_sadeqa_by_table),
        cmocka_unit_test(test_eval_symmetric),
        cmocka_unit_test(test_forced_move_searched),
        cmocka_unit_test(test_eval_round_cycle),
        cmocka_unit_test(test_q11_end_scored_exactly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
