/* player.c — the players as values (random, the alpha-beta levels ai:1 ... ai:8, MCTS) and one
 * whole game between two of them from a seed (gb_match_play). docs/ai.md describes the levels. */
#include "gabata.h"
#include "internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The levels: 1 is a beginner's opponent (half its moves random, the rest one ply deep); 2-5
 * search to a fixed depth; 6-8 search by time. A thinking time replaces a level's budget. */
static const struct {
    int depth;
    long movetime_ms;
    int random_pct;
} levels[9] = {
    {0, 0, 0}, {1, 0, 50}, {1, 0, 0}, {2, 0, 0}, {4, 0, 0}, {6, 0, 0}, {0, 200, 0}, {0, 500, 0}, {0, 1000, 0},
};

/* "@0.5": an explicit thinking time in seconds after '@' (nothing: none). */
static int parse_think(const char *s, double *think)
{
    if (!*s)
        return 0;
    if (*s != '@')
        return -1;
    char *end;
    errno = 0;
    double t = strtod(s + 1, &end);
    if (!s[1] || *end || errno || !(t > 0) || t > 86400)
        return -1;
    *think = t;
    return 0;
}

int gb_player_parse(const char *s, gb_player *p, gb_error *err)
{
    gb_player q = {GB_PLAYER_HUMAN, 0, 0, 0};
    int rc = 0;
    if (!s || !p)
        return gb_fail(err, GB_EINVAL, "no player given");
    if (strcmp(s, "human") == 0) {
        q.kind = GB_PLAYER_HUMAN;
    } else if (strcmp(s, "random") == 0) {
        q.kind = GB_PLAYER_RANDOM;
    } else if (strncmp(s, "mcts", 4) == 0) {
        q.kind = GB_PLAYER_MCTS;
        q.level = 8;
        rc = parse_think(s + 4, &q.think);
    } else if (strcmp(s, "ai") == 0 || strcmp(s, "greedy") == 0) {
        q.kind = GB_PLAYER_AI;
        q.level = 4;
    } else if (strncmp(s, "ai:", 3) == 0 && s[3] >= '1' && s[3] <= '8') {
        q.kind = GB_PLAYER_AI;
        q.level = s[3] - '0';
        rc = parse_think(s + 4, &q.think);
    } else {
        rc = -1;
    }
    if (rc != 0)
        return gb_fail(err, GB_EINVAL,
                       "unknown player '%.60s' (human, random, ai:1 ... ai:8, mcts; ai:8@0.1 sets a time)", s);
    *p = q;
    return GB_OK;
}

const char *gb_player_describe(const gb_player *p, char *buf, size_t len)
{
    int lv = p->level >= 1 && p->level <= 8 ? p->level : 4;
    if (p->kind == GB_PLAYER_HUMAN)
        snprintf(buf, len, "human");
    else if (p->kind == GB_PLAYER_RANDOM)
        snprintf(buf, len, "random");
    else if (p->kind == GB_PLAYER_MCTS)
        snprintf(buf, len, gb_tr_format(GB_N_("mcts (%g s)")), p->think > 0 ? p->think : 1.0);
    else if (p->think > 0 || levels[lv].movetime_ms)
        snprintf(buf, len, gb_tr_format(GB_N_("ai:%d (alpha-beta, %g s)")), lv,
                 p->think > 0 ? p->think : levels[lv].movetime_ms / 1000.0);
    else {
        /* whole texts, in the front-end's language when it has one (the player's name stays as
         * it is typed), in its forms for the depth's count of plies (gb_trn_format) */
        const int d = levels[lv].depth;
        const char *f = levels[lv].random_pct
                            ? gb_trn_format("ai:%d (alpha-beta, %d ply, half its moves random)",
                                            "ai:%d (alpha-beta, %d plies, half its moves random)",
                                            (unsigned long)d)
                            : gb_trn_format("ai:%d (alpha-beta, %d ply)", "ai:%d (alpha-beta, %d plies)",
                                            (unsigned long)d);
        snprintf(buf, len, f, lv, d);
    }
    return buf;
}

