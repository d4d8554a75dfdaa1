/* players.h — the players of `gabata serve`, their Glicko-2 ratings per game, and the lists of
 * games they read (their archive; the games being played now): the rest of the store, on
 * store.c's database (docs/api.md, "Players, the lobby, ratings").
 *
 * Called by store.c (open, close, the lobby's columns of a game, the ratings inside store_save's
 * transaction) and by api.c; it calls neither (only SQLite, rating.c and jansson). Not
 * thread-safe: the caller holds api.c's lock, as for the store. */
#ifndef GABATA_SERVE_PLAYERS_H
#define GABATA_SERVE_PLAYERS_H

#include "rating.h"
#include "store.h"

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

struct sqlite3;

/* Make the tables and the lobby's columns of games (an older database gains them), prepare the
 * statements. 0, or -1 with SQLite's reason in err. */
int players_open(struct sqlite3 *db, char *err, size_t errlen);
void players_close(void);

/* A new player: 0; 1 the name (its key) is taken; 2 the name looks like a player's (its look,
 * name_look, is another's: that player's name into like, NAME_BUF bytes); -1 the database failed.
 * look may be NULL (ICU could not say): then only the key is compared. */
int players_add(const char *id, const char *name, const char *name_key, const char *look,
                const unsigned char key_hash[32], char *like);
/* The player's name into name (NAME_BUF bytes): 1 found, 0 no such player, -1 the database failed. */
int players_name(const char *id, char *name, size_t len);
/* The player whose key hashes to hash: 1 and the id (STORE_ID_LEN + 1 bytes), 0 none, -1 failed. */
int players_by_key(const unsigned char hash[32], char *id);
/* The player's rating in a game (a new player's where none) as it stands at now (unix seconds:
 * its deviation grown for the time since its last rated game, rating_idle), and rated games
 * played: 0, -1. */
int players_rating(const char *id, const char *variant, int64_t now, rating *r, int *games);
/* {"VARIANT": {"rating", "rd", "games", "provisional"}} for every game, and the finished games. */
json_t *players_ratings_json(const char *id, int64_t now, long long *finished_games);

/* The best players of a game (GET /api/ratings/VARIANT): {"variant", "players": [{"rank", "id",
 * "name", "rating", "rd", "games"}]}, at most limit, by rating, highest first; only settled
 * ratings at now (not rating_provisional: RD at most RD_PROVISIONAL, grown while away), so that a
 * lucky first game or two does not top the list, nor a player long gone. NULL: the database
 * failed. */
json_t *players_best_json(const char *variant, int limit, int64_t now);

/* The lobby's columns of a game: written after store_add's INSERT and in store_save when changed;
 * read back with the row. 0, or -1. */
int players_save_slot(const slot *s);
int players_load_slot(slot *s);
/* Update both players' ratings for the end of a rated game (South's score 1, 0.5, 0) at now (unix
 * seconds), inside the caller's transaction. 0, or -1. */
int players_rate_game(const char *variant, const char *player_s, const char *player_n, double score_s, int64_t now);

/* The rated games two players may finish against each other in a rolling 24 hours
 * (--rated-pair-per-day, lobby.c; docs/api.md, "Ratings"): the first n of them are rated, the
 * rest are not. 0 (as at start): no limit. */
#define PAIR_WINDOW_MS (24 * 3600 * 1000LL)
void players_set_pair_limit(long n);
long players_pair_limit(void);
/* Have players a and b (either seat each) reached the limit at now_ms (ms since 1970)? Counted
 * from the database: their games rated, finished within the 24 hours before now_ms with an
 * outcome (an aborted one changes nothing, so it does not count); with playing, their rated games
 * not finished yet too (each may still be rated: a new one would be past the limit if they all
 * were). 1 yes, 0 no (or no limit), -1 the database failed. */
int players_pair_limited(const char *a, const char *b, int64_t now_ms, bool playing);

/* The player's finished games, newest first: at most limit, those ended before game `before`
 * ("" or NULL: from the newest). NULL: before is not one of the player's games (*bad) or the
 * database failed. */
json_t *players_archive_json(const char *id, const char *before, int limit, bool *bad);
/* The lobby's games being played now (between players' accounts, not over, changed in the last
 * hour), newest first, as players_archive_json pages. */
json_t *games_live_json(const char *before, int limit, int64_t now, bool *bad);

#endif
