/* clock.c — the reading of a clock's configuration (clock.h). */
#include "clock.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int seconds_field(json_t *clock, const char *key, double lo, double hi, int64_t *ms, char *err, size_t errlen)
{
    json_t *v = json_object_get(clock, key);
    if (!v || !json_is_number(v)) {
        snprintf(err, errlen, "clock field '%s' is required: a number of seconds from %g to %g", key, lo, hi);
        return -1;
    }
    double x = json_number_value(v);
    if (!(x >= lo && x <= hi)) {
        snprintf(err, errlen, "clock field '%s' must be from %g to %g seconds", key, lo, hi);
        return -1;
    }
    *ms = (int64_t)llround(x * 1000.0);
    return 0;
}

int clock_parse(json_t *clock, int64_t *initial_ms, int64_t *increment_ms, char *err, size_t errlen)
{
    *initial_ms = *increment_ms = 0;
    if (!clock || json_is_null(clock))
        return 0;
    if (!json_is_object(clock)) {
        snprintf(err, errlen, "field 'clock' must be {\"initial_s\": N, \"increment_s\": N} or null");
        return -1;
    }
    const char *k;
    json_t *val;
    json_object_foreach(clock, k, val) {
        if (strcmp(k, "initial_s") != 0 && strcmp(k, "increment_s") != 0) {
            snprintf(err, errlen, "unknown clock field '%.40s' (initial_s, increment_s)", k);
            return -1;
        }
    }
    int64_t ini, inc;
    if (seconds_field(clock, "initial_s", 5, 10800, &ini, err, errlen) != 0 ||
        seconds_field(clock, "increment_s", 0, 180, &inc, err, errlen) != 0)
        return -1;
    *initial_ms = ini;
    *increment_ms = inc;
    return 0;
}
