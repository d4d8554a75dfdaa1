/* eval.c — the static evaluation's driver: what a position is worth to a player when the search
 * stops. Units: hundredths of a stone (100 = one stone taken). docs/ai.md gives the reasoning.
 *
 * A game's own terms are its gb_rules.eval (src/games/<game>/eval.c); a game without one (a
 * new game, the toy of the tests) is played on the generic terms here: stones taken, stones
 * held in marked holes, stones and non-empty holes in one's own row. */
#include "search.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>

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

/* A testing aid (docs/ai.md, "Measuring terms"): GABATA_EVAL=generic in the environment makes
 * every game use the generic terms, so that a process playing with them can be matched against
 * one playing with the game's own (read once). gb_eval_testing_generic(1 or 0) sets the same
 * switch from a test program that plays both kinds of player in one process. Not part of the
 * public interface. */
static atomic_int generic_mode = -1;
void gb_eval_testing_generic(int on);
void gb_eval_testing_generic(int on) { atomic_store_explicit(&generic_mode, on != 0, memory_order_relaxed); }
static int use_generic(void)
{
    int v = atomic_load_explicit(&generic_mode, memory_order_relaxed);
    if (v < 0) {
        const char *e = getenv("GABATA_EVAL");
        v = e && strcmp(e, "generic") == 0;
        atomic_store_explicit(&generic_mode, v, memory_order_relaxed);
    }
    return v;
}

int gb_eval(const gb_rules *r, const gb_options *o, const gb_pos *p, int side)
{
    if (r->eval && !use_generic())
        return r->eval(o, p, side);
    return generic_terms(r, p, side);
}

/* ---- the match (match games) ---- */
uint64_t gb_round_start_key(const gb_pos *p)
{
    gb_pos q = *p;
    /* Qelat's starts= mask (Q11) grows every round; with match-repeat=ends a start seen again
     * ends the match before it is valued, so the key leaves it out with the rest */
    memset(q.holes + GB_SPARE_AT, 0, GB_MAX_HOLES - GB_SPARE_AT);
    q.store[0] = q.store[1] = 0;
    q.aux = 0;
    q.round = 0;
    q.match[0] = q.match[1] = 0;
    q.phase = p->phase;
    return gb_pos_hash(&q);
}

bool gb_match_view_has(const gb_match_view *mv, const gb_pos *p)
{
    if (!mv || mv->n == 0)
        return false;
    const uint64_t k = gb_round_start_key(p);
    for (int i = 0; i < mv->n; i++)
        if (mv->start[i] == k)
            return true;
    return false;
}

static void view_add(gb_match_view *mv, const gb_pos *p)
{
    if (gb_match_view_has(mv, p) || mv->n >= GB_MATCH_STARTS) /* Qelat has 22 starts (Q11) */
        return;
    mv->start[mv->n++] = gb_round_start_key(p);
}

void gb_match_view_of(const gb_game *g, bool current, gb_match_view *mv)
{
    mv->n = 0;
    const int rounds = gb_game_round_count(g);
    if (rounds == 0 && !current)
        return; /* the first round: its start is the current one */
    view_add(mv, gb_game_start(g));
    for (int i = 0; i < rounds - (current ? 0 : 1); i++)
        view_add(mv, &gb_game_round_at(g, i)->next);
}

/* A round just ended (match games): the new round's start is scored by what it means for the
 * match, not searched further: the game's eval_round (L'ab al-Akil: gains toward 60, A13), else
 * the holes owned (Qelat, Q7, Q10: all 12 win the match). Other games have no rounds. */
int gb_eval_round(const gb_rules *r, const gb_options *o, const gb_pos *p, int side, const gb_match_view *mv)
{
    if (r->eval_round)
        return r->eval_round(o, p, side, use_generic());
    const int ring = gb_ring(r);
    const uint32_t all = ring >= 32 ? 0xffffffffu : (1u << ring) - 1;
    /* Qelat and the generic fallback: the holes each player owns for the next round */
    int north = popcount32(p->own_n & all), south = ring - north;
    int held = side == GB_NORTH ? north - south : south - north;
    int v = 400 * held;
    /* The match as a whole (Q10, Q11, T3). Rounds left: at max-rounds the player ahead by holes
     * wins (T3), so a hole weighs more as the cap nears (twice as much with one round left,
     * 0.5% more with 200 left). */
    const long left = (long)o->v[GB_OPT_MAX_ROUNDS] - (long)p->round + 1;
    if (left >= 1)
        v += (int)(MATCH_CAP_WEIGHT * held / left);
    /* A start the match has been through: the players played it the same way last time, and
     * would again, round after round, to the cap, where the player ahead wins (with
     * match-repeat=plays-on; with `ends` it ended the match before this). So the player behind
     * must break the cycle: a start seen again is worth MATCH_CYCLE more to the player ahead. */
    if (held != 0 && gb_match_view_has(mv, p))
        v += held > 0 ? MATCH_CYCLE : -MATCH_CYCLE;
    return v;
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
    return score >= GB_SCORE_DECIDED ? 1 : score <= -GB_SCORE_DECIDED ? -1 : 0;
}
