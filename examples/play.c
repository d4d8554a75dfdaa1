/* play.c — play one game of random moves to its end and print the moves and the result.
 *
 *   play [VARIANT [SEED]]        (default: sadeqa 1)
 *
 * Shows the game object's life: create it (gb_game_new), ask for a move (gb_random_move),
 * write it as text (gb_move_format), play it (gb_play), read the result, free the game. */
#include <gabata.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    const char *variant = argc > 1 ? argv[1] : "sadeqa";
    uint64_t seed = 1;
    if (argc > 2) {
        char *end;
        errno = 0;
        seed = strtoull(argv[2], &end, 10);
        if (!isdigit((unsigned char)argv[2][0]) || *end || errno || argc > 3) {
            fprintf(stderr, "usage: play [VARIANT [SEED]]   (SEED a whole number)\n");
            return 2;
        }
    }

    gb_error err;
    gb_game *g;
    /* NULL options: every option at its default. The seed feeds the game's own random source
     * (chance outcomes such as Qelat's lots), not our choice of moves. */
    if (gb_game_new(&g, variant, NULL, seed, &err) != GB_OK) {
        fprintf(stderr, "play: %s\n", err.msg); /* one line naming what was wrong */
        return 1;
    }

    uint64_t rng = seed; /* our own random source for choosing moves */
    int moves = 0;
    while (!gb_is_over(g)) {
        gb_move m;
        if (gb_random_move(g, &rng, &m) != GB_OK)
            break;
        char text[GB_MOVE_TEXT_MAX];
        gb_move_format(g, &m, text, sizeof text); /* format before playing: the text is the
                                                     mover's view of the board */
        if (gb_play(g, &m, &err) != GB_OK) {
            fprintf(stderr, "play: %s\n", err.msg);
            gb_game_free(g);
            return 1;
        }
        printf("%s%s", moves ? " " : "", text);
        moves++;
    }
    printf("\n");

    static const char *const who[] = {"south", "north", "draw"};
    int w = gb_winner(g);
    printf("moves %d\nwinner %s\nscore %d-%d\nend %s\n", moves, w >= 0 ? who[w] : "none",
           gb_score(g, GB_SOUTH), gb_score(g, GB_NORTH), gb_end_reason_name(gb_end_reason(g)));
    gb_game_free(g); /* the caller frees what it created */
    return 0;
}
