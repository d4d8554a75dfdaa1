/* level.h — the machinery every game's table builder shares to build a level (level.c;
 * docs/tables.md, "The build"): Tarjan's search for the components of the level's capture-free
 * moves, sinks first, and the threads that share one piece of work (--jobs N). The game keeps
 * its own positions, moves, walks and bytes, and comes in through callbacks. */
#ifndef GABATA_TB_LEVEL_H
#define GABATA_TB_LEVEL_H

#include "file.h"

/* ---- the components ----
 * Nodes are numbered 0 .. n-1 in 32 bits, whatever the game's own indices: a level of Sadeqa III
 * or L'ab al-Akil is searched whole (its index is the node), a level of Bulto one pattern at a
 * time (a node is a position's place in its pattern; bulto.c adds the pattern's first index).
 * 32 bits keep the arrays and the frames small, and the search holds millions of them; a
 * builder refuses a level (or a pattern) of GB_TB_SCC_MAX_NODES nodes or more. */
#define GB_TB_SCC_MAX_NODES 0xfffffff0u
#define GB_TB_SCC_MAX_CHILDREN 16

#define GB_TB_SCC_POLL (1u << 16)

typedef struct gb_tb_scc {
    /* Set by the caller before gb_tb_scc_alloc. */
    int max_children; /* the most children a node has, 1 .. GB_TB_SCC_MAX_CHILDREN */
    /* The children of node into out (room for max_children): their count, or a GB_E* code (err
     * set) that stops the search. */
    int (*children)(void *user, uint32_t node, uint32_t *out, gb_error *err);
    /* A component popped, sinks first: every node a move of it leads to is in it or in one
     * popped before. nodes: its `size` nodes; id: its id, which low[] holds for each of them
     * from now on. GB_OK, or a GB_E* code (err set) that stops the search. */
    int (*component)(void *user, const uint32_t *nodes, uint32_t size, uint32_t id, gb_error *err);
    /* Optional (NULL: none): asked after every GB_TB_SCC_POLL nodes reached, so that a long
     * search (a large component's is minutes) can save or stop. GB_OK, or a GB_E* code (err set)
     * that stops the search. */
    int (*poll)(void *user, gb_error *err);
    void *user;

    /* Owned by the search (gb_tb_scc_alloc, gb_tb_scc_free). low[v]: Tarjan's low link while v
     * is searched, then its component's id (distinct ids, counting down from 0xfffffffe): a
     * walk tells "in this component" by it. */
    uint32_t *low;
    uint32_t *idx, *stack; /* the order v was reached in (0: not yet); the nodes not popped */
    uint8_t *done;         /* its component popped */
    unsigned char *frames; /* the depth-first path: frame_size bytes a node */
    size_t frame_size, frames_cap;
    uint64_t nodes; /* the arrays' room */
} gb_tb_scc;

/* The arrays for up to `nodes` nodes: GB_OK, or GB_ENOMEM / GB_EINVAL (too many nodes or
 * children) with err set. gb_tb_scc_free frees them, also after a failure. */
int gb_tb_scc_alloc(gb_tb_scc *s, uint64_t nodes, gb_error *err);
void gb_tb_scc_free(gb_tb_scc *s);

/* Tarjan's algorithm (iterative) over nodes 0 .. n-1 (n at most the room), roots in their order,
 * children in theirs: each component is passed to s->component as it pops, and counted in
 * st->largest_component and st->cyclic (positions in components of more than one). GB_OK or
 * the first error. The arrays are reused from one run to the next. */
int gb_tb_scc_run(gb_tb_scc *s, uint32_t n, gb_tb_stats *st, gb_error *err);

/* ---- threads (--jobs N) ----
 * One piece of work cut into items 0 .. count-1 (a component's walks, a level's patterns): the
 * threads, the calling one among them, take `chunk` items at a time from a shared counter, each
 * running them with its own worker (its walker, its counts). That the result cannot depend on
 * which thread runs an item, or when, is the caller's to make sure of, and each game says why. */
#define GB_TB_MAX_JOBS 256

/* --jobs clamped to 1 .. GB_TB_MAX_JOBS; 1 where there are no threads (WebAssembly). */
int gb_tb_jobs(int requested);

/* Items from .. to-1 on worker, adding the positions they finished to *done (the progress).
 * false: failed (the worker keeps why); the other threads stop at their next chunk. */
typedef bool (*gb_tb_chunk_fn)(void *worker, uint64_t from, uint64_t to, uint64_t *done);

typedef struct gb_tb_shared {
    uint64_t count; /* items 0 .. count-1 */
    uint32_t chunk; /* items a thread takes at once */
    gb_tb_chunk_fn run;
    void *workers; /* jobs workers of worker_size bytes each, the calling thread's first */
    size_t worker_size;
    int jobs;             /* threads, the calling one included (gb_tb_jobs) */
    gb_tb_ticker *ticker; /* NULL, or told by the calling thread: ticked + the positions done */
    uint64_t ticked;
} gb_tb_shared;

/* Run s->count items on up to s->jobs threads; returns when all are done or one failed. The
 * threads that ran, 1 .. jobs (one that cannot start leaves its share to the others): workers
 * 0 .. that-1 hold the counts, the others were not run. */
int gb_tb_share(const gb_tb_shared *s);

#endif
