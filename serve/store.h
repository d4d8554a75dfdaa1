/* store.h — where the games of `gabata serve` live, and who may change them.
 *
 * Every game is a row of an SQLite database (WAL mode) in the data folder (`--data DIR`; an
 * in-memory database for the fuzzer and the tests): its id, the SHA-256 of each seat's token and
 * of the invite, the options, the players and the move list. What is held in memory is small (a
 * `slot`: the move list and a few fields, about what the record costs); the full gb_game of a
 * slot (~85 KB) is rebuilt from the move list on demand, and only a bounded number of them are
 * kept ("live"). The slots themselves are bounded too (--max-games): a slot dropped from memory
 * is read back from the database when it is next asked for. Nothing is ever evicted from the
 * database under load; games expire by the rule of docs/api.md (store_expire).
 *
 * Not thread-safe: the caller (api.c) holds its lock around every call. A slot in use by a
 * request is pinned (pins > 0) and then neither it nor its gb_game is dropped. */
#ifndef GABATA_SERVE_STORE_H
#define GABATA_SERVE_STORE_H

#include "cli.h"
#include "clock.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define STORE_ID_LEN 32    /* a game's id: 128 random bits, 32 lowercase hex digits */
#define STORE_TOKEN_LEN 64 /* a seat's token: 256 random bits, 64 lowercase hex digits */
#define STORE_INVITE_LEN 32 /* an invite code: 128 random bits, 32 lowercase hex digits */

/* How a game ended outside the rules (the library knows only the rules' endings). */
/* ENDED_S_TIME: South's flag fell (North wins); ENDED_ABORTED: a side did not make his first move
 * in time (nobody wins, unrated); ENDED_EARLY: aborted before each player had moved (a player's
 * abort, or a game between named players resigned, agreed drawn or lost on time that early:
 * nobody wins, unrated, as lichess). The values are stored: new ones go at the end. */
enum { ENDED_NO, ENDED_DRAW_AGREED, ENDED_S_RESIGNED, ENDED_N_RESIGNED, ENDED_S_TIME, ENDED_N_TIME,
       ENDED_ABORTED, ENDED_EARLY,
       /* a claim of the player left waiting (docs/api.md, "Abandoned games"): South gone (North
        * wins), North gone, or either gone and a draw claimed */
       ENDED_S_ABANDONED, ENDED_N_ABANDONED, ENDED_ABANDONED_DRAW };

typedef struct slot {
    char id[STORE_ID_LEN + 1];
    char variant[24];
    char *options;              /* as given at creation ("" for the defaults) */
    uint64_t seed;              /* the game's own random source */
    player players[2];
    uint64_t rng;               /* the computer players' random source, as it stands */
    bool online;                /* two people, one token each (issue 12) */
    bool joined;                /* online: the second seat has been taken */
    bool has_invite;
    bool show_last;             /* false after an undo: the view's `last` is null */
    unsigned char tok[2][32];   /* SHA-256 of each seat's token (the same twice off line) */
    unsigned char invite[32];   /* SHA-256 of the invite code */
    char offer_kind;            /* 0, 'd' a draw offered, 'u' an undo asked for, 'r' a rematch (over) */
    int offer_by;               /* the seat that offered */
    char offer_client[64];      /* a rematch's: the address it came from ("" for none), stored while
                                 * it is offered: a rated rematch is accepted from another one */
    int offered[2][2];          /* per seat, a draw [0] and an undo [1]: the ply (moves played) + 1 at
                                 * which it was last made, 0 never or since an undo; stored: one of
                                 * each kind a move (api.c, offer), across a restart too */
    int64_t said_ms[2];         /* quick phrases (api.c, post_say), in memory only, never stored: */
    int said_n[2];              /* each seat's last one (ms since 1970) and how many it has said */
    int ended;                  /* ENDED_* */
    int64_t created, updated;   /* seconds since 1970 */
    char *moves;                /* the move texts, one space between (the database: a row a move) */
    char *movers;               /* 'S' or 'N' for each move: who made it */
    int nmoves, movers_cap;     /* nmoves: the moves in `moves` and in the database's rows */
    size_t moves_len, moves_cap;
    int moves_cut;              /* INT_MAX, or the fewest moves an undo left since the last save */
    bool legacy;                /* read from a row holding its moves as one text: rows not written yet */
    /* the clock (clock.h): clock_initial_ms 0 is no clock; set before store_add */
    int64_t clock_initial_ms, clock_increment_ms;
    clock_run clk;
    /* the view's "history", kept as JSON text and appended to move by move (api.c) */
    char *hist;
    size_t hist_len, hist_cap;
    int hist_n, hist_cut;       /* entries in hist; INT_MAX or the fewest moves an undo left */
    /* live: rebuilt from the move list on demand (store_live), dropped when not in use */
    gb_game *g;
    char *before;               /* state JSON before the last move (the lap-by-lap animation) */
    char *view;                 /* the view last answered (api.c), good while these two hold: */
    unsigned long view_version; /* the version it was built at */
    int view_watch[3];          /* the streams open then (the view's "connected" part) */
    int pins;                   /* requests using it: then it stays in memory */
    bool stale;                 /* memory no longer matches the database: dropped when released */
    uint64_t used;              /* tick of the last use */
    int thinking;               /* a worker searches the computer's move: no change until it has moved */
    unsigned long version;      /* changes made (a hint computed for an older one is stale) */
    char owner[64];             /* the creator's address (games held per address), "" for none */
    /* the lobby (issue 21; players.c writes and reads these columns) */
    bool rated;                 /* from a rated seek (or its rematch): the end updates the ratings */
    bool rated_done;            /* the ratings have been updated for its end */
    char player_id[2][STORE_ID_LEN + 1]; /* the player account on each seat, "" for none */
    char rematch_id[STORE_ID_LEN + 1];   /* the rematch agreed, "" for none */
    int64_t finished_at;        /* ms since 1970 when it ended, 0 while it goes on */
    bool lobby_dirty;           /* a lobby field changed: written at the next store_save */
    struct slot *hnext;         /* the hash table's chain */
    struct slot *prev, *next;   /* every slot held, most recently used first */
    struct slot *lprev, *lnext; /* the slots with a live gb_game, most recently used first */
} slot;

