/* gabata.h — public interface of libgabata, the rules engine for the two-row mancala games of the
 * Horn of Africa and Egypt (Sadeqa III, Qelat, L'ab al-Akil, Bulto).
 *
 * Conventions (RULINGS §0): holes are numbered in ring (sowing) order: South's row 0..n-1 from
 * South's left, then North's row n..2n-1 from North's left. Side 0 is South, side 1 is North.
 *
 * Ownership: a gb_game is created and freed by the caller; strings returned as `char *` are
 * allocated with malloc and freed by the caller with free(). Nothing here prints or exits; every
 * fallible call returns GB_OK (0) or a negative GB_E* code and, when `err` is not NULL, writes a
 * one-line message into it (UTF-8 text). NULL where a text, a move, an out pointer or a result
 * belongs is GB_EINVAL (or a NULL result); the gb_game, gb_searcher and gb_batch given must be
 * ones the library made and has not freed (a NULL one is not checked, as stdio's FILE * is not).
 *
 * Threads (docs/library.md, "Threads"): the library keeps no global state that changes but the
 * translators (gb_set_translate, gb_set_translate_plural: set them before any thread uses the
 * library). A gb_game, a gb_searcher, a gb_batch (but for gb_batch_step_range's disjoint ranges)
 * or a gb_playout_ctx must not be used by two threads at once while either changes it; many
 * threads may read one game (its state, moves, perft, clone, formatting, gb_search of it, each
 * with its own searcher). */
#ifndef GABATA_H
#define GABATA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GB_VERSION "0.1.0"

/* GB_API marks what the shared library exports (docs/library.md): the library is compiled with
 * -fvisibility=hidden, so everything else in it stays internal. A build may define it first. */
#ifndef GB_API
#if defined(__GNUC__) || defined(__clang__)
#define GB_API __attribute__((visibility("default")))
#else
#define GB_API
#endif
#endif

enum {
    GB_OK = 0,
    GB_EINVAL = -1,   /* malformed input: option, move text, position, record */
    GB_EILLEGAL = -2, /* well-formed but not legal here */
    GB_EOVER = -3,    /* the game is over */
    GB_ENOMEM = -4,
    GB_EEMPTY = -5,   /* nothing to undo */
    GB_ESTOPPED = -6  /* stopped when asked: gb_tables_build_opts.stop (the work saved to go on), gb_perft_opts.stop */
};

enum { GB_SOUTH = 0, GB_NORTH = 1, GB_DRAW = 2, GB_NOBODY = -1 };

enum { /* how a game ended (RULINGS T-C1, the rule after T3) */
    GB_END_NONE = 0,
    GB_END_RULE,
    GB_END_REPETITION,
    GB_END_CAP,
    GB_END_ENDLESS
};

/* What marks a hole, by function. Each game names its own marks (gb_mark_name: Qelat's held
 * holes are ekwarna, Bulto's are bulto and its dormant holes miné). */
enum {
    GB_MARK_NONE = 0,
    GB_MARK_HELD_S, /* held by South: its stones are his (an ekwarna, a bulto) */
    GB_MARK_HELD_N, /* held by North */
    GB_MARK_DORMANT /* not yet in play as an ordinary hole; cleared for good once touched */
};

/* Kinds of move, by function (gb_move_kind_name gives a game's word for each). */
enum {
    GB_MOVE_SOW = 0, /* lift `hole` and sow; `refusals` offered claims refused first */
    GB_MOVE_PASS,    /* no other move (Qelat Q5, L'ab al-Akil A9) */
    GB_MOVE_FEED,    /* one stone from `hole` into the opponent's first hole (L'ab al-Akil A8) */
    GB_MOVE_LAYOUT,  /* lay every stone out: `layout` holds each hole's count in ring order (A2) */
    GB_MOVE_KEEP,    /* choose to keep one's row (A3) */
    GB_MOVE_TURN,    /* choose to turn the board (A3) */
    GB_MOVE_KIND_COUNT
};
/* The longest move text gb_move_format writes (docs/notation.md), its terminating zero included. */
#define GB_MOVE_TEXT_MAX 96

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
/* What a lap's last stone did, by function; each game names its own (gb_event_name). */
enum {
    GB_EV_CONTINUE = 0, /* relay: the hole is lifted and sown on */
    GB_EV_END,          /* the move ends there */
    GB_EV_CAPTURE,      /* `value` stones captured, from hole `other` (and any chain) */
    GB_EV_CLAIM,        /* the hole becomes the mover's held hole (an ekwarna, a bulto); Bulto:
                           `value` bulto made at once from `to` on (B6), else 0 */
    GB_EV_INTO_HELD,    /* into one of the mover's own held holes: the move ends */
    GB_EV_RAID,         /* into the opponent's held hole: `value` stones taken (Qelat's eat) */
    GB_EV_DECLINE,      /* an offered claim refused (Bulto B5): not a lap of its own */
    GB_EV_FEED,         /* a feed (L'ab al-Akil A8) */
    GB_EV_PASS,         /* a pass */
    GB_EV_COUNT
};
#define GB_TRACE_LAPS 64
/* Room for the holes sown by GB_TRACE_LAPS laps of 96 stones (the most any game starts with). */
#define GB_TRACE_HOLES 6144
typedef struct gb_lap {
    uint8_t from;    /* hole lifted (Bulto's refusal: the lap's origin; feed: the pit fed from) */
    uint8_t to;      /* hole where the lap's last stone fell (a run of bulto: its first hole) */
    uint8_t event;   /* GB_EV_* */
    uint8_t other;   /* hole captured from, when the event names one */
    uint16_t stones; /* stones sown in the lap */
    uint16_t value;  /* stones captured or eaten */
    /* The holes this lap dropped a stone into, one entry a stone, in the order they were dropped:
     * gb_trace.hole[sown_at .. sown_at + sown_len - 1]. Every hole the rules passed over (the
     * origin with skip-origin=yes, RULINGS §0; Bulto's opponent's bulto, B3; a refused bulto, B5;
     * an eligible hole skipped, B6) is simply absent, however often the lap goes round the ring.
     * sown_len == stones, except for a GB_EV_DECLINE entry (an event inside a lap, not a lap: 0)
     * and if the trace's hole list ran out (a lap of more stones than any game starts with). */
    uint16_t sown_at;
    uint16_t sown_len;
} gb_lap;
typedef struct gb_trace {
    int laps;          /* laps in the move (may exceed GB_TRACE_LAPS) */
    int events;        /* entries filled in `lap` (at most GB_TRACE_LAPS) */
    long sown;         /* stones dropped in the whole move */
    int holes;         /* entries filled in `hole` */
    gb_lap lap[GB_TRACE_LAPS];
    uint8_t hole[GB_TRACE_HOLES]; /* the holes sown by the recorded laps, lap after lap */
} gb_trace;

