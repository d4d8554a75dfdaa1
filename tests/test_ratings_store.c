/* test_ratings_store.c — the ratings at a rated game's end, through the store (serve/store.c,
 * players.c) on an in-memory database: each way a game can end, the clocks' two included (the
 * enum values ENDED_S_TIME, ENDED_N_TIME and ENDED_ABORTED are set directly, as the clocks will),
 * moves the ratings in the direction its winner says, or not at all; once only; an unrated game
 * never. The exact amounts are rating.c's (tests/test_rating.c); here only the directions. And
 * the players' names by their looks (names.c's name_look), in a new and in an older database. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gabata.h"
#include "names.h"
#include "players.h"
#include "store.h"

#include <sqlite3.h>

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
    assert_int_equal(players_add(id, name, key, NULL, h, NULL), 0);
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
    assert_int_equal(players_rating(id, "sadeqa", (int64_t)time(NULL), &r, &games), 0);
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

/* A rated game between ps (South) and pn that South (or North) wins by resignation, ending at
 * unix second t (the store rates it at its end's time) */
static void won_at(const char *ps, const char *pn, bool south_wins, int64_t t)
{
    slot *s = game(ps, pn, true);
    assert_int_equal(store_save(s), 0);
    s->finished_at = t * 1000;
    s->ended = south_wins ? ENDED_N_RESIGNED : ENDED_S_RESIGNED;
    assert_int_equal(store_save(s), 0);
}

static rating rating_of_at(const char *id, int64_t t)
{
    rating r;
    int games;
    assert_int_equal(players_rating(id, "sadeqa", t, &r, &games), 0);
    return r;
}

/* Ratings grow unsure while their players are away (rating_idle, RATING_IDLE_DAYS): read a year
 * after the last game, the RD is the stored one grown by hand, sqrt((rd / 173.7178)^2 + 365 / 4 x
 * vol^2) x 173.7178; a settled player leaves the best players' list once that passes 110, and
 * his next game moves his rating more than the same game played the next day would. */
static void away(void **state)
{
    (void)state;
    const int64_t t0 = 1700000000, day = 86400;
    char a[STORE_ID_LEN + 1], b[STORE_ID_LEN + 1], c[STORE_ID_LEN + 1], d[STORE_ID_LEN + 1];
    new_player(a);
    new_player(b);
    int n = 0;
    for (; n < 60 && (rating_provisional(rating_of_at(a, t0)) || rating_provisional(rating_of_at(b, t0))); n++)
        won_at(a, b, n % 3 != 2, t0); /* A wins two of three */
    assert_true(n < 60);
    rating now = rating_of_at(a, t0), later = rating_of_at(a, t0 + 365 * day);
    const double phi = now.rd / 173.7178, want = sqrt(phi * phi + 365.0 / 4 * now.vol * now.vol) * 173.7178;
    assert_true(fabs(later.rd - want) < 1e-6);
    assert_true(later.rd > now.rd && later.r == now.r);
    /* listed now; a year on, RD grows past 110 from about 50-60: both gone */
    json_t *best = players_best_json("sadeqa", 10, t0);
    assert_non_null(best);
    json_t *list = json_object_get(best, "players");
    assert_int_equal(json_array_size(list), 2);
    assert_string_equal(json_string_value(json_object_get(json_array_get(list, 0), "id")), a);
    json_decref(best);
    for (int years = 1; years <= 3; years++) {
        bool a_settled = !rating_provisional(rating_of_at(a, t0 + years * 365 * day));
        best = players_best_json("sadeqa", 10, t0 + years * 365 * day);
        assert_int_equal((int)json_array_size(json_object_get(best, "players")) >= 1, a_settled);
        json_decref(best);
    }
    best = players_best_json("sadeqa", 10, t0 + 3 * 365 * day);
    assert_int_equal(json_array_size(json_object_get(best, "players")), 0);
    json_decref(best);
    /* the same game, a day later for one pair and two years later for another alike */
    new_player(c);
    new_player(d);
    won_at(c, d, true, t0);
    char e[STORE_ID_LEN + 1], f[STORE_ID_LEN + 1];
    new_player(e);
    new_player(f);
    won_at(e, f, true, t0);
    const double c0 = rating_of_at(c, t0).r, e0 = rating_of_at(e, t0).r;
    assert_true(c0 == e0);
    won_at(d, c, true, t0 + day); /* the loser wins it back */
    won_at(f, e, true, t0 + 730 * day);
    const double dc = c0 - rating_of_at(c, t0 + day).r, de = e0 - rating_of_at(e, t0 + 730 * day).r;
    assert_true(dc > 0 && de > dc);
}

