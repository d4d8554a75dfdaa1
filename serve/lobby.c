/* lobby.c — the seeks (lobby.h): a list in memory, its limits per player and per address, and a
 * timer that lapses the seeks of players whose lobby stream has gone. */
#include "lobby.h"

#include "cli.h"
#include "serve.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LOBBY_MAX_SEEKS 5000 /* in all: past it 503 (the limits per address keep it far) */

typedef struct node {
    lobby_seek sk;
    struct node *next;
} node;

static struct {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    node *head;           /* oldest first */
    int count;
    long per_player, per_ip, player_rate, lapse_s;
    bool rated_one_address; /* --rated-one-address */
    long rated_pair;        /* --rated-pair-per-day: rated games two players may finish against each
                             * other in 24 hours (0: no limit); read by api.c, counted by players.c */
    pthread_t timer;
    bool timing, stopping;
    long say_every_s;                  /* quick phrases: one a seat every this many seconds (api.c) */
    long abandon_s;                    /* --abandon-grace: a seat gone this long may be claimed against */
    char taken[256][STORE_ID_LEN + 1]; /* the seeks accepted lately: a second accept is told so */
    unsigned ntaken;
} Lb = {.lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER,
        .per_player = 3, .per_ip = 10, .player_rate = 10, .lapse_s = 60, .abandon_s = 60, .rated_pair = 3,
        .say_every_s = 2};

const char lobby_help[] =
    "The lobby (docs/api.md, \"Players, the lobby, ratings\"):\n"
    "  --seeks-per-player N  open seeks one player may have (default 3)\n"
    "  --seeks-per-ip N      open seeks from one address (default 10)\n"
    "  --player-rate N       players one address may create a minute (default 10; 0: no limit)\n"
    "  --rated-one-address   let two players on one address play rated games (default: refused)\n"
    "  --rated-pair-per-day N\n"
    "                        rated games two players may finish against each other in 24 hours\n"
    "                        (default 3; 0: no limit); past it they play casual games\n"
    "  --abandon-grace S     seconds a player to move may be gone (no stream) before the other may\n"
    "                        claim the game (default 60)\n";

int lobby_option(int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    long *target = NULL, lo = 0, hi = 1000000;
    if (strcmp(a, "--rated-one-address") == 0) {
        Lb.rated_one_address = true;
        return 1;
    }
    if (strcmp(a, "--seeks-per-player") == 0)
        target = &Lb.per_player, lo = 1, hi = 100;
    else if (strcmp(a, "--seeks-per-ip") == 0)
        target = &Lb.per_ip, lo = 1, hi = 1000;
    else if (strcmp(a, "--player-rate") == 0)
        target = &Lb.player_rate;
    else if (strcmp(a, "--rated-pair-per-day") == 0)
        target = &Lb.rated_pair, hi = 1000;
    else if (strcmp(a, "--abandon-grace") == 0)
        target = &Lb.abandon_s, lo = 1, hi = 86400;
    else if (strcmp(a, "--say-every") == 0) /* (not in the help: for the tests of the 30 a game) */
        target = &Lb.say_every_s, hi = 3600;
    else if (strcmp(a, "--seek-lapse") == 0) /* (not in the help: for the tests) */
        target = &Lb.lapse_s, lo = 1, hi = 86400;
    else
        return 0;
    if (*i + 1 >= argc || !cli_parse_long(argv[*i + 1], lo, hi, target)) {
        fprintf(stderr, "gabata: %s needs a whole number from %ld to %ld\n", a, lo, hi);
        return -1;
    }
    (*i)++;
    return 1;
}

long lobby_abandon_grace(void)
{
    return Lb.abandon_s;
}

long lobby_rated_pair_per_day(void)
{
    return Lb.rated_pair;
}

long lobby_say_every(void)
{
    return Lb.say_every_s;
}

long lobby_player_rate(void)
{
    return Lb.player_rate;
}

bool lobby_same_address_ok(const char *a, const char *b)
{
    return Lb.rated_one_address || !a || !b || !a[0] || !b[0] || strcmp(a, b) != 0;
}

