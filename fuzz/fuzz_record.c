/* fuzz_record.c — the record parser (gb_record_parse, gb_record_tag). Any input: refused with a
 * one-line error naming line and column, or accepted; an accepted record formats back to a
 * record that parses again to the same record text. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 16384)
        return 0;
    char *text = fuzz_text(data, size);
    gb_game *g;
    gb_error err;
    free(gb_record_tag(text, "Variant"));
    if (gb_record_parse(&g, text, &err) != GB_OK) {
        fuzz_check_error(&err);
        FUZZ_CHECK(strstr(err.msg, "line ") != NULL);
        free(text);
        return 0;
    }
    char *once = gb_record_format(g, NULL);
    FUZZ_CHECK(once != NULL);
    gb_game *again;
    int rc = gb_record_parse(&again, once, &err);
    if (rc != GB_OK)
        fprintf(stderr, "re-reading the record:\n%s\n-> %s\n", once, err.msg);
    FUZZ_CHECK(rc == GB_OK);
    char *twice = gb_record_format(again, NULL);
    FUZZ_CHECK(twice != NULL && strcmp(once, twice) == 0);
    if (gb_history_length(g) > 0)
        FUZZ_CHECK(gb_undo(g, &err) == GB_OK);
    free(once);
    free(twice);
    gb_game_free(again);
    gb_game_free(g);
    free(text);
    return 0;
}
