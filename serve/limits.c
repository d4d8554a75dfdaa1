/* limits.c — the limits per client address of `gabata serve` (docs/api.md, "Limits"): token
 * buckets for games created (a minute) and for the workers' time an address's computer moves and
 * hints take (worker-seconds a minute), the games an address holds, and the event streams open
 * (overall, per address and per channel: a game, or anything else a stream watches). Below both
 * the network side (http.c) and the API (api.c), which call it; it calls neither. */
#include "serve.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


#define ADDR_BUCKETS 4096
typedef struct addr_rec {
    char ip[64];
    double games_tokens, games_t, ai_tokens, ai_t;
    double players_tokens, players_t; /* players created (the lobby's --player-rate) */
    long held;
    long streams;   /* event streams open from the address */
    struct addr_rec *next;
} addr_rec;

/* The streams open on one channel (a game's id, "lobby", ...); freed when none is. */
typedef struct chan_rec {
    char *name;
    long streams;
    struct chan_rec *next;
} chan_rec;

static struct {
    pthread_mutex_t lock;
    addr_rec *b[ADDR_BUCKETS];
    long count;
    long game_rate, ai_rate, games_per_ip; /* limits_start's */
    long max_streams, streams_per_ip, streams_per_channel; /* limits_streams_start's (0: none) */
    long streams;   /* open, overall */
    chan_rec *chans[ADDR_BUCKETS];
    bool on;        /* only the daemon limits; without it (the fuzzer) nothing is counted */
} L = {.lock = PTHREAD_MUTEX_INITIALIZER};

static unsigned hash_text(const char *t)
{
    unsigned h = 5381;
    for (const char *p = t; *p; p++)
        h = h * 33 + (unsigned char)*p;
    return h % ADDR_BUCKETS;
}

static addr_rec *addr_get(const char *ip)
{
    addr_rec **b = &L.b[hash_text(ip)];
    for (addr_rec *r = *b; r; r = r->next)
        if (strcmp(r->ip, ip) == 0)
            return r;
    addr_rec *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    snprintf(r->ip, sizeof r->ip, "%s", ip);
    r->games_tokens = (double)L.game_rate;
    r->ai_tokens = (double)L.ai_rate;
    r->games_t = r->ai_t = serve_now_s();
    r->players_tokens = -1; /* (filled at its first use: the rate is the lobby's) */
    r->next = *b;
    *b = r;
    L.count++;
    return r;
}

/* A token from a bucket of `rate` a minute holding at most `rate`: true, or false and the seconds
 * until the next one. */
static bool bucket_take(double *tokens, double *t, long rate, int *retry_after)
{
    if (rate <= 0)
        return true;
    double now = serve_now_s(), per_s = (double)rate / 60.0;
    *tokens += (now - *t) * per_s;
    if (*tokens > (double)rate)
        *tokens = (double)rate;
    *t = now;
    if (*tokens >= 1.0) {
        *tokens -= 1.0;
        return true;
    }
    *retry_after = (int)((1.0 - *tokens) / per_s) + 1;
    return false;
}

/* The computer's time is counted in worker-seconds: a search may start while the address's
 * bucket (ai_rate worker-seconds, refilled at ai_rate a minute) holds at least its estimate, which
 * is taken at once (so that a burst of requests cannot all start on one full bucket); once it has
 * run, the difference between the estimate and the time the worker really spent is settled
 * (limits_charge_ai), so the bucket may go below zero and the address then waits. */
