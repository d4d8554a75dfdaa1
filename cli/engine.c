/* engine.c — the line protocol of `gabata engine` (docs/protocol.md). Every reply ends with a
 * line `ok`, or is the single line `error <reason>`; the session always goes on. */
#include "cli.h"
#include "fileio.h"

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define LINE_MAX_LEN 8192
#define INBOX_LINES 256 /* lines read ahead and not yet run, at most (a flood waits) */

enum { LINE_OK, LINE_EOF, LINE_TOO_LONG, LINE_NUL };

/* The lines of standard input, read by a thread of their own and run in order by the session,
 * so that a line sent while a `go` searches (or a `perft` counts) is seen at once: a bare `stop`
 * or `quit` ends the search (its deepest finished iteration answers; a perft says it was
 * stopped), and `go infinite` also ends at the end of the input (the client gone) or when
 * INBOX_LINES lines wait; every line still runs after the go, in order (docs/protocol.md).
 * Everything here is under mu; cv is told of every change. */
typedef struct held_line {
    int got; /* LINE_* */
    char *text;
    size_t len;
} held_line;
typedef struct inbox {
    FILE *in;
    int out_fd;    /* the answers' descriptor, watched once the input has ended (-1: none) */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    held_line q[INBOX_LINES];
    int head, count;
    int searching; /* 0, or the work under way: GO_FINITE (a finite go, a perft), GO_INFINITE */
    int stop;      /* the search's gb_search_opts.stop */
    bool closing;  /* the session has ended: the reader takes no more lines */
    bool done;     /* the reader has ended */
    bool eof;      /* the reader has read the input's end: it only watches the client now */
    bool abandoned; /* the session ended without waiting for the reader: it frees the inbox */
} inbox;
enum { GO_FINITE = 1, GO_INFINITE };

/* Read one line (without its newline) into buf of LINE_MAX_LEN bytes. A line of more than
 * LINE_MAX_LEN - 1 bytes is read to its end and discarded whole (LINE_TOO_LONG); one holding a
 * NUL byte is discarded too (LINE_NUL), so no part of a refused line is ever taken for a
 * command. The last line may lack its newline. */
static int read_line(FILE *in, char *buf, size_t *len)
{
    size_t n = 0;
    bool any = false, nul = false, too_long = false;
    int c;
    while ((c = getc(in)) != EOF) {
        any = true;
        if (c == '\n')
            break;
        if (c == 0)
            nul = true;
        if (n < LINE_MAX_LEN - 1)
            buf[n++] = (char)c;
        else
            too_long = true;
    }
    buf[n] = 0;
    *len = n;
    return !any ? LINE_EOF : too_long ? LINE_TOO_LONG : nul ? LINE_NUL : LINE_OK;
}

/* The bare command `name` (surrounding blanks allowed, nothing else)? */
static bool is_bare(const held_line *h, const char *name)
{
    if (h->got != LINE_OK)
        return false;
    const char *p = h->text, *e = h->text + h->len;
    while (p < e && isspace((unsigned char)*p))
        p++;
    while (e > p && isspace((unsigned char)e[-1]))
        e--;
    return (size_t)(e - p) == strlen(name) && memcmp(p, name, (size_t)(e - p)) == 0;
}

/* Does line h, waiting or just read, end the search under way (box->searching)? A `quit`
 * ends any (UCI engines quit at once; the search answers first, as on `stop`); the end of the
 * input only a go infinite: a script's finite go or perft gets its whole answer. */
static bool ends_search(const inbox *box, const held_line *h)
{
    return box->searching && (is_bare(h, "stop") || is_bare(h, "quit") ||
                              (box->searching == GO_INFINITE && h->got == LINE_EOF));
}

static void ask_stop(inbox *box) { __atomic_store_n(&box->stop, 1, __ATOMIC_RELAXED); }

/* Is nobody reading the answers any more (a pipe whose reader has closed it, a socket hung up)?
 * A regular file or a terminal never is. */
static bool out_gone(int fd)
{
    struct pollfd p = {fd, 0, 0};
    return fd >= 0 && poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP)) != 0;
}

/* After the input's end (box->mu held): until the session closes, watch the answers' reader.
 * A client that has gone (a GUI or a tournament manager that crashed: its pipes close
 * together) would otherwise have a finite go searched to its end, at a core, for nobody; its
 * search is stopped instead, and the session, whose answers then fail, ends. */
