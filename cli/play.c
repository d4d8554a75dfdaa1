/* play.c — `gabata play`: a game in the terminal, against the computer or another person. */
#include "cli.h"
#include "gabata.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef GABATA_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

static const char play_help[] =
    "usage: gabata play VARIANT [--south P] [--north P] [--think SECONDS] [--seed N]\n"
    "                   [--position STRING] [key=value ...]\n"
    "Plays a game in the terminal. P is human, random, ai or ai:1 ... ai:8, or mcts (default:\n"
    "South human, North ai, which is ai:4). The ai levels search with alpha-beta: 1 is for\n"
    "beginners, 8 the strongest (docs/ai.md); mcts is Monte Carlo tree search. --think sets the\n"
    "computer players' time a move (ai:8@2 sets one player's).\n"
    "Options are the game's own (gabata variants lists them), e.g. seeds=4 for Sadeqa III.\n"
    "In the game: a hole's label sows from it; moves, hint, undo, redo, board, rules, save FILE,\n"
    "load FILE, help, quit.\n"
    "Moves read from standard input when it is not a terminal, so a game can be scripted: each\n"
    "line read is echoed after its prompt, and the game ends at the end of the input.\n";

static void print_in_game_help(const gb_game *g)
{
    int n = gb_game_rows(g);
    printf("  %c..%c, %c..%c   sow from that hole (South's row %c-%c, North's %c-%c, each from its owner's left)\n"
           "  other moves  as the game has them: C~1 (Bulto: refuse a bulto), pass, feed:C, keep, turn,\n"
           "               layout:N,N,... or just 12 numbers (L'ab al-Akil; 'suggest' shows a near-even one,\n"
           "               'take' lays it); 'moves' lists the legal ones\n"
           "  moves        list the legal moves\n"
           "  hint         the computer's suggestion\n"
           "  undo         take back your last move (and the computer's reply)\n"
           "  redo         play again what undo took back\n"
           "  board        draw the board again\n"
           "  rules        the rules of this game and the options in force\n"
           "  save FILE    save the game record (replay it with gabata replay FILE)\n"
           "  load FILE    continue a saved game from its record\n"
           "  help         this list\n"
           "  quit         leave the game\n",
           'A', 'A' + n - 1, 'a', 'a' + n - 1, 'A', 'A' + n - 1, 'a', 'a' + n - 1);
}

static char *read_line(const char *prompt, bool tty)
{
#ifdef GABATA_HAVE_LIBEDIT
    if (tty) {
        char *l = readline(prompt);
        if (l && *l)
            add_history(l);
        return l;
    }
#endif
    if (tty) {
        fputs(prompt, stdout);
        fflush(stdout);
    }
    size_t cap = 0;
    char *line = NULL;
    ssize_t n = getline(&line, &cap, stdin);
    if (n < 0) {
        free(line);
        return NULL;
    }
    return line;
}

static void trim(char *s)
{
    size_t len = strlen(s);
    while (len && (s[len - 1] == '\n' || s[len - 1] == '\r' || s[len - 1] == ' ' || s[len - 1] == '\t'))
        s[--len] = 0;
    size_t lead = strspn(s, " \t");
    memmove(s, s + lead, strlen(s + lead) + 1);
}

static bool legal_text(const gb_game *g, const char *text)
{
    gb_move moves[GB_MAX_MOVES];
    int n = gb_legal_moves(g, moves, GB_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        char t[96];
        gb_move_format(g, &moves[i], t, sizeof t);
        if (strcmp(t, text) == 0)
            return true;
    }
    return false;
}

/* A person's move: move text, or twelve numbers for a layout (RULINGS A2); at a terminal, a
 * plain hole label that offers bulto asks at each offer whether to take it (RULINGS B5). */
