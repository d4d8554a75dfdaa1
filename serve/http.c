/* http.c — the network side of `gabata serve`: the HTTP daemon (libmicrohttpd), the checks
 * every request passes before the game table (api.c) sees it (docs/api.md, "Limits" and "Behind
 * a reverse proxy"); the limits per client address it applies are limits.c's.
 *
 * One thread (MHD's epoll loop) accepts and answers every connection; it never searches. A
 * computer move or hint is handed to the worker pool (pool.c) and its connection suspended
 * until the worker resumes it with the answer; an event stream (events.c) is a suspended
 * connection that a publisher resumes. So thousands of open streams and a pool busy with ai:8
 * moves leave /api/health answered at once.
 *
 * The checks, in order: the Host header must name this server (421: DNS rebinding); a request
 * that changes something (POST, PUT, PATCH, DELETE) must, when it carries an Origin, come from
 * this server's own origin (403), and must be application/json (415: a cross-site form or a
 * text/plain fetch cannot be); creating a game is rate-limited per address and bounded in games
 * held (429 with Retry-After). A request must arrive whole within the deadline (--deadline,
 * counted from the connection's start or the end of its previous request): a sweeper thread shuts
 * down the socket of one that does not, which is how a slowloris client, sending a byte every few
 * seconds and never idle long enough for the idle timeout, is cut off. */
#include "lobby.h"
#include "serve.h"

#include <arpa/inet.h>
#include <stdatomic.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Each connection's memory pool in MHD (its request's headers, its read and write buffers): MHD's
 * default is 32 KB, which for 2,000 event streams and as many players' connections is most of
 * the server's memory under the load test. 24 KB still holds request headers of 11 KB (measured;
 * more gets 431), above the 8 KB a header line may have behind nginx; a body is read in pieces,
 * never whole into the pool. */
#define CONNECTION_MEMORY (24 * 1024)

#include "web_assets.h"

/* events.c's side for the daemon */
struct MHD_Response *events_open(struct MHD_Connection *c, const char *game_id, int seat,
                                 unsigned long long last_seen, bool have_last);
struct MHD_Response *events_open_as(struct MHD_Connection *c, const char *channel, const char *who,
                                    unsigned long long last_seen, bool have_last);
int events_start(int heartbeat_s);
void events_stop(void);
int events_open_count(void);
void events_clear(void);

#define MAX_ALLOWED_HOSTS 16

/* The options of the network layer, with their defaults (serve_http_help lists them). */
static struct {
    long workers, queue, max_conn, per_ip_conn, deadline_s, idle_s, game_rate, ai_rate, games_per_ip,
        heartbeat_s;
    bool trust_proxy;
    const char *allow_host[MAX_ALLOWED_HOSTS];
    int n_allow;
    /* the caps of issue 21 (0: the default, a share of --max-connections) */
    long max_streams, streams_per_ip, streams_per_game, max_receiving, receiving_per_ip;
} O = {0, 64, 4096, 64, 10, 30, 30, 60, 100, 15, false, {0}, 0, 0, 16, 64, 0, 16};

const char serve_http_help[] =
    "Limits and network (docs/api.md, \"Limits\"):\n"
    "  --workers N      threads for computer moves and hints (default: one per core)\n"
    "  --queue N        computer moves and hints waiting for a worker at most (default 64);\n"
    "                   past it a request gets 503 with Retry-After\n"
    "  --max-connections N       connections at once (default 4096)\n"
    "  --per-ip-connections N    connections at once from one address (default 64)\n"
    "  --deadline S     seconds a request may take to arrive whole (default 10)\n"
    "  --idle-timeout S seconds a connection may stay silent (default 30)\n"
    "  --game-rate N    games one address may create a minute (default 30; 0: no limit)\n"
    "  --ai-rate N      worker-seconds a minute one address's computer moves and hints may take\n"
    "                   (default 60: one worker's whole time; 0: no limit)\n"
    "  --games-per-ip N games one address may hold at once (default 100; 0: no limit)\n"
    "  --heartbeat S    seconds between keep-alive comments on event streams (default 15)\n"
    "  --max-streams N  event streams open at once (default: half of --max-connections; the\n"
    "                   rest is kept for ordinary requests); past it 503 with Retry-After\n"
    "  --streams-per-ip N    event streams open from one address (default 16); past it 429\n"
    "  --streams-per-game N  spectators' event streams open on one game (default 64); past it 429\n"
    "  --max-receiving N     connections still receiving their request (or idle between\n"
    "                   requests) at once (default: a quarter of --max-connections); past it\n"
    "                   the one receiving longest is closed\n"
    "  --receiving-per-ip N  the same from one address (default 16: past it its connections\n"
    "                   receiving for over a second are closed; off with --trust-proxy)\n"
    "  --allow-host NAME  a host name the server may be reached by (besides the listen address,\n"
    "                   localhost and 127.0.0.1); repeat for more\n"
    "  --trust-proxy    take the client's address from X-Forwarded-For (only behind a proxy\n"
    "                   that sets it; then --per-ip-connections counts the proxy)\n";

