/* level.c — the machinery every game's table builder shares to build a level (level.h;
 * docs/tables.md, "The build"): Tarjan's components of a level's capture-free moves, and the
 * threads that share one piece of work. One copy for tables.c (Sadeqa III), akil.c and bulto.c,
 * which keep only what differs: the positions, the moves, the walks, the bytes. */
#include "level.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#if !defined(__wasm__) && !defined(__EMSCRIPTEN__)
#include <pthread.h>
#define TB_THREADS 1
#endif

/* ---- the components ---- */

/* A node on the depth-first path, with its children (read once, when it is entered). Its size
 * is the game's: 40 bytes for Sadeqa III's eight children, 36 for L'ab al-Akil's seven. */
typedef struct scc_frame {
    uint32_t node;
    uint8_t n, next; /* children, and the next to visit */
    uint32_t child[];
} scc_frame;

static inline scc_frame *frame_at(const gb_tb_scc *s, size_t depth)
{
    return (scc_frame *)(s->frames + depth * s->frame_size);
}

int gb_tb_scc_alloc(gb_tb_scc *s, uint64_t nodes, gb_error *err)
{
    s->idx = s->low = s->stack = NULL;
    s->done = NULL;
    s->frames = NULL;
    if (nodes >= GB_TB_SCC_MAX_NODES || s->max_children < 1 || s->max_children > GB_TB_SCC_MAX_CHILDREN)
        return gb_fail(err, GB_EINVAL, "%llu positions of %d moves each: too many for the component search",
                       (unsigned long long)nodes, s->max_children);
    const size_t n = nodes ? (size_t)nodes : 1;
    s->nodes = nodes;
    s->frame_size = sizeof(scc_frame) + (size_t)s->max_children * sizeof(uint32_t);
    s->frames_cap = 1024;
    s->idx = malloc(n * sizeof *s->idx);
    s->low = malloc(n * sizeof *s->low);
    s->stack = malloc(n * sizeof *s->stack);
    s->done = malloc(n);
    s->frames = malloc(s->frames_cap * s->frame_size);
    if (!s->idx || !s->low || !s->stack || !s->done || !s->frames)
        return gb_fail(err, GB_ENOMEM, "out of memory for the component search (%llu positions)",
                       (unsigned long long)nodes);
    return GB_OK;
}

void gb_tb_scc_free(gb_tb_scc *s)
{
    free(s->idx);
    free(s->low);
    free(s->stack);
    free(s->done);
    free(s->frames);
    s->idx = s->low = s->stack = NULL;
    s->done = NULL;
    s->frames = NULL;
}

/* Enter v: a frame with its children on top of the path, v reached (idx) and on Tarjan's stack. */
static inline int enter(gb_tb_scc *s, size_t *depth, uint32_t v, uint32_t *counter, uint32_t *sp, gb_error *err)
{
    if (*depth == s->frames_cap) {
        unsigned char *nf = realloc(s->frames, 2 * s->frames_cap * s->frame_size);
        if (!nf)
            return gb_fail(err, GB_ENOMEM, "out of memory (component search)");
        s->frames = nf;
        s->frames_cap *= 2;
    }
    scc_frame *f = frame_at(s, (*depth)++);
    const int n = s->children(s->user, v, f->child, err);
    if (n < 0)
        return n;
    f->node = v;
    f->n = (uint8_t)n;
    f->next = 0;
    s->idx[v] = s->low[v] = ++*counter;
    s->stack[(*sp)++] = v;
    if (s->poll && *counter % GB_TB_SCC_POLL == 0)
        return s->poll(s->user, err);
    return GB_OK;
}

