/* events.c — live updates of `gabata serve`: GET /api/games/ID/events, a Server-Sent Events
 * stream (docs/api.md). Every change of a game is published here (events_publish, from the game
 * table's handlers in api.c), numbered in the game's own sequence, kept for replay (the last
 * EVENTS_KEPT of each game) and written to every open stream of the game at once.
 *
 * A stream costs no thread: its response is a callback (MHD_create_response_from_callback) that
 * hands out what is buffered for it and, when nothing is, suspends its connection; a publisher
 * appends to the buffers and resumes the suspended connections, so that the daemon's one thread
 * sends the event at once. A heartbeat comment every EVENTS_HEARTBEAT_S seconds keeps proxies from
 * closing an idle stream and lets the server notice a client that is gone.
 *
 * A stream opened with a seat's token (Authorization: Bearer T) says which seat it is; the
 * seat's first stream publishes "connected", its last one closing publishes "gone". A client that
 * goes away is noticed at once, not at the next heartbeat: the heartbeat thread also watches the
 * sockets of the streams (epoll, EPOLLRDHUP) and ends the stream of a socket the peer closed.
 *
 * A game's log (its numbering and the events kept for replay) exists only while the game is
 * watched: it is made when a stream opens and dropped EVENTS_LINGER_S seconds after the last one
 * closed, so that a server holding thousands of games keeps logs only for those being played
 * online or watched. Event numbers must never go back, across a dropped log or a restart of the
 * server, or a reconnecting client would take new events for ones it has seen: a new log starts
 * numbering after the clock's milliseconds times 1000 (EVENTS_PER_MS), above any number a log
 * made earlier can have reached; a client naming an older number is told to read the game again
 * (reset). The numbers stay below 2^53, exact in JavaScript, until the year 2255. */
#include "serve.h"

#include <errno.h>
#include <microhttpd.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#define EVENTS_KEPT 64           /* events kept per game for replay */
#define EVENTS_KEPT_BYTES 8192  /* and at most this many bytes of them (the oldest go first) */
#define EVENTS_LINGER_S 120     /* a log is dropped this long after its game's last stream closed */
#define EVENTS_PER_MS 1000ull   /* a new log numbers its events from the clock's ms times this */
#define EVENTS_BUCKETS 4096
#define STREAM_MAX_BUFFER (1u << 20) /* a stream that falls this far behind is ended */

typedef struct stream stream;
typedef struct gamelog {
    char *id;
    unsigned long long seq;           /* the number of the last event (first: seq_base + 1) */
    unsigned long long seq_base;      /* the log's events are numbered from seq_base + 1 */
    time_t idle_since;                /* when its last stream closed (streams == NULL) */
    char *kept[EVENTS_KEPT];          /* event seq is kept[seq % EVENTS_KEPT] */
    unsigned long long kept_from;     /* the oldest event still kept */
    size_t kept_bytes;
    stream *streams;
    int seats[3];                     /* open streams: S, N, spectators */
    double seat_gone[2];              /* serve_now_s() since when the seat has had no stream: its
                                       * last one's close, or the log's making */
    struct gamelog *next;
} gamelog;

struct stream {
    gamelog *gl;                      /* NULL once the game is gone */
    struct MHD_Connection *c;
    char *buf;
    size_t len, off, cap;
    bool suspended, closed;
    int seat;                         /* 0, 1, or 2 for a spectator */
    int fd;                           /* the connection's socket, watched for the peer closing; -1 */
    uint64_t serial;                  /* names the stream to the watcher (epoll's data) */
    char who[80];                     /* "CHANNEL/PLAYER" on a channel that knows its watchers, or "" */
    stream *next, *prev;              /* in gl->streams */
    stream *all_next, *all_prev;      /* in E.all */
};

/* Who holds streams on a channel (the lobby: a seek lapses when its player's stream is gone). */
#define PRESENCE_BUCKETS 1024
#define PRESENCE_KEPT_S 3600 /* an entry with no stream is forgotten this long after its last one */
typedef struct presence {
    char who[80];
    int open;
    double gone_since; /* serve_now_s() */
    struct presence *next;
} presence;

