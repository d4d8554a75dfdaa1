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
    .origin = GB_N_("Played around Keren and Agordat in western Eritrea, by herders watering their cattle, "
              "by young couples and their friends, and by women at home; Pankhurst's Qelat II (1971)."),
    .words = GB_N_("Each hole is a bét (\"house\" in Bilén); the balls are til (dry goat droppings) or shesher "
             "(small stones). A captured hole is an ekwarna, \"a child is born to me\"."),
    .rules = rules,
};

/* Every rule for the options in force (gb_rules_lines). */
static void ql_rules(const gb_options *o, gb_rule_out *out)
{
    const bool match = o->v[QL_ROUNDS] == 0;
    gb_rule(out, "Q1 Q-C1", NULL,
            "Two rows of 6 bét with 4 balls each (48), and a store for each player's takings. At "
            "first each player owns the row nearest him, and South starts.");
    gb_rule(out, "Q2 Q4", NULL,
            "On your turn lift all the balls of a hole you own that is not an ekwarna and sow them "
            "counter-clockwise, one a hole, into every hole, ekwarna included.");
    if (o->v[QL_ENEMY])
        gb_rule(out, "Q3 Q-C9", "enemy",
                "If the last ball makes an ordinary hole in your opponent's row hold exactly 4 "
                "(whoever owns it), that hole becomes your ekwarna, with its 4 balls; the move ends.");
    else
        gb_rule(out, "Q3", "enemy",
                "If the last ball makes an ordinary hole that your opponent owns hold exactly 4, "
                "that hole becomes your ekwarna, with its 4 balls; the move ends.");
    gb_rule(out, "Q3", NULL,
            "If it falls into your own ekwarna, the ball stays there (\"lagadi yekura\", grow up my "
            "children) and the move ends.");
    if (o->v[QL_AFTER_EAT])
        gb_rule(out, "Q3 Q-C2", "after-eat",
                "If it falls into your opponent's ekwarna you eat (qunna): that ball and one more "
                "from there, if it had any, go to your store as takings; the move ends.");
    else
        gb_rule(out, "Q3 Q-C2 Q-C3", "after-eat",
                "If it falls into your opponent's ekwarna you eat (qunna): that ball and one more "
                "from there, if it had any, go to your store as takings; then you play again, if "
                "you have a move.");
    gb_rule(out, "Q3", NULL,
            "If it makes an empty ordinary hole hold 1, the move ends. Into any other ordinary "
            "hole, lift all its balls and sow on: relay sowing.");
    gb_rule(out, "Q4", NULL,
            "An ekwarna stays its maker's even when empty; the balls that fall into it are his; "
            "nobody may sow from it.");
    gb_rule(out, "Q5", NULL, "A player with no move passes; nobody may pass otherwise.");
    gb_rule(out, "Q6", NULL,
            "The round ends as soon as no ball lies outside the ekwarna. Each player's earnings "
            "are his takings and the balls in his ekwarna.");
    gb_rule(out, "T2 Q-C5 Q-C8", NULL,
            "If a whole position repeats within a round, the round ends at once: the balls of an "
            "ordinary hole go to its owner, those of an ekwarna to its maker.");
    if (!match) {
        gb_rule(out, "Q10", "rounds",
                "The game is a single round: more earnings wins; equal earnings is a draw.");
    } else {
        gb_rule(out, "Q7", "rounds",
                "After a round each player lays his earnings back four to a hole: each full four "
                "owns a hole. Of the odd balls, a player with 3 gains the hole of his opponent's 1; "
                "2 and 2 draw lots for it.");
        if (o->v[QL_LAYOUT]) /* Q-C7: 6-6 has no player with more holes: the rows of round 1 */
            gb_rule(out, "Q8 Q-C7", "layout",
                    "The player with more holes takes his first: from his own rightmost hole "
                    "leftwards along his row, then on from his opponent's rightmost hole. The other "
                    "owns the rest. At 6 each, each owns his own row.");
        else
            gb_rule(out, "Q8 Q-C7", "layout",
                    "The player with fewer holes owns his from his own rightmost hole leftwards "
                    "along his row; the other owns all the rest. At 6 each, each owns his own row.");
        gb_rule(out, "Q8", NULL,
                "Every hole starts the new round as an ordinary hole with 4 balls; you sow from the "
                "holes you own, on either row.");
        if (o->v[QL_NEXT_STARTER])
            gb_rule(out, "Q9", "next-starter",
                    "The players start the rounds in turn (they alternate), whatever the result.");
        else
            gb_rule(out, "Q9 Q-C6", "next-starter",
                    "The loser of a round (the one with fewer earnings) starts the next; after an "
                    "even round, the player who did not start it starts the next.");
        gb_rule(out, "Q10", "rounds", "The match is won by the player who owns all 12 holes.");
        if (o->v[QL_MATCH_REPEAT])
            gb_rule(out, "Q11", "match-repeat",
                    "If a round would begin as an earlier round began (the same holes owned, the "
                    "same player to start), the match ends: more holes wins, equal is a draw.");
        else /* plays-on: only Q10 and T3 end the match */
            gb_rule(out, "Q11", "match-repeat",
                    "A round may begin as an earlier round of the match began (the same holes "
                    "owned, the same player to start); the match plays on.");
        gb_rulen(out, "T3", "max-rounds", (unsigned long)o->v[GB_OPT_MAX_ROUNDS],
                 "A match still going after %d round ends: the player who owns more holes wins, "
                 "equal holes is a draw.",
                 "A match still going after %d rounds ends: the player who owns more holes wins, "
                 "equal holes is a draw.",
                 o->v[GB_OPT_MAX_ROUNDS]);
    }
    gb_rules_shared(out, o, "round", true, "each move and each pass is a ply");
}

