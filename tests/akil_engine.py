#!/usr/bin/env python3
"""Drive `gabata engine` through random L'ab al-Akil matches (issue 4's measurement).

At every position: send `successors`, pick one line at random and `play` its move. In the layout
phase `successors` lists nothing (layouts cannot be listed): the script then enters a uniformly
random layout of 72 seeds over 12 pits (stars and bars), as `layout:...`. Checks that no reply is
an `error` line, that every reply comes within the time limit (no hang) and that every match ends.

usage: tests/akil_engine.py GABATA [MATCHES] [SEED] [OPTIONS...]
"""
import collections
import json
import os
import random
import select
import subprocess
import sys

TIMEOUT = 30.0  # seconds for one reply


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.fd = self.p.stdout.fileno()
        self.buf = b""

    def line(self):
        while b"\n" not in self.buf:  # raw reads, so that select sees every unread byte
            ready, _, _ = select.select([self.fd], [], [], TIMEOUT)
            if not ready:
                raise TimeoutError("no reply within %.0f s" % TIMEOUT)
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                raise EOFError("the engine stopped")
            self.buf += chunk
        ln, self.buf = self.buf.split(b"\n", 1)
        return ln.decode()

    def ask(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            ln = self.line()
            if ln == "ok":
                return out
            if ln.startswith("error"):
                raise RuntimeError("%s -> %s" % (cmd, ln))
            out.append(ln)


def random_layout(rng):
    bars = sorted(rng.sample(range(83), 11))
    parts, prev = [], -1
    for b in bars:
        parts.append(b - prev - 1)
        prev = b
    parts.append(82 - prev)
    return parts


def main():
    path = sys.argv[1]
    matches = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    opts = " ".join(sys.argv[4:])
    rng = random.Random(seed)
    eng = Engine(path)
    errors = hangs = 0
    rounds_per_match, plies_per_round = [], []
    round_ends = collections.Counter()
    match_ends = collections.Counter()
    winners = collections.Counter()
    for m in range(matches):
        try:
            eng.ask("seed %d" % (seed * 100003 + m))
            eng.ask("new akil" + (" " + opts if opts else ""))
            state = json.loads(eng.ask("state")[0])
            rnd, plies = 1, 0
            while not state["over"]:
                if plies > 2_000_000:
                    raise TimeoutError("match did not end")
                succ = eng.ask("successors")
                if succ:
                    mv, js = rng.choice(succ).split("\t", 1)
                    eng.ask("play " + mv)
                    state = json.loads(js)
                else:
                    assert state["phase"] == "layout", state
                    lay = random_layout(rng)
                    while "tebweez=mirrored" in opts and any((lay[i] == 0) != (lay[i + 6] == 0) for i in range(6)):
                        lay = random_layout(rng)  # uniform over the mirrored layouts (A2)
                    eng.ask("play layout:" + ",".join(map(str, lay)))
                    state = json.loads(eng.ask("state")[0])
                plies += 1
                if state["round"] != rnd or state["over"]:
                    plies_per_round.append(plies)
                    round_ends[state.get("last_round_end")] += 1
                    plies = 0
                    rnd = state["round"]
            rounds_per_match.append(state["round"])
            match_ends[state["end_reason"]] += 1
            winners[state["result"]["winner"] or "draw"] += 1
        except TimeoutError as e:
            hangs += 1
            print("match %d: hang: %s" % (m, e), file=sys.stderr)
            eng.p.kill()
            eng = Engine(path)
        except (RuntimeError, EOFError, AssertionError) as e:
            errors += 1
            print("match %d: error: %s" % (m, e), file=sys.stderr)
            eng.p.kill()
            eng = Engine(path)
    eng.ask("quit")
    n = len(rounds_per_match)
    print("matches %d (options: %s), finished %d, errors %d, hangs %d" %
          (matches, opts or "defaults", n, errors, hangs))
    if n:
        r = sorted(rounds_per_match)
        print("rounds/match  mean %.2f  median %d  min %d  max %d" %
              (sum(r) / n, r[n // 2], r[0], r[-1]))
        p = sorted(plies_per_round)
        print("plies/round   mean %.1f  median %d  min %d  max %d  (rounds %d; layout and choice included)" %
              (sum(p) / len(p), p[len(p) // 2], p[0], p[-1], len(p)))
        print("round ends    " + "  ".join("%s %d" % kv for kv in sorted(round_ends.items())))
        print("match ends    " + "  ".join("%s %d" % kv for kv in sorted(match_ends.items())))
        print("match winners " + "  ".join("%s %d" % kv for kv in sorted(winners.items())))
    return 1 if errors or hangs or n != matches else 0


if __name__ == "__main__":
    sys.exit(main())
