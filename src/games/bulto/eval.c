/* eval.c — the static evaluation of Bulto (RULINGS §5): what a position is worth to `side` when
 * the search stops, in hundredths of a stone (docs/ai.md gives the reasoning and the weights). */
#include "bulto.h"

/* B4 with the right rule: could hole q become a bulto of `s`? */
static bool bu_eligible(const gb_options *o, const gb_pos *p, int n, int s, int q)
{
    const uint32_t b = 1u << q, held = s ? p->mark_n : p->mark_s;
    if (gb_row_of(n, q) == s || p->holes[q] != 3 || ((p->mine | p->mark_s | p->mark_n) & b))
        return false;
    return o->v[BU_RIGHT] == 1 || !held || q < __builtin_ctz(held);
}

/* Does a move of `s` from h end its first lap by making a bulto (B4, B6)? The opponent's bulto
 * are skipped (B3); in the open phase eligible holes are skipped unless the stones left fill a
 * run of them (B6). Returns the stones the bulto take (0: none). */
static int bu_first_lap(const gb_options *o, const gb_pos *p, int n, int s, int h)
{
    const int ring = 2 * n;
    const uint32_t skip = s ? p->mark_s : p->mark_n;
    const bool open = p->phase == BU_OPEN;
    int q = h;
    for (int k = p->holes[h]; k > 0;) {
        q = gb_next(ring, q);
        if (skip >> q & 1u)
            continue;
        if (open && bu_eligible(o, p, n, s, q)) {
            int run = 0;
            for (int x = q; run < k && x < ring && bu_eligible(o, p, n, s, x); x++)
                run++;
            if (run == k)
                return 4 * k;
            continue; /* skipped (B6) */
        }
        if (k == 1)
            return bu_eligible(o, p, n, s, q) ? 4 : 0;
        k--;
    }
    return 0;
}

int gb_bulto_eval(const gb_options *o, const gb_pos *p, int side)
{
    const int n = BU_N, ring = 2 * n;
    int v[2] = {0, 0}, best[2] = {0, 0};
    for (int i = 0; i < ring; i++) {
        const uint32_t b = 1u << i;
        const int c = p->holes[i], row = gb_row_of(n, i);
        if ((p->mark_s | p->mark_n) & b) {
            /* B9: a bulto's stones are its holder's at the end; nobody lifts them (B3) and
             * his own laps drop stones in (the opponent's skip it), so it only grows. */
            v[(p->mark_n & b) ? GB_NORTH : GB_SOUTH] += 100 * c + 80;
            continue;
        }
        /* B9: stones in one's own row that are not in a bulto count at the end; they move, so
         * at less than a bulto's. A non-empty hole is a move (B9: no move ends the game). */
        v[row] += 40 * c + (c ? 15 : 0);
        /* B4: a 3 of one's row, not a miné, that the opponent could make his bulto: 4 stones
         * and the hole lost. A miné cannot be made a bulto (B2): it is safe. */
        if (bu_eligible(o, p, n, !row, i))
            v[!row] += 50;
        /* the first laps that make a bulto now */
        if (c && p->phase != 0) {
            const int g = bu_first_lap(o, p, n, row, i);
            if (g > best[row])
                best[row] = g;
        }
    }
    /* B4 right rule: each new bulto lies right of the holder's others; the holes left to
     * their right are the room for more. */
    if (o->v[BU_RIGHT] == 0)
        for (int s = 0; s < 2; s++) {
            const uint32_t held = s ? p->mark_n : p->mark_s;
            const int room = held ? __builtin_ctz(held) - (s ? 0 : n) : n;
            v[s] += 10 * room;
        }
    /* a bulto made takes 4 stones from the opponent's row into the maker's bulto */
    const int mover = p->to_move;
    v[mover] += best[mover] * (100 + 40) / 2;
    v[!mover] += best[!mover] * (100 + 40) / 5;
    return v[side] - v[!side];
}
