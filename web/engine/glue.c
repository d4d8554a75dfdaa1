/* glue.c — libgabata for the browser: the functions the WebAssembly build (scripts/build-wasm)
 * exports to JavaScript. A client of include/gabata.h like any other (and of cli/players.c, for
 * the computer players exactly as `gabata serve` plays them). Games are small handles; every
 * function that answers text returns a string owned here, valid until the next call (JavaScript
 * copies it at once). web/local.js builds the API's answers (docs/api.md) from these pieces;
 * web/engine-worker.js runs it all in a Web Worker. */
#include "cli.h"
#include "gabata.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define EXPORT
#endif

/* ---- answers: one growing buffer, and a small JSON writer on it ---- */
static struct {
    char *s;
    size_t len, cap;
} out;
static char last_error[256];

static void o_reset(void)
{
    out.len = 0;
    if (out.s)
        out.s[0] = 0;
}

static void o_put(const char *s, size_t n)
{
    if (out.len + n + 1 > out.cap) {
        size_t cap = out.cap ? out.cap : 4096;
        while (out.len + n + 1 > cap)
            cap *= 2;
        char *t = realloc(out.s, cap);
        if (!t)
            return; /* cut short; JavaScript then fails to parse it and says so */
        out.s = t;
        out.cap = cap;
    }
    memcpy(out.s + out.len, s, n);
    out.len += n;
    out.s[out.len] = 0;
}

static void o_raw(const char *s) { o_put(s, strlen(s)); }

static void o_fmt(const char *fmt, ...)
{
    char t[128];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t, sizeof t, fmt, ap);
    va_end(ap);
    if (n > 0)
        o_put(t, (size_t)n < sizeof t ? (size_t)n : sizeof t - 1);
}

/* A JSON string: the library's texts are valid UTF-8; quotes, backslashes and control
 * characters are escaped. */
static void o_str(const char *s)
{
    if (!s) {
        o_raw("null");
        return;
    }
    o_put("\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            o_put(e, 2);
        } else if (c < 0x20) {
            o_fmt("\\u%04X", c);
        } else {
            o_put((const char *)&c, 1);
        }
    }
    o_put("\"", 1);
}

static const char *o_done(void) { return out.s ? out.s : ""; }

static const char *fail_text(const char *msg)
{
    snprintf(last_error, sizeof last_error, "%s", msg);
    return NULL;
}

/* ---- games by handle ---- */
typedef struct handle {
    gb_game *g;
    uint64_t rng; /* the computer players' random source, as a server's game has it */
} handle;
static handle *games;
static int ngames;

static handle *get(int h) { return h >= 1 && h <= ngames && games[h - 1].g ? &games[h - 1] : NULL; }

static int keep(gb_game *g, uint64_t seed)
{
    int h = 0;
    for (int i = 0; i < ngames && !h; i++)
        if (!games[i].g)
            h = i + 1;
    if (!h) {
        handle *t = realloc(games, (size_t)(ngames + 1) * sizeof *t);
        if (!t) {
            gb_game_free(g);
            fail_text("out of memory");
            return 0;
        }
        games = t;
        h = ++ngames;
    }
    games[h - 1] = (handle){g, seed ^ 0x5deece66dull}; /* as serve/api.c seeds a game's players */
    return h;
}

static uint64_t parse_seed(const char *s)
{
    return s ? strtoull(s, NULL, 10) : 0;
}

/* The message of the last call that failed. */
EXPORT const char *gbw_error(void) { return last_error; }

/* A new game (options as on the command line; seed in decimal, all 64 bits): its handle, or 0
 * with the reason in gbw_error. */
EXPORT int gbw_new(const char *variant, const char *options, const char *seed)
{
    gb_game *g;
    gb_error err;
    uint64_t sd = parse_seed(seed);
    if (gb_game_new(&g, variant, options, sd, &err) != GB_OK) {
        fail_text(err.msg);
        return 0;
    }
    return keep(g, sd);
}

