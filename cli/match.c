/* match.c — `gabata match`: one computer player against another with paired openings (each
 * random opening of K plies played once from each side), worker processes, a progress line, a
 * summary with the Elo difference and its 95% interval, an optional SPRT stop, CSV/JSON output. */
#include "ai_cli.h"
#include "match_stats.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <unistd.h>

#define MAX_JOBS 64

static uint64_t pair_seed(const match_cfg *c, int pair)
{
    uint64_t z = c->seed * 0x9e3779b97f4a7c15ull + (uint64_t)pair * 0xbf58476d1ce4e5b9ull + 1;
    return gb_rand_next(&z);
}

int match_opening(const match_cfg *c, int pair, gb_game **out, char *text, size_t len)
{
    if (gb_match_opening(out, c->variant, c->opts, pair_seed(c, pair), c->openings, NULL) != GB_OK)
        return -1;
    size_t used = 0;
    text[0] = 0;
    for (int i = 0; i < gb_history_length(*out); i++) {
        char mv[GB_MOVE_TEXT_MAX];
        gb_move_format(*out, gb_history_move(*out, i), mv, sizeof mv);
        int w = snprintf(text + used, len - used, "%s%s", used ? " " : "", mv);
        if (w > 0 && (size_t)w < len - used)
            used += (size_t)w;
    }
    return 0;
}

int match_play_game(const match_cfg *c, int index, match_game *out)
{
    memset(out, 0, sizeof *out);
    out->index = index;
    out->pair = index / 2;
    out->p1_side = index % 2 ? GB_NORTH : GB_SOUTH;
    out->result = -1;
    /* the whole game is the library's (gb_match_play): the pair's opening, then the players */
    gb_match_spec sp = {c->variant, c->opts, {c->p[0], c->p[1]}, pair_seed(c, out->pair), c->openings,
                        pair_seed(c, out->pair) ^ (0x1234567ull * (uint64_t)(index + 1)), NULL, NULL};
    if (out->p1_side == GB_NORTH) {
        sp.player[0] = c->p[1];
        sp.player[1] = c->p[0];
    }
    gb_match_result r;
    if (gb_match_play_tables(&sp, c->tables, &r, NULL) != GB_OK)
        return -1;
    snprintf(out->opening, sizeof out->opening, "%s", r.opening);
    out->result = r.winner == GB_DRAW ? 1 : r.winner == out->p1_side ? 2 : 0;
    out->score[0] = r.score[0];
    out->score[1] = r.score[1];
    out->end_reason = r.end_reason;
    out->plies = r.plies;
    return 0;
}

/* the Elo difference and its 95% interval: over whole pairs (match_tally_score); every game won
 * or lost: no interval from a variance of 0, but the rule of three's bound */
static void elo_line(char *buf, size_t len, const match_tally *t)
{
    double s, se;
    match_tally_score(t, &s, &se);
    if (t->n == 0) {
        snprintf(buf, len, "no games");
        return;
    }
    if ((t->w + t->d / 2.0 >= t->n || t->l + t->d / 2.0 >= t->n) && t->n < 30) {
        snprintf(buf, len, "%sinf (too few games for an interval)", t->w ? "+" : "-");
        return;
    }
    if (t->w + t->d / 2.0 >= t->n) { /* every game won: the rule of three gives the bound */
        snprintf(buf, len, "+inf (95%%: above %+.0f)", match_elo(1 - 3.0 / t->n));
        return;
    }
    if (t->l + t->d / 2.0 >= t->n) {
        snprintf(buf, len, "-inf (95%%: below %+.0f)", match_elo(3.0 / t->n));
        return;
    }
    double lo = s - 1.96 * se, hi = s + 1.96 * se;
    char los[32], his[32];
    if (lo <= 0)
        snprintf(los, sizeof los, "-inf");
    else
        snprintf(los, sizeof los, "%+.0f", match_elo(lo));
    if (hi >= 1)
        snprintf(his, sizeof his, "+inf");
    else
        snprintf(his, sizeof his, "%+.0f", match_elo(hi));
    snprintf(buf, len, "%+.0f (95%%: %s to %s)", match_elo(s), los, his);
}

