/* mcts.c — Monte Carlo tree search (UCT) with uniformly random playouts on the rules core: an
 * independent second computer player. docs/ai.md explains the choices.
 *
 * - The tree lives in one array allocated once (on first use) in the searcher; when it is full
 *   the search goes on without growing it.
 * - Each node holds its settled position; a node's statistics are from the view of the player
 *   who chose the move into it (so a player moving twice in a row needs nothing special).
 * - A ply that ends the game or a round ends the line, as in alpha-beta: its result is exact
 *   (win 1, draw 1/2, loss 0), or for a round the match value squashed into (0, 1); a chance
 *   outcome in that ply (Qelat's lots) is taken as the expectation over both outcomes.
 * - Playouts draw moves (and chance outcomes) from the searcher's seeded random source; a
 *   phase whose moves cannot be listed (a layout) uses the game's random move. Everything is
 *   reproducible for a seed and a playout budget. */
#include "searcher.h"

#include <math.h>
#include <stdlib.h>

typedef struct mcts_node {
    gb_pos pos;
    gb_move move;
    int32_t parent, first;
    int16_t nchild;  /* -1 until expanded */
    uint8_t ends;    /* the ply into it ended the game or a round */
    uint8_t mover;   /* who chose the move into it */
    float fixed;     /* when `ends`: the result for South */
    uint32_t n;
    double w;        /* sum of results for `mover` */
} mcts_node;

/* the result for South of a settled position that ended a line */
static double end_result(const gb_rules *r, const gb_options *o, const gb_pos *p)
{
    if (p->flags & GB_F_OVER)
        return p->winner == GB_SOUTH ? 1.0 : p->winner == GB_NORTH ? 0.0 : 0.5;
    return gb_eval_to_result(gb_eval_round(r, o, p, GB_SOUTH, NULL));
}

/* Expand node `ni` (its position's moves, or candidates): children settled against the record
 * that holds the path to it. Returns the number of children (0 if the tree is full). */
static int expand(gb_searcher *s, int ni, int *used)
{
    mcts_node *nd = &s->tree[ni];
    const gb_rules *r = s->r;
    const gb_options *o = &s->o;
    gb_move *mv = s->moves[1];
    gb_pos *ch = s->children[1];
    int n;
    if (ni == 0) {
        n = s->nmoves[0];
        mv = s->moves[0];
        ch = s->children[0];
    } else {
        n = r->gen(o, &nd->pos, mv, ch);
        if (n == 0 && r->random_move) {
            for (int k = 0; k < MCTS_CANDIDATES * 4 && n < MCTS_CANDIDATES; k++) {
                gb_move m;
                if (r->random_move(o, &nd->pos, &s->rng, &m) != GB_OK)
                    break;
                gb_pos c = nd->pos;
                gb_move mm = m;
                int rc = r->play(o, &c, &mm, NULL, &s->rng, NULL);
                if (rc == GB_EENDLESS && o->v[GB_OPT_ENDLESS]) {
                    c = nd->pos;
                    c.flags |= GB_F_ENDLESS;
                } else if (rc != GB_OK) {
                    continue;
                }
                mv[n] = m;
                ch[n++] = c;
            }
        }
    }
    if (n == 0 || *used + n > s->tree_cap)
        return 0;
    nd->first = *used;
    nd->nchild = (int16_t)n;
    for (int i = 0; i < n; i++) {
        mcts_node *c = &s->tree[*used + i];
        memset(c, 0, sizeof *c);
        c->pos = ch[i];
        c->move = mv[i];
        c->parent = ni;
        c->nchild = -1;
        c->mover = s->tree[ni].pos.to_move;
        const int saved = s->rec.len;
        uint8_t chance = 1;
        uint64_t rng = 0;
        gb_settle(r, o, &c->pos, &s->rec, &chance, &rng, s->moves[2], s->children[2]);
        if (gb_ends_line(&s->tree[ni].pos, &c->pos)) {
            s->rec.len = saved;
            if (saved > 0)
                s->rec.pos[0] = s->rec0;
            int v = gb_leaf_value(r, o, &s->match, &s->tree[ni].pos, &ch[i], &c->pos, &s->rec, &s->rec0,
                                  GB_SOUTH, 1, s->scratch_moves, s->scratch_children);
            c->ends = 1;
            c->fixed = (float)gb_eval_to_result(v);
        }
        s->rec.len = saved;
    }
    *used += n;
    return n;
}

/* A random game from p (settled; its record pushed) to the end of the line: result for South. */
static double playout(gb_searcher *s, gb_pos p)
{
    const gb_rules *r = s->r;
    const gb_options *o = &s->o;
    gb_move *mv = s->moves[3];
    gb_pos *ch = s->children[3];
    int n = r->gen(o, &p, mv, ch);
    for (int plies = 0; plies < MCTS_PLAYOUT_MAX; plies++) {
        gb_pos c;
        if (n > 0) {
            c = ch[gb_rand_next(&s->rng) % (uint64_t)n];
        } else {
            gb_move m;
            if (!r->random_move || r->random_move(o, &p, &s->rng, &m) != GB_OK)
                break;
            c = p;
            int rc = r->play(o, &c, &m, NULL, &s->rng, NULL);
            if (rc == GB_EENDLESS && o->v[GB_OPT_ENDLESS]) {
                c = p;
                c.flags |= GB_F_ENDLESS;
            } else if (rc != GB_OK) {
                break;
            }
        }
        uint8_t chance = 0;
        n = gb_settle(r, o, &c, &s->rec, &chance, &s->rng, mv, ch);
        if (n < 0)
            break;
        if (gb_ends_line(&p, &c))
            return end_result(r, o, &c);
        p = c;
    }
    /* a very long playout: the evaluation decides */
    return gb_eval_to_result(gb_eval(r, o, &p, GB_SOUTH));
}

