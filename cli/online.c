/* online.c — `gabata online`: a person at a terminal plays people on other machines through the
 * JSON API of `gabata serve` (docs/api.md, docs/online.md): a player's name once, the lobby's seeks,
 * a friend's invitation link, the game live from its event stream. HTTP is online_http.c's; the
 * game itself is the library's, rebuilt here from the server's move list to draw it as `gabata
 * play` does (cli/draw.c). */
#include "cli.h"
#include "i18n.h"
#include "online_http.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifdef GABATA_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

static const char online_help[] =
    N_("usage: gabata online [URL] [--join LINK | --game ID | --watch ID] [--lang CODE]\n"
    "Plays people on other machines through a gabata serve (URL, default http://localhost:8080;\n"
    "docs/online.md). The first seek or accept asks for a player name, kept with its key in\n"
    "$XDG_CONFIG_HOME/gabata/players.json (default ~/.config/gabata), one a server. --join LINK\n"
    "takes the seat a friend's invitation leaves free (http://HOST/#join=ID.INVITE, or ID.INVITE).\n"
    "--game ID goes back to a game left with quit: your player's (from the lobby), or one joined by\n"
    "a link (its seat is kept in seats.json beside players.json, until the game ends or 30 days\n"
    "pass). --watch ID\n"
    "follows any game as a spectator (its id, or a link http://HOST/#watch=ID).\n"
    "Commands: seeks (the lobby's open games), accept N, seek VARIANT [key=value ...] [--clock\n"
    "M+S] [--rated] [--seat S|N] (then wait for a taker; cancel withdraws it), join LINK, watch ID; in a\n"
    "game: a hole's label (or any move text) plays it, moves, board, resign, draw (offer one), undo\n"
    "(ask to take back your last move), y\n"
    "or n to answer the opponent's offer, say N (a quick phrase; say lists them), claim (or claim\n"
    "draw) when the opponent has left,\n"
    "rematch at the end; help; quit (the game goes on on the\n"
    "server). Commands are read line by line from standard input when it is not a terminal.\n");

typedef enum { ASK_NONE, ASK_NAME, ASK_RESIGN, ASK_OFFER } ask_kind;

typedef struct online {
    char base[512];        /* http://host:port, no trailing slash */
    bool tty, color;
    /* the player of this server, if any */
    bool have_player;
    char pid[64], pname[256], key[128];
    /* the lobby */
    json_t *seeks;         /* the last listing, for accept N */
    char seek[64];         /* our open seek */
    json_t *seek_body;     /* the seek to make once the lobby's stream is open */
    oh_stream *lobby;
    /* the game */
    char game[64], cred[128];
    int seat;              /* GB_SOUTH or GB_NORTH (a spectator's board: South's side) */
    bool watching;         /* a spectator's: no token, nothing to change */
    bool token_seat;       /* played with an invitation's seat token, kept in seats.json */
    oh_stream *stream;
    json_t *view;
    gb_game *g;
    int shown_ply;         /* the moves already shown */
    bool shown_over;
    char shown_offer[64];  /* "draw:N" of the offer last shown */
    bool stream_lost;
    bool opp_gone;         /* the opponent's stream closed (a `gone` event), not back since */
    bool opp_awaited;      /* a new game's opponent not connected yet (told "waiting for") */
    /* what the next line answers */
    ask_kind ask;
    char pending[1200];    /* the command that asked for a name, run once it is chosen */
    bool quit;
    /* standard input read by hand (stdio's buffer would hide lines from poll) */
    char in[4096];
    size_t in_len;
    bool in_eof;
} online;

static online *O_; /* for libedit's line callback */

/* Ctrl-C, SIGTERM, a hang-up: leave as quit does (an open seek withdrawn, the terminal given
 * back as libedit found it), not in the middle of libedit's raw mode */
static volatile sig_atomic_t online_stop;
static void on_stop(int sig)
{
    (void)sig;
    online_stop = 1;
}

/* ---- output ---- */

