/* tables_slow_solver.h — the second solver every game's endgame tables are checked against
 * (tests/test_tables.c, test_margins.c, test_tables_bulto.c; docs/tables.md, "How it is
 * checked"): a plain alpha-beta over the game object itself, each move played on a copy of the
 * game with its whole record, so that the game's own record applies T2 and its own end the
 * game's end rule (S5, B9, T1) and the scores; no table, level, component or move ordering of
 * its own. And the tests' set-up: the fixture's tables. */
#ifndef GABATA_TEST_TABLES_SLOW_SOLVER_H
#define GABATA_TEST_TABLES_SLOW_SOLVER_H

#include <stdbool.h>

#include "gabata.h"

/* The exact final margin (the side to move's score at the end minus the other's) of g, not
 * over, with its record, within `limit` positions: true and *value set, false when it ran past
 * them. */
bool slow_value(const gb_game *g, long long limit, int *value);

/* The exact value of each legal move of g (m, val: room for GB_MAX_MOVES) for its mover, within
 * `limit` positions for them all: the number of moves, or -1 when it ran past them. */
int slow_move_values(const gb_game *g, gb_move *m, int *val, long long limit);

/* The tables of the folder given as the first argument, else $GABATA_TABLES, opened (verify:
 * every checksum checked) into *t and the folder into *dir (either may be NULL); when there is
 * none or it does not open, a line naming `test` on standard error and 2, else 0. */
int slow_open_tables(const char *test, int argc, char **argv, int verify, gb_tables **t, const char **dir);

#endif
