/* searcher.c — the searcher object that alpha-beta (search.c) and MCTS (mcts.c) share: its
 * allocation, what a search sets up at its root (record, root node and moves, clock), and the
 * value of a line's end, which both searches take the same way. Nothing here calls into either
 * search. */
#include "searcher.h"
#include "tables.h"

#include <stdlib.h>
#include <time.h>

gb_searcher *gb_searcher_new(const gb_search_opts *o)
{
    gb_searcher *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->moves = malloc((MAX_PLY + 1) * sizeof *s->moves);
    s->children = malloc((MAX_PLY + 1) * sizeof *s->children);
    if (!s->moves || !s->children || gb_tt_init(&s->tt, o ? o->tt_mb : 0) != 0) {
        gb_searcher_free(s);
        return NULL;
    }
    return s;
}

void gb_searcher_clear(gb_searcher *s)
{
    if (!s)
        return;
    gb_tt_clear(&s->tt);
    memset(s->history, 0, sizeof s->history);
    memset(s->killers, 0, sizeof s->killers);
    s->r = NULL; /* the next search sets rules and options up afresh */
}

void gb_searcher_free(gb_searcher *s)
{
    if (!s)
        return;
    gb_smp_free(s);
    free(s->tree); /* MCTS's tree (mcts.c) */
    gb_tt_free(&s->tt);
    free(s->moves);
    free(s->children);
    free(s->rec.pos);
    free(s);
}

