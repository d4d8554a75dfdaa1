/* internal.h — what the games, the driver and the notation share inside libgabata.
 *
 * A position (gb_pos) is a flat 64-byte value copied freely. A game's rules are one gb_rules
 * table (one file per game: sadeqa.c, ...); the driver (game.c) applies the termination rulings
 * RULINGS §1 (T1–T5) around them, identically for every game. */
#ifndef GABATA_INTERNAL_H
#define GABATA_INTERNAL_H

#include "gabata.h"

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* A sowing that never ends (RULINGS T1): a game's play returns it; the driver turns it into an
 * illegal move or the end of the game (endless=ends-game). Never seen outside the library. */
enum { GB_EENDLESS = -6 };

/* ---- positions ---- */
enum { /* gb_pos.flags */
    GB_F_OVER = 1,       /* the game (match) is over */
    GB_F_LAST_N = 2,     /* the last ply was North's (S5: who moved last) */
    GB_F_ENDLESS = 4,    /* transient: the ply just generated is a never-ending sowing (T1) */
    GB_F_ROUND_NEW = 8   /* transient: this ply started a new round (repetition record restarts) */
};

typedef struct gb_pos {
    uint8_t holes[GB_MAX_HOLES]; /* counts in ring order */
    uint32_t own_n;              /* bit i: hole i is owned by North (else South) */
    uint32_t mark_s;             /* bit i: hole i is an ekwarna/bulto of South */
    uint32_t mark_n;             /* bit i: hole i is an ekwarna/bulto of North */
    uint32_t mine;               /* bit i: hole i is a miné (Bulto) */
    uint8_t store[2];            /* stones taken so far (this round) */
    uint8_t to_move;             /* 0 South, 1 North */
    uint8_t phase;               /* game-specific phase index (see gb_rules.phases) */
    uint8_t flags;               /* GB_F_* */
    uint8_t end_reason;          /* GB_END_* when over */
    uint8_t winner;              /* GB_SOUTH, GB_NORTH, GB_DRAW when over */
    uint8_t aux;                 /* game-specific (round starter, distributor, ...) */
    uint32_t ply;                /* plies in this game (round), for max-plies */
    uint16_t round;              /* 1-based */
    int16_t match[2];            /* game-specific match data (L'ab al-Akil gains) */
    uint64_t hash;               /* hash (multiply-fold, board.c) of all that counts for repetition (T2) */
} gb_pos;

_Static_assert(sizeof(gb_pos) <= 64, "a position must fit in 64 bytes");

/* holes[GB_SPARE_AT..GB_MAX_HOLES-1] lie past the ring of every game of at most 16 holes, and a
 * game of that size may keep data of its own there (Qelat's round starts, Q11; qelat.h). They are
 * hashed and compared with the board (T2) like the holes, and written in a position string as
 * `starts=` when not 0 (notation.c); nothing else reads them. */
#define GB_SPARE_AT 16

/* ---- options ---- */
enum { /* option slots shared by every game; a game's own options use slots >= GB_OPT_GAME */
    GB_OPT_SKIP_ORIGIN = 0, /* RULINGS §0: 0 no, 1 yes */
    GB_OPT_ENDLESS = 1,     /* T1: 0 illegal, 1 ends-game */
    GB_OPT_MAX_PLIES = 2,   /* T3 */
    GB_OPT_MAX_ROUNDS = 3,  /* T3, match games only */
    GB_OPT_GAME = 4,
    GB_OPT_SLOTS = 16
};

typedef struct gb_option_def {
    const char *key;
    int slot;
    const char *const *choices; /* NULL-terminated, first is the default; NULL for a number */
    long min, max, def;         /* for a number */
    const char *help;           /* what it decides, one line for players (gb_option_info.help) */
    const char *ruling;         /* the ruling that names it (docs/rulings.md) */
} gb_option_def;

/* The options every game shares (RULINGS §0 skip-origin, §1 T1 endless and T3 caps), defined once
 * here; a game lists them in its own table with these. */
