/* store.c — the game table of `gabata serve`: a hash table of small slots over an SQLite
 * database (store.h says what is kept where). */
#include "store.h"

#include "players.h"
#include "rating.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The expiry rule (docs/api.md): an unfinished game untouched for 30 days, a finished one after
 * 365 days. Checked at start and then once an hour. */
#define EXPIRE_UNFINISHED (30 * 86400LL)
#define EXPIRE_FINISHED (365 * 86400LL)
#define EXPIRE_EVERY 3600

static struct {
    sqlite3 *db;
    sqlite3_stmt *ins, *upd, *get, *del;
    sqlite3_stmt *mv_ins, *mv_cut, *mv_get; /* the moves table: a row a move */
    int lock_fd;
    int db_lock_fd;      /* the database file itself, locked: one server a database, by any path */
    slot **buckets;
    size_t nbuckets;
    long held, live, max_held, max_live;
    slot *head, *tail;   /* every slot held, most recently used first */
    slot *lhead, *ltail; /* the live ones */
    uint64_t tick;
    int64_t next_expiry;
    long loaded, dropped, expired;
    long long stored;
    void (*on_expired)(const char *owner); /* store_on_expired's */
} T = {.lock_fd = -1, .db_lock_fd = -1};

void store_on_expired(void (*fn)(const char *owner))
{
    T.on_expired = fn;
}

/* ---- random bytes, SHA-256, constant-time comparison ---- */
int store_random(void *buf, size_t n)
{
    unsigned char *p = buf;
    while (n) {
        ssize_t got = getrandom(p, n, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return -1; /* never a fallback to anything predictable */
        }
        p += got;
        n -= (size_t)got;
    }
    return 0;
}

int store_random_hex(char *out, size_t n)
{
    unsigned char b[64];
    if (n > sizeof b || store_random(b, n) != 0)
        return -1;
    static const char hex[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = hex[b[i] >> 4];
        out[2 * i + 1] = hex[b[i] & 15];
    }
    out[2 * n] = 0;
    return 0;
}

/* FIPS 180-4. Tokens are 256 random bits, so a plain (unsalted, unkeyed) hash is enough: what is
 * stored tells nothing that would let one play, and there is no dictionary to try. */
static const uint32_t K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void sha256_block(uint32_t h[8], const unsigned char *b)
{
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)b[4 * i] << 24 | (uint32_t)b[4 * i + 1] << 16 | (uint32_t)b[4 * i + 2] << 8 | b[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], bb = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = hh + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) + K256[i] + w[i];
        uint32_t t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) + ((a & bb) ^ (a & c) ^ (bb & c));
        hh = g, g = f, f = e, e = d + t1, d = c, c = bb, bb = a, a = t1 + t2;
    }
    h[0] += a, h[1] += bb, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
}

void store_sha256(const void *p, size_t n, unsigned char out[32])
{
    uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                     0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    const unsigned char *s = p;
    size_t left = n;
    for (; left >= 64; left -= 64, s += 64)
        sha256_block(h, s);
    unsigned char tail[128] = {0};
    memcpy(tail, s, left);
    tail[left] = 0x80;
    size_t tl = left + 9 <= 64 ? 64 : 128;
    uint64_t bits = (uint64_t)n * 8;
    for (int i = 0; i < 8; i++)
        tail[tl - 1 - i] = (unsigned char)(bits >> (8 * i));
    sha256_block(h, tail);
    if (tl == 128)
        sha256_block(h, tail + 64);
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 4; k++)
            out[4 * i + k] = (unsigned char)(h[i] >> (24 - 8 * k));
}

bool store_same32(const unsigned char *a, const unsigned char *b)
{
    volatile unsigned char diff = 0;
    for (int i = 0; i < 32; i++)
        diff |= a[i] ^ b[i];
    return diff == 0;
}

const char *player_name(const player *p, char *buf, size_t len)
{
    switch (p->kind) {
    case PLAYER_HUMAN: snprintf(buf, len, "human"); break;
    case PLAYER_RANDOM: snprintf(buf, len, "random"); break;
    case PLAYER_MCTS: snprintf(buf, len, "mcts"); break;
    default: snprintf(buf, len, "ai:%d", p->level); break;
    }
    return buf;
}

/* ---- the hash table and the two recency lists ---- */
static size_t bucket_of(const char *id)
{
    /* the id is 128 random bits: its first 16 hex digits are a hash already */
    uint64_t h = 0;
    for (int i = 0; i < 16 && id[i]; i++)
        h = h << 4 | (uint64_t)(id[i] <= '9' ? id[i] - '0' : id[i] - 'a' + 10);
    return (size_t)(h & (T.nbuckets - 1));
}

static int grow_buckets(void)
{
    size_t n = T.nbuckets ? T.nbuckets * 2 : 1024;
    slot **b = calloc(n, sizeof *b);
    if (!b)
        return -1;
    slot **old = T.buckets;
    size_t on = T.nbuckets;
    T.buckets = b;
    T.nbuckets = n;
    for (size_t i = 0; i < on; i++)
        for (slot *s = old[i], *nx; s; s = nx) {
            nx = s->hnext;
            size_t k = bucket_of(s->id);
            s->hnext = b[k];
            b[k] = s;
        }
    free(old);
    return 0;
}

static void unlink_all(slot *s)
{
    if (s->prev) s->prev->next = s->next; else T.head = s->next;
    if (s->next) s->next->prev = s->prev; else T.tail = s->prev;
    s->prev = s->next = NULL;
}

static void link_front(slot *s)
{
    s->next = T.head;
    s->prev = NULL;
    if (T.head) T.head->prev = s; else T.tail = s;
    T.head = s;
}

static void unlink_live(slot *s)
{
    if (s->lprev) s->lprev->lnext = s->lnext; else T.lhead = s->lnext;
    if (s->lnext) s->lnext->lprev = s->lprev; else T.ltail = s->lprev;
    s->lprev = s->lnext = NULL;
}

static void link_live_front(slot *s)
{
    s->lnext = T.lhead;
    s->lprev = NULL;
    if (T.lhead) T.lhead->lprev = s; else T.ltail = s;
    T.lhead = s;
}

