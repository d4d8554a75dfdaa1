/* batch.c — more on action ids (gb_action_of_move, gb_action_move, gb_legal_actions,
 * gb_play_action), and many games stepped at once (gb_batch_*; docs/library.md, "Learning").
 *
 * The ids and the observation are those of the Python package (python/README.md) and of
 * actions.c; the batch keeps its own copy of the numbering (enc below) so that a step asks no
 * gb_game. A batch keeps, for each of its
 * games, the settled position, its repetition record (T2) and the legal moves with their raw
 * children, as gb_game does, but with no history and no trace: a step is the chosen child settled
 * (T1-T5, settle.h) with every legal move of the new position generated once, which gives the
 * mask and the next step's child together. */
#include "internal.h"
#include "settle.h"

#include <stdio.h>
#include <stdlib.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* ---- the ids ---- */
/* Where each block of ids starts (-1: the game has no such block), python/README.md's table. */
typedef struct enc {
    int holes, pass, feed, keep, turn, layout, refuse, max_refusals, count;
} enc;

static enc enc_of(const gb_rules *r)
{
    /* Which kinds of move each game has; a game not named here gets every block. */
    bool feed = true, choice = true, layouts = true;
    int refusals = GB_ACTION_MAX_REFUSALS;
    if (!strcmp(r->name, "sadeqa") || !strcmp(r->name, "qelat")) {
        feed = choice = layouts = false;
        refusals = 0;
    } else if (!strcmp(r->name, "akil")) {
        refusals = 0;
    } else if (!strcmp(r->name, "bulto")) {
        feed = choice = layouts = false;
    }
    enc e;
    e.holes = 2 * r->n;
    e.pass = e.holes;
    int next = e.holes + 1;
    e.feed = feed ? next : -1;
    next += feed ? e.holes : 0;
    e.keep = choice ? next : -1;
    e.turn = choice ? next + 1 : -1;
    next += choice ? 2 : 0;
    e.layout = layouts ? next : -1;
    next += layouts ? GB_ACTION_LAYOUTS : 0;
    e.refuse = next;
    e.max_refusals = refusals;
    e.count = next + e.holes * refusals;
    return e;
}

static inline int id_of(const enc *e, const gb_move *m)
{
    switch (m->kind) {
    case GB_MOVE_SOW:
        if (m->refusals == 0)
            return m->hole;
        if (m->refusals > e->max_refusals)
            return -1;
        return e->refuse + (m->refusals - 1) * e->holes + m->hole;
    case GB_MOVE_PASS:
        return e->pass;
    case GB_MOVE_FEED:
        return e->feed >= 0 ? e->feed + m->hole : -1;
    case GB_MOVE_KEEP:
        return e->keep;
    case GB_MOVE_TURN:
        return e->turn;
    default:
        return -1; /* a layout: only through the catalogue */
    }
}

/* The move of a non-layout id (kind, hole, refusals), or false for an id outside the blocks. */
static bool move_of(const enc *e, int a, gb_move *m)
{
    memset(m, 0, sizeof *m);
    const int H = e->holes;
    if (a >= 0 && a < H) {
        m->kind = GB_MOVE_SOW;
        m->hole = (uint8_t)a;
    } else if (a == e->pass) {
        m->kind = GB_MOVE_PASS;
    } else if (e->feed >= 0 && a >= e->feed && a < e->feed + H) {
        m->kind = GB_MOVE_FEED;
        m->hole = (uint8_t)(a - e->feed);
    } else if (e->keep >= 0 && a == e->keep) {
        m->kind = GB_MOVE_KEEP;
    } else if (e->turn >= 0 && a == e->turn) {
        m->kind = GB_MOVE_TURN;
    } else if (a >= e->refuse && a < e->count) {
        m->kind = GB_MOVE_SOW;
        m->hole = (uint8_t)((a - e->refuse) % H);
        m->refusals = (uint16_t)((a - e->refuse) / H + 1);
    } else {
        return false;
    }
    return true;
}

static bool is_layout_id(const enc *e, int a)
{
    return e->layout >= 0 && a >= e->layout && a < e->layout + GB_ACTION_LAYOUTS;
}

/* Layout entry j of the catalogue for position p (A2): false when the game gives none. */
static bool catalogue_entry(const gb_rules *r, const gb_options *o, const gb_pos *p, int j,
                            gb_move *m)
{
    uint64_t rng = 0x9E3779B97F4A7C15ull * (uint64_t)(j + 1);
    memset(m, 0, sizeof *m);
    int rc = GB_EINVAL;
    if (j == 0 && r->suggest)
        rc = r->suggest(o, p, &rng, m);
    else if (j > 0 && r->random_move)
        rc = r->random_move(o, p, &rng, m);
    return rc == GB_OK && m->kind == GB_MOVE_LAYOUT;
}

