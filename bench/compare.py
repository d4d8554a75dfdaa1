#!/usr/bin/env python3
"""Compare the speed of two gabata builds, alternating them so that a machine's drift and noise
fall on both alike (docs/performance.md, "Before and after").

usage: bench/compare.py OLD/gabata NEW/gabata [--rounds R] [--games N] [--nodes N]
                        [--depth GAME=D ...]

Each round runs, old then new (then new then old on the next round, to cancel order effects):
`bench --all --games N` (random playouts: plies/s of every game), `bench --search --nodes N`
(alpha-beta nodes/s and MCTS playouts/s of every game) and, for each --depth GAME=D, `bench GAME
--search --depth D --mcts 0` (seconds to a fixed depth, and the node count, which must be the same
for both builds when the search tree is meant to be unchanged). Prints the median of each figure
for both builds and new/old. Figures only: nothing passes or fails.
"""
import argparse
import re
import statistics
import subprocess
import sys


def run(exe, args):
    try:
        out = subprocess.run([exe] + args, capture_output=True, text=True, timeout=1800)
    except (OSError, subprocess.TimeoutExpired) as e:
        sys.exit(f"compare.py: {exe} {' '.join(args)}: {e}")
    if out.returncode != 0:
        sys.exit(f"compare.py: {exe} {' '.join(args)} exited {out.returncode}: {out.stderr.strip()}")
    return out.stdout


def figures(exe, opts):
    """One round of every benchmark for one build: {name: value}."""
    f = {}
    for line in run(exe, ["bench", "--all", "--games", str(opts.games)]).splitlines():
        m = re.match(r"(\w+)\s+(\d+)\s+(\d+)\s+(\d+)\s+[\d.]+\s+([\d.]+)x", line)
        if m:
            f[f"playout plies/s {m.group(1)}"] = float(m.group(3))
            # plies/s over the yardstick's, run interleaved in the same process: the figure
            # that a busy machine disturbs least
            f[f"playout / yardstick {m.group(1)}"] = float(m.group(5))
    for line in run(exe, ["bench", "--search", "--nodes", str(opts.nodes)]).splitlines():
        m = re.match(r"bench --search (\w+):.* ([\d.]+) nodes/s .*; ([\d.]+) playouts/s", line)
        if m:
            f[f"search nodes/s {m.group(1)}"] = float(m.group(2))
            f[f"mcts playouts/s {m.group(1)}"] = float(m.group(3))
    for spec in opts.depth:
        game, d = spec.split("=")
        line = run(exe, ["bench", game, "--search", "--depth", d, "--mcts", "0"])
        m = re.search(r"(\d+) nodes in ([\d.]+) s", line)
        if m:
            f[f"depth {d} seconds {game}"] = float(m.group(2))
            f[f"depth {d} nodes {game}"] = float(m.group(1))
    return f


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--nodes", type=int, default=300000)
    ap.add_argument("--depth", action="append", default=[], metavar="GAME=D")
    opts = ap.parse_args()
    for spec in opts.depth:
        if not re.fullmatch(r"\w+=\d+", spec):
            ap.error(f"--depth takes GAME=D, not '{spec}'")
    runs = {"old": [], "new": []}
    for r in range(opts.rounds):
        order = ["old", "new"] if r % 2 == 0 else ["new", "old"]
        for which in order:
            exe = opts.old if which == "old" else opts.new
            runs[which].append(figures(exe, opts))
            print(f"round {r + 1}/{opts.rounds}: {which} done", file=sys.stderr, flush=True)
    print(f"{'figure':32} {'old':>14} {'new':>14} {'new/old':>8}   (medians of {opts.rounds})")
    for key in runs["old"][0]:
        o = statistics.median(x[key] for x in runs["old"] if key in x)
        n = statistics.median(x[key] for x in runs["new"] if key in x)
        print(f"{key:32} {o:14.4g} {n:14.4g} {n / o if o else float('nan'):8.3f}")


if __name__ == "__main__":
    main()
