/* tables.h — the endgame tables inside libgabata (tables.c; docs/tables.md). */
#ifndef GABATA_TABLES_H
#define GABATA_TABLES_H

#include "internal.h"

#include <time.h>

#define TB_MAX_STONES 40 /* a value and its flag fit a byte for up to 63; the builder's limit */

/* gb_tb_ways[n][s]: the number of ways to put s stones in n holes, on which every game's table
 * ranks its boards (Sadeqa III's 16 holes, L'ab al-Akil's 12, Bulto's 20). Read it only after
 * gb_tb_ways_init, which fills it once whatever thread calls it, however often. */
#define TB_WAYS_HOLES 20
extern uint64_t gb_tb_ways[TB_WAYS_HOLES + 1][TB_MAX_STONES + 1];
void gb_tb_ways_init(void);

typedef struct gb_tb_level {
    const uint8_t *bytes; /* NULL: not held */
    uint64_t count;
    void *map;
    size_t map_len;
} gb_tb_level;

struct gb_tables {
    const gb_rules *r;
    gb_options o;
    char options[128]; /* the options that decide the values, as gb_options_format writes them */
    int stones;        /* levels 1..stones are held */
    gb_tb_level level[TB_MAX_STONES + 1];
    uint64_t checksum[TB_MAX_STONES + 1];
    uint64_t cyclic[TB_MAX_STONES + 1];
    int bulto_max; /* Bulto (bulto.c): the most bulto a held position has (max-bulto; 20: all) */
};

typedef struct gb_tb_stats {
    uint64_t cyclic;            /* positions on a cycle of capture-free moves */
    uint64_t unknown;           /* positions whose value is not known */
    uint32_t largest_component; /* of the capture-free graph */
    long long walk_nodes;       /* positions the component searches visited */
    /* the level's time in the runs before this one (a saved build's, file.h), and when this
     * run began it (CLOCK_MONOTONIC, CLOCK_PROCESS_CPUTIME_ID) */
    double seconds_before, cpu_before;
    struct timespec start, cpu_start;
} gb_tb_stats;
/* The level's wall-clock and CPU seconds so far, its earlier runs included. */
void gb_tb_stats_time(const gb_tb_stats *st, double *seconds, double *cpu);

uint64_t gb_tb_level_size(int k);

/* The exact final margin of p (stores included) for its side to move, given the record `rec`
 * whose last position is p (NULL or empty: p reached after a capture), or GB_EINVAL when the
 * tables do not hold it (other options, more stones) or the walk inside a cycle ran past
 * `node_limit` positions (0: none). 1 with *margin set, 0 when not known. */
int gb_tb_value(const gb_tables *t, const gb_options *o, const gb_pos *p, const gb_seen *rec,
                long long node_limit, int *margin);

/* bulto.c: Bulto's tables, levels by free stones (docs/tables.md, "Bulto"); tables.c dispatches
 * to them by variant, file.c (file.h) writes and reads their files as every game's. */
uint64_t gb_tb_bulto_level_size(int k, int max_bulto);
int gb_tb_bulto_build(const gb_rules *r, const char *options, int stones, const char *dir,
                      const gb_tables_build_opts *bo, gb_error *err);
int gb_tb_bulto_describe(const gb_tables *t, char *buf, size_t len);
int gb_tb_bulto_value(const gb_tables *t, const gb_options *o, const gb_pos *p, const gb_seen *rec,
                      long long node_limit, int *margin);

/* akil.c: L'ab al-Akil's tables for a round's end, levels by seeds on the board (docs/tables.md,
 * "L'ab al-Akil"); tables.c dispatches to them by variant. The value is the round's seed margin. */
uint64_t gb_tb_akil_level_size(int k);
int gb_tb_akil_build(const gb_rules *r, const char *options, int stones, const char *dir,
                     const gb_tables_build_opts *bo, gb_error *err);
int gb_tb_akil_describe(const gb_tables *t, char *buf, size_t len);
int gb_tb_akil_value(const gb_tables *t, const gb_options *o, const gb_pos *p, const gb_seen *rec,
                     long long node_limit, int *margin);
bool gb_tb_akil_round_end(const gb_tables *t, const gb_options *o, const gb_pos *c, int margin, gb_pos *end);
/* When gb_tb_value's margin is a round's and not the game's (L'ab al-Akil in a match): true with
 * *end the position that round's end leaves, to be scored as the search scores a round's end. */
bool gb_tb_round_end(const gb_tables *t, const gb_options *o, const gb_pos *c, int margin, gb_pos *end);

#endif