/* The catalogue's distinct entries as ids into out (room for GB_ACTION_LAYOUTS): their count. */
static int catalogue_ids(const gb_rules *r, const gb_options *o, const enc *e, const gb_pos *p,
                         int32_t *out)
{
    if (e->layout < 0)
        return 0;
    gb_move seen[GB_ACTION_LAYOUTS];
    int n = 0;
    for (int j = 0; j < GB_ACTION_LAYOUTS; j++) {
        gb_move m;
        if (!catalogue_entry(r, o, p, j, &m))
            continue;
        bool dup = false;
        for (int k = 0; k < n && !dup; k++)
            dup = !memcmp(seen[k].layout, m.layout, sizeof m.layout);
        if (!dup) {
            seen[n] = m;
            out[n++] = e->layout + j;
        }
    }
    return n;
}

/* ---- the observation ---- */
/* 8 floats, 0 or 1, for each byte: bit k of the index gives float k (8 KB, built by the
 * preprocessor) */
#define GB_BF(x, k) ((x) >> (k) & 1 ? 1.0f : 0.0f)
#define GB_BYTE(x)                                                                                 \
    {GB_BF(x, 0), GB_BF(x, 1), GB_BF(x, 2), GB_BF(x, 3),                                          \
     GB_BF(x, 4), GB_BF(x, 5), GB_BF(x, 6), GB_BF(x, 7)}
#define GB_BYTES4(x) GB_BYTE(x), GB_BYTE((x) + 1), GB_BYTE((x) + 2), GB_BYTE((x) + 3)
#define GB_BYTES16(x) GB_BYTES4(x), GB_BYTES4((x) + 4), GB_BYTES4((x) + 8), GB_BYTES4((x) + 12)
#define GB_BYTES64(x)                                                                              \
    GB_BYTES16(x), GB_BYTES16((x) + 16), GB_BYTES16((x) + 32), GB_BYTES16((x) + 48)
static const float byte_floats[256][8] = {GB_BYTES64(0), GB_BYTES64(64), GB_BYTES64(128),
                                          GB_BYTES64(192)};
#undef GB_BYTES64
#undef GB_BYTES16
#undef GB_BYTES4
#undef GB_BYTE
#undef GB_BF

/* the H bits of `bits` as H floats, eight at a time (a step writes an observation a game, so it
 * is worth a table; unrolled where H is a constant, observe_h) */
static GB_ALWAYS_INLINE void bits_plane(uint32_t bits, int H, float *o)
{
    int h = 0;
#if defined(__clang__)
#pragma unroll
#elif defined(__GNUC__)
#pragma GCC unroll 4
#endif
    for (; h + 8 <= H; h += 8)
        memcpy(o + h, byte_floats[(bits >> h) & 255], sizeof byte_floats[0]);
    if (h + 4 <= H) {
        memcpy(o + h, byte_floats[(bits >> h) & 15], 4 * sizeof(float));
        h += 4;
    }
    for (; h < H; h++)
        o[h] = (float)((bits >> h) & 1);
}

/* The observation for a ring of H holes; inlined with H a constant (observe below), so that the
 * loops unroll: a step writes one a game, 100 floats for Sadeqa III. */
static GB_ALWAYS_INLINE void observe_h(const gb_pos *p, const int H, float *o)
{
    const uint32_t ring = H < 32 ? (1u << H) - 1 : ~0u;
#if defined(__SSE2__)
    /* the counts four at a time: bytes widened to 32-bit integers, converted to floats */
    const __m128i zero = _mm_setzero_si128();
    int h = 0;
    for (; h + 16 <= H; h += 16) {
        const __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(p->holes + h));
        const __m128i lo = _mm_unpacklo_epi8(c, zero), hi = _mm_unpackhi_epi8(c, zero);
        _mm_storeu_ps(o + h, _mm_cvtepi32_ps(_mm_unpacklo_epi16(lo, zero)));
        _mm_storeu_ps(o + h + 4, _mm_cvtepi32_ps(_mm_unpackhi_epi16(lo, zero)));
        _mm_storeu_ps(o + h + 8, _mm_cvtepi32_ps(_mm_unpacklo_epi16(hi, zero)));
        _mm_storeu_ps(o + h + 12, _mm_cvtepi32_ps(_mm_unpackhi_epi16(hi, zero)));
    }
    if (h + 4 <= H) { /* 4 to 15 more: 16 bytes read (still within *p), what is needed stored */
        _Static_assert(GB_MAX_HOLES + 16 <= sizeof(gb_pos), "16 bytes past a ring's 16th hole");
        const __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(p->holes + h));
        const __m128i lo = _mm_unpacklo_epi8(c, zero), hi = _mm_unpackhi_epi8(c, zero);
        _mm_storeu_ps(o + h, _mm_cvtepi32_ps(_mm_unpacklo_epi16(lo, zero)));
        if (h + 8 <= H)
            _mm_storeu_ps(o + h + 4, _mm_cvtepi32_ps(_mm_unpackhi_epi16(lo, zero)));
        if (h + 12 <= H)
            _mm_storeu_ps(o + h + 8, _mm_cvtepi32_ps(_mm_unpacklo_epi16(hi, zero)));
        h += (H - h) & ~3;
    }
    for (; h < H; h++)
        o[h] = (float)p->holes[h];
