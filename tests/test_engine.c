/* test_engine.c — the `gabata engine` line protocol (docs/protocol.md): replies end with `ok` or
 * are one `error` line, and the session always goes on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli.h"
#include "engine_session.h"
#include "helpers.h"

static void test_basic_session(void **state)
{
    (void)state;
    char *out = session("new sadeqa\nmoves\nplay C\nstate\nundo\nposition\nquit\nmoves\n");
    const char *want =
        "ok\n"
        "A\nB\nC\nD\nE\nF\nG\nH\nok\n"
        "ok\n";
    assert_int_equal(strncmp(out, want, strlen(want)), 0);
    /* the state after C: the hand-worked board of test_sadeqa */
    assert_non_null(strstr(out, "\"holes\":[8,8,2,9,9,9,1,8,1,0,8,8,8,8,0,1]"));
    assert_non_null(strstr(out, "\nsadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 stores=0,0 turn=S phase=play ply=0\nok\n"));
    /* quit ends the session: the last `moves` is not answered */
    const char *tail = "ok\nok\n";
    assert_string_equal(out + strlen(out) - strlen(tail), tail);
    free(out);
}

static void test_errors_keep_the_session(void **state)
{
    (void)state;
    char *out = session("moves\nnew\nnew chess\nnew sadeqa seeds=5\nnew sadeqa\nplay\nplay Z\nplay a\n"
                        "frobnicate\nposition sadeqa board=1\nperft x\nseed -1\nundo\nmoves\n");
    const char *lines[] = {"error no game", "error usage: new", "error unknown game 'chess'",
                           "error bad value '5' for option seeds", "ok", "error usage: play",
                           "error unknown move 'Z'", "error illegal move", "error unknown command 'frobnicate'",
                           "error position:", "error usage: perft", "error usage: seed",
                           "error nothing to undo", "A", NULL};
    char *save = NULL, *line = strtok_r(out, "\n", &save);
    for (int i = 0; lines[i]; i++) {
        assert_non_null(line);
        if (strncmp(line, lines[i], strlen(lines[i])) != 0)
            fail_msg("reply %d: '%s', want '%s...'", i, line, lines[i]);
        line = strtok_r(NULL, "\n", &save);
    }
    free(out);
}

/* successors: one line per legal move, the move, a tab, the state after it. The move C's line
 * carries the hand-worked board. */