/* libedit keeps the line being typed: a message arriving meanwhile goes above it */
static bool rl_active;
static bool out_tty; /* at a terminal: messages wrapped to its width; else plain lines, one each */
static void say_begin(void)
{
#ifdef GABATA_HAVE_LIBEDIT
    if (rl_active) {
        fputs("\r\033[K", stdout);
    }
#endif
}
static void say_end(void)
{
    fflush(stdout);
#ifdef GABATA_HAVE_LIBEDIT
    if (rl_active)
        rl_forced_update_display();
#endif
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    char text[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    say_begin();
    if (out_tty)
        cli_say(stdout, "%s", text);
    else
        fputs(text, stdout);
    say_end();
}

static const char *side_of(const char *letter)
{
    return letter && strcmp(letter, "N") == 0 ? side_name(GB_NORTH) : side_name(GB_SOUTH);
}

/* ---- the API ---- */

/* A request: the answer's JSON (status 2xx), or NULL after one line saying what went wrong: the
 * server's own `error`, or why it could not be reached. */
static json_t *api(online *o, const char *method, const char *path, const char *auth, json_t *body,
                   long *status_out)
{
    char *text = body ? json_dumps(body, JSON_COMPACT) : NULL;
    long status;
    char *answer, err[512];
    int rc = oh_request(o->base, method, path, auth, text, &status, &answer, err, sizeof err);
    free(text);
    if (status_out)
        *status_out = rc == 0 ? status : 0;
    if (rc != 0) {
        say(_("  cannot reach the server at %s: %s\n"), o->base, err);
        return NULL;
    }
    json_error_t jerr;
    json_t *j = json_loads(answer, 0, &jerr);
    if (status < 200 || status > 299) {
        const char *e = json_string_value(json_object_get(j, "error"));
        char shown[600];
        say(_("  the server refused: %s\n"), cli_printable(shown, sizeof shown, e ? e : answer));
        json_decref(j);
        free(answer);
        return NULL;
    }
    free(answer);
    if (!j) {
        say(_("  the server's answer is not JSON\n"));
        return NULL;
    }
    return j;
}

/* ---- the player, kept in players.json ---- */

static int config_file(char *buf, size_t len, bool make_dir, const char *name)
{
    const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    char dir[1024];
    if (xdg && *xdg)
        snprintf(dir, sizeof dir, "%s/gabata", xdg);
    else if (home && *home)
        snprintf(dir, sizeof dir, "%s/.config/gabata", home);
    else
        return -1;
    if (make_dir) {
        char parent[1024];
        snprintf(parent, sizeof parent, "%s", dir);
        char *slash = strrchr(parent, '/');
        if (slash && slash != parent) {
            *slash = 0;
            mkdir(parent, 0700);
        }
        if (mkdir(dir, 0700) != 0 && errno != EEXIST)
            return -1;
    }
    snprintf(buf, len, "%s/%s", dir, name);
    return 0;
}

static int config_path(char *buf, size_t len, bool make_dir)
{
    return config_file(buf, len, make_dir, "players.json");
}

/* A file of keys or tokens written whole, 0600 from its creation, then renamed over the old. */
static int write_private(const char *path, json_t *root)
{
    char tmp[1200];
    char *text = json_dumps(root, JSON_INDENT(2));
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    int rc = -1;
    if (fd >= 0 && text) {
        size_t n = strlen(text);
        rc = write(fd, text, n) == (ssize_t)n && write(fd, "\n", 1) == 1 && fchmod(fd, 0600) == 0 &&
                     fsync(fd) == 0
                 ? 0
                 : -1;
    }
    if (fd >= 0)
        close(fd);
    if (rc == 0 && rename(tmp, path) != 0)
        rc = -1;
    if (rc != 0)
        unlink(tmp);
    free(text);
    return rc;
}

static json_t *config_load(void)
{
    char path[1100];
    if (config_path(path, sizeof path, false) != 0)
        return json_array();
    json_t *j = json_load_file(path, 0, NULL);
    json_t *list = json_object_get(j, "players");
    if (!json_is_array(list)) {
        json_decref(j);
        return json_array();
    }
    json_incref(list);
    json_decref(j);
    return list;
}

static void player_load(online *o)
{
    json_t *list = config_load();
    size_t i;
    json_t *p;
    json_array_foreach(list, i, p) {
        const char *server = json_string_value(json_object_get(p, "server"));
        const char *id = json_string_value(json_object_get(p, "id"));
        const char *name = json_string_value(json_object_get(p, "name"));
        const char *key = json_string_value(json_object_get(p, "key"));
        if (server && id && name && key && strcmp(server, o->base) == 0) {
            snprintf(o->pid, sizeof o->pid, "%s", id);
            snprintf(o->pname, sizeof o->pname, "%s", name);
            snprintf(o->key, sizeof o->key, "%s", key);
            o->have_player = true;
        }
    }
    json_decref(list);
}

/* The file written whole, 0600 from its creation (it holds keys), then renamed over the old. */
static int player_save(online *o)
{
    char path[1100];
    if (config_path(path, sizeof path, true) != 0)
        return -1;
    json_t *list = config_load(), *keep = json_array();
    size_t i;
    json_t *p;
    json_array_foreach(list, i, p) {
        const char *server = json_string_value(json_object_get(p, "server"));
        if (!server || strcmp(server, o->base) != 0)
            json_array_append(keep, p);
    }
    json_decref(list);
    json_array_append_new(keep, json_pack("{s:s, s:s, s:s, s:s}", "server", o->base, "id", o->pid,
                                          "name", o->pname, "key", o->key));
    json_t *root = json_pack("{s:o}", "players", keep);
    int rc = write_private(path, root);
    json_decref(root);
    return rc;
}

/* ---- the seats of invitation games, kept in seats.json ----
 * A game joined by an invitation link is played with the seat's token (no player, no key): it is
 * kept beside players.json, in seats.json (0600, never printed), one entry a game (`server`,
 * `game`, `seat`, `token`, `saved`: seconds since 1970), so that resume ID finds it after quit.
 * An entry goes once its game is seen over, and after 30 days unused. */
#define SEAT_DAYS 30

/* the entries kept: those of the last 30 days, without `drop_game` of this server */
static json_t *seats_load(const online *o, const char *drop_game, bool *changed)
{
    char path[1100];
    json_t *keep = json_array();
    *changed = false;
    if (config_file(path, sizeof path, false, "seats.json") != 0)
        return keep;
    json_t *j = json_load_file(path, 0, NULL);
    json_t *list = json_object_get(j, "seats");
    long long now = (long long)time(NULL);
    size_t i;
    json_t *e;
    json_array_foreach(list, i, e) {
        const char *server = json_string_value(json_object_get(e, "server"));
        const char *game = json_string_value(json_object_get(e, "game"));
        json_int_t saved = json_integer_value(json_object_get(e, "saved"));
        bool old = saved <= now - SEAT_DAYS * 86400LL || saved > now + 86400;
        if (!server || !game || old || (drop_game && strcmp(server, o->base) == 0 && strcmp(game, drop_game) == 0))
            *changed = true;
        else
            json_array_append(keep, e);
    }
    json_decref(j);
    return keep;
}

static int seats_write(json_t *keep)
{
    char path[1100];
    if (config_file(path, sizeof path, true, "seats.json") != 0) {
        json_decref(keep);
        return -1;
    }
    json_t *root = json_pack("{s:o}", "seats", keep);
    int rc = write_private(path, root);
    json_decref(root);
    return rc;
}

/* the seat's token kept for game (replacing an older entry of it); 0, or -1 */
static int seat_keep(online *o, const char *game, const char *seat, const char *token)
{
    bool changed;
    json_t *keep = seats_load(o, game, &changed);
    json_array_append_new(keep, json_pack("{s:s, s:s, s:s, s:s, s:I}", "server", o->base, "game", game, "seat",
                                          seat, "token", token, "saved", (json_int_t)time(NULL)));
    return seats_write(keep);
}

/* game's entry dropped (its game is over); the old ones with it */
static void seat_drop(online *o, const char *game)
{
    bool changed;
    json_t *keep = seats_load(o, game, &changed);
    if (changed)
        seats_write(keep);
    else
        json_decref(keep);
}

/* the seat and token kept for game on this server: true and both, or false */
static bool seat_find(online *o, const char *game, char *seat, size_t seatlen, char *token, size_t toklen)
{
    bool changed, found = false;
    json_t *keep = seats_load(o, NULL, &changed);
    size_t i;
    json_t *e;
    json_array_foreach(keep, i, e) {
        const char *server = json_string_value(json_object_get(e, "server"));
        const char *g = json_string_value(json_object_get(e, "game"));
        const char *st = json_string_value(json_object_get(e, "seat"));
        const char *tk = json_string_value(json_object_get(e, "token"));
        if (strcmp(server, o->base) == 0 && strcmp(g, game) == 0 && st && tk) {
            snprintf(seat, seatlen, "%s", st);
            snprintf(token, toklen, "%s", tk);
            found = true;
        }
    }
    if (changed) /* the old entries go */
        seats_write(keep);
    else
        json_decref(keep);
    return found;
}

/* A name chosen: the server makes the player; false when it refused (said why) */
static bool player_create(online *o, const char *name)
{
    json_t *body = json_pack("{s:s}", "name", name);
    json_t *a = api(o, "POST", "/api/players", NULL, body, NULL);
    json_decref(body);
    if (!a)
        return false;
    const char *id = json_string_value(json_object_get(a, "id"));
    const char *nm = json_string_value(json_object_get(a, "name"));
    const char *key = json_string_value(json_object_get(a, "key"));
    if (!id || !nm || !key) {
        json_decref(a);
        say(_("  the server's answer is not JSON\n"));
        return false;
    }
    snprintf(o->pid, sizeof o->pid, "%s", id);
    snprintf(o->pname, sizeof o->pname, "%s", nm);
    snprintf(o->key, sizeof o->key, "%s", key);
    o->have_player = true;
    json_decref(a);
    char path[1100];
    if (player_save(o) != 0) {
        config_path(path, sizeof path, false);
        say(_("  could not save the player in %s: the name lasts until you quit\n"), path);
    } else
        say(_("  you are %s on this server\n"), o->pname);
    return true;
}

/* ---- the game ---- */

static void leave_game(online *o)
{
    oh_stream_close(o->stream);
    o->stream = NULL;
    json_decref(o->view);
    o->view = NULL;
    gb_game_free(o->g);
    o->g = NULL;
    *o->game = 0;
    o->ask = ASK_NONE;
    o->watching = false;
}

static const char *state_str(json_t *view, const char *key)
{
    return json_string_value(json_object_get(json_object_get(view, "state"), key));
}

/* the game's result in words: the rules' own line, or how the players ended it */
static void result_text(json_t *view, char *buf, size_t len)
{
    const char *line = state_str(view, "result_line");
    const char *reason = state_str(view, "end_reason");
    const char *winner = json_string_value(json_object_get(json_object_get(json_object_get(view, "state"), "result"), "winner"));
    if (line) {
        snprintf(buf, len, "%s", line);
        return;
    }
    if (reason && strcmp(reason, "aborted") == 0)
        snprintf(buf, len, "%s", _("aborted: nobody wins, nothing is rated"));
    else if (reason && strcmp(reason, "agreed") == 0)
        snprintf(buf, len, "%s", _("a draw, agreed"));
    else if (!winner)
        snprintf(buf, len, "%s", _("a draw"));
    else if (reason && strcmp(reason, "resigned") == 0)
        snprintf(buf, len, _("%s resigned: %s wins"), side_of(strcmp(winner, "S") == 0 ? "N" : "S"),
                 side_of(winner));
    else if (reason && strcmp(reason, "time") == 0)
        snprintf(buf, len, _("%s lost on time: %s wins"), side_of(strcmp(winner, "S") == 0 ? "N" : "S"),
                 side_of(winner));
    else if (reason && strcmp(reason, "abandoned") == 0)
        snprintf(buf, len, _("%s left the game: %s wins"), side_of(strcmp(winner, "S") == 0 ? "N" : "S"),
                 side_of(winner));
    else
        snprintf(buf, len, _("%s wins"), side_of(winner));
}

static const char *my_letter(const online *o) { return o->seat == GB_NORTH ? "N" : "S"; }

static void clock_text(long long ms, char *buf, size_t len)
{
    if (ms < 0)
        ms = 0;
    long long s = (ms + 999) / 1000;
    if (s >= 3600)
        snprintf(buf, len, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, len, "%lld:%02lld", s / 60, s % 60);
}

/* The local copy of the game brought to the view's move list: false when a move of it is refused
 * by the library (then it is rebuilt from the view's position, without its history). */
static bool sync_game(online *o, json_t *history)
{
    size_t n = json_array_size(history);
    if (o->g && (size_t)gb_history_length(o->g) > n) {
        gb_game_free(o->g);
        o->g = NULL;
    }
    if (!o->g) {
        gb_error err;
        const char *variant = json_string_value(json_object_get(o->view, "variant"));
        const char *options = state_str(o->view, "options");
        if (!variant || gb_game_new(&o->g, variant, options ? options : "", 0, &err) != GB_OK)
            return false;
    }
    for (size_t i = (size_t)gb_history_length(o->g); i < n; i++) {
        const char *mv = json_string_value(json_object_get(json_array_get(history, i), "move"));
        gb_error err;
        if (!mv || gb_play_text(o->g, mv, &err) != GB_OK) {
            const char *pos = json_string_value(json_object_get(o->view, "position"));
            gb_game_free(o->g);
            o->g = NULL;
            if (!pos || gb_game_from_position(&o->g, pos, 0, &err) != GB_OK)
                return false;
            break;
        }
    }
    return true;
}

static void show_status(online *o)
{
    json_t *v = o->view, *state = json_object_get(v, "state");
    json_t *clock = json_object_get(v, "clock");
    if (json_is_object(clock)) {
        char s[32], n[32];
        clock_text(json_integer_value(json_object_get(clock, "S")), s, sizeof s);
        clock_text(json_integer_value(json_object_get(clock, "N")), n, sizeof n);
        say(_("  clock: %s %s, %s %s\n"), side_name(GB_SOUTH), s, side_name(GB_NORTH), n);
    }
    if (json_is_true(json_object_get(state, "over"))) {
        char res[1024];
        result_text(v, res, sizeof res);
        say(_("  result: %s\n"), res);
        if (!o->watching)
            say(_("  the game is over: rematch, or quit\n"));
        return;
    }
    const char *to_move = json_string_value(json_object_get(state, "to_move"));
    if (to_move && o->watching)
        say(_("  %s to move\n"), side_of(to_move));
    else if (to_move && strcmp(to_move, my_letter(o)) == 0)
        say(_("  your move (%s)\n"), side_name(o->seat));
    else if (to_move)
        say(_("  waiting for %s to move\n"), side_of(to_move));
}

static void show_offer(online *o)
{
    json_t *offer = json_object_get(o->view, "offer");
    const char *kind = json_string_value(json_object_get(offer, "kind"));
    const char *by = json_string_value(json_object_get(offer, "by"));
    char now[64] = "";
    if (kind && by)
        snprintf(now, sizeof now, "%s:%s", kind, by);
    if (strcmp(now, o->shown_offer) == 0)
        return;
    snprintf(o->shown_offer, sizeof o->shown_offer, "%s", now);
    if (o->ask == ASK_OFFER)
        o->ask = ASK_NONE;
    if (!kind || !by || o->watching || strcmp(by, my_letter(o)) == 0)
        return;
    if (strcmp(kind, "draw") == 0) {
        say(_("  %s offers a draw: accept? (y/n)\n"), side_of(by));
        o->ask = ASK_OFFER;
    } else if (strcmp(kind, "undo") == 0) {
        say(_("  %s asks to take back the last move: accept? (y/n)\n"), side_of(by));
        o->ask = ASK_OFFER;
    } else if (strcmp(kind, "rematch") == 0)
        say(_("  %s offers a rematch: type rematch to accept\n"), side_of(by));
}

/* A view of the game from the server: the opponent's new moves, the board and whose turn,
 * when anything changed; an offer made to us. */
static void take_view(online *o, json_t *view, bool full)
{
    json_decref(o->view);
    o->view = view;
    json_t *history = json_object_get(view, "history");
    int n = (int)json_array_size(history);
    bool over = json_is_true(json_object_get(json_object_get(view, "state"), "over"));
    if (!sync_game(o, history)) {
        say(_("  this game cannot be shown: its moves are not this program's\n"));
        return;
    }
    bool changed = full || n != o->shown_ply || over != o->shown_over;
    if (n < o->shown_ply)
        say(n + 1 == o->shown_ply ? _("  a move was taken back\n") : _("  moves were taken back\n"));
    for (int i = o->shown_ply; i < n && n > o->shown_ply; i++) {
        json_t *h = json_array_get(history, (size_t)i);
        const char *by = json_string_value(json_object_get(h, "by"));
        const char *mv = json_string_value(json_object_get(h, "move"));
        if (by && mv && (o->watching || strcmp(by, my_letter(o)) != 0))
            say(_("  %s played %s\n"), side_of(by), mv);
    }
    o->shown_ply = n;
    o->shown_over = over;
    if (over && o->token_seat) { /* nothing left to resume: the token goes */
        seat_drop(o, o->game);
        o->token_seat = false;
    }
    if (changed) {
        say_begin();
        /* the library's status under it (whose move, the phase) while the game goes on; at
         * the end the view's result, which knows of resignations, agreements and the clock */
        if (over)
            draw_board_rows(stdout, o->g, o->seat, o->color);
        else
            draw_board_from(stdout, o->g, o->seat, o->color);
        say_end();
        show_status(o);
    }
    show_offer(o);
}

/* The opponent (seat letter opp) is connected: his return, or his arrival, told if it was awaited
 * (a `connected` event, or the view read after any event: tell_presence). */
static void opponent_here(online *o, const char *opp)
{
    if (o->opp_gone)
        say(_("  %s is back\n"), side_of(opp));
    else if (o->opp_awaited)
        say(_("  %s has connected\n"), side_of(opp));
    o->opp_gone = o->opp_awaited = false;
}

/* What the view says of the opponent's presence, told where it differs from what was told: the
 * stream tells only the changes made while it is open (docs/api.md "Abandoned games"), so one
 * made before it opened (the view read first at a game's start) is seen here, at the start and at
 * every reading of the view after an event (the stream's hello among them). A game under way: as
 * a `gone` event would be (a claim may follow); a new one: he has not arrived yet. */
static void tell_presence(online *o)
{
    if (!o->view || o->watching || json_is_true(json_object_get(json_object_get(o->view, "state"), "over")))
        return;
    json_t *connected = json_object_get(o->view, "connected");
    const char *opp = o->seat == GB_NORTH ? "S" : "N";
    if (!json_is_object(connected))
        return;
    if (json_is_true(json_object_get(connected, opp))) {
        opponent_here(o, opp);
    } else if (!o->opp_gone && !o->opp_awaited) {
        if (json_array_size(json_object_get(o->view, "history")) > 0) {
            say(_("  %s is not connected now: if he is not back in %lld s while it is his move, "
                  "claim ends the game as your win (claim draw: a draw)\n"),
                side_of(opp), json_integer_value(json_object_get(o->view, "abandon_grace_s")));
            o->opp_gone = true;
        } else {
            say(_("  waiting for %s to connect\n"), side_of(opp));
            o->opp_awaited = true;
        }
    }
}

static void refresh(online *o, bool full)
{
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s", o->game);
    json_t *v = api(o, "GET", path, NULL, NULL, NULL);
    if (v) {
        take_view(o, v, full);
        tell_presence(o);
    }
}

static void start_game(online *o, const char *game, const char *seat, const char *cred, json_t *view)
{
    leave_game(o);
    snprintf(o->game, sizeof o->game, "%s", game);
    snprintf(o->cred, sizeof o->cred, "%s", cred);
    o->watching = !*cred; /* no key or token: a spectator's */
    o->seat = seat && strcmp(seat, "N") == 0 ? GB_NORTH : GB_SOUTH;
    /* a seat token (an invitation's, or its rematch's) is kept, so that resume finds the game */
    o->token_seat = !o->watching && !(o->have_player && strcmp(cred, o->key) == 0);
    if (o->token_seat && seat_keep(o, game, o->seat == GB_NORTH ? "N" : "S", cred) != 0) {
        char file[1100] = "seats.json";
        config_file(file, sizeof file, false, "seats.json");
        say(_("  could not save the seat in %s: this game cannot be resumed after quit\n"), file);
    }
    o->shown_ply = 0;
    o->shown_over = false;
    *o->shown_offer = 0;
    o->stream_lost = false;
    o->opp_gone = false;
    o->opp_awaited = false;
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/events", game);
    o->stream = oh_stream_open(o->base, path, *cred ? cred : NULL);
    if (!o->stream)
        say(_("  out of memory\n"));
    if (!view) {
        snprintf(path, sizeof path, "/api/games/%s", game);
        view = api(o, "GET", path, NULL, NULL, NULL);
        if (!view)
            return;
    }
    const char *variant = json_string_value(json_object_get(view, "title"));
    json_t *accounts = json_object_get(view, "accounts");
    const char *opp = json_string_value(
        json_object_get(json_object_get(accounts, o->seat == GB_NORTH ? "S" : "N"), "name"));
    char shown[300];
    if (o->watching)
        say(_("  watching game %s (%s): moves, clocks and the result as they come; quit leaves\n"), game,
            variant ? variant : "");
    else if (opp)
        say(_("  game %s (%s): you play %s against %s\n"), game, variant ? variant : "",
            side_name(o->seat), cli_printable(shown, sizeof shown, opp));
    else
        say(_("  game %s (%s): you play %s\n"), game, variant ? variant : "", side_name(o->seat));
    take_view(o, view, true);
    tell_presence(o);
}

/* A change of the game (POST …/ACTION) carrying the ply we see, so that a copy sent twice or an
 * answer to a position gone is refused (409 stale) instead of acting twice. */
/* The quick phrases (docs/api.md "Quick phrases"): sent as their ids, each shown to its reader in
 * his own language (the page's texts, so one translation serves both). */
static const struct {
    const char *id, *text;
} phrases[] = {
    {"hello", N_("Hello!")},          {"good-luck", N_("Good luck!")}, {"well-played", N_("Well played!")},
    {"thanks", N_("Thank you!")},     {"good-game", N_("Good game!")}, {"sorry", N_("Sorry!")},
    {"wait", N_("One moment, please.")}, {"bye", N_("Goodbye!")},
};
#define PHRASES ((int)(sizeof phrases / sizeof phrases[0]))

/* say: the list; say N or say ID: that phrase to the game (the server refuses a spectator, an
 * off-line game, a flood, with its one line) */
static void command_say(online *o, const char *arg)
{
    int which = -1;
    for (int i = 0; *arg && i < PHRASES; i++)
        if (strcmp(arg, phrases[i].id) == 0 || (arg[0] == '1' + i && !arg[1]))
            which = i;
    if (which < 0) {
        if (*arg)
            say(_("  no such phrase: '%s'\n"), arg);
        say(_("  say N sends phrase N to the game, shown to each reader in his language:\n"));
        for (int i = 0; i < PHRASES; i++)
            say("  %d  %-12s %s\n", i + 1, phrases[i].id, _(phrases[i].text));
        return;
    }
    char path[160];
    snprintf(path, sizeof path, "/api/games/%s/say", o->game);
    json_t *body = json_pack("{s:s}", "phrase", phrases[which].id); /* api() only reads it */
    json_t *a = api(o, "POST", path, o->cred, body, NULL);
    json_decref(body);
    json_decref(a); /* the phrase itself is shown when its event comes back, as the opponent's */
}

static json_t *game_post(online *o, const char *action, json_t *body)
{
    char path[160];
    snprintf(path, sizeof path, "/api/games/%s/%s", o->game, action);
    if (!body)
        body = json_object();
    json_object_set_new(body, "ply", json_integer(o->shown_ply));
    json_t *a = api(o, "POST", path, o->cred, body, NULL);
    json_decref(body);
    return a;
}

static void game_event(online *o, oh_event *ev)
{
    if (strcmp(ev->type, "!lost") == 0 || strcmp(ev->type, "!unreachable") == 0) {
        if (!o->stream_lost)
            say(_("  the connection to the server is lost: trying again…\n"));
        o->stream_lost = true;
        return;
    }
    if (strcmp(ev->type, "!refused") == 0) {
        json_t *j = json_loads(ev->data, 0, NULL);
        const char *e = json_string_value(json_object_get(j, "error"));
        char shown[600];
        say(_("  the server refused the game's events: %s\n"), cli_printable(shown, sizeof shown, e ? e : ev->data));
        json_decref(j);
        return;
    }
    if (strcmp(ev->type, "!open") == 0) {
        if (o->stream_lost) {
            say(_("  connected again\n"));
            o->stream_lost = false;
            refresh(o, false);
        }
        return;
    }
    /* (hello: the stream is open; what changed between the view read and now is read again) */
    if (strcmp(ev->type, "connected") == 0 || strcmp(ev->type, "gone") == 0) {
        /* the opponent's last stream closed, or his first opened again (docs/api.md "Abandoned
         * games"): a claim becomes possible once he has been gone the server's grace */
        json_t *j = json_loads(ev->data, 0, NULL);
        const char *seat = json_string_value(json_object_get(j, "seat"));
        bool gone = strcmp(ev->type, "gone") == 0;
        if (seat && !o->watching && o->view && strcmp(seat, my_letter(o)) != 0 &&
            !json_is_true(json_object_get(json_object_get(o->view, "state"), "over"))) {
            if (!gone) {
                opponent_here(o, seat);
            } else {
                if (!o->opp_gone)
                    say(_("  %s has left (his connection to the server is closed): if he is not back in %lld s "
                          "while it is his move, claim ends the game as your win (claim draw: a draw)\n"),
                        side_of(seat), json_integer_value(json_object_get(o->view, "abandon_grace_s")));
                o->opp_gone = true;
                o->opp_awaited = false;
            }
        }
        json_decref(j);
        return;
    }
    if (strcmp(ev->type, "answer") == 0 && !o->watching) { /* our offer or takeback, declined */
        json_t *j = json_loads(ev->data, 0, NULL);
        const char *by = json_string_value(json_object_get(j, "by"));
        /* (its `by` is the one who answered, as the page reads it) */
        if (by && strcmp(by, my_letter(o)) != 0 && json_is_false(json_object_get(j, "accept")))
            say(_("  %s declined your offer\n"), side_of(by));
        json_decref(j);
    }
    if (strcmp(ev->type, "say") == 0) { /* a quick phrase, by either seat: in the reader's words */
        json_t *j = json_loads(ev->data, 0, NULL);
        const char *by = json_string_value(json_object_get(j, "by"));
        const char *id = json_string_value(json_object_get(j, "phrase"));
        for (int i = 0; by && id && i < PHRASES; i++)
            if (strcmp(id, phrases[i].id) == 0)
                say(_("  %s: %s\n"), side_of(by), _(phrases[i].text));
        json_decref(j);
        return;
    }
    if (strcmp(ev->type, "deleted") == 0) {
        say(_("  the game was deleted\n"));
        leave_game(o);
        return;
    }
    if (strcmp(ev->type, "rematch") == 0) {
        json_t *j = json_loads(ev->data, 0, NULL);
        const char *g = json_string_value(json_object_get(j, "game"));
        if (g) { /* agreed: the new game, seats swapped, played with the same key or token */
            char game[64], cred[128];
            snprintf(game, sizeof game, "%s", g);
            snprintf(cred, sizeof cred, "%s", o->cred);
            const char *seat = o->watching ? "S" : o->seat == GB_NORTH ? "S" : "N";
            json_decref(j);
            say(_("  rematch agreed\n"));
            start_game(o, game, seat, cred, NULL);
            return;
        }
        json_decref(j);
    }
    refresh(o, false);
}

/* ---- the lobby ---- */

static void lobby_close(online *o)
{
    oh_stream_close(o->lobby);
    o->lobby = NULL;
    json_decref(o->seek_body);
    o->seek_body = NULL;
}

/* The seek is made once the lobby's stream is open, so that the taker's `game` event, which
 * names our game, cannot come before we listen. */
static void post_seek(online *o)
{
    json_t *body = o->seek_body;
    o->seek_body = NULL;
    json_t *a = api(o, "POST", "/api/seeks", o->key, body, NULL);
    json_decref(body);
    if (!a) {
        lobby_close(o);
        return;
    }
    snprintf(o->seek, sizeof o->seek, "%s", json_string_value(json_object_get(a, "seek")) ?: "");
    json_decref(a);
    say(_("  seek offered: waiting for an opponent (cancel withdraws it)\n"));
}

static void lobby_event(online *o, oh_event *ev)
{
    if (strcmp(ev->type, "!lost") == 0 || strcmp(ev->type, "!unreachable") == 0) {
        say(_("  the connection to the server is lost: trying again…\n"));
        return;
    }
    if (strcmp(ev->type, "!refused") == 0) {
        say(_("  the server refused the lobby's events\n"));
        lobby_close(o);
        return;
    }
    if (strcmp(ev->type, "hello") == 0 && o->seek_body) {
        post_seek(o);
        return;
    }
    json_t *j = json_loads(ev->data, 0, NULL);
    if (strcmp(ev->type, "game") == 0) {
        const char *seek = json_string_value(json_object_get(j, "seek"));
        const char *game = json_string_value(json_object_get(j, "game"));
        const char *seat = json_string_value(json_object_get(j, "seat"));
        const char *seeker = json_string_value(json_object_get(j, "player"));
        if (seek && game && seeker && strcmp(seek, o->seek) == 0 && strcmp(seeker, o->pid) == 0) {
            char g[64], s[4];
            snprintf(g, sizeof g, "%s", game);
            snprintf(s, sizeof s, "%s", seat ? seat : "S");
            json_decref(j);
            *o->seek = 0;
            lobby_close(o);
            say(_("  your seek was accepted\n"));
            start_game(o, g, s, o->key, NULL);
            return;
        }
    } else if (strcmp(ev->type, "seek") == 0) {
        const char *action = json_string_value(json_object_get(j, "action"));
        const char *why = json_string_value(json_object_get(j, "why"));
        const char *id = json_string_value(json_object_get(json_object_get(j, "seek"), "seek"));
        if (action && strcmp(action, "removed") == 0 && id && strcmp(id, o->seek) == 0 && why &&
            strcmp(why, "accepted") != 0) {
            say(_("  your seek is no longer open\n"));
            *o->seek = 0;
            lobby_close(o);
        }
    }
    json_decref(j);
}

static bool need_player(online *o, const char *line)
{
    if (o->have_player)
        return true;
    snprintf(o->pending, sizeof o->pending, "%s", line);
    o->ask = ASK_NAME;
    say(_("  choose your player name on this server (letters, digits, spaces; 1 to 20):\n"));
    return false;
}

static void list_seeks(online *o)
{
    json_t *a = api(o, "GET", "/api/seeks", NULL, NULL, NULL);
    if (!a)
        return;
    json_decref(o->seeks);
    o->seeks = json_incref(json_object_get(a, "seeks"));
    json_decref(a);
    if (json_array_size(o->seeks) == 0) {
        say(_("  no open seeks (seek VARIANT offers one)\n"));
        return;
    }
    size_t i;
    json_t *s;
    json_array_foreach(o->seeks, i, s) {
        const char *variant = json_string_value(json_object_get(s, "variant"));
        const char *opts = json_string_value(json_object_get(s, "options"));
        const char *seat = json_string_value(json_object_get(s, "seat"));
        json_t *by = json_object_get(s, "by"), *clock = json_object_get(s, "clock");
        const char *name = json_string_value(json_object_get(by, "name"));
        char clk[64], who[300], shown[300];
        if (json_is_object(clock))
            snprintf(clk, sizeof clk, " %g+%g", json_number_value(json_object_get(clock, "initial_s")) / 60,
                     json_number_value(json_object_get(clock, "increment_s")));
        else
            *clk = 0;
        snprintf(who, sizeof who, "%s (%lld)", cli_printable(shown, sizeof shown, name ? name : "?"),
                 json_integer_value(json_object_get(by, "rating")));
        const char *title = variant ? gb_variant_title(variant) : NULL;
        say("  %zu. %s%s%s%s %s, %s: %s\n", i + 1, title ? title : variant ? variant : "?",
            opts && *opts ? " " : "", opts ? opts : "", clk,
            json_is_true(json_object_get(s, "rated")) ? _("rated") : _("casual"), who,
            seat && strcmp(seat, "S") == 0   ? _("plays South")
            : seat && strcmp(seat, "N") == 0 ? _("plays North")
                                             : _("either side"));
    }
}

static void command_accept(online *o, const char *arg, const char *line)
{
    long n;
    if (!cli_parse_long(arg, 1, 100000, &n)) {
        say(_("  accept N: N is a seek's number in the list of seeks\n"));
        return;
    }
    if (!o->seeks || (size_t)n > json_array_size(o->seeks)) {
        say(_("  no seek %ld: seeks lists them\n"), n);
        return;
    }
    if (!need_player(o, line))
        return;
    const char *id = json_string_value(json_object_get(json_array_get(o->seeks, (size_t)n - 1), "seek"));
    char path[128];
    snprintf(path, sizeof path, "/api/seeks/%s/accept", id ? id : "");
    json_t *a = api(o, "POST", path, o->key, NULL, NULL);
    if (!a)
        return;
    char game[64], seat[4];
    snprintf(game, sizeof game, "%s", json_string_value(json_object_get(a, "game")) ?: "");
    snprintf(seat, sizeof seat, "%s", json_string_value(json_object_get(a, "seat")) ?: "S");
    json_decref(a);
    start_game(o, game, seat, o->key, NULL);
}

/* seek VARIANT [key=value ...] [--clock M+S] [--rated] [--seat S|N] */
static void command_seek(online *o, char *args, const char *line)
{
    if (*o->seek || o->seek_body) {
        say(_("  you have a seek open already (cancel withdraws it)\n"));
        return;
    }
    char *save = NULL, *variant = strtok_r(args, " \t", &save);
    if (!variant) {
        say(_("  seek VARIANT [key=value ...] [--clock M+S] [--rated] [--seat S|N]\n"));
        return;
    }
    char options[512] = "";
    json_t *body = json_pack("{s:s}", "variant", variant);
    for (char *w; (w = strtok_r(NULL, " \t", &save)) != NULL;) {
        if (strcmp(w, "--rated") == 0)
            json_object_set_new(body, "rated", json_true());
        else if (strcmp(w, "--seat") == 0) {
            char *s = strtok_r(NULL, " \t", &save);
            if (!s || (strcasecmp(s, "S") != 0 && strcasecmp(s, "N") != 0)) {
                say(_("  --seat takes S or N\n"));
                json_decref(body);
                return;
            }
            json_object_set_new(body, "seat", json_string(strcasecmp(s, "N") == 0 ? "N" : "S"));
        } else if (strcmp(w, "--clock") == 0) {
            char *c = strtok_r(NULL, " \t", &save), *end = NULL;
            double m = c ? strtod(c, &end) : -1, inc = 0;
            if (end && *end == '+')
                inc = strtod(end + 1, &end);
            if (!c || !end || *end || end == c || m <= 0 || inc < 0) {
                say(_("  --clock takes minutes and an increment in seconds: 5+3\n"));
                json_decref(body);
                return;
            }
            json_object_set_new(body, "clock", json_pack("{s:f, s:f}", "initial_s", m * 60, "increment_s", inc));
        } else if (strchr(w, '=') && w[0] != '-') {
            size_t used = strlen(options);
            snprintf(options + used, sizeof options - used, "%s%s", used ? " " : "", w);
        } else {
            char shown[200];
            say(_("  unknown seek option '%s'\n"), cli_printable(shown, sizeof shown, w));
            json_decref(body);
            return;
        }
    }
    json_object_set_new(body, "options", json_string(options));
    if (!need_player(o, line)) {
        json_decref(body);
        return;
    }
    /* the lobby's stream first: the seek is made at its hello (post_seek), waited for here so
     * that the next line read finds the seek made or refused (a script's, too) */
    lobby_close(o);
    o->lobby = oh_stream_open(o->base, "/api/lobby/events", o->key);
    if (!o->lobby) {
        json_decref(body);
        say(_("  out of memory\n"));
        return;
    }
    o->seek_body = body;
    while (o->lobby && o->seek_body) {
        struct pollfd p = {.fd = oh_stream_fd(o->lobby), .events = POLLIN};
        int n = poll(&p, 1, 15000);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            say(_("  the lobby's events did not begin: no seek was made\n"));
            lobby_close(o);
            return;
        }
        oh_event ev;
        while (o->lobby && o->seek_body && oh_stream_next(o->lobby, &ev)) {
            if (strcmp(ev.type, "!unreachable") == 0 || strcmp(ev.type, "!lost") == 0) {
                say(_("  the lobby's events did not begin: no seek was made\n"));
                lobby_close(o);
            } else
                lobby_event(o, &ev);
            free(ev.data);
        }
    }
}

