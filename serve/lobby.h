/* lobby.h — the seeks of `gabata serve` (docs/api.md, "The lobby"): offers of a game that any
 * player may accept. They live in memory only (a restart drops them: the players' pages make
 * them again), behind their own lock, so that the lapse timer needs nothing of api.c's.
 *
 * Called by api.c (the routes) and http.c (the timer's start and stop, the options); it calls
 * events.c (the "lobby" channel, and who holds a stream on it) and nothing above. */
#ifndef GABATA_SERVE_LOBBY_H
#define GABATA_SERVE_LOBBY_H

#include "store.h"

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#define LOBBY_CHANNEL "lobby" /* the events.c stream of the lobby (never a game's id: those are hex) */

typedef struct lobby_seek {
    char id[STORE_ID_LEN + 1];
    char player[STORE_ID_LEN + 1];
    char name[256];
    double rating;              /* the player's rating in the variant when the seek was made */
    bool provisional;
    char variant[24];
    char options[256];
    int64_t clock_initial_ms, clock_increment_ms; /* 0, 0: no clock */
    bool rated;
    char seat;                  /* the seeker's seat: 'S', 'N', or 'R' (drawn at acceptance) */
    char owner[64];             /* the address it came from (the limit per address) */
    int64_t created;            /* seconds since 1970 (what the lobby shows) */
    double made;                /* serve_now_s() when made (what its lapse counts from) */
} lobby_seek;

/* Add a seek (its id is drawn here): 0; else an HTTP status (429 a limit, 503 full or no random
 * numbers) with a one-line reason in err. */
int lobby_add(lobby_seek *sk, char *err, size_t errlen);
/* {"seeks": [...]} as GET /api/seeks answers, oldest first. */
json_t *lobby_list_json(void);
/* A copy of the open seek: 0, or 404 none (it stays in the lobby). */
int lobby_peek(const char *id, lobby_seek *out);
/* Take the seek for the player `taker`, asking from the address `client` (it leaves the lobby): 0
 * and a copy in *out; 404 no such seek; 409 the taker's own; 410 accepted already (by someone,
 * lately); 403 a rated seek made from the taker's address (lobby_same_address_ok: it stays). */
int lobby_take(const char *id, const char *taker, const char *client, lobby_seek *out);
/* May two players on one address play a rated game (--rated-one-address)? Else a rated seek or
 * rematch is taken only from an address other than the one that made it: one person with two
 * names, resigning each game with one, raised the other's rating as far as he liked. */
bool lobby_same_address_ok(const char *a, const char *b);
/* Put back a seek taken when its game could not be made. */
void lobby_put_back(const lobby_seek *sk);
/* Withdraw: 0; 404 no such seek; 403 another player's. */
int lobby_withdraw(const char *id, const char *by);
/* Remove the seeks that have lapsed (their players' lobby streams gone --seek-lapse seconds). */
void lobby_lapse(void);
/* The seek's JSON (as listed). */
json_t *lobby_seek_json(const lobby_seek *sk);

/* Options (--seeks-per-player, --seeks-per-ip, --player-rate, --rated-one-address,
 * --rated-pair-per-day, --abandon-grace, and the hidden --seek-lapse):
 * 1 argv[*i] taken with its value, 0 not one of them, -1 bad (message printed). */
int lobby_option(int argc, char **argv, int *i);
extern const char lobby_help[];
long lobby_player_rate(void);
/* Quick phrases: the seconds between two of one seat (api.c, post_say; --say-every, for the tests). */
long lobby_say_every(void);
/* --rated-pair-per-day: the rated games two players may finish against each other in a rolling
 * 24 hours (default 3; 0: no limit). Set before the server starts, read without the lock. */
long lobby_rated_pair_per_day(void);
/* --abandon-grace: the seconds a player to move may have no stream open on an online game before
 * his opponent may claim it (docs/api.md, "Abandoned games"). */
long lobby_abandon_grace(void);
/* The timer that lapses seeks without a request arriving (the daemon only), and everything dropped. */
int lobby_start_timer(void);
void lobby_stop_timer(void);
void lobby_clear(void);

#endif
