/* akil.c (tables) — exact tables for the end of a round of L'ab al-Akil (issue 23 §1;
 * docs/tables.md, "L'ab al-Akil", says why the values are exact).
 *
 * Seeds leave the board only by capture (A6), so within a round the seeds on the board never
 * grow and a capture lowers them: level k holds every sowing-phase position with k seeds on the
 * 2 x 6 board, 2 x C(k+11, 11) of them, ranked by the distribution (lexicographic, pit 0 most
 * significant) times 2 plus the player to move. Levels 0 and 1 are ends (A10: the last seed to
 * the owner of its pit), and so is level 2 with two-seeds=at-once (A12: one each); the files run
 * from the first level that is not an end (2, or 3) up to K.
 *
 * A byte is the exact final margin of the k seeds still on the board for the side to move (what
 * he will end the round with of them minus the other's), for the position reached with no earlier
 * position of its capture-free stretch able to recur (T2): value + 64 in the low 7 bits (0: not
 * known), bit 7 set when the position lies on a cycle of capture-free moves. The method is that of
 * Sadeqa III's tables (tables.c): levels from the lowest up, Tarjan's components of the graph of
 * capture-free moves (sowings ending in an empty pit, A5; feeds, A8; passes, A9 and T4), sinks
 * first, and inside a component an exact alpha-beta over simple paths, the path being the T2
 * record. The moves are the game's own (its `gen`, as Bulto's tables use Bulto's), so the sowing,
 * the captures and their chain (A6, `chain`, `skip-origin`) and T1 are exactly the engine's.
 * What is particular to this game:
 * - a repetition (T2) gives every seed to the owner of its row, but with exactly two seeds on the
 *   board one to each (A12), which is a margin of 0; the same for a never-ending sowing with
 *   endless=ends-game (T1, scored as T2 on the board before it; A12's clarification);
 * - a capture leaving one seed or none ends the round (A10), and two with two-seeds=at-once;
 * - with feed=then-sow the feed and the sowing are two plies: the position after the feed has the
 *   same player to move, and is compared like any other (T5), so a move is negated only when
 *   the player to move changes.
 * The options that decide a value are chain, feed, two-seeds, skip-origin and endless. */
#include "level.h"

#include <assert.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AT_RING 12
#define AT_N 6
#define AT_SEEDS 72
#define AT_OWN_N 0xfc0u
#define AT_UNKNOWN 0
/* A walk past its budget while the level is built: never a value (|v| <= 40 < 63), and not 0,
 * which is "not solved yet" for a build going on from a save; 0 in the file (build_level). */
#define AT_BUILD_UNKNOWN 0x7f
#define AT_MOVES 16 /* gen lists at most six sowings or feeds, or a pass */

_Static_assert(AT_RING <= TB_WAYS_HOLES, "gb_tb_ways ranks L'ab al-Akil's twelve pits");

uint64_t gb_tb_akil_level_size(int k)
{
    gb_tb_ways_init();
    return 2 * gb_tb_ways[AT_RING][k];
}

static int slot_of(const gb_rules *r, const char *key)
{
    for (int i = 0; i < r->num_options; i++)
        if (strcmp(r->options[i].key, key) == 0)
            return r->options[i].slot;
    return -1;
}

static int sowing_phase(const gb_rules *r)
{
    for (int i = 0; r->phases && r->phases[i]; i++)
        if (strcmp(r->phases[i], "sowing") == 0)
            return i;
    return -1;
}

/* A12 with two-seeds=at-once: the round ends at two seeds (one each). */
static bool at_once(const gb_rules *r, const gb_options *o)
{
    const int s = slot_of(r, "two-seeds");
    return s >= 0 && o->v[s] == 1;
}

/* The lowest level that is not an end (A10; A12 at-once). */
static int first_level(const gb_rules *r, const gb_options *o) { return at_once(r, o) ? 3 : 2; }

static int board_seeds(const gb_pos *p)
{
    int k = 0;
    for (int i = 0; i < AT_RING; i++)
        k += p->holes[i];
    return k;
}

