/* bulto.h — what the files of Bulto (RULINGS §5) share: its option slots, phases and sizes.
 * Private to src/games/bulto/: nothing outside this folder reads a slot of this game's (the
 * evaluation, the text and the rules all name them from here, so reordering the options cannot
 * make one of them read another's value). */
#ifndef GABATA_BULTO_H
#define GABATA_BULTO_H

#include "internal.h"

enum { BU_RIGHT = GB_OPT_GAME }; /* B4: right-rule, 0 -> all, 1 -> none */
enum { BU_MENAGER = 0, BU_MINE = 1, BU_OPEN = 2 };
#define BU_N 10
#define BU_RING (2 * BU_N)
#define BU_STONES 40 /* B1: 2 stones in each of 20 holes */
#define BU_ROW_S 0x003ffu
#define BU_ROW_N 0xffc00u

/* eval.c (docs/ai.md) and text.c: the members of gb_rules_bulto that live in other files */
int gb_bulto_eval(const gb_options *o, const gb_pos *p, int side);
extern const gb_rules_text gb_bulto_text;
extern const gb_words gb_bulto_words;

/* lessons.c: the learn mode's lessons, ended by an empty one */
extern const gb_lesson gb_bulto_lessons[];

#endif
