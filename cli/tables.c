/* tables.c — `gabata tables build|info`: the exact endgame tables (docs/tables.md). */
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char tables_help[] =
    "usage: gabata tables build VARIANT [key=value ...] --stones K [--out DIR] [--budget N]\n"
    "                           [--jobs N] [--resume] [--stop-after TIME] [--save-every TIME]\n"
    "                           [--quiet]\n"
    "       gabata tables info DIR\n"
    "build: every position with at most K stones on the board, with its exact final margin\n"
    "(Sadeqa III; Bulto: K stones in no bulto, open phase; akil: K seeds, a round's sowing\n"
    "phase, its value the round's seeds), one file a stone count in DIR\n"
    "(default tables/VARIANT); a line a level on standard error as it is done. Bulto's\n"
    "max-bulto=N (1 to 20, default 20) holds only the positions with at most N bulto.\n"
    "A position on a cycle of capture-free moves whose exact walk visits more than N\n"
    "positions (--budget, default 100000; 0: no limit) is left unknown.\n"
    "--jobs N: N threads for the walks (default 1; the tables are the same for any N). On a\n"
    "terminal a line shows the level's progress, rate and time left (not with --quiet).\n"
    "--resume: keep the levels DIR already holds for this variant and these options, from the\n"
    "first up (each checksum checked), and build only the levels above them, going on from\n"
    "the saved work of the next one (below).\n"
    "Stopping: Ctrl-C, SIGTERM, SIGHUP or SIGUSR1 (a second one ends at once) or\n"
    "--stop-after TIME (e.g. 90m, 2h30m, 600s) stops the build, saving the level's work so far to\n"
    "DIR/VARIANT-KK.progress (also every --save-every TIME, default 10m, 0: never), and exits\n"
    "with status 3; the same command with --resume goes on from it, to the same tables.\n"
    "info: what DIR holds, every level's checksum checked, and how far a stopped build's saved\n"
    "work got.\n"
    "docs/tables.md has the method, the sizes and the build times.\n";

int cli_use_tables(const char *cmd, const char *dir)
{
    static gb_tables *kept; /* one folder for the program's life */
    gb_error err = {0};
    if (!dir || !*dir) {
        fprintf(stderr, "gabata %s: --tables needs a folder (gabata tables build)\n", cmd);
        return 2;
    }
    gb_tables *t;
    if (gb_tables_open(&t, dir, 0, &err) != GB_OK) {
        fprintf(stderr, "gabata %s: %s\n", cmd, err.msg);
        return 2;
    }
    gb_tables_close(kept);
    kept = t;
    players_set_tables(t);
    return 0;
}

/* The progress line on a terminal (stderr): the level, its share done, the rate, the time left. */
/* The rate is that of the last minute or so (two samples, the older one replaced by the newer
 * every 30 s): the walks cost more in some parts of a level than in others, and a level resumed
 * from saved work (--resume) counts the positions it passes over as done at once. */
typedef struct build_view {
    bool live;   /* stderr is a terminal and not --quiet */
    bool shown;  /* a progress line is on the screen */
    int level;
    struct timespec start; /* of the level */
    double at[2];                /* seconds since start of the two samples, the older first */
    unsigned long long done[2];  /* positions done then */
} build_view;

static double since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + 1e-9 * (double)(t.tv_nsec - t0->tv_nsec);
}

static void clear_line(build_view *v)
{
    if (v->shown)
        fputs("\r\033[K", stderr);
    v->shown = false;
}

