/* match_stats.h — the figures of `gabata match`: its games counted by pairs of one opening
 * played from both sides (pentanomial counts), the score and its standard error over those
 * pairs, the Elo difference and the SPRT's log-likelihood ratio. docs/ai.md ("gabata match"). */
#ifndef GABATA_MATCH_STATS_H
#define GABATA_MATCH_STATS_H

#include <stdbool.h>

typedef struct match_tally {
    int w, d, l, n;  /* every game played, for the first player */
    int pent[5];     /* whole pairs by the first player's points in them: 0, 1/2, 1, 3/2, 2 */
    int pairs;       /* whole pairs counted in pent */
} match_tally;

/* Counts the games of a match: results[i] is game i's result for the first player (2 a win, 1 a
 * draw, 0 a loss, negative: not played or failed); games 2p and 2p + 1 are pair p (one opening,
 * each player South once). A pair counts in pent only when both its games have a result. */
void match_tally_count(match_tally *t, const int *results, int games);
/* The same one game (its result as above) and one pair (both results; counted only when both
 * are results), for a tally kept as the games come in. */
void match_tally_game(match_tally *t, int result);
void match_tally_pair(match_tally *t, int first, int second);

/* The first player's score (a fraction of the points) over the whole pairs, and its standard
 * error: the pair is the unit of sampling (its two games share an opening and are not
 * independent), so the variance is that of the pairs' mean scores divided by their number.
 * With no whole pair: the score over the games played, and the error of independent games. */
void match_tally_score(const match_tally *t, double *score, double *se);

/* The SPRT's log-likelihood ratio of Elo elo1 against elo0 over the whole pairs: the
 * generalized SPRT on the pentanomial counts (as Fishtest's): for each hypothesis, the
 * distribution of a pair's score nearest the observed one (most likely) whose mean is that
 * hypothesis's expected score, then N times the observed mean of the log ratio of the two.
 * Unlike the normal approximation it stays sound when the pairs all score alike (every game
 * won: about 0.42 a pair for 0 against 200 Elo, where the normal formula gives 51 after one
 * pair). Each of the five counts is taken as at least 0.001 so that an outcome not yet seen
 * is not ruled out. 0 with no whole pair. */
double match_sprt_llr(const match_tally *t, double elo0, double elo1);
/* The same with the counts' floor given (match_sprt_llr's is 0.001; 0: none, for a test that
 * works the ratio by hand). */
double match_sprt_llr_floor(const match_tally *t, double elo0, double elo1, double floor);

/* The score expected at an Elo difference (the logistic curve), and its inverse (0 < s < 1). */
double match_score_of_elo(double elo);
double match_elo(double s);

#endif
