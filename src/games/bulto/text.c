/* text.c — Bulto (RULINGS §5) for players: who plays it and where, its own words, its
 * rules in short (the rules panel of the browser game, `rules` in gabata play), and the names
 * of its marks and events. In the product's own words; docs/rulings.md has every ruling. */
#include "bulto.h"

static const char *const rules[] = {
    "Two rows of 10 mona, 2 stones in each. South moves first with the menager, which "
    "leaves 13 miné (holes of three).",
    "Sow a hole of your row that is not a bulto, counter-clockwise, relay sowing; your "
    "opponent's bulto are skipped.",
    "A last stone that makes an opponent's hole of three (not a miné) hold 4 makes it your "
    "bulto, keeping its stones; the move ends. A new bulto must lie to the right of your "
    "others. You may refuse a bulto: the stone goes on to the next hole (C~1 refuses the "
    "first bulto offered, C takes it).",
    "Once no miné is left, holes that could become bulto are skipped unless the stones "
    "left make them bulto, and a move may not start from a hole of three unless every "
    "non-empty hole of yours that is not a bulto holds three.",
    "The move ends in an empty hole or your own bulto. The game ends when a player cannot "
    "move: each scores his bulto and his row's stones not in his opponent's bulto.",
    NULL,
};

const gb_rules_text gb_bulto_text = {
    .origin = GB_N_("Bulto (\"a place where you spend the night\") is a game of the Borana of southern "
              "Ethiopia and northern Kenya, played by the elders outdoors by day, often stretched out on "
              "the ground next to the board; Pankhurst 1971."),
    .words = GB_N_("The board is the gombo sadéqa (\"game trough\"), its holes mona (\"cattle enclosure\"), "
             "the stones medan sadéqa. The first move is the menager; its holes of three are miné. A hole "
             "a player wins is his bulto."),
    .rules = rules,
};

/* Every rule for the options in force (gb_rules_lines). */
static void bu_rules(const gb_options *o, gb_rule_out *out)
{
    gb_rule(out, "B1 C1", NULL,
            "Two rows of 10 mona with 2 stones in each (40); each player owns the row nearest him. "
            "No stone ever leaves the board. South moves first.");
    gb_rule(out, "B2", NULL,
            "The first move, the menager, is an ordinary sowing. It leaves 13 holes of three: the "
            "miné. A miné is one no more once it is lifted or gets a stone.");
    gb_rule(out, "B3", NULL,
            "On your turn lift all the stones of a hole of your row that is not a bulto and sow "
            "them counter-clockwise; your opponent's bulto are skipped and get no stone.");
    gb_rule(out, "B8", NULL,
            "If the last stone falls into an empty hole or one of your own bulto, the move ends. "
            "Into any other occupied hole, lift all its stones and sow on, unless it makes a bulto.");
    gb_rule(out, "B4 B-C3", NULL,
            "A last stone into a hole of your opponent's row that held exactly 3 and is not a miné "
            "makes it your bulto, keeping its 4 stones; the move ends.");
    if (o->v[BU_RIGHT])
        gb_rule(out, "B4", "right-rule", "A new bulto may lie anywhere in your opponent's row.");
    else
        gb_rule(out, "B4 B-C4", "right-rule",
                "A new bulto must lie to the right of all the bulto you had before this move, as you "
                "look across; a hole of three that does not is sown into like any other.");
    gb_rule(out, "B5 B-C5 B-C6", NULL,
            "You may refuse a bulto: the stone skips that hole and falls into the next one, and "
            "counts there as the last stone (refusing several at once skips only the first hole).");
    gb_rule(out, "B5 B-C8", NULL,
            "A move is named by its hole: C takes the first bulto offered, if any. C~2 refuses the "
            "first 2 offered and takes the next; if none comes, the sowing runs to its end.");
    /* B5's clarification (2026-12-01): C~k with k every distinct offer is the refusal of all */
    gb_rule(out, "B5 B-C8", NULL,
            "Refusing every bulto a sowing offers is a move too: C~k, where k is how many different "
            "offers it refuses. It takes none, and the sowing runs on to its end.");
    gb_rule(out, "B2 B6 B-C2 B-C5", NULL,
            "Once no miné is left (even mid-move), holes that could become your bulto are skipped, "
            "unless the stones left in hand would fill exactly that many side by side: all then "
            "become your bulto.");
    gb_rule(out, "B7 B-C1 B-C7", NULL,
            "Once no miné is left, you may start from a hole of three only if every non-empty hole "
            "of yours that is not a bulto holds three; empty holes do not count. While a miné is "
            "left, any hole may start.");
    gb_rule(out, "B9", NULL,
            "The game ends when the player to move cannot move. A player's score is the stones of "
            "his bulto plus the stones of his own row that are not in his opponent's bulto; more "
            "wins, equal draws.");
    gb_rule(out, "T2 B9", NULL,
            "If a whole position repeats (every hole and mark, the player to move), the game ends "
            "at once and is scored the same way.");
    gb_rules_shared(out, o, "game", false, "a ply is one move");
}

