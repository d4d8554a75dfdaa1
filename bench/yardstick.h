/* yardstick.h — the deliberately minimal random Sadeqa III loop that `gabata bench` measures the
 * rules core against (issue 8). See yardstick.c. */
#ifndef GABATA_YARDSTICK_H
#define GABATA_YARDSTICK_H

#include <stdint.h>

typedef struct yardstick_stats {
    long games, plies, laps;
    long long sown;
} yardstick_stats;

/* Play `games` random games of Sadeqa III (6 stones, no options) from `seed`. */
void yardstick_run(long games, uint64_t seed, yardstick_stats *st);

#endif
