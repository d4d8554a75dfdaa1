/* words.c — the names of marks, events and kinds of move, and the rules text for players: each
 * game's own (gb_rules.words, .text) over the shared words below. */
#include "internal.h"

#include <stdio.h>

static const char *const shared_event[GB_EV_COUNT] = {
    [GB_EV_CONTINUE] = "continue", [GB_EV_END] = "end",         [GB_EV_CAPTURE] = "capture",
    [GB_EV_CLAIM] = "claim",       [GB_EV_INTO_HELD] = "own",   [GB_EV_RAID] = "raid",
    [GB_EV_DECLINE] = "refuse",    [GB_EV_FEED] = "feed",       [GB_EV_PASS] = "pass",
};
/* Phrases go on from "…, last into <hole>"; %v is the lap's value, %o the label of its other
 * hole, %t of the hole its last stone reached. */
static const char *const shared_phrase[GB_EV_COUNT] = {
    [GB_EV_CONTINUE] = ", lifted and sown on",
    [GB_EV_END] = " (was empty): move ends",
    [GB_EV_CAPTURE] = " (was empty): captures %v from %o",
    [GB_EV_CLAIM] = ": becomes the mover's",
    [GB_EV_INTO_HELD] = ": the mover's own, move ends",
    [GB_EV_RAID] = ": takes %v",
    [GB_EV_DECLINE] = ": refused",
    [GB_EV_FEED] = ": fed",
    [GB_EV_PASS] = ": passes",
};
static const char *const shared_move_kind[GB_MOVE_KIND_COUNT] = {
    [GB_MOVE_SOW] = "sow",       [GB_MOVE_PASS] = "pass", [GB_MOVE_FEED] = "feed",
    [GB_MOVE_LAYOUT] = "layout", [GB_MOVE_KEEP] = "keep", [GB_MOVE_TURN] = "turn",
};
static const char *const shared_mark[4] = {NULL, "held", "held", "dormant"};

/* The word of a game's own table, else the shared one; NULL when i is out of range. */
static const char *word(const char *const *own, const char *const *shared, int count, int i)
{
    if (i < 0 || i >= count)
        return NULL;
    return own && own[i] ? own[i] : shared[i];
}

const char *gb_rules_mark_name(const gb_rules *r, int mark)
{
    return word(r->words ? r->words->mark : NULL, shared_mark, 4, mark);
}
const char *gb_rules_event_name(const gb_rules *r, int event)
{
    return word(r->words ? r->words->event : NULL, shared_event, GB_EV_COUNT, event);
}

const char *gb_mark_name(const gb_game *g, int mark) { return gb_rules_mark_name(gb_game_rules(g), mark); }
const char *gb_mark_word(const gb_game *g, int mark)
{
    const gb_rules *r = gb_game_rules(g);
    const char *w = word(r->words ? r->words->mark_word : NULL, shared_mark, 4, mark);
    return w == shared_mark[mark < 0 || mark >= 4 ? 0 : mark] ? gb_mark_name(g, mark) : w;
}
const char *gb_event_name(const gb_game *g, int event)
{
    return gb_rules_event_name(gb_game_rules(g), event);
}
int gb_lap_describe(const gb_game *g, const gb_lap *l, char *buf, size_t len)
{
    const gb_rules *r = gb_game_rules(g);
    const gb_words *w = r->words;
    const char *t = NULL;
    if (l->value > 1 && w && l->event < GB_EV_COUNT)
        t = w->phrase_many[l->event];
    if (!t)
        t = word(w ? w->phrase : NULL, shared_phrase, GB_EV_COUNT, l->event);
    if (!len)
        return GB_EINVAL;
    buf[0] = 0;
    if (!t)
        return GB_EINVAL;
    size_t used = 0;
    for (; *t && used + 1 < len; t++) {
        char tmp[16];
        const char *put = tmp;
        if (*t == '%' && (t[1] == 'v' || t[1] == 'o' || t[1] == 't')) {
            char lab[2];
            if (t[1] == 'v') {
                snprintf(tmp, sizeof tmp, "%u", (unsigned)l->value);
            } else {
                gb_label_format(r->n, t[1] == 'o' ? l->other : l->to, lab);
                tmp[0] = lab[0];
                tmp[1] = 0;
            }
            t++;
        } else {
            tmp[0] = *t;
            tmp[1] = 0;
        }
        for (; *put && used + 1 < len; put++)
            buf[used++] = *put;
    }
    buf[used] = 0;
    return (int)used;
}
const char *gb_move_kind_name(const gb_game *g, int kind)
{
    const gb_rules *r = gb_game_rules(g);
    return word(r->words ? r->words->move_kind : NULL, shared_move_kind, GB_MOVE_KIND_COUNT, kind);
}

int gb_variant_rules_text(const char *name, gb_rules_text *out)
{
    const gb_rules *r = gb_rules_find(name);
    if (!r || !out)
        return GB_EINVAL;
    static const char *const none[] = {NULL};
    static const gb_rules_text blank = {"", "", none};
    *out = r->text ? *r->text : blank;
    return GB_OK;
}
