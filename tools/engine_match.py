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

Standard library only (the client tools/gabata_engine.py). A move that an engine refuses, an `error`
line, a dead engine, a reply later than its deadline (--timeout) or a game longer than --max-plies
stops the match with a message naming the game and the move.
"""
import argparse
import concurrent.futures
import math
import os
import random
import subprocess
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gabata_engine import DEFAULT_TIMEOUT, Engine, EngineFailure, event_chance  # noqa: E402


def engine(path, timeout):
    """One `gabata engine` process of `path` (its stderr silenced); `timeout`: --timeout."""
    return Engine(path, timeout=DEFAULT_TIMEOUT if timeout is None else timeout,
                  stderr=subprocess.DEVNULL)


def play_both(mover, other, move):
    """Play `move` in the mover's engine, then in the other's with any chance outcome it drew."""
    chance = event_chance(mover.play(move))
    other.play(move + ("@" + chance if chance and "@" not in move else ""))


def one_game(a_path, b_path, setup, opening, a_south, think, max_plies, timeout):
    """Play one game; return 1, 0.5 or 0 for A, and the number of plies."""
    with engine(a_path, timeout) as a, engine(b_path, timeout) as b:
        for e in (a, b):
            e.ask(setup)
        for move in opening:
            play_both(a, b, move)
        plies = len(opening)
        while True:
            st = a.state()
            if st["over"]:
                winner = st["result"]["winner"]
                if winner is None:
                    return 0.5, plies
                return (1.0 if (winner == "S") == a_south else 0.0), plies
            if plies >= max_plies:
                raise RuntimeError(f"a game passed --max-plies {max_plies} ({setup})")
            a_moves = (st["to_move"] == "S") == a_south
            mover, other = (a, b) if a_moves else (b, a)
            best = mover.go(**think, timeout=go_timeout(think, timeout)).bestmove
            play_both(mover, other, best)
            plies += 1


def go_timeout(think, timeout):
    """The deadline of one `go`: with --movetime the engine's timeout plus the movetime (the
    client's default); with --depth --timeout if given, else none (a deep search may be long)."""
    return ... if "movetime" in think or timeout is not None else None


def random_opening(path, setup, plies, rnd, timeout):
    """K random legal plies from the start (fewer if the game ends), as move texts."""
    with engine(path, timeout) as e:
        e.ask(setup)
        moves = []
        for _ in range(plies):
            if e.state()["over"]:
                break
            legal = e.moves()
            if not legal:  # a phase whose moves are not listed (a layout): stop the opening here
                break
            m = rnd.choice(legal)
            e.play(m)
            moves.append(m)
        return moves


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
    ap.add_argument("--timeout", type=float, default=None,
                    help="seconds an engine may take for one reply (default 30), plus the "
                         "movetime for a move; a --depth move has no limit unless this is given")
    a = ap.parse_intermixed_args()
    if a.games < 2 or a.games % 2:
        ap.error("--games needs an even number, 2 or more (games come in pairs)")
    if (a.movetime > 0) == (a.depth > 0):
        ap.error("give one of --movetime MS and --depth D")
    if a.jobs < 1 or a.openings < 0:
        ap.error("--jobs needs 1 or more, --openings 0 or more")
    think = {"movetime": a.movetime} if a.movetime else {"depth": a.depth}
    think_text = " ".join(f"{k} {v}" for k, v in think.items())
    timeout = a.timeout
    setup = " ".join(["new", a.variant] + a.options)
    for path in (a.a, a.b):  # a bad path or variant fails here, with the engine's own message
        try:
            with engine(path, timeout) as e:
                e.ask(setup)
        except (OSError, EngineFailure) as err:
            sys.exit(f"engine_match: {err}")

    pairs = a.games // 2
    lock = threading.Lock()
    tally = {"w": 0, "d": 0, "l": 0, "plies": 0, "done": 0}

    def run_pair(k):
        opening = random_opening(a.a, setup, a.openings, random.Random(a.seed * 1000003 + k),
                                 timeout)
        out = []
        for a_south in (True, False):
            out.append(one_game(a.a, a.b, setup, opening, a_south, think, a.max_plies, timeout))
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
    print(f"{' '.join([a.variant] + a.options)}: {n} games, {think_text}, openings of {a.openings} plies, "
          f"{tally['plies'] / n:.0f} plies a game")
    print(f"A {a.a} against B {a.b}: +{tally['w']} ={tally['d']} -{tally['l']}, score {100 * s:.1f}%")
    if s <= 0 or s >= 1:
        print("Elo difference (A minus B): " + ("+inf" if s >= 1 else "-inf") + " (every game one way)")
    else:
        print(f"Elo difference (A minus B): {elo(s):+.0f} (95%: {elo(lo):+.0f} to {elo(hi):+.0f})")


if __name__ == "__main__":
    main()
