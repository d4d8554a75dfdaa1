/* lessons.c — Qelat's lessons for the learn mode (gabata.h, "lessons"): the ekwarna (Q3, Q4),
 * eating (Q3) and the round's holes (Q6-Q8). Each position is set so that exactly the moves
 * that achieve the goal do (tests/test_lessons.c plays every move against a naive model). */
#include "qelat.h"

const gb_lesson gb_qelat_lessons[] = {
    {
        .id = "qelat-ekwarna",
        .title = GB_TEXT("Ekwarna"),
        .rulings = "Q3 Q4",
        .instruction = GB_TEXT("If your last ball makes a hole your opponent owns hold exactly 4, that "
                               "hole becomes your ekwarna: its balls are yours, and nobody may sow "
                               "from it. Make an ekwarna."),
        .position = "qelat board=1,0,2,0,0,1/3,0,0,2,0,1 stores=20,18 turn=S",
        .goal = GB_GOAL_CLAIM,
        .value = 1,
        .right = GB_TEXT("Right: F's ball made North's a hold 4: a is your ekwarna now, and every "
                         "ball that falls into it is yours."),
        .wrong = GB_TEXT("No ekwarna: only a last ball that makes a hole of your opponent's hold "
                         "exactly 4 wins it."),
    },
    {
        .id = "qelat-eat",
        .title = GB_TEXT("Eating (qunna)"),
        .rulings = "Q3",
        .instruction = GB_TEXT("C, in your row, is North's ekwarna. A last ball into your "
                               "opponent's ekwarna eats: that ball and one more from there go to "
                               "your store, and you play again. Eat from C."),
        .position = "qelat board=0,1,2N,0,1,0/2,0,1,0,0,1 stores=20,20 turn=S",
        .goal = GB_GOAL_EAT,
        .value = 1,
        .right = GB_TEXT("Right: your last ball fell into North's ekwarna: it and one ball from "
                         "there are your takings, and it is your turn again."),
        .wrong = GB_TEXT("That ball did not end in your opponent's ekwarna, so nothing was eaten."),
    },
    {
        .id = "qelat-holes",
        .title = GB_TEXT("The round's holes"),
        .rulings = "Q6 Q7 Q8",
        .instruction = GB_TEXT("The round ends when no ball is left outside the ekwarna. Then each "
                               "player lays his earnings back four to a hole, and 3 odd balls win "
                               "the hole of the other's 1. End the round so that you own 7 holes in "
                               "the next."),
        .position = "qelat board=0,0,0,1,1,0N/4S,0,0,0,0,0 stores=22,20 turn=S",
        .goal = GB_GOAL_HOLES,
        .value = 7,
        .right = GB_TEXT("Right: the round is over with 27 earnings for you (22 taken, 5 in your "
                         "ekwarna) and 21 for North: six fours and your 3 odd balls against his 1 "
                         "give you 7 holes."),
        .wrong = GB_TEXT("The round goes on: a ball is still outside the ekwarna, so nobody's holes "
                         "change yet."),
    },
    {0}, /* the end */
};
