/* rating.c — Glicko-2 (rating.h), step by step as in Glickman's "Example of the Glicko-2
 * system"; the step numbers below are his. */
#include "rating.h"

#include "store.h" /* ENDED_* (the enum only) */

#include <math.h>

#define GLICKO2_SCALE 173.7178 /* 400 / ln 10: the Glicko scale to Glicko-2's */
#define VOL_EPSILON 0.000001   /* the volatility's iteration stops this close */
#define VOL_MAX_STEPS 100      /* and after this many steps whatever happens */
#define PI 3.14159265358979323846

static double g_of(double phi)
{
    return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (PI * PI));
}

static double expected(double mu, double mu_j, double phi_j)
{
    return 1.0 / (1.0 + exp(-g_of(phi_j) * (mu - mu_j)));
}

/* Step 5's f(x) */
static double vol_f(double x, double delta, double phi, double v, double a, double tau)
{
    double ex = exp(x), d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

rating rating_update(rating p, const rating_game *games, int n, double tau)
{
    /* step 2: to the Glicko-2 scale */
    double mu = (p.r - RATING_START) / GLICKO2_SCALE, phi = p.rd / GLICKO2_SCALE, sigma = p.vol;
    if (n <= 0) { /* no game this period: only the deviation grows */
        double phi_star = sqrt(phi * phi + sigma * sigma);
        rating out = {p.r, fmin(phi_star * GLICKO2_SCALE, RD_START), sigma};
        return out;
    }
    /* steps 3 and 4: the estimated variance v and the improvement delta */
    double inv_v = 0.0, sum = 0.0;
    for (int j = 0; j < n; j++) {
        double mu_j = (games[j].r - RATING_START) / GLICKO2_SCALE, phi_j = games[j].rd / GLICKO2_SCALE;
        double gj = g_of(phi_j), e = expected(mu, mu_j, phi_j);
        inv_v += gj * gj * e * (1.0 - e);
        sum += gj * (games[j].score - e);
    }
    double v = 1.0 / inv_v, delta = v * sum;
    /* step 5: the new volatility, by the Illinois algorithm */
    double a = log(sigma * sigma), A = a, B;
    if (delta * delta > phi * phi + v) {
        B = log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (k < VOL_MAX_STEPS && vol_f(a - k * tau, delta, phi, v, a, tau) < 0)
            k++;
        B = a - k * tau;
    }
    double fA = vol_f(A, delta, phi, v, a, tau), fB = vol_f(B, delta, phi, v, a, tau);
    for (int step = 0; step < VOL_MAX_STEPS && fabs(B - A) > VOL_EPSILON; step++) {
        double C = A + (A - B) * fA / (fB - fA), fC = vol_f(C, delta, phi, v, a, tau);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2.0;
        }
        B = C;
        fB = fC;
    }
    double sigma2 = exp(A / 2.0);
    /* steps 6 and 7: the new deviation and rating */
    double phi_star = sqrt(phi * phi + sigma2 * sigma2);
    double phi2 = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    double mu2 = mu + phi2 * phi2 * sum;
    /* step 8: back to the Glicko scale */
    rating out = {mu2 * GLICKO2_SCALE + RATING_START, fmin(phi2 * GLICKO2_SCALE, RD_START), sigma2};
    return out;
}

rating rating_idle(rating p, double days)
{
    if (!(days > 0))
        return p;
    double phi = p.rd / GLICKO2_SCALE, n = days / RATING_IDLE_DAYS;
    p.rd = fmin(sqrt(phi * phi + n * p.vol * p.vol) * GLICKO2_SCALE, RD_START);
    return p;
}

void rating_game_pair(rating *s, rating *n, double score_s, double tau)
{
    rating_game vs_n = {n->r, n->rd, score_s}, vs_s = {s->r, s->rd, 1.0 - score_s};
    rating s2 = rating_update(*s, &vs_n, 1, tau), n2 = rating_update(*n, &vs_s, 1, tau);
    *s = s2;
    *n = n2;
}

int rating_outcome(int ended, bool over, int winner)
{
    switch (ended) {
    case ENDED_DRAW_AGREED: return OUTCOME_DRAW;
    case ENDED_S_RESIGNED: return OUTCOME_N_WINS;
    case ENDED_N_RESIGNED: return OUTCOME_S_WINS;
    case ENDED_S_TIME: return OUTCOME_N_WINS; /* South's flag fell */
    case ENDED_N_TIME: return OUTCOME_S_WINS;
    case ENDED_ABORTED: return OUTCOME_NONE;  /* no first move in time: nobody wins, unrated */
    case ENDED_EARLY: return OUTCOME_NONE;    /* before each player had moved: the same */
    case ENDED_S_ABANDONED: return OUTCOME_N_WINS; /* South left, North claimed the win */
    case ENDED_N_ABANDONED: return OUTCOME_S_WINS;
    case ENDED_ABANDONED_DRAW: return OUTCOME_DRAW;
    case ENDED_NO: break;
    default: return OUTCOME_NONE;             /* (an ending this code does not know: not rated) */
    }
    if (!over)
        return OUTCOME_NONE;
    return winner == GB_SOUTH ? OUTCOME_S_WINS : winner == GB_NORTH ? OUTCOME_N_WINS
         : winner == GB_DRAW ? OUTCOME_DRAW : OUTCOME_NONE;
}

double rating_score_s(int outcome)
{
    return outcome == OUTCOME_S_WINS ? 1.0 : outcome == OUTCOME_N_WINS ? 0.0 : outcome == OUTCOME_DRAW ? 0.5 : -1.0;
}
