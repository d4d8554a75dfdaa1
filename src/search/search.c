/* search.c — alpha-beta search (negamax form) on the internal positions: iterative deepening,
 * a transposition table, move ordering (TT move, killers, history, captures), aspiration windows,
 * and a budget by depth, nodes or time. docs/ai.md explains every choice.
 *
 * Positions are gb_pos values settled by gb_settle (T1–T5) against a path repetition record, as
 * gb_perft does. Nothing is allocated per node: the searcher owns per-ply move buffers, the
 * record and the table, allocated once.
 *
 * Rules the search follows for every game:
 * - values are from the side to move's view; a ply that leaves the same player to move (a
 *   play-again, an opponent's pass) is not negated;
 * - a ply that ends the game is worth its exact result (faster wins preferred); a ply that ends a
 *   round is a leaf worth what the new round means for the match (gb_eval_round), with the
 *   expectation over a chance outcome drawn in it (Qelat's lots);
 * - a position whose moves cannot be listed (a layout) is a leaf, except at the root, where K
 *   candidates from the game's random move are searched;
 * - the table's key covers everything a value depends on: the position, the positions since the
 *   last capture on the path (repetition, T2, compares only with those) and, near max-plies, the
 *   ply (T3). So the table never carries a value across paths where it would differ. */
/* madvise and MADV_HUGEPAGE (table_alloc) are outside POSIX */
#define _DEFAULT_SOURCE
#include "search.h"

#include <stdlib.h>
#include <time.h>
/* The table is not used at the nodes whose children are leaves (depth 1). They are most of the
 * nodes expanded and the cheapest to search again, while a probe is a random access into
 * megabytes (about 150 ns on the machines measured, more than such a node's whole search), and
 * their many entries crowd out deeper ones. Time to depth 10-13 from bench --search's 8 positions,
 * against the table used everywhere: Sadeqa III 10-25% less, Bulto 10-18% less, Qelat 15% less;
 * also leaving out depth 2 was worse for Bulto (docs/performance.md). */
#define TT_MIN_DEPTH 2
#if defined(__linux__)
#include <sys/mman.h>
#endif

/* ---- the searcher ---- */
/* The table, zeroed. Its probes are random accesses over many megabytes: with 4 KB pages nearly
 * every one also misses the TLB, so on Linux the table asks for huge pages (transparent huge
 * pages in "madvise" mode, Debian's default), aligned to their 2 MB. Elsewhere, or if refused,
 * plain pages. */
static void *table_alloc(size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= (2u << 20)) {
        void *p = NULL;
        if (posix_memalign(&p, 2u << 20, bytes) == 0) {
            madvise(p, bytes, MADV_HUGEPAGE); /* advice only: failure leaves plain pages */
            memset(p, 0, bytes);
            return p;
        }
    }
#endif
    void *p = NULL; /* a bucket (TT_BUCKET entries) is one cache line */
    if (posix_memalign(&p, 64, bytes) != 0)
        return NULL;
    memset(p, 0, bytes);
    return p;
}

gb_searcher *gb_searcher_new(const gb_search_opts *o)
{
    gb_searcher *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->moves = malloc((MAX_PLY + 1) * sizeof *s->moves);
    s->children = malloc((MAX_PLY + 1) * sizeof *s->children);
    if (!s->moves || !s->children) {
        gb_searcher_free(s);
        return NULL;
    }
    int mb = o ? o->tt_mb : 0;
    if (mb >= 0) {
        if (mb == 0)
            mb = 16;
        size_t want = (size_t)mb << 20, n = TT_BUCKET;
        while (n * 2 * sizeof(tt_entry) <= want)
            n *= 2;
        s->tt = table_alloc(n * sizeof(tt_entry));
        if (!s->tt) {
            gb_searcher_free(s);
            return NULL;
        }
        s->tt_mask = n - 1;
    }
    return s;
}

