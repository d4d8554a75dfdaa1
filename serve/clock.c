/* clock.c — the clocks of online games: the time control, the arithmetic, the timer (clock.h). */
#include "clock.h"
#include "sn.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- the time control a request asks for ---- */
static int seconds_field(json_t *clock, const char *key, double lo, double hi, bool required, int64_t *ms,
                         char *err, size_t errlen)
{
    json_t *v = json_object_get(clock, key);
    if (!v || json_is_null(v)) {
        if (required) {
            snprintf(err, errlen, "field 'clock' needs '%s' (seconds)", key);
            return -1;
        }
        *ms = 0;
        return 0;
    }
    if (!json_is_number(v) || !isfinite(json_number_value(v)) || json_number_value(v) < lo ||
        json_number_value(v) > hi) {
        snprintf(err, errlen, SN_("clock: '%s' must be a number of seconds from %g to %g"), key, lo, hi);
        return -1;
    }
    *ms = (int64_t)llround(json_number_value(v) * 1000.0);
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
    json_t *v;
    json_object_foreach(clock, k, v) {
        if (strcmp(k, "initial_s") != 0 && strcmp(k, "increment_s") != 0) {
            snprintf(err, errlen, "clock: unknown field '%.40s' (initial_s, increment_s)", k);
            return -1;
        }
    }
    int64_t in, inc;
    if (seconds_field(clock, "initial_s", CLOCK_MIN_INITIAL_MS / 1000.0, CLOCK_MAX_INITIAL_MS / 1000.0, true, &in,
                      err, errlen) != 0 ||
        seconds_field(clock, "increment_s", 0, CLOCK_MAX_INCREMENT_MS / 1000.0, false, &inc, err, errlen) != 0)
        return -1;
    *initial_ms = in;
    *increment_ms = inc;
    return 0;
}

/* ---- the arithmetic ---- */
static int64_t first_move_window(int64_t initial_ms)
{
    return initial_ms < CLOCK_FIRST_MOVE_MS ? initial_ms : CLOCK_FIRST_MOVE_MS;
}

/* `side` is to move from now: his first move's window, or his own time, starts counting. */
static void turn(clock_run *c, int side, int64_t initial_ms, int64_t now)
{
    if (side < 0 || side > 1) {
        c->running = -1;
        c->deadline_ms = 0;
        return;
    }
    c->running = side;
    c->deadline_ms = now + (c->moved[side] ? c->left_ms[side] : first_move_window(initial_ms));
}

void clock_begin(clock_run *c, int64_t initial_ms, int to_move, int64_t now)
{
    memset(c, 0, sizeof *c);
    c->left_ms[0] = c->left_ms[1] = initial_ms;
    c->started = true;
    turn(c, to_move, initial_ms, now);
}

int64_t clock_left(const clock_run *c, int side, int64_t now)
{
    if (c->running == side && c->moved[side] && c->deadline_ms) {
        int64_t left = c->deadline_ms - now;
        return left > 0 ? left : 0;
    }
    return c->left_ms[side];
}

void clock_moved(clock_run *c, int mover, bool forced, int next, int64_t initial_ms, int64_t increment_ms,
                 int64_t now)
{
    if (!c->started || mover < 0 || mover > 1)
        return;
    if (c->running == mover && c->moved[mover]) {
        c->left_ms[mover] = clock_left(c, mover, now) + (forced ? 0 : increment_ms);
    } else if (!forced) {
        c->moved[mover] = true; /* his first move: made in its window, which costs him nothing */
    }
    turn(c, next, initial_ms, now);
}

void clock_stop(clock_run *c, int64_t now)
{
    if (c->running >= 0)
        c->left_ms[c->running] = clock_left(c, c->running, now);
    c->running = -1;
    c->deadline_ms = 0;
}

int clock_due(const clock_run *c, int64_t now, int *side)
{
    if (!c->started || c->running < 0 || !c->deadline_ms || now < c->deadline_ms)
        return CLOCK_OK;
    *side = c->running;
    return c->moved[c->running] ? CLOCK_FLAG : CLOCK_ABORT;
}

json_t *clock_control_json(int64_t initial_ms, int64_t increment_ms)
{
    if (initial_ms <= 0)
        return json_null();
    json_t *i = initial_ms % 1000 ? json_real((double)initial_ms / 1000.0) : json_integer(initial_ms / 1000);
    json_t *c = increment_ms % 1000 ? json_real((double)increment_ms / 1000.0) : json_integer(increment_ms / 1000);
    return json_pack("{s:o,s:o}", "initial_s", i, "increment_s", c);
}

json_t *clock_json(const clock_run *c, int64_t initial_ms, int64_t increment_ms, int64_t now)
{
    static const char *const sides[] = {"S", "N"};
    bool counting = c->started && c->running >= 0;
    bool runs = counting && c->moved[c->running];
    /* before the game begins (the second seat not taken yet) each side has his initial time */
    int64_t s_ms = c->started ? clock_left(c, 0, now) : initial_ms, n_ms = c->started ? clock_left(c, 1, now) : initial_ms;
    return json_pack("{s:I,s:I,s:o,s:o,s:I,s:I,s:I,s:o}", "S", (json_int_t)s_ms, "N", (json_int_t)n_ms, "running", runs ? json_string(sides[c->running]) : json_null(),
                     "first_move", counting && !runs ? json_string(sides[c->running]) : json_null(),
                     "initial_ms", (json_int_t)initial_ms, "increment_ms", (json_int_t)increment_ms, "now",
                     (json_int_t)now, "deadline", counting ? json_integer(c->deadline_ms) : json_null());
}

