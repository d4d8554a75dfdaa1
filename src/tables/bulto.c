/* bulto.c (tables) — exact endgame tables for Bulto (issue 23 §1; docs/tables.md, "Bulto", says
 * why the values are exact).
 *
 * No stone ever leaves a Bulto board, but a stone that enters a bulto never leaves it: a bulto is
 * never lifted (B3) and nothing takes stones out of it. Its count matters to the score only (B9),
 * never to the play: the owner's sowing drops a stone in it (B8), the other's skips it (B3),
 * whatever it holds. So the stones in bulto are the game's stores, and the *free* stones (those
 * in no bulto) are its stones in play: their number k never grows, and falls exactly when a
 * move drops a stone into a bulto or makes one (B4, B6). Level k holds every open-phase position
 * with k free stones: a set B of bulto holes (the owner of each is the other row's player), k
 * stones over the 20 - |B| other holes, the player to move. A position is ranked by |B| (1 up to
 * (40 - k) / 4, since each bulto holds 4 or more), then B (colex), then the distribution
 * (lexicographic, lowest hole most significant), times 2 plus the player to move.
 *
 * Its byte is, as in Sadeqa III's tables, the exact final margin of the k free stones for the
 * side to move (value + 64 in the low 7 bits; 0: not known), bit 7 set when the position lies on
 * a cycle of moves that keep k (a strongly connected component of more than one position); the
 * margin of the whole game adds the bulto stones each side already holds. The miné phase is not
 * held (the open phase is for good, B2, so no move of a held position leaves the tables).
 *
 * The builder is the Sadeqa one's method (levels from 1 up, Tarjan's components sinks first and
 * the threads from level.c, an exact alpha-beta over simple paths inside a component), the walk
 * written again here over Bulto's move list, which may be long (B5's refusals) and so is read
 * into one scratch buffer a walker, not a stack frame a node. */
#include "level.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BT_RING 20
#define BT_STONES 40
#define BT_ROW_S 0x003ffu
#define BT_ROW_N 0xffc00u
#define BT_UNKNOWN 0
/* A held position's moves that keep k are its start holes' moves refusing every offer (taking
 * one makes a bulto), so at most one a start hole. */
#define BT_FREE_MOVES 10

static uint64_t choose[BT_RING + 1][BT_RING + 1];
_Static_assert(BT_RING <= TB_WAYS_HOLES && BT_STONES <= TB_MAX_STONES, "gb_tb_ways ranks Bulto's");
/* off[cap][k][b]: the first rank (before the player to move) of the positions with b bulto, in
 * tables holding at most `cap` bulto (max-bulto; BT_RING: all) */
static uint64_t off[BT_RING + 1][BT_STONES + 1][BT_RING + 2];

static int bmax(int k, int cap) { return (BT_STONES - k) / 4 < cap ? (BT_STONES - k) / 4 : cap; }
static int bmin(int k) { return k < BT_STONES; } /* 40 - k stones in bulto need one bulto */

static void fill(void)
{
    gb_tb_ways_init();
    for (int n = 0; n <= BT_RING; n++)
        for (int r = 0; r <= n; r++)
            choose[n][r] = (r == 0 || r == n) ? 1 : choose[n - 1][r - 1] + choose[n - 1][r];
    for (int cap = 0; cap <= BT_RING; cap++)
        for (int k = 0; k <= BT_STONES; k++) {
            uint64_t o = 0;
            for (int b = 0; b <= BT_RING + 1; b++) {
                off[cap][k][b] = o;
                if (b >= bmin(k) && b <= bmax(k, cap))
                    o += choose[BT_RING][b] * gb_tb_ways[BT_RING - b][k];
            }
        }
}

/* The ranking's tables, filled once whatever thread asks first. */
static void init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fill);
}

uint64_t gb_tb_bulto_level_size(int k, int cap)
{
    init();
    return 2 * off[cap][k][BT_RING + 1];
}

static int free_stones(const gb_pos *p)
{
    const uint32_t bulto = p->mark_s | p->mark_n;
    int k = 0;
    for (int i = 0; i < BT_RING; i++)
        if (!((bulto >> i) & 1u))
            k += p->holes[i];
    return k;
}

/* The stones in the bulto of `side` (South's lie in North's row: mark_s). */
static int bulto_stones(const gb_pos *p, int side)
{
    const uint32_t m = side == GB_SOUTH ? p->mark_s : p->mark_n;
    int s = 0;
    for (int i = 0; i < BT_RING; i++)
        if ((m >> i) & 1u)
            s += p->holes[i];
    return s;
}

