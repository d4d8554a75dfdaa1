/* access.c — what generic clients (searches, measures, bindings) need to read beside the board
 * and the stores (gabata.h): a side's holdings, and how the current phase's moves are had. Built
 * on the public accessors only, so it holds whatever the games keep in their positions. */
#include "gabata.h"

#include <stdbool.h>
#include <string.h>

int gb_holdings(const gb_game *g, int side, int *held_holes, int *held_stones)
{
    if (side != GB_SOUTH && side != GB_NORTH)
        return GB_EINVAL;
    const int mark = side == GB_SOUTH ? GB_MARK_HELD_S : GB_MARK_HELD_N;
    int holes = 0, stones = 0;
    for (int i = 0; i < 2 * gb_game_rows(g); i++)
        if (gb_hole_mark(g, i) == mark) {
            holes++;
            stones += gb_hole_count(g, i);
        }
    if (held_holes)
        *held_holes = holes;
    if (held_stones)
        *held_stones = stones;
    return gb_store(g, side) + stones;
}

int gb_move_listing(const gb_game *g)
{
    if (gb_is_over(g))
        return GB_LISTING_OVER;
    gb_move m;
    /* a position that goes on has a listed move (a pass at least, T-rules), unless its phase
     * takes moves that cannot be listed; gb_legal_moves copies at most one here */
    return gb_legal_moves(g, &m, 1) > 0 ? GB_LISTING_ALL : GB_LISTING_SAMPLED;
}

/* the same move, as the searcher compares them: its chance outcome is not the move's */
static bool same_move(const gb_move *a, const gb_move *b)
{
    return a->kind == b->kind && a->hole == b->hole && a->refusals == b->refusals &&
           (a->kind != GB_MOVE_LAYOUT || memcmp(a->layout, b->layout, sizeof a->layout) == 0);
}

/* at most this many draws for each candidate asked for: a layout has so many that repeats are
 * rare, and a phase with few moves ends the sample instead of looping */
#define DRAWS_PER_CANDIDATE 4

int gb_candidate_moves(const gb_game *g, uint64_t seed, gb_move *out, int max)
{
    if (!out && max > 0)
        return GB_EINVAL;
    if (max <= 0)
        return 0;
    switch (gb_move_listing(g)) {
    case GB_LISTING_OVER:
        return 0;
    case GB_LISTING_ALL:
        return gb_legal_moves(g, out, max);
    default:
        break;
    }
    uint64_t rng = seed;
    int n = 0;
    gb_move m;
    if (gb_suggest_move(g, &rng, &m) == GB_OK && gb_move_is_legal(g, &m))
        out[n++] = m;
    for (long k = 0; n < max && k < (long)max * DRAWS_PER_CANDIDATE; k++) {
        if (gb_random_move(g, &rng, &m) != GB_OK)
            break;
        bool dup = !gb_move_is_legal(g, &m);
        for (int i = 0; i < n && !dup; i++)
            dup = same_move(&out[i], &m);
        if (!dup)
            out[n++] = m;
    }
    return n;
}
