/* api.c — the JSON API of `gabata serve` (docs/api.md), the browser game's game table: each game
 * has its own id, many games run at once, a bad request gets a 4xx JSON error and the server goes
 * on. It answers requests that http.c has checked (or the fuzzer and tests, directly).
 *
 * The games live in store.c (SQLite in --data, small slots in memory); who may change a
 * game is decided here, by the seat tokens of each request (issue 12; docs/api.md, "Seats and
 * tokens"). Limits, so that no client can exhaust the server: request bodies are bounded
 * (--max-body), the games held in memory are bounded (--max-games, --live-games: the rest wait in
 * the database, none is evicted from it), and so are connections. It listens on 127.0.0.1 unless
 * told otherwise.
 * This file is the game table; the daemon and its checks are http.c (which calls here, never the
 * other way), the limits per address limits.c, computer moves and hints run on pool.c's workers (think), every change is
 * published to events.c. */
#include "cli.h"
#include "serve.h"
#include "store.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The page, embedded at build time by cmake/embed_web.cmake (web_assets.c). */
struct web_asset {
    const char *path;
    const unsigned char *data;
    size_t len;
};
extern const struct web_asset web_assets[];

/* ---- games: store.c holds them (memory and the database) ---- */
static struct {
    size_t max_body;
    uint64_t idrng;      /* the seeds of games created without one (not ids: store_random) */
    bool quiet, started;
    long long max_nodes; /* 0, or a cap on every computer move and hint (serve_api_start) */
    long created, requests;
    pthread_mutex_t lock;
} S = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* ---- responses ---- */
typedef serve_answer reply; /* status, body (malloc'd), Content-Type, Content-Disposition */

static reply json_reply(int status, json_t *j)
{
    reply r = {status, json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER), "application/json", NULL, 0};
    json_decref(j);
    if (!r.body) {
        r.status = 500;
        r.body = strdup("{\"error\":\"out of memory\",\"status\":500}");
    }
    return r;
}

/* An error message is one line of valid UTF-8, whatever it quotes (a path, a name cut at %.40s):
 * jansson refuses to build a string of invalid UTF-8, which made such an answer a 500, and a
 * control character (a %0a in a path) would break the line. Each offending byte becomes '?'. */
