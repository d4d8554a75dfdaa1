/* search.h — what the computer players share inside libgabata: the evaluation (eval.c), the
 * alpha-beta searcher (search.c) and Monte Carlo tree search (mcts.c). docs/ai.md explains. */
#ifndef GABATA_SEARCH_H
#define GABATA_SEARCH_H

#include "internal.h"

/* Static evaluation of a settled position that is not over, from `side`'s view, in hundredths
 * of a stone. Dispatches on the game's name to its own terms; games without terms of their own
 * get the generic ones. */
int gb_eval(const gb_rules *r, const gb_options *o, const gb_pos *p, int side);
/* What the start of a new round (a round just ended) is worth to `side` for the match. */
int gb_eval_round(const gb_rules *r, const gb_options *o, const gb_pos *p, int side);
/* The exact value of a finished game (match) for `side`, `plies` plies from the root. */
int gb_eval_final(const gb_pos *p, int side, int plies);

/* The value, for `side`, of the leaf reached by a ply that ended the game or a round, taking the
 * expectation over a chance outcome drawn in it (Qelat's 2/2 lots): `raw` is the ply's raw result,
 * `settled` it settled with chance preset to 1. `rec` is restored as it was. */
int gb_leaf_value(const gb_rules *r, const gb_options *o, const gb_pos *parent, const gb_pos *raw,
                  const gb_pos *settled, gb_record *rec, const gb_pos *rec0, int side, int plies,
                  gb_move *scratch_moves, gb_pos *scratch_children);

/* gb_settle for a position that will not be expanded (settle_light.c): the same settled
 * position, record, end status, reason and scores, without listing the moves. Returns 0 when the
 * game is over or the player to move has no listable move, > 0 (not the count) when there is
 * one, < 0 on a record overflow. The scratch buffers (GB_MAX_MOVES each) serve a game's phase
 * that has no fast path (gb_rules.sample declining). */
int gb_settle_light(const gb_rules *r, const gb_options *o, gb_pos *child, gb_record *rec,
                    uint8_t *chance, uint64_t *rng, gb_move *scratch_moves, gb_pos *scratch_children);

/* gb_settle for a position the search will expand, with its moves generated lazily: the hash is
 * computed first, and first_move (if not NULL, and the game has gb_rules.sample) is called with
 * the position so far settled and its hash. When it returns > 0 it has found and kept a legal move
 * of that position (the search tries its table's move and killers first, and most nodes are cut
 * by them): the moves are not generated, *staged is set, and 1 is returned for "at least one"
 * (enough for T5: a game with `sample` ends only on no legal move). Otherwise gb_settle exactly:
 * the same position, record, moves and count, *staged false. first_move is called again for a
 * round that then ends; child->hash is set only after gen, as gb_settle sets it. */
int gb_settle_expand(const gb_rules *r, const gb_options *o, gb_pos *child, gb_record *rec,
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

/* ---- the searcher, shared by search.c and mcts.c ---- */
#include <time.h>

#define MAX_PLY (GB_SEARCH_MAX_DEPTH + 2)
#define INF (GB_SCORE_WIN + 1)
#define ROOT_CANDIDATES 16

enum { TT_NONE = 0, TT_EXACT, TT_LOWER, TT_UPPER, TT_HORIZON = 4 };
#define TT_NO_MOVE 0xffffu
#define TT_BUCKET 4 /* entries a key may use: one cache line */
/* the moves a node tries before its moves are generated: the table's, then two killers */
#define STAGED_MOVES 3

typedef struct tt_entry {
    uint64_t key;
    int32_t value;
    int8_t depth;
    uint8_t flag;  /* TT_EXACT/LOWER/UPPER | TT_HORIZON | the search's age << 3 */
    uint16_t best; /* the best move (move_code in search.c), TT_NO_MOVE none */
} tt_entry;

struct gb_searcher {
    tt_entry *tt;
    size_t tt_mask;
    unsigned tt_age; /* 0..31, one more every search */
    const gb_rules *r;
    gb_options o;
    /* per-ply buffers */
    gb_move (*moves)[GB_MAX_MOVES];
    gb_pos (*children)[GB_MAX_MOVES];
    int nmoves[MAX_PLY + 1]; /* -1: not generated yet (staged; see search.c) */
    /* a node's staged moves: the candidates (table move, killers) and the first legal one,
     * found while the node was settled */
    gb_move stage[MAX_PLY + 1][STAGED_MOVES];
    int nstage[MAX_PLY + 1], stage_found[MAX_PLY + 1];
    unsigned stage_made[MAX_PLY + 1]; /* bit i: stage_child[ply][i] holds candidate i's child */
    gb_pos stage_child[MAX_PLY + 1][STAGED_MOVES];
    gb_pos node[MAX_PLY + 1];
    uint64_t seg[MAX_PLY + 1];
    gb_move scratch_moves[GB_MAX_MOVES];
    gb_pos scratch_children[GB_MAX_MOVES];
    gb_record rec;
    gb_pos rec0;
    gb_move killers[MAX_PLY][2];
    int history[2][128];
    gb_move pv[MAX_PLY][MAX_PLY];
    int pv_len[MAX_PLY + 1];
    int tt_exact;
    bool partial_root;
    long long nodes, node_limit;
    struct timespec t0;
    long movetime_ms;
    bool stop, can_stop, horizon;
    /* MCTS (mcts.c) keeps its tree here too, allocated on first use */
    struct mcts_node *tree;
    int tree_cap;
    uint64_t rng;
};

void gb_mcts_free_tree(gb_searcher *s);
/* Set the searcher up for a search of g: the record (with room for `extra` more plies), the
 * root node, the root's segment hash, the clock. */
int gb_search_prepare(gb_searcher *s, const gb_game *g, const gb_search_opts *o, int extra,
                      gb_error *err);
/* The root's moves into moves[0]/children[0]: the listed ones, or candidates from the game's
 * random move for a phase that cannot be listed. Returns the count. */
int gb_search_root_moves(gb_searcher *s, const gb_game *g, const gb_search_opts *o);
double gb_search_elapsed(const struct timespec *t0);
/* The same move (its chance outcome aside). Inline: move ordering compares moves at every node. */
static inline bool gb_same_move(const gb_move *a, const gb_move *b)
{
    return a->kind == b->kind && a->hole == b->hole && a->refusals == b->refusals &&
           (a->kind != GB_MOVE_LAYOUT || memcmp(a->layout, b->layout, sizeof a->layout) == 0);
}

#endif
