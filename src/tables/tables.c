/* tables.c — exact endgame tables for Sadeqa III (issue 23 §1; docs/tables.md says why they are
 * exact).
 *
 * A level k holds every position with k stones on the board: 2 x C(k+15, 15) of them, indexed by
 * the rank of the stone distribution (lexicographic, hole 0 most significant) times 2 plus the
 * player to move. Its byte is the exact final margin of the stones still on the board (what the
 * side to move will end with of them minus what the other will), for the position reached with
 * no earlier position of its capture-free stretch able to recur (RULINGS T2): value + 64 in the
 * low 7 bits, and bit 7 set when the position lies on a cycle of capture-free moves (a strongly
 * connected component of more than one position), where the value is that of the position
 * entered from outside its component.
 *
 * Why the component: inside a capture-free stretch the stones in the stores do not change, so
 * the stretch is a walk in the graph of capture-free moves of one level; a position reachable
 * from N that is also on the path to N lies on a cycle with N, in N's component. So the value of
 * N given its path depends only on the path's part in N's component, and a component's first
 * position on a path has a history-free value. Tarjan's algorithm gives the components sinks
 * first, so every exit of a component is known when the component is solved; inside it an exact
 * alpha-beta over simple paths (the path is the T2 record) solves each entry.
 *
 * The max-plies cap (T3) is not part of a value: docs/tables.md. */
#include "tables.h"
#include "file.h"
#include "sadeqa_build.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TB_HOLES 16

uint64_t gb_tb_ways[TB_WAYS_HOLES + 1][TB_MAX_STONES + 1];

static void fill_ways(void)
{
    for (int n = 0; n <= TB_WAYS_HOLES; n++)
        for (int s = 0; s <= TB_MAX_STONES; s++)
            gb_tb_ways[n][s] = n == 0 ? (s == 0)
                                      : (s == 0 ? 1 : gb_tb_ways[n - 1][s] + gb_tb_ways[n][s - 1]);
}

void gb_tb_ways_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fill_ways);
}

uint64_t gb_tb_level_size(int k)
{
    gb_tb_ways_init();
    return 2 * gb_tb_ways[TB_HOLES][k];
}

/* The rank of the board of p (its k stones), lexicographic with hole 0 most significant. */
static uint64_t board_rank(const uint8_t *h, int k)
{
    uint64_t r = 0;
    int rem = k;
    for (int i = 0; i < TB_HOLES - 1 && rem > 0; i++) {
        for (int v = 0; v < h[i]; v++)
            r += gb_tb_ways[TB_HOLES - 1 - i][rem - v];
        rem -= h[i];
    }
    return r;
}

static int board_stones(const gb_pos *p)
{
    int k = 0;
    for (int i = 0; i < TB_HOLES; i++)
        k += p->holes[i];
    return k;
}

static uint64_t pos_index(const gb_pos *p, int k) { return board_rank(p->holes, k) * 2 + p->to_move; }

/* What the side to move gets of the board's stones when a position ends by T2 (stones to the
 * owner of their row), minus the other's. */
static int rows_margin(const gb_pos *p)
{
    int row[2] = {0, 0};
    for (int i = 0; i < TB_HOLES; i++)
        row[i >= 8] += p->holes[i];
    return row[p->to_move] - row[!p->to_move];
}

static int entry_value(uint8_t b) { return (int)(b & 0x7f) - 64; }
/* byte 0: not known (a walk inside a cycle ran past its budget, or needed such a value) */
#define TB_UNKNOWN_BYTE 0

/* ---- the probe's walk (the build's is sadeqa_build.c's, on raw boards, the same moves; its
 * order by the guesses it has where this one has the table's bytes) ----
 * A walk inside a level with the record since the last capture as its path: a position of a
 * lower level or one whose byte is exact here is read; one that may share a cycle with the path
 * is searched on. */
