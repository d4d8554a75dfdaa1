/* test_gen_lazy.c — gb_rules.gen_lazy (the batch's move list, batch.c) against gen, for every game
 * that has one: at random boards (many empty holes, where the proofs fire, and long relays, where
 * they must not) under each endless= choice (T1), the same moves in the same order; a move left
 * unsown must be legal, and `play` on a copy (no trace) must give gen's child (or GB_EENDLESS where
 * gen gives the board marked endless); a sown one must be gen's child. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "gabata.h"

#include "internal.h"

static uint64_t rs = 2024;

/* gen against play, its second method: every sowing (and feed) that play accepts from p is in
 * gen's list with play's child, a never-ending one (play's GB_EENDLESS, T1) left out under
 * endless=illegal and listed with the board marked endless under endless=ends-game, and gen
 * lists no other sowing. The move lists of Qelat and L'ab al-Akil sow with code of their own (a
 * lap at a time, the counts in memory); play sows with the playouts' code. */
static long endless_seen;

static void check_gen_play(const gb_rules *r, const gb_options *o, const gb_pos *p)
{
    if (!strcmp(r->name, "bulto"))
        return; /* refusals and offers (B5): its list is checked against gen above */
    gb_move m1[GB_MAX_MOVES];
    gb_pos c1[GB_MAX_MOVES];
    const int n1 = r->gen(o, p, m1, c1);
    int sowings = 0;
    for (int j = 0; j < n1; j++)
        sowings += m1[j].kind == GB_MOVE_SOW || m1[j].kind == GB_MOVE_FEED;
    int found = 0;
    if (gb_pos_board_total(p, 2 * r->n) > 255)
        return; /* a count past a byte: no game has that many stones */
    const int kinds[] = {GB_MOVE_SOW, GB_MOVE_FEED};
    for (int k = 0; k < 2; k++) {
        const int kind = kinds[k];
        for (int h = 0; h < 2 * r->n; h++) {
            gb_move m = {.kind = (uint8_t)kind, .hole = (uint8_t)h};
            gb_pos c = *p;
            uint64_t rng = 0;
            const int rc = r->play(o, &c, &m, NULL, &rng, NULL);
            if (rc != GB_OK && rc != GB_EENDLESS)
                continue; /* not a legal start */
            int j = 0;
            while (j < n1 && !(m1[j].kind == kind && m1[j].hole == h))
                j++;
            if (rc == GB_EENDLESS) {
                endless_seen++;
                if (!o->v[GB_OPT_ENDLESS]) {
                    if (j < n1)
                        fail_msg("%s: hole %d never ends (T1) but gen lists it", r->name, h);
                    continue;
                }
                c = *p;
                c.flags |= GB_F_ENDLESS;
            }
            if (j == n1)
                fail_msg("%s: hole %d (kind %d) is legal but gen leaves it out", r->name, h, kind);
            if (memcmp(&c, &c1[j], sizeof c))
                fail_msg("%s: hole %d (kind %d): gen's child is not play's", r->name, h, kind);
            found++;
        }
    }
    assert_int_equal(found, sowings);
}

static void check_pos(const gb_rules *r, const gb_options *o, const gb_pos *p, long *lazy_seen)
{
    check_gen_play(r, o, p);
    gb_move m1[GB_MAX_MOVES], m2[GB_MAX_MOVES];
    gb_pos c1[GB_MAX_MOVES], c2[GB_MAX_MOVES];
    int n1 = r->gen(o, p, m1, c1);
    uint64_t lazy = 0;
    int n2 = r->gen_lazy(o, p, m2, c2, &lazy);
    assert_int_equal(n1, n2);
    if (n2 < 64)
        assert_true((lazy >> n2) == 0);
    for (int j = 0; j < n1; j++) {
        assert_int_equal(m1[j].kind, m2[j].kind);
        assert_int_equal(m1[j].hole, m2[j].hole);
        assert_int_equal(m1[j].refusals, m2[j].refusals);
        if (!(lazy >> j & 1)) {
            assert_memory_equal(&c1[j], &c2[j], sizeof c1[j]);
            continue;
        }
        ++*lazy_seen;
        gb_pos c = *p;
        gb_move m = m2[j];
        uint64_t rng = 0;
        const bool one_lap = strcmp(r->name, "bulto") != 0;
        int rc = r->play(o, &c, &m, NULL, &rng, NULL);
        if (rc == GB_EENDLESS) {
            assert_true(o->v[GB_OPT_ENDLESS] != 0); /* endless=illegal: it must not be listed */
            c = *p;
            c.flags |= GB_F_ENDLESS;
        } else {
            assert_int_equal(rc, GB_OK);
        }
        assert_int_equal(rng, 0);
        assert_memory_equal(&c, &c1[j], sizeof c);
        if (one_lap && !o->v[GB_OPT_ENDLESS] && m2[j].kind == GB_MOVE_SOW) {
            /* Sadeqa III's, Qelat's and L'ab al-Akil's proof (a feed aside): the first lap ends
             * the move (S3, Q3, A5, A6). A wrong proof would list a never-ending move (T1) only
             * where one arises, which is rare: this tells it at once. */
            gb_trace tr;
            gb_trace_reset(&tr);
            gb_trace_count_only(&tr);
            c = *p;
            m = m2[j];
            assert_int_equal(r->play(o, &c, &m, &tr, &rng, NULL), GB_OK);
            assert_int_equal(tr.laps, 1);
        }
    }
}