static void watch_client(inbox *box)
{
    while (!box->closing) {
        if (box->searching && out_gone(box->out_fd)) {
            ask_stop(box);
            pthread_cond_broadcast(&box->cv);
        }
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        t.tv_nsec += 200 * 1000000L; /* 5 times a second: a search's cost, not a busy wait */
        if (t.tv_nsec >= 1000000000L) {
            t.tv_sec++;
            t.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&box->cv, &box->mu, &t);
    }
}

static void *inbox_reader(void *arg)
{
    inbox *box = arg;
    char *buf = malloc(LINE_MAX_LEN);
    for (;;) {
        held_line h = {LINE_EOF, NULL, 0};
        if (buf) {
            h.got = read_line(box->in, buf, &h.len);
            if (h.got != LINE_EOF && !(h.text = malloc(h.len + 1)))
                h = (held_line){LINE_EOF, NULL, 0}; /* out of memory: as the input's end */
            else if (h.text)
                memcpy(h.text, buf, h.len + 1);
        }
        pthread_mutex_lock(&box->mu);
        while (box->count == INBOX_LINES && !box->closing) {
            if (box->searching == GO_INFINITE)
                ask_stop(box); /* a client that sends this much wants answers */
            pthread_cond_broadcast(&box->cv);
            pthread_cond_wait(&box->cv, &box->mu);
        }
        const bool last = h.got == LINE_EOF || box->closing;
        bool orphan = false;
        if (box->closing) {
            free(h.text);
        } else {
            box->q[(box->head + box->count++) % INBOX_LINES] = h;
            if (ends_search(box, &h))
                ask_stop(box);
        }
        if (h.got == LINE_EOF && !box->closing) {
            box->eof = true;
            pthread_cond_broadcast(&box->cv); /* the input's end is queued: tell the session */
            watch_client(box);
        }
        if (last) {
            box->done = true;
            orphan = box->abandoned;
        }
        pthread_cond_broadcast(&box->cv);
        pthread_mutex_unlock(&box->mu);
        if (orphan) { /* the last one to hold it */
            pthread_cond_destroy(&box->cv);
            pthread_mutex_destroy(&box->mu);
            free(box);
        }
        if (last)
            break;
    }
    free(buf);
    return NULL;
}

/* The next line, in the order sent (LINE_EOF at the end); its text is the caller's to free. */
static held_line inbox_next(inbox *box)
{
    pthread_mutex_lock(&box->mu);
    while (box->count == 0)
        pthread_cond_wait(&box->cv, &box->mu);
    held_line h = box->q[box->head];
    box->head = (box->head + 1) % INBOX_LINES;
    box->count--;
    pthread_cond_broadcast(&box->cv);
    pthread_mutex_unlock(&box->mu);
    return h;
}

/* A go (or a perft) begins: the stop flag for gb_search_opts.stop (gb_perft_opts.stop), already set when a line that ends it
 * was read ahead (a `stop` sent with the go, or before it ran). */
static const int *inbox_search_begins(inbox *box, int kind)
{
    pthread_mutex_lock(&box->mu);
    box->searching = kind;
    box->stop = 0;
    for (int i = 0; i < box->count; i++)
        if (ends_search(box, &box->q[(box->head + i) % INBOX_LINES]))
            box->stop = 1;
    if (kind == GO_INFINITE && box->count == INBOX_LINES)
        box->stop = 1;
    pthread_mutex_unlock(&box->mu);
    return &box->stop;
}

/* The go ended; wait_stop (go infinite): its answer waits for the line that ends it, as a
 * search of no budget answers only when asked. */
static void inbox_search_ends(inbox *box, bool wait_stop)
{
    pthread_mutex_lock(&box->mu);
    while (wait_stop && !__atomic_load_n(&box->stop, __ATOMIC_RELAXED))
        pthread_cond_wait(&box->cv, &box->mu);
    box->searching = 0;
    pthread_mutex_unlock(&box->mu);
}


typedef struct session {
    inbox *box;
    gb_game *g;
    uint64_t seed;
    FILE *out;
    /* the searcher of every `go`, kept with its table across them as chess engines keep theirs
     * (a search can so differ from a fresh one's); `new` clears it (docs/protocol.md) */
    gb_searcher *sr;
    gb_tables *tables; /* `setoption tables DIR`: probed by every `go` (docs/tables.md) */
    int threads; /* `setoption threads N`: alpha-beta's threads (0: 1) */
} session;

