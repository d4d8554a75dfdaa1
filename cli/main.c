/* main.c — the gabata program: one command a job (play, replay, perft, bench, engine). */
#include "ai_cli.h"
#include "cli.h"
#include "i18n.h"
#include "stats.h"
#include "yardstick.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int cmd_play(int argc, char **argv);
int cmd_online(int argc, char **argv); /* online.c */
int cmd_serve(int argc, char **argv);
int cmd_learn(int argc, char **argv); /* learn.c */
int cmd_tables(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_solve_survey(int argc, char **argv); /* cli/survey.c */

/* The main usage, in the chosen language (its first line apart: the version is no text of the
 * catalog's), wrapped to the terminal's width as every help is. */
static const char usage_head[] =
    N_("gabata %s — the two-row mancala games of the Horn of Africa and Egypt\n");
static const char usage_text[] =
    N_("usage: gabata COMMAND [ARGS]   (gabata COMMAND --help for each)\n"
    "\n"
    "  play VARIANT      play in the terminal, against the computer or another person\n"
    "  online [URL]      play people on other machines through a gabata serve\n"
    "  replay FILE       show a game record position by position\n"
    "  perft VARIANT D   count the move sequences of D plies (rules check)\n"
    "  bench VARIANT     random self-play speed and statistics (--all: every game; --search)\n"
    "  stats VARIANT     measured play: balance, length, branching... (--sweep, --jobs; MPI)\n"
    "  match P P ...     one computer player against another, paired openings, Elo\n"
    "  analyze FILE      the engine's view of every move of a game record\n"
    "  engine            the line protocol on stdin/stdout (docs/protocol.md)\n"
    "  serve             the browser game and its JSON API (docs/api.md)\n"
    "  tables build|info exact endgame tables (Sadeqa III, Bulto, L'ab al-Akil; docs/tables.md)\n"
    "  solve VARIANT POS the exact value of a position and its best moves (docs/solved.md)\n"
    "  variants          the games and their options\n"
    "  rules VARIANT     the rules of a game, for the options given (key=value ...)\n"
    "  learn VARIANT [N] short lessons, one rule each, checked by your own move\n"
    "\n"
    "Games: sadeqa (Sadeqa III, Welega, Ethiopia), qelat (Qelat, Keren, Eritrea),\n"
    "akil (L'ab al-Akil, Egypt), bulto (Bulto, Borana, Ethiopia and Kenya).\n");

static void usage(FILE *out)
{
    char head[512];
    snprintf(head, sizeof head, _(usage_head), GB_VERSION);
    cli_help(out, head);
    fputc('\n', out);
    cli_help(out, _(usage_text));
}

/* a number macro as text, for messages */
#define GB_STR_(x) #x
#define GB_STR(x) GB_STR_(x)

static int fail(const char *fmt, const char *arg)
{
    fprintf(stderr, "gabata: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n");
    return 2;
}

static bool wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return true;
    return false;
}

/* Collect trailing key=value arguments into one option string. */
static void join_options(char *buf, size_t len, const char *arg)
{
    size_t used = strlen(buf);
    snprintf(buf + used, len - used, "%s%s", used ? " " : "", arg);
}

static int cmd_variants(void)
{
    for (int i = 0; i < gb_variant_count(); i++) {
        const char *name = gb_variant_name(i);
        char help[1024];
        gb_variant_options_help(name, help, sizeof help);
        printf("%s — %s\n", name, gb_variant_title(name));
        /* each "key=choices (default X)": the key and its values are typed as in English (and
         * read by the shell's completion), the words after them in the chosen language */
        for (char *line = strtok(help, "\n"); line; line = strtok(NULL, "\n")) {
            char *paren = strstr(line, " (");
            if (!paren) {
                printf("    %s\n", line);
                continue;
            }
            *paren = 0;
            const char *in = paren + 2, *def = strstr(in, "default ");
            char words[256];
            if (def && in[0] != 'd') { /* "1..1000000, default 5000)" */
                long lo = 0, hi = 0, d = 0;
                sscanf(in, "%ld..%ld, default %ld", &lo, &hi, &d);
                snprintf(words, sizeof words, _("(%ld..%ld, default %ld)"), lo, hi, d);
            } else {
                char v[128] = "";
                sscanf(in, "default %127[^)]", v);
                snprintf(words, sizeof words, _("(default %s)"), v);
            }
            printf("    %s %s\n", line, words);
        }
    }
    return 0;
}

