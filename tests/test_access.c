/* test_access.c — the small accessors of include/gabata.h that the front-ends use instead of
 * re-parsing JSON or re-simulating the rules: hole labels (§0), the game's own state fields, the
 * legality of a move text, and the holes each lap of a trace sowed. Expected values are worked by
 * hand from RULINGS, or found by a second method: each lap's holes are replayed on the board
 * before the move, with the captures the events name, and must give the board after it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gabata.h"

static gb_game *new_game(const char *variant, const char *opts, uint64_t seed)
{
    gb_game *g = NULL;
    gb_error err;
    assert_int_equal(gb_game_new(&g, variant, opts, seed, &err), GB_OK);
    return g;
}

/* §0: South's holes A B C ..., North's a b c ..., each row from its owner's left, ring order. */
static void hole_labels(void **state)
{
    (void)state;
    gb_game *g = new_game("bulto", NULL, 1); /* B1: 2x10 */
    assert_string_equal(gb_hole_label(g, 0), "A");
    assert_string_equal(gb_hole_label(g, 9), "J");
    assert_string_equal(gb_hole_label(g, 10), "a");
    assert_string_equal(gb_hole_label(g, 19), "j");
    assert_null(gb_hole_label(g, 20));
    assert_null(gb_hole_label(g, -1));
    gb_game_free(g);
    g = new_game("sadeqa", NULL, 1); /* 2x8: ring hole 8 is North's leftmost */
    assert_string_equal(gb_hole_label(g, 7), "H");
    assert_string_equal(gb_hole_label(g, 8), "a");
    assert_string_equal(gb_hole_label(g, 15), "h");
    assert_null(gb_hole_label(g, 16));
    gb_game_free(g);
}

static const gb_state_field *find_field(const gb_game *g, const char *key, gb_state_field *f)
{
    for (int i = 0; i < gb_game_field_count(g); i++) {
        assert_int_equal(gb_game_field(g, i, f), GB_OK);
        if (strcmp(f->key, key) == 0)
            return f;
    }
    return NULL;
}

static void game_fields(void **state)
{
    (void)state;
    gb_state_field f;
    /* Sadeqa III has no match data */
    gb_game *g = new_game("sadeqa", NULL, 1);
    assert_int_equal(gb_game_field_count(g), 0);
    assert_int_equal(gb_game_field(g, 0, &f), GB_EINVAL);
    gb_game_free(g);
    /* Qelat at the start (Q1): each owns his own row, no earnings yet, South starts round 1 */
    g = new_game("qelat", NULL, 1);
    int n = gb_game_field_count(g);
    assert_true(n >= 3);
    assert_int_equal(gb_game_field(g, n, &f), GB_EINVAL);
    assert_int_equal(gb_game_field(g, -1, &f), GB_EINVAL);
    assert_non_null(find_field(g, "earnings", &f));
    assert_true(f.per_side);
    assert_int_equal(f.side[GB_SOUTH], 0);
    assert_int_equal(f.side[GB_NORTH], 0);
    assert_non_null(find_field(g, "holes_owned", &f));
    assert_true(f.per_side);
    assert_int_equal(f.side[GB_SOUTH], 6);
    assert_int_equal(f.side[GB_NORTH], 6);
    assert_non_null(find_field(g, "starter", &f));
    assert_false(f.per_side);
    assert_string_equal(f.text, "S");
    assert_null(find_field(g, "last_earnings", &f)); /* no round finished yet */
    gb_game_free(g);
    /* L'ab al-Akil (A13 clarified): South distributes round 1; no gains yet */
    g = new_game("akil", NULL, 1);
    assert_non_null(find_field(g, "distributor", &f));
    assert_string_equal(f.text, "S");
    assert_non_null(find_field(g, "gains", &f));
    assert_int_equal(f.side[0] + f.side[1], 0);
    gb_game_free(g);
    /* rounds=1: no gains are tallied (A13 clarified) */
    g = new_game("akil", "rounds=1", 1);
    assert_null(find_field(g, "gains", &f));
    gb_game_free(g);
}