json_t *lobby_seek_json(const lobby_seek *sk)
{
    const char *seat = sk->seat == 'S' ? "S" : sk->seat == 'N' ? "N" : "random";
    return json_pack("{s:s,s:s,s:s,s:o,s:b,s:s,s:{s:s,s:s,s:i,s:b},s:I}", "seek", sk->id, "variant", sk->variant,
                     "options", sk->options, "clock", clock_control_json(sk->clock_initial_ms, sk->clock_increment_ms),
                     "rated", sk->rated, "seat", seat, "by", "id", sk->player, "name", sk->name, "rating",
                     (int)(sk->rating + 0.5), "provisional", sk->provisional, "created", (json_int_t)sk->created);
}

static void publish(const char *action, const lobby_seek *sk)
{
    events_publish(LOBBY_CHANNEL, "seek", json_pack("{s:s,s:o}", "action", action, "seek", lobby_seek_json(sk)));
}

/* Remove the node after *pp (with the lock held) and tell the lobby. */
static void remove_at(node **pp, const char *why)
{
    node *n = *pp;
    *pp = n->next;
    Lb.count--;
    events_publish(LOBBY_CHANNEL, "seek", json_pack("{s:s,s:o,s:s}", "action", "removed", "seek",
                                                    lobby_seek_json(&n->sk), "why", why));
    free(n);
}

static void lapse_locked(void)
{
    double now = serve_now_s();
    for (node **pp = &Lb.head; *pp;) {
        node *n = *pp;
        double gone = 0;
        int open = events_presence(LOBBY_CHANNEL, n->sk.player, &gone);
        double since = gone > n->sk.made ? gone : n->sk.made;
        /* on the monotonic clock to the millisecond: with whole seconds from time() a seek made at
         * x.999 s lapsed at x+1.0 under --seek-lapse 1 (lobby.test.js in CI) */
        if (open == 0 && now - since >= (double)Lb.lapse_s)
            remove_at(pp, "lapsed");
        else
            pp = &n->next;
    }
}

void lobby_lapse(void)
{
    pthread_mutex_lock(&Lb.lock);
    lapse_locked();
    pthread_mutex_unlock(&Lb.lock);
}

int lobby_add(lobby_seek *sk, char *err, size_t errlen)
{
    pthread_mutex_lock(&Lb.lock);
    lapse_locked();
    int mine = 0, from_ip = 0, st = 0;
    for (node *n = Lb.head; n; n = n->next) {
        mine += strcmp(n->sk.player, sk->player) == 0;
        from_ip += sk->owner[0] && strcmp(n->sk.owner, sk->owner) == 0;
    }
    node *n = NULL;
    if (mine >= Lb.per_player) {
        st = 429;
        snprintf(err, errlen, SN_("you have %d open seeks already (--seeks-per-player): withdraw one first"), mine);
    } else if (from_ip >= Lb.per_ip) {
        st = 429;
        snprintf(err, errlen, SN_("this address has %d open seeks already (--seeks-per-ip)"), from_ip);
    } else if (Lb.count >= LOBBY_MAX_SEEKS || !(n = calloc(1, sizeof *n))) {
        st = 503;
        snprintf(err, errlen, SN_("the lobby is full; try again later"));
    } else if (store_random_hex(sk->id, STORE_ID_LEN / 2) != 0) {
        st = 503;
        snprintf(err, errlen, SN_("no random numbers from the operating system; try again"));
    } else {
        sk->created = (int64_t)time(NULL);
        sk->made = serve_now_s();
        n->sk = *sk;
        node **pp = &Lb.head;
        while (*pp)
            pp = &(*pp)->next;
        *pp = n;
        n = NULL;
        Lb.count++;
        publish("added", sk);
    }
    free(n);
    pthread_mutex_unlock(&Lb.lock);
    return st;
}

json_t *lobby_list_json(void)
{
    pthread_mutex_lock(&Lb.lock);
    lapse_locked();
    json_t *arr = json_array();
    for (node *n = Lb.head; n; n = n->next)
        json_array_append_new(arr, lobby_seek_json(&n->sk));
    pthread_mutex_unlock(&Lb.lock);
    return json_pack("{s:o}", "seeks", arr);
}

