/* stats_metrics.c — the accumulators of `gabata stats` and the measures computed from them
 * (docs/stats.md defines each one). No global state: every thread and MPI rank owns its own. */
#include "stats.h"

#include <math.h>
#include <string.h>

const st_metric_info st_metrics[SM_COUNT] = {
    [SM_GAMES] = {"games", "games", 0, false},
    [SM_SOUTH] = {"south", "South wins", 1, true},
    [SM_NORTH] = {"north", "North wins", 1, true},
    [SM_DRAW] = {"draw", "draws", 1, true},
    [SM_A_WINS] = {"a_wins", "player A (--south) wins", 1, true},
    [SM_B_WINS] = {"b_wins", "player B (--north) wins", 1, true},
    [SM_BALANCE] = {"balance", "Balance", 3, false},
    [SM_COMPLETION] = {"completion", "Completion", 1, true},
    [SM_DRAWISH] = {"drawishness", "Drawishness", 1, true},
    [SM_ADVANTAGE] = {"advantage", "Advantage (first player wins)", 1, true},
    [SM_TIMEOUTS] = {"timeouts", "Timeouts (cap)", 1, true},
    [SM_END_RULE] = {"end_rule", "ended by rule", 1, true},
    [SM_END_REPETITION] = {"end_repetition", "ended by repetition", 1, true},
    [SM_END_CAP] = {"end_cap", "ended by the cap", 1, true},
    [SM_END_ENDLESS] = {"end_endless", "ended as endless", 1, true},
    [SM_ROUNDS] = {"rounds", "rounds per game", 2, false},
    [SM_ROUNDS_MAX] = {"rounds_max", "rounds, most", 0, false},
    [SM_PLIES] = {"plies", "plies", 1, false},
    [SM_PLIES_SD] = {"plies_sd", "plies, sd", 1, false},
    [SM_PLIES_MIN] = {"plies_min", "plies, least", 0, false},
    [SM_PLIES_Q10] = {"plies_q10", "plies, 10%", 0, false},
    [SM_PLIES_Q25] = {"plies_q25", "plies, 25%", 0, false},
    [SM_PLIES_MEDIAN] = {"plies_median", "plies, median", 0, false},
    [SM_PLIES_Q75] = {"plies_q75", "plies, 75%", 0, false},
    [SM_PLIES_Q90] = {"plies_q90", "plies, 90%", 0, false},
    [SM_PLIES_MAX] = {"plies_max", "plies, most", 0, false},
    [SM_TURNS] = {"turns", "turns", 1, false},
    [SM_LAPS_PER_PLY] = {"laps_per_ply", "laps per ply", 3, false},
    [SM_SOWN] = {"sown", "stones sown", 0, false},
    [SM_BRANCHING] = {"branching", "branching factor", 2, false},
    [SM_BRANCHING_MAX] = {"branching_max", "branching, most", 0, false},
    [SM_DECISION] = {"decision", "decision share", 1, true},
    [SM_CAPTURES] = {"captures", "captures per game", 2, false},
    [SM_LEAD_CHANGE] = {"lead_change", "Lead change", 3, false},
    [SM_DECISIVENESS] = {"decisiveness", "Decisiveness", 3, false},
    [SM_STABILITY] = {"stability", "Stability", 4, false},
};

void st_acc_init_zeroed(st_acc *a)
{
    a->plies_min = -1;
    a->half = -1;
}

void st_acc_init(st_acc *a)
{
    memset(a, 0, sizeof *a);
    st_acc_init_zeroed(a);
}

