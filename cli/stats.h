/* stats.h — `gabata stats`: the measures of play (docs/stats.md). A game played gives a record
 * (st_game) and per-ply figures; records go into an accumulator (st_acc), a plain struct with no
 * pointers, so that threads and MPI ranks each fill their own and the owner merges them in a
 * fixed order (blocks of games in block order): the same numbers however the work was split. */
#ifndef GABATA_STATS_H
#define GABATA_STATS_H

#include "gabata.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define ST_HIST 8192   /* plies histogram: exact below, one overflow bin at ST_HIST-1 and up */
#define ST_PLY_BINS 512 /* branching factor by ply, for the first ST_PLY_BINS plies */
#define ST_ROUNDS 256  /* rounds histogram (the last bin: that many or more) */

/* One game. Play figures cover the players' plies (after any opening). */
typedef struct st_game {
    int winner;         /* GB_SOUTH, GB_NORTH, GB_DRAW; -1: the game failed */
    int swapped;        /* 1: player A (--south's) sat North, B South (the second of a pair) */
    int pair;           /* 0: not played in pairs; 1, 2: the first, the second game of a pair */
    int first;          /* the side that moved first from the start */
    int end_reason;     /* GB_END_* */
    int rounds;
    int plies;          /* every move, the opening's included */
    int played;         /* the players' moves (after the opening) */
    int turns;          /* runs of moves by one side, of the players' moves */
    int score[2];
    long long laps, sown;
    long long branch_sum; /* legal moves summed over the positions where they are listed */
    int branch_n, branch_max, decisions; /* such positions; most moves; with more than one */
    int captures;       /* moves that captured (or raided) stones */
    int lead_changes;   /* positions where the leader (South, North, level) changed */
    int decisive;       /* ply (of the players') from which the winner stays ahead; -1 none */
    double stability;   /* variance of South's normalised lead over the game */
} st_game;

typedef struct st_acc {
    long long n, failed;
    long long wins[3];         /* South, North, draw */
    long long pwins[2];        /* games won by player A (--south's), by player B (--north's) */
    /* Paired runs: the pair (an opening played from both sides) is the unit of sampling, since
     * its two games share an opening. Whole pairs (both games played), by player A's points in
     * them (0, 1/2, 1, 3/2, 2: the pentanomial counts of `gabata match`) and by the games A, B
     * won in them (0, 1, 2). A pair never spans two blocks, so merging adds these up. */
    long long pairs, pent[5], pair_wins[2][3];
    int half;                  /* a pair's first game waiting for its second: A's points * 9 +
                                  A's wins * 3 + B's wins; -1: none (or the first failed) */
    long long first_wins;      /* games won by the side that moved first */
    long long completed;       /* won, and not ended by the cap */
    long long natural_draws;   /* drawn, and not ended by the cap */
    long long reasons[5];      /* by GB_END_* */
    long long plies, plies2;   /* sums of plies and of their squares (exact) */
    long long played, turns, turns2, laps, sown, sown2, rounds, rounds2;
    long long branch_sum, branch_n, decisions;
    int branch_max, plies_min, plies_max, rounds_max;
    int ply_hi;                /* ply_branch, ply_n: 0 from this index on */
    long long captures, captures2, lead_changes;
    double lead_rate;          /* sum over games of lead changes / players' moves */
    double lead_rate2;
    long long decided_games;   /* won games with a decisive ply */
    double decisive_frac, decisive_frac2; /* sums of decisive ply / players' moves */
    double stability, stability2;
    long long hist[ST_HIST];
    long long rounds_hist[ST_ROUNDS];
    long long ply_branch[ST_PLY_BINS], ply_n[ST_PLY_BINS];
} st_acc;

void st_acc_init(st_acc *a);
/* st_acc_init for an accumulator whose bytes are all zero already (calloc): the large arrays
 * are left alone, so that their untouched pages are never written */