/* A game from a record (docs/notation.md), with its players' random source seeded by `seed`. */
EXPORT int gbw_from_record(const char *text, const char *seed)
{
    gb_game *g;
    gb_error err;
    if (gb_record_parse(&g, text, &err) != GB_OK) {
        fail_text(err.msg);
        return 0;
    }
    return keep(g, parse_seed(seed));
}

/* A game at a position string (docs/notation.md), seeded as gb_game_from_position seeds it. */
EXPORT int gbw_from_position(const char *text, const char *seed)
{
    gb_game *g;
    gb_error err;
    uint64_t sd = parse_seed(seed);
    if (gb_game_from_position(&g, text, sd, &err) != GB_OK) {
        fail_text(err.msg);
        return 0;
    }
    return keep(g, sd);
}

EXPORT void gbw_delete(int h)
{
    handle *x = get(h);
    if (x) {
        gb_game_free(x->g);
        x->g = NULL;
    }
}

EXPORT const char *gbw_state(int h)
{
    handle *x = get(h);
    if (!x)
        return fail_text("no such game");
    char *s = gb_state_json(x->g);
    o_reset();
    o_raw(s ? s : "null");
    free(s);
    return o_done();
}

EXPORT int gbw_to_move(int h)
{
    handle *x = get(h);
    return x ? gb_to_move(x->g) : GB_NOBODY;
}

EXPORT int gbw_history_length(int h)
{
    handle *x = get(h);
    return x ? gb_history_length(x->g) : 0;
}

static void o_moves(const gb_game *g)
{
    gb_move moves[GB_MAX_MOVES];
    int n = gb_legal_moves(g, moves, GB_MAX_MOVES);
    o_raw("[");
    for (int i = 0; i < n; i++) {
        char mv[GB_MOVE_TEXT_MAX];
        gb_move_format(g, &moves[i], mv, sizeof mv);
        bool on_hole = moves[i].kind == GB_MOVE_SOW || moves[i].kind == GB_MOVE_FEED;
        o_raw(i ? ",{\"text\":" : "{\"text\":");
        o_str(mv);
        o_raw(",\"kind\":");
        o_str(gb_move_kind_name(g, moves[i].kind));
        if (on_hole)
            o_fmt(",\"hole\":%d}", moves[i].hole);
        else
            o_raw(",\"hole\":null}");
    }
    o_raw("]");
}

static void o_trace(const gb_game *g)
{
    const gb_trace *t = gb_last_trace(g);
    if (!t) {
        o_raw("null");
        return;
    }
    o_fmt("{\"laps_total\":%d,\"sown\":%lld,\"laps\":[", t->laps, (long long)t->sown);
    for (int i = 0; i < t->events; i++) {
        const gb_lap *l = &t->lap[i];
        const char *ev = gb_event_name(g, l->event);
        o_fmt("%s{\"from\":%d,\"to\":%d,\"stones\":%d,\"event\":", i ? "," : "", l->from, l->to, l->stones);
        o_str(ev ? ev : "other");
        o_fmt(",\"other\":%d,\"value\":%d,\"sown\":[", l->other, l->value);
        for (int k = 0; k < l->sown_len && l->sown_at + k < t->holes; k++)
            o_fmt("%s%d", k ? "," : "", t->hole[l->sown_at + k]);
        o_raw("]}");
    }
    o_raw("]}");
}

/* A game's rules lines (gb_rules_lines) as the server writes them: [{"text", "ruling",
 * "option"}...] (docs/api.md). */
static void o_rules(const gb_rule_line *l, int n)
{
    o_raw("[");
    for (int i = 0; i < n && i < GB_RULE_LINES_MAX; i++) {
        o_raw(i ? ",{\"text\":" : "{\"text\":");
        o_str(l[i].text);
        o_raw(",\"ruling\":");
        if (l[i].ruling)
            o_str(l[i].ruling);
        else
            o_raw("null");
        o_raw(",\"option\":");
        if (l[i].option)
            o_str(l[i].option);
        else
            o_raw("null");
        o_raw("}");
    }
    o_raw("]");
}