static void test_successors(void **state)
{
    (void)state;
    char *out = session("new sadeqa\nsuccessors\n");
    int lines = 0;
    char *save = NULL;
    for (char *l = strtok_r(out, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        if (strcmp(l, "ok") == 0)
            continue;
        lines++;
        char *tab = strchr(l, '\t');
        assert_non_null(tab);
        assert_int_equal(tab - l, 1);
        assert_true(tab[1] == '{');
        if (l[0] == 'C')
            assert_non_null(strstr(tab, "\"holes\":[8,8,2,9,9,9,1,8,1,0,8,8,8,8,0,1]"));
    }
    assert_int_equal(lines, 8);
    free(out);
}

/* play's event lines. The position is test_qelat's hand-worked eat (RULINGS Q3): South's A (2)
 * ends on North's ekwarna C (3): South eats 2 and, having B left, plays again; B (1) then eats 2
 * more from C and, with no ordinary hole left to lift, hands the turn to North. */
static void test_play_events(void **state)
{
    (void)state;
    char *out = session("position qelat board=2,0,3N,0,0,0/1,0,0,0,0,0 stores=21,21 turn=S\n"
                        "play A\nplay B\n");
    assert_string_equal(out, "ok\nevent eat S 2 again\nok\nevent eat S 2\nok\n");
    free(out);
    /* the end of a game: S5 in Sadeqa III (test_sadeqa's hand-worked capture) */
    out = session("position sadeqa board=1,0,0,0,0,0,0,0/0,0,0,0,0,0,2,0 stores=46,47 turn=S\nplay A\n");
    assert_string_equal(out, "ok\nevent over rule\nok\n");
    free(out);
}

/* A line longer than the protocol's limit is refused, and the next line is read normally. */
static void test_long_line(void **state)
{
    (void)state;
    size_t n = 20000;
    char *in = malloc(n + 64);
    memset(in, 'x', n);
    strcpy(in + n, "\nnew sadeqa\n");
    char *out = session(in);
    assert_string_equal(out, "error line too long\nok\n");
    free(out);
    free(in);
}

/* Records and files: save atomically, read back. */
static void test_save_atomic(void **state)
{
    (void)state;
    char path[] = "/tmp/gabata_test_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(save_file_atomic(path, "hello\n"), 0);
    char *back = read_file_all(path);
    assert_string_equal(back, "hello\n");
    free(back);
    /* a directory that does not exist: an error, and nothing is left behind */
    assert_int_equal(save_file_atomic("/nonexistent-dir/x.rec", "x"), -1);
    remove(path);
}

/* A session on an input that may hold NUL bytes (session() takes a C string). */
static char *session_bytes(const char *input, size_t len)
{
    FILE *in = tmpfile(), *out = tmpfile();
    assert_non_null(in);
    assert_non_null(out);
    assert_int_equal(fwrite(input, 1, len, in), len);
    rewind(in);
    engine_run(in, out);
    long n = ftell(out);
    rewind(out);
    char *buf = calloc(1, (size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, out), (size_t)n);
    fclose(in);
    fclose(out);
    return buf;
}

/* A NUL byte early in an over-long line: the line is still refused whole, with one error, and
 * none of it runs; in particular not the part past the first 8 KB (here `play C`, which would
 * otherwise be read as a command of its own). The next line is read normally: the game is
 * still at its start. */
static void test_long_line_with_nul(void **state)
{
    (void)state;
    const char head[] = "new sadeqa\nx";
    size_t pad = 8191 - 2, len = 0;
    char *in = malloc(sizeof head + pad + 64);
    memcpy(in, head, sizeof head - 1);
    len = sizeof head - 1;
    in[len++] = 0;
    memset(in + len, 'y', pad);
    len += pad;
    const char tail[] = "play C\nposition\n";
    memcpy(in + len, tail, sizeof tail - 1);
    len += sizeof tail - 1;
    char *out = session_bytes(in, len);
    assert_string_equal(out, "ok\nerror line too long\n"
                             "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 stores=0,0 turn=S phase=play ply=0\n"
                             "ok\n");
    free(out);
    /* the same with the NUL anywhere, and with the line's end at the end of the input */
    for (size_t at = 0; at < len - sizeof tail + 1; at += 997) {
        memset(in, 'z', len);
        in[at] = 0;
        out = session_bytes(in, len - sizeof tail + 1);
        assert_string_equal(out, "error line too long\n");
        free(out);
    }
    free(in);
}

/* A short line with a NUL byte is refused whole too: what follows the NUL is not silently
 * dropped. */
static void test_nul_in_line(void **state)
{
    (void)state;
    static const char in[] = "new sadeqa\nplay C\0 junk\nposition\n";
    char *out = session_bytes(in, sizeof in - 1);
    assert_string_equal(out, "ok\nerror line holds a NUL byte\n"
                             "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 stores=0,0 turn=S phase=play ply=0\n"
                             "ok\n");
    free(out);
}

/* Control characters in echoed text are escaped (\xHH), so an error is always one line of
 * printable text and cannot drive the client's terminal: the unknown command is echoed by the
 * protocol itself, the moves by the library. */
static void test_control_characters_escaped(void **state)
{
    (void)state;
    char *out = session("frob\x01nicate\nnew sadeqa\nplay C\x1b[2J\nplay \x7f\x0b\n");
    const char *want[] = {"error unknown command 'frob\\x01nicate' (try 'help')", "ok",
                          /* the library's own messages write them as '?' already */
                          "error unknown move 'C", "error unknown move '", NULL};
    char *save = NULL, *line = strtok_r(out, "\n", &save);
    for (int i = 0; want[i]; i++) {
        assert_non_null(line);
        if (strncmp(line, want[i], strlen(want[i])) != 0)
            fail_msg("reply %d: '%s', want '%s...'", i, line, want[i]);
        for (const char *c = line; *c; c++)
            if ((unsigned char)*c < 0x20 || *c == 0x7f)
                fail_msg("reply %d holds a raw control character 0x%02x", i, (unsigned char)*c);
        line = strtok_r(NULL, "\n", &save);
    }
    assert_null(line);
    free(out);
}

/* Every answer is UTF-8 text, whatever the client sent: a client that reads the engine's output
 * as UTF-8 (Python's text mode, a GUI's string type) must not fail on an error line. A long
 * command of Ge'ez letters was cut in the middle of a letter, and bytes that are not UTF-8 were
 * echoed raw, by the protocol and by the library's messages alike. */
static void test_answers_are_utf8(void **state)
{
    (void)state;
    char *out = session("new sadeqa\n"
                        "foo\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80"
                        "\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\n"
                        "fr\xffob\n"
                        "play \xff\xfe\n"
                        "play A\xe1\x88\n"
                        "new \xc3\x28\n"
                        "new sadeqa seeds=\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80"
                        "\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80"
                        "\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80"
                        "\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80"
                        "\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80"
                        "\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80"
                        "\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80"
                        "\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80"
                        "\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80"
                        "\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80"
                        "\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\n"
                        "position sadeqa \xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80"
                        "\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80"
                        "\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80=1\n");
    /* the cut keeps whole letters: "foo" and 12 of the 14 fit the 40 bytes quoted */
    const char *want[] = {"ok",
                          "error unknown command 'foo\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80"
                          "\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80' (try 'help')",
                          "error unknown command 'fr\\xffob' (try 'help')",
                          "error unknown move '", "error unknown move '", "error unknown game '",
                          "error bad value '", "error position: ", NULL};
    char *save = NULL, *line = strtok_r(out, "\n", &save);
    for (int i = 0; want[i]; i++) {
        assert_non_null(line);
        if (strncmp(line, want[i], strlen(want[i])) != 0)
            fail_msg("reply %d: '%s', want '%s...'", i, line, want[i]);
        if (!valid_utf8(line))
            fail_msg("reply %d is not UTF-8: '%s'", i, line);
        line = strtok_r(NULL, "\n", &save);
    }
    assert_null(line);
    free(out);
}

/* A command that takes no argument refuses one, with its usage, and does nothing: `undo 3`
 * undid one move and said ok, `moves all` listed the moves as if it meant something. */
static void test_no_argument_commands(void **state)
{
    (void)state;
    char *out = session("new sadeqa\nplay C\nundo 3\nmoves all\nsuccessors x\nstate x\nrecord x\n"
                        "stop now\nhelp me\nquit now\nposition\nquit\n");
    const char *want[] = {"ok", "ok", "error usage: undo (no argument)", "error usage: moves (no argument)",
                          "error usage: successors (no argument)", "error usage: state (no argument)",
                          "error usage: record (no argument)", "error usage: stop (no argument)",
                          "error usage: help (no argument)", "error usage: quit (no argument)",
                          /* C is still played: `undo 3` undid nothing */
                          "sadeqa board=8,8,2,9,9,9,1,8/1,0,8,8,8,8,0,1 stores=8,0 turn=N phase=play ply=1", "ok",
                          "ok", NULL};
    char *save = NULL, *line = strtok_r(out, "\n", &save);
    for (int i = 0; want[i]; i++) {
        assert_non_null(line);
        if (strcmp(line, want[i]) != 0)
            fail_msg("reply %d: '%s', want '%s'", i, line, want[i]);
        line = strtok_r(NULL, "\n", &save);
    }
    assert_null(line);
    free(out);
}

/* `quit` ends a finite go under way as `stop` does (UCI engines quit at once): the go answers its
 * deepest finished iteration, then its ok, then quit's ok, and nothing after quit runs. The
 * quit is read with the go here (one input), so it is seen as the search begins: no depth 9. */
static void test_quit_ends_a_finite_go(void **state)
{
    (void)state;
    char *out = session("new sadeqa\ngo depth 9\nquit\nposition\n");
    assert_null(strstr(out, "info depth 9 "));
    const char *b = strstr(out, "\nbestmove ");
    assert_non_null(b);
    b = strchr(b + 1, '\n');
    assert_non_null(b);
    assert_string_equal(b, "\nok\nok\n"); /* the go's ok, quit's; `position` never runs */
    free(out);
}

/* A perft under way is ended by a bare `stop` (its own ok follows) and by `quit`: an error line
 * says it was stopped, with its partial count marked so; the session goes on after a stop. A
 * perft 6 counts 114786 in a blink, so without the stop its count would be answered. */
static void test_stop_and_quit_end_a_perft(void **state)
{
    (void)state;
    /* (the whole input is read at once: a quit would also end the perft 2 that waits before it) */
    char *out = session("new sadeqa\nperft 6\nstop\nperft 2\n");
    char *quit = session("new sadeqa\nperft 6\nquit\nposition\n");
    out = realloc(out, strlen(out) + strlen(quit) + 1);
    assert_non_null(out);
    strcat(out, quit);
    free(quit);
    char *save = NULL, *line = strtok_r(out, "\n", &save);
    const char *want[] = {"ok", "error perft stopped", "ok", "56", "ok", "ok", "error perft stopped", "ok", NULL};
    for (int i = 0; want[i]; i++) {
        assert_non_null(line);
        if (strncmp(line, want[i], strlen(want[i])) != 0)
            fail_msg("reply %d: '%s', want '%s...'", i, line, want[i]);
        if (strncmp(line, "error", 5) == 0 &&
            !strstr(line, "; partial count (move sequences counted before the stop): "))
            fail_msg("reply %d: '%s' does not say the count is partial", i, line);
        line = strtok_r(NULL, "\n", &save);
    }
    assert_null(line);
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_basic_session),
        cmocka_unit_test(test_errors_keep_the_session),
        cmocka_unit_test(test_successors),
        cmocka_unit_test(test_play_events),
        cmocka_unit_test(test_long_line),
        cmocka_unit_test(test_long_line_with_nul),
        cmocka_unit_test(test_nul_in_line),
        cmocka_unit_test(test_control_characters_escaped),
        cmocka_unit_test(test_answers_are_utf8),
        cmocka_unit_test(test_no_argument_commands),
        cmocka_unit_test(test_save_atomic),
        cmocka_unit_test(test_quit_ends_a_finite_go),
        cmocka_unit_test(test_stop_and_quit_end_a_perft),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
