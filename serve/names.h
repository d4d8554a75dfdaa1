/* names.h — players' names of `gabata serve` (docs/api.md, "Players"): any script, checked and
 * normalized with libunistring, their looks compared with ICU. Pure functions. */
#ifndef GABATA_SERVE_NAMES_H
#define GABATA_SERVE_NAMES_H

#include <stddef.h>

#define NAME_MAX_CHARS 20  /* letters, digits and spaces; a letter's combining marks count with it */
#define NAME_MAX_CODES 60  /* code points in all (marks included): bounds the bytes */
#define NAME_MAX_MARKS 4   /* combining marks on one letter or digit */
#define NAME_MAX_BYTES (NAME_MAX_CODES * 4)

/* Check the name of len bytes: 0, with its NFC form (what is stored and shown) in nfc and its
 * key for uniqueness (case folded, NFKC) in key, each NUL-terminated in NAME_MAX_BYTES * 3 + 1
 * bytes; or -1 with a one-line reason in err. */
int name_check(const char *in, size_t len, char *nfc, char *key, char *err, size_t errlen);
#define NAME_BUF (NAME_MAX_BYTES * 3 + 1)

/* What a name looks like: the confusable skeleton of Unicode's UTS #39 (ICU's uspoof) of its key
 * (name_check's), so that names that look alike on a screen have one look even when their letters
 * differ: Latin "Abeba" and "Аbeba" with a Cyrillic А, "rn" and "m", "l" and "I". NUL-terminated
 * in NAME_LOOK_BUF bytes; 0, or -1 when ICU fails (then no look: the name is checked by its key). */
#define NAME_LOOK_BUF (NAME_BUF * 6)
int name_look(const char *key, char *look, size_t len);

#endif
