/* text.c — Qelat (RULINGS §3) for players: who plays it and where, its own words, its
 * rules in short (the rules panel of the browser game, `rules` in gabata play), and the names
 * of its marks and events. In the product's own words; docs/rulings.md has every ruling. */
#include "qelat.h"

static const char *const rules[] = {
    "Two rows of 6 bét with 4 balls each, and two stores for takings. At first each player "
    "owns his own row.",
    "Sow the balls of a hole you own that is not an ekwarna, counter-clockwise, relay "
    "sowing: a last ball into an occupied ordinary hole lifts it and sows on.",
    "A last ball that makes an opponent's hole hold exactly 4 makes it your ekwarna (with "
    "its 4 balls); the move ends. Into your own ekwarna: \"lagadi yekura\", grow up my "
    "children; the move ends.",
    "A last ball into your opponent's ekwarna: you eat (qunna) it and one ball more from "
    "there, put them aside as takings, and play again.",
    "Nobody may start from an ekwarna; a player with no move passes. The round ends when no "
    "ball is left outside the ekwarna.",
    "Earnings are laid back four to a hole: each four owns a hole (3 beats 1 for the odd "
    "hole, 2/2 draws lots). The match is won by owning all twelve holes.",
    NULL,
};

const gb_rules_text gb_qelat_text = {
    .origin = "Played in the Keren-Agordat area of western Eritrea by herdsmen taking cattle to water, "
              "newly married couples and their friends, and housewives; Pankhurst's Qelat II (1971).",
    .words = "Each hole is a bét (\"house\" in Bilén); the balls are til (dry goat droppings) or shesher "
             "(small stones). A captured hole is an ekwarna, \"a child is born to me\".",
    .rules = rules,
};

const gb_words gb_qelat_words = {
    .mark = {[GB_MARK_HELD_S] = "ekwarna", [GB_MARK_HELD_N] = "ekwarna"},
    .event = {[GB_EV_CLAIM] = "ekwarna", [GB_EV_INTO_HELD] = "own-ekwarna", [GB_EV_RAID] = "eat"},
    .phrase = {[GB_EV_CLAIM] = ": makes it an ekwarna",         /* Q3 */
               [GB_EV_INTO_HELD] = ": own ekwarna, move ends", /* Q3 */
               [GB_EV_RAID] = ": eats %v"},                    /* Q3 */
};
