/* limits.c — the limits per client address of `gabata serve` (docs/api.md, "Limits"): token
 * buckets for games created and computer moves asked, a minute each, and the games an address
 * holds. Below both the network side (http.c) and the API (api.c), which call it; it calls
 * neither. */
#include "serve.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

#define ADDR_BUCKETS 4096
typedef struct addr_rec {
    char ip[64];
    double games_tokens, games_t, ai_tokens, ai_t;
    double players_tokens, players_t; /* players created (the lobby's --player-rate) */
    long held;
    struct addr_rec *next;
} addr_rec;

static struct {
    pthread_mutex_t lock;
    addr_rec *b[ADDR_BUCKETS];
    long count;
    long game_rate, ai_rate, games_per_ip; /* limits_start's */
    bool on;        /* only the daemon limits; without it (the fuzzer) nothing is counted */
} L = {.lock = PTHREAD_MUTEX_INITIALIZER};

static addr_rec *addr_get(const char *ip)
{
    unsigned h = 5381;
    for (const char *p = ip; *p; p++)
        h = h * 33 + (unsigned char)*p;
    addr_rec **b = &L.b[h % ADDR_BUCKETS];
    for (addr_rec *r = *b; r; r = r->next)
        if (strcmp(r->ip, ip) == 0)
            return r;
    addr_rec *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    snprintf(r->ip, sizeof r->ip, "%s", ip);
    r->games_tokens = (double)L.game_rate;
    r->ai_tokens = (double)L.ai_rate;
    r->games_t = r->ai_t = now_s();
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
    double now = now_s(), per_s = (double)rate / 60.0;
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

bool limits_take_ai(const char *client, int *retry_after)
{
    if (!client || !*client)
        return true;
    pthread_mutex_lock(&L.lock);
    bool ok = true;
    addr_rec *r = L.on ? addr_get(client) : NULL;
    if (r)
        ok = bucket_take(&r->ai_tokens, &r->ai_t, L.ai_rate, retry_after);
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
            r->players_t = now_s();
        }
        ok = bucket_take(&r->players_tokens, &r->players_t, rate, retry_after);
    }
    pthread_mutex_unlock(&L.lock);
    return ok;
}

/* May the address create a game? 0, or the status (429) with *msg and *retry_after. */
int limits_may_create(const char *client, const char **msg, int *retry_after)
{
    pthread_mutex_lock(&L.lock);
    int st = 0;
    addr_rec *r = L.on ? addr_get(client) : NULL;
    if (r && L.games_per_ip > 0 && r->held >= L.games_per_ip) {
        st = 429;
        *msg = "this address holds as many games as it may (--games-per-ip); finish or delete one";
        *retry_after = 60;
    } else if (r && !bucket_take(&r->games_tokens, &r->games_t, L.game_rate, retry_after)) {
        st = 429;
        *msg = "too many games created from this address (--game-rate); try again later";
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
    double now = now_s();
    for (int i = 0; i < ADDR_BUCKETS; i++) {
        for (addr_rec **p = &L.b[i]; *p;) {
            addr_rec *r = *p;
            bool idle = r->held == 0 && now - r->games_t > 60 && now - r->ai_t > 60 &&
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
    L.count = 0;
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
