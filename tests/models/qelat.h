/* models/qelat.h — Qelat written again from RULINGS §3 (Q1–Q11) with §0–§1, simply: plain
 * arrays, plain loops, T1 as its definition (the 10,000th lap), T2 by comparing with every
 * earlier position. A second model for tests/test_qelat.c to check the library against; written
 * from the rulings, not from src/games/qelat/. */
#ifndef GABATA_MODEL_QELAT_H
#define GABATA_MODEL_QELAT_H

#include <stdint.h>
#include <string.h>

#include "gabata.h" /* GB_END_*, GB_SOUTH... */

typedef struct nq {
    int c[12], own[12], ek[12]; /* ek: -1 ordinary, else the ekwarna's owner */
    int store[2], turn, ply, round, starter;
    int enemy_row, again, winner_first, alternate, single, skip, max_plies, max_rounds;
    int over, winner, reason, score[2];
    /* Q11 match-repeat=ends (nq_repeat_ends): every round start of the match so far, in full */
    int repeat, nstarts;
    struct nq_start {
        uint8_t own[12], c[12], ek[12], turn;
    } starts[32];
} nq;

/* The round start as it lies now (owners, balls, marks, who starts), for Q11. */
static struct nq_start nq_start_of(const nq *q)
{
    struct nq_start t;
    for (int i = 0; i < 12; i++)
        t.own[i] = (uint8_t)q->own[i], t.c[i] = (uint8_t)q->c[i], t.ek[i] = (uint8_t)(q->ek[i] + 1);
    t.turn = (uint8_t)q->turn;
    return t;
}

/* Q11 match-repeat=ends: from now on a round start seen before in the match ends it; the first
 * round's start (the position now, just after nq_init) is one of them. */
static void nq_repeat_ends(nq *q)
{
    q->repeat = 1;
    q->nstarts = 1;
    q->starts[0] = nq_start_of(q);
}

static void nq_init(nq *q, int enemy_row, int again, int winner_first, int alternate, int single,
                    int skip, int max_plies, int max_rounds)
{
    memset(q, 0, sizeof *q);
    for (int i = 0; i < 12; i++) {
        q->c[i] = 4;
        q->own[i] = i < 6 ? 0 : 1;
        q->ek[i] = -1;
    }
    q->round = 1;
    q->enemy_row = enemy_row, q->again = again, q->winner_first = winner_first;
    q->alternate = alternate, q->single = single, q->skip = skip;
    q->max_plies = max_plies, q->max_rounds = max_rounds;
}

/* One sowing from h; returns 1 if it runs 10,000 laps (T1), else 0. *ate set on an eat. */
static int nq_sow(nq *q, int who, int h, int *ate)
{
    *ate = 0;
    for (int laps = 1;; laps++) {
        int n = q->c[h], at = h;
        q->c[h] = 0;
        while (n-- > 0) {
            at = (at + 1) % 12;
            if (q->skip && at == h)
                at = (at + 1) % 12;
            q->c[at]++;
        }
        if (q->ek[at] == who)
            return 0;
        if (q->ek[at] == 1 - who) {
            int take = q->c[at] >= 2 ? 2 : 1;
            q->c[at] -= take;
            q->store[who] += take;
            *ate = 1;
            return 0;
        }
        int enemy = q->enemy_row ? (at / 6 != who) : (q->own[at] != who);
        if (enemy && q->c[at] == 4) {
            q->ek[at] = who;
            return 0;
        }
        if (q->c[at] == 1)
            return 0;
        if (laps >= 10000)
            return 1;
        h = at;
    }
}

/* legal starts in ring order (-1 = pass) */
static int nq_moves(const nq *q, int who, int *out)
{
    int k = 0;
    for (int h = 0; h < 12; h++) {
        if (q->own[h] != who || q->ek[h] != -1 || q->c[h] == 0)
            continue;
        nq t = *q;
        int ate;
        if (nq_sow(&t, who, h, &ate))
            continue;
        out[k++] = h;
    }
    if (k == 0)
        out[k++] = -1;
    return k;
}

static int nq_round_over(const nq *q)
{
    for (int i = 0; i < 12; i++)
        if (q->ek[i] == -1 && q->c[i])
            return 0;
    return 1;
}

static void nq_move(nq *q, int h)
{
    int who = q->turn;
    q->ply++;
    if (h < 0) {
        q->turn = 1 - who;
        return;
    }
    int ate;
    nq_sow(q, who, h, &ate);
    q->turn = 1 - who;
    if (ate && q->again) {
        int m[13];
        if (nq_moves(q, who, m) && m[0] != -1)
            q->turn = who;
    }
}

