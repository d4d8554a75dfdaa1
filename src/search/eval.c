/* eval.c — the static evaluation: what a position is worth to a player when the search stops.
 * Units: hundredths of a stone (100 = one stone taken). docs/ai.md gives the reasoning.
 *
 * Every game gets the generic terms (stones taken, stones held in marked holes, stones and
 * non-empty holes in one's own row). A game adds its own terms in its entry of `game_terms`
 * below; a game without an entry (one not yet written, or new) is played on the generic terms. */
#include "search.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>

static int popcount32(uint32_t x) { return __builtin_popcount(x); }

/* ---- generic terms, valid for every two-row game ---- */
static int generic_terms(const gb_rules *r, const gb_pos *p, int side)
{
    const int ring = gb_ring(r);
    int v = 100 * (p->store[side] - p->store[!side]); /* stones taken: the score of every game */
    for (int i = 0; i < ring; i++) {
        const uint32_t bit = 1u << i;
        const int c = p->holes[i];
        if (p->mark_s & bit) { /* an ekwarna/bulto: its stones are its holder's */
            v += side == GB_SOUTH ? 90 * c : -90 * c;
            continue;
        }
        if (p->mark_n & bit) {
            v += side == GB_NORTH ? 90 * c : -90 * c;
            continue;
        }
        /* stones in one's own holes: most games give them to the holder when a game ends by
         * repetition or the cap, and holes with stones are moves (mobility) */
        const int mine = gb_pos_owner(p, i) == side;
        const int w = 8 * c + (c ? 12 : 0);
        v += mine ? w : -w;
    }
    return v;
}

/* ---- Sadeqa III (RULINGS §2) ---- */
/* The counts of one row of Sadeqa III's (8 holes) as the bytes of a word, hole first+i in byte i
 * on a little-endian machine. Sums and tests over them then take a few operations instead of a
 * loop of 16 (the evaluation runs at every leaf). */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SQ_EVAL_WORDS 1
#define SQ_BYTES_LO 0x0101010101010101ull
#define SQ_BYTES_HI 0x8080808080808080ull
static inline uint64_t row_word(const gb_pos *p, int first)
{
    uint64_t w;
    memcpy(&w, p->holes + first, sizeof w);
    return w;
}
/* the high bit of byte i set when byte i is not 0 (a count is at most 96: x + 0x7f never carries) */
static inline uint64_t nonzero_bytes(uint64_t w) { return ((w + 0x7f7f7f7f7f7f7f7full) | w) & SQ_BYTES_HI; }
/* the sum of the bytes (at most 96, so no partial sum carries into the top byte) */
static inline int byte_sum(uint64_t w) { return (int)((w * SQ_BYTES_LO) >> 56); }
#endif

static int sadeqa_terms(const gb_rules *r, const gb_options *o, const gb_pos *p, int side)
{
    (void)o;
    const int n = r->n;
    int v = 100 * (p->store[side] - p->store[!side]);
    int cnt[2] = {0, 0}, nonempty[2] = {0, 0}, exposed[2] = {0, 0};
#ifdef SQ_EVAL_WORDS
    if (n == 8) {
        const uint64_t row[2] = {row_word(p, 0), row_word(p, 8)};
        for (int s = 0; s < 2; s++) {
            /* hole i's opposite is 15 - i: the other row's word with its bytes reversed */
            const uint64_t w = row[s], facing = __builtin_bswap64(row[!s]);
            const uint64_t live = nonzero_bytes(w), open = ~nonzero_bytes(facing) & SQ_BYTES_HI;
            cnt[s] = byte_sum(w);
            nonempty[s] = byte_sum(live >> 7);
            exposed[s] = byte_sum(w & (((live & open) >> 7) * 0xff));
        }
    } else
#endif
        for (int i = 0; i < 2 * n; i++) {
            const int row = gb_row_of(n, i), c = p->holes[i];
            cnt[row] += c;
            nonempty[row] += c > 0;
            /* S4: an empty hole of one's own row is where a lap can end and capture the stones
             * opposite; stones facing an empty enemy hole are exposed to that. */
            if (c && p->holes[gb_opposite(n, i)] == 0)
                exposed[row] += c;
        }
    /* S5: a player who cannot move loses every stone on the board to the other: keeping holes
     * filled keeps moves; an empty row invites the end. */
    v += 25 * (nonempty[side] - nonempty[!side]);
    v += 4 * (cnt[side] - cnt[!side]);
    v -= 15 * (exposed[side] - exposed[!side]);
    /* the side to move has the first chance to capture */
    v += side == p->to_move ? 30 : -30;
    return v;
}

/* ---- Qelat (RULINGS §3) ----
 * Option slots (src/qelat.c): enemy=owner|row is GB_OPT_GAME + 0. */