static void move_legality(void **state)
{
    (void)state;
    gb_error err;
    gb_move m;
    /* Sadeqa III at the start (S1, S2): South moves from any hole of his row; all hold stones */
    gb_game *g = new_game("sadeqa", NULL, 1);
    assert_int_equal(gb_move_legal_text(g, "C", &m, &err), GB_OK);
    assert_int_equal(m.kind, GB_MOVE_SOW);
    assert_int_equal(m.hole, 2);
    assert_true(gb_move_is_legal(g, &m));
    assert_int_equal(gb_move_legal_text(g, "c", &m, &err), GB_EILLEGAL); /* North's row */
    assert_non_null(strstr(err.msg, "illegal"));
    assert_int_equal(gb_move_legal_text(g, "Z", NULL, &err), GB_EINVAL); /* not a move */
    m = (gb_move){.kind = GB_MOVE_SOW, .hole = 2, .refusals = 1};
    assert_false(gb_move_is_legal(g, &m)); /* no refusals in Sadeqa III */
    m = (gb_move){.kind = GB_MOVE_PASS};
    assert_false(gb_move_is_legal(g, &m));
    gb_game_free(g);
    /* Bulto's first move (B2) offers no bulto, so nothing can be refused: C is legal, C~2 not */
    g = new_game("bulto", NULL, 1);
    assert_int_equal(gb_move_legal_text(g, "C", NULL, &err), GB_OK);
    assert_int_equal(gb_move_legal_text(g, "C~2", &m, &err), GB_EILLEGAL);
    assert_int_equal(m.refusals, 2);
    assert_false(gb_move_is_legal(g, &m));
    gb_game_free(g);
    /* every listed move is legal, by value and by its text, along a random game */
    g = new_game("qelat", NULL, 7);
    uint64_t rng = 7;
    for (int ply = 0; ply < 60 && !gb_is_over(g); ply++) {
        gb_move moves[GB_MAX_MOVES];
        int k = gb_legal_moves(g, moves, GB_MAX_MOVES);
        for (int i = 0; i < k; i++) {
            char text[GB_MOVE_TEXT_MAX];
            assert_true(gb_move_is_legal(g, &moves[i]));
            assert_true(gb_move_format(g, &moves[i], text, sizeof text) > 0);
            assert_int_equal(gb_move_legal_text(g, text, NULL, &err), GB_OK);
        }
        assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
        assert_int_equal(gb_play(g, &m, &err), GB_OK);
    }
    gb_game_free(g);
    /* L'ab al-Akil's tebweez (A2) lists no moves: a layout of 72 is legal, one of 71 is not */
    g = new_game("akil", NULL, 3);
    m = (gb_move){.kind = GB_MOVE_LAYOUT};
    for (int i = 0; i < 12; i++)
        m.layout[i] = 6;
    assert_true(gb_move_is_legal(g, &m));
    m.layout[0] = 5;
    assert_false(gb_move_is_legal(g, &m));
    gb_game_free(g);
}

/* By hand (S1-S3): Sadeqa III, 6 a hole; South lifts C (ring 2) and drops one into each of D..H
 * and a (ring 3..8). */
static void first_lap_by_hand(void **state)
{
    (void)state;
    gb_game *g = new_game("sadeqa", NULL, 1);
    gb_error err;
    assert_int_equal(gb_play_text(g, "C", &err), GB_OK);
    const gb_trace *t = gb_last_trace(g);
    assert_non_null(t);
    assert_true(t->events >= 1);
    const gb_lap *l = &t->lap[0];
    assert_int_equal(l->from, 2);
    assert_int_equal(l->stones, 6);
    assert_int_equal(l->sown_len, 6);
    for (int i = 0; i < 6; i++)
        assert_int_equal(t->hole[l->sown_at + i], 3 + i);
    /* the next lap is lifted where this one's last stone fell, and starts after it */
    assert_int_equal(t->lap[1].from, 8);
    assert_int_equal(t->lap[1].sown_at, 6);
    assert_int_equal(t->hole[t->lap[1].sown_at], 9);
    gb_game_free(g);
}

/* By hand (§0 skip-origin=yes): a Sadeqa III lap of c >= 16 stones from hole h passes over h
 * each time round: its stones go to the 15 other holes h+1 .. h+15 (ring of 16), then again. */
