/* players.c — players, ratings and the lists of games (players.h) in store.c's SQLite database.
 *
 * Tables: players (the id, the name as shown, its folded key, UNIQUE, its look, name_look, and
 * the SHA-256 of the player's key: the key itself is never stored) and ratings (one row a player and game played
 * rated). The games table gains the lobby's columns (the accounts on each seat, rated, the
 * rematch, when it ended and how, the clock's configuration), added to an older database by
 * ALTER TABLE at open. */
#include "players.h"

#include "gabata.h"
#include "names.h"

#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

static struct {
    sqlite3 *db;
    sqlite3_stmt *add, *name, *by_key, *rating, *put_rating, *save, *load, *finished, *by_look, *pair;
    long pair_limit; /* players_set_pair_limit: 0, no limit */
} P;

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS players ("
    " id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,"
    " key_hash BLOB NOT NULL UNIQUE, created INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS ratings ("
    " player TEXT NOT NULL, variant TEXT NOT NULL, rating REAL NOT NULL, rd REAL NOT NULL,"
    " vol REAL NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (player, variant));";

/* the lobby's columns of games, and what an older row holds in them */
static const char *const lobby_columns[][2] = {
    {"player_s", "TEXT"}, {"player_n", "TEXT"}, {"rated", "INTEGER NOT NULL DEFAULT 0"},
    {"rated_done", "INTEGER NOT NULL DEFAULT 0"}, {"rematch_id", "TEXT"}, {"finished_at", "INTEGER"},
    {"outcome", "INTEGER"}, {"clock_initial_ms", "INTEGER"}, {"clock_increment_ms", "INTEGER"},
};

static const char indexes[] =
    "CREATE INDEX IF NOT EXISTS games_player_s ON games(player_s, finished_at) WHERE player_s IS NOT NULL;"
    "CREATE INDEX IF NOT EXISTS games_player_n ON games(player_n, finished_at) WHERE player_n IS NOT NULL;"
    "CREATE INDEX IF NOT EXISTS games_live ON games(finished, online, joined, created);"
    "CREATE INDEX IF NOT EXISTS ratings_best ON ratings(variant, rating);";

static bool has_column(const char *table, const char *col);

/* The players' looks (name_look): a column an older database gains, filled at open for the rows
 * without one. Not UNIQUE: two players of an older database may look alike, and keep their names;
 * a new name is refused when its look is anyone's (players_add). */
static int looks_open(sqlite3 *db, char **msg)
{
    if (!has_column("players", "name_look") &&
        sqlite3_exec(db, "ALTER TABLE players ADD COLUMN name_look TEXT", NULL, NULL, msg) != SQLITE_OK)
        return -1;
    if (sqlite3_exec(db, "CREATE INDEX IF NOT EXISTS players_look ON players(name_look)", NULL, NULL, msg) != SQLITE_OK)
        return -1;
    sqlite3_stmt *q = NULL, *put = NULL;
    int rc = -1;
    if (sqlite3_exec(db, "BEGIN", NULL, NULL, msg) != SQLITE_OK)
        return -1;
    if (sqlite3_prepare_v2(db, "SELECT id, name_key FROM players WHERE name_look IS NULL", -1, &q, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db, "UPDATE players SET name_look=?2 WHERE id=?1", -1, &put, NULL) != SQLITE_OK)
        goto out;
    int step;
    while ((step = sqlite3_step(q)) == SQLITE_ROW) {
        char look[NAME_LOOK_BUF];
        const char *key = (const char *)sqlite3_column_text(q, 1);
        if (!key || name_look(key, look, sizeof look) != 0)
            continue; /* no look: compared by its key only */
        sqlite3_bind_text(put, 1, (const char *)sqlite3_column_text(q, 0), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(put, 2, look, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(put) != SQLITE_DONE)
            goto out;
        sqlite3_reset(put);
    }
    rc = step == SQLITE_DONE ? 0 : -1;
out:
    sqlite3_finalize(q);
    sqlite3_finalize(put);
    if (sqlite3_exec(db, rc == 0 ? "COMMIT" : "ROLLBACK", NULL, NULL, rc == 0 ? msg : NULL) != SQLITE_OK)
        rc = -1;
    return rc;
}

static bool has_column(const char *table, const char *col)
{
    char sql[128];
    snprintf(sql, sizeof sql, "PRAGMA table_info(%s)", table);
    sqlite3_stmt *q;
    bool found = false;
    if (sqlite3_prepare_v2(P.db, sql, -1, &q, NULL) != SQLITE_OK)
        return false;
    while (!found && sqlite3_step(q) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(q, 1);
        found = name && strcmp(name, col) == 0;
    }
    sqlite3_finalize(q);
    return found;
}

int players_open(sqlite3 *db, char *err, size_t errlen)
{
    players_close();
    P.db = db;
    char *msg = NULL;
    if (sqlite3_exec(db, schema, NULL, NULL, &msg) != SQLITE_OK)
        goto fail;
    for (size_t i = 0; i < sizeof lobby_columns / sizeof lobby_columns[0]; i++) {
        if (has_column("games", lobby_columns[i][0]))
            continue;
        char sql[160];
        snprintf(sql, sizeof sql, "ALTER TABLE games ADD COLUMN %s %s", lobby_columns[i][0], lobby_columns[i][1]);
        if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
            goto fail;
    }
    /* when each rating was last changed (unix seconds), for its deviation's growth while the
     * player is away (rating_idle); an older database's ratings have none: no growth until their
     * next rated game */
    if (!has_column("ratings", "rated_at") &&
        sqlite3_exec(db, "ALTER TABLE ratings ADD COLUMN rated_at INTEGER", NULL, NULL, &msg) != SQLITE_OK)
        goto fail;
    if (sqlite3_exec(db, indexes, NULL, NULL, &msg) != SQLITE_OK)
        goto fail;
    if (looks_open(db, &msg) != 0)
        goto fail;
    if (sqlite3_prepare_v2(db, "INSERT INTO players (id, name, name_key, key_hash, name_look, created) VALUES (?,?,?,?,?,strftime('%s','now'))", -1, &P.add, NULL) ||
        sqlite3_prepare_v2(db, "SELECT name, name_key FROM players WHERE name_look=? ORDER BY created, rowid LIMIT 1", -1, &P.by_look, NULL) ||
        sqlite3_prepare_v2(db, "SELECT name FROM players WHERE id=?", -1, &P.name, NULL) ||
        sqlite3_prepare_v2(db, "SELECT id FROM players WHERE key_hash=?", -1, &P.by_key, NULL) ||
        sqlite3_prepare_v2(db, "SELECT rating, rd, vol, games, rated_at FROM ratings WHERE player=? AND variant=?", -1, &P.rating, NULL) ||
        sqlite3_prepare_v2(db, "INSERT INTO ratings (player, variant, rating, rd, vol, games, rated_at) VALUES (?1,?2,?3,?4,?5,1,?6)"
                               " ON CONFLICT (player, variant) DO UPDATE SET rating=?3, rd=?4, vol=?5, games=games+1, rated_at=?6", -1, &P.put_rating, NULL) ||
        sqlite3_prepare_v2(db, "UPDATE games SET player_s=?2, player_n=?3, rated=?4, rated_done=?5, rematch_id=?6,"
                               " finished_at=?7, outcome=?8, clock_initial_ms=?9, clock_increment_ms=?10 WHERE id=?1", -1, &P.save, NULL) ||
        sqlite3_prepare_v2(db, "SELECT player_s, player_n, rated, rated_done, rematch_id, finished_at,"
                               " clock_initial_ms, clock_increment_ms FROM games WHERE id=?", -1, &P.load, NULL) ||
        sqlite3_prepare_v2(db, "SELECT count(*) FROM games WHERE finished=1 AND (player_s=?1 OR player_n=?1)", -1, &P.finished, NULL) ||
        /* the rated games of a pair (either seat each): those finished rated in (?3, ?4] ms, and
         * with ?5 those still being played that changed in the window (?6: its start in seconds,
         * the unit of `updated`): a game left untouched a whole day (both players gone from a
         * clockless game nobody claimed) would otherwise hold one of the pair's places for the 30
         * days until it expires; ended later, the end's own count (?5 false) decides whether it
         * is rated. By the indexes games_player_s, one lookup each way. */
        sqlite3_prepare_v2(db, "SELECT count(*) FROM games WHERE rated=1 AND ((player_s=?1 AND player_n=?2) OR"
                               " (player_s=?2 AND player_n=?1)) AND ((finished=1 AND outcome<>0 AND finished_at>?3"
                               " AND finished_at<=?4) OR (?5 AND finished=0 AND updated>?6))", -1, &P.pair, NULL)) {
        snprintf(err, errlen, "%s", sqlite3_errmsg(db));
        players_close();
        return -1;
    }
    return 0;
fail:
    snprintf(err, errlen, "%s", msg ? msg : sqlite3_errmsg(db));
    sqlite3_free(msg);
    players_close();
    return -1;
}

void players_close(void)
{
    sqlite3_stmt **all[] = {&P.add, &P.name, &P.by_key, &P.rating, &P.put_rating, &P.save, &P.load, &P.finished, &P.by_look,
                            &P.pair};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        sqlite3_finalize(*all[i]);
        *all[i] = NULL;
    }
    P.db = NULL;
}

static void done(sqlite3_stmt *q)
{
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
}

int players_add(const char *id, const char *name, const char *name_key, const char *look,
                const unsigned char key_hash[32], char *like)
{
    if (look && *look) { /* a look-alike of a player's name (the callers hold the server's lock) */
        sqlite3_stmt *l = P.by_look;
        sqlite3_bind_text(l, 1, look, -1, SQLITE_STATIC);
        int lr = sqlite3_step(l);
        int found = 0;
        if (lr == SQLITE_ROW) {
            const char *other = (const char *)sqlite3_column_text(l, 0), *okey = (const char *)sqlite3_column_text(l, 1);
            found = okey && strcmp(okey, name_key) == 0 ? 1 : 2; /* the same key: the name itself is taken */
            if (like)
                snprintf(like, NAME_BUF, "%s", other ? other : "");
        }
        done(l);
        if (lr != SQLITE_ROW && lr != SQLITE_DONE)
            return -1;
        if (found)
            return found;
    }
    sqlite3_stmt *q = P.add;
    sqlite3_bind_text(q, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 2, name, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 3, name_key, -1, SQLITE_STATIC);
    sqlite3_bind_blob(q, 4, key_hash, 32, SQLITE_STATIC);
    if (look && *look)
        sqlite3_bind_text(q, 5, look, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(q, 5);
    int rc = sqlite3_step(q);
    int ext = sqlite3_extended_errcode(P.db);
    done(q);
    if (rc == SQLITE_DONE)
        return 0;
    return ext == SQLITE_CONSTRAINT_UNIQUE || ext == SQLITE_CONSTRAINT_PRIMARYKEY ? 1 : -1;
}

int players_name(const char *id, char *name, size_t len)
{
    if (!id || !*id || !P.db)
        return 0;
    sqlite3_stmt *q = P.name;
    sqlite3_bind_text(q, 1, id, -1, SQLITE_STATIC);
    int rc = sqlite3_step(q), r = rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
    if (r == 1)
        snprintf(name, len, "%s", (const char *)sqlite3_column_text(q, 0));
    done(q);
    return r;
}

int players_by_key(const unsigned char hash[32], char *id)
{
    if (!P.db)
        return 0;
    sqlite3_stmt *q = P.by_key;
    sqlite3_bind_blob(q, 1, hash, 32, SQLITE_STATIC);
    int rc = sqlite3_step(q), r = rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
    if (r == 1)
        snprintf(id, STORE_ID_LEN + 1, "%s", (const char *)sqlite3_column_text(q, 0));
    done(q);
    return r;
}

/* a stored rating as it stands at `now` (unix seconds): its deviation grown for the time since
 * it last changed (rating_idle; none when that time is unknown or ahead) */
static rating rating_at(rating r, sqlite3_stmt *q, int rated_at_col, int64_t now)
{
    if (sqlite3_column_type(q, rated_at_col) == SQLITE_NULL)
        return r;
    return rating_idle(r, (double)(now - sqlite3_column_int64(q, rated_at_col)) / 86400.0);
}

int players_rating(const char *id, const char *variant, int64_t now, rating *r, int *games)
{
    *r = (rating){RATING_START, RD_START, VOLATILITY_START};
    *games = 0;
    sqlite3_stmt *q = P.rating;
    sqlite3_bind_text(q, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 2, variant, -1, SQLITE_STATIC);
    int rc = sqlite3_step(q);
    if (rc == SQLITE_ROW) {
        *r = rating_at((rating){sqlite3_column_double(q, 0), sqlite3_column_double(q, 1), sqlite3_column_double(q, 2)}, q,
                       4, now);
        *games = sqlite3_column_int(q, 3);
    }
    done(q);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1;
}

json_t *players_ratings_json(const char *id, int64_t now, long long *finished_games)
{
    json_t *out = json_object();
    for (int i = 0; i < gb_variant_count(); i++) {
        const char *v = gb_variant_name(i);
        rating r;
        int games;
        if (players_rating(id, v, now, &r, &games) != 0) {
            json_decref(out);
            return NULL;
        }
        /* whole numbers, as players read them (the database keeps the exact values) */
        json_object_set_new(out, v, json_pack("{s:I,s:I,s:i,s:b}", "rating", (json_int_t)llround(r.r), "rd", (json_int_t)llround(r.rd),
                                              "games", games, "provisional", rating_provisional(r)));
    }
    sqlite3_stmt *q = P.finished;
    sqlite3_bind_text(q, 1, id, -1, SQLITE_STATIC);
    *finished_games = sqlite3_step(q) == SQLITE_ROW ? sqlite3_column_int64(q, 0) : 0;
    done(q);
    return out;
}

static void bind_id_or_null(sqlite3_stmt *q, int col, const char *id)
{
    if (id && *id)
        sqlite3_bind_text(q, col, id, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(q, col);
}

int players_save_slot(const slot *s)
{
    sqlite3_stmt *q = P.save;
    sqlite3_bind_text(q, 1, s->id, -1, SQLITE_STATIC);
    bind_id_or_null(q, 2, s->player_id[0]);
    bind_id_or_null(q, 3, s->player_id[1]);
    sqlite3_bind_int(q, 4, s->rated);
    sqlite3_bind_int(q, 5, s->rated_done);
    bind_id_or_null(q, 6, s->rematch_id);
    if (s->finished_at) {
        sqlite3_bind_int64(q, 7, s->finished_at);
        bool over = s->g && gb_is_over(s->g);
        sqlite3_bind_int(q, 8, rating_outcome(s->ended, over, over ? gb_winner(s->g) : GB_NOBODY));
    } else {
        sqlite3_bind_null(q, 7);
        sqlite3_bind_null(q, 8);
    }
    if (s->clock_initial_ms > 0) {
        sqlite3_bind_int64(q, 9, s->clock_initial_ms);
        sqlite3_bind_int64(q, 10, s->clock_increment_ms);
    } else {
        sqlite3_bind_null(q, 9);
        sqlite3_bind_null(q, 10);
    }
    int rc = sqlite3_step(q);
    int changed = sqlite3_changes(P.db);
    done(q);
    return rc == SQLITE_DONE && changed == 1 ? 0 : -1;
}

static void text_col(sqlite3_stmt *q, int col, char *out, size_t len)
{
    const unsigned char *t = sqlite3_column_text(q, col);
    snprintf(out, len, "%s", t ? (const char *)t : "");
}

int players_load_slot(slot *s)
{
    sqlite3_stmt *q = P.load;
    sqlite3_bind_text(q, 1, s->id, -1, SQLITE_STATIC);
    int rc = sqlite3_step(q);
    if (rc == SQLITE_ROW) {
        text_col(q, 0, s->player_id[0], sizeof s->player_id[0]);
        text_col(q, 1, s->player_id[1], sizeof s->player_id[1]);
        s->rated = sqlite3_column_int(q, 2) != 0;
        s->rated_done = sqlite3_column_int(q, 3) != 0;
        text_col(q, 4, s->rematch_id, sizeof s->rematch_id);
        s->finished_at = sqlite3_column_int64(q, 5);
        s->clock_initial_ms = sqlite3_column_int64(q, 6);
        s->clock_increment_ms = sqlite3_column_int64(q, 7);
    }
    done(q);
    return rc == SQLITE_ROW ? 0 : -1;
}

void players_set_pair_limit(long n)
{
    P.pair_limit = n > 0 ? n : 0;
}

long players_pair_limit(void)
{
    return P.pair_limit;
}

int players_pair_limited(const char *a, const char *b, int64_t now_ms, bool playing)
{
    if (P.pair_limit <= 0 || !a || !b || !*a || !*b)
        return 0;
    sqlite3_stmt *q = P.pair;
    sqlite3_bind_text(q, 1, a, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 2, b, -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 3, now_ms - PAIR_WINDOW_MS);
    sqlite3_bind_int64(q, 4, now_ms);
    sqlite3_bind_int(q, 5, playing);
    sqlite3_bind_int64(q, 6, (now_ms - PAIR_WINDOW_MS) / 1000);
    int rc = sqlite3_step(q);
    long long n = rc == SQLITE_ROW ? sqlite3_column_int64(q, 0) : 0;
    done(q);
    if (rc != SQLITE_ROW)
        return -1;
    return n >= P.pair_limit ? 1 : 0;
}

static int put_rating(const char *id, const char *variant, rating r, int64_t now)
{
    sqlite3_stmt *q = P.put_rating;
    sqlite3_bind_text(q, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 2, variant, -1, SQLITE_STATIC);
    sqlite3_bind_double(q, 3, r.r);
    sqlite3_bind_double(q, 4, r.rd);
    sqlite3_bind_double(q, 5, r.vol);
    sqlite3_bind_int64(q, 6, now);
    int rc = sqlite3_step(q);
    done(q);
    return rc == SQLITE_DONE ? 0 : -1;
}

int players_rate_game(const char *variant, const char *player_s, const char *player_n, double score_s, int64_t now)
{
    rating rs, rn;
    int gs, gn;
    /* each player's rating as it stands at the game's end: a deviation grown while away */
    if (players_rating(player_s, variant, now, &rs, &gs) != 0 || players_rating(player_n, variant, now, &rn, &gn) != 0)
        return -1;
    rating_game_pair(&rs, &rn, score_s, RATING_TAU);
    return put_rating(player_s, variant, rs, now) == 0 && put_rating(player_n, variant, rn, now) == 0 ? 0 : -1;
}

json_t *players_best_json(const char *variant, int limit, int64_t now)
{
    /* ties (rare on real numbers) by more games, then by id, so that pages agree. A rating
     * stored settled may have grown provisional while its player was away (rating_at): those
     * are passed over here, so the query has no LIMIT and the loop stops at limit listed */
    static const char sql[] = "SELECT r.player, p.name, r.rating, r.rd, r.games, r.rated_at, r.vol FROM ratings r"
                              " JOIN players p ON p.id = r.player WHERE r.variant = ?1 AND r.rd <= ?2"
                              " ORDER BY r.rating DESC, r.games DESC, r.player";
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(P.db, sql, -1, &q, NULL) != SQLITE_OK)
        return NULL;
    sqlite3_bind_text(q, 1, variant, -1, SQLITE_STATIC);
    sqlite3_bind_double(q, 2, RD_PROVISIONAL);
    json_t *arr = json_array();
    int rc = SQLITE_DONE, rank = 0;
    while (rank < limit && (rc = sqlite3_step(q)) == SQLITE_ROW) {
        const rating r = rating_at((rating){sqlite3_column_double(q, 2), sqlite3_column_double(q, 3), sqlite3_column_double(q, 6)},
                                   q, 5, now);
        if (rating_provisional(r))
            continue; /* away long enough to be provisional again */
        const unsigned char *id = sqlite3_column_text(q, 0), *name = sqlite3_column_text(q, 1);
        json_array_append_new(arr, json_pack("{s:i,s:s,s:s,s:I,s:I,s:i}", "rank", ++rank, "id", id ? (const char *)id : "",
                                             "name", name ? (const char *)name : "", "rating", (json_int_t)llround(r.r),
                                             "rd", (json_int_t)llround(r.rd), "games", sqlite3_column_int(q, 4)));
    }
    if (rank == limit)
        rc = SQLITE_DONE; /* stopped with rows left: not a failure */
    sqlite3_finalize(q);
    if (rc != SQLITE_DONE) {
        json_decref(arr);
        return NULL;
    }
    return json_pack("{s:s,s:o}", "variant", variant, "players", arr);
}

/* ---- lists of games ---- */
static json_t *control_json(sqlite3_stmt *q, int col)
{
    if (sqlite3_column_type(q, col) == SQLITE_NULL)
        return json_null();
    return clock_control_json(sqlite3_column_int64(q, col), sqlite3_column_int64(q, col + 1));
}

static json_t *account_json(sqlite3_stmt *q, int id_col, int name_col)
{
    const unsigned char *id = sqlite3_column_text(q, id_col), *name = sqlite3_column_text(q, name_col);
    if (!id)
        return json_null();
    return json_pack("{s:s,s:s}", "id", (const char *)id, "name", name ? (const char *)name : "");
}

static const char *end_reason_word(int ended)
{
    switch (ended) {
    case ENDED_DRAW_AGREED: return "agreed";
    case ENDED_S_RESIGNED: case ENDED_N_RESIGNED: return "resigned";
    case ENDED_S_TIME: case ENDED_N_TIME: return "time";
    case ENDED_ABORTED: case ENDED_EARLY: return "aborted";
    case ENDED_S_ABANDONED: case ENDED_N_ABANDONED: case ENDED_ABANDONED_DRAW: return "abandoned";
    default: return "rules";
    }
}

/* Run the page query q (its cursor bound already), one JSON object a row by row_fn. */
static json_t *page_of(sqlite3_stmt *q, int limit, json_t *(*row_fn)(sqlite3_stmt *q, void *ctx), void *ctx,
                       const char *list_name)
{
    json_t *arr = json_array();
    char last[STORE_ID_LEN + 1] = "";
    int n = 0, rc;
    bool more = false;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        if (n == limit) {
            more = true;
            break;
        }
        json_t *row = row_fn(q, ctx);
        if (row)
            json_array_append_new(arr, row);
        text_col(q, 0, last, sizeof last);
        n++;
    }
    sqlite3_finalize(q);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        json_decref(arr);
        return NULL;
    }
    return json_pack("{s:o,s:o}", list_name, arr, "next", more ? json_string(last) : json_null());
}

