#!/usr/bin/env python3
"""A match between two gabata programs (two builds, or two players of one build) through the
engine protocol (docs/protocol.md): is a change to the engine stronger at equal time?

`gabata match` pits players of one build against each other; this pits builds. Games come in
pairs: a random opening of K plies (drawn from --seed and the pair's number, the same for both
games of the pair), played once with A as South and once with B as South. Each side thinks with
`go movetime MS` (or `go depth D`) in its own engine process; both processes are told every move
(a chance outcome drawn by one, Qelat's lots, is passed on to the other as `MOVE@S`/`MOVE@N`).
It prints wins, draws and losses for A, A's score and the Elo difference with a 95% interval (the
normal approximation of the score, as `gabata match`).

    tools/engine_match.py NEW/gabata OLD/gabata --variant sadeqa --games 200 --movetime 20
    tools/engine_match.py build/gabata build/gabata --variant bulto --depth 4 --games 20 --jobs 2

Standard library only. A move that an engine refuses, an `error` line, a dead engine or a game
longer than --max-plies stops the match with a message naming the game and the move.
"""
import argparse
import concurrent.futures
import json
import math
import random
import subprocess
import sys
import threading


class Engine:
    """One `gabata engine` process."""

    def __init__(self, path):
        self.path = path
        self.proc = subprocess.Popen([path, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def ask(self, cmd, until=("ok",)):
        """Send a command; return the lines answered up to one starting with a word of `until`."""
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.path}: the engine died after '{cmd}'")
            line = line.rstrip("\n")
            if line.startswith("error"):
                raise RuntimeError(f"{self.path}: '{cmd}' answered '{line}'")
            lines.append(line)
            if line.split(" ", 1)[0] in until:
                return lines

    def close(self):
        try:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
        except OSError:
            pass
        self.proc.wait(timeout=10)


def state(engine):
    lines = engine.ask("state")  # the JSON line, then ok
    return json.loads(lines[-2])


def play_both(mover, other, move):
    """Play `move` in the mover's engine, then in the other's with any chance outcome it drew."""
    events = mover.ask("play " + move)
    chance = ""
    for line in events:
        w = line.split()
        if len(w) == 3 and w[0] == "event" and w[1] == "lots":
            chance = "@" + w[2]
    other.ask("play " + move + (chance if "@" not in move else ""))


def one_game(a_path, b_path, setup, opening, a_south, think, max_plies):
    """Play one game; return 1, 0.5 or 0 for A, and the number of plies."""
    a, b = Engine(a_path), Engine(b_path)
    try:
        for e in (a, b):
            e.ask(setup)
        for move in opening:
            play_both(a, b, move)
        plies = len(opening)
        while True:
            st = state(a)
            if st["over"]:
                winner = st["result"]["winner"]
                if winner is None:
                    return 0.5, plies
                return (1.0 if (winner == "S") == a_south else 0.0), plies
            if plies >= max_plies:
                raise RuntimeError(f"a game passed --max-plies {max_plies} ({setup})")
            a_moves = (st["to_move"] == "S") == a_south
            mover, other = (a, b) if a_moves else (b, a)
            answer = mover.ask("go " + think)  # info lines, bestmove MOVE, ok
            best = [w for w in answer if w.startswith("bestmove ")]
            if not best:
                raise RuntimeError(f"{mover.path}: no bestmove after 'go {think}' ({setup})")
            play_both(mover, other, best[-1].split()[1])
            plies += 1
    finally:
        a.close()
        b.close()


def random_opening(path, setup, plies, rnd):
    """K random legal plies from the start (fewer if the game ends), as move texts."""
    e = Engine(path)
    try:
        e.ask(setup)
        moves = []
        for _ in range(plies):
            if state(e)["over"]:
                break
            legal = e.ask("moves", until=("ok",))[:-1]
            if not legal:  # a phase whose moves are not listed (a layout): stop the opening here
                break
            m = rnd.choice(legal)
            e.ask("play " + m)
            moves.append(m)
        return moves
    finally:
        e.close()


def elo(s):
    return -400.0 * math.log10(1.0 / s - 1.0) + 0.0  # + 0.0: never "-0"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", help="the gabata program whose strength is measured (A)")
    ap.add_argument("b", help="the gabata program it plays against (B)")
    ap.add_argument("options", nargs="*", help="the game's options, key=value")
    ap.add_argument("--variant", required=True)
    ap.add_argument("--games", type=int, default=100, help="an even number (pairs)")
    ap.add_argument("--movetime", type=int, default=0, help="milliseconds a move")
    ap.add_argument("--depth", type=int, default=0, help="plies a move (instead of --movetime)")
    ap.add_argument("--openings", type=int, default=4, help="random plies before the engines play")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=100000)
    a = ap.parse_intermixed_args()
    if a.games < 2 or a.games % 2:
        ap.error("--games needs an even number, 2 or more (games come in pairs)")
    if (a.movetime > 0) == (a.depth > 0):
        ap.error("give one of --movetime MS and --depth D")
    if a.jobs < 1 or a.openings < 0:
        ap.error("--jobs needs 1 or more, --openings 0 or more")
    think = f"movetime {a.movetime}" if a.movetime else f"depth {a.depth}"
    setup = " ".join(["new", a.variant] + a.options)
    for path in (a.a, a.b):  # a bad path or variant fails here, with the engine's own message
        try:
            e = Engine(path)
            e.ask(setup)
            e.close()
        except (OSError, RuntimeError) as err:
            sys.exit(f"engine_match: {err}")

    pairs = a.games // 2
    lock = threading.Lock()
    tally = {"w": 0, "d": 0, "l": 0, "plies": 0, "done": 0}

    def run_pair(k):
        opening = random_opening(a.a, setup, a.openings, random.Random(a.seed * 1000003 + k))
        out = []
        for a_south in (True, False):
            out.append(one_game(a.a, a.b, setup, opening, a_south, think, a.max_plies))
        with lock:
            for score, plies in out:
                tally["w" if score == 1 else "d" if score == 0.5 else "l"] += 1
                tally["plies"] += plies
            tally["done"] += 2
            if sys.stderr.isatty():
                print(f"\r  {tally['done']}/{a.games} games: +{tally['w']} ={tally['d']} -{tally['l']}",
                      end="", file=sys.stderr, flush=True)
        return out

    scores = []
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
            for out in pool.map(run_pair, range(pairs)):
                scores.extend(s for s, _ in out)
    except RuntimeError as err:
        sys.exit(f"\nengine_match: {err}")
    if sys.stderr.isatty():
        print(file=sys.stderr)
    n = len(scores)
    s = sum(scores) / n
    var = sum((x - s) ** 2 for x in scores) / n
    half = 1.96 * math.sqrt(var / n)
    lo, hi = max(s - half, 1e-9), min(s + half, 1 - 1e-9)
    print(f"{' '.join([a.variant] + a.options)}: {n} games, {think}, openings of {a.openings} plies, "
          f"{tally['plies'] / n:.0f} plies a game")
    print(f"A {a.a} against B {a.b}: +{tally['w']} ={tally['d']} -{tally['l']}, score {100 * s:.1f}%")
    if s <= 0 or s >= 1:
        print("Elo difference (A minus B): " + ("+inf" if s >= 1 else "-inf") + " (every game one way)")
    else:
        print(f"Elo difference (A minus B): {elo(s):+.0f} (95%: {elo(lo):+.0f} to {elo(hi):+.0f})")


if __name__ == "__main__":
    main()