static void fill_result(gb_searcher *s, int root_mover, int depth, gb_search_result *res)
{
    int ni = 0, len = 0;
    res->depth = depth;
    while (s->tree[ni].nchild > 0 && len < GB_PV_MAX) {
        int best = -1;
        for (int i = 0; i < s->tree[ni].nchild; i++) {
            int c = s->tree[ni].first + i;
            if (best < 0 || s->tree[c].n > s->tree[best].n)
                best = c;
        }
        if (!s->tree[best].n)
            break;
        res->pv[len] = s->tree[best].move;
        res->pv[len++].chance = 0;
        if (ni == 0) {
            double q = s->tree[best].w / s->tree[best].n;
            if (s->tree[best].mover != root_mover)
                q = 1 - q;
            res->score = (int)lround(1000.0 * (2.0 * q - 1.0));
        }
        ni = best;
    }
    res->pv_len = len;
    if (len)
        res->best = res->pv[0];
}

int gb_mcts(gb_searcher *s, const gb_game *g, const gb_search_opts *o, gb_search_result *res,
            gb_error *err)
{
    const int bad = gb_search_check(s, g, o, res, err);
    if (bad)
        return bad;
    if (gb_is_over(g))
        return gb_fail(err, GB_EOVER, "the game is over");
    int rc = gb_search_prepare(s, g, o, MCTS_MAX_TREE_DEPTH + MCTS_PLAYOUT_MAX + 8, err);
    if (rc)
        return rc;
    if (!s->tree) {
        s->tree = malloc((size_t)MCTS_TREE_CAP * sizeof *s->tree);
        if (!s->tree)
            return gb_fail(err, GB_ENOMEM, "out of memory");
        s->tree_cap = MCTS_TREE_CAP;
    }
    s->rng = o->seed ^ 0x6d637473ull;
    int n = gb_search_root_moves(s, o);
    if (n <= 0)
        return gb_fail(err, GB_EILLEGAL, o->nsearchmoves > 0 ? "none of the moves to search is legal here (phase %s)" : "no move to search in phase %s", gb_phase(g));
    s->nmoves[0] = n;
    const gb_budget *b = &o->budget;
    long long limit = b->nodes > 0 ? b->nodes : b->movetime_ms > 0 ? 0 : MCTS_DEFAULT_PLAYOUTS;
    mcts_node *root = &s->tree[0];
    memset(root, 0, sizeof *root);
    root->pos = s->node[0];
    root->parent = -1;
    root->nchild = -1;
    root->mover = (uint8_t)!root->pos.to_move;
    int used = 1, maxdepth = 0;
    const int base = s->rec.len;
    int path[MCTS_MAX_TREE_DEPTH + 2];
    long long it;
    for (it = 0; limit == 0 || it < limit; it++) {
        if (it > 0 && (it & (MCTS_CLOCK_EVERY - 1)) == 0 &&
            ((b->movetime_ms > 0 && gb_search_elapsed(&s->t0) * 1000.0 >= (double)b->movetime_ms) ||
             (o->stop && TT_LOAD(o->stop))))
            break; /* the clock, or the caller asked (gb_search_opts.stop) */
        s->rec.len = base;
        int ni = 0, depth = 0;
        path[depth++] = 0;
        double result;
        for (;;) {
            mcts_node *nd = &s->tree[ni];
            if (nd->ends) {
                result = nd->fixed;
                break;
            }
            if (nd->nchild < 0 && depth < MCTS_MAX_TREE_DEPTH) {
                if (expand(s, ni, &used) == 0)
                    nd->nchild = 0;
                nd = &s->tree[ni];
            }
            if (nd->nchild <= 0) {
                result = playout(s, nd->pos);
                break;
            }
            /* UCT: an unvisited child first, in order; else the best upper bound */
            int best = -1;
            double best_u = -1, logn = log((double)nd->n + 1.0);
            for (int i = 0; i < nd->nchild; i++) {
                const mcts_node *c = &s->tree[nd->first + i];
                if (c->n == 0) {
                    best = nd->first + i;
                    break;
                }
                double u = c->w / c->n + MCTS_UCT_C * sqrt(logn / c->n);
                if (u > best_u) {
                    best_u = u;
                    best = nd->first + i;
                }
            }
            ni = best;
            path[depth++] = ni;
            if (s->tree[ni].ends) {
                result = s->tree[ni].fixed;
                break;
            }
            gb_seen_push(&s->rec, &s->tree[ni].pos);
            if (s->tree[ni].n == 0) { /* a new leaf: one playout from it */
                result = playout(s, s->tree[ni].pos);
                break;
            }
        }
        if (s->rec.len == 0 || base > 0)
            s->rec.pos[0] = s->rec0;
        if (depth > maxdepth)
            maxdepth = depth;
        for (int k = depth - 1; k >= 0; k--) {
            mcts_node *nd = &s->tree[path[k]];
            nd->n++;
            nd->w += nd->mover == GB_SOUTH ? result : 1.0 - result;
        }
        if (o->info && it > 0 && (it & (MCTS_INFO_EVERY - 1)) == 0) {
            fill_result(s, root->pos.to_move, maxdepth - 1, res);
            res->nodes = it;
            res->seconds = gb_search_elapsed(&s->t0);
            o->info(res, o->user);
        }
    }
    s->rec.len = base;
    fill_result(s, root->pos.to_move, maxdepth - 1, res);
    if (res->pv_len == 0) {
        res->best = s->moves[0][0];
        res->best.chance = 0;
    }
    res->nodes = it;
    res->seconds = gb_search_elapsed(&s->t0);
    return GB_OK;
}
