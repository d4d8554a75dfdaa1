/* i18n.h — the gabata program in the players' languages (issue 22 §3, docs/translating.md):
 * gettext from the C library, domain "gabata", catalogs compiled from po/<lang>.po. */
#ifndef GABATA_CLI_I18N_H
#define GABATA_CLI_I18N_H

#include <libintl.h>

#define _(s) gettext(s)
#define N_(s) s

/* The languages of the catalogs (po/), English first (it needs none). */
extern const char *const cli_languages[];

/* Before anything is printed: the locale from the environment (LC_ALL, LC_MESSAGES, LANG) and
 * LANGUAGE, or `--lang CODE` anywhere among argv (removed from it; *argc lowered), and the
 * catalogs: next to the program when it runs from its build directory, else under its prefix's
 * share/locale. Returns 0, or 2 with a message on stderr for an unknown or missing CODE. */
int cli_i18n_init(int *argc, char **argv);
/* The library's texts for players in the same language (gb_set_translate with gettext, and
 * gb_set_translate_plural with ngettext for a count's forms), for the commands that show them
 * to a person (play, rules), not those read by programs. */
void cli_i18n_library(void);
/* The library in English again (a record's tags, read in any language). */
void cli_i18n_library_off(void);
/* The language in use: "en", "ar", "am", "ti" or "om". */
const char *cli_language(void);

#endif
