/* sadeqa.h — what the files of Sadeqa III (RULINGS §2) share: its option slots, phases and sizes.
 * Private to src/games/sadeqa/: nothing outside this folder reads a slot of this game's (the
 * evaluation, the text and the rules all name them from here, so reordering the options cannot
 * make one of them read another's value). */
#ifndef GABATA_SADEQA_H
#define GABATA_SADEQA_H

#include "internal.h"

enum { SQ_SEEDS = GB_OPT_GAME }; /* S1: 0 -> 6 stones a hole, 1 -> 4 (Pankhurst's Game 91) */
#define SQ_N 8
_Static_assert(SQ_N == 8, "sq_sow steps round the ring with & 15");

/* eval.c (docs/ai.md) and text.c: the members of gb_rules_sadeqa that live in other files */
int gb_sadeqa_eval(const gb_options *o, const gb_pos *p, int side);
extern const gb_rules_text gb_sadeqa_text;
extern const gb_words gb_sadeqa_words;

/* lessons.c: the learn mode's lessons, ended by an empty one */
extern const gb_lesson gb_sadeqa_lessons[];

#endif
