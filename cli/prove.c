/* prove.c — the proof step that `gabata solve` and `gabata solve --survey` share, and a proven
 * margin in words (also `gabata analyze`'s). Issue 23 §2; docs/solved.md. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

int cli_prove(gb_searcher *s, const gb_game *g, const gb_move *only, const gb_tables *t, double seconds,
              gb_search_info_fn info, void *user, int *margin, int *depth)
{
    gb_search_opts o;
    memset(&o, 0, sizeof o);
    o.tables = t;
    o.margins = 1;
    o.tt_mb = 256;
    o.budget.movetime_ms = seconds > 0.001 ? (long)(seconds * 1000) : 1;
    /* a depth too, or a root of one move (a forced move, or one move proven on its own) would
     * stop after its first iteration; so a proof is one whose every line ends within 64 plies
     * (GB_SEARCH_MAX_DEPTH) or in the tables */
    o.budget.depth = GB_SEARCH_MAX_DEPTH;
    o.info = info;
    o.user = user;
    if (only) {
        o.searchmoves = only;
        o.nsearchmoves = 1;
    }
    gb_search_result r;
    gb_error err = {0};
    *depth = 0;
    if (gb_search(s, g, &o, &r, &err) != GB_OK)
        return 0;
    *depth = r.depth;
    if (r.exact != 2)
        return 0;
    *margin = r.margin;
    return 1;
}

const char *cli_margin_words(int m, const char *draw, char *buf, size_t len)
{
    if (m > 0)
        snprintf(buf, len, "wins by %d", m);
    else if (m < 0)
        snprintf(buf, len, "loses by %d", -m);
    else
        snprintf(buf, len, "%s", draw);
    return buf;
}