#define TB_KILLER_DEPTH 256
typedef struct walker {
    const gb_rules *r;
    const gb_options *o;
    int k;
    /* the path: indices of this level's positions on it (the T2 record since the last capture) */
    uint64_t *path;
    int len, cap;
    long long nodes, node_limit;
    bool stopped; /* past node_limit, out of memory, or a value needed is not known */
    bool oom;
    const gb_tables *t;    /* the levels, this one included */
    int8_t killer[TB_KILLER_DEPTH]; /* by path length: the hole of the last cut there, or -1 */
} walker;

static int lower_value(walker *w, int k, const gb_pos *c)
{
    if (k == 0)
        return 0;
    const uint8_t b = w->t->level[k].bytes[pos_index(c, k)];
    if (b == TB_UNKNOWN_BYTE)
        w->stopped = true;
    return entry_value(b);
}

static bool on_path(const walker *w, uint64_t i)
{
    for (int j = 0; j < w->len; j++)
        if (w->path[j] == i)
            return true;
    return false;
}

static int walk(walker *w, const gb_pos *p, int alpha, int beta);

/* Would move_value walk on into c (a capture-free child that may share p's cycle, not on the
 * path)? */
static bool needs_walk(const walker *w, const gb_pos *p, const gb_pos *c)
{
    if (c->flags & GB_F_ENDLESS || c->store[p->to_move] != p->store[p->to_move])
        return false;
    const uint64_t ci = pos_index(c, w->k);
    const uint8_t *lv = w->t->level[w->k].bytes;
    if (!(lv[ci] & 0x80) || !(lv[pos_index(p, w->k)] & 0x80))
        return false;
    return !on_path(w, ci);
}

/* The value of the move of p whose raw child is c, for p's mover. */
static int move_value(walker *w, const gb_pos *p, const gb_pos *c, int alpha, int beta)
{
    const int me = p->to_move;
    if (c->flags & GB_F_ENDLESS) /* T1, endless=ends-game: scored as T2 on the board before it */
        return rows_margin(p);
    const int gain = c->store[me] - p->store[me];
    if (gain > 0) /* S4: a capture; the rest is a history-free position of a lower level */
        return gain - lower_value(w, w->k - gain, c);
    const uint64_t ci = pos_index(c, w->k);
    const uint8_t b = w->t->level[w->k].bytes[ci];
    /* a position off every cycle, or entered from one: its value is the table's */
    if (!(b & 0x80) || !(w->t->level[w->k].bytes[pos_index(p, w->k)] & 0x80)) {
        if (b == TB_UNKNOWN_BYTE)
            w->stopped = true;
        return -entry_value(b);
    }
    /* S5 before T2 (T5): a child whose player has no move ends the game; it lies on no cycle,
     * so it is never on the path */
    if (on_path(w, ci)) /* T2: the position recurs: stones to the owner of their row */
        return -rows_margin(c);
    if (w->len == w->cap) {
        int cap = w->cap ? 2 * w->cap : 256;
        uint64_t *np = realloc(w->path, (size_t)cap * sizeof *np);
        if (!np) {
            w->stopped = w->oom = true;
            return 0;
        }
        w->path = np;
        w->cap = cap;
    }
    w->path[w->len++] = ci;
    int v = -walk(w, c, -beta, -alpha);
    w->len--;
    return v;
}

/* The exact value of p, the last position of w's path, for its mover, within [alpha, beta]
 * (alpha-beta: a value outside the window is a bound on the same side). */