static void command_cancel(online *o)
{
    if (!*o->seek && o->seek_body) { /* not made yet */
        lobby_close(o);
        say(_("  seek withdrawn\n"));
        return;
    }
    if (!*o->seek) {
        say(_("  you have no open seek\n"));
        return;
    }
    char path[128];
    snprintf(path, sizeof path, "/api/seeks/%s", o->seek);
    json_t *a = api(o, "DELETE", path, o->key, NULL, NULL);
    if (a)
        say(_("  seek withdrawn\n"));
    json_decref(a);
    *o->seek = 0;
    lobby_close(o);
}

static bool all_hex(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strchr("0123456789abcdef", s[i]) || !s[i])
            return false;
    return true;
}

/* A link "http(s)://HOST/FRAGMENT..." or a bare value: what follows the fragment (or the whole
 * text when it has none), the server's address before it in base ("" for a bare value); NULL
 * for a link that is not http(s) or whose address does not fit. */
static const char *link_base(const char *link, const char *fragment, char *base, size_t baselen)
{
    const char *p = strstr(link, fragment);
    *base = 0;
    if (!p)
        return link;
    if (strncmp(link, "http://", 7) != 0 && strncmp(link, "https://", 8) != 0)
        return NULL;
    size_t n = (size_t)(p - link);
    while (n > 0 && link[n - 1] == '/')
        n--;
    if (n >= baselen)
        return NULL;
    memcpy(base, link, n);
    base[n] = 0;
    return p + strlen(fragment);
}

