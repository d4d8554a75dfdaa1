/* helpers.h — what the cmocka unit tests share, written once: a game made from a variant or a
 * position string, a move played or refused, legality and counts by move text. Each failure
 * names what failed and the library's own message. Include after <cmocka.h>. A file that needs
 * another seed for the games it makes (Qelat's lots, Q7, are drawn from it) defines TEST_SEED
 * before including this. */
#ifndef GABATA_TEST_HELPERS_H
#define GABATA_TEST_HELPERS_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gabata.h"

#ifndef TEST_SEED
#define TEST_SEED 1
#endif

/* Is s valid UTF-8 (RFC 3629: no overlong form, no surrogate, nothing past U+10FFFF)? Written
 * here apart from the library's own check (gb_utf8_len), for the tests that hold its messages
 * and the engine's answers to it. */
static inline bool valid_utf8(const char *s)
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

/* A new game of `variant` with `opts` (NULL: the defaults). */
static inline gb_game *game_new(const char *variant, const char *opts)
{
    gb_game *g = NULL;
    gb_error err = {0, ""};
    if (gb_game_new(&g, variant, opts, TEST_SEED, &err) != GB_OK)
        fail_msg("gb_game_new(%s, %s): %s", variant, opts ? opts : "", err.msg);
    return g;
}

/* A game at a position string (docs/notation.md). */
static inline gb_game *game_at(const char *position)
{
    gb_game *g = NULL;
    gb_error err = {0, ""};
    if (gb_game_from_position(&g, position, TEST_SEED, &err) != GB_OK)
        fail_msg("position refused: %s (%s)", err.msg, position);
    return g;
}

/* Play a move by its text; the test fails, naming the move and why, if it is refused. */
static inline void play(gb_game *g, const char *mv)
{
    gb_error err = {0, ""};
    if (gb_play_text(g, mv, &err) != GB_OK)
        fail_msg("move %s refused: %s", mv, err.msg);
}

/* A move that must be refused, with a reason (every refusal explains itself). */
static inline void refused(gb_game *g, const char *mv)
{
    gb_error err = {0, ""};
    if (gb_play_text(g, mv, &err) == GB_OK)
        fail_msg("move %s was accepted", mv);
    if (!err.msg[0])
        fail_msg("move %s was refused without a reason", mv);
}

/* The same, refused with exactly `code` (GB_EILLEGAL: well-formed but not legal here). */
static inline void refused_with(gb_game *g, const char *mv, int code)
{
    gb_error err = {0, ""};
    int rc = gb_play_text(g, mv, &err);
    if (rc != code)
        fail_msg("move %s: code %d, want %d (%s)", mv, rc, code, err.msg);
    if (!err.msg[0])
        fail_msg("move %s was refused without a reason", mv);
}

/* Is the move written `text` one of the legal moves (compared as the library writes them)? */
static inline bool is_legal(const gb_game *g, const char *text)
{
    gb_move m[GB_MAX_MOVES];
    int n = gb_legal_moves(g, m, GB_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        char t[GB_MOVE_TEXT_MAX];
        gb_move_format(g, &m[i], t, sizeof t);
        if (strcmp(t, text) == 0)
            return true;
    }
    return false;
}

static inline int legal_count(const gb_game *g)
{
    gb_move m[GB_MAX_MOVES];
    return gb_legal_moves(g, m, GB_MAX_MOVES);
}

/* A scratch folder for the tests that write files: made fresh by scratch_setup (a cmocka setup),
 * removed with all it holds by scratch_teardown; scratch_path names a file in it. */
static char scratch_dir[64];
static inline int scratch_setup(void **state)
{
    (void)state;
    strcpy(scratch_dir, "/tmp/gabata_test_XXXXXX");
    return mkdtemp(scratch_dir) ? 0 : -1;
}
static inline int scratch_teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch_dir);
    return system(cmd) == 0 ? 0 : -1;
}
static inline void scratch_path(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "%s/%s", scratch_dir, name);
}

#endif