static json_t *archive_row(sqlite3_stmt *q, void *ctx)
{
    const char *me = ctx;
    const unsigned char *ps = sqlite3_column_text(q, 6);
    int seat = ps && strcmp((const char *)ps, me) == 0 ? 0 : 1;
    int outcome = sqlite3_column_int(q, 9), ended = sqlite3_column_int(q, 10);
    const char *result = outcome == OUTCOME_DRAW ? "draw" : outcome == OUTCOME_NONE ? "aborted"
                       : (outcome == OUTCOME_S_WINS) == (seat == 0) ? "win" : "loss";
    json_t *opp = seat == 0 ? account_json(q, 7, 12) : account_json(q, 6, 11);
    return json_pack("{s:s,s:s,s:s,s:o,s:b,s:s,s:s,s:s,s:o,s:I}", "id", (const char *)sqlite3_column_text(q, 0),
                     "variant", (const char *)sqlite3_column_text(q, 1), "options",
                     (const char *)sqlite3_column_text(q, 2), "clock", control_json(q, 3), "rated",
                     sqlite3_column_int(q, 5) != 0, "seat", seat ? "N" : "S", "result", result, "end_reason",
                     end_reason_word(ended), "opponent", opp, "ended", (json_int_t)sqlite3_column_int64(q, 8));
}

