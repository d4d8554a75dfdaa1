/* record.c — read a game record file and print its moves.
 *
 *   record FILE
 *
 * Prints one line a move, "N. SIDE MOVE", then the final position string and the result.
 * gb_record_parse replays the record move by move; an error names the line and column. */
#include <gabata.h>
#include <stdio.h>
#include <stdlib.h>

/* The whole file, malloc'd and NUL-terminated, or NULL. */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t len = 0, cap = 4096;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (cap - len < 2) {
            char *more = realloc(buf, cap * 2);
            if (!more) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = more;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf)
        buf[len] = '\0';
    return buf;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: record FILE\n");
        return 2;
    }
    char *text = read_file(argv[1]);
    if (!text) {
        fprintf(stderr, "record: cannot read %s\n", argv[1]);
        return 1;
    }
    gb_error err;
    gb_game *g;
    int rc = gb_record_parse(&g, text, &err);
    free(text);
    if (rc != GB_OK) {
        fprintf(stderr, "record: %s: %s\n", argv[1], err.msg);
        return 1;
    }

    /* Walk the history again from the record's start (a copy of the game, taken back move by
     * move), to write each move as it was in its own position. */
    int n = gb_history_length(g);
    gb_game *replay = gb_game_clone(g);
    while (replay && gb_undo(replay, NULL) == GB_OK)
        ;
    for (int i = 0; replay && i < n; i++) {
        gb_move m = *gb_history_move(g, i);
        char mv[GB_MOVE_TEXT_MAX];
        int side = gb_to_move(replay);
        gb_move_format(replay, &m, mv, sizeof mv);
        printf("%d. %s %s\n", i + 1, side == GB_SOUTH ? "South" : "North", mv);
        if (gb_play(replay, &m, NULL) != GB_OK)
            break;
    }
    gb_game_free(replay);

    char *pos = gb_position_format(g); /* malloc'd: ours to free */
    printf("position %s\n", pos ? pos : "?");
    free(pos);
    static const char *const who[] = {"south", "north", "draw"};
    int w = gb_winner(g);
    printf("result %s\n", w >= 0 ? who[w] : "*");
    gb_game_free(g);
    return 0;
}