static void skip_origin_by_hand(void **state)
{
    (void)state;
    gb_error err;
    gb_game *g = new_game("sadeqa", "skip-origin=yes", 1);
    /* play until some hole of the mover holds 16 or more, then check its first lap */
    uint64_t rng = 11;
    int checked = 0;
    for (int ply = 0; ply < 4000 && !checked; ply++) {
        if (gb_is_over(g)) {
            gb_game_free(g);
            g = new_game("sadeqa", "skip-origin=yes", (uint64_t)ply);
        }
        int side = gb_to_move(g), first = side * 8;
        for (int h = first; h < first + 8 && !checked; h++) {
            int c = gb_hole_count(g, h);
            gb_move m = {.kind = GB_MOVE_SOW, .hole = (uint8_t)h};
            if (c < 16 || !gb_move_is_legal(g, &m))
                continue;
            assert_int_equal(gb_play(g, &m, &err), GB_OK);
            const gb_trace *t = gb_last_trace(g);
            if (t->events == 0)
                break; /* endless (T1): no laps */
            const gb_lap *l = &t->lap[0];
            assert_int_equal(l->stones, c);
            assert_int_equal(l->sown_len, c);
            /* by hand: the 15 other holes in ring order from h+1, then again from h+1 */
            for (int i = 0; i < c; i++)
                assert_int_equal(t->hole[l->sown_at + i], (h + 1 + i % 15) % 16);
            checked = 1;
        }
        if (!checked && !gb_is_over(g)) {
            gb_move m;
            assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
            assert_int_equal(gb_play(g, &m, &err), GB_OK);
        }
    }
    assert_true(checked);
    gb_game_free(g);
}

/* ---- the second method: replay the laps' holes on the board before the move ---- */
typedef struct board {
    int holes[20], store[2], mark[20];
} board;

static void board_read(const gb_game *g, board *b)
{
    int ring = 2 * gb_game_rows(g);
    for (int i = 0; i < ring; i++) {
        b->holes[i] = gb_hole_count(g, i);
        b->mark[i] = gb_hole_mark(g, i);
    }
    b->store[0] = gb_store(g, 0);
    b->store[1] = gb_store(g, 1);
}

static long replayed_moves, replayed_laps, replayed_skips, refusals_seen, bulto_made;

/* Replay the trace of the move just played on `before` and compare with the game now. */
static void replay_check(const gb_game *g, const board *before, int mover, const gb_move *m,
                         int skip_origin)
{
    const gb_trace *t = gb_last_trace(g);
    assert_non_null(t);
    if (t->events >= GB_TRACE_LAPS)
        return; /* maybe not every lap recorded */
    const int ring = 2 * gb_game_rows(g);
    const char *v = gb_game_variant(g);
    const int akil = strcmp(v, "akil") == 0, bulto = strcmp(v, "bulto") == 0;
    const int opp_bulto = mover == GB_SOUTH ? GB_MARK_HELD_N : GB_MARK_HELD_S;
    board b = *before, after;
    int chain = 0; /* L'ab al-Akil's A6 captures, whose holes the events do not all name */
    int laps = 0;
    for (int i = 0; i < t->events; i++) {
        const gb_lap *l = &t->lap[i];
        assert_true(l->sown_at + l->sown_len <= t->holes);
        if (l->event == GB_EV_DECLINE) {
            refusals_seen++;
            assert_int_equal(l->sown_len, 0);
            continue;
        }
        laps++;
        assert_int_equal(l->sown_len, l->stones);
        if (l->event == GB_EV_FEED) { /* A8: one seed from `from` to the opponent's first pit */
            assert_int_equal(l->sown_len, 1);
            assert_int_equal(t->hole[l->sown_at], l->to);
            b.holes[l->from]--;
            b.holes[l->to]++;
            continue;
        }
        /* a lap lifts every stone of its hole */
        assert_int_equal(b.holes[l->from], l->stones);
        b.holes[l->from] = 0;
        int prev = l->from;
        for (int k = 0; k < l->sown_len; k++) {
            int q = t->hole[l->sown_at + k];
            assert_true(q >= 0 && q < ring);
            /* ring order: each drop is further on than the one before (what lies between was
             * passed over), never more than a ring's length */
            int step = (q - prev + ring) % ring;
            if (step == 0)
                step = ring;
            replayed_skips += step - 1;
            if (skip_origin)
                assert_int_not_equal(q, l->from); /* §0 */
            if (bulto)
                assert_int_not_equal(before->mark[q], opp_bulto); /* B3 */
            b.holes[q]++;
            prev = q;
        }
        assert_int_equal(prev, bulto && l->event == GB_EV_CLAIM ? (l->to + l->value - 1) % ring : l->to);
        bulto_made += bulto && l->event == GB_EV_CLAIM;
        switch (l->event) {
        case GB_EV_CAPTURE:
            if (akil) {
                chain += l->value;
            } else { /* S4: the opposite hole's stones */
                assert_int_equal(b.holes[l->other], l->value);
                b.holes[l->other] = 0;
                b.store[mover] += l->value;
            }
            break;
        case GB_EV_RAID: /* Q3: the last ball, with one more if the hole held any */
            b.holes[l->other] -= l->value;
            b.store[mover] += l->value;
            break;
        default: break;
        }
    }
    if (t->laps != laps)
        return; /* more laps than recorded (the first GB_TRACE_LAPS entries only) */
    board_read(g, &after);
    if (chain) { /* A6: the chain empties pits (and their opposites) worth `chain` in all */
        int taken = 0;
        for (int i = 0; i < ring; i++) {
            if (after.holes[i] != b.holes[i]) {
                assert_int_equal(after.holes[i], 0);
                taken += b.holes[i];
            }
        }
        assert_int_equal(taken, chain);
        b.store[mover] += chain;
        memcpy(b.holes, after.holes, sizeof b.holes);
    }
    for (int i = 0; i < ring; i++)
        assert_int_equal(b.holes[i], after.holes[i]);
    assert_int_equal(b.store[0], after.store[0]);
    assert_int_equal(b.store[1], after.store[1]);
    (void)m;
    replayed_moves++;
    replayed_laps += laps;
}

