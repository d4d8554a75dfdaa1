#!/usr/bin/env python3
"""Random Qelat matches through `gabata engine` (issue 3: 1,000 matches via `successors`).

At every position: send `successors`, pick one line at random, `play` that move (its text, with
any @S/@N lots outcome), and go on from the state JSON of that line. Checks: no `error` line, every
reply within a time limit (no hang), 48 balls in every state, every match ends. Prints plies per
round, rounds per match, outcome split and end reasons.

usage: qelat_engine_random.py GABATA [MATCHES] [SEED] [key=value ...]
"""
import json
import os
import random
import select
import subprocess
import sys
import time

TIMEOUT = 30.0  # seconds for one reply: a hang if exceeded


class Engine:
    def __init__(self, exe):
        self.p = subprocess.Popen([exe, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.fd = self.p.stdout.fileno()
        self.buf = b""

    def readline(self):
        # Read the pipe's file descriptor directly: select() cannot see Python's own buffering.
        while b"\n" not in self.buf:
            r, _, _ = select.select([self.fd], [], [], TIMEOUT)
            if not r:
                raise TimeoutError("no reply within %.0f s" % TIMEOUT)
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                raise EOFError("engine closed its output")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode()

    def cmd(self, text):
        """Send a command; return the lines before `ok`, or raise on `error`."""
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            line = self.readline()
            if line == "ok":
                return out
            if line.startswith("error"):
                raise RuntimeError("%s -> %s" % (text, line))
            out.append(line)

    def close(self):
        try:
            self.p.stdin.write("quit\n")
            self.p.stdin.flush()
        except BrokenPipeError:
            pass
        self.p.wait(timeout=10)


def main():
    exe = sys.argv[1]
    matches = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    opts = " ".join(sys.argv[4:])
    rng = random.Random(seed)
    eng = Engine(exe)
    errors = hangs = 0
    plies_per_round = []
    rounds_per_match = []
    plies_per_match = []
    outcome = {"S": 0, "N": 0, "draw": 0}
    reasons = {}
    round_ends = {"rounds ended": 0}
    t0 = time.time()
    for m in range(matches):
        try:
            eng.cmd("seed %d" % (seed * 100003 + m))
            eng.cmd("new qelat" + (" " + opts if opts else ""))
            state = json.loads(eng.cmd("state")[0])
            plies = 0
            round_plies = 0
            cur_round = state["round"]
            while not state["over"]:
                lines = eng.cmd("successors")
                if not lines:
                    raise RuntimeError("no successors in a position that is not over")
                mv, js = rng.choice(lines).split("\t", 1)
                eng.cmd("play " + mv)
                state = json.loads(js)
                plies += 1
                round_plies += 1
                total = sum(state["holes"]) + state["stores"]["S"] + state["stores"]["N"]
                if total != 48:
                    raise RuntimeError("%d balls after %s" % (total, mv))
                if state["round"] != cur_round:
                    plies_per_round.append(round_plies)
                    round_plies = 0
                    cur_round = state["round"]
            plies_per_round.append(round_plies)
            rounds_per_match.append(state["round"])
            plies_per_match.append(plies)
            w = state["result"]["winner"]
            outcome[w if w else "draw"] += 1
            reasons[state["end_reason"]] = reasons.get(state["end_reason"], 0) + 1
        except TimeoutError as e:
            hangs += 1
            print("match %d: HANG %s" % (m, e), file=sys.stderr)
            eng.p.kill()
            eng = Engine(exe)
        except (RuntimeError, EOFError) as e:
            errors += 1
            print("match %d: ERROR %s" % (m, e), file=sys.stderr)
            if isinstance(e, EOFError):
                eng = Engine(exe)
    eng.close()
    dt = time.time() - t0

    def stats(xs):
        xs = sorted(xs)
        return "mean %.1f, median %d, min %d, max %d" % (sum(xs) / len(xs), xs[len(xs) // 2],
                                                         xs[0], xs[-1]) if xs else "-"

    n = len(rounds_per_match)
    print("qelat engine random matches%s: %d started, %d finished, %d errors, %d hangs, %.1f s"
          % (" (" + opts + ")" if opts else "", matches, n, errors, hangs, dt))
    print("  plies per round   ", stats(plies_per_round))
    print("  rounds per match  ", stats(rounds_per_match))
    print("  plies per match   ", stats(plies_per_match))
    print("  outcome            South %d, North %d, draw %d" % (outcome["S"], outcome["N"], outcome["draw"]))
    print("  end reasons        " + ", ".join("%s %d" % kv for kv in sorted(reasons.items())))
    return 1 if errors or hangs or n != matches else 0


if __name__ == "__main__":
    sys.exit(main())
