/* names.c — what a player's name may be (names.h, docs/api.md "Players"):
 *
 * - valid UTF-8 (u8_check), taken in Unicode's composed form, NFC (u8_normalize): what is stored
 *   and shown, so that one name typed two ways is one name;
 * - letters (general category L) and digits (category N: 0-9, Arabic-Indic digits, Ge'ez
 *   numerals...) of any script, and single spaces between words: no space at either end and no
 *   two in a row (refused rather than trimmed, so that the name stored is the one typed);
 * - combining marks (category M) after a letter, a digit or another mark: Ge'ez, Arabic and many
 *   other scripts write vowels and signs with them; a mark cannot start a word, and a letter bears
 *   at most NAME_MAX_MARKS (Arabic's shadda and vowel, Tibetan's stacks: one letter with 59 accents
 *   stood a screen high in the lobby);
 * - nothing invisible: Unicode's default ignorable code points are refused though some are letters
 *   (the Hangul fillers U+3164, U+115F, U+1160, U+FFA0 are category Lo) or marks (the variation
 *   selectors U+FE00..., U+034F): they made blank names, and names that look exactly like another
 *   ("Abeba" + U+FE00 beside "Abeba", the case folding keeping them apart);
 * - 1 to NAME_MAX_CHARS characters, a letter with its marks counting as one (and at most
 *   NAME_MAX_CODES code points in all);
 * - unique without regard to case: the key is the name case folded with NFKC (u8_casefold), so
 *   "ABEBA", "abeba" and a fullwidth "Ａｂｅｂａ" are one name;
 * - and unlike any other on a screen: the key's look (name_look, UTS #39's skeleton) is another's
 *   only if the two would be taken for each other ("Abeba" with a Cyrillic А, "Kebede" and
 *   "KebeԁE" with a Cyrillic ԁ), so that nobody plays, rates or chats as a look-alike of another.
 * The classes are Unicode's general categories (uc_is_general_category), not uc_is_digit and
 * uc_is_alpha: those follow C's isdigit and isalpha, and refuse the Arabic-Indic digit ٣, the Ge'ez
 * numeral ፩ and the Arabic vowel sign U+064F (checked against libunistring 1.0). */
#include "names.h"
#include "sn.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicase.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>
#include <unicode/uspoof.h>

static int refuse(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int refuse(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

int name_check(const char *in, size_t len, char *nfc_out, char *key_out, char *err, size_t errlen)
{
    const uint8_t *s = (const uint8_t *)in;
    if (len == 0) {
        snprintf(err, errlen, SN_("a name needs 1 to %d letters or digits"), NAME_MAX_CHARS);
        return -1;
    }
    if (len > NAME_MAX_BYTES * 2) {
        snprintf(err, errlen, SN_("a name has at most %d characters"), NAME_MAX_CHARS);
        return -1;
    }
    if (u8_check(s, len) != NULL) {
        snprintf(err, errlen, "a name must be UTF-8 text");
        return -1;
    }
    size_t nlen = 0;
    uint8_t *nfc = u8_normalize(UNINORM_NFC, s, len, NULL, &nlen);
    if (!nfc) {
        snprintf(err, errlen, "the name could not be read (out of memory)");
        return -1;
    }
    int chars = 0, codes = 0, marks = 0, rc = 0;
    bool after_base = false, after_space = false;
    for (size_t i = 0; i < nlen && rc == 0;) {
        ucs4_t c;
        int k = u8_mbtouc(&c, nfc + i, nlen - i);
        i += (size_t)k;
        codes++;
        if (uc_is_property_default_ignorable_code_point(c)) {
            rc = refuse(err, errlen, SN_("a name cannot hold an invisible character (U+%04X)"), (unsigned)c);
        } else if (c == ' ') {
            if (i == (size_t)k)
                rc = refuse(err, errlen, SN_("a name cannot start with a space"));
            else if (after_space)
                rc = refuse(err, errlen, SN_("a name has single spaces between words, not two in a row"));
            after_space = true;
            after_base = false;
            chars++;
        } else if (uc_is_general_category(c, UC_CATEGORY_L) || uc_is_general_category(c, UC_CATEGORY_N)) {
            after_space = false;
            after_base = true;
            marks = 0;
            chars++;
        } else if (uc_is_general_category(c, UC_CATEGORY_M)) {
            if (!after_base)
                rc = refuse(err, errlen, SN_("a combining mark (U+%04X) must follow a letter or digit"), (unsigned)c);
            else if (++marks > NAME_MAX_MARKS)
                rc = refuse(err, errlen, SN_("a letter bears at most %d combining marks"), NAME_MAX_MARKS);
        } else {
            rc = refuse(err, errlen, SN_("a name has letters, digits and spaces only (not U+%04X)"), (unsigned)c);
        }
    }
    if (rc == 0 && after_space)
        rc = refuse(err, errlen, SN_("a name cannot end with a space"));
    if (rc == 0 && (chars > NAME_MAX_CHARS || codes > NAME_MAX_CODES))
        rc = refuse(err, errlen, SN_("a name has at most %d characters"), NAME_MAX_CHARS);
    if (rc != 0) {
        free(nfc);
        return -1;
    }
    size_t klen = 0;
    uint8_t *key = u8_casefold(nfc, nlen, NULL, UNINORM_NFKC, NULL, &klen);
    if (!key || nlen >= NAME_BUF || klen >= NAME_BUF) {
        free(nfc);
        free(key);
        snprintf(err, errlen, "the name could not be read (out of memory)");
        return -1;
    }
    memcpy(nfc_out, nfc, nlen);
    nfc_out[nlen] = 0;
    memcpy(key_out, key, klen);
    key_out[klen] = 0;
    free(nfc);
    free(key);
    return 0;
}

int name_look(const char *key, char *look, size_t len)
{
    UErrorCode st = U_ZERO_ERROR;
    USpoofChecker *sc = uspoof_open(&st); /* per call: a name is made rarely, and no state is shared */
    if (U_FAILURE(st))
        return -1;
    int32_t n = uspoof_getSkeletonUTF8(sc, 0, key, -1, look, (int32_t)len, &st);
    uspoof_close(sc);
    if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING || n < 0 || (size_t)n >= len)
        return -1;
    return 0;
}