void st_acc_init_zeroed(st_acc *a);
void st_add(st_acc *a, const st_game *g);
/* One position's legal moves at players' ply t (for the branching factor over the game). */
void st_add_ply(st_acc *a, int t, int moves);
/* a += b (b's games after a's: the only order-dependent part is the floating sums) */
void st_merge(st_acc *a, const st_acc *b);

/* A measure with its 95% interval (lo, hi: NAN when it has none). */
typedef struct st_value {
    double v, lo, hi;
} st_value;

/* The measures, in the order every output lists them. */
enum {
    SM_GAMES, SM_SOUTH, SM_NORTH, SM_DRAW, SM_A_WINS, SM_B_WINS, SM_BALANCE, SM_COMPLETION, SM_DRAWISH, SM_ADVANTAGE,
    SM_TIMEOUTS, SM_END_RULE, SM_END_REPETITION, SM_END_CAP, SM_END_ENDLESS, SM_ROUNDS, SM_ROUNDS_MAX,
    SM_PLIES, SM_PLIES_SD, SM_PLIES_MIN, SM_PLIES_Q10, SM_PLIES_Q25, SM_PLIES_MEDIAN, SM_PLIES_Q75,
    SM_PLIES_Q90, SM_PLIES_MAX, SM_TURNS, SM_LAPS_PER_PLY, SM_SOWN, SM_BRANCHING, SM_BRANCHING_MAX,
    SM_DECISION, SM_CAPTURES, SM_LEAD_CHANGE, SM_DECISIVENESS, SM_STABILITY, SM_COUNT
};
typedef struct st_metric_info {
    const char *key;   /* CSV/JSON name */
    const char *label; /* the table's */
    int digits;        /* decimals to print */
    bool percent;      /* a share, printed as a percentage in the table */
} st_metric_info;
extern const st_metric_info st_metrics[SM_COUNT];
void st_compute(const st_acc *a, st_value out[SM_COUNT]);

/* Student's t quantile t(0.975, df): a mean's 95% interval from df + 1 games (NAN for df < 1). */
double st_t95(long long df);

/* Wilson score interval of k successes in n (95%). */
void st_wilson(long long k, long long n, double *lo, double *hi);
/* The same for a share k/n whose games came in pairs: the Wilson interval with n divided by the
 * pairs' design effect (Kish), the variance of the share over whole pairs against that of n
 * independent games, when that is above 1 (the two games of a pair went together, as when an
 * opening suits one player from both sides); below 1 the games' own interval is kept (it is then
 * the wider). wins[j]: whole pairs with j of the games won (j = 0, 1, 2). */
void st_wilson_paired(long long k, long long n, const long long wins[3], double *lo, double *hi);

typedef struct st_cfg {
    char variant[32];
    char opts[512];
    gb_player p[2];        /* South, North (swapped in the second game of an opening's pair) */
    char pname[2][48];
    long games;
    int openings;          /* random plies of each opening: 0 plays from the start */
    int jobs;
    uint64_t seed;
    int eval_level;        /* 0: the lead is the stores' difference; k: ai:k's search score */
    double threshold;      /* Decisiveness: a lead of this share of the stones */
    int rank, ranks;       /* MPI */
    bool tty;
    bool fast;             /* random against random from the start: gb_random_game */
    const gb_tables *tables; /* --tables: every searching player probes them (NULL: none) */
    char tables_dir[256];
    bool stopped;          /* stopped by a signal: each row holds the games it finished */
} st_cfg;

typedef struct st_row {
    char label[96];        /* "defaults", "seeds=4" */
    char opts[600];
    st_acc *acc;
    st_value v[SM_COUNT];
} st_row;

/* Are the games played in pairs, the players' sides swapped in the second (--openings K with
 * two different players)? Then the seats' shares mix both players: a_wins, b_wins tell them. */
bool st_paired(const st_cfg *c);

/* the HTML page with its SVG charts (stats_report.c): 0, or -1 with errno */
int stats_write_report(const char *dir, const st_cfg *c, const st_row *rows, int n);

int cmd_stats(int argc, char **argv);

#endif