static const char rules_help[] =
    N_("usage: gabata rules VARIANT [key=value ...] [--lang CODE]\n"
       "Prints the rules of the game for the options given (gabata variants lists them; none: the\n"
       "defaults), as `rules` shows them in gabata play, at the terminal's width. --lang CODE\n"
       "(en, ar, am, ti, om) chooses the language, as --lang does for every command; without it the\n"
       "language is the environment's (LANGUAGE, LC_ALL, LANG).\n");

static int cmd_rules(int argc, char **argv)
{
    cli_i18n_library();
    if (wants_help(argc, argv)) {
        cli_help(stdout, _(rules_help));
        return 0;
    }
    if (argc < 2) {
        cli_help(stderr, _(rules_help));
        return 2;
    }
    char opts[1024] = "";
    for (int i = 2; i < argc; i++) {
        if (!strchr(argv[i], '='))
            return fail(_("unexpected argument '%s' (see gabata rules --help)"), argv[i]);
        join_options(opts, sizeof opts, argv[i]);
    }
    gb_game *g = NULL;
    gb_error err = {0, ""};
    if (gb_game_new(&g, argv[1], opts, 1, &err) != GB_OK)
        return fail("%s", err.msg);
    print_rules(stdout, g);
    gb_game_free(g);
    return 0;
}

static const char perft_help[] =
    "usage: gabata perft VARIANT DEPTH [key=value ...] [--position STRING]\n"
    "Counts the sequences of exactly DEPTH plies from the start (or from STRING): a game that ends\n"
    "sooner adds nothing. Prints the count at every depth from 1 to DEPTH, with the time taken.\n"
    "Ctrl-C (or SIGTERM, SIGHUP, SIGUSR1) stops: the depths printed are whole, a line says which\n"
    "depth was stopped, and the exit status is 3.\n";

/* gb_perft_opts.stop of `gabata perft`: the stopping signal, set by its handler (an atomic
 * store, lock-free: safe in a handler; the library polls it) */
static int perft_stop;

static void on_perft_stop(int sig) { __atomic_store_n(&perft_stop, sig, __ATOMIC_RELAXED); }

static int cmd_perft(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        cli_help(stdout, perft_help);
        return 0;
    }
    const char *variant = NULL, *position = NULL, *pos_args[2] = {NULL, NULL};
    int npos = 0;
    long depth = -1;
    char opts[1024] = "";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--position") == 0) {
            if (++i >= argc)
                return fail("--position needs a position string%s", "");
            position = argv[i];
        } else if (strchr(argv[i], '=')) {
            join_options(opts, sizeof opts, argv[i]);
        } else if (npos < 2) {
            pos_args[npos++] = argv[i];
        } else {
            return fail("unexpected argument '%s' (see gabata perft --help)", argv[i]);
        }
    }
    /* VARIANT DEPTH, or DEPTH alone with --position */
    if (npos == 2)
        variant = pos_args[0];
    const char *depth_arg = npos ? pos_args[npos - 1] : NULL;
    if (!depth_arg || (!variant && !position)) {
        cli_help(stderr, perft_help);
        long d;
        if (npos == 1 && !position && cli_parse_long(pos_args[0], 0, 30, &d)) /* the one thing missing, named last */
            return fail("perft needs a game before the depth: gabata perft sadeqa %s", pos_args[0]);
        if (npos == 1 && !position)
            return fail("perft needs a DEPTH after the game: gabata perft %s 5", pos_args[0]);
        return 2;
    }
    if (!cli_parse_long(depth_arg, 0, 30, &depth))
        return fail("depth must be a whole number from 0 to 30, not '%s'", depth_arg);
    if (position && opts[0])
        return fail("with --position the options are part of the position string%s", "");
    gb_game *g;
    gb_error err;
    int rc = position ? gb_game_from_position(&g, position, 1, &err) : gb_game_new(&g, variant, opts, 1, &err);
    if (rc)
        return fail("%s", err.msg);
    if (position && variant && strcmp(variant, gb_game_variant(g)) != 0) {
        gb_game_free(g);
        return fail("the position is not a game of %s", variant);
    }
    gb_move probe[GB_MAX_MOVES];
    if (depth > 0 && !gb_is_over(g) && gb_legal_moves(g, probe, GB_MAX_MOVES) == 0) {
        /* a layout (A2): the moves cannot be listed, so there is nothing to count */
        char msg[160];
        snprintf(msg, sizeof msg, "the %s phase takes a move that cannot be listed; give a position after it (--position)",
                 gb_phase(g));
        gb_game_free(g);
        return fail("%s", msg);
    }
    /* a perft of depth 12 or more runs for hours: a signal stops it cleanly, the depths
     * finished printed whole (a second signal ends the program at once) */
    const gb_perft_opts po = {&perft_stop};
    cli_catch_stops(on_perft_stop);
    int status = 0;
    for (int d = 1; d <= depth && status == 0; d++) {
        clock_t t0 = clock();
        uint64_t n = 0;
        gb_error perr = {0, ""};
        const int prc = gb_perft_count(g, d, &po, &n, &perr);
        double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
        if (prc == GB_ESTOPPED) {
            fflush(stdout);
            const int sig = __atomic_load_n(&perft_stop, __ATOMIC_RELAXED);
            char counted[96] = "";
            if (n > 0)
                snprintf(counted, sizeof counted, " after %.3f s: %llu sequences counted (a partial count)", secs,
                         (unsigned long long)n);
            else
                snprintf(counted, sizeof counted, " before it began");
            fprintf(stderr, "gabata perft: stopped (%s) at depth %d%s%s\n", cli_stop_name(sig), d, counted,
                    d > 1 ? "; the depths above are whole" : "");
            status = 3;
        } else if (prc != GB_OK) {
            fail("%s", perr.msg); /* out of memory: the work failed */
            status = 1;
        } else {
            printf("perft %d %llu  (%.3f s)\n", d, (unsigned long long)n, secs);
            fflush(stdout);
        }
    }
    cli_catch_stops(NULL);
    gb_game_free(g);
    return status;
}

