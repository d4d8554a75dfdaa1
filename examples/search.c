/* search.c — search a position to a depth and print the best move.
 *
 *   search POSITION [DEPTH]      (default depth 6)
 *
 * Prints "best MOVE", "score N" (hundredths of a stone, from the side to move's view) and the
 * principal variation. A searcher holds the search's memory (its transposition table, its move
 * buffers); it is made once, can serve many searches of one game, and is freed by the caller. */
#include <gabata.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    long depth = 6;
    char *end = NULL;
    if (argc > 2) {
        errno = 0;
        depth = strtol(argv[2], &end, 10);
    }
    if (argc < 2 || argc > 3 ||
        (argc > 2 && (end == argv[2] || *end || errno || depth < 1 || depth > GB_SEARCH_MAX_DEPTH))) {
        fprintf(stderr, "usage: search POSITION [DEPTH]   (DEPTH a whole number from 1 to %d)\n",
                GB_SEARCH_MAX_DEPTH);
        return 2;
    }
    gb_error err;
    gb_game *g;
    if (gb_game_from_position(&g, argv[1], 1, &err) != GB_OK) {
        fprintf(stderr, "search: %s\n", err.msg);
        return 1;
    }

    gb_search_opts opts;
    memset(&opts, 0, sizeof opts); /* zero: defaults everywhere (a 16 MiB table, no callback) */
    opts.budget.depth = (int)depth;
    gb_searcher *s = gb_searcher_new(&opts);
    if (!s) {
        fprintf(stderr, "search: out of memory\n");
        gb_game_free(g);
        return 1;
    }

    gb_search_result r;
    int rc = gb_search(s, g, &opts, &r, &err);
    if (rc != GB_OK) {
        fprintf(stderr, "search: %s\n", err.msg); /* e.g. the game is over */
    } else {
        char text[GB_MOVE_TEXT_MAX];
        gb_move_format(g, &r.best, text, sizeof text);
        printf("best %s\nscore %d\ndepth %d\n", text, r.score, r.depth);
        /* The principal variation: each move is formatted in the position it is played in. */
        gb_game *line = gb_game_clone(g);
        printf("pv");
        for (int i = 0; line && i < r.pv_len; i++) {
            gb_move m = r.pv[i];
            gb_move_format(line, &m, text, sizeof text);
            printf(" %s", text);
            if (gb_play(line, &m, NULL) != GB_OK)
                break;
        }
        printf("\n");
        gb_game_free(line);
    }
    gb_searcher_free(s);
    gb_game_free(g);
    return rc == GB_OK ? 0 : 1;
}
