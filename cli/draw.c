/* draw.c — the game in a terminal: the board (the library's gb_board_text), the laps of a move,
 * a round's end and the game's, in the library's words. */
#include "cli.h"
#include "i18n.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *side_name(int side) { return side == GB_NORTH ? _("North") : _("South"); }

/* The language's full stop, as the library ends its own sentences: the catalog's "full-stop:."
 * gives it after its colon ("full-stop:።" in Amharic and Tigrinya; docs/translating.md). */
static const char *full_stop(void)
{
    /* TRANSLATORS: after the colon, the full stop that ends a sentence in your language ("።"
     * in Amharic and Tigrinya); the library puts it where it joins sentences of its own */
    const char *t = gettext("full-stop:.");
    return strncmp(t, "full-stop:", 10) == 0 && t[10] ? t + 10 : ".";
}

/* A text of the library's or a catalog's, one paragraph, at the terminal's width: its lines
 * wrapped between words, the first after `lead`, the others after `rest` (a round's words, a
 * result line and a match's summary run to hundreds of columns in any language). */
static void wrapped(FILE *out, const char *lead, const char *rest, const char *text)
{
    cli_wrap(out, cli_width(out), lead, rest, text);
}

static char label(const gb_game *g, int hole)
{
    const char *l = gb_hole_label(g, hole);
    return l ? l[0] : '?';
}

/* The board's text (gb_board_text with flags), malloc'd; NULL when out of memory. */
static char *board_text(const gb_game *g, int seat, unsigned flags)
{
    int k = gb_board_text(g, seat, flags, NULL, 0);
    char *buf = k >= 0 ? malloc((size_t)k + 1) : NULL;
    if (buf && gb_board_text(g, seat, flags, buf, (size_t)k + 1) < 0) {
        free(buf);
        buf = NULL;
    }
    return buf;
}

/* The widest line of a text without colours, in the terminal's columns. */
static int widest_line(char *text)
{
    int widest = 0;
    for (char *line = text, *end; *line; line = *end ? end + 1 : end) {
        end = strchr(line, '\n');
        if (!end)
            end = line + strlen(line);
        const char keep = *end;
        *end = 0;
        const int w = cli_columns(line);
        *end = keep;
        widest = w > widest ? w : widest;
    }
    return widest;
}

/* The board as the library draws it (gb_board_text), from `seat`'s side: turned a quarter
 * (GB_BOARD_NARROW) on a terminal narrower than its rows, a phone's (Bulto's rows take 84
 * columns, Sadeqa III's 72, Qelat's and L'ab al-Akil's 60). */
/* The text's last line (the status: who is to move, or "Game over: " and the result line),
 * cut off the board above it; NULL when there is none. */
static char *status_line(char *text)
{
    size_t n = strlen(text);
    while (n > 0 && text[n - 1] == '\n')
        n--;
    char *nl = n ? memchr(text, '\n', n) : NULL;
    if (!nl)
        return NULL;
    for (char *p = nl; (p = memchr(p + 1, '\n', n - (size_t)(p + 1 - text))) != NULL;)
        nl = p;
    *nl = 0;
    return nl + 1;
}

static void draw_board_status(FILE *out, const gb_game *g, int seat, bool color, bool with_status)
{
    unsigned flags = color ? GB_BOARD_COLOR : 0;
    if (isatty(fileno(out))) {
        /* the board's rows decide, not the status line under them (a result line is as long
         * as its language makes it, and is wrapped below) */
        char *plain = board_text(g, seat, 0);
        if (plain)
            status_line(plain);
        if (plain && widest_line(plain) > cli_width(out))
            flags |= GB_BOARD_NARROW;
        free(plain);
    }
    char *text = board_text(g, seat, flags);
    if (text) {
        char *status = status_line(text);
        fputs(text, out);
        fputc('\n', out);
        if (status && with_status) /* at the terminal's width, its continuation under its words */
            wrapped(out, "  ", "    ", status);
    }
    free(text);
}

void draw_board_from(FILE *out, const gb_game *g, int seat, bool color)
{
    draw_board_status(out, g, seat, color, true);
}

void draw_board_rows(FILE *out, const gb_game *g, int seat, bool color)
{
    draw_board_status(out, g, seat, color, false);
}

void draw_board(FILE *out, const gb_game *g, bool color) { draw_board_from(out, g, GB_SOUTH, color); }

void draw_summary(FILE *out, const gb_game *g)
{
    if (!gb_is_over(g))
        return;
    int total = gb_history_length(g);
    int board = 0;
    for (int h = 0; h < 2 * gb_game_rows(g); h++)
        board += gb_hole_count(g, h);
    int k = gb_match_summary(g, NULL, 0);
    char *match = k >= 0 ? malloc((size_t)k + 1) : NULL;
    if (match && gb_match_summary(g, match, (size_t)k + 1) >= 0) {
        /* the whole match: its rounds and totals, a line a round (the result line is drawn) */
        char head[512];
        snprintf(head, sizeof head,
                 ngettext("  Summary: %d move played in the match.\n",
                          "  Summary: %d moves played in the match.\n", (unsigned long)total),
                 total);
        wrapped(out, "  ", "    ", head);
        char *last = strrchr(match, '\n');
        if (last)
            *last = 0;
        for (char *line = match, *nl; line; line = nl ? nl + 1 : NULL) {
            nl = strchr(line, '\n');
            if (nl)
                *nl = 0;
            wrapped(out, "    ", "      ", line);
        }
    } else {
        const char *played = gb_round(g) > 1
            ? ngettext("  Summary: %d move played over several rounds; taken in play: South %d, "
                       "North %d; %d left on the board.\n",
                       "  Summary: %d moves played over several rounds; taken in play: South %d, "
                       "North %d; %d left on the board.\n", (unsigned long)total)
            : ngettext("  Summary: %d move played; taken in play: South %d, North %d; %d left on "
                       "the board.\n",
                       "  Summary: %d moves played; taken in play: South %d, North %d; %d left on "
                       "the board.\n", (unsigned long)total);
        char text[1024];
        snprintf(text, sizeof text, played, total, gb_store(g, GB_SOUTH), gb_store(g, GB_NORTH), board);
        wrapped(out, "  ", "    ", text);
    }
    free(match);
    char score[512];
    snprintf(score, sizeof score, _("  Final score: South %d, North %d.\n"), gb_score(g, GB_SOUTH),
             gb_score(g, GB_NORTH));
    wrapped(out, "  ", "    ", score);
}

