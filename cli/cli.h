/* cli.h — what the gabata program's commands share: drawing, players, the engine protocol. */
#ifndef GABATA_CLI_H
#define GABATA_CLI_H

#include "gabata.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A whole decimal number from min to max (no sign or space around it, no overflow): true and *out
 * set, or false (s may be NULL, a missing argument). */
bool cli_parse_long(const char *s, long min, long max, long *out);

/* The signals that stop a long run (stats, match, solve --survey, tables build): Ctrl-C, SIGTERM,
 * SIGHUP (the terminal or ssh session closed) and SIGUSR1 (what a batch system such as Slurm can
 * send ahead of a job's time limit, and what mpirun passes on to its ranks) go to handler, once: a
 * second one has its default effect and ends the program at once. NULL: their defaults again.
 * (Under mpirun, Ctrl-C of mpirun reaches the ranks as SIGTERM, a second after a SIGCONT, and a
 * SIGKILL follows a second later: docs/stats.md.) No SA_RESTART, so a wait under way (poll,
 * waitpid) returns EINTR. */
void cli_catch_stops(void (*handler)(int));
/* How a stop is named to the user: "Ctrl-C", "hang-up" or "SIGTERM". */
const char *cli_stop_name(int sig);

/* Draw the board: both rows with labels, marks, owners, stores, and whose turn it is. */
void draw_board(FILE *out, const gb_game *g, bool color);
/* The same from `seat`'s side: GB_NORTH draws the board turned round (gabata play --seat north). */
void draw_board_from(FILE *out, const gb_game *g, int seat, bool color);
/* The same without the status line under it (whose move, or the result): for gabata online,
 * where the server's view, not the local copy, knows how a game ended (a resignation). */
void draw_board_rows(FILE *out, const gb_game *g, int seat, bool color);
/* Describe the last move lap by lap ("C: 6 stones, C→a; a: 2 stones ... captures 5 from E"). */
void draw_trace(FILE *out, const gb_game *g, const gb_move *m, int mover);
/* "Game over: North wins 62–34: …" (gb_result_line). */
void draw_result(FILE *out, const gb_game *g);
/* After a move that ended a round (match games): the round's figures and who starts the next. */
void draw_round_summary(FILE *out, const gb_game *g, int round_before);
int round_before_last(const gb_game *g);
/* The game-over summary: moves played, stones taken and left (a match: its rounds), the final score. */
void draw_summary(FILE *out, const gb_game *g);
const char *side_name(int side);

/* Players: the library's (gb_player, src/search/player.c; docs/ai.md), under the names the
 * commands have always used. */
typedef gb_player player;
#define PLAYER_HUMAN GB_PLAYER_HUMAN
#define PLAYER_RANDOM GB_PLAYER_RANDOM
#define PLAYER_AI GB_PLAYER_AI
#define PLAYER_MCTS GB_PLAYER_MCTS
/* gb_player_parse without the message: 0, or -1. */
int player_parse(const char *s, player *p);
#define player_describe gb_player_describe
#define player_budget gb_player_budget
/* The endgame tables the players of player_choose probe (NULL: none), kept by the caller. */
void players_set_tables(const gb_tables *t);
/* `--tables DIR` of a command: open DIR's tables for the program's players (players_set_tables),
 * kept to its end; 0, or 2 with a one-line message naming `cmd` on stderr. */
int cli_use_tables(const char *cmd, const char *dir);
/* gb_player_choose with a fresh searcher, or with one kept across a game: 0 on success. */
int player_choose(const player *p, const gb_game *g, uint64_t *rng, gb_move *out);
int player_choose_kept(const player *p, const gb_game *g, uint64_t *rng, gb_searcher **kept,
                       gb_move *out);
/* player_choose, and the search's result (gb_player_think): res->exact 2 with res->margin when
 * the move's value is proven (the hint's exact value). */
int player_think(const player *p, const gb_game *g, uint64_t *rng, gb_move *out, gb_search_result *res);

/* The engine protocol (docs/protocol.md): read commands from in, answer on out. Returns 0. */
int engine_run(FILE *in, FILE *out);

