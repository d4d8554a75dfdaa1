/* match_stats.c — `gabata match`'s figures over pairs of games (match_stats.h). */
#include "match_stats.h"

#include <math.h>
#include <string.h>

double match_score_of_elo(double elo) { return 1 / (1 + pow(10, -elo / 400)); }

double match_elo(double s) { return -400.0 * log10(1.0 / s - 1.0); }

void match_tally_game(match_tally *t, int result)
{
    if (result < 0)
        return;
    t->n++;
    if (result == 2)
        t->w++;
    else if (result == 1)
        t->d++;
    else
        t->l++;
}

void match_tally_pair(match_tally *t, int first, int second)
{
    if (first < 0 || second < 0 || first > 2 || second > 2)
        return;
    t->pent[first + second]++;
    t->pairs++;
}

void match_tally_count(match_tally *t, const int *results, int games)
{
    memset(t, 0, sizeof *t);
    for (int i = 0; i < games; i++) {
        match_tally_game(t, results[i]);
        if (i % 2 == 1)
            match_tally_pair(t, results[i - 1], results[i]);
    }
}

/* a pair's score, as a fraction of its two points, for pent[k] */
static double pair_score(int k) { return k / 4.0; }

void match_tally_score(const match_tally *t, double *score, double *se)
{
    if (t->pairs == 0) { /* no whole pair: the games as independent trials (trinomial) */
        double n = t->n ? t->n : 1;
        double s = (t->w + 0.5 * t->d) / n;
        double var = (t->w * (1 - s) * (1 - s) + t->d * (0.5 - s) * (0.5 - s) + t->l * s * s) / n;
        *score = s;
        *se = sqrt(var / n);
        return;
    }
    double n = t->pairs, s = 0, var = 0;
    for (int k = 0; k < 5; k++)
        s += t->pent[k] * pair_score(k);
    s /= n;
    for (int k = 0; k < 5; k++)
        var += t->pent[k] * (pair_score(k) - s) * (pair_score(k) - s);
    var /= n;
    *score = s;
    *se = sqrt(var / n);
}

/* The Lagrange multiplier of the most likely distribution q with mean `mean` given the observed
 * frequencies p: q_k = p_k / (1 + lambda (x_k - mean)), lambda the root of
 * f(lambda) = sum p_k (x_k - mean) / (1 + lambda (x_k - mean)), which falls as lambda grows, on
 * the interval where every q_k of an observed outcome is positive. Bisection, a bounded number of
 * halvings (the interval is narrower than a double's precision long before the last). */
static double mle_lambda(const double p[5], double mean)
{
    double xmin = 1, xmax = 0;
    for (int k = 0; k < 5; k++)
        if (p[k] > 0) {
            xmin = fmin(xmin, pair_score(k));
            xmax = fmax(xmax, pair_score(k));
        }
    /* 1 + lambda (x - mean) > 0 for x in [xmin, xmax] */
    double lo = xmax > mean ? -1 / (xmax - mean) : -1e9, hi = xmin < mean ? 1 / (mean - xmin) : 1e9;
    for (int i = 0; i < 200; i++) {
        double mid = lo + (hi - lo) / 2, f = 0;
        for (int k = 0; k < 5; k++)
            if (p[k] > 0)
                f += p[k] * (pair_score(k) - mean) / (1 + mid * (pair_score(k) - mean));
        if (f > 0)
            lo = mid;
        else
            hi = mid;
    }
    return lo + (hi - lo) / 2;
}

double match_sprt_llr_floor(const match_tally *t, double elo0, double elo1, double floor)
{
    if (t->pairs == 0)
        return 0;
    double c[5], n = 0;
    for (int k = 0; k < 5; k++) {
        c[k] = t->pent[k] < floor ? floor : t->pent[k];
        n += c[k];
    }
    double p[5], mean = 0;
    for (int k = 0; k < 5; k++) {
        p[k] = c[k] / n;
        mean += p[k] * pair_score(k);
    }
    double xmin = 1, xmax = 0;
    for (int k = 0; k < 5; k++)
        if (p[k] > 0) {
            xmin = fmin(xmin, pair_score(k));
            xmax = fmax(xmax, pair_score(k));
        }
    const double s0 = match_score_of_elo(elo0), s1 = match_score_of_elo(elo1);
    /* a hypothesis's mean outside what the observed outcomes can average (every pair alike with
     * no floor) has no distribution on them: the ratio is infinite, signed by the side it is on */
    if (!(s0 > xmin && s0 < xmax) || !(s1 > xmin && s1 < xmax)) {
        if (xmin == xmax)
            return xmin >= s1 ? INFINITY : xmax <= s0 ? -INFINITY : 0;
        return mean >= (s0 + s1) / 2 ? INFINITY : -INFINITY;
    }
    const double l0 = mle_lambda(p, s0), l1 = mle_lambda(p, s1);
    double llr = 0;
    for (int k = 0; k < 5; k++)
        if (p[k] > 0)
            llr += p[k] * (log1p(l0 * (pair_score(k) - s0)) - log1p(l1 * (pair_score(k) - s1)));
    return n * llr;
}

double match_sprt_llr(const match_tally *t, double elo0, double elo1)
{
    return match_sprt_llr_floor(t, elo0, elo1, 0.001);
}