/* An error line. The reason often quotes what the client sent: its control characters (and
 * DEL) and every byte that is not part of a UTF-8 character are written \xHH, so the line stays
 * one line of printable UTF-8 text. */
static void reply_error(session *s, const char *msg)
{
    fputs("error ", s->out);
    const unsigned char *p = (const unsigned char *)msg;
    for (size_t left = strlen(msg); left > 0;) {
        const size_t k = utf8_seq_len(p, left);
        if (k == 0 || *p < 0x20 || *p == 0x7f) {
            fprintf(s->out, "\\x%02x", *p);
            p++, left--;
        } else {
            fwrite(p, 1, k, s->out);
            p += k, left -= k;
        }
    }
    putc('\n', s->out);
}
static void ok(session *s) { fprintf(s->out, "ok\n"); }

static bool need_game(session *s)
{
    if (!s->g) {
        reply_error(s, "no game: start one with 'new VARIANT' or 'position STRING'");
        return false;
    }
    return true;
}

static void protocol_new(session *s, char *args)
{
    char *variant = strtok(args, " \t");
    if (!variant) {
        reply_error(s, "usage: new VARIANT [key=value ...]");
        return;
    }
    char *rest = strtok(NULL, "");
    gb_game *g;
    gb_error err;
    if (gb_game_new(&g, variant, rest, s->seed, &err) != GB_OK) {
        reply_error(s, err.msg);
        return;
    }
    gb_game_free(s->g);
    s->g = g;
    gb_searcher_clear(s->sr); /* a new game: what earlier searches learnt is forgotten */
    ok(s);
}

static void protocol_position(session *s, char *args)
{
    if (!*args) {
        if (!need_game(s))
            return;
        char *p = gb_position_format(s->g);
        if (!p) {
            reply_error(s, "out of memory");
            return;
        }
        fprintf(s->out, "%s\n", p);
        free(p);
        ok(s);
        return;
    }
    gb_game *g;
    gb_error err;
    if (gb_game_from_position(&g, args, s->seed, &err) != GB_OK) {
        reply_error(s, err.msg);
        return;
    }
    gb_game_free(s->g);
    s->g = g;
    ok(s);
}

static void print_moves(session *s, bool with_state)
{
    gb_move moves[GB_MAX_MOVES];
    int n = gb_legal_moves(s->g, moves, GB_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        char mv[GB_MOVE_TEXT_MAX];
        gb_move_format(s->g, &moves[i], mv, sizeof mv);
        if (!with_state) {
            fprintf(s->out, "%s\n", mv);
            continue;
        }
        gb_game *c;
        if (gb_game_successor(s->g, i, &c) != GB_OK) {
            reply_error(s, "could not play a listed move (out of memory)");
            return;
        }
        /* a chance outcome drawn during the move is part of its text */
        const gb_move *played = gb_history_move(c, gb_history_length(c) - 1);
        gb_move_format(c, played, mv, sizeof mv);
        char *js = gb_state_json(c);
        fprintf(s->out, "%s\t%s\n", mv, js ? js : "null");
        free(js);
        gb_game_free(c);
    }
    ok(s);
}

static void protocol_play(session *s, char *args)
{
    if (!need_game(s))
        return;
    gb_error err;
    gb_move m;
    if (!*args) {
        reply_error(s, "usage: play MOVE");
        return;
    }
    int mover = gb_to_move(s->g), round = gb_round(s->g);
    if (gb_move_parse(s->g, args, &m, &err) != GB_OK || gb_play(s->g, &m, &err) != GB_OK) {
        reply_error(s, err.msg);
        return;
    }
    /* What a client cannot see from the move alone (docs/protocol.md): an eat and a play-again
     * (Qelat Q3), a chance outcome drawn, a round or the game ending. */
    const gb_trace *t = gb_last_trace(s->g);
    for (int i = 0; t && i < t->events; i++)
        if (t->lap[i].event == GB_EV_RAID)
            fprintf(s->out, "event eat %c %u%s\n", "SN"[mover], (unsigned)t->lap[i].value,
                    !gb_is_over(s->g) && gb_round(s->g) == round && gb_to_move(s->g) == mover
                        ? " again" : "");
    if (m.chance)
        fprintf(s->out, "event lots %c\n", m.chance == 1 ? 'S' : 'N');
    if (gb_round(s->g) != round)
        fprintf(s->out, "event round %d\n", gb_round(s->g));
    if (gb_is_over(s->g))
        fprintf(s->out, "event over %s\n", gb_end_reason_name(gb_end_reason(s->g)));
    ok(s);
}

