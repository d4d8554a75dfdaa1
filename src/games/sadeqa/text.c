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
    .origin = GB_N_("Played by young Oromo herdsmen of Welega (Wellega), western Ethiopia, while watching their "
              "cattle; Pankhurst's Game 92 (1971)."),
    .words = GB_N_("The board is a sadeqa, each hole a mana (\"house\"), the stones daga."),
    .rules = rules,
};

/* Every rule for the options in force (gb_rules_lines). */
static void sq_rules(const gb_options *o, gb_rule_out *out)
{
    if (o->v[SQ_SEEDS])
        gb_rule(out, "S1 C1", "seeds",
                "Two rows of 8 mana with 4 daga in each (64 stones, Pankhurst's Game 91). Each "
                "player owns the row nearest him; South moves first.");
    else
        gb_rule(out, "S1 C1", "seeds",
                "Two rows of 8 mana with 6 daga in each (96 stones). Each player owns the row "
                "nearest him; South moves first.");
    gb_rule(out, "S2", NULL,
            "On your turn lift every stone of one of your non-empty mana and sow them one by one "
            "counter-clockwise into the holes that follow, on both rows.");
    gb_rule(out, "S3", NULL,
            "If the last stone falls into an occupied hole, on either row, lift all its stones and "
            "sow on from the next hole: relay sowing.");
    gb_rule(out, "S4", NULL,
            "If the last stone falls into an empty hole the move ends. If that hole is in your own "
            "row, you capture the stones of the hole straight across (they are kept aside); the "
            "capturing stone stays.");
    gb_rule(out, "S5 T4", NULL,
            "The game ends when the player to move has no move: every stone still on the board goes "
            "to the player who moved last. More stones wins; equal is a draw.");
    gb_rule(out, "T2", NULL,
            "If a whole position repeats (every hole, the stones taken, the player to move), the "
            "game ends at once: the stones on the board go to the owner of the row they lie in.");
    gb_rules_shared(out, o, "game", false, "a ply is one move");
}

/* The result's reason: where the stones still on the board went. S5: all of them to the player
 * who moved last; T1-T3: each row's to its owner (T2). */
static void sq_result(const gb_options *o, const gb_pos *p, const int score[2], gb_text *t)
{
    (void)score;
    int row[2] = {0, 0};
    for (int i = 0; i < 2 * SQ_N; i++)
        row[gb_row_of(SQ_N, i)] += p->holes[i];
    int left = row[0] + row[1];
    if (p->end_reason == GB_END_RULE) {
        int last = (p->flags & GB_F_LAST_N) ? GB_NORTH : GB_SOUTH;
        if (left == 1)
            gb_text_add(t, "the stone left in a hole goes to %s, who moved last (S5)",
                        gb_side_word(last));
        else if (left)
            gb_text_addn(t, (unsigned long)left,
                         /* TRANSLATORS: %d is 2 or more (one stone has the text above) */
                         "the %d stone left in a hole goes to %s, who moved last (S5)",
                         "the %d stones left in holes go to %s, who moved last (S5)", left,
                         gb_side_word(last));
        else
            gb_text_add(t, "%s has no move and no stone is left in play (S5)",
                        gb_side_word(p->to_move));
        return;
    }
    gb_text_t_reason(t, o, p->end_reason);
    if (left)
        gb_text_add(t, "; the stones still in holes go to the owner of their row: %d to South, "
                       "%d to North",
                    row[0], row[1]);
    else
        gb_text_add(t, "; no stone was left in play");
}

/* Sadeqa III's laps end in the shared words: relay (S3), an empty hole (S4), a capture (S4). */
const gb_words gb_sadeqa_words = {.result = sq_result, .rules = sq_rules, .phase_word = {GB_N_("phase:play")}};
