/* json.c — a state as JSON (field names fixed by the foundation issue), built with jansson. */
#include "internal.h"

#include <jansson.h>
#include <stdlib.h>

/* A mark as the state JSON writes it: the game's word, with the holder for a held hole
 * ("ekwarna:S", "bulto:N", "mine"). */
static json_t *mark_json(const gb_rules *r, int mk)
{
    if (mk == GB_MARK_NONE)
        return json_null();
    const char *w = gb_rules_mark_name(r, mk);
    if (mk == GB_MARK_HELD_S || mk == GB_MARK_HELD_N)
        return json_sprintf("%s:%c", w, mk == GB_MARK_HELD_S ? 'S' : 'N');
    return json_string(w);
}

static json_t *side_obj(int s, int n)
{
    return json_pack("{s:i,s:i}", "S", s, "N", n);
}

/* The end in words (words.c; docs/api.md): result_line when over; last_round when the last
 * move ended a round of a match (its last round, once the match is over); match_summary when a
 * match is over. */
static void add_words(const gb_game *g, json_t *root)
{
    char buf[4096], standing[512];
    if (gb_result_line(g, buf, sizeof buf) >= 0)
        json_object_set_new(root, "result_line", json_string(buf));
    int round = gb_last_round_ended(g);
    if (round > 0 && gb_round_summary(g, round, buf, sizeof buf) >= 0 &&
        gb_round_standing(g, round, standing, sizeof standing) >= 0)
        json_object_set_new(root, "last_round",
                            json_pack("{s:i,s:s,s:s}", "round", round, "text", buf, "standing", standing));
    int k = gb_match_summary(g, NULL, 0); /* a line a round: as long as the match */
    char *all = k >= 0 ? malloc((size_t)k + 1) : NULL;
    if (all && gb_match_summary(g, all, (size_t)k + 1) >= 0)
        json_object_set_new(root, "match_summary", json_string(all));
    free(all);
}

char *gb_state_json(const gb_game *g)
{
    const gb_rules *r = gb_game_rules(g);
    const gb_pos *p = gb_game_pos(g);
    int ring = 2 * r->n;
    json_t *root = json_object();
    json_t *holes = json_array(), *owner = json_array(), *mark = json_array();
    if (!root || !holes || !owner || !mark)
        goto fail;
    for (int i = 0; i < ring; i++) {
        json_array_append_new(holes, json_integer(p->holes[i]));
        json_array_append_new(owner, json_string(gb_pos_owner(p, i) ? "N" : "S"));
        json_array_append_new(mark, mark_json(r, gb_pos_mark(p, i)));
    }
    char opts[256];
    gb_options_format(r, gb_game_options(g), opts, sizeof opts);
    bool over = (p->flags & GB_F_OVER) != 0;
    json_object_set_new(root, "variant", json_string(r->name));
    json_object_set_new(root, "options", json_string(opts));
    json_object_set_new(root, "holes", holes);
    json_object_set_new(root, "owner", owner);
    json_object_set_new(root, "mark", mark);
    json_object_set_new(root, "stores", side_obj(p->store[0], p->store[1]));
    json_object_set_new(root, "to_move", over ? json_null() : json_string(p->to_move ? "N" : "S"));
    json_object_set_new(root, "phase", json_string(r->phases[p->phase]));
    json_object_set_new(root, "ply", json_integer(p->ply));
    json_object_set_new(root, "round", json_integer(p->round));
    gb_state_field f;
    for (int i = 0; gb_game_field(g, i, &f) == GB_OK; i++)
        if (!json_object_get(root, f.key)) /* a game never overwrites a core field */
            json_object_set_new(root, f.key,
                                f.per_side ? side_obj(f.side[0], f.side[1])
                                : f.text   ? json_string(f.text)
                                           : json_integer(f.side[0]));
    json_object_set_new(root, "over", json_boolean(over));
    if (over) {
        int s[2];
        r->scores(gb_game_options(g), p, s);
        json_t *res = json_pack("{s:o,s:o}", "winner",
                                p->winner == GB_DRAW ? json_null() : json_string(p->winner ? "N" : "S"),
                                "scores", side_obj(s[0], s[1]));
        json_object_set_new(root, "result", res);
        json_object_set_new(root, "end_reason", json_string(gb_end_reason_name(p->end_reason)));
    } else {
        json_object_set_new(root, "result", json_null());
        json_object_set_new(root, "end_reason", json_null());
    }
    add_words(g, root);
    char *out = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(root);
    return out;
fail:
    json_decref(root);
    json_decref(holes);
    json_decref(owner);
    json_decref(mark);
    return NULL;
}
