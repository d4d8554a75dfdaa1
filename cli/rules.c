/* rules.c — `rules` in gabata play: the game's rules for players and its options in force, as
 * the library gives them (each game's text lives in its folder, src/games/<game>/text.c). */
#include "cli.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    gb_rules_text t;
    fprintf(out, "\n  %s\n", gb_variant_title(v));
    if (gb_variant_rules_text(v, &t) == GB_OK && t.rules[0]) {
        wrapped(out, "  ", "  ", t.origin);
        wrapped(out, "  ", "  ", t.words);
        fprintf(out, "\n");
        for (int i = 0; t.rules[i]; i++)
            wrapped(out, "  - ", "    ", t.rules[i]);
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
        int changed = gb_option_value(g, oi.key, val, sizeof val);
        const char *what = oi.help;
        fprintf(out, "    %s=%s%s%s%s\n", oi.key, val, changed > 0 ? " (chosen)" : "",
                what ? "  — " : "", what ? what : "");
    }
    fprintf(out, "\n");
}
