/* gabata.h — public interface of libgabata, the rules engine for the two-row mancala games of the
 * Horn of Africa and Egypt (Sadeqa III, Qelat, L'ab al-Akil, Bulto).
 *
 * Conventions (RULINGS §0): holes are numbered in ring (sowing) order: South's row 0..n-1 from
 * South's left, then North's row n..2n-1 from North's left. Side 0 is South, side 1 is North.
 *
 * Ownership: a gb_game is created and freed by the caller; strings returned as `char *` are
 * allocated with malloc and freed by the caller with free(). Nothing here prints or exits; every
 * fallible call returns GB_OK (0) or a negative GB_E* code and, when `err` is not NULL, writes a
 * one-line message into it. */
#ifndef GABATA_H
#define GABATA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GB_VERSION "0.1.0"

enum {
    GB_OK = 0,
    GB_EINVAL = -1,   /* malformed input: option, move text, position, record */
    GB_EILLEGAL = -2, /* well-formed but not legal here */
    GB_EOVER = -3,    /* the game is over */
    GB_ENOMEM = -4,
    GB_EEMPTY = -5,   /* nothing to undo */
    GB_EENDLESS = -6  /* internal: a sowing that never ends (RULINGS T1) */
};

enum { GB_SOUTH = 0, GB_NORTH = 1, GB_DRAW = 2, GB_NOBODY = -1 };

enum { /* how a game ended (RULINGS T3) */
    GB_END_NONE = 0,
    GB_END_RULE,
    GB_END_REPETITION,
    GB_END_CAP,
    GB_END_ENDLESS
};

enum { /* what marks a hole */
    GB_MARK_NONE = 0,
    GB_MARK_EKWARNA_S,
    GB_MARK_EKWARNA_N,
    GB_MARK_BULTO_S,
    GB_MARK_BULTO_N,
    GB_MARK_MINE
};

enum { /* kinds of move */
    GB_MOVE_SOW = 0, /* lift `hole` and sow; Bulto: `refusals` offered bulto refused first */
    GB_MOVE_PASS,    /* Qelat Q5, L'ab al-Akil A9 */
    GB_MOVE_FEED,    /* L'ab al-Akil A8: one seed from `hole` into the opponent's first pit */
    GB_MOVE_LAYOUT,  /* L'ab al-Akil A2: `layout` holds the count of every pit in ring order */
    GB_MOVE_KEEP,    /* L'ab al-Akil A3: the chooser keeps his row */
    GB_MOVE_TURN     /* L'ab al-Akil A3: the chooser turns the board */
};

#define GB_MAX_HOLES 20   /* Bulto's 2x10 is the largest board */
#define GB_MAX_MOVES 1024 /* Bulto refusals can give a position more than 512 moves */
#define GB_ERR_LEN 256

typedef struct gb_error {
    int code;
    char msg[GB_ERR_LEN];
} gb_error;

typedef struct gb_move {
    uint8_t kind;      /* GB_MOVE_* */
    uint8_t hole;      /* ring index, for SOW and FEED */
    uint8_t chance;    /* a chance outcome in this ply (Qelat's 2/2 lots, Q7): 0 none or still to
                          draw, 1 + side that won it. gb_play draws it when 0 and writes it back. */
    uint8_t reserved;
    uint16_t refusals; /* Bulto B5: how many offered bulto this move refuses before taking one */
    uint8_t layout[12];
} gb_move;

/* What one move did, lap by lap, for display. Filled by gb_play when asked. */
enum {
    GB_EV_CONTINUE = 0, /* relay: the hole is lifted and sown on */
    GB_EV_END,          /* last stone in an empty hole: the move ends */
    GB_EV_CAPTURE,      /* `value` stones captured from hole `other` */
    GB_EV_EKWARNA,      /* Qelat: hole made an ekwarna */
    GB_EV_OWN_EKWARNA,  /* Qelat: last ball into the mover's own ekwarna */
    GB_EV_EAT,          /* Qelat: `value` balls eaten from an enemy ekwarna */
    GB_EV_BULTO,        /* Bulto: hole made a bulto */
    GB_EV_REFUSE,       /* Bulto: an offered bulto refused */
    GB_EV_OWN_BULTO,    /* Bulto: last stone into the mover's own bulto */
    GB_EV_FEED,
    GB_EV_PASS
};
#define GB_TRACE_LAPS 64
typedef struct gb_lap {
    uint8_t from;    /* hole lifted */
    uint8_t to;      /* hole where the lap's last stone fell */
    uint8_t event;   /* GB_EV_* */
    uint8_t other;   /* hole captured from, when the event names one */
    uint16_t stones; /* stones sown in the lap */
    uint16_t value;  /* stones captured or eaten */
} gb_lap;
typedef struct gb_trace {
    int laps;          /* laps in the move (may exceed GB_TRACE_LAPS) */
    int events;        /* entries filled in `lap` (at most GB_TRACE_LAPS) */
    long sown;         /* stones dropped in the whole move */
    gb_lap lap[GB_TRACE_LAPS];
} gb_trace;

