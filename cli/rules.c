/* rules.c — the short rules of every game, in the game's own words, for `rules` in gabata play
 * and the rules panel of the browser game. One table keyed by variant name; written from the
 * project's rulings (RULINGS §0–§5). A game without an entry gets a generic text. */
#include "cli.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const game_rules_text table[] = {
    {
        "sadeqa", "Sadeqa III",
        "Played by young Oromo herdsmen of Welega (Wellega), western Ethiopia, while watching their "
        "cattle; Pankhurst's Game 92 (1971).",
        "The board is a sadeqa, each hole a mana (\"house\"), the stones daga.",
        {
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
        },
    },
    {
        "qelat", "Qelat",
        "Played in the Keren-Agordat area of western Eritrea by herdsmen taking cattle to water, "
        "newly married couples and their friends, and housewives; Pankhurst's Qelat II (1971).",
        "Each hole is a bét (\"house\" in Bilén); the balls are til (dry goat droppings) or shesher "
        "(small stones). A captured hole is an ekwarna, \"a child is born to me\".",
        {
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
        },
    },
    {
        "akil", "L'ab al-Akil",
        "\"The game of the wise\", also Mankal'ah: played at the coffee-shops of Egypt, described "
        "by Edward William Lane in 1836 and still seen in Cairo in 1912.",
        "The pits are beyt (plural buyoot), the seeds hasa (shells or pebbles); the laying out of "
        "the seeds is the tebweez.",
        {
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
        },
    },
    {
        "bulto", "Bulto",
        "Bulto (\"a place where you spend the night\") is played by the Borana elders of southern "
        "Ethiopia and northern Kenya, lying on the ground beside the board in the open air; "
        "Pankhurst 1971.",
        "The board is the gombo sadéqa (\"game trough\"), its holes mona (\"cattle enclosure\"), "
        "the stones medan sadéqa. The first move is the menager; its holes of three are miné. A hole "
        "a player wins is his bulto.",
        {
            "Two rows of 10 mona, 2 stones in each. South moves first with the menager, which "
            "leaves 13 miné (holes of three).",
            "Sow a hole of your row that is not a bulto, counter-clockwise, relay sowing; your "
            "opponent's bulto are skipped.",
            "A last stone that makes an opponent's hole of three (not a miné) hold 4 makes it your "
            "bulto, keeping its stones; the move ends. A new bulto must lie to the right of your "
            "others. You may refuse a bulto (move C~1): the stone goes on to the next hole.",
            "Once no miné is left, holes that could become bulto are skipped unless the stones "
            "left make them bulto, and a move may not start from a hole of three unless all yours "
            "hold three.",
            "The move ends in an empty hole or your own bulto. The game ends when a player cannot "
            "move: each scores his bulto and his row's stones not in his opponent's bulto.",
            NULL,
        },
    },
};

static const struct {
    const char *key, *text;
} option_texts[] = {
    {"seeds", "stones in each hole at the start"},
    {"skip-origin", "whether a lap that goes all the way round skips the hole it was lifted from"},
    {"endless", "a sowing that never ends is an illegal move, or ends the game at once"},
    {"max-plies", "the game (round) ends when this many plies have been played"},
    {"max-rounds", "the match ends after this many rounds, the player ahead winning"},
    {"enemy", "whether an enemy hole for an ekwarna is one the opponent owns, or in his row"},
    {"after-eat", "after eating from an enemy ekwarna, play again or end the move"},
    {"layout", "who lays out his holes first when holes change hands between rounds"},
    {"next-starter", "who starts the next round: its loser, or the players in turn"},
    {"rounds", "a whole match, or a single round"},
    {"tebweez", "the layout is free, or pit i of one row is used only with pit i of the other"},
    {"starter", "who moves first after the row choice: as Lane says, or always the chooser"},
    {"chain", "captures walk back over the last lap only, or further"},
    {"feed", "feeding is the whole turn, or the feeder sows after it"},
    {"gain", "the round's gain is the excess over 36, or the difference of the scores"},
    {"two-seeds", "two seeds left are split when they repeat, or at once"},
    {"right-rule", "a new bulto must lie to the right of the mover's others, or anywhere"},
};

const game_rules_text *rules_text(const char *variant)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (variant && strcmp(table[i].variant, variant) == 0)
            return &table[i];
    return NULL;
}

const char *option_text(const char *key)
{
    for (size_t i = 0; i < sizeof option_texts / sizeof option_texts[0]; i++)
        if (key && strcmp(option_texts[i].key, key) == 0)
            return option_texts[i].text;
    return NULL;
}

/* The value in force of option `key` in g: the non-default ones are in the position string's
 * first token ("sadeqa:seeds=4,endless=ends-game"); the others take their defaults. */
int option_in_force(const gb_game *g, const gb_option_info *oi, char *buf, size_t len)
{
    char *pos = gb_position_format(g);
    if (!pos)
        return -1;
    bool found = false;
    char *sp = strchr(pos, ' ');
    if (sp)
        *sp = 0;
    char *colon = strchr(pos, ':');
    size_t klen = strlen(oi->key);
    for (char *s = colon ? colon + 1 : NULL; s && *s;) {
        char *comma = strchr(s, ',');
        if (comma)
            *comma = 0;
        if (strncmp(s, oi->key, klen) == 0 && s[klen] == '=') {
            snprintf(buf, len, "%s", s + klen + 1);
            found = true;
            break;
        }
        s = comma ? comma + 1 : NULL;
    }
    free(pos);
    if (!found) {
        if (oi->choices)
            snprintf(buf, len, "%s", oi->choices[0]);
        else
            snprintf(buf, len, "%ld", oi->def);
    }
    return found; /* 1 when not the default */
}

/* Print text wrapped at 92 columns, the first line after `first`, the others after `rest`. */
static void wrapped(FILE *out, const char *first, const char *rest, const char *text)
{
    const int width = 92;
    const char *lead = first;
    while (*text) {
        int room = width - (int)strlen(lead), len = (int)strlen(text), cut = len;
        if (len > room) {
            cut = room;
            while (cut > 0 && text[cut] != ' ')
                cut--;
            if (cut == 0)
                cut = room;
        }
        fprintf(out, "%s%.*s\n", lead, cut, text);
        text += cut;
        while (*text == ' ')
            text++;
        lead = rest;
    }
}

void print_rules(FILE *out, const gb_game *g)
{
    const char *v = gb_game_variant(g);
    const game_rules_text *t = rules_text(v);
    fprintf(out, "\n  %s\n", gb_variant_title(v));
    if (t) {
        wrapped(out, "  ", "  ", t->where);
        wrapped(out, "  ", "  ", t->terms);
        fprintf(out, "\n");
        for (int i = 0; t->lines[i]; i++)
            wrapped(out, "  - ", "    ", t->lines[i]);
    } else {
        fprintf(out, "  (no summary for this game yet: see docs/ and `gabata variants`)\n");
    }
    fprintf(out, "\n  Options in force:\n");
    int n = gb_variant_option_count(v);
    for (int i = 0; i < n; i++) {
        gb_option_info oi;
        char val[64];
        if (gb_variant_option(v, i, &oi) != GB_OK)
            continue;
        int changed = option_in_force(g, &oi, val, sizeof val);
        const char *what = option_text(oi.key);
        fprintf(out, "    %s=%s%s%s%s\n", oi.key, val, changed > 0 ? " (chosen)" : "",
                what ? "  — " : "", what ? what : "");
    }
    fprintf(out, "\n");
}
