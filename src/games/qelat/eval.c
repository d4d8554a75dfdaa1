/* eval.c — the static evaluation of Qelat (RULINGS §3): what a position is worth to `side` when
 * the search stops, in hundredths of a stone (docs/ai.md gives the reasoning and the weights). */
#include "qelat.h"

/* Who captures in ordinary hole i with a last ball making 4 (Q3): the player who is not its
 * owner (enemy=owner) or not its row's player (enemy=row). */
static int ql_attacker(const gb_options *o, const gb_pos *p, int n, int i)
{
    return o->v[QL_ENEMY] == 1 ? !gb_row_of(n, i) : !gb_pos_owner(p, i);
}

/* The best that `s` can get from one move's first lap (its last ball, Q3), in hundredths: an
 * enemy hole made 4 (an ekwarna: its 4 balls and the hole), or an eat from an enemy ekwarna (1 or
 * 2 balls and a move more). Relay laps are left to the search. */
static int ql_threat(const gb_options *o, const gb_pos *p, int n, int s)
{
    const int ring = 2 * n;
    const uint32_t mine = s ? p->mark_n : p->mark_s, theirs = s ? p->mark_s : p->mark_n;
    int best = 0;
    for (int h = 0; h < ring; h++) {
        const int c = p->holes[h];
        if (!c || c >= ring || gb_pos_owner(p, h) != s || ((mine | theirs) >> h & 1u))
            continue;
        const int t = (h + c) % ring;
        int g = 0;
        if (theirs >> t & 1u)
            g = 100 * (1 + (p->holes[t] > 0)) + 60; /* eat, and play again (Q3) */
        else if (!(mine >> t & 1u) && p->holes[t] == 3 && ql_attacker(o, p, n, t) == s)
            g = 4 * 100 + 150; /* the hole becomes s's ekwarna with its 4 balls */
        if (g > best)
            best = g;
    }
    return best;
}

int gb_qelat_eval(const gb_options *o, const gb_pos *p, int side)
{
    const int n = QL_N, ring = 2 * n;
    /* Q6: earnings are takings plus the balls in one's ekwarna; Q7: the next round's holes are
     * the earnings laid four to a hole, so a ball earned is a quarter of a hole (the 400 a hole
     * of gb_eval_round). */
    int v[2] = {100 * p->store[0], 100 * p->store[1]};
    for (int i = 0; i < ring; i++) {
        const uint32_t b = 1u << i;
        const int c = p->holes[i];
        if ((p->mark_s | p->mark_n) & b) {
            /* Q4: an ekwarna's balls are its captor's (the opponent can eat one or two of them
             * at a time), and every lap that passes it drops one more in for him. */
            const int holder = (p->mark_n & b) ? GB_NORTH : GB_SOUTH;
            v[holder] += 95 * c + 150;
            continue;
        }
        /* An ordinary hole: its balls go to its owner at a repetition or the cap (T2); a
         * non-empty hole one owns is a move (Q2, Q5). A hole at 3 is one ball from becoming
         * the attacker's ekwarna (Q3). */
        const int owner = gb_pos_owner(p, i);
        v[owner] += 8 * c + (c ? 12 : 0);
        if (c == 3)
            v[ql_attacker(o, p, n, i)] += 40;
    }
    /* The side to move can carry out its best first-lap threat; the other side's is half
     * answered by then. */
    const int mover = p->to_move;
    v[mover] += ql_threat(o, p, n, mover) / 2;
    v[!mover] += ql_threat(o, p, n, !mover) / 5;
    return v[side] - v[!side];
}