typedef struct gb_game gb_game;

/* ---- games and options ---- */
GB_API int gb_variant_count(void);
/* The short name used everywhere: "sadeqa", ...; i from 0 to gb_variant_count() - 1, else NULL. */
GB_API const char *gb_variant_name(int i);
GB_API const char *gb_variant_title(const char *name); /* "Sadeqa III"; NULL if unknown */
/* Describe the options of a variant as text lines "key=v1|v2 (default v1)" into buf, cut to fit
 * and terminated (1024 bytes hold any game's). GB_OK, or GB_EINVAL for an unknown variant or a
 * len of 0. */
GB_API int gb_variant_options_help(const char *name, char *buf, size_t len);

/* A game's rules for players, in the product's own words (docs/rulings.md has every ruling). */
typedef struct gb_rules_text {
    const char *origin;       /* who plays it, where, and the source */
    const char *words;        /* the game's own words for the board, holes, stones */
    const char *const *rules; /* the rules, one short paragraph each, NULL-terminated */
} gb_rules_text;
/* GB_OK and *out filled, or GB_EINVAL for an unknown variant. `rules` is a short summary at the
 * default options; gb_rules_lines below gives every rule, for the options in force. */
GB_API int gb_variant_rules_text(const char *name, gb_rules_text *out);

/* A game's rules, complete, for the options in force: every rule that decides play, one short
 * rule a line in plain words and the game's own (bét, ekwarna, tebweez, miné, ...), under
 * GB_RULE_LINE_MAX bytes and about 200 characters in English, so a phone's panel can show each. The text
 * names no ruling; the rulings a line states are kept beside it, for a "why?" that opens them
 * (docs/rulings.md#<id>). */
#define GB_RULE_LINE_MAX 768 /* room for a line in Ge'ez or Arabic letters (gb_set_translate),
                                three and two bytes each in UTF-8 */
#define GB_RULE_LINES_MAX 40 /* room for any game's lines */
typedef struct gb_rule_line {
    char text[GB_RULE_LINE_MAX]; /* one rule, for players; UTF-8 */
    const char *ruling; /* the rulings it states, ids of docs/rulings.md separated by spaces
                           ("A3", "T2 A12"); static, never NULL for the four games */
    const char *option; /* the option whose value chose this wording ("starter"), or NULL */
} gb_rule_line;
/* The lines of g's game for g's options into out[0 .. max-1], in the order a player reads them
 * (the board, a move, its end, the round, the match, then the ends every game shares). Returns
 * how many lines there are (when more than max, only max were written). Nothing is allocated. */
GB_API int gb_rules_lines(const gb_game *g, gb_rule_line *out, int max);
/* The same for a variant and its options ("key=value ...", NULL or "" for the defaults):
 * the count, or GB_EINVAL for an unknown variant or options that do not parse (err says why). */
GB_API int gb_variant_rules_lines(const char *name, const char *options, gb_rule_line *out,
                                  int max, gb_error *err);

/* A game's words: the name of a mark (GB_MARK_*), of a lap event (GB_EV_*), of a kind of move
 * (GB_MOVE_*), as the state JSON and the protocol write them ("ekwarna", "bulto", "mine",
 * "eat", "refuse", "sow", ...). NULL for a code that is out of range (GB_MARK_NONE has no
 * name). */
GB_API const char *gb_mark_name(const gb_game *g, int mark);
/* A mark's name as players write it ("ekwarna", "bulto", "miné"), for display. */
GB_API const char *gb_mark_word(const gb_game *g, int mark);
GB_API const char *gb_event_name(const gb_game *g, int event);
GB_API const char *gb_move_kind_name(const gb_game *g, int kind);
/* What a lap's last stone did, for players, in the game's words: the rest of a sentence that
 * begins "…, last into <hole>" (" (was empty): captures 8 from b", ": makes it an ekwarna").
 * Returns the length written, or GB_EINVAL for an unknown event. */
GB_API int gb_lap_describe(const gb_game *g, const gb_lap *l, char *buf, size_t len);

/* The players' language (issue 22 §3, docs/translating.md). The library writes English and never
 * calls gettext; a front-end that shows its texts in another language hands it a translator,
 * which the library then asks for each English text it composes for players before filling in
 * its numbers and names: the rules lines, the result, round and match words, the laps' phrases,
 * "South"/"North", and the errors of gb_error. fn returns the translation of an English text
 * (the text itself when it has none); a translation whose printf conversions differ from the
 * English text's is not used. NULL (the default) is English. Set it once, before any thread
 * uses the library (gabata play and gabata rules do; gabata serve and the page do not: the page
 * translates for itself). The static texts (gb_variant_rules_text's, gb_variant_title's) are
 * returned in English: translate them with the same function. */
typedef const char *(*gb_translate_fn)(const char *english);
GB_API void gb_set_translate(gb_translate_fn fn);
/* The same for a text with a count that qualifies a noun ("South gains 3 holes from North"),
 * in a language whose plural forms are not English's (Arabic has six: docs/translating.md).
 * fn gets the English singular and plural ("%s gains %d hole from %s (%s; Q7, Q8)", "... %d
 * holes ...") and the count n, and returns the text for n in its language (gettext's
 * ngettext(singular, plural, n) is one), or one of the two English texts. Its answer is used
 * when its printf conversions are the English text's; a form may leave out the count when the
 * count is the text's last conversion (Arabic's "one round" in words). Without it (NULL, the
 * default) the library asks gb_set_translate's translator for the English singular (n == 1) or
 * plural, as before. The count is the last integer conversion before the first character where
 * the two English texts differ. Set it with gb_set_translate, before any thread uses the
 * library (gabata play and gabata rules do). */
typedef const char *(*gb_translate_plural_fn)(const char *singular, const char *plural,
                                              unsigned long n);
GB_API void gb_set_translate_plural(gb_translate_plural_fn fn);

/* The end in words, for players (the terminal, the page through the state JSON). Each writes
 * one line or more into buf as snprintf does (cut short to fit, always terminated when len > 0)
 * and returns the length of the whole text (a result >= len means it was cut), or GB_EINVAL
 * when there is nothing to say. Nothing is allocated.
 * gb_result_line: a finished game's result, the winner's score first, with the reason from the
 * rules: "North wins 62–34: the 11 stones left in holes go to North, who moved last (S5)". */
GB_API int gb_result_line(const gb_game *g, char *buf, size_t len);
/* Match games (Qelat, L'ab al-Akil; not with rounds=1): the round that the last move ended (the
 * match's last round once it is over), or 0 when it ended none. */
GB_API int gb_last_round_ended(const gb_game *g);
/* A round that ended in this game (played here or replayed from a record): who won it and by
 * how much, what changed hands (holes, gains), how it ended (by the rule, a repetition, the cap):
 * "Round 2: North wins the round 30–18 in earnings …". GB_EINVAL for a round not played here. */