extern const char *const gb_choices_yes_no[];
extern const char *const gb_choices_endless[];
#define GB_OPTION_SKIP_ORIGIN                                                                      \
    {"skip-origin", GB_OPT_SKIP_ORIGIN, gb_choices_yes_no, 0, 0, 0,                                \
     "whether a lap that goes all the way round skips the hole it was lifted from", "§0"}
#define GB_OPTION_ENDLESS                                                                          \
    {"endless", GB_OPT_ENDLESS, gb_choices_endless, 0, 0, 0,                                       \
     "a sowing that never ends is an illegal move, or ends the game (round) at once", "T1"}
#define GB_OPTION_MAX_PLIES                                                                        \
    {"max-plies", GB_OPT_MAX_PLIES, NULL, 1, 1000000, 5000,                                        \
     "the game (round) ends when this many plies have been played", "T3"}
#define GB_OPTION_MAX_ROUNDS                                                                       \
    {"max-rounds", GB_OPT_MAX_ROUNDS, NULL, 1, 65535, 200,                                         \
     "the match ends after this many rounds, the player ahead winning", "T3"}

typedef struct gb_options {
    int v[GB_OPT_SLOTS];
} gb_options;

/* A game-specific field of the state JSON (match data): "key": {"S":s,"N":n} when per_side, else
 * "key": text when text is set, else "key": s. */
typedef struct gb_field {
    const char *key;
    bool per_side;
    int s, n;
    const char *text;
} gb_field;

/* A game's words (gb_mark_name, gb_event_name...): NULL entries take the shared word of
 * src/core/words.c ("capture", "sow", ...). */
/* A text being written into a caller's buffer, snprintf-style: `used` counts every character
 * asked for, even those cut off (words.c). */