static const char bench_help[] =
    "usage: gabata bench VARIANT [--games N] [--seed S] [--list-moves] [key=value ...]\n"
    "       gabata bench --all [--games N] [--seed S] [--list-moves]\n"
    "       gabata bench [VARIANT] --search [--nodes N | --depth D] [--mcts P] [--positions K] [--seed S]\n"
    "                    [--threads T] [key=value ...]\n"
    "Plays N uniformly random games (default 20000) from the start and prints playouts, plies and\n"
    "sown stones per second, with the games' statistics: plies per game, results, end reasons.\n"
    "With --search: alpha-beta searches of N nodes (default 300000), or to depth D (time to\n"
    "depth), from K positions (default 8: the start and random openings), and MCTS searches of P\n"
    "playouts (default 2000; 0: none), for VARIANT or every game; prints nodes and playouts per\n"
    "second. --threads T (1 to 64, default 1): alpha-beta on T threads (Lazy SMP; nodes of every\n"
    "thread, seconds of wall clock).\n"
    "The yardstick (bench/yardstick.c, a minimal special-purpose random Sadeqa III loop) is run in\n"
    "the same process for the same number of games, and plies/s are given as a ratio to it.\n"
    "--all does this for every game with its default options, as one table.\n"
    "--list-moves: the same random games, but every ply lists every legal move with its child\n"
    "(the game's move generator, as an environment that gives a legal-move mask must) before\n"
    "drawing one; the default playouts draw a legal move directly where the game can. A yardstick\n"
    "for the vector environment (docs/performance.md). Stones and laps are not counted then.\n"
    "Times are CPU time of the benchmarking thread: figures per core.\n"
    "Figures only: nothing here passes or fails.\n";