static void drop_live(slot *s)
{
    if (!s->g)
        return;
    gb_game_free(s->g);
    s->g = NULL;
    free(s->before);
    s->before = NULL;
    free(s->view);
    s->view = NULL;
    unlink_live(s);
    T.live--;
}

static void slot_free(slot *s)
{
    if (!s)
        return;
    free(s->options);
    free(s->moves);
    free(s->movers);
    gb_game_free(s->g);
    free(s->before);
    free(s->view);
    free(s->hist);
    free(s);
}

/* Take s out of memory (it stays in the database). */
static void forget(slot *s)
{
    drop_live(s);
    slot **pp = &T.buckets[bucket_of(s->id)];
    while (*pp && *pp != s)
        pp = &(*pp)->hnext;
    if (*pp)
        *pp = s->hnext;
    unlink_all(s);
    T.held--;
    slot_free(s);
}

static void touch(slot *s)
{
    s->used = ++T.tick;
    if (T.head != s) {
        unlink_all(s);
        link_front(s);
    }
    if (s->g && T.lhead != s) {
        unlink_live(s);
        link_live_front(s);
    }
}

/* Keep within the bounds: the least recently used slots (and gb_games) not in use go. */
static void trim(void)
{
    for (slot *s = T.ltail, *pv; s && T.live > T.max_live; s = pv) {
        pv = s->lprev;
        if (!s->pins)
            drop_live(s);
    }
    for (slot *s = T.tail, *pv; s && T.held > T.max_held; s = pv) {
        pv = s->prev;
        if (!s->pins) {
            forget(s);
            T.dropped++;
        }
    }
}

static void hold(slot *s)
{
    if ((size_t)T.held >= T.nbuckets)
        grow_buckets(); /* on failure the chains just grow longer */
    size_t k = bucket_of(s->id);
    s->hnext = T.buckets[k];
    T.buckets[k] = s;
    link_front(s);
    T.held++;
    s->pins++;
    trim();
    s->pins--;
}

/* ---- the database ---- */
static const char schema[] =
    "CREATE TABLE IF NOT EXISTS games ("
    " id TEXT PRIMARY KEY, variant TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,"
    " south TEXT NOT NULL, north TEXT NOT NULL, rng INTEGER NOT NULL,"
    " online INTEGER NOT NULL, joined INTEGER NOT NULL,"
    " token_s BLOB NOT NULL, token_n BLOB NOT NULL, invite BLOB,"
    " moves TEXT NOT NULL, movers TEXT NOT NULL, show_last INTEGER NOT NULL,"
    " offer TEXT, ended INTEGER NOT NULL, finished INTEGER NOT NULL,"
    " created INTEGER NOT NULL, updated INTEGER NOT NULL);"
    "CREATE INDEX IF NOT EXISTS games_expiry ON games(finished, updated);"
    /* A move is one row, appended (and deleted by an undo): a move's commit writes what changed,
     * not the whole list (issue 21, hardening 6). games.moves/movers hold the list only in rows
     * written before the table existed; such a game's rows are written at its next save. */
    "CREATE TABLE IF NOT EXISTS moves (game TEXT NOT NULL, ply INTEGER NOT NULL, move TEXT NOT NULL,"
    " by TEXT NOT NULL, PRIMARY KEY (game, ply)) WITHOUT ROWID;"
    "CREATE TRIGGER IF NOT EXISTS games_moves_gone AFTER DELETE ON games"
    " BEGIN DELETE FROM moves WHERE game = old.id; END;";

/* Columns added since the first schema, each added to a database made before it (ALTER TABLE ADD
 * COLUMN, NULL in its old rows), so that every release opens every older database. The lobby's
 * own columns are players.c's. */
static const struct {
    const char *name, *decl;
} added_columns[] = {
    {"clock_initial_ms", "INTEGER"}, {"clock_increment_ms", "INTEGER"}, /* the time control: NULL/0 none */
    {"clock_left_s", "INTEGER"}, {"clock_left_n", "INTEGER"},       /* each side's time, ms */
    {"clock_deadline", "INTEGER"},                                    /* ms since 1970, 0: none */
    {"clock_running", "INTEGER"},                                     /* -1 none, 0 S, 1 N */
    {"clock_flags", "INTEGER"},                                       /* 1 S moved, 2 N moved, 4 started */
    {"owner", "TEXT"}, /* the creator's address, for --games-per-ip across a restart */
    /* the offers each seat made at the game's ply (slot.offered: ply + 1, 0 none), so that one of
     * each a move holds across a restart; and a rematch offer's address (slot.offer_client) */
    {"offered_draw_s", "INTEGER NOT NULL DEFAULT 0"}, {"offered_draw_n", "INTEGER NOT NULL DEFAULT 0"},
    {"offered_undo_s", "INTEGER NOT NULL DEFAULT 0"}, {"offered_undo_n", "INTEGER NOT NULL DEFAULT 0"},
    {"offer_client", "TEXT"},
};
/* After the columns: an index of the games per owner, counted at start without reading rows, and
 * one of the running clocks, armed again at start (store_clocks_running) from the index alone: a
 * server with many games starts without reading them all (nor filling its cache with them). */
static const char schema_after[] =
    "CREATE INDEX IF NOT EXISTS games_owner ON games(owner);"
    "CREATE INDEX IF NOT EXISTS games_clocks ON games(id, clock_deadline) WHERE finished=0 AND"
    " clock_initial_ms>0 AND clock_running>=0 AND clock_deadline>0;";

#define COLS "id, variant, options, seed, south, north, rng, online, joined, token_s, token_n, invite," \
             " moves, movers, show_last, offer, ended, finished, created, updated," \
             " clock_initial_ms, clock_increment_ms, clock_left_s, clock_left_n, clock_deadline, clock_running, clock_flags," \
             " owner, offered_draw_s, offered_draw_n, offered_undo_s, offered_undo_n, offer_client"

static void set_err(char *err, size_t len, const char *what, const char *why)
{
    snprintf(err, len, "%s: %s", what, why);
}

