/* sadeqa_build.c — the fast parts of the Sadeqa III table builder (issue 23 §1; docs/tables.md).
 *
 * The walks inside a component are the same exact alpha-beta over simple paths as tables.c's
 * walk (the same moves and values; the moves that walk on ordered by a guess of their values,
 * which the probe has no use for), on a raw board instead of the game object: callgrind on `--stones 6` put half the old builder's instructions
 * in ranking (a loop a stone), a quarter in gen's copies of the whole position, and the rest in
 * the path's linear scan. Here a move is the game's 128-bit lap (S2–S4, T1 with the same lap
 * limit and cycle check), a rank is two loads a hole, and the path is also a hash set. The
 * walks of one component are independent of each other (each reads only lower levels and
 * finished components, and writes its own byte), so a large component's walks are spread over
 * threads; the result cannot depend on how many. */
#include "sadeqa_build.h"

#include <assert.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SIZEOF_INT128__) && !defined(__wasm__) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define TBF_WIDE 1
__extension__ typedef unsigned __int128 tbf_u128;
#endif

/* W[n][s]: distributions of s stones over n holes. The rank's sum over a hole of h stones,
 * sum over v < h of W[n-1][rem - v], is W[n][rem] - W[n][rem - h] (stars and bars). */
static uint64_t W[17][TB_MAX_STONES + 1];
static uint64_t E[16][TB_MAX_STONES + 1]; /* gb_tbf_rank's terms */
#ifdef TBF_WIDE
/* the game's lap (sadeqa.c): hole h emptied, then 1 more on each of the next r holes */
static tbf_u128 lap_run[16][16], keep[16], ones;
#endif
static atomic_int ready;


void gb_tbf_init(void)
{
    if (atomic_load(&ready))
        return;
    for (int n = 0; n <= 16; n++)
        for (int s = 0; s <= TB_MAX_STONES; s++)
            W[n][s] = n == 0 ? (s == 0) : (s == 0 ? 1 : W[n - 1][s] + W[n][s - 1]);
    for (int i = 1; i < 16; i++)
        for (int s = 0; s <= TB_MAX_STONES; s++)
            E[i][s] = i == 15 ? W[2][s] : s ? W[17 - i][s - 1] : 0;
#ifdef TBF_WIDE
    ones = 0;
    for (int i = 0; i < 16; i++)
        ones |= (tbf_u128)1 << (8 * i);
    for (int f = 0; f < 16; f++) {
        keep[f] = ~((tbf_u128)0xff << (8 * f));
        for (int r = 0; r < 16; r++) {
            tbf_u128 a = 0;
            for (int i = 0; i < 16; i++)
                if (((i - f - 1) & 15) < r)
                    a |= (tbf_u128)1 << (8 * i);
            lap_run[f][r] = a;
        }
    }
#endif
    atomic_store(&ready, 1);
}

/* The rank as sum over holes i < 15 of W[16-i][rem_i] - W[16-i][rem_i+1], rem_i the stones in
 * holes i.., regrouped by rem_i (W[n+1][s] - W[n][s] = W[n+1][s-1]): W[16][k] minus one term a
 * hole, E[i][rem_i]. The rem_i come from prefix sums of the bytes (one multiplication a word, no
 * sum reaching 256), so the 15 loads do not wait on each other. */
static inline uint64_t rank_of(const uint8_t *b, int k)
{
    uint64_t lo, hi;
    memcpy(&lo, b, 8);
    memcpy(&hi, b + 8, 8);
    const uint64_t plo = lo * 0x0101010101010101ull, phi = hi * 0x0101010101010101ull;
    const int slo = (int)(plo >> 56);
    uint64_t r = W[16][k];
    for (int i = 1; i < 9; i++) /* rem_i = k - (stones of holes 0..i-1) */
        r -= E[i][k - (int)((plo >> (8 * (i - 1))) & 0xff)];
    for (int i = 9; i < 16; i++)
        r -= E[i][k - slo - (int)((phi >> (8 * (i - 9))) & 0xff)];
    return r;
}