static void progress(const match_cfg *c, const match_tally *t, int done, bool tty, int *last_tenth)
{
    if (tty) {
        int width = 30, filled = c->games ? done * width / c->games : width;
        char bar[64];
        for (int i = 0; i < width; i++)
            bar[i] = i < filled ? '#' : '.';
        bar[width] = 0;
        fprintf(stderr, "\r  [%s] %d/%d  %s: +%d =%d -%d ", bar, done, c->games, c->name[0], t->w, t->d, t->l);
        fflush(stderr);
    } else if (done * 10 / c->games > *last_tenth) {
        *last_tenth = done * 10 / c->games;
        fprintf(stderr, "match: %d/%d games, %s: +%d =%d -%d\n", done, c->games, c->name[0], t->w, t->d, t->l);
    }
}

/* ---- running the games: in this process, or in worker processes ---- */
/* A stop (Ctrl-C, SIGTERM, SIGHUP, SIGUSR1): no pair starts after it, and the pair under way is
 * finished, in this process or in each worker, so that every opening counted is counted from both
 * sides (a paired match's figures are those of whole pairs); then the games played are reported as
 * usual. A second signal ends at once (SA_RESETHAND), and the workers with it (PR_SET_PDEATHSIG). */
static atomic_int match_stop;

static void on_match_stop(int sig)
{
    static const char said[] = "\ngabata match: stopping after the pair of games under way (again ends at once)\n";
    if (!match_stop && write(STDERR_FILENO, said, sizeof said - 1) < 0)
        (void)0;
    match_stop = sig;
}

/* A worker's stop: from its parent (SIGUSR2), or the terminal's Ctrl-C to the whole group; a
 * second Ctrl-C (SA_RESETHAND) ends it at once. */
static atomic_int worker_stop;

static void on_worker_stop(int sig)
{
    (void)sig;
    worker_stop = 1;
}

static void worker_catch_stops(pid_t parent)
{
    cli_catch_stops(on_worker_stop);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_worker_stop;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGUSR2, &sa, NULL);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* the parent gone (its second Ctrl-C, or killed): end too */
    if (getppid() != parent)
        _exit(1);
#else
    (void)parent;
#endif
    sigset_t usr2; /* blocked by the parent across the fork: no stop is lost before the handler */
    sigemptyset(&usr2);
    sigaddset(&usr2, SIGUSR2);
    sigprocmask(SIG_UNBLOCK, &usr2, NULL);
}