/* Everything of a game's view (docs/api.md) that the game itself knows: variant, title, rows,
 * labels, state, moves, free_move, the history's moves, the last move's trace, position. The
 * page's side of it (id, players, who made each move, the state before the last move) is
 * web/local.js's. */
EXPORT const char *gbw_view(int h)
{
    handle *x = get(h);
    if (!x)
        return fail_text("no such game");
    gb_game *g = x->g;
    const char *v = gb_game_variant(g);
    int n = gb_game_rows(g);
    char *st = gb_state_json(g);
    char *pos = gb_position_format(g);
    o_reset();
    o_raw("{\"variant\":");
    o_str(v);
    o_raw(",\"title\":");
    o_str(gb_variant_title(v));
    o_fmt(",\"rows\":%d,\"labels\":[", n);
    for (int i = 0; i < 2 * n; i++) {
        if (i)
            o_raw(",");
        o_str(gb_hole_label(g, i));
    }
    o_raw("],\"state\":");
    o_raw(st ? st : "null");
    o_raw(",\"moves\":");
    o_moves(g);
    o_raw(",\"free_move\":");
    gb_move dummy[1];
    if (!gb_is_over(g) && gb_legal_moves(g, dummy, 1) == 0) {
        gb_move m;
        uint64_t r = x->rng ^ 0x9e3779b97f4a7c15ull; /* as serve/api.c draws its example */
        char mv[GB_MOVE_TEXT_MAX] = "";
        if (gb_random_move(g, &r, &m) == GB_OK)
            gb_move_format(g, &m, mv, sizeof mv);
        o_raw("{\"phase\":");
        o_str(gb_phase(g));
        o_raw(",\"example\":");
        o_str(mv);
        o_raw("}");
    } else {
        o_raw("null");
    }
    o_raw(",\"history\":[");
    for (int i = 0; i < gb_history_length(g); i++) {
        char mv[GB_MOVE_TEXT_MAX];
        gb_move_format(g, gb_history_move(g, i), mv, sizeof mv);
        if (i)
            o_raw(",");
        o_str(mv);
    }
    o_raw("],\"trace\":");
    o_trace(g);
    o_raw(",\"position\":");
    o_str(pos ? pos : "");
    o_raw(",\"rules\":");
    static gb_rule_line rl[GB_RULE_LINES_MAX]; /* static: 30 KB, on the worker's small stack */
    o_rules(rl, gb_rules_lines(g, rl, GB_RULE_LINES_MAX));
    o_raw("}");
    free(st);
    free(pos);
    return o_done();
}

/* Play a move by its text: 0, or the library's code (GB_EINVAL: it does not parse; GB_EOVER;
 * GB_EILLEGAL...) with its reason in gbw_error. */
EXPORT int gbw_play(int h, const char *text)
{
    handle *x = get(h);
    if (!x) {
        fail_text("no such game");
        return GB_EINVAL;
    }
    gb_move m;
    gb_error err;
    int rc = gb_move_parse(x->g, text, &m, &err);
    if (rc == GB_OK)
        rc = gb_play(x->g, &m, &err);
    if (rc != GB_OK)
        fail_text(err.msg);
    return rc;
}

/* A player's name as the API takes it ("human", "random", "ai", "ai:1" … "ai:8", "mcts"; no
 * thinking time) described as the view shows it, or "" when it is not one. */
EXPORT const char *gbw_player(const char *name)
{
    player p;
    static char d[64];
    if (strchr(name, '@') || player_parse(name, &p) != 0)
        return "";
    return player_describe(&p, d, sizeof d);
}

/* The computer's move for `player_name` (as gbw_player takes it), drawn from the game's random
 * source as serve/api.c's `computer` draws it, played: 0, or a code with gbw_error. */
EXPORT int gbw_computer(int h, const char *player_name)
{
    handle *x = get(h);
    player p;
    if (!x || strchr(player_name, '@') || player_parse(player_name, &p) != 0) {
        fail_text(x ? "bad player" : "no such game");
        return GB_EINVAL;
    }
    if (gb_is_over(x->g)) {
        fail_text("the game is over");
        return GB_EOVER;
    }
    gb_move m;
    if (player_choose(&p, x->g, &x->rng, &m) != 0) {
        fail_text("the computer found no move");
        return GB_ENOMEM;
    }
    gb_error err;
    int rc = gb_play(x->g, &m, &err);
    if (rc != GB_OK)
        fail_text(err.msg);
    return rc;
}

