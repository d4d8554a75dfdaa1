/* survey.c — `gabata solve --survey`: what the solver establishes over self-play games (issue 23
 * §2, docs/solved.md). Plays games between two copies of a player, then walks each game back from
 * its end and solves every position with at most K stones on the board, the game's record kept
 * (T2: a position's value may depend on the positions since the last capture). One JSON line a
 * position and one a game, appended a whole game at a time, so that a stopped survey resumes
 * where it stopped; a summary computed from the file's rows. */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SURVEY_MAX_JOBS 64

static const char survey_help[] =
    "usage: gabata solve --survey [VARIANT] --out FILE [--games N] [--player P] [--max-time S]\n"
    "                    [--stones K] [--tables DIR] [--jobs N] [--openings K] [--seed N]\n"
    "                    [--give-up N]\n"
    "       gabata solve --survey --summary FILE\n"
    "Plays N games (default 10) of VARIANT (default sadeqa) between two copies of P (default\n"
    "ai:8), each after a random opening of K plies (default 4; game i's seed is --seed + i), then\n"
    "solves, from the game's end back, every position with at most K stones on the board\n"
    "(--stones, default 20), each within S seconds (--max-time, default 10), the game's record\n"
    "kept. --give-up N: stop a game's walk back after N unknown positions in a row (default 0:\n"
    "never). One JSON line a position and one a game are appended to FILE a game at a time; a\n"
    "second run with the same settings plays only the games FILE lacks. --jobs N games at once\n"
    "(worker processes). Progress on standard error; the summary of FILE's rows on standard\n"
    "output (--summary: the summary only). Ctrl-C (SIGTERM, SIGHUP, SIGUSR1) stops: the games\n"
    "under way are lost, those finished stay in FILE, the summary is printed; exit status 3.\n"
    "docs/solved.md.\n";

typedef struct survey_cfg {
    char variant[64];
    const char *opts;
    gb_player player;
    char player_text[64];
    int games, stones, jobs, openings, give_up;
    double max_time;
    long seed;
    bool tty; /* a line of progress a position (one job, standard error a terminal) */
    const char *tdir, *out;
} survey_cfg;

/* A stop (Ctrl-C, SIGTERM, or SIGHUP: the terminal closed) in the parent: the workers are ended,
 * each losing only the game it was playing (its rows are written a whole game at a time, and a
 * part-written game is dropped at the next start), and the summary of FILE so far is printed. */
static volatile sig_atomic_t survey_stop;

