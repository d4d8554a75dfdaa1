/* play.c — `gabata play`: a game in the terminal, against the computer or another person. */
#include "cli.h"
#include "i18n.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <sys/select.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#ifdef GABATA_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

static const char play_help[] =
    N_("usage: gabata play VARIANT [--south P] [--north P] [--think SECONDS] [--seed N]\n"
    "                   [--seat south|north] [--position STRING] [--tables DIR]\n"
    "                   [--lang CODE] [key=value ...]\n"
    "Plays a game in the terminal. P is human, random, ai or ai:1 ... ai:8, or mcts (default:\n"
    "South human, North ai, which is ai:4). The ai levels search with alpha-beta: 1 is for\n"
    "beginners, 8 the strongest (docs/ai.md); mcts is Monte Carlo tree search. --think sets the\n"
    "computer players' time a move (ai:8@2 sets one player's). --seat north draws the board\n"
    "from North's side (turned round), South's row at the top. --tables DIR: the computer\n"
    "players probe endgame tables (gabata tables build; docs/tables.md).\n"
    "Options are the game's own (gabata variants lists them), e.g. seeds=4 for Sadeqa III.\n"
    "In the game: a hole's label sows from it; moves, hint, undo, redo, board, rules, save FILE,\n"
    "load FILE, help, quit (which offers to save a game not saved yet; at a terminal Ctrl-C and\n"
    "Ctrl-D are quit too, and Ctrl-C during the computer's move leaves after it, twice at once).\n"
    "Moves read from standard input when it is not a terminal, so a game can be scripted: each\n"
    "line read is echoed after its prompt, and the game ends at the end of the input.\n"
    "--lang CODE (en, ar, am, ti, om) plays in that language; without it the language is the\n"
    "environment's (LANGUAGE, LC_ALL, LANG). Commands and moves are typed as in English.\n");

static void print_in_game_help(const gb_game *g)
{
    int n = gb_game_rows(g);
    char text[4096];
    snprintf(text, sizeof text, _("  %c..%c, %c..%c   sow from that hole (South's row %c-%c, North's %c-%c, each from its owner's left)\n"
           "  other moves  as the game has them: C~1 (Bulto: refuse a bulto), pass, feed:C, keep, turn,\n"
           "               layout:N,N,... or just 12 numbers (L'ab al-Akil; 'suggest' shows a near-even one,\n"
           "               'take' lays it); 'moves' lists the legal ones\n"
           "  moves        list the legal moves\n"
           "  hint         the computer's suggestion\n"
           "  undo         take back your last move (and the computer's reply)\n"
           "  redo         play again what undo took back\n"
           "  board        draw the board again\n"
           "  rules        the rules of this game and the options in force\n"
           "  save FILE    save the game record (replay it with gabata replay FILE)\n"
           "  load FILE    continue a saved game from its record\n"
           "  help         this list\n"
           "  quit         leave the game\n"),
           'A', 'A' + n - 1, 'a', 'a' + n - 1, 'A', 'A' + n - 1, 'a', 'a' + n - 1);
    cli_help(stdout, text);
}

/* Ctrl-C at a terminal (catch_interrupt): set by the handler; the computer is choosing a move */
static volatile sig_atomic_t play_interrupted, play_computing;

/* A line read, NULL at the end of the input. One holding a NUL byte comes back with each NUL
 * written \x00 and *nul set: the caller refuses it whole, as the engine does (docs/protocol.md),
 * so that "C<NUL>D" is not taken for the move C. */
static char *read_line(const char *prompt, bool tty, bool *nul)
{
    *nul = false;
#ifdef GABATA_HAVE_LIBEDIT
    if (tty) {
        char *l = readline(prompt);
        if (l && *l)
            add_history(l);
        return l;
    }
#endif
    if (tty) {
        fputs(prompt, stdout);
        fflush(stdout);
        if (play_interrupted)
            return NULL; /* Ctrl-C */
    }
    size_t cap = 0;
    char *line = NULL;
    ssize_t n = getline(&line, &cap, stdin);
    if (n < 0) {
        free(line);
        return NULL;
    }
    if (memchr(line, 0, (size_t)n)) {
        char *shown = malloc(4 * (size_t)n + 1);
        if (shown) {
            size_t o = 0;
            for (ssize_t i = 0; i < n; i++)
                if (line[i])
                    shown[o++] = line[i];
                else
                    o += (size_t)sprintf(shown + o, "\\x00");
            shown[o] = 0;
        }
        free(line);
        line = shown;
        *nul = true;
    }
    return line;
}

