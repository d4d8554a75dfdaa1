/* smp.c — Lazy SMP: the alpha-beta search on several threads. Every thread searches the same
 * root by iterative deepening (search.c's gb_search_one) with its own searcher (record, killers,
 * history, buffers) and one shared transposition table; what one thread learns reaches the
 * others only through the table. Every other helper (the first, third, ...) searches one ply
 * deeper than its iteration (depth staggering), so that the threads do not walk the same tree
 * in step. The main thread's search keeps its budget and its result is the one reported; when it
 * ends, the helpers are told to stop and joined. docs/ai.md ("Threads").
 *
 * The table's slots are safe for lockless sharing (tt.h, the check word). Helpers are allocated
 * once, on the first search with threads, and kept with the main searcher: nothing is allocated
 * inside a search but the threads themselves. */
#include "searcher.h"

#include <stdlib.h>
#if !defined(__EMSCRIPTEN__)
#include <pthread.h>
#define GB_HAVE_THREADS 1
#endif

void gb_smp_free(gb_searcher *s)
{
    free(s->busy_own);
    s->busy_own = s->busy = NULL;
    for (int i = 0; i < s->nhelpers; i++)
        gb_searcher_free(s->helpers[i]);
    free(s->helpers);
    s->helpers = NULL;
    s->nhelpers = 0;
}

#if GB_HAVE_THREADS
typedef struct helper_job {
    gb_searcher *s;
    const gb_game *g;
    gb_search_opts o;
    gb_search_result res;
    int finish_depth; /* the depth asked for (0: none): reaching it ends the whole search */
} helper_job;

static void *helper_main(void *arg)
{
    helper_job *j = arg;
    gb_error err;
    /* its result is used only when it reaches a depth the main thread has not (gb_search) */
    (void)gb_search_one(j->s, j->g, &j->o, &j->res, &err);
    /* A search to a fixed depth is done when any thread has a whole result at that depth: a
     * helper that gets there first ends it, and its result is the one reported. */
    if (j->finish_depth > 0 && j->res.depth > 0 && j->res.depth + j->s->skew >= j->finish_depth)
        TT_STORE(j->s->shared_stop, 1);
    return NULL;
}

/* Helpers 0 .. n-1 exist (searchers without a table of their own). */
static int ensure_helpers(gb_searcher *s, int n)
{
    if (s->nhelpers >= n)
        return 0;
    gb_searcher **h = realloc(s->helpers, (size_t)n * sizeof *h);
    if (!h)
        return GB_ENOMEM;
    s->helpers = h;
    const gb_search_opts none = {.tt_mb = -1};
    while (s->nhelpers < n) {
        gb_searcher *x = gb_searcher_new(&none);
        if (!x)
            return GB_ENOMEM;
        s->helpers[s->nhelpers++] = x;
    }
    return 0;
}
#endif