void gb_searcher_free(gb_searcher *s)
{
    if (!s)
        return;
    gb_mcts_free_tree(s);
    free(s->tt);
    free(s->moves);
    free(s->children);
    free(s->rec.pos);
    free(s);
}

/* ---- time and budget ---- */
double gb_search_elapsed(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* Called before each node is visited: a node budget of N visits exactly N nodes at most (the
 * stopping node is not counted, nor searched); the clock is read every 256 nodes. */
static void check_budget(gb_searcher *s)
{
    if (!s->can_stop)
        return;
    if (s->node_limit && s->nodes >= s->node_limit)
        s->stop = true;
    else if (s->movetime_ms && (s->nodes & 255) == 0 && gb_search_elapsed(&s->t0) * 1000.0 >= (double)s->movetime_ms)
        s->stop = true;
}

/* ---- leaves that end a line ---- */
static int board_taken(const gb_pos *p) { return p->store[0] + p->store[1]; }

static bool same_outcome(const gb_pos *a, const gb_pos *b)
{
    return gb_pos_same(a, b) && a->flags == b->flags && a->winner == b->winner &&
           a->end_reason == b->end_reason && a->ply == b->ply;
}

static int line_end_value(const gb_rules *r, const gb_options *o, const gb_pos *c, int side, int plies)
{
    if (c->flags & GB_F_OVER)
        return gb_eval_final(c, side, plies);
    return gb_eval_round(r, o, c, side);
}

int gb_leaf_value(const gb_rules *r, const gb_options *o, const gb_pos *parent, const gb_pos *raw,
                  const gb_pos *settled, gb_record *rec, const gb_pos *rec0, int side, int plies,
                  gb_move *scratch_moves, gb_pos *scratch_children)
{
    (void)parent;
    int v1 = line_end_value(r, o, settled, side, plies);
    /* Chance: settle once more with the other outcome; if it differs, a chance outcome was drawn
     * in this ply, and the value is the expectation over both (each has probability 1/2). */
    int saved = rec->len;
    gb_pos c2 = *raw;
    uint8_t chance = 2;
    uint64_t rng = 0;
    gb_settle(r, o, &c2, rec, &chance, &rng, scratch_moves, scratch_children);
    rec->len = saved;
    if (saved > 0)
        rec->pos[0] = *rec0;
    if (same_outcome(settled, &c2))
        return v1;
    int v2 = line_end_value(r, o, &c2, side, plies);
    return (v1 + v2) / 2;
}

/* ---- the table ---- */
static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t tt_key_of(const gb_searcher *s, const gb_pos *p, uint64_t hash, uint64_t seg)
{
    uint64_t k = hash ^ mix(seg ^ 0x5e6ull);
    /* near the cap (T3) a value depends on the ply too */
    if ((long)s->o.v[GB_OPT_MAX_PLIES] - (long)p->ply <= MAX_PLY + 2)
        k ^= mix(0xca9000000ull + p->ply);
    /* who moved last is not part of the repetition hash, but decides Sadeqa III's S5 */
    if (p->flags & GB_F_LAST_N)
        k ^= mix(0x1a57ull);
    return k ? k : 1;
}

static uint64_t tt_key(const gb_searcher *s, int ply) { return tt_key_of(s, &s->node[ply], s->node[ply].hash, s->seg[ply]); }

/* The table is made of buckets of TT_BUCKET entries, one cache line each: a key may sit in any
 * entry of its bucket. A new entry replaces the one of its key, else the least useful one: the
 * shallowest, counting an entry of an earlier search as 8 plies shallower per search since.
 * (With one entry per key and every store replacing it, the many shallow nodes near the leaves
 * evicted the few deep ones: Sadeqa III's search to depth 13 visited 50% more nodes.) */
static tt_entry *tt_bucket(const gb_searcher *s, uint64_t key)
{
    return &s->tt[key & s->tt_mask & ~(size_t)(TT_BUCKET - 1)];
}
static int tt_age_of(const tt_entry *e) { return e->flag >> 3; }
static tt_entry *tt_find(const gb_searcher *s, uint64_t key)
{
    tt_entry *b = tt_bucket(s, key);
    for (int i = 0; i < TT_BUCKET; i++)
        if (b[i].key == key)
            return &b[i];
    return NULL;
}
static tt_entry *tt_victim(const gb_searcher *s, uint64_t key)
{
    tt_entry *b = tt_bucket(s, key), *v = b;
    int worst = 1 << 30;
    for (int i = 0; i < TT_BUCKET; i++) {
        if (b[i].key == key || b[i].key == 0)
            return &b[i];
        int worth = b[i].depth - 8 * ((s->tt_age - tt_age_of(&b[i])) & 31);
        if (worth < worst)
            worst = worth, v = &b[i];
    }
    return v;
}

/* mate scores are stored relative to the node */
static int to_tt(int v, int ply)
{
    return v >= GB_SCORE_WIN - 10000 ? v + ply : v <= -(GB_SCORE_WIN - 10000) ? v - ply : v;
}
static int from_tt(int v, int ply)
{
    return v >= GB_SCORE_WIN - 10000 ? v - ply : v <= -(GB_SCORE_WIN - 10000) ? v + ply : v;
}

/* ---- move ordering ---- */
static int hist_index(const gb_move *m) { return (m->kind * 32 + m->hole + 7 * m->refusals) & 127; }

/* A move as the table keeps it, in 16 bits: hole, kind, refusals. A layout (searched only at the
 * root) and a Bulto move refusing more than 255 offers are not kept. */
static uint16_t move_code(const gb_move *m)
{
    if (m->kind == GB_MOVE_LAYOUT || m->kind > 6 || m->hole > 31 || m->refusals > 255)
        return TT_NO_MOVE;
    return (uint16_t)(m->hole | m->kind << 5 | m->refusals << 8);
}
static gb_move move_of_code(uint16_t c)
{
    return (gb_move){.kind = (uint8_t)(c >> 5 & 7), .hole = (uint8_t)(c & 31), .refusals = (uint16_t)(c >> 8)};
}

/* The raw child of move m of p, exactly as the game's gen gives it, or false when m is not a
 * legal move of p (a killer from another line; a table move under a colliding key). */
static bool try_move(const gb_searcher *s, const gb_pos *p, const gb_move *m, gb_pos *child)
{
    gb_move mm = *m;
    *child = *p;
    int rc = s->r->play(&s->o, child, &mm, NULL, NULL, NULL);
    if (rc == GB_OK)
        return true;
    if (rc == GB_EENDLESS && s->o.v[GB_OPT_ENDLESS]) { /* T1, endless=ends-game: as gen */
        *child = *p;
        child->flags |= GB_F_ENDLESS;
        return true;
    }
    return false;
}

/* Staged move generation. Most expanded nodes are cut by the first move they try (in Sadeqa III
 * 90% of cutoffs, with the table's move or a killer, docs/ai.md), so simulating every move's
 * sowing to order them is mostly wasted. A node tries first its table move and its two killers,
 * each made alone (try_move); all its moves are generated only if none of them cuts, and those
 * already searched are then skipped. The order is the one a full generation sorts by
 * (table move, killer 1, killer 2, then immediate gain and history), except that the history
 * scores of the remaining moves are read after the first ones were searched. The first legal
 * candidate is found while the node is settled (gb_settle_expand's first_move), which also proves
 * that its player has a legal move (T5). A candidate is legal when the game's `play` accepts it,
 * which is when `gen` lists it (tests/test_search.c: alpha-beta equals a minimax over the listed
 * moves; fuzz/fuzz_search.c: the best move is a listed one), but for a Bulto list cut at
 * GB_MAX_MOVES, never met in play (docs/bulto.md). */
typedef struct stage_ctx {
    gb_searcher *s;
    int ply;   /* of the parent of the node being settled */
    int depth; /* the parent's */
} stage_ctx;

static uint64_t seg_of(const gb_pos *parent, uint64_t parent_seg, uint64_t parent_hash, const gb_pos *child)
{
    return board_taken(child) == board_taken(parent) ? parent_seg ^ parent_hash : 0;
}

/* Start loading the bucket of `key` (a random access into megabytes: see find_first_move). */
static void tt_prefetch(const gb_searcher *s, uint64_t key)
{
#if defined(__GNUC__)
    __builtin_prefetch(tt_bucket(s, key));
#else
    (void)s, (void)key;
#endif
}

static int find_first_move(void *ctx, const gb_pos *c, uint64_t hash)
{
    const stage_ctx *x = ctx;
    gb_searcher *s = x->s;
    const gb_pos *p = &s->node[x->ply];
    const int ply = x->ply + 1;
    gb_move *cand = s->stage[ply];
    int n = 0;
    /* the segment child_value will give the node */
    const uint64_t seg = seg_of(p, s->seg[x->ply], p->hash, c);
    uint64_t key = 0;
    const tt_entry *e = NULL;
    if (s->tt && x->depth - 1 >= TT_MIN_DEPTH) {
        key = tt_key_of(s, c, hash, seg);
        tt_prefetch(s, key);
    }
    /* While the entry loads (a random access into megabytes stalls for as long as a sowing
     * takes), make the first killer: it is a candidate whatever the entry holds, unless it is
     * not a legal move here. */
    const gb_move k0 = s->killers[ply][0];
    gb_pos k0_child;
    const bool k0_legal = try_move(s, c, &k0, &k0_child);
    if (s->tt && key && (e = tt_find(s, key)) != NULL && e->best != TT_NO_MOVE)
        cand[n++] = move_of_code(e->best);
    s->stage_made[ply] = 0;
    for (int k = 0; k < 2; k++) {
        const gb_move *m = &s->killers[ply][k];
        bool dup = k == 0 && !k0_legal;
        for (int i = 0; i < n; i++)
            dup = dup || gb_same_move(&cand[i], m);
        if (dup)
            continue;
        if (k == 0) { /* made already */
            s->stage_child[ply][n] = k0_child;
            s->stage_made[ply] |= 1u << n;
        }
        cand[n++] = *m;
    }
    s->nstage[ply] = n;
    for (int i = 0; i < n; i++) {
        gb_pos *made = &s->stage_child[ply][i];
        if (gb_same_move(&cand[i], &k0) && !k0_legal)
            continue; /* the table's move is the first killer, and not legal here */
        if (!(s->stage_made[ply] >> i & 1u)) {
            if (!try_move(s, c, &cand[i], made))
                continue;
            s->stage_made[ply] |= 1u << i;
        }
        s->stage_found[ply] = i;
        /* The move's child is searched first; if it will be expanded, it probes the table when it
         * is settled: start loading its entry now, while this node is settled. */
        if (s->tt && x->depth - 2 >= TT_MIN_DEPTH && ply + 1 < MAX_PLY - 1)
            tt_prefetch(s, tt_key_of(s, made, gb_pos_hash(made), seg_of(c, seg, hash, made)));
        return 1;
    }
    return 0;
}

/* ---- the search ---- */
static int search(gb_searcher *s, int ply, int depth, int alpha, int beta);

/* The value of the move of node `ply` whose raw child is `raw`, from that node's mover's view. */
static int child_value(gb_searcher *s, int ply, const gb_pos *raw, int depth, int alpha, int beta)
{
    const gb_pos *p = &s->node[ply];
    const int me = p->to_move;
    gb_pos c = *raw;
    const int saved = s->rec.len;
    uint8_t chance = 1;
    uint64_t rng = 0;
    s->pv_len[ply + 1] = 0;
    check_budget(s);
    if (s->stop)
        return 0; /* the iteration is discarded */
    s->nodes++;
    /* a child that will not be expanded (the horizon) is settled without listing its moves */
    const bool leaf = depth <= 1 || ply + 1 >= MAX_PLY - 1;
    stage_ctx sx = {s, ply, depth};
    bool staged = false;
    int n = leaf ? gb_settle_light(s->r, &s->o, &c, &s->rec, &chance, &rng, s->moves[ply + 1], s->children[ply + 1])
                 : gb_settle_expand(s->r, &s->o, &c, &s->rec, &chance, &rng, s->moves[ply + 1], s->children[ply + 1],
                                    find_first_move, &sx, &staged);
    int v;
    if (n < 0) { /* cannot happen: the record is sized for the deepest line */
        s->stop = true;
        v = 0;
    } else if (gb_ends_line(p, &c)) {
        s->rec.len = saved;
        if (saved > 0)
            s->rec.pos[0] = s->rec0;
        v = gb_leaf_value(s->r, &s->o, p, raw, &c, &s->rec, &s->rec0, me, ply + 1, s->scratch_moves,
                          s->scratch_children);
    } else if (n == 0 || leaf) {
        /* the horizon, or a position whose moves cannot be listed (a layout): evaluate */
        s->horizon = true;
        v = gb_eval(s->r, &s->o, &c, me);
    } else {
        s->node[ply + 1] = c;
        s->nmoves[ply + 1] = staged ? -1 : n;
        s->seg[ply + 1] = seg_of(p, s->seg[ply], p->hash, &c);
        if (c.to_move == me)
            v = search(s, ply + 1, depth - 1, alpha, beta);
        else
            v = -search(s, ply + 1, depth - 1, -beta, -alpha);
    }
    s->rec.len = saved;
    return v;
}

/* A searched move's value v: the best so far? Returns true on a cutoff (killers and history
 * updated). */
static bool take_value(gb_searcher *s, int ply, int depth, const gb_move *m, int v, int *best, gb_move *best_move,
                       int *alpha, int beta)
{
    if (v <= *best)
        return false;
    *best = v;
    *best_move = *m;
    s->pv[ply][0] = *m;
    int len = s->pv_len[ply + 1];
    if (len > MAX_PLY - ply - 1)
        len = MAX_PLY - ply - 1;
    memcpy(&s->pv[ply][1], &s->pv[ply + 1][0], (size_t)len * sizeof(gb_move));
    s->pv_len[ply] = len + 1;
    if (v <= *alpha)
        return false;
    *alpha = v;
    if (*alpha < beta)
        return false;
    if (!gb_same_move(m, &s->killers[ply][0])) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0] = *m;
    }
    int *h = &s->history[s->node[ply].to_move][hist_index(m)];
    *h += depth * depth;
    if (*h > 1 << 24)
        for (int a = 0; a < 2; a++)
            for (int b = 0; b < 128; b++)
                s->history[a][b] /= 2;
    return true;
}

