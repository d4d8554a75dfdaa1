/* game.c — the driver: the registry of games, the termination rulings T1–T5 applied around every
 * game's rules, and the gb_game object of the public API (history, undo, legal moves). */
#include "internal.h"
#include "settle.h"

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

int gb_variant_count(void) { return gb_rules_count(); }
const char *gb_variant_name(int i)
{
    const gb_rules *r = gb_rules_at(i);
    return r ? r->name : NULL;
}

const char *gb_variant_title(const char *name)
{
    const gb_rules *r = gb_rules_find(name);
    return r ? r->title : NULL;
}

const char *gb_end_reason_name(int reason)
{
    static const char *const names[] = {NULL, "rule", "repetition", "cap", "endless"};
    return reason >= 0 && reason <= GB_END_ENDLESS ? names[reason] : NULL;
}

/* ---- repetition record ---- */
int gb_seen_push(gb_seen *rec, const gb_pos *p)
{
    if (rec->len == rec->cap) {
        if (!rec->own)
            return GB_ENOMEM; /* a fixed buffer (playouts) is sized for max-plies + 1 */
        int cap = rec->cap ? rec->cap * 2 : 64;
        gb_pos *np = realloc(rec->pos, (size_t)cap * sizeof *np);
        if (!np)
            return GB_ENOMEM;
        rec->pos = np;
        rec->cap = cap;
    }
    rec->pos[rec->len++] = *p;
    return GB_OK;
}

void gb_seen_free(gb_seen *rec)
{
    if (rec->own)
        free(rec->pos);
    memset(rec, 0, sizeof *rec);
}

/* T2: has this position (where someone must act) occurred before in this game (round)? Within a
 * round some things only go one way, so a position that differs from p in them cannot be p again,
 * nor can any position before it, and the scan back stops at the first one that does:
 * - the stores: stones taken never return (each store only grows);
 * - the marks: an ekwarna or a bulto stays marked, and its owner's (Q4, B4);
 * - the miné: a miné stops being one for good (B2; no other game has any). The menager makes
 *   them, but its position (none yet) is the record's first, and no later one is like it;
 * - the count of each marked hole, while the stores and marks are the same: a marked hole is never
 *   lifted (Q2, B3), and stones leave it only when taken (Qelat's eat, Q3, which changes the
 *   store). So an earlier position holding fewer stones in one of p's marked holes ends the scan.
 *   Bulto takes no stones and makes few bulto, and without this its scans ran back over every
 *   position since the last bulto made (23 on average in random games; 3.5 with it).
 * tests/test_termination.c checks these invariants along random games of every game. */
/* holes 8w .. 8w+7 as a word, byte i of it at bits 8i (on any byte order; one load where the
 * compiler sees it is one) */
static inline uint64_t holes_word(const gb_pos *p, int w)
{
    const uint8_t *b = p->holes + 8 * w;
    uint64_t v = (uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16 | (uint64_t)b[3] << 24;
    if (w < 2)
        v |= (uint64_t)b[4] << 32 | (uint64_t)b[5] << 40 | (uint64_t)b[6] << 48 | (uint64_t)b[7] << 56;
    return v;
}

/* 0xff in byte i for each bit i of the 8 bits b: a table (2 KB) made by the preprocessor, since
 * the scan needs three of them at every ply of a game with marks (they were a nibble-at-a-time
 * multiply each, 4% of a Qelat playout's instructions) */
#define BM_B(b, i) ((uint64_t)(((b) >> (i)) & 1u) * (0xffull << (8 * (i))))
#define BM(b)                                                                                      \
    (BM_B(b, 0) | BM_B(b, 1) | BM_B(b, 2) | BM_B(b, 3) | BM_B(b, 4) | BM_B(b, 5) | BM_B(b, 6) |  \
     BM_B(b, 7))
#define BM4(b) BM(b), BM((b) + 1), BM((b) + 2), BM((b) + 3)
#define BM16(b) BM4(b), BM4((b) + 4), BM4((b) + 8), BM4((b) + 12)
#define BM64(b) BM16(b), BM16((b) + 16), BM16((b) + 32), BM16((b) + 48)
static const uint64_t byte_masks[256] = {BM64(0), BM64(64), BM64(128), BM64(192)};
static inline uint64_t byte_mask8(uint32_t b) { return byte_masks[b & 0xffu]; }

/* The position's bytes 24-31 are mark_s and mark_n, bytes 32-37 the miné and the two stores: each
 * compared as raw bytes (each store only grows and each side's marks only grow, so comparing them
 * one by one is as good as comparing their totals and unions). */
_Static_assert(offsetof(gb_pos, mark_s) == 24 && offsetof(gb_pos, mark_n) == 28 &&
                   offsetof(gb_pos, mine) == 32 && offsetof(gb_pos, store) == 36,
               "the marks, the miné and the stores lie at bytes 24-37");
static inline uint64_t word_at(const gb_pos *p, size_t offset)
{
    uint64_t v;
    memcpy(&v, (const unsigned char *)p + offset, sizeof v);
    return v;
}
static inline uint64_t fixed_mask(void) /* bytes 32-37 of the word at 32, on any byte order */
{
    static const uint8_t bytes[8] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0};
    uint64_t v;
    memcpy(&v, bytes, sizeof v);
    return v;
}

/* The scan back, with the hashes (`hashed`) or comparing the first holes first (playouts: the
 * positions scanned are few, and comparing two of them costs about what hashing one does). */
static inline bool repeated_scan(const gb_seen *rec, const gb_pos *p, bool hashed)
{
    const uint64_t marks = word_at(p, 24), fixed = word_at(p, 32) & fixed_mask();
    const uint64_t held0 = holes_word(p, 0);
    const uint32_t marked = p->mark_s | p->mark_n;
    /* the counts of the marked holes, as byte masks over the holes' words (only where there are
     * marks: Sadeqa III has none) */
    uint64_t mask0 = 0, mask1 = 0, mask2 = 0, held1 = 0, held2 = 0;
    if (marked) {
        mask0 = byte_mask8(marked);
        mask1 = byte_mask8(marked >> 8);
        mask2 = byte_mask8(marked >> 16);
        held1 = holes_word(p, 1);
        held2 = holes_word(p, 2);
    }
    for (int i = rec->len - 1; i >= 0; i--) {
        const gb_pos *q = &rec->pos[i];
        uint64_t differ = (word_at(q, 24) ^ marks) | ((word_at(q, 32) & fixed_mask()) ^ fixed);
        if (marked)
            differ |= ((holes_word(q, 0) ^ held0) & mask0) | ((holes_word(q, 1) ^ held1) & mask1) |
                      ((holes_word(q, 2) ^ held2) & mask2);
        if (differ)
            break; /* neither q nor any position before it can be p */
        if ((hashed ? q->hash == p->hash : holes_word(q, 0) == held0) && gb_pos_same(q, p))
            return true;
    }
    return false;
}