/* Is argv[*i] one of ours? 1: taken (with its value), 0: not ours, -1: bad (message printed). */
int serve_http_option(int argc, char **argv, int *i)
{
    static const struct {
        const char *name;
        long *v;
        long min, max;
    } nums[] = {
        {"--workers", &O.workers, 1, 256},
        {"--queue", &O.queue, 0, 100000},
        {"--max-connections", &O.max_conn, 16, 1000000},
        {"--per-ip-connections", &O.per_ip_conn, 1, 1000000},
        {"--deadline", &O.deadline_s, 1, 3600},
        {"--idle-timeout", &O.idle_s, 1, 3600},
        {"--game-rate", &O.game_rate, 0, 1000000},
        {"--ai-rate", &O.ai_rate, 0, 1000000},
        {"--games-per-ip", &O.games_per_ip, 0, 1000000},
        {"--heartbeat", &O.heartbeat_s, 1, 3600},
        {"--max-streams", &O.max_streams, 1, 1000000},
        {"--streams-per-ip", &O.streams_per_ip, 1, 1000000},
        {"--streams-per-game", &O.streams_per_game, 1, 1000000},
        {"--max-receiving", &O.max_receiving, 1, 1000000},
        {"--receiving-per-ip", &O.receiving_per_ip, 1, 1000000},
    };
    const char *a = argv[*i];
    for (size_t k = 0; k < sizeof nums / sizeof nums[0]; k++) {
        if (strcmp(a, nums[k].name) != 0)
            continue;
        if (*i + 1 >= argc || !cli_parse_long(argv[*i + 1], nums[k].min, nums[k].max, nums[k].v)) {
            fprintf(stderr, "gabata: %s needs a whole number from %ld to %ld\n", a, nums[k].min, nums[k].max);
            return -1;
        }
        ++*i;
        return 1;
    }
    if (strcmp(a, "--trust-proxy") == 0) {
        O.trust_proxy = true;
        return 1;
    }
    if (strcmp(a, "--allow-host") == 0) {
        const char *h = *i + 1 < argc ? argv[*i + 1] : NULL;
        bool ok = h && *h && strlen(h) < 256 && O.n_allow < MAX_ALLOWED_HOSTS;
        for (const char *p = h; ok && *p; p++)
            ok = isalnum((unsigned char)*p) || *p == '.' || *p == '-';
        if (!ok) {
            fprintf(stderr, "gabata: --allow-host needs a host name (letters, digits, '.', '-'; at most %d)\n",
                    MAX_ALLOWED_HOSTS);
            return -1;
        }
        O.allow_host[O.n_allow++] = h;
        ++*i;
        return 1;
    }
    return 0;
}


/* ---- connections: the deadline for a whole request, the caps on those still receiving one ----
 * A connection is "receiving" from its start, or the end of its previous request, until its
 * request has arrived whole (an idle kept-alive connection is receiving too). Slow clients hold
 * receiving connections, so those are capped, per address (--receiving-per-ip: past it the
 * address's connections receiving for more than a second are closed, oldest first) and overall
 * (--max-receiving: past it the one receiving longest of the address that has the most is
 * closed), so that slow clients from many addresses push out each other's connections, never
 * those of an address with few: an ordinary request gets in however many slow ones there are. With the streams' own cap
 * (--max-streams), what is left of --max-connections is always there for the requests being
 * answered. */
typedef struct conn_addr conn_addr;
typedef struct conn {
    int fd;
    double started;     /* of the request being received */
    bool receiving;     /* false once the whole request has arrived (while it is answered) */
    bool cut;
    conn_addr *addr;    /* its address's record (NULL: not counted per address) */
    struct conn *next, *prev;   /* C.all */
    struct conn *rnext, *rprev; /* C.recv (receiving, oldest first) */
    struct conn *anext, *aprev; /* its address's receiving ones, oldest first */
} conn;

struct conn_addr {
    char ip[64];
    int refs;           /* connections from it */
    int receiving;
    conn *head, *tail;
    conn_addr *hnext;
    conn_addr *lnext, *lprev;   /* C.addr_list */
};

#define CONN_ADDR_BUCKETS 1024
/* A request arrives at a network's speed in far less than this: a connection receiving longer is a
 * slow client's (or an idle one), and the per-address cap closes it; a burst of requests in flight
 * from one address is left to arrive. */
#define RECEIVING_GRACE 1.0

static struct {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    conn *all;
    conn *recv_head, *recv_tail;
    conn_addr *addrs[CONN_ADDR_BUCKETS];
    conn_addr *addr_list;      /* every address with a connection */
    long open, cut_off, receiving;
    bool stopping;
    pthread_t sweeper;
} C = {.lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER};

static conn_addr **addr_slot(const char *ip)
{
    unsigned h = 2166136261u;
    for (const char *p = ip; *p; p++)
        h = (h ^ (unsigned char)*p) * 16777619u;
    conn_addr **p = &C.addrs[h % CONN_ADDR_BUCKETS];
    while (*p && strcmp((*p)->ip, ip) != 0)
        p = &(*p)->hnext;
    return p;
}

/* Out of the receiving lists (C.lock held). */
static void recv_unlink(conn *k)
{
    if (!k->receiving)
        return;
    k->receiving = false;
    if (k->rprev) k->rprev->rnext = k->rnext; else C.recv_head = k->rnext;
    if (k->rnext) k->rnext->rprev = k->rprev; else C.recv_tail = k->rprev;
    k->rnext = k->rprev = NULL;
    C.receiving--;
    conn_addr *a = k->addr;
    if (a) {
        if (k->aprev) k->aprev->anext = k->anext; else a->head = k->anext;
        if (k->anext) k->anext->aprev = k->aprev; else a->tail = k->aprev;
        k->anext = k->aprev = NULL;
        a->receiving--;
    }
}

/* Shut the connection's socket (C.lock held): MHD sees the end of the stream and closes it.
 * MHD closes the socket only after the close notification, which takes C.lock: the descriptor
 * cut here is never one that has been reused. */
static void conn_cut(conn *k)
{
    recv_unlink(k);
    if (k->cut || k->fd < 0)
        return;
    shutdown(k->fd, SHUT_RDWR);
    k->cut = true;
    C.cut_off++;
}

/* The connection starts receiving a request (C.lock held): at the tail of the lists, and past a
 * cap the one receiving longest goes. */