void st_add(st_acc *a, const st_game *g)
{
    if (g->pair == 1)
        a->half = -1; /* a pair's first game: it waits below for the second */
    if (g->winner < 0) {
        a->failed++;
        if (g->pair == 2)
            a->half = -1; /* the pair is not whole */
        return;
    }
    if (g->pair) {
        /* player A won when South won unswapped or North won swapped (B likewise) */
        int aw = (g->winner == GB_SOUTH && !g->swapped) || (g->winner == GB_NORTH && g->swapped);
        int bw = (g->winner == GB_NORTH && !g->swapped) || (g->winner == GB_SOUTH && g->swapped);
        int apts = 2 * aw + (g->winner == GB_DRAW); /* half points: a draw is 1 */
        if (g->pair == 1) {
            a->half = apts * 9 + aw * 3 + bw;
        } else if (a->half >= 0) {
            a->pairs++;
            a->pent[a->half / 9 + apts]++;
            a->pair_wins[0][a->half / 3 % 3 + aw]++;
            a->pair_wins[1][a->half % 3 + bw]++;
            a->half = -1;
        }
    }
    a->n++;
    a->wins[g->winner <= GB_DRAW ? g->winner : GB_DRAW]++;
    if (g->winner == GB_SOUTH || g->winner == GB_NORTH)
        a->pwins[(g->winner == GB_NORTH) != (g->swapped != 0)]++; /* A won: South unswapped */
    if (g->winner == g->first)
        a->first_wins++;
    bool cap = g->end_reason == GB_END_CAP;
    if (g->winner != GB_DRAW && !cap)
        a->completed++;
    if (g->winner == GB_DRAW && !cap)
        a->natural_draws++;
    if (g->end_reason >= 0 && g->end_reason < 5)
        a->reasons[g->end_reason]++;
    long long p = g->plies;
    a->plies += p;
    a->plies2 += p * p;
    a->hist[p < ST_HIST - 1 ? p : ST_HIST - 1]++;
    if (a->plies_min < 0 || g->plies < a->plies_min)
        a->plies_min = g->plies;
    if (g->plies > a->plies_max)
        a->plies_max = g->plies;
    a->played += g->played;
    a->turns += g->turns;
    a->turns2 += (long long)g->turns * g->turns;
    a->laps += g->laps;
    a->sown += g->sown;
    a->sown2 += g->sown * g->sown;
    a->rounds += g->rounds;
    a->rounds2 += (long long)g->rounds * g->rounds;
    a->rounds_hist[g->rounds < ST_ROUNDS - 1 ? (g->rounds > 0 ? g->rounds : 0) : ST_ROUNDS - 1]++;
    if (g->rounds > a->rounds_max)
        a->rounds_max = g->rounds;
    a->branch_sum += g->branch_sum;
    a->branch_n += g->branch_n;
    a->decisions += g->decisions;
    if (g->branch_max > a->branch_max)
        a->branch_max = g->branch_max;
    a->captures += g->captures;
    a->captures2 += (long long)g->captures * g->captures;
    a->lead_changes += g->lead_changes;
    double lr = g->played > 0 ? (double)g->lead_changes / g->played : 0;
    a->lead_rate += lr;
    a->lead_rate2 += lr * lr;
    if (g->winner != GB_DRAW && g->decisive >= 0 && g->played > 0) {
        double f = (double)g->decisive / g->played;
        a->decided_games++;
        a->decisive_frac += f;
        a->decisive_frac2 += f * f;
    }
    a->stability += g->stability;
    a->stability2 += g->stability * g->stability;
}

void st_add_ply(st_acc *a, int t, int moves)
{
    if (t >= 0 && t < ST_PLY_BINS) {
        a->ply_branch[t] += moves;
        a->ply_n[t]++;
        if (t >= a->ply_hi)
            a->ply_hi = t + 1;
    }
}

