#!/usr/bin/env python3
"""Drive `gabata engine` through `successors` for many random games and report statistics.

At every position: send `successors`, check every line is `MOVE<TAB>{json}`, pick one line at
random, `play` its move, and check that the engine's `state` equals the JSON the line promised.
Any `error` line, a malformed reply, a mismatch or a game longer than its cap is a failure.

    tools/engine_selfplay.py build/gabata sadeqa --games 10000 [--seed 1] [key=value ...]
"""
import argparse
import collections
import json
import random
import subprocess
import sys
import time


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
    eng = subprocess.Popen([a.gabata, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           text=True, bufsize=1)

    def ask(cmd):
        eng.stdin.write(cmd + "\n")
        eng.stdin.flush()
        out = []
        while True:
            line = eng.stdout.readline()
            if not line:
                sys.exit("engine died after: " + cmd)
            line = line.rstrip("\n")
            if line == "ok":
                return out
            if line.startswith("error"):
                sys.exit("engine error after '%s': %s" % (cmd, line))
            out.append(line)

    plies_hist, results, reasons, rounds_hist = [], collections.Counter(), collections.Counter(), []
    positions = 0
    t0 = time.time()
    for game in range(a.games):
        ask("seed %d" % rnd.randrange(1 << 62))
        ask(" ".join(["new", a.variant] + a.options))
        plies = 0
        while True:
            succ = ask("successors")
            positions += 1
            for line in succ:
                if "\t{" not in line:
                    sys.exit("malformed successors line: " + line)
            if not succ:
                st = json.loads(ask("state")[0])
                if st["over"]:
                    break
                # a phase whose moves cannot be listed (a layout): ask for a random one
                sys.exit("no successors in phase %s and not over" % st["phase"])
            move, js = rnd.choice(succ).split("\t", 1)
            ask("play " + move)
            plies += 1
            if plies % a.check_every == 0:
                now = ask("state")[0]
                if json.loads(now) != json.loads(js):
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
    ask("quit")
    dt = time.time() - t0
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