static void recv_begin(conn *k)
{
    if (k->receiving || k->cut)
        return;
    k->receiving = true;
    k->started = serve_now_s();
    k->rprev = C.recv_tail;
    if (C.recv_tail) C.recv_tail->rnext = k; else C.recv_head = k;
    C.recv_tail = k;
    C.receiving++;
    conn_addr *a = k->addr;
    if (a) {
        k->aprev = a->tail;
        if (a->tail) a->tail->anext = k; else a->head = k;
        a->tail = k;
        a->receiving++;
    }
    if (O.max_receiving > 0 && C.receiving > O.max_receiving) {
        /* the address receiving most gives up its oldest (of equals, the one receiving longest),
         * preferring an address whose oldest has been receiving past RECEIVING_GRACE (a slow
         * one's, not a burst of requests in flight); without addresses (behind a proxy) the
         * oldest of all */
        conn *victim = C.recv_head;
        conn_addr *most = NULL, *most_old = NULL;
        double now = serve_now_s();
        for (conn_addr *x = C.addr_list; x; x = x->lnext) {
            if (!x->head)
                continue;
            if (!most || x->receiving > most->receiving ||
                (x->receiving == most->receiving && x->head->started < most->head->started))
                most = x;
            if (now - x->head->started >= RECEIVING_GRACE &&
                (!most_old || x->receiving > most_old->receiving ||
                 (x->receiving == most_old->receiving && x->head->started < most_old->head->started)))
                most_old = x;
        }
        if (most_old || most)
            victim = (most_old ? most_old : most)->head;
        if (victim)
            conn_cut(victim);
    }
}

static void notify_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                              enum MHD_ConnectionNotificationCode toe)
{
    (void)cls;
    if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
        conn *k = calloc(1, sizeof *k);
        if (!k)
            return;
        const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        k->fd = ci ? ci->connect_fd : -1;
        /* per address: the socket's own (behind a trusted proxy every one is the proxy's: not
         * counted per address, as --per-ip-connections is not) */
        char ip[64] = "";
        const union MHD_ConnectionInfo *ai = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        if (!O.trust_proxy && ai && ai->client_addr) {
            const struct sockaddr *sa = ai->client_addr;
            if (sa->sa_family == AF_INET)
                inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, ip, sizeof ip);
            else if (sa->sa_family == AF_INET6)
                inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, ip, sizeof ip);
        }
        pthread_mutex_lock(&C.lock);
        if (ip[0]) {
            conn_addr **entry = addr_slot(ip);
            if (!*entry && (*entry = calloc(1, sizeof **entry))) {
                snprintf((*entry)->ip, sizeof (*entry)->ip, "%s", ip);
                (*entry)->lnext = C.addr_list;
                if (C.addr_list)
                    C.addr_list->lprev = *entry;
                C.addr_list = *entry;
            }
            if ((k->addr = *entry))
                k->addr->refs++;
        }
        k->next = C.all;
        if (C.all)
            C.all->prev = k;
        C.all = k;
        C.open++;
        recv_begin(k);
        pthread_mutex_unlock(&C.lock);
        *socket_context = k;
    } else if (*socket_context) {
        /* MHD closes the socket after this notification, so the sweeper, holding C.lock, never
         * shuts down a descriptor that has been reused */
        conn *k = *socket_context;
        pthread_mutex_lock(&C.lock);
        recv_unlink(k);
        if (k->prev)
            k->prev->next = k->next;
        else
            C.all = k->next;
        if (k->next)
            k->next->prev = k->prev;
        C.open--;
        conn_addr *a = k->addr;
        if (a && --a->refs == 0) {
            conn_addr **entry = addr_slot(a->ip);
            if (*entry == a)
                *entry = a->hnext;
            if (a->lprev)
                a->lprev->lnext = a->lnext;
            else
                C.addr_list = a->lnext;
            if (a->lnext)
                a->lnext->lprev = a->lprev;
            free(a);
        }
        pthread_mutex_unlock(&C.lock);
        free(k);
        *socket_context = NULL;
    }
}

static conn *conn_of(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return ci ? ci->socket_context : NULL;
}

static void conn_received(struct MHD_Connection *c)
{
    conn *k = conn_of(c);
    if (!k)
        return;
    pthread_mutex_lock(&C.lock);
    recv_unlink(k);
    pthread_mutex_unlock(&C.lock);
}

static void *sweeper(void *unused)
{
    (void)unused;
    double last_prune = serve_now_s();
    pthread_mutex_lock(&C.lock);
    while (!C.stopping) {
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        t.tv_nsec += 250 * 1000000L;
        if (t.tv_nsec >= 1000000000L)
            t.tv_sec++, t.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&C.wake, &C.lock, &t);
        double now = serve_now_s();
        /* the receiving list is oldest first: only its head can be past the deadline */
        while (C.recv_head && now - C.recv_head->started > (double)O.deadline_s)
            conn_cut(C.recv_head);
        /* past --receiving-per-ip, an address's connections receiving for longer than the grace
         * are closed, oldest first, down to the cap */
        if (O.receiving_per_ip > 0)
            for (conn_addr *a = C.addr_list; a; a = a->lnext)
                while (a->receiving > O.receiving_per_ip && a->head && now - a->head->started >= RECEIVING_GRACE)
                    conn_cut(a->head);
        if (now - last_prune > 60) {
            last_prune = now;
            pthread_mutex_unlock(&C.lock);
            limits_prune();
            pthread_mutex_lock(&C.lock);
        }
    }
    pthread_mutex_unlock(&C.lock);
    return NULL;
}

/* ---- checks: Host, Origin, Content-Type ---- */
static struct {
    char listen[64];
    _Atomic unsigned port; /* known once the daemon, and its thread, have started (--port 0) */
    bool any_address;   /* listening on 0.0.0.0 */
    const char *web_dir;
    size_t max_body;
} H;

/* Does name (no port) name this server? */
static bool host_name_ok(const char *name, size_t len, bool *from_allow)
{
    *from_allow = false;
    const char *fixed[] = {"localhost", "127.0.0.1", H.listen};
    for (int i = 0; i < 3; i++)
        if (strlen(fixed[i]) == len && strncasecmp(fixed[i], name, len) == 0)
            return true;
    for (int i = 0; i < O.n_allow; i++)
        if (strlen(O.allow_host[i]) == len && strncasecmp(O.allow_host[i], name, len) == 0)
            return *from_allow = true;
    if (H.any_address && len < 16) {
        /* listening on every address: any address in digits (it cannot be a rebinding, which
         * needs a name the attacker controls) */
        char buf[16];
        memcpy(buf, name, len);
        buf[len] = 0;
        struct in_addr a;
        return inet_pton(AF_INET, buf, &a) == 1;
    }
    return false;
}