#else
    for (int h = 0; h < H; h++)
        o[h] = (float)p->holes[h];
#endif
    bits_plane(~p->own_n & ring, H, o + H);
    bits_plane(p->own_n, H, o + 2 * H);
    bits_plane(p->mark_s & ~p->mine, H, o + 3 * H);
    bits_plane(p->mark_n & ~p->mine, H, o + 4 * H);
    bits_plane(p->mine, H, o + 5 * H);
    o[6 * H] = (float)p->store[0];
    o[6 * H + 1] = (float)p->store[1];
    const bool over = p->flags & GB_F_OVER;
    o[6 * H + 2] = !over && p->to_move == 0 ? 1.0f : 0.0f;
    o[6 * H + 3] = !over && p->to_move == 1 ? 1.0f : 0.0f;
}

static void observe(const gb_pos *p, int H, float *o)
{
    switch (H) { /* the games' rings (Qelat and L'ab al-Akil 12, Sadeqa III 16, Bulto 20) */
    case 12:
        observe_h(p, 12, o);
        break;
    case 16:
        observe_h(p, 16, o);
        break;
    case 20:
        observe_h(p, 20, o);
        break;
    default:
        observe_h(p, H, o);
        break;
    }
}

/* ---- one game: the public functions on gb_game (gb_action_count, gb_legal_mask and
 * gb_observation_tensor are in actions.c) ---- */

int gb_action_of_move(const gb_game *g, const gb_move *m)
{
    const gb_rules *r = gb_game_rules(g);
    enc e = enc_of(r);
    if (m->kind != GB_MOVE_LAYOUT)
        return id_of(&e, m);
    for (int j = 0; e.layout >= 0 && j < GB_ACTION_LAYOUTS; j++) {
        gb_move c;
        if (catalogue_entry(r, gb_game_options(g), gb_game_pos(g), j, &c) &&
            !memcmp(c.layout, m->layout, sizeof c.layout))
            return e.layout + j; /* the first entry that gives it: the one listed */
    }
    return -1;
}

int gb_action_move(const gb_game *g, int action, gb_move *out, gb_error *err)
{
    if (!out)
        return gb_fail(err, GB_EINVAL, "argument %s is NULL", "out");
    const gb_rules *r = gb_game_rules(g);
    enc e = enc_of(r);
    if (is_layout_id(&e, action)) {
        if (gb_is_over(g) || gb_legal_moves(g, out, 1) > 0 ||
            !catalogue_entry(r, gb_game_options(g), gb_game_pos(g), action - e.layout, out))
            return gb_fail(err, GB_EILLEGAL, "layout action %d is not legal now: this is not a "
                           "layout phase", action);
        return GB_OK;
    }
    if (!move_of(&e, action, out))
        return gb_fail(err, GB_EILLEGAL, "action %d is not an action of %s (0..%d)", action,
                       r->name, e.count - 1);
    return GB_OK;
}

static void sort_ids(int32_t *a, int n)
{
    for (int i = 1; i < n; i++) { /* few, and nearly sorted already: insertion */
        int32_t v = a[i];
        int j = i;
        for (; j > 0 && a[j - 1] > v; j--)
            a[j] = a[j - 1];
        a[j] = v;
    }
}

int gb_legal_actions(const gb_game *g, int32_t *out, int max)
{
    if (!out && max > 0)
        return GB_EINVAL;
    if (gb_is_over(g))
        return 0;
    const gb_rules *r = gb_game_rules(g);
    enc e = enc_of(r);
    gb_move moves[GB_MAX_MOVES];
    int32_t ids[GB_MAX_MOVES];
    int n = gb_legal_moves(g, moves, GB_MAX_MOVES), k = 0;
    if (n == 0) {
        k = catalogue_ids(r, gb_game_options(g), &e, gb_game_pos(g), ids);
    } else {
        for (int i = 0; i < n; i++) {
            int a = id_of(&e, &moves[i]);
            if (a >= 0)
                ids[k++] = a;
        }
        sort_ids(ids, k);
    }
    for (int i = 0; i < k && i < max; i++)
        out[i] = ids[i];
    return k;
}

