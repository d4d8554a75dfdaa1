/* tables_stop_util.h — what the tests of a stopped and resumed table build share
 * (test_tables_stop.c: Sadeqa III; test_tables_stop_games.c: Bulto and L'ab al-Akil): the level
 * lines of a run, a stop after its n-th question, and the work folder's files. Include it after
 * <cmocka.h> and "gabata.h"; set ts_work (and ts_prefix, ts_levels) before the first use. */
#ifndef GABATA_TABLES_STOP_UTIL_H
#define GABATA_TABLES_STOP_UTIL_H

#include <stdio.h>
#include <stdlib.h>

#define TS_MAX_LEVELS 7

static const char *ts_work;        /* the test's folder */
static const char *ts_prefix = ""; /* before each folder's name in it (a game's: "bulto-") */
static int ts_levels;              /* the levels the builds make */

typedef struct run_log {
    gb_tables_level_info line[TS_MAX_LEVELS + 1]; /* of each level built */
    int built[TS_MAX_LEVELS + 1];
    long asked, stop_at; /* the stop callback: asked so far, and from which time it says stop */
} run_log;

static inline void on_level(const gb_tables_level_info *l, void *user)
{
    run_log *r = user;
    if (l->kept || l->stones < 1 || l->stones > ts_levels)
        return;
    r->line[l->stones] = *l;
    r->built[l->stones]++;
}

/* Stops from its stop_at-th question on (one thread asks at a time with --jobs 1; with two the
 * count is shared loosely, which only moves the stop). */
static inline int stop_after_n(void *user)
{
    run_log *r = user;
    return __atomic_add_fetch(&r->asked, 1, __ATOMIC_RELAXED) >= r->stop_at;
}

/* WORK/PREFIXdir/file (two at a time) */
static inline char *path_of(const char *dir, const char *file)
{
    static char buf[2][4096];
    static int which;
    which ^= 1;
    snprintf(buf[which], sizeof buf[which], "%s/%s%s%s%s", ts_work, ts_prefix, dir, *file ? "/" : "", file);
    return buf[which];
}

static inline void make_dir(const char *dir)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s'", path_of(dir, ""), path_of(dir, ""));
    assert_int_equal(system(cmd), 0);
}

static inline unsigned char *slurp(const char *path, long *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    *len = ftell(f);
    rewind(f);
    unsigned char *b = malloc((size_t)*len + 1);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)*len, f), (size_t)*len);
    fclose(f);
    return b;
}

static inline void assert_same_file(const char *a, const char *b)
{
    long la = 0, lb = 0;
    unsigned char *x = slurp(a, &la), *y = slurp(b, &lb);
    if (!x || !y)
        fail_msg("missing: %s or %s", a, b);
    assert_int_equal(la, lb);
    assert_memory_equal(x, y, (size_t)la);
    free(x);
    free(y);
}

#endif