/* Host: "name" or "name:port"; the port, when given, is ours (any, for an --allow-host name:
 * a proxy's). */
static bool host_ok(const char *host)
{
    if (!host || !*host)
        return false;
    const char *colon = strrchr(host, ':');
    size_t len = colon ? (size_t)(colon - host) : strlen(host);
    bool from_allow;
    if (!host_name_ok(host, len, &from_allow))
        return false;
    if (!colon || from_allow)
        return true;
    long port;
    return cli_parse_long(colon + 1, 1, 65535, &port) && (unsigned)port == H.port;
}

static bool origin_ok(const char *origin, const char *host)
{
    const char *rest = strncasecmp(origin, "http://", 7) == 0 ? origin + 7
                     : strncasecmp(origin, "https://", 8) == 0 ? origin + 8 : NULL;
    return rest && host && strcasecmp(rest, host) == 0;
}

static bool is_json_type(const char *ct)
{
    if (!ct)
        return false;
    while (*ct == ' ')
        ct++;
    if (strncasecmp(ct, "application/json", 16) != 0)
        return false;
    char next = ct[16];
    return next == 0 || next == ';' || next == ' ';
}

static bool changes_state(const char *method)
{
    return strcmp(method, "POST") == 0 || strcmp(method, "PUT") == 0 || strcmp(method, "PATCH") == 0 ||
           strcmp(method, "DELETE") == 0;
}

/* ---- responses ---- */
static const char page_csp[] =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'";

static void add_common_headers(struct MHD_Response *resp, bool page)
{
    /* a kept-alive connection idle past the deadline is closed: a client told so closes it first
     * instead of reusing it just as it goes */
    char ka[32];
    snprintf(ka, sizeof ka, "timeout=%ld", O.deadline_s > 2 ? O.deadline_s - 2 : 1);
    MHD_add_response_header(resp, "Keep-Alive", ka);
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(resp, "Referrer-Policy", "no-referrer");
    if (page) {
        MHD_add_response_header(resp, "Content-Security-Policy", page_csp);
        MHD_add_response_header(resp, "X-Frame-Options", "DENY");
    }
}

static enum MHD_Result send_reply(struct MHD_Connection *c, serve_answer r)
{
    struct MHD_Response *resp =
        MHD_create_response_from_buffer(strlen(r.body), r.body, MHD_RESPMEM_MUST_FREE);
    if (!resp) {
        free(r.body);
        return MHD_NO;
    }
    MHD_add_response_header(resp, "Content-Type", r.type);
    MHD_add_response_header(resp, "Cache-Control", "no-store");
    add_common_headers(resp, false);
    if (r.disposition)
        MHD_add_response_header(resp, "Content-Disposition", r.disposition);
    if (r.retry_after > 0) {
        char ra[24];
        snprintf(ra, sizeof ra, "%d", r.retry_after);
        MHD_add_response_header(resp, "Retry-After", ra);
    }
    enum MHD_Result ret = MHD_queue_response(c, (unsigned)r.status, resp);
    MHD_destroy_response(resp);
    return ret;
}

static serve_answer error_answer(int status, int retry_after, const char *msg)
{
    json_t *j = json_pack("{s:s,s:i}", "error", msg, "status", status);
    serve_answer a = {status, j ? json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL,
                      "application/json", NULL, retry_after};
    json_decref(j);
    if (!a.body)
        a.body = strdup("{\"error\":\"out of memory\",\"status\":500}"), a.status = 500;
    return a;
}

static enum MHD_Result send_error(struct MHD_Connection *c, int status, int retry_after, const char *msg)
{
    return send_reply(c, error_answer(status, retry_after, msg));
}

static const char *mime_of(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (!dot)
        return "application/octet-stream";
    if (strcmp(dot, ".html") == 0)
        return "text/html; charset=utf-8";
    if (strcmp(dot, ".js") == 0 || strcmp(dot, ".mjs") == 0)
        return "text/javascript; charset=utf-8";
    if (strcmp(dot, ".css") == 0)
        return "text/css; charset=utf-8";
    if (strcmp(dot, ".svg") == 0)
        return "image/svg+xml";
    if (strcmp(dot, ".wasm") == 0)
        return "application/wasm";
    if (strcmp(dot, ".json") == 0)
        return "application/json";
    if (strcmp(dot, ".po") == 0) /* the page's catalogs (web/i18n.js) */
        return "text/plain; charset=utf-8";
    return "application/octet-stream";
}

/* Does the Accept-Encoding header value take gzip? A comma-separated list of codings, each with
 * an optional ;q=VALUE (RFC 9110 §12.5.3): gzip (or x-gzip, or *) with a weight above 0. */
static bool accepts_gzip(const char *ae)
{
    if (!ae)
        return false;
    bool star = false, named = false, named_ok = false;
    for (const char *p = ae; *p;) {
        while (*p == ' ' || *p == '\t' || *p == ',')
            p++;
        const char *tok = p;
        while (*p && *p != ',' && *p != ';' && *p != ' ' && *p != '\t')
            p++;
        size_t len = (size_t)(p - tok);
        double q = 1;
        while (*p && *p != ',') { /* parameters: only q counts */
            if (*p == ';') {
                p++;
                while (*p == ' ' || *p == '\t')
                    p++;
                if ((p[0] == 'q' || p[0] == 'Q') && p[1] == '=')
                    q = strtod(p + 2, NULL);
            } else {
                p++;
            }
        }
        if ((len == 4 && strncasecmp(tok, "gzip", 4) == 0) ||
            (len == 6 && strncasecmp(tok, "x-gzip", 6) == 0)) {
            named = true;
            named_ok = named_ok || q > 0;
        } else if (len == 1 && *tok == '*') {
            star = q > 0;
        }
    }
    return named ? named_ok : star;
}

/* Does If-None-Match (a list of entity tags, or *) name `etag` (weak comparison, RFC 9110
 * §13.1.2: a W/ prefix does not count)? */
