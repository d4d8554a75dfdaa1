/* online_http.c — libcurl for `gabata online`: requests with timeouts, and an event stream on a
 * thread that wakes the main thread through a pipe (online_http.h). */
#include "online_http.h"

#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int oh_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK ? 0 : -1; }
void oh_cleanup(void) { curl_global_cleanup(); }

typedef struct buf {
    char *p;
    size_t len, cap;
    bool failed;
} buf;

static bool buf_add(buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->failed = true;
            return false;
        }
        b->p = p, b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
    return true;
}

static size_t collect(char *data, size_t size, size_t n, void *user)
{
    buf *b = user;
    /* an answer of the API is small: 4 MB is past any (a view of a very long game included) */
    if (b->len + size * n > (4u << 20) || !buf_add(b, data, size * n))
        return 0;
    return size * n;
}

static struct curl_slist *headers_for(const char *auth, bool json, const char *last_id)
{
    struct curl_slist *h = NULL;
    char line[256];
    if (auth) {
        snprintf(line, sizeof line, "Authorization: Bearer %s", auth);
        h = curl_slist_append(h, line);
    }
    if (json)
        h = curl_slist_append(h, "Content-Type: application/json");
    if (last_id && *last_id) {
        snprintf(line, sizeof line, "Last-Event-ID: %s", last_id);
        h = curl_slist_append(h, line);
    }
    h = curl_slist_append(h, json ? "Accept: application/json" : "Accept: text/event-stream");
    return h;
}

int oh_request(const char *base, const char *method, const char *path, const char *auth,
               const char *body, long *status, char **answer, char *err, size_t errlen)
{
    *answer = NULL;
    *status = 0;
    CURL *c = curl_easy_init();
    if (!c) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    size_t ul = strlen(base) + strlen(path) + 1;
    char *url = malloc(ul);
    if (!url) {
        curl_easy_cleanup(c);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    snprintf(url, ul, "%s%s", base, path);
    bool change = strcmp(method, "GET") != 0;
    struct curl_slist *h = headers_for(auth, change || body, NULL);
    buf b = {0};
    char cerr[CURL_ERROR_SIZE] = "";
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
    if (change)
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, body ? body : "");
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, collect);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &b);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, cerr);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 10L);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, 30L);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
    CURLcode rc = curl_easy_perform(c);
    int ret = 0;
    if (rc != CURLE_OK || b.failed) {
        snprintf(err, errlen, "%s", b.failed ? "out of memory" : *cerr ? cerr : curl_easy_strerror(rc));
        free(b.p);
        ret = -1;
    } else {
        curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, status);
        *answer = b.p ? b.p : strdup("");
        if (!*answer) {
            snprintf(err, errlen, "out of memory");
            ret = -1;
        }
    }
    curl_slist_free_all(h);
    curl_easy_cleanup(c);
    free(url);
    return ret;
}

/* ---- the event stream ---- */

typedef struct node {
    oh_event ev;
    struct node *next;
} node;

struct oh_stream {
    char *url, *auth;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool stop;
    int pipe_r, pipe_w;
    node *head, *tail;
    /* the thread's own */
    buf line;                      /* the line being read */
    buf data;                      /* the event's data lines */
    char type[32], id[32], last_id[32];
    long retry_ms;
    bool open;                     /* answered 200 on this connection */
    bool refused;                  /* answered otherwise: its body is collected into `data` */
    long refused_status;
    CURL *curl;
    time_t last_byte;              /* when the connection began or last brought a byte */
};

static time_t now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec;
}

static void push(oh_stream *s, const char *type, const char *data)
{
    node *n = calloc(1, sizeof *n);
    if (!n)
        return;
    snprintf(n->ev.type, sizeof n->ev.type, "%s", type);
    n->ev.data = strdup(data ? data : "");
    if (!n->ev.data) {
        free(n);
        return;
    }
    pthread_mutex_lock(&s->lock);
    if (s->tail)
        s->tail->next = n;
    else
        s->head = n;
    s->tail = n;
    pthread_mutex_unlock(&s->lock);
    ssize_t w = write(s->pipe_w, "e", 1); /* full pipe: the reader has a byte to wake it already */
    (void)w;
}