int gb_t5_reason(const gb_rules *r, const gb_options *o, const gb_pos *child, int nmoves,
                 const gb_seen *rec, bool hashed)
{
    if (r->ended(o, child, nmoves))
        return GB_END_RULE; /* T5: the game's own rule first, */
    if (repeated_scan(rec, child, hashed))
        return GB_END_REPETITION; /* then repetition (T2), */
    if (child->ply >= (uint32_t)o->v[GB_OPT_MAX_PLIES])
        return GB_END_CAP; /* then the cap (T3). */
    return GB_END_NONE;
}

int gb_t5_conclude(const gb_rules *r, const gb_options *o, gb_pos *child, gb_seen *rec,
                   int reason, uint8_t *chance, uint64_t *rng)
{
    if (reason == GB_END_NONE)
        return gb_seen_push(rec, child) == GB_OK ? 1 : GB_ENOMEM;
    rec->end = *child; /* the board as the round ended, for its words (words.c) */
    rec->end_reason = reason;
    rec->ends++;
    r->finish(o, child, reason, chance, rng);
    if (child->flags & GB_F_OVER) {
        child->hash = gb_pos_hash(child);
        return 0;
    }
    rec->len = 0; /* a new round began: the repetition record starts afresh (T5) */
    rec->resets++;
    return -1;
}

/* gb_settle's finder: every legal move into the caller's buffers. */
typedef struct gen_finder {
    gb_move *moves;
    gb_pos *children;
} gen_finder;

static inline int find_gen(void *ctx, const gb_rules *r, const gb_options *o, gb_pos *child)
{
    const gen_finder *f = ctx;
    int n = r->gen(o, child, f->moves, f->children);
    child->hash = gb_pos_hash(child); /* after gen, which copies the position into the children */
    return n;
}

int gb_settle(const gb_rules *r, const gb_options *o, gb_pos *child, gb_seen *rec,
              uint8_t *chance, uint64_t *rng, gb_move *moves, gb_pos *children)
{
    gb_move local_moves[GB_MAX_MOVES];
    gb_pos local_children[GB_MAX_MOVES];
    gen_finder f = {moves, children};
    if (!moves) {
        f.moves = local_moves;
        f.children = local_children;
    }
    return gb_settle_with(r, o, child, rec, chance, rng, true, find_gen, &f);
}

/* ---- the game object ---- */
/* A move of the history, with what undoing it needs besides the move (so that undo costs the
 * same at any ply, never a replay): the repetition record's length and the rounds noted before
 * it, and, for a move after which a new round began, where the round it ended lies in `all`. */
typedef struct step {
    gb_move move;
    uint64_t rng_before;
    int rec_len;    /* g->rec.len before the move: the position it was played from is the last */
    int rounds_len; /* g->rounds_len before it */
    unsigned ends;  /* g->rec.ends before it */
    int past_at;    /* -1, or g->base before it: the ended round's record is all[past_at..] */
} step;

struct gb_game {
    const gb_rules *r;
    gb_options o;
    gb_pos start;     /* as settled at creation */
    bool custom;      /* created from a position string */
    uint64_t seed, rng;
    gb_pos cur;
    gb_seen rec;
    step *hist;
    int hist_len, hist_cap;
    gb_trace traces[2]; /* the last move's, and the one being played (no copy of ~7 KB a move) */
    int last;           /* index of the last move's trace */
    bool has_last;
    int nmoves;
    gb_round_end *rounds; /* the rounds (games) that ended in this game, for their words */
    int rounds_len, rounds_cap;
    /* the legal moves of cur and their settled children, in arrays sized to need (settle_keep):
     * a game a server keeps costs its few moves, not GB_MAX_MOVES (~84 KB) of them */
    gb_move *moves;
    gb_pos *children;
    int moves_cap;
    /* The repetition records of every round of the game, one after the other: g->rec is a view of
     * the round under way, all[base..]. A new round restarts the record (T5) and the view moves
     * on past the old one, which stays for undo; nothing is copied but two positions. */
    gb_pos *all;
    int base, all_cap;
    gb_pos round_first; /* all[base], which a new round's start overwrites (keep_round) */
};

/* Keep n moves and their children as g's legal moves, in g's arrays grown to need; on failure
 * g's moves are untouched. */
static int keep_moves(gb_game *g, const gb_move *moves, const gb_pos *children, int n)
{
    assert(n <= GB_MAX_MOVES);
    if (n > g->moves_cap) {
        int cap = g->moves_cap ? g->moves_cap : 16;
        while (cap < n)
            cap *= 2;
        cap = cap < GB_MAX_MOVES ? cap : GB_MAX_MOVES;
        gb_move *m = realloc(g->moves, (size_t)cap * sizeof *m);
        if (!m)
            return GB_ENOMEM;
        g->moves = m;
        gb_pos *c = realloc(g->children, (size_t)cap * sizeof *c);
        if (!c)
            return GB_ENOMEM;
        g->children = c;
        g->moves_cap = cap;
    }
    if (n > 0) {
        memcpy(g->moves, moves, (size_t)n * sizeof *moves);
        memcpy(g->children, children, (size_t)n * sizeof *children);
    }
    return n;
}

/* Settle *child and keep its moves in g. Generated into a scratch of the largest size on the
 * stack (as gb_settle's own), then copied into g's arrays, grown when too small; on failure g's
 * moves are those of its current position, untouched. */
static int settle_keep(gb_game *g, gb_pos *child, uint8_t *chance)
{
    gb_move moves[GB_MAX_MOVES];
    gb_pos children[GB_MAX_MOVES];
    int n = gb_settle(g->r, &g->o, child, &g->rec, chance, &g->rng, moves, children);
    if (n < 0)
        return n;
    return keep_moves(g, moves, children, n);
}

static gb_game *game_alloc(const gb_rules *r, const gb_options *o, uint64_t seed)
{
    gb_game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->r = r;
    g->o = *o;
    g->seed = g->rng = seed;
    g->rec.own = false; /* a view of g->all, grown by rec_room */
    return g;
}

/* Room in g->all for one more position of the round under way, taken before a ply is settled,
 * so that neither its push nor a new round's start (keep_round) can fail afterwards. */
static int rec_room(gb_game *g)
{
    int need = g->base + g->rec.len + 1;
    if (need > g->all_cap) {
        int cap = g->all_cap ? g->all_cap : 64;
        while (cap < need)
            cap *= 2;
        gb_pos *a = realloc(g->all, (size_t)cap * sizeof *a);
        if (!a)
            return GB_ENOMEM;
        g->all = a;
        g->all_cap = cap;
    }
    g->rec.pos = g->all + g->base;
    g->rec.cap = g->all_cap - g->base;
    return GB_OK;
}