/* Ctrl-C at a terminal is taken as quit, so that a game is not lost to it: the game not yet saved
 * is offered a save first (at that question Ctrl-C leaves without saving). During the computer's
 * move it waits for the move; a second Ctrl-C then ends at once. */

static void on_play_interrupt(int sig)
{
    if (play_interrupted && play_computing) {
        signal(sig, SIG_DFL);
        raise(sig);
    }
    play_interrupted = 1;
}

#ifdef GABATA_HAVE_LIBEDIT
/* libedit's reading of a key: Ctrl-C ends the line (as the end of the input would), where libedit
 * would read on. The wait unblocks SIGINT only inside pselect, so that a Ctrl-C that came just
 * before the wait is not missed (the flag is read with SIGINT blocked). */
static int play_getc(FILE *in)
{
    const int fd = fileno(in);
    sigset_t intr, open_mask;
    sigemptyset(&intr);
    sigaddset(&intr, SIGINT);
    sigprocmask(SIG_BLOCK, &intr, &open_mask);
    int got = EOF;
    for (;;) {
        if (play_interrupted)
            break;
        fd_set r;
        FD_ZERO(&r);
        FD_SET(fd, &r);
        if (pselect(fd + 1, &r, NULL, NULL, NULL, &open_mask) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        unsigned char c;
        ssize_t n = read(fd, &c, 1);
        if (n == 1)
            got = c;
        if (n == 1 || n == 0 || errno != EINTR)
            break;
    }
    sigprocmask(SIG_SETMASK, &open_mask, NULL);
    return got;
}
#endif

static void catch_interrupt(void)
{
#ifdef GABATA_HAVE_LIBEDIT
    rl_getc_function = play_getc;
    rl_catch_signals = 0; /* ours, not libedit's (which sends the signal on to the whole group) */
#endif
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_play_interrupt; /* no SA_RESTART: a read under way returns */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
}

static const char nul_refused[] = N_("  line refused: it holds a NUL byte\n");

static void trim(char *s)
{
    size_t len = strlen(s);
    while (len && (s[len - 1] == '\n' || s[len - 1] == '\r' || s[len - 1] == ' ' || s[len - 1] == '\t'))
        s[--len] = 0;
    size_t lead = strspn(s, " \t");
    memmove(s, s + lead, strlen(s + lead) + 1);
}

/* The answer to a bulto's offer (RULINGS B5): 1 take it (y, yes), 0 refuse it (n, no), in
 * either case; anything else asks again; -1 at the end of the input (Ctrl-D), which plays
 * nothing. "N" and a typo were taken for yes. */
static int ask_offer(const char *q, bool tty)
{
    for (;;) {
        bool nul;
        char *ans = read_line(q, tty, &nul);
        if (!ans) {
            printf("\n");
            return -1;
        }
        trim(ans);
        int said = nul ? -1
                 : strcasecmp(ans, "y") == 0 || strcasecmp(ans, "yes") == 0 ? 1
                 : strcasecmp(ans, "n") == 0 || strcasecmp(ans, "no") == 0  ? 0
                                                                             : -1;
        free(ans);
        if (said >= 0)
            return said;
        /* y and n stay the letters typed, in every language (the catalogs say so) */
        printf("%s", _("  answer y to make the bulto, or n to refuse it\n"));
    }
}

/* A person's move: move text, or twelve numbers for a layout (RULINGS A2); at a terminal, a
 * plain hole label that offers bulto asks at each offer whether to take it (RULINGS B5); 1 when
 * the question was left unanswered (the end of the input): nothing to play, err says so. */
static int parse_human_move(const gb_game *g, const char *line, bool tty, gb_move *m, gb_error *err)
{
    if (strcmp(gb_phase(g), "layout") == 0 && strncmp(line, "layout:", 7) != 0) {
        char text[GB_MOVE_TEXT_MAX] = "layout:";
        int count = 0;
        for (const char *p = line; *p;) {
            while (*p == ' ' || *p == ',' || *p == '\t')
                p++;
            if (!*p)
                break;
            size_t len = strspn(p, "0123456789");
            if (len == 0 || len > 3) {
                snprintf(err->msg, sizeof err->msg, _("a layout is 12 whole numbers, one for each pit A-F then a-f (or 'suggest')"));
                err->code = GB_EINVAL;
                return GB_EINVAL;
            }
            size_t used = strlen(text);
            snprintf(text + used, sizeof text - used, "%s%.*s", count ? "," : "", (int)len, p);
            count++;
            p += len;
        }
        if (count != 12) {
            snprintf(err->msg, sizeof err->msg, _("a layout is 12 numbers (pits A-F then a-f), %d given"), count);
            err->code = GB_EINVAL;
            return GB_EINVAL;
        }
        return gb_move_parse(g, text, m, err);
    }
    int rc = gb_move_parse(g, line, m, err);
    if (rc != GB_OK || !tty || m->kind != GB_MOVE_SOW || m->refusals)
        return rc;
    /* offers k+1 exists exactly when LABEL~(k+1) is legal; LABEL~k takes offer k+1 */
    int k = 0;
    for (;;) {
        gb_move next = *m;
        next.refusals = (uint16_t)(k + 1);
        if (k + 1 > 65535 || !gb_move_is_legal(g, &next))
            break;
        gb_game *c = gb_game_clone(g);
        gb_move probe = *m;
        probe.refusals = (uint16_t)k;
        int where = -1;
        if (c && gb_play(c, &probe, NULL) == GB_OK && gb_last_trace(c)) {
            const gb_trace *t = gb_last_trace(c);
            for (int i = 0; i < t->events; i++)
                if (t->lap[i].event == GB_EV_CLAIM)
                    where = t->lap[i].to;
        }
        gb_game_free(c);
        char q[256];
        /* y and n stay the letters typed, in every language (the catalogs say so) */
        if (where >= 0)
            snprintf(q, sizeof q, _("  make a bulto at %s? [y/n] "), gb_hole_label(g, where));
        else
            snprintf(q, sizeof q, "%s", _("  make a bulto here? [y/n] "));
        int said = ask_offer(q, tty);
        if (said < 0) {
            snprintf(err->msg, sizeof err->msg, "%s", _("move not played: the bulto question was not answered"));
            return 1;
        }
        if (said)
            break;
        k++;
    }
    m->refusals = (uint16_t)k;
    return GB_OK;
}

/* A phase's word for players: the catalog's "phase:NAME" (the library's own key, as the page's
 * phaseWord reads it), else the phase's name ("layout") */
static const char *phase_word(const gb_game *g)
{
    static char key[64];
    snprintf(key, sizeof key, "phase:%s", gb_phase(g));
    const char *t = _(key), *colon = strchr(t, ':');
    return t != key && colon && colon[1] ? colon + 1 : gb_phase(g);
}

static void list_moves(const gb_game *g, uint64_t rng)
{
    gb_move moves[GB_MAX_MOVES];
    int n = gb_legal_moves(g, moves, GB_MAX_MOVES);
    if (gb_is_over(g)) {
        printf(_("  the game is over: no move is legal\n"));
        return;
    }
    gb_move ex;
    if (n == 0 && (gb_suggest_move(g, &rng, &ex) == GB_OK || gb_random_move(g, &rng, &ex) == GB_OK)) {
        /* a phase whose moves cannot be listed (L'ab al-Akil's tebweez, A2): say what they are */
        char t[GB_MOVE_TEXT_MAX];
        gb_move_format(g, &ex, t, sizeof t);
        cli_say(stdout, _("  legal moves (%s): any %d numbers, one a hole (%s-%s then %s-%s), as the rules allow,\n"
               "  e.g. %s; 'suggest' shows one, 'take' lays what it showed\n"),
               phase_word(g), 2 * gb_game_rows(g), gb_hole_label(g, 0), gb_hole_label(g, gb_game_rows(g) - 1),
               gb_hole_label(g, gb_game_rows(g)), gb_hole_label(g, 2 * gb_game_rows(g) - 1), t);
        return;
    }
    /* the list at the terminal's width, however many moves (Bulto's refusals make hundreds) */
    static char list[GB_MAX_MOVES * (GB_MOVE_TEXT_MAX + 1) + 256];
    int used = snprintf(list, sizeof list, "%s", _("  legal moves:"));
    for (int i = 0; i < n && used >= 0 && (size_t)used < sizeof list; i++) {
        char mv[GB_MOVE_TEXT_MAX];
        gb_move_format(g, &moves[i], mv, sizeof mv);
        used += snprintf(list + used, sizeof list - (size_t)used, " %s", mv);
    }
    if (!n && used >= 0 && (size_t)used < sizeof list)
        snprintf(list + used, sizeof list - (size_t)used, "%s", _(" none"));
    cli_wrap(stdout, cli_width(stdout), "  ", "    ", list);
}

static void save_record(const gb_game *g, const char *path, const player *south, const player *north)
{
    char date[16];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y.%m.%d", gmtime(&now));
    /* a record is read in any language: its players are described in English */
    char sn[64], nn[64];
    cli_i18n_library_off();
    player_describe(south, sn, sizeof sn);
    player_describe(north, nn, sizeof nn);
    cli_i18n_library();
    const char *tags[] = {"South", sn, "North", nn, "Date", date, NULL};
    char *rec = gb_record_format(g, tags);
    if (!rec) {
        printf(_("  could not save: out of memory\n"));
        return;
    }
    if (save_file_atomic(path, rec) != 0)
        printf(_("  could not save to %s: %s\n"), path, strerror(errno));
    else
        printf(_("  saved to %s\n"), path);
    free(rec);
}

typedef struct redo_stack {
    gb_move *moves;
    int len, cap;
} redo_stack;

static void redo_push(redo_stack *r, const gb_move *m)
{
    if (r->len == r->cap) {
        int cap = r->cap ? r->cap * 2 : 32;
        gb_move *nm = realloc(r->moves, (size_t)cap * sizeof *nm);
        if (!nm)
            return; /* out of memory: that move simply cannot be redone */
        r->moves = nm;
        r->cap = cap;
    }
    r->moves[r->len++] = *m;
}

/* The computer's suggestion, from a copy of the random source so that asking changes nothing. */
static void show_hint(const gb_game *g, uint64_t rng)
{
    if (gb_is_over(g)) {
        cli_say(stdout, _("  the game is over\n"));
        return;
    }
    player ai = {PLAYER_AI, 4, 0, 0};
    gb_move m;
    gb_search_result res;
    char mv[GB_MOVE_TEXT_MAX], who[256];
    if (player_think(&ai, g, &rng, &m, &res) != 0) {
        cli_say(stdout, _("  no move to suggest\n"));
        return;
    }
    gb_move_format(g, &m, mv, sizeof mv);
    /* a value the search proved (with --tables: every line ended in the tables or the game's
     * end) is said exactly; the search keeps it with the best margin (docs/tables.md) */
    const int n = res.margin < 0 ? -res.margin : res.margin;
    if (res.exact == 2 && res.margin > 0)
        cli_say(stdout, ngettext("  hint: %s wins by %d stone with %s (exact)\n", "  hint: %s wins by %d stones with %s (exact)\n",
                        (unsigned long)n),
               side_name(gb_to_move(g)), n, mv);
    else if (res.exact == 2 && res.margin == 0)
        cli_say(stdout, _("  hint: a draw with %s (exact)\n"), mv);
    else if (res.exact == 2)
        cli_say(stdout, ngettext("  hint: every move loses; %s loses by %d stone (the least, exact)\n",
                        "  hint: every move loses; %s loses by %d stones (the least, exact)\n", (unsigned long)n),
               mv, n);
    else
        cli_say(stdout, _("  hint: %s (the choice of %s)\n"), mv, player_describe(&ai, who, sizeof who));
}

/* A saved record, replayed; NULL (with the reason printed) when it cannot be read or replayed. */
static gb_game *load_record(const char *path)
{
    char why[512];
    char *text = read_file_text(path, why, sizeof why);
    if (!text) {
        printf(_("  cannot read %s\n"), why);
        return NULL;
    }
    gb_game *g = NULL;
    gb_error err;
    if (gb_record_parse(&g, text, &err) != GB_OK) {
        printf(_("  cannot load %s: %s\n"), path, err.msg);
        g = NULL;
    }
    free(text);
    return g;
}

/* ---- the game in the terminal: its state, reading a command, the commands, the computer's turn,
 * drawing ---- */
typedef struct play_session {
    gb_game *g;
    player kinds[2];   /* South's and North's players */
    uint64_t rng;      /* the computer players' random source */
    bool tty, color;
    redo_stack redo;   /* what undo took back */
    gb_searcher *kept[2]; /* each computer player's searcher, kept across the game's moves */
    bool quit;
    int seat;          /* the side drawn at the bottom (--seat) */
    bool out_tty;      /* standard output is a terminal: "thinking…" lines */
    unsigned changes, saved_at; /* the game's changes, and their count when last saved or loaded */
    gb_move suggested; /* what `suggest` last showed, for `take` */
    unsigned suggested_at; /* `changes` then, plus one (0: nothing shown) */
} play_session;

static void board(const play_session *ps) { draw_board_from(stdout, ps->g, ps->seat, ps->color); }

/* After a move: what it did lap by lap, a round's end, the board. */
static void show_move(play_session *ps, const gb_move *m, int mover, int round_before)
{
    draw_trace(stdout, ps->g, m, mover);
    draw_round_summary(stdout, ps->g, round_before);
    board(ps);
}

/* The computer's turn: false when it found no move. */
static bool computer_turn(play_session *ps, int side)
{
    int round_before = gb_round(ps->g);
    gb_move m;
    gb_error err;
    bool thinking = ps->out_tty && ps->kinds[side].kind != PLAYER_RANDOM;
    if (thinking) { /* erased once the move is chosen */
        printf(_("  %s is thinking…"), side_name(side));
        fflush(stdout);
    }
    play_computing = 1;
    int rc = player_choose_kept(&ps->kinds[side], ps->g, &ps->rng, &ps->kept[side], &m);
    play_computing = 0;
    if (thinking)
        printf("\r\033[K");
    if (rc != 0 || gb_play(ps->g, &m, &err) != GB_OK) {
        printf(_("  the computer found no move\n"));
        return false;
    }
    ps->redo.len = 0;
    ps->changes++;
    show_move(ps, &m, side, round_before);
    return true;
}

/* The next command (trimmed; blank lines and # comments skipped), echoed after its prompt when
 * read from a script; NULL at the end of the input. */
static char *read_command(const play_session *ps, const char *prompt)
{
    for (;;) {
        bool nul;
        char *line = read_line(prompt, ps->tty, &nul);
        if (!line)
            return NULL;
        trim(line);
        if (!*line || line[0] == '#') {
            free(line);
            continue;
        }
        if (!ps->tty) {
            char shown[1024];
            printf("%s%s\n", prompt, cli_printable(shown, sizeof shown, line));
        }
        if (nul) {
            printf("%s", _(nul_refused));
            free(line);
            continue;
        }
        return line;
    }
}

/* Leaving: a game with moves not saved since they were played is offered a save first. */
static void offer_save(play_session *ps)
{
    if (ps->changes == ps->saved_at || gb_history_length(ps->g) == 0)
        return;
    /* the question a line of its own, wrapped, and a short prompt: libedit breaks a prompt wider
     * than the terminal mid-word */
    cli_wrap(stdout, cli_width(stdout), "  ", "  ",
             _("The game is not saved. Type a file name to save it, or Enter to leave."));
    const char *q = _("  Save to: ");
    if (!ps->tty)
        printf("%s", q);
    bool nul;
    char *ans = read_line(q, ps->tty, &nul);
    if (play_interrupted) { /* Ctrl-C at the question: leave without saving */
        free(ans);
        ans = NULL;
    }
    if (ans)
        trim(ans);
    char shown[1024];
    if (!ps->tty)
        printf("%s\n", ans ? cli_printable(shown, sizeof shown, ans) : "");
    if (nul)
        printf("%s", _(nul_refused));
    if (ans && *ans && !nul && strcmp(ans, "n") != 0 && strcmp(ans, "no") != 0)
        save_record(ps->g, ans, &ps->kinds[0], &ps->kinds[1]);
    else
        printf(_("  left without saving\n"));
    free(ans);
}

static void command_quit(play_session *ps, char *arg)
{
    (void)arg;
    offer_save(ps);
    ps->quit = true;
}

static void command_help(play_session *ps, char *arg)
{
    (void)arg;
    print_in_game_help(ps->g);
}

static void command_moves(play_session *ps, char *arg)
{
    (void)arg;
    list_moves(ps->g, ps->rng);
}

static void command_board(play_session *ps, char *arg)
{
    (void)arg;
    board(ps);
}

static void command_rules(play_session *ps, char *arg)
{
    (void)arg;
    print_rules(stdout, ps->g);
}

static void command_hint(play_session *ps, char *arg)
{
    (void)arg;
    show_hint(ps->g, ps->rng);
}

/* Take back moves until it is a person's turn again, with at least one move undone. */
static void command_undo(play_session *ps, char *arg)
{
    (void)arg;
    gb_game *g = ps->g;
    int undone = 0;
    while (gb_history_length(g) > 0) {
        gb_move last = *gb_history_move(g, gb_history_length(g) - 1);
        if (gb_undo(g, NULL) != GB_OK)
            break;
        redo_push(&ps->redo, &last);
        undone++;
        if (ps->kinds[gb_to_move(g)].kind == PLAYER_HUMAN)
            break;
    }
    if (!undone)
        printf(_("  nothing to undo\n"));
    else
        printf(ngettext("  took back %d move\n", "  took back %d moves\n", (unsigned long)undone), undone);
    ps->changes += undone ? 1 : 0;
    board(ps);
}

/* Play again what undo took back, up to the next turn of a person. */
static void command_redo(play_session *ps, char *arg)
{
    (void)arg;
    gb_game *g = ps->g;
    gb_error err;
    int redone = 0;
    while (ps->redo.len > 0 && !gb_is_over(g)) {
        gb_move rm = ps->redo.moves[ps->redo.len - 1];
        int mover = gb_to_move(g);
        if (gb_play(g, &rm, &err) != GB_OK) {
            printf(_("  cannot redo: %s\n"), err.msg);
            ps->redo.len = 0;
            break;
        }
        ps->redo.len--;
        redone++;
        draw_trace(stdout, g, &rm, mover);
        if (gb_is_over(g) || ps->kinds[gb_to_move(g)].kind == PLAYER_HUMAN)
            break;
    }
    if (!redone)
        printf(_("  nothing to redo\n"));
    ps->changes += redone ? 1 : 0;
    board(ps);
}

static void command_save(play_session *ps, char *path)
{
    if (!*path) {
        printf(_("  usage: save FILE\n"));
    } else {
        save_record(ps->g, path, &ps->kinds[0], &ps->kinds[1]);
        ps->saved_at = ps->changes;
    }
}

static void command_load(play_session *ps, char *path)
{
    gb_game *ng = NULL;
    if (!*path) {
        printf(_("  usage: load FILE\n"));
    } else if ((ng = load_record(path)) != NULL) {
        gb_game_free(ps->g);
        ps->g = ng;
        ps->redo.len = 0;
        gb_searcher_clear(ps->kept[0]); /* another game */
        gb_searcher_clear(ps->kept[1]);
        int moves = gb_history_length(ps->g);
        printf(ngettext("  loaded %s: %s, %d move\n", "  loaded %s: %s, %d moves\n", (unsigned long)moves),
               path, gb_variant_title(gb_game_variant(ps->g)), moves);
        ps->saved_at = ++ps->changes; /* the game is its file's */
        board(ps);
    }
}

/* L'ab al-Akil's tebweez (A2): a near-even layout, shown (suggest) or played (take: the one just
 * shown, or a new one when nothing was shown since the last change). */
static void near_even_layout(play_session *ps, bool take)
{
    gb_game *g = ps->g;
    gb_move lay;
    gb_error err;
    int side = gb_to_move(g);
    bool shown = take && ps->suggested_at == ps->changes + 1;
    if (shown) {
        lay = ps->suggested;
    } else if (gb_suggest_move(g, &ps->rng, &lay) != GB_OK) {
        cli_say(stdout, _("  there is no layout to suggest now\n"));
        return;
    }
    if (!take) {
        char t[GB_MOVE_TEXT_MAX];
        gb_move_format(g, &lay, t, sizeof t);
        cli_say(stdout, _("  a near-even layout: %s\n  (type 'take' to lay it, or type your own 12 numbers)\n"), t);
        ps->suggested = lay;
        ps->suggested_at = ps->changes + 1;
    } else if (gb_play(g, &lay, &err) != GB_OK) {
        cli_say(stdout, "  %s\n", err.msg);
    } else {
        ps->redo.len = 0;
        ps->changes++;
        draw_trace(stdout, g, &lay, side);
        board(ps);
    }
}

static void command_suggest(play_session *ps, char *arg)
{
    (void)arg;
    near_even_layout(ps, false);
}

static void command_take(play_session *ps, char *arg)
{
    (void)arg;
    near_even_layout(ps, true);
}

/* A label typed in the wrong case ("c" for South's C, labels are case-sensitive): the legal move
 * it was likely meant for, into out; false when there is none. */
static bool other_case(const gb_game *g, const char *line, char *out, size_t len)
{
    if (!isalpha((unsigned char)line[0]) || (line[1] && line[1] != '~') || strlen(line) >= len)
        return false;
    snprintf(out, len, "%s", line);
    out[0] = (char)(islower((unsigned char)out[0]) ? toupper((unsigned char)out[0])
                                                   : tolower((unsigned char)out[0]));
    return gb_move_legal_text(g, out, NULL, NULL) == GB_OK;
}

/* A person's move, or why it was refused. */
static void human_move(play_session *ps, const char *line)
{
    int side = gb_to_move(ps->g), round_before = gb_round(ps->g);
    gb_move m;
    gb_error err;
    int rc = parse_human_move(ps->g, line, ps->tty, &m, &err);
    if (rc == 1) { /* a bulto question left unanswered: nothing played, nothing wrong */
        cli_say(stdout, "  %s\n", err.msg);
        return;
    }
    if (rc != GB_OK || gb_play(ps->g, &m, &err) != GB_OK) {
        char shown[1024];
        cli_say(stdout, "  %s\n", cli_printable(shown, sizeof shown, err.msg)); /* it may quote the line */
        char other[GB_MOVE_TEXT_MAX];
        if (other_case(ps->g, line, other, sizeof other))
            cli_say(stdout, _("  did you mean %s?\n"), other);
        else if (err.code == GB_EINVAL)
            cli_say(stdout, _("  (type 'help' for commands, 'moves' for the legal moves)\n"));
        return;
    }
    ps->redo.len = 0;
    ps->changes++;
    show_move(ps, &m, side, round_before);
}

/* The command table: a command's name, whether it takes an argument (the rest of the line,
 * trimmed), whether it needs a game still going, and its function. Anything else is a move. */
typedef struct play_command {
    const char *name;
    bool takes_arg;
    bool in_play; /* only while the game goes on */
    void (*run)(play_session *ps, char *arg);
} play_command;
static const play_command play_commands[] = {
    {"quit", false, false, command_quit},   {"exit", false, false, command_quit},
    {"help", false, false, command_help},   {"moves", false, false, command_moves},
    {"board", false, false, command_board}, {"rules", false, false, command_rules},
    {"hint", false, false, command_hint},   {"undo", false, false, command_undo},
    {"redo", false, false, command_redo},   {"save", true, false, command_save},
    {"load", true, false, command_load},    {"suggest", false, true, command_suggest},
    {"take", false, true, command_take},
};

/* Run one line: a command of the table, or a move. */
static void run_command(play_session *ps, char *line)
{
    for (size_t i = 0; i < sizeof play_commands / sizeof play_commands[0]; i++) {
        const play_command *c = &play_commands[i];
        size_t len = strlen(c->name);
        if (strncmp(line, c->name, len) != 0 || (line[len] && !(c->takes_arg && line[len] == ' ')))
            continue;
        if (c->in_play && gb_is_over(ps->g))
            break;
        char *arg = line + len;
        trim(arg);
        c->run(ps, arg);
        return;
    }
    if (gb_is_over(ps->g))
        printf(_("  the game is over: undo, save FILE, load FILE, rules or quit\n"));
    else
        human_move(ps, line);
}

/* The command line of `gabata play`: -1 to go on, else the exit status. */
typedef struct play_args {
    const char *variant, *position;
    player kinds[2];
    uint64_t seed;
    char opts[1024];
    int seat;
} play_args;

static int parse_play_args(int argc, char **argv, play_args *pa)
{
    double think = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            cli_help(stdout, _(play_help));
            return 0;
        } else if (strcmp(a, "--south") == 0 || strcmp(a, "--north") == 0) {
            if (i + 1 >= argc || player_parse(argv[i + 1], &pa->kinds[a[2] == 'n']) != 0) {
                fprintf(stderr, _("gabata: %s needs human, random, ai, ai:1 ... ai:8 or mcts\n"), a);
                return 2;
            }
            i++;
        } else if (strcmp(a, "--think") == 0) {
            char *end;
            errno = 0;
            if (i + 1 >= argc || (think = strtod(argv[i + 1], &end), *end || errno || !(think > 0) || think > 3600)) {
                fprintf(stderr, _("gabata: --think needs a number of seconds (more than 0, at most 3600)\n"));
                return 2;
            }
            i++;
        } else if (strcmp(a, "--seed") == 0) {
            char *end;
            errno = 0;
            if (i + 1 >= argc || !isdigit((unsigned char)argv[i + 1][0]) ||
                (pa->seed = strtoull(argv[i + 1], &end, 10), *end || errno)) { /* "-1": no seed */
                fprintf(stderr, _("gabata: --seed needs a whole number\n"));
                return 2;
            }
            i++;
        } else if (strcmp(a, "--seat") == 0) {
            if (i + 1 >= argc || (strcmp(argv[i + 1], "south") != 0 && strcmp(argv[i + 1], "north") != 0)) {
                fprintf(stderr, _("gabata: --seat needs south or north\n"));
                return 2;
            }
            pa->seat = strcmp(argv[++i], "north") == 0 ? GB_NORTH : GB_SOUTH;
        } else if (strcmp(a, "--tables") == 0) {
            int rc = cli_use_tables("play", i + 1 < argc ? argv[i + 1] : NULL);
            if (rc)
                return rc;
            i++;
        } else if (strcmp(a, "--position") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, _("gabata: --position needs a position string\n"));
                return 2;
            }
            pa->position = argv[++i];
        } else if (strchr(a, '=') && a[0] != '-') {
            size_t used = strlen(pa->opts);
            snprintf(pa->opts + used, sizeof pa->opts - used, "%s%s", used ? " " : "", a);
        } else if (!pa->variant && a[0] != '-') {
            pa->variant = a;
        } else {
            fprintf(stderr, _("gabata: unexpected argument '%s' (see gabata play --help)\n"), a);
            return 2;
        }
    }
    if (!pa->variant && !pa->position) {
        cli_help(stderr, _(play_help));
        return 2;
    }
    if (pa->position && pa->opts[0]) { /* the position string names its options itself */
        fprintf(stderr, _("gabata: with --position the options are part of the position string\n"));
        return 2;
    }
    for (int k = 0; k < 2; k++)
        if (think > 0 && pa->kinds[k].think == 0 &&
            (pa->kinds[k].kind == PLAYER_AI || pa->kinds[k].kind == PLAYER_MCTS))
            pa->kinds[k].think = think;
    return -1;
}