uint64_t gb_tbf_rank(const uint8_t b[16], int k) { return rank_of(b, k); }

void gb_tbf_unrank(uint64_t r, int k, uint8_t b[16])
{
    gb_tbf_init();
    int rem = k;
    for (int i = 0; i < 15; i++) {
        /* the largest h with W[n][rem] - W[n][rem - h] <= r */
        const uint64_t top = W[16 - i][rem];
        int h = 0;
        while (h < rem && top - W[16 - i][rem - h - 1] <= r)
            h++;
        r -= top - W[16 - i][rem - h];
        b[i] = (uint8_t)h;
        rem -= h;
    }
    b[15] = (uint8_t)rem;
}

#ifdef TBF_WIDE
static inline int cnt(tbf_u128 v, int h) { return (uint8_t)(v >> (8 * h)); }

/* S2–S3 from hole h of v (not empty), skip-origin=no: the hole where the last lap ended on an
 * empty hole (S4), or -1 when the sowing is never-ending (T1: the game's lap limit, or a lap-end
 * state seen again, found by Brent's method after the first GB_LAP_QUICK laps, as sadeqa.c). */
static inline int sow(tbf_u128 *vp, int h)
{
    tbf_u128 v = *vp, saved = 0;
    long laps = 0, power = 1, lambda = 0;
    int saved_h = -1;
    for (;;) {
        const int stones = cnt(v, h);
        v = (v & keep[h]) + lap_run[h][stones & 15];
        if (stones >= 16)
            v += ones * (unsigned)(stones >> 4);
        const int pos = (h + stones) & 15;
        if (cnt(v, pos) > 1) { /* S3: relay */
            if (laps < GB_LAP_QUICK) {
                laps++;
            } else {
                if (++laps >= GB_LAP_LIMIT || (saved_h == pos && v == saved))
                    return -1;
                if (saved_h < 0 || ++lambda == power) {
                    saved = v;
                    saved_h = pos;
                    if (lambda == power)
                        power *= 2;
                    lambda = 0;
                }
            }
            h = pos;
            continue;
        }
        *vp = v;
        return pos;
    }
}
#endif

int gb_tbf_children(const gb_rules *r, const gb_options *o, const uint8_t b[16], int side,
                    gb_tbf_child out[8])
{
    int n = 0;
#ifdef TBF_WIDE
    if (!o->v[GB_OPT_SKIP_ORIGIN]) {
        const bool ends_game = o->v[GB_OPT_ENDLESS] != 0;
        tbf_u128 v0;
        memcpy(&v0, b, 16);
        for (int h = side * 8; h < side * 8 + 8; h++) {
            if (!b[h])
                continue;
            gb_tbf_child *c = &out[n];
            tbf_u128 v = v0;
            const int pos = sow(&v, h);
            c->hole = (uint8_t)h;
            c->gain = 0;
            if (pos < 0) {
                if (!ends_game)
                    continue; /* T1, endless=illegal: not a legal move */
                c->kind = TBF_ENDLESS;
                memcpy(c->board, b, 16);
                n++;
                continue;
            }
            c->kind = TBF_QUIET;
            const int opp = 15 - pos;
            if ((pos >= 8) == side && cnt(v, opp)) { /* S4: capture the opposite hole */
                c->gain = (uint8_t)cnt(v, opp);
                c->kind = TBF_CAPTURE;
                v &= keep[opp];
            }
            memcpy(c->board, &v, 16);
            n++;
        }
        return n;
    }
#endif
    /* skip-origin=yes (or no 128-bit integers): the game's own gen */
    gb_pos p, ch[8];
    gb_move mv[8];
    memset(&p, 0, sizeof p);
    memcpy(p.holes, b, 16);
    p.to_move = (uint8_t)side;
    p.own_n = 0xff00u;
    p.round = 1;
    p.flags = side == GB_SOUTH ? GB_F_LAST_N : 0;
    const int m = r->gen(o, &p, mv, ch);
    for (int j = 0; j < m; j++) {
        gb_tbf_child *c = &out[n++];
        c->hole = mv[j].hole;
        c->gain = ch[j].store[side];
        c->kind = ch[j].flags & GB_F_ENDLESS ? TBF_ENDLESS : c->gain ? TBF_CAPTURE : TBF_QUIET;
        memcpy(c->board, c->kind == TBF_ENDLESS ? b : ch[j].holes, 16);
    }
    return n;
}