/* Settle the start position into a fresh repetition record. */
static int game_begin(gb_game *g, const gb_pos *start)
{
    g->cur = *start;
    g->rec.len = 0;
    g->base = 0;
    g->hist_len = 0;
    g->rounds_len = 0;
    g->has_last = false;
    if (rec_room(g) != GB_OK)
        return GB_ENOMEM;
    if (g->cur.flags & GB_F_OVER) {
        g->cur.hash = gb_pos_hash(&g->cur);
        g->nmoves = 0;
    } else {
        uint8_t chance = 0;
        int n = settle_keep(g, &g->cur, &chance);
        if (n < 0)
            return n;
        g->nmoves = n;
    }
    if (g->rec.len)
        g->round_first = g->rec.pos[0];
    assert(gb_pos_sane(g->r, &g->cur));
    g->start = g->cur;
    return GB_OK;
}

int gb_game_new(gb_game **out, const char *variant, const char *options, uint64_t seed,
                gb_error *err)
{
    if (!out)
        return gb_fail(err, GB_EINVAL, "argument %s is NULL", "out");
    *out = NULL;
    const gb_rules *r = gb_rules_find(variant);
    if (!r) {
        char names[128] = "";
        size_t used = 0;
        for (int i = 0; i < gb_rules_count(); i++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
                                     gb_rules_at(i)->name);
        return gb_fail(err, GB_EINVAL, "unknown game '%.40s' (games: %s)", variant ? variant : "",
                       names);
    }
    if (r->version < 2 || r->version > GB_RULES_VERSION) /* a table this driver cannot read */
        return gb_fail(err, GB_EINVAL, "game '%s' is written for game table version %d (this "
                       "library reads 2..%d)", r->name, r->version, GB_RULES_VERSION);
    gb_options o;
    int rc = gb_options_parse(r, options, &o, err);
    if (rc)
        return rc;
    gb_game *g = game_alloc(r, &o, seed);
    if (!g)
        return gb_fail(err, GB_ENOMEM, "out of memory");
    gb_pos p;
    r->setup(&o, &p);
    if ((rc = game_begin(g, &p)) != GB_OK) {
        gb_game_free(g);
        return gb_fail(err, rc, "out of memory");
    }
    *out = g;
    return GB_OK;
}

/* Used by the position parser (notation.c). */
int gb_game_from_pos(gb_game **out, const gb_rules *r, const gb_options *o, const gb_pos *p,
                     uint64_t seed, gb_error *err)
{
    gb_game *g = game_alloc(r, o, seed);
    if (!g)
        return gb_fail(err, GB_ENOMEM, "out of memory");
    g->custom = true;
    int rc = game_begin(g, p);
    if (rc) {
        gb_game_free(g);
        return gb_fail(err, rc, "out of memory");
    }
    *out = g;
    return GB_OK;
}

gb_game *gb_game_clone(const gb_game *g)
{
    if (!g)
        return NULL;
    gb_game *c = malloc(sizeof *c);
    if (!c)
        return NULL;
    *c = *g;
    c->rec.pos = NULL;
    c->all = NULL;
    c->hist = NULL;
    c->rounds = NULL;
    c->moves = NULL;
    c->children = NULL;
    c->rec.cap = c->hist_cap = c->rounds_cap = c->moves_cap = c->all_cap = 0;
    /* every round's record, for undo (the round under way last), and room for the next ply's */
    c->all_cap = g->base + g->rec.len + 1;
    c->all = malloc((size_t)c->all_cap * sizeof *c->all);
    if (!c->all)
        goto fail;
    memcpy(c->all, g->all, (size_t)(g->base + g->rec.len) * sizeof *c->all);
    c->rec.pos = c->all + c->base;
    c->rec.cap = c->all_cap - c->base;
    if (g->nmoves > 0) {
        c->moves = malloc((size_t)g->nmoves * sizeof *c->moves);
        c->children = malloc((size_t)g->nmoves * sizeof *c->children);
        if (!c->moves || !c->children)
            goto fail;
        memcpy(c->moves, g->moves, (size_t)g->nmoves * sizeof *c->moves);
        memcpy(c->children, g->children, (size_t)g->nmoves * sizeof *c->children);
        c->moves_cap = g->nmoves;
    }
    if (g->rounds_len) {
        c->rounds = malloc((size_t)g->rounds_len * sizeof *c->rounds);
        if (!c->rounds)
            goto fail;
        memcpy(c->rounds, g->rounds, (size_t)g->rounds_len * sizeof *c->rounds);
        c->rounds_cap = g->rounds_len;
    }
    if (g->hist_len) {
        c->hist = malloc((size_t)g->hist_len * sizeof *c->hist);
        if (!c->hist)
            goto fail;
        memcpy(c->hist, g->hist, (size_t)g->hist_len * sizeof *c->hist);
        c->hist_cap = g->hist_len;
    }
    return c;
fail:
    free(c->all);
    free(c->hist);
    free(c->rounds);
    free(c->moves);
    free(c->children);
    free(c);
    return NULL;
}

void gb_game_free(gb_game *g)
{
    if (!g)
        return;
    gb_seen_free(&g->rec);
    free(g->hist);
    free(g->rounds);
    free(g->moves);
    free(g->children);
    free(g->all);
    free(g);
}

const gb_rules *gb_game_rules(const gb_game *g) { return g->r; }
const gb_options *gb_game_options(const gb_game *g) { return &g->o; }
const gb_pos *gb_game_pos(const gb_game *g) { return &g->cur; }
const gb_pos *gb_game_start(const gb_game *g) { return &g->start; }
bool gb_game_custom(const gb_game *g) { return g->custom; }
const gb_seen *gb_game_seen(const gb_game *g) { return &g->rec; }
uint64_t gb_game_seed(const gb_game *g) { return g->seed; }

const char *gb_game_variant(const gb_game *g) { return g->r->name; }
int gb_game_rows(const gb_game *g) { return g->r->n; }
static bool hole_ok(const gb_game *g, int h) { return h >= 0 && h < 2 * g->r->n; }
int gb_hole_count(const gb_game *g, int h) { return hole_ok(g, h) ? g->cur.holes[h] : -1; }
int gb_hole_mark(const gb_game *g, int h) { return hole_ok(g, h) ? gb_pos_mark(&g->cur, h) : -1; }
int gb_hole_owner(const gb_game *g, int h) { return hole_ok(g, h) ? gb_pos_owner(&g->cur, h) : -1; }
int gb_store(const gb_game *g, int side) { return side == 0 || side == 1 ? g->cur.store[side] : -1; }
const char *gb_hole_label(const gb_game *g, int h)
{
    static const char upper[] = "A\0B\0C\0D\0E\0F\0G\0H\0I\0J\0K\0L\0M\0N\0O\0P\0Q\0R\0S\0T";
    static const char lower[] = "a\0b\0c\0d\0e\0f\0g\0h\0i\0j\0k\0l\0m\0n\0o\0p\0q\0r\0s\0t";
    const int n = g->r->n;
    if (!hole_ok(g, h) || n > 20)
        return NULL;
    return h < n ? upper + 2 * h : lower + 2 * (h - n);
}

/* The game's own state fields (gb_rules.fields), as many as there are room for. */
#define GB_FIELDS_MAX 16
static int game_fields(const gb_game *g, gb_field *f)
{
    if (!g->r->fields)
        return 0;
    int n = g->r->fields(&g->o, &g->cur, f, GB_FIELDS_MAX);
    return n < 0 ? 0 : n < GB_FIELDS_MAX ? n : GB_FIELDS_MAX;
}