static struct {
    pthread_mutex_t lock;
    presence *present[PRESENCE_BUCKETS];
    gamelog *buckets[EVENTS_BUCKETS];
    stream *all;
    int open;
    pthread_t beat;
    bool beating, stopping;
    int heartbeat_s;
    int watch_fd, wake_fd;            /* the heartbeat thread's epoll, and the eventfd that stops it */
    uint64_t serials;
    unsigned long long last_base;     /* the last seq_base given: bases only go up */
} E = {.lock = PTHREAD_MUTEX_INITIALIZER, .watch_fd = -1, .wake_fd = -1};

/* The first number for a new log (see the head of the file). */
static unsigned long long new_base(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    unsigned long long base = ((unsigned long long)t.tv_sec * 1000ull + (unsigned long long)t.tv_nsec / 1000000ull) *
                              EVENTS_PER_MS;
    if (base <= E.last_base) /* two logs in one millisecond, or the clock stepped back */
        base = E.last_base + EVENTS_PER_MS;
    E.last_base = base;
    return base;
}

static unsigned hash_id(const char *id)
{
    unsigned h = 2166136261u;
    for (; *id; id++)
        h = (h ^ (unsigned char)*id) * 16777619u;
    return h % EVENTS_BUCKETS;
}

static gamelog *log_find(const char *id, bool make)
{
    gamelog **b = &E.buckets[hash_id(id)];
    for (gamelog *g = *b; g; g = g->next)
        if (strcmp(g->id, id) == 0)
            return g;
    if (!make)
        return NULL;
    gamelog *g = calloc(1, sizeof *g);
    if (!g || !(g->id = strdup(id))) {
        free(g);
        return NULL;
    }
    g->seq = g->seq_base = new_base();
    g->kept_from = g->seq + 1;
    g->idle_since = time(NULL);
    g->seat_gone[0] = g->seat_gone[1] = serve_now_s();
    g->next = *b;
    *b = g;
    return g;
}

static void log_free(gamelog *g)
{
    for (int i = 0; i < EVENTS_KEPT; i++)
        free(g->kept[i]);
    free(g->id);
    free(g);
}

/* The connections to resume, collected under E.lock and resumed after it is released: MHD's
 * resume takes a lock of the daemon's, and the daemon's thread may hold that one while it calls
 * back here (stream_free). A suspended connection stays valid until resumed, and only the one who
 * cleared its `suspended` resumes it, so resuming it a moment later is safe. */
typedef struct resumes {
    struct MHD_Connection *one[8];
    struct MHD_Connection **c;
    size_t n, cap;
} resumes;

static void resumes_add(resumes *r, struct MHD_Connection *c)
{
    if (!r->c) {
        r->c = r->one;
        r->cap = sizeof r->one / sizeof r->one[0];
    }
    if (r->n == r->cap) {
        size_t cap = r->cap * 2;
        struct MHD_Connection **b = r->c == r->one ? malloc(cap * sizeof *b) : realloc(r->c, cap * sizeof *b);
        if (!b) {
            MHD_resume_connection(c); /* (out of memory: at once, as a last resort) */
            return;
        }
        if (r->c == r->one)
            memcpy(b, r->one, sizeof r->one);
        r->c = b;
        r->cap = cap;
    }
    r->c[r->n++] = c;
}

/* Release E.lock, then resume. */
static void unlock_and_resume(resumes *r)
{
    pthread_mutex_unlock(&E.lock);
    for (size_t i = 0; i < r->n; i++)
        MHD_resume_connection(r->c[i]);
    if (r->c && r->c != r->one)
        free(r->c);
}

static bool stream_append(stream *s, const char *text, size_t n, resumes *rs)
{
    if (s->closed)
        return false;
    if (s->len - s->off + n > STREAM_MAX_BUFFER) {
        s->closed = true; /* too far behind: end it; the client reconnects with Last-Event-ID */
    } else {
        if (s->off && s->off == s->len)
            s->off = s->len = 0;
        if (s->len + n > s->cap) {
            size_t cap = (s->len + n) * 2;
            char *b = realloc(s->buf, cap);
            if (!b) {
                s->closed = true;
                goto wake;
            }
            s->buf = b;
            s->cap = cap;
        }
        memcpy(s->buf + s->len, text, n);
        s->len += n;
    }
wake:
    if (s->suspended) {
        s->suspended = false;
        resumes_add(rs, s->c);
    }
    return !s->closed;
}