GB_API int gb_round_summary(const gb_game *g, int round, char *buf, size_t len);
/* The match's standing after that round: "after round 2: North owns 8 holes, South 4 …". */
GB_API int gb_round_standing(const gb_game *g, int round, char *buf, size_t len);
/* A finished match: its rounds and totals, then a line per round, then the result line; lines
 * are separated by "\n". GB_EINVAL when not over or not a match. */
GB_API int gb_match_summary(const gb_game *g, char *buf, size_t len);

/* The board as the terminal draws it (gabata play): the labels, every hole's count with its
 * mark (S/N a hole held by that side, * a dormant one) and, when they differ from the rows, its
 * owner; the stores; a legend of the marks in the game's words; then whose turn it is, or
 * "Game over: " and the result line. `seat` is the side whose row is drawn at the bottom
 * (GB_NORTH: the board turned round). Written as gb_result_line writes (snprintf's way). */
#define GB_BOARD_COLOR 1u /* flags: ANSI colours (each side's, the marks', dim empty holes) */
#define GB_BOARD_NARROW 2u /* flags: turned a quarter, a line a pair of holes across from each
                            * other (the seat's row on the left): under 40 columns, for a phone */
GB_API int gb_board_text(const gb_game *g, int seat, unsigned flags, char *buf, size_t len);

/* Create a game at its start. `options` is "key=value key=value" (spaces or commas between),
 * RULINGS names; NULL or "" for every default. `seed` seeds the game's own random source. */
GB_API int gb_game_new(gb_game **out, const char *variant, const char *options, uint64_t seed,
                       gb_error *err);
GB_API gb_game *gb_game_clone(const gb_game *g);
GB_API void gb_game_free(gb_game *g);

/* ---- reading the state ---- */
GB_API const char *gb_game_variant(const gb_game *g);
GB_API int gb_game_rows(const gb_game *g); /* holes per row, n */
/* A hole's stones, mark (GB_MARK_*) and owner (GB_SOUTH or GB_NORTH), holes 0 .. 2n-1 in ring
 * order; -1 for a hole that is not on the board. */
GB_API int gb_hole_count(const gb_game *g, int hole);
GB_API int gb_hole_mark(const gb_game *g, int hole);
GB_API int gb_hole_owner(const gb_game *g, int hole);
/* The stones in a side's store (see gb_holdings); -1 for a side not GB_SOUTH or GB_NORTH. */
GB_API int gb_store(const gb_game *g, int side);
/* A side's holdings: the stones that are its own now, its store and the stones in the holes it
 * holds (gb_store alone misses the latter). Returns store + held stones, or GB_EINVAL for a side
 * that is not GB_SOUTH or GB_NORTH; *held_holes and *held_stones (each may be NULL) get how many
 * holes the side holds and the stones in them. By game (docs/library.md, "Holdings"):
 *   Sadeqa III    the store (its captures); no held holes
 *   Qelat         the store (this round's takings) + the side's ekwarna (GB_MARK_HELD_*) and
 *                 their balls; a match's owned holes (Q8) are not holdings
 *   L'ab al-Akil  the store (this round's captures); no held holes
 *   Bulto         no store (always 0) + the side's bulto and their stones
 * Of the current position (in a match, of the current round); at the end, of the final
 * position: the score is gb_score's. */
GB_API int gb_holdings(const gb_game *g, int side, int *held_holes, int *held_stones);
/* The label of a hole (RULINGS §0): "A".."J" for South's row, "a".."j" for North's; NULL when
 * there is no such hole. The string is static. */
GB_API const char *gb_hole_label(const gb_game *g, int hole);

/* The game's own fields of the state (match data: round figures, earnings, holes owned, gains,
 * the distributor, ...), the ones gb_state_json writes after the core fields, in that order. */
typedef struct gb_state_field {
    const char *key;  /* JSON key, e.g. "earnings" (static) */
    int per_side;     /* 1: the value is per side, in side[GB_SOUTH] and side[GB_NORTH] */
    int side[2];      /* per_side: both values; else side[0] is the value (when text is NULL) */
    const char *text; /* a text value (static), or NULL */
} gb_state_field;
/* How many there are now (0 for a game without any). */
GB_API int gb_game_field_count(const gb_game *g);
/* The i-th (0 <= i < gb_game_field_count) into *out: GB_OK, or GB_EINVAL past the end. */
GB_API int gb_game_field(const gb_game *g, int i, gb_state_field *out);
GB_API int gb_to_move(const gb_game *g);        /* GB_SOUTH, GB_NORTH, or GB_NOBODY when over */
GB_API const char *gb_phase(const gb_game *g);
GB_API int gb_is_over(const gb_game *g);
/* GB_SOUTH, GB_NORTH, GB_DRAW; GB_NOBODY if not over */
GB_API int gb_winner(const gb_game *g);
/* The final score when over; before that the side's store. -1 for a side not 0 or 1. */
GB_API int gb_score(const gb_game *g, int side);
GB_API int gb_end_reason(const gb_game *g);     /* GB_END_* */
/* "rule", "repetition", "cap", "endless"; NULL otherwise */
GB_API const char *gb_end_reason_name(int reason);
GB_API int gb_ply(const gb_game *g);            /* plies played in this game (round) */
GB_API int gb_round(const gb_game *g);
GB_API int gb_history_length(const gb_game *g); /* moves played since the start */
GB_API const gb_move *gb_history_move(const gb_game *g, int i); /* NULL for i out of range */
/* The trace of the last move played (NULL if none). */
GB_API const gb_trace *gb_last_trace(const gb_game *g);

/* ---- moves ---- */
/* Every legal move, in a fixed order, into out[0 .. max-1]. Returns the count written: at most
 * max (GB_MAX_MOVES always holds them all), 0 when over, or when the phase takes a move that
 * cannot be listed, such as a layout: see gb_move_listing. GB_EINVAL for out NULL with max > 0
 * (as for every array or buffer below: NULL is room for nothing). */
GB_API int gb_legal_moves(const gb_game *g, gb_move *out, int max);
/* How the moves of the current position are had, for generic searches (docs/library.md,
 * "Phases whose moves cannot be listed"): */
enum {
    GB_LISTING_OVER = 0, /* the game is over: no moves */
    GB_LISTING_ALL,      /* gb_legal_moves lists every legal move */
    GB_LISTING_SAMPLED   /* too many to list (L'ab al-Akil's layout, A2: gb_legal_moves gives 0
                            while the game goes on): take gb_candidate_moves, a sample of them */
};
GB_API int gb_move_listing(const gb_game *g);
/* Moves to search from the current position: with GB_LISTING_ALL every legal move, as
 * gb_legal_moves; with GB_LISTING_SAMPLED up to `max` different legal moves, the game's
 * suggestion first (gb_suggest_move) then the game's random choices drawn from `seed` (the same
 * seed, the same sample); 0 when over. Returns the count written; nothing is allocated. */
GB_API int gb_candidate_moves(const gb_game *g, uint64_t seed, gb_move *out, int max);
GB_API int gb_play(gb_game *g, gb_move *m, gb_error *err);
GB_API int gb_play_text(gb_game *g, const char *text, gb_error *err);
/* Take back the last move: the position, legal moves, history, repetition record and rounds are
 * as before it, in constant time (no replay), also after a move that ended a round.
 * GB_EEMPTY when there is nothing to undo. */
GB_API int gb_undo(gb_game *g, gb_error *err);
/* A new game that is g after its i-th legal move (as listed by gb_legal_moves), into *out for the
 * caller to free: GB_OK, GB_EINVAL for an i outside 0 .. count-1 (or out NULL), GB_ENOMEM; *out
 * is left alone on an error. */
GB_API int gb_game_successor(const gb_game *g, int i, gb_game **out);
/* Move text (docs/notation.md), written as snprintf writes (cut to fit, terminated when len > 0;
 * GB_MOVE_TEXT_MAX always suffices). Returns the length of the whole text, or GB_EINVAL for a
 * move that has none: a kind that is none of GB_MOVE_*, a hole off the board, a chance above 2. */
GB_API int gb_move_format(const gb_game *g, const gb_move *m, char *buf, size_t len);
GB_API int gb_move_parse(const gb_game *g, const char *text, gb_move *m, gb_error *err);
/* Is m one of the legal moves now (gb_legal_moves)? 1 or 0. For a phase whose moves cannot be
 * listed (a layout), 1 when gb_play would take it. The chance field is not compared. */
GB_API int gb_move_is_legal(const gb_game *g, const gb_move *m);
/* GB_OK when m is legal now; otherwise its code, with the reason in the rules' words in err. */
GB_API int gb_move_check(const gb_game *g, const gb_move *m, gb_error *err);
/* Parse `text` and say whether it is legal now: GB_OK with *out set, GB_EINVAL (not a move),
 * GB_EILLEGAL (a move, not legal here: err says why) or GB_EOVER. out may be NULL. */
GB_API int gb_move_legal_text(const gb_game *g, const char *text, gb_move *out, gb_error *err);

/* ---- action ids (for learning code: docs/library.md, "Action ids") ---- */
#define GB_ACTION_MAX_REFUSALS 1023 /* Bulto (B5): the most refusals an id can carry */
#define GB_ACTION_LAYOUTS 16        /* L'ab al-Akil (A2): ids kept for the Python catalogue */
/* How many action ids the game has (Sadeqa III 17, Qelat 13, L'ab al-Akil 43, Bulto 20,481). */
GB_API int gb_action_count(const gb_game *g);
/* mask[a] = 1 for the id of every legal move, 0 for the others, in the first gb_action_count(g)
 * bytes (len at least that). Returns the legal moves (0 when over or in a layout phase), or
 * GB_EINVAL: a bad argument, or a listed move without an id (past GB_ACTION_MAX_REFUSALS). */
GB_API int gb_legal_mask(const gb_game *g, unsigned char *mask, size_t len);
/* The observation: 6 planes of 2n values in ring order (stones; owned by South; owned by North;
 * held by South; held by North; dormant), then South's store, North's store, South to move,
 * North to move. Writes 6*2n+4 floats (len at least that) and returns that count, or GB_EINVAL. */
GB_API int gb_observation_tensor(const gb_game *g, float *out, size_t len);

/* ---- positions, records, JSON ---- */
GB_API char *gb_position_format(const gb_game *g);
GB_API int gb_game_from_position(gb_game **out, const char *text, uint64_t seed, gb_error *err);
/* A record: tag pairs then moves (docs/notation.md). `tags` may be NULL or a NULL-terminated
 * list of name,value pairs to add (South, North, Date, ...): a name of letters, digits and '_';
 * any other name, and the tags the library writes itself (Variant, Options, Seed, Position,
 * Result, Termination, Score), are left out. A value is quoted, its control characters written
 * as spaces. NULL when out of memory. */
GB_API char *gb_record_format(const gb_game *g, const char *const *tags);
/* Parse and replay a record. On error the message names the line and column. */
GB_API int gb_record_parse(gb_game **out, const char *text, gb_error *err);
/* The tag `name` of the record text, malloc'd, or NULL. */
GB_API char *gb_record_tag(const char *text, const char *name);
GB_API char *gb_state_json(const gb_game *g);

/* ---- counting and measuring ---- */
/* Move sequences of exactly `depth` plies from the current state (games ending earlier add 0).
 * A phase whose moves cannot be listed counts 0 (give a position after it); a depth of 0 or
 * below counts 1 (the position itself). It allocates depth * GB_MAX_MOVES positions, and counts
 * 0 when that fails; the time grows as the branching factor to the depth (Sadeqa III about 7:
 * depth 12 visits some 10^10 positions). */
GB_API uint64_t gb_perft(const gb_game *g, int depth);
/* gb_perft that can be stopped from another thread or a signal handler (gb_perft is this with
 * opts NULL). opts NULL, or opts->stop NULL: never stopped. Otherwise *opts->stop is an int that
 * another thread or a signal handler sets nonzero (an atomic store: __atomic_store_n) to end the
 * count early; it is read before the count begins and then before each move of a position with
 * 3 plies or more still to go (a read per some dozens of positions at least: nothing measurable),
 * so a stop is seen within one subtree of 2 plies. The library installs no signal handler.
 * GB_OK with *out the count; GB_ESTOPPED when stopped, *out then the sequences of the subtrees
 * finished before the stop (a partial count: a lower bound, 0 when stopped before it began, of
 * no use as a perft value), err saying so with the count; GB_ENOMEM (*out 0); GB_EINVAL for g or
 * out NULL. */
typedef struct gb_perft_opts {
    const int *stop;
} gb_perft_opts;
GB_API int gb_perft_count(const gb_game *g, int depth, const gb_perft_opts *opts, uint64_t *out, gb_error *err);

typedef struct gb_playout_stats {
    long games, plies, laps;
    long long sown;
    long wins[3];          /* South, North, draw */
    long reasons[5];       /* by GB_END_* */
    long min_plies, max_plies;
} gb_playout_stats;
/* Play `games` uniformly random games from the start of `g`'s variant and options; the random
 * source is seeded by `seed`. No allocation per move. */
GB_API int gb_random_playouts(const gb_game *g, long games, uint64_t seed, gb_playout_stats *st,
                              gb_error *err);
/* The same on the random source *rng, left where the last game ended: calls of n1, n2, ...
 * games from one *rng (first set to a seed) play exactly the games of one gb_random_playouts of
 * n1 + n2 + ... from that seed (gabata bench plays its slices so). */
GB_API int gb_random_playouts_next(const gb_game *g, long games, uint64_t *rng, gb_playout_stats *st,
                                   gb_error *err);
/* The same random games, but every ply lists every legal move with its child (the game's gen,
 * as an environment that gives a legal-move mask must) before drawing one uniformly; the
 * playouts above list none where the game can draw a legal move directly. A yardstick for the
 * vector environment (gabata bench --list-moves). laps and sown are not counted (0). */
GB_API int gb_random_playouts_listed(const gb_game *g, long games, uint64_t *rng,
                                     gb_playout_stats *st, gb_error *err);

/* One uniformly random game on the playouts' fast path, measured move by move (what `gabata
 * stats` reports for random players, docs/stats.md). A context holds the buffers of g's variant
 * and options (from g's start), made once and reused for many games; one per thread. */
typedef struct gb_playout_ctx gb_playout_ctx;
GB_API gb_playout_ctx *gb_playout_ctx_new(const gb_game *g); /* NULL: out of memory */
GB_API void gb_playout_ctx_free(gb_playout_ctx *c);
typedef struct gb_playout_game {
    int winner, end_reason, first, rounds; /* first: the side that moved first */
    int score[2];
    long plies, laps, turns;  /* turns: runs of moves by one side */
    long long sown;
    int captures;             /* moves that added to the mover's holdings (within a round) */
    int lead_changes;         /* positions where the leader by holdings changed */
    long decisive;            /* ply from which the winner led by threshold x stones for good; -1 */
    double stability;         /* variance of (South's holdings - North's) / stones over the positions */
} gb_playout_game;
/* (a side's holdings: its store and the stones in the holes it holds, its ekwarna or bulto) */
/* Play one game from `seed`: GB_OK and *out filled, or a negative code. */
GB_API int gb_random_game(gb_playout_ctx *c, uint64_t seed, double threshold, gb_playout_game *out,
                          gb_error *err);

/* A uniformly random legal move (for a phase whose moves cannot be listed, such as a layout, the
 * game's own random choice). GB_EOVER when over, GB_EINVAL for a NULL rng or out. */
GB_API int gb_random_move(const gb_game *g, uint64_t *rng, gb_move *out);

/* A sensible move for a phase whose moves cannot be listed, for a player who asks for a
 * suggestion (L'ab al-Akil's tebweez: a near-even layout, A2). GB_EINVAL when the game has none
 * to offer here, GB_EOVER when over. */
GB_API int gb_suggest_move(const gb_game *g, uint64_t *rng, gb_move *out);

/* A small deterministic random source (splitmix64) for callers that want one. */
GB_API uint64_t gb_rand_next(uint64_t *state);

/* ---- the catalogue of games, for clients that build menus (src/catalog.c) ---- */
typedef struct gb_option_info {
    const char *key;             /* RULINGS name, e.g. "seeds" */
    const char *const *choices;  /* NULL-terminated, the default first; NULL for a number */
    long min, max, def;          /* for a number */
    const char *help;            /* what it decides, one line for players */
    const char *ruling;          /* the ruling that names it ("S1", "T3", ...) */
} gb_option_info;
/* The number of options of a variant (-1 if unknown), and the i-th of them (GB_EINVAL past the
 * end), in the order `gabata variants` lists them. */
GB_API int gb_variant_option_count(const char *name);
GB_API int gb_variant_option(const char *name, int i, gb_option_info *out);
/* Holes per row of a variant (0 if unknown). */
GB_API int gb_variant_rows(const char *name);
/* The value in force in g of option `key`, as text ("4", "ends-game", "5000") into buf; returns
 * 1 when it differs from the default, 0 when it is the default, GB_EINVAL for a key the game
 * does not have. */
GB_API int gb_option_value(const gb_game *g, const char *key, char *buf, size_t len);

/* ---- lessons: the learn mode (docs/library.md, "Lessons") ----
 * Short lessons on set positions, each teaching one rule and checked by the player's own move,
 * as lichess's "learn" does for chess. Each game keeps its lessons in its folder
 * (src/games/<game>/lessons.c). Every text field is for players, in English, and marked with
 * GB_TEXT for translation (xgettext --keyword=GB_TEXT). */
#ifndef GB_TEXT
#define GB_TEXT(s) s
#endif
enum { /* what a lesson's move must do (gb_lesson.goal), `value` being its number */
    GB_GOAL_MOVES = 0, /* be one of `moves` */
    GB_GOAL_LAPS,      /* sow at least `value` laps (relay sowing) */
    GB_GOAL_TAKE,      /* capture or eat at least `value` stones */
    GB_GOAL_CLAIM,     /* make at least `value` held holes (ekwarna, bulto) */
    GB_GOAL_EAT,       /* eat from the opponent's held hole at least `value` times */
    GB_GOAL_HOLES      /* leave the mover owning at least `value` holes (Qelat's next round) */
};
typedef struct gb_lesson {
    const char *id;          /* "sadeqa-relay": unique over the games and kept (progress uses it) */
    const char *title;       /* a few words, for a list */
    const char *rulings;     /* the rulings it teaches, ids of docs/rulings.md ("S3", "Q3 Q4") */
    const char *instruction; /* what to do and the rule, a few sentences */
    const char *position;    /* where: a position string, options included (docs/notation.md) */
    int goal;                /* GB_GOAL_* */
    int value;
    const char *moves;       /* GB_GOAL_MOVES: the right moves, space-separated ("J~1") */
    const char *right;       /* said after a right move: what it did */
    const char *wrong;       /* said after a wrong one: what the rule asks */
} gb_lesson;
/* A variant's lessons, in the order they are taught: how many (GB_EINVAL for an unknown
 * variant), the i-th (NULL past the end), the one with id `id` (NULL if none). Static data. */
GB_API int gb_lesson_count(const char *variant);
GB_API const gb_lesson *gb_lesson_at(const char *variant, int i);
GB_API const gb_lesson *gb_lesson_find(const char *variant, const char *id);
/* The lesson's position as a game (seeded with `seed`), to show it and list its moves. */
GB_API int gb_lesson_game(const gb_lesson *l, uint64_t seed, gb_game **out, gb_error *err);
/* Does `move` (move text) at the lesson's position achieve its goal? 1 right, 0 wrong (a legal
 * move that does not); GB_EINVAL (not a move) or GB_EILLEGAL (not legal there), err saying why.
 * When `after` is not NULL and the move is legal, *after is the game after it (its trace is the
 * move's), for the caller to show and free. */
GB_API int gb_lesson_check(const gb_lesson *l, const char *move, gb_game **after, gb_error *err);
/* The rules lines (gb_rules_lines, for the lesson's options) that state one of the lesson's
 * rulings: the rule in the game's text, for a "why?". Returns how many (only max written), or
 * GB_EINVAL when the lesson's position is refused. Nothing is allocated. */
GB_API int gb_lesson_rules(const gb_lesson *l, gb_rule_line *out, int max);

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
} gb_budget;            /* all zero: depth 6 for alpha-beta, 10,000 playouts for MCTS. A depth
                           outside 0..GB_SEARCH_MAX_DEPTH, or a negative count, is GB_EINVAL */

