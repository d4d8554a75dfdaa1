/* clock.h — the clocks of online games (issue 21). This copy holds only the reading of a clock's
 * configuration, which the lobby needs for its seeks; the clocks themselves are clock.c's
 * (CLOCK's part of the issue, which replaces this file at the merge). */
#ifndef GABATA_SERVE_CLOCK_H
#define GABATA_SERVE_CLOCK_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

/* {"initial_s": 5 .. 10800, "increment_s": 0 .. 180} (whole or fractional seconds) into
 * milliseconds. NULL or JSON null: no clock, 0 and 0, returns 0. Bad: -1 with a one-line reason. */
int clock_parse(json_t *clock, int64_t *initial_ms, int64_t *increment_ms, char *err, size_t errlen);

#endif