/* Publish with E.lock held. */
static void publish_locked(gamelog *g, const char *type, json_t *data, resumes *rs)
{
    char *dj = json_dumps(data, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(data);
    if (!dj)
        return;
    unsigned long long seq = ++g->seq;
    size_t n = strlen(dj) + strlen(type) + 64;
    char *text = malloc(n);
    if (!text) {
        free(dj);
        return;
    }
    snprintf(text, n, "id: %llu\nevent: %s\ndata: %s\n\n", seq, type, dj);
    free(dj);
    size_t len = strlen(text);
    while (g->kept_from < seq && (seq - g->kept_from >= EVENTS_KEPT || g->kept_bytes + len > EVENTS_KEPT_BYTES)) {
        char **old = &g->kept[g->kept_from % EVENTS_KEPT];
        if (*old)
            g->kept_bytes -= strlen(*old);
        free(*old);
        *old = NULL;
        g->kept_from++;
    }
    g->kept[seq % EVENTS_KEPT] = text;
    g->kept_bytes += len;
    for (stream *s = g->streams; s; s = s->next)
        stream_append(s, text, len, rs);
}

void events_publish(const char *game_id, const char *type, json_t *data)
{
    if (!game_id || !data) {
        json_decref(data);
        return;
    }
    resumes rs = {0};
    pthread_mutex_lock(&E.lock);
    gamelog *g = log_find(game_id, false); /* not watched lately: no one to tell, nothing to keep */
    if (g)
        publish_locked(g, type, data, &rs);
    else
        json_decref(data);
    unlock_and_resume(&rs);
}

void events_forget(const char *game_id)
{
    resumes rs = {0};
    pthread_mutex_lock(&E.lock);
    gamelog **b = &E.buckets[hash_id(game_id)];
    for (gamelog *g = *b; g; b = &g->next, g = g->next) {
        if (strcmp(g->id, game_id) != 0)
            continue;
        if (g->streams)
            publish_locked(g, "deleted", json_pack("{s:s}", "id", game_id), &rs);
        for (stream *s = g->streams, *nx; s; s = nx) {
            nx = s->next;
            s->gl = NULL;
            s->next = s->prev = NULL;
            s->closed = true;
            if (s->suspended) {
                s->suspended = false;
                resumes_add(&rs, s->c);
            }
        }
        *b = g->next;
        log_free(g);
        break;
    }
    unlock_and_resume(&rs);
}

unsigned long long events_last_id(const char *game_id)
{
    pthread_mutex_lock(&E.lock);
    gamelog *g = log_find(game_id, false);
    unsigned long long r = g ? g->seq : 0; /* 0: no log (no numbers given lately) */
    pthread_mutex_unlock(&E.lock);
    return r;
}

void events_watchers(const char *game_id, int counts[3])
{
    pthread_mutex_lock(&E.lock);
    gamelog *g = log_find(game_id, false);
    for (int i = 0; i < 3; i++)
        counts[i] = g ? g->seats[i] : 0;
    pthread_mutex_unlock(&E.lock);
}

int events_seat_absence(const char *game_id, int seat, double *absent_s)
{
    pthread_mutex_lock(&E.lock);
    gamelog *g = seat == 0 || seat == 1 ? log_find(game_id, true) : NULL;
    int open = g ? g->seats[seat] : 0;
    *absent_s = g && !open ? serve_now_s() - g->seat_gone[seat] : 0;
    pthread_mutex_unlock(&E.lock);
    return open;
}

static presence *presence_find(const char *who, bool make)
{
    presence **b = &E.present[hash_id(who) % PRESENCE_BUCKETS];
    for (presence *p = *b; p; p = p->next)
        if (strcmp(p->who, who) == 0)
            return p;
    presence *p = make ? calloc(1, sizeof *p) : NULL;
    if (p) {
        snprintf(p->who, sizeof p->who, "%s", who);
        p->next = *b;
        *b = p;
    }
    return p;
}

int events_presence(const char *channel, const char *who, double *gone_since)
{
    char key[80];
    snprintf(key, sizeof key, "%s/%s", channel, who);
    pthread_mutex_lock(&E.lock);
    presence *p = presence_find(key, false);
    int open = p ? p->open : 0;
    *gone_since = p ? p->gone_since : 0;
    pthread_mutex_unlock(&E.lock);
    return open;
}

static const char *seat_name(int seat)
{
    return seat == 0 ? "S" : seat == 1 ? "N" : "spectator";
}

/* ---- the streams (called by http.c) ---- */
static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    stream *s = cls;
    pthread_mutex_lock(&E.lock);
    ssize_t r;
    if (s->off < s->len) {
        size_t n = s->len - s->off < max ? s->len - s->off : max;
        memcpy(buf, s->buf + s->off, n);
        s->off += n;
        r = (ssize_t)n;
    } else if (s->closed || E.stopping) {
        r = MHD_CONTENT_READER_END_OF_STREAM;
    } else {
        s->suspended = true; /* nothing to send: wait, without a thread, for the next event */
        MHD_suspend_connection(s->c);
        r = 0;
    }
    pthread_mutex_unlock(&E.lock);
    return r;
}