/* `bench --search`: search speed, per game. */
static int bench_search(const char *variant, const char *opts, long nodes, long depth, long mcts, long positions,
                        long seed, long threads)
{
    const bool tty = isatty(STDERR_FILENO);
    for (int v = 0; v < gb_variant_count(); v++) {
        const char *name = gb_variant_name(v);
        if (variant && strcmp(variant, name) != 0)
            continue;
        gb_search_opts o;
        memset(&o, 0, sizeof o);
        if (depth)
            o.budget.depth = (int)depth; /* time to depth: no node budget */
        else
            o.budget.nodes = nodes;
        o.tt_mb = 32;
        o.threads = (int)threads;
        gb_searcher *s = gb_searcher_new(&o);
        if (!s)
            return fail("out of memory%s", "");
        long long total = 0, playouts = 0;
        double secs = 0, msecs = 0;
        int depth_sum = 0, searched = 0;
        uint64_t rng = (uint64_t)seed;
        for (long k = 0; k < positions; k++) {
            gb_game *g;
            gb_error err;
            if (gb_game_new(&g, name, variant ? opts : "", (uint64_t)seed + (uint64_t)k, &err)) {
                gb_searcher_free(s);
                return fail("%s", err.msg);
            }
            /* the start, then positions after 2, 4, ... random plies */
            for (long i = 0; i < 2 * k && !gb_is_over(g); i++) {
                gb_move m;
                if (gb_random_move(g, &rng, &m) != GB_OK || gb_play(g, &m, NULL) != GB_OK)
                    break;
            }
            gb_search_result r;
            if (!gb_is_over(g) && gb_search(s, g, &o, &r, &err) == GB_OK) {
                total += r.nodes;
                secs += r.seconds;
                depth_sum += r.depth;
                searched++;
                gb_search_opts mo = o;
                mo.budget.depth = 0;
                mo.budget.nodes = mcts;
                mo.threads = 1; /* MCTS is single-threaded */
                if (mcts > 0 && gb_mcts(s, g, &mo, &r, &err) == GB_OK) {
                    playouts += r.nodes;
                    msecs += r.seconds;
                }
            }
            gb_game_free(g);
            if (tty) {
                fprintf(stderr, "\r  %s: %ld/%ld positions ", name, k + 1, positions);
                fflush(stderr);
            }
        }
        if (tty)
            fprintf(stderr, "\r%40s\r", "");
        gb_searcher_free(s);
        if (secs <= 0)
            secs = 1e-9;
        if (msecs <= 0)
            msecs = 1e-9;
        printf("bench --search %s: %d positions, %lld nodes in %.3f s: %.0f nodes/s (alpha-beta, %s %.1f",
               name, searched, total, secs, (double)total / secs, depth ? "to depth" : "mean depth",
               searched ? (double)depth_sum / searched : 0.0);
        if (threads > 1)
            printf(", %ld threads", threads);
        printf(")");
        if (mcts > 0)
            printf("; %.0f playouts/s (MCTS)", (double)playouts / msecs);
        printf("\n");
    }
    return 0;
}

/* One game's figures next to the yardstick's, measured in one run, in CPU time of this thread
 * (per core, whatever else the machine runs). The machine may be shared,
 * so the two are also interleaved in BENCH_SLICES slices (yardstick, game, yardstick, game, ...) and
 * both see the same conditions; the yardstick's slices have seeds of their own, the games go on from one
 * slice to the next on one random source. */
#define BENCH_SLICES 10
typedef struct bench_row {
    double secs, ysecs;
    gb_playout_stats st;
    yardstick_stats ys;
} bench_row;

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

static void add_stats(gb_playout_stats *sum, const gb_playout_stats *st)
{
    sum->games += st->games;
    sum->plies += st->plies;
    sum->laps += st->laps;
    sum->sown += st->sown;
    for (int i = 0; i < 3; i++)
        sum->wins[i] += st->wins[i];
    for (int i = 0; i < 5; i++)
        sum->reasons[i] += st->reasons[i];
    if (sum->min_plies < 0 || st->min_plies < sum->min_plies)
        sum->min_plies = st->min_plies;
    if (st->max_plies > sum->max_plies)
        sum->max_plies = st->max_plies;
}

static int bench_game(const char *variant, const char *opts, long games, uint64_t seed, bool listed,
                      bench_row *row)
{
    gb_game *g;
    gb_error err;
    if (gb_game_new(&g, variant, opts, seed, &err))
        return fail("%s", err.msg);
    memset(row, 0, sizeof *row);
    row->st.min_plies = -1;
    const bool tty = isatty(STDERR_FILENO);
    /* the games' one random source across the slices: they are the games of one
     * gb_random_playouts(seed), as gabata.random_playouts(seed=) plays them */
    uint64_t rng = seed;
    for (int i = 0; i < BENCH_SLICES; i++) {
        if (tty) { /* progress: a Qelat match is thousands of plies, so this can take a while */
            fprintf(stderr, "\r  bench %s: %ld of %ld games ", variant, games / BENCH_SLICES * i, games);
            fflush(stderr);
        }
        long n = games / BENCH_SLICES + (i < games % BENCH_SLICES);
        if (n == 0)
            continue;
        struct timespec t0;
        yardstick_stats ys;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
        yardstick_run(n, seed + (uint64_t)i, &ys);
        row->ysecs += seconds_since(&t0);
        row->ys.games += ys.games;
        row->ys.plies += ys.plies;
        row->ys.laps += ys.laps;
        row->ys.sown += ys.sown;
        gb_playout_stats st;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
        int rc = listed ? gb_random_playouts_listed(g, n, &rng, &st, &err)
                        : gb_random_playouts_next(g, n, &rng, &st, &err);
        row->secs += seconds_since(&t0);
        if (rc) {
            gb_game_free(g);
            return fail("%s", err.msg);
        }
        add_stats(&row->st, &st);
    }
    gb_game_free(g);
    if (tty)
        fprintf(stderr, "\r%60s\r", "");
    if (row->secs <= 0)
        row->secs = 1e-9;
    if (row->ysecs <= 0)
        row->ysecs = 1e-9;
    return 0;
}