typedef struct gb_text {
    char *buf;
    size_t len, used;
} gb_text;
void gb_text_add(gb_text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The same for a text whose count n qualifies a noun, singular and plural (gb_trn_format); the
 * arguments are the English texts' (both have the same conversions). */
void gb_text_addn(gb_text *t, unsigned long n, const char *singular, const char *plural, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The same, added as it is (spaces, labels, counts: nothing to translate), not looked up in
 * the front-end's language. */
void gb_text_plain(gb_text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* How a game or round ended by T1-T3 ("a position repeated (T2)", ...), for the round words. */
void gb_text_t_reason(gb_text *t, const gb_options *o, int reason);
/* Texts for players (issue 22 §3): GB_N_ marks an English text for xgettext (tools/i18n-update)
 * and does nothing else; gb_tr gives a text in the front-end's language (gb_set_translate), the
 * English when there is none; gb_tr_format the same for a printf format, whose translation is
 * used only when it has the same conversions in the same order (a bad catalog cannot crash). */
#define GB_N_(s) s
const char *gb_tr(const char *english);
const char *gb_tr_format(const char *fmt);
/* A count that qualifies a noun ("%d hole" / "%d holes"): the format for n in the front-end's
 * language, as its plural translator (gb_set_translate_plural) gives it, used only when its
 * conversions are the English text's (or those less the count, when the count is the last:
 * "one round" in words); else the English, singular when n == 1, as gb_tr_format would
 * translate it. The count is the last integer conversion before the first character where
 * singular and plural differ (gb_plural_count_index: -1 when none), and n must be its value:
 * the page reads it from the English text so (docs/translating.md, "Plurals"). tools/i18n-update
 * extracts the pairs of gb_trn_format (1,2), gb_text_addn (3,4), gb_rulen (5,6) and
 * gb_failn (4,5) as plural entries. Text only: never in a search or a sowing. */
const char *gb_trn_format(const char *singular, const char *plural, unsigned long n);
int gb_plural_count_index(const char *singular, const char *plural);
/* s, cut short by snprintf, made to end with a whole UTF-8 character. */
void gb_utf8_trim(char *s);
/* The length of the valid UTF-8 sequence at p (NUL-terminated), or 0 (RFC 3629: no overlong
 * form, no surrogate, nothing past U+10FFFF). */
size_t gb_utf8_len(const unsigned char *p);
/* A side's name, "South" or "North". */
const char *gb_side_word(int side);
/* The language's full stop, where the library joins sentences of its own: "." in English, "።"
 * where the catalog's "full-stop:." says so (Amharic, Tigrinya), as GTK's "default:LTR" says a
 * language's direction. */
const char *gb_full_stop(void);
const char *gb_list_comma(void); /* ", " likewise: "፣ " in Amharic, "، " in Arabic */
const char *gb_clause_colon(void); /* ": " likewise, before an explanation: "፦ " in Amharic */

/* A round (a game) that ended in the game object: the board as it lay when it ended, before it
 * was scored (T1: the board before the never-ending move), how it ended (GB_END_*), and the
 * position after it (the next round's start, or the end of the game or match). */
typedef struct gb_round_end {
    gb_pos end, next;
    int reason;
    int move; /* index in the history of the move that ended it */
} gb_round_end;
int gb_game_round_count(const gb_game *g);
const gb_round_end *gb_game_round_at(const gb_game *g, int i);

/* The rules lines being written for gb_rules_lines (words.c): gb_rule adds one, in the words of
 * fmt (printf's), stating `ruling` (ids of docs/rulings.md, space-separated), worded after
 * `option`'s value (or NULL). Lines past `max` are counted, not written. */
typedef struct gb_rule_out {
    gb_rule_line *line;
    int max, count;
} gb_rule_out;
void gb_rule(gb_rule_out *out, const char *ruling, const char *option, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The same for a line whose count n qualifies a noun (gb_trn_format). */
void gb_rulen(gb_rule_out *out, const char *ruling, const char *option, unsigned long n,
              const char *singular, const char *plural, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
/* The lines every game shares, after its own: skip-origin (§0), a never-ending sowing (T1, T4;
 * `unit` "game" or "round", `passes`: a player with no move passes instead of the game ending)
 * and the ply cap (T3; `plies` says what a ply is in this game, T5). Repetition (T2) is each
 * game's own line, since its scoring is. */
void gb_rules_shared(gb_rule_out *out, const gb_options *o, const char *unit, bool passes,
                     const char *plies);

/* What a round's words are for (gb_words.round) */
enum { GB_RT_SUMMARY, GB_RT_STANDING, GB_RT_LINE };

typedef struct gb_words {
    const char *mark[4];                       /* by GB_MARK_*; HELD_S and HELD_N alike */
    const char *mark_word[4];                  /* the same as players write it ("miné") */
    const char *event[GB_EV_COUNT];            /* names, as the JSON and the protocol write them */
    const char *phrase[GB_EV_COUNT];           /* what the event did, for players (words.c) */
    const char *phrase_many[GB_EV_COUNT];      /* the same when the lap's value is over 1 */
    const char *move_kind[GB_MOVE_KIND_COUNT]; /* names of the kinds of move */
    /* The end in words (words.c writes the head, "North wins 62–34", and the match's totals).
     * result: the reason of a finished game's result, after "…: ", from the rules (where the
     * stones went); NULL: how it ended, in the shared words. */
    void (*result)(const gb_options *o, const gb_pos *p, const int score[2], gb_text *t);
    /* Match games: who won a round that ended (GB_DRAW when even) and what each side made in it
     * (`made`: "earnings", "seeds"); GB_EINVAL when these options play no match (rounds=1). */
    int (*round_facts)(const gb_options *o, const gb_round_end *e, int *winner, int made[2]);
    /* Match games: a round's words: GB_RT_SUMMARY (who won it, by how much, what changed hands,
     * how it ended), GB_RT_STANDING (the match after it), GB_RT_LINE (short, for the summary). */
    void (*round)(const gb_options *o, const gb_round_end *e, int what, gb_text *t);
    const char *made;
    /* Every rule for players under options o (gb_rules_lines), each with its rulings, written
     * with gb_rule and gb_rules_shared; NULL: the game's text->rules, with no rulings. */
    void (*rules)(const gb_options *o, gb_rule_out *out);
    /* The phases for players, by gb_pos.phase, each "phase:NAME" (GB_N_: a catalog gives
     * "phase:ITS WORD"); what follows the colon is shown. NULL: the phase's name as it is. */
    const char *phase_word[4];
} gb_words;
/* A phase's word for players in the front-end's language (gb_words.phase_word): "sowing", or
 * Amharic "መዝራት"; the phase's name where the game gives none. */
const char *gb_phase_word(const gb_game *g);

/* ---- the game definition: one per game (src/games/<game>/), listed in src/games/registry.def
 *
 * Versioned as SQLite's and Redis's plug-in tables are: `version` comes first and says which
 * layout of this table the game was written against; members are only ever added at the end,
 * and a member a game leaves NULL gets the driver's default. The registry refuses (at compile
 * time) a game whose version is newer than the driver's. */
#define GB_RULES_VERSION 5 /* 1: the table of 0.1.0 (no version); 2: + eval, text, words, suggest;
                             3: + lessons; 4: + gen_lazy; 5: + layouts_fixed */
typedef struct gb_rules {
    int version;       /* GB_RULES_VERSION when written */
    const char *name;  /* "sadeqa" */
    const char *title; /* "Sadeqa III" */
    int n;             /* holes per row */
    const gb_option_def *options;
    int num_options;
    const char *const *phases; /* names of gb_pos.phase values, NULL-terminated */

    /* The start position (before the driver settles it). */
    void (*setup)(const gb_options *o, gb_pos *p);
    /* Apply move m to p in place (p->to_move, p->ply, flags updated; not the hash). Return
     * GB_OK, GB_EILLEGAL (p is then undefined: callers pass a copy), or GB_EENDLESS (T1).
     * m->chance is in/out for chance drawn inside the move (rng may be used to draw it). */
    int (*play)(const gb_options *o, gb_pos *p, gb_move *m, gb_trace *t, uint64_t *rng,
                gb_error *err);
    /* Every legal move from p with its raw result, in a fixed order; count returned. A move
     * whose sowing never ends is left out (endless=illegal) or included with its child set to
     * p plus GB_F_ENDLESS (endless=ends-game). Phases whose moves cannot be listed return 0. */
    int (*gen)(const gb_options *o, const gb_pos *p, gb_move *moves, gb_pos *children);
    /* After a ply, with `nmoves` legal moves for the player now to move: does the game's own
     * end rule (or round-end rule) fire? */
    bool (*ended)(const gb_options *o, const gb_pos *p, int nmoves);
    /* End the game (or round) for `reason`: score it, set GB_F_OVER/winner, or for match games
     * set up the next round (setting GB_F_ROUND_NEW). For GB_END_ENDLESS p is the board as it
     * stood before the never-ending move (T1). chance is in/out as in play. */
    void (*finish)(const gb_options *o, gb_pos *p, int reason, uint8_t *chance, uint64_t *rng);
    /* Final scores of an ended game (for match games: of the match). */
    void (*scores)(const gb_options *o, const gb_pos *p, int score[2]);
    /* A random move for a phase whose moves cannot be listed (a layout), or NULL. */
    int (*random_move)(const gb_options *o, const gb_pos *p, uint64_t *rng, gb_move *m);
    /* Is p a position this game can be in (for positions parsed from text)? */
    int (*check)(const gb_options *o, const gb_pos *p, gb_error *err);
    /* Extra state JSON fields (round data, earnings, gains, distributor...), or NULL. */
    int (*fields)(const gb_options *o, const gb_pos *p, gb_field *out, int max);

    /* Optional (NULL: the driver uses gen), the fast path of random playouts: one uniformly
     * random legal move of p with its raw child exactly as gen would give them (for a never-ending
     * move with endless=ends-game, p plus GB_F_ENDLESS), without simulating the other moves; the
     * laps of that move go to t when t is not NULL (t->laps, t->sown, t->events reset first).
     * Returns 1, or 0 when p has no legal move (as gen returning 0), or GB_EINVAL when this
     * phase must go through gen (the driver then falls back). A game that provides it promises
     * that its `ended` depends on nmoves only through nmoves == 0 (the driver passes 0 or 1). */
    int (*sample)(const gb_options *o, const gb_pos *p, uint64_t *rng, gb_move *m, gb_pos *child,
                  gb_trace *t);
    /* Optional, with sample: a cheap proof that p has a legal move, for the search's leaves
     * (settle_light.c), where that is all T5 asks. Returns 1 when a legal move is sure to exist,
     * or GB_EINVAL when it cannot tell so cheaply (the caller then samples a move). */
    int (*any_move)(const gb_options *o, const gb_pos *p);
    /* Optional: a sensible move for a phase whose moves cannot be listed (L'ab al-Akil's
     * near-even tebweez, A2), for players who want a suggestion. GB_EINVAL when none here. */
    int (*suggest)(const gb_options *o, const gb_pos *p, uint64_t *rng, gb_move *m);

    /* The static evaluation (src/games/<game>/eval.c, docs/ai.md) of a settled position that is
     * not over, from `side`'s view in hundredths of a stone; NULL: the generic terms of
     * src/search/eval.c. */
    int (*eval)(const gb_options *o, const gb_pos *p, int side);
    /* Match games: what the start of a new round is worth to `side` for the match; NULL: the
     * holes each side owns, 400 a hole. `generic` is set under GABATA_EVAL=generic (docs/ai.md),
     * where a game keeps only what its scale needs. */
    int (*eval_round)(const gb_options *o, const gb_pos *p, int side, bool generic);
    /* The game for players: its rules in the product's words, and its words. */
    const gb_rules_text *text;
    const gb_words *words;
    /* Version 3: the game's lessons (src/games/<game>/lessons.c, gb_lesson_*), ended by one
     * whose id is NULL; NULL for none. */
    const gb_lesson *lessons;
    /* Version 4, optional (NULL: gen): gen for the batch (batch.c), which needs the legal moves
     * exactly (the mask) but plays only one of them. The same moves in the same order, but a move
     * proven legal without sowing it (a cheap proof, exact) may be left unsown: bit i of *lazy set
     * and children[i] left as it is. Such a move's child must be what `play` gives on a copy of p
     * with no trace (GB_EENDLESS for a never-ending sowing under endless=ends-game), drawing
     * nothing from rng. At most 64 moves may be lazy (the bits of *lazy). */
    int (*gen_lazy)(const gb_options *o, const gb_pos *p, gb_move *moves, gb_pos *children,
                    uint64_t *lazy);
    /* Version 5: true when the layouts random_move and suggest give in a layout phase depend on
     * the options and the random source only, never on the position (L'ab al-Akil: every round
     * lays out the same 72 seeds, A2), so that the batch's layout catalogue (batch.c) is the
     * same at every layout phase and is found once. */
    bool layouts_fixed;
} gb_rules;

/* The registry (src/games/registry.c): the games in the order `gabata variants` lists them. */
const gb_rules *gb_rules_find(const char *name);
int gb_rules_count(void);
const gb_rules *gb_rules_at(int i);
#define GB_GAME(id) extern const gb_rules gb_rules_##id;
#include "registry.def"
#undef GB_GAME

/* words.c: a game's names of marks and events, for the state JSON */
/* Whether a game of r under o is a match of rounds (a round's end is not the game's: Qelat,
 * L'ab al-Akil, unless rounds=1); p: any position of it. */
bool gb_plays_match(const gb_rules *r, const gb_options *o, const gb_pos *p);
const char *gb_rules_mark_name(const gb_rules *r, int mark);
const char *gb_rules_event_name(const gb_rules *r, int event);

/* ---- shared board primitives (board.c) ---- */
static inline int gb_ring(const gb_rules *r) { return 2 * r->n; }
static inline int gb_opposite(int n, int i) { return 2 * n - 1 - i; }
static inline int gb_row_of(int n, int i) { return i >= n; } /* 0 South's row, 1 North's */
static inline int gb_next(int ring, int i) { return i + 1 == ring ? 0 : i + 1; }
/* 0 South, 1 North: who owns hole i (inline: the games ask it in their inner loops) */
static inline int gb_pos_owner(const gb_pos *p, int i) { return (p->own_n >> i) & 1u; }
int gb_pos_mark(const gb_pos *p, int i); /* GB_MARK_* */
int gb_pos_board_total(const gb_pos *p, int ring);
/* The invariants every position of every game keeps (for assert in the Debug builds): marks
 * disjoint and on the board, nothing past the ring, a player and a phase that exist. */
bool gb_pos_sane(const gb_rules *r, const gb_pos *p);

/* A 64-bit hash (a multiply-and-fold of the words, board.c; not Zobrist's table of random keys)
 * of the fields that count for repetition (T2): holes, marks, owners, stores, player to move,
 * phase, round. */
uint64_t gb_pos_hash(const gb_pos *p);
/* Same position for repetition purposes (T2). */
bool gb_pos_same(const gb_pos *a, const gb_pos *b);

/* T1 guard: counts laps over a whole sowing and detects a repeating lap-end state with Brent's
 * method, so that common cycles are found after a few laps instead of 10,000. */
#define GB_LAP_LIMIT 10000
typedef struct gb_lapguard {
    long laps;
    long power, lambda;
    uint8_t saved[GB_MAX_HOLES];
    uint32_t saved_extra;
    int saved_hole;
    int ring;
} gb_lapguard;
void gb_lapguard_init(gb_lapguard *g, int ring);
/* Call at each lap end that does not end the move: `next` is the hole about to be lifted,
 * `extra` anything else that changes during the sowing (Bulto's miné, refusals left).
 * Returns true when the sowing is never-ending (T1). */
bool gb_lapguard_step(gb_lapguard *g, const uint8_t *holes, int next, uint32_t extra);
/* The same, for a game's inner loop: the first GB_LAP_QUICK laps are only counted (almost every
 * finite sowing ends by then), the cycle search starts after them. Same answers, since a
 * repeating state repeats forever and the lap limit is counted from the first lap. */
#define GB_LAP_QUICK 24
static inline bool gb_lapguard_lap(gb_lapguard *g, const uint8_t *holes, int next, uint32_t extra)
{
    if (g->laps < GB_LAP_QUICK) {
        g->laps++;
        return false;
    }
    return gb_lapguard_step(g, holes, next, extra);
}

/* Record a lap in a trace (t may be NULL). Inline: it runs once a lap. The holes the lap sowed
 * are the ones noted (gb_trace_hole, gb_trace_holes_after) since the trace's previous entry. */
static inline void gb_trace_lap(gb_trace *t, int from, int to, int stones, int event, int other,
                                int value)
{
    if (!t)
        return;
    t->laps++;
    t->sown += stones;
    if (t->events < GB_TRACE_LAPS) {
        const gb_lap *prev = t->events ? &t->lap[t->events - 1] : NULL;
        int at = prev ? prev->sown_at + prev->sown_len : 0;
        gb_lap *l = &t->lap[t->events++];
        l->from = (uint8_t)from;
        l->to = (uint8_t)to;
        l->stones = (uint16_t)stones;
        l->event = (uint8_t)event;
        l->other = (uint8_t)other;
        l->value = (uint16_t)value;
        l->sown_at = (uint16_t)at;
        l->sown_len = (uint16_t)(t->holes > at ? t->holes - at : 0);
    }
}

/* Note that the lap under way dropped a stone into hole q (t may be NULL). Only laps that will
 * have an entry are noted, as far as the trace's hole list goes. */
static inline void gb_trace_hole(gb_trace *t, int q)
{
    if (t && t->events < GB_TRACE_LAPS && t->holes < GB_TRACE_HOLES)
        t->hole[t->holes++] = (uint8_t)q;
}

/* Note the `count` holes after `after` in ring order, passing over the holes of the mask `skip`
 * (which must leave one hole out of it): the holes a lap sows when what it passes over does not
 * change while it goes round (Sadeqa III, Qelat, L'ab al-Akil: only the origin, §0). The work is
 * out of line (board.c), so that the sowing loops it is written in stay small. */
void gb_trace_note_run(gb_trace *t, int ring, int after, int count, uint32_t skip);
static inline void gb_trace_holes_after(gb_trace *t, int ring, int after, int count, uint32_t skip)
{
    if (t && t->events < GB_TRACE_LAPS && t->holes < GB_TRACE_HOLES)
        gb_trace_note_run(t, ring, after, count, skip);
}

/* Make t a trace that only counts laps and stones (playouts): its lap list and hole list are full
 * from the start, so no lap entry and no hole is written (gb_trace_reset undoes it;
 * gb_trace_restart keeps it). */
static inline void gb_trace_count_only(gb_trace *t)
{
    t->holes = GB_TRACE_HOLES;
    t->events = GB_TRACE_LAPS;
}

/* Start a move's trace again (a sowing played over, a playout's next ply; t may be NULL),
 * keeping a count-only trace so. */
static inline void gb_trace_restart(gb_trace *t)
{
    if (t) {
        t->laps = 0;
        t->sown = 0;
        if (t->holes != GB_TRACE_HOLES)
            t->holes = t->events = 0;
    }
}

/* Empty a trace for a new move (the hole list need not be cleared). */
static inline void gb_trace_reset(gb_trace *t)
{
    if (t) {
        t->laps = t->events = t->holes = 0;
        t->sown = 0;
    }
}

/* splitmix64, the library's one random source and 64-bit mix (bench/yardstick.c keeps its own
 * copy on purpose: it measures the machine, not the library). gb_mix64 is its output function,
 * a good mix of any 64-bit value (hashes, table keys); gb_splitmix64 steps a state and mixes it
 * (gb_rand_next is it, for the clients). */
static inline uint64_t gb_mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static inline uint64_t gb_splitmix64(uint64_t *state)
{
    uint64_t z = gb_mix64(*state);
    *state += 0x9e3779b97f4a7c15ull;
    return z;
}

/* A uniform draw from 0..n-1 (n >= 1) off the splitmix64 source, by multiply and shift rather
 * than a division (bias below n/2^64, as with %). */
/* The 128-bit product of a and b: the low word returned, the high one in *hi. Exact everywhere,
 * so that the hash and the random draws are the same on every target: one instruction where
 * __int128 is native; on WebAssembly (where __int128 arithmetic is a library call) and targets
 * without it, four 32-bit products. */
static inline uint64_t gb_mul128(uint64_t a, uint64_t b, uint64_t *hi)
{
#if defined(__SIZEOF_INT128__) && !defined(__wasm__)
    __extension__ typedef unsigned __int128 u128;
    u128 r = (u128)a * b;
    *hi = (uint64_t)(r >> 64);
    return (uint64_t)r;
#else
    uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl; /* below 2^34 */
    *hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    return (mid << 32) | (uint32_t)ll;
#endif
}

static inline int gb_rand_below(uint64_t *state, int n)
{
    uint64_t z = gb_splitmix64(state), hi;
    gb_mul128(z, (uint64_t)n, &hi); /* Lemire's multiply-shift: the high word of z * n */
    return (int)hi;
}

/* ---- options (options.c) ---- */
int gb_options_parse(const gb_rules *r, const char *text, gb_options *o, gb_error *err);
void gb_options_default(const gb_rules *r, gb_options *o);
/* Non-default options as "k=v,k=v" (empty string if all default). */
void gb_options_format(const gb_rules *r, const gb_options *o, char *buf, size_t len);

/* ---- the driver (game.c) ---- */
/* The positions seen in this game (round) where someone had to act: what T2's repetition is
 * checked against. (Not a game record: those are text, src/notation/notation.c.) */
typedef struct gb_seen {
    gb_pos *pos;
    int len, cap;
    bool own; /* pos allocated by gb_seen_push */
    /* The last round (game) that ended in gb_t5_conclude: the board as it lay before it was
     * scored, and how it ended; `ends` counts them (the game object's round words, words.c). */
    unsigned ends;
    int end_reason;
    gb_pos end;
    /* How many times a new round restarted the record (gb_t5_conclude): the game object's undo
     * keeps the round's record when this changes in a ply (game.c). */
    unsigned resets;
} gb_seen;

/* Settle `child`, the raw result of a ply from `prev`: apply the game's end rule, then
 * repetition against `rec`, then the cap (T5); compute its hash; push it to `rec` (restarting
 * the record on a new round) when the game goes on. `moves`/`children` receive the legal moves
 * of the settled position (may be NULL). Returns the number of legal moves (0 when over). */
int gb_settle(const gb_rules *r, const gb_options *o, gb_pos *child,
                gb_seen *rec, uint8_t *chance, uint64_t *rng, gb_move *moves, gb_pos *children);
/* The two halves of gb_settle, for other ways of settling (playouts, search leaves) so that every
 * one applies T5 identically. gb_t5_reason: the end reason of a settled child (hash set when
 * `hashed`), given its legal-move count (or only whether it has one: the games' `ended` only ask
 * whether it is 0). gb_t5_conclude: push the child to the record when the game goes on (1), or
 * finish it: 0 when over, -1 when a new round began (settle the child again), GB_ENOMEM. */
int gb_t5_reason(const gb_rules *r, const gb_options *o, const gb_pos *child, int nmoves,
                 const gb_seen *rec, bool hashed);
int gb_t5_conclude(const gb_rules *r, const gb_options *o, gb_pos *child, gb_seen *rec,
                   int reason, uint8_t *chance, uint64_t *rng);
int gb_seen_push(gb_seen *rec, const gb_pos *p);
void gb_seen_free(gb_seen *rec);

/* the game object's insides, for notation.c and the clients inside the library */
int gb_game_from_pos(gb_game **out, const gb_rules *r, const gb_options *o, const gb_pos *p,
                     uint64_t seed, gb_error *err);
const gb_rules *gb_game_rules(const gb_game *g);
const gb_options *gb_game_options(const gb_game *g);
const gb_pos *gb_game_pos(const gb_game *g);
const gb_pos *gb_game_start(const gb_game *g);
bool gb_game_custom(const gb_game *g);
/* The game's repetition record (this round's positions, the current one last): for search. */
const gb_seen *gb_game_seen(const gb_game *g);
uint64_t gb_game_seed(const gb_game *g);
char *gb_pos_format(const gb_rules *r, const gb_options *o, const gb_pos *p);
/* s as a JSON string, quotes included, malloc'd (NULL when out of memory): the state JSON's
 * escaping (src/notation/json.c), for its tests. */
char *gb_json_quote(const char *s);

/* ---- errors ---- */
/* Copy src into dst of size len, cut short if need be, always terminated. */
void gb_copy(char *dst, size_t len, const char *src);
int gb_fail(gb_error *err, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The same for an error whose count n qualifies a noun (gb_trn_format). */
int gb_failn(gb_error *err, int code, unsigned long n, const char *singular, const char *plural, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* labels (board.c): South's holes A B C ..., North's a b c ..., each from its owner's left */
int gb_label_parse(int n, const char *s, int *hole); /* chars consumed, 0 if none */
void gb_label_format(int n, int hole, char out[2]);

#endif