/* A hint: ai:4's move, drawn from a copy of the game's random source (it changes nothing), as
 * text; NULL (gbw_error) when over. */
EXPORT const char *gbw_hint(int h)
{
    handle *x = get(h);
    if (!x)
        return fail_text("no such game");
    if (gb_is_over(x->g))
        return fail_text("the game is over");
    player p = {PLAYER_AI, 4, 0, 0};
    uint64_t r = x->rng;
    gb_move m;
    if (player_choose(&p, x->g, &r, &m) != 0)
        return fail_text("no move to suggest");
    static char mv[GB_MOVE_TEXT_MAX];
    gb_move_format(x->g, &m, mv, sizeof mv);
    return mv;
}

/* Take back one ply: 0, or GB_EINVAL when there is nothing to take back. */
EXPORT int gbw_undo(int h)
{
    handle *x = get(h);
    return x ? gb_undo(x->g, NULL) : GB_EINVAL;
}

/* The game record with the players and the date as tags. */
EXPORT const char *gbw_record(int h, const char *south, const char *north, const char *date)
{
    handle *x = get(h);
    if (!x)
        return fail_text("no such game");
    const char *tags[] = {"South", south, "North", north, "Date", date, NULL};
    char *rec = gb_record_format(x->g, tags);
    if (!rec)
        return fail_text("out of memory");
    o_reset();
    o_raw(rec);
    free(rec);
    return o_done();
}

/* The catalogue of games as GET /api/variants answers it (docs/api.md). */
EXPORT const char *gbw_catalog(void)
{
    o_reset();
    o_raw("{\"variants\":[");
    for (int i = 0; i < gb_variant_count(); i++) {
        const char *v = gb_variant_name(i);
        o_raw(i ? ",{\"name\":" : "{\"name\":");
        o_str(v);
        o_raw(",\"title\":");
        o_str(gb_variant_title(v));
        o_fmt(",\"rows\":%d,\"options\":[", gb_variant_rows(v));
        int no = gb_variant_option_count(v), first = 1;
        for (int k = 0; k < no; k++) {
            gb_option_info oi;
            if (gb_variant_option(v, k, &oi) != GB_OK)
                continue;
            o_raw(first ? "{\"key\":" : ",{\"key\":");
            first = 0;
            o_str(oi.key);
            if (oi.choices) {
                o_raw(",\"choices\":[");
                for (int c = 0; oi.choices[c]; c++) {
                    if (c)
                        o_raw(",");
                    o_str(oi.choices[c]);
                }
                o_raw("],\"default\":");
                o_str(oi.choices[0]);
            } else {
                o_fmt(",\"min\":%lld,\"max\":%lld,\"default\":%lld", (long long)oi.min,
                      (long long)oi.max, (long long)oi.def);
            }
            o_raw(",\"help\":");
            o_str(oi.help);
            o_raw("}");
        }
        o_raw("],\"rules\":");
        gb_rules_text t;
        static gb_rule_line all[GB_RULE_LINES_MAX]; /* static: 30 KB, on the worker's small stack */
        int nl = gb_variant_rules_lines(v, NULL, all, GB_RULE_LINES_MAX, NULL);
        if (gb_variant_rules_text(v, &t) == GB_OK && nl > 0) { /* every rule, at the defaults */
            o_raw("{\"where\":");
            o_str(t.origin);
            o_raw(",\"terms\":");
            o_str(t.words);
            o_raw(",\"lines\":[");
            for (int k = 0; k < nl && k < GB_RULE_LINES_MAX; k++) {
                if (k)
                    o_raw(",");
                o_str(all[k].text);
            }
            o_raw("],\"why\":");
            o_rules(all, nl);
            o_raw("}");
        } else {
            o_raw("null");
        }
        o_raw("}");
    }
    o_raw("],\"players\":[\"human\",\"random\",\"ai:1\",\"ai:2\",\"ai:3\",\"ai:4\",\"ai:5\","
          "\"ai:6\",\"ai:7\",\"ai:8\"]}");
    return o_done();
}