static int bench_all(long games, long seed, bool listed)
{
    printf("bench --all: %ld random games each, seed %ld, default options%s\n", games, seed,
           listed ? ", every legal move listed at every ply (--list-moves)" : "");
    printf("%-12s %12s %12s %14s %10s %10s %14s\n", "game", "playouts/s", "plies/s", "stones/s",
           "plies/game", "yardstick", "(its plies/s)");
    fflush(stdout);
    for (int i = 0; i < gb_variant_count(); i++) {
        bench_row row;
        int rc = bench_game(gb_variant_name(i), "", games, (uint64_t)seed, listed, &row);
        if (rc)
            return rc;
        double plies = (double)row.st.plies / row.secs, yplies = (double)row.ys.plies / row.ysecs;
        char stones[32] = "-"; /* not counted with --list-moves */
        if (!listed)
            snprintf(stones, sizeof stones, "%.0f", (double)row.st.sown / row.secs);
        printf("%-12s %12.0f %12.0f %14s %10.1f %9.2fx %14.0f\n", gb_variant_name(i),
               (double)row.st.games / row.secs, plies, stones,
               (double)row.st.plies / (double)row.st.games, plies / yplies, yplies);
        fflush(stdout);
    }
    printf("yardstick: plies/s over those of the minimal random Sadeqa III loop of\n"
           "bench/yardstick.c, run interleaved with each game (like for like only for sadeqa).\n");
    return 0;
}

