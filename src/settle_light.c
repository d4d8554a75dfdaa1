/* settle_light.c — gb_settle for a position that will not be expanded (a search leaf): the same
 * rulings T1–T5 in the same order, the same settled position, record and scores, but without
 * listing the legal moves. A game's end rule (`ended`) only needs to know whether the player to
 * move has a legal move when the game provides the playouts' fast path (gb_rules.sample, whose
 * contract promises exactly that), and repetition (T2) and the cap (T3) need no moves at all; so
 * one sampled move replaces the simulation of every move. Where sample declines (GB_EINVAL) the
 * moves are generated into the caller's scratch buffers, as gb_settle does. docs/ai.md. */
#include "search.h"

/* T2, as game.c's repeated(): positions with another store total or other marks cannot match,
 * nor can any before them. */
static bool light_repeated(const gb_record *rec, const gb_pos *p)
{
    int taken = p->store[0] + p->store[1];
    uint32_t marks = p->mark_s | p->mark_n;
    for (int i = rec->len - 1; i >= 0; i--) {
        const gb_pos *q = &rec->pos[i];
        if (q->store[0] + q->store[1] != taken || (q->mark_s | q->mark_n) != marks)
            break;
        if (q->hash == p->hash && gb_pos_same(q, p))
            return true;
    }
    return false;
}

int gb_settle_light(const gb_rules *r, const gb_options *o, gb_pos *child, gb_record *rec,
                    uint8_t *chance, uint64_t *rng, gb_move *scratch_moves, gb_pos *scratch_children)
{
    for (;;) {
        int reason = GB_END_NONE, n = 0;
        child->flags &= (uint8_t)~GB_F_ROUND_NEW;
        if (child->flags & GB_F_ENDLESS) {
            child->flags &= (uint8_t)~GB_F_ENDLESS; /* T1 with endless=ends-game */
            reason = GB_END_ENDLESS;
        } else {
            /* any legal move will do: a fixed source, so that the caller's rng is not touched */
            uint64_t pick = 0x5e77e1ull;
            gb_move m;
            gb_pos c;
            n = r->sample ? r->sample(o, child, &pick, &m, &c, NULL) : GB_EINVAL;
            if (n < 0)
                n = r->gen(o, child, scratch_moves, scratch_children);
            child->hash = gb_pos_hash(child);
            if (r->ended(o, child, n))
                reason = GB_END_RULE; /* T5: the game's own rule first, */
            else if (light_repeated(rec, child))
                reason = GB_END_REPETITION; /* then repetition (T2), */
            else if (child->ply >= (uint32_t)o->v[GB_OPT_MAX_PLIES])
                reason = GB_END_CAP; /* then the cap (T3). */
        }
        if (reason == GB_END_NONE) {
            if (gb_record_push(rec, child) != GB_OK)
                return GB_ENOMEM;
            return n;
        }
        r->finish(o, child, reason, chance, rng);
        if (child->flags & GB_F_OVER) {
            child->hash = gb_pos_hash(child);
            return 0;
        }
        rec->len = 0; /* a new round: the repetition record starts afresh (T5) */
    }
}

int gb_settle_expand(const gb_rules *r, const gb_options *o, gb_pos *child, gb_record *rec,
                     uint8_t *chance, uint64_t *rng, gb_move *moves, gb_pos *children,
                     void (*before_gen)(void *ctx, const gb_pos *child, uint64_t hash), void *ctx)
{
    for (;;) {
        int reason = GB_END_NONE, n = 0;
        child->flags &= (uint8_t)~GB_F_ROUND_NEW;
        if (child->flags & GB_F_ENDLESS) {
            child->flags &= (uint8_t)~GB_F_ENDLESS; /* T1 with endless=ends-game */
            reason = GB_END_ENDLESS;
        } else {
            /* the hash first: the caller may start loading what it will look up for this
             * position while the moves are simulated. It is stored after gen, as gb_settle does,
             * since gen copies the position (hash field included) into the children. */
            uint64_t h = gb_pos_hash(child);
            if (before_gen)
                before_gen(ctx, child, h);
            n = r->gen(o, child, moves, children);
            child->hash = h;
            if (r->ended(o, child, n))
                reason = GB_END_RULE; /* T5: the game's own rule first, */
            else if (light_repeated(rec, child))
                reason = GB_END_REPETITION; /* then repetition (T2), */
            else if (child->ply >= (uint32_t)o->v[GB_OPT_MAX_PLIES])
                reason = GB_END_CAP; /* then the cap (T3). */
        }
        if (reason == GB_END_NONE) {
            if (gb_record_push(rec, child) != GB_OK)
                return GB_ENOMEM;
            return n;
        }
        r->finish(o, child, reason, chance, rng);
        if (child->flags & GB_F_OVER) {
            child->hash = gb_pos_hash(child);
            return 0;
        }
        rec->len = 0; /* a new round: the repetition record starts afresh (T5) */
    }
}