static int search(gb_searcher *s, int ply, int depth, int alpha, int beta)
{
    const gb_pos *p = &s->node[ply];
    const int me = p->to_move;
    const int alpha0 = alpha;
    s->pv_len[ply] = 0;
    uint64_t key = 0;
    uint16_t tt_move = TT_NO_MOVE;
    tt_entry *e = NULL;
    if (s->tt && depth >= TT_MIN_DEPTH) {
        key = tt_key(s, ply);
        e = tt_find(s, key);
        if (e) {
            tt_move = e->best;
            bool deep_enough = s->tt_exact ? e->depth == depth : e->depth >= depth;
            if (ply > 0 && deep_enough) {
                int v = from_tt(e->value, ply);
                int flag = e->flag & 3;
                if (flag == TT_EXACT || (flag == TT_LOWER && v >= beta) || (flag == TT_UPPER && v <= alpha)) {
                    if (e->flag & TT_HORIZON) /* the stored search reached its horizon */
                        s->horizon = true;
                    return v;
                }
            }
        }
    }
    int best = -INF;
    gb_move best_move = {0};
    const bool horizon_above = s->horizon;
    s->horizon = false;
    gb_move tried[STAGED_MOVES];
    int ntried = 0, n = s->nmoves[ply];
    if (n < 0) {
        /* staged: the table move and killers found when the node was settled, the first legal
         * one already made */
        for (int i = s->stage_found[ply]; i < s->nstage[ply]; i++) {
            gb_pos made;
            const gb_pos *raw = &s->stage_child[ply][i];
            if (!(s->stage_made[ply] >> i & 1u)) {
                if (!try_move(s, p, &s->stage[ply][i], &made))
                    continue;
                raw = &made;
            }
            const gb_move m = s->stage[ply][i];
            tried[ntried++] = m;
            int v = child_value(s, ply, raw, depth, alpha, beta);
            if (s->stop) {
                s->horizon = true;
                return 0;
            }
            if (take_value(s, ply, depth, &m, v, &best, &best_move, &alpha, beta))
                goto store;
        }
        n = s->nmoves[ply] = s->r->gen(&s->o, p, s->moves[ply], s->children[ply]);
    }
    /* order: table move, killers, then immediate gain (captures, eats), then history */
    int order[GB_MAX_MOVES], count = 0;
    long key_of[GB_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        const gb_move *m = &s->moves[ply][i];
        bool done = false;
        for (int t = 0; t < ntried && !done; t++)
            done = gb_same_move(m, &tried[t]);
        if (done)
            continue;
        const gb_pos *c = &s->children[ply][i];
        long k = 1000L * (c->store[me] - p->store[me]) - 900L * (c->store[!me] - p->store[!me]);
        k += s->history[me][hist_index(m)] / 16;
        if (tt_move != TT_NO_MOVE && move_code(m) == tt_move)
            k += 1L << 40;
        else if (gb_same_move(m, &s->killers[ply][0]))
            k += 1L << 30;
        else if (gb_same_move(m, &s->killers[ply][1]))
            k += 1L << 29;
        order[count] = i;
        key_of[i] = k;
        count++;
    }
    for (int j = 0; j < count; j++) {
        /* selection sort, one step at a time: most nodes cut after the first moves */
        int bj = j;
        for (int k = j + 1; k < count; k++)
            if (key_of[order[k]] > key_of[order[bj]])
                bj = k;
        int t = order[j];
        order[j] = order[bj];
        order[bj] = t;
        const int i = order[j];
        int v = child_value(s, ply, &s->children[ply][i], depth, alpha, beta);
        if (s->stop) {
            s->horizon = true;
            return 0;
        }
        if (take_value(s, ply, depth, &s->moves[ply][i], v, &best, &best_move, &alpha, beta))
            break;
    }
store:
    if (s->tt && depth >= TT_MIN_DEPTH && !(ply == 0 && s->partial_root)) {
        e = tt_victim(s, key);
        e->key = key;
        e->value = to_tt(best, ply);
        e->depth = (int8_t)depth;
        e->flag = (uint8_t)((best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT) |
                            (s->horizon ? TT_HORIZON : 0) | (s->tt_age << 3));
        e->best = best > -INF ? move_code(&best_move) : TT_NO_MOVE;
    }
    s->horizon = s->horizon || horizon_above;
    return best;
}