/* The JSON API of `gabata serve` (docs/api.md) without the network: serve/api.c, used by its
 * HTTP callback, by the fuzzer (fuzz/fuzz_web.c) and by the tests. serve_api_start sets up the
 * game table (again: any games kept are dropped); serve_api answers one request to a path under
 * /api (body: the request body, len bytes, may be NULL) with an HTTP status and a body (malloc'd;
 * JSON, or the record as text/plain); serve_api_stop frees the games. */
typedef struct serve_config {
    int max_games;        /* games held in memory at once (1 or more); the others stay in the
                           * database and are read back when asked for */
    size_t max_body;      /* a longer body is refused with 413 */
    uint64_t seed;        /* of games created without a seed (ids and tokens: getrandom) */
    bool quiet;           /* no line on stderr per game created or dropped */
    long long max_nodes;  /* 0; or every computer move and hint searches at most this many nodes
                           * (MCTS: a sixteenth as many playouts), whatever the player's budget */
    const char *data_dir; /* the folder of the games' database; NULL: an in-memory database */
    int max_live;         /* gb_games kept built at once (0: 256); the rest rebuilt on demand */
    bool durable;         /* SQLite synchronous=FULL (an fsync a move) instead of NORMAL */
    int threads;          /* 0 or 1; or every alpha-beta computer move and hint on this many threads */
} serve_config;
typedef struct serve_answer {
    int status;
    char *body;                /* malloc'd */
    const char *type;          /* Content-Type */
    const char *disposition;   /* Content-Disposition, or NULL */
    int retry_after;           /* 0, or seconds for a Retry-After header (429, 503) */
} serve_answer;
int serve_api_start(const serve_config *cfg); /* 0, or -1 out of memory */
serve_answer serve_api(const char *method, const char *url, const char *body, size_t len);
/* The same with the request's Authorization header (NULL for none): "Bearer TOKEN". */
serve_answer serve_api_as(const char *method, const char *url, const char *auth, const char *body,
                          size_t len);
void serve_api_stop(void);

/* save_file_atomic, read_file_text, read_file_all */
#include "fileio.h"

/* Print the rules of g's game for its options (gb_rules_lines) and every option with the value
 * in force, at the terminal's width (rules.c). */
void print_rules(FILE *out, const gb_game *g);

/* wrap.c: the terminal's width (TIOCGWINSZ of out, else $COLUMNS, else 80, within 40..100);
 * text wrapped at `width` between words, its first line after `first`, the others after
 * `rest`; a help text reflowed to the terminal's width (paragraphs, entries' hanging
 * descriptions and "usage:" lines kept). */
#define CLI_WIDTH_MIN 40
#define CLI_WIDTH_MAX 100
int cli_width(FILE *out);
void cli_wrap(FILE *out, int width, const char *first, const char *rest, const char *text);
void cli_help(FILE *out, const char *text);
/* A message of gabata play (printf's format and values) at the terminal's width: each of its
 * lines wrapped between words after its own indent, its continuation two columns further in
 * (a translation, or a move's long text, may be wider than the terminal). */
void cli_say(FILE *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The columns a UTF-8 text takes on the terminal, and s printed then padded with spaces to
 * `cols` of them: printf's "%-5s" counts bytes, and a translated name's bytes are not its
 * width (Ge'ez and Arabic letters are 2-3 bytes, one column). */
int cli_columns(const char *s);
void cli_pad(FILE *out, const char *s, int cols);
/* s as it may be shown on a terminal, into buf (cut short to fit len): what a person or a script
 * typed and a message quoting it, whose control characters (below 0x20, DEL, U+0080..U+009F) and
 * bytes that are not UTF-8 are written \xHH, as the engine's errors write them, so that nothing
 * read is ever sent raw to the terminal (an escape sequence is shown, not run). Returns buf. */
const char *cli_printable(char *buf, size_t len, const char *s);

/* prove.c: search g (only `only` at the root when not NULL) until its value is exact or
 * `seconds` are spent, with every end scored by its final margin (gabata solve, solve --survey):
 * 1 and *margin set when proven, 0 otherwise; *depth the deepest iteration completed. */
int cli_prove(gb_searcher *s, const gb_game *g, const gb_move *only, const gb_tables *t, double seconds,
              gb_search_info_fn info, void *user, int *margin, int *depth);
/* A proven final margin for the side it is counted for: "wins by 6", "loses by 2", or `draw`. */
const char *cli_margin_words(int m, const char *draw, char *buf, size_t len);

#endif