int gb_observation_size(const gb_game *g) { return 6 * 2 * gb_game_rules(g)->n + 4; }

/* Would playing m now draw a chance outcome (Qelat's lots, Q7)? The ply is settled on a copy,
 * against the game's own record read-only: 1 yes, 0 no. Nothing in g changes. */
typedef struct probe_finder {
    gb_seen *rec;
    int calls;
    gb_move *moves;
    gb_pos *children;
} probe_finder;

static inline int find_probe(void *ctx, const gb_rules *r, const gb_options *o, gb_pos *child)
{
    probe_finder *f = ctx;
    if (f->calls++)
        f->rec->cap = 0; /* a new round began: what was to be learnt is known; push nothing */
    int n = r->gen(o, child, f->moves, f->children);
    child->hash = gb_pos_hash(child); /* as gb_settle's finder: the game's record is hashed */
    return n;
}

static int draws_chance(const gb_game *g, const gb_move *m)
{
    const gb_rules *r = gb_game_rules(g);
    const gb_options *o = gb_game_options(g);
    gb_pos child = *gb_game_pos(g);
    gb_move mm = *m;
    uint64_t rng = 0;
    int rc = r->play(o, &child, &mm, NULL, &rng, NULL);
    if (rc == GB_EENDLESS) {
        if (!o->v[GB_OPT_ENDLESS])
            return 0;
        child = *gb_game_pos(g);
        child.flags |= GB_F_ENDLESS;
    } else if (rc != GB_OK) {
        return 0;
    }
    if (mm.chance)
        return 1;
    /* the record as a view that cannot grow: the ply that goes on stops at its push */
    const gb_seen *own = gb_game_seen(g);
    gb_seen view = {.pos = own->pos, .len = own->len, .cap = own->len, .own = false};
    gb_move moves[GB_MAX_MOVES];
    gb_pos children[GB_MAX_MOVES];
    probe_finder f = {&view, 0, moves, children};
    uint8_t chance = 0;
    gb_settle_with(r, o, &child, &view, &chance, &rng, true, find_probe, &f);
    return chance != 0;
}

int gb_play_action(gb_game *g, int action, int chance, gb_error *err)
{
    if (gb_is_over(g))
        return gb_fail(err, GB_EOVER, "the game is over");
    if (chance < 0 || (chance > 2 && chance != GB_CHANCE_ASK))
        return gb_fail(err, GB_EINVAL, "chance %d: 0 (drawn by the game), 1 (South), 2 (North) "
                       "or GB_CHANCE_ASK", chance);
    gb_move m;
    int rc = gb_action_move(g, action, &m, err);
    if (rc != GB_OK)
        return rc;
    if (chance == GB_CHANCE_ASK) {
        if (!gb_move_is_legal(g, &m))
            return gb_move_check(g, &m, err);
        if (draws_chance(g, &m))
            return 1;
        chance = 0;
    }
    m.chance = (uint8_t)chance;
    return gb_play(g, &m, err);
}

/* ---- the batch ---- */
typedef struct slot {
    gb_pos cur;       /* settled */
    gb_seen rec;      /* T2's record of this round: a fixed buffer of max-plies + 2 positions */
    uint64_t rng;     /* the game's own random source (Qelat's lots) */
    uint64_t episode;
    int nmoves;       /* listed moves of cur (0: a layout phase, or over) */
    int nids;         /* legal ids of cur */
    int pick;         /* the listed move (or catalogue entry) chosen for this step */
    uint64_t lazy;    /* bit j: listed move j is legal but not sown yet (gb_rules.gen_lazy) */
    const uint8_t *mask_row; /* the mask row last written in full (sparse updates after it) */
    bool started;     /* reset has begun a game in it */
} slot;

struct gb_batch {
    const gb_rules *r;
    gb_options o;
    enc e;
    gb_pos start; /* the raw start (setup), settled anew for every episode */
    int n, cap, obs_size;
    uint64_t seed;
    slot *s;
    gb_pos *children; /* n x cap: each game's legal moves' raw children */
    int32_t *ids;     /* n x cap: their ids (-1: none), or the catalogue's in a layout phase */
    size_t rec_cap;
    /* The catalogue of the settled start when it is a layout phase (L'ab al-Akil's first round,
     * A2): the same for every episode (a function of the position), so found once, read-only
     * after gb_batch_new (threads may step ranges at once). */
    gb_pos start_settled;
    int start_ncat; /* -1: none kept */
    int32_t start_cat[GB_ACTION_LAYOUTS];
};

