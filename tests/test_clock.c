/* test_clock.c — the clocks of `gabata serve` (serve/clock.c, docs/api.md "Clocks"): the time
 * control's bounds, the arithmetic of a game played on made-up instants (every expected figure
 * worked out by hand from the rules in docs/api.md: 30 s or the initial time for a first move, no
 * clock before it, the increment after each chosen move but the first, forced moves free), and
 * the timer firing in deadline order, never early. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>
#include <pthread.h>
#include <jansson.h>

#include "clock.h"

static int parse(const char *text, int64_t *in, int64_t *inc)
{
    json_error_t je;
    json_t *j = json_loads(text, JSON_DECODE_ANY, &je);
    char err[200] = "";
    int rc = clock_parse(j, in, inc, err, sizeof err);
    if (rc != 0) {
        assert_true(err[0] != 0);            /* a reason, */
        assert_null(strchr(err, '\n'));      /* on one line */
    }
    json_decref(j);
    return rc;
}

static void time_control(void **state)
{
    (void)state;
    int64_t in = -1, inc = -1;
    assert_int_equal(parse("null", &in, &inc), 0);
    assert_int_equal(in, 0);
    assert_int_equal(inc, 0);
    assert_int_equal(clock_parse(NULL, &in, &inc, NULL, 0), 0);
    assert_int_equal(parse("{\"initial_s\": 5}", &in, &inc), 0);
    assert_int_equal(in, 5000);
    assert_int_equal(inc, 0);
    assert_int_equal(parse("{\"initial_s\": 10800, \"increment_s\": 180}", &in, &inc), 0);
    assert_int_equal(in, 3 * 3600 * 1000);
    assert_int_equal(inc, 180000);
    assert_int_equal(parse("{\"initial_s\": 7.25, \"increment_s\": 0.5}", &in, &inc), 0);
    assert_int_equal(in, 7250);
    assert_int_equal(inc, 500);
    const char *bad[] = {"{\"initial_s\": 4.999}", "{\"initial_s\": 10800.5}", "{\"initial_s\": 60, \"increment_s\": 180.001}",
                         "{\"initial_s\": 60, \"increment_s\": -1}", "{\"initial_s\": \"60\"}", "{\"increment_s\": 2}",
                         "{\"initial_s\": 60, \"delay_s\": 2}", "[60, 2]", "60", "{\"initial_s\": true}", "{}"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(parse(bad[i], &in, &inc), -1);
}

/* One minute + 2 s, South first; instants in ms from an arbitrary origin. */
static void a_game(void **state)
{
    (void)state;
    clock_run c;
    const int64_t IN = 60000, INC = 2000;
    int side = -1;
    clock_begin(&c, IN, 0, 1000);
    assert_int_equal(c.running, 0);
    assert_int_equal(c.deadline_ms, 31000);         /* 30 s for South's first move */
    assert_int_equal(clock_left(&c, 0, 20000), IN); /* his clock does not run meanwhile */
    assert_int_equal(clock_due(&c, 30999, &side), CLOCK_OK);
    assert_int_equal(clock_due(&c, 31000, &side), CLOCK_ABORT);
    assert_int_equal(side, 0);

    clock_moved(&c, 0, false, 1, IN, INC, 5000);    /* South's first move: no time, no increment */
    assert_int_equal(c.left_ms[0], IN);
    assert_int_equal(c.running, 1);
    assert_int_equal(c.deadline_ms, 35000);         /* North's first-move window starts now */
    assert_int_equal(clock_due(&c, 35000, &side), CLOCK_ABORT);
    assert_int_equal(side, 1);

    clock_moved(&c, 1, false, 0, IN, INC, 20000);   /* North's first move */
    assert_int_equal(c.left_ms[1], IN);
    assert_int_equal(c.deadline_ms, 80000);         /* South's clock runs: 20 s + 60 s */
    assert_int_equal(clock_left(&c, 0, 30000), 50000);
    assert_int_equal(clock_left(&c, 1, 30000), IN);

    clock_moved(&c, 0, false, 1, IN, INC, 32000);   /* 12 s used, 2 s back */
    assert_int_equal(c.left_ms[0], 50000);
    assert_int_equal(c.deadline_ms, 92000);
    clock_moved(&c, 1, true, 1, IN, INC, 32000);    /* North's forced move, played at once: free */
    assert_int_equal(c.left_ms[1], IN);
    assert_int_equal(c.running, 1);                 /* ... and North moves again */
    assert_int_equal(c.deadline_ms, 92000);
    clock_moved(&c, 1, false, 1, IN, INC, 42000);   /* 10 s, +2, and again (a second move running) */
    assert_int_equal(c.left_ms[1], 52000);
    assert_int_equal(c.deadline_ms, 94000);
    clock_moved(&c, 1, false, 0, IN, INC, 94000 - 1);
    assert_int_equal(c.left_ms[1], 2001);
    assert_int_equal(c.deadline_ms, 94000 - 1 + 50000);

    assert_int_equal(clock_due(&c, 143998, &side), CLOCK_OK);
    assert_int_equal(clock_due(&c, 143999, &side), CLOCK_FLAG);
    assert_int_equal(side, 0);
    assert_int_equal(clock_left(&c, 0, 150000), 0); /* never below 0 */

    clock_stop(&c, 100000);                         /* e.g. South resigned: frozen as it stood */
    assert_int_equal(c.running, -1);
    assert_int_equal(c.left_ms[0], 43999);
    assert_int_equal(clock_left(&c, 0, 200000), 43999);
    assert_int_equal(clock_due(&c, 1000000, &side), CLOCK_OK);
}

static void short_first_move(void **state)
{
    (void)state;
    clock_run c;
    int side = -1;
    clock_begin(&c, 5000, 1, 0); /* 5 s: the first move has 5 s, not 30 */
    assert_int_equal(c.running, 1);
    assert_int_equal(c.deadline_ms, 5000);
    assert_int_equal(clock_due(&c, 5000, &side), CLOCK_ABORT);
    assert_int_equal(side, 1);
    clock_moved(&c, 1, false, -1, 5000, 0, 100); /* and the game ended with it: nothing counts */
    assert_int_equal(c.running, -1);
    assert_int_equal(clock_due(&c, 1000000, &side), CLOCK_OK);
}

static void the_view(void **state)
{
    (void)state;
    clock_run c;
    memset(&c, 0, sizeof c);
    c.running = -1;
    json_t *j = clock_json(&c, 5000, 1000, 77); /* not begun: both sides have their initial time */
    assert_int_equal(json_integer_value(json_object_get(j, "S")), 5000);
    assert_true(json_is_null(json_object_get(j, "running")));
    assert_true(json_is_null(json_object_get(j, "deadline")));
    json_decref(j);
    clock_begin(&c, 60000, 0, 1000);
    j = clock_json(&c, 60000, 0, 2000);
    assert_true(json_is_null(json_object_get(j, "running")));
    assert_string_equal(json_string_value(json_object_get(j, "first_move")), "S");
    assert_int_equal(json_integer_value(json_object_get(j, "deadline")), 31000);
    json_decref(j);
    clock_moved(&c, 0, false, 1, 60000, 0, 3000);
    clock_moved(&c, 1, false, 0, 60000, 0, 4000);
    j = clock_json(&c, 60000, 0, 14000);
    assert_string_equal(json_string_value(json_object_get(j, "running")), "S");
    assert_int_equal(json_integer_value(json_object_get(j, "S")), 50000);
    assert_int_equal(json_integer_value(json_object_get(j, "deadline")), 64000);
    assert_int_equal(json_integer_value(json_object_get(j, "now")), 14000);
    json_decref(j);
}

/* ---- the timer ---- */
static struct {
    char id[8][40];
    int64_t at[8];
    int n;
} fired;

static pthread_mutex_t fired_lock = PTHREAD_MUTEX_INITIALIZER; /* (the timer's thread writes) */

static void on_expired(const char *id)
{
    pthread_mutex_lock(&fired_lock);
    if (fired.n < 8) {
        snprintf(fired.id[fired.n], sizeof fired.id[0], "%s", id);
        fired.at[fired.n++] = clock_now_ms();
    }
    pthread_mutex_unlock(&fired_lock);
}

static int fired_count(void)
{
    pthread_mutex_lock(&fired_lock);
    const int n = fired.n;
    pthread_mutex_unlock(&fired_lock);
    return n;
}

static void timer(void **state)
{
    (void)state;
    memset(&fired, 0, sizeof fired);
    assert_int_equal(clock_timer_start(on_expired), 0);
    int64_t t0 = clock_now_ms();
    clock_timer_arm("a", t0 + 300);
    clock_timer_arm("b", t0 + 100);
    clock_timer_arm("c", t0 + 200);
    clock_timer_arm("c", 0);         /* disarmed */
    clock_timer_arm("a", t0 + 400);  /* moved later: fires once, at the later one */
    clock_timer_arm("d", t0 - 5000); /* already past: at once */
    assert_int_equal(clock_timer_count() <= 3, 1);
    for (int i = 0; i < 300 && fired_count() < 3; i++) {
        struct timespec ts = {0, 10 * 1000000L};
        nanosleep(&ts, NULL);
    }
    struct timespec ts = {0, 200 * 1000000L}; /* nothing else comes */
    nanosleep(&ts, NULL);
    clock_timer_stop();
    assert_int_equal(fired.n, 3);
    assert_string_equal(fired.id[0], "d");
    assert_string_equal(fired.id[1], "b");
    assert_string_equal(fired.id[2], "a");
    assert_true(fired.at[1] >= t0 + 100); /* never early */
    assert_true(fired.at[2] >= t0 + 400);
    assert_true(fired.at[2] < t0 + 2400); /* (and not lost: a generous bound) */
    printf("timer: fired %lld ms and %lld ms after their deadlines\n", (long long)(fired.at[1] - t0 - 100),
           (long long)(fired.at[2] - t0 - 400));
    assert_int_equal(clock_timer_count(), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(time_control), cmocka_unit_test(a_game), cmocka_unit_test(short_first_move),
        cmocka_unit_test(the_view), cmocka_unit_test(timer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
