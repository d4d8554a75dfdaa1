/* models/bulto.h — Bulto written again from RULINGS §5 (B1–B9 with the clarifications) and
 * §0–§1, deliberately plain: one stone at a time, every refusal count tried in turn (B5), the
 * lap-end states of a sowing kept in a list and searched from the start (T1), T2 over the path.
 * The second model of tests/test_bulto.c; written from the rulings, not from src/games/bulto/. */
#ifndef GABATA_MODEL_BULTO_H
#define GABATA_MODEL_BULTO_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gabata.h" /* GB_MAX_MOVES */

/* Deliberately plain: one stone at a time, every refusal count tried in turn, the lap-end states
 * of the sowing kept in a list and searched from the start. */
typedef struct nv {
    int h[20];
    int bul[20]; /* -1 none, 0 South's bulto, 1 North's */
    int mine[20];
    int phase; /* 0 menager, 1 mine, 2 open */
    int turn;
} nv;

typedef struct nvopt {
    int right_none, skip_origin, ends_game;
} nvopt;

static bool nv_same(const nv *a, const nv *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static int nv_mines(const nv *s)
{
    int m = 0;
    for (int i = 0; i < 20; i++)
        m += s->mine[i];
    return m;
}

/* B4 with the clarifications: an opponent's-row hole holding 3, no miné, no bulto, and right of
 * every bulto the mover had before the move (right = lower ring index, §0). */
static bool nv_can(const nv *s, const nvopt *o, int mover, const int prior[20], int q)
{
    int row = q >= 10;
    if (row == mover || s->h[q] != 3 || s->mine[q] || s->bul[q] >= 0)
        return false;
    if (!o->right_none)
        for (int i = 0; i < 20; i++)
            if (prior[i] == mover && q >= i)
                return false;
    return true;
}

typedef struct lapst {
    int h[20], mine[20], next;
} lapst;
static lapst nv_seen[10001];

/* B5 as clarified on 2026-12-01: the situation of an offer (the board, marks and miné, the
 * stones in hand and the hole they have reached, and with skip-origin=yes the lap's origin).
 * Every offer met by one sowing is kept, in a plain hash table (chains through `link`, cleared
 * by counting the sowings in `stamp`). */
typedef struct nvsit {
    nv s;
    int hand, hole, origin;
} nvsit;
#define NV_SITS 200000
#define NV_BUCKETS 65536
static nvsit nv_sit[NV_SITS];
static int nv_sit_link[NV_SITS], nv_bucket[NV_BUCKETS];
static unsigned nv_bucket_stamp[NV_BUCKETS], nv_stamp;
static int nv_nsit;
static long nv_recurs; /* sowings stopped at an offer that recurs */

static unsigned nv_sit_hash(const nvsit *x)
{
    const unsigned char *b = (const unsigned char *)x;
    unsigned hash = 2166136261u;
    for (size_t i = 0; i < sizeof *x; i++)
        hash = (hash ^ b[i]) * 16777619u;
    return hash % NV_BUCKETS;
}

/* Was an offer met before in this situation? If not, keep it. */
static bool nv_met_before(const nvsit *x)
{
    unsigned b = nv_sit_hash(x);
    if (nv_bucket_stamp[b] != nv_stamp) {
        nv_bucket_stamp[b] = nv_stamp;
        nv_bucket[b] = -1;
    }
    for (int i = nv_bucket[b]; i >= 0; i = nv_sit_link[i])
        if (memcmp(&nv_sit[i], x, sizeof *x) == 0)
            return true;
    if (nv_nsit >= NV_SITS) {
        fprintf(stderr, "models/bulto.h: more than %d offers in one sowing\n", NV_SITS);
        abort();
    }
    nv_sit[nv_nsit] = *x;
    nv_sit_link[nv_nsit] = nv_bucket[b];
    nv_bucket[b] = nv_nsit++;
    return false;
}

enum { NV_TOOK, NV_NATURAL, NV_NEVER };

/* Play hole `hole` refusing `j` offers; *nref receives the offers refused. NV_NEVER: the sowing,
 * refusing every offer, never ends (T1): it came back to a lap-end state it had been in, or met
 * an offer in a situation it had met one in before j offers were refused (B5 as clarified: the
 * move refusing every offer is written with the offers before that one, *nref), or ran 10,000
 * laps. */
static int nv_move(nv *s, const nvopt *o, int hole, int j, int *nref)
{
    int mover = s->turn, prior[20], refleft = j, laps = 0, nseen = 0;
    memcpy(prior, s->bul, sizeof prior);
    *nref = 0;
    nv_stamp++;
    nv_nsit = 0;
    int h = hole;
    for (;;) {
        /* the lap-end state (and the start): the board, the miné, the hole to lift next */
        lapst cur;
        memcpy(cur.h, s->h, sizeof cur.h);
        memcpy(cur.mine, s->mine, sizeof cur.mine);
        cur.next = h;
        for (int i = 0; i < nseen; i++)
            if (memcmp(&nv_seen[i], &cur, sizeof cur) == 0)
                return NV_NEVER; /* back where it has been: repeats forever */
        nv_seen[nseen++] = cur;
        int hand = s->h[h], origin = h, p = h;
        s->h[h] = 0;
        s->mine[h] = 0;
        if (s->phase == 1 && nv_mines(s) == 0)
            s->phase = 2;
        while (hand > 0) {
            p = (p + 1) % 20;
            if (s->bul[p] == 1 - mover)
                continue; /* B3 */
            if (o->skip_origin && p == origin)
                continue;
            if (s->phase != 0 && nv_can(s, o, mover, prior, p)) {
                int run = 1;
                while (run < hand && p + run < 20 && nv_can(s, o, mover, prior, p + run))
                    run++;
                if ((s->phase == 2 || hand == 1) && run >= hand) {
                    nvsit x;
                    memset(&x, 0, sizeof x);
                    x.s = *s;
                    x.hand = hand;
                    x.hole = p;
                    x.origin = o->skip_origin ? origin : -1;
                    if (nv_met_before(&x)) {
                        nv_recurs++;
                        return NV_NEVER; /* this offer recurs: refusing them all never ends */
                    }
                    if (refleft == 0) {
                        for (int i = 0; i < hand; i++) {
                            s->h[p + i]++;
                            s->bul[p + i] = mover;
                        }
                        return NV_TOOK;
                    }
                    refleft--;
                    (*nref)++;
                    continue;
                }
                if (s->phase == 2)
                    continue;
            }
            s->h[p]++;
            s->mine[p] = 0;
            if (s->phase == 1 && nv_mines(s) == 0)
                s->phase = 2;
            hand--;
        }
        if (s->h[p] == 1 || s->bul[p] == mover)
            return NV_NATURAL;
        if (++laps >= 10000)
            return NV_NEVER;
        h = p;
    }
}

typedef struct nvmove {
    int hole, ref, endless;
    nv child;
} nvmove;

static void nv_finish_move(nv *c, int was_menager)
{
    if (was_menager) {
        for (int i = 0; i < 20; i++)
            c->mine[i] = c->h[i] == 3;
        c->phase = nv_mines(c) ? 1 : 2;
    }
    c->turn = !c->turn;
}

/* B5 [ruling]: a start hole's moves are its distinct outcomes. nv_gen tries r = 0, 1, 2, ...
 * refusals in turn and keeps a child only if no smaller r of the same start hole left the same
 * position (every hole's count and mark, the phase, the player to move); nv_dups counts the
 * children so dropped. */
static long nv_dups;

static bool nv_new_outcome(const nvmove *out, int first, int n, const nv *c)
{
    for (int i = first; i < n; i++)
        if (!out[i].endless && nv_same(&out[i].child, c)) {
            nv_dups++;
            return false;
        }
    return true;
}

static int nv_gen(const nv *s, const nvopt *o, nvmove *out, int max)
{
    int n = 0, mover = s->turn;
    bool all3 = true;
    for (int i = 10 * mover; i < 10 * mover + 10; i++)
        if (s->bul[i] < 0 && s->h[i] && s->h[i] != 3)
            all3 = false;
    for (int i = 10 * mover; i < 10 * mover + 10 && n < max; i++) {
        if (s->bul[i] >= 0 || s->h[i] == 0)
            continue;
        if (s->phase == 2 && s->h[i] == 3 && !all3)
            continue; /* B7 */
        const int first = n;
        for (int j = 0; n < max; j++) {
            nv c = *s;
            int r, nref;
            r = nv_move(&c, o, i, j, &nref);
            nv_finish_move(&c, s->phase == 0);
            if (r == NV_NEVER) {
                if (o->ends_game)
                    out[n++] = (nvmove){i, j, 1, *s};
                break;
            }
            if (nv_new_outcome(out, first, n, &c))
                out[n++] = (nvmove){i, j, 0, c};
            if (r == NV_NATURAL)
                break;
        }
    }
    return n;
}

static void nv_text(const nvmove *m, char *buf)
{
    char lab = (char)(m->hole < 10 ? 'A' + m->hole : 'a' + m->hole - 10);
    if (m->ref)
        sprintf(buf, "%c~%d", lab, m->ref);
    else
        sprintf(buf, "%c", lab);
}

/* naive perft, with T2 over the path (the start included) */
static nv path[64];
static uint64_t nv_perft(const nv *s, const nvopt *o, int depth, int plen)
{
    if (depth == 0)
        return 1;
    nvmove *mv = malloc(GB_MAX_MOVES * sizeof *mv);
    int n = nv_gen(s, o, mv, GB_MAX_MOVES);
    uint64_t t = 0;
    for (int i = 0; i < n; i++) {
        if (depth == 1) {
            t++;
            continue;
        }
        if (mv[i].endless)
            continue;
        const nv *c = &mv[i].child;
        bool rep = false;
        for (int k = 0; k < plen; k++)
            rep |= nv_same(&path[k], c);
        nvmove probe[GB_MAX_MOVES / 8];
        if (rep || nv_gen(c, o, probe, 1) == 0) /* B9 first, then T2 (T5) */
            continue;
        path[plen] = *c;
        t += nv_perft(c, o, depth - 1, plen + 1);
    }
    free(mv);
    return t;
}

#endif