static void level_tick(int stones, unsigned long long done, unsigned long long positions, void *user)
{
    build_view *v = user;
    if (!v->live)
        return;
    if (stones != v->level || done == 0) {
        v->level = stones;
        clock_gettime(CLOCK_MONOTONIC, &v->start);
        v->at[0] = v->at[1] = -1;
        return;
    }
    const double s = since(&v->start);
    if (v->at[0] < 0) { /* the first sample: what was done before it is not this run's rate */
        v->at[0] = v->at[1] = s;
        v->done[0] = v->done[1] = done;
    } else if (s - v->at[1] >= 30) {
        v->at[0] = v->at[1];
        v->done[0] = v->done[1];
        v->at[1] = s;
        v->done[1] = done;
    }
    const double rate = s > v->at[0] && done >= v->done[0] ? (double)(done - v->done[0]) / (s - v->at[0]) : 0;
    char eta[32] = "?";
    if (rate > 0 && done > 0) {
        const double left = (double)(positions - done) / rate;
        if (left < 120)
            snprintf(eta, sizeof eta, "%.0f s", left);
        else if (left < 7200)
            snprintf(eta, sizeof eta, "%.0f min", left / 60);
        else
            snprintf(eta, sizeof eta, "%.1f h", left / 3600);
    }
    fprintf(stderr, "\r\033[Klevel %d: %.1f%% of %llu positions, %.0f positions/s, about %s left", stones,
            positions ? 100.0 * (double)done / (double)positions : 0.0, positions, rate, eta);
    v->shown = true;
}

static void level_done(const gb_tables_level_info *l, void *user)
{
    build_view *v = user;
    clear_line(v);
    v->level = 0;
    if (l->kept) {
        fprintf(stderr, "level %2d: %llu positions, %llu on cycles, kept (--resume: the folder's file, checksum checked)\n",
                l->stones, l->positions, l->cyclic);
        return;
    }
    fprintf(stderr,
            "level %2d: %llu positions, %llu on cycles (largest component %u), %llu unknown, "
            "%lld walk nodes, %.2f s (%.2f s CPU)\n",
            l->stones, l->positions, l->cyclic, l->largest_component, l->unknown, l->walk_nodes,
            l->seconds, l->cpu_seconds);
}

/* Stopping (--stop-after, Ctrl-C): asked by the build's threads, so only a flag and a clock. */
/* (an atomic: the build's threads read it, not only the thread the handler ran on) */
static atomic_int interrupted;
static struct timespec stop_at; /* 0: no --stop-after */

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1; /* the handler is reset: a second signal ends the program */
}

static int build_stop(void *user)
{
    (void)user;
    if (interrupted)
        return 1;
    if (!stop_at.tv_sec)
        return 0;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > stop_at.tv_sec || (now.tv_sec == stop_at.tv_sec && now.tv_nsec >= stop_at.tv_nsec);
}

/* A time as 90, 600s, 90m, 2h30m, 1h: its seconds, or -1. */
static double parse_time(const char *s)
{
    double total = 0;
    bool any = false;
    while (*s) {
        char *end;
        const double v = strtod(s, &end);
        if (end == s || v < 0 || v != v)
            return -1;
        const double unit = *end == 'h' ? 3600 : *end == 'm' ? 60 : 1;
        if (*end == 'h' || *end == 'm' || *end == 's')
            end++;
        else if (*end)
            return -1;
        total += v * unit;
        any = true;
        s = end;
    }
    return any && total < 1e9 ? total : -1;
}

/* The saved work of the stopped builds in dir (its *.progress files, docs/tables.md "Files"):
 * fn(path, what, NULL, u) for each that reads as one, fn(path, NULL, error, u) for another.
 * Returns how many there are. */
static int each_saved(const char *dir, void (*fn)(const char *path, const char *what, const char *error, void *u),
                      void *u)
{
    DIR *d = opendir(dir);
    int count = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        const size_t len = strlen(e->d_name);
        if (len <= 9 || strcmp(e->d_name + len - 9, ".progress") != 0)
            continue;
        char path[4096], what[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        gb_error err = {0};
        const bool ok = gb_tables_saved_describe(path, what, sizeof what, &err) >= 0;
        fn(path, ok ? what : NULL, ok ? NULL : err.msg, u);
        count++;
    }
    if (d)
        closedir(d);
    return count;
}

/* tables info on a folder with no finished level: all the folder holds is saved work */
static void say_only_saved(const char *path, const char *what, const char *error, void *u)
{
    const char *dir = u;
    if (what)
        fprintf(stderr, "gabata tables info: %s holds no finished level, only %s: %s\n", dir, path, what);
    else
        fprintf(stderr, "gabata tables info: %s holds no finished level; %s\n", dir, error);
}

