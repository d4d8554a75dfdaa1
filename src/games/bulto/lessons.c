/* lessons.c — Bulto's lessons for the learn mode (gabata.h, "lessons"): the miné (B2, B4), the
 * bulto and the right rule (B4), refusing one and refusing every offer (B5). Each position is
 * set so that exactly the moves that achieve the goal do (tests/test_lessons.c plays every
 * move against a naive model). */
#include "bulto.h"

const gb_lesson gb_bulto_lessons[] = {
    {
        .id = "bulto-mine",
        .title = GB_TEXT("Miné"),
        .rulings = "B2 B4 B-C3",
        .instruction = GB_TEXT("The holes of three that the first move left are miné (marked). A "
                               "miné never becomes a bulto: a last stone into it makes 4 and you "
                               "sow on. A last stone into another hole of three in your opponent's "
                               "row makes it your bulto. Make a bulto."),
        .position = "bulto board=2,0,3*,3*,0,0,0,0,3,1/3*,3,0,0,2,2,4,3*,5,6 turn=S phase=mine ply=5",
        .goal = GB_GOAL_CLAIM,
        .value = 1,
        .right = GB_TEXT("Right: b held 3 and was no miné, so your last stone made it your bulto. "
                         "The stone that fell into a ended its miné: a miné that gets a stone is "
                         "one no more."),
        .wrong = GB_TEXT("No bulto: a last stone makes one only in a hole of your opponent's row "
                         "that held exactly 3 and is not a miné."),
    },
    {
        .id = "bulto-right",
        .title = GB_TEXT("Bulto and the right rule"),
        .rulings = "B4",
        .instruction = GB_TEXT("c is your bulto. A new bulto must lie to the right of all yours, as "
                               "you look across; a hole of three on the other side is sown into "
                               "like any other. Make a second bulto."),
        .position = "bulto board=1,0,0,0,0,0,0,2,0,2/0,3,4S,3,2,5,4,6,4,4 turn=S phase=open ply=30",
        .goal = GB_GOAL_CLAIM,
        .value = 1,
        .right = GB_TEXT("Right: b lies to the right of your bulto c, and your last stone made "
                         "its 3 a 4: b is your bulto."),
        .wrong = GB_TEXT("No new bulto: d's three lie to the left of your bulto c, so d is an "
                         "ordinary hole for you; b is the one you can take."),
    },
    {
        .id = "bulto-refuse",
        .title = GB_TEXT("Refusing a bulto"),
        .rulings = "B4 B5",
        .instruction = GB_TEXT("You may refuse a bulto: the stone skips that hole and falls into the "
                               "next. J's stone is offered a, the rightmost hole as you look across, "
                               "and no bulto could ever lie to the right of it. Refuse a and make b "
                               "your bulto."),
        .position = "bulto board=2,0,3*,3*,0,0,0,0,0,1/3,3,0,2,3*,4,5,4,3*,4 turn=S phase=mine ply=9",
        .goal = GB_GOAL_MOVES,
        .moves = "J~1",
        .right = GB_TEXT("Right: J~1 refused a and took b. A bulto at a would have been your last, "
                         "since a new bulto must lie to the right of all yours."),
        .wrong = GB_TEXT("Not that one: sow J, refuse the first bulto offered (a) and take the "
                         "next (b). That move is written J~1."),
    },
    {
        .id = "bulto-refuse-all",
        .title = GB_TEXT("Refusing every offer"),
        .rulings = "B5 B-C8",
        .instruction = GB_TEXT("Refusing every bulto a sowing offers is a move too, written with the "
                               "number of offers it refuses: C~2 refuses two. Sow J and refuse both "
                               "bulto it offers."),
        .position = "bulto board=2,0,3*,3*,0,0,0,0,0,1/3,3,0,2,3*,4,5,4,3*,4 turn=S phase=mine ply=9",
        .goal = GB_GOAL_MOVES,
        .moves = "J~2",
        .right = GB_TEXT("Right: J~2 refused a and b; the stone fell into the empty c and the move "
                         "ended there."),
        .wrong = GB_TEXT("Not that one: J takes a, J~1 refuses a and takes b; J~2 refuses them "
                         "both."),
    },
    {0}, /* the end */
};
