/* test_tables_stop_games.c — stopping a Bulto or an L'ab al-Akil table build and going on from
 * its saved work (gb_tables_build_opts.stop, .save_every and .resume; src/tables/bulto.c's
 * segments of patterns, akil.c's pauses between components and between chunks of a large
 * component's walks, file.c's progress files; docs/tables.md "Stopping and going on").
 * (Sadeqa III's, with its components' guesses, is test_tables_stop.c.)
 *
 * The reference is a build of the same levels in one run (Bulto max-bulto=2, levels 1-3, the
 * tests' fixture, checked against the slow solver by test_tables_bulto; L'ab al-Akil levels
 * 2-7, whose levels 6 and 7 have components of 5,766 and 22,376 positions, walked in pauses). A build
 * stopped after its stop callback has been asked N times, then resumed with the same N again
 * and again until it is done, must write the same files byte for byte and report the same level
 * lines (positions on cycles, unknown, largest component, walk positions), level by level: the
 * stops fall at many points, one thread or two, with a budget that leaves positions unknown or
 * not. Saves taken often (every segment's end; every 0.02 s) change nothing either. A saved progress
 * file that does not fit (other budget, damaged) is refused with one line naming it.
 * Usage: test_tables_stop_games WORKDIR. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "gabata.h"
#include "tables_stop_util.h"


typedef struct game {
    const char *variant, *options;
    int levels, first;
    long every[2];     /* stops at every n-th question, one thread */
    long every_jobs2;  /* two threads */
    long every_small;  /* with budget 10 */
    long every_saving; /* with saves */
    double save_every; /* their interval (Bulto's: at every segment's end; L'ab al-Akil's, where a
                        * chance comes at every component, a fiftieth of a second, so that the
                        * test is not all fsync) */
    long saved_stop;   /* a stop inside the top level for saved_progress */
} game;

/* The questions of one run: Bulto's before each of 3 x 210 patterns and at 3 x 64 segments'
 * ends; L'ab al-Akil's between components (every 1,024 single ones), every 65,536 positions the
 * search reaches and before each chunk of 64 walks of a large component. */
static const game games[] = {
    {"bulto", "max-bulto=2", 3, 1, {7, 150}, 40, 25, 90, 1e-9, 100},
    {"akil", "", 7, 2, {5, 200}, 30, 20, 60, 0.02, 10},
};
static const game *gm; /* the game under test */
#define LEVELS (gm->levels)

/* the one-run references: the default budget, and a budget of 10 that leaves positions unknown */
static run_log references[2][2]; /* [game][budget 10] */
#define reference (references[gm - games][0])
#define reference_small (references[gm - games][1])

static int build_once(const char *dir, long long budget, run_log *r)
{
    make_dir(dir);
    gb_error err = {0};
    r->stop_at = -1u >> 1;
    const gb_tables_build_opts bo = {.budget = budget, .jobs = 1, .progress = on_level, .user = r,
                                     .save_every = -1, .stop = stop_after_n};
    if (gb_tables_build_with(gm->variant, gm->options, LEVELS, path_of(dir, ""), &bo, &err) != GB_OK) {
        fprintf(stderr, "reference build: %s\n", err.msg);
        return -1;
    }
    return 0;
}

static int setup(void **state)
{
    (void)state; /* gm: set by main for each game's group */
    if (build_once("one", 100000, &reference) || build_once("one-small", 10, &reference_small))
        return -1;
    fprintf(stderr, "%s: questions in one run: %ld (budget 10: %ld); level %d: %llu positions, %llu on cycles, "
                    "%llu unknown with budget 10\n",
            gm->variant, reference.asked, reference_small.asked, LEVELS, reference.line[LEVELS].positions,
            reference.line[LEVELS].cyclic, reference_small.line[LEVELS].unknown);
    return 0;
}

