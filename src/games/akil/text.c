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
    .origin = GB_N_("\"The game of the wise\", also Mankal'ah: played at the coffee-shops of Egypt, described "
              "by Edward William Lane in 1836 and still seen in Cairo in 1912."),
    .words = GB_N_("The pits are beyt (plural buyoot), the seeds hasa (shells or pebbles); the laying out of "
             "the seeds is the tebweez."),
    .rules = rules,
};

/* Every rule for the options in force (gb_rules_lines). */
static void ak_rules(const gb_options *o, gb_rule_out *out)
{
    const bool match = o->v[AK_ROUNDS] == 0;
    gb_rule(out, "A1", NULL,
            "Two rows of 6 beyt (pits) and a store for each player; the board starts empty, with "
            "72 hasa (seeds) beside it.");
    if (o->v[AK_TEBWEEZ])
        gb_rule(out, "A2 A-C1 A-C3", "tebweez",
                "The tebweez: the distributor (South in the first round) lays out all 72 seeds as "
                "he likes, but a pit may hold seeds only if the pit with the same letter in the "
                "other row does (A and a, B and b, …).");
    else
        gb_rule(out, "A2 A-C1", "tebweez",
                "The tebweez: the distributor (South in the first round) lays out all 72 seeds in "
                "the pits as he likes; any pit may stay empty.");
    gb_rule(out, "A3 A-C2", NULL,
            "The other player then keeps his row, or turns the board round so that each row's "
            "seeds go to the other row.");
    if (o->v[AK_STARTER])
        gb_rule(out, "A3 A-C4", "starter",
                "Whether he keeps his row or turns the board, the chooser sows first.");
    else
        gb_rule(out, "A3", "starter",
                "If he keeps his row, he sows first; if he turns the board, the distributor sows "
                "first.");
    gb_rule(out, "A4 A5 A7", NULL,
            "On your turn sow all the seeds of one of your pits counter-clockwise. A last seed into "
            "an empty pit ends the move; one that makes 3, 5, 6 or more lifts that pit to sow on.");
    if (o->v[AK_CHAIN])
        gb_rule(out, "A6 A-C12 A-C13", "chain",
                "A last seed that makes a 2 or a 4, on either row, captures that pit and the pit "
                "opposite; then each pit behind it holding 2 or 4, even past the lap's first pit, "
                "with its opposite, until one does not.");
    else
        gb_rule(out, "A6 A-C6 A-C12", "chain",
                "A last seed that makes a 2 or a 4, on either row, captures that pit and the pit "
                "opposite; then each pit behind it sown by the same lap that holds 2 or 4, with its "
                "opposite, until one does not.");
    if (o->v[AK_FEED])
        gb_rule(out, "A8 A-C5", "feed",
                "If your opponent's row is empty at the start of your turn and your row holds more "
                "than one seed, feed one seed from any pit of yours into his first pit (his leftmost), then "
                "sow.");
    else
        gb_rule(out, "A8 A-C5", "feed",
                "If your opponent's row is empty at the start of your turn and your row holds more "
                "than one seed, your whole turn is to feed one seed from any pit of yours into his first "
                "pit (his leftmost).");
    gb_rule(out, "A9", NULL, "A player with no move passes.");
    gb_rule(out, "A10", NULL,
            "The round ends when one seed or none is left on the board; a last seed goes to the "
            "owner of the row it lies in.");
    if (o->v[AK_TWO_SEEDS])
        gb_rule(out, "A12 A-C8", "two-seeds",
                "The round also ends as soon as only two seeds are left: each player gets one.");
    else
        gb_rule(out, "A12 T2", "two-seeds",
                "If a position repeats with only two seeds left, the round ends and each player "
                "gets one of them.");
    gb_rule(out, "T2 A12", NULL,
            "If a position with more seeds repeats, the round ends at once: each seed on the board "
            "goes to the owner of the row it lies in.");
    if (match) {
        gb_rule(out, "A11", NULL,
                "A player's seeds are those he captured and those given him at the end. More seeds "
                "wins the round; 36–36 is a draw.");
        if (o->v[AK_GAIN])
            gb_rule(out, "A11", "gain",
                    "The winner of a round gains the difference between his seeds and his "
                    "opponent's.");
        else
            gb_rule(out, "A11", "gain", "The winner of a round gains what he has over 36.");
        gb_rule(out, "A13", "rounds", "Gains add up round by round: the first to reach 60 wins the match.");
        gb_rule(out, "A13 A-C10", NULL,
                "The loser of a round lays out the next one; after a drawn round, the player who "
                "did not lay it out lays out the next.");
        gb_rulen(out, "T3", "max-rounds", (unsigned long)o->v[GB_OPT_MAX_ROUNDS],
                 "A match still going after %d round ends: more gains wins, equal gains is a draw.",
                 "A match still going after %d rounds ends: more gains wins, equal gains is a draw.",
                 o->v[GB_OPT_MAX_ROUNDS]);
    } else {
        gb_rule(out, "A11 A13 A-C11", "rounds",
                "The game is a single round: a player's seeds are those he captured and those given "
                "him at the end; more seeds wins, 36–36 is a draw.");
    }
    gb_rules_shared(out, o, "round", true, "each layout, row choice, feed, sowing and pass is a ply");
}

