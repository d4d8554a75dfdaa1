/* fuzz_engine.c — the `gabata engine` line protocol (engine_run, cli/engine.c) on an fmemopen
 * stream. Any session ends without a crash, and its last reply is complete: a line `ok` or one
 * `error ...` line. Inputs that mention `perft` are skipped: perft's cost grows exponentially with
 * its depth by design (the protocol allows up to 12), which the fuzzer would report as a hang;
 * fuzz_position runs perft 2 on every position it accepts. For the same reason a session with a
 * line whose command is `go` (the search, on its own branch: it thinks up to its budget, 1 s by
 * default) is skipped; `go` gets its own test of the budget when the search is merged. */
#include "fuzz.h"
#include "cli.h"

#include <ctype.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 8192)
        return 0;
    char *text = fuzz_text(data, size);
    for (size_t i = 0; i + 5 <= size; i++)
        if (memcmp(text + i, "perft", 5) == 0) {
            free(text);
            return 0;
        }
    for (size_t i = 0; i < size; i++) { /* a line whose first word is go */
        if (i > 0 && text[i - 1] != '\n')
            continue;
        size_t j = i;
        while (j < size && text[j] != '\n' && isspace((unsigned char)text[j]))
            j++; /* the engine skips leading white space as isspace() has it */
        if (j + 2 <= size && text[j] == 'g' && text[j + 1] == 'o' &&
            (j + 2 == size || text[j + 2] == 0 || isspace((unsigned char)text[j + 2]))) {
            free(text);
            return 0;
        }
    }
    FILE *in = fmemopen(text, size, "r");
    char *outbuf = NULL;
    size_t outlen = 0;
    FILE *out = open_memstream(&outbuf, &outlen);
    FUZZ_CHECK(in && out);
    FUZZ_CHECK(engine_run(in, out) == 0);
    fclose(in);
    fclose(out);
    if (outlen) { /* the last reply is complete: it ends a line with ok or is an error line */
        FUZZ_CHECK(outbuf[outlen - 1] == '\n');
        char *last = outbuf + outlen - 1;
        while (last > outbuf && last[-1] != '\n')
            last--;
        FUZZ_CHECK(strcmp(last, "ok\n") == 0 || strncmp(last, "error ", 6) == 0);
    }
    free(outbuf);
    free(text);
    return 0;
}