static int walk(walker *w, const gb_pos *p, int alpha, int beta)
{
    gb_move moves[8];
    gb_pos children[8];
    if (w->stopped || (w->node_limit && w->nodes >= w->node_limit)) {
        w->stopped = true;
        return 0;
    }
    w->nodes++;
    /* no value of level k lies outside [-k, k]: the window clamped to it, exactly as
     * sadeqa_build.c's walk (which says why the values stay exact), so that a mover sure of all k
     * stones stops at once */
    if (beta > w->k)
        beta = w->k;
    if (alpha < -w->k)
        alpha = -w->k;
    if (alpha >= beta)
        return alpha;
    int n = w->r->gen(w->o, p, moves, children);
    if (n == 0) /* S5: no legal move: the stones go to the other player, who moved last */
        return -w->k;
    int best = -TB_MAX_STONES - 1;
    /* first the moves whose value is at hand (captures, exits, repetitions), then those that walk
     * on: an exit often cuts the walk; those best first by the child's history-free value (its
     * byte: the value it has when no earlier position can recur, the best guess of its value
     * with this path), then this walk's killer at this depth, ties in hole order; the builder's
     * order with its guesses (sadeqa_build.c's tbf_order_walks) */
    int order[8], key[8], nwalk = 0;
    const int depth = w->len < TB_KILLER_DEPTH ? w->len : TB_KILLER_DEPTH - 1;
    for (int i = 0; i < n; i++) {
        if (needs_walk(w, p, &children[i])) {
            const uint8_t b = w->t->level[w->k].bytes[pos_index(&children[i], w->k)];
            const int kx = 2 * -entry_value(b) + (moves[i].hole == w->killer[depth]);
            int c = nwalk++;
            for (; c > 0 && key[c - 1] < kx; c--) { /* insertion, stable */
                order[c] = order[c - 1];
                key[c] = key[c - 1];
            }
            order[c] = i;
            key[c] = kx;
            continue;
        }
        int v = move_value(w, p, &children[i], alpha, beta);
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
    for (int j = 0; j < nwalk; j++) {
        const int i = order[j];
        int v = move_value(w, p, &children[i], alpha, beta);
        if (w->stopped)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha)
                alpha = v;
            if (alpha >= beta) {
                w->killer[depth] = (int8_t)moves[i].hole;
                return best;
            }
        }
    }
    return best;
}

/* ---- building a level ---- */
/* What the component search (level.c) hands each component to: sadeqa_build.c's walks; and the
 * saving and stopping of a long level (gb_tables_build_opts.save_every and .stop; file.h's saved
 * progress). A save is taken between components, or inside a large one with the bytes of its
 * walks done so far; going on from it, the components solved are passed over (their bytes are
 * not 0, and every value of a component is written at once), and the one under way starts again
 * from its saved bytes: Tarjan's order and the guesses are the same in every run, and each walk
 * depends only on its start and the bytes of the components before its own, so the tables and
 * the walk counts are those of one run. */
typedef struct level_build {
    gb_tbf_level lv;
    uint8_t *res; /* a component's bytes as its walks find them */
    gb_tb_stats *st;
    gb_tables *t;
    const char *dir;
    const gb_tables_build_opts *bo;
    uint64_t N;
    gb_tb_saver saver;
    uint32_t unchecked;   /* components since the last look at the clock */
    gb_tb_saved saved;    /* a saved build's component under way, until it is reached */
    gb_error *err;
} level_build;

static uint64_t ids_hash(const uint32_t *ids, uint32_t size)
{
    return gb_tb_fnv1a((const uint8_t *)ids, (uint64_t)size * sizeof *ids);
}

/* Time to save, or to stop? Asked on every thread (lv.pause). */
static bool save_due(void *user) { return gb_tb_saver_due(&((level_build *)user)->saver); }

/* Save the level (ids: the component under way and its bytes so far, or NULL between
 * components), then go on (GB_OK) or stop (GB_ESTOPPED, the message naming the file). */