int gb_search(gb_searcher *s, const gb_game *g, const gb_search_opts *o, gb_search_result *res,
              gb_error *err)
{
    const int bad = gb_search_check(s, g, o, res, err);
    if (bad)
        return bad;
#if GB_HAVE_THREADS
    const int n = o->threads - 1;
    if (n <= 0 || !s->tt.e || gb_is_over(g))
        return gb_search_one(s, g, o, res, err);
    if (!s->busy_own)
        s->busy_own = calloc((size_t)1 << DEFER_LOG2, sizeof *s->busy_own);
    if (!s->busy_own || ensure_helpers(s, n) != 0) {
        memset(res, 0, sizeof *res);
        return gb_fail(err, GB_ENOMEM, "out of memory");
    }
    helper_job jobs[GB_SEARCH_MAX_THREADS];
    pthread_t tid[GB_SEARCH_MAX_THREADS];
    bool started[GB_SEARCH_MAX_THREADS] = {0};
    int stop = 0;
    /* The main thread's setup first (it may clear the table for other rules; it ages it), then
     * the helpers, each set up on its own thread with no table, then given the shared one. */
    int rc = gb_search_prepare(s, g, o, 0, err);
    if (rc) {
        memset(res, 0, sizeof *res);
        return rc;
    }
    /* the table as the main search will set it up again in gb_search_one: the same entries,
     * aged once more (the second setup clears nothing: the rules are the same now) */
    int depth_done = 0; /* the main thread's deepest finished iteration */
    const int cap = o->budget.depth > 0 && o->budget.depth < GB_SEARCH_MAX_DEPTH ? o->budget.depth : GB_SEARCH_MAX_DEPTH;
    s->publish_depth = &depth_done;
    gb_tt shared = s->tt;
    shared.age = (shared.age + 1) & 31;
    for (int i = 0; i < n; i++) {
        helper_job *j = &jobs[i];
        j->s = s->helpers[i];
        j->g = g;
        j->o = *o;
        /* no budget of its own: it searches until the main thread's search ends, or to the
         * depth asked for (counting its skew), where it ends the search for every thread */
        j->s->skew = (i & 1) == 0 && cap > 1; /* helper 0, 2, ...: one ply deeper */
        j->o.budget = (gb_budget){.depth = cap - j->s->skew};
        j->finish_depth = o->budget.depth > 0 ? cap : 0;
        j->o.info = NULL;
        j->o.threads = 1;
        /* the main thread's seed: where the root's moves cannot be listed (L'ab al-Akil's
         * layouts, A2) the seed draws the candidates searched, and a helper with other
         * candidates than the main thread's shares none of its work (two threads were no
         * faster than one at a layout: docs/ai.md, "Threads") */
        j->o.seed = o->seed;
        j->s->shared_stop = &stop;
        j->s->borrow_tt = &shared;
        j->s->shared_depth = &depth_done;
        j->s->busy = s->busy_own;
        started[i] = pthread_create(&tid[i], NULL, helper_main, j) == 0;
    }
    s->shared_stop = &stop; /* a helper that finishes the depth asked for stops the main thread */
    s->busy = s->busy_own; /* the deferral, for this search only (tune.h) */
    rc = gb_search_one(s, g, o, res, err);
    TT_STORE(&stop, 1);
    s->busy = NULL;
    s->shared_stop = NULL;
    s->publish_depth = NULL;
    for (int i = 0; i < n; i++)
        if (started[i]) {
            pthread_join(tid[i], NULL);
            res->nodes += jobs[i].s->nodes;
        }
    /* By time, a skewed helper has often finished an iteration one ply deeper than the main
     * thread's last when the clock stops it; that deeper answer is the better one, so it is
     * played (Stockfish's "best thread" does the like). To a fixed depth, a helper that
     * finished that depth first has stopped the main thread, and its result is the one. Never
     * past the depth asked for (the helpers' own budgets stop there). */
    bool adopted = false;
    if (rc == GB_OK && (o->budget.movetime_ms > 0 || o->budget.depth > 0))
        for (int i = 0; i < n; i++) {
            const gb_search_result *h = &jobs[i].res;
            const int hd = h->depth > 0 ? h->depth + jobs[i].s->skew : 0;
            if (!started[i] || hd <= res->depth || hd > cap || h->pv_len == 0)
                continue;
            const long long nodes = res->nodes;
            const double seconds = res->seconds;
            *res = *h;
            res->depth = hd;
            res->nodes = nodes;
            res->seconds = seconds;
            adopted = true;
        }
    if (adopted && o->info) /* the last line reported is the one played */
        o->info(res, o->user);
    for (int i = 0; i < n; i++) {
        s->helpers[i]->shared_stop = NULL;
        s->helpers[i]->borrow_tt = NULL;
        s->helpers[i]->shared_depth = NULL;
        s->helpers[i]->busy = NULL; /* the main's, freed with it */
        s->helpers[i]->tt = (gb_tt){0}; /* the main's: not the helper's to clear or free */
    }
    return rc;
#else
    return gb_search_one(s, g, o, res, err);
#endif
}