static void protocol_perft(session *s, char *args)
{
    if (!need_game(s))
        return;
    char *end;
    errno = 0;
    long d = strtol(args, &end, 10);
    if (!*args || *end || errno || d < 0 || d > 12) {
        reply_error(s, "usage: perft DEPTH (0-12)");
        return;
    }
    gb_move probe[GB_MAX_MOVES];
    if (d > 0 && !gb_is_over(s->g) && gb_legal_moves(s->g, probe, GB_MAX_MOVES) == 0) {
        char msg[128];
        snprintf(msg, sizeof msg, "perft: the %s phase takes a move that cannot be listed (a layout)", gb_phase(s->g));
        reply_error(s, msg);
        return;
    }
    /* a perft 12 counts for hours: `stop` and `quit` end it as they end a finite go */
    const gb_perft_opts po = {inbox_search_begins(s->box, GO_FINITE)};
    uint64_t n = 0;
    gb_error err = {0, ""};
    const int rc = gb_perft_count(s->g, (int)d, &po, &n, &err);
    inbox_search_ends(s->box, false);
    if (rc != GB_OK) { /* "perft stopped; partial count (...): N" (docs/protocol.md) */
        reply_error(s, err.msg);
        return;
    }
    fprintf(s->out, "%llu\n", (unsigned long long)n);
    ok(s);
}

static void protocol_seed(session *s, char *args)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(args, &end, 10);
    if (!*args || *end || errno || !isdigit((unsigned char)*args)) {
        reply_error(s, "usage: seed N (a whole number)");
        return;
    }
    s->seed = v;
    ok(s);
}

/* `setoption threads N`: the threads of every later alpha-beta `go` (Lazy SMP). */
static void setoption_threads(session *s, char *args)
{
    char *name = strtok(args, " \t"), *val = strtok(NULL, " \t"), *extra = strtok(NULL, " \t"), *end = NULL;
    if (!name || strcmp(name, "threads") != 0) {
        reply_error(s, "usage: setoption threads N");
        return;
    }
    errno = 0;
    long v = val ? strtol(val, &end, 10) : 0;
    if (!val || extra || *end || errno || !isdigit((unsigned char)*val) || v < 1 || v > GB_SEARCH_MAX_THREADS) {
        reply_error(s, "setoption threads needs a whole number from 1 to 64");
        return;
    }
    s->threads = (int)v;
    ok(s);
}

/* `go [depth N | nodes N | movetime MS] [mcts]`: search the current position synchronously
 * within the budget; `info` lines after each completed iteration, then `bestmove MOVE`. */
typedef struct go_ctx {
    session *s;
    bool mcts;
} go_ctx;

static void format_score(char *buf, size_t len, int score)
{
    int w = gb_score_is_win(score);
    if (w)
        snprintf(buf, len, "win %d", w > 0 ? GB_SCORE_WIN - score : -(GB_SCORE_WIN + score));
    else
        snprintf(buf, len, "cs %d", score);
}

static void go_info(const gb_search_result *r, void *user)
{
    go_ctx *c = user;
    char sc[48];
    if (c->mcts)
        snprintf(sc, sizeof sc, "q %d", r->score);
    else if (r->exact == 2) /* a proven margin: a proven draw is "exact 0", not "cs 0" */
        snprintf(sc, sizeof sc, "exact %d", r->margin);
    else
        format_score(sc, sizeof sc, r->score);
    double secs = r->seconds > 1e-6 ? r->seconds : 1e-6;
    fprintf(c->s->out, "info depth %d score %s nodes %lld nps %.0f time %.0f pv", r->depth, sc,
            r->nodes, (double)r->nodes / secs, r->seconds * 1000.0);
    /* the PV's moves are formatted on a copy of the game, played along */
    gb_game *g = gb_game_clone(c->s->g);
    for (int i = 0; g && i < r->pv_len; i++) {
        char mv[GB_MOVE_TEXT_MAX];
        gb_move m = r->pv[i];
        if (gb_is_over(g) || gb_move_format(g, &m, mv, sizeof mv) < 0 || gb_play(g, &m, NULL) != GB_OK)
            break;
        fprintf(c->s->out, " %s", mv);
    }
    gb_game_free(g);
    fprintf(c->s->out, "\n");
    if (fflush(c->s->out) != 0 || ferror(c->s->out))
        ask_stop(c->s->box); /* nobody reads the answers: the client has gone */
}

