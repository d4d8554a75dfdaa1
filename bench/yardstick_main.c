/* yardstick_main.c — `gabata-yardstick [GAMES]`: the yardstick alone (gabata bench runs it too). */
#include "yardstick.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
    long games = argc > 1 ? atol(argv[1]) : 200000;
    if (games <= 0) {
        fprintf(stderr, "usage: gabata-yardstick [GAMES]   (GAMES a positive whole number)\n");
        return 2;
    }
    yardstick_stats st;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    yardstick_run(games, 1, &st);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("yardstick: %ld games, %.3f s\n  playouts/s %12.0f\n  plies/s    %12.0f\n"
           "  stones/s   %12.0f\n  plies/game %12.1f\n",
           st.games, s, st.games / s, st.plies / s, (double)st.sown / s, (double)st.plies / st.games);
    return 0;
}