typedef struct gb_search_result {
    gb_move best;       /* the move to play (chance left 0: gb_play draws it) */
    int score;          /* side to move's view; MCTS: 1000 * (2 * expected result - 1) */
    int depth;          /* alpha-beta: deepest completed iteration; MCTS: deepest tree level */
    long long nodes;    /* positions visited (MCTS: playouts) */
    double seconds;
    int pv_len;
    gb_move pv[GB_PV_MAX]; /* principal variation, best first */
    /* 0: score is an estimate; 1: proven (no line reached the horizon); 2: proven, and `margin`
     * is the exact final margin (side to move's score minus the other's) under best play
     * (searches with tables: every end is scored by its margin) */
    int exact;
    int margin;
} gb_search_result;
/* The score of a proven final margin m reached `plies` plies from the root, with tables: a win
 * by more stones above a win by fewer, a quicker one above a slower one; a draw is 0. */
#define GB_SCORE_MARGIN(m, plies)                                                                  \
    ((m) > 0 ? GB_SCORE_WIN - 9000 + 90 * (m) - (plies)                                          \
             : (m) < 0 ? -(GB_SCORE_WIN - 9000 - 90 * (m) - (plies)) : 0)
/* The margin of such a score (plies < 90). */
#define GB_MARGIN_OF_SCORE(v)                                                                      \
    ((v) > 0 ? ((v) - (GB_SCORE_WIN - 9000) + 89) / 90 : (v) < 0 ? -((-(v) - (GB_SCORE_WIN - 9000) + 89) / 90) : 0)

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
    /* exact endgame tables to probe (gb_tables_open; NULL: none), docs/tables.md. With them the
     * search scores every ended game and every table value by its margin (GB_SCORE_MARGIN),
     * so that a decided result is played for the most stones. */
    const struct gb_tables *tables;
    int margins; /* score every end by its margin (GB_SCORE_MARGIN) even without tables */
    int threads;        /* alpha-beta: threads of a Lazy SMP search, 1..GB_SEARCH_MAX_THREADS;
                         * 0 for 1. One thread is exactly the plain search; more share the
                         * table and report the main thread's result (docs/ai.md, "Threads") */
    /* NULL, or an int another thread sets nonzero (an atomic store: __atomic_store_n) to end the
     * search early, as its time budget would: read now and then (alpha-beta every 256 positions
     * from its second iteration on, MCTS every 16 playouts), and the result is that of
     * the deepest iteration finished. For a search without a budget of its own ended on
     * request, e.g. the protocol's `go infinite` and `stop` (docs/protocol.md). */
    const int *stop;
} gb_search_opts;
#define GB_SEARCH_MAX_THREADS 64