static uint64_t pos_index(const gb_pos *p, int k)
{
    uint64_t r = 0;
    int rem = k;
    for (int i = 0; i < AT_RING - 1 && rem > 0; i++) {
        for (int v = 0; v < p->holes[i]; v++)
            r += gb_tb_ways[AT_RING - 1 - i][rem - v];
        rem -= p->holes[i];
    }
    return 2 * r + p->to_move;
}

/* A sowing-phase position of level k from its index. Stores: the 72 - k seeds taken, all
 * South's (the stores change nothing in the play; a capture is read from what it adds). */
static void pos_of_index(uint64_t i, int k, int phase, gb_pos *p)
{
    memset(p, 0, sizeof *p);
    p->to_move = (uint8_t)(i & 1);
    uint64_t r = i / 2;
    int rem = k;
    for (int h = 0; h < AT_RING; h++) {
        if (h == AT_RING - 1) {
            p->holes[h] = (uint8_t)rem;
            break;
        }
        int v = 0;
        while (r >= gb_tb_ways[AT_RING - 1 - h][rem - v]) {
            r -= gb_tb_ways[AT_RING - 1 - h][rem - v];
            v++;
        }
        p->holes[h] = (uint8_t)v;
        rem -= v;
    }
    p->store[0] = (uint8_t)(AT_SEEDS - k);
    p->own_n = AT_OWN_N;
    p->phase = (uint8_t)phase;
    p->round = 1;
    p->flags = p->to_move == GB_SOUTH ? GB_F_LAST_N : 0;
}

/* T2: every seed to the owner of its row, the side to move's minus the other's; with exactly two
 * seeds on the board one each (A12: a repetition, or T1 with two left), a margin of 0. */
static int repeat_margin(const gb_pos *p)
{
    int row[2] = {0, 0};
    for (int i = 0; i < AT_RING; i++)
        row[i >= AT_N] += p->holes[i];
    if (row[0] + row[1] == 2)
        return 0;
    return row[p->to_move] - row[!p->to_move];
}

static int entry_value(uint8_t b) { return (int)(b & 0x7f) - 64; }

/* ---- the walk inside a level, shared by the build and the probe ---- */
typedef struct walker {
    const gb_rules *r;
    const gb_options *o;
    int k, first;
    bool at_once;
    uint64_t *path; /* this level's positions on the T2 record since the last capture */
    int len, cap;
    long long nodes, node_limit;
    bool stopped, oom;
    const uint8_t *lower[TB_MAX_STONES + 1]; /* the levels below (first .. k-1) */
    const uint8_t *lv;                        /* probe: this level's bytes */
    uint8_t *cur;                             /* build: this level's bytes as they are found */
    const uint32_t *comp;                     /* build: component ids */
    uint32_t comp_id;
} walker;

static bool on_path(const walker *w, uint64_t i)
{
    for (int j = 0; j < w->len; j++)
        if (w->path[j] == i)
            return true;
    return false;
}

static bool push(walker *w, uint64_t i)
{
    if (w->len == w->cap) {
        const int cap = w->cap ? 2 * w->cap : 256;
        uint64_t *np = realloc(w->path, (size_t)cap * sizeof *np);
        if (!np) {
            w->stopped = w->oom = true;
            return false;
        }
        w->path = np;
        w->cap = cap;
    }
    w->path[w->len++] = i;
    return true;
}

/* The value of a position reached by a capture, for its side to move: A10 (one seed or none: the
 * round is over, a last seed to the owner of its pit), A12 at-once (two: one each), else the
 * lower level's byte (history-free: no earlier position can recur after a capture). */
static int after_capture(walker *w, const gb_pos *c)
{
    const int k = board_seeds(c);
    if (k <= 1 || (k == 2 && w->at_once))
        return repeat_margin(c); /* one seed: its row's; none: 0; two (at-once): 0 */
    const uint8_t b = w->lower[k][pos_index(c, k)];
    if (b == AT_UNKNOWN)
        w->stopped = true;
    return entry_value(b);
}

static bool is_capture(const gb_pos *p, const gb_pos *c) { return c->store[0] + c->store[1] != p->store[0] + p->store[1]; }

