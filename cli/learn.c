/* learn.c — `gabata learn VARIANT [N]`: the learn mode's lessons in the terminal (the library's
 * gb_lesson_*, the same lessons as the page's Learn view, docs/web.md): each lesson's rule and
 * board, the player's move read from standard input, whether it was right and why, then the next
 * lesson; `skip` moves on, `quit` or the end of input stops. */
#include "cli.h"
#include "i18n.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char learn_help[] =
    N_("usage: gabata learn VARIANT [N]   (or gabata learn: every game's lessons)\n"
    "Short lessons, one rule each, on set positions: read the rule, then type the move it asks\n"
    "for (a hole's label, e.g. C; in Bulto C~1 refuses the first bulto offered; keep or turn).\n"
    "Starts at lesson N (default 1) and goes on to the next when the move is right. 'moves'\n"
    "lists the moves there are, 'skip' goes to the next lesson, 'quit' stops.\n");

static void list_all(FILE *out, int width)
{
    for (int v = 0; v < gb_variant_count(); v++) {
        const char *name = gb_variant_name(v);
        fprintf(out, _("%s (gabata learn %s N):\n"), gb_variant_title(name), name);
        for (int i = 0; i < gb_lesson_count(name); i++) {
            char line[256];
            snprintf(line, sizeof line, "%d. %s", i + 1, _(gb_lesson_at(name, i)->title));
            cli_wrap(out, width, "  ", "     ", line);
        }
    }
}

static void list_moves(FILE *out, const gb_game *g)
{
    gb_move moves[GB_MAX_MOVES];
    int n = gb_legal_moves(g, moves, GB_MAX_MOVES);
    fprintf(out, "  %s", _("moves:"));
    for (int i = 0; i < n; i++) {
        char t[GB_MOVE_TEXT_MAX];
        gb_move_format(g, &moves[i], t, sizeof t);
        fprintf(out, " %s", t);
    }
    fprintf(out, "\n");
}

/* One lesson: 1 done (right), 0 skipped, -1 the player stopped. */
static int one_lesson(FILE *in, FILE *out, int width, const char *variant, int i)
{
    const gb_lesson *l = gb_lesson_at(variant, i);
    gb_game *g = NULL;
    gb_error err = {0, ""};
    if (gb_lesson_game(l, 1, &g, &err) != GB_OK) {
        fprintf(stderr, _("gabata: lesson %s: %s\n"), l->id, err.msg);
        return -1;
    }
    char head[256];
    snprintf(head, sizeof head, _("Lesson %d of %d: %s (rules %s)"), i + 1,
             gb_lesson_count(variant), _(l->title), l->rulings);
    fprintf(out, "\n");
    cli_wrap(out, width, "", "", head);
    cli_wrap(out, width, "  ", "  ", _(l->instruction));
    const int seat = gb_to_move(g);
    for (;;) {
        fprintf(out, "\n");
        draw_board_from(out, g, seat, false);
        fprintf(out, "%s", _("Your move (moves, skip, quit): "));
        fflush(out);
        /* a whole line, however long (its tail is no answer of its own); one holding a NUL
         * byte is refused whole, as gabata play and the engine refuse it */
        static char *line;
        static size_t cap;
        ssize_t got = getline(&line, &cap, in);
        if (got < 0) {
            fprintf(out, "\n");
            gb_game_free(g);
            return -1;
        }
        if (memchr(line, 0, (size_t)got)) {
            fprintf(out, "%s", _("  line refused: it holds a NUL byte\n"));
            continue;
        }
        line[strcspn(line, "\r\n")] = 0;
        char *w = line;
        while (*w == ' ' || *w == '\t')
            w++;
        for (size_t k = strlen(w); k > 0 && (w[k - 1] == ' ' || w[k - 1] == '\t'); k--)
            w[k - 1] = 0;
        if (!*w)
            continue;
        if (strcmp(w, "quit") == 0 || strcmp(w, "q") == 0) {
            gb_game_free(g);
            return -1;
        }
        if (strcmp(w, "skip") == 0) {
            gb_game_free(g);
            return 0;
        }
        if (strcmp(w, "moves") == 0) {
            list_moves(out, g);
            continue;
        }
        gb_game *after = NULL;
        int rc = gb_lesson_check(l, w, &after, &err);
        if (rc < 0) {
            char shown[1024]; /* the message may quote what was typed */
            fprintf(out, _("That move cannot be played here: %s\n"), cli_printable(shown, sizeof shown, err.msg));
            continue;
        }
        fprintf(out, "\n");
        draw_trace(out, after, gb_history_move(after, gb_history_length(after) - 1), seat);
        draw_board_from(out, after, seat, false);
        gb_game_free(after);
        cli_wrap(out, width, rc ? "✓ " : "✗ ", "  ", _(rc ? l->right : l->wrong));
        if (rc) {
            gb_game_free(g);
            return 1;
        }
        fprintf(out, "%s", _("Try again.\n"));
    }
}

int cmd_learn(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            cli_help(stdout, _(learn_help));
            return 0;
        }
    cli_i18n_library(); /* the board's words and a refused move's reason, as play shows them */
    const int width = cli_width(stdout);
    if (argc < 2) {
        list_all(stdout, width);
        return 0;
    }
    if (argc > 3) {
        fprintf(stderr, _("gabata: unexpected argument '%s' (see gabata learn --help)\n"), argv[3]);
        return 2;
    }
    const char *v = argv[1];
    int n = gb_lesson_count(v);
    if (n < 0) {
        fprintf(stderr, _("gabata: unknown game '%s' (gabata variants lists them)\n"), v);
        return 2;
    }
    int first = 1;
    if (argc == 3) {
        char *end;
        long k = strtol(argv[2], &end, 10);
        if (*end || end == argv[2] || k < 1 || k > n) {
            fprintf(stderr, _("gabata: no lesson '%s': %s has lessons 1 to %d\n"), argv[2],
                    gb_variant_title(v), n);
            return 2;
        }
        first = (int)k;
    }
    int done = 0;
    for (int i = first - 1; i < n; i++) {
        int r = one_lesson(stdin, stdout, width, v, i);
        if (r < 0)
            break;
        done += r;
    }
    printf("\n");
    printf(_("%d of %d lessons of %s done here.\n"), done, n - first + 1, gb_variant_title(v));
    return 0;
}
