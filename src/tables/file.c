/* file.c — the endgame tables' files, for every game's tables (issue 23 §1; docs/tables.md,
 * "Files").
 *
 * One file a level, DIR/GAME-KK.gbt: a 512-byte text header (`gabata-table 1`, the variant, the
 * options that decide the values, the level, its positions, those on cycles, an FNV-1a 64-bit
 * checksum of the values, then the game's own lines, e.g. Bulto's max-bulto), the rest zeros,
 * then one byte a position. A level is written to a .part file and renamed when whole, so a
 * stopped build leaves no damaged level; it is read by memory-mapping it. The games' tables
 * (tables.c, bulto.c) say only what differs: their name, their extra lines, their level sizes,
 * the options that decide a value, and how a level is built. */
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TB_MAGIC "gabata-table"
#define TB_VERSION 1

uint64_t gb_tb_fnv1a(const uint8_t *b, uint64_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (uint64_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

static void level_path(char *buf, size_t len, const char *dir, const gb_tb_game *g, int k)
{
    snprintf(buf, len, "%s/%s-%02d.gbt", dir, g->name, k);
}

bool gb_tb_file_in(const gb_tb_game *g, const char *dir)
{
    char path[4096];
    for (int k = 1; k <= (g->first_level ? TB_FIRST_MAX + 1 : 1); k++) { /* one more: a missing first level is named */
        level_path(path, sizeof path, dir, g, k);
        if (access(path, F_OK) == 0)
            return true;
    }
    return false;
}

static int first_of(const gb_tb_game *g, const gb_tables *t) { return g->first_level ? g->first_level(t) : 1; }

/* The header's lines that say which level a file is (a level's own, or its saved progress) into
 * head (TB_HEADER bytes, zeros after them), and the game's own lines into extra (128 bytes):
 * the first lines' length. */
static int level_head(const gb_tb_game *g, const gb_tables *t, int k, uint64_t n, char *head, char *extra)
{
    memset(head, 0, TB_HEADER);
    extra[0] = 0;
    if (g->extra_lines)
        g->extra_lines(t, extra, 128);
    return snprintf(head, TB_HEADER, "%s %d\nvariant %s\noptions %s\nstones %d\npositions %llu\n", TB_MAGIC,
                    TB_VERSION, g->name, t->options[0] ? t->options : "-", k, (unsigned long long)n);
}

/* Write head (TB_HEADER bytes), then the size[i] bytes of each part[i], to tmp, flushed to the
 * disk, then rename it to path: a reader finds the old file or the whole new one, also after a
 * crash. On failure, "<failed> PATH: why" and no tmp left. */
static int write_whole(const char *path, const char *tmp, const char *head, const uint8_t *const part[],
                       const uint64_t size[], int parts, const char *failed, gb_error *err)
{
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return gb_fail(err, GB_EINVAL, "%s %s: %s", failed, tmp, strerror(errno));
    bool ok = fwrite(head, 1, TB_HEADER, f) == TB_HEADER;
    for (int i = 0; i < parts && ok; i++)
        ok = !size[i] || fwrite(part[i], 1, size[i], f) == size[i];
    ok = fflush(f) == 0 && fsync(fileno(f)) == 0 && ok;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        const int e = errno;
        remove(tmp);
        return gb_fail(err, GB_EINVAL, "%s %s: %s", failed, path, strerror(e));
    }
    return GB_OK;
}

static int write_level(const gb_tb_game *g, const char *dir, const gb_tables *t, int k, const uint8_t *b,
                       uint64_t n, uint64_t cyclic, uint64_t sum, gb_error *err)
{
    char path[4096], tmp[4200], head[TB_HEADER], extra[128];
    level_path(path, sizeof path, dir, g, k);
    snprintf(tmp, sizeof tmp, "%s.part", path);
    const int hl = level_head(g, t, k, n, head, extra);
    snprintf(head + hl, sizeof head - (size_t)hl, "cyclic %llu\nchecksum %016llx\n%s", (unsigned long long)cyclic,
             (unsigned long long)sum, extra);
    const uint8_t *const part[] = {b};
    const uint64_t size[] = {n};
    return write_whole(path, tmp, head, part, size, 1, "cannot write", err);
}

/* --resume: level k of dir, if it is there, read into b (n bytes) when it is the level this build
 * would write (the same header but for its counts: variant, options, stones, positions, the game's
 * own lines) and its checksum matches. 1 kept (*cyclic, *sum set), 0 no such file, or an error
 * naming the file: a folder holding something else is not overwritten unasked. */
static int keep_level(const gb_tb_game *g, const char *dir, const gb_tables *t, int k, uint8_t *b, uint64_t n,
                      uint64_t *cyclic, uint64_t *sum, gb_error *err)
{
    char path[4096], head[TB_HEADER + 1], want[TB_HEADER], extra[128] = "";
    level_path(path, sizeof path, dir, g, k);
    FILE *f = fopen(path, "rb");
    if (!f)
        return errno == ENOENT ? 0 : gb_fail(err, GB_EINVAL, "cannot open %s: %s", path, strerror(errno));
    const int wl = level_head(g, t, k, n, want, extra);
    unsigned long long cy = 0, cs = 0;
    int end = 0;
    bool ok = fread(head, 1, TB_HEADER, f) == TB_HEADER;
    head[TB_HEADER] = 0;
    ok = ok && strncmp(head, want, (size_t)wl) == 0 &&
         sscanf(head + wl, "cyclic %llu\nchecksum %llx%n", &cy, &cs, &end) == 2 && end &&
         strcmp(head + wl + end + (head[wl + end] == '\n'), extra) == 0;
    if (!ok) {
        fclose(f);
        return gb_fail(err, GB_EINVAL, "%s is not the level this build makes (another variant, options or "
                                       "format): remove it, or build into another folder", path);
    }
    ok = fread(b, 1, n, f) == n && fgetc(f) == EOF;
    fclose(f);
    if (!ok)
        return gb_fail(err, GB_EINVAL, "%s is not as long as its header says: remove it to build it again", path);
    if (gb_tb_fnv1a(b, n) != cs)
        return gb_fail(err, GB_EINVAL, "%s: its checksum does not match: the file is damaged (remove it to "
                                       "build it again)", path);
    *cyclic = cy;
    *sum = cs;
    return 1;
}

/* ---- a level's saved progress (file.h) ---- */
void gb_tb_progress_path(char *buf, size_t len, const char *dir, const gb_tb_game *g, int k)
{
    snprintf(buf, len, "%s/%s-%02d.progress", dir, g->name, k);
}

static uint64_t fnv1a_on(uint64_t h, const uint8_t *b, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t progress_sum(const uint8_t *b, uint64_t n, const gb_tb_saved *s)
{
    return fnv1a_on(fnv1a_on(gb_tb_fnv1a(b, n), s->comp_bytes, s->comp_size), s->comp_guesses,
                    (uint64_t)s->comp_size * TB_GUESS_BYTES);
}

int gb_tb_progress_save(const gb_tb_game *g, const gb_tables *t, const char *dir, int k, uint64_t n,
                        long long budget, const uint8_t *b, const gb_tb_saved *s, gb_error *err)
{
    char path[4096], tmp[4200], head[TB_HEADER], extra[128];
    gb_tb_progress_path(path, sizeof path, dir, g, k);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    const int hl = level_head(g, t, k, n, head, extra);
    snprintf(head + hl, sizeof head - (size_t)hl,
             "progress 2\nbudget %lld\nwalk-nodes %lld\nunknown %llu\nseconds %.3f %.3f\n", budget, s->walk_nodes,
             (unsigned long long)s->unknown, s->seconds, s->cpu_seconds);
    if (s->items_done) /* only a level of independent pieces (Bulto's): Sadeqa III's files as before */
        snprintf(head + strlen(head), sizeof head - strlen(head), "items %llu %llu %lu\n",
                 (unsigned long long)s->items_done, (unsigned long long)s->cyclic, (unsigned long)s->largest);
    snprintf(head + strlen(head), sizeof head - strlen(head), "component %lu %016llx\nchecksum %016llx\n%s",
             (unsigned long)s->comp_size, (unsigned long long)s->comp_hash, (unsigned long long)progress_sum(b, n, s),
             extra);
    const uint8_t *const part[] = {b, s->comp_bytes, s->comp_guesses};
    const uint64_t size[] = {n, s->comp_size, (uint64_t)s->comp_size * TB_GUESS_BYTES};
    return write_whole(path, tmp, head, part, size, 3, "cannot save the build's work to", err);
}

/* The lines of a progress file's header after the level's own (gb_tb_progress_save): read by
 * the build that goes on from it and by `gabata tables info`. */
typedef struct progress_head {
    long long budget, walk_nodes;
    unsigned long long unknown, items, cyclic, comp_hash, checksum;
    unsigned long comp_size, largest;
    double seconds, cpu_seconds; /* -1: not saved (a file of before they were) */
} progress_head;

/* Parse from p, which should be at "progress 2": the characters read (> 0), 0 when they are not
 * such lines (or hold an impossible value), -1 for "progress 1" (an earlier gabata's guesses). */
static int progress_head_parse(const char *p, progress_head *h)
{
    memset(h, 0, sizeof *h);
    h->seconds = h->cpu_seconds = -1;
    if (strncmp(p, "progress 1\n", 11) == 0)
        return -1;
    const char *const start = p;
    int end = 0;
    if (sscanf(p, "progress 2\nbudget %lld\nwalk-nodes %lld\nunknown %llu\n%n", &h->budget, &h->walk_nodes,
               &h->unknown, &end) != 3 || !end)
        return 0;
    p += end;
    end = 0; /* the optional lines: the time spent so far; the pieces done and their counts (Bulto's) */
    if (sscanf(p, "seconds %lf %lf\n%n", &h->seconds, &h->cpu_seconds, &end) == 2 && end) {
        p += end;
        if (!(h->seconds >= 0 && h->cpu_seconds >= 0))
            return 0;
    }
    end = 0;
    if (sscanf(p, "items %llu %llu %lu\n%n", &h->items, &h->cyclic, &h->largest, &end) == 3 && end)
        p += end;
    end = 0;
    if (sscanf(p, "component %lu %llx\nchecksum %llx%n", &h->comp_size, &h->comp_hash, &h->checksum, &end) != 3 ||
        !end || h->walk_nodes < 0)
        return 0;
    return (int)(p + end - start);
}

/* The message for a progress file whose bytes do not check out. */
static int progress_unreadable(gb_error *err, const char *path, bool damaged)
{
    return gb_fail(err, GB_EINVAL, "%s is %s: remove it to build the level from its start", path,
                   damaged ? "damaged (its checksum does not match)" : "not as long as its header says");
}

int gb_tb_progress_load(const gb_tb_game *g, const gb_tables *t, const char *dir, int k, uint64_t n,
                        long long budget, uint8_t *b, gb_tb_saved *s, gb_error *err)
{
    char path[4096], head[TB_HEADER + 1], want[TB_HEADER], extra[128] = "";
    memset(s, 0, sizeof *s);
    gb_tb_progress_path(path, sizeof path, dir, g, k);
    FILE *f = fopen(path, "rb");
    if (!f)
        return errno == ENOENT ? 0 : gb_fail(err, GB_EINVAL, "cannot open %s: %s", path, strerror(errno));
    const int wl = level_head(g, t, k, n, want, extra);
    progress_head ph;
    bool ok = fread(head, 1, TB_HEADER, f) == TB_HEADER;
    head[TB_HEADER] = 0;
    const int hl = ok && strncmp(head, want, (size_t)wl) == 0 ? progress_head_parse(head + wl, &ph) : 0;
    ok = hl > 0 && strcmp(head + wl + hl + (head[wl + hl] == '\n'), extra) == 0 && ph.comp_size <= n &&
         ph.unknown <= n && ph.cyclic <= n && ph.largest <= n;
    if (!ok) {
        fclose(f);
        if (hl < 0)
            return gb_fail(err, GB_EINVAL, "%s was saved by an earlier gabata, which made its guesses otherwise: "
                                           "remove it to build the level from its start", path);
        return gb_fail(err, GB_EINVAL, "%s is not the saved progress of the level this build makes (another "
                                       "variant, options or format): remove it, or build into another folder", path);
    }
    if (ph.budget != budget) {
        fclose(f);
        return gb_fail(err, GB_EINVAL, "%s was saved by a build with --budget %lld, not %lld: give the same budget "
                                       "to go on from it, or remove it", path, ph.budget, budget);
    }
    const unsigned long size = ph.comp_size;
    s->comp_bytes = size ? malloc(size) : NULL;
    s->comp_guesses = size ? malloc(size * TB_GUESS_BYTES) : NULL;
    if (size && (!s->comp_bytes || !s->comp_guesses)) {
        fclose(f);
        free(s->comp_bytes);
        free(s->comp_guesses);
        memset(s, 0, sizeof *s);
        return gb_fail(err, GB_ENOMEM, "out of memory for %s", path);
    }
    s->comp_size = (uint32_t)size;
    ok = fread(b, 1, n, f) == n &&
         (!size || (fread(s->comp_bytes, 1, size, f) == size &&
                    fread(s->comp_guesses, 1, size * TB_GUESS_BYTES, f) == size * TB_GUESS_BYTES)) &&
         fgetc(f) == EOF;
    fclose(f);
    if (ok && progress_sum(b, n, s) == ph.checksum) {
        s->walk_nodes = ph.walk_nodes;
        s->unknown = ph.unknown;
        s->seconds = ph.seconds < 0 ? 0 : ph.seconds;
        s->cpu_seconds = ph.cpu_seconds < 0 ? 0 : ph.cpu_seconds;
        s->comp_hash = ph.comp_hash;
        s->items_done = ph.items;
        s->cyclic = ph.cyclic;
        s->largest = (uint32_t)ph.largest;
        return 1;
    }
    free(s->comp_bytes);
    free(s->comp_guesses);
    memset(s, 0, sizeof *s);
    return progress_unreadable(err, path, ok);
}

/* A duration as a person reads it: "41 s", "12 min", "2 h 17 min". */
static void say_duration(gb_text *x, double s)
{
    if (s < 60)
        gb_text_add(x, "%.0f s", s);
    else if (s < 3600)
        gb_text_add(x, "%.0f min", s / 60);
    else
        gb_text_add(x, "%d h %02d min", (int)(s / 3600), (int)(s / 60) % 60);
}

int gb_tables_saved_describe(const char *path, char *buf, size_t len, gb_error *err)
{
    if (len && buf)
        buf[0] = 0;
    if (!path || (len && !buf))
        return gb_fail(err, GB_EINVAL, "argument %s is NULL", path ? "buf" : "path");
    FILE *f = fopen(path, "rb");
    if (!f)
        return gb_fail(err, GB_EINVAL, "cannot open %s: %s", path, strerror(errno));
    char head[TB_HEADER + 1], variant[32], options[400];
    int version = 0, k = 0, at = 0;
    unsigned long long n = 0;
    progress_head ph;
    bool ok = fread(head, 1, TB_HEADER, f) == TB_HEADER;
    head[TB_HEADER] = 0;
    /* the level's lines, the game's own lines (if any) up to "progress", then what was saved */
    ok = ok && sscanf(head, TB_MAGIC " %d\nvariant %31s\noptions %399s\nstones %d\npositions %llu\n%n", &version,
                      variant, options, &k, &n, &at) == 5 && at && version == TB_VERSION && k > 0 && n > 0;
    const char *p = ok ? strstr(head + at, "progress ") : NULL;
    const int hl = p ? progress_head_parse(p, &ph) : 0;
    if (hl < 0) {
        fclose(f);
        return gb_fail(err, GB_EINVAL, "%s was saved by an earlier gabata: remove it to build the level from its start",
                       path);
    }
    const unsigned long size = ph.comp_size;
    const unsigned long long unk = ph.unknown, items = ph.items, cs = ph.checksum;
    const double secs = ph.seconds, cpu = ph.cpu_seconds;
    ok = hl > 0 && size <= n && unk <= n;
    if (!ok) {
        fclose(f);
        return gb_fail(err, GB_EINVAL, "%s is not the saved work of a table build (or of another gabata)", path);
    }
    /* the level's bytes, then the component under way's bytes and guesses: checked, and the
     * positions solved counted as the stopped build counted them (a value not 0) */
    uint64_t h = 0xcbf29ce484222325ull, solved = 0, left = n + size + (uint64_t)size * TB_GUESS_BYTES, pos = 0;
    static const size_t CHUNK = 1u << 20;
    uint8_t *b = malloc(CHUNK);
    if (!b) {
        fclose(f);
        return gb_fail(err, GB_ENOMEM, "out of memory for %s", path);
    }
    while (ok && left) {
        const size_t want = left < CHUNK ? (size_t)left : CHUNK;
        ok = fread(b, 1, want, f) == want;
        if (!ok)
            break;
        h = fnv1a_on(h, b, want);
        const uint64_t counted = pos < n + size ? n + size - pos : 0; /* (not the guesses) */
        for (size_t i = 0, m = counted < want ? (size_t)counted : want; i < m; i++)
            solved += b[i] != 0;
        pos += want;
        left -= want;
    }
    ok = ok && fgetc(f) == EOF;
    free(b);
    fclose(f);
    if (!ok || h != cs)
        return progress_unreadable(err, path, ok);
    gb_text x = {buf, len, 0};
    gb_text_add(&x, "the saved work of a stopped build of %s level %d (options %s): %.1f%% of its %llu positions solved",
                variant, k, strcmp(options, "-") ? options : "defaults", 100.0 * (double)solved / (double)n, n);
    if (items)
        gb_text_add(&x, " (%llu patterns done)", items);
    if (unk)
        gb_text_add(&x, ", %llu unknown so far", unk);
    if (secs >= 0) {
        gb_text_add(&x, ", ");
        say_duration(&x, secs);
        gb_text_add(&x, " of building (");
        say_duration(&x, cpu);
        gb_text_add(&x, " of CPU)");
    }
    gb_text_add(&x, "; tables build --resume with --budget %lld goes on from it", ph.budget);
    return (int)x.used;
}

static double seconds(const struct timespec *a, const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) + 1e-9 * (double)(b->tv_nsec - a->tv_nsec);
}

/* When the next save is due: secs from now (CLOCK_MONOTONIC), and whether that time has come. */
static void deadline_set(struct timespec *when, double secs)
{
    clock_gettime(CLOCK_MONOTONIC, when);
    const double whole = (double)(time_t)secs;
    when->tv_sec += (time_t)whole;
    when->tv_nsec += (long)((secs - whole) * 1e9);
    if (when->tv_nsec >= 1000000000L) {
        when->tv_sec++;
        when->tv_nsec -= 1000000000L;
    }
}

static bool deadline_passed(const struct timespec *when)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > when->tv_sec || (now.tv_sec == when->tv_sec && now.tv_nsec >= when->tv_nsec);
}