int gb_tbf_level_children(const gb_tbf_level *lv, uint64_t i, uint32_t *out)
{
    uint8_t b[16];
    gb_tbf_child ch[8];
    gb_tbf_unrank(i / 2, lv->k, b);
    const int side = (int)(i & 1);
    const int n = gb_tbf_children(lv->r, lv->o, b, side, ch);
    int m = 0;
    for (int j = 0; j < n; j++)
        if (ch[j].kind == TBF_QUIET)
            out[m++] = (uint32_t)(rank_of(ch[j].board, lv->k) * 2 + (uint64_t)!side);
    return m;
}

/* ---- the walk (tables.c's walk and move_value, on raw boards) ---- */
#define TBF_KILLER_DEPTH 256
typedef struct tbf_walker {
    const gb_tbf_level *lv;
    uint64_t *path;
    uint32_t len, cap;
    uint64_t *set; /* the path's indices + 1, open addressing (0: empty) */
    uint32_t mask;
    long long nodes, limit;
    bool stopped, oom;
    int8_t killer[TBF_KILLER_DEPTH]; /* by path length: the hole of the last cut there, or -1 */
} tbf_walker;

static inline uint32_t slot_of(const tbf_walker *w, uint64_t i)
{
    uint64_t x = (i + 1) * 0x9e3779b97f4a7c15ull;
    return (uint32_t)(x >> 40) & w->mask;
}

static bool set_has(const tbf_walker *w, uint64_t i)
{
    for (uint32_t s = slot_of(w, i);; s = (s + 1) & w->mask) {
        if (w->set[s] == i + 1)
            return true;
        if (!w->set[s])
            return false;
    }
}

static void set_add(tbf_walker *w, uint64_t i)
{
    uint32_t s = slot_of(w, i);
    while (w->set[s])
        s = (s + 1) & w->mask;
    w->set[s] = i + 1;
}

/* Removing the latest index: every index added after it is gone, and none added before it
 * probed past its slot (empty then), so clearing the slot keeps every probe sequence whole. */
static void set_del(tbf_walker *w, uint64_t i)
{
    uint32_t s = slot_of(w, i);
    while (w->set[s] != i + 1)
        s = (s + 1) & w->mask;
    w->set[s] = 0;
}

static bool push(tbf_walker *w, uint64_t i)
{
    if (w->len == w->cap || 2 * (uint64_t)(w->len + 1) > (uint64_t)w->mask + 1) {
        uint32_t cap = w->cap ? 2 * w->cap : 256;
        uint64_t *np = realloc(w->path, (size_t)cap * sizeof *np);
        uint64_t *ns = calloc((size_t)cap * 4, sizeof *ns);
        if (!np || !ns) {
            if (np)
                w->path = np;
            free(ns);
            w->stopped = w->oom = true;
            return false;
        }
        w->path = np;
        w->cap = cap;
        free(w->set);
        w->set = ns;
        w->mask = cap * 4 - 1;
        for (uint32_t j = 0; j < w->len; j++)
            set_add(w, w->path[j]);
    }
    w->path[w->len++] = i;
    set_add(w, i);
    return true;
}

static inline void pop(tbf_walker *w) { set_del(w, w->path[--w->len]); }

static inline int entry_value(uint8_t b) { return (int)(b & 0x7f) - 64; }
static inline int bound_lower(uint16_t bd) { return (int)(bd & 0xff) - 64; }
static inline int bound_upper(uint16_t bd) { return (int)(bd >> 8) - 64; }
static inline uint16_t bound_pack(int lower, int upper) { return (uint16_t)((lower + 64) | (upper + 64) << 8); }