/* "Game over: North wins 62–34: the 11 stones left … (S5)." (the library's result line) */
void draw_result(FILE *out, const gb_game *g)
{
    char line[4096], text[4096 + 256];
    if (gb_result_line(g, line, sizeof line) >= 0) {
        snprintf(text, sizeof text, _("  Game over: %s.\n"), line);
        wrapped(out, "  ", "    ", text);
    }
}

/* A line of the trace, wrapped to the terminal's width (a translation may be longer than the
 * English), its continuation indented two more than its lead. */
static void trace_line(FILE *out, const char *lead, const char *rest, const char *text)
{
    cli_wrap(out, cli_width(out), lead, rest, text);
}

void draw_trace(FILE *out, const gb_game *g, const gb_move *m, int mover)
{
    char mv[GB_MOVE_TEXT_MAX], line[1024];
    gb_move_format(g, m, mv, sizeof mv);
    const gb_trace *t = gb_last_trace(g);
    int k = snprintf(line, sizeof line, _("  %s plays %s"), side_name(mover), mv);
    if (t && t->laps > 0 && k >= 0 && (size_t)k < sizeof line) {
        /* two counts, each with its own plural: two messages */
        k += snprintf(line + k, sizeof line - (size_t)k,
                      ngettext(": %d lap, ", ": %d laps, ", (unsigned long)t->laps), t->laps);
        if (k >= 0 && (size_t)k < sizeof line)
            snprintf(line + k, sizeof line - (size_t)k,
                     ngettext("%ld stone sown\n", "%ld stones sown\n", (unsigned long)t->sown), t->sown);
    }
    trace_line(out, "  ", "    ", line);
    if (!t || t->laps == 0)
        return;
    int show = t->events;
    for (int i = 0; i < show; i++) {
        const gb_lap *l = &t->lap[i];
        if (i == 8 && show > 12) {
            fprintf(out, _("    ... %d more laps ...\n"), t->laps - 10);
            i = show - 3;
            continue;
        }
        char said[512], count[256];
        /* the count is a text of its own, its number the only thing filled in: a language may
         * leave the number out where its word says it (Arabic's "حجر واحد", "حجران"), which
         * it could not before the hole's label */
        snprintf(count, sizeof count,
                 /* TRANSLATORS: a lap of gabata play, "F: 4 stones, last into d": the stones the
                  * lap sows, and the words before the label of the hole its last one reaches */
                 ngettext("%u stone, last into", "%u stones, last into", (unsigned long)l->stones),
                 (unsigned)l->stones);
        k = snprintf(line, sizeof line, "    %c: %s %c", label(g, l->from), count, label(g, l->to));
        if (k >= 0 && (size_t)k < sizeof line)
            snprintf(line + k, sizeof line - (size_t)k, "%s",
                     gb_lap_describe(g, l, said, sizeof said) >= 0 ? said : "");
        trace_line(out, "    ", "      ", line);
    }
    if (t->laps > t->events)
        fprintf(out, _("    (%d laps not shown)\n"), t->laps - t->events);
    /* Qelat Q3: an eat, and whether the eater plays again */
    for (int i = t->events - 1; i >= 0; i--) {
        if (t->lap[i].event != GB_EV_RAID)
            continue;
        bool again = !gb_is_over(g) && gb_to_move(g) == mover && gb_round(g) == round_before_last(g);
        cli_say(out, again ? _("  %s eats %u and plays again.\n") : _("  %s eats %u.\n"),
                side_name(mover), (unsigned)t->lap[i].value);
        break;
    }
}

/* The round the last move was played in: the round now, unless the move ended it. */
int round_before_last(const gb_game *g)
{
    int n = gb_history_length(g);
    return n > 0 && gb_ply(g) == 0 && gb_round(g) > 1 ? gb_round(g) - 1 : gb_round(g);
}

/* After a move that ended a round of a match: the round in words (who won it and by how much,
 * what changed hands, how it ended) and the standing after it (the library's round words). */
void draw_round_summary(FILE *out, const gb_game *g, int round_before)
{
    int round = gb_last_round_ended(g);
    if (round <= 0 || round != round_before)
        return;
    char text[4096], standing[2048]; /* room for a translation (three bytes a letter) */
    if (gb_round_summary(g, round, text, sizeof text) < 0 ||
        gb_round_standing(g, round, standing, sizeof standing) < 0)
        return;
    if ((unsigned char)standing[0] < 0x80) /* a translation may begin with any letter */
        standing[0] = (char)toupper((unsigned char)standing[0]);
    /* each a paragraph at the terminal's width, ended by the language's full stop */
    char para[4096 + 16];
    fputc('\n', out);
    snprintf(para, sizeof para, "%s%s", text, full_stop());
    wrapped(out, "  === ", "      ", para);
    snprintf(para, sizeof para, "%s%s", standing, full_stop());
    wrapped(out, "  === ", "      ", para);
    if (!gb_is_over(g))
        cli_say(out, _("  === Round %d begins: %s to move.\n"), gb_round(g), side_name(gb_to_move(g)));
}