/* The save interval of bo (seconds; below 0: no saves but a stop's). */
static double save_every(const gb_tables_build_opts *bo) { return bo->save_every == 0 ? 600 : bo->save_every; }

void gb_tb_saver_start(gb_tb_saver *s, const gb_tables_build_opts *bo)
{
    s->bo = bo;
    s->every = save_every(bo);
    atomic_init(&s->stopping, false);
    gb_tb_saver_saved(s);
}

bool gb_tb_saver_active(const gb_tb_saver *s) { return s->every >= 0 || s->bo->stop; }

bool gb_tb_saver_stop(gb_tb_saver *s)
{
    if (atomic_load(&s->stopping))
        return true;
    if (s->bo->stop && s->bo->stop(s->bo->user)) {
        atomic_store(&s->stopping, true);
        return true;
    }
    return false;
}

bool gb_tb_saver_due(gb_tb_saver *s)
{
    return gb_tb_saver_stop(s) || (s->every >= 0 && deadline_passed(&s->next));
}

bool gb_tb_saver_stopping(gb_tb_saver *s) { return atomic_load(&s->stopping); }

void gb_tb_saver_saved(gb_tb_saver *s) { deadline_set(&s->next, s->every >= 0 ? s->every : 0); }

void gb_tb_stats_time(const gb_tb_stats *st, double *secs, double *cpu)
{
    struct timespec now, cnow;
    clock_gettime(CLOCK_MONOTONIC, &now);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cnow);
    *secs = st->seconds_before + seconds(&st->start, &now);
    *cpu = st->cpu_before + seconds(&st->cpu_start, &cnow);
}

