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
#include "file.h"

#include <assert.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if !defined(__wasm__) && !defined(__EMSCRIPTEN__)
#include <pthread.h>
#define AT_THREADS 1
#endif

#define AT_RING 12
#define AT_N 6
#define AT_SEEDS 72
#define AT_OWN_N 0xfc0u
#define AT_NONE 0xffffffffu
#define AT_UNKNOWN 0
#define AT_MOVES 16 /* gen lists at most six sowings or feeds, or a pass */

static uint64_t ways[AT_RING + 1][TB_MAX_STONES + 1]; /* distributions of s seeds over n pits */

static void init(void)
{
    if (ways[0][0])
        return;
    for (int n = 0; n <= AT_RING; n++)
        for (int s = 0; s <= TB_MAX_STONES; s++)
            ways[n][s] = n == 0 ? (s == 0) : (s == 0 ? 1 : ways[n - 1][s] + ways[n][s - 1]);
}

uint64_t gb_tb_akil_level_size(int k)
{
    init();
    return 2 * ways[AT_RING][k];
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
            r += ways[AT_RING - 1 - i][rem - v];
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
        while (r >= ways[AT_RING - 1 - h][rem - v]) {
            r -= ways[AT_RING - 1 - h][rem - v];
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
    if (b == AT_UNKNOWN)
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

/* ---- building a level ---- */
typedef struct frame {
    uint32_t node;
    uint8_t n, next;
    uint32_t child[AT_N + 1];
} frame;

/* The capture-free children of position i (the edges of the level's graph). */
static int level_children(const walker *w, int phase, uint64_t i, uint32_t *out)
{
    gb_pos p, children[AT_MOVES];
    gb_move moves[AT_MOVES];
    pos_of_index(i, w->k, phase, &p);
    const int n = w->r->gen(w->o, &p, moves, children);
    int m = 0;
    for (int j = 0; j < n && m < AT_N + 1; j++)
        if (!(children[j].flags & GB_F_ENDLESS) && !is_capture(&p, &children[j]))
            out[m++] = (uint32_t)pos_index(&children[j], w->k);
    return m;
}

typedef struct akil_ticker {
    const gb_tables_build_opts *bo;
    int k;
    uint64_t positions;
    unsigned calls;
    struct timespec last;
} akil_ticker;

/* Progress inside a level for the build's tick, at most every half second. */
static void tick(akil_ticker *t, uint64_t done)
{
    if (!t->bo->tick || (++t->calls & 4095))
        return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if ((double)(now.tv_sec - t->last.tv_sec) + 1e-9 * (double)(now.tv_nsec - t->last.tv_nsec) < 0.5)
        return;
    t->last = now;
    t->bo->tick(t->k, done, t->positions, t->bo->user);
}

/* The walk of position i of a component of `size` (its id in w->comp_id): its value + 64 in
 * *res, or 0 when the walk stopped (counted in *unknown). false: out of memory. The budget is
 * counted from this walk's first node, so a walk stops where it would on any thread. */
static bool solve_one(walker *w, int phase, uint32_t i, uint32_t size, long long budget, uint32_t *res,
                      uint64_t *unknown)
{
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
    *res = w->stopped ? 0u : (uint32_t)(val + 64);
    return true;
}

/* Threads (--jobs N). From 12 seeds on a level is one component holding every position on a
 * cycle (about 40% of the level) beside single positions off cycles, and that component's walks
 * are about two thirds of the level's time (docs/tables.md). The rest is Tarjan's search (one
 * gen a position) and the one-node walks of the single positions, each needing the components
 * below it solved: a chain, not independent work. So, as in Sadeqa III's builder
 * (sadeqa_build.c), the walks of one large component are spread over the threads: each walk
 * reads only the lower levels, the bytes of the components solved before it (Tarjan's order: all
 * written before the threads start), the component ids and its own path (the T2 record), and
 * writes only its own result slot (idx[]); the calling thread writes the component's bytes after
 * the threads are joined. Threads take chunks of walks from a counter, each with its own walker;
 * which thread walks a position, or when, changes nothing it reads, so the bytes and the counts
 * of unknown positions and walk nodes are the same for every N (tests/tables_jobs_akil.sh).
 * Bulto's split (bulto.c: its patterns) has no match here: a capture-free move may change any
 * pit. */
#define AT_CHUNK 64 /* walks a thread takes at once */

typedef struct at_job {
    int phase;
    const uint32_t *ids; /* the component's positions */
    uint32_t *res;       /* their results, by position (idx[]) */
    uint32_t size;
    long long budget;
    atomic_uint next;    /* the next chunk of ids to take */
    atomic_bool failed;  /* out of memory somewhere: the others stop */
    atomic_ullong finished;
    akil_ticker *tk;     /* the calling thread's ticks */
    uint64_t solved;     /* positions solved before this component */
} at_job;

typedef struct at_worker {
    at_job *job;
    walker w;
    uint64_t unknown;
    bool main;
} at_worker;

static void *at_work(void *arg)
{
    at_worker *x = arg;
    at_job *j = x->job;
    while (!atomic_load(&j->failed)) {
        const uint32_t from = atomic_fetch_add(&j->next, AT_CHUNK);
        if (from >= j->size)
            break;
        const uint32_t to = from + AT_CHUNK < j->size ? from + AT_CHUNK : j->size;
        for (uint32_t s = from; s < to; s++)
            if (!solve_one(&x->w, j->phase, j->ids[s], j->size, j->budget, &j->res[j->ids[s]], &x->unknown)) {
                atomic_store(&j->failed, true);
                return NULL;
            }
        const uint64_t f = atomic_fetch_add(&j->finished, to - from) + (to - from);
        if (x->main)
            tick(j->tk, j->solved + f);
    }
    return NULL;
}

/* The walks of a component of `size` >= 2 on up to `jobs` threads, the calling one with w (the
 * others with walkers of their own, kept in xs for the level: no allocation a component beyond
 * a path's growth). false: out of memory. */
static bool solve_shared(walker *w, int phase, const uint32_t *ids, uint32_t size, long long budget, uint32_t *res,
                         uint64_t *unknown, at_worker *xs, int jobs, akil_ticker *tk, uint64_t solved)
{
    at_job job = {.phase = phase, .ids = ids, .res = res, .size = size, .budget = budget, .tk = tk,
                  .solved = solved};
    atomic_init(&job.next, 0);
    atomic_init(&job.failed, false);
    atomic_init(&job.finished, 0);
    int started = 1;
    xs[0] = (at_worker){.job = &job, .w = *w, .main = true};
#ifdef AT_THREADS
    pthread_t th[256];
    pthread_attr_t attr;
    const bool attr_ok = pthread_attr_init(&attr) == 0;
    /* a walk recurses once a position of its path (at most its budget): room for that */
    if (attr_ok)
        pthread_attr_setstacksize(&attr, (size_t)256 << 20);
    for (; started < jobs; started++) {
        at_worker *x = &xs[started];
        walker keep = x->w; /* its path from an earlier component, if any */
        x->w = *w;
        x->w.path = keep.path;
        x->w.cap = keep.cap;
        x->w.len = 0;
        x->w.nodes = 0;
        x->w.oom = false;
        x->job = &job;
        x->unknown = 0;
        x->main = false;
        if (pthread_create(&th[started], attr_ok ? &attr : NULL, at_work, x) != 0)
            break; /* fewer threads: the same result, later */
    }
    if (attr_ok)
        pthread_attr_destroy(&attr);
#endif
    at_work(&xs[0]);
#ifdef AT_THREADS
    for (int i = 1; i < started; i++)
        pthread_join(th[i], NULL);
#endif
    /* the calling thread's walker goes on with the level (its path and its count) */
    *w = xs[0].w;
    *unknown += xs[0].unknown;
    for (int i = 1; i < started; i++) {
        *unknown += xs[i].unknown;
        w->nodes += xs[i].w.nodes;
    }
    (void)jobs;
    return !atomic_load(&job.failed);
}

/* A level: Tarjan's algorithm (iterative) over the capture-free moves, each component solved as
 * it pops (sinks first, so every move out of it is known). */
static int build_level(gb_tables *t, int k, uint8_t *out, const gb_tables_build_opts *bo, gb_tb_stats *st,
                       gb_error *err)
{
    const uint64_t N = gb_tb_akil_level_size(k);
    const int phase = sowing_phase(t->r);
    if (N >= 0xfffffff0u)
        return gb_fail(err, GB_EINVAL, "the %d-seed level is too large for this builder", k);
    uint32_t *idx = calloc(N, sizeof *idx), *low = malloc(N * sizeof *low);
    uint32_t *stack = malloc(N * sizeof *stack);
    uint8_t *done = calloc(N, 1);
    size_t fcap = 1024, fl = 0;
    frame *fr = malloc(fcap * sizeof *fr);
    walker w = {.r = t->r, .o = &t->o, .k = k, .first = first_level(t->r, &t->o), .at_once = at_once(t->r, &t->o),
                .cur = out, .comp = low};
    for (int j = w.first; j < k; j++)
        w.lower[j] = t->level[j].bytes;
    int jobs = bo->jobs < 1 ? 1 : bo->jobs > 256 ? 256 : bo->jobs;
#ifndef AT_THREADS
    jobs = 1;
#endif
    at_worker *xs = jobs > 1 ? calloc((size_t)jobs, sizeof *xs) : NULL; /* the threads' walkers */
    akil_ticker tk = {.bo = bo, .k = k, .positions = N};
    clock_gettime(CLOCK_MONOTONIC, &tk.last);
    if (bo->tick)
        bo->tick(k, 0, N, bo->user);
    int rc = GB_OK;
    uint64_t solved = 0;
    if (!idx || !low || !stack || !done || !fr || (jobs > 1 && !xs)) {
        rc = gb_fail(err, GB_ENOMEM, "out of memory for the %d-seed level (%llu positions)", k,
                     (unsigned long long)N);
        goto done;
    }
    memset(out, 0, N);
    uint32_t counter = 0, sp = 0, ncomp = 0;
    for (uint64_t root = 0; root < N; root++) {
        if (idx[root])
            continue;
        fr[0].node = (uint32_t)root;
        fr[0].n = (uint8_t)level_children(&w, phase, root, fr[0].child);
        fr[0].next = 0;
        fl = 1;
        idx[root] = low[root] = ++counter;
        stack[sp++] = (uint32_t)root;
        while (fl) {
            frame *f = &fr[fl - 1];
            if (f->next < f->n) {
                const uint32_t c = f->child[f->next++];
                if (!idx[c]) {
                    if (fl == fcap) {
                        fcap *= 2;
                        frame *nf = realloc(fr, fcap * sizeof *nf);
                        if (!nf) {
                            rc = gb_fail(err, GB_ENOMEM, "out of memory (component search)");
                            goto done;
                        }
                        fr = nf;
                    }
                    frame *g = &fr[fl++];
                    g->node = c;
                    g->n = (uint8_t)level_children(&w, phase, c, g->child);
                    g->next = 0;
                    idx[c] = low[c] = ++counter;
                    stack[sp++] = c;
                } else if (!done[c] && idx[c] < low[f->node]) {
                    low[f->node] = idx[c]; /* on the stack: in f's component */
                }
                continue;
            }
            const uint32_t v = f->node;
            fl--;
            if (fl && low[v] < low[fr[fl - 1].node])
                low[fr[fl - 1].node] = low[v];
            if (low[v] != idx[v])
                continue;
            const uint32_t top = sp;
            while (stack[sp - 1] != v)
                sp--;
            sp--;
            const uint32_t size = top - sp, id = AT_NONE - 1 - ncomp++;
            for (uint32_t j = sp; j < top; j++) {
                low[stack[j]] = id;
                done[stack[j]] = 1;
            }
            w.comp_id = id;
            if (size > st->largest_component)
                st->largest_component = size;
            if (size > 1)
                st->cyclic += size;
            /* the component's bytes are written when all its walks are done: during them a
             * position of this component is walked, never read. Each walk's result is kept in
             * idx[] of its position (no longer needed there: the value + 64, or 0 not known). */
            if (jobs > 1 && size >= 4 * AT_CHUNK * (uint32_t)jobs) { /* a small one: not worth threads */
                if (!solve_shared(&w, phase, stack + sp, size, bo->budget, idx, &st->unknown, xs, jobs, &tk,
                                  solved)) {
                    rc = gb_fail(err, GB_ENOMEM, "out of memory (path)");
                    goto done;
                }
            } else {
                for (uint32_t j = sp; j < top; j++)
                    if (!solve_one(&w, phase, stack[j], size, bo->budget, &idx[stack[j]], &st->unknown)) {
                        rc = gb_fail(err, GB_ENOMEM, "out of memory (path)");
                        goto done;
                    }
            }
            for (uint32_t j = sp; j < top; j++) {
                const uint32_t b = idx[stack[j]];
                out[stack[j]] = (uint8_t)(b ? (b | (size > 1 ? 0x80u : 0u)) : AT_UNKNOWN);
                idx[stack[j]] = 1; /* visited (any non-zero) */
            }
            solved += size;
            tick(&tk, solved);
        }
    }
    st->walk_nodes += w.nodes;
done:
    free(idx);
    free(done);
    free(low);
    free(stack);
    free(fr);
    free(w.path);
    for (int i = 1; xs && i < jobs; i++)
        free(xs[i].w.path);
    free(xs);
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
    init();
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