/* "http://HOST/#join=ID.INVITE" or "ID.INVITE": the id and invite (32 hex digits each), and
 * the server's address when the link has one; false when it is no such link. */
static bool parse_join(const char *link, char *id, char *invite, char *base, size_t baselen)
{
    const char *pair = link_base(link, "#join=", base, baselen);
    if (!pair)
        return false;
    if (strlen(pair) != 65 || pair[32] != '.' || !all_hex(pair, 32) || !all_hex(pair + 33, 32))
        return false;
    memcpy(id, pair, 32);
    id[32] = 0;
    memcpy(invite, pair + 33, 32);
    invite[32] = 0;
    return true;
}

static void command_join(online *o, const char *link)
{
    char id[40], invite[40], base[512];
    if (!link || !parse_join(link, id, invite, base, sizeof base)) {
        char shown[300];
        say(_("  not an invitation link: '%s' (http://HOST/#join=ID.INVITE, or ID.INVITE)\n"),
            cli_printable(shown, sizeof shown, link ? link : ""));
        return;
    }
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/join", id);
    json_t *body = json_pack("{s:s}", "invite", invite);
    json_t *a = api(o, "POST", path, NULL, body, NULL);
    json_decref(body);
    if (!a)
        return;
    char seat[4], token[128];
    snprintf(seat, sizeof seat, "%s", json_string_value(json_object_get(a, "seat")) ?: "S");
    snprintf(token, sizeof token, "%s", json_string_value(json_object_get(a, "token")) ?: "");
    json_object_del(a, "token");
    start_game(o, id, seat, token, a);
}