typedef struct store_stats {
    long long stored;     /* games in the database */
    long held, live;      /* slots in memory; of them, with a gb_game */
    long loaded, dropped; /* slots read back from the database; dropped from memory */
    long expired;         /* games removed by the expiry rule */
    size_t slot_bytes;    /* bytes the slots held take (structs and their strings) */
} store_stats;

/* Open (creating as needed) the database in dir, or an in-memory one for dir NULL. max_held:
 * slots kept in memory; max_live: gb_games kept. durable: synchronous=FULL (else NORMAL). 0, or
 * -1 with a one-line reason in err. */
int store_open(const char *dir, int max_held, int max_live, bool durable, char *err, size_t errlen);
void store_close(void);

/* Fill buf with n random bytes from the operating system (getrandom); 0, or -1. */
int store_random(void *buf, size_t n);
/* n random bytes as 2n lowercase hex digits into out (2n+1 bytes); 0, or -1. */
int store_random_hex(char *out, size_t n);
/* SHA-256 of the n bytes at p (FIPS 180-4). */
void store_sha256(const void *p, size_t n, unsigned char out[32]);
/* Compare 32 bytes in time independent of where they differ: true if equal. */
bool store_same32(const unsigned char *a, const unsigned char *b);

/* What store_find found: the game, no such game, or a database that could not be read (a
 * damaged page, an I/O error, memory: answer 500, never "no such game"). */
typedef enum { STORE_FOUND, STORE_MISSING, STORE_FAILED } store_result;
/* The game with this id (held, or read back from the database) in *out (NULL unless found). */
store_result store_find(const char *id, slot **out);
/* fn(owner, games) for every address that created games in the database (games held per
 * address, --games-per-ip, counted again at start); 0, or -1. */
int store_count_owners(void (*fn)(const char *owner, long games, void *ctx), void *ctx);
/* A new slot (zeroed, with a fresh id), not yet stored; NULL out of memory. */
slot *store_new_slot(void);
/* Store a new slot (INSERT) and hold it; 0, or -1 (the slot is freed). */
int store_add(slot *s);
/* Write the slot's changes (after a move, an undo, a join...) before answering; 0, or -1: then
 * the slot is marked stale and dropped from memory when released, so that what is read back next
 * is what the database holds. */
int store_save(slot *s);
/* A request uses the slot from store_find (which pins it... the caller does s->pins++) to
 * store_release. */
void store_release(slot *s);
/* Remove the game from the database, and from memory once released. */
void store_delete(slot *s);
/* Make s->g (and s->before) current, rebuilding from the move list if needed; 0, or -1. */
int store_live(slot *s);
/* The move list changed in s->g: refresh s->moves and s->movers[] length from its history (only
 * the moves since the last sync, and any an undo took back: store_moves_cut). */
int store_sync_moves(slot *s);
/* An undo left s->g with n moves: the kept move texts after it are dropped at the next sync. */
void store_moves_cut(slot *s, int n);
/* Call fn for every unfinished game stored whose clock counts (its id and deadline): the
 * timer is armed again at start. */
void store_clocks_running(void (*fn)(const char *id, int64_t deadline_ms, void *arg), void *arg);
/* Record who made move i (0-based). */
int store_set_mover(slot *s, int i, int side);
/* Remove the games the expiry rule removes (docs/api.md); run at open and every hour. */
void store_expire(int64_t now);
void store_tick(void); /* once a request: runs the expiry when an hour has passed */
/* fn(owner) for each game the expiry removes that has an owner (the games held per address). */
void store_on_expired(void (*fn)(const char *owner));
void store_stats_get(store_stats *st);

/* The database, for players.c (the players, their ratings, the archive: the rest of the store). */
struct sqlite3;
struct sqlite3 *store_db(void);

/* "human", "random", "ai:N", "mcts": a player as player_parse reads it back. */
const char *player_name(const player *p, char *buf, size_t len);

#endif