static void stream_free(void *cls)
{
    stream *s = cls;
    resumes rs = {0};
    pthread_mutex_lock(&E.lock);
    gamelog *g = s->gl;
    if (g) {
        if (s->prev)
            s->prev->next = s->next;
        else
            g->streams = s->next;
        if (s->next)
            s->next->prev = s->prev;
        if (--g->seats[s->seat] == 0 && s->seat < 2) {
            g->seat_gone[s->seat] = serve_now_s();
            publish_locked(g, "gone", json_pack("{s:s}", "seat", seat_name(s->seat)), &rs);
        }
        if (!g->streams)
            g->idle_since = time(NULL);
    }
    if (s->who[0]) {
        presence *p = presence_find(s->who, false);
        if (p && --p->open <= 0) {
            p->open = 0;
            p->gone_since = serve_now_s();
        }
    }
    if (s->fd >= 0 && E.watch_fd >= 0)
        epoll_ctl(E.watch_fd, EPOLL_CTL_DEL, s->fd, NULL); /* (the socket is still open here) */
    if (s->all_prev)
        s->all_prev->all_next = s->all_next;
    else
        E.all = s->all_next;
    if (s->all_next)
        s->all_next->all_prev = s->all_prev;
    E.open--;
    unlock_and_resume(&rs);
    free(s->buf);
    free(s);
}

/* A stream of the game for connection c, seat 0, 1 or -1 (a spectator), replaying the events
 * after last_seen (a reconnection's Last-Event-ID; 0 for none). NULL: out of memory. */
static struct MHD_Response *open_stream(struct MHD_Connection *c, const char *game_id, int seat, const char *who,
                                        unsigned long long last_seen, bool have_last);

struct MHD_Response *events_open(struct MHD_Connection *c, const char *game_id, int seat,
                                 unsigned long long last_seen, bool have_last)
{
    return open_stream(c, game_id, seat, NULL, last_seen, have_last);
}

/* A spectator's stream of a channel (the lobby), with who holds it ("" or NULL: nobody named). */
struct MHD_Response *events_open_as(struct MHD_Connection *c, const char *channel, const char *who,
                                    unsigned long long last_seen, bool have_last)
{
    return open_stream(c, channel, -1, who, last_seen, have_last);
}

