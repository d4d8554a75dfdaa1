/* lessons.c — L'ab al-Akil's lessons for the learn mode (gabata.h, "lessons"): the tebweez and
 * the choice of rows (A2, A3) and the chain of 2s and 4s (A6). Each position is set so that
 * exactly the moves that achieve the goal do (tests/test_lessons.c plays every move). */
#include "akil.h"

const gb_lesson gb_akil_lessons[] = {
    {
        .id = "akil-choice",
        .title = GB_TEXT("Tebweez: keep or turn"),
        .rulings = "A2 A3",
        .instruction = GB_TEXT("You are North. South, the distributor, has laid out the 72 seeds as "
                               "he liked (the tebweez): 60 in his row, 12 in yours. Now you keep "
                               "your row, or turn the board so that the rows change places. Take "
                               "the row with more seeds."),
        .position = "akil board=10,10,10,10,10,10/2,2,2,2,2,2 stores=0,0 turn=N phase=choice ply=1",
        .goal = GB_GOAL_MOVES,
        .moves = "turn",
        .right = GB_TEXT("Right: turning the board gives you the 60 seeds. The price: when you "
                         "turn, the distributor sows first; had you kept your row, you would."),
        .wrong = GB_TEXT("Keeping your row leaves you 12 seeds against 60. Keeping lets you sow "
                         "first, but turning the board gives you the row with more seeds."),
    },
    {
        .id = "akil-chain",
        .title = GB_TEXT("The chain of 2s and 4s"),
        .rulings = "A6",
        .instruction = GB_TEXT("A last seed that makes a 2 or a 4, on either row, captures that pit "
                               "and the pit across. Then each pit behind it, sown by the same lap, "
                               "that holds 2 or 4 is captured too, with the pit across, until one "
                               "does not. Capture 8 seeds in one move."),
        .position = "akil board=1,1,0,0,0,3/1,3,1,0,2,0 stores=30,30 turn=S phase=sowing",
        .goal = GB_GOAL_TAKE,
        .value = 8,
        .right = GB_TEXT("Right: F's last seed made c a 2; behind it b held 4 and a 2, so all "
                         "three were captured: 8 seeds."),
        .wrong = GB_TEXT("Fewer than 8: look for the sowing that leaves a row of 2s and 4s behind "
                         "its last seed."),
    },
    {0}, /* the end */
};
