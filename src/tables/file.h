/* file.h — the endgame tables' files, the same for every game's tables (file.c; docs/tables.md,
 * "Files"). A game's tables describe themselves with a gb_tb_game; file.c writes, reads, checks
 * and maps the levels, and runs the level-by-level build around the game's own build_level. */
#ifndef GABATA_TB_FILE_H
#define GABATA_TB_FILE_H

#include "tables.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <time.h>

#define TB_HEADER 512 /* bytes of text before a level's values */
#define TB_FIRST_MAX 3 /* the highest first level a game's first_level gives */

typedef struct gb_tb_game {
    /* the variant (gb_rules_find), the files' names (DIR/NAME-KK.gbt) and the header's variant */
    const char *name;
    /* The header's lines after its checksum line, each ending in "\n", 127 characters in all at
     * most (NULL: none), and their reading for level k (extra: the header's text after the
     * checksum's digits): at level 1 they set t's fields, above it they must agree with level
     * 1's. GB_OK, or an error naming path. */
    void (*extra_lines)(const gb_tables *t, char *buf, size_t len);
    int (*read_extra)(gb_tables *t, int k, const char *path, const char *extra, gb_error *err);
    uint64_t (*level_size)(const gb_tables *t, int k); /* positions of level k */
    /* the options that decide a value: those of o into out, their text into buf */
    void (*value_options)(const gb_rules *r, const gb_options *o, gb_options *out, char *buf, size_t len);
    /* The lowest level held, from t's rules and options (NULL: 1). L'ab al-Akil's levels 0 and 1
     * are ends (A10), and 2 too with two-seeds=at-once (A12). Opening tolerates missing files below
     * it (up to level TB_FIRST_MAX) and checks that the first file found is that level. */
    int (*first_level)(const gb_tables *t);
    /* Build level k into out (level_size bytes), the levels below it being in t->level[]; dir:
     * the folder, for the level's saved progress (gb_tb_progress_*). */
    int (*build_level)(gb_tables *t, int k, uint8_t *out, const char *dir, const gb_tables_build_opts *bo,
                       gb_tb_stats *st, gb_error *err);
} gb_tb_game;

extern const gb_tb_game gb_tb_sadeqa_game; /* tables.c */
extern const gb_tb_game gb_tb_bulto_game;  /* bulto.c */
extern const gb_tb_game gb_tb_akil_game;   /* akil.c */

uint64_t gb_tb_fnv1a(const uint8_t *b, uint64_t n); /* a level's checksum */
bool gb_tb_file_in(const gb_tb_game *g, const char *dir); /* does dir hold g's first level? */

/* Build levels first..stones of g (1, or g->first_level) into dir (made if missing): t holds the rules, the options (t->o,
 * t->options) and the game's own fields; each level is built by g->build_level, its checksum
 * taken, written to a .part file renamed when whole, and bo->progress told. The levels' bytes
 * are freed before it returns; t stays the caller's. */
int gb_tb_build_levels(const gb_tb_game *g, gb_tables *t, const char *dir, int stones,
                       const gb_tables_build_opts *bo, gb_error *err);

/* Open g's levels in dir, from 1 up to the first missing one, each memory-mapped and its header
 * checked against its name, its size, level 1's options and extra lines; verify: every checksum
 * too. */
int gb_tb_open_levels(const gb_tb_game *g, gb_tables **out, const char *dir, int verify, gb_error *err);

/* Progress inside a level for bo->tick: gb_tb_ticker_start (which tells bo->tick the level
 * starts), then gb_tb_tick(ticker, positions done) from one thread as often as it likes; it calls
 * bo->tick at most every half second. */
typedef struct gb_tb_ticker {
    const gb_tables_build_opts *bo;
    int k;
    uint64_t positions;
    unsigned calls;
    struct timespec last;
} gb_tb_ticker;
void gb_tb_ticker_start(gb_tb_ticker *bt, const gb_tables_build_opts *bo, int k, uint64_t positions);
void gb_tb_tick(gb_tb_ticker *bt, uint64_t done);