static bool etag_matches(const char *inm, const char *etag)
{
    if (!inm)
        return false;
    size_t n = strlen(etag);
    for (const char *p = inm; *p;) {
        while (*p == ' ' || *p == '\t' || *p == ',')
            p++;
        if (*p == '*')
            return true;
        if (p[0] == 'W' && p[1] == '/')
            p += 2;
        if (strncmp(p, etag, n) == 0 && (p[n] == 0 || p[n] == ',' || p[n] == ' ' || p[n] == '\t'))
            return true;
        while (*p && *p != ',')
            p++;
    }
    return false;
}

/* A file of the embedded page: gzipped when the client takes it and there is a gzipped copy, with
 * its ETag (304 when If-None-Match names it), cached for good when its name has its hash (the
 * engine), else revalidated on each use (no-cache). */
static enum MHD_Result send_asset(struct MHD_Connection *c, const struct web_asset *a, const char *path)
{
    bool gz = a->gz && accepts_gzip(MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Accept-Encoding"));
    char etag[40];
    snprintf(etag, sizeof etag, "\"%s%s\"", a->etag, gz ? "-gz" : "");
    bool fresh = etag_matches(MHD_lookup_connection_value(c, MHD_HEADER_KIND, "If-None-Match"), etag);
    struct MHD_Response *resp =
        fresh ? MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT)
              : MHD_create_response_from_buffer(gz ? a->gz_len : a->len,
                                                (void *)(gz ? a->gz : a->data), MHD_RESPMEM_PERSISTENT);
    if (!resp)
        return MHD_NO;
    MHD_add_response_header(resp, "Cache-Control",
                            a->immutable ? "public, max-age=31536000, immutable" : "no-cache");
    MHD_add_response_header(resp, "ETag", etag);
    if (a->gz)
        MHD_add_response_header(resp, "Vary", "Accept-Encoding");
    if (gz && !fresh)
        MHD_add_response_header(resp, "Content-Encoding", "gzip");
    MHD_add_response_header(resp, "Content-Type", mime_of(path));
    add_common_headers(resp, strncmp(mime_of(path), "text/html", 9) == 0);
    enum MHD_Result ret = MHD_queue_response(c, fresh ? MHD_HTTP_NOT_MODIFIED : MHD_HTTP_OK, resp);
    MHD_destroy_response(resp);
    return ret;
}

static enum MHD_Result send_static(struct MHD_Connection *c, const char *url)
{
    const char *path = strcmp(url, "/") == 0 ? "/index.html" : url;
    char nf[160];
    snprintf(nf, sizeof nf, "no such page: %.100s", url);
    for (char *p = nf; *p; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f || *p == '"' || *p == '\\')
            *p = '?';
    struct MHD_Response *resp = NULL;
    if (H.web_dir) {
        /* files from a directory (development): only plain names, and po/NAME (the catalogs),
         * no way out of the directory */
        const char *name = strncmp(path, "/po/", 4) == 0 ? path + 4 : path + 1;
        if (strstr(path, "..") || strchr(name, '/'))
            return send_error(c, 404, 0, nf);
        char full[4096];
        snprintf(full, sizeof full, "%s%s", H.web_dir, path);
        int fd = open(full, O_RDONLY);
        struct stat sb;
        if (fd < 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
            if (fd >= 0)
                close(fd);
            return send_error(c, 404, 0, nf);
        }
        resp = MHD_create_response_from_fd((uint64_t)sb.st_size, fd);
        if (!resp) {
            close(fd);
            return MHD_NO;
        }
        MHD_add_response_header(resp, "Cache-Control", "no-store");
    } else {
        const struct web_asset *a = web_assets;
        while (a->path && strcmp(a->path, path) != 0)
            a++;
        if (!a->path)
            return send_error(c, 404, 0, nf);
        return send_asset(c, a, path);
    }
    MHD_add_response_header(resp, "Content-Type", mime_of(path));
    add_common_headers(resp, strncmp(mime_of(path), "text/html", 9) == 0);
    enum MHD_Result ret = MHD_queue_response(c, MHD_HTTP_OK, resp);
    MHD_destroy_response(resp);
    return ret;
}

/* ---- the requests ---- */
typedef struct request {
    char *body;
    size_t len, cap;
    bool too_large;
    bool dispatched;           /* handed to the game table */
    bool suspended, ready;     /* a worker's answer: waited for, arrived */
    serve_answer answer;
    char client[64];
    char *stream;              /* the channel of the event stream it opened (limits.c counts it) */
} request;

static pthread_mutex_t answer_lock = PTHREAD_MUTEX_INITIALIZER;

/* A worker's answer (any thread): keep it, wake the connection. */
static void answer_arrived(void *ctx, serve_answer a)
{
    request *rq = ctx;
    pthread_mutex_lock(&answer_lock);
    rq->answer = a;
    rq->ready = true;
    struct MHD_Connection *c = rq->suspended ? *(struct MHD_Connection **)(rq + 1) : NULL;
    rq->suspended = false;
    if (c)
        MHD_resume_connection(c);
    pthread_mutex_unlock(&answer_lock);
}

static void client_address(struct MHD_Connection *c, char *out, size_t n)
{
    out[0] = 0;
    if (O.trust_proxy) {
        const char *xff = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Forwarded-For");
        if (xff && *xff) {
            /* the last entry: the one the proxy itself appended */
            const char *last = strrchr(xff, ',');
            last = last ? last + 1 : xff;
            while (*last == ' ')
                last++;
            size_t len = strcspn(last, " ");
            if (len && len < n) {
                memcpy(out, last, len);
                out[len] = 0;
                for (char *p = out; *p; p++)
                    if (!isxdigit((unsigned char)*p) && *p != '.' && *p != ':')
                        *p = '?';
                return;
            }
        }
    }
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (ci && ci->client_addr) {
        const struct sockaddr *sa = ci->client_addr;
        if (sa->sa_family == AF_INET)
            inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, out, (socklen_t)n);
        else if (sa->sa_family == AF_INET6)
            inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, out, (socklen_t)n);
    }
    if (!out[0])
        snprintf(out, n, "?");
}

