/* searcher.h — the searcher object (searcher.c) that alpha-beta (search.c) and MCTS (mcts.c)
 * share: its buffers, table, record and clock, and what both do to set a search up. Neither
 * search file calls the other; both call only what is declared here, in search.h and in tt.h. */
#ifndef GABATA_SEARCHER_H
#define GABATA_SEARCHER_H

#include <time.h>

#include "search.h"
#include "tt.h"
#include "tune.h"

#define MAX_PLY (GB_SEARCH_MAX_DEPTH + 2)
#define INF (GB_SCORE_WIN + 1)
/* the moves a node tries before its moves are generated: the table's, then the killers */
#define STAGED_MOVES (1 + KILLERS)

struct mcts_node;

struct gb_searcher {
    gb_tt tt;
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
    gb_seen rec;
    gb_pos rec0;
    gb_match_view match; /* the root game's round starts, current round's included */
    /* the root's moves that repeat an earlier round of the match, for its player behind
     * (gb_match_cycle_moves); their values lose MATCH_CYCLE */
    gb_move cycle_moves[MATCH_CYCLE_MOVES];
    int ncycle;
    gb_move killers[MAX_PLY][KILLERS];
    int history[2][128];
    gb_move pv[MAX_PLY][MAX_PLY];
    int pv_len[MAX_PLY + 1];
    int tt_exact;
    bool partial_root;
    long long nodes, node_limit;
    struct timespec t0;
    long movetime_ms;
    bool stop, can_stop, horizon;
    const struct gb_tables *tables; /* this search's endgame tables, or NULL */
    long long table_hits;
    bool margins; /* every end scored by its margin (tables, or asked for: gabata solve) */
    /* a match of rounds: a line that ends a round is valued by what the next round's start is
     * worth (gb_eval_round), an estimate, so a value of 0 is not a proven draw */
    bool match_rounds;
    /* MCTS (mcts.c) keeps its tree here too, allocated on its first search, freed with the
     * searcher */
    /* Lazy SMP (smp.c): a main searcher's helpers, allocated on the first search with threads;
     * a helper's stop flag and table (the main's) and its depth skew; the main thread's deepest
     * finished iteration, which the main publishes and a helper starts past. NULL, 0 in a plain
     * search. */
    struct gb_searcher **helpers;
    int nhelpers;
    int *shared_stop;
    const int *asked_stop; /* gb_search_opts.stop: the caller's request to end the search */
    int *publish_depth;
    const int *shared_depth;
    const gb_tt *borrow_tt;
    int skew;
    /* the moves being searched now, by every thread (DEFER_LOG2 slots, a key each): set only
     * during a search on several threads (NULL otherwise, so that one thread searches exactly
     * as the plain search); busy_own is the main searcher's allocation, lent to its helpers */
    uint64_t *busy, *busy_own;
    bool defer_all; /* tests (test_smp.c): defer every second move that may be, busy or not */
    struct mcts_node *tree;
    int tree_cap;
    uint64_t rng;
};

/* Set the searcher up for a search of g: the record (with room for `extra` more plies), the
 * root node, the root's segment hash, the clock. Other rules or options than the last search's
 * clear the table and the history; otherwise they are kept (warm). */
/* The arguments of gb_search and gb_mcts, checked before anything is touched: GB_OK, or
 * GB_EINVAL with err saying what is wrong (res, when given, zeroed). */
int gb_search_check(const gb_searcher *s, const gb_game *g, const gb_search_opts *o, gb_search_result *res,
                    gb_error *err);
int gb_search_prepare(gb_searcher *s, const gb_game *g, const gb_search_opts *o, int extra,
                      gb_error *err);
/* The root's moves into moves[0]/children[0]: the listed ones, or candidates from the game's
 * random move for a phase that cannot be listed. Returns the count. */
int gb_search_root_moves(gb_searcher *s, const gb_search_opts *o);
/* The moves that, played at g's position, would repeat an earlier round of the match move for
 * move: a round that began at the same start as g's round and went on with the same moves as g's
 * round so far, and then with this one (Qelat, plays-on: the same round again leads to the same
 * start again, the cycle to the cap). Only for the player who owns fewer holes, who must break
 * the cycle; 0 for other games (those with their own eval_round), the player ahead or level.
 * At most max; returns the count. */
int gb_match_cycle_moves(const gb_game *g, gb_move *out, int max);
/* One thread's alpha-beta search (search.c); gb_search (smp.c) runs it on every thread. */
int gb_search_one(gb_searcher *s, const gb_game *g, const gb_search_opts *o, gb_search_result *res,
                  gb_error *err);
/* The helpers of a Lazy SMP search freed (smp.c). */
void gb_smp_free(gb_searcher *s);
/* Seconds since t0 (CLOCK_MONOTONIC). */
double gb_search_elapsed(const struct timespec *t0);

/* Stones off the board (in the stores): a capture changes it, which ends a repetition segment. */
static inline int gb_board_taken(const gb_pos *p) { return p->store[0] + p->store[1]; }

/* Stones in play: on the board and in the stores. A ply within a round moves stones but neither
 * makes nor destroys them, but for a layout (search.c asserts it in Debug builds). */
static inline int gb_stones_in_play(const gb_rules *r, const gb_pos *p)
{
    return p->store[0] + p->store[1] + gb_pos_board_total(p, 2 * r->n);
}

/* The same move (its chance outcome aside). Inline: move ordering compares moves at every node. */
static inline bool gb_same_move(const gb_move *a, const gb_move *b)
{
    return a->kind == b->kind && a->hole == b->hole && a->refusals == b->refusals &&
           (a->kind != GB_MOVE_LAYOUT || memcmp(a->layout, b->layout, sizeof a->layout) == 0);
}

#endif
