/* settle_light.c — the search's two ways of settling a ply, both gb_settle_with (settle.h: the
 * same rulings T1-T5 in the same order as gb_settle) with finders of their own:
 * - gb_settle_light, for a position that will not be expanded (a search leaf): the same settled
 *   position, record and scores as gb_settle, without listing the legal moves. A game's end rule
 *   (`ended`) only needs to know whether the player to move has a legal move when the game
 *   provides the playouts' fast path (gb_rules.sample, whose contract promises exactly that),
 *   and repetition (T2) and the cap (T3) need no moves at all; so one sampled move replaces the
 *   simulation of every move. Where sample declines (GB_EINVAL) the moves are generated into the
 *   caller's scratch buffers, as gb_settle does.
 * - gb_settle_expand, for a position the search will expand, whose first move to try may be
 *   found without generating its moves. docs/ai.md. */
#include "search.h"
#include "settle.h"

typedef struct light_finder {
    gb_move *scratch_moves;
    gb_pos *scratch_children;
} light_finder;

static inline int find_light(void *ctx, const gb_rules *r, const gb_options *o, gb_pos *child)
{
    const light_finder *f = ctx;
    /* any legal move will do: a fixed source, so that the caller's rng is not touched */
    uint64_t pick = 0x5e77e1ull;
    gb_move m;
    gb_pos c;
    int n = r->sample && r->any_move ? r->any_move(o, child) : GB_EINVAL;
    if (n < 0)
        n = r->sample ? r->sample(o, child, &pick, &m, &c, NULL) : GB_EINVAL;
    if (n < 0)
        n = r->gen(o, child, f->scratch_moves, f->scratch_children);
    child->hash = gb_pos_hash(child);
    return n;
}

int gb_settle_light(const gb_rules *r, const gb_options *o, gb_pos *child, gb_seen *rec,
                    uint8_t *chance, uint64_t *rng, gb_move *scratch_moves, gb_pos *scratch_children)
{
    light_finder f = {scratch_moves, scratch_children};
    int n = gb_settle_with(r, o, child, rec, chance, rng, true, find_light, &f);
    return n;
}

typedef struct expand_finder {
    gb_move *moves;
    gb_pos *children;
    int (*first_move)(void *ctx, const gb_pos *child, uint64_t hash);
    void *ctx;
    bool *staged;
} expand_finder;

static inline int find_expand(void *ctx, const gb_rules *r, const gb_options *o, gb_pos *child)
{
    const expand_finder *f = ctx;
    /* the hash first: first_move looks the position up with it. It is stored after gen, as
     * gb_settle does, since gen copies the position (hash field included) into the children. */
    uint64_t h = gb_pos_hash(child);
    int n;
    if (f->first_move && f->first_move(f->ctx, child, h) > 0) {
        *f->staged = true;
        n = 1;
    } else {
        *f->staged = false;
        n = r->gen(o, child, f->moves, f->children);
    }
    child->hash = h;
    return n;
}

int gb_settle_expand(const gb_rules *r, const gb_options *o, gb_pos *child, gb_seen *rec,
                     uint8_t *chance, uint64_t *rng, gb_move *moves, gb_pos *children,
                     int (*first_move)(void *ctx, const gb_pos *child, uint64_t hash), void *ctx,
                     bool *staged)
{
    /* A legal move found by first_move stands for "at least one": enough for T5 only where the
     * game's `ended` asks nothing more (the contract of gb_rules.sample). */
    expand_finder f = {moves, children, r->sample ? first_move : NULL, ctx, staged};
    *staged = false;
    int n = gb_settle_with(r, o, child, rec, chance, rng, true, find_expand, &f);
    if (n <= 0)
        *staged = false; /* over (T2, T3 may end a game with moves), or an error */
    return n;
}