int64_t clock_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---- the timer ---- */
/* Deadlines by game id in a chained hash table (arming is O(1): it happens on every move); the
 * thread finds the earliest by a walk over them, which happens only when one is due or an
 * earlier one is armed. */
#define TIMER_BUCKETS 4096
typedef struct deadline {
    char id[40];
    int64_t at;
    struct deadline *next;
} deadline;

static struct {
    pthread_mutex_t m;
    pthread_cond_t cv;
    pthread_t thread;
    bool running, stop;
    deadline *bucket[TIMER_BUCKETS];
    long count;
    int64_t sleeping_until; /* what the thread waits for (0: nothing, INT64_MAX: not waiting yet) */
    void (*expired)(const char *game_id);
} TM = {.m = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER};

static unsigned bucket_of(const char *id)
{
    unsigned h = 2166136261u; /* FNV-1a: ids are random, but nothing here relies on it */
    for (const char *p = id; *p; p++)
        h = (h ^ (unsigned char)*p) * 16777619u;
    return h & (TIMER_BUCKETS - 1);
}

static void forget_all(void)
{
    for (int i = 0; i < TIMER_BUCKETS; i++)
        for (deadline *d = TM.bucket[i], *nx; d; d = nx) {
            nx = d->next;
            free(d);
        }
    memset(TM.bucket, 0, sizeof TM.bucket);
    TM.count = 0;
}

static deadline *earliest(void)
{
    deadline *best = NULL;
    for (int i = 0; i < TIMER_BUCKETS; i++)
        for (deadline *d = TM.bucket[i]; d; d = d->next)
            if (!best || d->at < best->at)
                best = d;
    return best;
}

static void remove_entry(const char *id)
{
    for (deadline **pp = &TM.bucket[bucket_of(id)]; *pp; pp = &(*pp)->next)
        if (strcmp((*pp)->id, id) == 0) {
            deadline *d = *pp;
            *pp = d->next;
            free(d);
            TM.count--;
            return;
        }
}

static void *timer_main(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&TM.m);
    while (!TM.stop) {
        deadline *d = earliest();
        int64_t now = clock_now_ms();
        if (d && d->at <= now) {
            char id[40];
            memcpy(id, d->id, sizeof id);
            remove_entry(id); /* api.c arms it again if the game's deadline has moved */
            void (*fn)(const char *) = TM.expired;
            pthread_mutex_unlock(&TM.m);
            fn(id);
            pthread_mutex_lock(&TM.m);
            continue;
        }
        TM.sleeping_until = d ? d->at : 0;
        if (d) {
            struct timespec ts = {(time_t)(d->at / 1000), (long)(d->at % 1000) * 1000000L};
            pthread_cond_timedwait(&TM.cv, &TM.m, &ts); /* CLOCK_REALTIME: deadlines are wall-clock */
        } else {
            pthread_cond_wait(&TM.cv, &TM.m);
        }
        TM.sleeping_until = INT64_MAX;
    }
    pthread_mutex_unlock(&TM.m);
    return NULL;
}

int clock_timer_start(void (*expired)(const char *game_id))
{
    clock_timer_stop();
    pthread_mutex_lock(&TM.m);
    TM.expired = expired;
    TM.stop = false;
    TM.sleeping_until = INT64_MAX;
    int rc = pthread_create(&TM.thread, NULL, timer_main, NULL);
    TM.running = rc == 0;
    pthread_mutex_unlock(&TM.m);
    return rc == 0 ? 0 : -1;
}

void clock_timer_stop(void)
{
    pthread_mutex_lock(&TM.m);
    bool was = TM.running;
    TM.stop = true;
    pthread_cond_broadcast(&TM.cv);
    pthread_mutex_unlock(&TM.m);
    if (was)
        pthread_join(TM.thread, NULL);
    pthread_mutex_lock(&TM.m);
    TM.running = false;
    forget_all();
    pthread_mutex_unlock(&TM.m);
}

void clock_timer_arm(const char *game_id, int64_t deadline_ms)
{
    if (!game_id || strlen(game_id) >= sizeof ((deadline *)0)->id)
        return;
    pthread_mutex_lock(&TM.m);
    if (!TM.running) {
        pthread_mutex_unlock(&TM.m);
        return;
    }
    deadline *d = NULL;
    for (d = TM.bucket[bucket_of(game_id)]; d && strcmp(d->id, game_id) != 0; d = d->next)
        ;
    if (deadline_ms <= 0) {
        if (d)
            remove_entry(game_id);
    } else {
        if (!d && (d = calloc(1, sizeof *d))) {
            snprintf(d->id, sizeof d->id, "%s", game_id);
            unsigned b = bucket_of(game_id);
            d->next = TM.bucket[b];
            TM.bucket[b] = d;
            TM.count++;
        }
        if (d) {
            d->at = deadline_ms;
            /* wake the thread only if it sleeps past this one; a later one is found when it wakes */
            if (TM.sleeping_until == 0 || deadline_ms < TM.sleeping_until)
                pthread_cond_signal(&TM.cv);
        }
    }
    pthread_mutex_unlock(&TM.m);
}

long clock_timer_count(void)
{
    pthread_mutex_lock(&TM.m);
    long n = TM.count;
    pthread_mutex_unlock(&TM.m);
    return n;
}
