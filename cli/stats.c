/* stats.c — `gabata stats VARIANT`: N games between chosen players, measured (docs/stats.md):
 * outcome, duration, play, each with its 95% interval; sweeps over the options; text, CSV, JSON
 * and an HTML report. Games run on threads (--jobs) and, built with GABATA_MPI, on MPI ranks;
 * every game's random source comes from (seed, game number) alone and the blocks of games are
 * merged in block order, so any split of the work prints the same numbers. */
#include "cli.h"
#include "stats.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifdef GABATA_MPI
#include <mpi.h>
#endif

#define MAX_JOBS 256
#define MAX_BLOCKS 256 /* the games are cut into at most this many blocks (the unit of work) */
#define MAX_ROWS 64

/* A stop asked for (Ctrl-C, SIGTERM, SIGHUP: the terminal closed, or SIGUSR1): no game starts
 * after it, the games under way finish, and the figures of the games finished are printed and
 * written, said to be of a stopped run. A second signal ends the program at once (SA_RESETHAND).
 * Under MPI the ranks catch the same signals: `kill -USR1` of mpirun passes SIGUSR1 on to every
 * rank; Ctrl-C (SIGINT) or SIGTERM of mpirun is not passed on, mpirun ends the ranks itself: a
 * SIGCONT, a second later SIGTERM (caught: the rank stops as above), a second later SIGKILL, so
 * the figures come only if the games under way end within that second (docs/stats.md). The
 * ranks agree after each row: one rank stopped, all stop there. An atomic, not a volatile sig_atomic_t: the workers read it from other threads
 * than the handler's (a lock-free atomic is safe in a handler too). */
static atomic_int stop_signal;

static void on_stop(int sig)
{
    stop_signal = sig;
}

bool st_paired(const st_cfg *c) { return c->openings > 0 && memcmp(&c->p[0], &c->p[1], sizeof c->p[0]) != 0; }

static uint64_t mix(uint64_t seed, uint64_t i, uint64_t salt)
{
    uint64_t z = seed * 0x9e3779b97f4a7c15ull + i * 0xbf58476d1ce4e5b9ull + salt * 0x94d049bb133111ebull + 1;
    return gb_rand_next(&z);
}

/* ---- one game, measured ---- */
typedef struct observer {
    const st_cfg *c;
    st_game *g;
    st_acc *acc;
    gb_move *moves;        /* GB_MAX_MOVES */
    gb_searcher *eval;     /* --eval-level: this thread's, cleared for every game */
    int start;             /* history length at the first position seen (the opening's plies) */
    int first;             /* who moved first, when the game is seen from its start; else -1 */
    int total;             /* stones on the board and in the stores */
    int prev_mover, prev_leader;
    int prev_round, prev_held; /* the round and the mover's holdings before the move */
    int last_below[2];     /* last players' ply at which each side was not ahead by the threshold */
    long long lead_sum, lead_sum2; /* of the leads, in stones */
    long lead_n;
} observer;

/* a side's holdings: its store and the stones in the holes it holds (an ekwarna, a bulto) */
static int holdings(const gb_game *g, int side) { return gb_holdings(g, side, NULL, NULL); }

static int lead_of(observer *o, const gb_game *g)
{
    if (gb_is_over(g))
        return gb_score(g, GB_SOUTH) - gb_score(g, GB_NORTH);
    if (o->c->eval_level > 0 && o->eval) {
        gb_player ai = {GB_PLAYER_AI, o->c->eval_level, 0, 0};
        gb_search_opts so;
        gb_player_budget(&ai, &so, 1);
        gb_search_result r;
        if (gb_search(o->eval, g, &so, &r, NULL) == GB_OK) {
            int s = gb_score_is_win(r.score) ? (r.score > 0 ? o->total : -o->total) * 100 : r.score;
            /* hundredths of a stone, the mover's view, to stones from South's */
            return (gb_to_move(g) == GB_SOUTH ? s : -s) / 100;
        }
    }
    return holdings(g, GB_SOUTH) - holdings(g, GB_NORTH);
}

static int observe(const gb_game *g, void *user)
{
    observer *o = user;
    st_game *r = o->g;
    int h = gb_history_length(g);
    /* the stones in play: the most on the board and in the stores so far (L'ab al-Akil's are
     * laid out first), as gb_random_game counts them */
    int on = gb_store(g, 0) + gb_store(g, 1);
    for (int i = 0; i < 2 * gb_game_rows(g); i++)
        on += gb_hole_count(g, i);
    if (on > o->total)
        o->total = on;
    if (o->start < 0) {
        o->start = h;
        o->first = h == 0 ? gb_to_move(g) : -1;
    } else {
        /* the move just played: its laps, stones sown, and whether it added to the mover's
         * holdings (in the same round) */
        const gb_trace *tr = gb_last_trace(g);
        if (tr) {
            r->laps += tr->laps;
            r->sown += tr->sown;
        }
        if (o->prev_mover >= 0 && !gb_is_over(g) && gb_round(g) == o->prev_round &&
            holdings(g, o->prev_mover) > o->prev_held)
            r->captures++;
    }
    int t = h - o->start; /* players' ply */
    int lead = lead_of(o, g);
    lead = lead > o->total ? o->total : lead < -o->total ? -o->total : lead;
    int leader = lead > 0 ? GB_SOUTH : lead < 0 ? GB_NORTH : GB_DRAW;
    if (t > 0 && leader != o->prev_leader)
        r->lead_changes++;
    o->prev_leader = leader;
    o->lead_sum += lead;
    o->lead_sum2 += (long long)lead * lead;
    o->lead_n++;
    double thr = o->c->threshold * o->total;
    if (lead < thr)
        o->last_below[GB_SOUTH] = t;
    if (-lead < thr)
        o->last_below[GB_NORTH] = t;
    if (gb_is_over(g)) {
        r->played = t;
        return 0;
    }
    int mover = gb_to_move(g);
    if (mover != o->prev_mover)
        r->turns++;
    o->prev_mover = mover;
    o->prev_round = gb_round(g);
    o->prev_held = holdings(g, mover);
    int n = gb_legal_moves(g, o->moves, GB_MAX_MOVES);
    if (n > 0) {
        r->branch_sum += n;
        r->branch_n++;
        if (n > r->branch_max)
            r->branch_max = n;
        if (n > 1)
            r->decisions++;
        st_add_ply(o->acc, t, n);
    }
    return 0;
}

