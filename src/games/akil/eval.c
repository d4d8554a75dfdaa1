/* eval.c — the static evaluation of L'ab al-Akil (RULINGS §4): what a position is worth to `side` when
 * the search stops, in hundredths of a stone (docs/ai.md gives the reasoning and the weights). */
#include "akil.h"

/* A13: what a point of accumulated gain is worth. A round won by x seeds over 36 (72 in all)
 * is a seed difference of 2x (200 at 100 a seed) and a gain of x (gain=excess) or 2x
 * (gain=difference); so a gain point is worth 200 or 100, and a round's end is valued on the same
 * scale as the stones of a round still going on. */
static int ak_gain_weight(const gb_options *o) { return o->v[AK_GAIN] == 1 ? 100 : 200; }

/* The best capture `s` can make with the last seed of a move's first lap (A6): the pit made 2
 * or 4, its opposite, and the backward chain over the pits that lap sowed. */
static int ak_threat(const gb_pos *p, int n, int s)
{
    const int ring = 2 * n;
    int best = 0;
    for (int h = s * n; h < s * n + n; h++) {
        const int c = p->holes[h];
        if (!c || c >= ring)
            continue;
        /* after the lap: h is empty, the c pits after it hold one more */
        uint8_t after[GB_MAX_HOLES];
        memcpy(after, p->holes, sizeof after);
        after[h] = 0;
        for (int k = 1; k <= c; k++)
            after[(h + k) % ring]++;
        int g = 0;
        for (int k = c; k >= 1; k--) { /* the last pit first, then backwards (A6) */
            const int q = (h + k) % ring;
            if (after[q] != 2 && after[q] != 4)
                break;
            const int o = gb_opposite(n, q);
            g += after[q] + after[o];
            after[q] = 0;
            after[o] = 0;
        }
        if (g > best)
            best = g;
    }
    return 100 * best;
}

int gb_akil_eval(const gb_options *o, const gb_pos *p, int side)
{
    const int n = AK_N, ring = 2 * n;
    /* A13: the gains already won; the round ends (gb_eval_round) are valued on this scale too,
     * so a line that ends the round compares fairly with one that does not. */
    int v[2] = {ak_gain_weight(o) * p->match[0], ak_gain_weight(o) * p->match[1]};
    if (p->phase == PH_SOWING) {
        /* A11: the round is won by seeds: captures, */
        v[0] += 100 * p->store[0];
        v[1] += 100 * p->store[1];
        /* and the seeds left, which go to their row's player when the round ends by repetition
         * or the cap (T2, A10); a non-empty pit is a move. */
        for (int i = 0; i < ring; i++) {
            const int c = p->holes[i];
            v[gb_row_of(n, i)] += 8 * c + (c ? 12 : 0);
        }
        /* A6: a pit at 1 or 3 that a last seed can turn to 2 or 4 is lost with its opposite.
         * The side to move makes its best capture; the other's is half answered by then. */
        const int mover = p->to_move;
        v[mover] += ak_threat(p, n, mover) / 2;
        v[!mover] += ak_threat(p, n, !mover) / 5;
    }
    return v[side] - v[!side];
}

/* A round just ended: the new round's start is valued by the gains toward 60 (A13, kept in
 * match[]), on the scale of ak_gain_weight (200 a gain point under the generic terms). */
int gb_akil_eval_round(const gb_options *o, const gb_pos *p, int side, bool generic)
{
    return (generic ? 200 : ak_gain_weight(o)) * (p->match[side] - p->match[!side]);
}