int gb_tb_build_levels(const gb_tb_game *g, gb_tables *t, const char *dir, int stones,
                       const gb_tables_build_opts *bo, gb_error *err)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return gb_fail(err, GB_EINVAL, "cannot make %s: %s", dir, strerror(errno));
    int rc = GB_OK;
    bool resuming = bo->resume != 0; /* until the first level the folder lacks */
    for (int k = first_of(g, t); k <= stones && rc == GB_OK; k++) {
        const uint64_t n = g->level_size(t, k);
        uint8_t *b = malloc(n);
        if (!b) {
            rc = gb_fail(err, GB_ENOMEM, "out of memory for the %d-stone level", k);
            break;
        }
        if (resuming) {
            uint64_t cyclic = 0, sum = 0;
            const int kept = keep_level(g, dir, t, k, b, n, &cyclic, &sum, err);
            if (kept < 0) {
                free(b);
                rc = kept;
                break;
            }
            if (kept) {
                t->level[k].bytes = b;
                t->level[k].count = n;
                t->stones = k;
                t->checksum[k] = sum;
                t->cyclic[k] = cyclic;
                if (bo->progress) {
                    gb_tables_level_info li = {.stones = k, .positions = n, .cyclic = cyclic, .kept = 1};
                    bo->progress(&li, bo->user);
                }
                continue;
            }
            resuming = false;
        }
        if (bo->stop && bo->stop(bo->user)) {
            free(b);
            rc = gb_fail(err, GB_ESTOPPED, "stopped before level %d, the levels below it in %s", k, dir);
            break;
        }
        gb_tb_stats st = {0};
        clock_gettime(CLOCK_MONOTONIC, &st.start);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &st.cpu_start);
        t->level[k].bytes = b;
        t->level[k].count = n;
        t->stones = k;
        rc = g->build_level(t, k, b, dir, bo, &st, err);
        double secs, cpu;
        gb_tb_stats_time(&st, &secs, &cpu);
        if (rc == GB_OK) {
            t->checksum[k] = gb_tb_fnv1a(b, n);
            t->cyclic[k] = st.cyclic;
            rc = write_level(g, dir, t, k, b, n, st.cyclic, t->checksum[k], err);
        }
        if (rc == GB_OK) { /* the level is whole: its saved progress is of no more use */
            char path[4096];
            gb_tb_progress_path(path, sizeof path, dir, g, k);
            remove(path);
        }
        if (rc == GB_OK && bo->progress) {
            gb_tables_level_info li = {k, n, st.cyclic, st.unknown, st.largest_component, st.walk_nodes, secs, cpu, 0};
            bo->progress(&li, bo->user);
        }
    }
    for (int k = 1; k <= t->stones; k++) {
        free((void *)t->level[k].bytes);
        t->level[k].bytes = NULL;
    }
    t->stones = 0;
    return rc;
}

