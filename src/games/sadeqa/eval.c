/* eval.c — the static evaluation of Sadeqa III (RULINGS §2): what a position is worth to `side` when
 * the search stops, in hundredths of a stone (docs/ai.md gives the reasoning and the weights). */
#include "sadeqa.h"

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

int gb_sadeqa_eval(const gb_options *o, const gb_pos *p, int side)
{
    (void)o;
    const int n = SQ_N;
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
