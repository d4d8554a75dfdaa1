/* text.c — Sadeqa III (RULINGS §2) for players: who plays it and where, its own words, its
 * rules in short (the rules panel of the browser game, `rules` in gabata play), and the names
 * of its marks and events. In the product's own words; docs/rulings.md has every ruling. */
#include "sadeqa.h"

static const char *const rules[] = {
    "Two rows of 8 mana, 6 daga in each (4 with seeds=4, Pankhurst's Game 91). Each player "
    "owns the row nearest him; South moves first.",
    "Lift every stone of one of your non-empty mana and sow them one by one "
    "counter-clockwise into the following holes.",
    "If the last stone falls into an occupied hole (on either row), lift all its stones and "
    "sow on: relay sowing.",
    "If it falls into an empty hole the move ends. In your own row you capture the stones "
    "of the hole straight across; the capturing stone stays.",
    "When the player to move has no move, the game ends and every stone left on the board "
    "goes to the player who moved last. More stones wins.",
    NULL,
};

const gb_rules_text gb_sadeqa_text = {
    .origin = "Played by young Oromo herdsmen of Welega (Wellega), western Ethiopia, while watching their "
              "cattle; Pankhurst's Game 92 (1971).",
    .words = "The board is a sadeqa, each hole a mana (\"house\"), the stones daga.",
    .rules = rules,
};

/* Sadeqa III's laps end in the shared words: relay (S3), an empty hole (S4), a capture (S4). */
const gb_words gb_sadeqa_words = {0};