/* ---- a level's saved progress (DIR/GAME-KK.progress; docs/tables.md, "Files") ----
 * What a stopped build of level k leaves so that a --resume can go on from it (every game's
 * builder; L'ab al-Akil's needs only the bytes and counts): the level's bytes
 * (the components solved, the others 0), the walk counts so far, and the bytes of the component
 * under way for the walks that are done (0: not done), told from the others by its size and the
 * hash of its positions (Tarjan's order is the same in every run), and their guesses and bounds. The header has the level's
 * lines (variant, options, stones, positions, the game's own) and the budget: a build with other
 * ones refuses it. */
#define TB_GUESS_BYTES 3 /* a position's guess (1 byte) and bounds (2) in a saved component */
typedef struct gb_tb_saved {
    long long walk_nodes;
    uint64_t unknown;
    double seconds, cpu_seconds; /* spent on the level so far, in all its runs */
    uint32_t comp_size;  /* the component under way (0: none) */
    uint64_t comp_hash;  /* gb_tb_fnv1a of its positions' 32-bit numbers */
    uint8_t *comp_bytes; /* comp_size bytes (gb_tb_progress_load mallocs them; the caller frees) */
    uint8_t *comp_guesses; /* its positions' guesses and bounds (sadeqa_build.c), TB_GUESS_BYTES a
                            * position, so as not to make them again */
    /* A level of independent pieces (Bulto's patterns) saves between them instead: the pieces
     * done (all those before items_done) and the counts of the level's line for them, which a
     * resumed build cannot count again (the header's "items" line, written when items_done is
     * not 0; absent, all 0). */
    uint64_t items_done, cyclic;
    uint32_t largest;
} gb_tb_saved;
/* Load level k's saved progress into b (n bytes) and *s: 1 loaded, 0 no such file, or an error
 * naming the file (other options or budget, short, damaged). */
int gb_tb_progress_load(const gb_tb_game *g, const gb_tables *t, const char *dir, int k, uint64_t n,
                        long long budget, uint8_t *b, gb_tb_saved *s, gb_error *err);
/* Save it (written whole, then renamed over the last one). */
int gb_tb_progress_save(const gb_tb_game *g, const gb_tables *t, const char *dir, int k, uint64_t n,
                        long long budget, const uint8_t *b, const gb_tb_saved *s, gb_error *err);
void gb_tb_progress_path(char *buf, size_t len, const char *dir, const gb_tb_game *g, int k);

/* When a level being built is saved, and whether it stops (every game's builder): the save
 * interval and the stop of bo. Asked from every build thread; `next` changes only while no walk
 * runs (gb_tb_saver_saved, after a save). */
typedef struct gb_tb_saver {
    const gb_tables_build_opts *bo;
    double every;         /* seconds between saves; below 0: no saves but a stop's */
    struct timespec next; /* the next save's time */
    atomic_bool stopping; /* bo->stop has said so (it stays said) */
} gb_tb_saver;
void gb_tb_saver_start(gb_tb_saver *s, const gb_tables_build_opts *bo);
/* Does bo ask for saves or stops at all? (If not, the builder need not pause its threads.) */
bool gb_tb_saver_active(const gb_tb_saver *s);
/* Is the build to stop? bo->stop asked (its yes kept), unless it has said so already. */
bool gb_tb_saver_stop(gb_tb_saver *s);
/* Time to save, or to stop? */
bool gb_tb_saver_due(gb_tb_saver *s);
/* Has the stop said so? (Not asked again.) */
bool gb_tb_saver_stopping(gb_tb_saver *s);
/* A save was made: the next one a save interval from now. */
void gb_tb_saver_saved(gb_tb_saver *s);

/* gb_tables_describe's lines of the levels and the total, after the game's own lines. */
void gb_tb_describe_levels(const gb_tables *t, gb_text *x);

#endif
