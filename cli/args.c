/* args.c — reading the gabata program's command-line arguments (shared by its commands). */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>

bool cli_parse_long(const char *s, long min, long max, long *out)
{
    if (!s)
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || v < min || v > max)
        return false;
    *out = v;
    return true;
}