/* GET /api/games/ID/events: is url that? Copies the id. */
static bool events_path(const char *url, char *id, size_t n)
{
    if (strncmp(url, "/api/games/", 11) != 0)
        return false;
    const char *rest = url + 11, *slash = strchr(rest, '/');
    if (!slash || slash == rest || strcmp(slash, "/events") != 0 || (size_t)(slash - rest) >= n)
        return false;
    memcpy(id, rest, (size_t)(slash - rest));
    id[slash - rest] = 0;
    return true;
}

/* May the request open an event stream on the channel (a game's id, "lobby", ...)? The caps of
 * docs/api.md "Limits", whatever the stream watches: true, counted until the request ends
 * (request_done); or false with the refusal (503 or 429, Retry-After) queued in *ret.
 * per_channel: the per-game cap applies (not to a channel everyone watches). */
static bool stream_admitted(struct MHD_Connection *c, request *rq, const char *channel, bool per_channel,
                            enum MHD_Result *ret)
{
    const char *msg = NULL;
    int retry = 0, st = limits_stream_open(rq->client, channel, per_channel, &msg, &retry);
    if (!st && !(rq->stream = strdup(channel))) {
        limits_stream_closed(rq->client, channel);
        st = 503, msg = "out of memory for another event stream; try again", retry = 10;
    }
    if (st)
        *ret = send_error(c, st, retry, msg);
    return !st;
}

/* The last event a reconnecting stream saw: the Last-Event-ID header (or, on a game's stream,
 * ?lastEventId=, for a client that cannot set headers). false: present but not an event's
 * number; *have false: none given. */
static bool last_event_id(struct MHD_Connection *c, bool query_too, unsigned long long *seen, bool *have)
{
    const char *last = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Last-Event-ID");
    if (!last && query_too)
        last = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "lastEventId");
    *seen = 0;
    *have = false;
    if (!last || !*last)
        return true;
    char *end;
    errno = 0;
    long long v = strtoll(last, &end, 10);
    if (*end || errno || v < 0)
        return false;
    *seen = (unsigned long long)v;
    *have = true;
    return true;
}

static enum MHD_Result open_events(struct MHD_Connection *c, request *rq, const char *id)
{
    /* A seat's token travels only in the Authorization header: a URL ends up in logs, proxies and
     * the browser's history (hardening 5). The old ?token= is refused, so that no client keeps
     * sending it. */
    if (MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token"))
        return send_error(c, 400, 0, "a token in the address is refused: send it as "
                                     "Authorization: Bearer TOKEN (docs/api.md, \"Events\")");
    int seat = serve_game_seat(id, MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Authorization"));
    if (seat == -3)
        return send_error(c, 500, 0, "this game could not be read from the database (a read error)");
    if (seat == -2) {
        char msg[96];
        snprintf(msg, sizeof msg, "no game with id '%.40s'", id);
        for (char *p = msg; *p; p++)
            if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f || *p == '"' || *p == '\\')
                *p = '?';
        return send_error(c, 404, 0, msg);
    }
    unsigned long long seen;
    bool have;
    if (!last_event_id(c, true, &seen, &have))
        return send_error(c, 400, 0, "Last-Event-ID must be the number of an event");
    /* --streams-per-game bounds the spectators only: a seat's stream counts, but is never refused
     * by it (the live list names every game between players: spectators from a few addresses
     * filled a game's streams, and its players' own were refused, their opponent's moves unseen).
     * A seat's streams stay bounded by --streams-per-ip and --max-streams. */
    enum MHD_Result refused;
    if (!stream_admitted(c, rq, id, seat < 0, &refused))
        return refused;
    struct MHD_Response *resp = events_open(c, id, seat, seen, have);
    if (!resp)
        return MHD_NO;
    add_common_headers(resp, false);
    enum MHD_Result ret = MHD_queue_response(c, MHD_HTTP_OK, resp);
    MHD_destroy_response(resp);
    return ret;
}

/* GET /api/lobby/events: the lobby's stream (events.c's channel "lobby"). The player is named by
 * the Authorization header only (never the address: it would land in logs and histories); without
 * one the stream is a spectator's, with a key that is no player's it is refused (401). */
static enum MHD_Result open_lobby_events(struct MHD_Connection *c, request *rq)
{
    const char *auth = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Authorization");
    char who[64] = "";
    if (auth) {
        int r = serve_player_of(auth, who, sizeof who);
        if (r < 0)
            return send_error(c, 500, 0, "the players could not be read");
        if (r == 0)
            return send_error(c, 401, 0, "this key is no player's (POST /api/players gives one)");
    }
    unsigned long long seen;
    bool have;
    if (!last_event_id(c, false, &seen, &have))
        return send_error(c, 400, 0, "Last-Event-ID must be the number of an event");
    enum MHD_Result refused; /* (the caps per address and overall; none per channel: all watch it) */
    if (!stream_admitted(c, rq, "lobby", false, &refused))
        return refused;
    struct MHD_Response *resp = events_open_as(c, "lobby", who, seen, have);
    if (!resp)
        return MHD_NO;
    add_common_headers(resp, false);
    enum MHD_Result ret = MHD_queue_response(c, MHD_HTTP_OK, resp);
    MHD_destroy_response(resp);
    return ret;
}

/* The API's URL with its query (MHD hands the path and the decoded arguments apart): the
 * arguments are encoded again, each byte but a letter, a digit or -._~ as %XX. NULL: too long. */
typedef struct query_buf {
    char text[1024];
    size_t len;
    bool overflow;
} query_buf;

static enum MHD_Result add_query_arg(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    query_buf *q = cls;
    const char *parts[2] = {key, value ? value : ""};
    if (q->len + 1 >= sizeof q->text) {
        q->overflow = true;
        return MHD_NO;
    }
    char sep = q->len ? '&' : '?';
    q->text[q->len++] = sep;
    for (int k = 0; k < 2; k++) {
        if (k == 1)
            q->text[q->len++] = '=';
        for (const unsigned char *p = (const unsigned char *)parts[k]; *p; p++) {
            if (q->len + 4 >= sizeof q->text) {
                q->overflow = true;
                return MHD_NO;
            }
            if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
                *p == '-' || *p == '.' || *p == '_' || *p == '~')
                q->text[q->len++] = (char)*p;
            else
                q->len += (size_t)snprintf(q->text + q->len, 4, "%%%02X", *p);
        }
    }
    q->text[q->len] = 0;
    return MHD_YES;
}