static int parse_human_move(const gb_game *g, const char *line, bool tty, gb_move *m, gb_error *err)
{
    if (strcmp(gb_phase(g), "layout") == 0 && strncmp(line, "layout:", 7) != 0) {
        char text[128] = "layout:";
        int count = 0;
        for (const char *p = line; *p;) {
            while (*p == ' ' || *p == ',' || *p == '\t')
                p++;
            if (!*p)
                break;
            size_t len = strspn(p, "0123456789");
            if (len == 0 || len > 3) {
                snprintf(err->msg, sizeof err->msg, "a layout is 12 whole numbers, one for each pit A-F then a-f (or 'suggest')");
                err->code = GB_EINVAL;
                return GB_EINVAL;
            }
            size_t used = strlen(text);
            snprintf(text + used, sizeof text - used, "%s%.*s", count ? "," : "", (int)len, p);
            count++;
            p += len;
        }
        if (count != 12) {
            snprintf(err->msg, sizeof err->msg, "a layout is 12 numbers (pits A-F then a-f), %d given", count);
            err->code = GB_EINVAL;
            return GB_EINVAL;
        }
        return gb_move_parse(g, text, m, err);
    }
    int rc = gb_move_parse(g, line, m, err);
    if (rc != GB_OK || !tty || m->kind != GB_MOVE_SOW || m->refusals)
        return rc;
    /* offers k+1 exists exactly when LABEL~(k+1) is legal; LABEL~k takes offer k+1 */
    char label[4];
    gb_move_format(g, m, label, sizeof label);
    int k = 0;
    for (;;) {
        char next[16];
        snprintf(next, sizeof next, "%s~%d", label, k + 1);
        if (!legal_text(g, next))
            break;
        gb_game *c = gb_game_clone(g);
        gb_move probe = *m;
        probe.refusals = (uint16_t)k;
        int where = -1;
        if (c && gb_play(c, &probe, NULL) == GB_OK && gb_last_trace(c)) {
            const gb_trace *t = gb_last_trace(c);
            for (int i = 0; i < t->events; i++)
                if (t->lap[i].event == GB_EV_BULTO)
                    where = t->lap[i].to;
        }
        gb_game_free(c);
        char q[96], hole[2] = {0, 0};
        if (where >= 0)
            hole[0] = (char)(where < gb_game_rows(g) ? 'A' + where : 'a' + where - gb_game_rows(g));
        snprintf(q, sizeof q, "  make a bulto %s%s? [y/n] ", where >= 0 ? "at " : "here", hole);
        char *ans = read_line(q, tty);
        bool yes = !ans || ans[0] != 'n';
        free(ans);
        if (yes)
            break;
        k++;
    }
    m->refusals = (uint16_t)k;
    return GB_OK;
}

static void list_moves(const gb_game *g)
{
    gb_move moves[GB_MAX_MOVES];
    int n = gb_legal_moves(g, moves, GB_MAX_MOVES);
    printf("  legal moves:");
    for (int i = 0; i < n; i++) {
        char mv[96];
        gb_move_format(g, &moves[i], mv, sizeof mv);
        printf(" %s", mv);
    }
    printf("%s\n", n ? "" : " none");
}

static void save_record(const gb_game *g, const char *path, const player *south, const player *north)
{
    char date[16];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y.%m.%d", gmtime(&now));
    char sn[64], nn[64];
    const char *tags[] = {"South", player_describe(south, sn, sizeof sn), "North",
                          player_describe(north, nn, sizeof nn), "Date", date, NULL};
    char *rec = gb_record_format(g, tags);
    if (!rec) {
        printf("  could not save: out of memory\n");
        return;
    }
    if (save_file_atomic(path, rec) != 0)
        printf("  could not save to %s: %s\n", path, strerror(errno));
    else
        printf("  saved to %s\n", path);
    free(rec);
}

typedef struct redo_stack {
    gb_move *moves;
    int len, cap;
} redo_stack;

static void redo_push(redo_stack *r, const gb_move *m)
{
    if (r->len == r->cap) {
        int cap = r->cap ? r->cap * 2 : 32;
        gb_move *nm = realloc(r->moves, (size_t)cap * sizeof *nm);
        if (!nm)
            return; /* out of memory: that move simply cannot be redone */
        r->moves = nm;
        r->cap = cap;
    }
    r->moves[r->len++] = *m;
}

/* The computer's suggestion, from a copy of the random source so that asking changes nothing. */
static void show_hint(const gb_game *g, uint64_t rng)
{
    if (gb_is_over(g)) {
        printf("  the game is over\n");
        return;
    }
    player ai = {PLAYER_AI, 4, 0};
    gb_move m;
    char mv[96], who[64];
    if (player_choose(&ai, g, &rng, &m) != 0) {
        printf("  no move to suggest\n");
        return;
    }
    gb_move_format(g, &m, mv, sizeof mv);
    printf("  hint: %s (the choice of %s)\n", mv, player_describe(&ai, who, sizeof who));
}

/* A saved record, replayed; NULL (with the reason printed) when it cannot be read or replayed. */
static gb_game *load_record(const char *path)
{
    char *text = read_file_all(path);
    if (!text) {
        printf("  cannot read %s: %s\n", path, strerror(errno));
        return NULL;
    }
    gb_game *g = NULL;
    gb_error err;
    if (gb_record_parse(&g, text, &err) != GB_OK) {
        printf("  cannot load %s: %s\n", path, err.msg);
        g = NULL;
    }
    free(text);
    return g;
}

