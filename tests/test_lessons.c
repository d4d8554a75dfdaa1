/* test_lessons.c — the learn mode's lessons (gb_lesson_*, issue 22 §2), through the public
 * header only. For every lesson: its position is legal, and of its legal moves the check accepts
 * exactly those that achieve the lesson's goal, as this file works them out by another route: a
 * naive model of the game (tests/models: Sadeqa III's sowing with its laps counted, Qelat's
 * nq with its round end), or the position after the move read hole by hole (stores, marks,
 * rows), never the trace the library's check reads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gabata.h"
/* the models bring more than this file uses (their perft) */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "models/qelat.h"
#include "models/sadeqa.h"
#pragma GCC diagnostic pop

static const char *const games[] = {"sadeqa", "qelat", "akil", "bulto"};

/* Sadeqa III (S2-S4) by the naive model's rules, counting the laps: the relay lesson's figure. */
static int naive_laps(naive_pos p, int hole)
{
    int h = hole, laps = 1;
    for (;; laps++) {
        int stones = p.b[h], pos = h;
        p.b[h] = 0;
        while (stones--) {
            pos = (pos + 1) % 16;
            p.b[pos]++;
        }
        if (p.b[pos] == 1 || laps >= 10000)
            return laps;
        h = pos;
    }
}
static naive_pos naive_of(const gb_game *g)
{
    naive_pos p;
    for (int i = 0; i < 16; i++)
        p.b[i] = gb_hole_count(g, i);
    p.store[0] = gb_store(g, 0);
    p.store[1] = gb_store(g, 1);
    p.mover = gb_to_move(g);
    return p;
}

static void nq_of(nq *q, const gb_game *g)
{
    nq_init(q, 0, 1, 0, 0, 0, 0, 5000, 200); /* the defaults, as the lessons' positions use */
    for (int i = 0; i < 12; i++) {
        q->c[i] = gb_hole_count(g, i);
        q->own[i] = gb_hole_owner(g, i);
        int mk = gb_hole_mark(g, i);
        q->ek[i] = mk == GB_MARK_HELD_S ? 0 : mk == GB_MARK_HELD_N ? 1 : -1;
    }
    q->store[0] = gb_store(g, 0);
    q->store[1] = gb_store(g, 1);
    q->turn = q->starter = gb_to_move(g);
}

static int held_by(const gb_game *g, int side)
{
    int n = 0;
    for (int i = 0; i < 2 * gb_game_rows(g); i++)
        n += gb_hole_mark(g, i) == (side ? GB_MARK_HELD_N : GB_MARK_HELD_S);
    return n;
}
static int row_sum(const gb_game *g, int side)
{
    int n = gb_game_rows(g), s = 0;
    for (int i = 0; i < n; i++)
        s += gb_hole_count(g, side * n + i);
    return s;
}

/* Does move m (text `t`) from g, giving `after`, achieve the lesson's goal? Worked out here, by
 * the lesson's own words (each goal as its instruction states it). */