#define GAME_LIST_COLS "g.id, g.variant, g.options, g.clock_initial_ms, g.clock_increment_ms, g.rated," \
                       " g.player_s, g.player_n, g.finished_at, g.outcome, g.ended, ps.name, pn.name"
#define GAME_LIST_JOIN " FROM games g LEFT JOIN players ps ON ps.id=g.player_s LEFT JOIN players pn ON pn.id=g.player_n"

json_t *players_archive_json(const char *id, const char *before, int limit, bool *bad)
{
    *bad = false;
    sqlite3_stmt *q;
    /* newest first; a page goes on from the game named by the last one's id (its end, then its id) */
    const char *sql = before && *before
        ? "SELECT " GAME_LIST_COLS GAME_LIST_JOIN ", games b WHERE b.id=?2 AND (b.player_s=?1 OR b.player_n=?1)"
          " AND b.finished=1 AND g.finished=1 AND (g.player_s=?1 OR g.player_n=?1)"
          " AND (g.finished_at < b.finished_at OR (g.finished_at = b.finished_at AND g.id < b.id))"
          " ORDER BY g.finished_at DESC, g.id DESC LIMIT ?3"
        : "SELECT " GAME_LIST_COLS GAME_LIST_JOIN " WHERE g.finished=1 AND (g.player_s=?1 OR g.player_n=?1)"
          " ORDER BY g.finished_at DESC, g.id DESC LIMIT ?3";
    if (sqlite3_prepare_v2(P.db, sql, -1, &q, NULL) != SQLITE_OK)
        return NULL;
    sqlite3_bind_text(q, 1, id, -1, SQLITE_STATIC);
    if (before && *before)
        sqlite3_bind_text(q, 2, before, -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 3, limit + 1);
    if (before && *before) { /* a cursor that names none of the player's finished games is refused */
        sqlite3_stmt *c;
        bool known = false;
        if (sqlite3_prepare_v2(P.db, "SELECT 1 FROM games WHERE id=?2 AND finished=1 AND (player_s=?1 OR player_n=?1)",
                               -1, &c, NULL) == SQLITE_OK) {
            sqlite3_bind_text(c, 1, id, -1, SQLITE_STATIC);
            sqlite3_bind_text(c, 2, before, -1, SQLITE_STATIC);
            known = sqlite3_step(c) == SQLITE_ROW;
            sqlite3_finalize(c);
        }
        if (!known) {
            sqlite3_finalize(q);
            *bad = true;
            return NULL;
        }
    }
    return page_of(q, limit, archive_row, (void *)id, "games");
}