/* The value for the mover (side) of capture c (S4): the stones taken less the value of the
 * lower level's position for the other side, which is history-free (a capture changes what T2
 * compares); *known false when that level does not know it (its byte 0: the stones taken). */
static inline int capture_value(const gb_tbf_level *lv, const gb_tbf_child *c, int side, bool *known)
{
    const int g = c->gain, kk = lv->k - g;
    *known = true;
    if (kk <= 0)
        return g;
    const uint8_t e = lv->lower[kk][rank_of(c->board, kk) * 2 + (uint64_t)!side];
    *known = e != 0;
    return e ? g - entry_value(e) : g;
}

static inline int rows_margin(const uint8_t *b, int side)
{
    int row[2] = {0, 0};
    for (int i = 0; i < 16; i++)
        row[i >= 8] += b[i];
    return row[side] - row[!side];
}

/* The order of the moves that walk on (order[0..n), hole order when called; ci[i] the index of
 * child i): best first by the guess of their values (lv->hint, below), then the move that last
 * cut the walk at this depth (a killer; this walk's own, so the order depends on nothing but the
 * walk's start and the guesses), ties in hole order. Without guesses (lv->hint NULL), as
 * tables.c's walk: the killer, then the margin of the rows after the move for the mover (a
 * repetition is scored by the rows, T2). Level 12's walks visited 1,570 M positions in the rows'
 * order and 424 M in the guesses' (docs/tables.md). */
static void tbf_order_walks(const tbf_walker *w, const gb_tbf_child *ch, const uint64_t *ci,
                            int side, int *order, int n)
{
    const int depth = w->len < TBF_KILLER_DEPTH ? (int)w->len : TBF_KILLER_DEPTH - 1;
    const uint8_t *hint = w->lv->hint;
    int key[8];
    for (int j = 0; j < n; j++) {
        const int i = order[j];
        const bool killer = ch[i].hole == w->killer[depth];
        key[j] = hint ? 2 * (64 - hint[ci[i]]) + killer
                      : rows_margin(ch[i].board, side) + (killer ? 1000 : 0);
    }
    for (int a = 1; a < n; a++) { /* insertion sort, stable */
        const int x = order[a], kx = key[a];
        int c = a;
        for (; c > 0 && key[c - 1] < kx; c--) {
            order[c] = order[c - 1];
            key[c] = key[c - 1];
        }
        order[c] = x;
        key[c] = kx;
    }
}

/* The exact value of b (side to move), the last position of w's path, within [alpha, beta]
 * (fail-soft alpha-beta over simple paths: a value returned at or past a bound of the window is
 * a bound on the same side, and the true value lies beyond it).
 *
 * The window is clamped to [-k, k], k the stones on the board, so a mover who has found all k
 * stones stops at once instead of walking every other simple path in search of more. Why the
 * values stay exact, byte for byte:
 * - every value returned lies in [-k, k]: the leaves do (S5: -k; T2 and T1's end: a margin of
 *   the k stones by rows; a capture of g: g less a value of level k - g, so in [2g - k, k];
 *   another component's byte: a value of this level), and a node returns the largest of its
 *   children's (it has at least one move, so never its initial -TB_MAX_STONES - 1);
 * - the walk has no transposition table (a node is a path, whose value depends only on that
 *   path), so alpha-beta's guarantee holds for any window: a return r with alpha < r < beta is
 *   the value v, r <= alpha means v <= r, r >= beta means v >= r;
 * - at the root (solve_one, and tables.c's probe) the clamped window is [-k, k]: r >= k means
 *   k <= r <= v <= k, r <= -k means -k <= v <= r <= -k, so r = v either way, as with the full
 *   window. Inside, a child's window is its parent's negated, so already within [-k, k] and not
 *   empty: the clamp acts at the root and through it on every window below (with ±41 there, a
 *   reply worth all k stones never cut); the early return is for a caller's empty window.
 * The walk positions (nodes) do change: fewer (level 10: 218 M before, 138 M after). */
