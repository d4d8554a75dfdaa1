/* test_pool.c — the worker pool of `gabata serve` (serve/pool.c, docs/api.md "Computer moves and
 * order"), on one worker so that the order is the pool's alone:
 * - every job's work runs once, and its answer after it, once;
 * - an address that asks again the moment it is answered (a player's ai:1 move after ai:1 move)
 *   waits for at most one other address's job, however many busy addresses keep jobs waiting.
 *   Worked out from the rule in pool.c: once its job is counted done its lane is gone, and the lane
 *   made anew starts level with the least served lane, which, being older, goes first; then it.
 *   (Before the fix the answer went out while the job still counted as running, so the next job
 *   was queued in the same lane: never levelled again, it fell behind each round of the busy
 *   lanes, which are level within a fraction of a millisecond, by the 2 ms its own job took, and
 *   waited for them all: 8 here, and in the server 7-10 ai:8 searches, ~4 s.)
 * - stopping the pool calls the waiting jobs cancelled, and answers them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>
#include <pthread.h>

#include "serve.h"

#define BUSY_ADDRESSES 8
#define BUSY_WAITING 2    /* jobs each busy address keeps queued */
#define X_RUNS 12         /* the quick address's jobs, each asked from the last one's answer */
#define LOG_MAX 4096

typedef struct {
    char who[16];
    double estimate;
    int sleep_ms;
    bool cancelled;
    int worked, answered;
} tjob;

static struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    bool gate_open;
    char log[LOG_MAX][16]; /* the addresses in the order their jobs ran */
    int n_log;
    int x_done;
    int busy_left;         /* busy jobs that may still be asked */
    tjob jobs[LOG_MAX];
    int n_jobs;
} T = {.lock = PTHREAD_MUTEX_INITIALIZER, .changed = PTHREAD_COND_INITIALIZER};

static void work(void *arg, bool cancelled);
static void answer(void *arg);

static tjob *new_job(const char *who, double estimate, int sleep_ms)
{
    pthread_mutex_lock(&T.lock);
    assert_true(T.n_jobs < LOG_MAX);
    tjob *j = &T.jobs[T.n_jobs++];
    pthread_mutex_unlock(&T.lock);
    snprintf(j->who, sizeof j->who, "%s", who);
    j->estimate = estimate;
    j->sleep_ms = sleep_ms;
    return j;
}

static void submit(const char *who, double estimate, int sleep_ms)
{
    tjob *j = new_job(who, estimate, sleep_ms);
    assert_int_equal(pool_submit_for(who, estimate, work, answer, j), 0);
}

static void work(void *arg, bool cancelled)
{
    tjob *j = arg;
    pthread_mutex_lock(&T.lock);
    j->worked++;
    j->cancelled = cancelled;
    if (!cancelled && T.n_log < LOG_MAX)
        snprintf(T.log[T.n_log++], sizeof T.log[0], "%s", j->who);
    pthread_cond_broadcast(&T.changed);
    if (!strcmp(j->who, "gate"))
        while (!T.gate_open)
            pthread_cond_wait(&T.changed, &T.lock);
    pthread_mutex_unlock(&T.lock);
    if (!cancelled && j->sleep_ms) {
        struct timespec ts = {0, (long)j->sleep_ms * 1000000L};
        nanosleep(&ts, NULL);
    }
}

static void answer(void *arg)
{
    tjob *j = arg;
    pthread_mutex_lock(&T.lock);
    assert_int_equal(j->worked, 1); /* after its work, once */
    j->answered++;
    bool again = false;
    if (!j->cancelled && !strcmp(j->who, "x"))
        again = ++T.x_done < X_RUNS;
    else if (!j->cancelled && j->who[0] == 'b' && T.busy_left > 0)
        again = T.busy_left-- > 0;
    pthread_cond_broadcast(&T.changed);
    pthread_mutex_unlock(&T.lock);
    if (again) /* asked again the moment it is answered, as a client does */
        submit(j->who, j->estimate, j->sleep_ms);
}