static struct MHD_Response *open_stream(struct MHD_Connection *c, const char *game_id, int seat, const char *who,
                                        unsigned long long last_seen, bool have_last)
{
    stream *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (who && *who)
        snprintf(s->who, sizeof s->who, "%s/%s", game_id, who);
    s->c = c;
    s->seat = seat < 0 ? 2 : seat;
    s->fd = -1;
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    int fd = ci ? ci->connect_fd : -1;
    struct MHD_Response *resp =
        MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, stream_read, s, stream_free);
    if (!resp) {
        free(s);
        return NULL;
    }
    resumes rs = {0};
    pthread_mutex_lock(&E.lock);
    gamelog *g = log_find(game_id, true);
    s->gl = g;
    s->all_next = E.all;
    if (E.all)
        E.all->all_prev = s;
    E.all = s;
    E.open++;
    s->serial = ++E.serials;
    if (s->who[0]) {
        presence *p = presence_find(s->who, true);
        if (p)
            p->open++;
        else
            s->who[0] = 0; /* (out of memory: the stream goes on, unnamed) */
    }
    if (fd >= 0 && E.watch_fd >= 0) {
        /* edge-triggered: told once when the peer closes, not while the stream is being read */
        struct epoll_event ev = {.events = EPOLLRDHUP | EPOLLET, .data.u64 = s->serial};
        if (epoll_ctl(E.watch_fd, EPOLL_CTL_ADD, fd, &ev) == 0)
            s->fd = fd;
    }
    char head[160];
    if (!g) {
        s->closed = true;
        stream_append(s, "retry: 2000\n\n", 13, &rs);
    } else {
        /* "hello" names the last event so far: a client that reconnects later names it back */
        unsigned long long from = have_last ? last_seen + 1 : g->seq + 1;
        snprintf(head, sizeof head, "retry: 2000\n\n");
        stream_append(s, head, strlen(head), &rs);
        if (have_last && last_seen > g->seq) {
            from = g->seq + 1; /* from the future (a restarted server): say so */
        }
        if (have_last && (from < g->kept_from || last_seen > g->seq)) {
            /* missed more than is kept: the client must read the game again */
            snprintf(head, sizeof head, "id: %llu\nevent: reset\ndata: {\"last\":%llu}\n\n", g->seq, g->seq);
            stream_append(s, head, strlen(head), &rs);
        } else {
            for (unsigned long long k = from; k <= g->seq; k++) {
                const char *t = g->kept[k % EVENTS_KEPT];
                if (t)
                    stream_append(s, t, strlen(t), &rs);
            }
        }
        if (!have_last || g->seq == g->seq_base) {
            snprintf(head, sizeof head, "id: %llu\nevent: hello\ndata: {\"last\":%llu,\"seat\":\"%s\"}\n\n",
                     g->seq, g->seq, seat_name(s->seat));
            stream_append(s, head, strlen(head), &rs);
        }
        s->next = g->streams;
        if (g->streams)
            g->streams->prev = s;
        g->streams = s;
        if (g->seats[s->seat]++ == 0 && s->seat < 2)
            publish_locked(g, "connected", json_pack("{s:s}", "seat", seat_name(s->seat)), &rs);
    }
    unlock_and_resume(&rs);
    MHD_add_response_header(resp, "Content-Type", "text/event-stream; charset=utf-8");
    MHD_add_response_header(resp, "Cache-Control", "no-store");
    MHD_add_response_header(resp, "X-Accel-Buffering", "no");
    return resp;
}

/* The streams of sockets the peer closed: end them now (resumed, their read says the end, and
 * MHD closes the connection, which publishes "gone"). With E.lock held. */
static void end_closed(const struct epoll_event *evs, int n, resumes *rs)
{
    for (int i = 0; i < n; i++) {
        if (evs[i].data.u64 == 0)
            continue; /* the wake-up eventfd */
        for (stream *s = E.all; s; s = s->all_next) { /* (a disconnection is rare: a scan is fine) */
            if (s->serial != evs[i].data.u64)
                continue;
            s->closed = true;
            if (s->suspended) {
                s->suspended = false;
                resumes_add(rs, s->c);
            }
            break;
        }
    }
}

/* Drop the logs of games no one has watched for EVENTS_LINGER_S, and the presence of those long
 * gone. With E.lock held. */
static void drop_idle_logs(time_t now)
{
    double mono = serve_now_s();
    for (int b = 0; b < PRESENCE_BUCKETS; b++)
        for (presence **pp = &E.present[b]; *pp;) {
            presence *p = *pp;
            if (!p->open && mono - p->gone_since >= PRESENCE_KEPT_S) {
                *pp = p->next;
                free(p);
            } else {
                pp = &p->next;
            }
        }
    for (int b = 0; b < EVENTS_BUCKETS; b++)
        for (gamelog **pp = &E.buckets[b]; *pp;) {
            gamelog *g = *pp;
            if (!g->streams && now - g->idle_since >= EVENTS_LINGER_S) {
                *pp = g->next;
                log_free(g);
            } else {
                pp = &g->next;
            }
        }
}

/* The heartbeat thread: a comment on every stream each heartbeat, the logs no longer watched
 * dropped, and, between beats, the streams whose client went away ended at once. */