/* ---- the root ---- */
int gb_search_prepare(gb_searcher *s, const gb_game *g, const gb_search_opts *o, int extra, gb_error *err)
{
    const gb_rules *r = gb_game_rules(g);
    const gb_options *opt = gb_game_options(g);
    if (s->r != r || memcmp(&s->o, opt, sizeof *opt) != 0) {
        if (s->tt)
            memset(s->tt, 0, (s->tt_mask + 1) * sizeof(tt_entry));
        memset(s->history, 0, sizeof s->history);
    }
    s->r = r;
    s->o = *opt;
    const gb_record *grec = gb_game_record(g);
    int cap = grec->len + MAX_PLY + 8 + extra;
    if (s->rec.cap < cap) {
        gb_pos *np = realloc(s->rec.pos, (size_t)cap * sizeof *np);
        if (!np)
            return gb_fail(err, GB_ENOMEM, "out of memory");
        s->rec.pos = np;
        s->rec.cap = cap;
    }
    s->rec.own = false;
    s->rec.len = grec->len;
    memcpy(s->rec.pos, grec->pos, (size_t)grec->len * sizeof *grec->pos);
    if (grec->len)
        s->rec0 = grec->pos[0];
    s->node[0] = *gb_game_pos(g);
    /* the root's segment: the positions since the last capture, before the root itself */
    uint64_t seg = 0;
    int taken = board_taken(&s->node[0]);
    for (int i = grec->len - 2; i >= 0 && board_taken(&grec->pos[i]) == taken; i--)
        seg ^= grec->pos[i].hash;
    s->seg[0] = seg;
    s->tt_exact = o->tt_exact;
    s->tt_age = (s->tt_age + 1) & 31;
    s->nodes = 0;
    s->stop = false;
    s->can_stop = false;
    memset(s->killers, 0, sizeof s->killers);
    clock_gettime(CLOCK_MONOTONIC, &s->t0);
    return GB_OK;
}

