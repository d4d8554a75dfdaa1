/* rules.c — `rules` in gabata play and `gabata rules`: the game's rules for players, complete
 * for the options in force (gb_rules_lines), and every option with its value, wrapped to the
 * terminal's width (each game's text lives in its folder, src/games/<game>/text.c). */
#include "cli.h"
#include "i18n.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void print_rules(FILE *out, const gb_game *g)
{
    const char *v = gb_game_variant(g);
    const int width = cli_width(out);
    gb_rules_text t;
    fprintf(out, "\n  %s\n", gb_variant_title(v));
    if (gb_variant_rules_text(v, &t) == GB_OK) {
        if (t.origin[0])
            cli_wrap(out, width, "  ", "  ", _(t.origin));
        if (t.words[0])
            cli_wrap(out, width, "  ", "  ", _(t.words));
    }
    gb_rule_line lines[GB_RULE_LINES_MAX];
    int n = gb_rules_lines(g, lines, GB_RULE_LINES_MAX);
    fprintf(out, "\n");
    if (n <= 0)
        fprintf(out, "%s", _("  (no summary for this game yet: see docs/ and `gabata variants`)\n"));
    for (int i = 0; i < n && i < GB_RULE_LINES_MAX; i++)
        cli_wrap(out, width, "  - ", "    ", lines[i].text);
    fprintf(out, "\n");
    fprintf(out, "%s", _("  Options in force:\n"));
    int no = gb_variant_option_count(v);
    for (int i = 0; i < no; i++) {
        gb_option_info oi;
        char val[64], line[1536];
        if (gb_variant_option(v, i, &oi) != GB_OK)
            continue;
        int changed = gb_option_value(g, oi.key, val, sizeof val);
        snprintf(line, sizeof line, "%s=%s%s%s%s", oi.key, val, changed > 0 ? _(" (chosen)") : "",
                 oi.help ? " — " : "", oi.help ? _(oi.help) : "");
        cli_wrap(out, width, "    ", "        ", line);
    }
    fprintf(out, "\n");
}