static int settle_slot(gb_batch *b, int i, gb_pos child, gb_move *moves);

uint64_t gb_batch_game_seed(uint64_t seed, int index, uint64_t episode)
{
    return gb_mix64(gb_mix64(seed ^ gb_mix64((uint64_t)(uint32_t)index)) + episode);
}

int gb_batch_size(const gb_batch *b) { return b->n; }
int gb_batch_action_count(const gb_batch *b) { return b->e.count; }
int gb_batch_observation_size(const gb_batch *b) { return b->obs_size; }
uint64_t gb_batch_episode(const gb_batch *b, int i)
{
    return i >= 0 && i < b->n ? b->s[i].episode : 0;
}

void gb_batch_free(gb_batch *b)
{
    if (!b)
        return;
    for (int i = 0; b->s && i < b->n; i++)
        free(b->s[i].rec.pos);
    free(b->s);
    free(b->children);
    free(b->ids);
    free(b);
}

int gb_batch_new(gb_batch **out, const char *variant, const char *options, int n, uint64_t seed,
                 gb_error *err)
{
    *out = NULL;
    gb_game *probe;
    int rc = gb_game_new(&probe, variant, options, 0, err); /* the variant and options checked */
    if (rc != GB_OK)
        return rc;
    const gb_rules *r = gb_game_rules(probe);
    gb_options o = *gb_game_options(probe);
    gb_game_free(probe);
    if (n < 1 || n > GB_BATCH_MAX)
        return gb_failn(err, GB_EINVAL, GB_BATCH_MAX, "a batch holds 1 to %d game, not %d",
                        "a batch holds 1 to %d games, not %d", GB_BATCH_MAX, n);
    gb_batch *b = calloc(1, sizeof *b);
    if (!b)
        return gb_fail(err, GB_ENOMEM, "out of memory");
    b->r = r;
    b->o = o;
    b->e = enc_of(r);
    r->setup(&o, &b->start);
    b->n = n;
    b->seed = seed;
    b->obs_size = 6 * b->e.holes + 4;
    /* room for every listed move: each has an id of its own (or is one of Bulto's refusals past
     * the ids, when the cap is GB_MAX_MOVES anyway) */
    b->cap = b->e.count < GB_MAX_MOVES ? b->e.count : GB_MAX_MOVES;
    if (b->cap < GB_ACTION_LAYOUTS)
        b->cap = GB_ACTION_LAYOUTS;
    b->rec_cap = (size_t)o.v[GB_OPT_MAX_PLIES] + 2;
    b->s = calloc((size_t)n, sizeof *b->s);
    b->children = malloc((size_t)n * (size_t)b->cap * sizeof *b->children);
    b->ids = malloc((size_t)n * (size_t)b->cap * sizeof *b->ids);
    bool ok = b->s && b->children && b->ids;
    /* Each record can hold a whole round, but only what is touched is ever in memory: it is cut
     * back whenever the stones taken or the marks change (no earlier position can recur then). */
    for (int i = 0; ok && i < n; i++) {
        b->s[i].rec.pos = malloc(b->rec_cap * sizeof *b->s[i].rec.pos);
        b->s[i].rec.cap = (int)b->rec_cap;
        ok = b->s[i].rec.pos != NULL;
    }
    if (!ok) {
        gb_batch_free(b);
        return gb_failn(err, GB_ENOMEM, (unsigned long)n, "out of memory for a batch of %d game of %s",
                        "out of memory for a batch of %d games of %s", n, r->name);
    }
    /* the start settled once, with slot 0's scratch (reset settles it again with its own rng) */
    b->start_ncat = -1;
    {
        gb_move moves[GB_MAX_MOVES];
        slot *s = &b->s[0];
        const slot before = *s; /* as calloc left it: a step before any reset is refused */
        s->rng = gb_batch_game_seed(seed, 0, 0);
        if (settle_slot(b, 0, b->start, moves) == 0 && s->nmoves == 0 &&
            s->nids > 0) {
            b->start_settled = s->cur;
            b->start_ncat = s->nids;
            memcpy(b->start_cat, b->ids, (size_t)s->nids * sizeof *b->ids);
        }
        *s = before;
    }
    *out = b;
    return GB_OK;
}

/* The finder of a batch's settle: every legal move into the caller's scratch, no hash (the
 * record is compared position by position, as the playouts' is). */