static int save_progress(void *user, const uint32_t *ids, uint32_t size, const uint8_t *res)
{
    level_build *lb = user;
    gb_tb_saved s = {.walk_nodes = lb->st->walk_nodes, .unknown = lb->st->unknown};
    gb_tb_stats_time(lb->st, &s.seconds, &s.cpu_seconds);
    if (!ids && lb->saved.comp_bytes) { /* a saved build's component not reached yet: kept as it was */
        s.comp_size = lb->saved.comp_size;
        s.comp_hash = lb->saved.comp_hash;
        s.comp_bytes = lb->saved.comp_bytes;
        s.comp_guesses = lb->saved.comp_guesses;
    } else if (ids) { /* the component under way, its walks done and its guesses */
        s.comp_size = size;
        s.comp_hash = ids_hash(ids, size);
        s.comp_bytes = (uint8_t *)res;
        if (!(s.comp_guesses = malloc((size_t)size * TB_GUESS_BYTES)))
            return gb_fail(lb->err, GB_ENOMEM, "out of memory to save the build's progress");
        for (uint32_t j = 0; j < size; j++) {
            uint8_t *g = s.comp_guesses + (size_t)j * TB_GUESS_BYTES;
            g[0] = lb->lv.hint[ids[j]];
            g[1] = (uint8_t)(lb->lv.bound[ids[j]] & 0xff);
            g[2] = (uint8_t)(lb->lv.bound[ids[j]] >> 8);
        }
    }
    const int rc = gb_tb_progress_save(&gb_tb_sadeqa_game, lb->t, lb->dir, lb->lv.k, lb->N, lb->bo->budget,
                                       lb->lv.cur, &s, lb->err);
    if (ids)
        free(s.comp_guesses);
    if (rc != GB_OK)
        return rc;
    gb_tb_saver_saved(&lb->saver);
    if (!gb_tb_saver_stopping(&lb->saver))
        return GB_OK;
    /* the positions solved: in the level's bytes (a resumed build's components not reached yet
     * are there too), and those of the component under way or saved */
    uint64_t done = 0;
    for (uint64_t i = 0; i < lb->N; i++)
        done += lb->lv.cur[i] != 0;
    for (uint32_t j = 0; j < s.comp_size; j++)
        done += s.comp_bytes[j] != 0;
    char path[4096];
    gb_tb_progress_path(path, sizeof path, lb->dir, &gb_tb_sadeqa_game, lb->lv.k);
    return gb_fail(lb->err, GB_ESTOPPED, "stopped in level %d with %.1f%% of its positions solved, the work saved in %s",
                   lb->lv.k, 100.0 * (double)done / (double)lb->N, path);
}

static int level_children(void *user, uint32_t node, uint32_t *out, gb_error *err)
{
    (void)err;
    return gb_tbf_level_children(&((level_build *)user)->lv, node, out);
}

/* A save or a stop without a component under way: between components, and during the component
 * search (gb_tb_scc.poll), which reaches a large component's positions for minutes before it
 * pops. */
static int search_poll(void *user, gb_error *err)
{
    (void)err; /* save_progress's messages go to lb->err, the same */
    level_build *lb = user;
    return save_due(lb) ? save_progress(lb, NULL, 0, NULL) : GB_OK;
}

static int solve_component(void *user, const uint32_t *nodes, uint32_t size, uint32_t id, gb_error *err)
{
    level_build *lb = user;
    (void)id; /* the walks tell this component by its bytes, still 0 (sadeqa_build.h) */
    if (lb->lv.cur[nodes[0]]) { /* solved before the save this build goes on from */
        lb->lv.done += size;
        return GB_OK;
    }
    if (lb->lv.pause && (size > 1 || ++lb->unchecked >= 1024)) { /* a save between components */
        lb->unchecked = 0;
        const int rc = search_poll(lb, err);
        if (rc != GB_OK)
            return rc;
    }
    memset(lb->res, 0, size);
    if (lb->saved.comp_bytes && lb->saved.comp_size == size && lb->saved.comp_hash == ids_hash(nodes, size)) {
        memcpy(lb->res, lb->saved.comp_bytes, size); /* its walks done before the save */
        for (uint32_t j = 0; j < size; j++) { /* and its guesses and bounds, so as not to make them again */
            const uint8_t *g = lb->saved.comp_guesses + (size_t)j * TB_GUESS_BYTES;
            lb->lv.hint[nodes[j]] = g[0];
            lb->lv.bound[nodes[j]] = (uint16_t)(g[1] | g[2] << 8);
        }
        lb->lv.hints_given = true;
        free(lb->saved.comp_bytes);
        free(lb->saved.comp_guesses);
        lb->saved.comp_bytes = lb->saved.comp_guesses = NULL;
    }
    const int rc = gb_tbf_solve_component(&lb->lv, nodes, size, lb->res, &lb->st->unknown, &lb->st->walk_nodes);
    lb->lv.hints_given = false;
    if (rc == GB_ENOMEM)
        return gb_fail(err, GB_ENOMEM, "out of memory (path)");
    return rc; /* GB_ESTOPPED or a save's error: its message is in err already */
}

