/* players.c — the computer players: uniformly random; alpha-beta search by level (ai:1 … ai:8);
 * Monte Carlo tree search (mcts). docs/ai.md describes the levels. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The levels: 1 is a beginner's opponent (half its moves random, the rest one ply deep); 2-5
 * search to a fixed depth; 6-8 search by time. `think` replaces a level's budget by that time. */
static const struct {
    int depth;
    long movetime_ms;
    int random_pct;
} levels[9] = {
    {0, 0, 0}, {1, 0, 50}, {1, 0, 0}, {2, 0, 0}, {4, 0, 0}, {6, 0, 0}, {0, 200, 0}, {0, 500, 0}, {0, 1000, 0},
};

/* "ai:8@0.5" or "mcts@0.2": an explicit thinking time in seconds after '@'. */
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

int player_parse(const char *s, player *p)
{
    p->think = 0;
    p->level = 0;
    if (strcmp(s, "human") == 0) {
        p->kind = PLAYER_HUMAN;
    } else if (strcmp(s, "random") == 0) {
        p->kind = PLAYER_RANDOM;
    } else if (strncmp(s, "mcts", 4) == 0) {
        p->kind = PLAYER_MCTS;
        p->level = 8;
        return parse_think(s + 4, &p->think);
    } else if (strcmp(s, "ai") == 0 || strcmp(s, "greedy") == 0) {
        p->kind = PLAYER_AI;
        p->level = 4;
    } else if (strncmp(s, "ai:", 3) == 0 && s[3] >= '1' && s[3] <= '8') {
        p->kind = PLAYER_AI;
        p->level = s[3] - '0';
        return parse_think(s + 4, &p->think);
    } else {
        return -1;
    }
    return 0;
}

const char *player_describe(const player *p, char *buf, size_t len)
{
    if (p->kind == PLAYER_HUMAN)
        snprintf(buf, len, "human");
    else if (p->kind == PLAYER_RANDOM)
        snprintf(buf, len, "random");
    else if (p->kind == PLAYER_MCTS)
        snprintf(buf, len, "mcts (%g s)", p->think > 0 ? p->think : 1.0);
    else if (p->think > 0)
        snprintf(buf, len, "ai:%d (alpha-beta, %g s)", p->level, p->think);
    else if (levels[p->level].movetime_ms)
        snprintf(buf, len, "ai:%d (alpha-beta, %g s)", p->level, levels[p->level].movetime_ms / 1000.0);
    else
        snprintf(buf, len, "ai:%d (alpha-beta, %d %s%s)", p->level, levels[p->level].depth,
                 levels[p->level].depth == 1 ? "ply" : "plies",
                 levels[p->level].random_pct ? ", half its moves random" : "");
    return buf;
}

void player_budget(const player *p, gb_search_opts *o, uint64_t seed)
{
    memset(o, 0, sizeof *o);
    o->seed = seed;
    int lv = p->level >= 1 && p->level <= 8 ? p->level : 4;
    if (p->think > 0) {
        o->budget.movetime_ms = (long)(p->think * 1000.0 + 0.5);
        if (o->budget.movetime_ms < 1)
            o->budget.movetime_ms = 1;
    } else if (p->kind == PLAYER_MCTS) {
        o->budget.movetime_ms = 1000;
    } else {
        o->budget.depth = levels[lv].depth;
        o->budget.movetime_ms = levels[lv].movetime_ms;
    }
    /* a table in proportion to the work: about a million positions a second */
    long ms = o->budget.movetime_ms;
    o->tt_mb = ms ? (ms >= 500 ? 32 : ms >= 100 ? 8 : 2) : (o->budget.depth >= 5 ? 4 : 1);
}

int player_choose(const player *p, const gb_game *g, uint64_t *rng, gb_move *out)
{
    return player_choose_kept(p, g, rng, NULL, out);
}

int player_choose_kept(const player *p, const gb_game *g, uint64_t *rng, gb_searcher **kept,
                       gb_move *out)
{
    if (gb_is_over(g))
        return -1;
    int lv = p->level >= 1 && p->level <= 8 ? p->level : 4;
    if (p->kind == PLAYER_RANDOM || p->kind == PLAYER_HUMAN ||
        (p->kind == PLAYER_AI && levels[lv].random_pct &&
         (int)(gb_rand_next(rng) % 100) < levels[lv].random_pct))
        return gb_random_move(g, rng, out) == GB_OK ? 0 : -1;
    gb_search_opts o;
    player_budget(p, &o, gb_rand_next(rng));
    /* a kept searcher is made on the player's first move, with the table size of its budget
     * (the same for every move: it depends on the player alone) */
    gb_searcher *s = kept && *kept ? *kept : gb_searcher_new(&o);
    if (kept)
        *kept = s;
    if (!s)
        return gb_random_move(g, rng, out) == GB_OK ? 0 : -1;
    gb_search_result res;
    int rc = p->kind == PLAYER_MCTS ? gb_mcts(s, g, &o, &res, NULL) : gb_search(s, g, &o, &res, NULL);
    if (!kept)
        gb_searcher_free(s);
    if (rc != GB_OK)
        return gb_random_move(g, rng, out) == GB_OK ? 0 : -1;
    *out = res.best;
    return 0;
}
