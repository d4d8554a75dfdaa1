/* draw.c — the board in a terminal: both rows as their players see them from South's seat. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

const char *side_name(int side) { return side == GB_NORTH ? "North" : "South"; }

static char label(const gb_game *g, int hole)
{
    const char *l = gb_hole_label(g, hole);
    return l ? l[0] : '?';
}

#define C_SOUTH "\033[34m"
#define C_NORTH "\033[31m"
#define C_OFF "\033[0m"

/* One hole: its count and one mark letter (S/N an ekwarna or bulto of that side, * a miné). In
 * colour, marks take their holder's colour (miné yellow), a hole owned by the other row's player
 * takes its owner's colour, and empty holes are dim. */
static void cell(FILE *out, const gb_game *g, int h, bool color)
{
    static const char marks[] = {[GB_MARK_NONE] = ' ', [GB_MARK_HELD_S] = 'S', [GB_MARK_HELD_N] = 'N',
                                 [GB_MARK_DORMANT] = '*'};
    int mk = gb_hole_mark(g, h);
    int c = gb_hole_count(g, h);
    int n = gb_game_rows(g);
    int owner = gb_hole_owner(g, h), row = h >= n ? GB_NORTH : GB_SOUTH;
    const char *on = "", *off = "";
    if (color && mk > 0) {
        on = mk == GB_MARK_DORMANT ? "\033[1;33m"
             : mk == GB_MARK_HELD_S ? "\033[1;34m" : "\033[1;31m";
        off = C_OFF;
    } else if (color && owner != row) {
        on = owner == GB_SOUTH ? C_SOUTH : C_NORTH;
        off = C_OFF;
    } else if (color && c == 0) {
        on = "\033[2m";
        off = C_OFF;
    }
    fprintf(out, "[%s%3d%c%s]", on, c, mk > 0 && mk <= GB_MARK_DORMANT ? marks[mk] : ' ', off);
}

static void labels(FILE *out, const gb_game *g, int side, bool color)
{
    int n = gb_game_rows(g);
    fprintf(out, "          %s", color ? (side == GB_NORTH ? C_NORTH : C_SOUTH) : "");
    for (int i = 0; i < n; i++)
        fprintf(out, "  %c   ", label(g, side == GB_NORTH ? 2 * n - 1 - i : i));
    fprintf(out, "%s\n", color ? C_OFF : "");
}

/* A line that says what the marks on the board mean, when there are any, in the game's words. */
static void legend(FILE *out, const gb_game *g)
{
    bool seen[GB_MARK_DORMANT + 1] = {false};
    for (int h = 0; h < 2 * gb_game_rows(g); h++) {
        int mk = gb_hole_mark(g, h);
        if (mk > 0 && mk <= GB_MARK_DORMANT)
            seen[mk] = true;
    }
    bool any = false;
    for (int k = GB_MARK_HELD_S; k <= GB_MARK_DORMANT; k++)
        if (seen[k]) {
            const char *w = gb_mark_word(g, k);
            if (k == GB_MARK_DORMANT)
                fprintf(out, "%s*: a %s", any ? ", " : "  marks: ", w);
            else
                fprintf(out, "%s%c: %s's %s", any ? ", " : "  marks: ", k == GB_MARK_HELD_S ? 'S' : 'N',
                        k == GB_MARK_HELD_S ? "South" : "North", w);
            any = true;
        }
    if (any)
        fprintf(out, "\n");
}

void draw_board(FILE *out, const gb_game *g, bool color)
{
    int n = gb_game_rows(g);
    bool owners_moved = false;
    for (int h = 0; h < 2 * n; h++)
        owners_moved |= gb_hole_owner(g, h) != (h >= n ? GB_NORTH : GB_SOUTH);
    fprintf(out, "\n");
    labels(out, g, GB_NORTH, color);
    fprintf(out, "  %sNorth%s   ", color ? C_NORTH : "", color ? C_OFF : "");
    for (int h = 2 * n - 1; h >= n; h--)
        cell(out, g, h, color);
    fprintf(out, "   taken %d\n", gb_store(g, GB_NORTH));
    if (owners_moved) {
        fprintf(out, "  owner   ");
        for (int h = 2 * n - 1; h >= n; h--)
            fprintf(out, "   %c  ", gb_hole_owner(g, h) ? 'N' : 'S');
        fprintf(out, "\n  owner   ");
        for (int h = 0; h < n; h++)
            fprintf(out, "   %c  ", gb_hole_owner(g, h) ? 'N' : 'S');
        fprintf(out, "\n");
    }
    fprintf(out, "  %sSouth%s   ", color ? C_SOUTH : "", color ? C_OFF : "");
    for (int h = 0; h < n; h++)
        cell(out, g, h, color);
    fprintf(out, "   taken %d\n", gb_store(g, GB_SOUTH));
    labels(out, g, GB_SOUTH, color);
    legend(out, g);
    fprintf(out, "\n");
    if (gb_is_over(g))
        draw_result(out, g);
    else
    {
        fprintf(out, "  %s to move (%s, ply %d", side_name(gb_to_move(g)), gb_phase(g), gb_ply(g));
        if (gb_round(g) > 1)
            fprintf(out, ", round %d", gb_round(g));
        fprintf(out, ")\n");
    }
}

