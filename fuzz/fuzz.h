/* fuzz.h — what the libFuzzer targets share (fuzz/README.md). Each target is one file defining
 * LLVMFuzzerTestOneInput; built with clang -fsanitize=fuzzer when GABATA_FUZZ is ON, and with
 * replay.c (a plain main that runs the target on files) into the ordinary test build, where
 * CTest replays the whole corpus (seeds and every crash ever found) as a regression test. */
#ifndef GABATA_FUZZ_H
#define GABATA_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gabata.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a NUL-terminated string (malloc'd). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = 0;
    return s;
}

/* A property that must hold: report and abort, so the fuzzer records the input. */
#define FUZZ_CHECK(cond)                                                                         \
    do {                                                                                         \
        if (!(cond)) {                                                                           \
            fprintf(stderr, "%s:%d: fuzz check failed: %s\n", __FILE__, __LINE__, #cond);        \
            abort();                                                                             \
        }                                                                                        \
    } while (0)

/* Every error message is one line. */
static inline void fuzz_check_error(const gb_error *err)
{
    FUZZ_CHECK(strchr(err->msg, '\n') == NULL);
    FUZZ_CHECK(err->msg[0] != 0);
}

/* Exercise a game a little: legal moves, their text read back, JSON, a few plies. */
static inline void fuzz_exercise(gb_game *g, int plies)
{
    uint64_t rng = 1;
    for (int i = 0; i < plies && !gb_is_over(g); i++) {
        gb_move moves[GB_MAX_MOVES];
        int n = gb_legal_moves(g, moves, GB_MAX_MOVES);
        for (int k = 0; k < n; k++) {
            char text[GB_MOVE_TEXT_MAX];
            gb_move back;
            gb_error err;
            FUZZ_CHECK(gb_move_format(g, &moves[k], text, sizeof text) > 0);
            FUZZ_CHECK(gb_move_parse(g, text, &back, &err) == GB_OK);
        }
        gb_move m;
        if (gb_random_move(g, &rng, &m) != GB_OK)
            break;
        gb_error err;
        FUZZ_CHECK(gb_play(g, &m, &err) == GB_OK);
    }
    char *js = gb_state_json(g);
    FUZZ_CHECK(js != NULL);
    free(js);
}

#endif
