/* play.c — `gabata play`: a game in the terminal, against the computer or another person. */
#include "cli.h"

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
    "Moves read from standard input when it is not a terminal, so a game can be scripted.\n";

static const char in_game_help[] =
    "  A..H, a..h   sow from that hole (yours: South A-H, North a-h)\n"
    "  moves        list the legal moves\n"
    "  undo         take back your last move (and the computer's reply)\n"
    "  board        draw the board again\n"
    "  save FILE    save the game record (replay it with gabata replay FILE)\n"
    "  help         this list\n"
    "  quit         leave the game\n";

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
    printf("%s — South: %s, North: %s (seed %llu). Type 'help' for commands.\n",
           gb_variant_title(gb_game_variant(g)), player_describe(&kinds[0], d0, sizeof d0),
           player_describe(&kinds[1], d1, sizeof d1), (unsigned long long)seed);
    draw_board(stdout, g, color);
    int status = 0;
    while (!gb_is_over(g)) {
        int side = gb_to_move(g);
        gb_move m;
        if (kinds[side].kind != PLAYER_HUMAN) {
            if (player_choose(&kinds[side], g, &rng, &m) != 0 || gb_play(g, &m, &err) != GB_OK) {
                printf("  the computer found no move\n");
                status = 1;
                break;
            }
            draw_trace(stdout, g, &m, side);
            draw_board(stdout, g, color);
            continue;
        }
        char prompt[64];
        snprintf(prompt, sizeof prompt, "%s> ", side_name(side));
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
            fputs(in_game_help, stdout);
        } else if (strcmp(line, "moves") == 0) {
            list_moves(g);
        } else if (strcmp(line, "board") == 0) {
            draw_board(stdout, g, color);
        } else if (strcmp(line, "undo") == 0) {
            /* take back moves until it is a human's turn again with at least one move undone */
            int undone = 0;
            while (gb_undo(g, NULL) == GB_OK) {
                undone++;
                if (kinds[gb_to_move(g)].kind == PLAYER_HUMAN)
                    break;
            }
            if (!undone)
                printf("  nothing to undo\n");
            draw_board(stdout, g, color);
        } else if (strncmp(line, "save", 4) == 0 && (line[4] == ' ' || line[4] == 0)) {
            char *path = line + 4;
            trim(path);
            if (!*path)
                printf("  usage: save FILE\n");
            else
                save_record(g, path, &kinds[0], &kinds[1]);
        } else if (gb_move_parse(g, line, &m, &err) != GB_OK || gb_play(g, &m, &err) != GB_OK) {
            printf("  %s\n", err.msg);
            if (err.code == GB_EINVAL)
                printf("  (type 'help' for commands, 'moves' for the legal moves)\n");
        } else {
            draw_trace(stdout, g, &m, side);
            draw_board(stdout, g, color);
        }
        free(line);
    }
    if (gb_is_over(g) && tty) {
        char *line = read_line("  Save the record? Type a file name, or Enter to skip: ", tty);
        if (line) {
            trim(line);
            if (*line)
                save_record(g, line, &kinds[0], &kinds[1]);
            free(line);
        }
    }
    gb_game_free(g);
    return status;
}
