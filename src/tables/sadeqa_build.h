/* sadeqa_build.h — the fast parts of the Sadeqa III table builder (sadeqa_build.c,
 * docs/tables.md "The build"): a move function on the raw 16-hole board, a table-driven rank, and
 * the walks of one component spread over threads. */
#ifndef GABATA_SADEQA_BUILD_H
#define GABATA_SADEQA_BUILD_H

#include "level.h"

enum { TBF_QUIET = 0, TBF_CAPTURE = 1, TBF_ENDLESS = 2 };

/* One legal move of a raw position: the hole sown, what it led to, the board after it (the
 * board before it for TBF_ENDLESS, T1 with endless=ends-game), the stones captured (S4). */
typedef struct gb_tbf_child {
    uint8_t board[16];
    uint8_t hole, kind, gain;
} gb_tbf_child;

/* The legal moves of `side` on board b under o's skip-origin and endless options, in the order
 * of the game's gen (holes of the row from its first): their count (0: S5). */
int gb_tbf_children(const gb_rules *r, const gb_options *o, const uint8_t b[16], int side,
                    gb_tbf_child out[8]);

/* The tables this file's functions read: before the first of them (cheap when done). */
void gb_tbf_init(void);
/* The rank of a board of k stones (lexicographic, hole 0 most significant), as tables.c's
 * board_rank, and its inverse. */
uint64_t gb_tbf_rank(const uint8_t b[16], int k);
void gb_tbf_unrank(uint64_t r, int k, uint8_t b[16]);

/* The work of one level: what the walks of a component read and write. */
typedef struct gb_tbf_level {
    const gb_rules *r;
    const gb_options *o;
    int k;
    uint8_t *cur; /* this level's bytes: 0 not solved yet, TBF_UNKNOWN_BYTE not known */
    /* Bounds of a position's value whatever its history, for the positions of the component
     * being solved (sadeqa_build.c, "bounds"): (lower + 64) | (upper + 64) << 8, 0 for none.
     * NULL: none (the walks are then the probe's). */
    uint16_t *bound;
    uint8_t *hint; /* a guess of each position's value + 64 (0: none), to order the walks by
                    * (sadeqa_build.c); NULL: the rows' order, as tables.c's walk */
    const uint8_t *lower[TB_MAX_STONES + 1];   /* the finished lower levels */
    long long budget;                          /* positions a walk may visit (0: no limit) */
    int jobs;                                  /* threads for a large component */
    gb_tb_ticker *ticker;                      /* progress: told the positions done (NULL: none) */
    uint64_t done;                             /* positions of the level finished before this component */
    void *keep;                                /* the calling thread's walker, kept for the next component */
    bool hints_given;                          /* the component's guesses and bounds are in (a save's) */
    /* Saving the work and stopping (tables.c; NULL: neither). pause is asked by every thread
     * before each chunk of a large component's walks (safe on any thread): true stops them, and
     * checkpoint is then called (on the calling thread) with the component's bytes so far (0:
     * not walked yet): GB_OK to go on, or a code (GB_ESTOPPED, an error) to return at once.
     * The component's sweeps (its guesses and bounds, before the walks) ask pause too, every
     * so many positions, and then call checkpoint with ids NULL: a save without the component. */
    bool (*pause)(void *user);
    int (*checkpoint)(void *user, const uint32_t *ids, uint32_t size, const uint8_t *res);
    void *save_user;
} gb_tbf_level;
void gb_tbf_level_free(gb_tbf_level *lv); /* what lv->keep holds */

/* While a level is built, a value not known (a walk past its budget) is this byte, never a
 * value's (63 is beyond every level), so that 0 can mean "not solved yet"; tables.c writes 0 for
 * it in the file (docs/tables.md, "Files"). */
#define TBF_UNKNOWN_BYTE 0x7f

/* Solve the component of `size` positions listed in ids, every component its moves lead to
 * being solved already (Tarjan's order), and write each position's byte into lv->cur when all
 * are done. res: the component's bytes, 0 for a walk to do (the caller's zeros, or a saved
 * build's bytes: those walks are not done again); *unknown and *nodes grow by the walks' counts
 * as they are done (so that a checkpoint saves them). GB_OK, GB_ENOMEM, or what lv->checkpoint
 * returned. The result does not depend on lv->jobs: each walk is independent of the others. */
int gb_tbf_solve_component(gb_tbf_level *lv, const uint32_t *ids, uint32_t size, uint8_t *res,
                           uint64_t *unknown, long long *nodes);

/* The capture-free children of this level of the position of index i (tables.c's graph; a
 * level's indices fit 32 bits). */
int gb_tbf_level_children(const gb_tbf_level *lv, uint64_t i, uint32_t *out);

#endif