/* ---- the end in words ---- */
/* A round's seeds as it lies (A10, A11, A12; T2): each side's captures and the seeds left in his
 * row, or one each when exactly two are left. */
static void seeds_of(const gb_pos *p, int s[2], int row[2], int *left)
{
    row[0] = row[1] = 0;
    for (int i = 0; i < AK_RING; i++)
        row[gb_row_of(AK_N, i)] += p->holes[i];
    *left = row[0] + row[1];
    if (*left == 2)
        row[0] = row[1] = 1;
    s[0] = p->store[0] + row[0];
    s[1] = p->store[1] + row[1];
}

/* How a round ended, and where the seeds left went. */
static void round_end_words(const gb_options *o, const gb_pos *end, int reason, gb_text *t)
{
    int s[2], row[2], left;
    seeds_of(end, s, row, &left);
    if (reason == GB_END_RULE) {
        if (left == 0)
            gb_text_add(t, "no seed is left (A10)");
        else if (left == 1)
            gb_text_add(t, "one seed is left and goes to %s, in whose row it lies (A10)",
                        gb_side_word(row[1] > 0));
        else
            gb_text_add(t, "two seeds are left, one to each (A12)");
        return;
    }
    gb_text_t_reason(t, o, reason);
    if (left == 2)
        gb_text_add(t, "; the two seeds left go one to each (A12)");
    else if (left)
        gb_text_add(t, "; the seeds still in play go to the owner of their row: %d to South, %d "
                       "to North",
                    row[0], row[1]);
}

static void ak_result(const gb_options *o, const gb_pos *p, const int score[2], gb_text *t)
{
    if (o->v[AK_ROUNDS] == 1) { /* a single round, decided by seeds */
        int s[2], row[2], left;
        seeds_of(p, s, row, &left);
        round_end_words(o, p, p->end_reason, t);
        /* one text with its separators, not a "," or ";" put between clauses: a language has
         * its own ("؛" and "،" in Arabic) */
        /* TRANSLATORS: goes on after how the round ended ("no seed is left (A10)"): each side's
         * seeds, those he captured and those the board gave him */
        gb_text_add(t, "; South %d (%d taken, %d from the board), North %d (%d taken, %d from the board)",
                    s[0], p->store[0], row[0], s[1], p->store[1], row[1]);
        return;
    }
    if (p->end_reason == GB_END_RULE) {
        gb_text_add(t, "%s's gains reach %d in round %u (60 wins the match, A13)",
                    gb_side_word(p->winner), p->match[p->winner], (unsigned)p->round);
        return;
    }
    if (score[0] == score[1])
        gb_text_add(t, "the match ended at its %d-round limit (T3) with the gains level",
                    o->v[GB_OPT_MAX_ROUNDS]);
    else
        gb_text_add(t, "the match ended at its %d-round limit (T3) with %s ahead on gains",
                    o->v[GB_OPT_MAX_ROUNDS], gb_side_word(score[1] > score[0]));
}