/* ---- the end in words ---- */
static int lots_of(const gb_pos *p) { return (p->aux >> 1) & 3; } /* 0 none, 1 South, 2 North */
static int held_by_south(const gb_pos *p) { return __builtin_popcount(~p->own_n & QL_ALL); }

/* How a round ended: Q6, or T1-T3 with the balls still in play to their holes' owners. */
static void round_end_words(const gb_options *o, int reason, gb_text *t)
{
    if (reason == GB_END_RULE) {
        gb_text_add(t, "no ball is left outside the ekwarna (Q6)");
        return;
    }
    gb_text_t_reason(t, o, reason);
    gb_text_add(t, "; the balls still in ordinary holes go to their owners");
}

/* What a side's earnings are made of: takings, balls in his ekwarna, balls in his ordinary holes
 * (only at a round ended by T1-T3); after the clause before it, the separator in the text (a
 * language has its own: "؛" in Arabic). */
static void earnings_words(const gb_pos *p, int side, gb_text *t)
{
    int taken = p->store[side], held = 0, own = 0;
    uint32_t marks = side ? p->mark_n : p->mark_s;
    for (int i = 0; i < QL_RING; i++) {
        if (marks & (1u << i))
            held += p->holes[i];
        else if (!((p->mark_s | p->mark_n) & (1u << i)) && gb_pos_owner(p, i) == side)
            own += p->holes[i];
    }
    /* TRANSLATORS: goes on after how the round ended, or after South's earnings: a side's
     * earnings and what they are made of */
    gb_text_add(t, "; %s's %d: %d eaten, %d in his ekwarna", gb_side_word(side), taken + held + own,
                taken, held);
    if (own)
        gb_text_add(t, ", %d in his holes", own);
}

static void ql_result(const gb_options *o, const gb_pos *p, const int score[2], gb_text *t)
{
    if (o->v[QL_ROUNDS] == 1) { /* a single round, decided by earnings */
        round_end_words(o, p->end_reason, t);
        earnings_words(p, GB_SOUTH, t);
        earnings_words(p, GB_NORTH, t);
        return;
    }
    if (p->end_reason == GB_END_RULE) {
        int w = p->winner;
        gb_text_add(t, "%s's earnings of %d in round %u win all 12 holes (Q7, Q10)", gb_side_word(w),
                    p->match[w], (unsigned)p->round);
        if (lots_of(p))
            gb_text_add(t, ", the odd hole by lots");
        return;
    }
    if (p->end_reason == GB_END_REPETITION) /* Q11 match-repeat=ends */
        gb_text_add(t, "the match ended as round %u would have begun as an earlier round began "
                       "(Q11), ", (unsigned)p->round + 1);
    else
        gb_text_add(t, "the match ended at its %d-round limit (T3), ", o->v[GB_OPT_MAX_ROUNDS]);
    if (score[0] == score[1])
        gb_text_add(t, "each owning 6 holes");
    else
        gb_text_add(t, "%s owning more holes", gb_side_word(score[1] > score[0]));
}

static int ql_round_facts(const gb_options *o, const gb_round_end *e, int *winner, int made[2])
{
    if (o->v[QL_ROUNDS] == 1)
        return GB_EINVAL;
    gb_qelat_earnings(&e->end, made);
    *winner = made[0] > made[1] ? GB_SOUTH : made[1] > made[0] ? GB_NORTH : GB_DRAW;
    return GB_OK;
}

static void holes_words(int hs, gb_text *t)
{
    if (hs == 6)
        gb_text_add(t, "each owns 6 holes");
    else
        /* TRANSLATORS: the first %d (7 to 12) counts the holes; the last is the other side's */
        gb_text_addn(t, (unsigned long)(hs > 6 ? hs : 12 - hs), "%s owns %d hole, %s %d",
                     "%s owns %d holes, %s %d", gb_side_word(hs < 6), hs > 6 ? hs : 12 - hs,
                     gb_side_word(hs > 6), hs > 6 ? 12 - hs : hs);
}