/* A game of our player's (from the lobby, or its rematch), left with quit: its seat is the one
 * the view's `accounts` gives our player; the key plays it. */
static void command_resume(online *o, const char *id)
{
    char shown[300];
    if (!id || strlen(id) != 32 || !all_hex(id, 32)) {
        say(_("  not a game's id: '%s' (32 hex digits)\n"), cli_printable(shown, sizeof shown, id ? id : ""));
        return;
    }
    char path[128], kept_seat[4], token[128];
    snprintf(path, sizeof path, "/api/games/%s", id);
    if (seat_find(o, id, kept_seat, sizeof kept_seat, token, sizeof token)) {
        /* a game joined by an invitation: its seat token, kept at the join */
        long status;
        json_t *view = api(o, "GET", path, NULL, NULL, &status);
        if (!view && status == 404) /* the game is gone from the server: its token is worth nothing */
            seat_drop(o, id);
        if (view) {
            char game[40];
            snprintf(game, sizeof game, "%s", id);
            start_game(o, game, kept_seat, token, view);
        }
        return;
    }
    if (!o->have_player) {
        say(_("  you have no player on this server: no game of yours to go back to\n"));
        return;
    }
    json_t *view = api(o, "GET", path, NULL, NULL, NULL);
    if (!view)
        return;
    json_t *accounts = json_object_get(view, "accounts");
    const char *seat = NULL;
    for (const char *const *s = (const char *const[]){"S", "N", NULL}; *s; s++) {
        const char *pid = json_string_value(json_object_get(json_object_get(accounts, *s), "id"));
        if (pid && strcmp(pid, o->pid) == 0)
            seat = *s;
    }
    if (!seat) {
        json_decref(view);
        say(_("  you have no seat in game %s\n"), id);
        return;
    }
    char game[40];
    snprintf(game, sizeof game, "%s", id);
    start_game(o, game, seat, o->key, view);
}

