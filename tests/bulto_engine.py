#!/usr/bin/env python3
"""Random Bulto games through `gabata engine` (issue 5): at every position send `successors`,
pick one line at random, `play` its move; check that no `error` line comes back and that every
game ends. Usage: bulto_engine.py GABATA [GAMES] [SEED] [OPTIONS...]"""
import json
import random
import subprocess
import sys


def main():
    exe = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    opts = " ".join(sys.argv[4:])
    rnd = random.Random(seed)
    p = subprocess.Popen([exe, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)

    def ask(cmd):
        p.stdin.write(cmd + "\n")
        p.stdin.flush()
        lines = []
        while True:
            line = p.stdout.readline()
            if not line:
                raise SystemExit("engine closed its output after: " + cmd)
            line = line.rstrip("\n")
            if line.startswith("error"):
                return None, line
            if line == "ok":
                return lines, None
            lines.append(line)

    errors = plies = max_plies = max_moves = refusal_moves = 0
    ends = {}
    wins = {"S": 0, "N": 0, "draw": 0}
    for g in range(games):
        _, err = ask(("new bulto " + opts).strip())
        if err:
            errors += 1
            print("new:", err, file=sys.stderr)
            continue
        n = 0
        while True:
            lines, err = ask("successors")
            if err:
                errors += 1
                print("successors:", err, file=sys.stderr)
                break
            if not lines:
                break
            max_moves = max(max_moves, len(lines))
            move, state = rnd.choice(lines).split("\t", 1)
            refusal_moves += "~" in move
            _, err = ask("play " + move)
            if err:
                errors += 1
                print("play", move, ":", err, file=sys.stderr)
                break
            n += 1
            st = json.loads(state)
            if sum(st["holes"]) != 40:
                errors += 1
                print("stones not conserved after", move, file=sys.stderr)
            if n > 6000:
                errors += 1
                print("game did not end", file=sys.stderr)
                break
        lines, err = ask("state")
        st = json.loads(lines[0]) if lines else {}
        if not st.get("over"):
            errors += 1
            print("game %d not over" % g, file=sys.stderr)
        else:
            ends[st["end_reason"]] = ends.get(st["end_reason"], 0) + 1
            w = st["result"]["winner"]
            wins[w if w else "draw"] += 1
        plies += n
        max_plies = max(max_plies, n)
    ask("quit")
    p.wait()
    print("games %d errors %d plies/game %.1f max plies %d max moves %d refusal moves played %d"
          % (games, errors, plies / max(games, 1), max_plies, max_moves, refusal_moves))
    print("end reasons", ends, "winners", wins)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