/* A searcher holds what a search allocates (the transposition table, per-ply move buffers, the
 * MCTS tree), once; it can be reused for many searches of one game. Not thread-safe: one per
 * thread. */
typedef struct gb_searcher gb_searcher;
GB_API gb_searcher *gb_searcher_new(const gb_search_opts *o);
GB_API void gb_searcher_free(gb_searcher *s);
/* Forget what earlier searches learnt (the table, history, killers), as for a new game: the next
 * search is exactly that of a fresh searcher of the same table size. A searcher kept across
 * searches of one game (as an engine keeps its table between moves) searches faster, but its
 * results may differ from a fresh one's. Other rules or options clear it by themselves. */
GB_API void gb_searcher_clear(gb_searcher *s);
/* Alpha-beta (negamax) with iterative deepening, transposition table, killer/history ordering and
 * aspiration windows. GB_EOVER when the game is over; GB_EINVAL (err says which) for a NULL
 * argument but err, a budget out of its ranges (gb_budget), threads outside
 * 0..GB_SEARCH_MAX_THREADS, or nsearchmoves below 0 or above 0 with searchmoves NULL; GB_EILLEGAL
 * when none of searchmoves is legal. The result is zeroed on every error. */
GB_API int gb_search(gb_searcher *s, const gb_game *g, const gb_search_opts *o,
                     gb_search_result *res, gb_error *err);