#define QL_OPT_ENEMY (GB_OPT_GAME + 0)

/* Who captures in ordinary hole i with a last ball making 4 (Q3): the player who is not its
 * owner (enemy=owner) or not its row's player (enemy=row). */
static int ql_attacker(const gb_options *o, const gb_pos *p, int n, int i)
{
    return o->v[QL_OPT_ENEMY] == 1 ? !gb_row_of(n, i) : !gb_pos_owner(p, i);
}

/* The best that `s` can get from one move's first lap (its last ball, Q3), in hundredths: an
 * enemy hole made 4 (an ekwarna: its 4 balls and the hole), or an eat from an enemy ekwarna (1 or
 * 2 balls and a move more). Relay laps are left to the search. */
static int ql_threat(const gb_options *o, const gb_pos *p, int n, int s)
{
    const int ring = 2 * n;
    const uint32_t mine = s ? p->mark_n : p->mark_s, theirs = s ? p->mark_s : p->mark_n;
    int best = 0;
    for (int h = 0; h < ring; h++) {
        const int c = p->holes[h];
        if (!c || c >= ring || gb_pos_owner(p, h) != s || ((mine | theirs) >> h & 1u))
            continue;
        const int t = (h + c) % ring;
        int g = 0;
        if (theirs >> t & 1u)
            g = 100 * (1 + (p->holes[t] > 0)) + 60; /* eat, and play again (Q3) */
        else if (!(mine >> t & 1u) && p->holes[t] == 3 && ql_attacker(o, p, n, t) == s)
            g = 4 * 100 + 150; /* the hole becomes s's ekwarna with its 4 balls */
        if (g > best)
            best = g;
    }
    return best;
}

static int qelat_terms(const gb_rules *r, const gb_options *o, const gb_pos *p, int side)
{
    const int n = r->n, ring = 2 * n;
    /* Q6: earnings are takings plus the balls in one's ekwarna; Q7: the next round's holes are
     * the earnings laid four to a hole, so a ball earned is a quarter of a hole (the 400 a hole
     * of gb_eval_round). */
    int v[2] = {100 * p->store[0], 100 * p->store[1]};
    for (int i = 0; i < ring; i++) {
        const uint32_t b = 1u << i;
        const int c = p->holes[i];
        if ((p->mark_s | p->mark_n) & b) {
            /* Q4: an ekwarna's balls are its captor's (the opponent can eat one or two of them
             * at a time), and every lap that passes it drops one more in for him. */
            const int holder = (p->mark_n & b) ? GB_NORTH : GB_SOUTH;
            v[holder] += 95 * c + 150;
            continue;
        }
        /* An ordinary hole: its balls go to its owner at a repetition or the cap (T2); a
         * non-empty hole one owns is a move (Q2, Q5). A hole at 3 is one ball from becoming
         * the attacker's ekwarna (Q3). */
        const int owner = gb_pos_owner(p, i);
        v[owner] += 8 * c + (c ? 12 : 0);
        if (c == 3)
            v[ql_attacker(o, p, n, i)] += 40;
    }
    /* The side to move can carry out its best first-lap threat; the other side's is half
     * answered by then. */
    const int mover = p->to_move;
    v[mover] += ql_threat(o, p, n, mover) / 2;
    v[!mover] += ql_threat(o, p, n, !mover) / 5;
    return v[side] - v[!side];
}

/* ---- L'ab al-Akil (RULINGS §4) ----
 * Option slots (src/akil.c): gain=excess|difference is GB_OPT_GAME + 5; phases layout, choice,
 * sowing are 0, 1, 2. */
#define AK_OPT_GAIN (GB_OPT_GAME + 5)
#define AK_PHASE_SOWING 2

/* A13: what a point of accumulated gain is worth. A round won by x seeds over 36 (72 in all)
 * is a seed difference of 2x (200 at 100 a seed) and a gain of x (gain=excess) or 2x
 * (gain=difference); so a gain point is worth 200 or 100, and a round's end is valued on the same
 * scale as the stones of a round still going on. */
static int ak_gain_weight(const gb_options *o) { return o->v[AK_OPT_GAIN] == 1 ? 100 : 200; }

/* The best capture `s` can make with the last seed of a move's first lap (A6): the pit made 2
 * or 4, its opposite, and the backward chain over the pits that lap sowed. */