static void one_line_utf8(char *m)
{
    unsigned char *p = (unsigned char *)m;
    while (*p) {
        int len = *p < 0x80 ? 1 : *p >= 0xc2 && *p <= 0xdf ? 2 : *p >= 0xe0 && *p <= 0xef ? 3
                : *p >= 0xf0 && *p <= 0xf4 ? 4 : 0;
        unsigned cp = len == 1 ? *p : len == 2 ? *p & 0x1fu : len == 3 ? *p & 0x0fu : *p & 0x07u;
        for (int i = 1; i < len && len; i++) {
            if ((p[i] & 0xc0) != 0x80)
                len = 0;
            else
                cp = cp << 6 | (p[i] & 0x3fu);
        }
        if ((len == 1 && (cp < 0x20 || cp == 0x7f)) || (len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
            (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
            len = 0;
        if (!len) {
            *p++ = '?';
            continue;
        }
        p += len;
    }
}

static reply error_reply(int status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
#include <stdarg.h>
static reply error_reply(int status, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    one_line_utf8(msg);
    return json_reply(status, json_pack("{s:s,s:i}", "error", msg, "status", status));
}

/* ---- the view of a game: everything the page draws ---- */
static json_t *label_json(const gb_game *g, int hole)
{
    const char *l = gb_hole_label(g, hole);
    return l ? json_string(l) : json_null();
}

static json_t *moves_json(const gb_game *g)
{
    gb_move moves[GB_MAX_MOVES];
    int n = gb_legal_moves(g, moves, GB_MAX_MOVES);
    json_t *arr = json_array();
    for (int i = 0; i < n; i++) {
        char mv[GB_MOVE_TEXT_MAX];
        gb_move_format(g, &moves[i], mv, sizeof mv);
        bool on_hole = moves[i].kind == GB_MOVE_SOW || moves[i].kind == GB_MOVE_FEED;
        json_array_append_new(arr, json_pack("{s:s,s:s,s:o}", "text", mv, "kind",
                                             gb_move_kind_name(g, moves[i].kind),
                                             "hole", on_hole ? json_integer(moves[i].hole) : json_null()));
    }
    return arr;
}

static json_t *trace_json(const gb_game *g)
{
    const gb_trace *t = gb_last_trace(g);
    if (!t)
        return json_null();
    json_t *laps = json_array();
    for (int i = 0; i < t->events; i++) {
        const gb_lap *l = &t->lap[i];
        json_t *sown = json_array(); /* the holes the lap dropped a stone into, in order */
        for (int k = 0; k < l->sown_len && l->sown_at + k < t->holes; k++)
            json_array_append_new(sown, json_integer(t->hole[l->sown_at + k]));
        json_array_append_new(
            laps, json_pack("{s:i,s:i,s:i,s:s,s:i,s:i,s:o}", "from", l->from, "to", l->to, "stones",
                            l->stones, "event", gb_event_name(g, l->event) ? gb_event_name(g, l->event) : "other",
                            "other", l->other, "value", l->value, "sown", sown));
    }
    return json_pack("{s:i,s:I,s:o}", "laps_total", t->laps, "sown", (json_int_t)t->sown, "laps", laps);
}

static int mover_of(const slot *s, int i)
{
    return i < s->movers_cap && s->movers[i] == 'N';
}

/* The view of a game the players ended (a draw agreed, a resignation): over, no moves. */
static void end_by_players(const slot *s, json_t *view)
{
    json_t *state = json_object_get(view, "state");
    json_t *stores = json_object_get(state, "stores");
    const char *winner = s->ended == ENDED_S_RESIGNED ? "N" : s->ended == ENDED_N_RESIGNED ? "S" : NULL;
    json_object_set_new(state, "over", json_true());
    json_object_set_new(state, "to_move", json_null());
    json_object_set_new(state, "result", json_pack("{s:o,s:O}", "winner", winner ? json_string(winner) : json_null(),
                                                   "scores", stores ? stores : json_null()));
    json_object_set_new(state, "end_reason", json_string(s->ended == ENDED_DRAW_AGREED ? "agreed" : "resigned"));
    json_object_set_new(view, "moves", json_array());
    json_object_set_new(view, "free_move", json_null());
}

/* The view of a game. watch: its streams open (S, N, spectators), or NULL to ask. */
static json_t *view_json(slot *s, const int *watch)
{
    gb_game *g = s->g;
    const char *v = gb_game_variant(g);
    char *st = gb_state_json(g);
    json_t *state = st ? json_loads(st, 0, NULL) : NULL;
    free(st);
    if (!state)
        return NULL;
    int n = gb_game_rows(g);
    json_t *labels = json_array();
    for (int h = 0; h < 2 * n; h++)
        json_array_append_new(labels, label_json(g, h));
    json_t *hist = json_array();
    for (int i = 0; i < gb_history_length(g); i++) {
        char mv[GB_MOVE_TEXT_MAX];
        gb_move_format(g, gb_history_move(g, i), mv, sizeof mv);
        json_array_append_new(hist, json_pack("{s:s,s:s}", "move", mv, "by", mover_of(s, i) ? "N" : "S"));
    }
    json_t *last = json_null();
    int hl = gb_history_length(g);
    if (hl > 0 && gb_last_trace(g) && s->show_last) {
        char mv[GB_MOVE_TEXT_MAX];
        gb_move_format(g, gb_history_move(g, hl - 1), mv, sizeof mv);
        json_t *before = s->before ? json_loads(s->before, 0, NULL) : NULL;
        last = json_pack("{s:s,s:s,s:o,s:o}", "move", mv, "by", mover_of(s, hl - 1) ? "N" : "S",
                         "before", before ? before : json_null(), "trace", trace_json(g));
    }
    /* a phase whose moves cannot be listed (a layout): an example move shows its form */
    json_t *free_move = json_null();
    gb_move dummy[1];
    if (!gb_is_over(g) && !s->ended && gb_legal_moves(g, dummy, 1) == 0) {
        gb_move m;
        uint64_t r = s->rng ^ 0x9e3779b97f4a7c15ull;
        char mv[GB_MOVE_TEXT_MAX] = "";
        if (gb_random_move(g, &r, &m) == GB_OK)
            gb_move_format(g, &m, mv, sizeof mv);
        free_move = json_pack("{s:s,s:s}", "phase", gb_phase(g), "example", mv);
    }
    char p0[64], p1[64];
    char *pos = gb_position_format(g);
    json_t *out = json_pack("{s:s,s:s,s:s,s:i,s:{s:s,s:s},s:o,s:o,s:o,s:o,s:o,s:o,s:s}", "id", s->id,
                            "variant", v, "title", gb_variant_title(v), "rows", n, "players", "S",
                            player_describe(&s->players[0], p0, sizeof p0), "N",
                            player_describe(&s->players[1], p1, sizeof p1), "labels", labels,
                            "state", state, "moves", moves_json(g), "free_move", free_move,
                            "history", hist, "last", last, "position", pos ? pos : "");
    free(pos);
    if (out && s->ended) /* agreed or resigned: over, whatever the board says */
        end_by_players(s, out);
    if (out) {
        json_object_set_new(out, "online", json_boolean(s->online));
        json_object_set_new(out, "joined", json_boolean(s->joined));
        json_object_set_new(out, "offer", s->offer_kind ? json_pack("{s:s,s:s}", "kind",
                            s->offer_kind == 'd' ? "draw" : "undo", "by", s->offer_by ? "N" : "S") : json_null());
        if (s->online) { /* who has an event stream open now (the page's "connected"/"gone") */
            int c[3];
            if (watch)
                memcpy(c, watch, sizeof c);
            else
                events_watchers(s->id, c);
            json_object_set_new(out, "connected", json_pack("{s:b,s:b,s:i}", "S", c[0] > 0, "N", c[1] > 0,
                                                            "watching", c[2]));
        }
    }
    return out;
}

/* The view is answered after every change and read by the other player (and spectators) until
 * the next: it is kept as text in the live slot, and the reads are a copy of it instead of a
 * rebuild (the state, the move list, the trace and the history, put together by jansson, were the
 * most of a request's time). It is good while the game's version (every saved change counts one)
 * and its open streams are those it was built with. */
static reply view_reply(int status, slot *s)
{
    int watch[3] = {0, 0, 0};
    if (s->online)
        events_watchers(s->id, watch);
    if (s->view && s->view_version == s->version && memcmp(watch, s->view_watch, sizeof watch) == 0) {
        char *body = strdup(s->view);
        if (body)
            return (reply){status, body, "application/json", NULL, 0};
    }
    json_t *j = view_json(s, watch);
    if (!j)
        return error_reply(500, "out of memory");
    reply r = json_reply(status, j);
    if (r.status == status && s->g) {
        free(s->view);
        s->view = strdup(r.body);
        s->view_version = s->version;
        memcpy(s->view_watch, watch, sizeof watch);
    }
    return r;
}

/* ---- requests ---- */
typedef struct request {
    char *body;
    size_t len, cap;
    bool too_large;
    const char *auth; /* the Authorization header, or NULL */
    int seats;        /* set by route_api: -1 no token; else a mask of the game's seats it holds */
    const char *client;   /* the client's address, or NULL */
    serve_done_fn done;   /* NULL: think inline (serve_api_request) */
    void *ctx;
} request;

static json_t *catalog_json(void)
{
    json_t *arr = json_array();
    for (int i = 0; i < gb_variant_count(); i++) {
        const char *v = gb_variant_name(i);
        json_t *opts = json_array();
        int no = gb_variant_option_count(v);
        for (int k = 0; k < no; k++) {
            gb_option_info oi;
            if (gb_variant_option(v, k, &oi) != GB_OK)
                continue;
            const char *what = oi.help;
            json_t *o;
            if (oi.choices) {
                json_t *ch = json_array();
                for (int c = 0; oi.choices[c]; c++)
                    json_array_append_new(ch, json_string(oi.choices[c]));
                o = json_pack("{s:s,s:o,s:s}", "key", oi.key, "choices", ch, "default", oi.choices[0]);
            } else {
                o = json_pack("{s:s,s:I,s:I,s:I}", "key", oi.key, "min", (json_int_t)oi.min, "max",
                              (json_int_t)oi.max, "default", (json_int_t)oi.def);
            }
            json_object_set_new(o, "help", what ? json_string(what) : json_null());
            json_array_append_new(opts, o);
        }
        gb_rules_text t;
        json_t *rules = json_null();
        if (gb_variant_rules_text(v, &t) == GB_OK && t.rules[0]) {
            json_t *lines = json_array();
            for (int k = 0; t.rules[k]; k++)
                json_array_append_new(lines, json_string(t.rules[k]));
            rules = json_pack("{s:s,s:s,s:o}", "where", t.origin, "terms", t.words, "lines", lines);
        }
        json_array_append_new(arr, json_pack("{s:s,s:s,s:i,s:o,s:o}", "name", v, "title",
                                             gb_variant_title(v), "rows", gb_variant_rows(v),
                                             "options", opts, "rules", rules));
    }
    return json_pack("{s:o,s:[s,s,s,s,s,s,s,s,s,s]}", "variants", arr, "players", "human", "random",
                     "ai:1", "ai:2", "ai:3", "ai:4", "ai:5", "ai:6", "ai:7", "ai:8");
}

/* Parse a request body as a JSON object with only the given keys. NULL body means {}. */
static json_t *parse_body(const request *rq, const char *const *keys, reply *err)
{
    if (!rq->len)
        return json_object();
    json_error_t je;
    json_t *j = json_loadb(rq->body, rq->len, JSON_REJECT_DUPLICATES, &je);
    if (!j) {
        *err = error_reply(400, "malformed JSON: %s (line %d, column %d)", je.text, je.line, je.column);
        return NULL;
    }
    if (!json_is_object(j)) {
        json_decref(j);
        *err = error_reply(400, "the body must be a JSON object");
        return NULL;
    }
    const char *k;
    json_t *val;
    json_object_foreach(j, k, val) {
        bool known = false;
        for (int i = 0; keys[i] && !known; i++)
            known = strcmp(keys[i], k) == 0;
        if (!known) {
            *err = error_reply(400, "unknown field '%.60s'", k);
            json_decref(j);
            return NULL;
        }
    }
    return j;
}

/* A string field, or NULL when absent; sets err when present but not a string. */
static const char *str_field(json_t *j, const char *key, reply *err, bool *bad)
{
    json_t *v = json_object_get(j, key);
    if (!v || json_is_null(v))
        return NULL;
    if (!json_is_string(v)) {
        *err = error_reply(400, "field '%s' must be a string", key);
        *bad = true;
        return NULL;
    }
    return json_string_value(v);
}

static void note_move(slot *s, int mover, char *before)
{
    int i = gb_history_length(s->g) - 1;
    if (i >= 0)
        store_set_mover(s, i, mover);
    free(s->before);
    s->before = before;
    s->show_last = true;
    s->offer_kind = 0; /* a move answers any offer: it lapses */
}

static uint64_t fresh_seed(void)
{
    return gb_rand_next(&S.idrng);
}

/* A player named in a request: as player_parse, but without a thinking time (`ai:8@86400`): the
 * server answers from one thread, so a client could otherwise hold it for up to a day. */
static int api_player(const char *name, player *p)
{
    return strchr(name, '@') || player_parse(name, p) != 0 ? -1 : 0;
}

/* ---- seats and tokens (docs/api.md, "Who may do what") ---- */
static const unsigned char no_token[32]; /* an online seat nobody has taken yet */

/* The seats of s the request's token holds: -1 with no token; a mask (bit 0 South, bit 1
 * North), 0 for a token that is none of this game's. Compared in constant time. */
static int token_seats(const slot *s, const char *auth)
{
    if (!auth)
        return -1;
    while (*auth == ' ')
        auth++;
    if (strncasecmp(auth, "Bearer ", 7) != 0)
        return 0;
    auth += 7;
    while (*auth == ' ')
        auth++;
    size_t n = strcspn(auth, " \t");
    unsigned char h[32];
    store_sha256(auth, n, h);
    int mask = 0;
    for (int side = 0; side < 2; side++)
        if (!store_same32(s->tok[side], no_token) && store_same32(h, s->tok[side]))
            mask |= 1 << side;
    return mask;
}

/* May the request act for `side` (0 South, 1 North, -1 any seat of the game)? 401 without a
 * token, 403 with a token that is not that seat's. */
static bool may_act(const slot *s, const request *rq, int side, reply *err)
{
    if (rq->seats < 0) {
        *err = error_reply(401, "this needs the seat's token: Authorization: Bearer TOKEN (docs/api.md)");
        return false;
    }
    if (rq->seats == 0) {
        *err = error_reply(403, "this token is not a seat of game %s", s->id);
        return false;
    }
    if (side >= 0 && !(rq->seats & (1 << side))) {
        *err = error_reply(403, "it is %s's turn, and this token is %s's", side ? "North" : "South",
                           side ? "South" : "North");
        return false;
    }
    return true;
}

/* The one seat a token acts for: its own online; off line the person's side (against the
 * computer) or the side to move (hot seat). */
static int acting_seat(const slot *s, const request *rq)
{
    if (rq->seats == 1 || rq->seats == 2)
        return rq->seats - 1;
    bool h0 = s->players[0].kind == PLAYER_HUMAN, h1 = s->players[1].kind == PLAYER_HUMAN;
    if (h0 != h1)
        return h0 ? 0 : 1;
    int t = gb_to_move(s->g);
    return t == 1 ? 1 : 0;
}

static bool game_over(const slot *s)
{
    return s->ended != ENDED_NO || gb_is_over(s->g);
}

/* Commit the change, then answer the view (201 for a new game, with the seat and its token). */
/* The change is published to the game's event streams once it is committed (type NULL: none);
 * data is taken over. */
static reply saved_event(slot *s, int status, const char *type, json_t *data)
{
    if (store_save(s) != 0) {
        json_decref(data);
        return error_reply(503, "the game could not be saved, so nothing changed; try again");
    }
    s->version++;
    if (type)
        events_publish(s->id, type, data);
    else
        json_decref(data);
    if (game_over(s))
        events_publish(s->id, "over", json_pack("{s:i}", "ply", gb_history_length(s->g)));
    return view_reply(status, s);
}

/* The "move" event: the move, who made it, its trace, and where the game stands. */
static json_t *move_event(slot *s)
{
    int hl = gb_history_length(s->g);
    char mv[GB_MOVE_TEXT_MAX] = "";
    if (hl > 0)
        gb_move_format(s->g, gb_history_move(s->g, hl - 1), mv, sizeof mv);
    char *pos = gb_position_format(s->g);
    json_t *j = json_pack("{s:s,s:s,s:i,s:o,s:b,s:s}", "move", mv, "by", hl > 0 && mover_of(s, hl - 1) ? "N" : "S",
                          "ply", hl, "trace", trace_json(s->g), "over", game_over(s), "position", pos ? pos : "");
    free(pos);
    return j;
}

static reply seat_reply(int status, slot *s, const char *seat, const char *token, const char *invite)
{
    json_t *j = view_json(s, NULL);
    if (!j)
        return error_reply(500, "out of memory");
    json_object_set_new(j, "seat", json_string(seat));
    json_object_set_new(j, "token", json_string(token));
    json_object_set_new(j, "invite", invite ? json_string(invite) : json_null());
    return json_reply(status, j);
}

static reply create_game(const request *rq)
{
    static const char *const keys[] = {"variant", "options", "seed", "south", "north", "online", "seat", NULL};
    reply err;
    json_t *j = parse_body(rq, keys, &err);
    if (!j)
        return err;
    bool bad = false;
    const char *variant = str_field(j, "variant", &err, &bad);
    const char *options = bad ? NULL : str_field(j, "options", &err, &bad);
    const char *south = bad ? NULL : str_field(j, "south", &err, &bad);
    const char *north = bad ? NULL : str_field(j, "north", &err, &bad);
    const char *seat = bad ? NULL : str_field(j, "seat", &err, &bad);
    if (bad) {
        json_decref(j);
        return err;
    }
    if (!variant) {
        json_decref(j);
        return error_reply(400, "field 'variant' is required (see GET /api/variants)");
    }
    json_t *oj = json_object_get(j, "online");
    if (oj && !json_is_boolean(oj) && !json_is_null(oj)) {
        json_decref(j);
        return error_reply(400, "field 'online' must be true or false");
    }
    bool online = json_is_true(oj);
    if (seat && strcmp(seat, "S") != 0 && strcmp(seat, "N") != 0) {
        json_decref(j);
        return error_reply(400, "field 'seat' must be \"S\" or \"N\"");
    }
    if (seat && !online) {
        json_decref(j);
        return error_reply(400, "field 'seat' is for online games (\"online\": true)");
    }
    uint64_t seed = fresh_seed() & 0x7fffffffffffffull;
    json_t *sj = json_object_get(j, "seed");
    if (sj && !json_is_null(sj)) {
        if (!json_is_integer(sj) || json_integer_value(sj) < 0) {
            json_decref(j);
            return error_reply(400, "field 'seed' must be a whole number from 0");
        }
        seed = (uint64_t)json_integer_value(sj);
    }
    player ps[2] = {{PLAYER_HUMAN, 0, 0}, {online ? PLAYER_HUMAN : PLAYER_AI, 4, 0}};
    if ((south && api_player(south, &ps[0]) != 0) || (north && api_player(north, &ps[1]) != 0)) {
        err = error_reply(400, "bad player '%.40s' (human, random, ai or ai:1 ... ai:8)",
                          south && api_player(south, &ps[0]) != 0 ? south : north);
        json_decref(j);
        return err;
    }
    if (online && (ps[0].kind != PLAYER_HUMAN || ps[1].kind != PLAYER_HUMAN)) {
        json_decref(j);
        return error_reply(400, "an online game is between two people: leave out 'south' and 'north' or make both human");
    }
    gb_game *g;
    gb_error ge;
    if (gb_game_new(&g, variant, options, seed, &ge) != GB_OK) {
        json_decref(j);
        return error_reply(400, "%s", ge.msg);
    }
    slot *s = store_new_slot();
    char token[STORE_TOKEN_LEN + 1], invite[STORE_INVITE_LEN + 1];
    if (!s || store_random_hex(token, STORE_TOKEN_LEN / 2) != 0 ||
        (online && store_random_hex(invite, STORE_INVITE_LEN / 2) != 0)) {
        free(s);
        gb_game_free(g);
        json_decref(j);
        return error_reply(503, "no random numbers from the operating system; try again");
    }
    int my = online && seat && seat[0] == 'N' ? 1 : 0;
    snprintf(s->variant, sizeof s->variant, "%s", gb_game_variant(g));
    s->options = strdup(options ? options : "");
    json_decref(j);
    s->seed = seed;
    s->g = g;
    s->players[0] = ps[0];
    s->players[1] = ps[1];
    s->rng = seed ^ 0x5deece66dull;
    s->online = online;
    s->show_last = true;
    if (online) {
        store_sha256(token, STORE_TOKEN_LEN, s->tok[my]);
        store_sha256(invite, STORE_INVITE_LEN, s->invite);
        s->has_invite = true;
    } else { /* one token for the whole game: both sides of a hot seat, or the person's */
        store_sha256(token, STORE_TOKEN_LEN, s->tok[0]);
        memcpy(s->tok[1], s->tok[0], 32);
    }
    if (!s->options) {
        gb_game_free(g);
        free(s);
        return error_reply(500, "out of memory");
    }
    snprintf(s->owner, sizeof s->owner, "%s", rq->client ? rq->client : "");
    if (store_add(s) != 0) /* store_add frees s on failure */
        return error_reply(503, "the game could not be stored; try again");
    limits_game_added(s->owner);
    S.created++;
    if (!S.quiet)
        fprintf(stderr, "gabata serve: game %s: %s%s\n", s->id, s->variant, online ? " (online)" : "");
    s->pins++; /* held while answering */
    reply r = seat_reply(201, s, online ? (my ? "N" : "S") : "both", token, online ? invite : NULL);
    store_release(s);
    return r;
}

static reply play_move(slot *s, gb_move *m, bool parsed, const char *text)
{
    gb_error ge;
    int mover = gb_to_move(s->g);
    char *before = gb_state_json(s->g);
    int rc = parsed ? GB_OK : gb_move_parse(s->g, text, m, &ge);
    if (rc == GB_OK)
        rc = gb_play(s->g, m, &ge);
    if (rc != GB_OK) {
        free(before);
        int status = rc == GB_EINVAL ? 400 : rc == GB_EOVER ? 409 : rc == GB_ENOMEM ? 500 : 422;
        return error_reply(status, "%s", ge.msg);
    }
    note_move(s, mover, before);
    return saved_event(s, 200, "move", move_event(s));
}

static reply post_move(slot *s, const request *rq)
{
    static const char *const keys[] = {"move", NULL};
    reply err;
    if (s->ended)
        return error_reply(409, "the game is over");
    if (!may_act(s, rq, gb_is_over(s->g) ? -1 : gb_to_move(s->g), &err))
        return err;
    json_t *j = parse_body(rq, keys, &err);
    if (!j)
        return err;
    bool bad = false;
    const char *text = str_field(j, "move", &err, &bad);
    if (bad || !text) {
        json_decref(j);
        return bad ? err : error_reply(400, "field 'move' is required, e.g. {\"move\":\"C\"}");
    }
    gb_move m;
    reply r = play_move(s, &m, false, text);
    json_decref(j);
    return r;
}

/* The computer's move for p. With a node cap (serve_api_start; the fuzzer), the search is cut
 * to at most that many nodes (MCTS: playouts, a sixteenth of it) whatever the player's own
 * budget (ai:1 then always searches), so that no request can think for long; without one
 * (gabata serve), exactly player_choose with the player's own budget. */
static int computer_move(const player *p, const gb_game *g, uint64_t *rng, gb_move *out)
{
    if (!S.max_nodes || p->kind == PLAYER_RANDOM || p->kind == PLAYER_HUMAN)
        return player_choose(p, g, rng, out);
    if (gb_is_over(g))
        return -1;
    gb_search_opts o;
    player_budget(p, &o, gb_rand_next(rng));
    o.budget.movetime_ms = 0;
    o.budget.nodes = p->kind == PLAYER_MCTS ? (S.max_nodes + 15) / 16 : S.max_nodes;
    o.tt_mb = 1;
    gb_searcher *sr = gb_searcher_new(&o);
    if (!sr)
        return -1;
    gb_search_result res;
    int rc = p->kind == PLAYER_MCTS ? gb_mcts(sr, g, &o, &res, NULL) : gb_search(sr, g, &o, &res, NULL);
    gb_searcher_free(sr);
    if (rc != GB_OK)
        return gb_random_move(g, rng, out) == GB_OK ? 0 : -1;
    *out = res.best;
    return 0;
}

static const player *computer_asked_for(slot *s, const request *rq, player *tmp, reply *err)
{
    static const char *const keys[] = {"player", NULL};
    json_t *j = parse_body(rq, keys, err);
    if (!j)
        return NULL;
    bool bad = false;
    const char *p = str_field(j, "player", err, &bad);
    const player *out = NULL;
    if (bad) {
        out = NULL;
    } else if (p) {
        if (api_player(p, tmp) != 0 || tmp->kind == PLAYER_HUMAN)
            *err = error_reply(400, "bad player '%.40s' (random, ai or ai:1 ... ai:8)", p);
        else
            out = tmp;
    } else {
        int side = gb_to_move(s->g);
        *tmp = (side >= 0 && s->players[side].kind != PLAYER_HUMAN) ? s->players[side]
                                                                    : (player){PLAYER_AI, 4, 0};
        out = tmp;
    }
    json_decref(j);
    return out;
}

/* A search for a worker (pool.c): on a copy of the game, without the table's lock. The
 * slot stays pinned (so in memory, with its gb_game) until the worker has answered. */
typedef struct think_job {
    slot *s;
    gb_game *g;            /* the copy */
    player p;
    uint64_t rng;
    unsigned long version;
    bool hint;
    serve_done_fn done;
    void *ctx;
} think_job;

static reply hint_reply(const gb_game *g, const player *p, const gb_move *m)
{
    char mv[GB_MOVE_TEXT_MAX], d[64];
    gb_move_format(g, m, mv, sizeof mv);
    return json_reply(200, json_pack("{s:s,s:s}", "move", mv, "by", player_describe(p, d, sizeof d)));
}

static void think_run(void *arg, bool cancelled)
{
    think_job *j = arg;
    gb_move m;
    int rc = cancelled ? -1 : computer_move(&j->p, j->g, &j->rng, &m);
    pthread_mutex_lock(&S.lock);
    slot *s = j->s;
    reply r;
    if (!j->hint)
        s->thinking--;
    if (cancelled) {
        r = error_reply(503, "the server is stopping");
        r.retry_after = 5;
    } else if (rc != 0) {
        r = error_reply(500, j->hint ? "no move to suggest" : "the computer found no move");
    } else if (j->hint) {
        r = s->version == j->version ? hint_reply(s->g, &j->p, &m)
                                     : error_reply(409, "the game changed while the hint was searched");
    } else if (store_live(s) != 0) {
        r = error_reply(500, "game %s could not be read back", s->id);
    } else {
        s->rng = j->rng; /* as if the search had run on the game itself */
        r = play_move(s, &m, true, NULL);
    }
    store_release(s);
    pthread_mutex_unlock(&S.lock);
    gb_game_free(j->g);
    serve_done_fn done = j->done;
    void *ctx = j->ctx;
    free(j);
    done(ctx, r);
}

/* Search p's move in s: inline without a pool (or for a random player, which does not search),
 * else on a worker, answering "pending" (status 0). */
static reply think(slot *s, const request *rq, const player *p, bool hint)
{
    if (!rq->done || !pool_running() || p->kind == PLAYER_RANDOM) {
        gb_move m;
        uint64_t r = s->rng;
        if (computer_move(p, s->g, hint ? &r : &s->rng, &m) != 0)
            return error_reply(500, hint ? "no move to suggest" : "the computer found no move");
        return hint ? hint_reply(s->g, p, &m) : play_move(s, &m, true, NULL);
    }
    int retry = 0;
    if (!limits_take_ai(rq->client, &retry)) {
        reply r = error_reply(429, "too many computer moves and hints from this address (--ai-rate); "
                                   "try again in %d s", retry);
        r.retry_after = retry;
        return r;
    }
    think_job *j = calloc(1, sizeof *j);
    if (!j || !(j->g = gb_game_clone(s->g))) {
        free(j);
        return error_reply(500, "out of memory");
    }
    j->s = s;
    j->p = *p;
    j->rng = s->rng;
    j->version = s->version;
    j->hint = hint;
    j->done = rq->done;
    j->ctx = rq->ctx;
    if (!hint)
        s->thinking++;
    s->pins++;
    if (pool_submit(think_run, j) != 0) {
        if (!hint)
            s->thinking--;
        s->pins--;
        gb_game_free(j->g);
        free(j);
        reply r = error_reply(503, "every worker is busy and the queue is full (--queue); try again");
        r.retry_after = 2;
        return r;
    }
    return (reply){0, NULL, NULL, NULL, 0};
}

static reply post_computer(slot *s, const request *rq)
{
    player tmp;
    reply err;
    if (game_over(s))
        return error_reply(409, "the game is over");
    /* the side to move's seat asks (a person letting the computer choose), or any seat of the
     * game when that side is a computer player */
    int side = gb_to_move(s->g);
    if (!may_act(s, rq, side >= 0 && s->players[side].kind != PLAYER_HUMAN ? -1 : side, &err))
        return err;
    const player *p = computer_asked_for(s, rq, &tmp, &err);
    if (!p)
        return err;
    return think(s, rq, p, false);
}

static reply get_hint(slot *s, const request *rq)
{
    if (game_over(s))
        return error_reply(409, "the game is over");
    player p = {PLAYER_AI, 4, 0};
    return think(s, rq, &p, true);
}

/* Take back plies until `who` (a side, or -1: a person) is to move, at least one. */
static int take_back(slot *s, int who)
{
    int undone = 0;
    bool any_human = s->players[0].kind == PLAYER_HUMAN || s->players[1].kind == PLAYER_HUMAN;
    while (gb_history_length(s->g) > 0) {
        int mover = mover_of(s, gb_history_length(s->g) - 1);
        if (gb_undo(s->g, NULL) != GB_OK)
            break;
        undone++;
        if (who >= 0 ? mover == who : !any_human || s->players[gb_to_move(s->g)].kind == PLAYER_HUMAN)
            break;
    }
    if (undone) {
        free(s->before);
        s->before = NULL;
        s->show_last = false;
        s->offer_kind = 0;
    }
    return undone;
}

static reply post_undo(slot *s, const request *rq)
{
    reply err;
    if (!may_act(s, rq, -1, &err))
        return err;
    if (s->ended)
        return error_reply(409, "the game is over");
    if (s->online)
        return error_reply(409, "against a person an undo needs the opponent's consent: "
                                "POST /api/games/%s/undo/request, which the opponent answers", s->id);
    /* Take back plies until a person is to move (at least one), as the terminal game does; with
     * two computer players or two people, one ply. */
    int undone = take_back(s, -1);
    if (!undone)
        return error_reply(409, "nothing to undo");
    return saved_event(s, 200, "undo", json_pack("{s:i,s:i}", "undone", undone, "ply", gb_history_length(s->g)));
}

/* ---- the consent of the opponent: undo requests and draw offers; resignation ---- */
static bool accept_field(const request *rq, bool *accept, reply *err)
{
    static const char *const keys[] = {"accept", NULL};
    json_t *j = parse_body(rq, keys, err);
    if (!j)
        return false;
    json_t *a = json_object_get(j, "accept");
    bool ok = json_is_boolean(a);
    if (ok)
        *accept = json_is_true(a);
    else
        *err = error_reply(400, "field 'accept' is required: true or false");
    json_decref(j);
    return ok;
}

static reply offer(slot *s, const request *rq, char kind)
{
    reply err;
    if (!may_act(s, rq, -1, &err))
        return err;
    if (game_over(s))
        return error_reply(409, "the game is over");
    bool h0 = s->players[0].kind == PLAYER_HUMAN, h1 = s->players[1].kind == PLAYER_HUMAN;
    if (!(h0 && h1))
        return error_reply(409, kind == 'd' ? "the computer plays on: it takes no draws (resign instead)"
                                            : "against the computer, undo needs no consent: POST /api/games/%s/undo", s->id);
    if (s->offer_kind)
        return error_reply(409, "%s already offered %s: it is answered first", s->offer_by ? "North" : "South",
                           s->offer_kind == 'd' ? "a draw" : "an undo");
    int me = acting_seat(s, rq);
    if (kind == 'u') {
        bool moved = false;
        for (int i = 0; i < gb_history_length(s->g) && !moved; i++)
            moved = mover_of(s, i) == me;
        if (!moved)
            return error_reply(409, "nothing to undo: %s has not moved", me ? "North" : "South");
    }
    s->offer_kind = kind;
    s->offer_by = me;
    return saved_event(s, 200, "offer", json_pack("{s:s,s:s}", "kind", kind == 'd' ? "draw" : "undo", "by", me ? "N" : "S"));
}

static reply answer(slot *s, const request *rq, char kind)
{
    reply err;
    if (s->offer_kind != kind) {
        if (!may_act(s, rq, -1, &err))
            return err;
        return error_reply(409, "no %s is offered", kind == 'd' ? "draw" : "undo");
    }
    if (!may_act(s, rq, -1, &err))
        return err;
    if (!(rq->seats & (1 << !s->offer_by))) /* the opponent of the one who offered answers */
        return error_reply(403, "%s offered: the answer is %s's", s->offer_by ? "North" : "South",
                           s->offer_by ? "South" : "North");
    bool accept;
    if (!accept_field(rq, &accept, &err))
        return err;
    int by = s->offer_by, undone = 0;
    s->offer_kind = 0;
    if (accept && kind == 'd')
        s->ended = ENDED_DRAW_AGREED;
    else if (accept)
        undone = take_back(s, by);
    return saved_event(s, 200, "answer", json_pack("{s:s,s:s,s:b,s:i,s:i}", "kind", kind == 'd' ? "draw" : "undo",
                                                  "by", by ? "S" : "N", "accept", accept, "undone", undone,
                                                  "ply", gb_history_length(s->g)));
}

static reply post_draw_offer(slot *s, const request *rq) { return offer(s, rq, 'd'); }
static reply post_draw_answer(slot *s, const request *rq) { return answer(s, rq, 'd'); }
static reply post_undo_request(slot *s, const request *rq) { return offer(s, rq, 'u'); }
static reply post_undo_answer(slot *s, const request *rq) { return answer(s, rq, 'u'); }

static reply post_resign(slot *s, const request *rq)
{
    reply err;
    if (!may_act(s, rq, -1, &err))
        return err;
    if (game_over(s))
        return error_reply(409, "the game is over");
    int me = acting_seat(s, rq);
    s->ended = me ? ENDED_N_RESIGNED : ENDED_S_RESIGNED;
    s->offer_kind = 0;
    return saved_event(s, 200, "resign", json_pack("{s:s}", "by", me ? "N" : "S"));
}

/* POST /join: the invite gives the free seat of an online game, and its token, once. */
static reply post_join(slot *s, const request *rq)
{
    static const char *const keys[] = {"invite", NULL};
    reply err;
    json_t *j = parse_body(rq, keys, &err);
    if (!j)
        return err;
    bool bad = false;
    const char *inv = str_field(j, "invite", &err, &bad);
    if (bad || !inv) {
        json_decref(j);
        return bad ? err : error_reply(400, "field 'invite' is required: the code from the link");
    }
    unsigned char h[32];
    store_sha256(inv, strlen(inv), h);
    json_decref(j);
    if (s->online && s->joined)
        return error_reply(409, "both seats of this game are taken");
    if (!s->online || !s->has_invite || !store_same32(h, s->invite))
        return error_reply(403, "this invite is not this game's");
    int seat = store_same32(s->tok[0], no_token) ? 0 : 1;
    char token[STORE_TOKEN_LEN + 1];
    if (store_random_hex(token, STORE_TOKEN_LEN / 2) != 0)
        return error_reply(503, "no random numbers from the operating system; try again");
    store_sha256(token, STORE_TOKEN_LEN, s->tok[seat]);
    s->joined = true;
    s->has_invite = false;
    memset(s->invite, 0, sizeof s->invite);
    if (store_save(s) != 0)
        return error_reply(503, "the game could not be saved, so nothing changed; try again");
    s->version++;
    events_publish(s->id, "join", json_pack("{s:s}", "seat", seat ? "N" : "S"));
    return seat_reply(200, s, seat ? "N" : "S", token, NULL);
}

static reply get_record(slot *s, const request *rq)
{
    (void)rq;
    char date[16], p0[64], p1[64];
    time_t now = time(NULL);
    struct tm tmv;
    strftime(date, sizeof date, "%Y.%m.%d", gmtime_r(&now, &tmv));
    const char *ended = s->ended == ENDED_DRAW_AGREED ? "draw agreed" : s->ended == ENDED_S_RESIGNED
                      ? "south resigned" : s->ended == ENDED_N_RESIGNED ? "north resigned" : NULL;
    const char *tags[] = {"South", player_describe(&s->players[0], p0, sizeof p0), "North",
                          player_describe(&s->players[1], p1, sizeof p1), "Date", date,
                          ended ? "Ended" : NULL, ended, NULL};
    char *rec = gb_record_format(s->g, tags);
    if (!rec)
        return error_reply(500, "out of memory");
    reply r = {200, rec, "text/plain; charset=utf-8", "attachment; filename=\"gabata.rec\"", 0};
    return r;
}

/* ---- routing: a table of (method, path pattern, handler) ---- */
static reply get_variants(slot *s, const request *rq)
{
    (void)s, (void)rq;
    return json_reply(200, catalog_json());
}

static reply get_health(slot *s, const request *rq)
{
    (void)s, (void)rq;
    store_stats st;
    store_stats_get(&st);
    int waiting, running, workers;
    pool_counts(&waiting, &running, &workers);
    return json_reply(200, json_pack("{s:s,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:{s:i,s:i,s:i}}", "status", "ok",
                                     "games", (json_int_t)st.stored, "in_memory", (json_int_t)st.held,
                                     "live", (json_int_t)st.live, "memory_bytes", (json_int_t)st.slot_bytes,
                                     "loaded", (json_int_t)st.loaded, "dropped", (json_int_t)st.dropped,
                                     "expired", (json_int_t)st.expired, "created", (json_int_t)S.created,
                                     "requests", (json_int_t)S.requests, "workers", "threads", workers,
                                     "thinking", running, "waiting", waiting));
}

static reply post_games(slot *s, const request *rq)
{
    (void)s;
    return create_game(rq);
}

static reply get_game(slot *s, const request *rq)
{
    (void)rq;
    return view_reply(200, s);
}

static reply delete_game(slot *s, const request *rq)
{
    reply err;
    if (!may_act(s, rq, -1, &err))
        return err;
    if (s->online && s->joined && !game_over(s))
        return error_reply(409, "both players are in this game: resign first, then delete it");
    char id[sizeof s->id];
    memcpy(id, s->id, sizeof id);
    limits_game_dropped(s->owner);
    store_delete(s);
    events_forget(id);
    return json_reply(200, json_pack("{s:s,s:b}", "id", id, "deleted", 1));
}

#define GAME_PATH "/api/games/{id}" /* {id}: one path segment, a game's id */
typedef struct route {
    const char *method;
    const char *path;        /* exact, but for GAME_PATH's {id} */
    reply (*handler)(slot *s, const request *rq); /* s: the game named, or NULL */
    const char *other_method; /* the 405 message for the path with another method */
} route;
static const route routes[] = {
    {"GET", "/api/variants", get_variants, "use GET for /api/variants"},
    {"GET", "/api/health", get_health, "use GET for /api/health"},
    {"POST", "/api/games", post_games, "use POST for /api/games to start a game"},
    {"GET", GAME_PATH, get_game, "use GET or DELETE for a game"},
    {"DELETE", GAME_PATH, delete_game, "use GET or DELETE for a game"},
    {"POST", GAME_PATH "/moves", post_move, "use POST for moves"},
    {"POST", GAME_PATH "/computer", post_computer, "use POST for computer"},
    {"POST", GAME_PATH "/undo", post_undo, "use POST for undo"},
    {"POST", GAME_PATH "/undo/request", post_undo_request, "use POST for undo/request"},
    {"POST", GAME_PATH "/undo/answer", post_undo_answer, "use POST for undo/answer"},
    {"POST", GAME_PATH "/draw/offer", post_draw_offer, "use POST for draw/offer"},
    {"POST", GAME_PATH "/draw/answer", post_draw_answer, "use POST for draw/answer"},
    {"POST", GAME_PATH "/resign", post_resign, "use POST for resign"},
    {"POST", GAME_PATH "/join", post_join, "use POST for join"},
    {"GET", GAME_PATH "/hint", get_hint, "use GET for hint"},
    {"GET", GAME_PATH "/record", get_record, "use GET for record"},
};
#define NUM_ROUTES (sizeof routes / sizeof routes[0])

/* Does path match the pattern ({id} standing for one non-empty segment)? */
static bool path_matches(const char *pattern, const char *path)
{
    while (*pattern) {
        if (strncmp(pattern, "{id}", 4) == 0) {
            size_t seg = strcspn(path, "/");
            if (seg == 0)
                return false;
            path += seg;
            pattern += 4;
        } else if (*pattern++ != *path++) {
            return false;
        }
    }
    return *path == 0;
}

/* The game a /api/games/ID... path names: the slot (pinned: the caller releases it), or NULL with
 * the 404 in *err. Its gb_game is made current (rebuilt from the database if need be). */
static slot *game_named(const char *path, reply *err)
{
    char id[64] = "";
    const char *rest = path + strlen("/api/games/"), *slash = strchr(rest, '/');
    size_t idlen = slash ? (size_t)(slash - rest) : strlen(rest);
    if (idlen >= sizeof id) {
        *err = error_reply(404, "no game with id '%.40s'", rest);
        return NULL;
    }
    memcpy(id, rest, idlen);
    id[idlen] = 0;
    slot *s = store_find(id);
    if (!s) {
        *err = error_reply(404, "no game with id '%.40s' (it may have expired: docs/api.md)", id);
        return NULL;
    }
    s->pins++;
    if (store_live(s) != 0) {
        store_release(s);
        *err = error_reply(500, "game %s could not be read back", id);
        return NULL;
    }
    return s;
}

/* /api/...: the route of the path and method; a path known with another method is a 405, an
 * unknown game a 404 before anything else. */
static reply route_api(const char *method, const char *path, request *rq)
{
    const route *hit = NULL, *known = NULL;
    const bool of_game = strncmp(path, "/api/games/", 11) == 0;
    const char *slash = of_game ? strchr(path + 11, '/') : NULL;
    char trimmed[128]; /* /api/games/ID/ is the game itself */
    const char *match = path;
    size_t plen = strlen(path);
    if (of_game && plen > 11 && path[plen - 1] == '/' && plen - 1 < sizeof trimmed) {
        memcpy(trimmed, path, plen - 1);
        trimmed[plen - 1] = 0;
        match = trimmed;
    }
    for (size_t i = 0; i < NUM_ROUTES && !hit; i++) {
        if (!path_matches(routes[i].path, match))
            continue;
        known = known ? known : &routes[i];
        if (strcmp(method, routes[i].method) == 0)
            hit = &routes[i];
    }
    slot *s = NULL;
    if (of_game) {
        reply err;
        if (!(s = game_named(path, &err)))
            return err;
        rq->seats = token_seats(s, rq->auth);
    }
    reply r;
    if (hit && s && s->thinking && strcmp(method, "GET") != 0)
        r = error_reply(409, "the computer is thinking in this game: try again once it has moved");
    else if (hit)
        r = hit->handler(s, rq);
    else if (known)
        r = error_reply(405, "%s", known->other_method);
    else if (of_game)
        r = error_reply(404, "no such action '%.40s' (moves, computer, undo, hint, record, join, resign, "
                             "draw/offer, draw/answer, undo/request, undo/answer)", slash ? slash + 1 : "");
    else
        r = error_reply(404, "no such API endpoint: %.100s", path);
    store_release(s);
    return r;
}

/* ---- the API without the network (cli.h): the MHD callback, the fuzzer and the tests ---- */
int serve_api_start(const serve_config *cfg)
{
    serve_api_stop();
    char err[512];
    if (store_open(cfg->data_dir, cfg->max_games, cfg->max_live > 0 ? cfg->max_live : 2048, cfg->durable,
                   err, sizeof err) != 0) {
        fprintf(stderr, "gabata: cannot use the data folder: %s\n", err);
        return -1;
    }
    S.max_body = cfg->max_body;
    S.idrng = cfg->seed;
    S.quiet = cfg->quiet;
    S.max_nodes = cfg->max_nodes > 0 ? cfg->max_nodes : 0;
    S.created = S.requests = 0;
    S.started = true;
    return 0;
}

void serve_api_stop(void)
{
    if (S.started)
        store_close();
    S.started = false;
}

serve_answer serve_api_request(const serve_request *sr)
{
    pthread_mutex_lock(&S.lock);
    S.requests++;
    reply r;
    if (!S.started)
        r = error_reply(500, "the server is not started");
    else if (sr->len > S.max_body)
        r = error_reply(413, "request body too large (at most %zu bytes)", S.max_body);
    else {
        store_tick();
        request rq = {(char *)sr->body, sr->body ? sr->len : 0, 0, false, sr->auth, -1, sr->client, sr->done, sr->ctx};
        r = route_api(sr->method, sr->url, &rq);
    }
    pthread_mutex_unlock(&S.lock);
    return r;
}

serve_answer serve_api_as(const char *method, const char *url, const char *auth, const char *body, size_t len)
{
    const serve_request sr = {method, url, body, len, NULL, auth, NULL, NULL};
    return serve_api_request(&sr);
}

serve_answer serve_api(const char *method, const char *url, const char *body, size_t len)
{
    return serve_api_as(method, url, NULL, body, len);
}

/* The seat a stream's Authorization header names (serve.h): 0 South, 1 North, -1 none (a
 * spectator; also a hot seat's one token, which is both), -2 no such game. */
int serve_game_seat(const char *game_id, const char *auth)
{
    pthread_mutex_lock(&S.lock);
    int r = -2;
    slot *s = S.started ? store_find(game_id) : NULL;
    if (s) {
        int mask = auth && strlen(auth) < 256 ? token_seats(s, auth) : -1;
        r = mask == 1 ? 0 : mask == 2 ? 1 : -1;
    }
    pthread_mutex_unlock(&S.lock);
    return r;
}

void serve_api_counts(long *created, long *requests)
{
    pthread_mutex_lock(&S.lock);
    *created = S.created;
    *requests = S.requests;
    pthread_mutex_unlock(&S.lock);
}
