/* qelat.h — what the files of Qelat (RULINGS §3) share: its option slots, phases and sizes.
 * Private to src/games/qelat/: nothing outside this folder reads a slot of this game's (the
 * evaluation, the text and the rules all name them from here, so reordering the options cannot
 * make one of them read another's value). */
#ifndef GABATA_QELAT_H
#define GABATA_QELAT_H

#include "internal.h"

#define QL_N 6
#define QL_RING 12
#define QL_BALLS 48
#define QL_ALL 0xfffu

enum {
    QL_ENEMY = GB_OPT_GAME, /* Q3: 0 owner, 1 row */
    QL_AFTER_EAT,           /* Q3: 0 again, 1 end */
    QL_LAYOUT,              /* Q8: 0 loser-first, 1 winner-first */
    QL_NEXT_STARTER,        /* Q9: 0 loser, 1 alternate */
    QL_ROUNDS,              /* Q10: 0 match, 1 a single round */
    QL_MATCH_REPEAT         /* Q11: 0 plays-on, 1 ends */
};

/* Q11 match-repeat=ends: the round starts seen so far in the match, bit ql_start_bit(hs, starter)
 * for a start where South owns hs holes (1-11) and `starter` starts. The mask lives in the four
 * spare bytes past Qelat's 12 holes (holes[GB_SPARE_AT..], internal.h), so the repetition hash
 * and comparison (board.c) take it in with the board; it is 0 with plays-on. */
static inline int ql_start_bit(int hs, int starter) { return 2 * (hs - 1) + starter; }
static inline uint32_t ql_starts(const gb_pos *p)
{
    uint32_t m;
    memcpy(&m, p->holes + GB_SPARE_AT, sizeof m);
    return m;
}
static inline void ql_set_starts(gb_pos *p, uint32_t m) { memcpy(p->holes + GB_SPARE_AT, &m, sizeof m); }

/* eval.c (docs/ai.md) and text.c: the members of gb_rules_qelat that live in other files */
int gb_qelat_eval(const gb_options *o, const gb_pos *p, int side);
/* qelat.c, for text.c's round words: a round's earnings as it lies (Q6, T2), South's holes after
 * the last finished round's settlement (Q7; p after it), the owners (own_n) when South owns
 * holes_s holes (Q8). The lots of the last settlement are bits 1-2 of aux (qelat.c). */
void gb_qelat_earnings(const gb_pos *p, int e[2]);
int gb_qelat_holes_after(const gb_pos *p);
uint32_t gb_qelat_owners(const gb_options *o, int holes_s);
extern const gb_rules_text gb_qelat_text;
extern const gb_words gb_qelat_words;

/* lessons.c: the learn mode's lessons, ended by an empty one */
extern const gb_lesson gb_qelat_lessons[];

#endif