/* A level: its components (level.c, a level's index is its node), each solved as it pops (sinks
 * first) by sadeqa_build.c's walks; with bo->resume, from the level's saved progress if any. */
static int build_level(gb_tables *t, int k, uint8_t *out, const char *dir, const gb_tables_build_opts *bo,
                       gb_tb_stats *st, gb_error *err)
{
    const uint64_t N = gb_tb_level_size(k);
    if (N >= GB_TB_SCC_MAX_NODES)
        return gb_fail(err, GB_EINVAL, "the %d-stone level is too large for this builder", k);
    gb_tbf_init();
    gb_tb_ticker bt;
    gb_tb_ticker_start(&bt, bo, k, N);
    level_build lb = {.lv = {.r = t->r, .o = &t->o, .k = k, .cur = out, .budget = bo->budget, .jobs = bo->jobs,
                             .ticker = &bt},
                      .res = malloc(N), .st = st, .t = t, .dir = dir, .bo = bo, .N = N,
                      .err = err};
    gb_tb_saver_start(&lb.saver, bo);
    if (gb_tb_saver_active(&lb.saver)) {
        lb.lv.pause = save_due;
        lb.lv.checkpoint = save_progress;
        lb.lv.save_user = &lb;
    }
    lb.lv.hint = calloc(N, 1);
    lb.lv.bound = calloc(N, sizeof *lb.lv.bound);
    for (int j = 1; j < k; j++)
        lb.lv.lower[j] = t->level[j].bytes;
    gb_tb_scc scc = {.max_children = 8, .children = level_children, .component = solve_component,
                     .poll = lb.lv.pause ? search_poll : NULL, .user = &lb};
    int rc = gb_tb_scc_alloc(&scc, N, err);
    if (rc == GB_OK && (!lb.res || !lb.lv.hint || !lb.lv.bound))
        rc = gb_fail(err, GB_ENOMEM, "out of memory for the %d-stone level (%llu positions)", k,
                     (unsigned long long)N);
    int loaded = 0;
    if (rc == GB_OK && bo->resume && (loaded = gb_tb_progress_load(&gb_tb_sadeqa_game, t, dir, k, N, bo->budget, out,
                                                                  &lb.saved, err)) < 0)
        rc = loaded;
    if (rc == GB_OK) {
        if (loaded) { /* the counts of the walks done before the save */
            st->walk_nodes = lb.saved.walk_nodes;
            st->unknown = lb.saved.unknown;
            st->seconds_before = lb.saved.seconds;
            st->cpu_before = lb.saved.cpu_seconds;
        } else {
            memset(out, 0, N);
        }
        gb_tb_saver_saved(&lb.saver);
        rc = gb_tb_scc_run(&scc, (uint32_t)N, st, err);
    }
    if (rc == GB_OK)
        for (uint64_t i = 0; i < N; i++) /* the file's "not known" */
            if (out[i] == TBF_UNKNOWN_BYTE)
                out[i] = TB_UNKNOWN_BYTE;
    gb_tb_scc_free(&scc);
    free(lb.res);
    free(lb.lv.hint);
    free(lb.lv.bound);
    free(lb.saved.comp_bytes);
    free(lb.saved.comp_guesses);
    gb_tbf_level_free(&lb.lv);
    return rc;
}

/* ---- files (file.c) ---- */
/* The options that decide a value: skip-origin and endless (seeds only sets the start, max-plies
 * is not part of a value: docs/tables.md). */
static void value_options(const gb_rules *r, const gb_options *o, gb_options *out, char *buf, size_t len)
{
    gb_options_default(r, out);
    out->v[GB_OPT_SKIP_ORIGIN] = o->v[GB_OPT_SKIP_ORIGIN];
    out->v[GB_OPT_ENDLESS] = o->v[GB_OPT_ENDLESS];
    gb_options_format(r, out, buf, len);
}

