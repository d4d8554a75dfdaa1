/* lessons.c — Sadeqa III's lessons for the learn mode (gabata.h, "lessons"): relay sowing (S3)
 * and the capture that leaves its stone (S4). Each position is set so that exactly the moves
 * that achieve the goal do (tests/test_lessons.c plays every move against a naive model). */
#include "sadeqa.h"

const gb_lesson gb_sadeqa_lessons[] = {
    {
        .id = "sadeqa-relay",
        .title = GB_TEXT("Relay sowing"),
        .rulings = "S2 S3",
        .instruction = GB_TEXT("Sow all the stones of one of your mana, one a hole, counter-clockwise. "
                               "When the last stone falls into a hole that already holds stones, "
                               "you lift them all and sow on: relay sowing. Play the move that sows "
                               "on."),
        .position = "sadeqa board=2,0,1,0,1,0,0,0/0,0,0,2,0,0,3,0 stores=44,43 turn=S",
        .goal = GB_GOAL_LAPS,
        .value = 2,
        .right = GB_TEXT("Right: A's last stone fell into C, which held a stone, so C was lifted "
                         "and sown on; then E, the same; the move ended in the empty G."),
        .wrong = GB_TEXT("That last stone fell into an empty hole, so the move ended there. A move "
                         "goes on only when its last stone lands on stones."),
    },
    {
        .id = "sadeqa-capture",
        .title = GB_TEXT("Capturing"),
        .rulings = "S4",
        .instruction = GB_TEXT("When your last stone falls into an empty hole of your own row, you "
                               "take the stones of the hole straight across; the stone that landed "
                               "stays where it is. Capture the 5 stones of f."),
        .position = "sadeqa board=0,1,0,2,0,0,0,1/0,3,0,0,0,5,0,0 stores=41,43 turn=S",
        .goal = GB_GOAL_TAKE,
        .value = 5,
        .right = GB_TEXT("Right: B's stone fell into the empty C, so the 5 stones across it, in f, "
                         "are yours; your stone stays in C."),
        .wrong = GB_TEXT("No capture: you take only when your last stone falls into an empty hole "
                         "of your own row with stones in the hole across."),
    },
    {0}, /* the end */
};