static void play_game(const st_cfg *c, const char *opts, long i, st_acc *acc, gb_move *moves, gb_searcher *eval)
{
    st_game r;
    memset(&r, 0, sizeof r);
    r.winner = -1;
    r.decisive = -1;
    /* an opening is played twice, the sides swapped, when the players differ; the same player
     * on both sides would play the second game as the first (a depth-bounded search is
     * deterministic), so then every game has an opening of its own */
    bool paired = st_paired(c);
    bool swap = paired && (i % 2) == 1;
    observer o = {c, &r, acc, moves, eval, -1, -1, 1, -1, GB_DRAW, 0, 0, {0, 0}, 0, 0, 0};
    gb_match_spec sp = {c->variant, opts, {c->p[swap], c->p[!swap]},
                        mix(c->seed, (uint64_t)(paired ? i / 2 : i), 1), c->openings,
                        mix(c->seed, (uint64_t)i, 2), observe, &o};
    r.pair = paired ? 1 + (int)(i % 2) : 0; /* also for a game that fails: its pair is not whole */
    if (eval)
        gb_searcher_clear(eval);
    gb_match_result res;
    if (gb_match_play_tables(&sp, c->tables, &res, NULL) != GB_OK) {
        st_add(acc, &r);
        return;
    }
    r.winner = res.winner;
    r.swapped = swap;
    r.end_reason = res.end_reason;
    r.rounds = res.rounds;
    r.plies = res.plies;
    r.score[0] = res.score[0];
    r.score[1] = res.score[1];
    r.first = o.first;
    if (r.first < 0) { /* after an opening: who moves first in a fresh game of the same seed */
        gb_game *fresh;
        r.first = GB_SOUTH;
        if (gb_game_new(&fresh, c->variant, opts, sp.opening_seed, NULL) == GB_OK) {
            r.first = gb_to_move(fresh);
            gb_game_free(fresh);
        }
    }
    if (r.winner == GB_SOUTH || r.winner == GB_NORTH) {
        int d = o.last_below[r.winner] + 1;
        r.decisive = d > r.played ? r.played : d;
    }
    /* the variance of the lead as a share of the stones in play (the most seen) */
    double tot = o.total, m = o.lead_n ? (double)o.lead_sum / o.lead_n / tot : 0;
    r.stability = o.lead_n ? (double)o.lead_sum2 / o.lead_n / (tot * tot) - m * m : 0;
    if (r.stability < 0)
        r.stability = 0;
    st_add(acc, &r);
}

/* Random against random from the start: the playouts' fast path (every measure but the
 * branching factor and the decision share, which need every move listed: --full). */
static void play_fast(const st_cfg *c, gb_playout_ctx *ctx, long i, st_acc *acc)
{
    st_game r;
    memset(&r, 0, sizeof r);
    r.winner = -1;
    r.decisive = -1;
    gb_playout_game pg;
    if (gb_random_game(ctx, mix(c->seed, (uint64_t)i, 2), c->threshold, &pg, NULL) == GB_OK) {
        r.winner = pg.winner;
        r.first = pg.first;
        r.end_reason = pg.end_reason;
        r.rounds = pg.rounds;
        r.plies = r.played = (int)pg.plies;
        r.turns = (int)pg.turns;
        r.score[0] = pg.score[0];
        r.score[1] = pg.score[1];
        r.laps = pg.laps;
        r.sown = pg.sown;
        r.captures = pg.captures;
        r.lead_changes = pg.lead_changes;
        r.decisive = (int)pg.decisive;
        r.stability = pg.stability;
    }
    st_add(acc, &r);
}

/* ---- the work: blocks of games over threads (and ranks) ---- */
typedef struct run {
    const st_cfg *c;
    const char *opts;
    long games, block;
    int nblocks;
    st_acc *blocks;        /* nblocks */
    atomic_int next;
    atomic_long done;
    atomic_int failed_alloc;
    atomic_int running;    /* workers not yet returned */
    unsigned char *taken;  /* nblocks: the block was begun (a stopped run merges only those) */
} run;

