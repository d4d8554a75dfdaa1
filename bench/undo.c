/* undo.c — what gb_undo costs early in a long Qelat match and past ply 8,000 (issue 24 §3), for an
 * ordinary move and for a move that ends a round (the record restarts, T5, and the lots of Q7
 * are drawn: the Python binding undoes such a move at every lot). Public API only, so that the
 * same file measures any build of the library. Prints CPU time of the thread per undo.
 *
 *   gabata-bench-undo [REPEATS]      (default 2000) */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gabata.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Seconds per undo of g's last move, over `reps` undo+play pairs (only the undo timed). */
static double undo_cost(gb_game *g, int reps)
{
    int last = gb_history_length(g) - 1;
    gb_move m = *gb_history_move(g, last);
    double spent = 0;
    for (int i = 0; i < reps; i++) {
        double t0 = now();
        if (gb_undo(g, NULL) != GB_OK) {
            fprintf(stderr, "gabata-bench-undo: undo failed\n");
            exit(1);
        }
        spent += now() - t0;
        gb_move mm = m;
        if (gb_play(g, &mm, NULL) != GB_OK) {
            fprintf(stderr, "gabata-bench-undo: a move was refused\n");
            exit(1);
        }
    }
    return spent / reps;
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 2000;
    if (reps < 1) {
        fprintf(stderr, "gabata-bench-undo: REPEATS must be a positive number\n");
        return 2;
    }
    /* A long match (up to 2,000 rounds); a seed whose match ends before ply 8,000 is passed over. */
    for (unsigned long long seed = 1; seed < 1000; seed++) {
        gb_game *g = NULL;
        if (gb_game_new(&g, "qelat", "max-rounds=2000", seed, NULL) != GB_OK)
            return 1;
        uint64_t rng = seed;
        double cost[2][2] = {{-1, -1}, {-1, -1}}; /* [late][round end] */
        int at[2][2] = {{0, 0}, {0, 0}};
        while (!gb_is_over(g) && (cost[1][0] < 0 || cost[1][1] < 0)) {
            gb_move m;
            if (gb_random_move(g, &rng, &m) != GB_OK)
                return 1;
            int round = gb_round(g);
            if (gb_play(g, &m, NULL) != GB_OK)
                return 1;
            int ply = gb_history_length(g), late = ply >= 8000, ends = gb_round(g) != round;
            if ((ply >= 10 || ends) && !gb_is_over(g) && cost[late][ends] < 0) {
                cost[late][ends] = undo_cost(g, reps);
                at[late][ends] = ply;
            }
        }
        gb_game_free(g);
        if (cost[1][0] < 0 || cost[1][1] < 0)
            continue;
        printf("Qelat, max-rounds=2000, seed %llu: CPU time of the thread per undo (%d undos)\n",
               seed, reps);
        static const char *const kind[2] = {"an ordinary move", "a round-ending move"};
        for (int late = 0; late < 2; late++)
            for (int ends = 0; ends < 2; ends++)
                printf("  ply %5d, %-20s %9.2f µs\n", at[late][ends], kind[ends],
                       1e6 * cost[late][ends]);
        return 0;
    }
    fprintf(stderr, "gabata-bench-undo: no match reached ply 8,000\n");
    return 1;
}