double gb_search_elapsed(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* ---- leaves that end a line ---- */
static bool same_outcome(const gb_pos *a, const gb_pos *b)
{
    return gb_pos_same(a, b) && a->flags == b->flags && a->winner == b->winner &&
           a->end_reason == b->end_reason && a->ply == b->ply;
}

static int line_end_value(const gb_rules *r, const gb_options *o, const gb_match_view *mv, const gb_pos *c,
                          int side, int plies)
{
    if (c->flags & GB_F_OVER)
        return gb_eval_final(c, side, plies);
    return gb_eval_round(r, o, c, side, mv);
}

int gb_leaf_value(const gb_rules *r, const gb_options *o, const gb_match_view *mv, const gb_pos *parent,
                  const gb_pos *raw, const gb_pos *settled, gb_seen *rec, const gb_pos *rec0, int side,
                  int plies, gb_move *scratch_moves, gb_pos *scratch_children)
{
    (void)parent;
    int v1 = line_end_value(r, o, mv, settled, side, plies);
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
    int v2 = line_end_value(r, o, mv, &c2, side, plies);
    assert(v1 > -INF && v1 < INF && v2 > -INF && v2 < INF);
    return (v1 + v2) / 2;
}

/* ---- the match's cycles ---- */
int gb_match_cycle_moves(const gb_game *g, gb_move *out, int max)
{
    const gb_rules *r = gb_game_rules(g);
    const gb_pos *p = gb_game_pos(g);
    const int rounds = gb_game_round_count(g);
    if (r->eval_round || rounds == 0 || (p->flags & GB_F_OVER))
        return 0;
    const int ring = gb_ring(r);
    const uint32_t all = ring >= 32 ? 0xffffffffu : (1u << ring) - 1;
    const int north = __builtin_popcount(p->own_n & all), mine = p->to_move == GB_NORTH ? north : ring - north;
    if (2 * mine >= ring)
        return 0; /* level or ahead: the cycle to the cap does not lose */
    /* this round: its start and its moves so far, history[first..len-1] */
    const gb_round_end *last = gb_game_round_at(g, rounds - 1);
    const int first = last->move + 1, len = gb_history_length(g), k = len - first;
    const uint64_t start = gb_round_start_key(&last->next);
    int n = 0;
    /* (round 1 is left out: it begins at 6-6, where no one is behind) */
    for (int j = 0; j < rounds - 1 && n < max; j++) {
        const gb_round_end *e = gb_game_round_at(g, j);
        /* round j + 1 began at e->next with the moves from e->move + 1 to its own end */
        const gb_round_end *end = gb_game_round_at(g, j + 1);
        const int f = e->move + 1;
        if (end->move - f + 1 <= k || gb_round_start_key(&e->next) != start)
            continue; /* shorter than this round so far, or from another start */
        bool same = true;
        for (int i = 0; i < k && same; i++) {
            const gb_move *a = gb_history_move(g, f + i), *b = gb_history_move(g, first + i);
            same = gb_same_move(a, b);
        }
        if (!same)
            continue;
        const gb_move *m = gb_history_move(g, f + k);
        bool dup = false;
        for (int i = 0; i < n && !dup; i++)
            dup = gb_same_move(&out[i], m);
        if (!dup)
            out[n++] = *m;
    }
    return n;
}

/* ---- the root ---- */
int gb_search_check(const gb_searcher *s, const gb_game *g, const gb_search_opts *o, gb_search_result *res,
                    gb_error *err)
{
    if (res)
        memset(res, 0, sizeof *res);
    if (!s || !g || !o || !res)
        return gb_fail(err, GB_EINVAL, "argument %s is NULL", !s ? "s" : !g ? "g" : !o ? "o" : "res");
    const gb_budget *b = &o->budget;
    if (b->depth < 0 || b->depth > GB_SEARCH_MAX_DEPTH)
        return gb_failn(err, GB_EINVAL, GB_SEARCH_MAX_DEPTH, "budget: depth must be 0 (none) to %d ply (got %d)",
                        "budget: depth must be 0 (none) to %d plies (got %d)", GB_SEARCH_MAX_DEPTH, b->depth);
    if (b->nodes < 0 || b->movetime_ms < 0)
        return gb_fail(err, GB_EINVAL, "budget: %s must not be negative", b->nodes < 0 ? "nodes" : "movetime_ms");
    if (o->nsearchmoves < 0 || (o->nsearchmoves > 0 && !o->searchmoves))
        return gb_fail(err, GB_EINVAL, "nsearchmoves is %d: searchmoves must hold that many moves", o->nsearchmoves);
    if (o->threads < 0 || o->threads > GB_SEARCH_MAX_THREADS)
        return gb_fail(err, GB_EINVAL, "threads must be 1 to %d (got %d)", GB_SEARCH_MAX_THREADS, o->threads);
    return GB_OK;
}

int gb_search_prepare(gb_searcher *s, const gb_game *g, const gb_search_opts *o, int extra, gb_error *err)
{
    const gb_rules *r = gb_game_rules(g);
    const gb_options *opt = gb_game_options(g);
    /* tables of another game are none (a Qelat game of `gabata serve --tables`): they would
     * only turn its scores into margins */
    const struct gb_tables *tb = o->tables && o->tables->r == r ? o->tables : NULL;
    /* with tables the scores are on another scale (margins): nothing learnt carries over */
    if (s->r != r || memcmp(&s->o, opt, sizeof *opt) != 0 || s->tables != tb || s->margins != (o->margins || tb)) {
        gb_tt_clear(&s->tt);
        memset(s->history, 0, sizeof s->history);
    }
    s->r = r;
    s->o = *opt;
    const gb_seen *grec = gb_game_seen(g);
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
    gb_match_view_of(g, true, &s->match);
    s->ncycle = gb_match_cycle_moves(g, s->cycle_moves, MATCH_CYCLE_MOVES);
    /* the root's segment: the positions since the last capture, before the root itself */
    uint64_t seg = 0;
    int taken = gb_board_taken(&s->node[0]);
    for (int i = grec->len - 2; i >= 0 && gb_board_taken(&grec->pos[i]) == taken; i--)
        seg ^= grec->pos[i].hash;
    s->seg[0] = seg;
    s->tt_exact = o->tt_exact;
    s->tables = tb;
    s->margins = o->margins || tb;
    s->match_rounds = gb_plays_match(r, opt, gb_game_pos(g));
    s->table_hits = 0;
    gb_tt_new_search(&s->tt);
    if (s->borrow_tt) /* a Lazy SMP helper (smp.c): the main thread's table, as it set it up */
        s->tt = *s->borrow_tt;
    s->nodes = 0;
    s->stop = false;
    s->can_stop = false;
    s->asked_stop = o->stop;
    memset(s->killers, 0, sizeof s->killers);
    clock_gettime(CLOCK_MONOTONIC, &s->t0);
    return GB_OK;
}

/* Fill the root's moves: the listed ones, or K candidates for a phase that cannot be listed. */
int gb_search_root_moves(gb_searcher *s, const gb_search_opts *o)
{
    const gb_rules *r = s->r;
    gb_pos *p = &s->node[0];
    int n = r->gen(&s->o, p, s->moves[0], s->children[0]);
    assert(n >= 0 && n <= GB_MAX_MOVES);
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
