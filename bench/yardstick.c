/* yardstick.c — the yardstick for the rules core's speed: random Sadeqa III play written as the
 * plainest special-purpose C loop, with none of the library's generality.
 *
 * What it does: 2x8 holes of 6 stones; the player to move picks a uniformly random non-empty hole
 * of his row and sows it with relay (S2-S4); a move that runs to a plain cap of 10,000 laps ends
 * the game; a player with no stones in his row ends the game (S5); a game also ends after 5,000
 * plies. What it leaves out, on purpose: repetition (T2), telling never-ending sowings apart
 * before choosing (T1: a never-ending move is not legal), scores, options, records. So it is a
 * little faster than the rules themselves allow, which is what makes it a yardstick. */
#include "yardstick.h"

#include <string.h>

enum { N = 8, RING = 16, SEEDS = 6, LAP_CAP = 10000, PLY_CAP = 5000 };

static inline uint64_t next_rand(uint64_t *s) /* splitmix64, as gb_rand_next */
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void yardstick_run(long games, uint64_t seed, yardstick_stats *st)
{
    uint64_t rng = seed;
    memset(st, 0, sizeof *st);
    for (long game = 0; game < games; game++) {
        uint8_t b[RING];
        memset(b, SEEDS, sizeof b);
        int mover = 0, store[2] = {0, 0};
        for (int ply = 0; ply < PLY_CAP; ply++) {
            int cand[N], nc = 0;
            for (int h = mover * N; h < mover * N + N; h++)
                if (b[h])
                    cand[nc++] = h;
            if (!nc)
                break;
            int h = cand[next_rand(&rng) % (uint64_t)nc], laps = 0;
            for (;;) {
                int stones = b[h];
                b[h] = 0;
                st->sown += stones;
                laps++;
                while (stones--) {
                    h = (h + 1) & (RING - 1);
                    b[h]++;
                }
                if (b[h] == 1) { /* empty before: the move ends, capturing in one's own row */
                    int opp = RING - 1 - h;
                    if ((h >> 3) == mover) {
                        store[mover] += b[opp];
                        b[opp] = 0;
                    }
                    break;
                }
                if (laps == LAP_CAP)
                    break;
            }
            st->laps += laps;
            st->plies++;
            mover ^= 1;
            if (laps == LAP_CAP)
                break;
        }
        st->games++;
    }
}