static int achieves(const char *id, const gb_game *g, const gb_move *m, const char *t,
                    const gb_game *after)
{
    const int me = gb_to_move(g);
    if (strcmp(id, "sadeqa-relay") == 0) /* "play the move that sows on" */
        return naive_laps(naive_of(g), m->hole) >= 2;
    if (strcmp(id, "sadeqa-capture") == 0) { /* "capture the 5 stones of f" */
        naive_pos p = naive_of(g);
        assert_int_equal(naive_play(&p, m->hole), 1);
        for (int i = 0; i < 16; i++) /* the model and the library agree on the board */
            assert_int_equal(p.b[i], gb_hole_count(after, i));
        return p.store[me] - gb_store(g, me) >= 5 && p.b[13] == 0;
    }
    if (strncmp(id, "qelat-", 6) == 0) {
        nq q, q0;
        nq_of(&q, g);
        q0 = q;
        nq_move(&q, m->hole);
        if (strcmp(id, "qelat-ekwarna") == 0) { /* "make an ekwarna" */
            int before = 0, now = 0;
            for (int i = 0; i < 12; i++)
                before += q0.ek[i] == me, now += q.ek[i] == me;
            return now > before;
        }
        if (strcmp(id, "qelat-eat") == 0) /* "eat from C": takings grow only by eating */
            return q.store[me] > q0.store[me] && gb_hole_count(after, 2) < gb_hole_count(g, 2) + 1;
        if (strcmp(id, "qelat-holes") == 0) { /* "end the round so that you own 7 holes" */
            if (!nq_round_over(&q))
                return 0;
            nq_end_round(&q, GB_END_RULE, 0);
            int own = 0;
            for (int i = 0; i < 12; i++)
                own += q.own[i] == me;
            for (int i = 0; i < 12; i++) /* the model's next round is the library's */
                assert_int_equal(q.own[i], gb_hole_owner(after, i));
            return own >= 7;
        }
    }
    if (strcmp(id, "akil-choice") == 0) /* "take the row with more seeds" */
        return row_sum(after, me) > row_sum(after, !me);
    if (strcmp(id, "akil-chain") == 0) /* "capture 8 seeds in one move" */
        return gb_store(after, me) - gb_store(g, me) >= 8;
    if (strcmp(id, "bulto-mine") == 0 || strcmp(id, "bulto-right") == 0) /* "make a bulto" */
        return held_by(after, me) > held_by(g, me);
    if (strcmp(id, "bulto-refuse") == 0) /* "refuse a and make b your bulto" */
        return strchr(t, '~') && gb_hole_mark(after, 10) == GB_MARK_NONE &&
               gb_hole_mark(after, 11) == (me ? GB_MARK_HELD_N : GB_MARK_HELD_S);
    if (strcmp(id, "bulto-refuse-all") == 0) /* "sow J and refuse both bulto it offers" */
        return t[0] == 'J' && strchr(t, '~') && held_by(after, me) == held_by(g, me) &&
               gb_hole_count(after, 10) == 3 && gb_hole_count(after, 11) == 3;
    fail_msg("lesson %s: no goal written for it in this test", id);
    return 0;
}

static void every_move_of_every_lesson(void **state)
{
    (void)state;
    int total = 0;
    for (int v = 0; v < 4; v++) {
        int n = gb_lesson_count(games[v]);
        assert_true(n >= 2);
        for (int i = 0; i < n; i++) {
            const gb_lesson *l = gb_lesson_at(games[v], i);
            gb_game *g = NULL;
            gb_error err = {0, ""};
            if (gb_lesson_game(l, 1, &g, &err) != GB_OK)
                fail_msg("lesson %s: its position is refused: %s", l->id, err.msg);
            assert_string_equal(gb_game_variant(g), games[v]);
            assert_false(gb_is_over(g));
            gb_move moves[GB_MAX_MOVES];
            int nm = gb_legal_moves(g, moves, GB_MAX_MOVES), right = 0;
            assert_true(nm >= 2); /* a choice to make */
            for (int k = 0; k < nm; k++) {
                char t[GB_MOVE_TEXT_MAX];
                gb_move_format(g, &moves[k], t, sizeof t);
                gb_game *after = NULL;
                int rc = gb_lesson_check(l, t, &after, &err);
                if (rc < 0)
                    fail_msg("lesson %s: legal move %s refused: %s", l->id, t, err.msg);
                assert_non_null(after);
                int want = achieves(l->id, g, &moves[k], t, after);
                if (rc != want)
                    fail_msg("lesson %s: move %s is %s, the check says %s", l->id, t,
                             want ? "right" : "wrong", rc ? "right" : "wrong");
                right += want;
                gb_game_free(after);
            }
            if (right == 0 || right == nm)
                fail_msg("lesson %s: %d of %d moves are right", l->id, right, nm);
            gb_game_free(g);
            total++;
        }
    }
    assert_true(total >= 10);
}

/* Every lesson is complete: a unique id, every text, rulings that docs/rulings.md has, and the
 * lessons the brief names (relay, Sadeqa's capture, Qelat's ekwarna, eating and holes, the
 * tebweez, the chain, miné, bulto, refusing). */
