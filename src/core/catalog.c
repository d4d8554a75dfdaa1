/* catalog.c — the games and their options as data, for clients that build menus (a web page, a
 * GUI): the same option tables that gb_game_new parses, read through the public API. */
#include "internal.h"

#include <stdio.h>

int gb_variant_option_count(const char *name)
{
    const gb_rules *r = gb_rules_find(name);
    return r ? r->num_options : -1;
}

int gb_variant_option(const char *name, int i, gb_option_info *out)
{
    const gb_rules *r = gb_rules_find(name);
    if (!r || i < 0 || i >= r->num_options || !out)
        return GB_EINVAL;
    const gb_option_def *d = &r->options[i];
    out->key = d->key;
    out->choices = d->choices;
    out->min = d->choices ? 0 : d->min;
    out->max = d->choices ? 0 : d->max;
    out->def = d->choices ? 0 : d->def;
    out->help = d->help;
    out->ruling = d->ruling;
    return GB_OK;
}

int gb_option_value(const gb_game *g, const char *key, char *buf, size_t len)
{
    const gb_rules *r = gb_game_rules(g);
    const gb_options *o = gb_game_options(g);
    if (!buf && len)
        return GB_EINVAL;
    for (int i = 0; key && i < r->num_options; i++) {
        const gb_option_def *d = &r->options[i];
        if (strcmp(d->key, key) != 0)
            continue;
        const int v = o->v[d->slot];
        if (d->choices && len) /* (no room: only the answer whether it is the default) */
            gb_copy(buf, len, d->choices[v]);
        else if (len)
            snprintf(buf, len, "%d", v);
        return d->choices ? v != 0 : v != d->def;
    }
    if (len)
        buf[0] = 0;
    return GB_EINVAL;
}

int gb_variant_rows(const char *name)
{
    const gb_rules *r = gb_rules_find(name);
    return r ? r->n : 0;
}