/* Is c (a child of p) a move to walk on into: capture-free, may share p's component, not on the
 * path? */
static bool needs_walk(const walker *w, const gb_pos *p, const gb_pos *c)
{
    if ((c->flags & GB_F_ENDLESS) || is_capture(p, c))
        return false;
    const uint64_t ci = pos_index(c, w->k);
    if (w->cur) {
        if (w->comp[ci] != w->comp_id)
            return false;
    } else if (!(w->lv[ci] & 0x80) || !(w->lv[pos_index(p, w->k)] & 0x80)) {
        return false;
    }
    return !on_path(w, ci);
}

/* The value for p's mover of the move to c that needs no walk. */
static int settled_value(walker *w, const gb_pos *p, const gb_pos *c)
{
    const int me = p->to_move, sign = c->to_move == me ? 1 : -1;
    if (c->flags & GB_F_ENDLESS) /* T1, endless=ends-game: scored as T2 on the board before it */
        return repeat_margin(p);
    if (is_capture(p, c)) { /* A6: the mover takes every captured seed */
        const int gain = c->store[me] - p->store[me];
        return gain + sign * after_capture(w, c);
    }
    const uint64_t ci = pos_index(c, w->k);
    if (on_path(w, ci)) /* T2 (A12 with two seeds): no end rule applies at this level first */
        return sign * repeat_margin(c);
    const uint8_t b = w->cur ? w->cur[ci] : w->lv[ci];
    if (b == AT_UNKNOWN || b == AT_BUILD_UNKNOWN)
        w->stopped = true;
    return sign * entry_value(b);
}

/* The exact value of p, the last position of the path, for its mover, within [alpha, beta]. */
static int walk(walker *w, const gb_pos *p, int alpha, int beta)
{
    gb_move moves[AT_MOVES];
    gb_pos children[AT_MOVES];
    if (w->stopped || (w->node_limit && w->nodes >= w->node_limit)) {
        w->stopped = true;
        return 0;
    }
    w->nodes++;
    /* no value lies outside [-k, k]: a bound there is the value */
    if (beta > w->k)
        beta = w->k;
    if (alpha < -w->k)
        alpha = -w->k;
    if (alpha >= beta)
        return alpha;
    const int n = w->r->gen(w->o, p, moves, children); /* A9, T4: a pass when nothing else */
    int best = -TB_MAX_STONES - 1;
    bool walks[AT_MOVES];
    /* first every move whose value is at hand (a capture, an exit, a repetition) */
    for (int i = 0; i < n; i++) {
        walks[i] = needs_walk(w, p, &children[i]);
        if (walks[i])
            continue;
        const int v = settled_value(w, p, &children[i]);
        if (w->stopped)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha)
                alpha = v;
            if (alpha >= beta)
                return best;
        }
    }
    for (int i = 0; i < n; i++) {
        if (!walks[i])
            continue;
        const gb_pos *c = &children[i];
        if (!push(w, pos_index(c, w->k)))
            return 0;
        /* feed=then-sow: the feeder moves again (T5), and the value is not negated */
        const int v = c->to_move == p->to_move ? walk(w, c, alpha, beta) : -walk(w, c, -beta, -alpha);
        w->len--;
        if (w->stopped)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha)
                alpha = v;
            if (alpha >= beta)
                return best;
        }
    }
    return best;
}

/* ---- building a level ----
 * Threads (--jobs N). From 12 seeds on a level is one component holding every position on a
 * cycle (about 40% of the level) beside single positions off cycles, and that component's walks
 * are about two thirds of the level's time (docs/tables.md). The rest is Tarjan's search (one
 * gen a position) and the one-node walks of the single positions, each needing the components
 * below it solved: a chain, not independent work. So, as in Sadeqa III's builder
 * (sadeqa_build.c), the walks of one large component are spread over the threads (level.c's
 * gb_tb_share): each walk reads only the lower levels, the bytes of the components solved before
 * it (Tarjan's order: all written before the threads start), the component ids and its own path
 * (the T2 record), and writes only its own position's byte, which no walk of its component reads
 * (a child in the component is walked on, or is on the path: needs_walk, settled_value). Threads
 * take chunks of walks from a counter, each with its own walker; which thread walks a position,
 * or when, changes nothing it reads, so the bytes and the counts of unknown positions and walk
 * nodes are the same for every N (tests/tables_jobs_akil.sh). Bulto's split (bulto.c: its
 * patterns) has no match here: a capture-free move may change any pit. */