void st_merge(st_acc *a, const st_acc *b)
{
    a->n += b->n;
    a->failed += b->failed;
    for (int i = 0; i < 3; i++)
        a->wins[i] += b->wins[i];
    a->pwins[0] += b->pwins[0];
    a->pwins[1] += b->pwins[1];
    a->pairs += b->pairs;
    for (int i = 0; i < 5; i++)
        a->pent[i] += b->pent[i];
    for (int i = 0; i < 3; i++) {
        a->pair_wins[0][i] += b->pair_wins[0][i];
        a->pair_wins[1][i] += b->pair_wins[1][i];
    }
    a->first_wins += b->first_wins;
    a->completed += b->completed;
    a->natural_draws += b->natural_draws;
    for (int i = 0; i < 5; i++)
        a->reasons[i] += b->reasons[i];
    a->plies += b->plies;
    a->plies2 += b->plies2;
    if (b->plies_min >= 0 && (a->plies_min < 0 || b->plies_min < a->plies_min))
        a->plies_min = b->plies_min;
    if (b->plies_max > a->plies_max)
        a->plies_max = b->plies_max;
    a->played += b->played;
    a->turns += b->turns;
    a->turns2 += b->turns2;
    a->laps += b->laps;
    a->sown += b->sown;
    a->sown2 += b->sown2;
    a->rounds += b->rounds;
    a->rounds2 += b->rounds2;
    if (b->rounds_max > a->rounds_max)
        a->rounds_max = b->rounds_max;
    a->branch_sum += b->branch_sum;
    a->branch_n += b->branch_n;
    a->decisions += b->decisions;
    if (b->branch_max > a->branch_max)
        a->branch_max = b->branch_max;
    a->captures += b->captures;
    a->captures2 += b->captures2;
    a->lead_changes += b->lead_changes;
    a->lead_rate += b->lead_rate;
    a->lead_rate2 += b->lead_rate2;
    a->decided_games += b->decided_games;
    a->decisive_frac += b->decisive_frac;
    a->decisive_frac2 += b->decisive_frac2;
    a->stability += b->stability;
    a->stability2 += b->stability2;
    /* the histograms only as far as b has entries (st_add bins a game at its plies and rounds,
     * never past the most of them; st_add_ply keeps ply_hi): the rest is zero */
    int hist_hi = b->plies_max < ST_HIST - 1 ? b->plies_max + 1 : ST_HIST;
    for (int i = 0; i < hist_hi; i++)
        a->hist[i] += b->hist[i];
    int rounds_hi = b->rounds_max < ST_ROUNDS - 1 ? b->rounds_max + 1 : ST_ROUNDS;
    for (int i = 0; i < rounds_hi; i++)
        a->rounds_hist[i] += b->rounds_hist[i];
    for (int i = 0; i < b->ply_hi; i++) {
        a->ply_branch[i] += b->ply_branch[i];
        a->ply_n[i] += b->ply_n[i];
    }
    if (b->ply_hi > a->ply_hi)
        a->ply_hi = b->ply_hi;
}

#define Z95 1.959963984540054

/* Wilson's interval for k successes in n trials, both real (an effective sample, below) */
static void wilson(double k, double n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = *hi = NAN;
        return;
    }
    double p = k / n, z2 = Z95 * Z95, d = 1 + z2 / n;
    double c = (p + z2 / (2.0 * n)) / d;
    double h = Z95 * sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / d;
    *lo = c - h < 0 ? 0 : c - h;
    *hi = c + h > 1 ? 1 : c + h;
    /* at k = 0 the centre and the half-width are both (z^2/2n) / (1 + z^2/n), so the lower
     * bound is 0 exactly (and at k = n the upper bound 1), which rounding would leave at 1e-19 */
    if (k <= 0)
        *lo = 0;
    if (k >= n)
        *hi = 1;
}

void st_wilson(long long k, long long n, double *lo, double *hi) { wilson((double)k, (double)n, lo, hi); }