/* Build into dir stopping at every n-th question, resuming until done: the runs it took. */
static int build_in_steps(const char *dir, long long budget, long n, int jobs, double save_every, run_log *total)
{
    make_dir(dir);
    memset(total, 0, sizeof *total);
    for (int runs = 1; runs <= 2000; runs++) {
        run_log r = {.stop_at = n};
        gb_error err = {0};
        const gb_tables_build_opts bo = {.budget = budget, .jobs = jobs, .progress = on_level, .user = &r,
                                         .resume = 1, .save_every = save_every, .stop = stop_after_n};
        const int rc = gb_tables_build_with(gm->variant, gm->options, LEVELS, path_of(dir, ""), &bo, &err);
        for (int k = 1; k <= LEVELS; k++)
            if (r.built[k]) {
                total->built[k] += r.built[k];
                total->line[k] = r.line[k];
            }
        if (rc == GB_OK)
            return runs;
        if (rc != GB_ESTOPPED)
            fail_msg("run %d: %s", runs, err.msg);
        if (!strstr(err.msg, "stopped "))
            fail_msg("run %d: the stop's message: %s", runs, err.msg);
        assert_null(strchr(err.msg, '\n'));
    }
    fail_msg("stopping at every %ld-th question: not done in 2000 runs", n);
    return 0;
}

static void check_same(const char *one, const run_log *ref, const char *dir, const run_log *total)
{
    for (int k = gm->first; k <= LEVELS; k++) {
        char name[32];
        snprintf(name, sizeof name, "%s-%02d.gbt", gm->variant, k);
        assert_same_file(path_of(one, name), path_of(dir, name));
        snprintf(name, sizeof name, "%s-%02d.progress", gm->variant, k);
        struct stat st;
        if (stat(path_of(dir, name), &st) == 0)
            fail_msg("%s left behind a finished level", name);
        assert_int_equal(total->built[k], 1); /* each level built once */
        /* and its line as in one run: the counts of the patterns done before a stop carried over */
        const gb_tables_level_info *a = &ref->line[k], *b = &total->line[k];
        assert_int_equal(b->positions, a->positions);
        assert_int_equal(b->cyclic, a->cyclic);
        assert_int_equal(b->unknown, a->unknown);
        assert_int_equal(b->largest_component, a->largest_component);
        assert_int_equal(b->walk_nodes, a->walk_nodes);
    }
}

/* Stops at many points (Bulto: every 7th question lands inside almost every segment, every
 * 150th between them and between levels too; L'ab al-Akil: inside the large components' walks,
 * during the component search, between components). */
static void test_steps_one_thread(void **state)
{
    (void)state;
    assert_true(reference.line[LEVELS].cyclic > 0); /* the carried counts are not all 0 */
    for (size_t i = 0; i < sizeof gm->every / sizeof gm->every[0]; i++) {
        run_log total;
        char dir[32];
        snprintf(dir, sizeof dir, "steps-%ld", gm->every[i]);
        const int runs = build_in_steps(dir, 100000, gm->every[i], 1, -1, &total);
        assert_true(runs > 1); /* it did stop */
        check_same("one", &reference, dir, &total);
    }
}

static void test_steps_two_threads(void **state)
{
    (void)state;
    run_log total;
    const int runs = build_in_steps("steps-jobs2", 100000, gm->every_jobs2, 2, -1, &total);
    assert_true(runs > 1);
    check_same("one", &reference, "steps-jobs2", &total);
}

/* With a budget that leaves positions unknown, their count is carried over too. */
static void test_steps_unknown(void **state)
{
    (void)state;
    assert_true(reference_small.line[LEVELS].unknown > 0);
    run_log total;
    const int runs = build_in_steps("steps-small", 10, gm->every_small, 1, -1, &total);
    assert_true(runs > 1);
    check_same("one-small", &reference_small, "steps-small", &total);
}

/* Saves taken as often as the game's save_every, and the stops: the same tables. */
static void test_saves_everywhere(void **state)
{
    (void)state;
    run_log total;
    const int runs = build_in_steps("saves", 100000, gm->every_saving, 2, gm->save_every, &total);
    assert_true(runs > 1);
    check_same("one", &reference, "saves", &total);
}

static const char *top(const char *ext)
{
    static char name[32];
    snprintf(name, sizeof name, "%s-%02d.%s", gm->variant, LEVELS, ext);
    return name;
}