typedef struct batch_finder {
    gb_move *moves;
    gb_pos *children;
    uint64_t lazy; /* the last call's unsown moves */
} batch_finder;

static inline int find_batch(void *ctx, const gb_rules *r, const gb_options *o, gb_pos *child)
{
    batch_finder *f = ctx;
    if (r->version >= 4 && r->gen_lazy) /* only the move played is sown, if a proof allows */
        return r->gen_lazy(o, child, f->moves, f->children, &f->lazy);
    f->lazy = 0;
    return r->gen(o, child, f->moves, f->children);
}

/* The bytes that only go one way within a round (the marks, the miné, the stores; repeated_scan
 * in game.c): when they differ from the record's last position, no position in the record can
 * come again, so it is cut back to nothing, with the same answers (T2) and little memory. */
static inline bool one_way_changed(const gb_pos *a, const gb_pos *b)
{
    return memcmp((const uint8_t *)a + offsetof(gb_pos, mark_s),
                  (const uint8_t *)b + offsetof(gb_pos, mark_s),
                  offsetof(gb_pos, store) + sizeof a->store - offsetof(gb_pos, mark_s)) != 0;
}

/* Settle slot i's child into its current position, with its legal moves and ids. 0 when the
 * game goes on, 1 when it is over, GB_ENOMEM (a record overflow: cannot happen within the cap).
 * The moves' children are generated straight into the slot's row of b->children (cap entries:
 * every id, or GB_MAX_MOVES), the child having been copied out of it. */
static int settle_slot(gb_batch *b, int i, gb_pos child, gb_move *moves)
{
    slot *s = &b->s[i];
    gb_pos *kids = b->children + (size_t)i * (size_t)b->cap;
    if (s->rec.len > 0 && one_way_changed(&s->rec.pos[s->rec.len - 1], &child))
        s->rec.len = 0;
    batch_finder f = {moves, kids, 0};
    uint8_t chance = 0; /* one outcome a ply, drawn at most once (as gb_play's move field) */
    int n = gb_settle_with(b->r, &b->o, &child, &s->rec, &chance, &s->rng, false, find_batch, &f);
    if (n < 0)
        return n;
    s->cur = child;
    s->nmoves = n;
    s->lazy = f.lazy;
    int32_t *ids = b->ids + (size_t)i * (size_t)b->cap;
    if (child.flags & GB_F_OVER) {
        s->nids = 0;
        return 1;
    }
    if (n == 0) {
        const bool fixed = b->r->version >= 5 && b->r->layouts_fixed &&
                           child.phase == b->start_settled.phase;
        if (b->start_ncat >= 0 && (fixed || !memcmp(&child, &b->start_settled, sizeof child))) {
            memcpy(ids, b->start_cat, (size_t)b->start_ncat * sizeof *ids);
            s->nids = b->start_ncat;
        } else {
            s->nids = catalogue_ids(b->r, &b->o, &b->e, &child, ids);
        }
        return 0;
    }
    if (n > b->cap)
        n = s->nmoves = b->cap; /* cannot happen: cap is the number of distinct ids */
    int k = 0;
    for (int j = 0; j < n; j++) {
        ids[j] = id_of(&b->e, &moves[j]);
        k += ids[j] >= 0;
    }
    s->nids = k;
    return 0;
}

static int begin_episode(gb_batch *b, int i, gb_move *moves)
{
    slot *s = &b->s[i];
    s->rng = gb_batch_game_seed(b->seed, i, s->episode);
    s->rec.len = 0;
    int rc = settle_slot(b, i, b->start, moves);
    return rc < 0 ? rc : GB_OK;
}

/* Write game i's mask row: in full (a small id space, or a row not written before), else only
 * the ids that changed: `old`/`nold` are the ids set before. */
static void write_mask(gb_batch *b, int i, uint8_t *mask, const int32_t *old, int nold)
{
    slot *s = &b->s[i];
    const size_t count = (size_t)b->e.count;
    uint8_t *row = mask + (size_t)i * count;
    const int32_t *ids = b->ids + (size_t)i * (size_t)b->cap;
    const int listed = s->nmoves ? s->nmoves : s->nids;
    if (count <= 64 || s->mask_row != row || !old) {
        memset(row, 0, count);
        s->mask_row = row;
    } else {
        for (int j = 0; j < nold; j++)
            if (old[j] >= 0)
                row[old[j]] = 0;
    }
    for (int j = 0; j < listed; j++)
        if (ids[j] >= 0)
            row[ids[j]] = 1;
}