static uint64_t pos_index(const gb_pos *p, int k, int cap)
{
    const uint32_t bulto = p->mark_s | p->mark_n;
    const int b = __builtin_popcount(bulto);
    uint64_t set = 0, dist = 0;
    int j = 0, nfree = BT_RING - b, fi = 0, rem = k;
    for (int i = 0; i < BT_RING; i++) {
        if ((bulto >> i) & 1u) {
            set += choose[i][++j];
            continue;
        }
        if (fi < nfree - 1 && rem > 0)
            for (int v = 0; v < p->holes[i]; v++)
                dist += gb_tb_ways[nfree - 1 - fi][rem - v];
        rem -= p->holes[i];
        fi++;
    }
    return 2 * (off[cap][k][b] + set * gb_tb_ways[nfree][k] + dist) + p->to_move;
}

static int open_phase(const gb_rules *r)
{
    for (int i = 0; r->phases && r->phases[i]; i++)
        if (strcmp(r->phases[i], "open") == 0)
            return i;
    return -1;
}

/* A held position of level k from its index: its bulto hold 4 each (their counts change
 * nothing in the play, and the builder reads only what a move adds to them). */
static void pos_of_index(uint64_t i, int k, int cap, int phase, gb_pos *p)
{
    memset(p, 0, sizeof *p);
    p->to_move = (uint8_t)(i & 1);
    uint64_t r = i / 2;
    int b = bmin(k);
    while (b < bmax(k, cap) && off[cap][k][b + 1] <= r)
        b++;
    r -= off[cap][k][b];
    const int nfree = BT_RING - b;
    uint64_t set = r / gb_tb_ways[nfree][k], dist = r % gb_tb_ways[nfree][k];
    uint32_t bulto = 0;
    for (int j = b; j >= 1; j--) { /* colex: the largest c with C(c, j) <= set */
        int c = j - 1;
        while (c + 1 < BT_RING && choose[c + 1][j] <= set)
            c++;
        set -= choose[c][j];
        bulto |= 1u << c;
    }
    int rem = k, fi = 0;
    for (int h = 0; h < BT_RING; h++) {
        if ((bulto >> h) & 1u) {
            p->holes[h] = 4;
            continue;
        }
        if (fi == nfree - 1) {
            p->holes[h] = (uint8_t)rem;
            break;
        }
        int v = 0;
        while (dist >= gb_tb_ways[nfree - 1 - fi][rem - v]) {
            dist -= gb_tb_ways[nfree - 1 - fi][rem - v];
            v++;
        }
        p->holes[h] = (uint8_t)v;
        rem -= v;
        fi++;
    }
    p->mark_s = bulto & BT_ROW_N;
    p->mark_n = bulto & BT_ROW_S;
    p->own_n = BT_ROW_N;
    p->phase = (uint8_t)phase;
    p->round = 1;
}

/* B9 (and T2, T1 as scored by B9): the free stones go to their row's player; the side to move's
 * share minus the other's. */
static int rows_margin(const gb_pos *p)
{
    const uint32_t bulto = p->mark_s | p->mark_n;
    int row[2] = {0, 0};
    for (int i = 0; i < BT_RING; i++)
        if (!((bulto >> i) & 1u))
            row[i >= BT_RING / 2] += p->holes[i];
    return row[p->to_move] - row[!p->to_move];
}

static int entry_value(uint8_t b) { return (int)(b & 0x7f) - 64; }

/* ---- the walk inside a level, shared by the build and the probe ---- */
typedef struct walker {
    const gb_rules *r;
    const gb_options *o;
    int k;
    uint64_t *path; /* this level's positions on the T2 record since k was last lowered */
    int len, cap;
    long long nodes, node_limit;
    bool stopped, oom;
    uint8_t *cur;         /* build: this level's bytes */
    const uint32_t *comp; /* build: component ids of the pattern's positions, from `base` */
    uint64_t base;
    uint32_t comp_id;
    const gb_tables *t;
    gb_move *moves;    /* scratch for gen, GB_MAX_MOVES */
    gb_pos *children;
} walker;

static bool walker_init(walker *w)
{
    w->moves = malloc(GB_MAX_MOVES * sizeof *w->moves);
    w->children = malloc(GB_MAX_MOVES * sizeof *w->children);
    w->cap = 256;
    w->path = malloc((size_t)w->cap * sizeof *w->path);
    return w->moves && w->children && w->path;
}