void gb_player_budget(const gb_player *p, gb_search_opts *o, uint64_t seed)
{
    memset(o, 0, sizeof *o);
    o->seed = seed;
    int lv = p->level >= 1 && p->level <= 8 ? p->level : 4;
    if (p->think > 0) {
        o->budget.movetime_ms = (long)(p->think * 1000.0 + 0.5);
        if (o->budget.movetime_ms < 1)
            o->budget.movetime_ms = 1;
    } else if (p->kind == GB_PLAYER_MCTS) {
        o->budget.movetime_ms = 1000;
    } else {
        o->budget.depth = levels[lv].depth;
        o->budget.movetime_ms = levels[lv].movetime_ms;
    }
    /* a table in proportion to the work: about a million positions a second */
    long ms = o->budget.movetime_ms;
    o->tt_mb = ms ? (ms >= 500 ? 32 : ms >= 100 ? 8 : 2) : (o->budget.depth >= 5 ? 4 : 1);
    o->threads = p->kind == GB_PLAYER_AI ? p->threads : 0;
}

/* A player within the header's ranges? GB_OK, or GB_EINVAL naming what is out of them (a player
 * filled by hand with 100 threads played every move at random: the search refused it). */
static int player_check(const gb_player *p, int side, gb_error *err)
{
    if (!p)
        return gb_fail(err, GB_EINVAL, "no player given");
    const char *who = err ? gb_side_word(side) : "";
    if (p->kind < GB_PLAYER_HUMAN || p->kind > GB_PLAYER_MCTS)
        return gb_fail(err, GB_EINVAL, "%s: player kind %d is none of GB_PLAYER_*", who, p->kind);
    if (p->kind == GB_PLAYER_AI && (p->level < 1 || p->level > 8))
        return gb_fail(err, GB_EINVAL, "%s: alpha-beta levels are 1 to 8 (got %d)", who, p->level);
    if (!(p->think >= 0 && p->think <= 86400))
        return gb_fail(err, GB_EINVAL, "%s: thinking time must be 0 to 86400 seconds", who);
    if (p->threads < 0 || p->threads > GB_SEARCH_MAX_THREADS)
        return gb_fail(err, GB_EINVAL, "%s: threads must be 0 to %d (got %d)", who, GB_SEARCH_MAX_THREADS, p->threads);
    return GB_OK;
}

/* A move not searched: nothing proven about it. */
static int random_move(const gb_game *g, uint64_t *rng, gb_move *out, gb_search_result *res)
{
    memset(res, 0, sizeof *res);
    int rc = gb_random_move(g, rng, out);
    if (rc == GB_OK)
        res->best = *out;
    return rc;
}

int gb_player_choose(const gb_player *p, const gb_game *g, uint64_t *rng, gb_searcher **kept, gb_move *out)
{
    return gb_player_choose_tables(p, g, NULL, rng, kept, out);
}

int gb_player_choose_tables(const gb_player *p, const gb_game *g, const struct gb_tables *t, uint64_t *rng,
                            gb_searcher **kept, gb_move *out)
{
    return gb_player_think(p, g, t, rng, kept, out, NULL);
}

int gb_player_think(const gb_player *p, const gb_game *g, const struct gb_tables *t, uint64_t *rng,
                    gb_searcher **kept, gb_move *out, gb_search_result *out_res)
{
    gb_search_result res;
    if (!out_res)
        out_res = &res;
    memset(out_res, 0, sizeof *out_res);
    if (player_check(p, GB_SOUTH, NULL) != GB_OK || !g || !rng || !out)
        return GB_EINVAL;
    if (gb_is_over(g))
        return GB_EOVER;
    int lv = p->level >= 1 && p->level <= 8 ? p->level : 4;
    if (p->kind == GB_PLAYER_RANDOM || p->kind == GB_PLAYER_HUMAN ||
        (p->kind == GB_PLAYER_AI && levels[lv].random_pct && (int)(gb_rand_next(rng) % 100) < levels[lv].random_pct))
        return random_move(g, rng, out, out_res);
    gb_search_opts o;
    gb_player_budget(p, &o, gb_rand_next(rng));
    o.tables = t;
    /* a kept searcher is made on the player's first move, with the table size of its budget
     * (the same for every move: it depends on the player alone) */
    gb_searcher *s = kept && *kept ? *kept : gb_searcher_new(&o);
    if (kept)
        *kept = s;
    if (!s)
        return random_move(g, rng, out, out_res);
    int rc = p->kind == GB_PLAYER_MCTS ? gb_mcts(s, g, &o, out_res, NULL) : gb_search(s, g, &o, out_res, NULL);
    if (!kept)
        gb_searcher_free(s);
    if (rc != GB_OK)
        return random_move(g, rng, out, out_res);
    *out = out_res->best;
    return GB_OK;
}

