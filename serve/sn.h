/* sn.h — SN_("…"): a message of gabata serve that a player of the page may read (a refusal of
 * a move, a seek, an offer, a claim, a name...). It is the text itself, sent in English as ever;
 * the mark is for tools/i18n-update, which extracts these formats into po/gabata.pot, and the
 * page translates what it receives with tlib (web/i18n.js), reading the values (%d, %s) out of
 * the English. So the format is the msgid: change one and run tools/i18n-update. Messages only
 * a misused API meets (malformed JSON, a wrong field) are left unmarked, in English
 * (docs/translating.md, "The server's messages"). */
#ifndef GABATA_SERVE_SN_H
#define GABATA_SERVE_SN_H
#define SN_(s) s
#endif
