/* test_tables_stop.c — stopping a Sadeqa III table build and going on from its saved work
 * (gb_tables_build_opts.stop and .resume; src/tables/tables.c, file.c; docs/tables.md "Files").
 *
 * The reference is a build of the same levels in one run (itself checked against the old
 * builder's checksums by tables_jobs.sh). A build stopped after its stop callback has been asked
 * N times, then resumed with the same N again and again until it is done, must write the same
 * files byte for byte and report the same walk counts, level by level: the stops fall between
 * levels, between components and inside the large components' walks, one thread or two. A saved
 * progress file that does not fit the build (other budget, other options, damaged, short) is
 * refused with one line naming it. Usage: test_tables_stop WORKDIR. */
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

#define LEVELS 7

static run_log reference;

static int setup(void **state)
{
    (void)state;
    make_dir("one");
    gb_error err = {0};
    reference.stop_at = -1u >> 1;
    const gb_tables_build_opts bo = {.budget = 100000, .jobs = 1, .progress = on_level, .user = &reference,
                                     .save_every = -1, .stop = stop_after_n};
    if (gb_tables_build_with("sadeqa", "", LEVELS, path_of("one", ""), &bo, &err) != GB_OK) {
        fprintf(stderr, "reference build: %s\n", err.msg);
        return -1;
    }
    fprintf(stderr, "questions in one run: %ld\n", reference.asked);
    return 0;
}

/* Build into dir stopping at every n-th question, resuming until done: the runs it took. */
static int build_in_steps(const char *dir, long n, int jobs, run_log *total)
{
    make_dir(dir);
    memset(total, 0, sizeof *total);
    for (int runs = 1; runs <= 400; runs++) {
        run_log r = {.stop_at = n};
        gb_error err = {0};
        const gb_tables_build_opts bo = {.budget = 100000, .jobs = jobs, .progress = on_level, .user = &r,
                                         .resume = 1, .save_every = -1, .stop = stop_after_n};
        const int rc = gb_tables_build_with("sadeqa", "", LEVELS, path_of(dir, ""), &bo, &err);
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
    }
    fail_msg("stopping at every %ld-th question: not done in 400 runs", n);
    return 0;
}

static void check_same_as_reference(const char *dir, const run_log *total)
{
    for (int k = 1; k <= LEVELS; k++) {
        char name[32];
        snprintf(name, sizeof name, "sadeqa-%02d.gbt", k);
        assert_same_file(path_of("one", name), path_of(dir, name));
        snprintf(name, sizeof name, "sadeqa-%02d.progress", k);
        struct stat st;
        if (stat(path_of(dir, name), &st) == 0)
            fail_msg("%s left behind a finished level", name);
        assert_int_equal(total->built[k], 1);                  /* each level built once */
        assert_int_equal(total->line[k].walk_nodes, reference.line[k].walk_nodes); /* and walked as in one run */
    }
}

/* Stops at many points (a stop every 150 questions lands inside level 7's largest component many
 * times, 2500 between levels and components too). */
static void test_steps_one_thread(void **state)
{
    (void)state;
    const long every[] = {150, 700, 2500};
    for (size_t i = 0; i < sizeof every / sizeof every[0]; i++) {
        run_log total;
        char dir[32];
        snprintf(dir, sizeof dir, "steps-%ld", every[i]);
        const int runs = build_in_steps(dir, every[i], 1, &total);
        assert_true(runs > 1); /* it did stop */
        check_same_as_reference(dir, &total);
    }
}

static void test_steps_two_threads(void **state)
{
    (void)state;
    run_log total;
    const int runs = build_in_steps("steps-jobs2", 400, 2, &total);
    assert_true(runs > 1);
    check_same_as_reference("steps-jobs2", &total);
}

/* A saved progress of level 7 in dir (a stop inside its largest component). */
static void saved_progress(const char *dir)
{
    make_dir(dir);
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "cp '%s/one/'sadeqa-0[1-6].gbt '%s/%s/'", ts_work, ts_work, dir);
    assert_int_equal(system(cmd), 0);
    run_log r = {.stop_at = 500};
    gb_error err = {0};
    const gb_tables_build_opts bo = {.budget = 100000, .jobs = 1, .user = &r, .resume = 1, .save_every = -1,
                                     .stop = stop_after_n};
    assert_int_equal(gb_tables_build_with("sadeqa", "", LEVELS, path_of(dir, ""), &bo, &err), GB_ESTOPPED);
    char want[4200];
    snprintf(want, sizeof want, "the work saved in %s", path_of(dir, "sadeqa-07.progress"));
    if (!strstr(err.msg, "stopped in level 7 with ") || !strstr(err.msg, want))
        fail_msg("%s", err.msg);
}

static void expect_refused(const char *dir, const char *options, long long budget, const char *text)
{
    gb_error err = {0};
    const gb_tables_build_opts bo = {.budget = budget, .jobs = 1, .resume = 1, .save_every = -1};
    assert_int_equal(gb_tables_build_with("sadeqa", options, LEVELS, path_of(dir, ""), &bo, &err), GB_EINVAL);
    char want[4400];
    snprintf(want, sizeof want, "%s %s", path_of(dir, "sadeqa-07.progress"), text);
    if (strcmp(err.msg, want) != 0)
        fail_msg("got  %s\nwant %s", err.msg, want);
    assert_null(strchr(err.msg, '\n'));
}