static enum MHD_Result answer_request(void *cls, struct MHD_Connection *c, const char *url,
                                      const char *method, const char *version,
                                      const char *upload_data, size_t *upload_data_size,
                                      void **con_cls)
{
    (void)cls;
    (void)version;
    request *rq = *con_cls;
    if (!rq) {
        /* the request's headers have arrived: the checks that need no body */
        rq = calloc(1, sizeof *rq + sizeof c);
        if (!rq)
            return MHD_NO;
        *(struct MHD_Connection **)(rq + 1) = c;
        *con_cls = rq;
        client_address(c, rq->client, sizeof rq->client);
        const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
        if (!host_ok(host)) {
            rq->too_large = true; /* (the body, if any, is dropped) */
            return send_error(c, 421, 0, "this server is not reached by that name (Host header); "
                                         "start it with --allow-host NAME to add one");
        }
        if (changes_state(method)) {
            const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
            if (origin && !origin_ok(origin, host)) {
                rq->too_large = true;
                return send_error(c, 403, 0, "a request from another site (Origin) may not change games");
            }
            if (!is_json_type(MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE))) {
                rq->too_large = true;
                return send_error(c, 415, 0, "a request that changes something must be "
                                             "Content-Type: application/json");
            }
        }
        /* refuse an announced body that is too large before reading it */
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (cl && strtoull(cl, NULL, 10) > H.max_body) {
            rq->too_large = true;
            char msg[80];
            snprintf(msg, sizeof msg, "request body too large (at most %zu bytes)", H.max_body);
            return send_error(c, 413, 0, msg);
        }
        if (strcmp(method, "POST") == 0 && (strcmp(url, "/api/games") == 0 || strcmp(url, "/api/games/") == 0)) {
            const char *msg = NULL;
            int retry = 0, st = limits_may_create(rq->client, &msg, &retry);
            if (st) {
                rq->too_large = true;
                return send_error(c, st, retry, msg);
            }
        }
        return MHD_YES;
    }
    if (*upload_data_size) {
        if (!rq->too_large) {
            if (rq->len + *upload_data_size > H.max_body) {
                rq->too_large = true; /* the rest is read and dropped; the answer is 413 */
                free(rq->body);
                rq->body = NULL;
                rq->len = rq->cap = 0;
                rq->answer = error_answer(413, 0, "request body too large");
                rq->ready = true;
            } else {
                if (rq->len + *upload_data_size + 1 > rq->cap) {
                    size_t cap = (rq->len + *upload_data_size + 1) * 2;
                    if (cap > H.max_body + 1)
                        cap = H.max_body + 1;
                    char *b = realloc(rq->body, cap);
                    if (!b)
                        return MHD_NO;
                    rq->body = b;
                    rq->cap = cap;
                }
                memcpy(rq->body + rq->len, upload_data, *upload_data_size);
                rq->len += *upload_data_size;
            }
        }
        *upload_data_size = 0;
        return MHD_YES;
    }
    /* the whole request is here */
    conn_received(c);
    pthread_mutex_lock(&answer_lock);
    bool ready = rq->ready, dispatched = rq->dispatched;
    pthread_mutex_unlock(&answer_lock);
    if (ready) {
        rq->ready = false;
        serve_answer a = rq->answer;
        rq->answer.body = NULL;
        if (rq->too_large && a.status == 413) {
            free(a.body);
            char msg[80];
            snprintf(msg, sizeof msg, "request body too large (at most %zu bytes)", H.max_body);
            return send_error(c, 413, 0, msg);
        }
        return send_reply(c, a);
    }
    if (dispatched)
        return MHD_YES; /* (a spurious call while the worker thinks) */
    if (rq->too_large)
        return MHD_YES; /* answered already */
    if (strncmp(url, "/api/", 5) == 0 || strcmp(url, "/api") == 0) {
        char id[40];
        if (strcmp(method, "GET") == 0 && events_path(url, id, sizeof id))
            return open_events(c, rq, id);
        if (strcmp(method, "GET") == 0 && strcmp(url, "/api/lobby/events") == 0)
            return open_lobby_events(c, rq);
        /* the query goes along (?status=live, ?before=...), encoded again; a path alone as it is */
        query_buf qb = {.len = 0};
        MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, add_query_arg, &qb);
        if (qb.overflow)
            return send_error(c, 414, 0, "the query is too long (at most 1 KB)");
        char full[2048];
        const char *with_query = url;
        if (qb.len) {
            if (snprintf(full, sizeof full, "%s%s", url, qb.text) >= (int)sizeof full)
                return send_error(c, 414, 0, "the address is too long");
            with_query = full;
        }
        serve_request sr = {method, with_query, rq->body, rq->len, rq->client,
                            MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Authorization"),
                            answer_arrived, rq, MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "since")};
        pthread_mutex_lock(&answer_lock);
        rq->dispatched = true;
        pthread_mutex_unlock(&answer_lock);
        serve_answer a = serve_api_request(&sr);
        if (a.status != 0) {
            rq->dispatched = false;
            return send_reply(c, a);
        }
        /* a worker thinks: wait for its answer without holding this thread, unless it was
         * quicker than us. Decided under the lock: read after it, `ready` could be the worker's
         * answer to a connection already suspended, and be answered twice (ThreadSanitizer) */
        pthread_mutex_lock(&answer_lock);
        serve_answer b = {0};
        const bool quicker = rq->ready;
        if (quicker) {
            b = rq->answer;
            rq->ready = false;
            rq->answer.body = NULL;
        } else {
            rq->suspended = true;
            MHD_suspend_connection(c);
        }
        pthread_mutex_unlock(&answer_lock);
        if (quicker && b.body)
            return send_reply(c, b);
        return MHD_YES;
    }
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
        return send_error(c, 405, 0, "use GET for pages");
    return send_static(c, url);
}

