/* solve.c — `gabata solve`: the exact value of a position and every best move, or "unknown"
 * with what was reached, never a guess (issue 23 §2; docs/solved.md). An alpha-beta search that
 * scores every end by its final margin, deepened until no line meets its horizon (every line
 * ends within the depth or in the endgame tables): its value is then the exact margin. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char solve_help[] =
    "usage: gabata solve VARIANT POSITION|--moves \"MOVES\" [--max-time S] [--tables DIR]\n"
    "The exact value of the position (the final margin under best play) and every move that\n"
    "keeps it, or 'unknown' when no proof was found within the time (default 60 s).\n"
    "POSITION is a position string (docs/notation.md), or --moves plays MOVES from the start\n"
    "(VARIANT may carry options: sadeqa:seeds=4). --tables DIR probes endgame tables\n"
    "(gabata tables build). Sadeqa III, Bulto and L'ab al-Akil with rounds=1 (games of one\n"
    "round). Progress on standard error when it is a terminal.\n";

typedef struct solve_ctx {
    bool tty;
    const char *what;
} solve_ctx;

static void progress(const gb_search_result *r, void *user)
{
    const solve_ctx *c = user;
    if (c->tty)
        fprintf(stderr, "\r%s: depth %d, %lld positions, %.1f s   ", c->what, r->depth, r->nodes, r->seconds);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int cmd_solve(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(solve_help, stdout);
            return 0;
        }
    const char *variant = NULL, *moves = NULL, *tdir = NULL;
    char pos[1024] = "";
    double max_time = 60;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if ((strcmp(a, "--moves") == 0 || strcmp(a, "--tables") == 0 || strcmp(a, "--max-time") == 0) &&
            i + 1 >= argc) {
            fprintf(stderr, "gabata solve: %s needs a value (%s)\n", a,
                    a[2] == 'm' && a[3] == 'o' ? "the moves from the start, e.g. \"A c\""
                    : a[2] == 't'              ? "a folder of endgame tables"
                                               : "seconds, more than 0, at most 1000000");
            return 2;
        }
        if (strcmp(a, "--moves") == 0 && i + 1 < argc) {
            moves = argv[++i];
        } else if (strcmp(a, "--tables") == 0 && i + 1 < argc) {
            tdir = argv[++i];
        } else if (strcmp(a, "--max-time") == 0 && i + 1 < argc) {
            char *end;
            max_time = strtod(argv[++i], &end);
            if (*end || end == argv[i] || !(max_time > 0 && max_time <= 1e6)) {
                fprintf(stderr, "gabata solve: --max-time takes seconds, more than 0, at most 1000000, not '%s'\n",
                        argv[i]);
                return 2;
            }
        } else if (a[0] == '-' && a[1] == '-') {
            fprintf(stderr, "gabata solve: unknown option '%s' (--moves, --max-time, --tables)\n", a);
            return 2;
        } else if (!variant) {
            variant = a;
        } else {
            /* the words of the position; one that does not fit is refused, not cut */
            size_t used = strlen(pos);
            if (used + 1 + strlen(a) >= sizeof pos) {
                fprintf(stderr, "gabata solve: the position is longer than %zu bytes\n", sizeof pos - 1);
                return 2;
            }
            snprintf(pos + used, sizeof pos - used, "%s%s", used ? " " : "", a);
        }
    }
    if (!variant || (!moves && !pos[0]) || (moves && pos[0])) {
        fputs(solve_help, stderr);
        if (variant) /* the one thing wrong, named last (as match and stats do) */
            fprintf(stderr, "gabata solve: %s\n", moves ? "give a POSITION or --moves, not both"
                                                         : "give the position to solve: a POSITION string or --moves \"MOVES\"");
        return 2;
    }
    gb_error err = {0};
    gb_game *g = NULL;
    if (moves) {
        /* VARIANT[:options] and the moves, copied whole: fixed buffers cut 'sadeqa:...' at 63
         * bytes (an option's value lost its last digits) and the moves at 4,095 */
        char *name = strdup(variant), *buf = strdup(moves), *opts;
        if (!name || !buf) {
            free(name);
            free(buf);
            fprintf(stderr, "gabata solve: out of memory\n");
            return 2;
        }
        opts = strchr(name, ':');
        if (opts)
            *opts++ = 0;
        if (gb_game_new(&g, name, opts, 1, &err) != GB_OK) {
            fprintf(stderr, "gabata solve: %s\n", err.msg);
            free(name);
            free(buf);
            return 2;
        }
        free(name);
        for (char *m = strtok(buf, " \t,"); m; m = strtok(NULL, " \t,"))
            if (gb_play_text(g, m, &err) != GB_OK) {
                fprintf(stderr, "gabata solve: move '%s': %s\n", m, err.msg);
                gb_game_free(g);
                free(buf);
                return 2;
            }
        free(buf);
    } else {
        /* the position string names its variant: VARIANT must be it */
        char full[1100];
        snprintf(full, sizeof full, "%s %s", variant, pos);
        if (gb_game_from_position(&g, strncmp(pos, variant, strlen(variant)) == 0 ? pos : full, 1, &err) != GB_OK) {
            fprintf(stderr, "gabata solve: %s\n", err.msg);
            return 2;
        }
    }
    const char *vn = gb_game_variant(g);
    char rounds[16] = "";
    /* L'ab al-Akil with rounds=1 is one round, decided by seeds (A13) */
    const bool one_round = strcmp(vn, "akil") == 0 && gb_option_value(g, "rounds", rounds, sizeof rounds) >= 0 &&
                           strcmp(rounds, "1") == 0;
    if (strcmp(vn, "sadeqa") != 0 && strcmp(vn, "bulto") != 0 && !one_round) {
        fprintf(stderr, "gabata solve: %s is a match of rounds, whose value the search does not prove (sadeqa, bulto, "
                        "akil with rounds=1)\n", vn);
        gb_game_free(g);
        return 2;
    }
    if (gb_is_over(g)) {
        fprintf(stderr, "gabata solve: the game is over\n");
        gb_game_free(g);
        return 2;
    }
    gb_tables *t = NULL;
    if (tdir && gb_tables_open(&t, tdir, 0, &err) != GB_OK) {
        fprintf(stderr, "gabata solve: %s\n", err.msg);
        gb_game_free(g);
        return 2;
    }
    gb_search_opts so;
    memset(&so, 0, sizeof so);
    so.tt_mb = 256;
    gb_searcher *s = gb_searcher_new(&so);
    solve_ctx c = {isatty(2) != 0, "position"};
    const double t0 = now();
    int margin = 0, depth = 0;
    const char *side = gb_to_move(g) == GB_SOUTH ? "South" : "North";
    int rc = 0;
    char vb[48];
    if (!s) {
        fprintf(stderr, "gabata solve: out of memory\n");
        rc = 1;
    } else if (!cli_prove(s, g, NULL, t, max_time, progress, &c, &margin, &depth)) {
        int lo = gb_store(g, gb_to_move(g)) - gb_store(g, !gb_to_move(g));
        int on = 0;
        for (int i = 0; i < 2 * gb_game_rows(g); i++)
            on += gb_hole_count(g, i);
        if (c.tty)
            fprintf(stderr, "\r%72s\r", "");
        /* the time ran out, or the search reached its deepest (GB_SEARCH_MAX_DEPTH) sooner: then
         * saying "within S s" would send the user to a longer --max-time that cannot help */
        if (depth >= GB_SEARCH_MAX_DEPTH)
            printf("unknown: no proof within %d plies, the search's deepest (%.1f s); ", depth, now() - t0);
        else
            printf("unknown: no proof within %g s (searched to depth %d); ", max_time, depth);
        printf("%s's margin lies between %d and %d (the stones still in play)\n", side, lo - on, lo + on);
        rc = 3;
    } else {
        printf("value: %s (to move) %s (exact, depth %d, %.1f s)\n", side, cli_margin_words(margin, "draws", vb, sizeof vb), depth,
               now() - t0);
        /* every move that keeps the value: each move proven on its own */
        gb_move m[GB_MAX_MOVES];
        int n = gb_legal_moves(g, m, GB_MAX_MOVES), nbest = 0, nunknown = 0, ndeep = 0;
        char best[GB_MAX_MOVES * (GB_MOVE_TEXT_MAX + 2)] = "";
        printf("moves:");
        for (int i = 0; i < n; i++) {
            char mt[GB_MOVE_TEXT_MAX];
            gb_move_format(g, &m[i], mt, sizeof mt);
            c.what = mt;
            double left = max_time - (now() - t0);
            int mm = 0, md = 0;
            if (left > 0 && cli_prove(s, g, &m[i], t, left, progress, &c, &mm, &md)) {
                printf(" %s %s%s;", mt, cli_margin_words(mm, "draws", vb, sizeof vb), mm == margin ? " (best)" : "");
                if (mm == margin) {
                    size_t used = strlen(best);
                    snprintf(best + used, sizeof best - used, "%s%s", nbest++ ? ", " : "", mt);
                }
            } else {
                printf(" %s unknown;", mt);
                nunknown++;
                if (left > 0 && md >= GB_SEARCH_MAX_DEPTH)
                    ndeep++; /* not the time: the search's deepest was reached */
            }
        }
        if (c.tty)
            fprintf(stderr, "\r%72s\r", ""); /* the progress line, cleared */
        printf("\n");
        /* every move that keeps the exact value (a move left unknown by the time may be one too) */
        char within[64] = "within the time";
        if (ndeep == nunknown)
            snprintf(within, sizeof within, "within %d plies, the search's deepest", GB_SEARCH_MAX_DEPTH);
        char none[80];
        snprintf(none, sizeof none, "none proven %s", within);
        printf("best: %s (%s %s)%s%s\n", nbest ? best : none, nbest == 1 ? "it" : "each",
               cli_margin_words(margin, "draws", vb, sizeof vb), nunknown ? "; some moves unknown " : "",
               nunknown ? within : "");
    }
    gb_searcher_free(s);
    gb_tables_close(t);
    gb_game_free(g);
    return rc;
}