/* Monte Carlo tree search (UCT) with random playouts; reproducible for a seed and a playout
 * budget. */
GB_API int gb_mcts(gb_searcher *s, const gb_game *g, const gb_search_opts *o, gb_search_result *res,
                   gb_error *err);
/* The static evaluation of the current position, from the side to move's view. */
GB_API int gb_evaluate(const gb_game *g);
/* Is a score a won (1) or lost (-1) game, or neither (0)? */
GB_API int gb_score_is_win(int score);


/* ---- players and whole games (docs/ai.md, "Players") ----
 * A player is a value: a person (whose moves the caller supplies), the uniformly random player, an
 * alpha-beta level (ai:1 ... ai:8) or Monte Carlo tree search. */
enum { GB_PLAYER_HUMAN = 0, GB_PLAYER_RANDOM, GB_PLAYER_AI, GB_PLAYER_MCTS };
typedef struct gb_player {
    int kind;     /* GB_PLAYER_* */
    int level;    /* ai: 1..8 (mcts: 8) */
    double think; /* seconds to think, 0 for the level's own budget */
    int threads;  /* alpha-beta's threads (gb_search_opts.threads): 0 for 1 */
} gb_player;
/* "human", "random", "ai" (level 4), "greedy" (the same), "ai:N", "mcts"; "ai:N@SECONDS" or
 * "mcts@SECONDS" set the thinking time. GB_OK, or GB_EINVAL with a one-line message. */
GB_API int gb_player_parse(const char *text, gb_player *out, gb_error *err);
/* "random", "ai:4 (alpha-beta, 4 plies)", "mcts (1 s)" ... into buf; returns buf. */
GB_API const char *gb_player_describe(const gb_player *p, char *buf, size_t len);
/* The search options of a computer player: its level's budget (or its thinking time) and a table
 * sized to it; `seed` goes into o->seed. */
GB_API void gb_player_budget(const gb_player *p, gb_search_opts *o, uint64_t seed);
/* Choose a move for the side to move (any phase, layouts included), drawing on *rng. A human or
 * random player moves at random. `kept` may be NULL (a fresh searcher for this move) or point to
 * a searcher kept across the moves of one game (made here from NULL; the caller frees it with
 * gb_searcher_free). GB_OK, GB_EOVER when the game is over, GB_EINVAL for a player out of its
 * ranges (a kind that is none of GB_PLAYER_*, an ai level outside 1..8, think negative, NaN or
 * above 86400, threads outside 0..GB_SEARCH_MAX_THREADS) or a NULL g, rng or out. */