static int ak_threat(const gb_pos *p, int n, int s)
{
    const int ring = 2 * n;
    int best = 0;
    for (int h = s * n; h < s * n + n; h++) {
        const int c = p->holes[h];
        if (!c || c >= ring)
            continue;
        /* after the lap: h is empty, the c pits after it hold one more */
        uint8_t after[GB_MAX_HOLES];
        memcpy(after, p->holes, sizeof after);
        after[h] = 0;
        for (int k = 1; k <= c; k++)
            after[(h + k) % ring]++;
        int g = 0;
        for (int k = c; k >= 1; k--) { /* the last pit first, then backwards (A6) */
            const int q = (h + k) % ring;
            if (after[q] != 2 && after[q] != 4)
                break;
            const int o = gb_opposite(n, q);
            g += after[q] + after[o];
            after[q] = 0;
            after[o] = 0;
        }
        if (g > best)
            best = g;
    }
    return 100 * best;
}

static int akil_terms(const gb_rules *r, const gb_options *o, const gb_pos *p, int side)
{
    const int n = r->n, ring = 2 * n;
    /* A13: the gains already won; the round ends (gb_eval_round) are valued on this scale too,
     * so a line that ends the round compares fairly with one that does not. */
    int v[2] = {ak_gain_weight(o) * p->match[0], ak_gain_weight(o) * p->match[1]};
    if (p->phase == AK_PHASE_SOWING) {
        /* A11: the round is won by seeds: captures, */
        v[0] += 100 * p->store[0];
        v[1] += 100 * p->store[1];
        /* and the seeds left, which go to their row's player when the round ends by repetition
         * or the cap (T2, A10); a non-empty pit is a move. */
        for (int i = 0; i < ring; i++) {
            const int c = p->holes[i];
            v[gb_row_of(n, i)] += 8 * c + (c ? 12 : 0);
        }
        /* A6: a pit at 1 or 3 that a last seed can turn to 2 or 4 is lost with its opposite.
         * The side to move makes its best capture; the other's is half answered by then. */
        const int mover = p->to_move;
        v[mover] += ak_threat(p, n, mover) / 2;
        v[!mover] += ak_threat(p, n, !mover) / 5;
    }
    return v[side] - v[!side];
}

/* ---- Bulto (RULINGS §5) ----
 * Option slot (src/bulto.c): right-rule=all|none is GB_OPT_GAME + 0; phases menager, mine, open
 * are 0, 1, 2. */
#define BU_OPT_RIGHT (GB_OPT_GAME + 0)
#define BU_PHASE_OPEN 2

/* B4 with the right rule: could hole q become a bulto of `s`? */
static bool bu_eligible(const gb_options *o, const gb_pos *p, int n, int s, int q)
{
    const uint32_t b = 1u << q, held = s ? p->mark_n : p->mark_s;
    if (gb_row_of(n, q) == s || p->holes[q] != 3 || ((p->mine | p->mark_s | p->mark_n) & b))
        return false;
    return o->v[BU_OPT_RIGHT] == 1 || !held || q < __builtin_ctz(held);
}

/* Does a move of `s` from h end its first lap by making a bulto (B4, B6)? The opponent's bulto
 * are skipped (B3); in the open phase eligible holes are skipped unless the stones left fill a
 * run of them (B6). Returns the stones the bulto take (0: none). */
static int bu_first_lap(const gb_options *o, const gb_pos *p, int n, int s, int h)
{
    const int ring = 2 * n;
    const uint32_t skip = s ? p->mark_s : p->mark_n;
    const bool open = p->phase == BU_PHASE_OPEN;
    int q = h;
    for (int k = p->holes[h]; k > 0;) {
        q = gb_next(ring, q);
        if (skip >> q & 1u)
            continue;
        if (open && bu_eligible(o, p, n, s, q)) {
            int run = 0;
            for (int x = q; run < k && x < ring && bu_eligible(o, p, n, s, x); x++)
                run++;
            if (run == k)
                return 4 * k;
            continue; /* skipped (B6) */
        }
        if (k == 1)
            return bu_eligible(o, p, n, s, q) ? 4 : 0;
        k--;
    }
    return 0;
}