#define AT_CHUNK 64 /* walks a thread takes at once */

typedef struct at_level at_level;

/* A thread's walker and counts, kept for the level: a path grows once, not a component. */
typedef struct at_worker {
    at_level *level;
    walker w;
    uint64_t unknown;
    bool paused; /* it stopped for a save (at_level.pausing) */
} at_worker;

/* Stopping and going on (gb_tables_build_opts.stop, .save_every, .resume; docs/tables.md,
 * "Stopping and going on"), as Sadeqa III's builder does but simpler, because here every walk
 * writes its position's byte at once (no component's guesses or sweeps to keep): a save is the
 * level's bytes so far (0: not solved yet; AT_BUILD_UNKNOWN: walked, not known) and the counts;
 * it is taken between components, every GB_TB_SCC_POLL positions the component search reaches,
 * and, in a component of AT_PAUSE_SIZE positions or more, between chunks of walks (every thread
 * stops after its chunk under way, the calling one saves, and they go on). Going on, the
 * component search is made again (Tarjan's order is the same in every run) and a position whose
 * byte is not 0 is passed over: each walk depends only on its start, the lower levels, the
 * bytes of the components before its own and the component ids, all as in one run, so the
 * tables and the counts are those of one run (tests/test_tables_stop_games.c). */
#define AT_PAUSE_SIZE 4096

struct at_level {
    at_worker *xs; /* jobs of them, xs[0] the calling thread's */
    int jobs, phase;
    long long budget;
    const uint32_t *ids; /* the component being walked on threads */
    uint32_t size;
    gb_tb_ticker ticker;
    uint64_t solved; /* the positions of the components popped so far */
    /* saving and stopping */
    gb_tables *t;
    const char *dir;
    const gb_tables_build_opts *bo;
    gb_tb_stats *st;
    uint64_t N;
    uint8_t *out;
    gb_tb_saver saver;
    bool pausing;       /* bo asks for saves or stops */
    uint32_t unchecked; /* components since the last look at the clock */
    long long nodes_before; /* walk positions of the runs before this one (a saved build's) */
    uint64_t unknown_before;
    gb_error *err;
};

/* The capture-free children of position `node` (the edges of the level's graph; a level's index
 * is its node in level.c's search). */
static int level_children(void *user, uint32_t node, uint32_t *out, gb_error *err)
{
    const at_level *al = user;
    const walker *w = &al->xs[0].w;
    gb_pos p, children[AT_MOVES];
    gb_move moves[AT_MOVES];
    (void)err;
    pos_of_index(node, w->k, al->phase, &p);
    const int n = w->r->gen(w->o, &p, moves, children);
    int m = 0;
    for (int j = 0; j < n && m < AT_N + 1; j++)
        if (!(children[j].flags & GB_F_ENDLESS) && !is_capture(&p, &children[j]))
            out[m++] = (uint32_t)pos_index(&children[j], w->k);
    return m;
}

/* The walk of position i of a component of `size` (its id in w->comp_id): its byte into the
 * level, 0 when the walk stopped (counted in *unknown). false: out of memory. The budget is
 * counted from this walk's first node, so a walk stops where it would on any thread. */
static bool solve_one(walker *w, int phase, uint32_t i, uint32_t size, long long budget, uint64_t *unknown)
{
    if (w->cur[i]) /* walked before a save this build goes on from (solve_chunk and solve_component
                    * pass over such positions already: chunks are walked whole; kept for safety) */
        return true;
    gb_pos p;
    pos_of_index(i, w->k, phase, &p);
    w->len = 0;
    if (!push(w, i))
        return false;
    w->node_limit = size > 1 && budget ? w->nodes + budget : 0;
    w->stopped = false;
    const int val = walk(w, &p, -TB_MAX_STONES - 1, TB_MAX_STONES + 1);
    if (w->oom)
        return false;
    if (w->stopped)
        ++*unknown;
    assert(w->stopped || (val >= -w->k && val <= w->k));
    w->cur[i] = w->stopped ? AT_BUILD_UNKNOWN : (uint8_t)((val + 64) | (size > 1 ? 0x80 : 0));
    return true;
}