void st_wilson_paired(long long k, long long n, const long long wins[3], double *lo, double *hi)
{
    double deff = 1;
    long long pairs = wins[0] + wins[1] + wins[2];
    if (pairs >= 2) {
        /* a pair's share x = wins / 2; deff = Var(mean of x over pairs) / (m(1-m) / 2 pairs)
         * = 2 s^2 / (m(1-m)), s^2 the sample variance of x */
        double m = (wins[1] + 2.0 * wins[2]) / (2.0 * pairs);
        double ss = wins[0] * m * m + wins[1] * (0.5 - m) * (0.5 - m) + wins[2] * (1 - m) * (1 - m);
        double s2 = ss / (double)(pairs - 1);
        if (m > 0 && m < 1 && 2 * s2 / (m * (1 - m)) > 1)
            deff = 2 * s2 / (m * (1 - m));
    }
    wilson((double)k / deff, (double)n / deff, lo, hi);
}

static st_value share(long long k, long long n)
{
    st_value v = {n > 0 ? (double)k / n : NAN, NAN, NAN};
    st_wilson(k, n, &v.lo, &v.hi);
    return v;
}

/* Student's t quantile t(0.975, df), for a mean's 95% interval from n = df + 1 games: the
 * published values to df = 30, past it the Cornish-Fisher expansion in 1/df about z (Abramowitz
 * and Stegun 26.7.5; 2.042275 at df = 30 against the exact 2.042272) */
double st_t95(long long df)
{
    static const double table[31] = {NAN,      12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912,
                                     2.364624, 2.306004,  2.262157, 2.228139, 2.200985, 2.178813, 2.160369,
                                     2.144787, 2.131450,  2.119905, 2.109816, 2.100922, 2.093024, 2.085963,
                                     2.079614, 2.073873,  2.068658, 2.063899, 2.059539, 2.055529, 2.051831,
                                     2.048407, 2.045230,  2.042272};
    if (df < 1)
        return NAN;
    if (df <= 30)
        return table[df];
    const double z = Z95, z2 = z * z, d = (double)df;
    const double g1 = (z2 + 1) * z / 4, g2 = ((5 * z2 + 16) * z2 + 3) * z / 96,
                 g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384,
                 g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160;
    return z + g1 / d + g2 / (d * d) + g3 / (d * d * d) + g4 / (d * d * d * d);
}

/* mean of n values from their sum and sum of squares, with its 95% interval: mean +- t s/sqrt(n)
 * (Student's t with n - 1 degrees of freedom: the normal 1.96 is too narrow for a few games),
 * cut to [least, most], the range the measure can take (no negative plies, no share above 1) */
static st_value mean(double sum, double sum2, long long n, double least, double most)
{
    st_value v = {NAN, NAN, NAN};
    if (n <= 0)
        return v;
    v.v = sum / n;
    if (n > 1) {
        double var = (sum2 - sum * sum / n) / (n - 1);
        double h = st_t95(n - 1) * sqrt(var > 0 ? var / n : 0);
        v.lo = fmax(least, v.v - h);
        v.hi = fmin(most, v.v + h);
    }
    return v;
}

static st_value plain(double v) { return (st_value){v, NAN, NAN}; }

/* the nearest-rank q-quantile of the plies: the smallest length at or below which at least
 * ceil(q * n) games end */
static double quantile(const st_acc *a, double q)
{
    if (a->n <= 0)
        return NAN;
    long long rank = (long long)ceil(q * (double)a->n - 1e-9);
    if (rank < 1)
        rank = 1;
    long long cum = 0;
    for (int i = 0; i < ST_HIST; i++) {
        cum += a->hist[i];
        if (cum >= rank)
            return i < ST_HIST - 1 ? i : a->plies_max;
    }
    return a->plies_max;
}

