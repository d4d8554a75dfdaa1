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
#include "searcher.h"
#include "tables.h"

#include <assert.h>
#include <stdlib.h>

/* Called before each node is visited: a node budget of N visits exactly N nodes at most (the
 * stopping node is not counted, nor searched); the clock is read every 256 nodes. */
static void check_budget(gb_searcher *s)
{
    /* a Lazy SMP helper (smp.c) stops when the main thread's search ends */
    if (s->shared_stop && TT_LOAD(s->shared_stop)) {
        s->stop = true;
        return;
    }
    if (!s->can_stop)
        return;
    if (s->node_limit && s->nodes >= s->node_limit)
        s->stop = true;
    else if ((s->nodes & ((1 << CLOCK_EVERY_LOG2) - 1)) == 0 &&
             ((s->movetime_ms && gb_search_elapsed(&s->t0) * 1000.0 >= (double)s->movetime_ms) ||
              (s->asked_stop && TT_LOAD(s->asked_stop))))
        s->stop = true; /* the clock, or the caller asked (gb_search_opts.stop) */
}

/* ---- the table ---- */
static uint64_t tt_key_of(const gb_searcher *s, const gb_pos *p, uint64_t hash, uint64_t seg)
{
    uint64_t k = hash ^ gb_mix64(seg ^ 0x5e6ull);
    /* near the cap (T3) a value depends on the ply too */
    if ((long)s->o.v[GB_OPT_MAX_PLIES] - (long)p->ply <= MAX_PLY + 2)
        k ^= gb_mix64(0xca9000000ull + p->ply);
    /* who moved last is not part of the repetition hash, but decides Sadeqa III's S5 */
    if (p->flags & GB_F_LAST_N)
        k ^= gb_mix64(0x1a57ull);
    return k ? k : 1;
}

static uint64_t tt_key(const gb_searcher *s, int ply) { return tt_key_of(s, &s->node[ply], s->node[ply].hash, s->seg[ply]); }

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
    return gb_board_taken(child) == gb_board_taken(parent) ? parent_seg ^ parent_hash : 0;
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
    tt_entry ent;
    if (s->tt.e && x->depth - 1 >= TT_MIN_DEPTH) {
        key = tt_key_of(s, c, hash, seg);
        gb_tt_prefetch(&s->tt, key);
    }
    /* While the entry loads (a random access into megabytes stalls for as long as a sowing
     * takes), make the first killer: it is a candidate whatever the entry holds, unless it is
     * not a legal move here. */
    const gb_move k0 = s->killers[ply][0];
    gb_pos k0_child;
    const bool k0_legal = try_move(s, c, &k0, &k0_child);
    if (s->tt.e && key && (e = gb_tt_probe(&s->tt, key, &ent)) != NULL && e->best != TT_NO_MOVE)
        cand[n++] = move_of_code(e->best);
    s->stage_made[ply] = 0;
    for (int k = 0; k < KILLERS; k++) {
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
        if (s->tt.e && x->depth - 2 >= TT_MIN_DEPTH && ply + 1 < MAX_PLY - 1)
            gb_tt_prefetch(&s->tt, tt_key_of(s, made, gb_pos_hash(made), seg_of(c, seg, hash, made)));
        return 1;
    }
    return 0;
}

/* ---- the search ---- */
static int search(gb_searcher *s, int ply, int depth, int alpha, int beta);

/* What a root move that replays an earlier round of the match costs the player behind
 * (gb_match_cycle_moves): MATCH_CYCLE, the value of a start seen again (gb_eval_round). */
static int cycle_cost(const gb_searcher *s, const gb_move *m)
{
    for (int i = 0; i < s->ncycle; i++)
        if (gb_same_move(m, &s->cycle_moves[i]))
            return MATCH_CYCLE;
    return 0;
}

/* The exact value of the settled child c (its record on s->rec) from the endgame tables, for
 * `me`: true with *v set when they decide it. Not within 1000 plies of the cap: a table's value
 * is the game's without it (docs/tables.md). */