static bool save_due(at_level *al);

static bool solve_chunk(void *arg, uint64_t from, uint64_t to, uint64_t *done)
{
    at_worker *x = arg;
    at_level *al = x->level;
    uint64_t first = from;
    while (first < to && x->w.cur[al->ids[first]])
        first++;
    /* asked once a chunk with walks to do (so that going on from a save does not count the
     * chunks done): false stops every thread after its chunk under way */
    if (first < to && al->pausing && al->size >= AT_PAUSE_SIZE && save_due(al)) {
        x->paused = true;
        return false;
    }
    for (uint64_t s = first; s < to; s++)
        if (!solve_one(&x->w, al->phase, al->ids[s], al->size, al->budget, &x->unknown))
            return false;
    *done += to - from;
    return true;
}

/* Time to save, or to stop? Asked on every thread. */
static bool save_due(at_level *al) { return gb_tb_saver_due(&al->saver); }

/* Save the level so far (every thread paused or between components), then go on (GB_OK) or
 * stop (GB_ESTOPPED, the message naming the file). */
static int save_level(at_level *al)
{
    gb_tb_saved s = {.walk_nodes = al->nodes_before, .unknown = al->unknown_before};
    for (int i = 0; i < al->jobs; i++) {
        s.walk_nodes += al->xs[i].w.nodes;
        s.unknown += al->xs[i].unknown;
    }
    gb_tb_stats_time(al->st, &s.seconds, &s.cpu_seconds);
    const int k = al->xs[0].w.k;
    const int rc = gb_tb_progress_save(&gb_tb_akil_game, al->t, al->dir, k, al->N, al->budget, al->out, &s, al->err);
    if (rc != GB_OK)
        return rc;
    gb_tb_saver_saved(&al->saver);
    if (!gb_tb_saver_stopping(&al->saver))
        return GB_OK;
    uint64_t done = 0;
    for (uint64_t i = 0; i < al->N; i++)
        done += al->out[i] != 0;
    char path[4096];
    gb_tb_progress_path(path, sizeof path, al->dir, &gb_tb_akil_game, k);
    return gb_fail(al->err, GB_ESTOPPED, "stopped in level %d with %.1f%% of its positions solved, the work saved in %s",
                   k, 100.0 * (double)done / (double)al->N, path);
}

/* A save or a stop between components, and during the component search (gb_tb_scc.poll), which
 * reaches a large component's positions for minutes before it pops. */
static int search_poll(void *user, gb_error *err)
{
    (void)err; /* save_level's messages go to al->err, the same */
    at_level *al = user;
    return save_due(al) ? save_level(al) : GB_OK;
}

/* A component popped (sinks first, so every move out of it is known): its walks, on the
 * threads when it is large, paused for a save when one is due. */
