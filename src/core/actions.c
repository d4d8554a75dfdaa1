/* actions.c — action ids: every move of a game as one integer, the numbering of the Python
 * package (python/README.md, "Actions") and of docs/library.md, so that learning code gets its
 * legal-action mask and its observation from one C call into a buffer it owns, without a Python
 * loop over Bulto's 20,481 ids. Built on the public API only (gb_legal_moves keeps the list).
 *
 * With H holes: 0..H-1 sow h; H pass; games with feeding (A8) H+1..2H feed h; games with the
 * keep/turn choice (A3) two ids; games with a layout phase (A2) 16 ids for the Python package's
 * catalogue of layouts (never set here: a layout is not a listed move); games with refusals (B5)
 * R + (k-1)*H + h for sowing h after refusing k = 1..GB_ACTION_MAX_REFUSALS offers. */
#include "internal.h"

typedef struct kinds {
    const char *name;
    bool feed, choice;
    int layouts, refusals;
} kinds;

/* Which blocks each game has; a game not listed has every block (as the Python package). */
static const kinds KINDS[] = {
    {"sadeqa", false, false, 0, 0},
    {"qelat", false, false, 0, 0},
    {"akil", true, true, GB_ACTION_LAYOUTS, 0},
    {"bulto", false, false, 0, GB_ACTION_MAX_REFUSALS},
};

static kinds kinds_of(const gb_game *g)
{
    const char *name = gb_game_variant(g);
    for (size_t i = 0; i < sizeof KINDS / sizeof KINDS[0]; i++)
        if (strcmp(KINDS[i].name, name) == 0)
            return KINDS[i];
    return (kinds){name, true, true, GB_ACTION_LAYOUTS, GB_ACTION_MAX_REFUSALS};
}

int gb_action_count(const gb_game *g)
{
    if (!g)
        return GB_EINVAL;
    kinds k = kinds_of(g);
    int H = 2 * gb_game_rows(g);
    return H + 1 + (k.feed ? H : 0) + (k.choice ? 2 : 0) + k.layouts + H * k.refusals;
}

/* The id of a listed move, or -1 when it has none (more refusals than the block holds). */
static int action_of(const kinds *k, int H, const gb_move *m)
{
    int feed = H + 1, keep = feed + (k->feed ? H : 0);
    int refuse = keep + (k->choice ? 2 : 0) + k->layouts;
    switch (m->kind) {
    case GB_MOVE_SOW:
        if (m->refusals == 0)
            return m->hole;
        return m->refusals <= k->refusals ? refuse + (m->refusals - 1) * H + m->hole : -1;
    case GB_MOVE_PASS:
        return H;
    case GB_MOVE_FEED:
        return k->feed ? feed + m->hole : -1;
    case GB_MOVE_KEEP:
        return k->choice ? keep : -1;
    case GB_MOVE_TURN:
        return k->choice ? keep + 1 : -1;
    default:
        return -1;
    }
}

int gb_legal_mask(const gb_game *g, unsigned char *mask, size_t len)
{
    if (!g || !mask)
        return GB_EINVAL;
    int count = gb_action_count(g);
    if (len < (size_t)count)
        return GB_EINVAL;
    memset(mask, 0, (size_t)count);
    gb_move moves[GB_MAX_MOVES];
    int n = gb_legal_moves(g, moves, GB_MAX_MOVES);
    kinds k = kinds_of(g);
    int H = 2 * gb_game_rows(g), rc = n;
    for (int i = 0; i < n; i++) {
        int a = action_of(&k, H, &moves[i]);
        if (a < 0)
            rc = GB_EINVAL; /* listed, but no id: the rest of the mask is still right */
        else
            mask[a] = 1;
    }
    return rc;
}

int gb_observation_tensor(const gb_game *g, float *out, size_t len)
{
    if (!g || !out)
        return GB_EINVAL;
    int H = 2 * gb_game_rows(g), size = 6 * H + 4;
    if (len < (size_t)size)
        return GB_EINVAL;
    memset(out, 0, (size_t)size * sizeof *out);
    for (int h = 0; h < H; h++) {
        out[h] = (float)gb_hole_count(g, h);
        out[H * (1 + (gb_hole_owner(g, h) == GB_NORTH)) + h] = 1.0f;
        int mk = gb_hole_mark(g, h);
        if (mk > GB_MARK_NONE && mk <= GB_MARK_DORMANT)
            out[H * (2 + mk) + h] = 1.0f;
    }
    out[6 * H] = (float)gb_store(g, GB_SOUTH);
    out[6 * H + 1] = (float)gb_store(g, GB_NORTH);
    int p = gb_to_move(g);
    if (p == GB_SOUTH || p == GB_NORTH)
        out[6 * H + 2 + p] = 1.0f;
    return size;
}