static int run_games(const match_cfg *c, match_game *games, bool *stopped_by_sprt, double *llr)
{
    match_tally t;
    memset(&t, 0, sizeof t);
    bool tty = isatty(STDERR_FILENO);
    int last_tenth = 0, done = 0, failed = 0;
    const double upper = log((1 - 0.05) / 0.05), lower = log(0.05 / (1 - 0.05));
    *stopped_by_sprt = false;
    *llr = 0;
    for (int i = 0; i < c->games; i++)
        games[i].result = -2; /* not played (yet) */
    if (c->jobs <= 1) {
        for (int i = 0; i < c->games; i++) {
            if (match_stop && i % 2 == 0) { /* a stop: the pair under way is finished first */
                for (int j = i; j < c->games; j++)
                    games[j].result = -2; /* not played */
                break;
            }
            if (match_play_game(c, i, &games[i]) != 0)
                failed++;
            match_tally_game(&t, games[i].result);
            if (i % 2 == 1)
                match_tally_pair(&t, games[i - 1].result, games[i].result);
            progress(c, &t, ++done, tty, &last_tenth);
            if (c->sprt && (i % 2) == 1) { /* decided on whole pairs only */
                *llr = match_sprt_llr(&t, c->elo0, c->elo1);
                if (*llr >= upper || *llr <= lower) {
                    *stopped_by_sprt = true;
                    for (int j = i + 1; j < c->games; j++)
                        games[j].result = -2; /* not played */
                    break;
                }
            }
        }
    } else {
        int jobs = c->jobs < c->games / 2 ? c->jobs : c->games / 2; /* a pair a worker at least */
        pid_t pids[MAX_JOBS];
        struct pollfd fds[MAX_JOBS];
        fflush(NULL);
        const pid_t parent = getpid();
        sigset_t usr2, mask;
        sigemptyset(&usr2);
        sigaddset(&usr2, SIGUSR2);
        sigprocmask(SIG_BLOCK, &usr2, &mask);
        for (int w = 0; w < jobs; w++) {
            int fd[2];
            if (pipe(fd) != 0)
                return -1;
            pid_t pid = fork();
            if (pid < 0)
                return -1;
            if (pid == 0) {
                worker_catch_stops(parent);
                close(fd[0]);
                for (int k = 0; k < w; k++)
                    close(fds[k].fd);
                /* whole pairs a worker: pairs w, w + jobs, ... (games 2p and 2p + 1) */
                for (int i = 2 * w; i < c->games && !worker_stop; i += 2 * jobs)
                    for (int k = i; k < i + 2; k++) {
                        match_game g;
                        match_play_game(c, k, &g);
                        if (write(fd[1], &g, sizeof g) != (ssize_t)sizeof g)
                            _exit(1);
                    }
                _exit(0);
            }
            close(fd[1]);
            pids[w] = pid;
            fds[w].fd = fd[0];
            fds[w].events = POLLIN;
        }
        sigprocmask(SIG_SETMASK, &mask, NULL);
        int open_fds = jobs;
        bool told = false;
        while (open_fds > 0) {
            if (!told && (*stopped_by_sprt || match_stop)) { /* each worker ends its pair, then stops */
                for (int w = 0; w < jobs; w++)
                    kill(pids[w], SIGUSR2);
                told = true;
            }
            if (poll(fds, (nfds_t)jobs, -1) < 0) {
                if (errno == EINTR)
                    continue;
                break;
            }
            for (int w = 0; w < jobs; w++) {
                if (fds[w].fd < 0 || !(fds[w].revents & (POLLIN | POLLHUP | POLLERR)))
                    continue;
                match_game g;
                ssize_t got = read(fds[w].fd, &g, sizeof g);
                if (got != (ssize_t)sizeof g) {
                    close(fds[w].fd);
                    fds[w].fd = -1;
                    open_fds--;
                    continue;
                }
                if (g.index >= 0 && g.index < c->games) {
                    games[g.index] = g;
                    if (g.result < 0)
                        failed++;
                    match_tally_game(&t, g.result);
                    const int mate = games[g.index ^ 1].result;
                    match_tally_pair(&t, mate, g.result); /* when the pair is whole */
                    progress(c, &t, ++done, tty, &last_tenth);
                    if (c->sprt && !*stopped_by_sprt && mate >= 0 && g.result >= 0) {
                        *llr = match_sprt_llr(&t, c->elo0, c->elo1);
                        if (*llr >= upper || *llr <= lower)
                            *stopped_by_sprt = true;
                    }
                }
            }
        }
        for (int w = 0; w < jobs; w++) {
            if (fds[w].fd >= 0)
                close(fds[w].fd);
            waitpid(pids[w], NULL, 0);
        }
    }
    if (tty)
        fprintf(stderr, "\n");
    return failed;
}

/* ---- output ---- */
static const char *result_text(const match_cfg *c, const match_game *g)
{
    (void)c;
    return g->result == 2 ? "1-0" : g->result == 1 ? "draw" : g->result == 0 ? "0-1" : "failed";
}

static int write_csv(const char *path, const match_cfg *c, const match_game *games)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "game,pair,south,north,opening,result_first_player,score_south,score_north,end,plies\n");
    for (int i = 0; i < c->games; i++) {
        const match_game *g = &games[i];
        if (g->result == -2)
            continue;
        fprintf(f, "%d,%d,%s,%s,\"%s\",%s,%d,%d,%s,%d\n", g->index + 1, g->pair + 1,
                c->name[g->p1_side == GB_SOUTH ? 0 : 1], c->name[g->p1_side == GB_SOUTH ? 1 : 0],
                g->opening, result_text(c, g), g->score[0], g->score[1],
                gb_end_reason_name(g->end_reason) ? gb_end_reason_name(g->end_reason) : "", g->plies);
    }
    return fclose(f);
}

