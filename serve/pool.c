/* pool.c — the worker threads of `gabata serve`: computer moves and hints are searched here,
 * never on the thread that accepts and answers requests (http.c), so that a search of a
 * second or more holds up no other client. A bounded queue: a job that would wait past the bound
 * is refused (the request gets 503 with Retry-After). The workers run at Linux's SCHED_IDLE
 * priority (or, where that is refused, niced by WORKER_NICE), so that on a machine whose cores
 * they fill the thread answering requests takes the processor from them the moment a request
 * arrives: a search is background work, and a busy server answers its players first and thinks
 * with what is left. (Measured in docs/performance.md: with nice 10 alone the workers still took
 * a third of a core each from a loaded 2-core machine.)
 *
 * Fair between client addresses (docs/api.md, "Computer moves and order"): each address has a
 * lane of its waiting jobs, and the workers share their time between the lanes in turn, counted
 * in worker-seconds: the next job is the oldest of the lane that has had the least of the
 * workers' time (what its jobs have run, plus the estimate of the ones running). A lane is made
 * when its address asks with nothing waiting or running, and starts level with the lane served
 * least, so it is served next or nearly: an ai:1 move asked while 16 addresses keep 64 ai:8
 * searches waiting waits for a search to end, not for the 64 (one FIFO for all made it wait
 * 28-35 s; docs/performance.md). With the queue full, a job of an address waiting less than the
 * address waiting most takes the place of that one's newest job, which is cancelled. */
#define _GNU_SOURCE 1 /* gettid */
#include "serve.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

typedef struct lane lane;
typedef struct job {
    void (*work)(void *arg, bool cancelled);
    void (*answer)(void *arg); /* after the lane is settled (NULL: none) */
    void *arg;
    double estimate;          /* seconds of a worker it is expected to take */
    lane *lane;
    struct job *next, *prev;
} job;

/* One address's jobs waiting (oldest first) and running; in P.lanes while it has any. */
struct lane {
    char client[64];
    job *head, *tail;
    int waiting, running;
    double used;              /* worker-seconds: its jobs' time, the running ones' estimates */
    unsigned long long serial; /* the order lanes were made in (ties go to the older) */
    lane *next, *prev;        /* P.lanes */
    lane *hnext;              /* the hash chain */
};

#define LANE_BUCKETS 256

static struct {
    pthread_mutex_t lock;
    pthread_cond_t more;
    pthread_t *threads;
    int n, max_waiting, waiting, running;
    lane *lanes;              /* every lane with a job waiting or running */
    lane *table[LANE_BUCKETS];
    unsigned long long serials;
    job *cancel;              /* jobs that gave their place: told by the next free worker */
    bool stopping, started;
} P = {.lock = PTHREAD_MUTEX_INITIALIZER, .more = PTHREAD_COND_INITIALIZER};

#define WORKER_NICE 10


static lane **lane_slot(const char *client)
{
    unsigned h = 2166136261u;
    for (const char *c = client; *c; c++)
        h = (h ^ (unsigned char)*c) * 16777619u;
    lane **p = &P.table[h % LANE_BUCKETS];
    while (*p && strcmp((*p)->client, client) != 0)
        p = &(*p)->hnext;
    return p;
}

/* Free the lane once it has nothing waiting or running. */
static void lane_done(lane *l)
{
    if (l->waiting || l->running)
        return;
    if (l->prev)
        l->prev->next = l->next;
    else
        P.lanes = l->next;
    if (l->next)
        l->next->prev = l->prev;
    lane **p = lane_slot(l->client);
    if (*p == l)
        *p = l->hnext;
    free(l);
}

/* The next job: the oldest of the lane with the least worker time (ties: the older lane). */
static job *next_job(void)
{
    lane *best = NULL;
    for (lane *l = P.lanes; l; l = l->next)
        if (l->waiting && (!best || l->used < best->used || (l->used == best->used && l->serial < best->serial)))
            best = l;
    if (!best)
        return NULL;
    job *j = best->head;
    best->head = j->next;
    if (best->head)
        best->head->prev = NULL;
    else
        best->tail = NULL;
    best->waiting--;
    best->running++;
    best->used += j->estimate;
    P.waiting--;
    return j;
}

