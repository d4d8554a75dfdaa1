/* fuzz_position.c — the position parser (gb_game_from_position), docs/notation.md. Any input:
 * refused with a one-line error, or accepted; an accepted position formats back to a string that
 * parses to the same string again, and its game can be played on. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *text = fuzz_text(data, size);
    gb_game *g;
    gb_error err;
    if (gb_game_from_position(&g, text, 1, &err) != GB_OK) {
        fuzz_check_error(&err);
        free(text);
        return 0;
    }
    char *once = gb_position_format(g);
    FUZZ_CHECK(once != NULL);
    gb_game *again;
    int rc = gb_game_from_position(&again, once, 1, &err);
    if (rc != GB_OK)
        fprintf(stderr, "re-reading '%s': %s\n", once, err.msg);
    FUZZ_CHECK(rc == GB_OK);
    char *twice = gb_position_format(again);
    FUZZ_CHECK(twice != NULL && strcmp(once, twice) == 0);
    FUZZ_CHECK(gb_perft(g, 2) == gb_perft(again, 2));
    fuzz_exercise(g, 8);
    free(once);
    free(twice);
    gb_game_free(again);
    gb_game_free(g);
    free(text);
    return 0;
}