static bool parse_count(const char *t, long long max, long long *out)
{
    char *end;
    errno = 0;
    long long v = t ? strtoll(t, &end, 10) : 0;
    if (!t || !*t || *end || errno || v < 1 || v > max)
        return false;
    *out = v;
    return true;
}

static void protocol_go(session *s, char *args)
{
    if (!need_game(s))
        return;
    if (gb_is_over(s->g)) {
        reply_error(s, "the game is over");
        return;
    }
    gb_search_opts o;
    memset(&o, 0, sizeof o);
    o.seed = s->seed;
    go_ctx c = {s, false};
    bool any = false, infinite = false;
    unsigned given = 0; /* depth, nodes, movetime: each once (a position's fields are too) */
    for (char *t = strtok(args, " \t"); t; t = strtok(NULL, " \t")) {
        long long v;
        if (strcmp(t, "mcts") == 0) {
            c.mcts = true;
            continue;
        }
        if (strcmp(t, "infinite") == 0) {
            infinite = true;
            continue;
        }
        char *arg = strtok(NULL, " \t");
        const unsigned bit = strcmp(t, "depth") == 0 ? 1u : strcmp(t, "nodes") == 0 ? 2u : strcmp(t, "movetime") == 0 ? 4u : 0u;
        if (bit & given) {
            char msg[64];
            snprintf(msg, sizeof msg, "go: %s given twice", t);
            reply_error(s, msg);
            return;
        }
        given |= bit;
        if (strcmp(t, "depth") == 0 && parse_count(arg, GB_SEARCH_MAX_DEPTH, &v)) {
            o.budget.depth = (int)v;
        } else if (strcmp(t, "nodes") == 0 && parse_count(arg, 1000000000000LL, &v)) {
            o.budget.nodes = v;
        } else if (strcmp(t, "movetime") == 0 && parse_count(arg, 86400000LL, &v)) {
            o.budget.movetime_ms = (long)v;
        } else {
            reply_error(s, "usage: go [depth N (1-64) | nodes N | movetime MS | infinite] [mcts]");
            return;
        }
        any = true;
    }
    if (infinite && any) {
        reply_error(s, "go infinite takes no other budget (it searches until stop)");
        return;
    }
    if (infinite) { /* until `stop`: as deep as a search goes, playouts past counting */
        if (c.mcts)
            o.budget.nodes = 1000000000000000LL;
        else
            o.budget.depth = GB_SEARCH_MAX_DEPTH;
    } else if (!any) {
        o.budget.movetime_ms = 1000;
    }
    o.info = go_info;
    o.user = &c;
    o.tt_mb = 32;
    o.tables = s->tables;
    o.threads = s->threads;
    if (!s->sr)
        s->sr = gb_searcher_new(&o);
    gb_searcher *sr = s->sr;
    if (!sr) {
        reply_error(s, "out of memory");
        return;
    }
    gb_search_result res;
    gb_error err;
    o.stop = inbox_search_begins(s->box, infinite ? GO_INFINITE : GO_FINITE);
    int rc = c.mcts ? gb_mcts(sr, s->g, &o, &res, &err) : gb_search(sr, s->g, &o, &res, &err);
    inbox_search_ends(s->box, infinite && rc == GB_OK); /* infinite: no answer before stop */
    if (rc != GB_OK) {
        reply_error(s, err.msg);
        return;
    }
    if (c.mcts)
        go_info(&res, &c);
    char mv[GB_MOVE_TEXT_MAX];
    gb_move_format(s->g, &res.best, mv, sizeof mv);
    fprintf(s->out, "bestmove %s\n", mv);
    ok(s);
}