/* "http://HOST/#watch=ID" or "ID": the game's id, and the server's address when the link has
 * one; false when it is neither. */
static bool parse_watch(const char *link, char *id, char *base, size_t baselen)
{
    const char *game = link_base(link, "#watch=", base, baselen);
    if (!game)
        return false;
    if (strlen(game) != 32 || !all_hex(game, 32))
        return false;
    memcpy(id, game, 32);
    id[32] = 0;
    return true;
}

/* Any game followed read-only: its event stream without a token (a spectator's, docs/api.md
 * "Events"), the board on each move, the clocks, the result. */
static void command_watch(online *o, const char *link)
{
    char id[40], base[512];
    if (!link || !parse_watch(link, id, base, sizeof base)) {
        char shown[300];
        say(_("  not a game to watch: '%s' (a game's id, or http://HOST/#watch=ID)\n"),
            cli_printable(shown, sizeof shown, link ? link : ""));
        return;
    }
    if (*base && strcmp(base, o->base) != 0) {
        char shown[600];
        say(_("  that link is for another server (%s): start gabata online with it\n"),
            cli_printable(shown, sizeof shown, base));
        return;
    }
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s", id);
    json_t *view = api(o, "GET", path, NULL, NULL, NULL);
    if (view)
        start_game(o, id, "S", "", view);
}

/* ---- commands ---- */

/* (each term fits its column, as in gabata play's help: a longer one, such as seek's whole usage,
 * would have its description joined onto it by cli_help; seek's usage goes under its text) */
static void in_game_help(void)
{
    cli_help(stdout, _("  seeks        the lobby's open seeks, numbered\n"
                       "  accept N     take seek N: the game starts at once\n"
                       "  seek ...     offer a game to anyone, and wait for a taker: seek VARIANT\n"
                       "               [key=value ...] [--clock M+S] [--rated] [--seat S|N]\n"
                       "  cancel       withdraw your seek\n"
                       "  join LINK    take the free seat of a friend's game (http://HOST/#join=ID.INVITE)\n"
                       "  resume ID    go back to a game of yours left with quit (from the lobby, or joined by a link)\n"
                       "  watch ID     follow any game as a spectator (ID, or http://HOST/#watch=ID)\n"
                       "  A..H, a..h   in a game: sow from that hole (any move text is sent as it is; L'ab\n"
                       "               al-Akil's layout as layout:N,N,... or just its 12 numbers)\n"
                       "  moves        the legal moves\n"
                       "  board        draw the board again\n"
                       "  resign       give up the game (asks first)\n"
                       "  draw         offer a draw\n"
                       "  undo         ask the opponent to take back your last move\n"
                       "  y, n         accept or decline the opponent's offer\n"
                       "  say [N]      a quick phrase to the opponent (say alone lists them)\n"
                       "  claim        when the opponent has left: end the game as your win (claim draw: a draw)\n"
                       "  rematch      at the end: offer a rematch, or accept the opponent's\n"
                       "  help         this list\n"
                       "  quit         leave (a game goes on on the server)\n"));
}

static bool in_game(online *o, bool say_so)
{
    if (*o->game && o->view)
        return true;
    if (say_so)
        say(_("  you are not in a game (seeks, seek, accept or join)\n"));
    return false;
}

static void command_moves(online *o)
{
    json_t *moves = json_object_get(o->view, "moves");
    json_t *free_move = json_object_get(o->view, "free_move");
    if (json_is_object(free_move)) {
        say(_("  legal moves: a layout, e.g. %s\n"), json_string_value(json_object_get(free_move, "example")) ?: "");
        return;
    }
    char list[GB_MAX_MOVES * (GB_MOVE_TEXT_MAX + 1) + 64];
    size_t used = (size_t)snprintf(list, sizeof list, "%s", _("  legal moves:"));
    size_t i;
    json_t *m;
    json_array_foreach(moves, i, m) {
        const char *t = json_string_value(json_object_get(m, "text"));
        if (t && used + strlen(t) + 2 < sizeof list)
            used += (size_t)snprintf(list + used, sizeof list - used, " %s", t);
    }
    if (json_array_size(moves) == 0)
        say(_("  no moves: the game is over\n"));
    else
        say("%s\n", list);
}

static void answer_offer(online *o, bool yes)
{
    o->ask = ASK_NONE;
    const char *kind = strncmp(o->shown_offer, "undo:", 5) == 0 ? "undo/answer" : "draw/answer";
    json_t *a = game_post(o, kind, json_pack("{s:b}", "accept", yes));
    if (a) {
        if (!yes)
            say(_("  declined\n"));
        take_view(o, a, false);
    }
}

