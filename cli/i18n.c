/* i18n.c — the gabata program in the players' languages: gettext (glibc's), the catalogs of po/
 * compiled by the build (CMakeLists.txt: msgfmt), the language chosen by `--lang` or the
 * environment as gettext itself would choose it (docs/translating.md). */
#define _GNU_SOURCE
#include "i18n.h"

#include "gabata.h"

#include <limits.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef GABATA_LOCALEDIR
#define GABATA_LOCALEDIR "/usr/local/share/locale"
#endif

const char *const cli_languages[] = {"en", "ar", "am", "ti", "om", NULL};
static const char *language = "en";

static bool known(const char *code, size_t n)
{
    for (int i = 0; cli_languages[i]; i++)
        if (strlen(cli_languages[i]) == n && strncmp(cli_languages[i], code, n) == 0)
            return true;
    return false;
}

/* The first of our languages in a LANGUAGE list ("ar:en") or a locale name ("am_ET.UTF-8"). */
static const char *pick(const char *value)
{
    for (const char *p = value; p && *p;) {
        size_t n = strcspn(p, "_.@:");
        for (int i = 0; cli_languages[i]; i++)
            if (strlen(cli_languages[i]) == n && strncmp(cli_languages[i], p, n) == 0)
                return cli_languages[i];
        p = strchr(p, ':');
        p = p ? p + 1 : NULL;
    }
    return NULL;
}

static bool has_catalog(const char *dir)
{
    char path[PATH_MAX + 64];
    struct stat sb;
    snprintf(path, sizeof path, "%s/ar/LC_MESSAGES/gabata.mo", dir);
    return stat(path, &sb) == 0;
}

/* Where the catalogs are: beside the program in its build directory (locale/, made by the
 * build), else <prefix>/share/locale for the program in <prefix>/bin (an install anywhere, the
 * Debian package), else the prefix it was configured for. */
static void bind_catalogs(void)
{
    static char dir[PATH_MAX];
    char exe[PATH_MAX - 64]; /* room for what is added to it */
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = 0;
            snprintf(dir, sizeof dir, "%s/locale", exe);
            if (has_catalog(dir))
                goto found;
            snprintf(dir, sizeof dir, "%s/../share/locale", exe);
            if (has_catalog(dir))
                goto found;
        }
    }
    snprintf(dir, sizeof dir, "%s", GABATA_LOCALEDIR);
found:
    bindtextdomain("gabata", dir);
    bind_textdomain_codeset("gabata", "UTF-8");
    textdomain("gabata");
}

int cli_i18n_init(int *argc, char **argv)
{
    const char *chosen = NULL;
    for (int i = 1; i < *argc; i++) {
        const char *a = argv[i], *code = NULL;
        int used = 0;
        if (strcmp(a, "--lang") == 0) {
            code = i + 1 < *argc ? argv[i + 1] : "";
            used = i + 1 < *argc ? 2 : 1;
        } else if (strncmp(a, "--lang=", 7) == 0) {
            code = a + 7;
            used = 1;
        } else {
            continue;
        }
        if (!known(code, strlen(code))) {
            fprintf(stderr, "gabata: --lang needs one of en, ar, am, ti, om%s%s%s\n",
                    *code ? ", not '" : "", code, *code ? "'" : "");
            return 2;
        }
        chosen = code;
        memmove(argv + i, argv + i + used, (size_t)(*argc - i - used + 1) * sizeof *argv);
        *argc -= used;
        i--;
    }
    /* The environment's locale; when it is missing from this system (no ar_EG.UTF-8 built),
     * C.UTF-8 instead, with the language its name asked for kept in LANGUAGE: the catalogs
     * are UTF-8 and need no locale of their own. */
    const char *asked = NULL;
    if (!chosen) {
        const char *vars[] = {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"};
        for (int i = 0; i < 4 && !asked; i++) {
            const char *v = getenv(vars[i]);
            if (v && *v) {
                asked = pick(v);
                /* LANGUAGE is a list, tried in order; the others each name one locale, and
                 * the first set decides (a set LC_ALL=C means English) */
                if (i > 0)
                    break;
            }
        }
    }
    const char *loc = setlocale(LC_ALL, "");
    bool utf8 = loc && (strstr(loc, "UTF-8") || strstr(loc, "utf8"));
    if (!loc || (!utf8 && (chosen || asked)))
        setlocale(LC_ALL, "C.UTF-8");
    /* numbers and their points stay the program's own, whatever the locale (printf's %f in
     * files and the protocol) */
    setlocale(LC_NUMERIC, "C");
    language = chosen ? chosen : asked ? asked : "en";
    if (chosen || asked) /* gettext reads LANGUAGE before the locale's name */
        setenv("LANGUAGE", language, 1);
    bind_catalogs();
    return 0;
}

static const char *translate(const char *english) { return gettext(english); }

/* A text whose count qualifies a noun: the catalog's form for n (Arabic has six), from the
 * plural entry of the English pair (msgid, msgid_plural). */
static const char *translate_plural(const char *singular, const char *plural, unsigned long n)
{
    return dngettext("gabata", singular, plural, n);
}

void cli_i18n_library(void)
{
    gb_set_translate(translate);
    gb_set_translate_plural(translate_plural);
}

void cli_i18n_library_off(void)
{
    gb_set_translate(NULL);
    gb_set_translate_plural(NULL);
}

const char *cli_language(void) { return language; }
