#!/usr/bin/env python3
"""gabata solve --survey end to end on a tiny input (docs/solved.md): 2 games of Sadeqa III
between ai:2 players, every position of at most 6 stones solved with the <= 6-stone tables.
Every row is checked against its own position string (stones, player to move, ply, the bounds
from the stores), the values against the game's moves (a position's value is at least what the
move played leaves), the summary recomputed here from the rows, and resuming: more games append
only the new ones, other settings are refused, a cut last line and an unfinished game's rows
are dropped.
usage: solve_survey.py GABATA TABLES_DIR"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

gabata, tables = sys.argv[1], sys.argv[2]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def run(args):
    return subprocess.run([gabata, "solve", "--survey"] + args, capture_output=True, text=True, timeout=300)


def rows_of(path):
    with open(path) as f:
        return [json.loads(line) for line in f]


def position_fields(text):
    """stones on the board, stores, player to move and ply, read from the position string"""
    board = re.search(r"board=([0-9,/]+)", text).group(1)
    holes = [int(x) for x in re.split(r"[,/]", board)]
    stores = [int(x) for x in re.search(r"stores=(\d+),(\d+)", text).groups()]
    turn = re.search(r"turn=([SN])", text).group(1)
    ply = int(re.search(r"ply=(\d+)", text).group(1))
    return sum(holes), stores, turn, ply


def summary_of(rows):
    """the summary's lines, computed from the rows as docs/solved.md defines them"""
    games = [r for r in rows if r["kind"] == "game"]
    done = {g["seed"] for g in games}
    pos = [r for r in rows if r["kind"] == "position" and r["seed"] in done]
    solved = [r for r in pos if r["value"] is not None]
    secs = sum(r["seconds"] for r in pos)
    out = ["games %d, positions %d, solved %d (%.1f%%), solving %.1f s"
           % (len(games), len(pos), len(solved), 100.0 * len(solved) / len(pos) if pos else 0.0, secs),
           "stones  positions  solved   share  mean s"]
    for k in sorted({r["stones"] for r in pos}, reverse=True):
        at = [r for r in pos if r["stones"] == k]
        ok = [r for r in at if r["value"] is not None]
        out.append("%6d  %9d  %6d  %5.1f%%  %6.2f" % (k, len(at), len(ok), 100.0 * len(ok) / len(at),
                                                     sum(r["seconds"] for r in at) / len(at)))
    south = [r["value"] if r["to_move"] == "S" else -r["value"] for r in solved]
    w = sum(v > 0 for v in south)
    d = sum(v == 0 for v in south)
    l = sum(v < 0 for v in south)
    out.append("values (South's view): %d South wins, %d draws, %d North wins; mean margin %.1f stones"
               % (w, d, l, sum(abs(r["value"]) for r in solved) / len(solved) if solved else 0.0))
    earliest, before_end, kept, best = [], [], 0, None
    for g in games:
        mine = [r for r in solved if r["seed"] == g["seed"]]
        if not mine:
            continue
        e = min(mine, key=lambda r: r["ply"])
        earliest.append(e["ply"])
        before_end.append(g["plies"] - e["ply"])
        if best is None or e["ply"] < best["ply"]:
            best = e
        s, n = g["score"]
        kept += (s - n if e["to_move"] == "S" else n - s) == e["value"]
    if best is None:
        out.append("earliest solved ply: none")
    else:
        earliest.sort()
        before_end.sort()
        out.append("earliest solved ply: %d (game %d, %d stones); median over %d games %d, %d plies before the "
                   "game's end; most stones solved %d"
                   % (best["ply"], best["seed"], best["stones"], len(earliest), earliest[len(earliest) // 2],
                      before_end[len(before_end) // 2], max(r["stones"] for r in solved)))
        out.append("games ending with the value of their earliest solved position: %d of %d" % (kept, len(earliest)))
    return out


def same_summary(printed, rows, what):
    want = summary_of(rows)
    got = printed.strip().split("\n")
    check(len(got) == len(want), "%s: %d summary lines, %d expected:\n%s" % (what, len(got), len(want), printed))
    for a, b in zip(got, want):
        # the seconds are summed in another order: compare every number, seconds within rounding
        na, nb = re.findall(r"-?\d+\.?\d*", a), re.findall(r"-?\d+\.?\d*", b)
        ta, tb = re.sub(r"-?\d+\.?\d*", "#", a), re.sub(r"-?\d+\.?\d*", "#", b)
        close = len(na) == len(nb) and all(x == y or ("." in x and abs(float(x) - float(y)) <= 0.051)
                                           for x, y in zip(na, nb))
        check(ta == tb and close, "%s: summary line '%s', expected '%s'" % (what, a, b))


def check_rows(rows, stones_max):
    check(rows[0]["kind"] == "survey" and rows[0]["stones"] == stones_max and rows[0]["player"] == "ai:2",
          "the first row is the survey's settings: %s" % rows[0])
    games = {r["seed"]: r for r in rows if r["kind"] == "game"}
    for r in rows[1:]:
        if r["kind"] != "position":
            continue
        k, stores, turn, ply = position_fields(r["position"])
        check(r["stones"] == k and k <= stones_max, "stones of %s" % r)
        check(r["to_move"] == turn and r["ply"] == ply, "player to move and ply of %s" % r)
        lead = stores[0] - stores[1] if turn == "S" else stores[1] - stores[0]
        if r["value"] is None:
            check(r["lo"] == lead - k and r["hi"] == lead + k, "bounds of the unknown %s" % r)
        else:
            # the final margin of the 96 stones is even, and within what the stones in play allow
            check(r["lo"] == r["hi"] == r["value"] and r["value"] % 2 == 0 and abs(r["value"] - lead) <= k,
                  "value of %s" % r)
        check(r["seed"] in games and ply < games[r["seed"]]["plies"], "game of %s" % r)
    # Bellman: a position's value is at least what the move played leaves the mover (the next
    # position's value, from its mover's view); the last one, at least the game's final margin
    by = {(r["seed"], r["ply"]): r for r in rows if r["kind"] == "position" and r["value"] is not None}
    for (seed, ply), r in by.items():
        nxt = by.get((seed, ply + 1))
        g = games[seed]
        if nxt:
            left = nxt["value"] if nxt["to_move"] == r["to_move"] else -nxt["value"]
        elif ply + 1 == g["plies"]:
            s, n = g["score"]
            left = s - n if r["to_move"] == "S" else n - s
        else:
            continue
        check(r["value"] >= left, "value %d at ply %d of game %d below the %d the move played leaves"
              % (r["value"], ply, seed, left))


with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "survey.jsonl")
    base = ["sadeqa", "--player", "ai:2", "--max-time", "5", "--stones", "6", "--tables", tables, "--out", out]
    p = run(base + ["--games", "2", "--jobs", "2"])
    check(p.returncode == 0, "survey of 2 games: exit %d, %s" % (p.returncode, p.stderr))
    rows = rows_of(out)
    games = [r for r in rows if r["kind"] == "game"]
    pos = [r for r in rows if r["kind"] == "position"]
    check(sorted(g["seed"] for g in games) == [1, 2], "games 1 and 2: %s" % games)
    check(len(pos) >= 4, "a few positions of at most 6 stones: %d" % len(pos))
    # every position of at most 6 stones is in the tables: all proven
    check(all(r["value"] is not None for r in pos), "every position proven with the <= 6-stone tables")
    check(sum(g["surveyed"] for g in games) == len(pos) and sum(g["solved"] for g in games) == len(pos),
          "the game rows count their positions")
    check(p.stderr.count("\ngame ") == 2 and "survey: 2 games" in p.stderr, "progress: %s" % p.stderr)
    check_rows(rows, 6)
    same_summary(p.stdout, rows, "first run")
    # the game row's moves, played through the engine protocol, reach every position row's position
    for g in games:
        moves = g["moves"].split()
        check(len(moves) == g["plies"], "game %d: %d moves for %d plies" % (g["seed"], len(moves), g["plies"]))
        script = "new sadeqa\n" + "".join("position\nplay %s\n" % m for m in moves) + "quit\n"
        e = subprocess.run([gabata, "engine"], input=script, capture_output=True, text=True, timeout=60)
        seen = [line for line in e.stdout.split("\n") if line.startswith("sadeqa ")]
        for r in pos:
            if r["seed"] == g["seed"]:
                check(r["ply"] < len(seen) and seen[r["ply"]] == r["position"],
                      "game %d ply %d: the moves reach %s, not %s"
                      % (g["seed"], r["ply"], seen[r["ply"]] if r["ply"] < len(seen) else None, r["position"]))

    # resuming: one more game is played, the first two kept as they were
    with open(out) as f:
        before = f.read()
    p = run(base + ["--games", "3"])
    check(p.returncode == 0 and "(2 already in" in p.stderr and p.stderr.count("\ngame ") == 1,
          "resumed: exit %d, %s" % (p.returncode, p.stderr))
    with open(out) as f:
        after = f.read()
    check(after.startswith(before) and len(after) > len(before), "resuming appends")
    rows = rows_of(out)
    check(sorted(r["seed"] for r in rows if r["kind"] == "game") == [1, 2, 3], "games 1, 2, 3")
    check_rows(rows, 6)
    same_summary(p.stdout, rows, "resumed run")
    s = run(["--summary", out])
    check(s.returncode == 0 and s.stdout == p.stdout, "--summary prints the same summary")

    # other settings on the same file are refused, the file untouched
    p = run(["sadeqa", "--player", "ai:2", "--max-time", "5", "--stones", "5", "--tables", tables, "--out", out])
    check(p.returncode == 2 and "other settings" in p.stderr and len(p.stderr.strip().split("\n")) == 1,
          "other settings refused: %d %s" % (p.returncode, p.stderr))
    with open(out) as f:
        check(f.read() == after, "a refused run leaves the file as it was")

    # a stopped run: an unfinished game's rows and a cut last line are dropped, the game replayed
    with open(out, "a") as f:
        f.write(json.dumps(dict(pos[0], seed=4)) + "\n")
        f.write('{"kind":"position","seed":4,"pl')
    p = run(base + ["--games", "4"])
    check(p.returncode == 0 and "unfinished last line" in p.stderr and "1 rows of unfinished games" in p.stderr,
          "repaired: %d %s" % (p.returncode, p.stderr))
    rows = rows_of(out)
    check(sorted(r["seed"] for r in rows if r["kind"] == "game") == [1, 2, 3, 4], "games 1 to 4")
    g4 = [r for r in rows if r["kind"] == "game" and r["seed"] == 4][0]
    check(sum(r["kind"] == "position" and r["seed"] == 4 for r in rows) == g4["surveyed"],
          "game 4's rows are its own, the dropped one not among them")
    check_rows(rows, 6)
    same_summary(p.stdout, rows, "repaired run")

    # a stop sent to the survey alone (kill PID, not Ctrl-C to the whole group): its two workers
    # are ended with it, the games finished stay, it says how many, prints their summary, exit 3;
    # the same command then goes on with the games the file lacks
    out2 = os.path.join(tmp, "stopped.jsonl")
    base2 = ["sadeqa", "--player", "ai:2", "--max-time", "0.2", "--stones", "6", "--tables", tables, "--out", out2]
    sp = subprocess.Popen([gabata, "solve", "--survey"] + base2 + ["--games", "100000", "--jobs", "2"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(600):  # until a game is in the file (at most a minute)
        if os.path.exists(out2) and '"kind":"game"' in open(out2).read():
            break
        time.sleep(0.1)
    kids = subprocess.run(["pgrep", "-P", str(sp.pid)], capture_output=True, text=True).stdout.split()
    check(len(kids) == 2, "two worker processes: %s" % kids)
    sp.send_signal(signal.SIGTERM)
    sout, serr = sp.communicate(timeout=60)
    m = re.search(r"stopped \(SIGTERM\): (\d+) games are in", serr)
    check(sp.returncode == 3 and m, "stopped: exit %d, %s" % (sp.returncode, serr[-300:]))
    for k in kids:
        check(not os.path.exists("/proc/%s" % k), "worker %s ended with the survey" % k)
    rows = rows_of(out2)
    n = sum(r["kind"] == "game" for r in rows)
    check(m and int(m.group(1)) == n and n >= 1, "the count said (%s) is the file's games (%d)" % (m and m.group(1), n))
    check_rows(rows, 6)
    same_summary(sout, rows, "stopped run")
    p = run(base2 + ["--games", "2"])  # seeds 1 and 2: the first game of each worker, one at least finished
    check(p.returncode == 0 and "already in" in p.stderr, "the stopped survey goes on: %d %s" % (p.returncode, p.stderr[-300:]))
    seeds = {r["seed"] for r in rows_of(out2) if r["kind"] == "game"}
    check({1, 2} <= seeds, "after going on, games 1 and 2 are in the file: %s" % sorted(seeds))

    # bad input: one line, exit 2
    for args, what in ([["--out", out, "--games", "0"], "--games"], [["--out", out, "--max-time", "x"], "--max-time"],
                       [["--out", out, "--player", "nobody"], "--player"], [["qelat", "--out", out], "qelat"],
                       [["--summary", os.path.join(tmp, "none.jsonl")], "holds no rows"], [[], "--out"],
                       [["--out", out, "--tables", os.path.join(tmp, "nothing")], "tables"]):
        p = run(args)
        check(p.returncode == 2 and what in p.stderr and len(p.stderr.strip().split("\n")) == 1,
              "bad input %s: %d %s" % (args, p.returncode, p.stderr))

if failures:
    sys.exit("%d failure(s)" % len(failures))
print("solve --survey: all checks passed")
