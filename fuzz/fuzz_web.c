/* fuzz_web.c — the JSON API of `gabata serve` (serve_api, serve/api.c) without the network.
 *
 * An input is a session: one request a line, `METHOD PATH BODY` (the body is the rest of the line
 * after the path's space, possibly empty). `$ID` in the path stands for the id of the game created
 * last in the session (by a 201 answer), so a session can create a game and then play in it; every
 * request carries the token of that game's creator (`Authorization: Bearer`), but for a method
 * written with a `!` in front (`!POST`), which carries none (it must then change nothing). The
 * lobby: a player created (201 with a key) makes his key the one carried, a seek accepted or a
 * rematch (201 with a game) makes that game $ID, and `$SK` stands for the seek made last.
 * Every session starts on a fresh server (an in-memory database, 3 games held in memory at most and
 * 2 built, so games are read back from the database often; a fixed seed, bodies up to 1024 bytes)
 * and a node cap on every computer move and hint, so that no request thinks for long; at most 48
 * requests a session.
 *
 * What must hold for every request: the status is 2xx or 4xx (never 5xx: bad input is the
 * client's error); a JSON answer parses as an object; an error is {"error": one line, "status":
 * the HTTP status}; a game's view has its id (16 characters), state, moves, history and position;
 * a record (text/plain) reads back with gb_record_parse to the position of the game's last view;
 * a request naming a player with a thinking time (`ai:8@2`) is refused. */
#include "fuzz.h"
#include "cli.h"

#include <jansson.h>

#define MAX_REQUESTS 48
#define NODE_CAP 1500

static char last_seek[33] = "00000000000000000000000000000000"; /* $SK: the seek made last */