static void quick_address_waits_for_one_job(void **state)
{
    (void)state;
    assert_int_equal(pool_start(1, 64), 0);
    T.busy_left = 400;
    submit("gate", 0.01, 0); /* holds the worker until every lane is queued */
    for (int b = 0; b < BUSY_ADDRESSES; b++)
        for (int k = 0; k < BUSY_WAITING; k++) {
            char who[16];
            snprintf(who, sizeof who, "b%d", b);
            submit(who, 0.01, 10); /* a search of 10 ms, rightly estimated */
        }
    submit("x", 0.05, 2);            /* estimated 50 ms, takes 2, like a depth-1 search */
    pthread_mutex_lock(&T.lock);
    T.gate_open = true;
    pthread_cond_broadcast(&T.changed);
    while (T.x_done < X_RUNS)
        pthread_cond_wait(&T.changed, &T.lock);
    T.busy_left = 0;
    pthread_mutex_unlock(&T.lock);
    pool_stop();

    int x_seen = 0, between = 0, worst = 0;
    char order[LOG_MAX] = "";
    for (int i = 0; i < T.n_log; i++) {
        if (!strcmp(T.log[i], "x")) {
            if (x_seen++ && between > worst)
                worst = between; /* (before its first job: the queue as it was, by right) */
            between = 0;
            if (strlen(order) + 4 < sizeof order)
                strcat(order, "x ");
        } else if (x_seen) {
            between++;
            if (x_seen < X_RUNS && strlen(order) + 4 < sizeof order)
                strcat(order, ". ");
        }
    }
    printf("# jobs run between the quick address's: %s(worst %d)\n", order, worst);
    assert_int_equal(x_seen, X_RUNS);
    assert_true(worst <= 1);
    for (int i = 0; i < T.n_jobs; i++) {
        assert_int_equal(T.jobs[i].worked, 1);
        assert_int_equal(T.jobs[i].answered, 1);
    }
}

static void *stopper(void *unused)
{
    (void)unused;
    pool_stop();
    return NULL;
}

static void stopping_cancels_the_waiting(void **state)
{
    (void)state;
    memset(&T.jobs, 0, sizeof T.jobs);
    T.n_jobs = T.n_log = T.x_done = 0;
    T.gate_open = false;
    T.busy_left = 0;
    assert_int_equal(pool_start(1, 8), 0);
    submit("gate", 0.01, 0);
    for (int k = 0; k < 5; k++)
        submit("c", 0.01, 0);
    /* stop while the gate holds the worker: pool_stop waits for the running job, so it is asked
     * from a thread of its own once the gate runs, and the gate opens once the pool says it is
     * stopping */
    pthread_mutex_lock(&T.lock);
    while (!T.jobs[0].worked)
        pthread_cond_wait(&T.changed, &T.lock);
    pthread_mutex_unlock(&T.lock);
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, stopper, NULL), 0);
    while (pool_running()) {
        struct timespec ts = {0, 1000000L};
        nanosleep(&ts, NULL);
    }
    pthread_mutex_lock(&T.lock);
    T.gate_open = true;
    pthread_cond_broadcast(&T.changed);
    pthread_mutex_unlock(&T.lock);
    assert_int_equal(pthread_join(t, NULL), 0);
    assert_int_equal(T.n_jobs, 6);
    assert_false(T.jobs[0].cancelled); /* the gate ran */
    for (int i = 0; i < T.n_jobs; i++) {
        assert_int_equal(T.jobs[i].worked, 1);
        assert_int_equal(T.jobs[i].answered, 1);
        assert_int_equal(T.jobs[i].cancelled, i > 0); /* the waiting ones: told, not run */
    }
    assert_false(pool_running());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(quick_address_waits_for_one_job),
        cmocka_unit_test(stopping_cancels_the_waiting),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
