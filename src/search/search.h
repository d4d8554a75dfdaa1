/* search.h — what the computer players share inside libgabata around positions: the evaluation
 * (eval.c), the value of a line's end (searcher.c) and the search's ways of settling a ply
 * (settle_light.c). The searcher object is in searcher.h, its table in tt.h, the tunable numbers
 * in tune.h. docs/ai.md explains. */
#ifndef GABATA_SEARCH_H
#define GABATA_SEARCH_H

#include "internal.h"
#include "tune.h"

/* Static evaluation of a settled position that is not over, from `side`'s view, in hundredths
 * of a stone. Dispatches on the game's name to its own terms; games without terms of their own
 * get the generic ones. */
int gb_eval(const gb_rules *r, const gb_options *o, const gb_pos *p, int side);
/* The round starts a match has been through (match games; eval.c): the key of each distinct
 * start, so that a round end that leads back to one is seen as the cycle it is. The search takes
 * them from the game at its root (gb_match_view_of); n = 0 is a view that knows nothing. */
#define GB_MATCH_STARTS 64
typedef struct gb_match_view {
    int n;
    uint64_t start[GB_MATCH_STARTS];
} gb_match_view;
/* A round start's key: the board, owners, marks and the player to move, not the round number
 * nor what the last round left in aux and match[] (a match's earlier start seen again is the
 * same start). */
uint64_t gb_round_start_key(const gb_pos *p);
/* g's round starts: the game's first position and every round's next; with `current` false,
 * not the start of the round g is in (the last round end's next). */
void gb_match_view_of(const gb_game *g, bool current, gb_match_view *mv);
bool gb_match_view_has(const gb_match_view *mv, const gb_pos *p);
/* What the start of a new round (a round just ended) is worth to `side` for the match, given the
 * starts seen before it (mv; NULL: none known). */
int gb_eval_round(const gb_rules *r, const gb_options *o, const gb_pos *p, int side, const gb_match_view *mv);
/* The exact value of a finished game (match) for `side`, `plies` plies from the root. */
int gb_eval_final(const gb_pos *p, int side, int plies);

/* The value, for `side`, of the leaf reached by a ply that ended the game or a round, taking the
 * expectation over a chance outcome drawn in it (Qelat's 2/2 lots): `raw` is the ply's raw result,
 * `settled` it settled with chance preset to 1. `rec` is restored as it was. */
int gb_leaf_value(const gb_rules *r, const gb_options *o, const gb_match_view *mv, const gb_pos *parent,
                  const gb_pos *raw, const gb_pos *settled, gb_seen *rec, const gb_pos *rec0, int side,
                  int plies, gb_move *scratch_moves, gb_pos *scratch_children);

/* gb_settle for a position that will not be expanded (settle_light.c): the same settled
 * position, record, end status, reason and scores, without listing the moves. Returns 0 when the
 * game is over or the player to move has no listable move, > 0 (not the count) when there is
 * one, < 0 on a record overflow. The scratch buffers (GB_MAX_MOVES each) serve a game's phase
 * that has no fast path (gb_rules.sample declining). */
int gb_settle_light(const gb_rules *r, const gb_options *o, gb_pos *child, gb_seen *rec,
                    uint8_t *chance, uint64_t *rng, gb_move *scratch_moves, gb_pos *scratch_children);

/* gb_settle for a position the search will expand, with its moves generated lazily: the hash is
 * computed first, and first_move (if not NULL, and the game has gb_rules.sample) is called with
 * the position so far settled and its hash. When it returns > 0 it has found and kept a legal move
 * of that position (the search tries its table's move and killers first, and most nodes are cut
 * by them): the moves are not generated, *staged is set, and 1 is returned for "at least one"
 * (enough for T5: a game with `sample` ends only on no legal move). Otherwise gb_settle exactly:
 * the same position, record, moves and count, *staged false. first_move is called again for a
 * round that then ends; child->hash is set only after gen, as gb_settle sets it. */
int gb_settle_expand(const gb_rules *r, const gb_options *o, gb_pos *child, gb_seen *rec,
                     uint8_t *chance, uint64_t *rng, gb_move *moves, gb_pos *children,
                     int (*first_move)(void *ctx, const gb_pos *child, uint64_t hash), void *ctx,
                     bool *staged);

/* A settled ply ends the search line here when the game (match) ended or a round changed. */
static inline bool gb_ends_line(const gb_pos *parent, const gb_pos *child)
{
    return (child->flags & GB_F_OVER) || child->round != parent->round;
}

/* Map an evaluation to an expected result in (0, 1) for MCTS. */
double gb_eval_to_result(int score);

#endif
