/* pool.c — the worker threads of `gabata serve`: computer moves and hints are searched here,
 * never on the thread that accepts and answers requests (http.c), so that a search of a
 * second or more holds up no other client. A bounded queue: a job that would wait past the bound
 * is refused (the request gets 503 with Retry-After). The workers run at Linux's SCHED_IDLE
 * priority (or, where that is refused, niced by WORKER_NICE), so that on a machine whose cores
 * they fill the thread answering requests takes the processor from them the moment a request
 * arrives: a search is background work, and a busy server answers its players first and thinks
 * with what is left. (Measured in docs/performance.md: with nice 10 alone the workers still took
 * a third of a core each from a loaded 2-core machine.) */
#define _GNU_SOURCE 1 /* gettid */
#include "serve.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

typedef struct job {
    void (*fn)(void *arg, bool cancelled);
    void *arg;
    struct job *next;
} job;

static struct {
    pthread_mutex_t lock;
    pthread_cond_t more;
    pthread_t *threads;
    int n, max_waiting, waiting, running;
    job *head, *tail;
    bool stopping, started;
} P = {.lock = PTHREAD_MUTEX_INITIALIZER, .more = PTHREAD_COND_INITIALIZER};

#define WORKER_NICE 10

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
        while (!P.head && !P.stopping)
            pthread_cond_wait(&P.more, &P.lock);
        if (!P.head)
            break; /* stopping, and nothing left */
        job *j = P.head;
        P.head = j->next;
        if (!P.head)
            P.tail = NULL;
        P.waiting--;
        P.running++;
        bool cancelled = P.stopping;
        pthread_mutex_unlock(&P.lock);
        j->fn(j->arg, cancelled);
        free(j);
        pthread_mutex_lock(&P.lock);
        P.running--;
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

int pool_submit(void (*fn)(void *arg, bool cancelled), void *arg)
{
    job *j = malloc(sizeof *j);
    if (!j)
        return -1;
    j->fn = fn;
    j->arg = arg;
    j->next = NULL;
    pthread_mutex_lock(&P.lock);
    /* a job is refused when every worker is busy and the queue is full */
    if (!P.started || P.stopping || (P.waiting >= P.max_waiting && P.running + P.waiting >= P.n)) {
        pthread_mutex_unlock(&P.lock);
        free(j);
        return -1;
    }
    if (P.tail)
        P.tail->next = j;
    else
        P.head = j;
    P.tail = j;
    P.waiting++;
    pthread_cond_signal(&P.more);
    pthread_mutex_unlock(&P.lock);
    return 0;
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