/* ---- measuring (the tests of tests/web/wasm.test.js and the speed figures) ---- */

/* gb_perft from the game's current state, as a double (exact below 2^53). */
EXPORT double gbw_perft(int h, int depth)
{
    handle *x = get(h);
    return x ? (double)gb_perft(x->g, depth) : -1;
}

/* gb_random_playouts of `games` games from the start, with `seed`: the statistics as JSON,
 * with the CPU-free wall time they took measured by the caller. NULL (gbw_error) on failure. */
EXPORT const char *gbw_playouts(int h, int games, const char *seed)
{
    handle *x = get(h);
    if (!x)
        return fail_text("no such game");
    gb_playout_stats st;
    gb_error err;
    if (gb_random_playouts(x->g, games, parse_seed(seed), &st, &err) != GB_OK)
        return fail_text(err.msg);
    o_reset();
    o_fmt("{\"games\":%ld,\"plies\":%ld,\"laps\":%ld,\"sown\":%lld,", st.games, st.plies, st.laps,
          st.sown);
    o_fmt("\"wins\":[%ld,%ld,%ld],", st.wins[0], st.wins[1], st.wins[2]);
    o_fmt("\"reasons\":[%ld,%ld,%ld,%ld,%ld],", st.reasons[0], st.reasons[1], st.reasons[2],
          st.reasons[3], st.reasons[4]);
    o_fmt("\"min_plies\":%ld,\"max_plies\":%ld}", st.min_plies, st.max_plies);
    return o_done();
}

/* An alpha-beta search of the current state as the engine protocol's first `go` after `new`
 * runs it (a fresh searcher, a 32 MiB table; docs/protocol.md): depth and nodes (0: no limit),
 * the seed in decimal. {"best","score","depth","nodes","pv":[...]}, or NULL (gbw_error). */
EXPORT const char *gbw_search(int h, int depth, double nodes, const char *seed, int tt_mb)
{
    handle *x = get(h);
    if (!x)
        return fail_text("no such game");
    gb_search_opts o;
    memset(&o, 0, sizeof o);
    o.seed = parse_seed(seed);
    o.budget.depth = depth;
    o.budget.nodes = (long long)nodes;
    o.tt_mb = tt_mb;
    gb_searcher *s = gb_searcher_new(&o);
    if (!s)
        return fail_text("out of memory");
    gb_search_result res;
    gb_error err;
    int rc = gb_search(s, x->g, &o, &res, &err);
    gb_searcher_free(s);
    if (rc != GB_OK)
        return fail_text(err.msg);
    char mv[GB_MOVE_TEXT_MAX];
    o_reset();
    gb_move_format(x->g, &res.best, mv, sizeof mv);
    o_raw("{\"best\":");
    o_str(mv);
    o_fmt(",\"score\":%d,\"depth\":%d,\"nodes\":%lld,\"pv\":[", res.score, res.depth, res.nodes);
    /* the line's moves, each written in the position it is played in */
    gb_game *c = gb_game_clone(x->g);
    for (int i = 0; c && i < res.pv_len; i++) { /* as the engine's `info` line writes it */
        gb_move m = res.pv[i];
        if (gb_is_over(c) || gb_move_format(c, &m, mv, sizeof mv) < 0 || gb_play(c, &m, NULL) != GB_OK)
            break;
        if (i)
            o_raw(",");
        o_str(mv);
    }
    gb_game_free(c);
    o_raw("]}");
    return o_done();
}

/* ---- the learn mode's lessons: the answers of GET /api/lessons/VARIANT and POST
 * /api/lessons/VARIANT/ID, as serve/api.c writes them (docs/api.md, "Lessons") ---- */
static void o_state(const gb_game *g)
{
    char *st = gb_state_json(g);
    o_raw(st ? st : "null");
    free(st);
}