GB_API int gb_player_choose(const gb_player *p, const gb_game *g, uint64_t *rng, gb_searcher **kept,
                            gb_move *out);
/* The same, an alpha-beta player probing endgame tables t (NULL: none; docs/tables.md). */
GB_API int gb_player_choose_tables(const gb_player *p, const gb_game *g, const struct gb_tables *t,
                                   uint64_t *rng, gb_searcher **kept, gb_move *out);
/* The same, and the search's result in *res (may be NULL): res->exact 2 with res->margin when
 * the move's value was proven (the hint's "wins by 6", docs/tables.md); a move not searched
 * (random, a level's random move, a failed search) leaves *res zero but for res->best. */
GB_API int gb_player_think(const gb_player *p, const gb_game *g, const struct gb_tables *t, uint64_t *rng,
                           gb_searcher **kept, gb_move *out, gb_search_result *res);

/* The game after a random opening of `plies` plies (0..GB_OPENING_PLIES_MAX, else GB_EINVAL)
 * that does not end it: drawn from `seed` (which also seeds the game's own random source); after
 * 100 openings that all end the game, one ply shorter, and so on. */
#define GB_OPENING_PLIES_MAX 200
GB_API int gb_match_opening(gb_game **out, const char *variant, const char *options, uint64_t seed,
                            int plies, gb_error *err);

/* Called at every position of a game played by gb_match_play, from the end of the opening to the
 * end of the game (the final position included): g is the game, read-only. Returning non-zero
 * stops the game (gb_match_play returns GB_EINVAL, "stopped by the observer"). */
typedef int (*gb_match_observer)(const gb_game *g, void *user);

typedef struct gb_match_spec {
    const char *variant;
    const char *options;     /* NULL or "" for the defaults */
    gb_player player[2];     /* South, North */
    uint64_t opening_seed;   /* the game's own random source and its opening (gb_match_opening) */
    int opening_plies;       /* random plies before the players take over (0: from the start;
                              * at most GB_OPENING_PLIES_MAX) */
    uint64_t seed;           /* the players' random source */
    gb_match_observer observe; /* may be NULL */
    void *user;
} gb_match_spec;

#define GB_OPENING_TEXT_MAX 160
typedef struct gb_match_result {
    int winner;          /* GB_SOUTH, GB_NORTH, GB_DRAW */
    int score[2];        /* South, North: the final score */
    int end_reason;      /* GB_END_* */
    int plies;           /* moves played, the opening's included */
    int opening_plies;   /* of them, the opening's */
    int rounds;          /* rounds of a match game (1 for a single game) */
    char opening[GB_OPENING_TEXT_MAX]; /* the opening's moves, space-separated (may be cut) */
} gb_match_result;
/* One whole game between two players: the opening, then each side's player to the end, every
 * player keeping its searcher for the game. The same spec gives the same game (players that
 * think by time excepted). GB_EINVAL, before anything is played, for a player out of its ranges
 * (gb_player_choose), naming the side. */
GB_API int gb_match_play(const gb_match_spec *spec, gb_match_result *out, gb_error *err);
/* The same, both players probing endgame tables t (NULL: none; docs/tables.md). */
GB_API int gb_match_play_tables(const gb_match_spec *spec, const struct gb_tables *t, gb_match_result *out,
                                gb_error *err);

/* ---- more on action ids, and many games at once, for learning (docs/library.md, "Learning:
 * action ids, observations, batches") ----
 * The ids above (python/README.md, "Actions"): with H the holes, 0..H-1 sow hole h (ring order);
 * H pass; L'ab al-Akil adds H+1..2H feed from h (A8), 2H+1 keep and 2H+2 turn (A3), 2H+3..2H+18
 * the layout catalogue (A2); Bulto adds H+1 + (k-1)*H + h for hole h refusing k offers (B5).
 * Layout entry j is a function of the position: 0 the library's suggestion (gb_suggest_move),
 * 1..15 the game's own random layout (gb_random_move), each drawn from a source seeded with
 * 0x9E3779B97F4A7C15 * (j + 1); an entry equal to an earlier one is not listed. */
/* The id of move m, or -1 when it has none (a layout outside the catalogue, too many refusals). */
GB_API int gb_action_of_move(const gb_game *g, const gb_move *m);
/* The move of an id in the current position (a layout id: that catalogue entry): GB_OK, or
 * GB_EILLEGAL (outside the ids, or a layout id out of a layout phase) with err saying why. */
GB_API int gb_action_move(const gb_game *g, int action, gb_move *out, gb_error *err);
/* The legal ids, ascending, into out[0 .. max-1]; returns how many there are (0 when over). In
 * a layout phase, unlike gb_legal_mask, the catalogue's distinct entries. A listed move without
 * an id is left out. */
GB_API int gb_legal_actions(const gb_game *g, int32_t *out, int max);
/* Play id `action`. `chance` as gb_move.chance: 0 the game draws any chance outcome (Qelat's
 * lots, Q7) from its own source, 1 + side that outcome; GB_CHANCE_ASK: when the move would draw
 * one, nothing is played and 1 is returned (the caller then gives the outcome). GB_OK (0), 1, or
 * a negative code with err saying why (an illegal id: the rules' reason). */
#define GB_CHANCE_ASK 255
GB_API int gb_play_action(gb_game *g, int action, int chance, gb_error *err);
/* The floats gb_observation_tensor writes: 6 * 2n + 4. */
GB_API int gb_observation_size(const gb_game *g);

/* A batch: n games of one variant and options, stepped together (an RL vector environment:
 * envpool's and pgx's way). Game i's e-th episode is the game gb_game_new would make with seed
 * gb_batch_game_seed(seed, i, e), played with the same ids: the same whatever n is or however the
 * steps are split (gb_batch_step_range). Nothing is allocated after gb_batch_new. */
typedef struct gb_batch gb_batch;
/* n from 1 to GB_BATCH_MAX; GB_OK, or GB_EINVAL / GB_ENOMEM with err saying why. */
#define GB_BATCH_MAX 1048576
GB_API int gb_batch_new(gb_batch **out, const char *variant, const char *options, int n,
                        uint64_t seed, gb_error *err);
GB_API void gb_batch_free(gb_batch *b);
GB_API int gb_batch_size(const gb_batch *b);
GB_API int gb_batch_action_count(const gb_batch *b);
GB_API int gb_batch_observation_size(const gb_batch *b);
/* The seed of game `index`'s `episode`-th game (0 the first) in a batch seeded with `seed`. */
GB_API uint64_t gb_batch_game_seed(uint64_t seed, int index, uint64_t episode);
/* Which game of its stream slot i is playing: the e of gb_batch_game_seed (0 after a reset with
 * a seed; one more at every end, and at every reset without one); 0 for an i outside 0..n-1. */