static void check_answer(const char *method, const char *path, const serve_answer *a, char *last_id,
                         char *last_auth, char *last_position)
{
    FUZZ_CHECK(a->body != NULL);
    if (a->status >= 500)
        fprintf(stderr, "%s %s -> %d %s\n", method, path, a->status, a->body);
    FUZZ_CHECK(a->status >= 200 && a->status < 500);
    FUZZ_CHECK(a->type != NULL);
    if (strncmp(a->type, "text/plain", 10) == 0) { /* the record */
        FUZZ_CHECK(a->status == 200);
        gb_game *g;
        gb_error err;
        int rc = gb_record_parse(&g, a->body, &err);
        if (rc != GB_OK)
            fprintf(stderr, "record of %s does not read back: %s\n%s\n", path, err.msg, a->body);
        FUZZ_CHECK(rc == GB_OK);
        char *pos = gb_position_format(g);
        FUZZ_CHECK(pos != NULL);
        bool same_game = last_position[0] && strstr(path, last_id) != NULL;
        if (same_game && strcmp(pos, last_position) != 0)
            fprintf(stderr, "record reads back to\n  %s\nthe view said\n  %s\n", pos, last_position);
        FUZZ_CHECK(!same_game || strcmp(pos, last_position) == 0);
        free(pos);
        gb_game_free(g);
        return;
    }
    FUZZ_CHECK(strcmp(a->type, "application/json") == 0);
    json_error_t je;
    json_t *j = json_loads(a->body, 0, &je);
    FUZZ_CHECK(j != NULL && json_is_object(j));
    if (a->status >= 400) {
        json_t *e = json_object_get(j, "error"), *st = json_object_get(j, "status");
        FUZZ_CHECK(json_is_string(e) && json_string_length(e) > 0);
        FUZZ_CHECK(strchr(json_string_value(e), '\n') == NULL);
        FUZZ_CHECK(json_is_integer(st) && json_integer_value(st) == a->status);
    } else if (json_object_get(j, "state")) { /* a game's view */
        json_t *id = json_object_get(j, "id"), *hist = json_object_get(j, "history"),
               *moves = json_object_get(j, "moves"), *pos = json_object_get(j, "position");
        FUZZ_CHECK(json_is_string(id) && json_string_length(id) == 32);
        FUZZ_CHECK(json_is_array(hist) && json_is_array(moves) && json_is_string(pos));
        FUZZ_CHECK(json_is_object(json_object_get(j, "state")));
        if (a->status == 201) {
            snprintf(last_id, 33, "%s", json_string_value(id));
            json_t *tok = json_object_get(j, "token");
            FUZZ_CHECK(json_is_string(tok) && json_string_length(tok) == 64);
            snprintf(last_auth, 80, "Bearer %s", json_string_value(tok));
            last_position[0] = 0;
        }
        if (strcmp(json_string_value(id), last_id) == 0)
            snprintf(last_position, 4096, "%s", json_string_value(pos));
    } else if (a->status == 201) { /* the lobby: a player's key acts, a seek accepted is the game */
        json_t *key = json_object_get(j, "key"), *game = json_object_get(j, "game"), *seek = json_object_get(j, "seek");
        if (json_is_string(seek) && json_string_length(seek) == 32)
            snprintf(last_seek, sizeof last_seek, "%s", json_string_value(seek));
        if (json_is_string(key) && json_string_length(key) == 64)
            snprintf(last_auth, 80, "Bearer %s", json_string_value(key));
        if (json_is_string(game) && json_string_length(game) == 32) {
            snprintf(last_id, 33, "%s", json_string_value(game));
            last_position[0] = 0;
        }
    }
    json_decref(j);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 8192)
        return 0;
    char *text = fuzz_text(data, size);
    serve_config cfg = {3, 1024, 1, true, NODE_CAP, NULL, 2, false, 0};
    FUZZ_CHECK(serve_api_start(&cfg) == 0);
    char last_id[33] = "00000000000000000000000000000000", last_auth[80] = "";
    char *last_position = calloc(1, 4096);
    FUZZ_CHECK(last_position != NULL);
    int requests = 0;
    static int verbose = -1; /* FUZZ_WEB_VERBOSE=1: each request and the start of its answer */
    if (verbose < 0)
        verbose = getenv("FUZZ_WEB_VERBOSE") != NULL;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line && requests < MAX_REQUESTS;
         line = strtok_r(NULL, "\n", &save)) {
        char *sp = strchr(line, ' ');
        if (!sp)
            continue;
        *sp = 0;
        const char *method = line;
        bool no_token = method[0] == '!';
        method += no_token;
        char *path = sp + 1, *body = strchr(path, ' ');
        if (body)
            *body++ = 0;
        /* $ID: the game created last */
        char url[1024];
        size_t u = 0;
        for (const char *p = path; *p && u + 33 < sizeof url; p++) {
            if (strncmp(p, "$ID", 3) == 0 || strncmp(p, "$SK", 3) == 0) {
                memcpy(url + u, p[1] == 'I' ? last_id : last_seek, 32);
                u += 32;
                p += 2;
            } else {
                url[u++] = *p;
            }
        }
        url[u] = 0;
        /* what the MHD callback passes on: paths under /api */
        if (strncmp(url, "/api/", 5) != 0 && strcmp(url, "/api") != 0)
            continue;
        serve_answer a = serve_api_as(method, url, no_token ? NULL : last_auth, body, body ? strlen(body) : 0);
        if (verbose)
            fprintf(stderr, "%s%s %s -> %d %.160s\n", no_token ? "!" : "", method, url, a.status, a.body);
        /* without a token, nothing but reading is allowed: a change is refused with 401 */
        bool changed = no_token && strcmp(method, "GET") != 0 && strstr(url, "/api/games/") && !strstr(url, "/join") && a.status < 300;
        if (changed)
            fprintf(stderr, "%s %s without a token -> %d\n", method, url, a.status);
        FUZZ_CHECK(!changed);
        check_answer(method, url, &a, last_id, last_auth, last_position);
        /* a player with a thinking time ("ai:8@86400") is refused: it could hold the server */
        json_t *bj = body ? json_loads(body, JSON_REJECT_DUPLICATES, NULL) : NULL;
        static const char *const who[] = {"south", "north", "player"};
        for (int k = 0; k < 3 && json_is_object(bj); k++) {
            const char *name = json_string_value(json_object_get(bj, who[k]));
            if (name && strchr(name, '@'))
                FUZZ_CHECK(a.status >= 400 && a.status < 500); /* refused (401/403 first, without the seat) */
        }
        json_decref(bj);
        free(a.body);
        requests++;
    }
    serve_api_stop();
    free(last_position);
    free(text);
    return 0;
}
