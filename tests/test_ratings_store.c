/* test_ratings_store.c — the ratings at a rated game's end, through the store (serve/store.c,
 * players.c) on an in-memory database: each way a game can end, the clocks' two included (the
 * enum values ENDED_S_TIME, ENDED_N_TIME and ENDED_ABORTED are set directly, as the clocks will),
 * moves the ratings in the direction its winner says, or not at all; once only; an unrated game
 * never. The exact amounts are rating.c's (tests/test_rating.c); here only the directions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gabata.h"
#include "players.h"
#include "store.h"

static int setup(void **state)
{
    (void)state;
    char err[256];
    return store_open(NULL, 16, 8, false, err, sizeof err);
}

static int teardown(void **state)
{
    (void)state;
    store_close();
    return 0;
}

static int serial;

static void new_player(char *id)
{
    char name[32], key[32];
    unsigned char h[32];
    snprintf(id, STORE_ID_LEN + 1, "%032d", ++serial);
    snprintf(name, sizeof name, "P%d", serial);
    snprintf(key, sizeof key, "p%d", serial);
    store_sha256(id, strlen(id), h);
    assert_int_equal(players_add(id, name, key, h), 0);
}

/* a rated (or not) sadeqa game between two new players, ended by `ended` (ENDED_NO: not yet) */
static slot *game(const char *ps, const char *pn, bool rated)
{
    slot *s = store_new_slot();
    assert_non_null(s);
    gb_error ge;
    assert_int_equal(gb_game_new(&s->g, "sadeqa", "", 1, &ge), GB_OK);
    snprintf(s->variant, sizeof s->variant, "sadeqa");
    s->options = strdup("");
    s->players[0] = s->players[1] = (player){PLAYER_HUMAN, 0, 0, 0};
    s->online = s->joined = true;
    s->rated = rated;
    snprintf(s->player_id[0], sizeof s->player_id[0], "%s", ps);
    snprintf(s->player_id[1], sizeof s->player_id[1], "%s", pn);
    assert_int_equal(store_add(s), 0);
    return s;
}

static double r_of(const char *id)
{
    rating r;
    int games;
    assert_int_equal(players_rating(id, "sadeqa", &r, &games), 0);
    return r.r;
}

/* end a fresh game that way; the change of South's and North's ratings */
static void end_by(int ended, bool rated, double *ds, double *dn)
{
    char s_id[STORE_ID_LEN + 1], n_id[STORE_ID_LEN + 1];
    new_player(s_id);
    new_player(n_id);
    slot *s = game(s_id, n_id, rated);
    assert_int_equal(store_save(s), 0); /* not over yet: nothing */
    assert_true(r_of(s_id) == 1500 && r_of(n_id) == 1500);
    s->ended = ended;
    assert_int_equal(store_save(s), 0);
    *ds = r_of(s_id) - 1500;
    *dn = r_of(n_id) - 1500;
    assert_int_equal(store_save(s), 0); /* saved again after its end: rated once only */
    assert_true(r_of(s_id) - 1500 == *ds && r_of(n_id) - 1500 == *dn);
}

static void endings(void **state)
{
    (void)state;
    double ds, dn;
    end_by(ENDED_S_TIME, true, &ds, &dn); /* South's flag fell: North wins */
    assert_true(ds < 0 && dn > 0);
    end_by(ENDED_N_TIME, true, &ds, &dn);
    assert_true(ds > 0 && dn < 0);
    end_by(ENDED_ABORTED, true, &ds, &dn); /* no first move in time: nothing */
    assert_true(ds == 0 && dn == 0);
    end_by(ENDED_S_RESIGNED, true, &ds, &dn);
    assert_true(ds < 0 && dn > 0);
    end_by(ENDED_N_RESIGNED, true, &ds, &dn);
    assert_true(ds > 0 && dn < 0);
    end_by(ENDED_DRAW_AGREED, true, &ds, &dn); /* equals drawing: equal still */
    assert_true(ds == 0 && dn == 0);
    end_by(ENDED_N_TIME, false, &ds, &dn); /* unrated: nothing */
    assert_true(ds == 0 && dn == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(endings, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