int gb_game_field_count(const gb_game *g)
{
    gb_field f[GB_FIELDS_MAX];
    return game_fields(g, f);
}

int gb_game_field(const gb_game *g, int i, gb_state_field *out)
{
    gb_field f[GB_FIELDS_MAX];
    int n = game_fields(g, f);
    if (i < 0 || i >= n)
        return GB_EINVAL;
    out->key = f[i].key;
    out->per_side = f[i].per_side;
    out->side[0] = f[i].s;
    out->side[1] = f[i].per_side ? f[i].n : 0;
    out->text = f[i].per_side ? NULL : f[i].text;
    return GB_OK;
}
int gb_to_move(const gb_game *g) { return (g->cur.flags & GB_F_OVER) ? GB_NOBODY : g->cur.to_move; }
const char *gb_phase(const gb_game *g) { return g->r->phases[g->cur.phase]; }
int gb_is_over(const gb_game *g) { return (g->cur.flags & GB_F_OVER) != 0; }
int gb_winner(const gb_game *g) { return gb_is_over(g) ? g->cur.winner : GB_NOBODY; }
int gb_end_reason(const gb_game *g) { return gb_is_over(g) ? g->cur.end_reason : GB_END_NONE; }
int gb_ply(const gb_game *g) { return (int)g->cur.ply; }
int gb_round(const gb_game *g) { return g->cur.round; }
int gb_history_length(const gb_game *g) { return g->hist_len; }
const gb_move *gb_history_move(const gb_game *g, int i)
{
    return i >= 0 && i < g->hist_len ? &g->hist[i].move : NULL;
}
const gb_trace *gb_last_trace(const gb_game *g) { return g->has_last ? &g->traces[g->last] : NULL; }

int gb_score(const gb_game *g, int side)
{
    if (side != 0 && side != 1)
        return -1;
    int s[2];
    if (gb_is_over(g)) {
        g->r->scores(&g->o, &g->cur, s);
    } else {
        s[0] = g->cur.store[0];
        s[1] = g->cur.store[1];
    }
    return s[side];
}

int gb_legal_moves(const gb_game *g, gb_move *out, int max)
{
    if (!out && max > 0)
        return GB_EINVAL;
    int n = g->nmoves < max ? g->nmoves : max;
    if (n > 0)
        memcpy(out, g->moves, (size_t)n * sizeof *out);
    return n;
}

/* Successors of the current position, settled: for the protocol's `successors`. */
int gb_game_successor(const gb_game *g, int i, gb_game **out)
{
    if (!out || i < 0 || i >= g->nmoves)
        return GB_EINVAL;
    gb_game *c = gb_game_clone(g);
    if (!c)
        return GB_ENOMEM;
    gb_move m = g->moves[i];
    int rc = gb_play(c, &m, NULL);
    if (rc) {
        gb_game_free(c);
        return rc;
    }
    *out = c;
    return GB_OK;
}

static bool same_move(const gb_move *a, const gb_move *b)
{
    return a->kind == b->kind && a->hole == b->hole && a->refusals == b->refusals &&
           (a->kind != GB_MOVE_LAYOUT || memcmp(a->layout, b->layout, sizeof a->layout) == 0);
}

static int hist_push(gb_game *g, const gb_move *m, uint64_t rng_before)
{
    if (g->hist_len == g->hist_cap) {
        int cap = g->hist_cap ? g->hist_cap * 2 : 64;
        step *h = realloc(g->hist, (size_t)cap * sizeof *h);
        if (!h)
            return GB_ENOMEM;
        g->hist = h;
        g->hist_cap = cap;
    }
    g->hist[g->hist_len] = (step){.move = *m, .rng_before = rng_before, .rec_len = g->rec.len,
                                  .rounds_len = g->rounds_len, .ends = g->rec.ends,
                                  .past_at = -1};
    g->hist_len++;
    return GB_OK;
}

/* The move of step s restarted the record (a new round began): the old round's record is
 * all[base..base+s->rec_len), but for its first entry, which the new round's start overwrote
 * (an ended match writes none): that start goes to the slot after the old record (rec_room made
 * room for it), round_first back to its place, and the view moves on to the new round. */
static void keep_round(gb_game *g, step *s)
{
    const int len = s->rec_len;
    assert(g->rec.len <= 1 && g->base + len < g->all_cap);
    gb_pos start = g->all[g->base];
    g->all[g->base] = g->round_first;
    s->past_at = g->base;
    g->base += len;
    g->rec.pos = g->all + g->base;
    g->rec.cap = g->all_cap - g->base;
    if (g->rec.len) {
        g->rec.pos[0] = start;
        g->round_first = start;
    }
}

/* Put the repetition record and the rounds back as they were before step s's move. */
static void step_restore(gb_game *g, const step *s)
{
    if (s->past_at >= 0) { /* back to the old round's record, which is where it was */
        g->base = s->past_at;
        g->rec.pos = g->all + g->base;
        g->rec.cap = g->all_cap - g->base;
        g->round_first = g->all[g->base];
    }
    g->rec.len = s->rec_len;
    g->rec.ends = s->ends;
    g->rounds_len = s->rounds_len;
}

/* The move just played ended a round (or the game): note it, with the position after it. */
static int round_push(gb_game *g, const gb_pos *next)
{
    if (g->rounds_len == g->rounds_cap) {
        int cap = g->rounds_cap ? g->rounds_cap * 2 : 8;
        gb_round_end *r = realloc(g->rounds, (size_t)cap * sizeof *r);
        if (!r)
            return GB_ENOMEM;
        g->rounds = r;
        g->rounds_cap = cap;
    }
    g->rounds[g->rounds_len++] =
        (gb_round_end){.end = g->rec.end, .next = *next, .reason = g->rec.end_reason,
                       .move = g->hist_len - 1};
    return GB_OK;
}
int gb_game_round_count(const gb_game *g) { return g->rounds_len; }
const gb_round_end *gb_game_round_at(const gb_game *g, int i)
{
    return i >= 0 && i < g->rounds_len ? &g->rounds[i] : NULL;
}

/* A move refused because its sowing never ends (T1, endless=illegal), cited as every rule is. */
static const char never_ends[] = GB_N_("its sowing never ends (T1)");

/* Why m, not among the legal moves, is refused: in the rules' words when they have any. */
static int why_illegal(const gb_game *g, const gb_move *m, gb_error *err)
{
    gb_pos probe = g->cur;
    gb_move mm = *m;
    uint64_t rng = g->rng;
    gb_error why = {0, ""};
    int rc = g->r->play(&g->o, &probe, &mm, NULL, &rng, &why);
    if (rc == GB_OK || rc == GB_EENDLESS) /* in the player's language, as the games' reasons are */
        snprintf(why.msg, sizeof why.msg, "%s",
                 gb_tr(rc == GB_EENDLESS ? never_ends : GB_N_("not among the legal moves")));
    return gb_fail(err, GB_EILLEGAL, "illegal move: %s", why.msg);
}