static bool table_value(gb_searcher *s, const gb_pos *c, int me, int plies, int *v)
{
    if (s->tables->r != s->r || (long)s->o.v[GB_OPT_MAX_PLIES] - (long)c->ply < 1000)
        return false;
    int m;
    if (gb_tb_value(s->tables, &s->o, c, &s->rec, 20000, &m) != 1)
        return false;
    gb_pos end;
    if (gb_tb_round_end(s->tables, &s->o, c, m, &end)) {
        /* a round of a match (L'ab al-Akil): its exact seeds, scored as its end would be
         * (child_value's round end); the match's value of a round's end only grows with the
         * round's seeds, so the best play for the seeds is the best for it (docs/tables.md) */
        if (end.flags & GB_F_OVER) {
            int sc[2];
            s->r->scores(&s->o, &end, sc);
            *v = GB_SCORE_MARGIN(sc[me] - sc[!me], plies);
        } else {
            *v = gb_eval_round(s->r, &s->o, &end, me, &s->match);
        }
        s->table_hits++;
        return true;
    }
    if (c->to_move != me)
        m = -m;
    *v = GB_SCORE_MARGIN(m, plies);
    s->table_hits++;
    return true;
}

/* The value of the move of node `ply` whose raw child is `raw`, from that node's mover's view. */
static int child_value(gb_searcher *s, int ply, const gb_pos *raw, int depth, int alpha, int beta)
{
    const gb_pos *p = &s->node[ply];
    const int me = p->to_move;
    gb_pos c = *raw;
    assert(ply >= 0 && ply + 1 < MAX_PLY);
#ifndef NDEBUG
    /* a ply within a round moves stones, it neither makes nor destroys them; but a layout (the
     * moves of a phase that cannot be listed, searched at the root only) lays a round's stones
     * out on an empty board (L'ab al-Akil, A2) */
    const bool conserves = ply > 0 || !s->partial_root;
#endif
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
        v = gb_leaf_value(s->r, &s->o, &s->match, p, raw, &c, &s->rec, &s->rec0, me, ply + 1,
                          s->scratch_moves, s->scratch_children);
        if (s->margins && (c.flags & GB_F_OVER)) { /* with tables: every end by its margin */
            int sc[2];
            s->r->scores(&s->o, &c, sc);
            v = GB_SCORE_MARGIN(sc[me] - sc[!me], ply + 1);
        }
    } else if (s->tables && table_value(s, &c, me, ply + 1, &v)) {
        /* exact: no horizon */
    } else if (n == 0 || leaf) {
        assert(!conserves || gb_stones_in_play(s->r, &c) == gb_stones_in_play(s->r, p));
        /* the horizon, or a position whose moves cannot be listed (a layout): evaluate */
        s->horizon = true;
        v = gb_eval(s->r, &s->o, &c, me);
    } else {
        assert(!conserves || gb_stones_in_play(s->r, &c) == gb_stones_in_play(s->r, p));
        assert(n <= GB_MAX_MOVES);
        s->node[ply + 1] = c;
        s->nmoves[ply + 1] = staged ? -1 : n;
        s->seg[ply + 1] = seg_of(p, s->seg[ply], p->hash, &c);
        if (c.to_move == me)
            v = search(s, ply + 1, depth - 1, alpha, beta);
        else
            v = -search(s, ply + 1, depth - 1, -beta, -alpha);
    }
    s->rec.len = saved;
    assert(s->stop || (v > -INF && v < INF));
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
        for (int k = KILLERS - 1; k > 0; k--)
            s->killers[ply][k] = s->killers[ply][k - 1];
        s->killers[ply][0] = *m;
    }
    int *h = &s->history[s->node[ply].to_move][hist_index(m)];
    *h += depth * depth;
    if (*h > HISTORY_MAX)
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
    assert(ply >= 0 && ply < MAX_PLY - 1 && depth >= 1);
    assert(alpha < beta && alpha >= -INF && beta <= INF);
    s->pv_len[ply] = 0;
    uint64_t key = 0;
    uint16_t tt_move = TT_NO_MOVE;
    const tt_entry *e = NULL;
    tt_entry ent;
    if (s->tt.e && depth >= TT_MIN_DEPTH) {
        key = tt_key(s, ply);
        e = gb_tt_probe(&s->tt, key, &ent);
        if (e) {
            tt_move = e->best;
            bool deep_enough = s->tt_exact ? e->depth == depth : e->depth >= depth;
            if (ply > 0 && deep_enough) {
                int v = gb_tt_value_out(e->value, ply);
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
        /* the first legal candidate was made when the node was settled */
        assert(s->stage_found[ply] < s->nstage[ply] && (s->stage_made[ply] >> s->stage_found[ply] & 1u));
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
        assert(n >= 0 && n <= GB_MAX_MOVES);
#ifndef NDEBUG
        /* every staged move played was a listed one (a full Bulto list may be cut short) */
        for (int t = 0; t < ntried && n < GB_MAX_MOVES; t++) {
            bool listed = false;
            for (int i = 0; i < n && !listed; i++)
                listed = gb_same_move(&s->moves[ply][i], &tried[t]);
            assert(listed);
        }
#endif
    }
    /* order: table move, killers, then immediate gain (captures, eats), then history */
    _Static_assert(KILLERS == 2, "the ordering keys below give two killers their places");
    int order[GB_MAX_MOVES], count = 0;
    int64_t key_of[GB_MAX_MOVES]; /* 64 bits everywhere: the table move's key is 2^40, and a
                                   * `long` has 32 bits on WebAssembly and 32-bit targets */
    for (int i = 0; i < n; i++) {
        const gb_move *m = &s->moves[ply][i];
        bool done = false;
        for (int t = 0; t < ntried && !done; t++)
            done = gb_same_move(m, &tried[t]);
        if (done)
            continue;
        const gb_pos *c = &s->children[ply][i];
        int64_t k = 1000 * (int64_t)(c->store[me] - p->store[me]) -
                    900 * (int64_t)(c->store[!me] - p->store[!me]);
        k += s->history[me][hist_index(m)] / 16;
        if (tt_move != TT_NO_MOVE && move_code(m) == tt_move)
            k += INT64_C(1) << 40;
        else if (gb_same_move(m, &s->killers[ply][0]))
            k += INT64_C(1) << 30;
        else if (gb_same_move(m, &s->killers[ply][1]))
            k += INT64_C(1) << 29;
        order[count] = i;
        key_of[i] = k;
        count++;
    }
    /* with threads: a move another thread is searching from here now is put off (deferred),
     * and searched after the others (tune.h, DEFER_MIN_DEPTH) */
    const bool may_defer = (s->busy || s->defer_all) && key && depth >= DEFER_MIN_DEPTH;
    /* the deferred moves are kept at the front of order[], in slots already searched: at step
     * j at most j moves have been deferred */
    int ndeferred = 0;
    for (int j = 0; j < count + ndeferred; j++) {
        int i;
        uint64_t busy_key = 0;
        if (j < count) {
            /* selection sort, one step at a time: most nodes cut after the first moves */
            int bj = j;
            for (int k = j + 1; k < count; k++)
                if (key_of[order[k]] > key_of[order[bj]])
                    bj = k;
            int t = order[j];
            order[j] = order[bj];
            order[bj] = t;
            i = order[j];
            if (may_defer && (j > 0 || ntried > 0)) {
                if (s->defer_all) { /* tests: every second such move put off */
                    if (j & 1) {
                        order[ndeferred++] = i;
                        continue;
                    }
                } else {
                    /* busy: another thread is searching this move from this position */
                    /* a layout (root candidates, the same list on every thread) has no
                     * move code: its place in the list stands for it */
                    const uint16_t code = move_code(&s->moves[ply][i]);
                    busy_key = (key ^ gb_mix64(0xdefe0000ull + (code != TT_NO_MOVE ? code : 0x10000u + (unsigned)i))) | 1;
                    uint64_t *slot = &s->busy[busy_key >> (64 - DEFER_LOG2)];
                    if (TT_LOAD(slot) == busy_key) {
                        order[ndeferred++] = i;
                        continue;
                    }
                    TT_STORE(slot, busy_key);
                }
            }
        } else {
            i = order[j - count];
        }
        int v = child_value(s, ply, &s->children[ply][i], depth, alpha, beta);
        if (busy_key) {
            uint64_t *slot = &s->busy[busy_key >> (64 - DEFER_LOG2)];
            if (TT_LOAD(slot) == busy_key)
                TT_STORE(slot, 0);
        }
        if (s->stop) {
            s->horizon = true;
            return 0;
        }
        if (ply == 0 && s->ncycle && !gb_score_is_win(v))
            v -= cycle_cost(s, &s->moves[0][i]);
        if (take_value(s, ply, depth, &s->moves[ply][i], v, &best, &best_move, &alpha, beta))
            break;
    }
store:
    if (s->tt.e && depth >= TT_MIN_DEPTH && !(ply == 0 && (s->partial_root || s->ncycle))) {
        gb_tt_store(&s->tt, key, gb_tt_value_in(best, ply), depth,
                    best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT, s->horizon,
                    best > -INF ? move_code(&best_move) : TT_NO_MOVE);
    }
    s->horizon = s->horizon || horizon_above;
    return best;
}

/* ---- the root ---- */
int gb_search_one(gb_searcher *s, const gb_game *g, const gb_search_opts *o, gb_search_result *res,
                  gb_error *err)
{
    memset(res, 0, sizeof *res);
    if (gb_is_over(g))
        return gb_fail(err, GB_EOVER, "the game is over");
    int rc = gb_search_prepare(s, g, o, 0, err);
    if (rc)
        return rc;
    const gb_budget *b = &o->budget;
    int max_depth = b->depth > 0 ? b->depth : (b->nodes || b->movetime_ms) ? GB_SEARCH_MAX_DEPTH : DEFAULT_DEPTH;
    if (max_depth > GB_SEARCH_MAX_DEPTH)
        max_depth = GB_SEARCH_MAX_DEPTH;
    s->node_limit = b->nodes;
    s->movetime_ms = b->movetime_ms;
    int n = gb_search_root_moves(s, o);
    /* One legal move, by time: nothing to choose, but its value is still wanted (the depth-1
     * evaluation of a lost position read -24 stones): a short search, FORCED_TIME_SHARE of the
     * move time, its last finished iteration reported. */
    const bool forced = n == 1 && b->movetime_ms && !b->depth && !b->nodes;
    if (forced)
        s->movetime_ms = b->movetime_ms * FORCED_TIME_PERMILLE / 1000 > 0 ? b->movetime_ms * FORCED_TIME_PERMILLE / 1000 : 1;
    if (n <= 0)
        return gb_fail(err, GB_EILLEGAL, o->nsearchmoves > 0 ? "none of the moves to search is legal here (phase %s)" : "no move to search in phase %s", gb_phase(g));
    s->nmoves[0] = n;
    /* a root restricted to some moves, or to candidates of an unlistable phase, is not the
     * position's true value: it is not stored */
    s->partial_root = o->nsearchmoves > 0 || gb_legal_moves(g, s->scratch_moves, GB_MAX_MOVES) == 0;
    res->best = s->moves[0][0];
    /* the values of the last two iterations, by the depth's parity */
    int prev[2] = {0, 0};
    for (int d = 1; d <= max_depth; d++) {
        /* A Lazy SMP helper does not redo the iterations the main thread has finished: it goes
         * on from past the deepest (plus its skew), so that it works ahead of the main thread
         * and leaves it deeper entries, and its own finished iteration can be the deeper answer
         * (smp.c). */
        if (s->shared_depth) {
            const int m = TT_LOAD(s->shared_depth);
            if (d <= m)
                d = m + 1;
            if (d > max_depth)
                break;
        }
        s->horizon = false;
        s->can_stop = d > 1 || b->nodes > 0; /* a node budget binds depth 1 too */
        int v;
        int window = ASP_WINDOW;
        int lo = -INF, hi = INF;
        /* The value swings with the depth's parity (the side that moves last before the
         * horizon gains; 1.9 stones an iteration in Sadeqa III): a window on the last value
         * alone failed in 65% of iterations. Centred between the last two values and wide
         * enough to hold both, it cut the nodes to depths 11-13 by 9% (docs/ai.md). */
        const int guess = (prev[0] + prev[1]) / 2;
        window += abs(prev[0] - prev[1]) / 2;
        if (d >= ASP_MIN_DEPTH && !gb_score_is_win(prev[0]) && !gb_score_is_win(prev[1])) {
            lo = guess - window;
            hi = guess + window;
        }
        for (;;) {
            /* a Lazy SMP helper searches skew plies deeper than the iteration (smp.c) */
            v = search(s, 0, d + s->skew < GB_SEARCH_MAX_DEPTH ? d + s->skew : GB_SEARCH_MAX_DEPTH, lo, hi);
            if (s->stop)
                break;
            if (v <= lo && lo > -INF) {
                lo = lo - ASP_GROWTH * window < -INF ? -INF : lo - ASP_GROWTH * window;
                window *= ASP_GROWTH;
                if (window > ASP_MAX_WINDOW)
                    lo = -INF;
            } else if (v >= hi && hi < INF) {
                hi = hi + ASP_GROWTH * window > INF ? INF : hi + ASP_GROWTH * window;
                window *= ASP_GROWTH;
                if (window > ASP_MAX_WINDOW)
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
        prev[d & 1] = v;
        if (s->publish_depth)
            TT_STORE(s->publish_depth, d);
        res->score = v;
        res->depth = d;
        /* a margin is proven when every line ended in the game's end or the tables; in a match
         * a line may end at a round's end, valued by an estimate of the match (gb_eval_round)
         * that can be 0 too: there only a decided match is a margin */
        res->exact = s->horizon                                                          ? 0
                     : s->margins && (gb_score_is_win(v) || (v == 0 && !s->match_rounds)) ? 2
                                                                                          : 1;
        res->margin = res->exact == 2 ? GB_MARGIN_OF_SCORE(v) : 0;
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
        if (s->movetime_ms && res->seconds * 1000.0 > TIME_NEXT_ITERATION * (double)s->movetime_ms)
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
