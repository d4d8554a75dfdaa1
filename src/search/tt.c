/* tt.c — the transposition table's memory: allocation (huge pages where the system gives them),
 * clearing, resizing. The probes and stores are inline in tt.h. */
/* madvise and MADV_HUGEPAGE are outside POSIX */
#define _DEFAULT_SOURCE
#include "tt.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif


/* Zeroed memory. The table's probes are random accesses over many megabytes: with 4 KB pages
 * nearly every one also misses the TLB, so on Linux the table asks for huge pages (transparent
 * huge pages in "madvise" mode, Debian's default), aligned to their 2 MB. Elsewhere, or if
 * refused, plain pages, aligned to a cache line (a bucket). */
static void *table_alloc(size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= (2u << 20)) {
        void *p = NULL;
        if (posix_memalign(&p, 2u << 20, bytes) == 0) {
            madvise(p, bytes, MADV_HUGEPAGE); /* advice only: failure leaves plain pages */
            memset(p, 0, bytes);
            return p;
        }
    }
#endif
    void *p = NULL;
    if (posix_memalign(&p, 64, bytes) != 0)
        return NULL;
    memset(p, 0, bytes);
    return p;
}

int gb_tt_init(gb_tt *t, int mb)
{
    t->e = NULL;
    t->mask = 0;
    t->age = 0;
    if (mb < 0)
        return 0;
    if (mb == 0)
        mb = TT_DEFAULT_MB;
    size_t want = (size_t)mb << 20, n = TT_BUCKET;
    while (n * 2 * sizeof(tt_slot) <= want)
        n *= 2;
    t->e = table_alloc(n * sizeof(tt_slot));
    if (!t->e)
        return GB_ENOMEM;
    t->mask = n - 1;
    return 0;
}

int gb_tt_resize(gb_tt *t, int mb)
{
    gb_tt fresh;
    if (gb_tt_init(&fresh, mb) != 0)
        return GB_ENOMEM;
    fresh.age = t->age;
    gb_tt_free(t);
    *t = fresh;
    return 0;
}

void gb_tt_clear(gb_tt *t)
{
    if (t->e)
        memset(t->e, 0, (t->mask + 1) * sizeof(tt_slot));
}

void gb_tt_free(gb_tt *t)
{
    free(t->e);
    t->e = NULL;
    t->mask = 0;
}