static void on_survey_stop(int sig)
{
    survey_stop = sig;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int stones_on_board(const gb_game *g)
{
    int on = 0;
    for (int i = 0; i < 2 * gb_game_rows(g); i++)
        on += gb_hole_count(g, i);
    return on;
}

/* The settings a file's rows depend on (not the games' number, the seeds or the jobs): a resumed
 * survey must have the same. */
static json_t *survey_header(const survey_cfg *c)
{
    return json_pack("{s:s, s:s, s:s, s:s, s:f, s:i, s:s, s:i}", "kind", "survey", "variant", c->variant,
                     "options", c->opts ? c->opts : "", "player", c->player_text, "max_time", c->max_time,
                     "stones", c->stones, "tables", c->tdir ? c->tdir : "", "openings", c->openings);
}

/* ---- one game ---- */

static int keep_end(const gb_game *g, void *user)
{
    gb_game **end = user;
    if (gb_is_over(g) && !*end)
        *end = gb_game_clone(g);
    return 0;
}

static void append_row(char **buf, size_t *len, size_t *cap, json_t *row)
{
    char *line = json_dumps(row, JSON_COMPACT | JSON_REAL_PRECISION(9));
    json_decref(row);
    if (!line)
        return;
    size_t n = strlen(line);
    if (*len + n + 2 > *cap) {
        size_t nc = (*cap + n + 2) * 2;
        char *nb = realloc(*buf, nc);
        if (!nb) {
            free(line);
            return;
        }
        *buf = nb;
        *cap = nc;
    }
    memcpy(*buf + *len, line, n);
    (*buf)[*len + n] = '\n';
    *len += n + 1;
    (*buf)[*len] = 0;
    free(line);
}

/* Play game `seed`, solve its positions, append its rows to fd in one write. 0, or -1. */
static int survey_game(const survey_cfg *c, long seed, int fd, gb_searcher *s, const gb_tables *t)
{
    const double t0 = now();
    gb_game *end = NULL;
    gb_match_spec sp = {c->variant, c->opts, {c->player, c->player}, (uint64_t)seed, c->openings,
                        (uint64_t)seed * 0x9e3779b97f4a7c15ull ^ 0x5eed, keep_end, &end};
    gb_match_result mr;
    gb_error err = {0};
    if (gb_match_play(&sp, &mr, &err) != GB_OK || !end) {
        fprintf(stderr, "gabata solve --survey: game %ld: %s\n", seed, err.msg[0] ? err.msg : "out of memory");
        gb_game_free(end);
        return -1;
    }
    /* the game's moves, so that any of its positions can be solved again with its record
     * (gabata solve VARIANT --moves "the first PLY moves") */
    const int plies = gb_history_length(end);
    char *moves = calloc((size_t)plies + 1, GB_MOVE_TEXT_MAX + 1);
    for (int i = 0, used = 0; moves && i < plies; i++) {
        char mv[GB_MOVE_TEXT_MAX];
        gb_move_format(end, gb_history_move(end, i), mv, sizeof mv);
        used += sprintf(moves + used, "%s%s", i ? " " : "", mv);
    }
    char *buf = NULL;
    size_t len = 0, cap = 0;
    int surveyed = 0, solved = 0, unknown_run = 0, first_small = -1;
    const double play_s = now() - t0;
    /* from the end back: the positions nearest the end are the likeliest to be proven, and with
     * --give-up the walk stops where proofs stop */
    while (gb_undo(end, &err) == GB_OK) {
        const int ply = gb_history_length(end), k = stones_on_board(end);
        if (k > c->stones)
            continue;
        if (ply < c->openings) /* the random opening's positions are not the players' */
            break;
        if (c->give_up > 0 && unknown_run >= c->give_up)
            break;
        first_small = ply;
        if (c->tty) /* one game at a time on a terminal: where its walk back is */
            fprintf(stderr, "\rgame %ld: ply %d, %d stones, %d of %d solved   ", seed, ply, k, solved, surveyed);
        const int mover = gb_to_move(end);
        const int lo0 = gb_store(end, mover) - gb_store(end, !mover);
        int margin = 0, depth = 0;
        const double ts = now();
        const int ok = cli_prove(s, end, NULL, t, c->max_time, NULL, NULL, &margin, &depth);
        const double secs = now() - ts;
        char *pos = gb_position_format(end);
        json_t *row = json_pack("{s:s, s:i, s:i, s:i, s:s, s:s, s:i, s:i, s:i, s:f}", "kind", "position",
                                "seed", (int)seed, "ply", ply, "stones", k, "to_move", mover == GB_SOUTH ? "S" : "N",
                                "position", pos ? pos : "", "depth", depth, "lo", ok ? margin : lo0 - k,
                                "hi", ok ? margin : lo0 + k, "seconds", round(secs * 1000) / 1000);
        free(pos);
        if (row)
            json_object_set_new(row, "value", ok ? json_integer(margin) : json_null());
        append_row(&buf, &len, &cap, row);
        surveyed++;
        solved += ok;
        unknown_run = ok ? 0 : unknown_run + 1;
    }
    json_t *g = json_pack("{s:s, s:i, s:i, s:s, s:[i,i], s:s, s:i, s:i, s:i, s:f, s:f}", "kind", "game", "seed",
                          (int)seed, "plies", mr.plies, "winner",
                          mr.winner == GB_SOUTH ? "S" : mr.winner == GB_NORTH ? "N" : "draw", "score", mr.score[0],
                          mr.score[1], "end", mr.end_reason == GB_END_REPETITION ? "repetition"
                                              : mr.end_reason == GB_END_CAP   ? "cap"
                                              : mr.end_reason == GB_END_ENDLESS ? "endless"
                                                                                 : "rule",
                          "surveyed", surveyed, "solved", solved, "first_ply", first_small, "play_seconds",
                          round(play_s * 10) / 10, "seconds", round((now() - t0) * 10) / 10);
    if (g)
        json_object_set_new(g, "moves", json_string(moves ? moves : ""));
    free(moves);
    append_row(&buf, &len, &cap, g);
    gb_game_free(end);
    /* one write of the whole game: O_APPEND keeps the games of parallel workers apart. The stops
     * are held off while it lasts: a worker ended by one (SIGTERM from the parent, Ctrl-C to the
     * group) could otherwise be cut inside a large write, leaving half a line in the file */
    sigset_t stops, before;
    sigemptyset(&stops);
    sigaddset(&stops, SIGINT);
    sigaddset(&stops, SIGTERM);
    sigaddset(&stops, SIGHUP);
    sigaddset(&stops, SIGUSR1);
    sigprocmask(SIG_BLOCK, &stops, &before);
    int rc = 0;
    for (size_t done = 0; buf && done < len;) {
        ssize_t w = write(fd, buf + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            fprintf(stderr, "gabata solve --survey: writing %s: %s\n", c->out, strerror(errno));
            rc = -1;
            break;
        }
        done += (size_t)w;
    }
    sigprocmask(SIG_SETMASK, &before, NULL); /* a stop that came meanwhile acts now */
    free(buf);
    if (c->tty)
        fputc('\r', stderr);
    if (!rc)
        fprintf(stderr, "game %ld: %d plies, %s %d-%d; %d positions of at most %d stones, %d solved; %.1f s\n", seed,
                mr.plies, mr.winner == GB_SOUTH ? "South wins" : mr.winner == GB_NORTH ? "North wins" : "draw",
                mr.score[0], mr.score[1], surveyed, c->stones, solved, now() - t0);
    return rc;
}

/* ---- the file ---- */

typedef struct row_set {
    json_t **rows; /* the file's rows, in order */
    int n, cap;
} row_set;

static void rows_free(row_set *r)
{
    for (int i = 0; i < r->n; i++)
        json_decref(r->rows[i]);
    free(r->rows);
    memset(r, 0, sizeof *r);
}

/* Read FILE (missing: no rows). A last line without its newline (a stopped write) is cut off
 * the file when `repair`. 0, or 2 with a message. */
static int read_rows(const char *path, row_set *r, int repair)
{
    memset(r, 0, sizeof *r);
    FILE *f = fopen(path, "r");
    if (!f)
        return errno == ENOENT ? 0 : (fprintf(stderr, "gabata solve --survey: %s: %s\n", path, strerror(errno)), 2);
    char *line = NULL;
    size_t lcap = 0;
    ssize_t n;
    long good = 0, lineno = 0;
    while ((n = getline(&line, &lcap, f)) > 0) {
        lineno++;
        if (line[n - 1] != '\n')
            break; /* cut off below */
        json_error_t je;
        json_t *row = json_loads(line, 0, &je);
        const char *kind = row ? json_string_value(json_object_get(row, "kind")) : NULL;
        if (!kind) {
            fprintf(stderr, "gabata solve --survey: %s line %ld: not a survey row (%s)\n", path, lineno,
                    row ? "no kind" : je.text);
            json_decref(row);
            free(line);
            fclose(f);
            rows_free(r);
            return 2;
        }
        if (r->n == r->cap) {
            r->cap = r->cap ? 2 * r->cap : 256;
            json_t **nr = realloc(r->rows, (size_t)r->cap * sizeof *nr);
            if (!nr) {
                fprintf(stderr, "gabata solve --survey: out of memory\n");
                json_decref(row);
                free(line);
                fclose(f);
                rows_free(r);
                return 2;
            }
            r->rows = nr;
        }
        r->rows[r->n++] = row;
        good += n;
    }
    free(line);
    fclose(f);
    struct stat st;
    if (repair && stat(path, &st) == 0 && st.st_size > good) {
        fprintf(stderr, "gabata solve --survey: %s: an unfinished last line (%lld bytes) dropped\n", path,
                (long long)(st.st_size - good));
        if (truncate(path, good) != 0) {
            fprintf(stderr, "gabata solve --survey: %s: %s\n", path, strerror(errno));
            rows_free(r);
            return 2;
        }
    }
    return 0;
}

static int seed_of(json_t *row) { return (int)json_integer_value(json_object_get(row, "seed")); }

static bool kind_is(json_t *row, const char *k)
{
    const char *s = json_string_value(json_object_get(row, "kind"));
    return s && strcmp(s, k) == 0;
}

/* The seeds of the games complete in the rows (a game row is written after its positions),
 * sorted, for game_done. */
typedef struct seed_set {
    int *seeds, n;
} seed_set;

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void seeds_of(const row_set *r, seed_set *s)
{
    s->n = 0;
    s->seeds = malloc(((size_t)r->n + 1) * sizeof *s->seeds);
    for (int i = 0; s->seeds && i < r->n; i++)
        if (kind_is(r->rows[i], "game"))
            s->seeds[s->n++] = seed_of(r->rows[i]);
    if (s->seeds)
        qsort(s->seeds, (size_t)s->n, sizeof *s->seeds, cmp_int);
}

static bool game_done(const seed_set *s, int seed)
{
    return s->seeds && bsearch(&seed, s->seeds, (size_t)s->n, sizeof seed, cmp_int) != NULL;
}

/* ---- the summary (docs/solved.md describes every line; tests/solve_survey.py recomputes it) ---- */

static void summary(const row_set *r, FILE *out)
{
    enum { KMAX = 200 };
    int games = 0, npos = 0, nsolved = 0, wins = 0, draws = 0, losses = 0, kept = 0, kept_of = 0;
    int per_k[KMAX + 1] = {0}, per_k_solved[KMAX + 1] = {0}, maxk_solved = -1;
    double secs = 0, per_k_secs[KMAX + 1] = {0};
    long abs_margin = 0;
    int *earliest = calloc((size_t)r->n + 1, sizeof *earliest), *before_end = calloc((size_t)r->n + 1, sizeof *earliest);
    if (!earliest || !before_end) {
        fprintf(stderr, "gabata solve --survey: out of memory\n");
        free(earliest);
        free(before_end);
        return;
    }
    int nearliest = 0, best_ply = -1, best_seed = 0, best_stones = 0;
    for (int i = 0; i < r->n; i++) {
        json_t *g = r->rows[i];
        if (!kind_is(g, "game"))
            continue;
        games++;
        const int seed = seed_of(g);
        json_t *sc = json_object_get(g, "score");
        const int fs = (int)json_integer_value(json_array_get(sc, 0)), fn = (int)json_integer_value(json_array_get(sc, 1));
        /* the game's earliest solved position (lowest ply) and its value against the game's end */
        int e_ply = -1, e_value = 0, e_stones = 0;
        const char *e_mover = "S";
        /* its positions: the rows just before it (a game is written in one block) */
        for (int j = i - 1; j >= 0 && kind_is(r->rows[j], "position") && seed_of(r->rows[j]) == seed; j--) {
            json_t *p = r->rows[j];
            const int k = (int)json_integer_value(json_object_get(p, "stones"));
            json_t *v = json_object_get(p, "value");
            const double ps = json_number_value(json_object_get(p, "seconds"));
            npos++;
            secs += ps;
            if (k >= 0 && k <= KMAX) {
                per_k[k]++;
                per_k_secs[k] += ps;
            }
            if (!json_is_integer(v))
                continue;
            const int m = (int)json_integer_value(v), ply = (int)json_integer_value(json_object_get(p, "ply"));
            nsolved++;
            if (k >= 0 && k <= KMAX)
                per_k_solved[k]++;
            if (k > maxk_solved)
                maxk_solved = k;
            /* the values from South's view: who wins the game from there */
            const char *tm = json_string_value(json_object_get(p, "to_move"));
            const int ms = tm && strcmp(tm, "N") == 0 ? -m : m;
            wins += ms > 0;
            draws += ms == 0;
            losses += ms < 0;
            abs_margin += m < 0 ? -m : m;
            if (e_ply < 0 || ply < e_ply) {
                e_ply = ply;
                e_value = m;
                e_stones = k;
                e_mover = json_string_value(json_object_get(p, "to_move"));
            }
        }
        if (e_ply >= 0) {
            before_end[nearliest] = (int)json_integer_value(json_object_get(g, "plies")) - e_ply;
            earliest[nearliest++] = e_ply;
            if (best_ply < 0 || e_ply < best_ply) {
                best_ply = e_ply;
                best_seed = seed;
                best_stones = e_stones;
            }
            kept_of++;
            const int final = e_mover && strcmp(e_mover, "N") == 0 ? fn - fs : fs - fn;
            kept += final == e_value;
        }
    }
    fprintf(out, "games %d, positions %d, solved %d (%.1f%%), solving %.1f s\n", games, npos, nsolved,
            npos ? 100.0 * nsolved / npos : 0.0, secs);
    fprintf(out, "stones  positions  solved   share  mean s\n");
    for (int k = KMAX; k >= 0; k--)
        if (per_k[k])
            fprintf(out, "%6d  %9d  %6d  %5.1f%%  %6.2f\n", k, per_k[k], per_k_solved[k], 100.0 * per_k_solved[k] / per_k[k],
                    per_k_secs[k] / per_k[k]);
    fprintf(out, "values (South's view): %d South wins, %d draws, %d North wins; mean margin %.1f stones\n", wins, draws,
            losses, nsolved ? (double)abs_margin / nsolved : 0.0);
    if (best_ply >= 0) {
        qsort(earliest, (size_t)nearliest, sizeof *earliest, cmp_int);
        qsort(before_end, (size_t)nearliest, sizeof *before_end, cmp_int);
        fprintf(out, "earliest solved ply: %d (game %d, %d stones); median over %d games %d, %d plies before "
                "the game's end; most stones solved %d\n",
                best_ply, best_seed, best_stones, nearliest, earliest[nearliest / 2], before_end[nearliest / 2],
                maxk_solved);
        fprintf(out, "games ending with the value of their earliest solved position: %d of %d\n", kept, kept_of);
    } else {
        fprintf(out, "earliest solved ply: none\n");
    }
    free(earliest);
    free(before_end);
}

/* ---- the command ---- */

static int parse_args(int argc, char **argv, survey_cfg *c, const char **summary_only)
{
    memset(c, 0, sizeof *c);
    snprintf(c->variant, sizeof c->variant, "sadeqa");
    snprintf(c->player_text, sizeof c->player_text, "ai:8");
    c->games = 10;
    c->stones = 20;
    c->jobs = 1;
    c->openings = 4;
    c->max_time = 10;
    c->seed = 1;
    *summary_only = NULL;
    bool have_variant = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
#define INTOPT(name, lo, hi, field)                                                                \
    if (strcmp(a, name) == 0) {                                                                    \
        if (!cli_parse_long(v, lo, hi, &n)) {                                                      \
            fprintf(stderr, "gabata solve --survey: %s takes a whole number from %ld to %ld, not '%s'\n", name, \
                    (long)(lo), (long)(hi), v ? v : "");                                           \
            return 2;                                                                              \
        }                                                                                          \
        c->field = (int)n;                                                                         \
        i++;                                                                                       \
        continue;                                                                                  \
    }
        INTOPT("--games", 1, 1000000, games)
        INTOPT("--stones", 0, 1000, stones)
        INTOPT("--jobs", 1, SURVEY_MAX_JOBS, jobs)
        INTOPT("--openings", 0, 100, openings)
        INTOPT("--give-up", 0, 1000000, give_up)
#undef INTOPT
        if (strcmp(a, "--seed") == 0) {
            if (!cli_parse_long(v, 0, 1000000000, &c->seed)) {
                fprintf(stderr, "gabata solve --survey: --seed takes a whole number from 0 to 1000000000, not '%s'\n",
                        v ? v : "");
                return 2;
            }
            i++;
        } else if (strcmp(a, "--max-time") == 0) {
            char *end = NULL;
            c->max_time = v ? strtod(v, &end) : 0;
            if (!v || *end || end == v || !(c->max_time > 0 && c->max_time <= 1e6)) {
                fprintf(stderr, "gabata solve --survey: --max-time takes seconds (more than 0), not '%s'\n", v ? v : "");
                return 2;
            }
            i++;
        } else if (strcmp(a, "--player") == 0 && v) {
            gb_error err = {0};
            if (gb_player_parse(v, &c->player, &err) != GB_OK) {
                fprintf(stderr, "gabata solve --survey: --player: %s\n", err.msg);
                return 2;
            }
            if (c->player.kind == GB_PLAYER_HUMAN) {
                fprintf(stderr, "gabata solve --survey: --player must be a computer player (ai:N, mcts, random)\n");
                return 2;
            }
            snprintf(c->player_text, sizeof c->player_text, "%s", v);
            i++;
        } else if (strcmp(a, "--tables") == 0 && v) {
            c->tdir = v;
            i++;
        } else if (strcmp(a, "--out") == 0 && v) {
            c->out = v;
            i++;
        } else if (strcmp(a, "--summary") == 0 && v) {
            *summary_only = v;
            i++;
        } else if (a[0] == '-') {
            fprintf(stderr, "gabata solve --survey: unknown option or missing value '%s' (see --help)\n", a);
            return 2;
        } else if (!have_variant) {
            snprintf(c->variant, sizeof c->variant, "%s", a);
            have_variant = true;
        } else {
            fprintf(stderr, "gabata solve --survey: one variant only, not '%s' too\n", a);
            return 2;
        }
    }
    if (!have_variant || !strchr(c->variant, ':'))
        c->opts = NULL;
    char *colon = strchr(c->variant, ':');
    if (colon) {
        *colon = 0;
        c->opts = colon + 1;
    }
    if (strcmp(c->player_text, "ai:8") == 0)
        gb_player_parse("ai:8", &c->player, NULL);
    if (!*summary_only && !c->out) {
        fprintf(stderr, "gabata solve --survey: --out FILE is needed (the rows' file, appended to)\n");
        return 2;
    }
    return 0;
}

