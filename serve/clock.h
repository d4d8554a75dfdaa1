/* clock.h — the clocks of online games (docs/api.md, "Clocks"): the time control a request asks
 * for, the clock arithmetic (pure functions of a clock_run and the time, unit tested in
 * tests/test_clock.c), and the timer thread that ends a game whose side to move ran out while no
 * request arrives.
 *
 * clock.c sits at the bottom of the server with store.c: it calls nothing of the server. The
 * timer knows games by id only (a game may leave memory while its clock runs); when a deadline
 * passes it calls the function api.c registered at clock_timer_start, without its own lock held,
 * and api.c decides from the game itself (the deadline may have moved since). Times are
 * wall-clock milliseconds since 1970, as stored, so that a deadline survives a restart. */
#ifndef GABATA_SERVE_CLOCK_H
#define GABATA_SERVE_CLOCK_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CLOCK_MIN_INITIAL_MS 5000LL        /* 5 s */
#define CLOCK_MAX_INITIAL_MS 10800000LL    /* 3 h */
#define CLOCK_MAX_INCREMENT_MS 180000LL    /* 180 s */
#define CLOCK_FIRST_MOVE_MS 30000LL        /* a side's first move: 30 s, or his initial time if shorter */

/* {"initial_s": N, "increment_s": N} (whole or fractional seconds) into milliseconds. NULL or
 * json null: no clock (0, 0), returns 0. Bad: -1 with one line in err. */
int clock_parse(json_t *clock, int64_t *initial_ms, int64_t *increment_ms, char *err, size_t errlen);

/* Where a game's clock stands. A side's clock runs only from his second move on: before his first
 * one he has a window of CLOCK_FIRST_MOVE_MS (or his initial time) to make it, and then
 * `deadline_ms` is that window's end instead. */
typedef struct clock_run {
    int64_t left_ms[2];  /* each side's time; for the side whose clock runs, as at deadline_ms - left */
    int64_t deadline_ms; /* when the running side's time is up or his first-move window closes; 0: none */
    int running;         /* -1: nothing counts (not started, or over); 0 South, 1 North */
    bool moved[2];       /* the side has made his first (chosen) move: his clock runs on his turns */
    bool started;        /* both seats taken: the clock has begun */
} clock_run;

/* What clock_due finds. */
enum { CLOCK_OK = 0, CLOCK_FLAG, CLOCK_ABORT };

/* The game begins (both seats taken) with `to_move` to make his first move. */
void clock_begin(clock_run *c, int64_t initial_ms, int to_move, int64_t now);
/* `mover` has moved (forced: the server played his only legal move, which costs no time and is
 * not his first move) and `next` is to move (-1: the game is over, the clock stops). The
 * increment is added after each chosen move but the first (before it the clock did not run). */
void clock_moved(clock_run *c, int mover, bool forced, int next, int64_t initial_ms, int64_t increment_ms,
                 int64_t now);
/* The clock stops (the game ended otherwise: resigned, agreed, by the rules), as it stands at now. */
void clock_stop(clock_run *c, int64_t now);
/* Has the side to move run out (CLOCK_FLAG) or missed his first move's window (CLOCK_ABORT) by
 * now? *side: whose. */
int clock_due(const clock_run *c, int64_t now, int *side);
/* The side's time at now (never below 0). */
int64_t clock_left(const clock_run *c, int side, int64_t now);
/* The view's "clock" (docs/api.md, "Clocks"). */
json_t *clock_json(const clock_run *c, int64_t initial_ms, int64_t increment_ms, int64_t now);
/* A time control as the API writes it: {"initial_s", "increment_s"} (whole seconds as integers),
 * or JSON null for initial_ms <= 0 (no clock). What clock_parse reads back. */
json_t *clock_control_json(int64_t initial_ms, int64_t increment_ms);

/* Wall-clock milliseconds since 1970. */
int64_t clock_now_ms(void);

/* The timer: a thread that sleeps until the earliest deadline armed and then calls expired(id)
 * (without the timer's lock). 0, or -1. */
int clock_timer_start(void (*expired)(const char *game_id));
/* Stop and join the thread; every deadline is forgotten. */
void clock_timer_stop(void);
/* The game's deadline is now deadline_ms (0: none): replaces any earlier one of the game. Safe
 * from any thread; a no-op while the timer is not running. */
void clock_timer_arm(const char *game_id, int64_t deadline_ms);
/* Deadlines armed (for /api/health and the tests). */
long clock_timer_count(void);

#endif