static int find_listed(const gb_game *g, const gb_move *m)
{
    for (int i = 0; i < g->nmoves; i++)
        if (same_move(&g->moves[i], m))
            return i;
    return -1;
}

int gb_play(gb_game *g, gb_move *m, gb_error *err)
{
    if (!m)
        return gb_fail(err, GB_EINVAL, "no move given");
    if (gb_is_over(g))
        return gb_fail(err, GB_EOVER, "the game is over");
    int listed = find_listed(g, m);
    if (listed < 0 && g->nmoves > 0 && m->kind != GB_MOVE_LAYOUT)
        return why_illegal(g, m, err);
    /* One play makes both the child and the trace; a listed move is legal, so its play cannot
     * fail (its child is the one gen listed), an unlisted one (a layout) is judged by it. */
    uint64_t rng_before = g->rng;
    gb_pos child = g->cur;
    gb_trace *tr = &g->traces[!g->last];
    gb_trace_reset(tr);
    int rc = g->r->play(&g->o, &child, m, tr, &g->rng, listed >= 0 ? NULL : err);
    if (rc == GB_EENDLESS) {
        if (g->o.v[GB_OPT_ENDLESS] == 0) {
            g->rng = rng_before;
            return gb_fail(err, GB_EILLEGAL, "illegal move: %s", gb_tr(never_ends));
        }
        child = g->cur; /* T1, endless=ends-game: the game ends on the board before the move */
        child.flags |= GB_F_ENDLESS;
        gb_trace_reset(tr);
    } else if (rc && listed >= 0) {
        child = g->children[listed]; /* cannot happen: gen listed it */
        gb_trace_reset(tr);
    } else if (rc) {
        g->rng = rng_before;
        if (err && rc == GB_EILLEGAL && strncmp(err->msg, "illegal", 7) != 0) {
            char why[201]; /* the reason, cut at a whole letter, under "illegal move: " in the
                            * player's language (gb_fail asks for it) */
            snprintf(why, sizeof why, "%.200s", err->msg);
            gb_utf8_trim(why);
            gb_fail(err, rc, "illegal move: %s", why);
        }
        return rc;
    }
    rc = hist_push(g, m, rng_before);
    if (rc == GB_OK && (rc = rec_room(g)) != GB_OK)
        g->hist_len--;
    if (rc)
        return gb_fail(err, rc, "out of memory");
    step *st = &g->hist[g->hist_len - 1];
    unsigned ends = g->rec.ends, resets = g->rec.resets;
    int n = settle_keep(g, &child, &m->chance);
    if (g->rec.resets != resets)
        keep_round(g, st);
    if (n >= 0 && g->rec.ends != ends && round_push(g, &child) != GB_OK)
        n = GB_ENOMEM;
    if (n < 0) {
        step_restore(g, st);
        g->hist_len--;
        g->rng = rng_before;
        return gb_fail(err, n, "out of memory");
    }
    g->hist[g->hist_len - 1].move = *m; /* with the chance outcome drawn, if any */
    assert(gb_pos_sane(g->r, &child));
    assert(n <= GB_MAX_MOVES);
    g->cur = child;
    g->nmoves = n;
    g->last = !g->last;
    g->has_last = true;
    return GB_OK;
}

int gb_move_is_legal(const gb_game *g, const gb_move *m)
{
    if (gb_is_over(g) || !m)
        return 0;
    if (find_listed(g, m) >= 0)
        return 1;
    if (g->nmoves > 0 && m->kind != GB_MOVE_LAYOUT)
        return 0;
    gb_pos probe = g->cur; /* a phase whose moves cannot be listed: as gb_play judges it */
    gb_move mm = *m;
    uint64_t rng = g->rng;
    int rc = g->r->play(&g->o, &probe, &mm, NULL, &rng, NULL);
    return rc == GB_OK || (rc == GB_EENDLESS && g->o.v[GB_OPT_ENDLESS] != 0);
}

int gb_move_check(const gb_game *g, const gb_move *m, gb_error *err)
{
    if (!m)
        return gb_fail(err, GB_EINVAL, "no move given");
    if (gb_is_over(g))
        return gb_fail(err, GB_EOVER, "the game is over");
    if (gb_move_is_legal(g, m))
        return GB_OK;
    if (g->nmoves > 0 && m->kind != GB_MOVE_LAYOUT)
        return why_illegal(g, m, err);
    gb_pos probe = g->cur;
    gb_move mm = *m;
    uint64_t rng = g->rng;
    gb_error why = {0, ""};
    int rc = g->r->play(&g->o, &probe, &mm, NULL, &rng, &why);
    return gb_fail(err, GB_EILLEGAL, "illegal move: %s",
                   rc == GB_EENDLESS ? gb_tr(never_ends) : why.msg);
}

int gb_undo(gb_game *g, gb_error *err)
{
    if (g->hist_len == 0)
        return gb_fail(err, GB_EEMPTY, "nothing to undo");
    /* The position a move was played from is the last of the record as it was before it (the
     * game was not over, so it had been pushed); its moves are generated again, as gb_settle
     * listed them. No replay: the same cost at any ply. */
    const step *s = &g->hist[g->hist_len - 1];
    gb_move moves[GB_MAX_MOVES];
    gb_pos children[GB_MAX_MOVES];
    const gb_pos *prev = &g->all[(s->past_at >= 0 ? s->past_at : g->base) + s->rec_len - 1];
    assert(s->rec_len > 0 && !(prev->flags & GB_F_OVER));
    int n = g->r->gen(&g->o, prev, moves, children);
    if (keep_moves(g, moves, children, n) < 0)
        return gb_fail(err, GB_ENOMEM, "out of memory");
    g->cur = *prev;
    step_restore(g, s);
    g->nmoves = n;
    g->rng = s->rng_before;
    g->hist_len--;
    g->has_last = false;
    return GB_OK;
}

int gb_random_move(const gb_game *g, uint64_t *rng, gb_move *out)
{
    if (!rng || !out)
        return GB_EINVAL;
    if (gb_is_over(g))
        return GB_EOVER;
    if (g->nmoves > 0) {
        *out = g->moves[gb_rand_next(rng) % (uint64_t)g->nmoves];
        return GB_OK;
    }
    if (g->r->random_move)
        return g->r->random_move(&g->o, &g->cur, rng, out);
    return GB_EILLEGAL;
}

int gb_suggest_move(const gb_game *g, uint64_t *rng, gb_move *out)
{
    if (gb_is_over(g))
        return GB_EOVER;
    return g->r->suggest ? g->r->suggest(&g->o, &g->cur, rng, out) : GB_EINVAL;
}

/* ---- perft ---- */
/* `bufs` holds GB_MAX_MOVES children for each level still to go: allocated once in gb_perft,
 * nothing is allocated per node. `stop` (NULL: never) is read only before each child of a node
 * with 3 plies or more still to go, so a read costs a few dozen nodes' work at least (nothing
 * measurable) and a stop is seen within one subtree of 2 plies; a stopped count is left at the
 * sequences of the subtrees finished so far, and *stopped is set. */
