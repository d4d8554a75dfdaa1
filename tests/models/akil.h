/* models/akil.h — L'ab al-Akil written again from RULINGS §4 (A1–A13, with the clarifications)
 * and §0–§1, naively: plain arrays and loops, the chain of A6 walked as the clarification words
 * it. The second model of tests/test_akil.c; written from the rulings, not from
 * src/games/akil/. Include after <cmocka.h> (its checks fail the test). */
#ifndef GABATA_MODEL_AKIL_H
#define GABATA_MODEL_AKIL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef struct nopt {
    int skip, unlimited, then_sow, at_once, chooser_starts, mirrored;
} nopt;
typedef struct nv {
    int b[12], st[2], turn, phase; /* phase 1 choice, 2 sowing */
} nv;
enum { NV_KEEP = 100, NV_TURN, NV_PASS, NV_FEED = 200 }; /* a sowing is its pit 0..11 */

static int nv_row(const nv *p, int side)
{
    int t = 0;
    for (int i = 0; i < 6; i++)
        t += p->b[side * 6 + i];
    return t;
}
static int nv_total(const nv *p) { return nv_row(p, 0) + nv_row(p, 1); }

static void nv_grab(nv *p, int pit, int who)
{
    p->st[who] += p->b[pit] + p->b[11 - pit];
    p->b[pit] = 0;
    p->b[11 - pit] = 0;
}

/* 1 if the sowing ends, 0 if its 10,000th lap ends and it goes on (T1). */
static int nv_sow(const nopt *o, nv *p, int from)
{
    int who = p->turn;
    for (int lap = 1;; lap++) {
        int path[80], len = 0, hand = p->b[from], at = from;
        p->b[from] = 0;
        while (hand) {
            at = (at + 1) % 12;
            if (o->skip && at == from)
                continue; /* skip-origin=yes: this lap's origin gets nothing */
            p->b[at]++;
            path[len++] = at;
            hand--;
        }
        int last = path[len - 1];
        if (p->b[last] == 1)
            return 1; /* A5 */
        if (p->b[last] == 2 || p->b[last] == 4) { /* A6 */
            nv_grab(p, last, who);
            /* The chain as clarified (RULINGS §4): clockwise from the last pit one pit at a
             * time, skipping this lap's origin under skip-origin=yes (so did the sowing).
             * final-lap: len - 1 steps at most, the last on the lap's first pit; unlimited: no
             * bound, it stops only at a pit with neither 2 nor 4 (an emptied one has 0). While
             * inside the lap, each step must reach the pit the lap sowed at that place, read
             * from its path backwards: the "pits actually sown" reading agrees. */
            int q = last;
            for (int step = 1; o->unlimited || step <= len - 1; step++) {
                if (step > 24)
                    fail_msg("the naive chain went round the ring twice");
                q = (q + 11) % 12;
                if (o->skip && q == from)
                    q = (q + 11) % 12;
                if (step <= len - 1 && q != path[len - 1 - step])
                    fail_msg("chain step %d at pit %d, but the lap sowed pit %d there", step, q,
                             path[len - 1 - step]);
                if (p->b[q] != 2 && p->b[q] != 4)
                    break;
                nv_grab(p, q, who);
            }
            return 1;
        }
        if (lap == 10000)
            return 0;
        from = last; /* A7 */
    }
}

static bool nv_feeding(const nv *p) { return nv_row(p, !p->turn) == 0 && nv_row(p, p->turn) > 1; }

/* All moves with their results, in the order the library lists them. */
static int nv_children(const nopt *o, const nv *p, int *mv, nv *kid)
{
    int n = 0;
    if (p->phase == 1) {
        for (int k = 0; k < 2; k++) {
            nv c = *p;
            if (k == 1)
                for (int i = 0; i < 12; i++)
                    c.b[i] = p->b[(i + 6) % 12];
            c.phase = 2;
            c.turn = (k == 0 || o->chooser_starts) ? p->turn : !p->turn;
            mv[n] = k ? NV_TURN : NV_KEEP;
            kid[n++] = c;
        }
        return n;
    }
    for (int i = p->turn * 6; i < p->turn * 6 + 6; i++) {
        if (!p->b[i])
            continue;
        nv c = *p;
        if (nv_feeding(p)) {
            c.b[i]--;
            c.b[p->turn ? 0 : 6]++;
            if (!o->then_sow)
                c.turn = !p->turn;
            mv[n] = NV_FEED + i;
            kid[n++] = c;
        } else if (nv_sow(o, &c, i)) {
            c.turn = !p->turn;
            mv[n] = i;
            kid[n++] = c;
        }
    }
    if (n == 0) {
        kid[0] = *p;
        kid[0].turn = !p->turn;
        mv[n++] = NV_PASS;
    }
    return n;
}

static bool nv_over(const nopt *o, const nv *p)
{
    return p->phase == 2 && (nv_total(p) <= 1 || (o->at_once && nv_total(p) == 2));
}

static bool nv_same(const nv *a, const nv *b) { return memcmp(a, b, sizeof *a) == 0; }

static uint64_t nv_perft(const nopt *o, nv *hist, int hlen, int depth)
{
    int mv[16];
    nv kid[16];
    int n = nv_children(o, &hist[hlen - 1], mv, kid);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        if (depth == 1) {
            total++;
            continue;
        }
        if (nv_over(o, &kid[i]))
            continue;
        bool rep = false;
        for (int k = 0; k < hlen && !rep; k++)
            rep = nv_same(&hist[k], &kid[i]);
        if (rep)
            continue;
        hist[hlen] = kid[i];
        total += nv_perft(o, hist, hlen + 1, depth - 1);
    }
    return total;
}

#endif