void gb_tb_ticker_start(gb_tb_ticker *bt, const gb_tables_build_opts *bo, int k, uint64_t positions)
{
    *bt = (gb_tb_ticker){.bo = bo, .k = k, .positions = positions};
    clock_gettime(CLOCK_MONOTONIC, &bt->last);
    if (bo->tick) /* the level starts */
        bo->tick(k, 0, positions, bo->user);
}

void gb_tb_tick(gb_tb_ticker *bt, uint64_t done)
{
    if (!bt->bo->tick || (++bt->calls & 255))
        return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (seconds(&bt->last, &now) < 0.5)
        return;
    bt->last = now;
    bt->bo->tick(bt->k, done, bt->positions, bt->bo->user);
}

/* Level k's header (m, len: its whole file): its options' text into opts, its counts into t. */
static int read_header(const gb_tb_game *g, gb_tables *t, const char *path, const uint8_t *m, size_t len, int k,
                       char *opts, size_t optlen, gb_error *err)
{
    char head[TB_HEADER + 1];
    if (len < TB_HEADER)
        return gb_fail(err, GB_EINVAL, "%s: too short for a table", path);
    memcpy(head, m, TB_HEADER);
    head[TB_HEADER] = 0;
    int ver = 0, kk = -1, end = 0;
    unsigned long long n = 0, cy = 0, cs = 0;
    char var[32] = "", o[128] = "";
    if (sscanf(head, TB_MAGIC " %d\nvariant %31s\noptions %127s\nstones %d\npositions %llu\ncyclic %llu\nchecksum %llx%n",
               &ver, var, o, &kk, &n, &cy, &cs, &end) != 7 || !end)
        return gb_fail(err, GB_EINVAL, "%s: not a gabata table (its header does not read)", path);
    if (ver != TB_VERSION)
        return gb_fail(err, GB_EINVAL, "%s: table format %d, this program reads %d", path, ver, TB_VERSION);
    if (strcmp(var, g->name) != 0)
        return gb_fail(err, GB_EINVAL, "%s: a table of %s, not of %s (its header's variant)", path, var, g->name);
    if (g->read_extra) {
        const int rc = g->read_extra(t, k, path, head + end, err);
        if (rc)
            return rc;
    }
    if (kk != k || n != g->level_size(t, k) || len != TB_HEADER + n)
        return gb_fail(err, GB_EINVAL, "%s: its header does not match its name or its size", path);
    gb_copy(opts, optlen, strcmp(o, "-") == 0 ? "" : o);
    t->cyclic[k] = cy;
    t->checksum[k] = cs;
    return GB_OK;
}