static uint64_t perft_rec(const gb_rules *r, const gb_options *o, const gb_pos *children, int n,
                          gb_seen *rec, int depth, gb_pos *bufs, const int *stop, bool *stopped)
{
    if (depth == 0)
        return 1;
    uint64_t total = 0;
    gb_move cm[GB_MAX_MOVES];
    gb_pos *cc = bufs;
    for (int i = 0; i < n; i++) {
        gb_pos c = children[i];
        int saved = rec->len;
        uint8_t chance = 0;
        uint64_t rng = 0;
        if (depth == 1) {
            total += 1;
            continue; /* every listed move counts; nothing below it is asked for */
        }
        if (depth >= 3 && stop && (*stopped || __atomic_load_n(stop, __ATOMIC_RELAXED))) {
            *stopped = true;
            break;
        }
        int m = gb_settle(r, o, &c, rec, &chance, &rng, cm, cc);
        if (!(c.flags & GB_F_OVER) && m > 0)
            total += perft_rec(r, o, cc, m, rec, depth - 1, bufs + GB_MAX_MOVES, stop, stopped);
        rec->len = saved;
    }
    return total;
}

int gb_perft_count(const gb_game *g, int depth, const gb_perft_opts *opts, uint64_t *out, gb_error *err)
{
    if (!g || !out)
        return gb_fail(err, GB_EINVAL, "argument %s is NULL", !g ? "g" : "out");
    *out = 0;
    const int *stop = opts ? opts->stop : NULL;
    if (depth <= 0) {
        *out = 1;
        return GB_OK;
    }
    bool stopped = stop && __atomic_load_n(stop, __ATOMIC_RELAXED);
    if (!stopped && !gb_is_over(g)) {
        gb_seen rec = {0};
        rec.own = true;
        gb_pos *bufs = malloc((size_t)depth * GB_MAX_MOVES * sizeof *bufs);
        if (!bufs)
            return gb_fail(err, GB_ENOMEM, "out of memory");
        for (int i = 0; i < g->rec.len; i++)
            gb_seen_push(&rec, &g->rec.pos[i]);
        *out = perft_rec(g->r, &g->o, g->children, g->nmoves, &rec, depth, bufs, stop, &stopped);
        gb_seen_free(&rec);
        free(bufs);
    }
    if (stopped) /* (the count last: no plural to agree with it, in any language) */
        return gb_fail(err, GB_ESTOPPED, "perft stopped; partial count (move sequences counted before the stop): %llu",
                       (unsigned long long)*out);
    return GB_OK;
}

uint64_t gb_perft(const gb_game *g, int depth)
{
    uint64_t n = 0;
    return gb_perft_count(g, depth, NULL, &n, NULL) == GB_OK ? n : 0;
}

/* ---- random playouts ---- */
typedef struct playout_buf {
    gb_move *moves;   /* GB_MAX_MOVES each, for the fallback through gen */
    gb_pos *children;
} playout_buf;

/* The playouts' finder: instead of every legal move of the settled position it draws the next
 * move (uniformly among the legal ones) with its raw child and trace, through the game's `sample`
 * when it has one (one sowing simulated instead of all), else through gen. No hash: the
 * playouts' repetition compares positions. */
typedef struct draw_finder {
    uint64_t *rng;
    playout_buf *buf;
    gb_move *nm;
    gb_pos *nc;
    gb_trace *nt;
} draw_finder;

static inline int find_draw(void *ctx, const gb_rules *r, const gb_options *o, gb_pos *child)
{
    const draw_finder *f = ctx;
    int k = r->sample ? r->sample(o, child, f->rng, f->nm, f->nc, f->nt) : GB_EINVAL;
    if (k < 0) { /* no fast path here: every legal move through gen, then draw one */
        k = r->gen(o, child, f->buf->moves, f->buf->children);
        if (k > 0) {
            int i = gb_rand_below(f->rng, k);
            *f->nm = f->buf->moves[i];
            *f->nc = f->buf->children[i];
            gb_trace_restart(f->nt);
            if (!(f->nc->flags & GB_F_ENDLESS)) { /* once more, to count its laps */
                gb_pos again = *child;
                gb_move mm = *f->nm;
                r->play(o, &again, &mm, f->nt, f->rng, NULL);
            }
        }
    }
    return k;
}

/* gb_settle for playouts (T5 as gb_settle, each round's chance drawn afresh), with the next move
 * drawn: 1 with *nm, *nc, *nt set, 0 when there is no listed move (over, or a phase whose moves
 * cannot be listed), or GB_ENOMEM. */
static int settle_draw(const gb_rules *r, const gb_options *o, gb_pos *child, gb_seen *rec,
                       uint64_t *rng, playout_buf *buf, gb_move *nm, gb_pos *nc, gb_trace *nt)
{
    draw_finder f = {rng, buf, nm, nc, nt};
    int k = gb_settle_with(r, o, child, rec, NULL, rng, false, find_draw, &f);
    return k < 0 ? k : k > 0;
}

/* The finder of gb_random_playouts_listed: every legal move of the settled position with its
 * child (gen, as a legal-move mask needs them), then one drawn uniformly; its laps not counted. */
static inline int draw_listed(void *ctx, const gb_rules *r, const gb_options *o, gb_pos *child)
{
    const draw_finder *f = ctx;
    int k = r->gen(o, child, f->buf->moves, f->buf->children);
    if (k > 0) {
        int i = gb_rand_below(f->rng, k);
        *f->nm = f->buf->moves[i];
        *f->nc = f->buf->children[i];
        gb_trace_restart(f->nt);
    }
    return k;
}

/* settle_draw with draw_listed */
static int settle_listed(const gb_rules *r, const gb_options *o, gb_pos *child, gb_seen *rec,
                         uint64_t *rng, playout_buf *buf, gb_move *nm, gb_pos *nc, gb_trace *nt)
{
    draw_finder f = {rng, buf, nm, nc, nt};
    int k = gb_settle_with(r, o, child, rec, NULL, rng, false, draw_listed, &f);
    return k < 0 ? k : k > 0;
}

int gb_random_playouts(const gb_game *g, long games, uint64_t seed, gb_playout_stats *st,
                       gb_error *err)
{
    uint64_t rng = seed;
    return gb_random_playouts_next(g, games, &rng, st, err);
}

/* the games follow one another on one random source, *rngp, left where the last one ended: so
 * slices of games (gabata bench's) play the games of one call. Inlined twice, `listed` a
 * constant: the playouts' own (settle_draw) and gb_random_playouts_listed's (settle_listed). */