/* `setoption tables DIR|none`: the endgame tables every `go` probes. */
static void setoption_tables(session *s, char *args)
{
    char *name = strtok(args, " \t"), *value = strtok(NULL, "");
    if (!name || strcmp(name, "tables") != 0 || !value || !*value) {
        reply_error(s, "usage: setoption tables DIR|none");
        return;
    }
    while (*value == ' ' || *value == '\t')
        value++;
    gb_tables *t = NULL;
    if (strcmp(value, "none") != 0) {
        gb_error err = {0};
        if (gb_tables_open(&t, value, 0, &err) != GB_OK) {
            reply_error(s, err.msg);
            return;
        }
    }
    /* the searcher's table holds scores of the other scale: a new one */
    gb_searcher_free(s->sr);
    s->sr = NULL;
    gb_tables_close(s->tables);
    s->tables = t;
    ok(s);
}

/* `setoption threads N` | `setoption tables DIR|none` */
static void protocol_setoption(session *s, char *args)
{
    const char *a = args;
    while (*a == ' ' || *a == '\t')
        a++;
    size_t n = strcspn(a, " \t");
    if (n == 7 && strncmp(a, "threads", 7) == 0)
        setoption_threads(s, args);
    else if (n == 6 && strncmp(a, "tables", 6) == 0)
        setoption_tables(s, args);
    else
        reply_error(s, "usage: setoption threads N | setoption tables DIR|none");
}

static const char help_text[] =
    "new VARIANT [key=value ...]  start a game (variants: sadeqa, qelat, akil, bulto)\n"
    "position [STRING]            set the position, or print the current one\n"
    "moves                        legal moves, one a line\n"
    "successors                   legal moves, each with a tab and the resulting state as JSON\n"
    "play MOVE                    play a move\n"
    "undo                         take back the last move\n"
    "state                        the state as one line of JSON\n"
    "record                       the game record so far\n"
    "perft DEPTH                  count move sequences of DEPTH plies\n"
    "seed N                       the random seed for the next game (chance, lots)\n"
    "setoption tables DIR|none    endgame tables for go to probe (score exact N: a proven margin)\n"
    "setoption threads N          alpha-beta on N threads (1-64, default 1) from the next go\n"
    "go [depth N|nodes N|movetime MS|infinite] [mcts]  search: info lines, then bestmove MOVE\n"
    "stop                         ends a go or perft under way (sent while it runs), then ok\n"
    "help                         this list\n"
    "quit                         end the session (a go or perft under way answers first, stopped)\n";

/* The session has ended: the reader takes no more lines. A reader that can only be at the
 * end of a file or a string soon is waited for (the caller may close `in` next); one that may
 * wait for ever on a pipe or a terminal (a client that keeps it open) is left to run, and frees
 * the inbox itself if it ends before the process does. */
static void inbox_close(inbox *box, pthread_t reader)
{
    struct stat st;
    const int fd = fileno(box->in);
    const bool soon = fd < 0 || (fstat(fd, &st) == 0 && S_ISREG(st.st_mode));
    pthread_mutex_lock(&box->mu);
    box->closing = true;
    for (; box->count > 0; box->count--, box->head = (box->head + 1) % INBOX_LINES)
        free(box->q[box->head].text);
    pthread_cond_broadcast(&box->cv);
    /* who frees the inbox is decided here, under the lock: this thread after the join, or the
     * reader when it ends (it sees `abandoned` as it sets `done`) */
    const bool join = soon || box->done || box->eof; /* (eof: it ends as soon as told) */
    box->abandoned = !join;
    pthread_mutex_unlock(&box->mu);
    if (join) {
        pthread_join(reader, NULL);
        pthread_cond_destroy(&box->cv);
        pthread_mutex_destroy(&box->mu);
        free(box);
    } else {
        pthread_detach(reader); /* (the inbox is the reader's now: not touched again here) */
    }
}