static void *worker(void *arg)
{
    run *w = arg;
    gb_move *moves = malloc(GB_MAX_MOVES * sizeof *moves);
    gb_searcher *eval = NULL;
    if (w->c->eval_level > 0) {
        gb_player ai = {GB_PLAYER_AI, w->c->eval_level, 0, 0};
        gb_search_opts so;
        gb_player_budget(&ai, &so, 1);
        eval = gb_searcher_new(&so);
    }
    gb_playout_ctx *ctx = NULL;
    if (w->c->fast) {
        gb_game *g;
        if (gb_game_new(&g, w->c->variant, w->opts, w->c->seed, NULL) == GB_OK) {
            ctx = gb_playout_ctx_new(g);
            gb_game_free(g);
        }
    }
    if (!moves || (w->c->eval_level > 0 && !eval) || (w->c->fast && !ctx)) {
        gb_playout_ctx_free(ctx);
        atomic_store(&w->failed_alloc, 1);
        free(moves);
        gb_searcher_free(eval);
        return NULL;
    }
    for (;;) {
        int b = atomic_fetch_add(&w->next, 1);
        /* this rank's blocks: b, b + ranks, ... */
        long k = (long)b * w->c->ranks + w->c->rank;
        if (k >= w->nblocks)
            break;
        if (stop_signal)
            break;
        st_acc *a = &w->blocks[k];
        st_acc_init_zeroed(a);
        w->taken[k] = 1;
        long lo = k * w->block, hi = lo + w->block < w->games ? lo + w->block : w->games;
        for (long i = lo; i < hi; i++) {
            /* stopped: no new game, and never half of a pair (games 2k, 2k+1 share an opening) */
            if (stop_signal && (!st_paired(w->c) || i % 2 == 0))
                break;
            if (ctx)
                play_fast(w->c, ctx, i, a);
            else
                play_game(w->c, w->opts, i, a, moves, eval);
            atomic_fetch_add(&w->done, 1);
        }
    }
    free(moves);
    gb_searcher_free(eval);
    gb_playout_ctx_free(ctx);
    atomic_fetch_sub(&w->running, 1);
    return NULL;
}

