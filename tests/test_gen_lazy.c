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

static void check_pos(const gb_rules *r, const gb_options *o, const gb_pos *p, long *lazy_seen)
{
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

static void boards(const char *variant, const char *opts, int count, int most)
{
    gb_game *g;
    gb_error err;
    assert_int_equal(gb_game_new(&g, variant, opts, 0, &err), GB_OK);
    const gb_rules *r = gb_game_rules(g);
    const gb_options *o = gb_game_options(g);
    assert_non_null(r->gen_lazy);
    long lazy_seen = 0;
    for (int k = 0; k < count; k++) {
        gb_pos p = *gb_game_pos(g);
        for (int h = 0; h < 2 * r->n; h++) /* a third of the holes empty */
            p.holes[h] = (uint8_t)(gb_rand_below(&rs, 3) ? gb_rand_below(&rs, most + 1) : 0);
        p.to_move = (uint8_t)gb_rand_below(&rs, 2);
        check_pos(r, o, &p, &lazy_seen);
    }
    if (lazy_seen < count / 4)
        fail_msg("%s %s: only %ld moves left unsown in %d boards", variant, opts, lazy_seen, count);
    gb_game_free(g);
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
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sadeqa_lazy),
        cmocka_unit_test(bulto_lazy),
        cmocka_unit_test(qelat_lazy),
        cmocka_unit_test(akil_lazy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