/* --rated-pair-per-day (players_set_pair_limit): of the rated games two players finish against
 * each other in a rolling 24 hours, only the first n are rated; the next ends casual (`rated`
 * false, the ratings as they were). The window is (end - 24 h, end], counted from the database:
 * a game that ended 24 h ago to the millisecond no longer counts; an aborted one never does; another pair, or the same
 * players against a third, not at all; the order of the seats does not matter. */
static void ended_at(const char *ps, const char *pn, int ended, int64_t t, bool want_rated)
{
    rating s0, n0, s1, n1;
    int gs0, gn0, gs1, gn1;
    assert_int_equal(players_rating(ps, "sadeqa", t, &s0, &gs0), 0);
    assert_int_equal(players_rating(pn, "sadeqa", t, &n0, &gn0), 0);
    slot *s = game(ps, pn, true);
    s->finished_at = t * 1000;
    s->ended = ended;
    assert_int_equal(store_save(s), 0);
    assert_int_equal(s->rated, want_rated);
    assert_int_equal(players_rating(ps, "sadeqa", t, &s1, &gs1), 0);
    assert_int_equal(players_rating(pn, "sadeqa", t, &n1, &gn1), 0);
    assert_int_equal(gs1, gs0 + (want_rated && ended != ENDED_EARLY));
    assert_int_equal(gn1, gn0 + (want_rated && ended != ENDED_EARLY));
    if (!want_rated)
        assert_true(s1.r == s0.r && n1.r == n0.r);
}

static void pair_limit(void **state)
{
    (void)state;
    const int64_t t0 = 1700000000, hour = 3600;
    char a[STORE_ID_LEN + 1], b[STORE_ID_LEN + 1], c[STORE_ID_LEN + 1];
    new_player(a);
    new_player(b);
    new_player(c);
    players_set_pair_limit(2);
    ended_at(a, b, ENDED_N_RESIGNED, t0, true);
    ended_at(a, b, ENDED_EARLY, t0 + hour, true);          /* aborted: unrated, and not counted */
    ended_at(b, a, ENDED_S_RESIGNED, t0 + 2 * hour, true);  /* seats swapped: the same pair, 2nd */
    ended_at(a, b, ENDED_N_RESIGNED, t0 + 3 * hour, false); /* 3rd within 24 h: casual */
    ended_at(b, a, ENDED_DRAW_AGREED, t0 + 23 * hour, false);
    assert_int_equal(players_pair_limited(a, b, (t0 + 23 * hour) * 1000, false), 1);
    ended_at(a, c, ENDED_N_RESIGNED, t0 + 3 * hour, true);  /* a against a third: his own count */
    ended_at(c, a, ENDED_N_RESIGNED, t0 + 4 * hour, true);
    /* the first game (t0) leaves the window 24 h later; the second (t0 + 2 h) still counts */
    assert_int_equal(players_pair_limited(a, b, (t0 + 24 * hour) * 1000 - 1, false), 1);
    assert_int_equal(players_pair_limited(a, b, (t0 + 24 * hour) * 1000, false), 0);
    ended_at(a, b, ENDED_N_RESIGNED, t0 + 24 * hour + 1, true);
    ended_at(a, b, ENDED_N_RESIGNED, t0 + 25 * hour, false);
    /* a game being played counts only when asked (at a seek: it may still be rated) */
    char d[STORE_ID_LEN + 1], e[STORE_ID_LEN + 1];
    new_player(d);
    new_player(e);
    ended_at(d, e, ENDED_N_RESIGNED, t0, true);
    slot *going = game(e, d, true);
    assert_non_null(going);
    assert_int_equal(players_pair_limited(d, e, t0 * 1000 + 1, false), 0);
    assert_int_equal(players_pair_limited(d, e, t0 * 1000 + 1, true), 1);
    players_set_pair_limit(0); /* no limit: the same count never limits */
    assert_int_equal(players_pair_limited(d, e, t0 * 1000 + 1, true), 0);
    ended_at(a, b, ENDED_N_RESIGNED, t0 + 25 * hour, true);
}

