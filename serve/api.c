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
#include "clock.h"
#include "lobby.h"
#include "names.h"
#include "players.h"
#include "serve.h"
#include "store.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
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
#include "web_assets.h"

/* ---- games: store.c holds them (memory and the database) ---- */
static struct {
    size_t max_body;
    uint64_t idrng;      /* the seeds of games created without one (not ids: store_random) */
    bool quiet, started;
    long long max_nodes; /* 0, or a cap on every computer move and hint (serve_api_start) */
    int threads;         /* alpha-beta's threads for every computer move and hint */
    long since;          /* the request's ?since=K (the history from ply K on), or -1 */
    long created, requests;
    pthread_mutex_t lock;
} S = {.lock = PTHREAD_MUTEX_INITIALIZER, .since = -1};

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

/* A game's rules lines (gb_rules_lines): [{"text", "ruling", "option"}...] (docs/api.md). */
static json_t *rules_lines_json(const gb_rule_line *l, int n)
{
    json_t *arr = json_array();
    for (int i = 0; i < n && i < GB_RULE_LINES_MAX; i++)
        json_array_append_new(arr, json_pack("{s:s,s:o,s:o}", "text", l[i].text, "ruling",
                                             l[i].ruling ? json_string(l[i].ruling) : json_null(),
                                             "option", l[i].option ? json_string(l[i].option) : json_null()));
    return arr;
}

static const char *end_reason_name(int ended)
{
    switch (ended) {
    case ENDED_DRAW_AGREED: return "agreed";
    case ENDED_S_TIME:
    case ENDED_N_TIME: return "time";
    case ENDED_ABORTED:
    case ENDED_EARLY: return "aborted";
    case ENDED_S_ABANDONED:
    case ENDED_N_ABANDONED:
    case ENDED_ABANDONED_DRAW: return "abandoned";
    default: return "resigned";
    }
}

/* The view of a game the players ended (a draw agreed, a resignation): over, no moves. */
static void end_by_players(const slot *s, json_t *view)
{
    json_t *state = json_object_get(view, "state");
    json_t *stores = json_object_get(state, "stores");
    int outcome = rating_outcome(s->ended, false, GB_NOBODY);
    const char *winner = outcome == OUTCOME_S_WINS ? "S" : outcome == OUTCOME_N_WINS ? "N" : NULL;
    json_object_set_new(state, "over", json_true());
    json_object_set_new(state, "to_move", json_null());
    json_object_set_new(state, "result", json_pack("{s:o,s:O}", "winner", winner ? json_string(winner) : json_null(),
                                                   "scores", stores ? stores : json_null()));
    json_object_set_new(state, "end_reason", json_string(end_reason_name(s->ended)));
    if (s->ended == ENDED_ABORTED || s->ended == ENDED_EARLY) /* why, for the page's words */
        json_object_set_new(state, "abort_reason", json_string(s->ended == ENDED_EARLY ? "early" : "first_move"));
    json_object_set_new(view, "moves", json_array());
    json_object_set_new(view, "free_move", json_null());
}

/* The player accounts on the seats (a game from the lobby): {"S": {"id", "name"}, "N": ...}, or
 * null for a game without any. */
static json_t *accounts_json(const slot *s)
{
    if (!s->player_id[0][0] && !s->player_id[1][0])
        return json_null();
    json_t *out = json_object();
    for (int side = 0; side < 2; side++) {
        char name[NAME_BUF];
        json_t *a = json_null();
        if (s->player_id[side][0] && players_name(s->player_id[side], name, sizeof name) == 1)
            a = json_pack("{s:s,s:s}", "id", s->player_id[side], "name", name);
        json_object_set_new(out, side ? "N" : "S", a);
    }
    return out;
}

