/* ai_cli.h — the commands around the computer players: `gabata match` (engine against engine
 * with paired openings) and `gabata analyze` (a record, move by move). */
#ifndef GABATA_AI_CLI_H
#define GABATA_AI_CLI_H

#include "cli.h"

#include <stdint.h>

typedef struct match_cfg {
    player p[2];
    char name[2][48];    /* as given on the command line */
    char variant[32];
    char opts[512];
    int games;           /* even: each opening is played from both sides */
    int openings;        /* random plies in each opening */
    int jobs;
    uint64_t seed;
    bool sprt;
    double elo0, elo1;
    const gb_tables *tables; /* --tables: both players probe them (NULL: none) */
    char tables_dir[256];
} match_cfg;

typedef struct match_game {
    int index, pair;
    int p1_side;         /* GB_SOUTH: the first player is South in this game */
    int result;          /* for the first player: 2 win, 1 draw, 0 loss; -1 the game failed */
    int score[2];        /* South, North */
    int end_reason, plies;
    char opening[160];   /* the opening's moves, space-separated */
} match_game;

/* The game after pair `pair`'s opening (K random plies from the start, drawn from the match seed
 * and the pair's number, so both games of a pair start alike). Writes the moves' text. */
int match_opening(const match_cfg *c, int pair, gb_game **out, char *text, size_t len);
/* Play game `index` (pair index/2; the first player is South in even games, North in odd). */
int match_play_game(const match_cfg *c, int index, match_game *out);

typedef struct analysis_entry {
    int mover;
    gb_move played, best;
    int value;           /* the position's value, mover's view (hundredths of a stone) */
    int value_played;    /* the played move's value, same search */
    int mark;            /* 0, 1 mistake (?), 2 blunder (two question marks) */
    bool analysed;       /* false for moves that cannot be compared (a layout) */
    /* with tables (analyze_set_tables): values proven by them, as exact final margins */
    bool exact, exact_played;
    int margin, margin_played;
} analysis_entry;
/* Endgame tables for analyze_record's searches to probe (NULL: none); docs/tables.md. */
void analyze_set_tables(const gb_tables *t);

/* Analyse every move of a record's game with the budget; `out` gets one entry a move (at most
 * max). `progress` (may be NULL) is called before each move. Returns the number of moves, or a
 * negative code with err filled. */
int analyze_record(const char *text, const gb_budget *budget, analysis_entry *out, int max,
                   void (*progress)(int i, int n, void *user), void *user, gb_error *err);
/* Loss thresholds, in hundredths of a stone: a mistake loses one stone, a blunder three. */
#define ANALYZE_MISTAKE 100
#define ANALYZE_BLUNDER 300

int cmd_match(int argc, char **argv);
int cmd_analyze(int argc, char **argv);

#endif
