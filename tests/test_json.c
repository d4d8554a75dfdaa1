/* test_json.c — the state JSON's own writer (src/notation/json.c) against a second method: the
 * jansson-built writer the library used before, kept here (this test alone links jansson), on
 * every ply of random games of every game with random options; and its string escaping against
 * jansson's and against escapes worked out by hand from RFC 8259. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "helpers.h"

#include "gabata.h"
#include "internal.h"

/* ---- the second method: the state JSON as jansson builds it (the library's code until the
 * writer replaced it) ---- */
static json_t *ref_mark(const gb_rules *r, int mk)
{
    if (mk == GB_MARK_NONE)
        return json_null();
    const char *w = gb_rules_mark_name(r, mk);
    if (mk == GB_MARK_HELD_S || mk == GB_MARK_HELD_N)
        return json_sprintf("%s:%c", w, mk == GB_MARK_HELD_S ? 'S' : 'N');
    return json_string(w);
}

static json_t *ref_sides(int s, int n) { return json_pack("{s:i,s:i}", "S", s, "N", n); }

static char *ref_state_json(const gb_game *g)
{
    const gb_rules *r = gb_game_rules(g);
    const gb_pos *p = gb_game_pos(g);
    int ring = 2 * r->n;
    json_t *root = json_object();
    json_t *holes = json_array(), *owner = json_array(), *mark = json_array();
    for (int i = 0; i < ring; i++) {
        json_array_append_new(holes, json_integer(p->holes[i]));
        json_array_append_new(owner, json_string(gb_pos_owner(p, i) ? "N" : "S"));
        json_array_append_new(mark, ref_mark(r, gb_pos_mark(p, i)));
    }
    char opts[256];
    gb_options_format(r, gb_game_options(g), opts, sizeof opts);
    bool over = (p->flags & GB_F_OVER) != 0;
    json_object_set_new(root, "variant", json_string(r->name));
    json_object_set_new(root, "options", json_string(opts));
    json_object_set_new(root, "holes", holes);
    json_object_set_new(root, "owner", owner);
    json_object_set_new(root, "mark", mark);
    json_object_set_new(root, "stores", ref_sides(p->store[0], p->store[1]));
    json_object_set_new(root, "to_move", over ? json_null() : json_string(p->to_move ? "N" : "S"));
    json_object_set_new(root, "phase", json_string(r->phases[p->phase]));
    json_object_set_new(root, "ply", json_integer(p->ply));
    json_object_set_new(root, "round", json_integer(p->round));
    gb_state_field f;
    for (int i = 0; gb_game_field(g, i, &f) == GB_OK; i++)
        if (!json_object_get(root, f.key))
            json_object_set_new(root, f.key,
                                f.per_side ? ref_sides(f.side[0], f.side[1])
                                : f.text   ? json_string(f.text)
                                           : json_integer(f.side[0]));
    json_object_set_new(root, "over", json_boolean(over));
    if (over) {
        int s[2];
        r->scores(gb_game_options(g), p, s);
        json_object_set_new(root, "result",
                            json_pack("{s:o,s:o}", "winner",
                                      p->winner == GB_DRAW ? json_null()
                                                           : json_string(p->winner ? "N" : "S"),
                                      "scores", ref_sides(s[0], s[1])));
        json_object_set_new(root, "end_reason", json_string(gb_end_reason_name(p->end_reason)));
    } else {
        json_object_set_new(root, "result", json_null());
        json_object_set_new(root, "end_reason", json_null());
    }
    /* the end in words, as the jansson writer added them (words.c) */
    char buf[4096], standing[512];
    if (gb_result_line(g, buf, sizeof buf) >= 0)
        json_object_set_new(root, "result_line", json_string(buf));
    int round = gb_last_round_ended(g);
    if (round > 0 && gb_round_summary(g, round, buf, sizeof buf) >= 0 &&
        gb_round_standing(g, round, standing, sizeof standing) >= 0)
        json_object_set_new(root, "last_round",
                            json_pack("{s:i,s:s,s:s}", "round", round, "text", buf, "standing", standing));
    int k = gb_match_summary(g, NULL, 0);
    char *all = k >= 0 ? malloc((size_t)k + 1) : NULL;
    if (all && gb_match_summary(g, all, (size_t)k + 1) >= 0)
        json_object_set_new(root, "match_summary", json_string(all));
    free(all);
    char *out = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(root);
    return out;
}

/* Random options for a variant: each option at a random choice, numbers small enough that the
 * caps (T3) and the match's round limit end some games. */
static void random_options(const char *v, uint64_t *rng, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < gb_variant_option_count(v); i++) {
        gb_option_info o;
        assert_int_equal(gb_variant_option(v, i, &o), GB_OK);
        if (gb_rand_next(rng) % 2)
            continue; /* this one at its default */
        if (o.choices) {
            int n = 0;
            while (o.choices[n])
                n++;
            used += (size_t)snprintf(buf + used, len - used, "%s=%s ", o.key,
                                     o.choices[gb_rand_next(rng) % (uint64_t)n]);
        } else {
            long hi = o.max < 300 ? o.max : 300;
            long x = o.min + (long)(gb_rand_next(rng) % (uint64_t)(hi - o.min + 1));
            used += (size_t)snprintf(buf + used, len - used, "%s=%ld ", o.key, x);
        }
    }
}

static void same_json(const gb_game *g, const char *where)
{
    char *mine = gb_state_json(g), *ref = ref_state_json(g);
    assert_non_null(mine);
    assert_non_null(ref);
    if (strcmp(mine, ref) != 0)
        fail_msg("%s:\n  writer  %s\n  jansson %s", where, mine, ref);
    /* and it is JSON: jansson reads it back */
    json_error_t e;
    json_t *back = json_loads(mine, 0, &e);
    if (!back)
        fail_msg("%s: not JSON (%s): %s", where, e.text, mine);
    json_decref(back);
    free(mine);
    free(ref);
}