void st_compute(const st_acc *a, st_value out[SM_COUNT])
{
    long long n = a->n;
    out[SM_GAMES] = plain((double)n);
    out[SM_SOUTH] = share(a->wins[GB_SOUTH], n);
    out[SM_NORTH] = share(a->wins[GB_NORTH], n);
    out[SM_DRAW] = share(a->wins[GB_DRAW], n);
    out[SM_A_WINS] = share(a->pwins[0], n);
    out[SM_B_WINS] = share(a->pwins[1], n);
    if (a->pairs) /* games in pairs: the pair is the unit of sampling */
        for (int k = 0; k < 2; k++)
            st_wilson_paired(a->pwins[k], n, a->pair_wins[k], &out[SM_A_WINS + k].lo, &out[SM_A_WINS + k].hi);
    /* Balance 1 - |pS - pN|; the interval from the multinomial variance of pS - pN */
    st_value b = {NAN, NAN, NAN};
    if (n > 0) {
        double ps = (double)a->wins[0] / n, pn = (double)a->wins[1] / n, d = fabs(ps - pn);
        double se = sqrt(fmax(0, (ps + pn - (ps - pn) * (ps - pn)) / n));
        b.v = 1 - d;
        b.lo = fmax(0, 1 - (d + Z95 * se));
        b.hi = fmin(1, 1 - fmax(0, d - Z95 * se));
    }
    out[SM_BALANCE] = b;
    out[SM_COMPLETION] = share(a->completed, n);
    out[SM_DRAWISH] = share(a->natural_draws, n);
    out[SM_ADVANTAGE] = share(a->first_wins, n);
    out[SM_TIMEOUTS] = share(a->reasons[GB_END_CAP], n);
    out[SM_END_RULE] = share(a->reasons[GB_END_RULE], n);
    out[SM_END_REPETITION] = share(a->reasons[GB_END_REPETITION], n);
    out[SM_END_CAP] = share(a->reasons[GB_END_CAP], n);
    out[SM_END_ENDLESS] = share(a->reasons[GB_END_ENDLESS], n);
    out[SM_ROUNDS] = mean((double)a->rounds, (double)a->rounds2, n, 1, INFINITY);
    out[SM_ROUNDS_MAX] = plain(a->rounds_max);
    out[SM_PLIES] = mean((double)a->plies, (double)a->plies2, n, 0, INFINITY);
    double var = n > 1 ? ((double)a->plies2 - (double)a->plies * a->plies / n) / (n - 1) : NAN;
    out[SM_PLIES_SD] = plain(n > 1 ? sqrt(var > 0 ? var : 0) : NAN);
    out[SM_PLIES_MIN] = plain(n > 0 ? a->plies_min : NAN);
    out[SM_PLIES_Q10] = plain(quantile(a, 0.10));
    out[SM_PLIES_Q25] = plain(quantile(a, 0.25));
    out[SM_PLIES_MEDIAN] = plain(quantile(a, 0.50));
    out[SM_PLIES_Q75] = plain(quantile(a, 0.75));
    out[SM_PLIES_Q90] = plain(quantile(a, 0.90));
    out[SM_PLIES_MAX] = plain(n > 0 ? a->plies_max : NAN);
    out[SM_TURNS] = mean((double)a->turns, (double)a->turns2, n, 0, INFINITY);
    out[SM_LAPS_PER_PLY] = plain(a->played > 0 ? (double)a->laps / a->played : NAN);
    out[SM_SOWN] = mean((double)a->sown, (double)a->sown2, n, 0, INFINITY);
    out[SM_BRANCHING] = plain(a->branch_n > 0 ? (double)a->branch_sum / a->branch_n : NAN);
    out[SM_BRANCHING_MAX] = plain(a->branch_n > 0 ? a->branch_max : NAN);
    out[SM_DECISION] = plain(a->branch_n > 0 ? (double)a->decisions / a->branch_n : NAN);
    out[SM_CAPTURES] = mean((double)a->captures, (double)a->captures2, n, 0, INFINITY);
    out[SM_LEAD_CHANGE] = mean(a->lead_rate, a->lead_rate2, n, 0, 1);
    out[SM_DECISIVENESS] = mean(a->decisive_frac, a->decisive_frac2, a->decided_games, 0, 1);
    out[SM_STABILITY] = mean(a->stability, a->stability2, n, 0, 1);
}