int cmd_play(int argc, char **argv)
{
    const char *variant = NULL, *position = NULL;
    player kinds[2] = {{PLAYER_HUMAN, 0, 0}, {PLAYER_AI, 4, 0}};
    uint64_t seed = (uint64_t)time(NULL);
    double think = 0;
    char opts[1024] = "";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(play_help, stdout);
            return 0;
        } else if (strcmp(a, "--south") == 0 || strcmp(a, "--north") == 0) {
            if (i + 1 >= argc || player_parse(argv[i + 1], &kinds[a[2] == 'n']) != 0) {
                fprintf(stderr, "gabata: %s needs human, random, ai, ai:1 ... ai:8 or mcts\n", a);
                return 2;
            }
            i++;
        } else if (strcmp(a, "--think") == 0) {
            char *end;
            errno = 0;
            if (i + 1 >= argc || (think = strtod(argv[i + 1], &end), *end || errno || !(think > 0) || think > 3600)) {
                fprintf(stderr, "gabata: --think needs a number of seconds (more than 0, at most 3600)\n");
                return 2;
            }
            i++;
        } else if (strcmp(a, "--seed") == 0) {
            char *end;
            errno = 0;
            if (i + 1 >= argc || (seed = strtoull(argv[i + 1], &end, 10), *end || errno || !*argv[i + 1])) {
                fprintf(stderr, "gabata: --seed needs a whole number\n");
                return 2;
            }
            i++;
        } else if (strcmp(a, "--position") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "gabata: --position needs a position string\n");
                return 2;
            }
            position = argv[++i];
        } else if (strchr(a, '=') && a[0] != '-') {
            size_t used = strlen(opts);
            snprintf(opts + used, sizeof opts - used, "%s%s", used ? " " : "", a);
        } else if (!variant && a[0] != '-') {
            variant = a;
        } else {
            fprintf(stderr, "gabata: unexpected argument '%s' (see gabata play --help)\n", a);
            return 2;
        }
    }
    if (!variant && !position) {
        fputs(play_help, stderr);
        return 2;
    }
    for (int k = 0; k < 2; k++)
        if (think > 0 && kinds[k].think == 0 && (kinds[k].kind == PLAYER_AI || kinds[k].kind == PLAYER_MCTS))
            kinds[k].think = think;
    gb_game *g;
    gb_error err;
    int rc = position ? gb_game_from_position(&g, position, seed, &err) : gb_game_new(&g, variant, opts, seed, &err);
    if (rc) {
        fprintf(stderr, "gabata: %s\n", err.msg);
        return 2;
    }
    bool tty = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    bool color = isatty(STDOUT_FILENO) && getenv("NO_COLOR") == NULL;
    uint64_t rng = seed ^ 0x5deece66dull;
    char d0[64], d1[64];
    printf("%s — South: %s, North: %s (seed %llu). Type 'help' for commands, 'rules' for the rules.\n",
           gb_variant_title(gb_game_variant(g)), player_describe(&kinds[0], d0, sizeof d0),
           player_describe(&kinds[1], d1, sizeof d1), (unsigned long long)seed);
    draw_board(stdout, g, color);
    int status = 0;
    redo_stack redo = {0};
    gb_searcher *kept[2] = {NULL, NULL}; /* each computer player's, across the game's moves */
    bool summarised = false;
    for (;;) {
        if (gb_is_over(g)) {
            if (!summarised)
                draw_summary(stdout, g);
            summarised = true;
            if (!tty)
                break; /* scripted: the game ends here */
        } else {
            summarised = false;
        }
        int side = gb_to_move(g);
        int round_before = gb_round(g);
        gb_move m;
        if (side >= 0 && kinds[side].kind != PLAYER_HUMAN) {
            if (player_choose_kept(&kinds[side], g, &rng, &kept[side], &m) != 0 || gb_play(g, &m, &err) != GB_OK) {
                printf("  the computer found no move\n");
                status = 1;
                break;
            }
            redo.len = 0;
            draw_trace(stdout, g, &m, side);
            draw_round_summary(stdout, g, round_before);
            draw_board(stdout, g, color);
            continue;
        }
        char prompt[64];
        snprintf(prompt, sizeof prompt, "%s> ", side >= 0 ? side_name(side) : "game over");
        char *line = read_line(prompt, tty);
        if (!line) {
            printf("\n");
            break;
        }
        trim(line);
        if (!*line || line[0] == '#') {
            free(line);
            continue;
        }
        if (!tty)
            printf("%s%s\n", prompt, line);
        if (strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0) {
            free(line);
            break;
        } else if (strcmp(line, "help") == 0) {
            print_in_game_help(g);
        } else if (strcmp(line, "moves") == 0) {
            list_moves(g);
        } else if (strcmp(line, "board") == 0) {
            draw_board(stdout, g, color);
        } else if (strcmp(line, "rules") == 0) {
            print_rules(stdout, g);
        } else if (strcmp(line, "hint") == 0) {
            show_hint(g, rng);
        } else if (strcmp(line, "undo") == 0) {
            /* take back moves until it is a human's turn again with at least one move undone */
            int undone = 0;
            while (gb_history_length(g) > 0) {
                gb_move last = *gb_history_move(g, gb_history_length(g) - 1);
                if (gb_undo(g, NULL) != GB_OK)
                    break;
                redo_push(&redo, &last);
                undone++;
                if (kinds[gb_to_move(g)].kind == PLAYER_HUMAN)
                    break;
            }
            if (!undone)
                printf("  nothing to undo\n");
            else
                printf("  took back %d move%s\n", undone, undone == 1 ? "" : "s");
            draw_board(stdout, g, color);
        } else if (strcmp(line, "redo") == 0) {
            /* play again what undo took back, up to the next turn of a person */
            int redone = 0;
            while (redo.len > 0 && !gb_is_over(g)) {
                gb_move rm = redo.moves[redo.len - 1];
                int mover = gb_to_move(g);
                if (gb_play(g, &rm, &err) != GB_OK) {
                    printf("  cannot redo: %s\n", err.msg);
                    redo.len = 0;
                    break;
                }
                redo.len--;
                redone++;
                draw_trace(stdout, g, &rm, mover);
                if (gb_is_over(g) || kinds[gb_to_move(g)].kind == PLAYER_HUMAN)
                    break;
            }
            if (!redone)
                printf("  nothing to redo\n");
            draw_board(stdout, g, color);
        } else if (strncmp(line, "save", 4) == 0 && (line[4] == ' ' || line[4] == 0)) {
            char *path = line + 4;
            trim(path);
            if (!*path)
                printf("  usage: save FILE\n");
            else
                save_record(g, path, &kinds[0], &kinds[1]);
        } else if (strncmp(line, "load", 4) == 0 && (line[4] == ' ' || line[4] == 0)) {
            char *path = line + 4;
            trim(path);
            gb_game *ng = NULL;
            if (!*path) {
                printf("  usage: load FILE\n");
            } else if ((ng = load_record(path)) != NULL) {
                gb_game_free(g);
                g = ng;
                redo.len = 0;
                gb_searcher_clear(kept[0]); /* another game */
                gb_searcher_clear(kept[1]);
                printf("  loaded %s: %s, %d moves\n", path, gb_variant_title(gb_game_variant(g)),
                       gb_history_length(g));
                draw_board(stdout, g, color);
            }
        } else if (gb_is_over(g)) {
            printf("  the game is over: undo, save FILE, load FILE, rules or quit\n");
        } else if (strcmp(line, "suggest") == 0 || strcmp(line, "take") == 0) {
            /* L'ab al-Akil's tebweez (A2): a near-even layout, shown or played */
            gb_move lay;
            if (gb_suggest_move(g, &rng, &lay) != GB_OK) {
                printf("  there is no layout to suggest now\n");
            } else if (line[0] == 's') {
                char t[96];
                gb_move_format(g, &lay, t, sizeof t);
                printf("  a near-even layout: %s\n  (type 'take' to lay one like it, or type your own 12 numbers)\n", t);
            } else if (gb_play(g, &lay, &err) != GB_OK) {
                printf("  %s\n", err.msg);
            } else {
                redo.len = 0;
                draw_trace(stdout, g, &lay, side);
                draw_board(stdout, g, color);
            }
        } else if (parse_human_move(g, line, tty, &m, &err) != GB_OK || gb_play(g, &m, &err) != GB_OK) {
            printf("  %s\n", err.msg);
            if (err.code == GB_EINVAL)
                printf("  (type 'help' for commands, 'moves' for the legal moves)\n");
        } else {
            redo.len = 0;
            draw_trace(stdout, g, &m, side);
            draw_round_summary(stdout, g, round_before);
            draw_board(stdout, g, color);
        }
        free(line);
    }
    free(redo.moves);
    gb_searcher_free(kept[0]);
    gb_searcher_free(kept[1]);
    gb_game_free(g);
    return status;
}