static void sse_line(oh_stream *s, char *l)
{
    size_t n = strlen(l);
    if (n && l[n - 1] == '\r')
        l[--n] = 0;
    if (n == 0) { /* the end of an event */
        if (s->data.len || *s->type) {
            if (*s->id)
                snprintf(s->last_id, sizeof s->last_id, "%s", s->id);
            push(s, *s->type ? s->type : "message", s->data.p ? s->data.p : "");
        }
        s->data.len = 0;
        if (s->data.p)
            *s->data.p = 0;
        *s->type = *s->id = 0;
        return;
    }
    if (*l == ':')
        return; /* a comment: the heartbeat */
    char *v = strchr(l, ':');
    if (v) {
        *v++ = 0;
        if (*v == ' ')
            v++;
    } else
        v = l + n;
    if (strcmp(l, "event") == 0)
        snprintf(s->type, sizeof s->type, "%s", v);
    else if (strcmp(l, "id") == 0)
        snprintf(s->id, sizeof s->id, "%s", v);
    else if (strcmp(l, "retry") == 0) {
        long r = strtol(v, NULL, 10);
        if (r >= 100 && r <= 30000)
            s->retry_ms = r;
    } else if (strcmp(l, "data") == 0) {
        if (s->data.len)
            buf_add(&s->data, "\n", 1);
        buf_add(&s->data, v, strlen(v));
    }
}

static size_t stream_write(char *data, size_t size, size_t n, void *user)
{
    oh_stream *s = user;
    size_t len = size * n;
    s->last_byte = now_s();
    if (!s->open && !s->refused) {
        long code = 0;
        curl_easy_getinfo(s->curl, CURLINFO_RESPONSE_CODE, &code);
        if (code == 200) {
            s->open = true;
            push(s, "!open", "");
        } else {
            s->refused = true;
            s->refused_status = code;
            s->data.len = 0;
        }
    }
    if (s->refused)
        return s->data.len + len > 65536 || !buf_add(&s->data, data, len) ? 0 : len;
    for (size_t i = 0; i < len; i++) {
        if (data[i] == '\n') {
            sse_line(s, s->line.p ? s->line.p : (char[]){0});
            s->line.len = 0;
            if (s->line.p)
                *s->line.p = 0;
        } else if (s->line.len < 65536 && !buf_add(&s->line, data + i, 1))
            return 0;
    }
    return len;
}

static int stream_progress(void *user, curl_off_t a, curl_off_t b, curl_off_t c, curl_off_t d)
{
    (void)a, (void)b, (void)c, (void)d;
    oh_stream *s = user;
    pthread_mutex_lock(&s->lock);
    bool stop = s->stop;
    pthread_mutex_unlock(&s->lock);
    /* three heartbeats (15 s each) without a byte, not even a comment: the stream is dead (a
     * machine gone, a network cut) and is opened again. (CURLOPT_LOW_SPEED_* would not do: it
     * averages, and a heartbeat's 2 bytes in 15 s are below any whole rate.) */
    return stop || now_s() - s->last_byte > 45;
}

/* wait ms, or less if stopped; true when stopped */
static bool pause_ms(oh_stream *s, long ms)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_sec += ms / 1000;
    t.tv_nsec += (ms % 1000) * 1000000L;
    if (t.tv_nsec >= 1000000000L)
        t.tv_sec++, t.tv_nsec -= 1000000000L;
    pthread_mutex_lock(&s->lock);
    while (!s->stop && pthread_cond_timedwait(&s->wake, &s->lock, &t) != ETIMEDOUT) {
    }
    bool stop = s->stop;
    pthread_mutex_unlock(&s->lock);
    return stop;
}