static int solve_component(void *user, const uint32_t *nodes, uint32_t size, uint32_t id, gb_error *err)
{
    at_level *al = user;
    walker *w = &al->xs[0].w;
    uint32_t left = 0; /* its positions not walked before the save this build goes on from */
    for (uint32_t j = 0; j < size && !left; j++)
        left += !al->out[nodes[j]];
    if (!left) { /* passed over, asking nothing: a resumed build gets on to its own work */
        al->solved += size;
        return GB_OK;
    }
    if (al->pausing && (size > 1 || ++al->unchecked >= 1024)) { /* a save between components */
        al->unchecked = 0;
        const int rc = search_poll(al, err);
        if (rc != GB_OK)
            return rc;
    }
    w->comp_id = id;
    bool ok = true;
    const bool threads = al->jobs > 1 && size >= 4 * AT_CHUNK * (uint32_t)al->jobs; /* a small one: not worth them */
    if (threads || (al->pausing && size >= AT_PAUSE_SIZE)) {
        const int jobs = threads ? al->jobs : 1;
        al->ids = nodes;
        al->size = size;
        for (int t = 1; t < jobs; t++) { /* the calling thread's walker, with its own path */
            walker *x = &al->xs[t].w;
            const walker keep = *x;
            *x = *w;
            x->path = keep.path;
            x->cap = keep.cap;
            x->nodes = keep.nodes;
            x->oom = false;
        }
        const gb_tb_shared job = {.count = size, .chunk = AT_CHUNK, .run = solve_chunk, .workers = al->xs,
                                  .worker_size = sizeof *al->xs, .jobs = jobs, .ticker = &al->ticker,
                                  .ticked = al->solved};
        for (;;) {
            const int started = gb_tb_share(&job);
            bool paused = false;
            for (int t = 0; t < started; t++) {
                ok = ok && !al->xs[t].w.oom;
                paused |= al->xs[t].paused;
                al->xs[t].paused = false;
            }
            if (!ok || !paused)
                break;
            const int rc = save_level(al); /* paused: the walks done so far saved, then on or stop */
            if (rc != GB_OK)
                return rc;
        }
    } else {
        for (uint32_t j = 0; j < size && ok; j++)
            ok = solve_one(w, al->phase, nodes[j], size, al->budget, &al->xs[0].unknown);
    }
    if (!ok)
        return gb_fail(err, GB_ENOMEM, "out of memory (path)");
    al->solved += size;
    gb_tb_tick(&al->ticker, al->solved);
    return GB_OK;
}

/* A level: its components (level.c), each solved as it pops; with bo->resume, from the level's
 * saved progress if any. */
static int build_level(gb_tables *t, int k, uint8_t *out, const char *dir, const gb_tables_build_opts *bo,
                       gb_tb_stats *st, gb_error *err)
{
    const uint64_t N = gb_tb_akil_level_size(k);
    if (N >= GB_TB_SCC_MAX_NODES)
        return gb_fail(err, GB_EINVAL, "the %d-seed level is too large for this builder", k);
    at_level al = {.jobs = gb_tb_jobs(bo->jobs), .phase = sowing_phase(t->r), .budget = bo->budget, .t = t,
                   .dir = dir, .bo = bo, .st = st, .N = N, .out = out, .err = err};
    gb_tb_saver_start(&al.saver, bo);
    al.pausing = gb_tb_saver_active(&al.saver);
    al.xs = calloc((size_t)al.jobs, sizeof *al.xs); /* the threads' walkers */
    gb_tb_scc scc = {.max_children = AT_N + 1, .children = level_children, .component = solve_component,
                     .poll = al.pausing ? search_poll : NULL, .user = &al};
    int rc = gb_tb_scc_alloc(&scc, N, err);
    if (rc == GB_OK && !al.xs)
        rc = gb_fail(err, GB_ENOMEM, "out of memory for the %d-seed level (%llu positions)", k,
                     (unsigned long long)N);
    gb_tb_saved saved = {0};
    int loaded = 0;
    if (rc == GB_OK && bo->resume &&
        (loaded = gb_tb_progress_load(&gb_tb_akil_game, t, dir, k, N, bo->budget, out, &saved, err)) < 0)
        rc = loaded;
    if (rc == GB_OK && loaded && (saved.comp_size || saved.items_done)) {
        char path[4096];
        gb_tb_progress_path(path, sizeof path, dir, &gb_tb_akil_game, k);
        rc = gb_fail(err, GB_EINVAL, "%s is not the saved progress of the level this build makes (another variant, "
                                     "options or format): remove it, or build into another folder", path);
    }
    free(saved.comp_bytes);
    free(saved.comp_guesses);
    if (rc == GB_OK) {
        walker *w = &al.xs[0].w;
        *w = (walker){.r = t->r, .o = &t->o, .k = k, .first = first_level(t->r, &t->o),
                      .at_once = at_once(t->r, &t->o), .cur = out, .comp = scc.low};
        for (int j = w->first; j < k; j++)
            w->lower[j] = t->level[j].bytes;
        for (int i = 0; i < al.jobs; i++)
            al.xs[i].level = &al;
        if (loaded) { /* the counts and time of the runs before */
            al.nodes_before = saved.walk_nodes;
            al.unknown_before = saved.unknown;
            st->seconds_before = saved.seconds;
            st->cpu_before = saved.cpu_seconds;
        } else {
            memset(out, 0, N);
        }
        gb_tb_ticker_start(&al.ticker, bo, k, N);
        gb_tb_saver_saved(&al.saver);
        rc = gb_tb_scc_run(&scc, (uint32_t)N, st, err);
    }
    if (rc == GB_OK)
        for (uint64_t i = 0; i < N; i++) /* the file's "not known" */
            if (out[i] == AT_BUILD_UNKNOWN)
                out[i] = AT_UNKNOWN;
    st->walk_nodes = al.nodes_before;
    st->unknown = al.unknown_before;
    for (int i = 0; al.xs && i < al.jobs; i++) {
        st->walk_nodes += al.xs[i].w.nodes;
        st->unknown += al.xs[i].unknown;
        free(al.xs[i].w.path);
    }
    free(al.xs);
    gb_tb_scc_free(&scc);
    return rc;
}