/* tables info on a folder of tables: a line for each saved work beside them (*bad: one unreadable) */
static void say_saved(const char *path, const char *what, const char *error, void *u)
{
    if (what) {
        printf("%s: %s\n", path, what);
    } else {
        fprintf(stderr, "gabata tables info: %s\n", error);
        *(int *)u = 1;
    }
}

int cmd_tables(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(tables_help, stdout);
            return 0;
        }
    if (argc < 2) {
        fputs(tables_help, stderr);
        return 2;
    }
    gb_error err = {0};
    if (strcmp(argv[1], "info") == 0) {
        if (argc != 3) {
            fprintf(stderr, "gabata tables info: give one folder (gabata tables info DIR)\n");
            return 2;
        }
        gb_tables *t;
        if (gb_tables_open(&t, argv[2], 1, &err) != GB_OK) {
            /* a build stopped in its first level leaves only its saved work: say so */
            if (each_saved(argv[2], say_only_saved, argv[2]) == 0)
                fprintf(stderr, "gabata tables info: %s\n", err.msg);
            return 1;
        }
        char buf[8192];
        gb_tables_describe(t, buf, sizeof buf);
        fputs(buf, stdout);
        puts("checksums: all match");
        gb_tables_close(t);
        int rc = 0;
        each_saved(argv[2], say_saved, &rc);
        return rc;
    }
    if (strcmp(argv[1], "build") != 0) {
        fprintf(stderr, "gabata tables: unknown subcommand '%s' (build or info)\n", argv[1]);
        return 2;
    }
    const char *variant = NULL, *out = NULL;
    char opts[512] = "", defdir[256];
    int stones = -1;
    long long budget = 100000;
    int jobs = 1;
    bool quiet = false, resume = false;
    double stop_after = -1, save_every = 600;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        static const char *const valued[] = {"--stones", "--budget", "--jobs", "--stop-after", "--save-every",
                                             "--out"};
        for (size_t k = 0; k < sizeof valued / sizeof *valued; k++)
            if (strcmp(a, valued[k]) == 0 && i + 1 >= argc) {
                fprintf(stderr, "gabata tables build: %s needs a value (gabata tables --help)\n", a);
                return 2;
            }
        if (strcmp(a, "--stones") == 0 && i + 1 < argc) {
            char *end;
            long v = strtol(argv[++i], &end, 10);
            if (*end || end == argv[i] || v < 1 || v > 40) {
                fprintf(stderr, "gabata tables build: --stones takes a number from 1 to 40, not '%s'\n", argv[i]);
                return 2;
            }
            stones = (int)v;
        } else if (strcmp(a, "--budget") == 0 && i + 1 < argc) {
            char *end;
            errno = 0;
            budget = strtoll(argv[++i], &end, 10);
            if (*end || end == argv[i] || budget < 0 || errno == ERANGE) {
                fprintf(stderr, "gabata tables build: --budget takes a number of positions (0: no limit), not '%s'\n", argv[i]);
                return 2;
            }
        } else if (strcmp(a, "--jobs") == 0 && i + 1 < argc) {
            char *end;
            long v = strtol(argv[++i], &end, 10);
            if (*end || end == argv[i] || v < 1 || v > 256) {
                fprintf(stderr, "gabata tables build: --jobs takes a number of threads from 1 to 256, not '%s'\n", argv[i]);
                return 2;
            }
            jobs = (int)v;
        } else if ((strcmp(a, "--stop-after") == 0 || strcmp(a, "--save-every") == 0) && i + 1 < argc) {
            const double v = parse_time(argv[++i]);
            if (v < 0) {
                fprintf(stderr, "gabata tables build: %s takes a time such as 600, 90m or 2h30m, not '%s'\n", a, argv[i]);
                return 2;
            }
            if (a[2] == 's' && a[3] == 't')
                stop_after = v;
            else
                save_every = v > 0 ? v : -1; /* 0: never */
        } else if (strcmp(a, "--quiet") == 0) {
            quiet = true;
        } else if (strcmp(a, "--resume") == 0) {
            resume = true;
        } else if (strcmp(a, "--out") == 0 && i + 1 < argc) {
            out = argv[++i];
        } else if (a[0] == '-') {
            fprintf(stderr, "gabata tables build: unknown option '%s' (--stones K, --out DIR, --budget N, --jobs N, --resume, --stop-after TIME, --save-every TIME, --quiet)\n", a);
            return 2;
        } else if (!variant) {
            variant = a;
        } else if (strchr(a, '=')) {
            size_t used = strlen(opts);
            snprintf(opts + used, sizeof opts - used, "%s%s", used ? " " : "", a);
        } else {
            fprintf(stderr, "gabata tables build: '%s' is not an option (key=value)\n", a);
            return 2;
        }
    }
    if (!variant || stones < 0) {
        fprintf(stderr, "gabata tables build: give a variant and --stones K\n");
        return 2;
    }
    /* an unknown game or option is a usage error (2), as elsewhere, not a failure; Bulto's
     * max-bulto=N is a key of its tables, not of the rules (src/tables/bulto.c), so the game is
     * made without it and N is checked here */
    char rule_opts[sizeof opts] = "";
    for (const char *s = opts; *s;) {
        const size_t n = strcspn(s, " ");
        if (strcmp(variant, "bulto") == 0 && strncmp(s, "max-bulto=", 10) == 0) {
            char num[16] = "", *end;
            memcpy(num, s + 10, n - 10 < sizeof num - 1 ? n - 10 : sizeof num - 1);
            const long v = strtol(num, &end, 10);
            if (!num[0] || *end || v < 1 || v > 20) {
                fprintf(stderr, "gabata tables build: max-bulto must be a number from 1 to 20, not '%.*s'\n",
                        (int)(n - 10), s + 10);
                return 2;
            }
        } else if (n) {
            const size_t used = strlen(rule_opts);
            snprintf(rule_opts + used, sizeof rule_opts - used, "%s%.*s", used ? " " : "", (int)n, s);
        }
        s += n;
        while (*s == ' ')
            s++;
    }
    gb_game *probe;
    if (gb_game_new(&probe, variant, rule_opts, 1, &err) != GB_OK) {
        fprintf(stderr, "gabata tables build: %s\n", err.msg);
        return 2;
    }
    gb_game_free(probe);
    if (!out) {
        snprintf(defdir, sizeof defdir, "tables/%s", variant);
        out = defdir;
        if (mkdir("tables", 0777) != 0 && errno != EEXIST) {
            fprintf(stderr, "gabata tables build: cannot make tables/: %s\n", strerror(errno));
            return 1;
        }
    }
    build_view view = {.live = !quiet && isatty(STDERR_FILENO)};
    const gb_tables_build_opts bo = {.budget = budget, .jobs = jobs, .progress = level_done, .tick = level_tick,
                                     .user = &view, .resume = resume, .save_every = save_every, .stop = build_stop};
    if (stop_after >= 0) {
        clock_gettime(CLOCK_MONOTONIC, &stop_at);
        stop_at.tv_sec += (time_t)stop_after;
        stop_at.tv_nsec += (long)((stop_after - (double)(time_t)stop_after) * 1e9);
        if (stop_at.tv_nsec >= 1000000000L) {
            stop_at.tv_sec++;
            stop_at.tv_nsec -= 1000000000L;
        }
    }
    /* a hang-up (the terminal closed, the ssh or tmux session ended) saves and stops as Ctrl-C
     * does, and a reader of the progress lines gone (`| tee log` killed) does not end a build of
     * hours: the lines are lost (EPIPE), the build goes on, to its end and its status */
    cli_catch_stops(on_interrupt);
    signal(SIGPIPE, SIG_IGN);
    const int rc = gb_tables_build_with(variant, opts, stones, out, &bo, &err);
    cli_catch_stops(NULL);
    if (rc == GB_ESTOPPED) {
        clear_line(&view);
        fprintf(stderr, "gabata tables build: %s; the same command with --resume goes on from there\n", err.msg);
        return 3;
    }
    if (rc != GB_OK) {
        clear_line(&view);
        fprintf(stderr, "gabata tables build: %s\n", err.msg);
        return 1;
    }
    printf("built %s levels up to %d in %s\n", variant, stones, out);
    return 0;
}