static int cmd_bench(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        cli_help(stdout, bench_help);
        return 0;
    }
    const char *variant = NULL;
    long games = 20000, seed = 1, nodes = 300000, positions = 8, depth = 0, mcts = 2000, threads = 1;
    bool search = false, all = false, listed = false;
    char opts[1024] = "";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--search") == 0) {
            search = true;
        } else if (strcmp(argv[i], "--nodes") == 0) {
            if (++i >= argc || !cli_parse_long(argv[i], 1, 1000000000, &nodes))
                return fail("--nodes needs a whole number from 1 to 1000000000%s", "");
        } else if (strcmp(argv[i], "--depth") == 0) {
            if (++i >= argc || !cli_parse_long(argv[i], 1, GB_SEARCH_MAX_DEPTH, &depth))
                return fail("--depth needs a whole number from 1 to %s", GB_STR(GB_SEARCH_MAX_DEPTH));
        } else if (strcmp(argv[i], "--mcts") == 0) {
            if (++i >= argc || !cli_parse_long(argv[i], 0, 1000000000, &mcts))
                return fail("--mcts needs a whole number from 0 to 1000000000%s", "");
        } else if (strcmp(argv[i], "--threads") == 0) {
            if (++i >= argc || !cli_parse_long(argv[i], 1, GB_SEARCH_MAX_THREADS, &threads))
                return fail("--threads needs a whole number from 1 to %s", GB_STR(GB_SEARCH_MAX_THREADS));
        } else if (strcmp(argv[i], "--positions") == 0) {
            if (++i >= argc || !cli_parse_long(argv[i], 1, 1000, &positions))
                return fail("--positions needs a whole number from 1 to 1000%s", "");
        } else if (strcmp(argv[i], "--games") == 0) {
            if (++i >= argc || !cli_parse_long(argv[i], 1, 100000000, &games))
                return fail("--games needs a whole number from 1 to 100000000%s", "");
        } else if (strcmp(argv[i], "--seed") == 0) {
            if (++i >= argc || !cli_parse_long(argv[i], 0, 0x7fffffffffffffffL, &seed))
                return fail("--seed needs a whole number%s", "");
        } else if (strcmp(argv[i], "--all") == 0) {
            all = true;
        } else if (strcmp(argv[i], "--list-moves") == 0) {
            listed = true;
        } else if (strchr(argv[i], '=')) {
            join_options(opts, sizeof opts, argv[i]);
        } else if (!variant) {
            variant = argv[i];
        } else {
            return fail("unexpected argument '%s' (see gabata bench --help)", argv[i]);
        }
    }
    if (all && (variant || opts[0] || search))
        return fail("--all takes no game or options (it benches every game with its defaults)%s", "");
    if (listed && search)
        return fail("--list-moves is for random playouts, not --search%s", "");
    if (all)
        return bench_all(games, seed, listed);
    if (search) {
        if (variant) {
            gb_game *probe;
            gb_error perr;
            if (gb_game_new(&probe, variant, opts, 1, &perr))
                return fail("%s", perr.msg);
            gb_game_free(probe);
        } else if (opts[0]) {
            return fail("options need a VARIANT%s", "");
        }
        return bench_search(variant, opts, nodes, depth, mcts, positions, seed, threads);
    }
    if (!variant) {
        cli_help(stderr, bench_help);
        return 2;
    }
    bench_row row;
    int rc = bench_game(variant, opts, games, (uint64_t)seed, listed, &row);
    if (rc)
        return rc;
    const gb_playout_stats st = row.st;
    double secs = row.secs, yplies = (double)row.ys.plies / row.ysecs;
    printf("bench %s%s%s: %ld random games, seed %ld, %.3f s%s\n", variant, opts[0] ? " " : "", opts,
           st.games, seed, secs, listed ? ", every legal move listed at every ply (--list-moves)" : "");
    printf("  playouts/s   %12.0f\n", (double)st.games / secs);
    printf("  plies/s      %12.0f   (%.2fx the yardstick's %.0f, run interleaved)\n",
           (double)st.plies / secs, ((double)st.plies / secs) / yplies, yplies);
    if (!listed)
        printf("  stones/s     %12.0f   (sown, in the moves played)\n", (double)st.sown / secs);
    printf("  plies/game   %12.1f   (min %ld, max %ld)\n", (double)st.plies / (double)st.games,
           st.min_plies, st.max_plies);
    if (!listed)
        printf("  laps/ply     %12.2f\n", st.plies ? (double)st.laps / (double)st.plies : 0.0);
    printf("  results      South %.1f%%  North %.1f%%  draw %.1f%%\n", 100.0 * st.wins[0] / st.games,
           100.0 * st.wins[1] / st.games, 100.0 * st.wins[2] / st.games);
    printf("  end reasons  rule %ld  repetition %ld  cap %ld  endless %ld\n", st.reasons[GB_END_RULE],
           st.reasons[GB_END_REPETITION], st.reasons[GB_END_CAP], st.reasons[GB_END_ENDLESS]);
    return 0;
}

static const char replay_help[] =
    "usage: gabata replay FILE [--step]\n"
    "Shows a game record position by position: each move, its laps, and the board after it.\n"
    "With --step, waits for Enter between moves.\n";

static int cmd_replay(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        cli_help(stdout, replay_help);
        return 0;
    }
    const char *path = NULL;
    bool step = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--step") == 0)
            step = true;
        else if (!path)
            path = argv[i];
        else
            return fail("unexpected argument '%s' (see gabata replay --help)", argv[i]);
    }
    if (!path) {
        cli_help(stderr, replay_help);
        return 2;
    }
    char why[512];
    char *text = read_file_text(path, why, sizeof why);
    if (!text) {
        fprintf(stderr, "gabata: cannot read %s\n", why);
        return 1;
    }
    gb_game *full;
    gb_error err;
    if (gb_record_parse(&full, text, &err) != GB_OK) {
        fprintf(stderr, "gabata: %s: %s\n", path, err.msg);
        free(text);
        return 1;
    }
    char *position = gb_record_tag(text, "Position");
    char *opts = gb_record_tag(text, "Options");
    char *seed_s = gb_record_tag(text, "Seed");
    uint64_t seed = seed_s ? strtoull(seed_s, NULL, 10) : 0;
    gb_game *g;
    int rc = position ? gb_game_from_position(&g, position, seed, &err)
                      : gb_game_new(&g, gb_game_variant(full), opts, seed, &err);
    free(position);
    free(opts);
    free(seed_s);
    free(text);
    if (rc) {
        gb_game_free(full);
        return fail("%s", err.msg);
    }
    printf("%s, %d moves\n", gb_variant_title(gb_game_variant(g)), gb_history_length(full));
    draw_board(stdout, g, false);
    for (int i = 0; i < gb_history_length(full); i++) {
        gb_move m = *gb_history_move(full, i);
        int mover = gb_to_move(g);
        if (step) {
            printf("  [Enter for the next move] ");
            fflush(stdout);
            int c;
            while ((c = getchar()) != EOF && c != '\n')
                ;
        }
        printf("\nMove %d\n", i + 1);
        int round_before = gb_round(g);
        if (gb_play(g, &m, &err) != GB_OK) {
            fprintf(stderr, "gabata: move %d: %s\n", i + 1, err.msg);
            break;
        }
        draw_trace(stdout, g, &m, mover);
        draw_round_summary(stdout, g, round_before); /* a round's end in words */
        draw_board(stdout, g, false);
    }
    if (gb_is_over(g))
        draw_summary(stdout, g);
    gb_game_free(g);
    gb_game_free(full);
    return 0;
}