static GB_ALWAYS_INLINE int playouts(const gb_game *g, long games, uint64_t *rngp,
                                     gb_playout_stats *st, gb_error *err, const bool listed)
{
    if (!rngp || !st)
        return gb_fail(err, GB_EINVAL, "argument %s is NULL", st ? "rng" : "st");
    memset(st, 0, sizeof *st);
    st->min_plies = -1;
    const gb_rules *r = g->r;
    const gb_options *o = &g->o;
    gb_seen rec = {0};
    rec.cap = o->v[GB_OPT_MAX_PLIES] + 2;
    rec.pos = malloc((size_t)rec.cap * sizeof *rec.pos);
    playout_buf buf = {malloc(GB_MAX_MOVES * sizeof *buf.moves),
                       malloc(GB_MAX_MOVES * sizeof *buf.children)};
    gb_trace *tr = malloc(sizeof *tr);
    if (!rec.pos || !buf.moves || !buf.children || !tr) {
        free(rec.pos);
        free(buf.moves);
        free(buf.children);
        free(tr);
        return gb_fail(err, GB_ENOMEM, "out of memory");
    }
    gb_trace_count_only(tr); /* the laps' count and stones only, as fast as can be */
    uint64_t rng = *rngp;
    int rc = GB_OK;
    for (long game = 0; game < games && rc == GB_OK; game++) {
        gb_pos p = g->start, c;
        gb_move m;
        p.flags &= (uint8_t)~GB_F_OVER;
        rec.len = 0;
        int k = (listed ? settle_listed : settle_draw)(r, o, &p, &rec, &rng, &buf, &m, &c, tr);
        long plies = 0;
        while (k > 0 || (k == 0 && !(p.flags & GB_F_OVER) && r->random_move)) {
            if (k == 0) {
                /* a phase whose moves cannot be listed (a layout): the game's random choice */
                gb_trace_restart(tr);
                c = p;
                if (r->random_move(o, &p, &rng, &m) != GB_OK) {
                    rc = gb_fail(err, GB_EILLEGAL, "no random move in phase %s", r->phases[p.phase]);
                    break;
                }
                int prc = r->play(o, &c, &m, tr, &rng, NULL);
                if (prc == GB_EENDLESS && o->v[GB_OPT_ENDLESS]) {
                    c = p;
                    c.flags |= GB_F_ENDLESS;
                } else if (prc != GB_OK) {
                    rc = gb_fail(err, GB_EILLEGAL, "the random move in phase %s was refused", r->phases[p.phase]);
                    break;
                }
            }
            st->laps += tr->laps;
            st->sown += tr->sown;
            p = c;
            k = (listed ? settle_listed : settle_draw)(r, o, &p, &rec, &rng, &buf, &m, &c, tr);
            plies++;
        }
        if (k < 0 && rc == GB_OK)
            rc = gb_fail(err, GB_ENOMEM, "repetition record overflow");
        if (rc != GB_OK)
            break;
        if (!(p.flags & GB_F_OVER)) {
            rc = gb_fail(err, GB_EINVAL, "a playout stopped in a phase with no listed moves");
            break;
        }
        st->games++;
        st->plies += plies;
        st->wins[p.winner <= GB_DRAW ? p.winner : GB_DRAW]++;
        st->reasons[p.end_reason]++;
        if (st->min_plies < 0 || plies < st->min_plies)
            st->min_plies = plies;
        if (plies > st->max_plies)
            st->max_plies = plies;
    }
    *rngp = rng;
    free(rec.pos);
    free(buf.moves);
    free(buf.children);
    free(tr);
    return rc;
}

int gb_random_playouts_next(const gb_game *g, long games, uint64_t *rngp, gb_playout_stats *st,
                            gb_error *err)
{
    return playouts(g, games, rngp, st, err, false);
}

int gb_random_playouts_listed(const gb_game *g, long games, uint64_t *rngp, gb_playout_stats *st,
                              gb_error *err)
{
    return playouts(g, games, rngp, st, err, true);
}

/* ---- one random game on the playouts' fast path, measured (gabata stats) ---- */
struct gb_playout_ctx {
    const gb_rules *r;
    gb_options o;
    gb_pos start;
    gb_seen rec;
    playout_buf buf;
    gb_trace *tr;
};

gb_playout_ctx *gb_playout_ctx_new(const gb_game *g)
{
    gb_playout_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->r = g->r;
    c->o = g->o;
    c->start = g->start;
    c->rec.cap = g->o.v[GB_OPT_MAX_PLIES] + 2;
    c->rec.pos = malloc((size_t)c->rec.cap * sizeof *c->rec.pos);
    c->buf.moves = malloc(GB_MAX_MOVES * sizeof *c->buf.moves);
    c->buf.children = malloc(GB_MAX_MOVES * sizeof *c->buf.children);
    c->tr = malloc(sizeof *c->tr);
    if (!c->rec.pos || !c->buf.moves || !c->buf.children || !c->tr) {
        gb_playout_ctx_free(c);
        return NULL;
    }
    gb_trace_count_only(c->tr);
    return c;
}

void gb_playout_ctx_free(gb_playout_ctx *c)
{
    if (!c)
        return;
    free(c->rec.pos);
    free(c->buf.moves);
    free(c->buf.children);
    free(c->tr);
    free(c);
}

/* the lead (South's holdings minus North's; the final scores' difference once over) at each
 * position seen, for lead changes, Decisiveness and Stability as gabata stats defines them.
 * Most plies change neither holding (a capture is rarer than a plain sowing), so the positions
 * come in runs with the same lead in the same round and phase: lead_see begins a run at a
 * position, run_flush adds its positions in one go when it ends (the same integer sums, the
 * same leader changes and the same last positions below the threshold as one at a time). */
typedef struct lead_track {
    int total, prev_sign;  /* prev_sign: the leader as the sign of the lead (0: level) */
    long t;
    long last_below[2];
    int thr;               /* a lead below thr_share * total is below the threshold: below thr */
    double thr_share;
    long long sum, sum2;   /* of the leads, in stones */
    int round, phase;
    int run_raw, run_lead; /* the run: positions run_t0 .. (flush) - 1, unclamped and clamped lead */
    long run_t0;
    bool run_below[2];     /* each side's "not ahead by the threshold" over the run */
    int changes;           /* of the leader */
} lead_track;

/* the run's positions, run_t0 .. end - 1 */
static inline void run_flush(lead_track *k, long end)
{
    long len = end - k->run_t0;
    k->sum += (long long)k->run_lead * len;
    k->sum2 += (long long)k->run_lead * k->run_lead * len;
    if (k->run_below[GB_SOUTH])
        k->last_below[GB_SOUTH] = end - 1;
    if (k->run_below[GB_NORTH])
        k->last_below[GB_NORTH] = end - 1;
}

