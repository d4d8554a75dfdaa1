/* test_api_args.c — the public functions of gabata.h called as a program of its own might call
 * them by mistake: input that is not UTF-8. docs/library.md ("Errors"): bad input is
 * refused with GB_EINVAL and a one-line message, never a crash, a hang, or a silent substitute. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "helpers.h"

#include "gabata.h"

/* Is s valid UTF-8 (RFC 3629)? Written here apart from the library's own check. */
static bool valid_utf8(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int k = *p < 0x80 ? 1 : (*p & 0xe0) == 0xc0 ? 2 : (*p & 0xf0) == 0xe0 ? 3 : (*p & 0xf8) == 0xf0 ? 4 : 0;
        if (!k || (k == 2 && *p < 0xc2) || (k == 4 && *p > 0xf4))
            return false;
        unsigned long cp = k == 1 ? *p : *p & (0x7fu >> k);
        for (int i = 1; i < k; i++) {
            if ((p[i] & 0xc0) != 0x80)
                return false;
            cp = cp << 6 | (p[i] & 0x3f);
        }
        if ((k == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (k == 4 && (cp < 0x10000 || cp > 0x10ffff)))
            return false;
        p += k;
    }
    return true;
}

#define GEEZ5 "\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80\xe1\x88\x80" /* U+1200 five times */

/* A gb_error's message is UTF-8 text, whatever it quotes: bytes that are not UTF-8 in the input,
 * and a quote cut at 40 bytes in the middle of a Ge'ez letter (3 bytes each), came out raw, and
 * a client that hands the message on as a JSON string or a UTF-8 string type fails on them. */
static void test_messages_are_utf8(void **state)
{
    (void)state;
    gb_game *g = game_new("sadeqa", NULL), *h = NULL;
    gb_error err;
    assert_int_equal(gb_play_text(g, "\xff\xfe", &err), GB_EINVAL);
    assert_true(valid_utf8(err.msg));
    assert_non_null(strstr(err.msg, "'?" "?'"));
    assert_int_equal(gb_game_new(&h, "xy" GEEZ5 GEEZ5 GEEZ5, NULL, 1, &err), GB_EINVAL);
    if (!valid_utf8(err.msg))
        fail_msg("not UTF-8: %s", err.msg);
    /* "xy" and 12 letters are 38 bytes: the 13th is cut after its second byte, of which
     * each becomes a '?' */
    assert_non_null(strstr(err.msg, "'xy" GEEZ5 GEEZ5 "\xe1\x88\x80\xe1\x88\x80?" "?'"));
    assert_int_equal(gb_game_from_position(&h, "sadeqa " GEEZ5 GEEZ5 GEEZ5 "=1", 1, &err), GB_EINVAL);
    assert_true(valid_utf8(err.msg));
    assert_int_equal(gb_game_new(&h, "sadeqa", "seeds=\xc3\x28", 1, &err), GB_EINVAL);
    assert_true(valid_utf8(err.msg));
    gb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_messages_are_utf8),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