static void *worker(void *unused)
{
    (void)unused;
    /* lowering a thread's own priority needs no privilege; failing is harmless (the workers then
     * compete with the answering thread: slower answers under load, nothing wrong) */
    struct sched_param idle = {0};
    if (pthread_setschedparam(pthread_self(), SCHED_IDLE, &idle) != 0 &&
        setpriority(PRIO_PROCESS, (id_t)gettid(), WORKER_NICE) != 0) {
        /* (as said) */
    }
    pthread_mutex_lock(&P.lock);
    for (;;) {
        while (!P.waiting && !P.cancel && !P.stopping)
            pthread_cond_wait(&P.more, &P.lock);
        bool cancelled = P.stopping;
        job *j = P.cancel;
        if (j) {
            P.cancel = j->next; /* (a job that gave its place: told at once, not run) */
            cancelled = true;
        } else if (!(j = next_job())) {
            break; /* stopping, and nothing left */
        }
        P.running++;
        pthread_mutex_unlock(&P.lock);
        double t0 = serve_now_s();
        j->work(j->arg, cancelled);
        double spent = serve_now_s() - t0;
        pthread_mutex_lock(&P.lock);
        P.running--;
        if (j->lane) {
            j->lane->used += spent - j->estimate;
            j->lane->running--;
            lane_done(j->lane);
        }
        /* Answered only now, with the lane settled: a client that asks again the moment it has
         * its answer finds its lane gone (made anew, level with the least served) or charged what
         * the job really took, not the estimate of a job still counted as running. Answered
         * before, an ai:1 move asked again at once was charged the estimate (50 ms for a search
         * of 3) and queued behind every address less served than that: ~16 searches, not 1. */
        if (j->answer) {
            pthread_mutex_unlock(&P.lock);
            j->answer(j->arg);
            pthread_mutex_lock(&P.lock);
        }
        free(j);
    }
    pthread_mutex_unlock(&P.lock);
    return NULL;
}

int pool_start(int n, int queue)
{
    if (n < 1 || queue < 0)
        return -1;
    P.threads = calloc((size_t)n, sizeof *P.threads);
    if (!P.threads)
        return -1;
    P.max_waiting = queue;
    P.stopping = false;
    P.waiting = P.running = 0;
    P.n = 0;
    for (int i = 0; i < n; i++) {
        if (pthread_create(&P.threads[i], NULL, worker, NULL) != 0)
            break;
        P.n++;
    }
    if (!P.n) {
        free(P.threads);
        P.threads = NULL;
        return -1;
    }
    P.started = true;
    return 0;
}

bool pool_running(void)
{
    pthread_mutex_lock(&P.lock);
    bool r = P.started && !P.stopping;
    pthread_mutex_unlock(&P.lock);
    return r;
}

int pool_submit_for(const char *client, double estimate_s, void (*work)(void *arg, bool cancelled),
                    void (*answer)(void *arg), void *arg)
{
    char who[64];
    snprintf(who, sizeof who, "%s", client && *client ? client : "-");
    job *j = calloc(1, sizeof *j);
    if (!j)
        return -1;
    j->work = work;
    j->answer = answer;
    j->arg = arg;
    j->estimate = estimate_s > 0 ? estimate_s : 0.01;
    pthread_mutex_lock(&P.lock);
    if (!P.started || P.stopping)
        goto refuse;
    lane *l = *lane_slot(who);
    /* the queue full while every worker is busy: the address waiting most gives up its newest
     * job if it has at least two more waiting than this one's; else this one is refused */
    if (P.waiting >= P.max_waiting && P.running + P.waiting >= P.n) {
        lane *most = NULL;
        for (lane *k = P.lanes; k; k = k->next)
            if (!most || k->waiting > most->waiting)
                most = k;
        if (!most || most->waiting < (l ? l->waiting : 0) + 2)
            goto refuse;
        job *out = most->tail;
        most->tail = out->prev;
        if (most->tail)
            most->tail->next = NULL;
        else
            most->head = NULL;
        most->waiting--;
        P.waiting--;
        out->lane = NULL;
        out->next = P.cancel;
        P.cancel = out;
        lane_done(most);
        pthread_cond_signal(&P.more);
    }
    if (!l) {
        if (!(l = calloc(1, sizeof *l)))
            goto refuse;
        snprintf(l->client, sizeof l->client, "%s", who);
        l->serial = ++P.serials;
        /* level with the lane served least, so that coming back costs nothing and gains nothing */
        bool any = false;
        for (lane *k = P.lanes; k; k = k->next)
            if (!any || k->used < l->used)
                l->used = k->used, any = true;
        lane **slot = lane_slot(who);
        l->hnext = *slot;
        *slot = l;
        l->next = P.lanes;
        if (P.lanes)
            P.lanes->prev = l;
        P.lanes = l;
    }
    j->lane = l;
    j->prev = l->tail;
    if (l->tail)
        l->tail->next = j;
    else
        l->head = j;
    l->tail = j;
    l->waiting++;
    P.waiting++;
    pthread_cond_signal(&P.more);
    pthread_mutex_unlock(&P.lock);
    return 0;
refuse:
    pthread_mutex_unlock(&P.lock);
    free(j);
    return -1;
}

void pool_stop(void)
{
    pthread_mutex_lock(&P.lock);
    if (!P.started) {
        pthread_mutex_unlock(&P.lock);
        return;
    }
    P.stopping = true;
    pthread_cond_broadcast(&P.more);
    pthread_mutex_unlock(&P.lock);
    for (int i = 0; i < P.n; i++)
        pthread_join(P.threads[i], NULL);
    free(P.threads);
    P.threads = NULL;
    P.n = 0;
    P.started = false;
}

void pool_counts(int *waiting, int *running, int *workers)
{
    pthread_mutex_lock(&P.lock);
    *waiting = P.waiting;
    *running = P.running;
    *workers = P.n;
    pthread_mutex_unlock(&P.lock);
}