int gb_tb_scc_run(gb_tb_scc *s, uint32_t n, gb_tb_stats *st, gb_error *err)
{
    if (n > s->nodes)
        return gb_fail(err, GB_EINVAL, "%lu positions for a component search of %llu", (unsigned long)n,
                       (unsigned long long)s->nodes);
    uint32_t *idx = s->idx, *low = s->low, *stack = s->stack;
    uint8_t *done = s->done;
    memset(idx, 0, (size_t)n * sizeof *idx);
    memset(done, 0, n);
    uint32_t counter = 0, sp = 0, ncomp = 0;
    int rc;
    for (uint32_t root = 0; root < n; root++) {
        if (idx[root])
            continue;
        size_t depth = 0;
        if ((rc = enter(s, &depth, root, &counter, &sp, err)) != GB_OK)
            return rc;
        while (depth) {
            scc_frame *f = frame_at(s, depth - 1);
            if (f->next < f->n) {
                const uint32_t c = f->child[f->next++];
                if (!idx[c]) {
                    if ((rc = enter(s, &depth, c, &counter, &sp, err)) != GB_OK)
                        return rc;
                } else if (!done[c] && idx[c] < low[f->node]) {
                    low[f->node] = idx[c]; /* reached, not popped: on the stack, in f's component */
                }
                continue;
            }
            /* f's children are done */
            const uint32_t v = f->node;
            depth--;
            if (depth && low[v] < low[frame_at(s, depth - 1)->node])
                low[frame_at(s, depth - 1)->node] = low[v];
            if (low[v] != idx[v])
                continue;
            /* v roots a component: pop it */
            const uint32_t top = sp;
            while (stack[sp - 1] != v)
                sp--;
            sp--;
            const uint32_t size = top - sp, id = 0xfffffffeu - ncomp++;
            for (uint32_t j = sp; j < top; j++) {
                low[stack[j]] = id;
                done[stack[j]] = 1;
            }
            if (size > st->largest_component)
                st->largest_component = size;
            if (size > 1)
                st->cyclic += size;
            if ((rc = s->component(s->user, stack + sp, size, id, err)) != GB_OK)
                return rc;
        }
    }
    return GB_OK;
}

/* ---- threads ---- */

int gb_tb_jobs(int requested)
{
#ifdef TB_THREADS
    return requested < 1 ? 1 : requested > GB_TB_MAX_JOBS ? GB_TB_MAX_JOBS : requested;
#else
    (void)requested;
    return 1;
#endif
}

typedef struct share_state {
    const gb_tb_shared *s;
    atomic_ullong next;     /* the first item of the next chunk */
    atomic_ullong finished; /* positions done, for the ticker */
    atomic_bool failed;
} share_state;

typedef struct share_thread {
    share_state *state;
    void *worker;
    bool calling; /* the calling thread: the only one that ticks (a ticker is one thread's) */
} share_thread;

static void *share_work(void *arg)
{
    const share_thread *th = arg;
    share_state *ss = th->state;
    const gb_tb_shared *s = ss->s;
    while (!atomic_load(&ss->failed)) {
        const uint64_t from = atomic_fetch_add(&ss->next, s->chunk);
        if (from >= s->count)
            break;
        const uint64_t to = s->count - from > s->chunk ? from + s->chunk : s->count;
        uint64_t done = 0;
        if (!s->run(th->worker, from, to, &done)) {
            atomic_store(&ss->failed, true);
            break;
        }
        const uint64_t f = atomic_fetch_add(&ss->finished, done) + done;
        if (th->calling && s->ticker)
            gb_tb_tick(s->ticker, s->ticked + f);
    }
    return NULL;
}

int gb_tb_share(const gb_tb_shared *s)
{
    const int jobs = gb_tb_jobs(s->jobs);
    if (jobs == 1) { /* the chunks in turn, no counter: most components are of one position */
        uint64_t done = 0;
        for (uint64_t from = 0; from < s->count; from += s->chunk) {
            const uint64_t to = s->count - from > s->chunk ? from + s->chunk : s->count;
            if (!s->run(s->workers, from, to, &done))
                break;
            if (s->ticker)
                gb_tb_tick(s->ticker, s->ticked + done);
        }
        return 1;
    }
    share_state ss = {.s = s};
    atomic_init(&ss.next, 0);
    atomic_init(&ss.finished, 0);
    atomic_init(&ss.failed, false);
    share_thread th[GB_TB_MAX_JOBS];
    for (int i = 0; i < jobs; i++)
        th[i] = (share_thread){&ss, (char *)s->workers + (size_t)i * s->worker_size, i == 0};
    int started = 1;
#ifdef TB_THREADS
    pthread_t tid[GB_TB_MAX_JOBS];
    pthread_attr_t attr;
    const bool attr_ok = pthread_attr_init(&attr) == 0;
    /* a walk recurses once a position of its path (at most its budget): room for that */
    if (attr_ok)
        pthread_attr_setstacksize(&attr, (size_t)256 << 20);
    for (; started < jobs; started++)
        if (pthread_create(&tid[started], attr_ok ? &attr : NULL, share_work, &th[started]) != 0)
            break; /* fewer threads: the same result, later */
    if (attr_ok)
        pthread_attr_destroy(&attr);
#endif
    share_work(&th[0]);
#ifdef TB_THREADS
    for (int i = 1; i < started; i++)
        pthread_join(tid[i], NULL);
#endif
    return started;
}
