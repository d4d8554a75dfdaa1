/* test_fileio.c — the file helpers of the program (cli/fileio.c): saving never tears or loses a
 * file, never writes through a planted link and leaves no temporary behind; loading refuses what
 * is not a regular text file at once and with a one-line reason. */
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "helpers.h"

#include "cli.h"

/* each test has a folder of its own, so that one's leftovers never fail another */

static void write_raw(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

static char *slurp(const char *path)
{
    char *t = read_file_all(path);
    if (!t)
        fail_msg("cannot read back %s: %s", path, strerror(errno));
    return t;
}

/* The names in the test folder, sorted, joined by spaces: what a save left there. */
static void listing(char *buf, size_t len)
{
    struct dirent **names;
    int n = scandir(scratch_dir, &names, NULL, alphasort);
    assert_true(n >= 0);
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        if (strcmp(names[i]->d_name, ".") && strcmp(names[i]->d_name, "..")) {
            if (buf[0])
                strncat(buf, " ", len - strlen(buf) - 1);
            strncat(buf, names[i]->d_name, len - strlen(buf) - 1);
        }
        free(names[i]);
    }
    free(names);
}

static void listing_is(const char *want)
{
    char got[4096];
    listing(got, sizeof got);
    if (strcmp(got, want) != 0)
        fail_msg("the folder holds '%s', expected '%s'", got, want);
}

/* ---- saving ---- */

/* Snapshot `seq` of writer `w`: a header naming both, a body that depends on them, and a trailer
 * naming them again, so that a reader can rebuild the whole text from its first line. Large
 * enough (about 48 KB) to take several writes. */
enum { SNAP_BODY = 48 * 1024 };
static char *snapshot(int w, int seq)
{
    char *s = malloc(SNAP_BODY + 128);
    assert_non_null(s);
    int n = sprintf(s, "snapshot %d %d\n", w, seq);
    for (int i = 0; i < SNAP_BODY; i++)
        s[n + i] = (char)('a' + (w * 7 + seq * 3 + i) % 26);
    n += SNAP_BODY;
    sprintf(s + n, "\nend %d %d\n", w, seq);
    return s;
}

static void check_snapshot(const char *text)
{
    int w, seq;
    if (sscanf(text, "snapshot %d %d\n", &w, &seq) != 2)
        fail_msg("a read back does not start with a snapshot header: '%.40s'", text);
    char *want = snapshot(w, seq);
    if (strcmp(text, want) != 0)
        fail_msg("a torn file: it starts as snapshot %d %d but is %zu bytes, not %zu", w, seq,
                 strlen(text), strlen(want));
    free(want);
}

/* Two processes save to the same file at once, many times; meanwhile every read sees exactly
 * one whole snapshot (the rename is atomic and each save has its own temporary), every save
 * succeeds, and no temporary is left. */
static void test_concurrent_saves(void **state)
{
    (void)state;
    char path[256];
    scratch_path(path, sizeof path, "race.rec");
    char *first = snapshot(9, 0);
    assert_int_equal(save_file_atomic(path, first), 0);
    free(first);
    enum { WRITERS = 2, SAVES = 150 };
    pid_t kid[WRITERS];
    for (int w = 0; w < WRITERS; w++) {
        kid[w] = fork();
        assert_true(kid[w] >= 0);
        if (kid[w] == 0) {
            int bad = 0;
            for (int s = 1; s <= SAVES; s++) {
                char *t = snapshot(w, s);
                bad += save_file_atomic(path, t) != 0;
                free(t);
            }
            _exit(bad ? 1 : 0);
        }
    }
    int reads = 0, running = WRITERS;
    while (running) {
        char *t = slurp(path);
        check_snapshot(t);
        free(t);
        reads++;
        for (int w = 0; w < WRITERS; w++) {
            int st;
            if (kid[w] > 0 && waitpid(kid[w], &st, WNOHANG) == kid[w]) {
                if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
                    fail_msg("writer %d: some of its saves failed", w);
                kid[w] = 0;
                running--;
            }
        }
    }
    char *t = slurp(path);
    check_snapshot(t);
    free(t);
    print_message("%d reads during the saves\n", reads);
    listing_is("race.rec");
    assert_int_equal(remove(path), 0);
}

/* A symlink at the target stays a symlink; the file it points at gets the new text and keeps
 * its mode. The same through a chain of two links, and through a dangling link (the file it
 * names is made). */