/* The view of a game. watch: its streams open (S, N, spectators), or NULL to ask. */
static json_t *view_json(slot *s, const int *watch, bool with_history)
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
    for (int i = 0; with_history && i < gb_history_length(g); i++) {
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
    if (out) { /* every rule for this game's options, each with its rulings (issue 22 §2) */
        gb_rule_line rl[GB_RULE_LINES_MAX];
        json_object_set_new(out, "rules", rules_lines_json(rl, gb_rules_lines(g, rl, GB_RULE_LINES_MAX)));
    }
    if (out && s->ended) /* agreed or resigned: over, whatever the board says */
        end_by_players(s, out);
    if (out && !with_history) /* view_reply puts in its kept text instead */
        json_object_del(out, "history");
    if (out) {
        json_object_set_new(out, "online", json_boolean(s->online));
        json_object_set_new(out, "joined", json_boolean(s->joined));
        json_object_set_new(out, "offer", s->offer_kind ? json_pack("{s:s,s:s}", "kind",
                            s->offer_kind == 'd' ? "draw" : s->offer_kind == 'r' ? "rematch" : "undo", "by",
                            s->offer_by ? "N" : "S") : json_null());
        json_object_set_new(out, "rated", json_boolean(s->rated));
        if (s->online) /* a seat to move gone this long may be claimed against (POST /claim) */
            json_object_set_new(out, "abandon_grace_s", json_integer(lobby_abandon_grace()));
        json_object_set_new(out, "rematch", s->rematch_id[0] ? json_string(s->rematch_id) : json_null());
        json_object_set_new(out, "accounts", accounts_json(s));
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

/* The view's "history" as JSON text, kept in the slot and appended to move by move: building
 * it from the whole list on every answer made a move's cost grow with the game (hardening 6). An
 * undo (hist_cut) makes it rebuilt once. */
static int hist_sync(slot *s)
{
    int n = gb_history_length(s->g);
    if (s->hist_cut < s->hist_n || s->hist_n > n) {
        s->hist_n = 0;
        s->hist_len = 0;
    }
    s->hist_cut = INT_MAX;
    for (int i = s->hist_n; i < n; i++) {
        char mv[GB_MOVE_TEXT_MAX];
        gb_move_format(s->g, gb_history_move(s->g, i), mv, sizeof mv);
        json_t *e = json_pack("{s:s,s:s}", "move", mv, "by", mover_of(s, i) ? "N" : "S");
        char *t = e ? json_dumps(e, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
        json_decref(e);
        if (!t)
            return -1;
        size_t tl = strlen(t);
        if (s->hist_len + tl + 2 > s->hist_cap) {
            size_t cap = s->hist_cap ? s->hist_cap : 256;
            while (cap < s->hist_len + tl + 2)
                cap *= 2;
            char *h = realloc(s->hist, cap);
            if (!h) {
                free(t);
                return -1;
            }
            s->hist = h;
            s->hist_cap = cap;
        }
        if (s->hist_len)
            s->hist[s->hist_len++] = ',';
        memcpy(s->hist + s->hist_len, t, tl);
        s->hist_len += tl;
        free(t);
        s->hist_n = i + 1;
    }
    return 0;
}

/* The view's "clock" as `,"clock":{...}`, or "" for a game without one. */
static char *clock_member(const slot *s)
{
    if (s->clock_initial_ms <= 0)
        return strdup("");
    json_t *c = clock_json(&s->clk, s->clock_initial_ms, s->clock_increment_ms, clock_now_ms());
    char *t = c ? json_dumps(c, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(c);
    if (!t)
        return NULL;
    size_t n = strlen(t) + 16;
    char *m = malloc(n);
    if (m)
        snprintf(m, n, ",\"clock\":%s", t);
    free(t);
    return m;
}

/* Where entry k of the kept history text starts, found from its end: a walk over the entries
 * after k only (entries are {"move":...,"by":...} joined by commas; a move text holds no brace). */
static size_t hist_offset(const slot *s, int k)
{
    if (k <= 0 || !s->hist)
        return 0;
    if (k >= s->hist_n)
        return s->hist_len;
    int back = s->hist_n - k;
    for (size_t i = s->hist_len; i > 1; i--)
        if (s->hist[i - 1] == '{' && s->hist[i - 2] == ',' && --back == 0)
            return i - 1;
    return 0;
}

/* The view is answered after every change and read by the other player (and spectators) until
 * the next: it is kept as text in the live slot, and the reads are a copy of it instead of a
 * rebuild (the state, the move list, the trace and the history, put together by jansson, were the
 * most of a request's time). It is good while the game's version (every saved change counts one)
 * and its open streams are those it was built with. The history (kept as text of its own,
 * appended to) and the clock (which changes with time) are put in at each answer: the whole
 * history, or with ?since=K (S.since) the moves from ply K on, so that a client that keeps the
 * list costs the same at every ply. */
static reply view_reply(int status, slot *s)
{
    int watch[3] = {0, 0, 0};
    if (s->online)
        events_watchers(s->id, watch);
    char *base = NULL;
    if (s->view && s->view_version == s->version && memcmp(watch, s->view_watch, sizeof watch) == 0) {
        base = s->view;
    } else {
        json_t *j = view_json(s, watch, false);
        base = j ? json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
        json_decref(j);
        if (!base)
            return error_reply(500, "out of memory");
        free(s->view);
        s->view = base;
        s->view_version = s->version;
        memcpy(s->view_watch, watch, sizeof watch);
    }
    if (hist_sync(s) != 0)
        return error_reply(500, "out of memory");
    char *clock = clock_member(s);
    if (!clock)
        return error_reply(500, "out of memory");
    long from = S.since > 0 ? (S.since < s->hist_n ? S.since : s->hist_n) : 0;
    size_t at = hist_offset(s, (int)from);
    char head[64] = "";
    if (S.since >= 0)
        snprintf(head, sizeof head, ",\"history_from\":%ld", from);
    size_t bl = strlen(base), hl = s->hist_len - at, cl = strlen(clock), hd = strlen(head);
    char *body = malloc(bl + hd + 13 + hl + 1 + cl + 2);
    if (!body) {
        free(clock);
        return error_reply(500, "out of memory");
    }
    char *o = body;
    memcpy(o, base, bl - 1), o += bl - 1; /* (without its closing brace) */
    memcpy(o, head, hd), o += hd;
    memcpy(o, ",\"history\":[", 12), o += 12;
    if (hl)
        memcpy(o, s->hist + at, hl), o += hl;
    *o++ = ']';
    memcpy(o, clock, cl), o += cl;
    *o++ = '}';
    *o = 0;
    free(clock);
    return (reply){status, body, "application/json", NULL, 0};
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
    const char *path;     /* the URL without its query */
    const char *query;    /* what follows the '?', or "" */
    bool of_game;         /* a request on a game: its body may carry "ply" (route_api checks it) */
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
        gb_rule_line all[GB_RULE_LINES_MAX];
        int nl = gb_variant_rules_lines(v, NULL, all, GB_RULE_LINES_MAX, NULL);
        if (gb_variant_rules_text(v, &t) == GB_OK && nl > 0) { /* every rule, at the defaults */
            json_t *lines = json_array();
            for (int k = 0; k < nl && k < GB_RULE_LINES_MAX; k++)
                json_array_append_new(lines, json_string(all[k].text));
            rules = json_pack("{s:s,s:s,s:o,s:o}", "where", t.origin, "terms", t.words, "lines", lines,
                              "why", rules_lines_json(all, nl));
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
        bool known = rq->of_game && strcmp(k, "ply") == 0; /* checked by route_api (ply_stale) */
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
    s->offer_kind = 0; /* a move answers any offer: it lapses (and the ply it is at changes, so
                        * each player may offer again: offer) */
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

/* The player an Authorization header's key names: 1 and the id, 0 none, -1 the database failed. */
static int auth_player(const char *auth, char *id)
{
    if (!auth)
        return 0;
    while (*auth == ' ')
        auth++;
    if (strncasecmp(auth, "Bearer ", 7) != 0)
        return 0;
    auth += 7;
    while (*auth == ' ')
        auth++;
    size_t n = strcspn(auth, " \t");
    if (n != STORE_TOKEN_LEN) /* a player's key is 64 hex digits like a token */
        return 0;
    unsigned char h[32];
    store_sha256(auth, n, h);
    return players_by_key(h, id);
}

/* The seats the request holds: by the game's tokens, or by a player's key on a seat of his (a
 * game from the lobby, or its rematch). As token_seats. */
static int auth_seats(const slot *s, const char *auth)
{
    int mask = token_seats(s, auth);
    if (mask == 0 && (s->player_id[0][0] || s->player_id[1][0])) {
        char me[STORE_ID_LEN + 1];
        if (auth_player(auth, me) == 1)
            for (int side = 0; side < 2; side++)
                if (strcmp(s->player_id[side], me) == 0)
                    mask |= 1 << side;
    }
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
        *err = error_reply(403, SN_("this token is not a seat of game %s"), s->id);
        return false;
    }
    if (side >= 0 && !(rq->seats & (1 << side))) {
        *err = error_reply(403, SN_("it is %s's turn, and this token is %s's"), side ? "North" : "South",
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

/* Has the seat made a move of the game (a forced one the server played for it included)? */
static bool seat_moved(const slot *s, int side)
{
    for (int i = 0; i < gb_history_length(s->g); i++)
        if (mover_of(s, i) == side)
            return true;
    return false;
}

/* How a game ends that its players end (ENDED_*): a game between named players (the lobby's,
 * rated or casual) that ends before each player has moved is aborted instead, whoever resigned,
 * agreed or ran out of time, or the rules ended it (a game of max-plies=1, over after South's
 * move, was rated: one move a game to farm a rating): nobody wins and no rating changes (as
 * lichess; docs/api.md). ended ENDED_NO: the rules' end, which stands once both have moved. */
static int early_end(const slot *s, int ended)
{
    if (s->player_id[0][0] && s->player_id[1][0] && !(seat_moved(s, 0) && seat_moved(s, 1)))
        return ENDED_EARLY;
    return ended;
}

/* Commit the change, then answer the view (201 for a new game, with the seat and its token). */
/* The change is published to the game's event streams once it is committed (type NULL: none);
 * data is taken over. */
static reply saved_event(slot *s, int status, const char *type, json_t *data)
{
    if (s->clock_initial_ms > 0 && s->clk.running >= 0 && game_over(s))
        clock_stop(&s->clk, clock_now_ms()); /* ended otherwise than by the clock: it stops as it stands */
    if (store_save(s) != 0) {
        json_decref(data);
        return error_reply(503, SN_("the game could not be saved, so nothing changed; try again"));
    }
    s->version++;
    if (type && json_is_array(data)) { /* several events of one change (a move and the forced ones after it) */
        size_t i;
        json_t *e;
        json_array_foreach(data, i, e)
            events_publish(s->id, type, json_incref(e));
        json_decref(data);
    } else if (type) {
        events_publish(s->id, type, data);
    } else {
        json_decref(data);
    }
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

/* A clocked game whose side to move has run out of time (or missed his first move's window) ends
 * now, whichever request finds it first: the timer's or any other. true if it ended here (saved
 * and told to the game's streams: a "time" event, then "over"). */
static bool clock_settle(slot *s, int64_t now)
{
    int side = 0;
    if (s->clock_initial_ms <= 0 || game_over(s))
        return false;
    int due = clock_due(&s->clk, now, &side);
    if (due == CLOCK_OK)
        return false;
    s->ended = due == CLOCK_ABORT ? ENDED_ABORTED : early_end(s, side ? ENDED_N_TIME : ENDED_S_TIME);
    if (s->ended == ENDED_EARLY)
        due = CLOCK_ABORT; /* (told as an abort) */
    if (due == CLOCK_FLAG)
        s->clk.left_ms[side] = 0;
    s->clk.running = -1;
    s->clk.deadline_ms = 0;
    s->offer_kind = 0;
    json_t *ev = json_pack("{s:s,s:s,s:o,s:i}", "side", side ? "N" : "S", "end_reason",
                           due == CLOCK_ABORT ? "aborted" : "time", "winner",
                           due == CLOCK_ABORT ? json_null() : json_string(side ? "S" : "N"), "ply",
                           gb_history_length(s->g));
    reply r = saved_event(s, 200, "time", ev);
    free(r.body);
    return true;
}

static reply seat_reply(int status, slot *s, const char *seat, const char *token, const char *invite)
{
    json_t *j = view_json(s, NULL, true);
    if (!j)
        return error_reply(500, "out of memory");
    if (s->clock_initial_ms > 0)
        json_object_set_new(j, "clock", clock_json(&s->clk, s->clock_initial_ms, s->clock_increment_ms, clock_now_ms()));
    json_object_set_new(j, "seat", json_string(seat));
    json_object_set_new(j, "token", json_string(token));
    json_object_set_new(j, "invite", invite ? json_string(invite) : json_null());
    return json_reply(status, j);
}

static reply create_game(const request *rq)
{
    static const char *const keys[] = {"variant", "options", "seed", "south", "north", "online", "seat", "clock", NULL};
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
    int64_t clock_initial = 0, clock_increment = 0;
    char cerr[200];
    if (clock_parse(json_object_get(j, "clock"), &clock_initial, &clock_increment, cerr, sizeof cerr) != 0) {
        json_decref(j);
        return error_reply(400, "%s", cerr);
    }
    if (clock_initial && !online) {
        json_decref(j);
        return error_reply(400, "field 'clock' is for online games (\"online\": true)");
    }
    uint64_t seed = fresh_seed() & 0x7fffffffffffffull;
    json_t *sj = json_object_get(j, "seed");
    if (sj && !json_is_null(sj) && online) {
        /* the seed would tell the creator every chance outcome (Qelat's lots): online the server
         * draws them from the operating system (hardening 3) */
        json_decref(j);
        return error_reply(400, "field 'seed' is for games on one machine: an online game's chance is the server's");
    }
    if (sj && !json_is_null(sj)) {
        if (!json_is_integer(sj) || json_integer_value(sj) < 0) {
            json_decref(j);
            return error_reply(400, "field 'seed' must be a whole number from 0");
        }
        seed = (uint64_t)json_integer_value(sj);
    }
    player ps[2] = {{PLAYER_HUMAN, 0, 0, 0}, {online ? PLAYER_HUMAN : PLAYER_AI, 4, 0, 0}};
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
        return error_reply(503, SN_("no random numbers from the operating system; try again"));
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
    s->clock_initial_ms = clock_initial;
    s->clock_increment_ms = clock_increment;
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
        return error_reply(503, SN_("the game could not be stored; try again"));
    limits_game_added(s->owner);
    S.created++;
    if (!S.quiet)
        fprintf(stderr, "gabata serve: game %s: %s%s\n", s->id, s->variant, online ? " (online)" : "");
    s->pins++; /* held while answering */
    reply r = seat_reply(201, s, online ? (my ? "N" : "S") : "both", token, online ? invite : NULL);
    store_release(s);
    return r;
}

/* gb_play, with an online game's chance drawn from the operating system when it is needed:
 * the game's own source is seeded, and its seed known to whoever could learn it (hardening 3).
 * gb_play writes back the outcome it drew (Qelat's lots at 2/2, Q7): that ply is played again with
 * the operating system's outcome instead. */
static int play_drawing(slot *s, gb_move *m, gb_error *ge)
{
    bool given = m->chance != 0;
    int rc = gb_play(s->g, m, ge);
    if (rc != GB_OK || !s->online || given || !m->chance)
        return rc;
    unsigned char b;
    if (store_random(&b, 1) != 0 || gb_undo(s->g, ge) != GB_OK) {
        s->stale = true; /* memory holds a ply the database will not: read it back next */
        snprintf(ge->msg, sizeof ge->msg, SN_("no random numbers from the operating system; try again"));
        return GB_ENOMEM;
    }
    m->chance = (uint8_t)(1 + (b & 1));
    return gb_play(s->g, m, ge);
}

/* A clocked game: while the side to move has a single legal move (a pass, a forced sowing), the
 * server plays it at once, as part of the change that led to it, so that it costs nobody thinking
 * time and nobody can stall on it (docs/api.md, "Clocks"). Its "move" event joins evs. */
static void play_forced(slot *s, json_t *evs, int64_t now)
{
    for (int guard = 0; guard < 1024 && s->clock_initial_ms > 0 && !game_over(s); guard++) {
        gb_move ms[2];
        if (gb_legal_moves(s->g, ms, 2) != 1)
            return;
        gb_error ge;
        int mover = gb_to_move(s->g);
        char *before = gb_state_json(s->g);
        if (play_drawing(s, &ms[0], &ge) != GB_OK) {
            free(before);
            return;
        }
        note_move(s, mover, before);
        clock_moved(&s->clk, mover, true, game_over(s) ? -1 : gb_to_move(s->g), s->clock_initial_ms,
                    s->clock_increment_ms, now);
        json_array_append_new(evs, move_event(s));
    }
}

static reply play_move(slot *s, gb_move *m, bool parsed, const char *text)
{
    gb_error ge;
    int64_t now = clock_now_ms();
    if (clock_settle(s, now) || s->ended)
        return error_reply(409, SN_("the game is over"));
    if (s->clock_initial_ms > 0 && !s->clk.started)
        return error_reply(409, SN_("the clock starts when both seats are taken: wait for the opponent to join"));
    int mover = gb_to_move(s->g);
    char *before = gb_state_json(s->g);
    int rc = parsed ? GB_OK : gb_move_parse(s->g, text, m, &ge);
    if (rc == GB_OK && s->online && m->chance) {
        free(before);
        return error_reply(400, "in an online game the server draws the lots: send the move without '@S' or '@N'");
    }
    if (rc == GB_OK)
        rc = play_drawing(s, m, &ge);
    if (rc != GB_OK) {
        free(before);
        int status = rc == GB_EINVAL ? 400 : rc == GB_EOVER ? 409 : rc == GB_ENOMEM ? 500 : 422;
        return error_reply(status, "%s", ge.msg);
    }
    note_move(s, mover, before);
    json_t *evs = json_array();
    if (s->clock_initial_ms > 0)
        clock_moved(&s->clk, mover, false, game_over(s) ? -1 : gb_to_move(s->g), s->clock_initial_ms,
                    s->clock_increment_ms, now);
    json_array_append_new(evs, move_event(s));
    play_forced(s, evs, now);
    if (gb_is_over(s->g) && !s->ended) /* the rules ended it (max-plies=1): too early to count? */
        s->ended = early_end(s, ENDED_NO);
    return saved_event(s, 200, "move", evs);
}

static reply post_move(slot *s, const request *rq)
{
    static const char *const keys[] = {"move", NULL};
    reply err;
    if (s->ended)
        return error_reply(409, SN_("the game is over"));
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
static int computer_move(const player *p0, const gb_game *g, uint64_t *rng, gb_move *out, gb_search_result *res_out)
{
    player q = *p0; /* gabata serve --threads */
    q.threads = S.threads;
    const player *p = &q;
    gb_search_result unused;
    if (!res_out)
        res_out = &unused;
    memset(res_out, 0, sizeof *res_out);
    if (!S.max_nodes || p->kind == PLAYER_RANDOM || p->kind == PLAYER_HUMAN)
        return player_think(p, g, rng, out, res_out);
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
    *res_out = res;
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
                                                                    : (player){PLAYER_AI, 4, 0, 0};
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
    gb_search_result res;  /* the hint's search: its exact value, if proven */
    long since;            /* the request's ?since= (view_reply) */
    char client[64];       /* who asked: its bucket pays for the worker's time */
    double estimate;       /* the worker-seconds taken from it when it was queued */
    serve_done_fn done;
    void *ctx;
    bool cancelled;        /* think_run's outcome, for think_answer: */
    int rc;
    gb_move m;
} think_job;

/* The worker time a search is expected to take: a timed level its time; one searched to a fixed
 * depth a little (it is settled with the time really spent once it has run). */
static double think_estimate(const player *p)
{
    gb_search_opts o;
    player_budget(p, &o, 0);
    return o.budget.movetime_ms > 0 ? (double)o.budget.movetime_ms / 1000.0 : 0.05;
}


/* The hint: its move, who chose it, and whether its value is proven (`exact`; with --tables,
 * `margin`: the side to move's final margin under best play, docs/api.md). */
static reply hint_reply(const gb_game *g, const player *p, const gb_move *m, const gb_search_result *res)
{
    char mv[GB_MOVE_TEXT_MAX], d[64];
    gb_move_format(g, m, mv, sizeof mv);
    json_t *j = json_pack("{s:s,s:s,s:b}", "move", mv, "by", player_describe(p, d, sizeof d), "exact",
                          res->exact == 2);
    if (j && res->exact == 2)
        json_object_set_new(j, "margin", json_integer(res->margin));
    return json_reply(200, j);
}

/* On a worker: the search (pool.c then counts it done, and think_answer tells the client). */
static void think_run(void *arg, bool cancelled)
{
    think_job *j = arg;
    double t0 = serve_now_s();
    j->cancelled = cancelled;
    j->rc = cancelled ? -1 : computer_move(&j->p, j->g, &j->rng, &j->m, &j->res);
    /* the address pays what the worker spent (nothing for a search cancelled before it ran) */
    limits_charge_ai(j->client, j->estimate, cancelled ? 0.0 : serve_now_s() - t0);
}

static void think_answer(void *arg)
{
    think_job *j = arg;
    bool cancelled = j->cancelled;
    int rc = j->rc;
    gb_move m = j->m;
    pthread_mutex_lock(&S.lock);
    slot *s = j->s;
    reply r;
    if (!j->hint)
        s->thinking--;
    if (cancelled) {
        r = pool_running() ? error_reply(503, SN_("every worker is busy and the queue is full (--queue): this search "
                                              "gave its place to another address's; try again"))
                           : error_reply(503, SN_("the server is stopping"));
        r.retry_after = pool_running() ? 2 : 5;
    } else if (rc != 0) {
        r = error_reply(500, j->hint ? SN_("no move to suggest") : SN_("the computer found no move"));
    } else if (j->hint) {
        r = s->version == j->version ? hint_reply(s->g, &j->p, &m, &j->res)
                                     : error_reply(409, SN_("the game changed while the hint was searched"));
    } else if (store_live(s) != 0) {
        r = error_reply(500, SN_("game %s could not be read back"), s->id);
    } else {
        s->rng = j->rng; /* as if the search had run on the game itself */
        S.since = j->since;
        r = play_move(s, &m, true, NULL);
        S.since = -1;
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
        gb_search_result res;
        uint64_t r = s->rng;
        if (computer_move(p, s->g, hint ? &r : &s->rng, &m, &res) != 0)
            return error_reply(500, hint ? SN_("no move to suggest") : SN_("the computer found no move"));
        return hint ? hint_reply(s->g, p, &m, &res) : play_move(s, &m, true, NULL);
    }
    int retry = 0;
    double estimate = think_estimate(p);
    if (!limits_take_ai(rq->client, estimate, &retry)) {
        reply r = error_reply(429, SN_("this address has used the workers' time it may (--ai-rate worker-seconds "
                                   "a minute); try again in %d s"), retry);
        r.retry_after = retry;
        return r;
    }
    think_job *j = calloc(1, sizeof *j);
    if (!j || !(j->g = gb_game_clone(s->g))) {
        free(j);
        limits_charge_ai(rq->client, estimate, 0.0);
        return error_reply(500, "out of memory");
    }
    snprintf(j->client, sizeof j->client, "%s", rq->client ? rq->client : "");
    j->estimate = estimate;
    j->s = s;
    j->p = *p;
    j->rng = s->rng;
    j->version = s->version;
    j->hint = hint;
    j->since = S.since;
    j->done = rq->done;
    j->ctx = rq->ctx;
    if (!hint)
        s->thinking++;
    s->pins++;
    if (pool_submit_for(rq->client, estimate, think_run, think_answer, j) != 0) {
        limits_charge_ai(rq->client, estimate, 0.0);
        if (!hint)
            s->thinking--;
        s->pins--;
        gb_game_free(j->g);
        free(j);
        reply r = error_reply(503, SN_("every worker is busy and the queue is full (--queue); try again"));
        r.retry_after = 2;
        return r;
    }
    return (reply){0, NULL, NULL, NULL, 0};
}

/* A game between two players' accounts (from the lobby, or its rematch) is played by the two
 * people alone while it lasts: no hint and no move chosen by the computer, which would be the
 * engine playing for one of them against a stranger (and, rated, for his rating). After the end
 * both are open again, for looking back. */
static bool unaided(const slot *s)
{
    return s->player_id[0][0] && s->player_id[1][0];
}

static reply post_computer(slot *s, const request *rq)
{
    player tmp;
    reply err;
    if (game_over(s))
        return error_reply(409, SN_("the game is over"));
    if (unaided(s))
        return error_reply(409, SN_("a game between two players from the lobby is played without the computer's help"));
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
        return error_reply(409, SN_("the game is over"));
    if (unaided(s))
        return error_reply(409, SN_("no hints in a game between two players from the lobby while it is played"));
    player p = {PLAYER_AI, 4, 0, 0};
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
        store_moves_cut(s, gb_history_length(s->g));
        free(s->before);
        s->before = NULL;
        s->show_last = false;
        s->offer_kind = 0;
        memset(s->offered, 0, sizeof s->offered); /* a position of its own: offers may be made again */
    }
    return undone;
}

static reply post_undo(slot *s, const request *rq)
{
    reply err;
    if (!may_act(s, rq, -1, &err))
        return err;
    if (s->ended)
        return error_reply(409, SN_("the game is over"));
    if (s->online)
        return error_reply(409, SN_("against a person an undo needs the opponent's consent: "
                                "POST /api/games/%s/undo/request, which the opponent answers"), s->id);
    /* Take back plies until a person is to move (at least one), as the terminal game does; with
     * two computer players or two people, one ply. */
    int undone = take_back(s, -1);
    if (!undone)
        return error_reply(409, SN_("nothing to undo"));
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
        return error_reply(409, SN_("the game is over"));
    bool h0 = s->players[0].kind == PLAYER_HUMAN, h1 = s->players[1].kind == PLAYER_HUMAN;
    if (!(h0 && h1))
        return error_reply(409, kind == 'd' ? SN_("the computer plays on: it takes no draws (resign instead)")
                                            : SN_("against the computer, undo needs no consent: POST /api/games/%s/undo"), s->id);
    if (s->offer_kind)
        return error_reply(409, s->offer_kind == 'd' ? SN_("%s already offered a draw: it is answered first")
                                                     : SN_("%s already offered an undo: it is answered first"),
                           s->offer_by ? "North" : "South");
    int me = acting_seat(s, rq);
    if (kind == 'u' && s->clock_initial_ms > 0)
        return error_reply(409, SN_("no takebacks in a game on the clock"));
    if (kind == 'u') {
        bool moved = false;
        for (int i = 0; i < gb_history_length(s->g) && !moved; i++)
            moved = mover_of(s, i) == me;
        if (!moved)
            return error_reply(409, SN_("nothing to undo: %s has not moved"), me ? "North" : "South");
    }
    /* one offer of each kind a player a move: declined, it is not made again until a move is
     * played (the opponent was asked once; asking on was spam). Counted by the game's ply, which
     * the database holds, and stored with it: a restart does not forget it */
    int *made = &s->offered[me][kind == 'u'], ply1 = gb_history_length(s->g) + 1;
    if (*made == ply1)
        return error_reply(429, kind == 'd' ? SN_("%s offered a draw at this move already: offer again after the next move")
                                            : SN_("%s asked for an undo at this move already: ask again after the next move"),
                           me ? "North" : "South");
    *made = ply1;
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
        return error_reply(409, kind == 'd' ? SN_("no draw is offered") : SN_("no undo is offered"));
    }
    if (!may_act(s, rq, -1, &err))
        return err;
    if (!(rq->seats & (1 << !s->offer_by))) /* the opponent of the one who offered answers */
        return error_reply(403, SN_("%s offered: the answer is %s's"), s->offer_by ? "North" : "South",
                           s->offer_by ? "South" : "North");
    bool accept;
    if (!accept_field(rq, &accept, &err))
        return err;
    int by = s->offer_by, undone = 0;
    s->offer_kind = 0;
    if (accept && kind == 'd')
        s->ended = early_end(s, ENDED_DRAW_AGREED);
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
        return error_reply(409, SN_("the game is over"));
    int me = acting_seat(s, rq);
    s->ended = early_end(s, me ? ENDED_N_RESIGNED : ENDED_S_RESIGNED);
    s->offer_kind = 0;
    return saved_event(s, 200, "resign", json_pack("{s:s,s:s}", "by", me ? "N" : "S", "end_reason",
                                                   end_reason_name(s->ended)));
}

/* POST /abort: a player of an online game ends it before his own first move; nobody wins, no
 * rating changes (docs/api.md, "Aborted games"). */
static reply post_abort(slot *s, const request *rq)
{
    reply err;
    if (!may_act(s, rq, -1, &err))
        return err;
    if (game_over(s))
        return error_reply(409, SN_("the game is over"));
    if (!s->online)
        return error_reply(409, SN_("only a game between two people is aborted: delete this one instead"));
    int me = acting_seat(s, rq);
    if (seat_moved(s, me))
        return error_reply(409, SN_("%s has moved already: a game is aborted only before one's first move (resign instead)"),
                           me ? "North" : "South");
    s->ended = ENDED_EARLY;
    s->offer_kind = 0;
    return saved_event(s, 200, "abort", json_pack("{s:s}", "by", me ? "N" : "S"));
}

/* POST /claim: the player waiting for an opponent who has had no stream open on the game for
 * --abandon-grace seconds, while it is the opponent's move, ends it: a win (the absent one
 * loses, rated), or a draw if he asks for one; aborted instead before each has moved
 * (docs/api.md, "Abandoned games"). */
static reply post_claim(slot *s, const request *rq)
{
    static const char *const keys[] = {"result", NULL};
    reply err;
    if (!may_act(s, rq, -1, &err))
        return err;
    if (game_over(s))
        return error_reply(409, SN_("the game is over"));
    if (!s->online || !s->joined)
        return error_reply(409, SN_("only an online game both players have joined is claimed"));
    bool draw = false;
    if (rq->len > 0) {
        json_t *j = parse_body(rq, keys, &err);
        if (!j)
            return err;
        bool bad = false;
        const char *res = str_field(j, "result", &err, &bad);
        if (!bad && res && strcmp(res, "win") != 0 && strcmp(res, "draw") != 0) {
            bad = true;
            err = error_reply(400, "field 'result' is \"win\" or \"draw\"");
        }
        draw = !bad && res && strcmp(res, "draw") == 0;
        json_decref(j);
        if (bad)
            return err;
    }
    int me = acting_seat(s, rq), gone = !me;
    if (gb_to_move(s->g) != gone)
        return error_reply(409, SN_("it is your move: a claim is made while the opponent is to move"));
    double absent = 0;
    long grace = lobby_abandon_grace();
    if (events_seat_absence(s->id, gone, &absent) > 0)
        return error_reply(409, SN_("%s is connected: there is nothing to claim"), gone ? "North" : "South");
    if (absent < (double)grace)
        return error_reply(409, SN_("%s has been gone %.0f s: a claim is possible after %ld s"), gone ? "North" : "South",
                           absent, grace);
    s->ended = early_end(s, draw ? ENDED_ABANDONED_DRAW : gone ? ENDED_N_ABANDONED : ENDED_S_ABANDONED);
    s->offer_kind = 0;
    return saved_event(s, 200, "claim", json_pack("{s:s,s:s,s:s}", "by", me ? "N" : "S", "result", draw ? "draw" : "win",
                                                  "end_reason", end_reason_name(s->ended)));
}

/* POST /say: a quick phrase (a fixed list, each an id the page shows in its reader's language:
 * no free text, so nothing to moderate) from one seat of an online game both have joined to the
 * game's streams, as the event "say". Nothing is stored. A seat says one every --say-every seconds
 * (2 by default) and at most SAY_MAX in a game, counted in memory while the game is held.
 * docs/api.md, "Quick phrases". */
static const char *const phrases[] = {"hello", "good-luck", "well-played", "thanks", "good-game", "sorry",
                                      "wait", "bye"};
#define SAY_MAX 30
static reply post_say(slot *s, const request *rq)
{
    static const char *const keys[] = {"phrase", NULL};
    reply err;
    if (!may_act(s, rq, -1, &err))
        return err;
    if (!s->online)
        return error_reply(409, SN_("quick phrases are for online games"));
    if (!s->joined)
        return error_reply(409, SN_("the opponent has not joined yet: nobody would read the phrase"));
    json_t *j = parse_body(rq, keys, &err);
    if (!j)
        return err;
    bool bad = false;
    const char *ph = str_field(j, "phrase", &err, &bad);
    int which = -1;
    for (int i = 0; !bad && ph && i < (int)(sizeof phrases / sizeof phrases[0]); i++)
        if (strcmp(ph, phrases[i]) == 0)
            which = i;
    if (!bad && which < 0 && ph)
        err = error_reply(400, "unknown phrase '%.40s' (hello, good-luck, well-played, thanks, good-game, sorry, wait, bye)", ph);
    else if (!bad && which < 0)
        err = error_reply(400, "field 'phrase' is required (hello, good-luck, well-played, thanks, good-game, sorry, wait, bye)");
    json_decref(j);
    if (bad || which < 0)
        return err;
    int me = acting_seat(s, rq);
    if (s->said_n[me] >= SAY_MAX)
        return error_reply(429, SN_("%s has said %d phrases in this game: no more"), me ? "North" : "South", SAY_MAX);
    int64_t now = clock_now_ms(), since = now - s->said_ms[me], every = lobby_say_every() * 1000;
    if (s->said_n[me] > 0 && since >= 0 && since < every) {
        int wait = (int)((every - since + 999) / 1000);
        reply r = error_reply(429, SN_("one phrase every %d s: try again in %d s"), (int)(every / 1000), wait);
        r.retry_after = wait;
        return r;
    }
    s->said_ms[me] = now;
    s->said_n[me]++;
    events_publish(s->id, "say", json_pack("{s:s,s:s}", "by", me ? "N" : "S", "phrase", phrases[which]));
    return json_reply(200, json_pack("{s:s,s:s,s:i}", "by", me ? "N" : "S", "phrase", phrases[which], "left",
                                     SAY_MAX - s->said_n[me]));
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
        return error_reply(409, SN_("both seats of this game are taken"));
    if (!s->online || !s->has_invite || !store_same32(h, s->invite))
        return error_reply(403, SN_("this invite is not this game's"));
    int seat = store_same32(s->tok[0], no_token) ? 0 : 1;
    char token[STORE_TOKEN_LEN + 1];
    if (store_random_hex(token, STORE_TOKEN_LEN / 2) != 0)
        return error_reply(503, SN_("no random numbers from the operating system; try again"));
    store_sha256(token, STORE_TOKEN_LEN, s->tok[seat]);
    s->joined = true;
    s->has_invite = false;
    memset(s->invite, 0, sizeof s->invite);
    json_t *forced = json_array();
    if (s->clock_initial_ms > 0 && !s->clk.started && !game_over(s)) { /* both are here: the clock begins */
        int64_t now = clock_now_ms();
        clock_begin(&s->clk, s->clock_initial_ms, gb_to_move(s->g), now);
        play_forced(s, forced, now);
    }
    if (store_save(s) != 0) {
        json_decref(forced);
        return error_reply(503, SN_("the game could not be saved, so nothing changed; try again"));
    }
    s->version++;
    events_publish(s->id, "join", json_pack("{s:s}", "seat", seat ? "N" : "S"));
    size_t fi;
    json_t *fe;
    json_array_foreach(forced, fi, fe)
        events_publish(s->id, "move", json_incref(fe));
    json_decref(forced);
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
                      ? "south resigned" : s->ended == ENDED_N_RESIGNED ? "north resigned"
                      : s->ended == ENDED_S_TIME ? "south lost on time" : s->ended == ENDED_N_TIME
                      ? "north lost on time" : s->ended == ENDED_ABORTED || s->ended == ENDED_EARLY ? "aborted"
                      : s->ended == ENDED_S_ABANDONED ? "south abandoned" : s->ended == ENDED_N_ABANDONED
                      ? "north abandoned" : s->ended == ENDED_ABANDONED_DRAW ? "abandoned, drawn" : NULL;
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
    return json_reply(200, json_pack("{s:s,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:{s:i,s:i,s:i},s:I}", "status", "ok",
                                     "games", (json_int_t)st.stored, "in_memory", (json_int_t)st.held,
                                     "live", (json_int_t)st.live, "memory_bytes", (json_int_t)st.slot_bytes,
                                     "loaded", (json_int_t)st.loaded, "dropped", (json_int_t)st.dropped,
                                     "expired", (json_int_t)st.expired, "created", (json_int_t)S.created,
                                     "requests", (json_int_t)S.requests, "workers", "threads", workers,
                                     "thinking", running, "waiting", waiting, "clocks", (json_int_t)clock_timer_count()));
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
        return error_reply(409, SN_("both players are in this game: resign first, then delete it"));
    if (s->player_id[0][0] || s->player_id[1][0])
        return error_reply(409, SN_("a game between players' accounts stays in their archive"));
    char id[sizeof s->id];
    memcpy(id, s->id, sizeof id);
    limits_game_dropped(s->owner);
    store_delete(s);
    events_forget(id);
    return json_reply(200, json_pack("{s:s,s:b}", "id", id, "deleted", 1));
}

/* ---- players, the lobby, rematches (docs/api.md, "Players, the lobby, ratings") ---- */

/* The value of key in the request's query (decoded), or false when absent. */
static bool query_arg(const request *rq, const char *key, char *out, size_t n)
{
    size_t kl = strlen(key);
    for (const char *p = rq->query; p && *p;) {
        const char *end = p + strcspn(p, "&");
        if ((size_t)(end - p) > kl && strncmp(p, key, kl) == 0 && p[kl] == '=') {
            size_t o = 0;
            for (const char *c = p + kl + 1; c < end && o + 1 < n; c++) {
                unsigned hi, lo;
                if (*c == '%' && end - c >= 3 && sscanf(c + 1, "%1x%1x", &hi, &lo) == 2) {
                    out[o++] = (char)(hi << 4 | lo);
                    c += 2;
                } else {
                    out[o++] = *c == '+' ? ' ' : *c;
                }
            }
            out[o] = 0;
            return true;
        }
        p = *end ? end + 1 : end;
    }
    return false;
}

/* ?limit=N (1..max, default def) and ?before=ID (an id: 32 hex digits) of a list; false with the
 * 400 in *err. */
static bool page_args(const request *rq, int def, int max, int *limit, char *before, reply *err)
{
    char buf[64];
    *limit = def;
    before[0] = 0;
    if (query_arg(rq, "limit", buf, sizeof buf)) {
        long n;
        if (!cli_parse_long(buf, 1, max, &n)) {
            *err = error_reply(400, "limit must be a whole number from 1 to %d", max);
            return false;
        }
        *limit = (int)n;
    }
    if (query_arg(rq, "before", buf, sizeof buf)) {
        bool ok = strlen(buf) == STORE_ID_LEN;
        for (const char *c = buf; ok && *c; c++)
            ok = (*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f');
        if (!ok) {
            *err = error_reply(400, "before must be a game's id, as a page's \"next\" gives it");
            return false;
        }
        memcpy(before, buf, STORE_ID_LEN + 1); /* (checked: exactly STORE_ID_LEN digits) */
    }
    return true;
}

/* The id in a path /api/KIND/ID[/...] into id (STORE_ID_LEN + 1 bytes): false if it is none. */
static bool path_id(const request *rq, const char *prefix, char *id)
{
    const char *p = rq->path + strlen(prefix);
    size_t n = strcspn(p, "/");
    if (n != STORE_ID_LEN)
        return false;
    memcpy(id, p, n);
    id[n] = 0;
    for (const char *c = id; *c; c++)
        if (!((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f')))
            return false;
    return true;
}

/* The player the request's key names, or false with the 401 / 403 / 500 in *err. */
static bool need_player(const request *rq, char *me, reply *err)
{
    if (!rq->auth) {
        *err = error_reply(401, "this needs a player's key: Authorization: Bearer KEY (POST /api/players gives one)");
        return false;
    }
    int r = auth_player(rq->auth, me);
    if (r < 0)
        *err = error_reply(500, SN_("the players could not be read"));
    else if (r == 0)
        *err = error_reply(403, "this key is no player's (POST /api/players gives one)");
    return r == 1;
}

static reply post_players(slot *s, const request *rq)
{
    (void)s;
    static const char *const keys[] = {"name", NULL};
    reply err;
    int retry = 0;
    if (!limits_take_player(rq->client, lobby_player_rate(), &retry)) {
        reply r = error_reply(429, SN_("too many players created from this address (--player-rate); try again in %d s"), retry);
        r.retry_after = retry;
        return r;
    }
    json_t *j = parse_body(rq, keys, &err);
    if (!j)
        return err;
    json_t *nj = json_object_get(j, "name");
    if (!json_is_string(nj)) {
        json_decref(j);
        return error_reply(400, SN_("field 'name' is required: 1 to %d letters, digits and spaces"), NAME_MAX_CHARS);
    }
    char name[NAME_BUF], key[NAME_BUF], why[160];
    if (name_check(json_string_value(nj), json_string_length(nj), name, key, why, sizeof why) != 0) {
        json_decref(j);
        return error_reply(400, SN_("bad name: %s"), why);
    }
    json_decref(j);
    char id[STORE_ID_LEN + 1], secret[STORE_TOKEN_LEN + 1];
    if (store_random_hex(id, STORE_ID_LEN / 2) != 0 || store_random_hex(secret, STORE_TOKEN_LEN / 2) != 0)
        return error_reply(503, SN_("no random numbers from the operating system; try again"));
    unsigned char h[32];
    store_sha256(secret, STORE_TOKEN_LEN, h);
    char look[NAME_LOOK_BUF], like[NAME_BUF] = "";
    const bool looked = name_look(key, look, sizeof look) == 0; /* ICU failing: the key alone */
    int rc = players_add(id, name, key, looked ? look : NULL, h, like);
    if (rc == 1)
        return error_reply(409, SN_("the name '%s' is taken (names are told apart without regard to case)"), name);
    if (rc == 2) { /* a look-alike: the other name in `like` too, for the page's own sentence */
        char msg[2 * NAME_BUF + 160];
        snprintf(msg, sizeof msg,
                 SN_("the name '%s' looks like '%s', the name of another player: choose one that cannot be taken for it"),
                 name, like);
        one_line_utf8(msg);
        return json_reply(409, json_pack("{s:s,s:i,s:s}", "error", msg, "status", 409, "like", like));
    }
    if (rc != 0)
        return error_reply(503, SN_("the player could not be stored; try again"));
    return json_reply(201, json_pack("{s:s,s:s,s:s}", "id", id, "name", name, "key", secret));
}

static reply get_player(slot *s, const request *rq)
{
    (void)s;
    char id[STORE_ID_LEN + 1], name[NAME_BUF];
    int r = path_id(rq, "/api/players/", id) ? players_name(id, name, sizeof name) : 0;
    if (r < 0)
        return error_reply(500, SN_("the players could not be read"));
    if (r == 0)
        return error_reply(404, SN_("no such player"));
    long long finished = 0;
    json_t *ratings = players_ratings_json(id, (int64_t)time(NULL), &finished);
    if (!ratings)
        return error_reply(500, SN_("the ratings could not be read"));
    return json_reply(200, json_pack("{s:s,s:s,s:o,s:I}", "id", id, "name", name, "ratings", ratings, "games",
                                     (json_int_t)finished));
}

static reply get_player_games(slot *s, const request *rq)
{
    (void)s;
    char id[STORE_ID_LEN + 1], name[NAME_BUF], before[STORE_ID_LEN + 1];
    int limit;
    reply err;
    int r = path_id(rq, "/api/players/", id) ? players_name(id, name, sizeof name) : 0;
    if (r < 0)
        return error_reply(500, SN_("the players could not be read"));
    if (r == 0)
        return error_reply(404, SN_("no such player"));
    if (!page_args(rq, 20, 100, &limit, before, &err))
        return err;
    bool bad;
    json_t *page = players_archive_json(id, before, limit, &bad);
    if (!page)
        return bad ? error_reply(400, "before must be one of this player's finished games (a page's \"next\")")
                   : error_reply(500, SN_("the archive could not be read"));
    return json_reply(200, page);
}

static bool path_segment(const char *path, const char *prefix, int skip, char *buf, size_t len);

/* GET /api/ratings/VARIANT[?limit=N]: the game's best players (players_best_json) */
static reply get_best(slot *s, const request *rq)
{
    (void)s;
    char v[32], before[STORE_ID_LEN + 1];
    int limit;
    reply err;
    bool known = false;
    if (path_segment(rq->path, "/api/ratings/", 0, v, sizeof v))
        for (int i = 0; i < gb_variant_count() && !known; i++)
            known = strcmp(v, gb_variant_name(i)) == 0;
    if (!known)
        return error_reply(404, "no such game '%.40s' (see GET /api/variants)", rq->path + strlen("/api/ratings/"));
    if (!page_args(rq, 50, 100, &limit, before, &err))
        return err;
    if (before[0])
        return error_reply(400, "the best players come in one page: ?limit=N (1 to 100), no before");
    json_t *best = players_best_json(v, limit, (int64_t)time(NULL));
    if (!best)
        return error_reply(500, SN_("the ratings could not be read"));
    return json_reply(200, best);
}

static reply get_games(slot *s, const request *rq)
{
    (void)s;
    char status[16], before[STORE_ID_LEN + 1];
    int limit;
    reply err;
    if (!query_arg(rq, "status", status, sizeof status)) /* (as before there was a list: start one with POST) */
        return error_reply(405, "use POST for /api/games to start a game, GET ?status=live to list them");
    if (strcmp(status, "live") != 0)
        return error_reply(400, "GET /api/games lists the games being played: ?status=live");
    if (!page_args(rq, 50, 200, &limit, before, &err))
        return err;
    bool bad;
    json_t *page = games_live_json(before, limit, (int64_t)time(NULL), &bad);
    if (!page)
        return bad ? error_reply(400, "before must be a game's id (a page's \"next\")")
                   : error_reply(500, SN_("the games could not be read"));
    return json_reply(200, page);
}

/* A new online game between two people, both seats taken (the lobby's and rematches): the slot
 * with its gb_game, not stored yet; NULL with the answer in *err. */
static slot *new_online_game(const char *variant, const char *options, reply *err)
{
    gb_game *g;
    gb_error ge;
    uint64_t seed = fresh_seed() & 0x7fffffffffffffull;
    if (gb_game_new(&g, variant, options, seed, &ge) != GB_OK) {
        *err = error_reply(400, "%s", ge.msg);
        return NULL;
    }
    slot *s = store_new_slot();
    if (!s || !(s->options = strdup(options ? options : ""))) {
        free(s);
        gb_game_free(g);
        *err = error_reply(503, SN_("no room for a new game; try again"));
        return NULL;
    }
    snprintf(s->variant, sizeof s->variant, "%s", gb_game_variant(g));
    s->seed = seed;
    s->g = g;
    s->players[0] = s->players[1] = (player){PLAYER_HUMAN, 0, 0, 0};
    s->rng = seed ^ 0x5deece66dull;
    s->online = s->joined = true;
    s->show_last = true;
    return s;
}

static reply post_seeks(slot *s, const request *rq)
{
    (void)s;
    static const char *const keys[] = {"variant", "options", "clock", "rated", "seat", NULL};
    reply err;
    char me[STORE_ID_LEN + 1];
    if (!need_player(rq, me, &err))
        return err;
    json_t *j = parse_body(rq, keys, &err);
    if (!j)
        return err;
    bool bad = false;
    const char *variant = str_field(j, "variant", &err, &bad);
    const char *options = bad ? NULL : str_field(j, "options", &err, &bad);
    const char *seat = bad ? NULL : str_field(j, "seat", &err, &bad);
    json_t *rj = json_object_get(j, "rated");
    lobby_seek sk;
    memset(&sk, 0, sizeof sk);
    char why[160];
    if (bad) {
    } else if (!variant) {
        err = error_reply(400, "field 'variant' is required (see GET /api/variants)");
        bad = true;
    } else if (rj && !json_is_boolean(rj) && !json_is_null(rj)) {
        err = error_reply(400, "field 'rated' must be true or false");
        bad = true;
    } else if (seat && strcmp(seat, "S") != 0 && strcmp(seat, "N") != 0 && strcmp(seat, "random") != 0) {
        err = error_reply(400, "field 'seat' must be \"S\", \"N\" or \"random\"");
        bad = true;
    } else if (options && strlen(options) >= sizeof sk.options) {
        err = error_reply(400, "field 'options' is too long");
        bad = true;
    } else if (clock_parse(json_object_get(j, "clock"), &sk.clock_initial_ms, &sk.clock_increment_ms, why,
                           sizeof why) != 0) {
        err = error_reply(400, "%s", why);
        bad = true;
    } else {
        gb_game *g;
        gb_error ge;
        if (gb_game_new(&g, variant, options, 1, &ge) != GB_OK) {
            err = error_reply(400, "%s", ge.msg);
            bad = true;
        } else {
            snprintf(sk.variant, sizeof sk.variant, "%s", gb_game_variant(g));
            gb_game_free(g);
        }
    }
    if (bad) {
        json_decref(j);
        return err;
    }
    snprintf(sk.options, sizeof sk.options, "%s", options ? options : "");
    sk.rated = json_is_true(rj);
    sk.seat = !seat || strcmp(seat, "random") == 0 ? 'R' : seat[0];
    json_decref(j);
    snprintf(sk.player, sizeof sk.player, "%s", me);
    snprintf(sk.owner, sizeof sk.owner, "%s", rq->client ? rq->client : "");
    rating r;
    int games;
    if (players_name(me, sk.name, sizeof sk.name) != 1 || players_rating(me, sk.variant, (int64_t)time(NULL), &r, &games) != 0)
        return error_reply(500, SN_("the players could not be read"));
    sk.rating = r.r;
    sk.provisional = rating_provisional(r);
    int st = lobby_add(&sk, why, sizeof why);
    if (st) {
        reply e = error_reply(st, "%s", why);
        e.retry_after = st == 429 ? 10 : 0;
        return e;
    }
    return json_reply(201, json_pack("{s:s}", "seek", sk.id));
}

static reply get_seeks(slot *s, const request *rq)
{
    (void)s, (void)rq;
    return json_reply(200, lobby_list_json());
}

/* Have the two players had the rated games they may have against each other in 24 hours
 * (--rated-pair-per-day; their rated games being played count too)? false, or true with the 403
 * (or a 500) in *err. */
static bool pair_limited(const char *a, const char *b, reply *err)
{
    int lim = players_pair_limited(a, b, clock_now_ms(), true);
    if (lim < 0)
        *err = error_reply(500, SN_("the ratings could not be read"));
    else if (lim > 0)
        *err = error_reply(403, SN_("you and this opponent have reached the limit of %d rated games against each other "
                                    "in 24 hours (--rated-pair-per-day): play a casual game instead"),
                           (int)players_pair_limit());
    return lim != 0;
}

static reply post_seek_accept(slot *s, const request *rq)
{
    (void)s;
    reply err;
    char me[STORE_ID_LEN + 1], id[STORE_ID_LEN + 1];
    if (!path_id(rq, "/api/seeks/", id))
        return error_reply(404, SN_("no such seek"));
    if (!need_player(rq, me, &err))
        return err;
    lobby_seek sk;
    if (lobby_peek(id, &sk) == 0 && sk.rated && strcmp(sk.player, me) != 0 && pair_limited(sk.player, me, &err))
        return err; /* (the seek stays open to others) */
    int st = lobby_take(id, me, rq->client, &sk);
    if (st == 404)
        return error_reply(404, SN_("no such seek (it may have been withdrawn, or lapsed)"));
    if (st == 409)
        return error_reply(409, SN_("this seek is your own: withdraw it with DELETE /api/seeks/%s"), id);
    if (st == 410)
        return error_reply(409, SN_("this seek has been accepted already"));
    if (st == 403)
        return error_reply(403, SN_("this rated seek was made from your address: a rated game is between players on two "
                                "addresses (a casual one is not)"));
    /* the seeker's seat: as asked, or drawn from the operating system */
    int seeker = sk.seat == 'N' ? 1 : 0;
    unsigned char bit = 0;
    if (sk.seat == 'R') {
        if (store_random(&bit, 1) != 0) {
            lobby_put_back(&sk);
            return error_reply(503, SN_("no random numbers from the operating system; try again"));
        }
        seeker = bit & 1;
    }
    slot *g = new_online_game(sk.variant, sk.options, &err);
    if (!g) {
        lobby_put_back(&sk);
        return err;
    }
    snprintf(g->player_id[seeker], sizeof g->player_id[seeker], "%s", sk.player);
    snprintf(g->player_id[!seeker], sizeof g->player_id[!seeker], "%s", me);
    g->rated = sk.rated;
    g->clock_initial_ms = sk.clock_initial_ms;
    g->clock_increment_ms = sk.clock_increment_ms;
    char gid[STORE_ID_LEN + 1];
    memcpy(gid, g->id, sizeof gid);
    if (store_add(g) != 0) { /* (store_add frees it) */
        lobby_put_back(&sk);
        return error_reply(503, SN_("the game could not be stored; try again"));
    }
    S.created++;
    if (!S.quiet)
        fprintf(stderr, "gabata serve: game %s: %s (lobby%s)\n", gid, sk.variant, sk.rated ? ", rated" : "");
    events_publish(LOBBY_CHANNEL, "game", json_pack("{s:s,s:s,s:s,s:s}", "seek", sk.id, "game", gid, "seat",
                                                    seeker ? "N" : "S", "player", sk.player));
    return json_reply(201, json_pack("{s:s,s:s}", "game", gid, "seat", seeker ? "S" : "N"));
}

static reply delete_seek(slot *s, const request *rq)
{
    (void)s;
    reply err;
    char me[STORE_ID_LEN + 1], id[STORE_ID_LEN + 1];
    if (!path_id(rq, "/api/seeks/", id))
        return error_reply(404, SN_("no such seek"));
    if (!need_player(rq, me, &err))
        return err;
    int st = lobby_withdraw(id, me);
    if (st == 404)
        return error_reply(404, SN_("no such seek (it may have been accepted, or lapsed)"));
    if (st == 403)
        return error_reply(403, SN_("this seek is another player's"));
    return json_reply(200, json_pack("{s:s,s:b}", "seek", id, "withdrawn", 1));
}

/* POST /rematch: after the end, one seat offers; the other's same call accepts, and the new game
 * has the seats swapped: each seat's token (or player's key) plays the other side there. */
static reply post_rematch(slot *s, const request *rq)
{
    reply err;
    if (!may_act(s, rq, -1, &err))
        return err;
    if (!s->online)
        return error_reply(409, SN_("a rematch is for online games: start a new game instead"));
    if (rq->seats == 3)
        return error_reply(409, SN_("a rematch is asked by one seat and accepted by the other"));
    if (!game_over(s))
        return error_reply(409, SN_("the game is not over: a rematch is offered after its end"));
    if (s->rematch_id[0])
        return error_reply(409, SN_("the rematch has been agreed already: game %s"), s->rematch_id);
    int me = rq->seats == 2 ? 1 : 0;
    if (s->offer_kind == 'r' && s->offer_by == me)
        return error_reply(409, SN_("you offered a rematch already: the opponent accepts it with the same call"));
    if (s->offer_kind == 'r' && s->rated && !lobby_same_address_ok(s->offer_client, rq->client))
        return error_reply(403, SN_("this rated rematch was offered from your address: a rated game is between players "
                                "on two addresses"));
    if (s->rated && pair_limited(s->player_id[0], s->player_id[1], &err))
        return err; /* neither offered nor made while the pair is at its limit */
    if (s->offer_kind != 'r') {
        s->offer_kind = 'r';
        s->offer_by = me;
        snprintf(s->offer_client, sizeof s->offer_client, "%s", rq->client ? rq->client : "");
        if (store_save(s) != 0)
            return error_reply(503, SN_("the game could not be saved, so nothing changed; try again"));
        s->version++;
        events_publish(s->id, "rematch", json_pack("{s:s,s:n}", "by", me ? "N" : "S", "game"));
        return view_reply(200, s);
    }
    slot *g = new_online_game(s->variant, s->options, &err);
    if (!g)
        return err;
    for (int side = 0; side < 2; side++) { /* seats swapped */
        memcpy(g->tok[side], s->tok[!side], 32);
        memcpy(g->player_id[side], s->player_id[!side], sizeof g->player_id[side]);
    }
    g->rated = s->rated;
    g->clock_initial_ms = s->clock_initial_ms;
    g->clock_increment_ms = s->clock_increment_ms;
    char gid[STORE_ID_LEN + 1];
    memcpy(gid, g->id, sizeof gid);
    if (store_add(g) != 0)
        return error_reply(503, SN_("the game could not be stored; try again"));
    S.created++;
    memcpy(s->rematch_id, gid, sizeof s->rematch_id);
    s->offer_kind = 0;
    s->offer_client[0] = 0; /* (the address is kept no longer than the offer) */
    s->lobby_dirty = true;
    if (store_save(s) != 0)
        return error_reply(503, SN_("the rematch %s is made, but the game could not be saved; try again"), gid);
    s->version++;
    events_publish(s->id, "rematch", json_pack("{s:s,s:s}", "by", me ? "N" : "S", "game", gid));
    return json_reply(201, json_pack("{s:s}", "game", gid));
}

/* ---- the learn mode's lessons (docs/api.md, "Lessons"): read-only, no game is kept ---- */
/* The path's segment after `prefix`, into buf (false when absent or too long). */
static bool path_segment(const char *path, const char *prefix, int skip, char *buf, size_t len)
{
    const char *p = path + strlen(prefix);
    for (int i = 0; i < skip; i++) {
        p = strchr(p, '/');
        if (!p)
            return false;
        p++;
    }
    size_t n = strcspn(p, "/");
    if (n == 0 || n >= len)
        return false;
    memcpy(buf, p, n);
    buf[n] = 0;
    return true;
}

/* GET /api/lessons/VARIANT: every lesson of a game, with its position drawn as a game's view is
 * (labels, state, moves). */
static reply get_lessons(slot *s, const request *rq)
{
    (void)s;
    char v[32];
    if (!path_segment(rq->path, "/api/lessons/", 0, v, sizeof v) || gb_lesson_count(v) < 0)
        return error_reply(404, "no such game '%.40s' (see GET /api/variants)",
                           rq->path + strlen("/api/lessons/"));
    json_t *arr = json_array();
    for (int i = 0; i < gb_lesson_count(v); i++) {
        const gb_lesson *l = gb_lesson_at(v, i);
        gb_game *g;
        gb_error err;
        if (gb_lesson_game(l, 0, &g, &err) != GB_OK) {
            json_decref(arr);
            return error_reply(500, "lesson %s: %s", l->id, err.msg);
        }
        char *st = gb_state_json(g);
        json_t *state = st ? json_loads(st, 0, NULL) : NULL;
        free(st);
        json_t *labels = json_array();
        for (int h = 0; h < 2 * gb_game_rows(g); h++)
            json_array_append_new(labels, label_json(g, h));
        gb_rule_line rl[GB_RULE_LINES_MAX]; /* the rule it teaches, in the game's text: a "why?" */
        int nr = gb_lesson_rules(l, rl, GB_RULE_LINES_MAX);
        json_array_append_new(arr, json_pack("{s:s,s:s,s:s,s:s,s:s,s:i,s:o,s:o,s:o,s:o}", "id", l->id,
                                             "title", l->title, "rulings", l->rulings,
                                             "instruction", l->instruction, "position", l->position,
                                             "rows", gb_game_rows(g), "labels", labels, "state",
                                             state ? state : json_null(), "moves", moves_json(g),
                                             "rules", rules_lines_json(rl, nr > 0 ? nr : 0)));
        gb_game_free(g);
    }
    return json_reply(200, json_pack("{s:s,s:s,s:o}", "variant", v, "title", gb_variant_title(v),
                                     "lessons", arr));
}

/* POST /api/lessons/VARIANT/ID {"move": "J~1"}: is it right? The explanation to show, and the
 * position after the move with its trace. */
static reply post_lesson(slot *s, const request *rq)
{
    (void)s;
    char v[32], id[64];
    const gb_lesson *l = NULL;
    if (path_segment(rq->path, "/api/lessons/", 0, v, sizeof v) &&
        path_segment(rq->path, "/api/lessons/", 1, id, sizeof id))
        l = gb_lesson_find(v, id);
    if (!l)
        return error_reply(404, "no such lesson '%.60s' (see GET /api/lessons/VARIANT)",
                           rq->path + strlen("/api/lessons/"));
    reply err;
    static const char *const keys[] = {"move", NULL};
    json_t *body = parse_body(rq, keys, &err);
    if (!body)
        return err;
    bool bad = false;
    const char *mv = str_field(body, "move", &err, &bad);
    if (bad) {
        json_decref(body);
        return err;
    }
    if (!mv) {
        json_decref(body);
        return error_reply(400, "field 'move' is required, e.g. {\"move\":\"C\"}");
    }
    gb_game *after = NULL;
    gb_error ge = {0, ""};
    int rc = gb_lesson_check(l, mv, &after, &ge);
    json_decref(body);
    if (rc < 0)
        return error_reply(rc == GB_EINVAL ? 400 : 422, "%s", ge.msg);
    char *st = gb_state_json(after);
    json_t *state = st ? json_loads(st, 0, NULL) : NULL;
    free(st);
    char text[GB_MOVE_TEXT_MAX] = "";
    int hl = gb_history_length(after);
    if (hl > 0)
        gb_move_format(after, gb_history_move(after, hl - 1), text, sizeof text);
    json_t *out = json_pack("{s:s,s:s,s:b,s:s,s:o,s:o}", "id", l->id, "move", text, "right", rc == 1,
                            "explanation", rc == 1 ? l->right : l->wrong, "state",
                            state ? state : json_null(), "trace", trace_json(after));
    gb_game_free(after);
    return json_reply(200, out);
}

/* GET /api/variants/VARIANT/rules?options=key=value,...: every rule of a game for the options
 * given (the setup shows them before the game starts); options that do not parse are a 400. */
static reply get_variant_rules(slot *s, const request *rq)
{
    (void)s;
    char v[32], opts[512] = "";
    if (!path_segment(rq->path, "/api/variants/", 0, v, sizeof v) || gb_variant_option_count(v) < 0)
        return error_reply(404, "no such game '%.40s' (see GET /api/variants)",
                           rq->path + strlen("/api/variants/"));
    if (query_arg(rq, "options", opts, sizeof opts) && strlen(opts) + 1 >= sizeof opts)
        return error_reply(400, "query 'options' is too long (at most %zu characters)", sizeof opts - 2);
    gb_rule_line rl[GB_RULE_LINES_MAX];
    gb_error ge = {0, ""};
    int n = gb_variant_rules_lines(v, opts, rl, GB_RULE_LINES_MAX, &ge);
    if (n < 0)
        return error_reply(400, "%s", ge.msg);
    return json_reply(200, json_pack("{s:s,s:s,s:o}", "variant", v, "options", opts, "rules",
                                     rules_lines_json(rl, n)));
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
    {"GET", "/api/variants/{id}/rules", get_variant_rules, "use GET for a game's rules"},
    {"GET", "/api/health", get_health, "use GET for /api/health"},
    {"POST", "/api/games", post_games, "use POST for /api/games to start a game, GET ?status=live to list them"},
    {"GET", "/api/games", get_games, "use POST for /api/games to start a game, GET ?status=live to list them"},
    {"POST", "/api/players", post_players, "use POST for /api/players"},
    {"GET", "/api/players/{id}", get_player, "use GET for a player"},
    {"GET", "/api/players/{id}/games", get_player_games, "use GET for a player's games"},
    {"GET", "/api/ratings/{id}", get_best, "use GET for a game's best players"},
    {"POST", "/api/seeks", post_seeks, "use POST to make a seek, GET to list them"},
    {"GET", "/api/seeks", get_seeks, "use POST to make a seek, GET to list them"},
    {"DELETE", "/api/seeks/{id}", delete_seek, "use DELETE to withdraw a seek"},
    {"POST", "/api/seeks/{id}/accept", post_seek_accept, "use POST for accept"},
    {"GET", "/api/lessons/{id}", get_lessons, "use GET for a game's lessons"},
    {"POST", "/api/lessons/{id}/{id}", post_lesson, "use POST to check a lesson's move"},
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
    {"POST", GAME_PATH "/abort", post_abort, "use POST for abort"},
    {"POST", GAME_PATH "/claim", post_claim, "use POST for claim"},
    {"POST", GAME_PATH "/join", post_join, "use POST for join"},
    {"POST", GAME_PATH "/rematch", post_rematch, "use POST for rematch"},
    {"POST", GAME_PATH "/say", post_say, "use POST for say"},
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
        *err = error_reply(404, SN_("no game with id '%.40s'"), rest);
        return NULL;
    }
    memcpy(id, rest, idlen);
    id[idlen] = 0;
    slot *s;
    store_result found = store_find(id, &s);
    if (found == STORE_FAILED) {
        *err = error_reply(500, "game %.40s could not be read from the database (a read error: the server "
                                "says more on its standard error)", id);
        return NULL;
    }
    if (!s) {
        *err = error_reply(404, SN_("no game with id '%.40s' (it may have expired: docs/api.md)"), id);
        return NULL;
    }
    s->pins++;
    if (store_live(s) != 0) {
        store_release(s);
        *err = error_reply(500, SN_("game %s could not be read back"), id);
        return NULL;
    }
    return s;
}

/* "ply" in a change's body: the length of the game's history the client saw. A change meant for
 * another ply is stale (a copy sent twice, an answer to a position gone): 409, nothing changes
 * (hardening 7). */
static bool ply_stale(const slot *s, const request *rq, reply *err)
{
    if (!rq->len)
        return false;
    json_t *j = json_loadb(rq->body, rq->len, 0, NULL);
    json_t *p = json_is_object(j) ? json_object_get(j, "ply") : NULL;
    bool stale = false;
    int hl = gb_history_length(s->g);
    if (p && !json_is_null(p)) {
        stale = true;
        if (!json_is_integer(p) || json_integer_value(p) < 0)
            *err = error_reply(400, "field 'ply' must be a whole number: the length of the game's history the change expects");
        else if (json_integer_value(p) != hl)
            *err = error_reply(409, SN_("stale: the game is at ply %d"), hl);
        else
            stale = false;
    }
    json_decref(j);
    return stale;
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
        rq->seats = auth_seats(s, rq->auth);
        rq->of_game = true;
        clock_settle(s, clock_now_ms()); /* a clock run out ends the game before anything reads it */
    }
    reply r;
    if (hit && s && s->thinking && strcmp(method, "GET") != 0)
        r = error_reply(409, SN_("the computer is thinking in this game: try again once it has moved"));
    else if (hit && s && strcmp(method, "GET") != 0 && ply_stale(s, rq, &r))
        ;
    else if (hit)
        r = hit->handler(s, rq);
    else if (known)
        r = error_reply(405, "%s", known->other_method);
    else if (of_game)
        r = error_reply(404, "no such action '%.40s' (moves, computer, undo, hint, record, join, resign, "
                             "draw/offer, draw/answer, undo/request, undo/answer, abort, claim, rematch, say)", slash ? slash + 1 : "");
    else
        r = error_reply(404, "no such API endpoint: %.100s", path);
    store_release(s);
    return r;
}

/* The timer (clock.c) found the game's deadline passed: end it if it still is (a move may have
 * moved the deadline meanwhile: then arm the new one). */
static void clock_expired(const char *id)
{
    pthread_mutex_lock(&S.lock);
    slot *s = NULL;
    store_result found = S.started ? store_find(id, &s) : STORE_MISSING;
    if (found == STORE_FAILED) /* not readable now: try again in a second */
        clock_timer_arm(id, clock_now_ms() + 1000);
    if (s) {
        s->pins++;
        if (store_live(s) == 0) {
            int64_t now = clock_now_ms();
            if (!clock_settle(s, now)) {
                if (s->clock_initial_ms > 0 && s->clk.running >= 0 && !game_over(s))
                    clock_timer_arm(s->id, s->clk.deadline_ms);
            } else if (s->stale) { /* it could not be saved: try again in a second */
                clock_timer_arm(id, now + 1000);
            }
        } else {
            clock_timer_arm(id, clock_now_ms() + 1000);
        }
        store_release(s);
    }
    pthread_mutex_unlock(&S.lock);
}

static void rearm(const char *id, int64_t deadline_ms, void *arg)
{
    (void)arg;
    clock_timer_arm(id, deadline_ms);
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
    store_on_expired(limits_game_dropped); /* an expired game is no longer held by its creator */
    S.max_body = cfg->max_body;
    S.idrng = cfg->seed;
    S.quiet = cfg->quiet;
    S.max_nodes = cfg->max_nodes > 0 ? cfg->max_nodes : 0;
    S.threads = cfg->threads >= 1 && cfg->threads <= GB_SEARCH_MAX_THREADS ? cfg->threads : 1;
    players_set_pair_limit(lobby_rated_pair_per_day()); /* (before any thread of the server runs) */
    S.created = S.requests = 0;
    S.started = true;
    /* the clocks: the timer, and every clock that ran when the server stopped armed again (one
     * already past falls at once) */
    if (clock_timer_start(clock_expired) != 0) {
        fprintf(stderr, "gabata: cannot start the clocks' timer\n");
        serve_api_stop();
        return -1;
    }
    store_clocks_running(rearm, NULL);
    return 0;
}

void serve_api_stop(void)
{
    lobby_clear(); /* (the seeks live in memory only: a restart drops them) */
    clock_timer_stop();
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
        /* the query (?status=live, ?before=..., ?since=K) apart from the path */
        char cut[512];
        const char *path = sr->url, *q = strchr(sr->url, '?');
        if (q) { /* (a path longer than any route names no game either: cut, it is a 404 still) */
            size_t plen = (size_t)(q - sr->url) < sizeof cut ? (size_t)(q - sr->url) : sizeof cut - 1;
            memcpy(cut, sr->url, plen);
            cut[plen] = 0;
            path = cut;
        }
        request rq = {(char *)sr->body, sr->body ? sr->len : 0, 0, false, sr->auth, -1, sr->client, sr->done, sr->ctx,
                      path, q ? q + 1 : "", false};
        char since_arg[24];
        const char *since = sr->since;
        if (!since && query_arg(&rq, "since", since_arg, sizeof since_arg))
            since = since_arg;
        char *end = NULL;
        S.since = -1;
        if (since) {
            errno = 0;
            long k = strtol(since, &end, 10);
            S.since = *since >= '0' && *since <= '9' && !*end && !errno && k <= 1000000000L ? k : -2;
        }
        if (S.since == -2)
            r = error_reply(400, "'since' must be a whole number: the ply the history is wanted from");
        else
            r = route_api(sr->method, path, &rq);
        S.since = -1;
    }
    pthread_mutex_unlock(&S.lock);
    return r;
}

serve_answer serve_api_as(const char *method, const char *url, const char *auth, const char *body, size_t len)
{
    const serve_request sr = {method, url, body, len, NULL, auth, NULL, NULL, NULL};
    return serve_api_request(&sr);
}

serve_answer serve_api(const char *method, const char *url, const char *body, size_t len)
{
    return serve_api_as(method, url, NULL, body, len);
}

/* The seat a stream's Authorization header names (serve.h): 0 South, 1 North, -1 none (a
 * spectator; also a hot seat's one token, which is both), -2 no such game, -3 the game could not
 * be read. */
int serve_game_seat(const char *game_id, const char *auth)
{
    pthread_mutex_lock(&S.lock);
    int r = -2;
    slot *s = NULL;
    if (S.started && store_find(game_id, &s) == STORE_FAILED)
        r = -3;
    if (s) {
        int mask = auth && strlen(auth) < 256 ? auth_seats(s, auth) : -1;
        r = mask == 1 ? 0 : mask == 2 ? 1 : -1;
    }
    pthread_mutex_unlock(&S.lock);
    return r;
}

int serve_player_of(const char *auth, char *id, size_t len)
{
    pthread_mutex_lock(&S.lock);
    char me[STORE_ID_LEN + 1];
    int r = S.started ? auth_player(auth, me) : 0;
    if (r == 1)
        snprintf(id, len, "%s", me);
    pthread_mutex_unlock(&S.lock);
    return r;
}

static void count_held(const char *owner, long games, void *ctx)
{
    (void)ctx;
    while (games-- > 0)
        limits_game_added(owner);
}

/* The games each address holds, from the database: --games-per-ip holds across a restart. */
void serve_api_count_held(void)
{
    pthread_mutex_lock(&S.lock);
    if (S.started && store_count_owners(count_held, NULL) != 0)
        fprintf(stderr, "gabata serve: the games held per address could not be counted; each starts at 0\n");
    pthread_mutex_unlock(&S.lock);
}

void serve_api_counts(long *created, long *requests)
{
    pthread_mutex_lock(&S.lock);
    *created = S.created;
    *requests = S.requests;
    pthread_mutex_unlock(&S.lock);
}
