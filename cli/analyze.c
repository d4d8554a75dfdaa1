/* analyze.c — `gabata analyze FILE`: the engine's value of every position of a game record, and
 * the better move where the played one was worse, marking mistakes (?) and blunders (?\?). */
#include "ai_cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool same_move(const gb_move *a, const gb_move *b)
{
    return a->kind == b->kind && a->hole == b->hole && a->refusals == b->refusals &&
           (a->kind != GB_MOVE_LAYOUT || memcmp(a->layout, b->layout, sizeof a->layout) == 0);
}

/* A fresh game at the record's start (as `gabata replay` builds it). */
static int record_start(const char *text, const gb_game *full, gb_game **out, gb_error *err)
{
    char *position = gb_record_tag(text, "Position");
    char *opts = gb_record_tag(text, "Options");
    char *seed_s = gb_record_tag(text, "Seed");
    uint64_t seed = seed_s ? strtoull(seed_s, NULL, 10) : 0;
    int rc = position ? gb_game_from_position(out, position, seed, err)
                      : gb_game_new(out, gb_game_variant(full), opts, seed, err);
    free(position);
    free(opts);
    free(seed_s);
    return rc;
}

static const gb_tables *analyze_tables;
void analyze_set_tables(const gb_tables *t) { analyze_tables = t; }

static int search_value(gb_searcher *s, const gb_game *g, const gb_budget *b, const gb_move *only,
                        gb_search_result *res, gb_error *err)
{
    gb_search_opts o;
    memset(&o, 0, sizeof o);
    o.budget = *b;
    o.tables = analyze_tables;
    o.seed = 1;
    if (only) {
        o.searchmoves = only;
        o.nsearchmoves = 1;
    }
    return gb_search(s, g, &o, res, err);
}

int analyze_record(const char *text, const gb_budget *budget, analysis_entry *out, int max,
                   void (*progress)(int i, int n, void *user), void *user, gb_error *err)
{
    gb_game *full, *g;
    int rc = gb_record_parse(&full, text, err);
    if (rc)
        return rc;
    if ((rc = record_start(text, full, &g, err)) != GB_OK) {
        gb_game_free(full);
        return rc;
    }
    gb_search_opts so;
    memset(&so, 0, sizeof so);
    so.tt_mb = 16;
    gb_searcher *s = gb_searcher_new(&so);
    if (!s) {
        gb_game_free(full);
        gb_game_free(g);
        if (err) {
            err->code = GB_ENOMEM;
            snprintf(err->msg, sizeof err->msg, "out of memory");
        }
        return GB_ENOMEM;
    }
    int n = gb_history_length(full), count = 0;
    for (int i = 0; i < n && count < max; i++) {
        gb_move played = *gb_history_move(full, i);
        analysis_entry *e = &out[count++];
        memset(e, 0, sizeof *e);
        e->mover = gb_to_move(g);
        e->played = played;
        e->best = played;
        if (progress)
            progress(i, n, user);
        gb_move listed[GB_MAX_MOVES];
        int nl = gb_legal_moves(g, listed, GB_MAX_MOVES);
        gb_search_result best, mine;
        if (nl > 1) {
            if ((rc = search_value(s, g, budget, NULL, &best, err)) != GB_OK)
                break;
            e->best = best.best;
            e->value = best.score;
            e->value_played = best.score;
            e->analysed = true;
            e->exact = e->exact_played = best.exact == 2;
            e->margin = e->margin_played = best.margin;
            if (!same_move(&best.best, &played)) {
                gb_move only = played;
                only.chance = 0;
                if ((rc = search_value(s, g, budget, &only, &mine, err)) != GB_OK)
                    break;
                e->value_played = mine.score;
                e->exact_played = mine.exact == 2;
                e->margin_played = mine.margin;
                int loss = best.score - mine.score;
                int wb = gb_score_is_win(best.score), wp = gb_score_is_win(mine.score);
                if (wp < wb && (wb > 0 || wp < 0)) /* a won game thrown away, or a lost one made */
                    e->mark = 2;
                else if (loss >= ANALYZE_BLUNDER)
                    e->mark = 2;
                else if (loss >= ANALYZE_MISTAKE)
                    e->mark = 1;
                if (e->exact && e->exact_played) {
                    /* both proven: every move that changes the exact value is marked, one that
                     * changes the result (a win, a draw, a loss) or 3 stones a blunder */
                    int d = e->margin - e->margin_played;
                    int rb = (e->margin > 0) - (e->margin < 0), rp = (e->margin_played > 0) - (e->margin_played < 0);
                    e->mark = d <= 0 ? 0 : (rp < rb || d >= 3) ? 2 : 1;
                    loss = d;
                }
                if (loss <= 0) /* as good as the engine's choice at this budget */
                    e->best = played;
            }
        } else if (nl == 1) {
            e->analysed = false; /* a forced move */
        }
        gb_move m = played;
        if ((rc = gb_play(g, &m, err)) != GB_OK)
            break;
        rc = GB_OK;
    }
    gb_searcher_free(s);
    gb_game_free(full);
    gb_game_free(g);
    return rc ? rc : count;
}

static const char analyze_help[] =
    "usage: gabata analyze FILE [--depth N | --movetime MS] [--tables DIR]\n"
    "Searches every position of a game record (budget: depth 8 unless given) and prints, move by\n"
    "move, the position's value for the player to move (in stones; 'won'/'lost' for forced\n"
    "results), the move played and, where the engine prefers another, that move and what the played\n"
    "one lost. A loss of one stone or more marks a mistake (?), three or more, or a won game thrown\n"
    "away, a blunder (?\?). Progress is reported on a terminal (stderr). --tables DIR probes\n"
    "endgame tables (gabata tables build): proven values read 'wins by 6', 'draws', and every\n"
    "move that changes a proven value is marked.\n";