int gb_tables_build(const char *variant, const char *options, int stones, const char *dir,
                    long long budget, gb_tables_progress_fn progress, void *user, gb_error *err)
{
    const gb_tables_build_opts bo = {.budget = budget, .jobs = 1, .progress = progress, .user = user};
    return gb_tables_build_with(variant, options, stones, dir, &bo, err);
}

int gb_tables_build_with(const char *variant, const char *options, int stones, const char *dir,
                         const gb_tables_build_opts *bo, gb_error *err)
{
    if (!dir || !*dir || !bo)
        return bo ? gb_fail(err, GB_EINVAL, "argument %s is NULL or empty", "dir")
                  : gb_fail(err, GB_EINVAL, "argument %s is NULL", "opts");
    const gb_rules *r = gb_rules_find(variant ? variant : "");
    if (!r)
        return gb_fail(err, GB_EINVAL, "unknown variant '%s'", variant ? variant : "");
    if (strcmp(r->name, "bulto") == 0) /* bulto.c: levels by free stones */
        return gb_tb_bulto_build(r, options, stones, dir, bo, err);
    if (strcmp(r->name, "akil") == 0) /* akil.c: a round's end, levels by seeds on the board */
        return gb_tb_akil_build(r, options, stones, dir, bo, err);
    if (strcmp(r->name, "sadeqa") != 0)
        return gb_fail(err, GB_EINVAL, "tables are built for sadeqa, bulto and akil only, not %s (docs/tables.md)",
                       r->name);
    if (stones < 1 || stones > TB_MAX_STONES)
        return gb_fail(err, GB_EINVAL, "--stones must be 1 to %d, not %d", TB_MAX_STONES, stones);
    gb_options o;
    int rc = gb_options_parse(r, options, &o, err);
    if (rc)
        return rc;
    gb_tb_ways_init();
    gb_tables *t = calloc(1, sizeof *t);
    if (!t)
        return gb_fail(err, GB_ENOMEM, "out of memory");
    t->r = r;
    value_options(r, &o, &t->o, t->options, sizeof t->options);
    rc = gb_tb_build_levels(&gb_tb_sadeqa_game, t, dir, stones, bo, err);
    free(t);
    return rc;
}

static uint64_t level_size(const gb_tables *t, int k)
{
    (void)t;
    return gb_tb_level_size(k);
}

const gb_tb_game gb_tb_sadeqa_game = {
    .name = "sadeqa",
    .level_size = level_size,
    .value_options = value_options,
    .build_level = build_level,
};

int gb_tables_open(gb_tables **out, const char *dir, int verify, gb_error *err)
{
    if (!out || !dir || !*dir)
        return out ? gb_fail(err, GB_EINVAL, "argument %s is NULL or empty", "dir")
                   : gb_fail(err, GB_EINVAL, "argument %s is NULL", "out");
    gb_tb_ways_init();
    if (gb_tb_file_in(&gb_tb_bulto_game, dir))
        return gb_tb_open_levels(&gb_tb_bulto_game, out, dir, verify, err);
    if (gb_tb_file_in(&gb_tb_akil_game, dir))
        return gb_tb_open_levels(&gb_tb_akil_game, out, dir, verify, err);
    return gb_tb_open_levels(&gb_tb_sadeqa_game, out, dir, verify, err);
}

int gb_tables_describe(const gb_tables *t, char *buf, size_t len)
{
    if (strcmp(t->r->name, "bulto") == 0)
        return gb_tb_bulto_describe(t, buf, len);
    if (strcmp(t->r->name, "akil") == 0)
        return gb_tb_akil_describe(t, buf, len);
    gb_text x = {buf, len, 0};
    if (len)
        buf[0] = 0;
    gb_text_add(&x, "variant sadeqa\noptions %s\nstones %d\n", t->options[0] ? t->options : "defaults",
                t->stones);
    gb_tb_describe_levels(t, &x);
    return (int)x.used;
}

int gb_tables_stones(const gb_tables *t) { return t ? t->stones : 0; }

