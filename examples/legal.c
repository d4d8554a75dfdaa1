/* legal.c — list the legal moves of a position, and optionally count the move sequences.
 *
 *   legal POSITION [DEPTH]
 *
 * POSITION is a position string (docs/notation.md), e.g.
 *   "sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S"
 * One move text a line; with DEPTH (0 to 10), a last line "perft DEPTH N" (gb_perft). */
#include <gabata.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    /* A number from the command line: strtol, checked to its end and for its range (atoi
     * would take "x" for 0, and a perft of 40 plies runs for ever). */
    long depth = 0;
    char *end = NULL;
    if (argc > 2) {
        errno = 0;
        depth = strtol(argv[2], &end, 10);
    }
    if (argc < 2 || argc > 3 || (argc > 2 && (end == argv[2] || *end || errno || depth < 0 || depth > 10))) {
        fprintf(stderr, "usage: legal POSITION [DEPTH]   (DEPTH a whole number from 0 to 10)\n");
        return 2;
    }
    gb_error err;
    gb_game *g;
    if (gb_game_from_position(&g, argv[1], 1, &err) != GB_OK) {
        fprintf(stderr, "legal: %s\n", err.msg);
        return 1;
    }

    /* The caller gives the room: GB_MAX_MOVES is enough for any position of any game. */
    static gb_move moves[GB_MAX_MOVES];
    int n = gb_legal_moves(g, moves, GB_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        char text[GB_MOVE_TEXT_MAX];
        if (gb_move_format(g, &moves[i], text, sizeof text) >= 0)
            printf("%s\n", text);
    }

    if (argc > 2)
        printf("perft %ld %" PRIu64 "\n", depth, gb_perft(g, (int)depth));
    gb_game_free(g);
    return 0;
}