static int write_json(const char *path, const match_cfg *c, const match_game *games, const match_tally *t,
                      bool sprt_stop, double llr)
{
    double s, se;
    match_tally_score(t, &s, &se);
    json_t *root = json_object(), *list = json_array();
    json_object_set_new(root, "variant", json_string(c->variant));
    json_object_set_new(root, "options", json_string(c->opts));
    json_object_set_new(root, "players", json_pack("[ss]", c->name[0], c->name[1]));
    json_object_set_new(root, "games_planned", json_integer(c->games));
    json_object_set_new(root, "opening_plies", json_integer(c->openings));
    json_object_set_new(root, "seed", json_integer((json_int_t)c->seed));
    json_object_set_new(root, "tables", c->tables ? json_string(c->tables_dir) : json_null());
    json_object_set_new(root, "wins", json_integer(t->w));
    json_object_set_new(root, "draws", json_integer(t->d));
    json_object_set_new(root, "losses", json_integer(t->l));
    json_object_set_new(root, "score", json_real(s));
    json_object_set_new(root, "pairs", json_integer(t->pairs));
    json_object_set_new(root, "pentanomial", json_pack("[iiiii]", t->pent[0], t->pent[1], t->pent[2], t->pent[3], t->pent[4]));
    if (t->n && s > 0 && s < 1) {
        json_object_set_new(root, "elo", json_real(match_elo(s)));
        json_object_set_new(root, "elo_low", s - 1.96 * se > 0 ? json_real(match_elo(s - 1.96 * se)) : json_null());
        json_object_set_new(root, "elo_high", s + 1.96 * se < 1 ? json_real(match_elo(s + 1.96 * se)) : json_null());
    } else {
        json_object_set_new(root, "elo", json_null());
    }
    json_object_set_new(root, "stopped", json_boolean(match_stop != 0)); /* by a signal: the games played */
    if (c->sprt)
        json_object_set_new(root, "sprt", json_pack("{s:f,s:f,s:f,s:b}", "elo0", c->elo0, "elo1", c->elo1,
                                                     "llr", llr, "stopped", sprt_stop));
    for (int i = 0; i < c->games; i++) {
        const match_game *g = &games[i];
        if (g->result == -2)
            continue;
        json_array_append_new(list, json_pack("{s:i,s:i,s:s,s:s,s:s,s:s,s:i,s:i,s:s?,s:i}", "game", g->index + 1,
                                              "pair", g->pair + 1, "south", c->name[g->p1_side == GB_SOUTH ? 0 : 1],
                                              "north", c->name[g->p1_side == GB_SOUTH ? 1 : 0], "opening",
                                              g->opening, "result_first_player", result_text(c, g), "score_south",
                                              g->score[0], "score_north", g->score[1], "end",
                                              gb_end_reason_name(g->end_reason), "plies", g->plies));
    }
    json_object_set_new(root, "games", list);
    int rc = json_dump_file(root, path, JSON_INDENT(1));
    json_decref(root);
    return rc;
}

static const char match_help[] =
    "usage: gabata match PLAYER PLAYER --variant V [key=value ...] --games N [--openings K]\n"
    "                    [--jobs N] [--think SECONDS] [--threads N[,M]] [--seed S] [--sprt ELO0,ELO1]\n"
    "                    [--tables DIR] [--csv FILE | --json FILE]\n"
    "Plays N games (N even) of the first player against the second. Each random opening of K plies\n"
    "(default 4) is played twice, once with each player as South. PLAYER is random, ai:1 ... ai:8,\n"
    "mcts, with an optional thinking time in seconds: ai:8@0.05, mcts@0.05. --think sets the\n"
    "time of the players that think by time (ai:6 ... ai:8, mcts) and have none of their own.\n"
    "--threads N searches every alpha-beta move on N threads (Lazy SMP; 1 to 64, default 1);\n"
    "N,M gives the first player N and the second M.\n"
    "--tables DIR: both players probe these endgame tables (gabata tables build; docs/tables.md).\n"
    "--jobs runs games in N worker processes. --sprt stops early once the sequential probability\n"
    "ratio test (alpha = beta = 0.05, on whole pairs) decides between Elo ELO0 and ELO1. A progress\n"
    "bar is drawn on a terminal (stderr); the summary gives wins, draws, losses, score, the pairs\n"
    "by the first player's points in them, and the Elo difference with a 95% interval over pairs\n"
    "(an opening's two games are one trial). --csv/--json also write every game. Ctrl-C (SIGTERM, SIGHUP,\n"
    "SIGUSR1) stops: no pair of games starts after it, the pairs under way are finished (so that\n"
    "every opening counts from both sides), and the games played are reported and written, exit\n"
    "status 3; a second Ctrl-C ends at once.\n";

static int fail(const char *fmt, const char *arg)
{
    fprintf(stderr, "gabata match: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n");
    return 2;
}