static void lessons_are_complete(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/docs/rulings.md", GABATA_SOURCE_DIR);
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot read %s", path);
    static char doc[1 << 18];
    size_t len = fread(doc, 1, sizeof doc - 1, f);
    fclose(f);
    doc[len] = 0;
    const char *seen[64];
    int nseen = 0;
    for (int v = 0; v < 4; v++)
        for (int i = 0; i < gb_lesson_count(games[v]); i++) {
            const gb_lesson *l = gb_lesson_at(games[v], i);
            assert_true(strncmp(l->id, games[v], strlen(games[v])) == 0);
            for (int j = 0; j < nseen; j++)
                assert_true(strcmp(seen[j], l->id) != 0);
            seen[nseen++] = l->id;
            assert_ptr_equal(gb_lesson_find(games[v], l->id), l);
            const char *texts[] = {l->title, l->instruction, l->right, l->wrong, l->rulings};
            for (int k = 0; k < 5; k++)
                assert_true(texts[k] && strlen(texts[k]) >= 2 && strlen(texts[k]) < 400);
            if (l->goal == GB_GOAL_MOVES)
                assert_non_null(l->moves);
            /* its "why?": the game's rules text states the rule it teaches */
            gb_rule_line rl[GB_RULE_LINES_MAX];
            int nr = gb_lesson_rules(l, rl, GB_RULE_LINES_MAX);
            if (nr < 1)
                fail_msg("lesson %s: no rules line states %s", l->id, l->rulings);
            for (int k = 0; k < nr; k++) {
                int shared = 0;
                for (const char *p = l->rulings; *p;) {
                    size_t idlen = strcspn(p, " ");
                    char id[16];
                    snprintf(id, sizeof id, "%.*s", (int)idlen, p);
                    for (const char *q = rl[k].ruling; (q = strstr(q, id)) != NULL; q++)
                        shared |= (q == rl[k].ruling || q[-1] == ' ') &&
                                  (q[idlen] == 0 || q[idlen] == ' ');
                    p += idlen;
                    p += *p == ' ';
                }
                if (!shared)
                    fail_msg("lesson %s: line \"%s\" (%s) states none of %s", l->id, rl[k].text,
                             rl[k].ruling, l->rulings);
            }
            for (const char *p = l->rulings; *p;) {
                size_t k = strcspn(p, " ");
                char anchor[32];
                snprintf(anchor, sizeof anchor, "<a id=\"%.*s\">", (int)k, p);
                if (!strstr(doc, anchor))
                    fail_msg("lesson %s: ruling %.*s is not in docs/rulings.md", l->id, (int)k, p);
                p += k;
                p += *p == ' ';
            }
        }
    /* A6: the chain stops at the first pit that does not hold 2 or 4; the lesson that teaches
     * it says so (it once read as if every such pit of the lap were taken) */
    assert_non_null(strstr(gb_lesson_find("akil", "akil-chain")->instruction, "until one does not"));
    const char *named[] = {"sadeqa-relay", "sadeqa-capture", "qelat-ekwarna", "qelat-eat",
                           "qelat-holes", "akil-choice", "akil-chain", "bulto-mine", "bulto-right",
                           "bulto-refuse"};
    for (size_t k = 0; k < sizeof named / sizeof named[0]; k++) {
        int found = 0;
        for (int j = 0; j < nseen; j++)
            found |= strcmp(seen[j], named[k]) == 0;
        if (!found)
            fail_msg("no lesson %s", named[k]);
    }
}

/* Bad input: a clear error, never a crash. */
static void bad_input(void **state)
{
    (void)state;
    assert_int_equal(gb_lesson_count("chess"), GB_EINVAL);
    assert_int_equal(gb_lesson_count(NULL), GB_EINVAL);
    assert_null(gb_lesson_at("sadeqa", -1));
    assert_null(gb_lesson_at("sadeqa", 99));
    assert_null(gb_lesson_at("chess", 0));
    assert_null(gb_lesson_find("sadeqa", "qelat-eat"));
    assert_null(gb_lesson_find("sadeqa", NULL));
    assert_int_equal(gb_lesson_rules(NULL, NULL, 0), GB_EINVAL);
    const gb_lesson *l = gb_lesson_find("sadeqa", "sadeqa-capture");
    assert_non_null(l);
    gb_error err = {0, ""};
    gb_game *after = (gb_game *)&err;
    assert_int_equal(gb_lesson_check(l, "Z", &after, &err), GB_EINVAL);
    assert_null(after);
    assert_true(err.msg[0] != 0);
    assert_int_equal(gb_lesson_check(l, "A", &after, &err), GB_EILLEGAL); /* A is empty */
    assert_non_null(strstr(err.msg, "empty"));
    assert_int_equal(gb_lesson_check(l, NULL, NULL, &err), GB_EINVAL);
    assert_int_equal(gb_lesson_check(NULL, "B", NULL, &err), GB_EINVAL);
    assert_int_equal(gb_lesson_check(l, "B", NULL, NULL), 1);
    assert_int_equal(gb_lesson_check(l, "D", NULL, NULL), 0);
    /* a refusal typed as a move is checked as any other */
    const gb_lesson *r = gb_lesson_find("bulto", "bulto-refuse");
    assert_int_equal(gb_lesson_check(r, "J~1", NULL, NULL), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_move_of_every_lesson),
        cmocka_unit_test(lessons_are_complete),
        cmocka_unit_test(bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