/* Names that look alike on a screen (name_look, UTS #39's skeleton): the second is refused with
 * the first's name, though their letters differ; a name merely near another is not */
static void add_named(const char *name, int expect, const char *expect_like)
{
    char nfc[NAME_BUF], key[NAME_BUF], why[160], look[NAME_LOOK_BUF], like[NAME_BUF] = "";
    char id[STORE_ID_LEN + 1];
    unsigned char h[32];
    assert_int_equal(name_check(name, strlen(name), nfc, key, why, sizeof why), 0);
    assert_int_equal(name_look(key, look, sizeof look), 0);
    snprintf(id, sizeof id, "%032d", ++serial);
    store_sha256(id, strlen(id), h);
    assert_int_equal(players_add(id, nfc, key, look, h, like), expect);
    if (expect_like)
        assert_string_equal(like, expect_like);
}

static void looks(void **state)
{
    (void)state;
    add_named("Abeba", 0, NULL);
    add_named("\xd0\x90" "beba", 2, "Abeba");      /* a Cyrillic A (U+0410) */
    add_named("ABEBA", 1, "Abeba");               /* the same name in capitals: taken, as before */
    add_named("Abebe", 0, NULL);                  /* another name, one letter apart */
    add_named("Kebede", 0, NULL);
    add_named("K\xd0\xb5" "bede", 2, "Kebede");     /* a Cyrillic e (U+0435) */
    add_named("Ali", 0, NULL);
    add_named("A1i", 2, "Ali");                   /* the digit one for the letter l */
    add_named("\xe1\x8a\xa0\xe1\x89\xa0\xe1\x89\xa0", 0, NULL); /* Ge'ez: a-be-be */
    add_named("\xe1\x8a\xa0\xe1\x89\xa0\xe1\x89\xa4", 0, NULL); /* a-be-bé: another name */
}

/* An older database (players without name_look) gains the column at open, filled for every row,
 * and its names are then compared by look */
static void looks_of_an_older_database(void **state)
{
    (void)state;
    char dir[] = "/tmp/gabata-looks-XXXXXX", path[64], err[256];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/games.sqlite", dir);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db,
                                  "CREATE TABLE players (id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,"
                                  " key_hash BLOB NOT NULL UNIQUE, created INTEGER NOT NULL);"
                                  "INSERT INTO players VALUES ('00000000000000000000000000000001', 'Tsegaye', 'tsegaye', x'01', 1);",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    assert_int_equal(store_open(dir, 16, 8, false, err, sizeof err), 0);
    add_named("Tseg\xd0\xb0ye", 2, "Tsegaye"); /* a Cyrillic a (U+0430) */
    add_named("Tsegaye Abebe", 0, NULL);
    store_close();
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    sqlite3_stmt *q;
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT count(*) FROM players WHERE name_look IS NULL", -1, &q, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(q, 0), 0);
    sqlite3_finalize(q);
    sqlite3_close(db);
    char rm[96];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
    assert_int_equal(system(rm), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(endings, setup, teardown),
        cmocka_unit_test_setup_teardown(looks, setup, teardown),
        cmocka_unit_test_setup_teardown(away, setup, teardown),
        cmocka_unit_test_setup_teardown(pair_limit, setup, teardown),
        cmocka_unit_test(looks_of_an_older_database),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