static void replay_games(const char *variant, const char *opts, int skip_origin, uint64_t seed,
                         int games)
{
    gb_error err;
    for (int n = 0; n < games; n++) {
        gb_game *g = new_game(variant, opts, seed + (uint64_t)n);
        uint64_t rng = seed * 7919 + (uint64_t)n;
        for (int ply = 0; ply < 400 && !gb_is_over(g); ply++) {
            board before;
            board_read(g, &before);
            int mover = gb_to_move(g), round = gb_round(g);
            gb_move m;
            assert_int_equal(gb_random_move(g, &rng, &m), GB_OK);
            assert_int_equal(gb_play(g, &m, &err), GB_OK);
            /* a move that ends the game or the round is followed by the scoring or the next
             * round's layout: the board after is no longer the sowing's */
            if (gb_is_over(g) || gb_round(g) != round)
                continue;
            if (m.kind != GB_MOVE_SOW && m.kind != GB_MOVE_FEED && m.kind != GB_MOVE_PASS)
                continue; /* layouts, keep and turn: no sowing */
            replay_check(g, &before, mover, &m, skip_origin);
        }
        gb_game_free(g);
    }
}

static void replay_all_games(void **state)
{
    (void)state;
    static const char *const games[] = {"sadeqa", "qelat", "akil", "bulto"};
    for (int v = 0; v < 4; v++)
        for (int so = 0; so < 2; so++)
            for (int en = 0; en < 2; en++) {
                char opts[96];
                snprintf(opts, sizeof opts, "skip-origin=%s endless=%s", so ? "yes" : "no",
                         en ? "ends-game" : "illegal");
                long before = replayed_moves;
                replay_games(games[v], opts, so, 1000 + (uint64_t)(v * 4 + so * 2 + en), 12);
                assert_true(replayed_moves - before > 100); /* the check did run */
            }
    assert_true(replayed_skips > 0); /* some laps passed over holes */
    assert_true(refusals_seen > 0);  /* B5 */
    assert_true(bulto_made > 0);     /* B4, B6 */
    printf("replayed %ld moves, %ld laps, %ld holes passed over, %ld refusals, %ld bulto made\n",
           replayed_moves, replayed_laps, replayed_skips, refusals_seen, bulto_made);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hole_labels),
        cmocka_unit_test(game_fields),
        cmocka_unit_test(move_legality),
        cmocka_unit_test(first_lap_by_hand),
        cmocka_unit_test(skip_origin_by_hand),
        cmocka_unit_test(replay_all_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
