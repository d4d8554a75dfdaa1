/* text.c — L'ab al-Akil (RULINGS §4) for players: who plays it and where, its own words, its
 * rules in short (the rules panel of the browser game, `rules` in gabata play), and the names
 * of its marks and events. In the product's own words; docs/rulings.md has every ruling. */
#include "akil.h"

static const char *const rules[] = {
    "Two rows of 6 pits and two stores; the board starts empty, with 72 seeds off it.",
    "Tebweez: the distributor places all 72 seeds in the pits as he likes; the other player "
    "then keeps his row or turns the board.",
    "Sow the seeds of one of your pits counter-clockwise. A last seed into an empty pit "
    "ends the move; into a pit that made 3, 5, 6 or more, lift and sow on.",
    "A last seed that makes a 2 or a 4, on either row, captures it and the opposite pit; "
    "then the pits behind it sown by the same lap, while they hold 2 or 4, with theirs.",
    "If your opponent has no seeds and you have more than one, your turn is to feed one "
    "seed into his first pit.",
    "The round ends when one seed or none is left; more seeds wins, the excess over 36 is "
    "the gain, and the first to gain 60 wins the match.",
    NULL,
};

const gb_rules_text gb_akil_text = {
    .origin = "\"The game of the wise\", also Mankal'ah: played at the coffee-shops of Egypt, described "
              "by Edward William Lane in 1836 and still seen in Cairo in 1912.",
    .words = "The pits are beyt (plural buyoot), the seeds hasa (shells or pebbles); the laying out of "
             "the seeds is the tebweez.",
    .rules = rules,
};

const gb_words gb_akil_words = {
    .phrase = {[GB_EV_CAPTURE] = " (now 2 or 4): captures %v with %o and the chain", /* A6 */
               [GB_EV_FEED] = ": fed (A8)"},
};