/* ---- probing ---- */
static bool gb_board_taken_eq(const gb_pos *a, const gb_pos *b)
{
    return a->store[0] == b->store[0] && a->store[1] == b->store[1];
}

int gb_tb_value(const gb_tables *t, const gb_options *o, const gb_pos *p, const gb_seen *rec,
                long long node_limit, int *margin)
{
    if (t && strcmp(t->r->name, "bulto") == 0)
        return gb_tb_bulto_value(t, o, p, rec, node_limit, margin);
    if (t && strcmp(t->r->name, "akil") == 0)
        return gb_tb_akil_value(t, o, p, rec, node_limit, margin);
    if (!t || strcmp(t->r->name, "sadeqa") != 0 || o->v[GB_OPT_SKIP_ORIGIN] != t->o.v[GB_OPT_SKIP_ORIGIN] ||
        o->v[GB_OPT_ENDLESS] != t->o.v[GB_OPT_ENDLESS] || (p->flags & GB_F_OVER) || p->mark_s ||
        p->mark_n || p->own_n != 0xff00u)
        return 0;
    /* S5 gives the stones to who moved last: the table takes him to be the other player */
    if (!!(p->flags & GB_F_LAST_N) != (p->to_move == GB_SOUTH))
        return 0;
    const int k = board_stones(p);
    if (k > t->stones)
        return 0;
    const int stores = p->store[p->to_move] - p->store[!p->to_move];
    if (k == 0) {
        *margin = stores;
        return 1;
    }
    const uint8_t *lv = t->level[k].bytes;
    const uint64_t i = pos_index(p, k);
    /* the positions of p's capture-free stretch before it, latest last */
    int from = rec ? rec->len - 1 : 0;
    if (rec && rec->len > 0) {
        while (from > 0 && gb_board_taken_eq(&rec->pos[from - 1], p))
            from--;
    }
    const int before = rec && rec->len > 0 ? rec->len - 1 - from : 0;
    if (lv[i] == TB_UNKNOWN_BYTE)
        return 0;
    if (!(lv[i] & 0x80) || before == 0 || !(lv[pos_index(&rec->pos[rec->len - 2], k)] & 0x80)) {
        *margin = stores + entry_value(lv[i]);
        return 1;
    }
    /* on a cycle, after positions that may share it: walk on with the record */
    walker w = {.r = t->r, .o = &t->o, .k = k, .t = t, .node_limit = node_limit};
    memset(w.killer, -1, sizeof w.killer);
    w.cap = before + 1 + 64;
    w.path = malloc((size_t)w.cap * sizeof *w.path);
    if (!w.path)
        return 0;
    for (int j = from; j < rec->len; j++)
        w.path[w.len++] = pos_index(&rec->pos[j], k);
    int v = walk(&w, p, -TB_MAX_STONES - 1, TB_MAX_STONES + 1);
    free(w.path);
    if (w.stopped)
        return 0;
    *margin = stores + v;
    return 1;
}

bool gb_tb_round_end(const gb_tables *t, const gb_options *o, const gb_pos *c, int margin, gb_pos *end)
{
    return t && strcmp(t->r->name, "akil") == 0 && gb_tb_akil_round_end(t, o, c, margin, end);
}

static int option_slot(const gb_rules *r, const char *key)
{
    for (int i = 0; i < r->num_options; i++)
        if (strcmp(r->options[i].key, key) == 0)
            return r->options[i].slot;
    return -1;
}

int gb_tables_probe(const gb_tables *t, const gb_game *g, int *margin)
{
    if (!t || !g || gb_game_rules(g) != t->r)
        return 0;
    /* L'ab al-Akil: the tables give a round's seed margin, which is the game's result only with
     * rounds=1 (a match is scored by gains: the search scores the round's end, docs/tables.md) */
    if (strcmp(t->r->name, "akil") == 0) {
        const gb_options *o = gb_game_options(g);
        const int slot = option_slot(t->r, "rounds");
        if (slot < 0 || o->v[slot] != 1)
            return 0;
    }
    return gb_tb_value(t, gb_game_options(g), gb_game_pos(g), gb_game_seen(g), 1000000, margin);
}