int cmd_solve_survey(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(survey_help, stdout);
            return 0;
        }
    survey_cfg c;
    const char *summary_only;
    int rc = parse_args(argc, argv, &c, &summary_only);
    if (rc)
        return rc;
    row_set rows;
    if (summary_only) {
        if ((rc = read_rows(summary_only, &rows, 0)))
            return rc;
        if (rows.n == 0) {
            fprintf(stderr, "gabata solve --survey: %s holds no rows\n", summary_only);
            return 2;
        }
        summary(&rows, stdout);
        rows_free(&rows);
        return 0;
    }
    /* the variant: one the solver proves values of (as gabata solve) */
    gb_error err = {0};
    gb_game *probe = NULL;
    if (gb_game_new(&probe, c.variant, c.opts, 1, &err) != GB_OK) {
        fprintf(stderr, "gabata solve --survey: %s\n", err.msg);
        return 2;
    }
    const char *vn = gb_game_variant(probe);
    const bool one_round = strcmp(vn, "sadeqa") == 0 || strcmp(vn, "bulto") == 0;
    gb_game_free(probe);
    if (!one_round) {
        fprintf(stderr, "gabata solve --survey: %s is a match of rounds, whose value the search does not prove (sadeqa, bulto)\n",
                c.variant);
        return 2;
    }
    gb_tables *t = NULL;
    if (c.tdir && gb_tables_open(&t, c.tdir, 0, &err) != GB_OK) {
        fprintf(stderr, "gabata solve --survey: %s\n", err.msg);
        return 2;
    }
    if ((rc = read_rows(c.out, &rows, 1))) {
        gb_tables_close(t);
        return rc;
    }
    /* a resumed file must hold rows of the same settings: its first row says which */
    json_t *head = survey_header(&c);
    if (rows.n > 0 && !json_equal(rows.rows[0], head)) {
        char *want = json_dumps(head, JSON_COMPACT), *have = json_dumps(rows.rows[0], JSON_COMPACT);
        fprintf(stderr, "gabata solve --survey: %s was made with other settings (%s, not %s): use another --out\n",
                c.out, have ? have : "?", want ? want : "?");
        free(want);
        free(have);
        json_decref(head);
        rows_free(&rows);
        gb_tables_close(t);
        return 2;
    }
    /* rows of a game cut short (no game row) are dropped, so that its positions are not counted
     * twice when it is played again */
    seed_set done;
    seeds_of(&rows, &done);
    int orphans = 0;
    for (int i = 0; i < rows.n; i++)
        if (kind_is(rows.rows[i], "position") && !game_done(&done, seed_of(rows.rows[i])))
            orphans++;
    int fd = -1;
    if (rows.n == 0 || orphans) {
        char tmp[4096];
        snprintf(tmp, sizeof tmp, "%s.tmp~", c.out);
        FILE *f = fopen(tmp, "w");
        bool ok = f != NULL;
        if (ok) {
            char *h = json_dumps(head, JSON_COMPACT);
            ok = h && fprintf(f, "%s\n", h) > 0;
            free(h);
            for (int i = 1; ok && i < rows.n; i++) {
                if (kind_is(rows.rows[i], "position") && !game_done(&done, seed_of(rows.rows[i])))
                    continue;
                char *l = json_dumps(rows.rows[i], JSON_COMPACT);
                ok = l && fprintf(f, "%s\n", l) > 0;
                free(l);
            }
            ok = (fclose(f) == 0) && ok;
        }
        if (!ok || rename(tmp, c.out) != 0) {
            fprintf(stderr, "gabata solve --survey: writing %s: %s\n", c.out, strerror(errno));
            free(done.seeds);
            json_decref(head);
            rows_free(&rows);
            gb_tables_close(t);
            return 1;
        }
        if (orphans)
            fprintf(stderr, "gabata solve --survey: %d rows of unfinished games dropped from %s\n", orphans, c.out);
    }
    json_decref(head);
    fd = open(c.out, O_WRONLY | O_APPEND);
    if (fd < 0) {
        fprintf(stderr, "gabata solve --survey: %s: %s\n", c.out, strerror(errno));
        free(done.seeds);
        rows_free(&rows);
        gb_tables_close(t);
        return 1;
    }
    /* the games to play: seeds seed .. seed+games-1 not yet in the file */
    long *todo = malloc((size_t)c.games * sizeof *todo);
    int ntodo = 0;
    for (int i = 0; todo && i < c.games; i++)
        if (!game_done(&done, (int)(c.seed + i)))
            todo[ntodo++] = c.seed + i;
    free(done.seeds);
    rows_free(&rows);
    if (!todo) {
        fprintf(stderr, "gabata solve --survey: out of memory\n");
        close(fd);
        gb_tables_close(t);
        return 1;
    }
    fprintf(stderr, "survey: %d games of %s (%d already in %s), %s, positions of at most %d stones, %g s each%s%s, %d jobs\n",
            ntodo, c.variant, c.games - ntodo, c.out, c.player_text, c.stones, c.max_time, c.tdir ? ", tables " : "",
            c.tdir ? c.tdir : "", c.jobs);
    const int jobs = c.jobs < ntodo ? c.jobs : ntodo;
    c.tty = jobs == 1 && isatty(2);
    /* the games are played by worker processes, one even for --jobs 1, so that this process can
     * always answer a stop: end them, and say what FILE holds */
    pid_t pid[SURVEY_MAX_JOBS];
    int failed = 0, started = 0;
    fflush(stderr);
    cli_catch_stops(on_survey_stop); /* (waitpid returns EINTR) */
    for (int j = 0; j < jobs && !survey_stop; j++) {
        pid[j] = fork();
        if (pid[j] < 0) {
            fprintf(stderr, "gabata solve --survey: fork: %s\n", strerror(errno));
            failed = 1;
            break;
        }
        if (pid[j] == 0) {
            cli_catch_stops(NULL); /* a worker ends at once; the parent speaks for it */
            gb_search_opts so;
            memset(&so, 0, sizeof so);
            so.tt_mb = 256;
            gb_searcher *s = gb_searcher_new(&so);
            int bad = !s;
            for (int i = j; s && i < ntodo; i += jobs)
                if (survey_game(&c, todo[i], fd, s, t) != 0) {
                    bad = 1;
                    break;
                }
            gb_searcher_free(s);
            _exit(bad);
        }
        started++;
    }
    for (int left = started, ended[SURVEY_MAX_JOBS] = {0}; left > 0;) {
        if (survey_stop) /* (again at every signal: a worker forked as the stop came is ended too) */
            for (int j = 0; j < started; j++)
                if (!ended[j])
                    kill(pid[j], SIGTERM);
        int st = 0;
        pid_t w = waitpid(-1, &st, 0);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            break; /* ECHILD: none left */
        }
        for (int j = 0; j < started; j++)
            if (pid[j] == w && !ended[j]) {
                ended[j] = 1;
                left--;
                if (!survey_stop && (!WIFEXITED(st) || WEXITSTATUS(st) != 0))
                    failed = 1;
            }
    }
    const int stopped = survey_stop;
    cli_catch_stops(NULL);
    free(todo);
    close(fd);
    gb_tables_close(t);
    if (c.tty && stopped) /* (the progress line of the game that was lost) */
        fputc('\n', stderr);
    if ((rc = read_rows(c.out, &rows, 0)))
        return rc;
    seed_set finished;
    seeds_of(&rows, &finished);
    if (stopped)
        fprintf(stderr, "gabata solve --survey: stopped (%s): %d games are in %s, the games under way lost; "
                        "the same command goes on from there\n",
                cli_stop_name(stopped), finished.n, c.out);
    free(finished.seeds);
    summary(&rows, stdout);
    rows_free(&rows);
    return stopped ? 3 : failed ? 1 : 0;
}