int engine_run(FILE *in, FILE *out)
{
    inbox *box = calloc(1, sizeof *box);
    if (!box)
        return 1;
    box->in = in;
    box->out_fd = fileno(out);
    pthread_mutex_init(&box->mu, NULL);
    pthread_cond_init(&box->cv, NULL);
    pthread_t reader;
    if (pthread_create(&reader, NULL, inbox_reader, box) != 0) {
        pthread_cond_destroy(&box->cv);
        pthread_mutex_destroy(&box->mu);
        free(box);
        return 1;
    }
    session s = {box, NULL, 1, out, NULL, NULL, 0};
    char *line = NULL;
    for (;;) {
        free(line);
        const held_line h = inbox_next(box);
        line = h.text;
        size_t len = h.len;
        const int got = h.got;
        if (got == LINE_EOF)
            break;
        if (got != LINE_OK) {
            reply_error(&s, got == LINE_TOO_LONG ? "line too long" : "line holds a NUL byte");
            fflush(out);
            continue;
        }
        while (len && isspace((unsigned char)line[len - 1]))
            line[--len] = 0;
        char *p = line;
        while (isspace((unsigned char)*p))
            p++;
        if (!*p || *p == '#')
            continue;
        char *cmd = p;
        while (*p && !isspace((unsigned char)*p))
            p++;
        if (*p)
            *p++ = 0;
        while (isspace((unsigned char)*p))
            p++;
        char *args = p;
        /* a command that takes no argument refuses one: `undo 3` must not undo one move */
        static const char *const bare[] = {"quit", "moves", "successors", "undo", "state", "record", "stop", "help"};
        bool refused = false;
        for (size_t i = 0; i < sizeof bare / sizeof bare[0] && *args; i++)
            if (strcmp(cmd, bare[i]) == 0) {
                char msg[64];
                snprintf(msg, sizeof msg, "usage: %s (no argument)", bare[i]);
                reply_error(&s, msg);
                refused = true;
            }
        if (refused) {
            fflush(out);
            continue;
        }
        if (strcmp(cmd, "quit") == 0) {
            ok(&s);
            break;
        } else if (strcmp(cmd, "new") == 0) {
            protocol_new(&s, args);
        } else if (strcmp(cmd, "position") == 0) {
            protocol_position(&s, args);
        } else if (strcmp(cmd, "moves") == 0) {
            if (need_game(&s))
                print_moves(&s, false);
        } else if (strcmp(cmd, "successors") == 0) {
            if (need_game(&s))
                print_moves(&s, true);
        } else if (strcmp(cmd, "play") == 0) {
            protocol_play(&s, args);
        } else if (strcmp(cmd, "undo") == 0) {
            gb_error err;
            if (need_game(&s)) {
                if (gb_undo(s.g, &err) != GB_OK)
                    reply_error(&s, err.msg);
                else
                    ok(&s);
            }
        } else if (strcmp(cmd, "state") == 0) {
            if (need_game(&s)) {
                char *js = gb_state_json(s.g);
                if (js) {
                    fprintf(out, "%s\n", js);
                    free(js);
                    ok(&s);
                } else {
                    reply_error(&s, "out of memory");
                }
            }
        } else if (strcmp(cmd, "record") == 0) {
            if (need_game(&s)) {
                char *r = gb_record_format(s.g, NULL);
                if (r) {
                    fputs(r, out);
                    free(r);
                    ok(&s);
                } else {
                    reply_error(&s, "out of memory");
                }
            }
        } else if (strcmp(cmd, "perft") == 0) {
            protocol_perft(&s, args);
        } else if (strcmp(cmd, "seed") == 0) {
            protocol_seed(&s, args);
        } else if (strcmp(cmd, "setoption") == 0) {
            protocol_setoption(&s, args);
        } else if (strcmp(cmd, "go") == 0) {
            protocol_go(&s, args);
        } else if (strcmp(cmd, "stop") == 0) {
            ok(&s);
        } else if (strcmp(cmd, "help") == 0) {
            fputs(help_text, out);
            ok(&s);
        } else {
            /* at most 40 bytes of it, cut between two UTF-8 characters */
            int n = (int)strnlen(cmd, 40);
            while (n > 0 && cmd[n] && ((unsigned char)cmd[n] & 0xc0) == 0x80)
                n--;
            char msg[160];
            snprintf(msg, sizeof msg, "unknown command '%.*s' (try 'help')", n, cmd);
            reply_error(&s, msg);
        }
        if (fflush(out) != 0 || ferror(out))
            break; /* the answers cannot be written (nobody reads them): the session is over */
    }
    free(line);
    gb_game_free(s.g);
    gb_searcher_free(s.sr);
    gb_tables_close(s.tables);
    fflush(out);
    inbox_close(box, reader);
    return 0;
}
