/* eval.c — the static evaluation: what a position is worth to a player when the search stops.
 * Units: hundredths of a stone (100 = one stone taken). docs/ai.md gives the reasoning.
 *
 * Every game gets the generic terms (stones taken, stones held in marked holes, stones and
 * non-empty holes in one's own row). A game adds its own terms in its entry of `game_terms`
 * below; a game without an entry (one not yet written, or new) is played on the generic terms. */
#include "search.h"

#include <math.h>

static int popcount32(uint32_t x) { return __builtin_popcount(x); }

/* ---- generic terms, valid for every two-row game ---- */
static int generic_terms(const gb_rules *r, const gb_pos *p, int side)
{
    const int ring = gb_ring(r);
    int v = 100 * (p->store[side] - p->store[!side]); /* stones taken: the score of every game */
    for (int i = 0; i < ring; i++) {
        const uint32_t bit = 1u << i;
        const int c = p->holes[i];
        if (p->mark_s & bit) { /* an ekwarna/bulto: its stones are its holder's */
            v += side == GB_SOUTH ? 90 * c : -90 * c;
            continue;
        }
        if (p->mark_n & bit) {
            v += side == GB_NORTH ? 90 * c : -90 * c;
            continue;
        }
        /* stones in one's own holes: most games give them to the holder when a game ends by
         * repetition or the cap, and holes with stones are moves (mobility) */
        const int mine = gb_pos_owner(p, i) == side;
        const int w = 8 * c + (c ? 12 : 0);
        v += mine ? w : -w;
    }
    return v;
}

/* ---- Sadeqa III (RULINGS §2) ---- */
static int sadeqa_terms(const gb_rules *r, const gb_options *o, const gb_pos *p, int side)
{
    (void)o;
    const int n = r->n;
    int v = 100 * (p->store[side] - p->store[!side]);
    int cnt[2] = {0, 0}, nonempty[2] = {0, 0}, exposed[2] = {0, 0};
    for (int i = 0; i < 2 * n; i++) {
        const int row = gb_row_of(n, i), c = p->holes[i];
        cnt[row] += c;
        nonempty[row] += c > 0;
        /* S4: an empty hole of one's own row is where a lap can end and capture the stones
         * opposite; stones facing an empty enemy hole are exposed to that. */
        if (c && p->holes[gb_opposite(n, i)] == 0)
            exposed[row] += c;
    }
    /* S5: a player who cannot move loses every stone on the board to the other: keeping holes
     * filled keeps moves; an empty row invites the end. */
    v += 25 * (nonempty[side] - nonempty[!side]);
    v += 4 * (cnt[side] - cnt[!side]);
    v -= 15 * (exposed[side] - exposed[!side]);
    /* the side to move has the first chance to capture */
    v += side == p->to_move ? 30 : -30;
    return v;
}

/* ---- the table: one entry a game. Games whose entry is NULL use the generic terms.
 * qelat: ekwarna and takings are the generic marked-hole and store terms; akil: stores and
 * stones in one's row; bulto: bulto and own-row stones are its scoring (B9). When a game lands,
 * its owner writes its terms here (docs/ai.md, "Adding a game's terms"). ---- */
typedef int (*terms_fn)(const gb_rules *r, const gb_options *o, const gb_pos *p, int side);
static const struct {
    const char *name;
    terms_fn terms;
} game_terms[] = {
    {"sadeqa", sadeqa_terms},
    {"qelat", NULL},
    {"akil", NULL},
    {"bulto", NULL},
};

int gb_eval(const gb_rules *r, const gb_options *o, const gb_pos *p, int side)
{
    for (size_t i = 0; i < sizeof game_terms / sizeof game_terms[0]; i++)
        if (game_terms[i].terms && strcmp(game_terms[i].name, r->name) == 0)
            return game_terms[i].terms(r, o, p, side);
    return generic_terms(r, p, side);
}

/* A round just ended (match games): the new round's start is scored by what it means for the
 * match, not searched further. Qelat: holes owned (Q7, Q10: all 12 win the match); L'ab al-Akil:
 * gains toward 60 (A13, kept in match[]). Other games have no rounds. */
int gb_eval_round(const gb_rules *r, const gb_options *o, const gb_pos *p, int side)
{
    (void)o;
    const int ring = gb_ring(r);
    const uint32_t all = ring >= 32 ? 0xffffffffu : (1u << ring) - 1;
    if (strcmp(r->name, "akil") == 0)
        return 200 * (p->match[side] - p->match[!side]);
    /* qelat and the generic fallback: the holes each player owns for the next round */
    int north = popcount32(p->own_n & all), south = ring - north;
    int held = side == GB_NORTH ? north - south : south - north;
    return 400 * held;
}

int gb_eval_final(const gb_pos *p, int side, int plies)
{
    if (p->winner == GB_DRAW)
        return 0;
    int v = GB_SCORE_WIN - plies;
    return p->winner == side ? v : -v;
}

double gb_eval_to_result(int score)
{
    if (score >= GB_SCORE_WIN / 2)
        return 1.0;
    if (score <= -GB_SCORE_WIN / 2)
        return 0.0;
    return 1.0 / (1.0 + exp(-(double)score / 400.0));
}

int gb_score_is_win(int score)
{
    return score >= GB_SCORE_WIN - 10000 ? 1 : score <= -(GB_SCORE_WIN - 10000) ? -1 : 0;
}