static int walk(tbf_walker *w, const uint8_t *b, int side, int alpha, int beta)
{
    const gb_tbf_level *lv = w->lv;
    if (w->stopped || (w->limit && w->nodes >= w->limit)) {
        w->stopped = true;
        return 0;
    }
    w->nodes++;
    /* the window clamped to [-k, k] (above); tables.c's walk does the same, so both still
     * visit the same positions */
    if (beta > lv->k)
        beta = lv->k;
    if (alpha < -lv->k)
        alpha = -lv->k;
    if (alpha >= beta)
        return alpha;
    gb_tbf_child ch[8];
    uint64_t ci[8];
    int order[8], nwalk = 0;
    const int n = gb_tbf_children(lv->r, lv->o, b, side, ch);
    if (n == 0) /* S5: the stones go to the other player, who moved last */
        return -lv->k;
    int best = -TB_MAX_STONES - 1;
    /* first the moves whose value is at hand (captures, exits, repetitions), in the order of the
     * moves; then those that walk on (tables.c's two passes) */
    for (int i = 0; i < n; i++) {
        int v;
        if (ch[i].kind == TBF_ENDLESS) { /* T1, ends-game: scored as T2 on the board before it */
            v = rows_margin(b, side);
        } else if (ch[i].kind == TBF_CAPTURE) { /* S4: a lower level's history-free position */
            bool known;
            v = capture_value(lv, &ch[i], side, &known);
            if (!known)
                w->stopped = true;
        } else {
            const uint64_t idx = rank_of(ch[i].board, lv->k) * 2 + (uint64_t)!side;
            if (lv->hint) /* read by the order below, if it walks on: its miss beside cur's */
                __builtin_prefetch(lv->hint + idx);
            /* a child is in this component or in one solved before it (Tarjan's order); the
             * bytes of this one are written when it is done, so 0 here means "this component" */
            const uint8_t e = lv->cur[idx];
            if (e == TBF_UNKNOWN_BYTE) {
                w->stopped = true;
                v = 0;
            } else if (e) { /* another component, solved already */
                v = -entry_value(e);
            } else if (set_has(w, idx)) { /* T2: stones to the owner of their row */
                v = -rows_margin(ch[i].board, !side);
            } else {
                /* the child's bounds, good whatever the path (below): its value when they meet
                 * (such a child is never pushed, so never on a path), or a cut when they decide */
                const uint16_t bd = lv->bound ? lv->bound[idx] : 0;
                const int lo = -bound_upper(bd), hi = -bound_lower(bd); /* the move's, for the mover */
                if (!bd || (lo != hi && hi > alpha && lo < beta)) {
                    ci[i] = idx;
                    order[nwalk++] = i;
                    continue;
                }
                v = lo == hi ? lo : hi <= alpha ? hi : lo; /* exact; at most hi <= alpha; at least lo >= beta */
            }
        }
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
    tbf_order_walks(w, ch, ci, side, order, nwalk);
    const int depth = w->len < TBF_KILLER_DEPTH ? (int)w->len : TBF_KILLER_DEPTH - 1;
    for (int j = 0; j < nwalk; j++) {
        const int i = order[j];
        const uint16_t bd = lv->bound ? lv->bound[ci[i]] : 0;
        int v;
        if (bd && -bound_lower(bd) <= alpha) { /* alpha rose past what it can give since */
            v = -bound_lower(bd);
        } else {
            if (!push(w, ci[i]))
                return 0;
            v = -walk(w, ch[i].board, !side, -beta, -alpha);
            pop(w);
            if (w->stopped)
                return 0;
        }
        if (v > best) {
            best = v;
            if (v > alpha)
                alpha = v;
            if (alpha >= beta) {
                w->killer[depth] = (int8_t)ch[i].hole;
                return best;
            }
        }
    }
    return best;
}

/* The byte of position i of a component of `size`: its exact value, or TBF_UNKNOWN_BYTE. */
static uint8_t solve_one(tbf_walker *w, uint64_t i, uint32_t size, uint64_t *unknown)
{
    uint8_t b[16];
    gb_tbf_unrank(i / 2, w->lv->k, b);
    w->len = 0;
    w->stopped = false;
    memset(w->killer, -1, sizeof w->killer); /* each walk its own killers: no thread's order */
    const long long before = w->nodes;
    w->limit = size > 1 && w->lv->budget > 0 ? before + w->lv->budget : 0;
    const uint16_t bd = w->lv->bound ? w->lv->bound[i] : 0;
    if (bd && bound_lower(bd) == bound_upper(bd)) /* its value whatever the history: no walk */
        return (uint8_t)((bound_lower(bd) + 64) | 0x80);
    if (!push(w, i))
        return 0;
    const int v = walk(w, b, (int)(i & 1), -TB_MAX_STONES - 1, TB_MAX_STONES + 1);
    pop(w);
    if (w->stopped) {
        ++*unknown;
        return TBF_UNKNOWN_BYTE;
    }
    return (uint8_t)((v + 64) | (size > 1 ? 0x80 : 0));
}

/* A thread's share of a component's walks (level.c's gb_tb_share): its own walker, the
 * component's ids and results shared (each walk writes only its own result). */
typedef struct tbf_worker {
    const uint32_t *ids;
    uint8_t *res; /* the bytes of ids, written to the level when all are done */
    uint32_t size;
    tbf_walker w;
    uint64_t unknown;
    bool (*pause)(void *user); /* lv->pause, for a large component (NULL: none) */
    void *pause_user;
    bool paused;
} tbf_worker;

#define TBF_CHUNK 64

static bool solve_chunk(void *arg, uint64_t from, uint64_t to, uint64_t *done)
{
    tbf_worker *x = arg;
    uint64_t s = from;
    while (s < to && x->res[s]) /* done before a pause, or in a saved build */
        s++;
    /* asked once a chunk with walks to do (so that going on from a save does not count the
     * chunks done): false stops every thread after its chunk under way */
    if (s < to && x->pause && x->pause(x->pause_user)) {
        x->paused = true;
        return false;
    }
    for (; s < to; s++)
        if (!x->res[s])
            x->res[s] = solve_one(&x->w, x->ids[s], x->size, &x->unknown);
    *done += to - from;
    return !x->w.oom;
}

static void walker_free(tbf_walker *w)
{
    free(w->path);
    free(w->set);
}

/* ---- before the walks: guesses to order them, bounds to cut them ----
 * A walk's cost is its move order: alpha-beta cuts soonest when the best move comes first. The
 * guess of a position of the component is its value one ply deep, where a move's value is exact
 * when it leaves the component (a capture, S4, read in a lower level; another component's byte;
 * S5; T1's end) and a move within it is worth the guess of its child, or, before that child has
 * one, what a repetition there would give (T2: the stones to the owner of their row).
 *
 * The bounds. Whatever the path that led to a position X (X last on it), its value lies in
 * [L(X), U(X)] if, for every move: a move leaving the component has its exact value e; a move to
 * a position c of the component is worth either the repetition r(c) (T2: c on the path) or minus
 * c's value with a longer path, so lies in [min(r, -U(c)), max(r, -L(c))]; and U(X), L(X) are the
 * largest upper and the largest lower ends over the moves (S5: no move, -k; a capture into a
 * position the lower level does not know: [2g - k, k]). Starting from [-k, k] everywhere, a
 * sweep that sets each position's bounds from its children's keeps them true (each is true of
 * any path by the induction above), and they only narrow. Where they meet, the value is the same
 * whatever the history: the walk takes it without walking (such a position is never pushed, so
 * never on a path, and a root whose bounds meet needs no walk at all), and where a child's bound
 * already fails the window the walk takes the bound (fail-soft: a bound on the side it fails),
 * both exactly what walking it would conclude. Level 11: 47% of the positions on cycles are
 * settled so, and the walks visit 25 M positions, not 124 M (docs/tables.md).
 *
 * Both come from TBF_SWEEPS sweeps over the component in Tarjan's order, one look at each
 * position's moves giving its guess and its bounds (a settled position keeps its value for a
 * guess and is not looked at again). A guess orders moves, a bound is true of every path: the
 * values stay the exact walks' (byte for byte the same tables); the sweeps run on one thread in a
 * fixed order, so the walks and their counts do not depend on --jobs. Four sweeps: eight settle
 * a few more positions (level 11: 24.6 M walk positions against 25.2 M) for twice the sweeps'
 * time, which is then most of a level's. */
#define TBF_SWEEPS 4

/* One look at position id: its guess and its bounds from its children's. true if either changed. */
static bool look(gb_tbf_level *lv, uint64_t id)
{
    uint8_t b[16];
    gb_tbf_unrank(id / 2, lv->k, b);
    const int side = (int)(id & 1), k = lv->k;
    gb_tbf_child ch[8];
    const int n = gb_tbf_children(lv->r, lv->o, b, side, ch);
    int best = -TB_MAX_STONES - 1, upper = -TB_MAX_STONES - 1, lower = -TB_MAX_STONES - 1;
    if (n == 0) /* S5 */
        best = upper = lower = -k;
    for (int i = 0; i < n; i++) {
        int v, hi, lo; /* the guess of the move's value, and its bounds */
        if (ch[i].kind == TBF_ENDLESS) { /* T1, ends-game: as T2 on the board before it */
            v = hi = lo = rows_margin(b, side);
        } else if (ch[i].kind == TBF_CAPTURE) { /* S4 */
            bool known;
            v = hi = lo = capture_value(lv, &ch[i], side, &known);
            if (!known) { /* the stones taken, then any value of k - g stones */
                hi = k;
                lo = 2 * ch[i].gain - k;
            }
        } else {
            const uint64_t idx = rank_of(ch[i].board, k) * 2 + (uint64_t)!side;
            const uint8_t e = lv->cur[idx];
            if (e == TBF_UNKNOWN_BYTE) { /* another component's, not known */
                v = 0;
                hi = k;
                lo = -k;
            } else if (e) { /* another component, solved */
                v = hi = lo = -entry_value(e);
            } else { /* this one: its guess (or a repetition's value, T2), and its bounds */
                const int rep = -rows_margin(ch[i].board, !side);
                const uint16_t bd = lv->bound[idx];
                v = lv->hint[idx] ? 64 - lv->hint[idx] : rep;
                hi = rep > -bound_lower(bd) ? rep : -bound_lower(bd);
                lo = rep < -bound_upper(bd) ? rep : -bound_upper(bd);
            }
        }
        if (v > best)
            best = v;
        if (hi > upper)
            upper = hi;
        if (lo > lower)
            lower = lo;
    }
    assert(best >= -k && best <= k && lower <= upper);
    upper = upper > k ? k : upper;
    lower = lower < -k ? -k : lower;
    const uint8_t guess = (uint8_t)(best + 64);
    const uint16_t bd = bound_pack(lower, upper);
    const bool changed = lv->hint[id] != guess || lv->bound[id] != bd;
    lv->hint[id] = guess;
    lv->bound[id] = bd;
    return changed;
}

/* A large component's sweeps are minutes (level 16: half an hour on one thread): every
 * TBF_SWEEP_POLL positions they ask lv->pause, and a save then is one without this component
 * (its sweeps are made again after a stop). */
#define TBF_SWEEP_POLL (1u << 14)

/* The guesses and bounds of a component: GB_OK, or what lv->checkpoint returned. */
static int prepare_component(gb_tbf_level *lv, const uint32_t *ids, uint32_t size)
{
    for (uint32_t j = 0; j < size; j++)
        lv->bound[ids[j]] = bound_pack(-lv->k, lv->k);
    bool changed = true;
    for (int s = 0; s < TBF_SWEEPS && changed; s++) {
        changed = false;
        for (uint32_t j = 0; j < size; j++) {
            if (lv->pause && lv->checkpoint && j % TBF_SWEEP_POLL == TBF_SWEEP_POLL - 1 && lv->pause(lv->save_user)) {
                const int rc = lv->checkpoint(lv->save_user, NULL, 0, NULL);
                if (rc != GB_OK)
                    return rc;
            }
            const uint16_t bd = lv->bound[ids[j]];
            if (bound_lower(bd) == bound_upper(bd)) { /* settled: its value is its guess */
                lv->hint[ids[j]] = (uint8_t)(bd & 0xff);
                continue;
            }
            changed |= look(lv, ids[j]);
        }
    }
    return GB_OK;
}

/* A component this large has its walks paused for a save (lv->pause); the smaller ones are
 * over in moments, and tables.c saves between components. */
#define TBF_PAUSE_SIZE 4096

int gb_tbf_solve_component(gb_tbf_level *lv, const uint32_t *ids, uint32_t size, uint8_t *res,
                           uint64_t *unknown, long long *nodes)
{
    gb_tbf_init();
    if (lv->hint && lv->bound && size > 1 && !lv->hints_given) {
        const int rc = prepare_component(lv, ids, size);
        if (rc != GB_OK)
            return rc;
    }
    int jobs = gb_tb_jobs(lv->jobs);
    /* a small component is not worth a thread */
    if (size < 4 * TBF_CHUNK * (uint32_t)jobs)
        jobs = 1;
    tbf_worker xs[GB_TB_MAX_JOBS];
    memset(xs, 0, (size_t)jobs * sizeof xs[0]);
    if (lv->keep) /* its path and set: no allocation for each of the many small components */
        xs[0].w = *(tbf_walker *)lv->keep;
    const bool pausing = lv->pause && lv->checkpoint && size >= TBF_PAUSE_SIZE;
    for (int t = 0; t < jobs; t++) {
        xs[t].ids = ids;
        xs[t].res = res;
        xs[t].size = size;
        xs[t].w.lv = lv;
        xs[t].pause = pausing ? lv->pause : NULL;
        xs[t].pause_user = lv->save_user;
    }
    const gb_tb_shared job = {.count = size, .chunk = TBF_CHUNK, .run = solve_chunk, .workers = xs,
                              .worker_size = sizeof xs[0], .jobs = jobs, .ticker = lv->ticker, .ticked = lv->done};
    int rc = GB_OK;
    for (;;) {
        const int started = gb_tb_share(&job);
        bool paused = false;
        for (int t = 0; t < started; t++) { /* counted as they are done, for a save */
            *unknown += xs[t].unknown;
            *nodes += xs[t].w.nodes;
            xs[t].unknown = 0;
            xs[t].w.nodes = 0;
            if (xs[t].w.oom)
                rc = GB_ENOMEM;
            paused |= xs[t].paused;
            xs[t].paused = false;
        }
        if (rc != GB_OK || !paused)
            break;
        /* paused: the walks done so far saved, then on or stop */
        if ((rc = lv->checkpoint(lv->save_user, ids, size, res)) != GB_OK)
            break;
    }
    for (int t = 1; t < jobs; t++) /* those that never ran hold NULLs */
        walker_free(&xs[t].w);
    if (!lv->keep)
        lv->keep = malloc(sizeof(tbf_walker));
    if (lv->keep)
        *(tbf_walker *)lv->keep = xs[0].w;
    else
        walker_free(&xs[0].w);
    if (rc != GB_OK)
        return rc;
    for (uint32_t j = 0; j < size; j++)
        lv->cur[ids[j]] = res[j];
    lv->done += size;
    return rc;
}

void gb_tbf_level_free(gb_tbf_level *lv)
{
    if (lv->keep) {
        walker_free(lv->keep);
        free(lv->keep);
        lv->keep = NULL;
    }
}
