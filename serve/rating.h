/* rating.h — Glicko-2 ratings of `gabata serve` (docs/api.md, "Ratings"): pure functions, no
 * state, no I/O; players.c stores what they compute.
 *
 * Mark Glickman's system ("Example of the Glicko-2 system", 2013): a rating, its deviation (RD,
 * how unsure the rating is) and a volatility (how erratic the player is). Every rated game is a
 * rating period of its own, as on lichess, so a player's rating moves after each game. */
#ifndef GABATA_SERVE_RATING_H
#define GABATA_SERVE_RATING_H

#include <stdbool.h>

#define RATING_START 1500.0
#define RD_START 350.0
#define VOLATILITY_START 0.06
#define RATING_TAU 0.75        /* the system constant: how fast volatility may change */
#define RD_PROVISIONAL 110.0   /* a rating whose RD is above this is provisional */
#define RATING_IDLE_DAYS 4.0   /* days away that count as one rating period without games: a
                                  settled RD of 50 is provisional again after about a year */

typedef struct rating {
    double r, rd, vol; /* on the Glicko scale: 1500, 350, 0.06 for a new player */
} rating;

typedef struct rating_game {
    double r, rd; /* the opponent's rating and RD before the period */
    double score; /* 1 a win, 0.5 a draw, 0 a loss */
} rating_game;

/* The new rating of p after the n games of one rating period (n = 0: RD grows by the
 * volatility, as Glickman's step 6 says). tau: the system constant (RATING_TAU). The RD never
 * rises above RD_START. The volatility's iteration is bounded (at most 100 steps). */
rating rating_update(rating p, const rating_game *games, int n, double tau);

/* p after `days` without a rated game (days / RATING_IDLE_DAYS periods of Glickman's step 6
 * with no game: the deviation grows by the volatility each, phi^2 + n sigma^2, never above
 * RD_START; the rating and volatility stay). A player long away is less certain, so his next
 * games move his rating more, and a settled rating turns provisional again, as on lichess (a
 * rating kept for ever at its last certainty would not). days <= 0: p unchanged. */
rating rating_idle(rating p, double days);

/* Both players of one game, each against the other's rating from before it: score_s is South's
 * (1, 0.5, 0). */
void rating_game_pair(rating *s, rating *n, double score_s, double tau);

static inline bool rating_provisional(rating p) { return p.rd > RD_PROVISIONAL; }

/* A finished game's outcome for the ratings, from how it ended: ended is the slot's ENDED_*
 * (store.h), over whether the rules ended it, winner the rules' GB_SOUTH / GB_NORTH / GB_DRAW. */
enum { OUTCOME_NONE, OUTCOME_S_WINS, OUTCOME_N_WINS, OUTCOME_DRAW };
int rating_outcome(int ended, bool over, int winner);
/* South's score for an outcome: 1, 0.5, 0; -1 for OUTCOME_NONE (nothing to rate). */
double rating_score_s(int outcome);

#endif