void draw_summary(FILE *out, const gb_game *g)
{
    if (!gb_is_over(g))
        return;
    int moves[2] = {0, 0}, total = gb_history_length(g);
    int board = 0;
    for (int h = 0; h < 2 * gb_game_rows(g); h++)
        board += gb_hole_count(g, h);
    (void)moves;
    fprintf(out, "  Summary: %d move%s played%s; taken in play: South %d, North %d; %d left on the board.\n",
            total, total == 1 ? "" : "s", gb_round(g) > 1 ? " over several rounds" : "",
            gb_store(g, GB_SOUTH), gb_store(g, GB_NORTH), board);
    fprintf(out, "  Final score: South %d, North %d.\n", gb_score(g, GB_SOUTH), gb_score(g, GB_NORTH));
}

void draw_result(FILE *out, const gb_game *g)
{
    int w = gb_winner(g), s = gb_score(g, GB_SOUTH), n = gb_score(g, GB_NORTH);
    const char *why = gb_end_reason_name(gb_end_reason(g));
    static const char *const explain[] = {"", "by the rules", "a position repeated (RULINGS T2)",
                                          "the ply limit was reached (T3)",
                                          "a sowing that never ends was played (T1)"};
    if (w == GB_DRAW)
        fprintf(out, "  Game over: a draw, %d-%d (%s).\n", s, n, explain[gb_end_reason(g)]);
    else
        fprintf(out, "  Game over: %s wins, %d-%d (%s).\n", side_name(w), s, n, explain[gb_end_reason(g)]);
    (void)why;
}

void draw_trace(FILE *out, const gb_game *g, const gb_move *m, int mover)
{
    char mv[GB_MOVE_TEXT_MAX];
    gb_move_format(g, m, mv, sizeof mv);
    const gb_trace *t = gb_last_trace(g);
    fprintf(out, "  %s plays %s", side_name(mover), mv);
    if (!t || t->laps == 0) {
        fprintf(out, "\n");
        return;
    }
    fprintf(out, ": %d lap%s, %ld stone%s sown\n", t->laps, t->laps == 1 ? "" : "s", t->sown,
            t->sown == 1 ? "" : "s");
    int show = t->events;
    for (int i = 0; i < show; i++) {
        const gb_lap *l = &t->lap[i];
        if (i == 8 && show > 12) {
            fprintf(out, "    ... %d more laps ...\n", t->laps - 10);
            i = show - 3;
            continue;
        }
        fprintf(out, "    %c: %u stone%s, last into %c", label(g, l->from), (unsigned)l->stones,
                l->stones == 1 ? "" : "s", label(g, l->to));
        char said[128];
        fprintf(out, "%s\n", gb_lap_describe(g, l, said, sizeof said) >= 0 ? said : "");
    }
    if (t->laps > t->events)
        fprintf(out, "    (%d laps not shown)\n", t->laps - t->events);
    /* Qelat Q3: an eat, and whether the eater plays again */
    for (int i = t->events - 1; i >= 0; i--) {
        if (t->lap[i].event != GB_EV_RAID)
            continue;
        bool again = !gb_is_over(g) && gb_to_move(g) == mover && gb_round(g) == round_before_last(g);
        fprintf(out, "  %s eats %u%s.\n", side_name(mover), (unsigned)t->lap[i].value,
                again ? " and plays again" : "");
        break;
    }
}

/* The round the last move was played in: the round now, unless the move ended it. */
int round_before_last(const gb_game *g)
{
    int n = gb_history_length(g);
    return n > 0 && gb_ply(g) == 0 && gb_round(g) > 1 ? gb_round(g) - 1 : gb_round(g);
}

void draw_round_summary(FILE *out, const gb_game *g, int round_before)
{
    if (gb_round(g) == round_before && !gb_is_over(g))
        return;
    if (gb_round(g) == round_before)
        return; /* the game ended inside the round: draw_result says it */
    fprintf(out, "\n  === Round %d is over", round_before);
    /* every match field the game reports (earnings, holes owned, gains, lots ...) */
    gb_state_field f;
    int i = 0;
    for (; gb_game_field(g, i, &f) == GB_OK; i++) {
        fprintf(out, "%s", i == 0 ? ":\n" : "");
        char name[64];
        snprintf(name, sizeof name, "%s", f.key);
        for (char *c = name; *c; c++)
            if (*c == '_')
                *c = ' ';
        if (f.per_side)
            fprintf(out, "      %-20s South %d, North %d\n", name, f.side[GB_SOUTH], f.side[GB_NORTH]);
        else if (f.text)
            fprintf(out, "      %-20s %s\n", name, f.text);
        else
            fprintf(out, "      %-20s %d\n", name, f.side[0]);
    }
    if (i == 0)
        fprintf(out, ".\n");
    if (!gb_is_over(g))
        fprintf(out, "  === Round %d begins: %s to move.\n", gb_round(g), side_name(gb_to_move(g)));
}