int gb_match_opening(gb_game **out, const char *variant, const char *options, uint64_t seed, int plies,
                     gb_error *err)
{
    uint64_t rng = seed;
    *out = NULL;
    /* bounded: past the games' lengths every ply too many costs 100 whole tries (a million plies
     * asked took hours) */
    if (plies < 0 || plies > GB_OPENING_PLIES_MAX)
        return gb_failn(err, GB_EINVAL, GB_OPENING_PLIES_MAX, "an opening is 0 to %d ply, not %d",
                        "an opening is 0 to %d plies, not %d", GB_OPENING_PLIES_MAX, plies);
    /* a random opening that does not end the game; after 100 tries, a shorter one */
    for (int k = plies, tries = 0; k >= 0; tries++) {
        gb_game *g;
        int rc = gb_game_new(&g, variant, options, seed, err);
        if (rc != GB_OK)
            return rc;
        int i;
        for (i = 0; i < k && !gb_is_over(g); i++) {
            gb_move m;
            if (gb_random_move(g, &rng, &m) != GB_OK || gb_play(g, &m, NULL) != GB_OK)
                break;
        }
        if (i == k && !gb_is_over(g)) {
            *out = g;
            return GB_OK;
        }
        gb_game_free(g);
        if (tries >= 100) {
            k--;
            tries = 0;
        }
    }
    return gb_fail(err, GB_EILLEGAL, "no opening leaves the game unfinished");
}

int gb_match_play(const gb_match_spec *sp, gb_match_result *out, gb_error *err)
{
    return gb_match_play_tables(sp, NULL, out, err);
}

int gb_match_play_tables(const gb_match_spec *sp, const struct gb_tables *t, gb_match_result *out, gb_error *err)
{
    if (!sp || !out)
        return gb_fail(err, GB_EINVAL, "argument %s is NULL", sp ? "out" : "spec");
    memset(out, 0, sizeof *out);
    for (int side = 0; side < 2; side++) {
        const int bad = player_check(&sp->player[side], side, err);
        if (bad)
            return bad;
    }
    gb_game *g;
    int rc = gb_match_opening(&g, sp->variant, sp->options, sp->opening_seed, sp->opening_plies, err);
    if (rc != GB_OK)
        return rc;
    out->opening_plies = gb_history_length(g);
    size_t used = 0;
    for (int i = 0; i < out->opening_plies; i++) {
        char mv[GB_MOVE_TEXT_MAX];
        if (gb_move_format(g, gb_history_move(g, i), mv, sizeof mv) < 0)
            break;
        int w = snprintf(out->opening + used, sizeof out->opening - used, "%s%s", used ? " " : "", mv);
        if (w < 0 || (size_t)w >= sizeof out->opening - used) {
            out->opening[used] = 0;
            break;
        }
        used += (size_t)w;
    }
    uint64_t rng = sp->seed;
    gb_searcher *kept[2] = {NULL, NULL}; /* each player's, for this game */
    for (;;) {
        if (sp->observe && sp->observe(g, sp->user) != 0) {
            rc = gb_fail(err, GB_EINVAL, "the game was stopped by its observer");
            break;
        }
        if (gb_is_over(g))
            break;
        int side = gb_to_move(g);
        gb_move m;
        rc = gb_player_choose_tables(&sp->player[side], g, t, &rng, &kept[side], &m);
        if (rc == GB_OK)
            rc = gb_play(g, &m, err);
        else
            gb_fail(err, rc, "no move for %s at ply %d", side ? "North" : "South", gb_history_length(g));
        if (rc != GB_OK)
            break;
    }
    gb_searcher_free(kept[0]);
    gb_searcher_free(kept[1]);
    if (rc == GB_OK) {
        out->winner = gb_winner(g);
        out->score[0] = gb_score(g, GB_SOUTH);
        out->score[1] = gb_score(g, GB_NORTH);
        out->end_reason = gb_end_reason(g);
        out->plies = gb_history_length(g);
        out->rounds = gb_round(g);
    }
    gb_game_free(g);
    return rc;
}
