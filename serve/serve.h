/* serve.h — what the game table of `gabata serve` (api.c) and its network layer share:
 * the worker pool (pool.c), the live event streams (events.c), and the limits per
 * client address and the HTTP daemon (http.c). Internal to the gabata program. */
#ifndef GABATA_SERVE_H
#define GABATA_SERVE_H

#include "cli.h"
#include "sn.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

/* Seconds on the monotonic clock: for every wait, lapse and rate of the server (the wall clock
 * may step, and whole seconds from time() make a 1-second wait last anything from 0 to 1 s). */
static inline double serve_now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* ---- the worker pool (pool.c): computer moves and hints ---- */
/* Start n worker threads with at most queue jobs waiting (running jobs not counted). 0, or -1. */
int pool_start(int n, int queue);
/* Is the pool running? Without one (the fuzzer, the C tests) api.c thinks inline. */
bool pool_running(void);
/* Queue work(arg, cancelled) for a worker, then answer(arg) (if not NULL) once the pool has
 * counted the job done: what a client is told goes in answer, so that a client asking again at
 * once is not queued as if the job it was answered were still running. 0, or -1 when the queue is
 * full (the caller answers 503). client: the address asking; estimate_s: the worker time the job is expected to take: the workers
 * share their time between the addresses in turn, in worker-seconds (pool.c), so that one
 * address's many searches do not make another's wait behind all of them; with the queue full, the
 * newest job of the address waiting most gives its place to an address waiting less (that job's work
 * is called with cancelled = true, soon, from a worker thread, then its answer). NULL or "" client: one lane. */
int pool_submit_for(const char *client, double estimate_s, void (*work)(void *arg, bool cancelled),
                    void (*answer)(void *arg), void *arg);
/* Stop: the jobs waiting are called with cancelled = true, the running ones are waited for. */
void pool_stop(void);
/* Jobs waiting and running, for /api/health. */
void pool_counts(int *waiting, int *running, int *workers);

/* ---- live events (events.c) ---- */
/* Every change of a game goes through here: an event numbered in its game's sequence (1, 2, ...)
 * is kept for replay and written to every open stream of the game. type: one word ("move",
 * "undo", "join", "resign", "offer", "answer", "over", "deleted", ...); data: a JSON object,
 * taken over (decref'd). Safe from any thread, with or without api.c's lock held (it takes
 * only its own). Without the network (the fuzzer), it only numbers and keeps. */
void events_publish(const char *game_id, const char *type, json_t *data);
/* The game is gone: its streams get a last "deleted" event and end; its log is dropped. */
void events_forget(const char *game_id);
/* The number of the game's last event (0: none yet). */
unsigned long long events_last_id(const char *game_id);
/* How many streams are open on the game, per seat (S, N) and for spectators. */
void events_watchers(const char *game_id, int counts[3]);
/* How many streams the seat (0 S, 1 N) has open on the game; with none, *absent_s: for how long,
 * in seconds, since its last one closed or, never seen or forgotten (a restart, a log dropped),
 * since the server first looked (the count starts then: an absence is never overstated). */
int events_seat_absence(const char *game_id, int seat, double *absent_s);
/* How many streams `who` holds on the channel (the lobby, events_open_as); *gone_since: when his
 * last one closed, in serve_now_s() seconds (0: never, or more than an hour ago). */
int events_presence(const char *channel, const char *who, double *gone_since);

/* ---- limits per client address (limits.c) ---- */
/* Turn the limits on (the daemon; without it, the fuzzer and the C tests, nothing is counted):
 * games created a minute, computer moves a minute, games held per address (0: no limit). */
void limits_start(long game_rate, long ai_rate, long games_per_ip);
/* Off, and every address forgotten. */
void limits_clear(void);
/* Forget addresses holding nothing whose buckets are full again (now and then). */
void limits_prune(void);
/* May the address create a game? 0, or the status (429) with *msg and *retry_after. */
int limits_may_create(const char *client, const char **msg, int *retry_after);
/* May the address start a search expected to take estimate_s of a worker's time? Its bucket
 * (--ai-rate worker-seconds a minute) must hold that much; it is taken at once: true, or false with
 * the seconds to wait in *retry_after. NULL or "" address (no network): always true. */
bool limits_take_ai(const char *client, double estimate_s, int *retry_after);
/* The search is done: it took spent_s of a worker's time, not estimate_s; the bucket is settled. */
void limits_charge_ai(const char *client, double estimate_s, double spent_s);
/* A game was created by / dropped for the address (games held per address). */
void limits_game_added(const char *client);
void limits_game_dropped(const char *client);
/* Take one player creation from the address's bucket (rate a minute, 0: no limit), as
 * limits_take_ai. */
bool limits_take_player(const char *client, long rate, int *retry_after);
/* Event streams, generic over what a stream watches (its channel: a game's id, "lobby", ...):
 * at most max_streams overall, per_ip from one address, per_channel on one channel (0: no cap). */
void limits_streams_start(long max_streams, long per_ip, long per_channel);
/* May the address open a stream on the channel? 0 (it is counted until limits_stream_closed), or
 * the status (503 overall, 429 for the address or the channel) with *msg and *retry_after.
 * per_channel false: the channel's cap does not apply (a channel everyone watches, the lobby). */
int limits_stream_open(const char *client, const char *channel, bool per_channel, const char **msg,
                       int *retry_after);
void limits_stream_closed(const char *client, const char *channel);
long limits_streams_open(void);

/* The daemon (http.c), for cmd_serve in main.c: its options (1: argv[*i] taken with its
 * value, 0: not one of them, -1: bad, message printed), their help, and the run until SIGINT or
 * SIGTERM (the exit status). */
struct sockaddr_in;
extern const char serve_http_help[];
int serve_http_option(int argc, char **argv, int *i);
int serve_http_run(const char *host, const struct sockaddr_in *addr, long port, const char *web_dir,
                   size_t max_body, bool quiet);

/* Count the games each address holds from the database (--games-per-ip over a restart): after
 * limits_start, before the first request (api.c). */
void serve_api_count_held(void);

/* Games created and requests answered since serve_api_start (api.c), for the closing line. */
void serve_api_counts(long *created, long *requests);

/* The game table's answers to the network layer (api.c). */
/* Which seat an Authorization header ("Bearer TOKEN", or NULL) names in a game: 0 (S), 1 (N),
 * -1 (none: a spectator), -2 (no such game), or -3 (the game could not be read from the
 * database: 500). */
int serve_game_seat(const char *game_id, const char *auth);
/* The player a key names (an Authorization header's "Bearer KEY"): 1 and the id in id
 * (STORE_ID_LEN + 1 bytes), 0 no such player (or no key), -1 the database failed. */
int serve_player_of(const char *auth, char *id, size_t len);

/* A request with what the network layer knows about it (api.c). */
typedef void (*serve_done_fn)(void *ctx, serve_answer a);
typedef struct serve_request {
    const char *method, *url;
    const char *body;
    size_t len;
    const char *client;   /* the client's address ("" or NULL: none, no limits apply) */
    const char *auth;     /* the Authorization header, or NULL */
    serve_done_fn done;   /* NULL: answer synchronously (computer moves think inline) */
    void *ctx;
    const char *since;    /* the query's since=K: the view's history from ply K on (NULL: all) */
} serve_request;
/* Answer rq: status 0 means "pending": done(ctx, answer) is called once, later, from a worker
 * thread. Otherwise the answer is final (done is not called). */
serve_answer serve_api_request(const serve_request *rq);

#endif