/* a run begins at position k->t */
static inline void lead_see(lead_track *k, const gb_pos *p, int n, int lead)
{
    if (p->round != k->round || p->phase != k->phase || k->t == 0) { /* stones change only there */
        k->round = p->round;
        k->phase = p->phase;
        int on = p->store[0] + p->store[1];
        for (int i = 0; i < n; i++)
            on += p->holes[i];
        if (on > k->total)
            k->total = on;
        /* lead < thr_share * total, for a whole-stone lead within +-total, is lead < thr */
        double thr = k->thr_share * k->total;
        if (thr > k->total) {
            k->thr = k->total + 1;
        } else if (thr >= -k->total) {
            k->thr = (int)thr; /* towards zero, then up to the ceiling */
            k->thr += k->thr < thr;
        } else { /* below -total, or not a number: never */
            k->thr = -k->total - 1;
        }
    }
    k->run_raw = lead;
    lead = lead > k->total ? k->total : lead;
    lead = lead < -k->total ? -k->total : lead;
    int sign = (lead > 0) - (lead < 0);
    k->changes += (k->t > 0) & (sign != k->prev_sign);
    k->prev_sign = sign;
    k->run_below[GB_SOUTH] = lead < k->thr;
    k->run_below[GB_NORTH] = -lead < k->thr;
    k->run_lead = lead;
    k->run_t0 = k->t;
}

/* a side's holdings: its store and the stones in the holes it holds (an ekwarna, a bulto) */
static inline void holdings(const gb_pos *p, int *h0, int *h1)
{
    *h0 = p->store[0];
    *h1 = p->store[1];
    if (__builtin_expect((p->mark_s | p->mark_n) != 0, 0)) {
        for (uint32_t m = p->mark_s; m; m &= m - 1)
            *h0 += p->holes[__builtin_ctz(m)];
        for (uint32_t m = p->mark_n; m; m &= m - 1)
            *h1 += p->holes[__builtin_ctz(m)];
    }
}

/* What the holdings, the lead's run and a capture depend on, in one word: both stores and the
 * phase (to_move, which changes at nearly every ply, left out); with the round and no held holes
 * (mark_s, mark_n zero) the same word means the same holdings, so nothing to measure. */
_Static_assert(offsetof(gb_pos, to_move) == offsetof(gb_pos, store) + 2 &&
                   offsetof(gb_pos, phase) == offsetof(gb_pos, store) + 3,
               "the stores, to_move and phase are adjacent bytes");
static inline uint32_t holdings_key(const gb_pos *p)
{
    static const uint8_t keep[4] = {0xff, 0xff, 0, 0xff}; /* to_move's byte cleared */
    uint32_t w, mask;
    memcpy(&w, p->store, sizeof w);
    memcpy(&mask, keep, sizeof mask);
    return w & mask;
}

int gb_random_game(gb_playout_ctx *c, uint64_t seed, double threshold, gb_playout_game *out, gb_error *err)
{
    memset(out, 0, sizeof *out);
    out->decisive = -1;
    const gb_rules *r = c->r;
    const gb_options *o = &c->o;
    const int n = 2 * r->n;
    uint64_t rng = seed;
    gb_pos p = c->start, ch;
    gb_move m;
    p.flags &= (uint8_t)~GB_F_OVER;
    c->rec.len = 0;
    /* run_raw: no lead is INT_MIN, so the first position starts a run */
    lead_track k = {1, 0, 0, {0, 0}, 0, threshold, 0, 0, -1, -1, INT_MIN, 0, 0, {false, false}, 0};
    out->first = p.to_move;
    gb_seen *rec = &c->rec;
    playout_buf *buf = &c->buf;
    gb_trace *tr = c->tr;
    long laps = 0, turns = 0;
    long long sown = 0;
    int captures = 0;
    int kk = settle_draw(r, o, &p, rec, &rng, buf, &m, &ch, tr);
    int h0, h1; /* p's holdings, carried from ply to ply */
    holdings(&p, &h0, &h1);
    /* the last key; ~0 after a position with held holes, which no key matches */
    uint32_t key = (p.mark_s | p.mark_n) ? ~0u : holdings_key(&p);
    int key_round = p.round;
    int prev_mover = p.to_move ^ 1; /* 0 or 1: the first position begins a turn */
    bool moved = true; /* the holdings, round or phase may have changed since the last run began */
    while (kk > 0 || (kk == 0 && !(p.flags & GB_F_OVER) && r->random_move)) {
        if (moved) {
            int lead = h0 - h1;
            if (lead != k.run_raw || p.round != k.round || p.phase != k.phase) {
                run_flush(&k, k.t);
                lead_see(&k, &p, n, lead);
            }
            moved = false;
        }
        turns += p.to_move ^ prev_mover;
        prev_mover = p.to_move;
        if (kk == 0) {
            gb_trace_restart(tr);
            ch = p;
            if (r->random_move(o, &p, &rng, &m) != GB_OK)
                return gb_fail(err, GB_EILLEGAL, "no random move in phase %s", r->phases[p.phase]);
            int prc = r->play(o, &ch, &m, tr, &rng, NULL);
            if (prc == GB_EENDLESS && o->v[GB_OPT_ENDLESS]) {
                ch = p;
                ch.flags |= GB_F_ENDLESS;
            } else if (prc != GB_OK) {
                return gb_fail(err, GB_EILLEGAL, "the random move in phase %s was refused", r->phases[p.phase]);
            }
        }
        laps += tr->laps;
        sown += tr->sown;
        int mover = p.to_move, round = p.round;
        p = ch;
        kk = settle_draw(r, o, &p, rec, &rng, buf, &m, &ch, tr);
        uint32_t nkey = holdings_key(&p);
        /* held holes (now, or before: the keys differ) change with the sowing: always measured */
        if (nkey != key || p.round != key_round || (p.mark_s | p.mark_n)) {
            int held = mover ? h1 : h0;
            holdings(&p, &h0, &h1);
            captures += ((mover ? h1 : h0) > held) & (p.round == round) & !(p.flags & GB_F_OVER);
            key = (p.mark_s | p.mark_n) ? ~0u : nkey;
            key_round = p.round;
            moved = true;
        }
        k.t++;
    }
    out->plies = k.t;
    out->turns = turns;
    out->laps = laps;
    out->sown = sown;
    out->captures = captures;
    run_flush(&k, k.t);
    if (kk < 0)
        return gb_fail(err, GB_ENOMEM, "repetition record overflow");
    if (!(p.flags & GB_F_OVER))
        return gb_fail(err, GB_EINVAL, "a playout stopped in a phase with no listed moves");
    r->scores(o, &p, out->score);
    lead_see(&k, &p, n, out->score[0] - out->score[1]);
    run_flush(&k, k.t + 1);
    out->lead_changes = k.changes;
    out->winner = p.winner <= GB_DRAW ? p.winner : GB_DRAW;
    out->end_reason = p.end_reason;
    out->rounds = p.round;
    if (out->winner == GB_SOUTH || out->winner == GB_NORTH) {
        long d = k.last_below[out->winner] + 1;
        out->decisive = d > out->plies ? out->plies : d;
    }
    /* the variance of the lead as a share of the stones in play (the most seen) */
    double npos = (double)(k.t + 1), tot = k.total, mean = (double)k.sum / npos / tot;
    out->stability = (double)k.sum2 / npos / (tot * tot) - mean * mean;
    if (out->stability < 0)
        out->stability = 0;
    return GB_OK;
}
