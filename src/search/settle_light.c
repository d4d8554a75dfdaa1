/* settle_light.c — gb_settle for a position that will not be expanded (a search leaf): the same
 * rulings T1–T5 in the same order, the same settled position, record and scores, but without
 * listing the legal moves. A game's end rule (`ended`) only needs to know whether the player to
 * move has a legal move when the game provides the playouts' fast path (gb_rules.sample, whose
 * contract promises exactly that), and repetition (T2) and the cap (T3) need no moves at all; so
 * one sampled move replaces the simulation of every move. Where sample declines (GB_EINVAL) the
 * moves are generated into the caller's scratch buffers, as gb_settle does. docs/ai.md. */
#include "search.h"

static inline bool take_endless(gb_pos *child)
{
    child->flags &= (uint8_t)~GB_F_ROUND_NEW;
    if (!(child->flags & GB_F_ENDLESS))
        return false;
    child->flags &= (uint8_t)~GB_F_ENDLESS; /* T1 with endless=ends-game */
    return true;
}

int gb_settle_light(const gb_rules *r, const gb_options *o, gb_pos *child, gb_record *rec,
                    uint8_t *chance, uint64_t *rng, gb_move *scratch_moves, gb_pos *scratch_children)
{
    for (;;) {
        int reason = GB_END_ENDLESS, n = 0;
        if (!take_endless(child)) {
            /* any legal move will do: a fixed source, so that the caller's rng is not touched */
            uint64_t pick = 0x5e77e1ull;
            gb_move m;
            gb_pos c;
            n = r->sample && r->any_move ? r->any_move(o, child) : GB_EINVAL;
            if (n < 0)
                n = r->sample ? r->sample(o, child, &pick, &m, &c, NULL) : GB_EINVAL;
            if (n < 0)
                n = r->gen(o, child, scratch_moves, scratch_children);
            child->hash = gb_pos_hash(child);
            reason = gb_t5_reason(r, o, child, n, rec, true); /* T5, as gb_settle */
        }
        int rc = gb_t5_conclude(r, o, child, rec, reason, chance, rng);
        if (rc >= 0)
            return rc == 1 ? n : 0;
        if (rc != -1)
            return rc;
    }
}

int gb_settle_expand(const gb_rules *r, const gb_options *o, gb_pos *child, gb_record *rec,
                     uint8_t *chance, uint64_t *rng, gb_move *moves, gb_pos *children,
                     int (*first_move)(void *ctx, const gb_pos *child, uint64_t hash), void *ctx,
                     bool *staged)
{
    /* A legal move found by first_move stands for "at least one": enough for T5 only where the
     * game's `ended` asks nothing more (the contract of gb_rules.sample). */
    if (!r->sample)
        first_move = NULL;
    for (;;) {
        int reason = GB_END_ENDLESS, n = 0;
        *staged = false;
        if (!take_endless(child)) {
            /* the hash first: first_move looks the position up with it. It is stored after
             * gen, as gb_settle does, since gen copies the position (hash field included) into
             * the children. */
            uint64_t h = gb_pos_hash(child);
            if (first_move && first_move(ctx, child, h) > 0) {
                *staged = true;
                n = 1;
            } else {
                n = r->gen(o, child, moves, children);
            }
            child->hash = h;
            reason = gb_t5_reason(r, o, child, n, rec, true); /* T5, as gb_settle */
        }
        int rc = gb_t5_conclude(r, o, child, rec, reason, chance, rng);
        if (rc == 1)
            return n;
        *staged = false; /* over (T2, T3 may end a game with moves), or an error */
        if (rc >= 0)
            return 0;
        if (rc != -1)
            return rc;
    }
}