static void *stream_thread(void *arg)
{
    oh_stream *s = arg;
    bool told_lost = false, was_open = false;
    long wait_ms = 0;
    for (;;) {
        CURL *c = curl_easy_init();
        if (!c) {
            push(s, "!refused", "{\"error\": \"out of memory\"}");
            break;
        }
        s->curl = c;
        s->open = s->refused = false;
        s->line.len = s->data.len = 0;
        *s->type = *s->id = 0;
        struct curl_slist *h = headers_for(s->auth, false, s->last_id);
        curl_easy_setopt(c, CURLOPT_URL, s->url);
        curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
        curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, stream_write);
        curl_easy_setopt(c, CURLOPT_WRITEDATA, s);
        curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
        curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, stream_progress);
        curl_easy_setopt(c, CURLOPT_XFERINFODATA, s);
        curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 10L);
        s->last_byte = now_s(); /* the progress callback ends a stream silent for 45 s */
        curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
        curl_easy_perform(c);
        curl_slist_free_all(h);
        curl_easy_cleanup(c);
        s->curl = NULL;
        pthread_mutex_lock(&s->lock);
        bool stop = s->stop;
        pthread_mutex_unlock(&s->lock);
        if (stop)
            break;
        if (s->refused && s->refused_status != 429 && s->refused_status != 503) {
            push(s, "!refused", s->data.p ? s->data.p : "");
            break;
        }
        if (s->open) {
            was_open = true;
            told_lost = false;
            wait_ms = 0;
        }
        if (!told_lost) {
            push(s, was_open ? "!lost" : "!unreachable", "");
            told_lost = true;
        }
        wait_ms = wait_ms ? wait_ms * 2 : s->retry_ms;
        if (wait_ms > 30000)
            wait_ms = 30000;
        if (pause_ms(s, wait_ms))
            break;
    }
    return NULL;
}

oh_stream *oh_stream_open(const char *base, const char *path, const char *auth)
{
    oh_stream *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    int fds[2];
    size_t ul = strlen(base) + strlen(path) + 1;
    s->url = malloc(ul);
    s->auth = auth ? strdup(auth) : NULL;
    if (!s->url || (auth && !s->auth) || pipe(fds) != 0) {
        free(s->url);
        free(s->auth);
        free(s);
        return NULL;
    }
    snprintf(s->url, ul, "%s%s", base, path);
    s->pipe_r = fds[0], s->pipe_w = fds[1];
    fcntl(s->pipe_r, F_SETFL, O_NONBLOCK);
    fcntl(s->pipe_w, F_SETFL, O_NONBLOCK);
    fcntl(s->pipe_r, F_SETFD, FD_CLOEXEC);
    fcntl(s->pipe_w, F_SETFD, FD_CLOEXEC);
    s->retry_ms = 2000;
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->wake, NULL);
    if (pthread_create(&s->thread, NULL, stream_thread, s) != 0) {
        close(fds[0]), close(fds[1]);
        free(s->url);
        free(s->auth);
        free(s);
        return NULL;
    }
    return s;
}

int oh_stream_fd(const oh_stream *s) { return s->pipe_r; }

int oh_stream_next(oh_stream *s, oh_event *ev)
{
    char drain[64];
    while (read(s->pipe_r, drain, sizeof drain) > 0) {
    }
    pthread_mutex_lock(&s->lock);
    node *n = s->head;
    if (n) {
        s->head = n->next;
        if (!s->head)
            s->tail = NULL;
    }
    pthread_mutex_unlock(&s->lock);
    if (!n)
        return 0;
    *ev = n->ev;
    free(n);
    /* more queued: keep the pipe readable so that poll() comes back for them */
    pthread_mutex_lock(&s->lock);
    bool more = s->head != NULL;
    pthread_mutex_unlock(&s->lock);
    if (more) {
        ssize_t w = write(s->pipe_w, "e", 1);
        (void)w;
    }
    return 1;
}

void oh_stream_close(oh_stream *s)
{
    if (!s)
        return;
    pthread_mutex_lock(&s->lock);
    s->stop = true;
    pthread_cond_broadcast(&s->wake);
    pthread_mutex_unlock(&s->lock);
    pthread_join(s->thread, NULL);
    for (node *n = s->head, *next; n; n = next) {
        next = n->next;
        free(n->ev.data);
        free(n);
    }
    close(s->pipe_r), close(s->pipe_w);
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->wake);
    free(s->line.p);
    free(s->data.p);
    free(s->url);
    free(s->auth);
    free(s);
}
