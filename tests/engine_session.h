/* engine_session.h — for the tests of the engine protocol: run a whole `gabata engine` session
 * (engine_run, cli/engine.c) on an input text and return everything it answered (malloc'd).
 * Include after <cmocka.h> and "cli.h". */
#ifndef GABATA_TEST_ENGINE_SESSION_H
#define GABATA_TEST_ENGINE_SESSION_H

#include <stdio.h>
#include <stdlib.h>

static char *session(const char *input)
{
    FILE *in = tmpfile(), *out = tmpfile();
    assert_non_null(in);
    assert_non_null(out);
    fputs(input, in);
    rewind(in);
    engine_run(in, out);
    long len = ftell(out);
    rewind(out);
    char *buf = calloc(1, (size_t)len + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)len, out), (size_t)len);
    fclose(in);
    fclose(out);
    return buf;
}

#endif
