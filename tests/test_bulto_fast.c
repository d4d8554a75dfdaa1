/* test_bulto_fast.c — Bulto's playout sowing (fast_count, a lap at a time on bit masks) against
 * the sowing gen and play use (sow_from, stone by stone), start hole by start hole: at every
 * position of random games under several option sets and at random boards (runs of holes of 3,
 * bulto of both players, both phases, the menager), it must give the same end position, offers
 * (B5, B6), laps and stones, and where it cannot decide (a long sowing, T1, a full move list)
 * say so; a move taking one of those offers replays as sow plays it. The start mask (B3, B7) is
 * checked against start_refusal. Built twice: with SSE2 and with the portable board
 * (GB_NO_SSE2). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

/* its own copy of the rules and the playouts, statics and all */
#define gb_rules_bulto gb_rules_bulto_under_test
#define gb_bulto_sample bu_sample_under_test
#define gb_bulto_gen_fast bu_gen_fast_under_test
#include "bulto/bulto.c"
#include "bulto/playout.c"
#undef gb_bulto_sample
#undef gb_bulto_gen_fast
#undef gb_rules_bulto

static uint64_t rs = 12345;
static int rnd(int n) { return gb_rand_below(&rs, n); }
static long decided;

static void check_pos(const gb_options *o, const gb_pos *p)
{
    const sow_ctx ctx = move_ctx(o, p);
    const int first = p->to_move * BU_N;
    uint32_t want = 0;
    for (int i = first; i < first + BU_N; i++)
        if (!start_refusal(p, i))
            want |= 1u << i;
    assert_int_equal(start_mask(p), want);
    const bool judge = p->phase != BU_MENAGER && ctx.cand;
    for (uint32_t left = want; left; left &= left - 1) {
        const int h = __builtin_ctz(left);
        for (int variant = 0; variant < (judge ? 3 : 1); variant++) {
            const int cap = GB_MAX_MOVES, count0 = variant == 0 ? 0 : variant == 1 ? cap - 24 : cap - 2;
            gb_pos slow = *p, fast = *p;
            gb_trace ts, tf;
            memset(&ts, 0, sizeof ts);
            memset(&tf, 0, sizeof tf);
            long offers = 0;
            sow_out out = {NULL, NULL, count0, cap, h, 0, 0, 0, NULL, 0, -1, false};
            const int rc = judge ? sow_from(o, p, &slow, h, -1, NULL, &out, &offers)
                                 : sow(o, &slow, h, 0, &ts, NULL, &offers);
            fast_sow f;
            const bu_board board = board_load(p->holes);
            if (!fast_count(&ctx, p, &fast, board, counts_of(board), h, judge, count0, cap, &f,
                            judge ? NULL : &tf))
                continue; /* sow_from decides */
            decided++;
            assert_int_equal(rc, SOW_NATURAL);
            assert_memory_equal(&slow, &fast, sizeof slow);
            assert_int_equal(f.offers, offers);
            if (judge) {
                assert_int_equal(out.count - count0, f.offers);
                assert_int_equal(out.laps, f.laps);
                assert_int_equal(out.sown, f.sown);
                /* sample_all replays a drawn offer with one_lap alone: as sow plays it */
                for (long r = 0; variant == 0 && r < f.offers; r++) {
                    gb_pos a = *p, b = *p;
                    gb_trace ta, tb;
                    memset(&ta, 0, sizeof ta);
                    memset(&tb, 0, sizeof tb);
                    long got = 0, to_refuse = r, refused = 0;
                    int next = h, lap;
                    assert_int_equal(sow(o, &a, h, r, &ta, NULL, &got), SOW_TAKEN);
                    while ((lap = one_lap(&ctx, &b, &next, &to_refuse, &refused, &tb, NULL)) == LAP_ON)
                        ;
                    assert_int_equal(lap, LAP_TAKEN);
                    assert_memory_equal(&a, &b, sizeof a);
                    assert_int_equal(ta.laps, tb.laps);
                    assert_int_equal(ta.sown, tb.sown);
                    assert_int_equal(ta.events, tb.events);
                }
            } else {
                assert_int_equal(f.offers, 0);
                assert_int_equal(ts.laps, tf.laps);
                assert_int_equal(ts.sown, tf.sown);
                assert_int_equal(ts.events, tf.events);
                assert_memory_equal(ts.lap, tf.lap,
                                    sizeof ts.lap[0] * (size_t)(ts.events < GB_TRACE_LAPS ? ts.events : GB_TRACE_LAPS));
                /* and the holes each lap sowed (the bit-mask laps list their `to` in ring order) */
                assert_int_equal(ts.holes, tf.holes);
                if (ts.holes)
                    assert_memory_equal(ts.hole, tf.hole, (size_t)ts.holes);
            }
        }
    }
}

/* 40 stones thrown at random, some heaps cut down to 3 (runs of eligible holes), bulto on holes
 * of 4 or more, miné on some holes of 3. */
static void random_board(gb_pos *p)
{
    memset(p->holes, 0, sizeof p->holes);
    for (int i = 0; i < BU_STONES; i++)
        p->holes[rnd(BU_RING)]++;
    for (int i = 0; i < BU_RING; i++)
        if (rnd(3) == 0 && p->holes[i] > 3) {
            p->holes[(i + 7) % BU_RING] += (uint8_t)(p->holes[i] - 3);
            p->holes[i] = 3;
        }
    p->to_move = (uint8_t)rnd(2);
    p->mark_s = p->mark_n = p->mine = 0;
    for (int i = 0; i < BU_RING; i++)
        if (p->holes[i] >= 4 && rnd(4) == 0)
            *(i >= BU_N ? &p->mark_s : &p->mark_n) |= 1u << i;
    p->phase = (uint8_t)(rnd(20) == 0 ? BU_MENAGER : 1 + rnd(2));
    if (p->phase == BU_MENAGER)
        p->mark_s = p->mark_n = 0;
    if (p->phase == BU_MINE)
        for (int i = 0; i < BU_RING; i++)
            if (p->holes[i] == 3 && rnd(2) && !(((p->mark_s | p->mark_n) >> i) & 1u))
                p->mine |= 1u << i;
    if (p->phase == BU_MINE && !p->mine)
        p->phase = BU_OPEN;
}

static void test_fast_sowing_matches(void **state)
{
    (void)state;
    static gb_move moves[GB_MAX_MOVES];
    static gb_pos children[GB_MAX_MOVES];
    const char *sets[] = {"", "skip-origin=yes", "right-rule=none", "endless=ends-game",
                          "right-rule=none,skip-origin=yes"};
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        gb_options o;
        gb_error err;
        assert_int_equal(gb_options_parse(&gb_rules_bulto_under_test, sets[k], &o, &err), GB_OK);
        for (int game = 0; game < 150; game++) {
            gb_pos p;
            bu_setup(&o, &p);
            for (int ply = 0; ply < 400; ply++) {
                check_pos(&o, &p);
                const int n = bu_gen(&o, &p, moves, children);
                if (n <= 0)
                    break;
                const int i = rnd(n);
                if (children[i].flags & GB_F_ENDLESS)
                    break;
                p = children[i];
            }
        }
        for (int i = 0; i < 3000; i++) {
            gb_pos p;
            bu_setup(&o, &p);
            random_board(&p);
            check_pos(&o, &p);
        }
    }
    assert_true(decided > 100000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fast_sowing_matches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