static json_t *live_row(sqlite3_stmt *q, void *ctx)
{
    (void)ctx;
    return json_pack("{s:s,s:s,s:s,s:o,s:b,s:{s:o,s:o},s:I,s:I}", "id", (const char *)sqlite3_column_text(q, 0),
                     "variant", (const char *)sqlite3_column_text(q, 1), "options",
                     (const char *)sqlite3_column_text(q, 2), "clock", control_json(q, 3), "rated",
                     sqlite3_column_int(q, 5) != 0, "accounts", "S", account_json(q, 6, 11), "N",
                     account_json(q, 7, 12), "ply", (json_int_t)sqlite3_column_int64(q, 13), "created",
                     (json_int_t)sqlite3_column_int64(q, 14));
}

/* (a game made by invitation is not listed: its id stays with those it was sent to) */
#define LIVE_WHERE " g.finished=0 AND g.online=1 AND g.joined=1 AND g.updated>=?1" \
                   " AND (g.player_s IS NOT NULL OR g.player_n IS NOT NULL)"
#define LIVE_EXTRA ", CASE WHEN g.moves='' THEN 0 ELSE length(g.moves)-length(replace(g.moves,' ',''))+1 END, g.created"

json_t *games_live_json(const char *before, int limit, int64_t now, bool *bad)
{
    *bad = false;
    sqlite3_stmt *q;
    const char *sql = before && *before
        ? "SELECT " GAME_LIST_COLS LIVE_EXTRA GAME_LIST_JOIN ", games b WHERE b.id=?2 AND" LIVE_WHERE
          " AND (g.created < b.created OR (g.created = b.created AND g.id < b.id))"
          " ORDER BY g.created DESC, g.id DESC LIMIT ?3"
        : "SELECT " GAME_LIST_COLS LIVE_EXTRA GAME_LIST_JOIN " WHERE" LIVE_WHERE
          " ORDER BY g.created DESC, g.id DESC LIMIT ?3";
    if (sqlite3_prepare_v2(P.db, sql, -1, &q, NULL) != SQLITE_OK)
        return NULL;
    sqlite3_bind_int64(q, 1, now - 3600); /* "now": changed within the hour */
    if (before && *before) {
        sqlite3_bind_text(q, 2, before, -1, SQLITE_STATIC);
        sqlite3_stmt *c;
        bool known = false;
        if (sqlite3_prepare_v2(P.db, "SELECT 1 FROM games WHERE id=?", -1, &c, NULL) == SQLITE_OK) {
            sqlite3_bind_text(c, 1, before, -1, SQLITE_STATIC);
            known = sqlite3_step(c) == SQLITE_ROW;
            sqlite3_finalize(c);
        }
        if (!known) {
            sqlite3_finalize(q);
            *bad = true;
            return NULL;
        }
    }
    sqlite3_bind_int(q, 3, limit + 1);
    return page_of(q, limit, live_row, NULL, "games");
}