/* Every ply of random games (random moves, layouts included) of every game, with random options:
 * the writer and jansson write the same bytes. */
static void test_state_json_random_games(void **state)
{
    (void)state;
    uint64_t rng = 20261201;
    long states = 0, over = 0;
    for (int vi = 0; vi < gb_variant_count(); vi++) {
        const char *v = gb_variant_name(vi);
        for (int game = 0; game < 40; game++) {
            char opts[512];
            random_options(v, &rng, opts, sizeof opts);
            gb_game *g = NULL;
            gb_error err;
            if (gb_game_new(&g, v, opts, rng, &err) != GB_OK)
                continue; /* a combination the game refuses */
            char where[700];
            for (int ply = 0; ply < 3000; ply++) {
                snprintf(where, sizeof where, "%s [%s] game %d ply %d", v, opts, game, ply);
                same_json(g, where);
                states++;
                gb_move m;
                if (gb_random_move(g, &rng, &m) != GB_OK)
                    break;
                assert_int_equal(gb_play(g, &m, &err), GB_OK);
            }
            over += gb_is_over(g);
            gb_game_free(g);
        }
    }
    print_message("%ld states compared, %ld games played to the end\n", states, over);
    assert_true(states > 10000);
    assert_true(over > 40);
}

static void quoted(const char *in, const char *want)
{
    char *got = gb_json_quote(in);
    assert_non_null(got);
    if (strcmp(got, want) != 0)
        fail_msg("quote: got %s, want %s", got, want);
    free(got);
}

/* Escapes worked out by hand from RFC 8259 (its section on strings). */
static void test_escaping_by_hand(void **state)
{
    (void)state;
    quoted("", "\"\"");
    quoted("plain", "\"plain\"");
    quoted("a\"b", "\"a\\\"b\"");
    quoted("back\\slash", "\"back\\\\slash\"");
    quoted("\b\f\n\r\t", "\"\\b\\f\\n\\r\\t\"");
    quoted("\x01\x1f", "\"\\u0001\\u001F\"");
    quoted("\x7f/", "\"\x7f/\"");                          /* DEL and '/' need no escape */
    quoted("min\xc3\xa9", "\"min\xc3\xa9\"");              /* miné: UTF-8 passed through */
    quoted("\xe2\x80\x94\xf0\x9f\x8e\xb2", "\"\xe2\x80\x94\xf0\x9f\x8e\xb2\""); /* — and a 4-byte one */
    /* bytes that are no UTF-8 become U+FFFD: a lone continuation, a cut sequence, an overlong
     * '/', a surrogate, past U+10FFFF */
    quoted("\x80", "\"\xef\xbf\xbd\"");
    quoted("a\xc3", "\"a\xef\xbf\xbd\"");
    quoted("\xc0\xaf", "\"\xef\xbf\xbd\xef\xbf\xbd\"");
    quoted("\xed\xa0\x80", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");
    quoted("\xf4\x90\x80\x80", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");
}

/* Random strings of valid UTF-8 (ASCII with every control character, 2-, 3- and 4-byte
 * sequences): the writer quotes them as jansson does. */
static void test_escaping_against_jansson(void **state)
{
    (void)state;
    uint64_t rng = 7;
    for (int t = 0; t < 20000; t++) {
        char s[256];
        size_t n = 0;
        int len = (int)(gb_rand_next(&rng) % 24);
        for (int k = 0; k < len; k++) {
            uint64_t r = gb_rand_next(&rng);
            unsigned cp;
            switch (r % 4) {
            case 0: cp = 1 + (unsigned)(r >> 8) % 0x7f; break;
            case 1: cp = 0x80 + (unsigned)(r >> 8) % (0x800 - 0x80); break;
            case 2: cp = 0x800 + (unsigned)(r >> 8) % (0x10000 - 0x800); break;
            default: cp = 0x10000 + (unsigned)(r >> 8) % (0x110000 - 0x10000); break;
            }
            if (cp >= 0xD800 && cp <= 0xDFFF)
                cp = '"';
            if (cp < 0x80) {
                s[n++] = (char)cp;
            } else if (cp < 0x800) {
                s[n++] = (char)(0xC0 | (cp >> 6));
                s[n++] = (char)(0x80 | (cp & 0x3F));
            } else if (cp < 0x10000) {
                s[n++] = (char)(0xE0 | (cp >> 12));
                s[n++] = (char)(0x80 | ((cp >> 6) & 0x3F));
                s[n++] = (char)(0x80 | (cp & 0x3F));
            } else {
                s[n++] = (char)(0xF0 | (cp >> 18));
                s[n++] = (char)(0x80 | ((cp >> 12) & 0x3F));
                s[n++] = (char)(0x80 | ((cp >> 6) & 0x3F));
                s[n++] = (char)(0x80 | (cp & 0x3F));
            }
        }
        s[n] = 0;
        json_t *js = json_string(s);
        assert_non_null(js);
        char *ref = json_dumps(js, JSON_ENCODE_ANY);
        json_decref(js);
        char *mine = gb_json_quote(s);
        if (strcmp(mine, ref) != 0)
            fail_msg("string %d: writer %s, jansson %s", t, mine, ref);
        free(mine);
        free(ref);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_state_json_random_games),
        cmocka_unit_test(test_escaping_by_hand),
        cmocka_unit_test(test_escaping_against_jansson),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
