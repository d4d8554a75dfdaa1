/* board_text.c — the board as the terminal draws it (gabata play, gabata replay; the Python
 * package's State.__str__): both rows with their labels, every hole's count and mark, the owners
 * when they are not the rows', the stores, a legend of the marks in the game's words, and whose
 * turn it is or the result. From South's seat (South's row at the bottom, as in RULINGS §0) or
 * from North's (the board turned round). */
#include "internal.h"

#include <stdio.h>

#define C_SOUTH "\033[34m"
#define C_NORTH "\033[31m"
#define C_OFF "\033[0m"

/* One hole: its count and one mark letter (S/N an ekwarna or bulto of that side, * a miné). In
 * colour, marks take their holder's colour (miné yellow), a hole owned by the other row's player
 * takes its owner's colour, and empty holes are dim. */
static void cell(gb_text *t, const gb_game *g, int h, bool color)
{
    static const char marks[] = {[GB_MARK_NONE] = ' ', [GB_MARK_HELD_S] = 'S', [GB_MARK_HELD_N] = 'N',
                                 [GB_MARK_DORMANT] = '*'};
    int mk = gb_hole_mark(g, h), c = gb_hole_count(g, h), n = gb_game_rows(g);
    int owner = gb_hole_owner(g, h), row = h >= n ? GB_NORTH : GB_SOUTH;
    const char *on = "", *off = "";
    if (color && mk > 0) {
        on = mk == GB_MARK_DORMANT ? "\033[1;33m" : mk == GB_MARK_HELD_S ? "\033[1;34m" : "\033[1;31m";
        off = C_OFF;
    } else if (color && owner != row) {
        on = owner == GB_SOUTH ? C_SOUTH : C_NORTH;
        off = C_OFF;
    } else if (color && c == 0) {
        on = "\033[2m";
        off = C_OFF;
    }
    gb_text_add(t, "[%s%3d%c%s]", on, c, mk > 0 && mk <= GB_MARK_DORMANT ? marks[mk] : ' ', off);
}

/* The i-th hole drawn from the left in the row of `side`, seen from `seat`: from South's seat
 * North's row runs from its last hole (h) to its first; from North's, South's row does. */
static int hole_at(int n, int side, int seat, int i)
{
    bool far = side != seat; /* the row across the board, seen upside down */
    int first = side == GB_NORTH ? n : 0;
    return far ? first + n - 1 - i : first + i;
}

/* Characters in UTF-8 text (the side words of a front-end's language, gb_set_translate: Arabic
 * and Ge'ez letters take one column each, as Latin ones do). */
static int chars(const char *s)
{
    int c = 0;
    for (; *s; s++)
        c += ((unsigned char)*s & 0xc0) != 0x80;
    return c;
}

/* The width of the rows' names, "South", "North" and "owner" in the front-end's language: at
 * least 5, so that the English board is as it always was. */
static int name_width(void)
{
    int w = 5;
    const char *words[] = {gb_side_word(GB_SOUTH), gb_side_word(GB_NORTH), gb_tr(GB_N_("owner"))};
    for (int i = 0; i < 3; i++)
        w = chars(words[i]) > w ? chars(words[i]) : w;
    return w;
}

static void labels(gb_text *t, const gb_game *g, int side, int seat, bool color)
{
    int n = gb_game_rows(g);
    gb_text_add(t, "  %*s   %s", name_width(), "", color ? (side == GB_NORTH ? C_NORTH : C_SOUTH) : "");
    for (int i = 0; i < n; i++) {
        const char *l = gb_hole_label(g, hole_at(n, side, seat, i));
        gb_text_add(t, "  %c   ", l ? l[0] : '?');
    }
    gb_text_add(t, "%s\n", color ? C_OFF : "");
}

static void row(gb_text *t, const gb_game *g, int side, int seat, bool color)
{
    int n = gb_game_rows(g);
    const char *name = gb_side_word(side);
    gb_text_add(t, "  %s%s%s%*s   ", color ? (side == GB_NORTH ? C_NORTH : C_SOUTH) : "", name,
                color ? C_OFF : "", name_width() - chars(name), "");
    for (int i = 0; i < n; i++)
        cell(t, g, hole_at(n, side, seat, i), color);
    gb_text_add(t, "   taken %d\n", gb_store(g, side));
}

static void owners(gb_text *t, const gb_game *g, int side, int seat)
{
    int n = gb_game_rows(g);
    const char *owner = gb_tr(GB_N_("owner"));
    gb_text_add(t, "  %s%*s   ", owner, name_width() - chars(owner), "");
    for (int i = 0; i < n; i++)
        gb_text_add(t, "   %c  ", gb_hole_owner(g, hole_at(n, side, seat, i)) ? 'N' : 'S');
    gb_text_add(t, "\n");
}