static void draw_progress(const char *what, long done, long total, double elapsed, bool end)
{
    int width = 30, filled = total ? (int)(done * width / total) : width;
    char bar[64];
    for (int i = 0; i < width; i++)
        bar[i] = i < filled ? '#' : '.';
    bar[width] = 0;
    char left[48] = "";
    if (done > 0 && done < total) {
        double s = elapsed * (double)(total - done) / (double)done;
        if (s >= 60)
            snprintf(left, sizeof left, ", %dm%02ds left", (int)(s / 60), (int)fmod(s, 60));
        else
            snprintf(left, sizeof left, ", %.0f s left", s);
    }
    fprintf(stderr, "\r  %-24.24s [%s] %ld/%ld games%s   %s", what, bar, done, total, left, end ? "\n" : "");
    fflush(stderr);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Play the row's games and merge them in block order into row->acc. 0, or -1 out of memory. */
static int run_row(const st_cfg *c, st_row *row)
{
    run w;
    w.c = c;
    w.opts = row->opts;
    w.games = c->games;
    w.block = (c->games + MAX_BLOCKS - 1) / MAX_BLOCKS; /* depends on the games alone */
    /* a pair (games 2k, 2k+1) never spans two blocks, which two threads or ranks may play:
     * stopped, each would finish its own half */
    w.block += st_paired(c) && w.block % 2;
    w.nblocks = (int)((c->games + w.block - 1) / w.block);
    /* zeroed by calloc (fresh pages): a block writes only the pages it uses */
    w.blocks = calloc((size_t)w.nblocks, sizeof *w.blocks);
    w.taken = calloc((size_t)w.nblocks, 1);
    if (!w.blocks || !w.taken) {
        free(w.blocks);
        free(w.taken);
        return -1;
    }
    atomic_init(&w.next, 0);
    atomic_init(&w.done, 0);
    atomic_init(&w.failed_alloc, 0);
    atomic_init(&w.running, c->jobs);
    long mine = 0; /* this rank's games */
    for (long k = c->rank; k < w.nblocks; k += c->ranks)
        mine += (k + 1) * w.block < c->games ? w.block : c->games - k * w.block;
    int jobs = c->jobs;
    pthread_t th[MAX_JOBS];
    int started = 0;
    for (int j = 0; j < jobs; j++)
        if (pthread_create(&th[j], NULL, worker, &w) == 0)
            started++;
    atomic_fetch_sub(&w.running, c->jobs - started);
    if (!started) {
        atomic_fetch_add(&w.running, 1);
        worker(&w);
    }
    double t0 = now_s();
    if (c->tty && c->rank == 0) {
        while (atomic_load(&w.running) > 0 && !atomic_load(&w.failed_alloc)) {
            draw_progress(row->label, atomic_load(&w.done), mine, now_s() - t0, false);
            struct timespec ts = {0, 200 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
    }
    for (int j = 0; j < started; j++)
        pthread_join(th[j], NULL);
    if (c->tty && c->rank == 0)
        draw_progress(row->label, atomic_load(&w.done), mine, now_s() - t0, true);
    int rc = atomic_load(&w.failed_alloc) ? -1 : 0;
    st_acc_init(row->acc);
#ifdef GABATA_MPI
    if (c->ranks > 1) {
        for (int k = 0; k < w.nblocks; k++) {
            int owner = k % c->ranks;
            if (c->rank == 0 && owner != 0)
                MPI_Recv(&w.blocks[k], (int)sizeof w.blocks[k], MPI_BYTE, owner, k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            else if (c->rank != 0 && owner == c->rank)
                MPI_Send(&w.blocks[k], (int)sizeof w.blocks[k], MPI_BYTE, 0, k, MPI_COMM_WORLD);
        }
    }
#endif
    if (c->rank == 0)
        for (int k = 0; k < w.nblocks; k++)
            if (w.taken[k] || c->ranks > 1) /* (under MPI rank 0 does not see the others' flags) */
                st_merge(row->acc, &w.blocks[k]);
    free(w.blocks);
    free(w.taken);
    st_compute(row->acc, row->v);
    return rc;
}

/* ---- output ---- */
static void fmt_value(char *buf, size_t len, const st_value *v, int m)
{
    const st_metric_info *mi = &st_metrics[m];
    if (isnan(v->v)) {
        snprintf(buf, len, "-");
        return;
    }
    double k = mi->percent ? 100 : 1;
    snprintf(buf, len, "%.*f%s", mi->digits, v->v * k, mi->percent ? "%" : "");
}

static void fmt_interval(char *buf, size_t len, const st_value *v, int m)
{
    const st_metric_info *mi = &st_metrics[m];
    if (isnan(v->lo)) {
        buf[0] = 0;
        return;
    }
    double k = mi->percent ? 100 : 1;
    snprintf(buf, len, "[%.*f, %.*f]", mi->digits, v->lo * k, mi->digits, v->hi * k);
}

static void print_single(FILE *f, const st_cfg *c, const st_row *row)
{
    if (st_paired(c)) /* who won, by player: the seats' shares mix both players */
        fprintf(f, "\n  players: A = %s (--south), B = %s (--north), each on both sides of every pair\n",
                c->pname[0], c->pname[1]);
    static const struct {
        const char *title;
        int from, to;
    } groups[] = {{"outcome", SM_GAMES, SM_ROUNDS_MAX}, {"duration", SM_PLIES, SM_SOWN}, {"play", SM_BRANCHING, SM_STABILITY}};
    for (size_t gi = 0; gi < sizeof groups / sizeof groups[0]; gi++) {
        fprintf(f, "\n  %s\n", groups[gi].title);
        for (int m = groups[gi].from; m <= groups[gi].to; m++) {
            if ((m == SM_A_WINS || m == SM_B_WINS) && !st_paired(c))
                continue; /* A sat South in every game: South's and North's wins again */
            char v[48], iv[64];
            fmt_value(v, sizeof v, &row->v[m], m);
            fmt_interval(iv, sizeof iv, &row->v[m], m);
            fprintf(f, "    %-30s %12s  %s\n", st_metrics[m].label, v, iv);
            if (m == SM_B_WINS && row->acc->pairs) { /* the unit of the players' intervals */
                const long long *p = row->acc->pent;
                fprintf(f, "    %-30s %12lld  by A's points: 0: %lld, 1/2: %lld, 1: %lld, 3/2: %lld, 2: %lld\n",
                        "pairs", row->acc->pairs, p[0], p[1], p[2], p[3], p[4]);
            }
        }
    }
}

static const int sweep_cols[] = {SM_SOUTH, SM_NORTH, SM_DRAW, SM_BALANCE, SM_COMPLETION, SM_TIMEOUTS,
                                 SM_ROUNDS, SM_PLIES, SM_BRANCHING, SM_CAPTURES, SM_LEAD_CHANGE, SM_DECISIVENESS};
#define NCOLS (int)(sizeof sweep_cols / sizeof sweep_cols[0])

/* the players' own results beside the seats' when they differ (pairs swap their sides) */
static const int player_cols[] = {SM_A_WINS, SM_B_WINS};

static void print_table(FILE *f, const st_row *rows, int n, bool players)
{
    int cols[NCOLS + 2], nc = 0;
    for (int j = 0; j < NCOLS; j++) {
        cols[nc++] = sweep_cols[j];
        if (players && sweep_cols[j] == SM_DRAW)
            for (int k = 0; k < 2; k++)
                cols[nc++] = player_cols[k];
    }
    fprintf(f, "\n  %-28s", "options");
    for (int j = 0; j < nc; j++)
        fprintf(f, " %12.12s", st_metrics[cols[j]].key);
    fprintf(f, "\n");
    for (int i = 0; i < n; i++) {
        fprintf(f, "  %-28.28s", rows[i].label);
        for (int j = 0; j < nc; j++) {
            char v[48];
            fmt_value(v, sizeof v, &rows[i].v[cols[j]], cols[j]);
            fprintf(f, " %12s", v);
        }
        fprintf(f, "\n");
    }
    fprintf(f, "  (shares with 95%% Wilson intervals in --csv/--json; a row's every measure there)\n");
}

static void csv_num(FILE *f, double x)
{
    if (!isnan(x))
        fprintf(f, "%.10g", x);
}

static int write_csv(const char *path, const st_cfg *c, const st_row *rows, int n)
{
    FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
    if (!f)
        return -1;
    /* player_a, player_b: the players' names (--south's, --north's), apart from the measures'
     * keys (south, north: the seats' win shares) */
    fprintf(f, "row,options,variant,player_a,player_b,games_planned,openings,seed");
    for (int m = 0; m < SM_COUNT; m++)
        fprintf(f, ",%s,%s_lo,%s_hi", st_metrics[m].key, st_metrics[m].key, st_metrics[m].key);
    fprintf(f, "\n");
    for (int i = 0; i < n; i++) {
        fprintf(f, "%s,\"%s\",%s,%s,%s,%ld,%d,%llu", rows[i].label, rows[i].opts, c->variant, c->pname[0],
                c->pname[1], c->games, c->openings, (unsigned long long)c->seed);
        for (int m = 0; m < SM_COUNT; m++) {
            fputc(',', f);
            csv_num(f, rows[i].v[m].v);
            fputc(',', f);
            csv_num(f, rows[i].v[m].lo);
            fputc(',', f);
            csv_num(f, rows[i].v[m].hi);
        }
        fprintf(f, "\n");
    }
    return f == stdout ? fflush(f) : fclose(f);
}

static void json_num(FILE *f, double x)
{
    if (isnan(x))
        fprintf(f, "null");
    else
        fprintf(f, "%.10g", x);
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", *s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

static int write_json(const char *path, const st_cfg *c, const st_row *rows, int n)
{
    FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "{\n \"variant\": ");
    json_str(f, c->variant);
    fprintf(f, ",\n \"options\": ");
    json_str(f, c->opts);
    fprintf(f, ",\n \"south\": ");
    json_str(f, c->pname[0]);
    fprintf(f, ",\n \"north\": ");
    json_str(f, c->pname[1]);
    /* the same players by the names of the measures a_wins, b_wins (and the CSV's columns) */
    fprintf(f, ",\n \"player_a\": ");
    json_str(f, c->pname[0]);
    fprintf(f, ",\n \"player_b\": ");
    json_str(f, c->pname[1]);
    fprintf(f, ",\n \"paired\": %s", st_paired(c) ? "true" : "false");
    fprintf(f, ",\n \"tables\": ");
    if (c->tables)
        json_str(f, c->tables_dir);
    else
        fprintf(f, "null");
    /* a run stopped by a signal: its rows hold the games finished (each row's "games") */
    fprintf(f, ",\n \"stopped\": %s", c->stopped ? "true" : "false");
    fprintf(f, ",\n \"games_planned\": %ld,\n \"openings\": %d,\n \"seed\": %llu,\n \"eval_level\": %d,\n"
               " \"threshold\": %g,\n \"rows\": [",
            c->games, c->openings, (unsigned long long)c->seed, c->eval_level, c->threshold);
    for (int i = 0; i < n; i++) {
        fprintf(f, "%s\n  {\"row\": ", i ? "," : "");
        json_str(f, rows[i].label);
        fprintf(f, ", \"options\": ");
        json_str(f, rows[i].opts);
        if (st_paired(c)) { /* whole pairs, by player A's points in them (as gabata match's) */
            const long long *p = rows[i].acc->pent;
            fprintf(f, ", \"pairs\": %lld, \"pentanomial\": [%lld, %lld, %lld, %lld, %lld]", rows[i].acc->pairs, p[0],
                    p[1], p[2], p[3], p[4]);
        }
        fprintf(f, ", \"metrics\": {");
        for (int m = 0; m < SM_COUNT; m++) {
            fprintf(f, "%s\n   \"%s\": {\"value\": ", m ? "," : "", st_metrics[m].key);
            json_num(f, rows[i].v[m].v);
            fprintf(f, ", \"lo\": ");
            json_num(f, rows[i].v[m].lo);
            fprintf(f, ", \"hi\": ");
            json_num(f, rows[i].v[m].hi);
            fprintf(f, "}");
        }
        fprintf(f, "}}");
    }
    fprintf(f, "\n ]\n}\n");
    return f == stdout ? fflush(f) : fclose(f);
}


/* ---- the command line ---- */
static const char stats_help[] =
    "usage: gabata stats VARIANT [key=value ...] [--games N] [--players P | --south P --north P]\n"
    "                    [--openings K] [--seed S] [--jobs N] [--eval-level K] [--threshold F]\n"
    "                    [--sweep KEY | --sweep all] [--csv FILE] [--json FILE] [--report DIR]\n"
    "                    [--tables DIR] [--full]\n"
    "Plays N games (default 1000) and measures them (docs/stats.md): South/North/draw shares,\n"
    "Balance, Completion, Drawishness, the first player's Advantage, Timeouts, end reasons,\n"
    "rounds; plies (mean, sd, quantiles), turns, laps per ply, stones sown; branching factor,\n"
    "decision share, captures, Lead change, Decisiveness, Stability; with 95% intervals.\n"
    "P is random (the default), ai:1 ... ai:8 or mcts (ai:8@0.05 sets a time). --openings K\n"
    "starts each pair of games from one random opening of K plies, the sides swapped in the\n"
    "second; the wins of player A (--south's) and B (--north's) are then told apart, their\n"
    "intervals over whole pairs (docs/stats.md).\n"
    "--eval-level K (1 to 5, the depth-bounded levels) measures the lead with ai:K's search\n"
    "instead of the stores; --threshold F (above 0, at most 1;\n"
    "default 0.125) is the lead, as a share of the stones, that Decisiveness asks for.\n"
    "--sweep KEY runs every value of one option, --sweep all every option in turn.\n"
    "--csv/--json FILE ('-': standard output) write every measure; --report DIR an HTML page.\n"
    "Random against random from the start runs on the playouts' fast path, without the\n"
    "branching factor and decision share; --full plays them move by move with every measure.\n"
    "--tables DIR: every searching player probes these endgame tables (docs/tables.md).\n"
    "--jobs N uses N threads; a build with GABATA_MPI splits the games over `mpirun` ranks.\n"
    "The numbers depend on the seed alone, not on the threads or ranks.\n"
    "Ctrl-C (or SIGTERM, SIGHUP, SIGUSR1) stops: the games under way finish and the figures of\n"
    "the games finished are printed and written, with exit status 3; a second Ctrl-C ends at\n"
    "once. Under mpirun: `kill -USR1` of mpirun, which passes it on to every rank (Ctrl-C of\n"
    "mpirun gives the ranks about a second: enough for fast players only; docs/stats.md).\n";

static int quiet_rank; /* set on MPI ranks other than 0: they do not repeat rank 0's errors */

static int fail(const char *fmt, const char *arg)
{
    if (quiet_rank)
        return 2;
    fprintf(stderr, "gabata stats: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n");
    return 2;
}

/* base options without `key=...`, then key=value */
static void row_opts(char *out, size_t len, const char *base, const char *key, const char *value)
{
    out[0] = 0;
    size_t used = 0, kl = strlen(key);
    char tmp[512];
    snprintf(tmp, sizeof tmp, "%s", base);
    for (char *save, *t = strtok_r(tmp, " ,", &save); t; t = strtok_r(NULL, " ,", &save)) {
        if (kl && strncmp(t, key, kl) == 0 && t[kl] == '=')
            continue;
        used += (size_t)snprintf(out + used, len - used, "%s%s", used ? " " : "", t);
        if (used >= len)
            return;
    }
    if (kl)
        snprintf(out + used, len - used, "%s%s=%s", used ? " " : "", key, value);
}

/* the values a sweep runs: a choice's every value; a number's default/4, /2, itself, x2 */
static int option_values(const gb_option_info *oi, char vals[][32], int max)
{
    int n = 0;
    if (oi->choices) {
        for (int i = 0; oi->choices[i] && n < max; i++)
            snprintf(vals[n++], 32, "%s", oi->choices[i]);
        return n;
    }
    long cand[4] = {oi->def / 4, oi->def / 2, oi->def, oi->def * 2};
    for (int i = 0; i < 4 && n < max; i++) {
        long v = cand[i] < oi->min ? oi->min : cand[i] > oi->max ? oi->max : cand[i];
        bool dup = false;
        for (int j = 0; j < n; j++)
            dup |= atol(vals[j]) == v;
        if (!dup)
            snprintf(vals[n++], 32, "%ld", v);
    }
    return n;
}

static int parse_player(const char *s, gb_player *p, char *name)
{
    gb_error err;
    if (!s || gb_player_parse(s, p, &err) != GB_OK || p->kind == GB_PLAYER_HUMAN)
        return -1;
    snprintf(name, 48, "%s", s);
    return 0;
}

static int stats_main(int argc, char **argv, st_cfg *c)
{
    memset(c->variant, 0, sizeof c->variant);
    const char *csv = NULL, *json = NULL, *report = NULL, *sweep = NULL;
    bool full = false;
    long v;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            if (c->rank == 0)
                cli_help(stdout, stats_help);
            return 0;
        } else if (strcmp(a, "--games") == 0) {
            if (!cli_parse_long(next, 1, 100000000, &v))
                return fail("--games needs a number of games from 1 to 100000000 (got '%s')", next ? next : "");
            c->games = v;
            i++;
        } else if (strcmp(a, "--openings") == 0) {
            if (!cli_parse_long(next, 0, 200, &v))
                return fail("--openings needs a number of plies from 0 to 200%s", "");
            c->openings = (int)v;
            i++;
        } else if (strcmp(a, "--jobs") == 0) {
            if (!cli_parse_long(next, 1, MAX_JOBS, &v))
                return fail("--jobs needs a number from 1 to 256%s", "");
            c->jobs = (int)v;
            i++;
        } else if (strcmp(a, "--seed") == 0) {
            if (!cli_parse_long(next, 0, 0x7fffffffffffffffL, &v))
                return fail("--seed needs a whole number%s", "");
            c->seed = (uint64_t)v;
            i++;
        } else if (strcmp(a, "--full") == 0) {
            full = true;
        } else if (strcmp(a, "--eval-level") == 0) {
            if (!cli_parse_long(next, 1, 5, &v))
                return fail("--eval-level needs a depth-bounded level from 1 to 5 (ai:1 ... ai:5)%s", "");
            c->eval_level = (int)v;
            i++;
        } else if (strcmp(a, "--threshold") == 0) {
            char *end;
            c->threshold = next ? strtod(next, &end) : -1;
            if (!next || *end || !(c->threshold > 0) || c->threshold > 1)
                return fail("--threshold needs a share of the stones above 0, at most 1 (e.g. 0.125)%s", "");
            i++;
        } else if (strcmp(a, "--players") == 0 || strcmp(a, "--south") == 0 || strcmp(a, "--north") == 0) {
            int which = a[2] == 'p' ? -1 : a[2] == 's' ? 0 : 1;
            for (int k = 0; k < 2; k++)
                if ((which < 0 || which == k) && parse_player(next, &c->p[k], c->pname[k]) != 0)
                    return fail("unknown player '%s' (random, ai:1 ... ai:8, mcts; ai:8@0.1 sets a time)",
                                next ? next : "");
            i++;
        } else if (strcmp(a, "--tables") == 0) {
            gb_tables *tb;
            gb_error terr = {0};
            if (!next || !*next)
                return fail("--tables needs a folder (gabata tables build)%s", "");
            if (c->tables)
                return fail("--tables given twice%s", "");
            if (gb_tables_open(&tb, next, 0, &terr) != GB_OK)
                return fail("%s", terr.msg);
            c->tables = tb; /* kept to the end of the program; read-only, shared by the threads */
            snprintf(c->tables_dir, sizeof c->tables_dir, "%s", next);
            i++;
        } else if (strcmp(a, "--sweep") == 0) {
            if (!next)
                return fail("--sweep needs an option name or 'all'%s", "");
            sweep = next;
            i++;
        } else if (strcmp(a, "--csv") == 0 || strcmp(a, "--json") == 0 || strcmp(a, "--report") == 0) {
            if (!next)
                return fail("%s needs a file or folder name", a);
            if (a[2] == 'c')
                csv = next;
            else if (a[2] == 'j')
                json = next;
            else
                report = next;
            i++;
        } else if (strchr(a, '=') && a[0] != '-') {
            size_t used = strlen(c->opts);
            snprintf(c->opts + used, sizeof c->opts - used, "%s%s", used ? " " : "", a);
        } else if (a[0] != '-' && !c->variant[0]) {
            snprintf(c->variant, sizeof c->variant, "%s", a);
        } else {
            return fail("unexpected argument '%s' (see gabata stats --help)", a);
        }
    }
    if (!c->variant[0]) {
        if (c->rank == 0)
            cli_help(stderr, stats_help);
        return fail("needs a game: sadeqa, qelat, akil or bulto%s", "");
    }
    c->fast = !full && c->p[0].kind == GB_PLAYER_RANDOM && c->p[1].kind == GB_PLAYER_RANDOM && !c->openings &&
              !c->eval_level;
    gb_game *probe;
    gb_error err;
    if (gb_game_new(&probe, c->variant, c->opts, 1, &err) != GB_OK)
        return fail("%s", err.msg);
    gb_game_free(probe);

    /* the rows */
    static st_row rows[MAX_ROWS];
    int nrows = 0;
    if (!sweep) {
        snprintf(rows[0].label, sizeof rows[0].label, "%.90s", c->opts[0] ? c->opts : "defaults");
        snprintf(rows[0].opts, sizeof rows[0].opts, "%s", c->opts);
        nrows = 1;
    } else {
        int nopt = gb_variant_option_count(c->variant);
        bool all = strcmp(sweep, "all") == 0, found = all;
        if (all) {
            snprintf(rows[0].label, sizeof rows[0].label, "defaults");
            row_opts(rows[0].opts, sizeof rows[0].opts, c->opts, "", "");
            nrows = 1;
        }
        char names[512] = "";
        for (int k = 0; k < nopt; k++) {
            gb_option_info oi;
            if (gb_variant_option(c->variant, k, &oi) != GB_OK)
                continue;
            size_t nl = strlen(names);
            snprintf(names + nl, sizeof names - nl, "%s%s", nl ? ", " : "", oi.key);
            if (!all && strcmp(oi.key, sweep) != 0)
                continue;
            found = true;
            char vals[16][32];
            int nv = option_values(&oi, vals, 16);
            for (int j = 0; j < nv && nrows < MAX_ROWS; j++) {
                char def[32];
                if (oi.choices)
                    snprintf(def, sizeof def, "%s", oi.choices[0]);
                else
                    snprintf(def, sizeof def, "%ld", oi.def);
                if (all && strcmp(vals[j], def) == 0)
                    continue; /* the defaults' row */
                snprintf(rows[nrows].label, sizeof rows[nrows].label, "%.40s=%.31s", oi.key, vals[j]);
                row_opts(rows[nrows].opts, sizeof rows[nrows].opts, c->opts, oi.key, vals[j]);
                nrows++;
            }
        }
        if (!found) {
            fprintf(stderr, "gabata stats: unknown option '%s' for %s (its options: %s; or all)\n", sweep, c->variant, names);
            return 2;
        }
    }
    for (int i = 0; i < nrows; i++) {
        if (gb_game_new(&probe, c->variant, rows[i].opts, 1, &err) != GB_OK)
            return fail("%s", err.msg);
        gb_game_free(probe);
    }
    int bad = 0; /* only rank 0 writes the report: it checks the folder, and tells the others */
    /* and the files, before the games rather than after them (a long run lost to a typo) */
    const char *outs[2] = {csv, json};
    for (int k = 0; k < 2 && c->rank == 0; k++) {
        const char *path = outs[k];
        if (!path || strcmp(path, "-") == 0)
            continue;
        bool existed = access(path, F_OK) == 0;
        FILE *t = fopen(path, "a"); /* its contents untouched until the games are played */
        if (!t) {
            fprintf(stderr, "gabata stats: cannot write %s: %s\n", path, strerror(errno));
            bad = 1;
            continue;
        }
        fclose(t);
        if (!existed)
            remove(path);
    }
    if (report && c->rank == 0) {
        char path[1024];
        snprintf(path, sizeof path, "%s/.gabata-write-test", report);
        FILE *t = NULL;
        if (mkdir(report, 0777) != 0 && errno != EEXIST) {
            fprintf(stderr, "gabata stats: cannot make the report folder %s: %s\n", report, strerror(errno));
            bad = 1;
        } else if (!(t = fopen(path, "w"))) {
            fprintf(stderr, "gabata stats: cannot write into the report folder %s: %s\n", report, strerror(errno));
            bad = 1;
        } else {
            fclose(t);
            remove(path);
        }
    }
    /* caught from here: under MPI every rank is past this point when rank 0 prints its first
     * line (an Allreduce, unlike a Bcast, waits for every rank), so a stop after it is heard */
    cli_catch_stops(on_stop);
#ifdef GABATA_MPI
    if (c->ranks > 1) { /* rank 0's verdict (the others' is 0) */
        int any = 0;
        MPI_Allreduce(&bad, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        bad = any;
    }
#endif
    if (bad) {
        cli_catch_stops(NULL);
        return 2;
    }
    if (c->rank == 0) {
        char d0[64], d1[64];
        FILE *out = (csv && strcmp(csv, "-") == 0) || (json && strcmp(json, "-") == 0) ? stderr : stdout;
        fprintf(out, "stats %s%s%s: %s [%s] South, %s [%s] North, %ld games%s, seed %llu%s\n", c->variant,
                c->opts[0] ? " " : "", c->opts, c->pname[0], gb_player_describe(&c->p[0], d0, sizeof d0),
                c->pname[1], gb_player_describe(&c->p[1], d1, sizeof d1), c->games,
                !c->openings ? " from the start"
                : memcmp(&c->p[0], &c->p[1], sizeof c->p[0]) ? " (pairs from random openings, the sides swapped)"
                                                               : " from random openings",
                (unsigned long long)c->seed, c->fast ? " (fast path)" : "");
        if (c->tables)
            fprintf(out, "  endgame tables: %s (%d stones or fewer on the board), probed by every searching player\n",
                    c->tables_dir, gb_tables_stones(c->tables));
        fflush(out);
    }
    int rc = 0;
    const int planned_rows = nrows;
    for (int i = 0; i < nrows && rc == 0; i++) {
        rows[i].acc = malloc(sizeof *rows[i].acc);
        if (!rows[i].acc || run_row(c, &rows[i]) != 0)
            rc = fail("out of memory%s", "");
#ifdef GABATA_MPI
        if (c->ranks > 1) { /* one rank stopped (the others may have finished the row): all stop */
            int mine = stop_signal, any = 0;
            MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
            stop_signal = any;
        }
#endif
        if (rc == 0 && stop_signal) /* this row is the last: whole if it ended as the stop came */
            nrows = i + (c->rank != 0 || rows[i].acc->n + rows[i].acc->failed > 0);
    }
    const int stopped = stop_signal;
    c->stopped = stopped != 0;
    cli_catch_stops(NULL);
    if (stopped && rc == 0 && c->rank == 0) {
        long long played = 0;
        for (int i = 0; i < nrows; i++)
            played += rows[i].acc->n + rows[i].acc->failed;
        fprintf(stderr, "gabata stats: stopped (%s) after %lld of %lld games%s%s\n",
                cli_stop_name(stopped), played,
                (long long)c->games * planned_rows,
                nrows == 0 ? ": none finished, nothing to show"
                : planned_rows > 1 ? "; the figures below are of those games, by row (rows not begun are left out)"
                                   : "; the figures below are of those games",
                nrows > 0 && (csv || json || report) ? ", and so are the files written" : "");
        if (nrows == 0)
            rc = 3;
    }
    if (rc == 0 && c->rank == 0) {
        FILE *out = (csv && strcmp(csv, "-") == 0) || (json && strcmp(json, "-") == 0) ? NULL : stdout;
        if (out) {
            if (planned_rows == 1) /* (a stopped sweep keeps its table, with the rows it ran) */
                print_single(out, c, &rows[0]);
            else
                print_table(out, rows, nrows, st_paired(c));
            if (rows[0].acc->failed)
                fprintf(out, "  %lld game(s) failed\n", rows[0].acc->failed);
        }
        if (csv && write_csv(csv, c, rows, nrows) != 0) {
            fprintf(stderr, "gabata stats: cannot write %s: %s\n", csv, strerror(errno));
            rc = 1;
        }
        if (json && write_json(json, c, rows, nrows) != 0) {
            fprintf(stderr, "gabata stats: cannot write %s: %s\n", json, strerror(errno));
            rc = 1;
        }
        if (report && stats_write_report(report, c, rows, nrows) != 0) {
            fprintf(stderr, "gabata stats: cannot write the report in %s: %s\n", report, strerror(errno));
            rc = 1;
        }
    }
    for (int i = 0; i < planned_rows; i++) {
        free(rows[i].acc);
        rows[i].acc = NULL;
    }
    return rc == 0 && stopped ? 3 : rc;
}

int cmd_stats(int argc, char **argv)
{
    st_cfg c;
    memset(&c, 0, sizeof c);
    c.games = 1000;
    c.jobs = 1;
    c.seed = 1;
    c.threshold = 0.125;
    c.ranks = 1;
    c.p[0] = c.p[1] = (gb_player){GB_PLAYER_RANDOM, 0, 0, 0};
    snprintf(c.pname[0], sizeof c.pname[0], "random");
    snprintf(c.pname[1], sizeof c.pname[1], "random");
#ifdef GABATA_MPI
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &c.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &c.ranks);
#endif
    c.tty = c.rank == 0 && isatty(STDERR_FILENO);
    quiet_rank = c.rank != 0;
    int rc = stats_main(argc, argv, &c);
#ifdef GABATA_MPI
    MPI_Finalize();
#endif
    return rc;
}
