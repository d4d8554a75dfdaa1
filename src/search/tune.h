/* tune.h — the computer players' tunable numbers, each named once with the reason for its value
 * (docs/ai.md and docs/performance.md give the measurements behind them). Changing one changes
 * search trees: bench --search's node counts to a fixed depth move with it. */
#ifndef GABATA_TUNE_H
#define GABATA_TUNE_H

#include "gabata.h"

/* ---- scores ---- */
/* A score at least this far from 0 is a decided game (gb_eval_final: GB_SCORE_WIN - plies to the
 * end): the margin is far above any search line (MAX_PLY) and far below any evaluation, which
 * counts stones in hundredths. */
#define GB_SCORE_DECIDED (GB_SCORE_WIN - 10000)

/* ---- the match (eval.c, gb_eval_round) ---- */
/* A round start seen before in the match (a cycle to the cap) is worth this much more to the
 * player ahead by holes, less to the one behind: two holes' worth (a hole changing hands is 800),
 * so that the player behind trades up to two holes to break the cycle. */
#define MATCH_CYCLE 1600
/* Moves kept for the root (gb_match_cycle_moves): one an earlier round, a few rounds. */
#define MATCH_CYCLE_MOVES 4
/* The holes' weight as the cap (max-rounds, T3) nears: a hole's lead gains MATCH_CAP_WEIGHT /
 * (rounds left), at most doubling it (more would outweigh the round's own evaluation, on the
 * scale of 400 a hole, at the leaves that do not end the round). */
#define MATCH_CAP_WEIGHT 400

/* ---- alpha-beta (search.c) ---- */
/* Aspiration: from depth ASP_MIN_DEPTH the window is centred between the last two iterations'
 * values (the value swings with the depth's parity, search.c), wide enough to hold both, plus
 * ASP_WINDOW (0.6 stones) either side;
 * a fail widens that side ASP_GROWTH-fold, and past ASP_MAX_WINDOW (20 stones) opens it fully:
 * a value that moved that far is no longer near the guess. */
#define ASP_MIN_DEPTH 3
#define ASP_WINDOW 60
#define ASP_GROWTH 4
#define ASP_MAX_WINDOW 2000
/* By time: no new iteration once this share of the move time is spent (the next one takes
 * several times as long as the last, so it would not finish). */
#define TIME_NEXT_ITERATION 0.6
/* One legal move, by time: the search that finds its value takes this share of the move time,
 * in thousandths (a tenth: the move is played at once, and the rest of a game's clock is kept). */
#define FORCED_TIME_PERMILLE 100
/* The clock is read every 2^CLOCK_EVERY_LOG2 nodes: often enough for millisecond budgets at a
 * million nodes a second, rarely enough to cost nothing. */
#define CLOCK_EVERY_LOG2 8
/* Depth of a search with no budget at all. */
#define DEFAULT_DEPTH 6
/* Killer moves kept a ply: two, the usual number (with the table's move they are the staged
 * moves a node tries before generating its moves). */
#define KILLERS 2
/* History scores are halved when one passes this, so that old cutoffs fade. */
#define HISTORY_MAX (1 << 24)
/* Root candidates drawn from a game's random move where its moves cannot be listed (a layout),
 * out of at most ROOT_CANDIDATES * 4 draws (duplicates are skipped). */
#define ROOT_CANDIDATES 16

/* ---- the transposition table (tt.c) ---- */
/* Size when gb_search_opts.tt_mb is 0, in MiB (docs/ai.md). */
#define TT_DEFAULT_MB 16
/* Entries a key may use: one 64-byte cache line of 16-byte entries. */
#define TT_BUCKET 4
/* Replacement counts an entry of an earlier search as this many plies shallower per search
 * since, so that old deep entries give way in a few searches. */
#define TT_AGE_PLIES 8
/* The table is not used at nodes whose children are leaves (depth 1): they are most of the
 * nodes, the cheapest to search again, and a probe is a cache miss costing more than their whole
 * search. Time to depth 10-13 against the table used everywhere: Sadeqa III 10-25% less, Bulto
 * 10-18%, Qelat 15%; leaving out depth 2 as well was worse for Bulto (docs/performance.md). */
#define TT_MIN_DEPTH 2

/* Lazy SMP's deferral (smp.c, search.c; simplified ABDADA): with threads, a node of at least
 * DEFER_MIN_DEPTH plies puts off a move (not its first) that another thread is searching from
 * the same position, and comes back to it after its other moves, when that thread's result is
 * likely in the table. DEFER_LOG2: the busy table's size (one 64-bit key a slot). */
#define DEFER_MIN_DEPTH 3
#define DEFER_LOG2 15

/* ---- Monte Carlo tree search (mcts.c) ---- */
/* Tree nodes allocated once (each holds a position: about 20 MB); the search goes on without
 * growing the tree when it is full. */
#define MCTS_TREE_CAP (1 << 18)
/* Deepest tree level expanded: far beyond what a second of playouts reaches. */
#define MCTS_MAX_TREE_DEPTH 200
/* A playout longer than this is cut and judged by the evaluation (Qelat games can run for
 * thousands of plies, T3). */
#define MCTS_PLAYOUT_MAX 2000
/* Candidates drawn from a game's random move for a node whose moves cannot be listed. */
#define MCTS_CANDIDATES 8
/* UCT's exploration constant, for results in [0, 1]: the plain textbook scale, not tuned. */
#define MCTS_UCT_C 1.0
/* Playouts with no budget at all. */
#define MCTS_DEFAULT_PLAYOUTS 10000
/* The clock is read every 16 playouts, the info callback called every 4096 (powers of two). */
#define MCTS_CLOCK_EVERY 16
#define MCTS_INFO_EVERY 4096

#endif