int gb_tb_open_levels(const gb_tb_game *g, gb_tables **out, const char *dir, int verify, gb_error *err)
{
    *out = NULL;
    gb_tables *t = calloc(1, sizeof *t);
    if (!t)
        return gb_fail(err, GB_ENOMEM, "out of memory");
    t->r = gb_rules_find(g->name);
    int rc = GB_OK;
    for (int k = 1; k <= TB_MAX_STONES; k++) {
        char path[4096], opts[128];
        level_path(path, sizeof path, dir, g, k);
        int fd = open(path, O_RDONLY);
        if (fd < 0) {
            if (errno == ENOENT && g->first_level && t->stones == 0 && k <= TB_FIRST_MAX)
                continue; /* below the game's first level (checked when it is found) */
            if (errno == ENOENT) {
                /* the levels run from the first up without a gap (a build writes them in that
                 * order): a level above a missing one would be left unread without a word */
                for (int above = k + 1; t->stones > 0 && above <= TB_MAX_STONES; above++) {
                    char there[4096];
                    level_path(there, sizeof there, dir, g, above);
                    if (access(there, F_OK) == 0) {
                        rc = gb_fail(err, GB_EINVAL, "%s is missing, but %s-%02d.gbt is there: the levels must run "
                                                     "from the first up without a gap (gabata tables build)",
                                     path, g->name, above);
                        break;
                    }
                }
                break;
            }
            rc = gb_fail(err, GB_EINVAL, "cannot open %s: %s", path, strerror(errno));
            break;
        }
        struct stat sb;
        void *m = MAP_FAILED;
        if (fstat(fd, &sb) == 0 && sb.st_size > 0)
            m = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_SHARED, fd, 0);
        close(fd);
        if (m == MAP_FAILED) {
            rc = gb_fail(err, GB_EINVAL, "cannot read %s", path);
            break;
        }
        t->level[k].map = m;
        t->level[k].map_len = (size_t)sb.st_size;
        rc = read_header(g, t, path, m, (size_t)sb.st_size, k, opts, sizeof opts, err);
        if (rc)
            break;
        if (t->stones == 0) { /* the first level found */
            gb_options o;
            rc = gb_options_parse(t->r, opts, &o, err);
            if (rc)
                break;
            g->value_options(t->r, &o, &t->o, t->options, sizeof t->options);
            if (first_of(g, t) != k) {
                rc = gb_fail(err, GB_EINVAL, "%s: the first level of these options is %d, not %d", path,
                             first_of(g, t), k);
                break;
            }
        } else if (strcmp(opts, t->options) != 0) {
            rc = gb_fail(err, GB_EINVAL, "%s: built for other options (%s) than level %d (%s)", path,
                         opts[0] ? opts : "defaults", first_of(g, t), t->options[0] ? t->options : "defaults");
            break;
        }
        t->level[k].bytes = (const uint8_t *)m + TB_HEADER;
        t->level[k].count = g->level_size(t, k);
        if (verify && gb_tb_fnv1a(t->level[k].bytes, t->level[k].count) != t->checksum[k]) {
            rc = gb_fail(err, GB_EINVAL, "%s: its checksum does not match: the file is damaged", path);
            break;
        }
        t->stones = k;
    }
    if (rc == GB_OK && t->stones == 0)
        rc = gb_fail(err, GB_EINVAL, "%s holds no table (%s-%02d.gbt ...: gabata tables build)", dir, g->name,
                     g->first_level ? 2 : 1);
    if (rc) {
        gb_tables_close(t);
        return rc;
    }
    *out = t;
    return GB_OK;
}

void gb_tables_close(gb_tables *t)
{
    if (!t)
        return;
    for (int k = 0; k <= TB_MAX_STONES; k++)
        if (t->level[k].map)
            munmap(t->level[k].map, t->level[k].map_len);
    free(t);
}

void gb_tb_describe_levels(const gb_tables *t, gb_text *x)
{
    uint64_t total = 0;
    for (int k = 1; k <= t->stones; k++) {
        if (!t->level[k].bytes)
            continue; /* below the game's first level */
        total += t->level[k].count;
        gb_text_add(x, "level %2d: %llu positions, %llu on cycles, checksum %016llx\n", k,
                    (unsigned long long)t->level[k].count, (unsigned long long)t->cyclic[k],
                    (unsigned long long)t->checksum[k]);
    }
    gb_text_add(x, "total %llu positions, %llu bytes of values\n", (unsigned long long)total,
                (unsigned long long)total);
}
