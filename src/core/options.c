/* options.c — `key=value` options, named exactly as in RULINGS (defaults first). */
#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

const char *const gb_choices_yes_no[] = {"no", "yes", NULL};
const char *const gb_choices_endless[] = {"illegal", "ends-game", NULL};

void gb_options_default(const gb_rules *r, gb_options *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 0; i < r->num_options; i++) {
        const gb_option_def *d = &r->options[i];
        o->v[d->slot] = d->choices ? 0 : (int)d->def;
    }
}

static void list_keys(const gb_rules *r, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < r->num_options && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", r->options[i].key);
}

static void list_choices(const gb_option_def *d, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; d->choices[i] && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? "|" : "", d->choices[i]);
}

static int set_one(const gb_rules *r, const char *key, size_t klen, const char *val, size_t vlen,
                   gb_options *o, unsigned *seen, gb_error *err)
{
    for (int i = 0; i < r->num_options; i++) {
        const gb_option_def *d = &r->options[i];
        if (strlen(d->key) != klen || strncmp(d->key, key, klen) != 0)
            continue;
        if (*seen & (1u << i))
            return gb_fail(err, GB_EINVAL, "option %s given twice", d->key);
        *seen |= 1u << i;
        if (d->choices) {
            for (int c = 0; d->choices[c]; c++)
                if (strlen(d->choices[c]) == vlen && strncmp(d->choices[c], val, vlen) == 0) {
                    o->v[d->slot] = c;
                    return GB_OK;
                }
            char ch[128];
            list_choices(d, ch, sizeof ch);
            return gb_fail(err, GB_EINVAL, "bad value '%.*s' for option %s (choose %s)",
                           (int)(vlen > 40 ? 40 : vlen), val, d->key, ch);
        }
        char num[32];
        bool digits = vlen > 0 && vlen < sizeof num;
        for (size_t k = 0; digits && k < vlen; k++)
            digits = isdigit((unsigned char)val[k]) != 0;
        long x = 0;
        if (digits) {
            memcpy(num, val, vlen);
            num[vlen] = 0;
            errno = 0;
            x = strtol(num, NULL, 10);
            digits = errno == 0;
        }
        if (!digits || x < d->min || x > d->max)
            return gb_fail(err, GB_EINVAL, "bad value '%.*s' for option %s (a whole number from %ld to %ld)",
                           (int)(vlen > 40 ? 40 : vlen), val, d->key, d->min, d->max);
        o->v[d->slot] = (int)x;
        return GB_OK;
    }
    char keys[256];
    list_keys(r, keys, sizeof keys);
    return gb_fail(err, GB_EINVAL, "unknown option '%.*s' for %s (options: %s)",
                   (int)(klen > 40 ? 40 : klen), key, r->name, keys);
}

int gb_options_parse(const gb_rules *r, const char *text, gb_options *o, gb_error *err)
{
    unsigned seen = 0;
    gb_options_default(r, o);
    if (!text)
        return GB_OK;
    const char *s = text;
    for (;;) {
        while (*s == ' ' || *s == ',' || *s == '\t')
            s++;
        if (!*s)
            return GB_OK;
        const char *start = s;
        while (*s && *s != ' ' && *s != ',' && *s != '\t')
            s++;
        const char *eq = memchr(start, '=', (size_t)(s - start));
        if (!eq || eq == start)
            return gb_fail(err, GB_EINVAL, "option '%.*s' is not of the form key=value",
                           (int)(s - start > 40 ? 40 : s - start), start);
        int rc = set_one(r, start, (size_t)(eq - start), eq + 1, (size_t)(s - eq - 1), o, &seen, err);
        if (rc)
            return rc;
    }
}

void gb_options_format(const gb_rules *r, const gb_options *o, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < r->num_options && used < len; i++) {
        const gb_option_def *d = &r->options[i];
        int v = o->v[d->slot];
        if (d->choices ? v == 0 : v == d->def)
            continue;
        if (d->choices)
            used += (size_t)snprintf(buf + used, len - used, "%s%s=%s", used ? "," : "", d->key,
                                     d->choices[v]);
        else
            used += (size_t)snprintf(buf + used, len - used, "%s%s=%d", used ? "," : "", d->key, v);
    }
}

int gb_variant_options_help(const char *name, char *buf, size_t len)
{
    const gb_rules *r = gb_rules_find(name);
    if (!r || !len)
        return GB_EINVAL;
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < r->num_options && used < len; i++) {
        const gb_option_def *d = &r->options[i];
        if (d->choices) {
            char ch[128];
            list_choices(d, ch, sizeof ch);
            used += (size_t)snprintf(buf + used, len - used, "%s=%s (default %s)\n", d->key, ch,
                                     d->choices[0]);
        } else {
            used += (size_t)snprintf(buf + used, len - used, "%s=N (%ld..%ld, default %ld)\n",
                                     d->key, d->min, d->max, d->def);
        }
    }
    return GB_OK;
}
