/* test_records.c — records are never lost (issue 8): saving goes through a temporary file and a
 * rename (save_file_atomic), so a failed save leaves what was there; a record that fails to parse
 * is reported with its line and column and the file is left as it was. Expected line/column
 * numbers are counted by hand from the texts below. */
#include <errno.h>
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

#include "helpers.h"

#include "cli.h"


static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static void test_save_is_atomic(void **state)
{
    (void)state;
    char path[256], tmp[300];
    scratch_path(path, sizeof path, "g.rec");
    snprintf(tmp, sizeof tmp, "%s.tmp~", path);
    assert_int_equal(save_file_atomic(path, "first\n"), 0);
    assert_int_equal(save_file_atomic(path, "second\n"), 0);
    char *text = read_file_all(path);
    assert_string_equal(text, "second\n");
    free(text);
    assert_false(exists(tmp)); /* no temporary file left behind */
    /* a save that cannot be made: into a directory that does not exist */
    char bad[300];
    snprintf(bad, sizeof bad, "%s/no/such/dir/g.rec", scratch_dir);
    errno = 0;
    assert_int_equal(save_file_atomic(bad, "x"), -1);
    assert_int_equal(errno, ENOENT);
    /* a save whose rename fails (the target is a directory): the directory is untouched and
     * the temporary file removed */
    char sub[256];
    scratch_path(sub, sizeof sub, "taken");
    assert_int_equal(mkdir(sub, 0700), 0);
    assert_int_equal(save_file_atomic(sub, "x"), -1);
    struct stat st;
    assert_int_equal(stat(sub, &st), 0);
    assert_true(S_ISDIR(st.st_mode));
    snprintf(tmp, sizeof tmp, "%s.tmp~", sub);
    assert_false(exists(tmp));
}

/* Parse `text`; it must fail with `want` in the message. */
static void record_refused(const char *text, const char *want)
{
    gb_game *g = (gb_game *)1;
    gb_error err = {0, ""};
    assert_int_not_equal(gb_record_parse(&g, text, &err), GB_OK);
    assert_null(g);
    if (!strstr(err.msg, want))
        fail_msg("message '%s' lacks '%s'", err.msg, want);
    assert_null(strchr(err.msg, '\n'));
}

static void test_errors_name_line_and_column(void **state)
{
    (void)state;
    /* a move: line 3, after "1. C " (6 columns) */
    record_refused("[Variant \"sadeqa\"]\n\n1. C C\n", "line 3 column 6");
    /* the tags that make the game: the tag's own line, column 1 (found by fuzz_record) */
    record_refused("[Event \"x\"]\n[Variant \"chess\"]\n\n1. C\n", "line 2 column 1");
    record_refused("[Variant \"sadeqa\"]\n[Seed \"1\"]\n  [Options \"seeds=5\"]\n\n", "line 3 column 3");
    record_refused("[Variant \"sadeqa\"]\n[Position \"sadeqa board=1\"]\n", "line 2 column 1");
    record_refused("[Variant \"sadeqa\"]\n[Result \"north\"]\n\n1. C *\n", "line 2 column 1");
    record_refused("[Variant \"sadeqa\"]\n[Seed \"x\"]\n", "line 2 column 1");
    /* a move text with a newline-like control character is echoed on one line */
    record_refused("[Variant \"sadeqa\"]\n\n1. C\x01 c\n", "line 3 column 4");
}

/* The replay path: a record that fails to parse is left exactly as it was, and nothing else
 * appears next to it. */
static void test_failed_parse_leaves_the_file(void **state)
{
    (void)state;
    const char *bad = "[Variant \"sadeqa\"]\n[Seed \"3\"]\n\n1. C c 2. Q\n";
    char path[256];
    scratch_path(path, sizeof path, "bad.rec");
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(bad, f);
    fclose(f);
    char *text = read_file_all(path);
    gb_game *g;
    gb_error err;
    assert_int_not_equal(gb_record_parse(&g, text, &err), GB_OK);
    assert_non_null(strstr(err.msg, "line 4 column 11"));
    free(text);
    text = read_file_all(path);
    assert_string_equal(text, bad);
    free(text);
    char tmp[300];
    snprintf(tmp, sizeof tmp, "%s.tmp~", path);
    assert_false(exists(tmp));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_save_is_atomic),
        cmocka_unit_test(test_errors_name_line_and_column),
        cmocka_unit_test(test_failed_parse_leaves_the_file),
    };
    return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