static void write_row(gb_batch *b, int i, const gb_batch_out *out)
{
    const slot *s = &b->s[i];
    if (out->obs)
        observe(&s->cur, b->e.holes, out->obs + (size_t)i * (size_t)b->obs_size);
    if (out->player)
        out->player[i] = s->cur.to_move;
}

int gb_batch_reset(gb_batch *b, const uint64_t *seed, const gb_batch_out *out, gb_error *err)
{
    gb_move moves[GB_MAX_MOVES];
    if (!out)
        return gb_fail(err, GB_EINVAL, "no gb_batch_out given (its arrays may be NULL, not it)");
    if (seed)
        b->seed = *seed;
    for (int i = 0; i < b->n; i++) {
        slot *s = &b->s[i];
        if (seed)
            s->episode = 0;
        else if (s->started)
            s->episode++; /* the game under way is dropped: the stream's next one begins */
        s->started = true;
        int rc = begin_episode(b, i, moves);
        if (rc < 0)
            return gb_fail(err, rc, "out of memory");
        write_row(b, i, out);
        if (out->mask)
            write_mask(b, i, out->mask, NULL, 0);
        if (out->reward)
            out->reward[2 * i] = out->reward[2 * i + 1] = 0.0f;
        if (out->terminated)
            out->terminated[i] = 0;
        if (out->truncated)
            out->truncated[i] = 0;
    }
    return GB_OK;
}

/* Find game i's action among its legal ids: the listed move's index, or a catalogue entry's. */
static int find_pick(const gb_batch *b, int i, int a)
{
    const slot *s = &b->s[i];
    const int32_t *ids = b->ids + (size_t)i * (size_t)b->cap;
    const int listed = s->nmoves ? s->nmoves : s->nids;
    for (int j = 0; j < listed; j++)
        if (ids[j] == a)
            return j;
    return -1;
}

static int illegal(const gb_batch *b, int i, int a, gb_error *err)
{
    const slot *s = &b->s[i];
    const int32_t *ids = b->ids + (size_t)i * (size_t)b->cap;
    char list[160] = "";
    size_t used = 0;
    const int listed = s->nmoves ? s->nmoves : s->nids;
    int shown = 0;
    for (int j = 0; j < listed && used + 12 < sizeof list; j++)
        if (ids[j] >= 0) {
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%d", shown ? " " : "",
                                     (int)ids[j]);
            shown++;
        }
    if (shown < s->nids && used + 5 < sizeof list)
        snprintf(list + used, sizeof list - used, " ...");
    if (a < 0 || a >= b->e.count)
        return gb_fail(err, GB_EILLEGAL, "game %d: action %d is outside 0..%d (legal: %s)", i, a,
                       b->e.count - 1, list);
    return gb_fail(err, GB_EILLEGAL, "game %d: action %d is not legal here (legal: %s)", i, a,
                   list);
}

/* A step walks n games' slots, children and records, megabytes apart from one game to the next
 * (a Bulto game's children alone are cap = 1,024 positions): the chosen child and the record's
 * last position, which the step reads first, are asked for BATCH_PREFETCH games ahead, so that
 * their loads overlap the work on the games before. */
#define BATCH_PREFETCH 8
static inline void prefetch_game(const gb_batch *b, int j)
{
#if defined(__GNUC__)
    const slot *s = &b->s[j];
    const char *kid = (const char *)(b->children + (size_t)j * (size_t)b->cap + (size_t)s->pick);
    __builtin_prefetch(kid);
    __builtin_prefetch(kid + sizeof(gb_pos) - 1);
    if (s->rec.len > 0) {
        const char *last = (const char *)(s->rec.pos + s->rec.len - 1);
        __builtin_prefetch(last);
        __builtin_prefetch(last + 2 * sizeof(gb_pos) - 1, 1); /* the push after it */
    }
#else
    (void)b;
    (void)j;
#endif
}

