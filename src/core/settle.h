/* settle.h — the one settling loop (rulings T1-T5) that every way of settling a ply shares:
 * gb_settle (game.c: every legal move listed), the search's leaves and expanded nodes
 * (src/search/settle_light.c) and the playouts (game.c). They differ only in how they learn
 * whether the player to move has a move (and which), so that is a finder passed in; everything
 * else, in the order T5 gives, is here once:
 *   - T1 (endless=ends-game): a never-ending sowing ends the game (round) on the board before it;
 *   - the game's own end rule, then repetition (T2), then the cap (T3): gb_t5_reason;
 *   - the game goes on (pushed to the record), or is over, or a round ended and the new round
 *     is settled again with its record restarted: gb_t5_conclude.
 * gb_settle_with is a static inline template: each caller passes a constant static inline
 * finder, which the compiler folds into a loop of its own, so sharing it costs no call. */
#ifndef GABATA_SETTLE_H
#define GABATA_SETTLE_H

#include <assert.h>

#include "internal.h"

#if defined(__GNUC__)
#define GB_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define GB_ALWAYS_INLINE inline
#endif

/* Take the transient flags off a child: true when its ply was a never-ending sowing played
 * under endless=ends-game (T1), which ends the game (round) at once on the board before it. */
static inline bool gb_take_endless(gb_pos *child)
{
    child->flags &= (uint8_t)~GB_F_ROUND_NEW;
    if (!(child->flags & GB_F_ENDLESS))
        return false;
    child->flags &= (uint8_t)~GB_F_ENDLESS;
    return true;
}

/* A finder: called with the child so far settled (not over by T1), it returns the number of
 * legal moves of its player, or only whether there is one (> 0; the games' `ended` ask no more
 * where the finder is a fast path, gb_rules.sample's contract). It sets child->hash when the
 * loop is `hashed`. It is called again for each new round. */
typedef int (*gb_settle_finder)(void *ctx, const gb_rules *r, const gb_options *o, gb_pos *child);

/* Settle `child` against `rec` (T1-T5). `chance` NULL: a fresh 0 (draw it) for every round's
 * end. `hashed`: repetition may compare hashes (the finder set them). Returns the finder's last
 * count when the game goes on, 0 when it is over, GB_ENOMEM on a record overflow. */
static GB_ALWAYS_INLINE int gb_settle_with(const gb_rules *r, const gb_options *o, gb_pos *child,
                                           gb_seen *rec, uint8_t *chance, uint64_t *rng,
                                           bool hashed, gb_settle_finder find, void *ctx)
{
    for (;;) {
        int reason = GB_END_ENDLESS, n = 0;
        uint8_t fresh = 0;
        if (!gb_take_endless(child)) {
            n = find(ctx, r, o, child);
            assert(n <= GB_MAX_MOVES);
            reason = gb_t5_reason(r, o, child, n, rec, hashed); /* the rule, T2, T3 */
        }
        int rc = gb_t5_conclude(r, o, child, rec, reason, chance ? chance : &fresh, rng);
        if (rc == 1)
            return n;
        if (rc != -1) /* over (0), or the record overflowed */
            return rc;
        /* a new round began: settle it, against a record started afresh */
    }
}

#endif