static void show_progress(int i, int n, void *user)
{
    (void)user;
    fprintf(stderr, "\r  analysing move %d/%d ", i + 1, n);
    fflush(stderr);
}

static void value_text(char *buf, size_t len, int v)
{
    int w = gb_score_is_win(v);
    if (w > 0)
        snprintf(buf, len, "won in %d", GB_SCORE_WIN - v);
    else if (w < 0)
        snprintf(buf, len, "lost in %d", GB_SCORE_WIN + v);
    else
        snprintf(buf, len, "%+.2f", v / 100.0);
}

int cmd_analyze(int argc, char **argv)
{
    const char *path = NULL;
    gb_budget b = {8, 0, 0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            cli_help(stdout, analyze_help);
            return 0;
        } else if (strcmp(a, "--depth") == 0 || strcmp(a, "--movetime") == 0) {
            char *end;
            errno = 0;
            long v = i + 1 < argc ? strtol(argv[i + 1], &end, 10) : 0;
            bool depth = a[2] == 'd';
            if (i + 1 >= argc || *end || errno || v < 1 || v > (depth ? GB_SEARCH_MAX_DEPTH : 3600000)) {
                fprintf(stderr, "gabata analyze: %s needs a whole number from 1 to %d\n", a,
                        depth ? GB_SEARCH_MAX_DEPTH : 3600000);
                return 2;
            }
            if (depth) {
                b.depth = (int)v;
            } else {
                b.depth = 0;
                b.movetime_ms = v;
            }
            i++;
        } else if (strcmp(a, "--tables") == 0 && i + 1 < argc) {
            gb_tables *t;
            gb_error terr = {0};
            if (gb_tables_open(&t, argv[++i], 0, &terr) != GB_OK) {
                fprintf(stderr, "gabata analyze: %s\n", terr.msg);
                return 2;
            }
            analyze_set_tables(t); /* kept to the end of the program */
        } else if (!path && a[0] != '-') {
            path = a;
        } else {
            fprintf(stderr, "gabata analyze: unexpected argument '%s' (see gabata analyze --help)\n", a);
            return 2;
        }
    }
    if (!path) {
        cli_help(stderr, analyze_help);
        return 2;
    }
    char why[512];
    char *text = read_file_text(path, why, sizeof why);
    if (!text) {
        fprintf(stderr, "gabata analyze: cannot read %s\n", why);
        return 1;
    }
    gb_game *full, *g;
    gb_error err;
    if (gb_record_parse(&full, text, &err) != GB_OK) {
        fprintf(stderr, "gabata analyze: %s: %s\n", path, err.msg);
        free(text);
        return 1;
    }
    int n = gb_history_length(full);
    analysis_entry *e = calloc((size_t)(n ? n : 1), sizeof *e);
    if (!e || record_start(text, full, &g, &err) != GB_OK) {
        fprintf(stderr, "gabata analyze: %s\n", e ? err.msg : "out of memory");
        free(e);
        free(text);
        gb_game_free(full);
        return 1;
    }
    bool tty = isatty(STDERR_FILENO);
    int got = analyze_record(text, &b, e, n, tty ? show_progress : NULL, NULL, &err);
    if (tty)
        fprintf(stderr, "\r%40s\r", "");
    free(text);
    if (got < 0) {
        fprintf(stderr, "gabata analyze: %s\n", err.msg);
        free(e);
        gb_game_free(full);
        gb_game_free(g);
        return 1;
    }
    printf("%s, %d moves; values for the player to move, in stones (%s)\n",
           gb_variant_title(gb_game_variant(full)), n,
           b.depth ? "alpha-beta to a fixed depth" : "alpha-beta by time");
    int marks[3] = {0, 0, 0};
    /* the side's column as wide as its widest name in the language, and never narrower than
     * English's 5, so the moves line up in every language */
    int side_w = 5;
    for (int s = GB_SOUTH; s <= GB_NORTH; s++)
        if (cli_columns(side_name(s)) > side_w)
            side_w = cli_columns(side_name(s));
    for (int i = 0; i < got; i++) {
        char mv[GB_MOVE_TEXT_MAX], bm[GB_MOVE_TEXT_MAX], val[32], vp[32];
        gb_move_format(g, &e[i].played, mv, sizeof mv);
        gb_move_format(g, &e[i].best, bm, sizeof bm);
        value_text(val, sizeof val, e[i].value);
        value_text(vp, sizeof vp, e[i].value_played);
        if (e[i].exact)
            cli_margin_words(e[i].margin, "draws (exact)", val, sizeof val);
        if (e[i].exact_played)
            cli_margin_words(e[i].margin_played, "draws (exact)", vp, sizeof vp);
        printf("%4d. ", i + 1);
        cli_pad(stdout, side_name(e[i].mover), side_w);
        printf(" %-10s%-3s", mv, e[i].mark == 2 ? "?\?" : e[i].mark ? "?" : "");
        if (!e[i].analysed)
            printf(" (forced or a layout)\n");
        else if (same_move(&e[i].best, &e[i].played))
            printf(" value %s\n", val);
        else
            printf(" value %s; played %s, better %s\n", val, vp, bm);
        marks[e[i].mark]++;
        gb_move m = e[i].played;
        gb_play(g, &m, NULL);
    }
    printf("mistakes (?) %d, blunders (?\?) %d\n", marks[1], marks[2]);
    free(e);
    gb_game_free(full);
    gb_game_free(g);
    return 0;
}