int gb_batch_step_range(gb_batch *b, int lo, int hi, const int32_t *actions,
                        const gb_batch_out *out, gb_error *err)
{
    gb_move moves[GB_MAX_MOVES];
    if (lo < 0 || hi > b->n || lo > hi)
        return gb_fail(err, GB_EINVAL, "games %d..%d: the batch has games 0..%d", lo, hi - 1,
                       b->n - 1);
    if (!actions)
        return gb_fail(err, GB_EINVAL, "no actions given");
    if (!out)
        return gb_fail(err, GB_EINVAL, "no gb_batch_out given (its arrays may be NULL, not it)");
    /* every id checked before any game moves */
    for (int i = lo; i < hi; i++) {
        int j = find_pick(b, i, actions[i]);
        if (j < 0)
            return illegal(b, i, actions[i], err);
        b->s[i].pick = j;
    }
    const bool sparse = out->mask && b->e.count > 64;
    int32_t old[GB_MAX_MOVES];
    for (int i = lo; i < hi; i++) {
        if (i + BATCH_PREFETCH < hi)
            prefetch_game(b, i + BATCH_PREFETCH);
        slot *s = &b->s[i];
        int32_t *ids = b->ids + (size_t)i * (size_t)b->cap;
        int nold = 0;
        if (sparse) {
            nold = s->nmoves ? s->nmoves : s->nids;
            memcpy(old, ids, (size_t)nold * sizeof *old);
        }
        gb_pos child;
        if (s->nmoves && s->pick < 64 && (s->lazy >> s->pick & 1)) {
            /* legal but not sown when listed (gen_lazy): sown now, as gen would have */
            gb_move m;
            uint64_t none = 0;
            child = s->cur;
            int prc = move_of(&b->e, ids[s->pick], &m)
                          ? b->r->play(&b->o, &child, &m, NULL, &none, NULL)
                          : GB_EILLEGAL;
            if (prc == GB_EENDLESS && b->o.v[GB_OPT_ENDLESS]) {
                child = s->cur;
                child.flags |= GB_F_ENDLESS;
            } else if (prc != GB_OK) {
                return gb_fail(err, GB_EILLEGAL, "game %d: action %d was refused", i,
                               (int)ids[s->pick]);
            }
        } else if (s->nmoves) {
            child = b->children[(size_t)i * (size_t)b->cap + (size_t)s->pick];
        } else { /* a layout phase: the catalogue entry, played (A2) */
            gb_move m;
            child = s->cur;
            int prc = catalogue_entry(b->r, &b->o, &s->cur, ids[s->pick] - b->e.layout, &m)
                          ? b->r->play(&b->o, &child, &m, NULL, &s->rng, NULL)
                          : GB_EILLEGAL;
            if (prc == GB_EENDLESS && b->o.v[GB_OPT_ENDLESS]) {
                child = s->cur;
                child.flags |= GB_F_ENDLESS;
            } else if (prc != GB_OK) {
                return gb_fail(err, GB_EILLEGAL, "game %d: layout action %d was refused", i,
                               (int)ids[s->pick]);
            }
        }
        int rc = settle_slot(b, i, child, moves);
        if (rc < 0)
            return gb_fail(err, rc, "game %d: repetition record overflow", i);
        float r0 = 0.0f, r1 = 0.0f;
        uint8_t term = 0, trunc = 0;
        if (rc == 1) { /* over: the result, then the stream's next game at once */
            const gb_pos *p = &s->cur;
            r0 = p->winner == GB_SOUTH ? 1.0f : p->winner == GB_NORTH ? -1.0f : 0.0f;
            r1 = -r0;
            trunc = p->end_reason == GB_END_CAP;
            term = !trunc;
            if (out->final_obs)
                observe(p, b->e.holes, out->final_obs + (size_t)i * (size_t)b->obs_size);
            s->episode++;
            rc = begin_episode(b, i, moves);
            if (rc < 0)
                return gb_fail(err, rc, "out of memory");
        }
        write_row(b, i, out);
        if (out->mask)
            write_mask(b, i, out->mask, sparse ? old : NULL, nold);
        if (out->reward) {
            out->reward[2 * i] = r0;
            out->reward[2 * i + 1] = r1;
        }
        if (out->terminated)
            out->terminated[i] = term;
        if (out->truncated)
            out->truncated[i] = trunc;
    }
    return GB_OK;
}

int gb_batch_step(gb_batch *b, const int32_t *actions, const gb_batch_out *out, gb_error *err)
{
    return gb_batch_step_range(b, 0, b->n, actions, out, err);
}

void gb_batch_random_actions(const gb_batch *b, uint64_t *rng, int32_t *actions)
{
    for (int i = 0; i < b->n; i++) {
        const slot *s = &b->s[i];
        const int32_t *ids = b->ids + (size_t)i * (size_t)b->cap;
        const int listed = s->nmoves ? s->nmoves : s->nids;
        if (listed == s->nids) { /* every listed move has an id: one draw */
            actions[i] = s->nids ? ids[gb_rand_below(rng, s->nids)] : -1;
            continue;
        }
        int k = s->nids ? gb_rand_below(rng, s->nids) : -1; /* the k-th listed move with an id */
        actions[i] = -1;
        for (int j = 0; j < listed && k >= 0; j++)
            if (ids[j] >= 0 && k-- == 0)
                actions[i] = ids[j];
    }
}