GB_API uint64_t gb_batch_episode(const gb_batch *b, int i);
/* What reset and step write: arrays of n rows, row i for game i; any may be NULL (not written).
 * obs n x gb_batch_observation_size; mask n x gb_batch_action_count (0/1; with more than 64
 * ids, a step writes only the entries that change, so pass the array reset filled, unchanged);
 * reward n x 2 (South's, North's: +1/-1/0 on the step that ends a game, else 0); terminated,
 * truncated (1 when the step ended game i: truncated when by the ply cap, T3); player (the side
 * to move, 0 or 1); final_obs: the observation of the position a game ended in, for the rows of
 * the games that ended in this step (other rows untouched). A game that ends is started again at
 * once (its next episode): obs, mask and player are then of the new game's start. */
typedef struct gb_batch_out {
    float *obs;
    uint8_t *mask;
    float *reward;
    uint8_t *terminated;
    uint8_t *truncated;
    int32_t *player;
    float *final_obs;
} gb_batch_out;
/* Start every game again: a new episode of each stream (seed NULL), or the streams of *seed from
 * episode 0. Fills the rows of every game (reward 0, terminated and truncated 0). */
GB_API int gb_batch_reset(gb_batch *b, const uint64_t *seed, const gb_batch_out *out,
                          gb_error *err);
/* One move in every game: actions[i] is game i's id. Every id is checked first: one that is not
 * legal in its game gives GB_EILLEGAL ("game 3: action 9 is not legal here (legal: 0 2 5)") and
 * no game moves. Qelat's lots are drawn from each game's own source. */
GB_API int gb_batch_step(gb_batch *b, const int32_t *actions, const gb_batch_out *out,
                         gb_error *err);
/* The same for games lo .. hi-1 only (rows lo .. hi-1 of the arrays), so that threads may each
 * step a range of one batch at once (ranges must not overlap). */
GB_API int gb_batch_step_range(gb_batch *b, int lo, int hi, const int32_t *actions,
                               const gb_batch_out *out, gb_error *err);
/* A uniformly random legal id for every game into actions[0 .. n-1], drawn from *rng (the
 * caller's source, not the games'): a random player, or a policy's exploration, at C speed. */
GB_API void gb_batch_random_actions(const gb_batch *b, uint64_t *rng, int32_t *actions);

/* ---- exact endgame tables (Sadeqa III, Bulto; docs/tables.md) ----
 * For every position with at most K stones on the board, its exact final margin under the rules
 * (T2 included), built once into a folder of files (one a stone count) and memory-mapped. */
typedef struct gb_tables gb_tables;
typedef struct gb_tables_level_info {
    int stones;                 /* the level built */
    unsigned long long positions, cyclic; /* cyclic: positions on a cycle of capture-free moves */
    unsigned long long unknown; /* positions left unknown (a cycle's walk past its budget) */
    unsigned largest_component; /* of the level's capture-free moves */
    long long walk_nodes;       /* positions the searches inside cycles visited */
    double seconds;
    double cpu_seconds;         /* the process's CPU time (all threads) for the level */
    int kept;                   /* 1: not built, the folder's own file kept (resume) */
} gb_tables_level_info;
typedef void (*gb_tables_progress_fn)(const gb_tables_level_info *level, void *user);
/* Build levels 1..stones of variant ("sadeqa", "bulto" or "akil") with `options` into dir (made if
 * missing), calling progress after each level. A position on a cycle whose exact walk visits more
 * than `budget` positions (0: no limit) is left unknown, and so is every position whose value
 * needs it. GB_OK or a negative code with err set. */
GB_API int gb_tables_build(const char *variant, const char *options, int stones, const char *dir,
                           long long budget, gb_tables_progress_fn progress, void *user,
                           gb_error *err);
/* The same with more choices: `jobs` threads for the walks of a level's large components (1:
 * none; the tables are the same for any number), and `tick`, called now and then (at most every
 * half second, from the calling thread) with the positions of the level being built done so far. */
typedef void (*gb_tables_tick_fn)(int stones, unsigned long long done, unsigned long long positions,
                                  void *user);
typedef struct gb_tables_build_opts {
    long long budget;
    int jobs;
    gb_tables_progress_fn progress;
    gb_tables_tick_fn tick;
    void *user; /* passed to progress and tick */
    int resume; /* keep the levels from the first up that dir already holds for the same variant
                 * and options (each file's checksum checked), build only those above them, and go
                 * on from the saved work of the next (below) */
    /* Stopping and going on (docs/tables.md, "Files"). A level being built (every variant) is
     * saved to DIR/VARIANT-KK.progress every save_every seconds (0: every 600; below 0: never)
     * and when stop, if set, returns nonzero: the build then returns GB_ESTOPPED, err naming the
     * file, and a build with resume (the same variant, options and budget) goes on from it,
     * giving the same tables and level counts as one run. stop is asked often, from every build
     * thread: keep it cheap and thread-safe, and once it has returned nonzero let it keep doing
     * so. */
    double save_every;
    int (*stop)(void *user);
} gb_tables_build_opts;
GB_API int gb_tables_build_with(const char *variant, const char *options, int stones,
                                const char *dir, const gb_tables_build_opts *opts, gb_error *err);
/* Open the tables of dir (every level from 1 up); verify: check every level's checksum. GB_OK,
 * or a negative code with err naming what is wrong (GB_EINVAL for a NULL or empty dir). */
GB_API int gb_tables_open(gb_tables **out, const char *dir, int verify, gb_error *err);
GB_API void gb_tables_close(gb_tables *t);
/* What the tables hold, a line a level, as snprintf writes. */
GB_API int gb_tables_describe(const gb_tables *t, char *buf, size_t len);
/* What a stopped build's saved work (a DIR/VARIANT-KK.progress file, docs/tables.md) holds, in a
 * line, as snprintf writes: the variant, level and options, the share of its positions solved,
 * the time spent; its checksum checked (the whole file is read). Or an error naming the file. */
GB_API int gb_tables_saved_describe(const char *path, char *buf, size_t len, gb_error *err);
GB_API int gb_tables_stones(const gb_tables *t); /* K: the most stones on the board held */
/* The exact final margin (the side to move's score minus the other's, stores included) of g's
 * position with its repetition record: 1 and *margin set, or 0 when the tables do not decide it
 * (other options or variant, more stones, a cycle too long to walk). */
GB_API int gb_tables_probe(const gb_tables *t, const gb_game *g, int *margin);

#ifdef __cplusplus
}
#endif
#endif
