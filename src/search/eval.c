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

/* A round just ended (match games): the new round's start is scored by what it means for the
 * match, not searched further: the game's eval_round (L'ab al-Akil: gains toward 60, A13), else
 * the holes owned (Qelat, Q7, Q10: all 12 win the match). Other games have no rounds. */
int gb_eval_round(const gb_rules *r, const gb_options *o, const gb_pos *p, int side)
{
    if (r->eval_round)
        return r->eval_round(o, p, side, use_generic());
    const int ring = gb_ring(r);
    const uint32_t all = ring >= 32 ? 0xffffffffu : (1u << ring) - 1;
    /* Qelat and the generic fallback: the holes each player owns for the next round */
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
    return score >= GB_SCORE_DECIDED ? 1 : score <= -GB_SCORE_DECIDED ? -1 : 0;
}
