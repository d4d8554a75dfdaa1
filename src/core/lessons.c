/* lessons.c — the learn mode's lessons (gabata.h, "lessons"): each game's list (its lessons.c,
 * in its gb_rules table from version 3), and the check of a player's move, made by playing it in
 * the library and reading what it did. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const gb_rules *with_lessons(const char *variant)
{
    const gb_rules *r = gb_rules_find(variant);
    return r && r->version >= 3 ? r : NULL;
}

int gb_lesson_count(const char *variant)
{
    if (!gb_rules_find(variant))
        return GB_EINVAL;
    const gb_rules *r = with_lessons(variant);
    int n = 0;
    while (r && r->lessons && r->lessons[n].id)
        n++;
    return n;
}

const gb_lesson *gb_lesson_at(const char *variant, int i)
{
    return i >= 0 && i < gb_lesson_count(variant) ? &with_lessons(variant)->lessons[i] : NULL;
}

const gb_lesson *gb_lesson_find(const char *variant, const char *id)
{
    for (int i = 0; id && gb_lesson_at(variant, i); i++)
        if (strcmp(gb_lesson_at(variant, i)->id, id) == 0)
            return gb_lesson_at(variant, i);
    return NULL;
}

int gb_lesson_game(const gb_lesson *l, uint64_t seed, gb_game **out, gb_error *err)
{
    if (!l || !out)
        return gb_fail(err, GB_EINVAL, "no lesson");
    return gb_game_from_position(out, l->position, seed, err);
}

/* Is `text` one of the space-separated words of `list`? */
static bool listed(const char *list, const char *text)
{
    size_t n = strlen(text);
    for (const char *p = list; p && *p;) {
        size_t k = strcspn(p, " ");
        if (k == n && strncmp(p, text, n) == 0)
            return true;
        p += k;
        p += *p == ' ';
    }
    return false;
}

/* What the move did, from its trace (the goal's figure). */
static long achieved(const gb_lesson *l, const gb_game *before, const gb_game *after, int mover)
{
    const gb_trace *t = gb_last_trace(after);
    long sum = 0;
    switch (l->goal) {
    case GB_GOAL_LAPS:
        return t ? t->laps : 0;
    case GB_GOAL_HOLES:
        for (int h = 0; h < 2 * gb_game_rows(after); h++)
            sum += gb_hole_owner(after, h) == mover;
        return sum;
    default:
        break;
    }
    (void)before;
    for (int i = 0; t && i < t->events; i++) {
        const gb_lap *lap = &t->lap[i];
        if (l->goal == GB_GOAL_TAKE && (lap->event == GB_EV_CAPTURE || lap->event == GB_EV_RAID))
            sum += lap->value;
        else if (l->goal == GB_GOAL_CLAIM && lap->event == GB_EV_CLAIM)
            sum += lap->value > 1 ? lap->value : 1; /* a run of bulto made at once (B6) */
        else if (l->goal == GB_GOAL_EAT && lap->event == GB_EV_RAID)
            sum++;
    }
    return sum;
}

int gb_lesson_check(const gb_lesson *l, const char *move, gb_game **after, gb_error *err)
{
    if (after)
        *after = NULL;
    if (!l)
        return gb_fail(err, GB_EINVAL, "no lesson");
    if (!move)
        return gb_fail(err, GB_EINVAL, "no move given");
    gb_game *g;
    int rc = gb_lesson_game(l, 0, &g, err);
    if (rc)
        return rc;
    gb_move m;
    rc = gb_move_legal_text(g, move, &m, err);
    if (rc) {
        gb_game_free(g);
        return rc;
    }
    gb_game *a = gb_game_clone(g);
    if (!a) {
        gb_game_free(g);
        return gb_fail(err, GB_ENOMEM, "out of memory");
    }
    const int mover = gb_to_move(g);
    rc = gb_play(a, &m, err);
    if (rc) {
        gb_game_free(a);
        gb_game_free(g);
        return rc;
    }
    int right;
    if (l->goal == GB_GOAL_MOVES) {
        char text[GB_MOVE_TEXT_MAX];
        gb_move_format(g, &m, text, sizeof text); /* as written: "j~1" and "J~1" alike */
        right = listed(l->moves, text);
    } else {
        right = achieved(l, g, a, mover) >= l->value;
    }
    gb_game_free(g);
    if (after)
        *after = a;
    else
        gb_game_free(a);
    return right;
}

/* Does the space-separated list a share an id with the list b? */
static bool share(const char *a, const char *b)
{
    for (const char *p = a; p && *p;) {
        size_t k = strcspn(p, " ");
        char id[16];
        if (k < sizeof id) {
            memcpy(id, p, k);
            id[k] = 0;
            if (listed(b, id))
                return true;
        }
        p += k;
        p += *p == ' ';
    }
    return false;
}

int gb_lesson_rules(const gb_lesson *l, gb_rule_line *out, int max)
{
    gb_game *g;
    if (!l || gb_lesson_game(l, 0, &g, NULL) != GB_OK)
        return GB_EINVAL;
    gb_rule_line all[GB_RULE_LINES_MAX];
    int n = gb_rules_lines(g, all, GB_RULE_LINES_MAX), k = 0;
    gb_game_free(g);
    for (int i = 0; i < n && i < GB_RULE_LINES_MAX; i++)
        if (share(all[i].ruling, l->rulings)) {
            if (out && k < max)
                out[k] = all[i];
            k++;
        }
    return k;
}