static int nq_same(const nq *x, const nq *y)
{
    return !memcmp(x->c, y->c, sizeof x->c) && !memcmp(x->own, y->own, sizeof x->own) &&
           !memcmp(x->ek, y->ek, sizeof x->ek) && x->store[0] == y->store[0] &&
           x->store[1] == y->store[1] && x->turn == y->turn;
}

/* End of round (rule, T2 or T3): Q6 earnings, Q7 holes (lot: 1 South, 2 North), Q8, Q9, Q10. */
static void nq_end_round(nq *q, int reason, int lot)
{
    int earn[2] = {q->store[0], q->store[1]};
    for (int i = 0; i < 12; i++)
        earn[q->ek[i] >= 0 ? q->ek[i] : q->own[i]] += q->c[i];
    if (q->single) {
        q->over = 1, q->reason = reason;
        q->score[0] = earn[0], q->score[1] = earn[1];
        q->winner = earn[0] > earn[1] ? 0 : earn[1] > earn[0] ? 1 : 2;
        return;
    }
    int hs = earn[0] / 4, hn = earn[1] / 4;
    if (earn[0] % 4 == 3)
        hs++;
    else if (earn[1] % 4 == 3)
        hn++;
    else if (earn[0] % 4 == 2 && lot == 1)
        hs++;
    else if (earn[0] % 4 == 2)
        hn++;
    assert_int_equal(hs + hn, 12);
    if (hs == 12 || hn == 12) { /* Q10 */
        q->over = 1;
        q->reason = GB_END_RULE;
        q->score[0] = hs, q->score[1] = hn;
        q->winner = hs > hn ? 0 : 1;
        return;
    }
    nq next_round = *q; /* the next round's start, made on a copy: an end leaves the board as is */
    nq *n = &next_round;
    /* Q8: walk clockwise from a player's rightmost hole (South's F = 5, North's f = 11). */
    int layer, k;
    if (hs == 6) {
        for (int i = 0; i < 12; i++)
            n->own[i] = i < 6 ? 0 : 1;
    } else {
        if (!q->winner_first)
            layer = hs < hn ? 0 : 1; /* the one with fewer holes lays */
        else
            layer = hs > hn ? 0 : 1; /* the gainer lays */
        k = layer == 0 ? hs : hn;
        for (int i = 0; i < 12; i++)
            n->own[i] = 1 - layer;
        for (int i = 0, at = layer == 0 ? 5 : 11; i < k; i++, at = (at + 11) % 12)
            n->own[at] = layer;
    }
    int next = 1 - q->starter;
    if (!q->alternate && earn[0] != earn[1])
        next = earn[0] < earn[1] ? 0 : 1;
    for (int i = 0; i < 12; i++)
        n->c[i] = 4, n->ek[i] = -1;
    n->store[0] = n->store[1] = 0;
    n->turn = n->starter = next;
    n->ply = 0;
    n->round++;
    /* Q11 (ends): a start that began an earlier round ends the match, scored by holes as T3;
     * after Q10, before max-rounds (T5). */
    int seen = 0;
    if (q->repeat) {
        struct nq_start t = nq_start_of(n);
        for (int j = 0; j < q->nstarts && !seen; j++)
            seen = !memcmp(&q->starts[j], &t, sizeof t);
        if (!seen) {
            assert_true(n->nstarts < 32);
            n->starts[n->nstarts++] = t;
        }
    }
    if (seen || q->round >= q->max_rounds) {
        q->over = 1;
        q->reason = seen ? GB_END_REPETITION : GB_END_CAP;
        q->score[0] = hs, q->score[1] = hn;
        q->winner = hs > hn ? 0 : hn > hs ? 1 : 2;
        return;
    }
    *q = next_round;
}

/* naive perft for a single round (rounds=1): leaves when the round ends (Q6, T2, T3) */
static uint64_t nq_perft(const nq *q, int depth, nq *hist, int nhist)
{
    if (depth == 0)
        return 1;
    int m[13], n = nq_moves(q, q->turn, m);
    uint64_t t = 0;
    for (int i = 0; i < n; i++) {
        nq c = *q;
        nq_move(&c, m[i]);
        int ended = nq_round_over(&c) || c.ply >= c.max_plies;
        for (int j = 0; j < nhist && !ended; j++)
            ended = nq_same(&hist[j], &c);
        if (ended) {
            t += depth == 1;
            continue;
        }
        hist[nhist] = c;
        t += nq_perft(&c, depth - 1, hist, nhist + 1);
    }
    return t;
}

#endif
