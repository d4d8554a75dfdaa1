/* qelat_board.h — how the Qelat tests read a board: counts with ekwarna marks as
 * "A..F/a..f" ("2,0,3N,0,0,0/1,0,0,0,0,0"), owners as "SSSSSS/NNNNNN", the balls in play. Shared by
 * tests/test_qelat.c (hand-worked) and tests/test_qelat_model.c (against the naive model). */
#ifndef GABATA_TEST_QELAT_BOARD_H
#define GABATA_TEST_QELAT_BOARD_H

#include <stdio.h>

#include "gabata.h"

/* The board as "A..F/a..f" counts with S/N ekwarna marks, for compact comparisons. */
static inline void board_str(const gb_game *g, char *out, size_t len)
{
    size_t k = 0;
    for (int i = 0; i < 12; i++) {
        int mk = gb_hole_mark(g, i);
        k += (size_t)snprintf(out + k, len - k, "%s%d%s", i == 0 ? "" : i == 6 ? "/" : ",",
                              gb_hole_count(g, i),
                              mk == GB_MARK_HELD_S ? "S" : mk == GB_MARK_HELD_N ? "N" : "");
    }
}

static inline void assert_board(const gb_game *g, const char *want)
{
    char got[96];
    board_str(g, got, sizeof got);
    assert_string_equal(got, want);
}

static inline void assert_owners(const gb_game *g, const char *want)
{
    char got[13];
    for (int i = 0; i < 12; i++)
        got[i] = gb_hole_owner(g, i) == GB_NORTH ? 'N' : 'S';
    got[12] = 0;
    assert_string_equal(got, want);
}

static inline int total_balls(const gb_game *g)
{
    int t = gb_store(g, 0) + gb_store(g, 1);
    for (int i = 0; i < 12; i++)
        t += gb_hole_count(g, i);
    return t;
}

#endif