static void walker_free(walker *w)
{
    free(w->moves);
    free(w->children);
    free(w->path);
}

static bool on_path(const walker *w, uint64_t i)
{
    for (int j = 0; j < w->len; j++)
        if (w->path[j] == i)
            return true;
    return false;
}

static int walk(walker *w, const gb_pos *p, int alpha, int beta);

/* The mover's gain in bulto stones from p to c (the other's bulto get nothing: B3). */
static int gain_of(const gb_pos *p, const gb_pos *c)
{
    return bulto_stones(c, p->to_move) - bulto_stones(p, p->to_move);
}

/* Is c (a child of p) a move to walk on into: it keeps k, may share p's component and is not on
 * the path? */
static bool needs_walk(const walker *w, const gb_pos *p, const gb_pos *c)
{
    if ((c->flags & GB_F_ENDLESS) || gain_of(p, c) != 0)
        return false;
    const uint64_t ci = pos_index(c, w->k, w->t->bulto_max);
    if (w->cur) {
        if (w->comp[ci - w->base] != w->comp_id)
            return false;
    } else {
        const uint8_t *lv = w->t->level[w->k].bytes;
        if (!(lv[ci] & 0x80) || !(lv[pos_index(p, w->k, w->t->bulto_max)] & 0x80))
            return false;
    }
    return !on_path(w, ci);
}

/* The value for p's mover of the move to c that needs no walk. */
static int settled_value(walker *w, const gb_pos *p, const gb_pos *c)
{
    if (c->flags & GB_F_ENDLESS) /* T1, endless=ends-game: scored on the board before it */
        return rows_margin(p);
    const int gain = gain_of(p, c);
    if (gain > 0) { /* stones into bulto: a history-free position of a lower level */
        const int k = w->k - gain;
        if (k == 0)
            return gain;
        if (__builtin_popcount(c->mark_s | c->mark_n) > w->t->bulto_max) { /* not held (max-bulto) */
            w->stopped = true;
            return 0;
        }
        const uint8_t b = w->t->level[k].bytes[pos_index(c, k, w->t->bulto_max)];
        if (b == BT_UNKNOWN)
            w->stopped = true;
        return gain - entry_value(b);
    }
    const uint64_t ci = pos_index(c, w->k, w->t->bulto_max);
    if (on_path(w, ci)) /* T2: the position recurs (B9 first, but c has moves: it was left) */
        return -rows_margin(c);
    const uint8_t b = w->cur ? w->cur[ci] : w->t->level[w->k].bytes[ci];
    if (b == BT_UNKNOWN)
        w->stopped = true;
    return -entry_value(b);
}