static void request_done(void *cls, struct MHD_Connection *c, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    (void)cls;
    (void)toe;
    request *rq = *con_cls;
    if (rq) {
        if (rq->stream)
            limits_stream_closed(rq->client, rq->stream);
        free(rq->stream);
        free(rq->body);
        free(rq->answer.body);
        free(rq);
        *con_cls = NULL;
    }
    /* the next request on this connection has its own deadline */
    conn *k = conn_of(c);
    if (k) {
        pthread_mutex_lock(&C.lock);
        recv_begin(k);
        pthread_mutex_unlock(&C.lock);
    }
}

/* Run the daemon until SIGINT or SIGTERM; the game table is started. Returns the exit status. */
int serve_http_run(const char *host, const struct sockaddr_in *addr, long port, const char *web_dir,
                   size_t max_body, bool quiet)
{
    (void)quiet;
    snprintf(H.listen, sizeof H.listen, "%s", host);
    H.any_address = addr->sin_addr.s_addr == htonl(INADDR_ANY);
    H.web_dir = web_dir;
    H.max_body = max_body;
    /* connections kept for ordinary requests: streams and slow clients take a share each */
    if (!O.max_streams)
        O.max_streams = O.max_conn / 2;
    if (!O.max_receiving)
        O.max_receiving = O.max_conn / 4;
    if (O.max_streams + O.max_receiving >= O.max_conn) {
        fprintf(stderr, "gabata: --max-streams (%ld) and --max-receiving (%ld) must leave room in "
                "--max-connections (%ld) for requests being answered\n", O.max_streams, O.max_receiving, O.max_conn);
        return 2;
    }
    long workers = O.workers;
    if (!workers) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        workers = n > 0 ? (n > 256 ? 256 : n) : 1;
    }
    /* descriptors enough for the connections allowed */
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        rl.rlim_cur < (rlim_t)O.max_conn + 64) {
        rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > (rlim_t)O.max_conn + 64
                          ? (rlim_t)O.max_conn + 64 : rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }

    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);

    if (pool_start((int)workers, (int)O.queue) != 0 || events_start((int)O.heartbeat_s) != 0) {
        fprintf(stderr, "gabata: cannot start the worker threads\n");
        pool_stop();
        return 1;
    }
    limits_start(O.game_rate, O.ai_rate, O.games_per_ip);
    lobby_start_timer(); /* (without it, seeks still lapse at the next lobby request) */
    limits_streams_start(O.max_streams, O.streams_per_ip, O.streams_per_game);
    serve_api_count_held();
    C.stopping = false;
    pthread_create(&C.sweeper, NULL, sweeper, NULL);

    errno = 0;
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME, (uint16_t)port, NULL, NULL,
        answer_request, NULL, MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)addr,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)O.max_conn, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
        O.trust_proxy ? 0u : (unsigned)O.per_ip_conn, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)O.idle_s,
        MHD_OPTION_NOTIFY_COMPLETED, request_done, NULL, MHD_OPTION_NOTIFY_CONNECTION,
        notify_connection, NULL, MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024u,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONNECTION_MEMORY, MHD_OPTION_END);
    int status = 0;
    if (!d) {
        fprintf(stderr, "gabata: cannot listen on %s port %ld: %s\n", host, port,
                errno ? strerror(errno) : "the address is in use or not available");
        status = 1;
    } else {
        const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
        H.port = info ? info->port : (unsigned)port;
        bool loopback = (ntohl(addr->sin_addr.s_addr) >> 24) == 127;
        if (!loopback) {
            printf("gabata serve: open to the network: anyone who can reach %s port %u can create, "
                   "watch and play games.\n", host, H.port);
            printf("  answers to Host: localhost, 127.0.0.1, %s%s", host,
                   H.any_address ? " and any address in digits" : "");
            for (int i = 0; i < O.n_allow; i++)
                printf(", %s", O.allow_host[i]);
            printf("\n  limits: %ld connections, %ld per address%s; a request arrives whole within %ld s, "
                   "idle %ld s;\n  event streams: %ld, %ld per address, %ld per game; receiving a request: %ld, "
                   "%ld per address%s;\n  per address: %ld games a minute%s, %ld held%s, %ld worker-seconds a "
                   "minute%s;\n  %ld workers, %ld waiting at most; X-Forwarded-For %s\n",
                   O.max_conn, O.per_ip_conn, O.trust_proxy ? " (off: --trust-proxy)" : "", O.deadline_s,
                   O.idle_s, O.max_streams, O.streams_per_ip, O.streams_per_game, O.max_receiving,
                   O.receiving_per_ip, O.trust_proxy ? " (off: --trust-proxy)" : "", O.game_rate,
                   O.game_rate ? "" : " (no limit)", O.games_per_ip,
                   O.games_per_ip ? "" : " (no limit)", O.ai_rate, O.ai_rate ? "" : " (no limit)", workers,
                   O.queue, O.trust_proxy ? "trusted (--trust-proxy)" : "ignored");
        }
        printf("gabata serve: listening on http://%s:%u/ (Ctrl-C to stop)\n", host, H.port);
        fflush(stdout);
        int sig = 0;
        sigwait(&stop, &sig);
    }
    /* stop: the waiting jobs are cancelled, the running ones finish and resume their
     * connections; the streams end; then no connection is suspended and the daemon may stop */
    pool_stop();
    lobby_stop_timer();
    events_stop();
    pthread_mutex_lock(&C.lock);
    C.stopping = true;
    pthread_cond_broadcast(&C.wake);
    pthread_mutex_unlock(&C.lock);
    pthread_join(C.sweeper, NULL);
    if (d) {
        MHD_quiesce_daemon(d);
        /* give the resumed connections a moment to be answered */
        for (int i = 0; i < 100 && events_open_count() > 0; i++)
            nanosleep(&(struct timespec){0, 10000000L}, NULL);
        MHD_stop_daemon(d);
    }
    events_clear();
    limits_clear();
    return status;
}