/* "12 0 12 …" or "12,0,12,…" (each a whole number of 1 to 3 digits) rewritten in place as
 * "layout:12,0,12,…": the count of numbers, or -1 when a word is no such number. */
static int layout_text(char *text, size_t len)
{
    char out[GB_MOVE_TEXT_MAX + 64] = "layout:";
    int count = 0;
    for (const char *p = text; *p;) {
        p += strspn(p, " ,\t");
        if (!*p)
            break;
        size_t n = strspn(p, "0123456789");
        if (n == 0 || n > 3 || (p[n] && !strchr(" ,\t", p[n])))
            return -1;
        size_t used = strlen(out);
        if (used + n + 2 < sizeof out)
            snprintf(out + used, sizeof out - used, "%s%.*s", count ? "," : "", (int)n, p);
        count++;
        p += n;
    }
    if (count == 12)
        snprintf(text, len, "%s", out);
    return count;
}

static void run_command(online *o, char *line)
{
    char shown[300];
    /* the line answers a question asked */
    if (o->ask == ASK_NAME) {
        o->ask = ASK_NONE;
        if (!*line || !player_create(o, line)) {
            o->ask = ASK_NAME;
            say(_("  choose your player name on this server (letters, digits, spaces; 1 to 20):\n"));
            return;
        }
        char pending[sizeof o->pending];
        snprintf(pending, sizeof pending, "%s", o->pending);
        run_command(o, pending);
        return;
    }
    bool yes = strcasecmp(line, "y") == 0 || strcasecmp(line, "yes") == 0;
    bool no = strcasecmp(line, "n") == 0 || strcasecmp(line, "no") == 0;
    if (o->ask == ASK_RESIGN) {
        o->ask = ASK_NONE;
        if (yes && in_game(o, true)) {
            json_t *a = game_post(o, "resign", NULL);
            if (a)
                take_view(o, a, false);
        } else
            say(_("  not resigned\n"));
        return;
    }
    if ((yes || no) && o->ask == ASK_OFFER && in_game(o, false)) {
        answer_offer(o, yes);
        return;
    }
    if (yes || no) {
        say(_("  there is no offer to answer\n"));
        return;
    }
    char *arg = line + strcspn(line, " \t");
    if (*arg)
        *arg++ = 0;
    arg += strspn(arg, " \t");
    const char *cmd = line;
    if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "exit") == 0)
        o->quit = true;
    else if (strcmp(cmd, "help") == 0) {
        say_begin();
        in_game_help();
        say_end();
    } else if (strcmp(cmd, "seeks") == 0)
        list_seeks(o);
    else if (strcmp(cmd, "accept") == 0) {
        char full[1100];
        snprintf(full, sizeof full, "accept %s", arg);
        command_accept(o, *arg ? arg : NULL, full);
    } else if (strcmp(cmd, "seek") == 0) {
        char full[1100], copy[1100];
        snprintf(full, sizeof full, "seek %s", arg);
        snprintf(copy, sizeof copy, "%s", arg);
        command_seek(o, copy, full);
    } else if (strcmp(cmd, "cancel") == 0)
        command_cancel(o);
    else if (strcmp(cmd, "join") == 0)
        command_join(o, *arg ? arg : NULL);
    else if (strcmp(cmd, "resume") == 0)
        command_resume(o, *arg ? arg : NULL);
    else if (strcmp(cmd, "watch") == 0)
        command_watch(o, *arg ? arg : NULL);
    else if (o->watching && in_game(o, false) &&
             (strcmp(cmd, "resign") == 0 || strcmp(cmd, "draw") == 0 || strcmp(cmd, "rematch") == 0 ||
              strcmp(cmd, "undo") == 0 || strcmp(cmd, "claim") == 0 || strcmp(cmd, "say") == 0))
        say(_("  you are watching this game: nothing in it is yours to change\n"));
    else if (strcmp(cmd, "board") == 0) {
        if (in_game(o, true))
            take_view(o, json_incref(o->view), true);
    } else if (strcmp(cmd, "moves") == 0) {
        if (in_game(o, true))
            command_moves(o);
    } else if (strcmp(cmd, "resign") == 0) {
        if (in_game(o, true)) {
            say(_("  resign this game? (y/n)\n"));
            o->ask = ASK_RESIGN;
        }
    } else if (strcmp(cmd, "draw") == 0) {
        if (in_game(o, true)) {
            json_t *a = game_post(o, "draw/offer", NULL);
            if (a) {
                say(_("  draw offered\n"));
                take_view(o, a, false);
            }
        }
    } else if (strcmp(cmd, "undo") == 0) {
        /* the opponent is asked to take back our last move (and his reply after it) */
        if (in_game(o, true)) {
            json_t *a = game_post(o, "undo/request", NULL);
            if (a) {
                say(_("  takeback asked: waiting for the answer\n"));
                take_view(o, a, false);
            }
        }
    } else if (strcmp(cmd, "say") == 0) {
        if (in_game(o, true))
            command_say(o, arg);
    } else if (strcmp(cmd, "claim") == 0) {
        if (*arg && strcmp(arg, "win") != 0 && strcmp(arg, "draw") != 0)
            say(_("  claim ends a game the opponent has left: claim (a win), or claim draw\n"));
        else if (in_game(o, true)) {
            json_t *a = game_post(o, "claim", json_pack("{s:s}", "result", *arg ? arg : "win"));
            if (a)
                take_view(o, a, false);
        }
    } else if (strcmp(cmd, "rematch") == 0) {
        if (in_game(o, true)) {
            char path[128];
            snprintf(path, sizeof path, "/api/games/%s/rematch", o->game);
            long status;
            json_t *a = api(o, "POST", path, o->cred, NULL, &status);
            if (a && status == 201) {
                char game[64], cred[128];
                snprintf(game, sizeof game, "%s", json_string_value(json_object_get(a, "game")) ?: "");
                snprintf(cred, sizeof cred, "%s", o->cred);
                const char *seat = o->seat == GB_NORTH ? "S" : "N";
                json_decref(a);
                say(_("  rematch agreed\n"));
                start_game(o, game, seat, cred, NULL);
            } else if (a) {
                say(_("  rematch offered: waiting for the answer\n"));
                take_view(o, a, false);
            }
        }
    } else if (in_game(o, false) && o->g) {
        /* a move: what the library reads as one goes to the server, which judges it */
        gb_move m;
        gb_error err;
        char text[1100];
        snprintf(text, sizeof text, "%s%s%s", cmd, *arg ? " " : "", arg);
        /* L'ab al-Akil's layout (RULINGS A2) typed as its 12 numbers alone, as gabata play takes it */
        if (strcmp(gb_phase(o->g), "layout") == 0 && *text >= '0' && *text <= '9') {
            int count = layout_text(text, sizeof text);
            if (count < 0) {
                say(_("  unknown command '%s' (help lists them)\n"), cli_printable(shown, sizeof shown, text));
                return;
            }
            if (count != 12) {
                char msg[200];
                snprintf(msg, sizeof msg, _("a layout is 12 numbers (pits A-F then a-f), %d given"), count);
                say("  %s\n", msg);
                return;
            }
        }
        /* malformed move text is no move: an unknown command; the rest the server judges */
        if (strchr(text, ' ') || gb_move_parse(o->g, text, &m, &err) == GB_EINVAL) {
            say(_("  unknown command '%s' (help lists them)\n"), cli_printable(shown, sizeof shown, text));
            return;
        }
        if (o->watching) {
            say(_("  you are watching this game: nothing in it is yours to change\n"));
            return;
        }
        json_t *a = game_post(o, "moves", json_pack("{s:s}", "move", text));
        if (a)
            take_view(o, a, false);
    } else
        say(_("  unknown command '%s' (help lists them)\n"), cli_printable(shown, sizeof shown, cmd));
}

