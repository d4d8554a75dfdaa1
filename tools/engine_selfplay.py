#!/usr/bin/env python3
"""Drive `gabata engine` through `successors` for many random games and report statistics.

At every position: send `successors`, check every line is `MOVE<TAB>{json}`, pick one line at
random, `play` its move, and check that the engine's `state` equals the JSON the line promised.
Any `error` line, a malformed reply, a mismatch or a game longer than its cap is a failure.

    tools/engine_selfplay.py build/gabata sadeqa --games 10000 [--seed 1] [key=value ...]
"""
import argparse
import collections
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gabata_engine import Engine, EngineDied, EngineError, EngineFailure, ProtocolError  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("gabata")
    ap.add_argument("variant")
    ap.add_argument("options", nargs="*")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check-every", type=int, default=1,
                    help="compare `state` with the promised JSON every N plies")
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    try:
        eng = Engine(a.gabata)
    except OSError as err:
        sys.exit("cannot start the engine: %s" % err)
    try:
        stats = run(eng, a, rnd)
    except ProtocolError as err:  # the message names what was malformed
        sys.exit(str(err).split(": ", 1)[1])
    except EngineError as err:
        sys.exit("engine error after '%s': error %s" % (err.command, err.message))
    except EngineDied as err:
        sys.exit("engine died after: " + (err.command or ""))
    except EngineFailure as err:
        sys.exit(str(err))
    finally:
        eng.close()
    report(a, *stats)


def run(eng, a, rnd):
    plies_hist, results, reasons, rounds_hist = [], collections.Counter(), collections.Counter(), []
    positions = 0
    t0 = time.time()
    for game in range(a.games):
        eng.seed(rnd.randrange(1 << 62))
        eng.new(a.variant, a.options)
        plies = 0
        while True:
            succ = eng.successors()  # checks every line is MOVE<TAB>{json}
            positions += 1
            if not succ:
                st = eng.state()
                if st["over"]:
                    break
                # a phase whose moves cannot be listed (a layout): ask for a random one
                sys.exit("no successors in phase %s and not over" % st["phase"])
            move, promised = rnd.choice(succ)
            eng.play(move)
            plies += 1
            if plies % a.check_every == 0:
                if eng.state() != promised:
                    sys.exit("state after %s differs from successors' promise" % move)
            if plies > 2_000_000:
                sys.exit("game longer than any cap allows")
        plies_hist.append(plies)
        rounds_hist.append(st.get("round", 1))
        w = st["result"]["winner"]
        results[w or "draw"] += 1
        reasons[st["end_reason"]] += 1
        if sys.stderr.isatty() and game % 100 == 0:
            print("\r%d/%d games" % (game, a.games), end="", file=sys.stderr)
    return plies_hist, results, reasons, rounds_hist, positions, time.time() - t0


def report(a, plies_hist, results, reasons, rounds_hist, positions, dt):
    n = len(plies_hist)
    print("%s %s: %d games, %d positions answered, no error, %.1f s" %
          (a.variant, " ".join(a.options), n, positions, dt))
    print("plies per game: mean %.1f, min %d, max %d" % (sum(plies_hist) / n, min(plies_hist), max(plies_hist)))
    if max(rounds_hist) > 1:
        print("rounds per match: mean %.2f, max %d" % (sum(rounds_hist) / n, max(rounds_hist)))
    print("results: " + ", ".join("%s %.1f%%" % (k, 100.0 * v / n) for k, v in sorted(results.items())))
    print("end reasons: " + ", ".join("%s %d" % kv for kv in sorted(reasons.items())))


if __name__ == "__main__":
    main()