static node **find(const char *id)
{
    node **pp = &Lb.head;
    while (*pp && strcmp((*pp)->sk.id, id) != 0)
        pp = &(*pp)->next;
    return pp;
}

int lobby_peek(const char *id, lobby_seek *out)
{
    pthread_mutex_lock(&Lb.lock);
    node **pp = find(id);
    if (*pp)
        *out = (*pp)->sk;
    pthread_mutex_unlock(&Lb.lock);
    return *pp ? 0 : 404;
}

int lobby_take(const char *id, const char *taker, const char *client, lobby_seek *out)
{
    pthread_mutex_lock(&Lb.lock);
    lapse_locked();
    node **pp = find(id);
    int st = 0;
    if (!*pp) {
        st = 404;
        for (unsigned k = 0; k < 256 && st == 404; k++)
            if (strcmp(Lb.taken[k], id) == 0)
                st = 410;
    } else if (strcmp((*pp)->sk.player, taker) == 0) {
        st = 409;
    } else if ((*pp)->sk.rated && !lobby_same_address_ok((*pp)->sk.owner, client)) {
        st = 403;
    } else {
        *out = (*pp)->sk;
        snprintf(Lb.taken[Lb.ntaken++ % 256], STORE_ID_LEN + 1, "%s", id);
        remove_at(pp, "accepted");
    }
    pthread_mutex_unlock(&Lb.lock);
    return st;
}

void lobby_put_back(const lobby_seek *sk)
{
    node *n = calloc(1, sizeof *n);
    if (!n)
        return;
    n->sk = *sk;
    pthread_mutex_lock(&Lb.lock);
    n->next = Lb.head;
    Lb.head = n;
    Lb.count++;
    publish("added", sk);
    pthread_mutex_unlock(&Lb.lock);
}

int lobby_withdraw(const char *id, const char *by)
{
    pthread_mutex_lock(&Lb.lock);
    node **pp = find(id);
    int st = 0;
    if (!*pp)
        st = 404;
    else if (strcmp((*pp)->sk.player, by) != 0)
        st = 403;
    else
        remove_at(pp, "withdrawn");
    pthread_mutex_unlock(&Lb.lock);
    return st;
}

/* The timer: lapses seeks though no request arrives (a page in the lobby holds only its stream,
 * and must hear that a seek went). Wakes every second, or sooner for a short --seek-lapse. */
static void *timer_main(void *unused)
{
    (void)unused;
    pthread_mutex_lock(&Lb.lock);
    while (!Lb.stopping) {
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        long step_ms = Lb.lapse_s < 4 ? 250 : 1000;
        t.tv_nsec += step_ms * 1000000L;
        t.tv_sec += t.tv_nsec / 1000000000L;
        t.tv_nsec %= 1000000000L;
        int rc = pthread_cond_timedwait(&Lb.wake, &Lb.lock, &t);
        if (Lb.stopping)
            break;
        if (rc == ETIMEDOUT || rc == 0)
            lapse_locked();
    }
    pthread_mutex_unlock(&Lb.lock);
    return NULL;
}

int lobby_start_timer(void)
{
    pthread_mutex_lock(&Lb.lock);
    Lb.stopping = false;
    pthread_mutex_unlock(&Lb.lock);
    if (pthread_create(&Lb.timer, NULL, timer_main, NULL) != 0)
        return -1;
    Lb.timing = true;
    return 0;
}

void lobby_stop_timer(void)
{
    if (!Lb.timing)
        return;
    pthread_mutex_lock(&Lb.lock);
    Lb.stopping = true;
    pthread_cond_broadcast(&Lb.wake);
    pthread_mutex_unlock(&Lb.lock);
    pthread_join(Lb.timer, NULL);
    Lb.timing = false;
}

void lobby_clear(void)
{
    pthread_mutex_lock(&Lb.lock);
    for (node *n = Lb.head, *nx; n; n = nx) {
        nx = n->next;
        free(n);
    }
    Lb.head = NULL;
    Lb.count = 0;
    memset(Lb.taken, 0, sizeof Lb.taken);
    Lb.ntaken = 0;
    pthread_mutex_unlock(&Lb.lock);
}