/* GB_BOARD_NARROW: the board turned a quarter, for a narrow terminal (a phone's): the near row
 * (the seat's) down the left, first hole at the top, the far row down the right, each hole
 * beside the one across from it in the wide drawing, as the page draws it on a phone; with
 * owners moved, each hole's owner after it; then the stores, a line a side. Under 40 columns
 * for every game. */
static void narrow(gb_text *t, const gb_game *g, int seat, bool color, bool owners_moved)
{
    const int n = gb_game_rows(g), far = !seat;
    const int w = (name_width() > 6 ? name_width() : 6) + (owners_moved ? 2 : 0);
    const char *names[2] = {gb_side_word(seat), gb_side_word(far)};
    const char *on[2] = {"", ""}, *off = color ? C_OFF : "";
    if (color) {
        on[0] = seat == GB_NORTH ? C_NORTH : C_SOUTH;
        on[1] = far == GB_NORTH ? C_NORTH : C_SOUTH;
    }
    gb_text_plain(t, "    %s%s%s%*s  %s%s%s\n", on[0], names[0], off, w - chars(names[0]), "", on[1], names[1], off);
    for (int i = 0; i < n; i++) {
        const int near_h = hole_at(n, seat, seat, i), far_h = hole_at(n, far, seat, i);
        const char *ln = gb_hole_label(g, near_h), *lf = gb_hole_label(g, far_h);
        gb_text_plain(t, "  %c ", ln ? ln[0] : '?');
        cell(t, g, near_h, color);
        if (owners_moved)
            gb_text_plain(t, " %c", gb_hole_owner(g, near_h) ? 'N' : 'S');
        gb_text_plain(t, "%*s  ", w - 6 - (owners_moved ? 2 : 0), "");
        cell(t, g, far_h, color);
        if (owners_moved)
            gb_text_plain(t, " %c", gb_hole_owner(g, far_h) ? 'N' : 'S');
        gb_text_plain(t, " %c\n", lf ? lf[0] : '?');
    }
    if (owners_moved)
        gb_text_plain(t, "  S, N: %s\n", gb_tr(GB_N_("owner")));
    for (int k = 0; k < 2; k++) {
        const int side = k ? far : seat;
        gb_text_plain(t, "  %s%s%s%*s", on[k], names[k], off, name_width() - chars(names[k]), "");
        gb_text_add(t, "   taken %d\n", gb_store(g, side));
    }
}

/* A line that says what the marks on the board mean, when there are any, in the game's words. */
static void legend(gb_text *t, const gb_game *g)
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
            /* whole texts, each for a translation of its own: a possessive or an "a" is built
             * differently in every language (Amharic "የደቡብ ekwarna", Arabic "ekwarna الجنوب") */
            gb_text_plain(t, "%s", any ? gb_list_comma() : gb_tr(GB_N_("  marks: ")));
            if (k == GB_MARK_DORMANT)
                gb_text_add(t, "*: a %s hole", w);
            else if (k == GB_MARK_HELD_S)
                gb_text_add(t, "S: South's %s", w);
            else
                gb_text_add(t, "N: North's %s", w);
            any = true;
        }
    if (any)
        gb_text_add(t, "\n");
}

int gb_board_text(const gb_game *g, int seat, unsigned flags, char *buf, size_t len)
{
    if (!g || (seat != GB_SOUTH && seat != GB_NORTH))
        return GB_EINVAL;
    gb_text t = {buf, buf ? len : 0, 0};
    if (t.len)
        buf[0] = 0;
    bool color = (flags & GB_BOARD_COLOR) != 0;
    int n = gb_game_rows(g), far = !seat;
    bool owners_moved = false;
    for (int h = 0; h < 2 * n; h++)
        owners_moved |= gb_hole_owner(g, h) != (h >= n ? GB_NORTH : GB_SOUTH);
    gb_text_add(&t, "\n");
    if (flags & GB_BOARD_NARROW) {
        narrow(&t, g, seat, color, owners_moved);
    } else {
        labels(&t, g, far, seat, color);
        row(&t, g, far, seat, color);
        if (owners_moved) {
            owners(&t, g, far, seat);
            owners(&t, g, seat, seat);
        }
        row(&t, g, seat, seat, color);
        labels(&t, g, seat, seat, color);
    }
    legend(&t, g);
    gb_text_add(&t, "\n");
    if (gb_is_over(g)) {
        char line[1024];
        gb_result_line(g, line, sizeof line);
        gb_text_add(&t, "  Game over: %s.\n", line);
    } else {
        gb_text_add(&t, "  %s to move (%s, ply %d", gb_side_word(gb_to_move(g)), gb_phase_word(g), gb_ply(g));
        if (gb_round(g) > 1)
            gb_text_add(&t, ", round %d", gb_round(g));
        gb_text_add(&t, ")\n");
    }
    return t.used > 0x7fffffff ? 0x7fffffff : (int)t.used;
}