int cmd_match(int argc, char **argv)
{
    match_cfg c;
    memset(&c, 0, sizeof c);
    c.openings = 4;
    c.jobs = 1;
    c.seed = 1;
    const char *csv = NULL, *json = NULL;
    int nplayers = 0;
    double think = 0;
    int threads[2] = {1, 1};
    long v;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            cli_help(stdout, match_help);
            return 0;
        } else if (strcmp(a, "--variant") == 0) {
            if (!next)
                return fail("--variant needs a game name%s", "");
            snprintf(c.variant, sizeof c.variant, "%s", next);
            i++;
        } else if (strcmp(a, "--games") == 0) {
            if (!cli_parse_long(next, 2, 1000000, &v) || v % 2)
                return fail("--games needs an even number from 2 to 1000000 (each opening is played from both sides)%s", "");
            c.games = (int)v;
            i++;
        } else if (strcmp(a, "--openings") == 0) {
            if (!cli_parse_long(next, 0, 200, &v))
                return fail("--openings needs a number of plies from 0 to 200%s", "");
            c.openings = (int)v;
            i++;
        } else if (strcmp(a, "--jobs") == 0) {
            if (!cli_parse_long(next, 1, MAX_JOBS, &v))
                return fail("--jobs needs a number from 1 to 64%s", "");
            c.jobs = (int)v;
            i++;
        } else if (strcmp(a, "--seed") == 0) {
            if (!cli_parse_long(next, 0, 0x7fffffffffffffffL, &v))
                return fail("--seed needs a whole number%s", "");
            c.seed = (uint64_t)v;
            i++;
        } else if (strcmp(a, "--think") == 0) {
            char *end;
            think = next ? strtod(next, &end) : 0;
            if (!next || *end || !(think > 0) || think > 3600)
                return fail("--think needs a number of seconds (more than 0, at most 3600)%s", "");
            i++;
        } else if (strcmp(a, "--threads") == 0) {
            /* N: both players; N,M: the first player N threads, the second M */
            char *end = NULL;
            long t0 = next ? strtol(next, &end, 10) : 0, t1 = t0;
            if (end && *end == ',' && end > next)
                t1 = strtol(end + 1, &end, 10);
            if (!next || !end || end == next || *end || t0 < 1 || t0 > GB_SEARCH_MAX_THREADS || t1 < 1 ||
                t1 > GB_SEARCH_MAX_THREADS)
                return fail("--threads needs N or N,M: whole numbers from 1 to 64%s", "");
            threads[0] = (int)t0, threads[1] = (int)t1;
            i++;
        } else if (strcmp(a, "--tables") == 0) {
            gb_tables *tb;
            gb_error terr = {0};
            if (!next || !*next)
                return fail("--tables needs a folder (gabata tables build)%s", "");
            if (c.tables)
                return fail("--tables given twice%s", "");
            if (gb_tables_open(&tb, next, 0, &terr) != GB_OK)
                return fail("%s", terr.msg);
            c.tables = tb; /* kept to the end of the program (worker processes share the mapping) */
            snprintf(c.tables_dir, sizeof c.tables_dir, "%s", next);
            i++;
        } else if (strcmp(a, "--sprt") == 0) {
            char tail;
            if (!next || sscanf(next, "%lf,%lf%c", &c.elo0, &c.elo1, &tail) != 2 || !(c.elo1 > c.elo0) ||
                !(c.elo0 >= -1000) || !(c.elo1 <= 1000))
                return fail("--sprt needs ELO0,ELO1 with -1000 <= ELO0 < ELO1 <= 1000, e.g. 0,20%s", "");
            c.sprt = true;
            i++;
        } else if (strcmp(a, "--csv") == 0 || strcmp(a, "--json") == 0) {
            if (!next)
                return fail("%s needs a file name", a);
            if (a[2] == 'c')
                csv = next;
            else
                json = next;
            i++;
        } else if (strchr(a, '=') && a[0] != '-') {
            size_t used = strlen(c.opts);
            snprintf(c.opts + used, sizeof c.opts - used, "%s%s", used ? " " : "", a);
        } else if (a[0] != '-' && nplayers < 2) {
            if (player_parse(a, &c.p[nplayers]) != 0 || c.p[nplayers].kind == PLAYER_HUMAN)
                return fail("unknown player '%s' (random, ai:1 ... ai:8, mcts; ai:8@0.1 sets a time)", a);
            snprintf(c.name[nplayers], sizeof c.name[nplayers], "%s", a);
            nplayers++;
        } else {
            return fail("unexpected argument '%s' (see gabata match --help)", a);
        }
    }
    if (nplayers != 2 || !c.variant[0] || !c.games) {
        cli_help(stderr, match_help);
        return fail("needs two players, --variant and --games%s", "");
    }
    if (csv && json)
        return fail("give --csv or --json, not both%s", "");
    gb_game *probe;
    gb_error err;
    if (gb_game_new(&probe, c.variant, c.opts, 1, &err) != GB_OK)
        return fail("%s", err.msg);
    gb_game_free(probe);
    for (int k = 0; k < 2; k++) {
        c.p[k].threads = threads[k];
        if (think > 0 && c.p[k].think == 0 && (c.p[k].kind == PLAYER_MCTS || (c.p[k].kind == PLAYER_AI && c.p[k].level >= 6)))
            c.p[k].think = think;
    }
    match_game *games = calloc((size_t)c.games, sizeof *games);
    if (!games)
        return fail("out of memory%s", "");
    char d0[64], d1[64];
    printf("match %s%s%s: %s [%s] against %s [%s], %d games (%d openings of %d plies, each from both sides), seed %llu\n",
           c.variant, c.opts[0] ? " " : "", c.opts, c.name[0], player_describe(&c.p[0], d0, sizeof d0), c.name[1],
           player_describe(&c.p[1], d1, sizeof d1), c.games, c.games / 2, c.openings, (unsigned long long)c.seed);
    if (c.tables)
        printf("  endgame tables: %s (%d stones or fewer on the board), probed by both players\n", c.tables_dir,
               gb_tables_stones(c.tables));
    fflush(stdout);
    bool sprt_stop;
    double llr;
    cli_catch_stops(on_match_stop); /* (poll returns EINTR) */
    int failed = run_games(&c, games, &sprt_stop, &llr);
    cli_catch_stops(NULL);
    const int stopped = match_stop;
    if (failed < 0) {
        free(games);
        return fail("could not start the worker processes: %s", strerror(errno));
    }
    int *results = malloc(sizeof *results * (size_t)c.games);
    if (!results) {
        free(games);
        return fail("out of memory%s", "");
    }
    for (int i = 0; i < c.games; i++)
        results[i] = games[i].result;
    match_tally t;
    match_tally_count(&t, results, c.games);
    free(results);
    double s, se;
    match_tally_score(&t, &s, &se);
    char elo[96];
    elo_line(elo, sizeof elo, &t);
    printf("\n  %-16s %6s %6s %6s %8s\n", "player", "wins", "draws", "losses", "score");
    printf("  %-16s %6d %6d %6d %7.1f%%\n", c.name[0], t.w, t.d, t.l, 100.0 * s);
    printf("  %-16s %6d %6d %6d %7.1f%%\n", c.name[1], t.l, t.d, t.w, t.n ? 100.0 * (1 - s) : 0.0);
    printf("  games played %d%s\n", t.n, failed ? " (some failed: see the CSV/JSON)" : "");
    if (stopped)
        fprintf(stderr, "gabata match: stopped (%s) after %d of %d games: the figures are of those\n",
                cli_stop_name(stopped), t.n, c.games);
    if (t.pairs) /* the unit of the figures below: an opening played from both sides */
        printf("  pairs %d, by %s's points a pair: 0: %d, 1/2: %d, 1: %d, 3/2: %d, 2: %d\n", t.pairs, c.name[0],
               t.pent[0], t.pent[1], t.pent[2], t.pent[3], t.pent[4]);
    if (t.pairs * 2 < t.n)
        printf("  %d game(s) of pairs left half played (a game failed) count in the table above, not in the Elo\n",
               t.n - 2 * t.pairs);
    printf("  Elo difference (%s minus %s): %s\n", c.name[0], c.name[1], elo);
    if (c.sprt) /* of the pairs reported (with --jobs, pairs under way when it decided are in) */
        llr = match_sprt_llr(&t, c.elo0, c.elo1);
    if (c.sprt)
        printf("  SPRT [%g, %g]: LLR %.2f (bounds -2.94, 2.94): %s\n", c.elo0, c.elo1, llr,
               !sprt_stop ? "undecided" : llr > 0 ? "H1 accepted (stopped early)" : "H0 accepted (stopped early)");
    int rc = 0;
    if (csv && write_csv(csv, &c, games) != 0) {
        fprintf(stderr, "gabata match: cannot write %s: %s\n", csv, strerror(errno));
        rc = 1;
    }
    if (json && write_json(json, &c, games, &t, sprt_stop, llr) != 0) {
        fprintf(stderr, "gabata match: cannot write %s\n", json);
        rc = 1;
    }
    free(games);
    if (failed)
        fprintf(stderr, "gabata match: %d game(s) failed\n", failed);
    return rc ? rc : failed ? 1 : stopped ? 3 : 0;
}