typedef struct gb_game gb_game;

/* ---- games and options ---- */
int gb_variant_count(void);
const char *gb_variant_name(int i);  /* short name used everywhere: "sadeqa", ... */
const char *gb_variant_title(const char *name); /* "Sadeqa III"; NULL if unknown */
/* Describe the options of a variant as text lines "key=v1|v2 (default v1)" into buf. */
int gb_variant_options_help(const char *name, char *buf, size_t len);

/* Create a game at its start. `options` is "key=value key=value" (spaces or commas between),
 * RULINGS names; NULL or "" for every default. `seed` seeds the game's own random source. */
int gb_game_new(gb_game **out, const char *variant, const char *options, uint64_t seed,
                gb_error *err);
gb_game *gb_game_clone(const gb_game *g);
void gb_game_free(gb_game *g);

/* ---- reading the state ---- */
const char *gb_game_variant(const gb_game *g);
int gb_game_rows(const gb_game *g);    /* holes per row, n */
int gb_hole_count(const gb_game *g, int hole);
int gb_hole_mark(const gb_game *g, int hole);  /* GB_MARK_* */
int gb_hole_owner(const gb_game *g, int hole); /* GB_SOUTH or GB_NORTH */
int gb_store(const gb_game *g, int side);
int gb_to_move(const gb_game *g);               /* GB_SOUTH, GB_NORTH, or GB_NOBODY when over */
const char *gb_phase(const gb_game *g);
int gb_is_over(const gb_game *g);
int gb_winner(const gb_game *g);                /* GB_SOUTH, GB_NORTH, GB_DRAW; GB_NOBODY if not over */
int gb_score(const gb_game *g, int side);       /* final score (valid when over) */
int gb_end_reason(const gb_game *g);            /* GB_END_* */
const char *gb_end_reason_name(int reason);     /* "rule", "repetition", "cap", "endless", NULL */
int gb_ply(const gb_game *g);                   /* plies played in this game (round) */
int gb_round(const gb_game *g);
int gb_history_length(const gb_game *g);        /* moves played since the start */
const gb_move *gb_history_move(const gb_game *g, int i);
/* The trace of the last move played (NULL if none). */
const gb_trace *gb_last_trace(const gb_game *g);

/* ---- moves ---- */
/* Every legal move, in a fixed order. Returns the count (0 when over, or when the phase takes a
 * move that cannot be listed, such as a layout: see gb_phase). */
int gb_legal_moves(const gb_game *g, gb_move *out, int max);
int gb_play(gb_game *g, gb_move *m, gb_error *err);
int gb_play_text(gb_game *g, const char *text, gb_error *err);
int gb_undo(gb_game *g, gb_error *err);
/* A new game that is g after its i-th legal move (as listed by gb_legal_moves). */
int gb_game_successor(const gb_game *g, int i, gb_game **out);
/* Move text (docs/notation.md). Returns the length written, or a negative code. */
int gb_move_format(const gb_game *g, const gb_move *m, char *buf, size_t len);
int gb_move_parse(const gb_game *g, const char *text, gb_move *m, gb_error *err);

/* ---- positions, records, JSON ---- */
char *gb_position_format(const gb_game *g);
int gb_game_from_position(gb_game **out, const char *text, uint64_t seed, gb_error *err);
/* A record: tag pairs then moves (docs/notation.md). `tags` may be NULL or a NULL-terminated
 * list of name,value pairs to add (South, North, Date, ...). */
char *gb_record_format(const gb_game *g, const char *const *tags);
/* Parse and replay a record. On error the message names the line and column. */
int gb_record_parse(gb_game **out, const char *text, gb_error *err);
/* The tag `name` of the record text, malloc'd, or NULL. */
char *gb_record_tag(const char *text, const char *name);
char *gb_state_json(const gb_game *g);

/* ---- counting and measuring ---- */
/* Move sequences of exactly `depth` plies from the current state (games ending earlier add 0).
 * A phase whose moves cannot be listed counts 0 (give a position after it). */
uint64_t gb_perft(const gb_game *g, int depth);

typedef struct gb_playout_stats {
    long games, plies, laps;
    long long sown;
    long wins[3];          /* South, North, draw */
    long reasons[5];       /* by GB_END_* */
    long min_plies, max_plies;
} gb_playout_stats;
/* Play `games` uniformly random games from the start of `g`'s variant and options; the random
 * source is seeded by `seed`. No allocation per move. */
int gb_random_playouts(const gb_game *g, long games, uint64_t seed, gb_playout_stats *st,
                       gb_error *err);

/* A uniformly random legal move (for a phase whose moves cannot be listed, such as a layout, the
 * game's own random choice). GB_EOVER when over. */