bool limits_take_ai(const char *client, double estimate_s, int *retry_after)
{
    if (!client || !*client)
        return true;
    pthread_mutex_lock(&L.lock);
    bool ok = true;
    addr_rec *r = L.on && L.ai_rate > 0 ? addr_get(client) : NULL;
    if (r) {
        double now = serve_now_s(), per_s = (double)L.ai_rate / 60.0;
        r->ai_tokens += (now - r->ai_t) * per_s;
        if (r->ai_tokens > (double)L.ai_rate)
            r->ai_tokens = (double)L.ai_rate;
        r->ai_t = now;
        /* (an estimate above the whole bucket would never start: the bucket full is enough) */
        double need = estimate_s < (double)L.ai_rate ? estimate_s : (double)L.ai_rate;
        if (r->ai_tokens >= need) {
            r->ai_tokens -= estimate_s;
        } else {
            ok = false;
            *retry_after = (int)((need - r->ai_tokens) / per_s) + 1;
        }
    }
    pthread_mutex_unlock(&L.lock);
    return ok;
}

bool limits_take_player(const char *client, long rate, int *retry_after)
{
    if (!client || !*client || rate <= 0)
        return true;
    pthread_mutex_lock(&L.lock);
    bool ok = true;
    addr_rec *r = L.on ? addr_get(client) : NULL;
    if (r) {
        if (r->players_tokens < 0) {
            r->players_tokens = (double)rate;
            r->players_t = serve_now_s();
        }
        ok = bucket_take(&r->players_tokens, &r->players_t, rate, retry_after);
    }
    pthread_mutex_unlock(&L.lock);
    return ok;
}

void limits_charge_ai(const char *client, double estimate_s, double spent_s)
{
    if (!client || !*client)
        return;
    pthread_mutex_lock(&L.lock);
    addr_rec *r = L.on && L.ai_rate > 0 ? addr_get(client) : NULL;
    if (r)
        r->ai_tokens += estimate_s - spent_s;
    pthread_mutex_unlock(&L.lock);
}

/* May the address create a game? 0, or the status (429) with *msg and *retry_after. */
int limits_may_create(const char *client, const char **msg, int *retry_after)
{
    pthread_mutex_lock(&L.lock);
    int st = 0;
    addr_rec *r = L.on ? addr_get(client) : NULL;
    if (r && L.games_per_ip > 0 && r->held >= L.games_per_ip) {
        st = 429;
        *msg = SN_("this address holds as many games as it may (--games-per-ip); finish or delete one");
        *retry_after = 60;
    } else if (r && !bucket_take(&r->games_tokens, &r->games_t, L.game_rate, retry_after)) {
        st = 429;
        *msg = SN_("too many games created from this address (--game-rate); try again later");
    }
    pthread_mutex_unlock(&L.lock);
    return st;
}

void limits_game_added(const char *client)
{
    if (!client || !*client)
        return;
    pthread_mutex_lock(&L.lock);
    addr_rec *r = L.on ? addr_get(client) : NULL;
    if (r)
        r->held++;
    pthread_mutex_unlock(&L.lock);
}

void limits_game_dropped(const char *client)
{
    if (!client || !*client)
        return;
    pthread_mutex_lock(&L.lock);
    addr_rec *r = L.on ? addr_get(client) : NULL;
    if (r && r->held > 0)
        r->held--;
    pthread_mutex_unlock(&L.lock);
}

/* Forget addresses holding nothing whose buckets are full again (the sweeper, now and then). */
void limits_prune(void)
{
    pthread_mutex_lock(&L.lock);
    double now = serve_now_s();
    for (int i = 0; i < ADDR_BUCKETS; i++) {
        for (addr_rec **p = &L.b[i]; *p;) {
            addr_rec *r = *p;
            /* (a debt of worker-seconds is forgiven after a minute without a search: by then the
             * bucket would have refilled by a minute's worth) */
            bool idle = r->held == 0 && r->streams == 0 && now - r->games_t > 60 && now - r->ai_t > 60 &&
                        (r->players_tokens < 0 || now - r->players_t > 60);
            if (idle) {
                *p = r->next;
                free(r);
                L.count--;
            } else {
                p = &r->next;
            }
        }
    }
    pthread_mutex_unlock(&L.lock);
}

