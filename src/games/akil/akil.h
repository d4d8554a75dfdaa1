/* akil.h — what the files of L'ab al-Akil (RULINGS §4) share: its option slots, phases and sizes.
 * Private to src/games/akil/: nothing outside this folder reads a slot of this game's (the
 * evaluation, the text and the rules all name them from here, so reordering the options cannot
 * make one of them read another's value). */
#ifndef GABATA_AKIL_H
#define GABATA_AKIL_H

#include "internal.h"

enum {
    AK_TEBWEEZ = GB_OPT_GAME, /* A2: 0 free, 1 mirrored */
    AK_STARTER,               /* A3: 0 lane, 1 chooser */
    AK_CHAIN,                 /* A6: 0 final-lap, 1 unlimited */
    AK_FEED,                  /* A8: 0 turn, 1 then-sow */
    AK_TWO_SEEDS,             /* A12: 0 on-repeat, 1 at-once */
    AK_GAIN,                  /* A11: 0 excess, 1 difference */
    AK_ROUNDS                 /* A13: 0 match, 1 a single round */
};
#define AK_N 6
#define AK_RING 12
#define AK_SEEDS 72  /* A1 */
#define AK_HALF 36   /* A11 */
#define AK_TARGET 60 /* A13 */
#define AK_MAX_GAIN (AK_TARGET - 1 + AK_SEEDS) /* the most a side can hold after a round */

enum { PH_LAYOUT, PH_CHOICE, PH_SOWING };

/* eval.c (docs/ai.md) and text.c: the members of gb_rules_akil that live in other files */
int gb_akil_eval(const gb_options *o, const gb_pos *p, int side);
int gb_akil_eval_round(const gb_options *o, const gb_pos *p, int side, bool generic);
extern const gb_rules_text gb_akil_text;
extern const gb_words gb_akil_words;

/* lessons.c: the learn mode's lessons, ended by an empty one */
extern const gb_lesson gb_akil_lessons[];

#endif