/* The result's reason: who could not move (B9) or how else it ended (T1-T3, scored as B9), and
 * what each side's score is made of: the stones in his bulto and those of his own row outside
 * his opponent's bulto. */
static void bu_result(const gb_options *o, const gb_pos *p, const int score[2], gb_text *t)
{
    int held[2] = {0, 0}, count[2] = {0, 0}, row[2] = {0, 0};
    for (int i = 0; i < BU_RING; i++) {
        uint32_t bit = 1u << i;
        int side = (p->mark_s & bit) ? 0 : (p->mark_n & bit) ? 1 : -1;
        if (side >= 0) {
            held[side] += p->holes[i];
            count[side]++;
        } else {
            row[gb_row_of(BU_N, i)] += p->holes[i];
        }
    }
    if (p->end_reason == GB_END_RULE)
        gb_text_add(t, "%s cannot move (B9)", gb_side_word(p->to_move));
    else {
        gb_text_t_reason(t, o, p->end_reason);
        gb_text_add(t, ", scored as B9");
    }
    /* a text for each side and shape, with its separators: not a "," or ";" put between
     * clauses, which a language says its own way ("؛" and "،" in Arabic) */
    if (count[0])
        /* TRANSLATORS: goes on after why the game ended ("North cannot move (B9)"): South's
         * score, the stones of his bulto (how many bulto) and of his own row */
        gb_text_add(t, "; South %d (%d in his %d bulto, %d in his row)", score[0], held[0], count[0],
                    row[0]);
    else
        /* TRANSLATORS: goes on after why the game ended ("North cannot move (B9)"): South's
         * score, all of it the stones of his own row (he has no bulto) */
        gb_text_add(t, "; South %d (%d in his row)", score[0], row[0]);
    if (count[1])
        /* TRANSLATORS: goes on after South's score: North's, the stones of his bulto (how many
         * bulto) and of his own row */
        gb_text_add(t, ", North %d (%d in his %d bulto, %d in his row)", score[1], held[1], count[1],
                    row[1]);
    else
        /* TRANSLATORS: goes on after South's score: North's, all of it the stones of his own row
         * (he has no bulto) */
        gb_text_add(t, ", North %d (%d in his row)", score[1], row[1]);
}

const gb_words gb_bulto_words = {
    /* B2: the menager (the first move), the miné phase, then the open phase ("mine" is only
     * the phase's name in position strings and JSON) */
    .phase_word = {GB_N_("phase:menager"), GB_N_("phase:miné"), GB_N_("phase:open")},
    .mark = {[GB_MARK_HELD_S] = "bulto", [GB_MARK_HELD_N] = "bulto", [GB_MARK_DORMANT] = "mine"},
    .mark_word = {[GB_MARK_DORMANT] = "miné"}, /* B2 */
    .event = {[GB_EV_CLAIM] = "bulto", [GB_EV_INTO_HELD] = "own-bulto", [GB_EV_DECLINE] = "refuse"},
    .phrase = {[GB_EV_CLAIM] = GB_N_(": makes it a bulto"),            /* B4 */
               [GB_EV_INTO_HELD] = GB_N_(": own bulto, move ends"), /* B8 */
               [GB_EV_DECLINE] = GB_N_(": bulto refused")},         /* B5 */
    .phrase_many = {[GB_EV_CLAIM] = GB_N_(": makes %v bulto at once, from %t on")}, /* B6 */
    .result = bu_result,
    .rules = bu_rules,
};