/* ---- the files (file.c) ---- */
/* The options that decide a value: chain, feed, two-seeds, skip-origin, endless (tebweez and
 * starter act before the sowing, gain and rounds after the round, max-rounds between rounds;
 * max-plies is not part of a value, as in Sadeqa III's tables). */
static const char *const value_keys[] = {"chain", "feed", "two-seeds", "skip-origin", "endless"};

static void value_options(const gb_rules *r, const gb_options *o, gb_options *out, char *buf, size_t len)
{
    gb_options_default(r, out);
    for (size_t i = 0; i < sizeof value_keys / sizeof *value_keys; i++) {
        const int s = slot_of(r, value_keys[i]);
        if (s >= 0)
            out->v[s] = o->v[s];
    }
    gb_options_format(r, out, buf, len);
}

static bool same_values(const gb_rules *r, const gb_options *a, const gb_options *b)
{
    for (size_t i = 0; i < sizeof value_keys / sizeof *value_keys; i++) {
        const int s = slot_of(r, value_keys[i]);
        if (s >= 0 && a->v[s] != b->v[s])
            return false;
    }
    return true;
}

static uint64_t level_size(const gb_tables *t, int k)
{
    (void)t;
    return gb_tb_akil_level_size(k);
}

static int first_of(const gb_tables *t) { return first_level(t->r, &t->o); }

const gb_tb_game gb_tb_akil_game = {
    .name = "akil",
    .level_size = level_size,
    .value_options = value_options,
    .first_level = first_of,
    .build_level = build_level,
};

int gb_tb_akil_build(const gb_rules *r, const char *options, int stones, const char *dir,
                     const gb_tables_build_opts *bo, gb_error *err)
{
    if (stones < 2 || stones > TB_MAX_STONES)
        return gb_fail(err, GB_EINVAL,
                       "--stones must be 2 to %d for akil, not %d (one seed or none ends the round, A10)",
                       TB_MAX_STONES, stones);
    if (sowing_phase(r) < 0)
        return gb_fail(err, GB_EINVAL, "%s has no sowing phase", r->name);
    gb_options o;
    int rc = gb_options_parse(r, options, &o, err);
    if (rc)
        return rc;
    if (stones < first_level(r, &o))
        return gb_fail(err, GB_EINVAL, "with two-seeds=at-once two seeds end the round (A12): --stones must be 3 or more");
    gb_tb_ways_init();
    gb_tables *t = calloc(1, sizeof *t);
    if (!t)
        return gb_fail(err, GB_ENOMEM, "out of memory");
    t->r = r;
    value_options(r, &o, &t->o, t->options, sizeof t->options);
    rc = gb_tb_build_levels(&gb_tb_akil_game, t, dir, stones, bo, err);
    free(t);
    return rc;
}