/* boards: when not 0, every hole holds dense_from to `most` stones */
static int dense_from;

static void boards(const char *variant, const char *opts, int count, int most)
{
    gb_game *g;
    gb_error err;
    assert_int_equal(gb_game_new(&g, variant, opts, 0, &err), GB_OK);
    const gb_rules *r = gb_game_rules(g);
    const gb_options *o = gb_game_options(g);
    assert_non_null(r->gen_lazy);
    long lazy_seen = 0;
    gb_move first;
    while (!gb_is_over(g) && (gb_legal_moves(g, &first, 1) == 0 || first.kind != GB_MOVE_SOW)) {
        /* L'ab al-Akil: the layout and the choice of rows (A2, A3), to the sowing phase */
        gb_move m = first;
        if (gb_legal_moves(g, &first, 1) == 0)
            assert_int_equal(gb_random_move(g, &rs, &m), GB_OK);
        assert_int_equal(gb_play(g, &m, &err), GB_OK);
    }
    for (int k = 0; k < count; k++) {
        gb_pos p = *gb_game_pos(g);
        for (int h = 0; h < 2 * r->n; h++) /* a third of the holes empty, or none (dense) */
            p.holes[h] = (uint8_t)(dense_from ? dense_from + gb_rand_below(&rs, most - dense_from + 1)
                                   : gb_rand_below(&rs, 3) ? gb_rand_below(&rs, most + 1) : 0);
        p.to_move = (uint8_t)gb_rand_below(&rs, 2);
        check_pos(r, o, &p, &lazy_seen);
    }
    if (!dense_from && lazy_seen < count / 4)
        fail_msg("%s %s: only %ld moves left unsown in %d boards", variant, opts, lazy_seen, count);
    gb_game_free(g);
}

/* Boards with a never-ending sowing (T1), rare at random (about one board in a thousand with
 * every hole holding lo to hi stones): found by gen listing fewer moves under endless=illegal than
 * under endless=ends-game, then checked under both (check_pos, so gen against play): `want` of
 * them, or a failure after 400,000 boards. */
static void never_ending(const char *variant, int lo, int hi, int want)
{
    gb_game *gi, *ge;
    gb_error err;
    assert_int_equal(gb_game_new(&gi, variant, "", 0, &err), GB_OK);
    assert_int_equal(gb_game_new(&ge, variant, "endless=ends-game", 0, &err), GB_OK);
    const gb_rules *r = gb_game_rules(gi);
    const gb_options *oi = gb_game_options(gi), *oe = gb_game_options(ge);
    gb_move first;
    while (gb_legal_moves(gi, &first, 1) == 0 || first.kind != GB_MOVE_SOW) {
        gb_move m = first; /* L'ab al-Akil: the layout and the choice of rows (A2, A3) */
        if (gb_legal_moves(gi, &first, 1) == 0)
            assert_int_equal(gb_random_move(gi, &rs, &m), GB_OK);
        assert_int_equal(gb_play(gi, &m, &err), GB_OK);
    }
    gb_pos p = *gb_game_pos(gi);
    gb_move m[GB_MAX_MOVES];
    gb_pos c[GB_MAX_MOVES];
    long lazy_seen = 0;
    int found = 0, tried = 0;
    endless_seen = 0;
    for (; found < want && tried < 400000; tried++) {
        for (int h = 0; h < 2 * r->n; h++)
            p.holes[h] = (uint8_t)(lo + gb_rand_below(&rs, hi - lo + 1));
        p.to_move = (uint8_t)gb_rand_below(&rs, 2);
        if (r->gen(oi, &p, m, c) >= r->gen(oe, &p, m, c))
            continue;
        found++;
        check_pos(r, oi, &p, &lazy_seen);
        check_pos(r, oe, &p, &lazy_seen);
    }
    if (found < want)
        fail_msg("%s: only %d boards with a never-ending sowing in %d", variant, found, tried);
    assert_true(endless_seen >= 2 * found); /* play says so too, under both options */
    print_message("%s: %d boards of %d with a never-ending sowing\n", variant, found, tried);
    gb_game_free(gi);
    gb_game_free(ge);
}