static const char engine_help[] =
    "usage: gabata engine\n"
    "Reads protocol commands on standard input and answers on standard output; every answer ends\n"
    "with a line 'ok', or is one line 'error <reason>'. Type 'help' inside for the commands;\n"
    "'stop' or 'quit' sent while a go or a perft runs ends it (quit then ends the session).\n"
    "docs/protocol.md has the whole protocol.\n";

static const char variants_help[] =
    "usage: gabata variants\n"
    "Lists the games and each one's options: key=values (default), a number as key=N with its\n"
    "range. They are given as key=value after the game's name (gabata play qelat enemy=row).\n";

int main(int argc, char **argv)
{
    if (cli_i18n_init(&argc, argv) != 0)
        return 2;
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("gabata %s\n", GB_VERSION);
        return 0;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "play") == 0)
        return cmd_play(argc - 1, argv + 1);
    if (strcmp(cmd, "online") == 0)
        return cmd_online(argc - 1, argv + 1);
    if (strcmp(cmd, "replay") == 0)
        return cmd_replay(argc - 1, argv + 1);
    if (strcmp(cmd, "perft") == 0)
        return cmd_perft(argc - 1, argv + 1);
    if (strcmp(cmd, "bench") == 0)
        return cmd_bench(argc - 1, argv + 1);
    if (strcmp(cmd, "serve") == 0)
        return cmd_serve(argc - 1, argv + 1);
    if (strcmp(cmd, "match") == 0)
        return cmd_match(argc - 1, argv + 1);
    if (strcmp(cmd, "stats") == 0)
        return cmd_stats(argc - 1, argv + 1);
    if (strcmp(cmd, "analyze") == 0)
        return cmd_analyze(argc - 1, argv + 1);
    if (strcmp(cmd, "solve") == 0)
        return argc > 2 && strcmp(argv[2], "--survey") == 0 ? cmd_solve_survey(argc - 2, argv + 2)
                                                              : cmd_solve(argc - 1, argv + 1);
    if (strcmp(cmd, "tables") == 0)
        return cmd_tables(argc - 1, argv + 1);
    if (strcmp(cmd, "variants") == 0) {
        if (wants_help(argc - 1, argv + 1)) {
            cli_help(stdout, variants_help);
            return 0;
        }
        if (argc > 2)
            return fail(_("unexpected argument '%s' (see gabata --help)"), argv[2]);
        return cmd_variants();
    }
    if (strcmp(cmd, "rules") == 0)
        return cmd_rules(argc - 1, argv + 1);
    if (strcmp(cmd, "learn") == 0)
        return cmd_learn(argc - 1, argv + 1);
    if (strcmp(cmd, "engine") == 0) {
        if (wants_help(argc - 1, argv + 1)) {
            cli_help(stdout, engine_help);
            return 0;
        }
        if (argc > 2) /* the session is set up by its commands, not by arguments */
            return fail(_("unexpected argument '%s' (see gabata --help)"), argv[2]);
        /* a client gone is seen as a failed write (EPIPE), and the session ends by itself */
        signal(SIGPIPE, SIG_IGN);
        return engine_run(stdin, stdout);
    }
    fprintf(stderr, "gabata: unknown command '%s'\n\n", cmd);
    usage(stderr);
    return 2;
}