static int ak_round_facts(const gb_options *o, const gb_round_end *e, int *winner, int made[2])
{
    if (o->v[AK_ROUNDS] == 1)
        return GB_EINVAL;
    int row[2], left;
    seeds_of(&e->end, made, row, &left);
    *winner = made[0] > made[1] ? GB_SOUTH : made[1] > made[0] ? GB_NORTH : GB_DRAW;
    return GB_OK;
}

static void ak_round(const gb_options *o, const gb_round_end *e, int what, gb_text *t)
{
    int made[2] = {0, 0}, w = GB_DRAW;
    ak_round_facts(o, e, &w, made);
    const unsigned round = e->end.round;
    const int gain = w == GB_DRAW ? 0 : e->next.match[w] - e->end.match[w];
    const bool over = (e->next.flags & GB_F_OVER) != 0;
    if (what == GB_RT_LINE) {
        if (w == GB_DRAW)
            gb_text_add(t, "Round %u: drawn, %d–%d", round, made[0], made[1]);
        else
            gb_text_add(t, "Round %u: %s won %d–%d, gain %d", round, gb_side_word(w), made[w],
                        made[!w], gain);
        gb_text_add(t, "%s; gains after it: South %d, North %d",
                    e->reason == GB_END_RULE         ? ""
                    : e->reason == GB_END_REPETITION ? gb_tr(GB_N_(" (a repetition, T2)"))
                    : e->reason == GB_END_CAP        ? gb_tr(GB_N_(" (the ply limit, T3)"))
                                                     : gb_tr(GB_N_(" (a never-ending sowing, T1)")),
                    e->next.match[0], e->next.match[1]);
        return;
    }
    if (what == GB_RT_STANDING) {
        if (over && e->next.end_reason == GB_END_RULE)
            gb_text_add(t, "the match is over: %s's gains reach %d (60 wins, A13)",
                        gb_side_word(e->next.winner), e->next.match[e->next.winner]);
        else if (over)
            gb_text_add(t, "the match is over at its %d-round limit (T3): gains South %d, North %d",
                        o->v[GB_OPT_MAX_ROUNDS], e->next.match[0], e->next.match[1]);
        else
            gb_text_add(t, "gains after round %u: South %d, North %d (60 wins the match, A13); %s "
                           "lays out round %u",
                        round, e->next.match[0], e->next.match[1],
                        gb_side_word(e->next.aux & 1), round + 1);
        return;
    }
    if (w == GB_DRAW)
        gb_text_add(t, "Round %u is drawn, %d–%d in seeds: no gain (A11); ", round, made[0], made[1]);
    else
        gb_text_add(t, "Round %u: %s wins the round %d–%d in seeds and gains %d (A11); ", round,
                    gb_side_word(w), made[w], made[!w], gain);
    round_end_words(o, &e->end, e->reason, t);
}

const gb_words gb_akil_words = {
    /* A2, A3: the tebweez (the layout), the other player's choice of rows, then the sowing */
    .phase_word = {GB_N_("phase:layout"), GB_N_("phase:choice"), GB_N_("phase:sowing")},
    .result = ak_result,
    .round_facts = ak_round_facts,
    .round = ak_round,
    .made = GB_N_("seeds"),
    .rules = ak_rules,
    .phrase = {[GB_EV_CAPTURE] = GB_N_(" (now 2 or 4): captures %v with %o and the chain"), /* A6 */
               [GB_EV_FEED] = GB_N_(": fed (A8)")},
};