/* Every position of `games` random games (the positions play reaches: marks, phases, offers). */
static void games(const char *variant, const char *opts, int count)
{
    long lazy_seen = 0, positions = 0;
    for (int k = 0; k < count; k++) {
        gb_game *g;
        gb_error err;
        assert_int_equal(gb_game_new(&g, variant, opts, (uint64_t)k + 1, &err), GB_OK);
        const gb_rules *r = gb_game_rules(g);
        const gb_options *o = gb_game_options(g);
        gb_move m[GB_MAX_MOVES];
        int n;
        while (!gb_is_over(g)) {
            check_pos(r, o, gb_game_pos(g), &lazy_seen);
            positions++;
            n = gb_legal_moves(g, m, GB_MAX_MOVES);
            if (n == 0) /* a layout (L'ab al-Akil, A2): not listed */
                assert_int_equal(gb_random_move(g, &rs, &m[n++]), GB_OK);
            assert_int_equal(gb_play(g, &m[gb_rand_below(&rs, n)], &err), GB_OK);
        }
        gb_game_free(g);
    }
    if (lazy_seen == 0)
        fail_msg("%s %s: no move left unsown in %ld positions", variant, opts, positions);
    print_message("%s %s: %ld positions, %ld moves unsown\n", variant, opts, positions, lazy_seen);
}

static void bulto_lazy(void **state)
{
    (void)state;
    games("bulto", "", 150);
    games("bulto", "skip-origin=yes", 80);
    games("bulto", "endless=ends-game", 80);
    games("bulto", "right-rule=all", 80);
}

static void qelat_lazy(void **state)
{
    (void)state;
    games("qelat", "max-plies=150 max-rounds=4", 60);
    games("qelat", "skip-origin=yes max-plies=150 max-rounds=4", 30);
    games("qelat", "endless=ends-game max-plies=150 max-rounds=4", 30);
    games("qelat", "after-eat=end enemy=row max-plies=150 max-rounds=4", 30);
}

static void akil_lazy(void **state)
{
    (void)state;
    games("akil", "max-plies=150 max-rounds=3", 40);
    games("akil", "skip-origin=yes chain=unlimited max-plies=150 max-rounds=3", 30);
    games("akil", "endless=ends-game feed=then-sow max-plies=150 max-rounds=3", 30);
}

static void sadeqa_lazy(void **state)
{
    (void)state;
    boards("sadeqa", "", 20000, 12);
    boards("sadeqa", "", 5000, 40); /* big holes: laps round the ring */
    boards("sadeqa", "skip-origin=yes", 20000, 20);
    boards("sadeqa", "endless=ends-game", 20000, 12);
    games("sadeqa", "", 100);
    never_ending("sadeqa", 1, 7, 60);
}

static void listed_sowing(void **state)
{
    (void)state;
    boards("qelat", "", 20000, 14);
    boards("qelat", "enemy=row after-eat=end", 20000, 14);
    boards("akil", "", 20000, 14);
    boards("akil", "chain=unlimited", 20000, 14);
    never_ending("qelat", 1, 7, 30);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sadeqa_lazy),
        cmocka_unit_test(bulto_lazy),
        cmocka_unit_test(qelat_lazy),
        cmocka_unit_test(akil_lazy),
        cmocka_unit_test(listed_sowing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