void limits_clear(void)
{
    pthread_mutex_lock(&L.lock);
    for (int i = 0; i < ADDR_BUCKETS; i++) {
        for (addr_rec *r = L.b[i], *nx; r; r = nx) {
            nx = r->next;
            free(r);
        }
        L.b[i] = NULL;
    }
    for (int i = 0; i < ADDR_BUCKETS; i++) {
        for (chan_rec *c = L.chans[i], *nx; c; c = nx) {
            nx = c->next;
            free(c->name);
            free(c);
        }
        L.chans[i] = NULL;
    }
    L.count = 0;
    L.streams = 0;
    L.on = false;
    pthread_mutex_unlock(&L.lock);
}


void limits_start(long game_rate, long ai_rate, long games_per_ip)
{
    pthread_mutex_lock(&L.lock);
    L.game_rate = game_rate;
    L.ai_rate = ai_rate;
    L.games_per_ip = games_per_ip;
    L.on = true;
    pthread_mutex_unlock(&L.lock);
}

/* ---- event streams ---- */
void limits_streams_start(long max_streams, long per_ip, long per_channel)
{
    pthread_mutex_lock(&L.lock);
    L.max_streams = max_streams;
    L.streams_per_ip = per_ip;
    L.streams_per_channel = per_channel;
    pthread_mutex_unlock(&L.lock);
}

static chan_rec **chan_find(const char *channel)
{
    chan_rec **p = &L.chans[hash_text(channel)];
    while (*p && strcmp((*p)->name, channel) != 0)
        p = &(*p)->next;
    return p;
}

int limits_stream_open(const char *client, const char *channel, bool per_channel, const char **msg,
                       int *retry_after)
{
    if (!client || !*client || !channel)
        return 0;
    pthread_mutex_lock(&L.lock);
    int st = 0;
    if (!L.on)
        goto out;
    addr_rec *r = addr_get(client);
    chan_rec **cp = chan_find(channel);
    if (!r || (!*cp && !(*cp = calloc(1, sizeof **cp)))) {
        st = 503;
        *msg = "out of memory for another event stream; try again";
        goto out;
    }
    chan_rec *ch = *cp;
    if (!ch->name && !(ch->name = strdup(channel))) {
        *cp = ch->next;
        free(ch);
        st = 503;
        *msg = "out of memory for another event stream; try again";
        goto out;
    }
    if (L.max_streams > 0 && L.streams >= L.max_streams) {
        st = 503;
        *msg = "the server holds as many event streams as it may (--max-streams); try again later";
    } else if (L.streams_per_ip > 0 && r->streams >= L.streams_per_ip) {
        st = 429;
        *msg = "this address has as many event streams open as it may (--streams-per-ip); close one";
    } else if (per_channel && L.streams_per_channel > 0 && ch->streams >= L.streams_per_channel) {
        st = 429;
        *msg = "this game has as many event streams open as it may (--streams-per-game); try again later";
    } else {
        L.streams++;
        r->streams++;
        ch->streams++;
    }
    if (!ch->streams) { /* (refused, and the channel watched by no one: forget it) */
        *cp = ch->next;
        free(ch->name);
        free(ch);
    }
    *retry_after = 10;
out:
    pthread_mutex_unlock(&L.lock);
    return st;
}

void limits_stream_closed(const char *client, const char *channel)
{
    if (!client || !*client || !channel)
        return;
    pthread_mutex_lock(&L.lock);
    if (L.on) {
        addr_rec *r = addr_get(client);
        chan_rec **cp = chan_find(channel);
        if (r && r->streams > 0)
            r->streams--;
        if (L.streams > 0)
            L.streams--;
        if (*cp && --(*cp)->streams <= 0) {
            chan_rec *ch = *cp;
            *cp = ch->next;
            free(ch->name);
            free(ch);
        }
    }
    pthread_mutex_unlock(&L.lock);
}

long limits_streams_open(void)
{
    pthread_mutex_lock(&L.lock);
    long n = L.streams;
    pthread_mutex_unlock(&L.lock);
    return n;
}