/* mkdir -p, each new folder 0700 */
static int make_dirs(const char *dir)
{
    char p[4096];
    if (snprintf(p, sizeof p, "%s", dir) >= (int)sizeof p)
        return -1;
    for (char *c = p + 1; *c; c++) {
        if (*c != '/')
            continue;
        *c = 0;
        if (mkdir(p, 0700) != 0 && errno != EEXIST)
            return -1;
        *c = '/';
    }
    if (mkdir(p, 0700) != 0 && errno != EEXIST)
        return -1;
    struct stat sb;
    if (stat(p, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    return 0;
}

/* Add the columns a database made by an older server lacks. 0, or -1 (the message in err). */
static int add_columns(const char *path, char *err, size_t errlen)
{
    for (size_t i = 0; i < sizeof added_columns / sizeof added_columns[0]; i++) {
        sqlite3_stmt *q;
        if (sqlite3_prepare_v2(T.db, "SELECT 1 FROM pragma_table_info('games') WHERE name=?", -1, &q, NULL) != SQLITE_OK)
            goto bad;
        sqlite3_bind_text(q, 1, added_columns[i].name, -1, SQLITE_STATIC);
        int rc = sqlite3_step(q);
        sqlite3_finalize(q);
        if (rc == SQLITE_DONE) {
            char sql[160];
            snprintf(sql, sizeof sql, "ALTER TABLE games ADD COLUMN %s %s", added_columns[i].name, added_columns[i].decl);
            if (sqlite3_exec(T.db, sql, NULL, NULL, NULL) != SQLITE_OK)
                goto bad;
        } else if (rc != SQLITE_ROW) {
            goto bad;
        }
    }
    if (sqlite3_exec(T.db, schema_after, NULL, NULL, NULL) == SQLITE_OK)
        return 0;
bad:
    set_err(err, errlen, path, sqlite3_errmsg(T.db));
    return -1;
}

/* PRAGMA quick_check on a connection of its own (so that the pages it reads are not left in the
 * server's cache): 0 when it says ok, else -1 with its first finding in err. A damaged database
 * is refused at start rather than found out one page at a time by the requests that read it. */
static int check_database(const char *path, char *err, size_t errlen)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *q = NULL;
    int rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_prepare_v2(db, "PRAGMA quick_check(100)", -1, &q, NULL);
    int found = 0;
    char first[300] = "";
    while (rc == SQLITE_OK && (rc = sqlite3_step(q)) == SQLITE_ROW) {
        const char *t = (const char *)sqlite3_column_text(q, 0);
        if (t && strcmp(t, "ok") == 0)
            continue;
        if (!found++)
            snprintf(first, sizeof first, "%s", t ? t : "?");
    }
    if (rc != SQLITE_DONE && rc != SQLITE_ROW && !found)
        snprintf(first, sizeof first, "%s", db ? sqlite3_errmsg(db) : "cannot open it");
    sqlite3_finalize(q);
    sqlite3_close(db);
    if (!found && (rc == SQLITE_DONE || rc == SQLITE_ROW))
        return 0;
    for (char *c = first; *c; c++) /* one line */
        if (*c == '\n' || *c == '\r' || *c == '\t')
            *c = ' ';
    snprintf(err, errlen, "%s is damaged: PRAGMA quick_check says \"%s\"%s%s; the server will not use it "
             "(restore a backup, or move it away to start afresh)", path, first, found > 1 ? " and more" : "",
             found > 1 ? (found >= 100 ? " (100 problems or more)" : "") : "");
    return -1;
}

int store_open(const char *dir, int max_held, int max_live, bool durable, char *err, size_t errlen)
{
    store_close();
    T.max_held = max_held > 0 ? max_held : 1;
    T.max_live = max_live > 0 ? max_live : 1;
    char path[4200] = ":memory:";
    if (dir) {
        if (make_dirs(dir) != 0) {
            set_err(err, errlen, dir, strerror(errno));
            return -1;
        }
        /* one server a folder: its memory would go stale under another's writes */
        char lock[4200];
        snprintf(lock, sizeof lock, "%s/gabata.lock", dir);
        T.lock_fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
        if (T.lock_fd < 0) {
            set_err(err, errlen, lock, strerror(errno));
            return -1;
        }
        if (flock(T.lock_fd, LOCK_EX | LOCK_NB) != 0) {
            set_err(err, errlen, dir, "in use by another gabata serve");
            close(T.lock_fd);
            T.lock_fd = -1;
            return -1;
        }
        snprintf(path, sizeof path, "%s/games.sqlite", dir);
        /* one server a database file, whatever the path to it (a hard link, a second name for the
         * folder): the lock is on the file itself, so a second server on it is refused. (An flock
         * of its own, apart from SQLite's fcntl locks; the descriptor stays open until SQLite has
         * closed, so that closing it never drops theirs.) */
        T.db_lock_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
        if (T.db_lock_fd < 0) {
            set_err(err, errlen, path, strerror(errno));
            store_close();
            return -1;
        }
        if (flock(T.db_lock_fd, LOCK_EX | LOCK_NB) != 0) {
            set_err(err, errlen, path, "in use by another gabata serve (the same database file, by this path or another)");
            store_close();
            return -1;
        }
        struct stat sb;
        if (fstat(T.db_lock_fd, &sb) == 0 && sb.st_size > 0 && check_database(path, err, errlen) != 0) {
            store_close();
            return -1;
        }
    }
    /* the database holds the tokens' hashes only, but still: for its owner alone */
    mode_t old = umask(077);
    int rc = sqlite3_open_v2(path, &T.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
    umask(old);
    if (rc != SQLITE_OK) {
        set_err(err, errlen, path, T.db ? sqlite3_errmsg(T.db) : "cannot open the database");
        store_close();
        return -1;
    }
    sqlite3_busy_timeout(T.db, 2000);
    /* WAL: a commit is one append to the log. synchronous=NORMAL: the append reaches the operating
     * system before the commit returns, so a move answered survives the server being killed
     * (SIGKILL, a crash); only a crash of the machine itself can lose the last moments, which
     * --sync full (an fsync every commit) closes at the cost of a disk flush per move. */
    char pragmas[256];
    snprintf(pragmas, sizeof pragmas, "PRAGMA journal_mode=WAL; PRAGMA synchronous=%s; PRAGMA foreign_keys=OFF;",
             durable ? "FULL" : "NORMAL");
    char *msg = NULL;
    if (sqlite3_exec(T.db, pragmas, NULL, NULL, &msg) != SQLITE_OK ||
        sqlite3_exec(T.db, schema, NULL, NULL, &msg) != SQLITE_OK) {
        set_err(err, errlen, path, msg ? msg : sqlite3_errmsg(T.db));
        sqlite3_free(msg);
        store_close();
        return -1;
    }
    if (add_columns(path, err, errlen) != 0) {
        store_close();
        return -1;
    }
    char perr[256];
    if (players_open(T.db, perr, sizeof perr) != 0) { /* the players, ratings, lobby columns */
        set_err(err, errlen, path, perr);
        store_close();
        return -1;
    }
    if (sqlite3_prepare_v2(T.db, "INSERT INTO games (" COLS ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", -1, &T.ins, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(T.db, "UPDATE games SET rng=?2, joined=?3, invite=?4, moves=?5, movers=?6, show_last=?7,"
                                 " offer=?8, ended=?9, finished=?10, updated=?11, token_s=?12, token_n=?13,"
                                 " clock_left_s=?14, clock_left_n=?15, clock_deadline=?16, clock_running=?17,"
                                 " clock_flags=?18, offered_draw_s=?19, offered_draw_n=?20, offered_undo_s=?21,"
                                 " offered_undo_n=?22, offer_client=?23 WHERE id=?1", -1, &T.upd, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(T.db, "INSERT OR REPLACE INTO moves (game, ply, move, by) VALUES (?,?,?,?)", -1, &T.mv_ins, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(T.db, "DELETE FROM moves WHERE game=? AND ply>=?", -1, &T.mv_cut, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(T.db, "SELECT move, by FROM moves WHERE game=? ORDER BY ply", -1, &T.mv_get, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(T.db, "SELECT " COLS " FROM games WHERE id=?", -1, &T.get, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(T.db, "DELETE FROM games WHERE id=?", -1, &T.del, NULL) != SQLITE_OK) {
        set_err(err, errlen, path, sqlite3_errmsg(T.db));
        store_close();
        return -1;
    }
    if (dir)
        chmod(path, 0600);
    if (grow_buckets() != 0) {
        set_err(err, errlen, "gabata serve", "out of memory");
        store_close();
        return -1;
    }
    T.held = T.live = 0;
    T.tick = 0;
    T.loaded = T.dropped = T.expired = 0;
    store_expire((int64_t)time(NULL));
    sqlite3_stmt *cnt;
    T.stored = 0;
    if (sqlite3_prepare_v2(T.db, "SELECT count(*) FROM games", -1, &cnt, NULL) == SQLITE_OK) {
        if (sqlite3_step(cnt) == SQLITE_ROW)
            T.stored = sqlite3_column_int64(cnt, 0);
        sqlite3_finalize(cnt);
    }
    return 0;
}

void store_close(void)
{
    while (T.head)
        forget(T.head);
    free(T.buckets);
    T.buckets = NULL;
    T.nbuckets = 0;
    sqlite3_finalize(T.ins);
    sqlite3_finalize(T.upd);
    sqlite3_finalize(T.get);
    sqlite3_finalize(T.del);
    sqlite3_finalize(T.mv_ins);
    sqlite3_finalize(T.mv_cut);
    sqlite3_finalize(T.mv_get);
    T.ins = T.upd = T.get = T.del = T.mv_ins = T.mv_cut = T.mv_get = NULL;
    players_close();
    if (T.db)
        sqlite3_close(T.db);
    T.db = NULL;
    if (T.db_lock_fd >= 0)
        close(T.db_lock_fd); /* (after SQLite's own descriptors are closed: see store_open) */
    T.db_lock_fd = -1;
    if (T.lock_fd >= 0)
        close(T.lock_fd);
    T.lock_fd = -1;
}

struct sqlite3 *store_db(void)
{
    return T.db;
}

static bool finished(const slot *s)
{
    return s->ended != ENDED_NO || (s->g && gb_is_over(s->g));
}

static void offer_text(const slot *s, char *buf)
{
    buf[0] = 0;
    if (s->offer_kind)
        snprintf(buf, 8, "%c%c", s->offer_kind, s->offer_by ? 'N' : 'S');
}

static void bind_clock_run(sqlite3_stmt *q, int at, const slot *s)
{
    const clock_run *c = &s->clk;
    sqlite3_bind_int64(q, at, c->left_ms[0]);
    sqlite3_bind_int64(q, at + 1, c->left_ms[1]);
    sqlite3_bind_int64(q, at + 2, c->deadline_ms);
    sqlite3_bind_int(q, at + 3, c->running);
    sqlite3_bind_int(q, at + 4, (c->moved[0] ? 1 : 0) | (c->moved[1] ? 2 : 0) | (c->started ? 4 : 0));
}

/* The offers made (slot.offered) and a rematch offer's address, at parameters at..at+4. */
static void bind_offers(sqlite3_stmt *q, int at, const slot *s)
{
    for (int k = 0; k < 4; k++) /* draw S, draw N, undo S, undo N */
        sqlite3_bind_int(q, at + k, s->offered[k & 1][k >> 1]);
    if (s->offer_client[0])
        sqlite3_bind_text(q, at + 4, s->offer_client, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(q, at + 4);
}

/* Write the moves rows from ply `from` on (after deleting any from there): a move costs its own
 * row, whatever the game's length. Inside the caller's transaction. 0, or -1. */
static int write_move_rows(slot *s, int from, int old_rows)
{
    if (from < old_rows) {
        sqlite3_reset(T.mv_cut);
        sqlite3_bind_text(T.mv_cut, 1, s->id, -1, SQLITE_STATIC);
        sqlite3_bind_int(T.mv_cut, 2, from);
        int rc = sqlite3_step(T.mv_cut);
        sqlite3_reset(T.mv_cut);
        sqlite3_clear_bindings(T.mv_cut);
        if (rc != SQLITE_DONE)
            return -1;
    }
    if (from >= s->nmoves)
        return 0;
    /* the texts of moves from..nmoves-1: the last ones of s->moves */
    const char *p = s->moves + s->moves_len;
    int back = s->nmoves - from;
    while (back > 0 && p > s->moves) {
        p--;
        if (p == s->moves || p[-1] == ' ')
            back--;
    }
    for (int i = from; i < s->nmoves; i++) {
        while (*p == ' ')
            p++;
        size_t n = strcspn(p, " ");
        char by[2] = {s->movers[i] == 'N' ? 'N' : 'S', 0};
        sqlite3_stmt *q = T.mv_ins;
        sqlite3_reset(q);
        sqlite3_bind_text(q, 1, s->id, -1, SQLITE_STATIC);
        sqlite3_bind_int(q, 2, i);
        sqlite3_bind_text(q, 3, p, (int)n, SQLITE_STATIC);
        sqlite3_bind_text(q, 4, by, 1, SQLITE_STATIC);
        int rc = sqlite3_step(q);
        sqlite3_reset(q);
        sqlite3_clear_bindings(q);
        if (rc != SQLITE_DONE)
            return -1;
        p += n;
    }
    return 0;
}

static int begin(void)
{
    return sqlite3_exec(T.db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
}

static int commit(bool ok)
{
    if (ok && sqlite3_exec(T.db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK)
        return 0;
    sqlite3_exec(T.db, "ROLLBACK", NULL, NULL, NULL);
    return -1;
}

/* After a commit: the timer follows the game's deadline (none once its clock stops). */
static void arm_clock(const slot *s)
{
    if (s->clock_initial_ms > 0)
        clock_timer_arm(s->id, s->clk.running >= 0 && !finished(s) ? s->clk.deadline_ms : 0);
}

int store_add(slot *s)
{
    char south[16], north[16], offer[8];
    int64_t now = (int64_t)time(NULL);
    s->created = s->updated = now;
    if (s->clock_initial_ms > 0 && s->joined && !s->clk.started && s->g) /* both seats at once (a seek) */
        clock_begin(&s->clk, s->clock_initial_ms, gb_to_move(s->g), clock_now_ms());
    if (store_sync_moves(s) != 0) {
        slot_free(s);
        return -1;
    }
    offer_text(s, offer);
    sqlite3_stmt *q = T.ins;
    sqlite3_reset(q);
    sqlite3_bind_text(q, 1, s->id, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 2, s->variant, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 3, s->options ? s->options : "", -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 4, (sqlite3_int64)s->seed);
    sqlite3_bind_text(q, 5, player_name(&s->players[0], south, sizeof south), -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 6, player_name(&s->players[1], north, sizeof north), -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 7, (sqlite3_int64)s->rng);
    sqlite3_bind_int(q, 8, s->online);
    sqlite3_bind_int(q, 9, s->joined);
    sqlite3_bind_blob(q, 10, s->tok[0], 32, SQLITE_STATIC);
    sqlite3_bind_blob(q, 11, s->tok[1], 32, SQLITE_STATIC);
    if (s->has_invite)
        sqlite3_bind_blob(q, 12, s->invite, 32, SQLITE_STATIC);
    else
        sqlite3_bind_null(q, 12);
    sqlite3_bind_text(q, 13, "", -1, SQLITE_STATIC); /* the moves: rows of their own */
    sqlite3_bind_text(q, 14, "", -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 15, s->show_last);
    sqlite3_bind_text(q, 16, offer, -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 17, s->ended);
    sqlite3_bind_int(q, 18, finished(s));
    sqlite3_bind_int64(q, 19, s->created);
    sqlite3_bind_int64(q, 20, s->updated);
    sqlite3_bind_int64(q, 21, s->clock_initial_ms);
    sqlite3_bind_int64(q, 22, s->clock_increment_ms);
    bind_clock_run(q, 23, s);
    if (s->owner[0])
        sqlite3_bind_text(q, 28, s->owner, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(q, 28);
    bind_offers(q, 29, s);
    /* a game of the lobby: its accounts and rated flag in the same transaction as its row */
    bool lobby = s->player_id[0][0] || s->player_id[1][0] || s->rated || s->clock_initial_ms > 0;
    bool ok = begin() == 0;
    int rc = ok ? sqlite3_step(q) : SQLITE_ERROR;
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    ok = ok && rc == SQLITE_DONE && write_move_rows(s, 0, 0) == 0 && (!lobby || players_save_slot(s) == 0);
    if (commit(ok) != 0) {
        slot_free(s);
        return -1;
    }
    s->legacy = false;
    s->lobby_dirty = false;
    T.stored++;
    if (s->g) {
        link_live_front(s);
        T.live++;
    }
    hold(s);
    s->used = ++T.tick;
    arm_clock(s);
    return 0;
}

/* The end of a game as it is saved: when it ended, and for a rated game the ratings, in the same
 * transaction as the end itself (docs/api.md, "Ratings"). Returns the transaction's need (1: the
 * lobby's columns to write), or -1 when the database could not say whether the pair's limit
 * allows the rating. */
static int lobby_changes(slot *s, bool *rate)
{
    *rate = false;
    if (finished(s) && !s->finished_at) {
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        s->finished_at = (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
        s->lobby_dirty = true;
    }
    if (s->rated && s->finished_at && !s->rated_done && s->player_id[0][0] && s->player_id[1][0]) {
        bool over = s->g && gb_is_over(s->g);
        double score = rating_score_s(rating_outcome(s->ended, over, over ? gb_winner(s->g) : GB_NOBODY));
        *rate = score >= 0; /* an aborted game changes nothing */
        if (*rate) { /* only the first --rated-pair-per-day of a pair's games in 24 hours are rated */
            int limited = players_pair_limited(s->player_id[0], s->player_id[1], s->finished_at, false);
            if (limited < 0)
                return -1;
            if (limited) {
                *rate = false;
                s->rated = false; /* ended as a casual game: the view, the archive and the count say so */
            }
        }
        s->rated_done = true; /* (rated or not, this end has been seen to) */
        s->lobby_dirty = true;
    }
    return s->lobby_dirty;
}

int store_save(slot *s)
{
    char offer[8];
    int old_rows = s->legacy ? 0 : s->nmoves;
    int from = s->moves_cut < old_rows ? s->moves_cut : old_rows;
    if (store_sync_moves(s) != 0) {
        s->stale = true;
        return -1;
    }
    if (from > s->nmoves)
        from = s->nmoves;
    bool rate;
    int lobby = lobby_changes(s, &rate);
    if (lobby < 0) {
        s->stale = true;
        return -1;
    }
    s->updated = (int64_t)time(NULL);
    offer_text(s, offer);
    sqlite3_stmt *q = T.upd;
    sqlite3_reset(q);
    sqlite3_bind_text(q, 1, s->id, -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 2, (sqlite3_int64)s->rng);
    sqlite3_bind_int(q, 3, s->joined);
    if (s->has_invite)
        sqlite3_bind_blob(q, 4, s->invite, 32, SQLITE_STATIC);
    else
        sqlite3_bind_null(q, 4);
    sqlite3_bind_text(q, 5, "", -1, SQLITE_STATIC); /* the moves: rows of their own */
    sqlite3_bind_text(q, 6, "", -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 7, s->show_last);
    sqlite3_bind_text(q, 8, offer, -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 9, s->ended);
    sqlite3_bind_int(q, 10, finished(s));
    sqlite3_bind_int64(q, 11, s->updated);
    sqlite3_bind_blob(q, 12, s->tok[0], 32, SQLITE_STATIC);
    sqlite3_bind_blob(q, 13, s->tok[1], 32, SQLITE_STATIC);
    bind_clock_run(q, 14, s);
    bind_offers(q, 19, s);
    bool ok = begin() == 0;
    int rc = ok ? sqlite3_step(q) : SQLITE_ERROR;
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    ok = ok && rc == SQLITE_DONE && sqlite3_changes(T.db) == 1 &&
         write_move_rows(s, from, s->legacy ? INT_MAX : old_rows) == 0;
    if (ok && lobby && rate) { /* a rated game's end: the ratings, atomically with it */
        bool over = s->g && gb_is_over(s->g);
        double score = rating_score_s(rating_outcome(s->ended, over, over ? gb_winner(s->g) : GB_NOBODY));
        ok = players_rate_game(s->variant, s->player_id[0], s->player_id[1], score, s->finished_at / 1000) == 0;
    }
    ok = ok && (!lobby || players_save_slot(s) == 0);
    if (commit(ok) != 0) {
        /* not committed: what memory holds is not what the database holds; read it back next */
        s->stale = true;
        return -1;
    }
    s->legacy = false;
    s->lobby_dirty = false;
    arm_clock(s);
    return 0;
}

void store_release(slot *s)
{
    if (s && --s->pins <= 0) {
        s->pins = 0;
        if (s->stale)
            forget(s);
    }
}

void store_delete(slot *s)
{
    sqlite3_reset(T.del);
    sqlite3_bind_text(T.del, 1, s->id, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(T.del) == SQLITE_DONE && sqlite3_changes(T.db) > 0)
        T.stored--;
    sqlite3_reset(T.del);
    sqlite3_clear_bindings(T.del);
    s->stale = true;
    if (!s->pins)
        forget(s);
}

slot *store_new_slot(void)
{
    slot *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->moves_cut = s->hist_cut = INT_MAX;
    s->clk.running = -1;
    for (int tries = 0; tries < 4; tries++) {
        if (store_random_hex(s->id, STORE_ID_LEN / 2) != 0)
            break;
        slot *there;
        store_result r = store_find(s->id, &there); /* 2^-128; but a repeat must never merge two games */
        if (r == STORE_MISSING)
            return s;
        if (r == STORE_FAILED)
            break; /* (cannot tell: no game made) */
    }
    free(s);
    return NULL;
}

static bool valid_id(const char *id)
{
    if (!id || strlen(id) != STORE_ID_LEN)
        return false;
    for (const char *c = id; *c; c++)
        if (!((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f')))
            return false;
    return true;
}

static char *dup_col(sqlite3_stmt *q, int col)
{
    const unsigned char *t = sqlite3_column_text(q, col);
    return strdup(t ? (const char *)t : "");
}

static void blob_col(sqlite3_stmt *q, int col, unsigned char out[32], bool *has)
{
    const void *b = sqlite3_column_blob(q, col);
    int n = sqlite3_column_bytes(q, col);
    if (has)
        *has = b && n == 32;
    if (b && n == 32)
        memcpy(out, b, 32);
}

/* The game's moves from its rows, in order, into s->moves and s->movers. 0, or -1. */
static int load_move_rows(slot *s)
{
    sqlite3_stmt *q = T.mv_get;
    sqlite3_reset(q);
    sqlite3_bind_text(q, 1, s->id, -1, SQLITE_STATIC);
    int rc, n = 0;
    size_t len = 0;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        const char *mv = (const char *)sqlite3_column_text(q, 0), *by = (const char *)sqlite3_column_text(q, 1);
        size_t ml = mv ? strlen(mv) : 0;
        if (len + ml + 2 > s->moves_cap) {
            size_t cap = (len + ml + 2) * 2;
            char *m = realloc(s->moves, cap);
            if (!m)
                break;
            s->moves = m;
            s->moves_cap = cap;
        }
        if (len)
            s->moves[len++] = ' ';
        memcpy(s->moves + len, mv ? mv : "", ml);
        len += ml;
        s->moves[len] = 0;
        if (store_set_mover(s, n, by && by[0] == 'N') != 0)
            break;
        n++;
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    if (rc != SQLITE_DONE)
        return -1;
    s->moves_len = len;
    s->nmoves = n;
    return 0;
}

/* Read the game back from its row (not held yet; g is rebuilt later, on demand): STORE_FOUND with
 * *out, STORE_MISSING (no such row), or STORE_FAILED (the database could not be read, or memory
 * ran out: not the same as no game). */
static store_result load(const char *id, slot **out)
{
    sqlite3_stmt *q = T.get;
    sqlite3_reset(q);
    sqlite3_bind_text(q, 1, id, -1, SQLITE_TRANSIENT);
    slot *s = NULL;
    int step = sqlite3_step(q);
    store_result res = step == SQLITE_DONE ? STORE_MISSING : STORE_FAILED;
    /* (an id or a variant read as NULL: memory ran out, or the row is damaged) */
    if (step == SQLITE_ROW && sqlite3_column_text(q, 0) && sqlite3_column_text(q, 1) && (s = calloc(1, sizeof *s))) {
        snprintf(s->id, sizeof s->id, "%s", (const char *)sqlite3_column_text(q, 0));
        snprintf(s->variant, sizeof s->variant, "%s", (const char *)sqlite3_column_text(q, 1));
        s->options = dup_col(q, 2);
        s->seed = (uint64_t)sqlite3_column_int64(q, 3);
        const char *south = (const char *)sqlite3_column_text(q, 4), *north = (const char *)sqlite3_column_text(q, 5);
        if (!south || !north || player_parse(south, &s->players[0]) != 0 || player_parse(north, &s->players[1]) != 0)
            s->players[0] = s->players[1] = (player){PLAYER_HUMAN, 0, 0, 0};
        s->rng = (uint64_t)sqlite3_column_int64(q, 6);
        s->online = sqlite3_column_int(q, 7) != 0;
        s->joined = sqlite3_column_int(q, 8) != 0;
        blob_col(q, 9, s->tok[0], NULL);
        blob_col(q, 10, s->tok[1], NULL);
        blob_col(q, 11, s->invite, &s->has_invite);
        s->moves = dup_col(q, 12);
        const char *mv = (const char *)sqlite3_column_text(q, 13);
        int n = sqlite3_column_bytes(q, 13);
        s->movers_cap = n + 16;
        s->movers = calloc((size_t)s->movers_cap, 1);
        if (s->movers && mv)
            memcpy(s->movers, mv, (size_t)n);
        s->nmoves = n;
        s->moves_len = s->moves ? strlen(s->moves) : 0;
        s->moves_cap = s->moves_len + 1;
        s->legacy = s->moves_len > 0; /* the list as one text: rows are written at the next save */
        s->moves_cut = s->hist_cut = INT_MAX;
        s->clock_initial_ms = sqlite3_column_int64(q, 20);
        s->clock_increment_ms = sqlite3_column_int64(q, 21);
        s->clk.left_ms[0] = sqlite3_column_int64(q, 22);
        s->clk.left_ms[1] = sqlite3_column_int64(q, 23);
        s->clk.deadline_ms = sqlite3_column_int64(q, 24);
        s->clk.running = sqlite3_column_type(q, 25) == SQLITE_NULL ? -1 : sqlite3_column_int(q, 25);
        int flags = sqlite3_column_int(q, 26);
        s->clk.moved[0] = flags & 1, s->clk.moved[1] = (flags & 2) != 0, s->clk.started = (flags & 4) != 0;
        if (s->clock_initial_ms < 0 || s->clk.running < -1 || s->clk.running > 1)
            s->clock_initial_ms = 0, s->clk.running = -1;
        s->show_last = sqlite3_column_int(q, 14) != 0;
        const char *of = (const char *)sqlite3_column_text(q, 15);
        if (of && (of[0] == 'd' || of[0] == 'u' || of[0] == 'r') && (of[1] == 'S' || of[1] == 'N')) {
            s->offer_kind = of[0];
            s->offer_by = of[1] == 'N';
        }
        s->ended = sqlite3_column_int(q, 16);
        s->created = sqlite3_column_int64(q, 18);
        s->updated = sqlite3_column_int64(q, 19);
        const char *owner = (const char *)sqlite3_column_text(q, 27);
        snprintf(s->owner, sizeof s->owner, "%s", owner ? owner : "");
        for (int k = 0; k < 4; k++) {
            int ply1 = sqlite3_column_int(q, 28 + k);
            s->offered[k & 1][k >> 1] = ply1 > 0 ? ply1 : 0;
        }
        const char *oc = (const char *)sqlite3_column_text(q, 32);
        snprintf(s->offer_client, sizeof s->offer_client, "%s", oc && s->offer_kind == 'r' ? oc : "");
        if (!s->options || !s->moves || !s->movers || players_load_slot(s) != 0) {
            slot_free(s);
            s = NULL;
        }
    }
    if (s)
        res = STORE_FOUND;
    else if (step != SQLITE_DONE)
        fprintf(stderr, "gabata serve: game %.32s could not be read from the database: %s\n", id,
                step == SQLITE_ROW ? "a damaged row, or out of memory" : sqlite3_errmsg(T.db));
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    if (s && !s->legacy && load_move_rows(s) != 0) {
        fprintf(stderr, "gabata serve: the moves of game %.32s could not be read from the database: %s\n", id,
                sqlite3_errmsg(T.db));
        slot_free(s);
        s = NULL;
        res = STORE_FAILED;
    }
    *out = s;
    return res;
}

store_result store_find(const char *id, slot **out)
{
    *out = NULL;
    if (!valid_id(id) || !T.buckets)
        return STORE_MISSING;
    for (slot *s = T.buckets[bucket_of(id)]; s; s = s->hnext)
        if (strcmp(s->id, id) == 0) {
            if (s->stale && !s->pins) {
                forget(s);
                break;
            }
            touch(s);
            *out = s;
            return STORE_FOUND;
        }
    slot *s;
    store_result r = load(id, &s);
    if (r != STORE_FOUND)
        return r;
    T.loaded++;
    hold(s);
    s->used = ++T.tick;
    *out = s;
    return STORE_FOUND;
}

int store_count_owners(void (*fn)(const char *owner, long games, void *ctx), void *ctx)
{
    sqlite3_stmt *q;
    if (!T.db || sqlite3_prepare_v2(T.db, "SELECT owner, count(*) FROM games WHERE owner IS NOT NULL AND owner <> ''"
                                          " GROUP BY owner", -1, &q, NULL) != SQLITE_OK)
        return -1;
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        const char *o = (const char *)sqlite3_column_text(q, 0);
        if (o)
            fn(o, (long)sqlite3_column_int64(q, 1), ctx);
    }
    sqlite3_finalize(q);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* ---- the live game: the move list replayed ---- */
int store_live(slot *s)
{
    if (s->g) {
        touch(s);
        return 0;
    }
    gb_game *g;
    gb_error ge;
    if (gb_game_new(&g, s->variant, s->options, s->seed, &ge) != GB_OK)
        return -1;
    char *before = NULL;
    int played = 0, count = 0;
    for (const char *p = s->moves; *p; p++)
        count += *p != ' ' && (p == s->moves || p[-1] == ' ');
    char mv[GB_MOVE_TEXT_MAX + 8];
    for (const char *p = s->moves; *p;) {
        while (*p == ' ')
            p++;
        size_t n = strcspn(p, " ");
        if (!n)
            break;
        if (n >= sizeof mv)
            goto bad;
        memcpy(mv, p, n);
        mv[n] = 0;
        p += n;
        if (played == count - 1 && s->show_last)
            before = gb_state_json(g);
        gb_move m;
        if (gb_move_parse(g, mv, &m, &ge) != GB_OK || gb_play(g, &m, &ge) != GB_OK)
            goto bad;
        played++;
    }
    s->g = g;
    free(s->before);
    s->before = before;
    link_live_front(s);
    T.live++;
    s->pins++;
    trim();
    s->pins--;
    return 0;
bad:
    free(before);
    gb_game_free(g);
    return -1;
}

int store_set_mover(slot *s, int i, int side)
{
    if (i + 1 >= s->movers_cap) {
        int cap = s->movers_cap ? s->movers_cap * 2 : 64;
        while (cap <= i + 1)
            cap *= 2;
        char *m = realloc(s->movers, (size_t)cap);
        if (!m)
            return -1;
        memset(m + s->movers_cap, 0, (size_t)(cap - s->movers_cap));
        s->movers = m;
        s->movers_cap = cap;
    }
    s->movers[i] = side ? 'N' : 'S';
    return 0;
}

/* Make room for `more` bytes (and the terminator) at the end of s->moves. */
static int moves_room(slot *s, size_t more)
{
    if (s->moves && s->moves_len + more + 1 <= s->moves_cap)
        return 0;
    size_t cap = s->moves_cap ? s->moves_cap : 64;
    while (cap < s->moves_len + more + 1)
        cap *= 2;
    char *m = realloc(s->moves, cap);
    if (!m)
        return -1;
    if (!s->moves)
        m[0] = 0;
    s->moves = m;
    s->moves_cap = cap;
    return 0;
}

void store_moves_cut(slot *s, int n)
{
    if (n < s->moves_cut)
        s->moves_cut = n;
    if (n < s->hist_cut)
        s->hist_cut = n;
}

int store_sync_moves(slot *s)
{
    if (!s->g)
        return 0; /* not rebuilt: the move list is as read */
    int n = gb_history_length(s->g);
    int keep = s->nmoves < s->moves_cut ? s->nmoves : s->moves_cut;
    if (keep > n)
        keep = n;
    if (moves_room(s, 0) != 0)
        return -1;
    if (keep < s->nmoves) { /* an undo: cut the text after move `keep` (rare: a walk is fine) */
        size_t at = 0;
        for (int k = 0; k < keep; k++) {
            at += strcspn(s->moves + at, " ");
            if (k + 1 < keep && s->moves[at] == ' ')
                at++;
        }
        s->moves_len = at;
        s->moves[at] = 0;
    }
    for (int i = keep; i < n; i++) { /* the moves since the last sync: appended */
        char mv[GB_MOVE_TEXT_MAX];
        gb_move_format(s->g, gb_history_move(s->g, i), mv, sizeof mv);
        size_t ml = strlen(mv);
        if (moves_room(s, ml + 1) != 0)
            return -1;
        if (s->moves_len)
            s->moves[s->moves_len++] = ' ';
        memcpy(s->moves + s->moves_len, mv, ml + 1);
        s->moves_len += ml;
    }
    for (int i = keep; i < n; i++) /* a move made without a mover noted: South's */
        if (i >= s->movers_cap || !s->movers[i])
            if (store_set_mover(s, i, 0) != 0)
                return -1;
    s->nmoves = n;
    s->moves_cut = INT_MAX;
    return 0;
}

void store_clocks_running(void (*fn)(const char *id, int64_t deadline_ms, void *arg), void *arg)
{
    sqlite3_stmt *q;
    /* from the index of running clocks alone (schema_after), not a scan of every game's row */
    static const char sql[] = "SELECT id, clock_deadline FROM games %s WHERE finished=0 AND clock_initial_ms>0"
                              " AND clock_running>=0 AND clock_deadline>0";
    char indexed[256], plain[256];
    snprintf(indexed, sizeof indexed, sql, "INDEXED BY games_clocks");
    snprintf(plain, sizeof plain, sql, "");
    if (!T.db || (sqlite3_prepare_v2(T.db, indexed, -1, &q, NULL) != SQLITE_OK &&
                  sqlite3_prepare_v2(T.db, plain, -1, &q, NULL) != SQLITE_OK))
        return;
    while (sqlite3_step(q) == SQLITE_ROW)
        fn((const char *)sqlite3_column_text(q, 0), sqlite3_column_int64(q, 1), arg);
    sqlite3_finalize(q);
}

/* ---- expiry ---- */
void store_expire(int64_t now)
{
    if (!T.db)
        return;
    sqlite3_stmt *q;
    const char *sql = "DELETE FROM games WHERE (finished=0 AND updated<?1) OR (finished=1 AND updated<?2) RETURNING id, owner";
    if (sqlite3_prepare_v2(T.db, sql, -1, &q, NULL) != SQLITE_OK)
        return;
    sqlite3_bind_int64(q, 1, now - EXPIRE_UNFINISHED);
    sqlite3_bind_int64(q, 2, now - EXPIRE_FINISHED);
    while (sqlite3_step(q) == SQLITE_ROW) {
        const char *id = (const char *)sqlite3_column_text(q, 0), *owner = (const char *)sqlite3_column_text(q, 1);
        T.expired++;
        T.stored--;
        if (owner && *owner && T.on_expired)
            T.on_expired(owner);
        if (!id || !T.buckets)
            continue;
        for (slot *s = T.buckets[bucket_of(id)]; s; s = s->hnext)
            if (strcmp(s->id, id) == 0) {
                if (!s->pins)
                    forget(s);
                break;
            }
    }
    sqlite3_finalize(q);
    T.next_expiry = now + EXPIRE_EVERY;
}

void store_tick(void)
{
    int64_t now = (int64_t)time(NULL);
    if (now >= T.next_expiry)
        store_expire(now);
}

void store_stats_get(store_stats *st)
{
    memset(st, 0, sizeof *st);
    st->stored = T.stored;
    st->held = T.held;
    st->live = T.live;
    st->loaded = T.loaded;
    st->dropped = T.dropped;
    st->expired = T.expired;
    size_t b = T.nbuckets * sizeof(slot *);
    for (slot *s = T.head; s; s = s->next)
        b += sizeof *s + (s->options ? strlen(s->options) + 1 : 0) + s->moves_cap + (size_t)s->movers_cap + s->hist_cap;
    st->slot_bytes = b;
}