/* Fill the root's moves: the listed ones, or K candidates for a phase that cannot be listed. */
int gb_search_root_moves(gb_searcher *s, const gb_game *g, const gb_search_opts *o)
{
    const gb_rules *r = s->r;
    gb_pos *p = &s->node[0];
    (void)g;
    int n = r->gen(&s->o, p, s->moves[0], s->children[0]);
    if (n > 0) {
        if (o->nsearchmoves > 0) { /* keep only the moves asked for */
            int k = 0;
            for (int i = 0; i < n; i++)
                for (int j = 0; j < o->nsearchmoves; j++)
                    if (gb_same_move(&s->moves[0][i], &o->searchmoves[j])) {
                        s->moves[0][k] = s->moves[0][i];
                        s->children[0][k++] = s->children[0][i];
                        break;
                    }
            n = k;
        }
        return n;
    }
    if (!r->random_move && o->nsearchmoves <= 0)
        return 0;
    /* a phase whose moves cannot be listed (a layout): the moves asked for, or K candidates from
     * the game's random move, each searched */
    uint64_t rng = o->seed ^ 0xc0ffeeull;
    n = 0;
    for (int k = 0; n < ROOT_CANDIDATES && (o->nsearchmoves > 0 ? k < o->nsearchmoves : k < ROOT_CANDIDATES * 4); k++) {
        gb_move m;
        if (o->nsearchmoves > 0)
            m = o->searchmoves[k];
        else if (r->random_move(&s->o, p, &rng, &m) != GB_OK)
            break;
        bool dup = false;
        for (int i = 0; i < n && !dup; i++)
            dup = gb_same_move(&s->moves[0][i], &m);
        if (dup)
            continue;
        gb_pos c = *p;
        gb_move mm = m;
        int rc = r->play(&s->o, &c, &mm, NULL, &rng, NULL);
        if (rc == GB_EENDLESS && s->o.v[GB_OPT_ENDLESS]) {
            c = *p;
            c.flags |= GB_F_ENDLESS;
        } else if (rc != GB_OK) {
            continue;
        }
        s->moves[0][n] = m;
        s->children[0][n++] = c;
    }
    return n;
}