static void test_refusals(void **state)
{
    (void)state;
    saved_progress("budget");
    expect_refused("budget", "", 5000,
                   "was saved by a build with --budget 100000, not 5000: give the same budget to go on from it, "
                   "or remove it");
    /* the level files' options differ too: copy level 7's progress into a folder of the other
     * options' levels 1-6 */
    saved_progress("other");
    make_dir("other2");
    gb_error err = {0};
    const gb_tables_build_opts bo = {.budget = 100000, .jobs = 1, .save_every = -1};
    assert_int_equal(gb_tables_build_with("sadeqa", "endless=ends-game", 6, path_of("other2", ""), &bo, &err), GB_OK);
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "cp '%s/other/sadeqa-07.progress' '%s/other2/'", ts_work, ts_work);
    assert_int_equal(system(cmd), 0);
    expect_refused("other2", "endless=ends-game", 100000,
                   "is not the saved progress of the level this build makes (another variant, options or format): "
                   "remove it, or build into another folder");

    saved_progress("damaged");
    const char *p = path_of("damaged", "sadeqa-07.progress");
    FILE *f = fopen(p, "r+b");
    assert_non_null(f);
    fseek(f, 600, SEEK_SET); /* a byte of the level's values */
    const int c = fgetc(f);
    fseek(f, 600, SEEK_SET);
    fputc(c ^ 0x40, f);
    fclose(f);
    expect_refused("damaged", "", 100000,
                   "is damaged (its checksum does not match): remove it to build the level from its start");

    saved_progress("short");
    p = path_of("short", "sadeqa-07.progress");
    struct stat st;
    assert_int_equal(stat(p, &st), 0);
    assert_int_equal(truncate(p, st.st_size - 10), 0);
    expect_refused("short", "", 100000,
                   "is not as long as its header says: remove it to build the level from its start");

    /* removed, the level is built from its start: the reference's */
    assert_int_equal(remove(p), 0);
    const gb_tables_build_opts again = {.budget = 100000, .jobs = 1, .resume = 1, .save_every = -1};
    assert_int_equal(gb_tables_build_with("sadeqa", "", LEVELS, path_of("short", ""), &again, &err), GB_OK);
    assert_same_file(path_of("one", "sadeqa-07.gbt"), path_of("short", "sadeqa-07.gbt"));
}

/* A resumed build stopped again before it reaches the component its saved progress holds (at
 * its second question, the first inside level 7: the component search reaches the large
 * component's positions long before it pops) keeps that component's saved walks in the new save: going on from there, level 7 is
 * walked as in one run (dropped, they would be walked twice and counted twice). */
static void test_stop_before_saved_component(void **state)
{
    (void)state;
    saved_progress("pending");
    run_log r = {.stop_at = 2};
    gb_error err = {0};
    gb_tables_build_opts bo = {.budget = 100000, .jobs = 1, .progress = on_level, .user = &r, .resume = 1,
                               .save_every = -1, .stop = stop_after_n};
    assert_int_equal(gb_tables_build_with("sadeqa", "", LEVELS, path_of("pending", ""), &bo, &err), GB_ESTOPPED);
    if (!strstr(err.msg, "stopped in level 7 with "))
        fail_msg("not a stop inside level 7: %s", err.msg);
    assert_int_equal(r.built[LEVELS], 0);
    r = (run_log){.stop_at = -1u >> 1};
    assert_int_equal(gb_tables_build_with("sadeqa", "", LEVELS, path_of("pending", ""), &bo, &err), GB_OK);
    assert_int_equal(r.built[LEVELS], 1);
    assert_int_equal(r.line[LEVELS].walk_nodes, reference.line[LEVELS].walk_nodes);
    assert_same_file(path_of("one", "sadeqa-07.gbt"), path_of("pending", "sadeqa-07.gbt"));
}

/* Without resume a saved progress is not read: the level is built from its start. */
static void test_no_resume_ignores_it(void **state)
{
    (void)state;
    saved_progress("fresh");
    run_log r = {0};
    gb_error err = {0};
    const gb_tables_build_opts bo = {.budget = 100000, .jobs = 1, .progress = on_level, .user = &r, .save_every = -1};
    assert_int_equal(gb_tables_build_with("sadeqa", "", LEVELS, path_of("fresh", ""), &bo, &err), GB_OK);
    assert_same_file(path_of("one", "sadeqa-07.gbt"), path_of("fresh", "sadeqa-07.gbt"));
    assert_int_equal(r.line[7].walk_nodes, reference.line[7].walk_nodes);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_tables_stop WORKDIR\n");
        return 2;
    }
    ts_work = argv[1];
    ts_levels = LEVELS;
    mkdir(ts_work, 0777);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_steps_one_thread),
        cmocka_unit_test(test_steps_two_threads),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_no_resume_ignores_it),
        cmocka_unit_test(test_stop_before_saved_component),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