/* GET /api/variants/VARIANT/rules's answer: every rule of a known variant for options, or NULL
 * (gbw_error: why) for options that do not parse. */
EXPORT const char *gbw_variant_rules(const char *variant, const char *options)
{
    static gb_rule_line rl[GB_RULE_LINES_MAX]; /* static: 30 KB, on the worker's small stack */
    gb_error err = {0, ""};
    int n = gb_variant_rules_lines(variant, options, rl, GB_RULE_LINES_MAX, &err);
    if (n < 0)
        return fail_text(err.msg);
    o_reset();
    o_raw("{\"variant\":");
    o_str(variant);
    o_raw(",\"options\":");
    o_str(options);
    o_raw(",\"rules\":");
    o_rules(rl, n);
    o_raw("}");
    return o_done();
}

/* Every lesson of a variant, or NULL (gbw_error: why) for an unknown one. */
EXPORT const char *gbw_lessons(const char *variant)
{
    if (gb_lesson_count(variant) < 0)
        return fail_text("no such game");
    o_reset();
    o_raw("{\"variant\":");
    o_str(variant);
    o_raw(",\"title\":");
    o_str(gb_variant_title(variant));
    o_raw(",\"lessons\":[");
    for (int i = 0; i < gb_lesson_count(variant); i++) {
        const gb_lesson *l = gb_lesson_at(variant, i);
        gb_game *g;
        gb_error err;
        if (gb_lesson_game(l, 0, &g, &err) != GB_OK)
            return fail_text(err.msg);
        o_raw(i ? ",{\"id\":" : "{\"id\":");
        o_str(l->id);
        o_raw(",\"title\":");
        o_str(l->title);
        o_raw(",\"rulings\":");
        o_str(l->rulings);
        o_raw(",\"instruction\":");
        o_str(l->instruction);
        o_raw(",\"position\":");
        o_str(l->position);
        o_fmt(",\"rows\":%d,\"labels\":[", gb_game_rows(g));
        for (int h = 0; h < 2 * gb_game_rows(g); h++) {
            if (h)
                o_raw(",");
            o_str(gb_hole_label(g, h));
        }
        o_raw("],\"state\":");
        o_state(g);
        o_raw(",\"moves\":");
        o_moves(g);
        gb_rule_line rl[GB_RULE_LINES_MAX]; /* the rule it teaches, in the game's text: a "why?" */
        int nr = gb_lesson_rules(l, rl, GB_RULE_LINES_MAX);
        o_raw(",\"rules\":");
        o_rules(rl, nr > 0 ? nr : 0);
        o_raw("}");
        gb_game_free(g);
    }
    o_raw("]}");
    return o_done();
}

/* A move at a lesson: 1 right, 0 wrong, its answer in gbw_lesson_answer; -10 no such lesson;
 * else the library's code (GB_EINVAL, GB_EILLEGAL), gbw_error saying why. */
EXPORT int gbw_lesson_check(const char *variant, const char *id, const char *move)
{
    const gb_lesson *l = gb_lesson_find(variant, id);
    if (!l) {
        fail_text("no such lesson");
        return -10;
    }
    gb_game *after = NULL;
    gb_error err = {0, ""};
    int rc = gb_lesson_check(l, move, &after, &err);
    if (rc < 0) {
        fail_text(err.msg);
        return rc;
    }
    char text[GB_MOVE_TEXT_MAX] = "";
    int hl = gb_history_length(after);
    if (hl > 0)
        gb_move_format(after, gb_history_move(after, hl - 1), text, sizeof text);
    o_reset();
    o_raw("{\"id\":");
    o_str(l->id);
    o_raw(",\"move\":");
    o_str(text);
    o_raw(rc == 1 ? ",\"right\":true" : ",\"right\":false");
    o_raw(",\"explanation\":");
    o_str(rc == 1 ? l->right : l->wrong);
    o_raw(",\"state\":");
    o_state(after);
    o_raw(",\"trace\":");
    o_trace(after);
    o_raw("}");
    gb_game_free(after);
    return rc;
}

EXPORT const char *gbw_lesson_answer(void) { return o_done(); }
