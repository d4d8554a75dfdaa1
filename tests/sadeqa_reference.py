#!/usr/bin/env python3
"""An independent, deliberately plain re-implementation of Sadeqa III (RULINGS §2, S1-S5), written
from the rulings text and not from src/sadeqa.c. It produced the move-by-move table of the full
game in tests/test_sadeqa.c (random game, seed 2026) and cross-checks perft: the test
tests/sadeqa_reference.sh compares its counts with `gabata perft sadeqa` number for number. Run:
    python3 tests/sadeqa_reference.py [--game | --perft DEPTH [--seeds 6|4]]
T1 here is the plain definition: a sowing is never-ending when its 10,000th lap ends without
ending the move (no cycle detection), so it is slower but independent of gb_lapguard."""
import random
import sys

N, R = 8, 16


def play(board, hole, mover):
    """S2-S4: sow from `hole` with relay; return (board, captured) or None if never-ending."""
    b = list(board)
    laps = 0
    h = hole
    while True:
        stones, b[h], pos = b[h], 0, h
        for _ in range(stones):
            pos = (pos + 1) % R
            b[pos] += 1
        laps += 1
        if b[pos] > 1:                 # S3: occupied before the last stone: relay
            if laps >= 10000:          # T1
                return None
            h = pos
            continue
        opp = R - 1 - pos              # S4: empty hole: the move ends
        own = (pos >= N) == (mover == 1)
        if own and b[opp] > 0:
            taken, b[opp] = b[opp], 0
            return b, taken
        return b, 0


def legal(board, mover):
    return [h for h in range(mover * N, mover * N + N) if board[h] and play(board, h, mover)]


def label(h):
    return chr(65 + h) if h < N else chr(97 + h - N)


def game(seed=2026):
    random.seed(seed)
    b, st, mover, last = [6] * R, [0, 0], 0, None
    rows = []
    while True:
        mv = legal(b, mover)
        if not mv:                     # S5
            break
        h = random.choice(mv)
        b, s = play(b, h, mover)
        st[mover] += s
        last = mover
        rows.append((label(h), list(b), list(st)))
        mover = 1 - mover
    final = list(st)
    final[last] += sum(b)              # S5: the board to the last mover
    print("/* %d plies; last mover %s; scores %s */" % (len(rows), "SN"[last], final))
    for lab, bb, ss in rows:
        print('    {"%s", {%s}, {%d, %d}},' % (lab, ", ".join(map(str, bb)), ss[0], ss[1]))


def perft(b, mover, depth):
    if depth == 0:
        return 1
    total = 0
    for h in range(mover * N, mover * N + N):
        if b[h]:
            r = play(b, h, mover)
            if r:
                total += perft(r[0], 1 - mover, depth - 1)
    return total


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--perft":
        seeds = 6                      # S1: 6 stones a hole, or 4 (option seeds=4)
        if len(sys.argv) == 5 and sys.argv[3] == "--seeds" and sys.argv[4] in ("6", "4"):
            seeds = int(sys.argv[4])
        elif len(sys.argv) != 3:
            sys.exit("usage: sadeqa_reference.py [--game | --perft DEPTH [--seeds 6|4]]")
        for d in range(1, int(sys.argv[2]) + 1):
            print(d, perft([seeds] * R, 0, d))
    else:
        game()