int gb_search(gb_searcher *s, const gb_game *g, const gb_search_opts *o, gb_search_result *res,
              gb_error *err)
{
    memset(res, 0, sizeof *res);
    if (gb_is_over(g))
        return gb_fail(err, GB_EOVER, "the game is over");
    int rc = gb_search_prepare(s, g, o, 0, err);
    if (rc)
        return rc;
    const gb_budget *b = &o->budget;
    int max_depth = b->depth > 0 ? b->depth : (b->nodes || b->movetime_ms) ? GB_SEARCH_MAX_DEPTH : 6;
    if (max_depth > GB_SEARCH_MAX_DEPTH)
        max_depth = GB_SEARCH_MAX_DEPTH;
    s->node_limit = b->nodes;
    s->movetime_ms = b->movetime_ms;
    int n = gb_search_root_moves(s, g, o);
    if (n <= 0)
        return gb_fail(err, GB_EILLEGAL, o->nsearchmoves > 0 ? "none of the moves to search is legal here (phase %s)" : "no move to search in phase %s", gb_phase(g));
    s->nmoves[0] = n;
    /* a root restricted to some moves, or to candidates of an unlistable phase, is not the
     * position's true value: it is not stored */
    s->partial_root = o->nsearchmoves > 0 || gb_legal_moves(g, s->scratch_moves, GB_MAX_MOVES) == 0;
    res->best = s->moves[0][0];
    int prev = 0;
    for (int d = 1; d <= max_depth; d++) {
        s->horizon = false;
        s->can_stop = d > 1 || b->nodes > 0; /* a node budget binds depth 1 too */
        int v;
        int window = 60;
        int lo = -INF, hi = INF;
        if (d >= 3 && !gb_score_is_win(prev)) {
            lo = prev - window;
            hi = prev + window;
        }
        for (;;) {
            v = search(s, 0, d, lo, hi);
            if (s->stop)
                break;
            if (v <= lo && lo > -INF) {
                lo = lo - 4 * window < -INF ? -INF : lo - 4 * window;
                window *= 4;
                if (window > 2000)
                    lo = -INF;
            } else if (v >= hi && hi < INF) {
                hi = hi + 4 * window > INF ? INF : hi + 4 * window;
                window *= 4;
                if (window > 2000)
                    hi = INF;
            } else {
                break;
            }
        }
        if (s->stop) {
            /* a node budget smaller than depth 1: the best of the root moves searched (tried
             * in order of immediate gain) */
            if (d == 1 && s->pv_len[0] > 0)
                res->best = s->pv[0][0];
            break;
        }
        prev = v;
        res->score = v;
        res->depth = d;
        if (s->pv_len[0] > 0) {
            res->best = s->pv[0][0];
            res->pv_len = s->pv_len[0] < GB_PV_MAX ? s->pv_len[0] : GB_PV_MAX;
            memcpy(res->pv, s->pv[0], (size_t)res->pv_len * sizeof(gb_move));
        }
        res->nodes = s->nodes;
        res->seconds = gb_search_elapsed(&s->t0);
        if (o->info)
            o->info(res, o->user);
        if (!s->horizon)
            break; /* every line ended within the depth: the value is exact */
        if (n == 1 && !b->depth && !b->nodes)
            break; /* a forced move, by time: no need to think */
        if (b->movetime_ms && res->seconds * 1000.0 > 0.6 * (double)b->movetime_ms)
            break; /* the next iteration would not finish in time */
        if (gb_score_is_win(v) && GB_SCORE_WIN - abs(v) < d)
            break; /* a forced result shorter than the depth */
    }
    res->best.chance = 0;
    for (int i = 0; i < res->pv_len; i++)
        res->pv[i].chance = 0;
    res->nodes = s->nodes;
    res->seconds = gb_search_elapsed(&s->t0);
    return GB_OK;
}

int gb_evaluate(const gb_game *g)
{
    const gb_pos *p = gb_game_pos(g);
    if (gb_is_over(g))
        return gb_eval_final(p, p->to_move, 0);
    return gb_eval(gb_game_rules(g), gb_game_options(g), p, p->to_move);
}