static void handle_line(online *o, char *line)
{
    size_t n = strlen(line);
    while (n && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
        line[--n] = 0;
    line += strspn(line, " \t");
    if (!o->tty) { /* a script's line, shown as read: the transcript reads as a session */
        char shown[1100];
        printf("> %s\n", cli_printable(shown, sizeof shown, line));
        fflush(stdout);
    }
    if (!*line || *line == '#') {
        if (o->ask == ASK_NAME && !*line)
            run_command(o, line);
        return;
    }
    run_command(o, line);
}

#ifdef GABATA_HAVE_LIBEDIT
static bool rl_line_done;
static void on_rl_line(char *line)
{
    rl_line_done = true;
    rl_active = false;
    if (!line) {
        O_->in_eof = true;
        return;
    }
    if (*line)
        add_history(line);
    handle_line(O_, line);
    free(line);
}
#endif

/* Lines typed or piped: read what is there, run each whole line */
static void read_input(online *o)
{
#ifdef GABATA_HAVE_LIBEDIT
    if (o->tty) {
        rl_line_done = false;
        rl_callback_read_char();
        if (rl_line_done) {
            /* libedit leaves the terminal as the line left it: set up again for the next one
             * (its raw mode and a fresh prompt), so that a message goes above that prompt */
            rl_callback_handler_remove();
            if (!o->quit && !o->in_eof) {
                rl_callback_handler_install("online> ", on_rl_line);
                rl_active = true;
            }
        }
        return;
    }
#endif
    ssize_t n = read(STDIN_FILENO, o->in + o->in_len, sizeof o->in - 1 - o->in_len);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        if (o->in_len) { /* a last line without its newline */
            o->in[o->in_len] = 0;
            o->in_len = 0;
            handle_line(o, o->in);
        }
        o->in_eof = true;
        return;
    }
    o->in_len += (size_t)n;
    for (;;) {
        char *nl = memchr(o->in, '\n', o->in_len);
        if (!nl) {
            if (o->in_len == sizeof o->in - 1) { /* a line too long: refused whole */
                say(_("  line too long\n"));
                o->in_len = 0;
            }
            break;
        }
        *nl = 0;
        char line[sizeof o->in];
        size_t len = (size_t)(nl - o->in);
        memcpy(line, o->in, len + 1);
        memmove(o->in, nl + 1, o->in_len - len - 1);
        o->in_len -= len + 1;
        if (memchr(line, 0, len) != NULL || strlen(line) != len)
            say(_("  line refused: it holds a NUL byte\n"));
        else
            handle_line(o, line);
        if (o->quit)
            break;
    }
}

int cmd_online(int argc, char **argv)
{
    const char *url = NULL, *join = NULL, *resume = NULL, *watch = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            cli_help(stdout, _(online_help));
            return 0;
        } else if (strcmp(argv[i], "--join") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, _("gabata online: --join needs a link (http://HOST/#join=ID.INVITE)\n"));
                return 2;
            }
            join = argv[++i];
        } else if (strcmp(argv[i], "--watch") == 0) {
            char id[40], base[512];
            if (i + 1 >= argc || !parse_watch(argv[i + 1], id, base, sizeof base)) {
                char shown[300];
                fprintf(stderr, _("gabata online: not a game to watch: '%s' (a game's id, or http://HOST/#watch=ID)\n"),
                        cli_printable(shown, sizeof shown, i + 1 < argc ? argv[i + 1] : ""));
                return 2;
            }
            watch = argv[++i];
        } else if (strcmp(argv[i], "--game") == 0) {
            if (i + 1 >= argc || strlen(argv[i + 1]) != 32 || !all_hex(argv[i + 1], 32)) {
                char shown[300];
                fprintf(stderr, _("gabata online: --game takes a game's id (32 hex digits), not '%s'\n"),
                        cli_printable(shown, sizeof shown, i + 1 < argc ? argv[i + 1] : ""));
                return 2;
            }
            resume = argv[++i];
        } else if (argv[i][0] == '-' || url) {
            char shown[300];
            fprintf(stderr, _("gabata online: unexpected argument '%s' (see gabata online --help)\n"),
                    cli_printable(shown, sizeof shown, argv[i]));
            return 2;
        } else
            url = argv[i];
    }
    if ((join != NULL) + (resume != NULL) + (watch != NULL) > 1) {
        fprintf(stderr, _("gabata online: unexpected argument '%s' (see gabata online --help)\n"),
                watch ? "--watch" : "--game");
        return 2;
    }
    static online o;
    O_ = &o;
    char id[40], invite[40], link_base[512] = "";
    if (join && !parse_join(join, id, invite, link_base, sizeof link_base)) {
        char shown[300];
        fprintf(stderr, _("gabata online: not an invitation link: '%s' (http://HOST/#join=ID.INVITE, or ID.INVITE)\n"),
                cli_printable(shown, sizeof shown, join));
        return 2;
    }
    char watch_id[40];
    if (watch)
        parse_watch(watch, watch_id, link_base, sizeof link_base);
    if (!url)
        url = *link_base ? link_base : "http://localhost:8080";
    size_t ul = strlen(url);
    while (ul > 0 && url[ul - 1] == '/')
        ul--;
    if ((strncmp(url, "http://", 7) != 0 && strncmp(url, "https://", 8) != 0) || ul >= sizeof o.base ||
        strpbrk(url, " #?") != NULL) {
        char shown[300];
        fprintf(stderr, _("gabata online: not a server's address: '%s' (http://HOST:PORT)\n"),
                cli_printable(shown, sizeof shown, url));
        return 2;
    }
    memcpy(o.base, url, ul);
    o.base[ul] = 0;
    o.tty = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    o.color = o.tty && getenv("NO_COLOR") == NULL;
    out_tty = isatty(STDOUT_FILENO);
    cli_i18n_library();
    signal(SIGPIPE, SIG_IGN);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop; /* no SA_RESTART: the wait in poll() returns */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    if (oh_init() != 0) {
        fprintf(stderr, "gabata online: libcurl cannot start\n");
        return 1;
    }
    /* is the server there? one line and a failure if not, before anything else */
    long status;
    char *answer, err[512];
    if (oh_request(o.base, "GET", "/api/health", NULL, NULL, &status, &answer, err, sizeof err) != 0) {
        fprintf(stderr, _("gabata online: cannot reach the server at %s: %s\n"), o.base, err);
        oh_cleanup();
        return 1;
    }
    free(answer);
    player_load(&o);
    if (o.have_player) {
        char shown[300];
        say(_("  you are %s on %s\n"), cli_printable(shown, sizeof shown, o.pname), o.base);
    }
    if (join) {
        char line[200];
        snprintf(line, sizeof line, "%s.%s", id, invite);
        command_join(&o, line);
        if (!*o.game) {
            oh_cleanup();
            return 1;
        }
    } else if (watch) {
        command_watch(&o, watch_id);
        if (!*o.game) {
            oh_cleanup();
            return 1;
        }
    } else if (resume) {
        command_resume(&o, resume);
        if (!*o.game) {
            oh_cleanup();
            return 1;
        }
    } else
        say(_("  seeks lists the open games, seek VARIANT offers one, help lists the commands\n"));
#ifdef GABATA_HAVE_LIBEDIT
    if (o.tty) {
        rl_catch_signals = 0;
        rl_callback_handler_install("online> ", on_rl_line);
        rl_active = true;
    }
#endif
    while (!o.quit && !o.in_eof && !online_stop) {
        struct pollfd p[3];
        int n = 0;
        p[n++] = (struct pollfd){.fd = STDIN_FILENO, .events = POLLIN};
        int gi = o.stream ? n++ : -1, li = o.lobby ? n++ : -1;
        if (gi >= 0)
            p[gi] = (struct pollfd){.fd = oh_stream_fd(o.stream), .events = POLLIN};
        if (li >= 0)
            p[li] = (struct pollfd){.fd = oh_stream_fd(o.lobby), .events = POLLIN};
        if (poll(p, (nfds_t)n, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        oh_event ev;
        if (gi >= 0 && (p[gi].revents & POLLIN)) {
            oh_stream *s = o.stream;
            while (o.stream == s && oh_stream_next(s, &ev)) {
                game_event(&o, &ev);
                free(ev.data);
            }
        }
        if (li >= 0 && o.lobby && (p[li].revents & POLLIN)) {
            oh_stream *s = o.lobby;
            while (o.lobby == s && oh_stream_next(s, &ev)) {
                lobby_event(&o, &ev);
                free(ev.data);
            }
        }
        if (p[0].revents & (POLLIN | POLLHUP | POLLERR))
            read_input(&o);
    }
#ifdef GABATA_HAVE_LIBEDIT
    if (o.tty) {
        rl_callback_handler_remove();
        rl_active = false;
        printf("\n");
    }
#endif
    if (*o.seek)
        command_cancel(&o);
    if (*o.game && o.view && !json_is_true(json_object_get(json_object_get(o.view, "state"), "over")))
        say(_("  you left the game; it goes on on the server\n"));
    leave_game(&o);
    lobby_close(&o);
    json_decref(o.seeks);
    oh_cleanup();
    return 0;
}