static void test_symlink_target_kept(void **state)
{
    (void)state;
    char real[256], link1[256], link2[256], buf[256];
    scratch_path(real, sizeof real, "real.rec");
    scratch_path(link1, sizeof link1, "link1.rec");
    scratch_path(link2, sizeof link2, "link2.rec");
    write_raw(real, "old\n", 4);
    assert_int_equal(chmod(real, 0640), 0);
    assert_int_equal(symlink("real.rec", link1), 0);  /* relative, as links usually are */
    assert_int_equal(symlink(link1, link2), 0);       /* absolute, to the other link */
    assert_int_equal(save_file_atomic(link1, "new\n"), 0);
    assert_int_equal(save_file_atomic(link2, "newer\n"), 0);
    struct stat st;
    assert_int_equal(lstat(link1, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_int_equal(lstat(link2, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    ssize_t n = readlink(link1, buf, sizeof buf - 1);
    assert_true(n > 0);
    buf[n] = 0;
    assert_string_equal(buf, "real.rec");
    assert_int_equal(lstat(real, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    assert_int_equal(st.st_mode & 07777, 0640);
    char *t = slurp(real);
    assert_string_equal(t, "newer\n");
    free(t);
    /* a dangling link: the file it names is created */
    char dangling[256], named[256];
    scratch_path(dangling, sizeof dangling, "dangling.rec");
    scratch_path(named, sizeof named, "named.rec");
    assert_int_equal(symlink("named.rec", dangling), 0);
    assert_int_equal(save_file_atomic(dangling, "made\n"), 0);
    assert_int_equal(lstat(dangling, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    t = slurp(named);
    assert_string_equal(t, "made\n");
    free(t);
    listing_is("dangling.rec link1.rec link2.rec named.rec real.rec");
    remove(real), remove(link1), remove(link2), remove(dangling), remove(named);
}

/* A file or a link planted where a temporary might be (the old fixed name PATH.tmp~) is never
 * written through nor removed. */
static void test_planted_temporary(void **state)
{
    (void)state;
    char victim[256], path[256], planted[300], path2[256], planted2[300];
    scratch_path(victim, sizeof victim, "victim");
    scratch_path(path, sizeof path, "p.rec");
    scratch_path(path2, sizeof path2, "q.rec");
    snprintf(planted, sizeof planted, "%s.tmp~", path);
    snprintf(planted2, sizeof planted2, "%s.tmp~", path2);
    write_raw(victim, "victim\n", 7);
    assert_int_equal(symlink(victim, planted), 0);
    write_raw(planted2, "planted\n", 8);
    assert_int_equal(save_file_atomic(path, "saved\n"), 0);
    assert_int_equal(save_file_atomic(path2, "saved too\n"), 0);
    char *t = slurp(victim);
    assert_string_equal(t, "victim\n");
    free(t);
    t = slurp(planted2);
    assert_string_equal(t, "planted\n");
    free(t);
    t = slurp(path);
    assert_string_equal(t, "saved\n");
    free(t);
    struct stat st;
    assert_int_equal(lstat(planted, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    listing_is("p.rec p.rec.tmp~ q.rec q.rec.tmp~ victim");
    remove(victim), remove(path), remove(path2), remove(planted), remove(planted2);
}

/* A save killed in the middle (gabata play's, issue 21) leaves its temporary, named for its
 * process (.NAME.tmp.PID.XXXXXX): the next save of that file removes it once that process is
 * gone, and keeps those of a process still running, of another file, and any other name. */
static void test_stale_temporary_removed(void **state)
{
    (void)state;
    pid_t dead = fork();
    assert_true(dead >= 0);
    if (dead == 0)
        _exit(0);
    assert_int_equal(waitpid(dead, NULL, 0), dead);
    char path[256], stale[320], alive[320], other[320], odd[320];
    scratch_path(path, sizeof path, "s.rec");
    snprintf(stale, sizeof stale, "%s/.s.rec.tmp.%ld.aB3xYz", scratch_dir, (long)dead);
    snprintf(alive, sizeof alive, "%s/.s.rec.tmp.%ld.Qw12Er", scratch_dir, (long)getppid());
    snprintf(other, sizeof other, "%s/.t.rec.tmp.%ld.aB3xYz", scratch_dir, (long)dead);
    snprintf(odd, sizeof odd, "%s/.s.rec.tmp.%ld.x", scratch_dir, (long)dead);
    write_raw(stale, "half a sa", 9);
    write_raw(alive, "a save going on", 15);
    write_raw(other, "another file's", 14);
    write_raw(odd, "not a temporary's name", 22);
    assert_int_equal(save_file_atomic(path, "saved\n"), 0);
    assert_int_equal(access(stale, F_OK), -1);
    assert_int_equal(access(alive, F_OK), 0);
    assert_int_equal(access(other, F_OK), 0);
    assert_int_equal(access(odd, F_OK), 0);
    char *t = slurp(path);
    assert_string_equal(t, "saved\n");
    free(t);
    /* and the save itself leaves nothing: the folder holds the three kept and the file */
    char got[4096];
    listing(got, sizeof got);
    int names = 1;
    for (const char *c = got; *c; c++)
        names += *c == ' ';
    if (names != 4)
        fail_msg("the folder holds '%s'", got);
    remove(path), remove(alive), remove(other), remove(odd);
}

/* An existing file keeps its mode; a new file gets 0666 less the umask. */
static void test_mode(void **state)
{
    (void)state;
    char path[256], fresh[256];
    scratch_path(path, sizeof path, "mode.rec");
    scratch_path(fresh, sizeof fresh, "fresh.rec");
    write_raw(path, "x", 1);
    assert_int_equal(chmod(path, 0604), 0);
    assert_int_equal(save_file_atomic(path, "y\n"), 0);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0604);
    mode_t old = umask(027);
    assert_int_equal(save_file_atomic(fresh, "z\n"), 0);
    umask(old);
    assert_int_equal(stat(fresh, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);
    listing_is("fresh.rec mode.rec");
    remove(path), remove(fresh);
}

/* Failed saves leave nothing behind (the tests run as root, so a read-only folder would not
 * fail: the failures are a parent that is a regular file, and a target that is a folder, where
 * the temporary is made and the rename fails). */
static void test_failures_leave_nothing(void **state)
{
    (void)state;
    char plain[256], under[300], sub[256];
    scratch_path(plain, sizeof plain, "plain");
    snprintf(under, sizeof under, "%s/x.rec", plain);
    write_raw(plain, "plain\n", 6);
    errno = 0;
    assert_int_equal(save_file_atomic(under, "x"), -1);
    assert_int_equal(errno, ENOTDIR);
    scratch_path(sub, sizeof sub, "taken");
    assert_int_equal(mkdir(sub, 0700), 0);
    assert_int_equal(save_file_atomic(sub, "x"), -1);
    listing_is("plain taken");
    char *t = slurp(plain);
    assert_string_equal(t, "plain\n");
    free(t);
    remove(plain), rmdir(sub);
}

/* ---- loading ---- */

static void on_alarm(int sig)
{
    (void)sig;
    static const char m[] = "test_fileio: a load blocked (alarm)\n";
    if (write(2, m, sizeof m - 1) < 0) {
        /* nothing more to do */
    }
    _exit(3);
}

/* Loading `path` fails at once with `want` in a one-line message that names the file. */
static void load_refused(const char *path, const char *want, int err)
{
    char msg[512] = "";
    signal(SIGALRM, on_alarm);
    alarm(10); /* a guard: a load that blocks fails the test instead of hanging it */
    errno = 0;
    char *t = read_file_text(path, msg, sizeof msg);
    int e = errno;
    alarm(0);
    if (t)
        fail_msg("%s was loaded", path);
    if (!strstr(msg, want) || strncmp(msg, path, strlen(path)) != 0 || strchr(msg, '\n'))
        fail_msg("message '%s', expected '%s: ...%s...'", msg, path, want);
    assert_int_equal(e, err);
    /* the plain version answers the same at once, by errno */
    alarm(10);
    errno = 0;
    assert_null(read_file_all(path));
    e = errno;
    alarm(0);
    assert_int_equal(e, err);
}

/* A FIFO with no writer would block an ordinary open for ever; a folder is no file either. */
static void test_load_not_a_file(void **state)
{
    (void)state;
    char fifo[256];
    scratch_path(fifo, sizeof fifo, "fifo.rec");
    assert_int_equal(mkfifo(fifo, 0600), 0);
    load_refused(fifo, ": not a regular file (a FIFO)", EINVAL);
    load_refused(scratch_dir, ": not a regular file (a folder)", EISDIR);
    char none[256];
    scratch_path(none, sizeof none, "none.rec");
    load_refused(none, ": No such file or directory", ENOENT);
    /* and saving over a FIFO is refused without touching it */
    assert_int_equal(save_file_atomic(fifo, "x"), -1);
    assert_int_equal(errno, EINVAL);
    struct stat st;
    assert_int_equal(lstat(fifo, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    listing_is("fifo.rec");
}

/* A record saved with a UTF-8 byte-order mark (as some editors do) loads and replays. */
static void test_load_bom(void **state)
{
    (void)state;
    static const char rec[] = "\xef\xbb\xbf[Variant \"sadeqa\"]\n\n1. C *\n";
    char path[256], msg[256] = "";
    scratch_path(path, sizeof path, "bom.rec");
    write_raw(path, rec, sizeof rec - 1);
    char *t = read_file_text(path, msg, sizeof msg);
    assert_non_null(t);
    assert_string_equal(t, rec + 3);
    gb_game *g;
    gb_error err;
    if (gb_record_parse(&g, t, &err) != GB_OK)
        fail_msg("the record does not parse: %s", err.msg);
    assert_int_equal(gb_history_length(g), 1);
    gb_game_free(g);
    free(t);
    /* a mark alone: an empty text */
    write_raw(path, rec, 3);
    t = read_file_text(path, msg, sizeof msg);
    assert_non_null(t);
    assert_string_equal(t, "");
    free(t);
    /* UTF-8 text (a name in a tag) is text */
    static const char named[] = "[Variant \"sadeqa\"]\n[South \"Tsehay \xe1\x8d\x80\"]\n\n1. C *\n";
    write_raw(path, named, sizeof named - 1);
    t = read_file_text(path, msg, sizeof msg);
    assert_non_null(t);
    assert_string_equal(t, named);
    free(t);
}

/* Binary files get one line saying so, not a parse error about their first bytes. */
static void test_load_binary(void **state)
{
    (void)state;
    char path[256];
    scratch_path(path, sizeof path, "bin.rec");
    static const char nul[] = "[Variant \"sadeqa\"]\n\0\n1. C\n";
    write_raw(path, nul, sizeof nul - 1);
    load_refused(path, ": not a game record (binary data)", EINVAL);
    static const char png[] = "\x89PNG\r\n\x1a\n";
    write_raw(path, png, sizeof png - 1);
    load_refused(path, ": not a game record (binary data", EINVAL);
    static const char latin1[] = "[South \"Ren\xe9\"]\n"; /* the 12th byte is Latin-1 */
    write_raw(path, latin1, sizeof latin1 - 1);
    load_refused(path, ": not a game record (binary data: byte 12 is not UTF-8 text)", EINVAL);
    static const char ctl[] = "[Variant \"sadeqa\"]\x1b[2J\n";
    write_raw(path, ctl, sizeof ctl - 1);
    load_refused(path, ": not a game record (binary data)", EINVAL);
    static const char surrogate[] = "x\xed\xa0\x80";
    write_raw(path, surrogate, sizeof surrogate - 1);
    load_refused(path, ": not a game record (binary data: byte 2 is not UTF-8 text)", EINVAL);
}

/* A file over the cap is refused by its size, without reading it (a sparse file). */
static void test_load_too_large(void **state)
{
    (void)state;
    char path[256];
    scratch_path(path, sizeof path, "big.rec");
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(ftruncate(fileno(f), (off_t)FILEIO_MAX_SIZE + 1), 0);
    fclose(f);
    load_refused(path, ": too large for a game record (over 16 MiB)", EFBIG);
    /* exactly the cap is allowed (a text of spaces) */
    f = fopen(path, "w");
    assert_non_null(f);
    for (unsigned i = 0; i < FILEIO_MAX_SIZE; i++)
        putc(' ', f);
    fclose(f);
    char *t = read_file_all(path);
    assert_non_null(t);
    assert_int_equal(strlen(t), FILEIO_MAX_SIZE);
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_concurrent_saves, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_symlink_target_kept, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_planted_temporary, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_stale_temporary_removed, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_mode, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_failures_leave_nothing, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_load_not_a_file, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_load_bom, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_load_binary, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_load_too_large, scratch_setup, scratch_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