static void ql_round(const gb_options *o, const gb_round_end *e, int what, gb_text *t)
{
    int made[2] = {0, 0}, w = GB_DRAW;
    ql_round_facts(o, e, &w, made);
    const unsigned round = e->end.round;
    const int before = held_by_south(&e->end), after = gb_qelat_holes_after(&e->next);
    const bool over = (e->next.flags & GB_F_OVER) != 0;
    if (what == GB_RT_LINE) {
        if (w == GB_DRAW)
            gb_text_add(t, "Round %u: even, %d–%d", round, made[0], made[1]);
        else
            gb_text_add(t, "Round %u: %s won %d–%d", round, gb_side_word(w), made[w], made[!w]);
        gb_text_add(t, "%s; holes after it: South %d, North %d",
                    e->reason == GB_END_RULE         ? ""
                    : e->reason == GB_END_REPETITION ? gb_tr(GB_N_(" (a repetition, T2)"))
                    : e->reason == GB_END_CAP        ? gb_tr(GB_N_(" (the ply limit, T3)"))
                                                     : gb_tr(GB_N_(" (a never-ending sowing, T1)")),
                    after, 12 - after);
        return;
    }
    if (what == GB_RT_STANDING) {
        if (over && e->next.end_reason == GB_END_RULE) {
            gb_text_add(t, "the match is over: %s owns all 12 holes (Q10)",
                        gb_side_word(after == 0));
        } else if (over && e->next.end_reason == GB_END_REPETITION) {
            gb_text_add(t, "the match is over: round %u would begin as an earlier round began "
                           "(Q11): ", round + 1);
            holes_words(after, t);
        } else if (over) {
            gb_text_add(t, "the match is over at its %d-round limit (T3): ", o->v[GB_OPT_MAX_ROUNDS]);
            holes_words(after, t);
        } else {
            gb_text_add(t, "after round %u: ", round);
            holes_words(after, t);
            gb_text_add(t, "; %s starts round %u (Q9)", gb_side_word(e->next.to_move), round + 1);
        }
        return;
    }
    if (w == GB_DRAW)
        gb_text_add(t, "Round %u is even, %d–%d in earnings; ", round, made[0], made[1]);
    else
        gb_text_add(t, "Round %u: %s wins the round %d–%d in earnings; ", round, gb_side_word(w),
                    made[w], made[!w]);
    round_end_words(o, e->reason, t);
    gb_text_add(t, "%s ", gb_full_stop());
    if (after == before) {
        gb_text_add(t, "No hole changes hands (Q7)");
    } else {
        int gainer = after > before ? GB_SOUTH : GB_NORTH, k = after > before ? after - before : before - after;
        uint32_t moved = (e->end.own_n ^ gb_qelat_owners(o, after)) & QL_ALL;
        /* the holes, "a, b", with the language's list comma ("، " in Arabic) */
        char holes[12 * 72] = "";
        gb_text list = {holes, sizeof holes, 0};
        for (int i = 0, first = 1; i < QL_RING; i++)
            if (moved & (1u << i)) {
                char lab[2];
                gb_label_format(QL_N, i, lab);
                gb_text_plain(&list, "%s%s", first ? "" : gb_list_comma(), lab);
                first = 0;
            }
        /* the forms of the reader's language for k, not an "s" added (gb_trn_format) */
        /* TRANSLATORS: the last %s lists the holes' labels ("a", or "a, b" with the list comma) */
        gb_text_addn(t, (unsigned long)k, "%s gains %d hole from %s (%s; Q7, Q8)",
                     "%s gains %d holes from %s (%s; Q7, Q8)", gb_side_word(gainer), k,
                     gb_side_word(!gainer), holes);
    }
    if (lots_of(&e->next))
        gb_text_add(t, "; the odd hole goes to %s by lots (Q7)", gb_side_word(lots_of(&e->next) - 1));
}

const gb_words gb_qelat_words = {
    .phase_word = {GB_N_("phase:play")},
    .result = ql_result,
    .round_facts = ql_round_facts,
    .round = ql_round,
    .made = GB_N_("earnings"),
    .rules = ql_rules,
    .mark = {[GB_MARK_HELD_S] = "ekwarna", [GB_MARK_HELD_N] = "ekwarna"},
    .event = {[GB_EV_CLAIM] = "ekwarna", [GB_EV_INTO_HELD] = "own-ekwarna", [GB_EV_RAID] = "eat"},
    .phrase = {[GB_EV_CLAIM] = GB_N_(": makes it an ekwarna"),         /* Q3 */
               [GB_EV_INTO_HELD] = GB_N_(": own ekwarna, move ends"), /* Q3 */
               [GB_EV_RAID] = GB_N_(": eats %v")},                    /* Q3 */
};