static void *heartbeat(void *unused)
{
    (void)unused;
    struct timespec next;
    clock_gettime(CLOCK_MONOTONIC, &next);
    next.tv_sec += E.heartbeat_s;
    for (;;) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long long ms = (long long)(next.tv_sec - now.tv_sec) * 1000 + (next.tv_nsec - now.tv_nsec) / 1000000;
        struct epoll_event evs[64];
        int n = E.watch_fd >= 0 ? epoll_wait(E.watch_fd, evs, 64, ms > 0 ? (int)ms : 0) : 0;
        if (E.watch_fd < 0) { /* (no epoll: beats only) */
            struct timespec t = {ms > 0 ? ms / 1000 : 0, ms > 0 ? (ms % 1000) * 1000000 : 0};
            nanosleep(&t, NULL);
        }
        if (n < 0 && errno != EINTR)
            n = 0;
        resumes rs = {0};
        pthread_mutex_lock(&E.lock);
        if (E.stopping) {
            pthread_mutex_unlock(&E.lock);
            break;
        }
        if (n > 0)
            end_closed(evs, n, &rs);
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec > next.tv_sec || (now.tv_sec == next.tv_sec && now.tv_nsec >= next.tv_nsec)) {
            for (stream *s = E.all; s; s = s->all_next)
                stream_append(s, ":\n\n", 3, &rs);
            drop_idle_logs(time(NULL));
            next = now;
            next.tv_sec += E.heartbeat_s;
        }
        unlock_and_resume(&rs);
    }
    return NULL;
}

int events_start(int heartbeat_s)
{
    E.heartbeat_s = heartbeat_s > 0 ? heartbeat_s : 15;
    E.stopping = false;
    /* without epoll or eventfd (never on Linux), a gone client is noticed at the next heartbeat */
    E.watch_fd = epoll_create1(EPOLL_CLOEXEC);
    E.wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (E.watch_fd >= 0 && E.wake_fd >= 0) {
        struct epoll_event ev = {.events = EPOLLIN, .data.u64 = 0};
        epoll_ctl(E.watch_fd, EPOLL_CTL_ADD, E.wake_fd, &ev);
    } else {
        if (E.watch_fd >= 0)
            close(E.watch_fd);
        if (E.wake_fd >= 0)
            close(E.wake_fd);
        E.watch_fd = E.wake_fd = -1;
    }
    if (pthread_create(&E.beat, NULL, heartbeat, NULL) != 0)
        return -1;
    E.beating = true;
    return 0;
}

/* End every stream (before the daemon stops: no connection may stay suspended). */
void events_stop(void)
{
    resumes rs = {0};
    pthread_mutex_lock(&E.lock);
    E.stopping = true;
    if (E.wake_fd >= 0) {
        uint64_t one = 1;
        if (write(E.wake_fd, &one, sizeof one) < 0) {
            /* (cannot fail on an eventfd below its maximum; the beat ends within a heartbeat) */
        }
    }
    for (stream *s = E.all; s; s = s->all_next) {
        s->closed = true;
        if (s->suspended) {
            s->suspended = false;
            resumes_add(&rs, s->c);
        }
    }
    unlock_and_resume(&rs);
    if (E.beating)
        pthread_join(E.beat, NULL);
    E.beating = false;
}

int events_open_count(void)
{
    pthread_mutex_lock(&E.lock);
    int n = E.open;
    pthread_mutex_unlock(&E.lock);
    return n;
}

/* Drop every log and close the watcher (after the daemon stopped: no stream is left). */
void events_clear(void)
{
    pthread_mutex_lock(&E.lock);
    for (int b = 0; b < EVENTS_BUCKETS; b++) {
        for (gamelog *g = E.buckets[b], *nx; g; g = nx) {
            nx = g->next;
            for (stream *s = g->streams; s; s = s->next)
                s->gl = NULL, s->closed = true;
            log_free(g);
        }
        E.buckets[b] = NULL;
    }
    for (int b = 0; b < PRESENCE_BUCKETS; b++) {
        for (presence *p = E.present[b], *nx; p; p = nx) {
            nx = p->next;
            free(p);
        }
        E.present[b] = NULL;
    }
    if (E.watch_fd >= 0)
        close(E.watch_fd);
    if (E.wake_fd >= 0)
        close(E.wake_fd);
    E.watch_fd = E.wake_fd = -1;
    pthread_mutex_unlock(&E.lock);
}
