/* draw.c — the game in a terminal: the board (the library's gb_board_text), the laps of a move,
 * a round's end and the game's, in the library's words. */
#include "cli.h"
#include "i18n.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *side_name(int side) { return side == GB_NORTH ? _("North") : _("South"); }

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
void draw_board_from(FILE *out, const gb_game *g, int seat, bool color)
{
    unsigned flags = color ? GB_BOARD_COLOR : 0;
    if (isatty(fileno(out))) {
        char *plain = board_text(g, seat, 0);
        if (plain && widest_line(plain) > cli_width(out))
            flags |= GB_BOARD_NARROW;
        free(plain);
    }
    char *text = board_text(g, seat, flags);
    if (text)
        fputs(text, out);
    free(text);
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
        fprintf(out, ngettext("  Summary: %d move played in the match.\n",
                              "  Summary: %d moves played in the match.\n", (unsigned long)total),
                total);
        char *last = strrchr(match, '\n');
        if (last)
            *last = 0;
        for (char *line = match, *nl; line; line = nl ? nl + 1 : NULL) {
            nl = strchr(line, '\n');
            if (nl)
                *nl = 0;
            fprintf(out, "    %s\n", line);
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
        fprintf(out, played, total, gb_store(g, GB_SOUTH), gb_store(g, GB_NORTH), board);
    }
    free(match);
    fprintf(out, _("  Final score: South %d, North %d.\n"), gb_score(g, GB_SOUTH), gb_score(g, GB_NORTH));
}

/* "Game over: North wins 62–34: the 11 stones left … (S5)." (the library's result line) */
void draw_result(FILE *out, const gb_game *g)
{
    char line[4096];
    if (gb_result_line(g, line, sizeof line) >= 0)
        fprintf(out, _("  Game over: %s.\n"), line);
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
        char said[512];
        k = snprintf(line, sizeof line,
                     ngettext("    %c: %u stone, last into %c", "    %c: %u stones, last into %c",
                              (unsigned long)l->stones),
                     label(g, l->from), (unsigned)l->stones, label(g, l->to));
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
        fprintf(out, again ? _("  %s eats %u and plays again.\n") : _("  %s eats %u.\n"),
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
    fprintf(out, "\n  === %s.\n  === %s.\n", text, standing);
    if (!gb_is_over(g))
        fprintf(out, _("  === Round %d begins: %s to move.\n"), gb_round(g), side_name(gb_to_move(g)));
}
