/* models/sadeqa.h — Sadeqa III written again from RULINGS §2 (S1–S5) and §1, deliberately
 * naive: plain arrays, plain recursion, T1 as its definition (the 10,000th lap, no cycle
 * detection), T2 by comparing with every earlier position of the line. The second model of
 * tests/test_perft.c; written from the rulings, not from src/games/sadeqa/. */
#ifndef GABATA_MODEL_SADEQA_H
#define GABATA_MODEL_SADEQA_H

#include <stdint.h>
#include <string.h>

typedef struct {
    int b[16];
    int store[2];
    int mover;
} naive_pos;

/* Returns 0 if the sowing never ends (T1), else 1 with *p updated (S2-S4). */
static int naive_play(naive_pos *p, int hole)
{
    int h = hole;
    for (int laps = 1;; laps++) {
        int stones = p->b[h], pos = h;
        p->b[h] = 0;
        while (stones--) {
            pos = (pos + 1) % 16;
            p->b[pos]++;
        }
        if (p->b[pos] == 1) {
            int own = (pos >= 8) == (p->mover == 1);
            if (own && p->b[15 - pos] > 0) {
                p->store[p->mover] += p->b[15 - pos];
                p->b[15 - pos] = 0;
            }
            p->mover = !p->mover;
            return 1;
        }
        if (laps >= 10000)
            return 0;
        h = pos;
    }
}

static int same(const naive_pos *a, const naive_pos *b) { return memcmp(a, b, sizeof *a) == 0; }

static uint64_t naive_perft(naive_pos *line, int len, int depth, int max_plies)
{
    if (depth == 0)
        return 1;
    const naive_pos *p = &line[len - 1];
    uint64_t total = 0;
    for (int h = p->mover * 8; h < p->mover * 8 + 8; h++) {
        if (!p->b[h])
            continue;
        naive_pos c = *p;
        if (!naive_play(&c, h))
            continue;
        if (depth == 1) {
            total++;
            continue;
        }
        /* does the game end at c? S5: no legal move; T2: c seen before; T3: the cap */
        int any = 0;
        for (int k = c.mover * 8; k < c.mover * 8 + 8 && !any; k++) {
            naive_pos t = c;
            any = c.b[k] && naive_play(&t, k);
        }
        int rep = 0;
        for (int i = 0; i < len && !rep; i++)
            rep = same(&line[i], &c);
        if (!any || rep || len >= max_plies)
            continue;
        line[len] = c;
        total += naive_perft(line, len + 1, depth - 1, max_plies);
    }
    return total;
}

#endif