int gb_tb_akil_describe(const gb_tables *t, char *buf, size_t len)
{
    gb_text x = {buf, len, 0};
    if (len)
        buf[0] = 0;
    const int first = first_level(t->r, &t->o);
    gb_text_add(&x, "variant akil\noptions %s\nstones %d (seeds on the board in the sowing phase; %d or fewer end the round)\n",
                t->options[0] ? t->options : "defaults", t->stones, first - 1);
    gb_tb_describe_levels(t, &x);
    return (int)x.used;
}

/* The round's exact seed margin for p's side to move (its captures included), given the record
 * whose last position is p: 1 with *margin set, 0 when the tables do not decide it. */
int gb_tb_akil_value(const gb_tables *t, const gb_options *o, const gb_pos *p, const gb_seen *rec,
                     long long node_limit, int *margin)
{
    const int phase = sowing_phase(t->r);
    if (!same_values(t->r, o, &t->o) || (p->flags & (GB_F_OVER | GB_F_ENDLESS)) || p->phase != phase ||
        p->mark_s || p->mark_n || p->own_n != AT_OWN_N)
        return 0;
    const int k = board_seeds(p), first = first_level(t->r, &t->o);
    if (k < first || k > t->stones)
        return 0; /* below: the round is over (A10, A12); above: not held */
    const int stores = p->store[p->to_move] - p->store[!p->to_move];
    const uint8_t *lv = t->level[k].bytes;
    const uint64_t i = pos_index(p, k);
    if (lv[i] == AT_UNKNOWN)
        return 0;
    /* the positions of p's capture-free stretch before it: the same stores, this phase */
    int from = rec && rec->len > 0 ? rec->len - 1 : 0;
    while (rec && from > 0 && rec->pos[from - 1].store[0] == p->store[0] && rec->pos[from - 1].store[1] == p->store[1] &&
           rec->pos[from - 1].phase == phase)
        from--;
    const int before = rec && rec->len > 0 ? rec->len - 1 - from : 0;
    if (!(lv[i] & 0x80) || before == 0 || !(lv[pos_index(&rec->pos[rec->len - 2], k)] & 0x80)) {
        *margin = stores + entry_value(lv[i]);
        return 1;
    }
    /* on a cycle, after positions that may share it: walk on with the record */
    walker w = {.r = t->r, .o = &t->o, .k = k, .first = first, .at_once = at_once(t->r, &t->o), .lv = lv,
                .node_limit = node_limit};
    for (int j = first; j < k; j++)
        w.lower[j] = t->level[j].bytes;
    for (int j = from; j < rec->len; j++)
        if (!push(&w, pos_index(&rec->pos[j], k))) {
            free(w.path);
            return 0;
        }
    const int v = walk(&w, p, -TB_MAX_STONES - 1, TB_MAX_STONES + 1);
    free(w.path);
    if (w.stopped)
        return 0;
    *margin = stores + v;
    return 1;
}

/* A round of a match (rounds=match): the position the round's end leaves, the game's own finish
 * given the round's seeds (`margin`: c's side to move's seeds at the round's end minus the
 * other's, as gb_tb_akil_value gives it): the next round's layout with the gains updated, or the
 * match over (A11, A13, T3's max-rounds). false with rounds=1, where the margin is the game's. */
bool gb_tb_akil_round_end(const gb_tables *t, const gb_options *o, const gb_pos *c, int margin, gb_pos *end)
{
    const int rounds = slot_of(t->r, "rounds");
    if (rounds < 0 || o->v[rounds] == 1 || margin < -AT_SEEDS || margin > AT_SEEDS || (margin & 1))
        return false; /* (72 seeds: a round's margin is even) */
    *end = *c;
    memset(end->holes, 0, sizeof end->holes);
    end->store[c->to_move] = (uint8_t)((AT_SEEDS + margin) / 2);
    end->store[!c->to_move] = (uint8_t)((AT_SEEDS - margin) / 2);
    uint8_t chance = 1;
    uint64_t rng = 0;
    t->r->finish(o, end, GB_END_RULE, &chance, &rng);
    end->hash = gb_pos_hash(end);
    return true;
}