/* The exact value of p, the last position of the path, for its mover, within [alpha, beta]. */
static int walk(walker *w, const gb_pos *p, int alpha, int beta)
{
    gb_pos next[BT_FREE_MOVES];
    int nn = 0;
    if (w->stopped || (w->node_limit && w->nodes >= w->node_limit)) {
        w->stopped = true;
        return 0;
    }
    w->nodes++;
    /* no value lies outside [-k, k]: a bound there is the value, and the walk stops at once
     * (without this, a mover already sure of all k stones searches every simple path on) */
    if (beta > w->k)
        beta = w->k;
    if (alpha < -w->k)
        alpha = -w->k;
    if (alpha >= beta)
        return alpha;
    const int n = w->r->gen(w->o, p, w->moves, w->children);
    if (n == 0) /* B9: the player to move cannot move; each row's free stones to its player */
        return rows_margin(p);
    int best = -BT_STONES - 1;
    /* first every move whose value is at hand (into a bulto, out of the component, a
     * repetition): the scratch list is read before any walk reuses it */
    for (int i = 0; i < n; i++) {
        const gb_pos *c = &w->children[i];
        if (needs_walk(w, p, c)) {
            if (nn == BT_FREE_MOVES) { /* cannot happen: one such move a start hole */
                w->stopped = true;
                return 0;
            }
            next[nn++] = *c;
            continue;
        }
        const int v = settled_value(w, p, c);
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
    for (int i = 0; i < nn; i++) {
        if (w->len == w->cap) {
            int cap = 2 * w->cap;
            uint64_t *np = realloc(w->path, (size_t)cap * sizeof *np);
            if (!np) {
                w->stopped = w->oom = true;
                return 0;
            }
            w->path = np;
            w->cap = cap;
        }
        w->path[w->len++] = pos_index(&next[i], w->k, w->t->bulto_max);
        const int v = -walk(w, &next[i], -beta, -alpha);
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
/* A move that keeps k keeps the bulto holes too (making one takes 4 free stones, B4, B6), so the
 * level's graph falls apart into one part a set of bulto holes (a pattern): the positions of one
 * pattern are consecutive in rank order, and the component search (level.c) runs on one pattern
 * at a time, a position's node its place in the pattern, its arrays the size of one pattern's
 * positions (at most 2 x C(k+18, 18), well within its 32 bits), whatever the level's size.
 *
 * Threads (--jobs N): the patterns are independent of each other. A pattern's walks read the
 * lower levels and the bytes of its own components solved before (Tarjan's order, in the same
 * pattern), and write only its own bytes; so N threads take the patterns in turn (level.c's
 * gb_tb_share), each with its own component search and walker, and nothing any of them
 * computes depends on which thread runs it or when: the tables are byte for byte the same for
 * every N. (Sadeqa III's threads share the walks of one component instead, since there one
 * giant component holds nearly all the work; Bulto's components are small, 959 positions at the
 * most at 3 free stones, but its patterns many: 263,950 of at most 8 bulto.) */
typedef struct bt_job {
    gb_tables *t;
    int k, cap, phase;
    uint8_t *out;
    long long budget;
    uint64_t first[BT_RING + 2]; /* the number of the first pattern of b bulto */
    uint64_t patterns, positions;
    uint64_t from; /* the segment's first pattern: the threads' items are numbered from it */
    gb_tb_saver *saver; /* its stop, asked before each pattern */
} bt_job;

typedef struct bt_worker {
    const bt_job *job;
    uint64_t base, per; /* the pattern being searched: its first index, its positions */
    gb_move *moves;     /* scratch for the search's gen, GB_MAX_MOVES */
    gb_pos *children;
    gb_tb_scc scc;
    walker w;
    gb_tb_stats st;
    int rc;
    gb_error err;
} bt_worker;

/* The children of the pattern's position `node` that keep k (the edges of the level's graph),
 * as places in the pattern. */
static int level_children(void *user, uint32_t node, uint32_t *out, gb_error *err)
{
    bt_worker *x = user;
    const bt_job *j = x->job;
    gb_pos p;
    pos_of_index(x->base + node, j->k, j->cap, j->phase, &p);
    const int n = j->t->r->gen(&j->t->o, &p, x->moves, x->children);
    int m = 0;
    for (int i = 0; i < n; i++) {
        const gb_pos *c = &x->children[i];
        if ((c->flags & GB_F_ENDLESS) || gain_of(&p, c) != 0)
            continue;
        if (m == BT_FREE_MOVES)
            return gb_fail(err, GB_EINVAL,
                           "a %d-stone position has more moves keeping its free stones than start holes", j->k);
        const uint64_t ci = pos_index(c, j->k, j->cap) - x->base;
        if (ci >= x->per)
            return gb_fail(err, GB_EINVAL, "a move keeping the %d free stones changed the bulto holes", j->k);
        out[m++] = (uint32_t)ci;
    }
    return m;
}

/* A component of the pattern popped (sinks first): each position's walk, its byte written at
 * once (the walks tell the component by its id, never by its bytes). */
static int solve_component(void *user, const uint32_t *nodes, uint32_t size, uint32_t id, gb_error *err)
{
    bt_worker *x = user;
    const bt_job *j = x->job;
    walker *w = &x->w;
    w->comp_id = id;
    for (uint32_t i = 0; i < size; i++) {
        const uint64_t at = x->base + nodes[i];
        gb_pos p;
        pos_of_index(at, j->k, j->cap, j->phase, &p);
        w->len = 0;
        w->path[w->len++] = at;
        w->node_limit = size > 1 && j->budget ? w->nodes + j->budget : 0;
        w->stopped = false;
        const int val = walk(w, &p, -BT_STONES - 1, BT_STONES + 1);
        if (w->oom)
            return gb_fail(err, GB_ENOMEM, "out of memory (path)");
        if (w->stopped) {
            x->st.unknown++;
            continue;
        }
        assert(val >= -j->k && val <= j->k);
        j->out[at] = (uint8_t)((val + 64) | (size > 1 ? 0x80 : 0));
    }
    return GB_OK;
}

static bool worker_init(bt_worker *x, const bt_job *j, uint64_t M)
{
    gb_tables *t = j->t;
    x->job = j;
    x->scc = (gb_tb_scc){.max_children = BT_FREE_MOVES, .children = level_children, .component = solve_component,
                         .user = x};
    const bool scc_ok = gb_tb_scc_alloc(&x->scc, M, &x->err) == GB_OK;
    x->w = (walker){.r = t->r, .o = &t->o, .k = j->k, .cur = j->out, .comp = x->scc.low, .t = t};
    x->moves = malloc(GB_MAX_MOVES * sizeof *x->moves);
    x->children = malloc(GB_MAX_MOVES * sizeof *x->children);
    const bool w_ok = walker_init(&x->w);
    return scc_ok && w_ok && x->moves && x->children;
}

static void worker_free(bt_worker *x)
{
    gb_tb_scc_free(&x->scc);
    free(x->moves);
    free(x->children);
    walker_free(&x->w);
}

#define BT_CHUNK 8 /* patterns a thread takes at once */

/* Patterns from .. to-1 (numbered by bulto count, then set), each searched and solved whole. */
static bool solve_patterns(void *arg, uint64_t from, uint64_t to, uint64_t *done)
{
    bt_worker *x = arg;
    const bt_job *j = x->job;
    int b = bmin(j->k);
    for (uint64_t g = j->from + from; g < j->from + to; g++) {
        if (gb_tb_saver_stop(j->saver)) {
            x->rc = GB_ESTOPPED; /* the segment is given up: build_level saves the one before */
            return false;
        }
        while (g >= j->first[b + 1])
            b++;
        x->per = 2 * gb_tb_ways[BT_RING - b][j->k];
        x->base = 2 * off[j->cap][j->k][b] + (g - j->first[b]) * x->per;
        x->w.base = x->base;
        x->rc = gb_tb_scc_run(&x->scc, (uint32_t)x->per, &x->st, &x->err);
        if (x->rc != GB_OK)
            return false;
        *done += x->per;
    }
    return true;
}

/* The first index of pattern g (the level's size for g = patterns). */
static uint64_t pattern_base(const bt_job *j, uint64_t g)
{
    if (g >= j->patterns)
        return j->positions;
    int b = bmin(j->k);
    while (g >= j->first[b + 1])
        b++;
    return 2 * off[j->cap][j->k][b] + (g - j->first[b]) * 2 * gb_tb_ways[BT_RING - b][j->k];
}

/* Stopping and going on (gb_tables_build_opts.stop, .save_every, .resume; docs/tables.md,
 * "Stopping and going on"). The patterns are taken in segments of about BT_SEGMENT positions (a
 * 64th of a smaller level, so that a stop can fall inside one), the threads joined at each
 * segment's end; a save is taken there: the level's bytes, the number of patterns done (every
 * one before the segment's end) and the level's counts for them. A stop is asked before every
 * pattern; one inside a segment gives the segment up (its bytes cleared) and saves as at its
 * start, so a stop loses at most a segment, seconds of work. Going on, the patterns done are
 * passed over: each reads only the lower levels and its own bytes (above), so the tables and
 * the counts are those of one run (tests/test_tables_stop_games.c). */
#define BT_SEGMENT (1u << 21)

typedef struct bt_counts {
    long long walk_nodes;
    uint64_t unknown, cyclic;
    uint32_t largest;
} bt_counts;

static int save_level(const bt_job *j, const char *dir, const bt_counts *c, uint64_t done, const gb_tb_stats *st,
                      gb_error *err)
{
    gb_tb_saved s = {.walk_nodes = c->walk_nodes, .unknown = c->unknown, .items_done = done, .cyclic = c->cyclic,
                     .largest = c->largest};
    gb_tb_stats_time(st, &s.seconds, &s.cpu_seconds);
    return gb_tb_progress_save(&gb_tb_bulto_game, j->t, dir, j->k, j->positions, j->budget, j->out, &s, err);
}

static int build_level(gb_tables *t, int k, uint8_t *out, const char *dir, const gb_tables_build_opts *bo,
                       gb_tb_stats *st, gb_error *err)
{
    const int cap = t->bulto_max;
    const uint64_t N = gb_tb_bulto_level_size(k, cap);
    const uint64_t M = 2 * gb_tb_ways[BT_RING - bmin(k)][k]; /* the most positions of one pattern */
    if (M >= GB_TB_SCC_MAX_NODES)
        return gb_fail(err, GB_EINVAL, "the %d-stone level is too large for this builder", k);
    gb_tb_ticker ticker;
    gb_tb_ticker_start(&ticker, bo, k, N);
    gb_tb_saver saver;
    gb_tb_saver_start(&saver, bo);
    bt_job job = {.t = t, .k = k, .cap = cap, .phase = open_phase(t->r), .out = out, .budget = bo->budget,
                  .positions = N, .saver = &saver};
    for (int b = 0; b <= BT_RING; b++)
        job.first[b + 1] = job.first[b] + (b >= bmin(k) && b <= bmax(k, cap) ? choose[BT_RING][b] : 0);
    job.patterns = job.first[BT_RING + 1];
    const int jobs = gb_tb_jobs(bo->jobs);
    bt_worker *xs = calloc((size_t)jobs, sizeof *xs);
    if (!xs)
        return gb_fail(err, GB_ENOMEM, "out of memory for the %d-stone level (%llu positions)", k,
                       (unsigned long long)N);
    int rc = GB_OK, ready = 0;
    for (; ready < jobs; ready++)
        if (!worker_init(&xs[ready], &job, M)) {
            worker_free(&xs[ready]);
            break;
        }
    if (ready == 0) {
        free(xs);
        return gb_fail(err, GB_ENOMEM, "out of memory for the %d-stone level (%llu positions)", k,
                       (unsigned long long)N);
    }
    gb_tb_saved saved = {0};
    const int loaded = bo->resume ? gb_tb_progress_load(&gb_tb_bulto_game, t, dir, k, N, bo->budget, out, &saved, err)
                                  : 0;
    char path[4096];
    gb_tb_progress_path(path, sizeof path, dir, &gb_tb_bulto_game, k);
    if (loaded < 0) {
        rc = loaded;
    } else if (loaded && (saved.items_done > job.patterns || saved.comp_size)) {
        rc = gb_fail(err, GB_EINVAL, "%s is not the saved progress of the level this build makes (another variant, "
                                     "options or format): remove it, or build into another folder", path);
    } else if (loaded) {
        st->seconds_before = saved.seconds;
        st->cpu_before = saved.cpu_seconds;
    } else {
        memset(out, 0, N);
    }
    free(saved.comp_bytes);
    free(saved.comp_guesses);
    /* the counts at the last segment's end: the saved run's, then the workers' added */
    const bt_counts before = {saved.walk_nodes, saved.unknown, saved.cyclic, saved.largest};
    bt_counts at = before;
    uint64_t from = saved.items_done;
    const uint64_t seg = N / 64 < BT_SEGMENT ? N / 64 : BT_SEGMENT;
    gb_tb_saver_saved(&saver); /* (the first save an interval after the saved work is read) */
    while (rc == GB_OK && from < job.patterns) {
        const uint64_t start = pattern_base(&job, from);
        uint64_t to = from + 1;
        while (to < job.patterns && pattern_base(&job, to) - start < seg)
            to++;
        job.from = from;
        const gb_tb_shared share = {.count = to - from, .chunk = BT_CHUNK, .run = solve_patterns, .workers = xs,
                                    .worker_size = sizeof *xs, .jobs = ready, .ticker = &ticker, .ticked = start};
        gb_tb_share(&share);
        bool stopped = false;
        for (int i = 0; i < ready && rc == GB_OK; i++)
            if (xs[i].rc == GB_ESTOPPED) {
                stopped = true;
            } else if (xs[i].rc != GB_OK) {
                rc = xs[i].rc;
                *err = xs[i].err;
            }
        if (rc != GB_OK)
            break;
        if (stopped) { /* the segment given up: its bytes as they were at its start */
            memset(out + start, 0, pattern_base(&job, to) - start);
        } else {
            from = to;
            at = before;
            for (int i = 0; i < ready; i++) {
                if (xs[i].st.largest_component > at.largest)
                    at.largest = xs[i].st.largest_component;
                at.cyclic += xs[i].st.cyclic;
                at.unknown += xs[i].st.unknown;
                at.walk_nodes += xs[i].w.nodes;
            }
            if (from == job.patterns)
                break;
            stopped = gb_tb_saver_stop(&saver);
        }
        if (!stopped && !gb_tb_saver_due(&saver))
            continue;
        rc = save_level(&job, dir, &at, from, st, err);
        gb_tb_saver_saved(&saver);
        if (rc == GB_OK && stopped)
            rc = gb_fail(err, GB_ESTOPPED, "stopped in level %d with %.1f%% of its positions solved, the work saved in %s",
                         k, 100.0 * (double)pattern_base(&job, from) / (double)N, path);
    }
    if (rc == GB_OK) {
        st->largest_component = at.largest;
        st->cyclic = at.cyclic;
        st->unknown = at.unknown;
        st->walk_nodes = at.walk_nodes;
    }
    for (int i = 0; i < ready; i++)
        worker_free(&xs[i]);
    free(xs);
    return rc;
}

/* ---- files (file.c) ---- */
static int slot_of(const gb_rules *r, const char *key)
{
    for (int i = 0; i < r->num_options; i++)
        if (strcmp(r->options[i].key, key) == 0)
            return r->options[i].slot;
    return -1;
}

/* The options that decide a value: right-rule, skip-origin, endless (max-plies is not part of a
 * value, as in Sadeqa III's tables). */
static void value_options(const gb_rules *r, const gb_options *o, gb_options *out, char *buf, size_t len)
{
    const int right = slot_of(r, "right-rule");
    gb_options_default(r, out);
    out->v[GB_OPT_SKIP_ORIGIN] = o->v[GB_OPT_SKIP_ORIGIN];
    out->v[GB_OPT_ENDLESS] = o->v[GB_OPT_ENDLESS];
    if (right >= 0)
        out->v[right] = o->v[right];
    gb_options_format(r, out, buf, len);
}

static bool same_values(const gb_rules *r, const gb_options *a, const gb_options *b)
{
    const int right = slot_of(r, "right-rule");
    return a->v[GB_OPT_SKIP_ORIGIN] == b->v[GB_OPT_SKIP_ORIGIN] && a->v[GB_OPT_ENDLESS] == b->v[GB_OPT_ENDLESS] &&
           (right < 0 || a->v[right] == b->v[right]);
}

/* The header's line after the checksum: max-bulto, which decides the level sizes. */
static void extra_lines(const gb_tables *t, char *buf, size_t len)
{
    snprintf(buf, len, "max-bulto %d\n", t->bulto_max);
}

static int read_extra(gb_tables *t, int k, const char *path, const char *extra, gb_error *err)
{
    int cap = 0;
    if (sscanf(extra, " max-bulto %d", &cap) != 1)
        return gb_fail(err, GB_EINVAL, "%s: not a gabata table (its header does not read)", path);
    if (cap < 1 || cap > BT_RING)
        return gb_fail(err, GB_EINVAL, "%s: its header does not match its name or its size", path);
    if (k > 1 && cap != t->bulto_max)
        return gb_fail(err, GB_EINVAL, "%s: built with max-bulto %d, level 1 with %d", path, cap, t->bulto_max);
    t->bulto_max = cap;
    return GB_OK;
}

static uint64_t level_size(const gb_tables *t, int k) { return gb_tb_bulto_level_size(k, t->bulto_max); }

const gb_tb_game gb_tb_bulto_game = {
    .name = "bulto",
    .extra_lines = extra_lines,
    .read_extra = read_extra,
    .level_size = level_size,
    .value_options = value_options,
    .build_level = build_level,
};

/* `max-bulto=N` among the options (a key of the tables, not of the rules): hold only positions
 * with at most N bulto. Taken out of `options` into rules[]; BT_RING when absent. */
static int take_max_bulto(const char *options, char *rules, size_t len, int *cap, gb_error *err)
{
    *cap = BT_RING;
    gb_text x = {rules, len, 0};
    rules[0] = 0;
    const char *s = options ? options : "";
    while (*s) {
        while (*s == ' ')
            s++;
        const size_t n = strcspn(s, " ");
        if (!n)
            break;
        if (strncmp(s, "max-bulto=", 10) == 0) {
            char num[16] = "", *end;
            memcpy(num, s + 10, n - 10 < sizeof num - 1 ? n - 10 : sizeof num - 1);
            const long v = strtol(num, &end, 10);
            if (!num[0] || *end || v < 1 || v > BT_RING)
                return gb_fail(err, GB_EINVAL, "max-bulto must be a number from 1 to %d, not '%.*s'", BT_RING,
                               (int)(n - 10), s + 10);
            *cap = (int)v;
        } else {
            gb_text_add(&x, "%s%.*s", x.used ? " " : "", (int)n, s);
        }
        s += n;
    }
    return GB_OK;
}

int gb_tb_bulto_build(const gb_rules *r, const char *options, int stones, const char *dir,
                      const gb_tables_build_opts *bo, gb_error *err)
{
    if (stones < 1 || stones > TB_MAX_STONES)
        return gb_fail(err, GB_EINVAL, "--stones must be 1 to %d, not %d", TB_MAX_STONES, stones);
    if (open_phase(r) < 0)
        return gb_fail(err, GB_EINVAL, "%s has no open phase", r->name);
    char rules[512];
    int cap;
    int rc = take_max_bulto(options, rules, sizeof rules, &cap, err);
    if (rc)
        return rc;
    gb_options o;
    rc = gb_options_parse(r, rules, &o, err);
    if (rc)
        return rc;
    init();
    gb_tables *t = calloc(1, sizeof *t);
    if (!t)
        return gb_fail(err, GB_ENOMEM, "out of memory");
    t->r = r;
    t->bulto_max = cap;
    value_options(r, &o, &t->o, t->options, sizeof t->options);
    rc = gb_tb_build_levels(&gb_tb_bulto_game, t, dir, stones, bo, err);
    free(t);
    return rc;
}

int gb_tb_bulto_describe(const gb_tables *t, char *buf, size_t len)
{
    gb_text x = {buf, len, 0};
    if (len)
        buf[0] = 0;
    gb_text_add(&x, "variant bulto\noptions %s\nstones %d (free stones: in no bulto)\n",
                t->options[0] ? t->options : "defaults", t->stones);
    if (t->bulto_max < BT_RING)
        gb_text_add(&x, "max-bulto %d (positions with more bulto not held)\n", t->bulto_max);
    gb_tb_describe_levels(t, &x);
    return (int)x.used;
}

/* Is q of p's stretch: the same bulto holding the same stones, in the open phase (an earlier
 * position of another stretch cannot recur: k only falls, the phase only opens)? */
static bool same_stretch(const gb_pos *q, const gb_pos *p)
{
    if (q->mark_s != p->mark_s || q->mark_n != p->mark_n || q->phase != p->phase || q->mine)
        return false;
    const uint32_t bulto = p->mark_s | p->mark_n;
    for (int i = 0; i < BT_RING; i++)
        if (((bulto >> i) & 1u) && q->holes[i] != p->holes[i])
            return false;
    return true;
}

int gb_tb_bulto_value(const gb_tables *t, const gb_options *o, const gb_pos *p, const gb_seen *rec,
                      long long node_limit, int *margin)
{
    if (!t || !same_values(t->r, o, &t->o) || (p->flags & GB_F_OVER) || p->phase != open_phase(t->r) ||
        p->mine || p->own_n != BT_ROW_N || p->store[0] || p->store[1] || (p->mark_s & ~BT_ROW_N) ||
        (p->mark_n & ~BT_ROW_S))
        return 0;
    const int k = free_stones(p);
    const int b = __builtin_popcount(p->mark_s | p->mark_n);
    if (k > t->stones || b < bmin(k) || b > bmax(k, t->bulto_max))
        return 0;
    const int held = bulto_stones(p, p->to_move) - bulto_stones(p, !p->to_move);
    if (k == 0) {
        *margin = held;
        return 1;
    }
    const uint8_t *lv = t->level[k].bytes;
    const uint64_t i = pos_index(p, k, t->bulto_max);
    if (lv[i] == BT_UNKNOWN)
        return 0;
    int from = rec && rec->len > 0 ? rec->len - 1 : 0;
    while (rec && from > 0 && same_stretch(&rec->pos[from - 1], p))
        from--;
    const int before = rec && rec->len > 0 ? rec->len - 1 - from : 0;
    if (!(lv[i] & 0x80) || before == 0 || !(lv[pos_index(&rec->pos[rec->len - 2], k, t->bulto_max)] & 0x80)) {
        *margin = held + entry_value(lv[i]);
        return 1;
    }
    /* on a cycle, after positions that may share it: walk on with the record */
    walker w = {.r = t->r, .o = &t->o, .k = k, .t = t, .node_limit = node_limit};
    if (!walker_init(&w)) {
        walker_free(&w);
        return 0;
    }
    for (int j = from; j < rec->len; j++) {
        if (w.len == w.cap) {
            uint64_t *np = realloc(w.path, (size_t)(2 * w.cap) * sizeof *np);
            if (!np) {
                walker_free(&w);
                return 0;
            }
            w.path = np;
            w.cap *= 2;
        }
        w.path[w.len++] = pos_index(&rec->pos[j], k, t->bulto_max);
    }
    const int v = walk(&w, p, -BT_STONES - 1, BT_STONES + 1);
    walker_free(&w);
    if (w.stopped)
        return 0;
    *margin = held + v;
    return 1;
}