int cmd_play(int argc, char **argv)
{
    cli_i18n_library();
    play_args pa = {NULL, NULL, {{PLAYER_HUMAN, 0, 0, 0}, {PLAYER_AI, 4, 0, 0}}, (uint64_t)time(NULL), "", GB_SOUTH};
    int rc = parse_play_args(argc, argv, &pa);
    if (rc >= 0)
        return rc;
    play_session ps = {.kinds = {pa.kinds[0], pa.kinds[1]}, .rng = pa.seed ^ 0x5deece66dull, .seat = pa.seat};
    gb_error err;
    rc = pa.position ? gb_game_from_position(&ps.g, pa.position, pa.seed, &err)
                     : gb_game_new(&ps.g, pa.variant, pa.opts, pa.seed, &err);
    if (rc) {
        fprintf(stderr, "gabata: %s\n", err.msg);
        return 2;
    }
    if (pa.position && pa.variant && strcmp(pa.variant, gb_game_variant(ps.g)) != 0) {
        fprintf(stderr, _("gabata: the position is a game of %s, not %s\n"), gb_game_variant(ps.g), pa.variant);
        gb_game_free(ps.g);
        return 2;
    }
    ps.tty = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    ps.out_tty = isatty(STDOUT_FILENO);
    if (ps.tty)
        catch_interrupt();
    ps.color = ps.out_tty && getenv("NO_COLOR") == NULL;
    char d0[256], d1[256], hello[1024]; /* (Ge'ez letters: 3 bytes each) */
    snprintf(hello, sizeof hello,
             _("%s — South: %s, North: %s (seed %llu). Type 'help' for commands, 'rules' for the rules."),
             gb_variant_title(gb_game_variant(ps.g)), player_describe(&ps.kinds[0], d0, sizeof d0),
             player_describe(&ps.kinds[1], d1, sizeof d1), (unsigned long long)pa.seed);
    cli_wrap(stdout, cli_width(stdout), "", "", hello);
    board(&ps);
    int status = 0;
    bool summarised = false;
    while (!ps.quit) {
        if (gb_is_over(ps.g)) {
            if (!summarised)
                draw_summary(stdout, ps.g);
            summarised = true;
            if (!ps.tty)
                break; /* scripted: the game ends here */
        } else {
            summarised = false;
        }
        int side = gb_to_move(ps.g);
        if (side >= 0 && ps.kinds[side].kind != PLAYER_HUMAN) {
            if (!computer_turn(&ps, side)) {
                status = 1;
                break;
            }
            continue;
        }
        char prompt[64];
        snprintf(prompt, sizeof prompt, "%s> ", side >= 0 ? side_name(side) : _("game over"));
        char *line = play_interrupted ? NULL : read_command(&ps, prompt);
        if (play_interrupted) { /* Ctrl-C: as quit */
            free(line);
            line = NULL;
            play_interrupted = 0;
        }
        if (!line) {
            printf("\n");
            if (ps.tty)
                offer_save(&ps); /* end of input at a terminal (Ctrl-D): as quit */
            break;
        }
        run_command(&ps, line);
        free(line);
    }
    free(ps.redo.moves);
    gb_searcher_free(ps.kept[0]);
    gb_searcher_free(ps.kept[1]);
    gb_game_free(ps.g);
    return status;
}