int gb_random_move(const gb_game *g, uint64_t *rng, gb_move *out);

/* A sensible move for a phase whose moves cannot be listed, for a player who asks for a
 * suggestion (L'ab al-Akil's tebweez: a near-even layout, A2). GB_EINVAL when the game has none
 * to offer here, GB_EOVER when over. */
int gb_suggest_move(const gb_game *g, uint64_t *rng, gb_move *out);

/* A small deterministic random source (splitmix64) for callers that want one. */
uint64_t gb_rand_next(uint64_t *state);

/* ---- the catalogue of games, for clients that build menus (src/catalog.c) ---- */
typedef struct gb_option_info {
    const char *key;             /* RULINGS name, e.g. "seeds" */
    const char *const *choices;  /* NULL-terminated, the default first; NULL for a number */
    long min, max, def;          /* for a number */
} gb_option_info;
/* The number of options of a variant (-1 if unknown), and the i-th of them (GB_EINVAL past the
 * end), in the order `gabata variants` lists them. */
int gb_variant_option_count(const char *name);
int gb_variant_option(const char *name, int i, gb_option_info *out);
/* Holes per row of a variant (0 if unknown). */
int gb_variant_rows(const char *name);

/* ---- computer players: alpha-beta search and Monte Carlo tree search (docs/ai.md) ----
 * Scores are from the side to move's view, in hundredths of a stone (100 = one stone taken).
 * A won or lost game scores +-(GB_SCORE_WIN - plies to the end); see gb_score_is_win. */
#define GB_SCORE_WIN 1000000
#define GB_SEARCH_MAX_DEPTH 64
#define GB_PV_MAX 32

typedef struct gb_budget {
    int depth;          /* plies (1..GB_SEARCH_MAX_DEPTH); 0: no depth limit */
    long long nodes;    /* alpha-beta: positions visited; MCTS: playouts; 0: no limit */
    long movetime_ms;   /* wall-clock milliseconds; 0: no limit */
} gb_budget;            /* all zero: depth 6 for alpha-beta, 10,000 playouts for MCTS */

typedef struct gb_search_result {
    gb_move best;       /* the move to play (chance left 0: gb_play draws it) */
    int score;          /* side to move's view; MCTS: 1000 * (2 * expected result - 1) */
    int depth;          /* alpha-beta: deepest completed iteration; MCTS: deepest tree level */
    long long nodes;    /* positions visited (MCTS: playouts) */
    double seconds;
    int pv_len;
    gb_move pv[GB_PV_MAX]; /* principal variation, best first */
} gb_search_result;

/* Called after every completed iteration (alpha-beta) or now and then (MCTS), e.g. to print
 * `info` lines. Must not call back into the searcher. */
typedef void (*gb_search_info_fn)(const gb_search_result *r, void *user);

typedef struct gb_search_opts {
    gb_budget budget;
    int tt_mb;          /* transposition table size in MiB: 0 for 16, negative for none */
    int tt_exact;       /* tests: use a stored value only at exactly the depth asked */
    uint64_t seed;      /* candidates of unlistable phases (layouts), MCTS playouts */
    gb_search_info_fn info;
    void *user;
    const gb_move *searchmoves; /* if nsearchmoves > 0: search only these root moves (analysis) */
    int nsearchmoves;
} gb_search_opts;

/* A searcher holds what a search allocates (the transposition table, per-ply move buffers, the
 * MCTS tree), once; it can be reused for many searches of one game. Not thread-safe: one per
 * thread. */
typedef struct gb_searcher gb_searcher;
gb_searcher *gb_searcher_new(const gb_search_opts *o);
void gb_searcher_free(gb_searcher *s);
/* Forget what earlier searches learnt (the table, history, killers), as for a new game: the next
 * search is exactly that of a fresh searcher of the same table size. A searcher kept across
 * searches of one game (as an engine keeps its table between moves) searches faster, but its
 * results may differ from a fresh one's. Other rules or options clear it by themselves. */
void gb_searcher_clear(gb_searcher *s);
/* Alpha-beta (negamax) with iterative deepening, transposition table, killer/history ordering and
 * aspiration windows. GB_EOVER when the game is over. */
int gb_search(gb_searcher *s, const gb_game *g, const gb_search_opts *o, gb_search_result *res,
              gb_error *err);
/* Monte Carlo tree search (UCT) with random playouts; reproducible for a seed and a playout
 * budget. */
int gb_mcts(gb_searcher *s, const gb_game *g, const gb_search_opts *o, gb_search_result *res,
            gb_error *err);
/* The static evaluation of the current position, from the side to move's view. */
int gb_evaluate(const gb_game *g);
/* Is a score a won (1) or lost (-1) game, or neither (0)? */
int gb_score_is_win(int score);

#ifdef __cplusplus
}
#endif
#endif
