/* players.c — the computer players available until the search engine lands: uniformly random,
 * and a greedy player that takes the move with the best immediate balance of stones. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int player_parse(const char *s, player *p)
{
    p->think = 0;
    p->level = 0;
    if (strcmp(s, "human") == 0) {
        p->kind = PLAYER_HUMAN;
    } else if (strcmp(s, "random") == 0) {
        p->kind = PLAYER_RANDOM;
    } else if (strcmp(s, "ai") == 0 || strcmp(s, "greedy") == 0) {
        p->kind = PLAYER_AI;
        p->level = 4;
    } else if (strncmp(s, "ai:", 3) == 0 && s[3] >= '1' && s[3] <= '8' && s[4] == 0) {
        p->kind = PLAYER_AI;
        p->level = s[3] - '0';
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
    else
        snprintf(buf, len, "ai:%d (greedy)", p->level);
    return buf;
}

/* The greedy player's view of a successor: the final result if it ends the game, else the
 * difference between the stones the mover has taken and the opponent has. */
static long greedy_value(const gb_game *c, int me)
{
    if (gb_is_over(c)) {
        int w = gb_winner(c);
        long margin = gb_score(c, me) - gb_score(c, !me);
        return w == me ? 100000 + margin : w == GB_DRAW ? 0 : -100000 + margin;
    }
    return (long)gb_store(c, me) - gb_store(c, !me);
}

int player_choose(const player *p, const gb_game *g, uint64_t *rng, gb_move *out)
{
    gb_move moves[GB_MAX_MOVES];
    int n = gb_legal_moves(g, moves, GB_MAX_MOVES);
    if (p->kind == PLAYER_RANDOM || n <= 0) /* a phase with no listed moves: the game's own choice */
        return gb_random_move(g, rng, out) == GB_OK ? 0 : -1;
    int me = gb_to_move(g), best = -1, ties = 0;
    long best_v = 0;
    for (int i = 0; i < n; i++) {
        gb_game *c;
        if (gb_game_successor(g, i, &c) != GB_OK)
            continue;
        long v = greedy_value(c, me);
        gb_game_free(c);
        if (best < 0 || v > best_v) {
            best = i;
            best_v = v;
            ties = 1;
        } else if (v == best_v && gb_rand_next(rng) % (uint64_t)++ties == 0) {
            best = i; /* reservoir choice among equals, so the greedy player is not predictable */
        }
    }
    if (best < 0)
        return -1;
    *out = moves[best];
    return 0;
}
