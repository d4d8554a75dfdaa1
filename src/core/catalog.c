/* catalog.c — the games and their options as data, for clients that build menus (a web page, a
 * GUI): the same option tables that gb_game_new parses, read through the public API. */
#include "internal.h"

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
    return GB_OK;
}

int gb_variant_rows(const char *name)
{
    const gb_rules *r = gb_rules_find(name);
    return r ? r->n : 0;
}