/* A saved progress of the top level in dir (a stop inside it). */
static void saved_progress(const char *dir)
{
    make_dir(dir);
    for (int k = gm->first; k < LEVELS; k++) {
        char name[32], cmd[8192];
        snprintf(name, sizeof name, "%s-%02d.gbt", gm->variant, k);
        snprintf(cmd, sizeof cmd, "cp '%s' '%s'", path_of("one", name), path_of(dir, ""));
        assert_int_equal(system(cmd), 0);
    }
    run_log r = {.stop_at = gm->saved_stop};
    gb_error err = {0};
    const gb_tables_build_opts bo = {.budget = 100000, .jobs = 1, .user = &r, .resume = 1, .save_every = -1,
                                     .stop = stop_after_n};
    assert_int_equal(gb_tables_build_with(gm->variant, gm->options, LEVELS, path_of(dir, ""), &bo, &err),
                     GB_ESTOPPED);
    char want[4200], level[64];
    snprintf(want, sizeof want, "the work saved in %s", path_of(dir, top("progress")));
    snprintf(level, sizeof level, "stopped in level %d with ", LEVELS);
    if (!strstr(err.msg, level) || !strstr(err.msg, want))
        fail_msg("%s", err.msg);
}

static void expect_refused(const char *dir, long long budget, const char *text)
{
    gb_error err = {0};
    const gb_tables_build_opts bo = {.budget = budget, .jobs = 1, .resume = 1, .save_every = -1};
    assert_int_equal(gb_tables_build_with(gm->variant, gm->options, LEVELS, path_of(dir, ""), &bo, &err), GB_EINVAL);
    char want[4400];
    snprintf(want, sizeof want, "%s %s", path_of(dir, top("progress")), text);
    if (strcmp(err.msg, want) != 0)
        fail_msg("got  %s\nwant %s", err.msg, want);
}

static void test_refusals(void **state)
{
    (void)state;
    saved_progress("budget");
    expect_refused("budget", 5000,
                   "was saved by a build with --budget 100000, not 5000: give the same budget to go on from it, "
                   "or remove it");
    saved_progress("damaged");
    const char *p = path_of("damaged", top("progress"));
    long len = 0;
    unsigned char *b = slurp(p, &len);
    assert_non_null(b);
    long at = 512; /* the first value byte the stop left set: one a pattern before it wrote */
    while (at < len && !b[at])
        at++;
    assert_true(at < len);
    free(b);
    FILE *f = fopen(p, "r+b");
    assert_non_null(f);
    fseek(f, at, SEEK_SET);
    const int c = fgetc(f);
    fseek(f, at, SEEK_SET);
    fputc(c ^ 0x01, f);
    fclose(f);
    expect_refused("damaged", 100000,
                   "is damaged (its checksum does not match): remove it to build the level from its start");
    /* removed, the level is built from its start: the reference's */
    assert_int_equal(remove(p), 0);
    gb_error err = {0};
    const gb_tables_build_opts again = {.budget = 100000, .jobs = 1, .resume = 1, .save_every = -1};
    assert_int_equal(gb_tables_build_with(gm->variant, gm->options, LEVELS, path_of("damaged", ""), &again, &err),
                     GB_OK);
    assert_same_file(path_of("one", top("gbt")), path_of("damaged", top("gbt")));
}

/* Without resume a saved progress is not read: the level is built from its start. */
static void test_no_resume_ignores_it(void **state)
{
    (void)state;
    saved_progress("fresh");
    run_log r = {0};
    gb_error err = {0};
    const gb_tables_build_opts bo = {.budget = 100000, .jobs = 1, .progress = on_level, .user = &r, .save_every = -1};
    assert_int_equal(gb_tables_build_with(gm->variant, gm->options, LEVELS, path_of("fresh", ""), &bo, &err), GB_OK);
    assert_same_file(path_of("one", top("gbt")), path_of("fresh", top("gbt")));
    assert_int_equal(r.line[LEVELS].walk_nodes, reference.line[LEVELS].walk_nodes);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_tables_stop_games WORKDIR\n");
        return 2;
    }
    ts_work = argv[1];
    mkdir(ts_work, 0777);
    int failed = 0;
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_steps_one_thread), cmocka_unit_test(test_steps_two_threads),
            cmocka_unit_test(test_steps_unknown),    cmocka_unit_test(test_saves_everywhere),
            cmocka_unit_test(test_refusals),         cmocka_unit_test(test_no_resume_ignores_it),
        };
        gm = &games[g];
        char prefix[32];
        snprintf(prefix, sizeof prefix, "%s-", gm->variant);
        ts_prefix = prefix;
        ts_levels = gm->levels;
        failed |= cmocka_run_group_tests_name(games[g].variant, tests, setup, NULL) != 0;
    }
    return failed;
}
