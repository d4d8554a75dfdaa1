/* fuzz_move.c — the move parser (gb_move_parse) and gb_play on what it accepts. The first byte
 * picks the game (any registered, so games merged later are fuzzed too) and how many random
 * plies to play first; the rest is move text. A move accepted by the parser formats back to text
 * that parses to the same move; playing it succeeds or fails with a one-line error. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 1024)
        return 0;
    int games = gb_variant_count();
    const char *variant = gb_variant_name(data[0] % games);
    int plies = (data[0] / games) % 24;
    char *text = fuzz_text(data + 1, size - 1);
    gb_game *g;
    gb_error err;
    FUZZ_CHECK(gb_game_new(&g, variant, NULL, 7, &err) == GB_OK);
    uint64_t rng = data[0];
    for (int i = 0; i < plies && !gb_is_over(g); i++) {
        gb_move m;
        if (gb_random_move(g, &rng, &m) != GB_OK || gb_play(g, &m, &err) != GB_OK)
            break;
    }
    gb_move m;
    if (gb_move_parse(g, text, &m, &err) != GB_OK) {
        fuzz_check_error(&err);
    } else {
        char out[GB_MOVE_TEXT_MAX];
        gb_move back;
        FUZZ_CHECK(gb_move_format(g, &m, out, sizeof out) > 0);
        FUZZ_CHECK(gb_move_parse(g, out, &back, &err) == GB_OK);
        FUZZ_CHECK(back.kind == m.kind && back.hole == m.hole && back.refusals == m.refusals &&
                   back.chance == m.chance);
        if (gb_play(g, &m, &err) != GB_OK)
            fuzz_check_error(&err);
        else
            fuzz_exercise(g, 2);
    }
    gb_game_free(g);
    free(text);
    return 0;
}