static int bulto_terms(const gb_rules *r, const gb_options *o, const gb_pos *p, int side)
{
    const int n = r->n, ring = 2 * n;
    int v[2] = {0, 0}, best[2] = {0, 0};
    for (int i = 0; i < ring; i++) {
        const uint32_t b = 1u << i;
        const int c = p->holes[i], row = gb_row_of(n, i);
        if ((p->mark_s | p->mark_n) & b) {
            /* B9: a bulto's stones are its holder's at the end; nobody lifts them (B3) and
             * his own laps drop stones in (the opponent's skip it), so it only grows. */
            v[(p->mark_n & b) ? GB_NORTH : GB_SOUTH] += 100 * c + 80;
            continue;
        }
        /* B9: stones in one's own row that are not in a bulto count at the end; they move, so
         * at less than a bulto's. A non-empty hole is a move (B9: no move ends the game). */
        v[row] += 40 * c + (c ? 15 : 0);
        /* B4: a 3 of one's row, not a miné, that the opponent could make his bulto: 4 stones
         * and the hole lost. A miné cannot be made a bulto (B2): it is safe. */
        if (bu_eligible(o, p, n, !row, i))
            v[!row] += 50;
        /* the first laps that make a bulto now */
        if (c && p->phase != 0) {
            const int g = bu_first_lap(o, p, n, row, i);
            if (g > best[row])
                best[row] = g;
        }
    }
    /* B4 right rule: each new bulto lies right of the holder's others; the holes left to
     * their right are the room for more. */
    if (o->v[BU_OPT_RIGHT] == 0)
        for (int s = 0; s < 2; s++) {
            const uint32_t held = s ? p->mark_n : p->mark_s;
            const int room = held ? __builtin_ctz(held) - (s ? 0 : n) : n;
            v[s] += 10 * room;
        }
    /* a bulto made takes 4 stones from the opponent's row into the maker's bulto */
    const int mover = p->to_move;
    v[mover] += best[mover] * (100 + 40) / 2;
    v[!mover] += best[!mover] * (100 + 40) / 5;
    return v[side] - v[!side];
}

/* ---- the table: one entry a game. Games whose entry is NULL use the generic terms. ---- */
typedef int (*terms_fn)(const gb_rules *r, const gb_options *o, const gb_pos *p, int side);
static const struct {
    const gb_rules *rules; /* compared by address: the evaluation runs at every leaf */
    terms_fn terms;
} game_terms[] = {
    {&gb_rules_sadeqa, sadeqa_terms},
    {&gb_rules_qelat, qelat_terms},
    {&gb_rules_akil, akil_terms},
    {&gb_rules_bulto, bulto_terms},
};

/* A testing aid (docs/ai.md, "Measuring terms"): GABATA_EVAL=generic in the environment makes
 * every game use the generic terms, so that a process playing with them can be matched against
 * one playing with the game's own (read once). gb_eval_testing_generic(1 or 0) sets the same
 * switch from a test program that plays both kinds of player in one process. Not part of the
 * public interface. */
static atomic_int generic_mode = -1;
void gb_eval_testing_generic(int on);
void gb_eval_testing_generic(int on) { atomic_store_explicit(&generic_mode, on != 0, memory_order_relaxed); }
static int use_generic(void)
{
    int v = atomic_load_explicit(&generic_mode, memory_order_relaxed);
    if (v < 0) {
        const char *e = getenv("GABATA_EVAL");
        v = e && strcmp(e, "generic") == 0;
        atomic_store_explicit(&generic_mode, v, memory_order_relaxed);
    }
    return v;
}

int gb_eval(const gb_rules *r, const gb_options *o, const gb_pos *p, int side)
{
    if (use_generic())
        return generic_terms(r, p, side);
    for (size_t i = 0; i < sizeof game_terms / sizeof game_terms[0]; i++)
        if (game_terms[i].terms && game_terms[i].rules == r)
            return game_terms[i].terms(r, o, p, side);
    return generic_terms(r, p, side);
}

/* A round just ended (match games): the new round's start is scored by what it means for the
 * match, not searched further. Qelat: holes owned (Q7, Q10: all 12 win the match); L'ab al-Akil:
 * gains toward 60 (A13, kept in match[]). Other games have no rounds. */
int gb_eval_round(const gb_rules *r, const gb_options *o, const gb_pos *p, int side)
{
    const int ring = gb_ring(r);
    const uint32_t all = ring >= 32 ? 0xffffffffu : (1u << ring) - 1;
    if (strcmp(r->name, "akil") == 0)
        return (use_generic() ? 200 : ak_gain_weight(o)) * (p->match[side] - p->match[!side]);
    /* qelat and the generic fallback: the holes each player owns for the next round */
    int north = popcount32(p->own_n & all), south = ring - north;
    int held = side == GB_NORTH ? north - south : south - north;
    return 400 * held;
}

int gb_eval_final(const gb_pos *p, int side, int plies)
{
    if (p->winner == GB_DRAW)
        return 0;
    int v = GB_SCORE_WIN - plies;
    return p->winner == side ? v : -v;
}

double gb_eval_to_result(int score)
{
    if (score >= GB_SCORE_WIN / 2)
        return 1.0;
    if (score <= -GB_SCORE_WIN / 2)
        return 0.0;
    return 1.0 / (1.0 + exp(-(double)score / 400.0));
}

int gb_score_is_win(int score)
{
    return score >= GB_SCORE_DECIDED ? 1 : score <= -GB_SCORE_DECIDED ? -1 : 0;
}
