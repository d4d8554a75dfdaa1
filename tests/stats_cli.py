#!/usr/bin/env python3
"""gabata stats end to end: the same numbers from 1 thread, 2 threads and (given mpirun and an
MPI build) 2 ranks; CSV and JSON parse and agree with each other and with the printed table;
bad input gives one line on stderr and exit status 2; the report is written.
usage: stats_cli.py GABATA [MPIRUN GABATA_MPI]"""
import csv
import io
import json
import math
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

gabata = sys.argv[1]
mpirun = sys.argv[2] if len(sys.argv) > 3 else None
gabata_mpi = sys.argv[3] if len(sys.argv) > 3 else None
failures = []


def run(args, prefix=None):
    cmd = (prefix or []) + [gabata if prefix is None else gabata_mpi] + args
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600)


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


# 1 thread = 2 threads = 2 ranks, text and CSV, from the start and from paired openings
for variant, extra in [("sadeqa", []), ("qelat", ["--openings", "4"]), ("akil", []), ("bulto", ["--players", "ai:1"])]:
    games = "300" if variant != "bulto" else "40"
    base = ["stats", variant, "--games", games, "--seed", "7"] + extra
    one = run(base + ["--csv", "-"])
    check(one.returncode == 0, f"{variant}: exit {one.returncode}: {one.stderr.strip()}")
    two = run(base + ["--jobs", "2", "--csv", "-"])
    check(one.stdout == two.stdout and one.stdout, f"{variant}: 1 thread and 2 threads differ")
    t1, t2 = run(base), run(base + ["--jobs", "3"])
    check(t1.stdout == t2.stdout, f"{variant}: the tables of 1 and 3 threads differ")
    if mpirun:
        m = run(base + ["--csv", "-"], [mpirun, "--allow-run-as-root", "--oversubscribe", "-np", "2"])
        check(m.returncode == 0, f"{variant}: mpirun exit {m.returncode}: {m.stderr.strip()[-300:]}")
        check(m.stdout == one.stdout, f"{variant}: 1 process and 2 MPI ranks differ")

# CSV and JSON of a sweep parse, agree, and match the table
with tempfile.TemporaryDirectory() as tmp:
    cpath, jpath, rdir = os.path.join(tmp, "s.csv"), os.path.join(tmp, "s.json"), os.path.join(tmp, "rep")
    r = run(["stats", "sadeqa", "--games", "200", "--sweep", "seeds", "--csv", cpath, "--json", jpath, "--report", rdir])
    check(r.returncode == 0, f"sweep: exit {r.returncode}: {r.stderr.strip()}")
    rows = list(csv.DictReader(open(cpath)))
    doc = json.load(open(jpath))
    check([x["row"] for x in rows] == ["seeds=6", "seeds=4"], f"sweep rows {[x['row'] for x in rows]}")
    check(len(doc["rows"]) == len(rows), "JSON and CSV row counts")
    for c, j in zip(rows, doc["rows"]):
        check(c["row"] == j["row"], "row names")
        for key, m in j["metrics"].items():
            for part, suffix in (("value", ""), ("lo", "_lo"), ("hi", "_hi")):
                cv = c[key + suffix]
                jv = m[part]
                check((cv == "" and jv is None) or (jv is not None and math.isclose(float(cv), jv, rel_tol=1e-9)),
                      f"{c['row']} {key}{suffix}: CSV {cv} JSON {jv}")
    # the table: a header of metric keys, then a row per value, percentages for shares
    lines = [l.split() for l in r.stdout.splitlines() if l.startswith("  seeds=")]
    header = next(l.split() for l in r.stdout.splitlines() if l.strip().startswith("options"))[1:]
    check(len(lines) == 2, f"table rows {lines}")
    for line, c in zip(lines, rows):
        for key, cell in zip(header, line[1:]):
            want = float(c[key]) if c[key] else None
            if cell == "-":
                check(want is None, f"table {key} '-' against {want}")
                continue
            got = float(cell.rstrip("%")) / (100 if cell.endswith("%") else 1)
            digits = len(cell.rstrip("%").split(".")[1]) if "." in cell else 0
            tol = 0.51 * 10 ** -digits / (100 if cell.endswith("%") else 1)
            check(want is not None and abs(got - want) <= tol + 1e-12, f"table {line[0]} {key} {cell} against {want}")
    page = open(os.path.join(rdir, "index.html")).read()
    # random players from the start: the fast path, whose report has no branching chart (a note)
    check(page.count("<svg") == 2 and "seeds=4" in page and "Not measured" in page, "the report's page, its two charts and the note")

# two different players from paired openings (issue 24 §4): the players' results in the table, the
# CSV (its header naming no column twice), the JSON and the report; A's and B's wins and the draws
# make up every game; without pairs player A is simply South
with tempfile.TemporaryDirectory() as tmp:
    cpath, jpath, rdir = os.path.join(tmp, "p.csv"), os.path.join(tmp, "p.json"), os.path.join(tmp, "rep")
    base = ["stats", "sadeqa", "--south", "ai:1", "--north", "random", "--games", "40"]
    r = run(base + ["--openings", "2", "--csv", cpath, "--json", jpath, "--report", rdir])
    check(r.returncode == 0, f"players: exit {r.returncode}: {r.stderr.strip()}")
    header = open(cpath).readline().strip().split(",")
    check(len(header) == len(set(header)), f"CSV header repeats {sorted(h for h in header if header.count(h) > 1)}")
    row = list(csv.DictReader(open(cpath)))[0]
    check(row.get("player_a") == "ai:1" and row.get("player_b") == "random", f"CSV players {row.get('player_a')}")
    a, b, d = (float(row[k]) for k in ("a_wins", "b_wins", "draw"))
    check(abs(a + b + d - 1) < 1e-9, f"A {a} + B {b} + draws {d} is not every game")
    check(abs(a - float(row["south"])) > 1e-9, "paired: A's wins are South's (the swapped games were not counted)")
    doc = json.load(open(jpath))
    check(doc.get("player_a") == "ai:1" and doc.get("paired") is True, "JSON players")
    check(math.isclose(doc["rows"][0]["metrics"]["a_wins"]["value"], a), "JSON a_wins against the CSV")
    # the whole pairs (the unit of the players' intervals): 20 of 40 games; A's half points over
    # them, from the pentanomial counts, are 2 a win and 1 a draw of A's games in the CSV
    jrow = doc["rows"][0]
    pent = jrow.get("pentanomial", [])
    check(jrow.get("pairs") == 20 and len(pent) == 5 and sum(pent) == 20, f"JSON pairs {jrow.get('pairs')} {pent}")
    check(sum(j * k for j, k in enumerate(pent)) == round(40 * (2 * a + d)), f"pentanomial {pent} against A's wins {a}, draws {d}")
    check(any(l.split()[:2] == ["pairs", "20"] for l in r.stdout.splitlines()), "table: the pairs' line")
    text = [l for l in r.stdout.splitlines() if "player A" in l and "wins" in l]
    check(len(text) == 1 and f"{100 * a:.1f}%" in text[0], f"table: player A line {text}")
    check("A = ai:1" in r.stdout, "table: who is A")
    page = open(os.path.join(rdir, "index.html")).read()
    check("player A wins" in page and "Player A is ai:1" in page, "report: the players' results")
    check("Not measured" not in page, "report: a note on a run that lists every move")
    r = run(base + ["--csv", "-"])
    row = list(csv.DictReader(io.StringIO(r.stdout)))[0]
    check(row["a_wins"] == row["south"] and row["b_wins"] == row["north"], "unpaired: A is South, B North")

# the report of the fast path says why it has no branching chart; every row of a long sweep its
# own colour; the table of every measure in a box of its own that scrolls
with tempfile.TemporaryDirectory() as tmp:
    rdir = os.path.join(tmp, "rep")
    r = run(["stats", "qelat", "--games", "4", "--sweep", "all", "--report", rdir])
    check(r.returncode == 0, f"qelat sweep: exit {r.returncode}: {r.stderr.strip()}")
    page = open(os.path.join(rdir, "index.html")).read()
    nrows = sum(1 for l in r.stdout.splitlines() if l.startswith("  ") and not l.strip().startswith(("options", "(")))
    check(nrows > 10, f"qelat --sweep all has {nrows} rows")
    check("Not measured" in page and "--full" in page, "report: no note on the fast path's branching chart")
    strokes = re.findall(r'<polyline fill="none" stroke="([^"]+)"', page)
    check(len(strokes) == nrows and len(set(strokes)) == nrows, f"{nrows} rows, {len(set(strokes))} colours")
    check('<div class="wide"><table>' in page and "overflow-x:auto" in page, "report: the table has no box of its own")

# a run stopped by a signal (Ctrl-C, SIGTERM, a hang-up) prints and writes the games finished,
# exit status 3: the count the message gives is the JSON's games (played move by move: --full,
# so that a game is a few milliseconds and some have finished before the signal)
def stopped_run(args, sig, wait=1.5):
    p = subprocess.Popen([gabata] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # the run's first line (on stderr under --json -) comes after its signal handlers are set: a
    # fixed wait alone once fell before them on a loaded machine (the MPI build starts slowly)
    first = p.stderr.readline()
    time.sleep(wait)
    p.send_signal(sig)
    out, err = p.communicate(timeout=120)
    return p.returncode, out, first + err


stop_report = tempfile.mkdtemp()
# (pairs on two threads: 100,000,000 games make blocks of an odd 390,625 games, so a pair spanned
# two blocks, each thread finished its own half, and the count was odd before blocks were made
# even for pairs; SIGUSR1: what Slurm sends ahead of a time limit)
for sig, word, extra in [(signal.SIGINT, "Ctrl-C", ["--jobs", "2"]), (signal.SIGHUP, "hang-up", ["--report", stop_report]),
                         (signal.SIGTERM, "SIGTERM", ["--openings", "2", "--south", "ai:1", "--north", "random", "--jobs", "2"]),
                         (signal.SIGUSR1, "SIGUSR1", [])]:
    rc, out, err = stopped_run(["stats", "sadeqa", "--full", "--games", "100000000", "--json", "-"] + extra, sig)
    m = re.search(r"stopped \((.*?)\) after (\d+) of 100000000 games", err)
    check(rc == 3, f"stopped by {word}: exit {rc}: {err.strip()[-300:]}")
    check(m is not None and m.group(1) == word, f"stopped by {word}: the message: {err.strip()[-300:]}")
    if m and int(m.group(2)) > 0:
        doc = json.loads(out)
        n = int(m.group(2))
        check(doc["stopped"] is True, f"stopped by {word}: the JSON's stopped")
        check(doc["rows"][0]["metrics"]["games"]["value"] == n, f"stopped by {word}: JSON games {doc['rows'][0]['metrics']['games']['value']}, message {n}")
        wins = sum(doc["rows"][0]["metrics"][k]["value"] for k in ("south", "north", "draw"))
        check(abs(wins - 1) < 1e-9, f"stopped by {word}: the shares of the games finished sum to {wins}")
        if "--report" in extra:
            page = open(os.path.join(stop_report, "index.html")).read()
            check(f"was stopped (Ctrl-C or a signal) after {n} games" in page, "the report of a stopped run says so")
        if "--openings" in extra:
            check(n % 2 == 0, f"stopped by {word}: {n} games of pairs (never half a pair)")
    elif m:
        check("none finished" in err, f"stopped by {word} before a game: {err.strip()}")
# under mpirun: `kill -USR1` of mpirun (which passes it on to the ranks) stops every rank; rank 0
# alone speaks, for the games of all ranks, pairs whole (SIGINT and SIGTERM are mpirun's own: see
# the Ctrl-C case below)
if mpirun:
    mjson = os.path.join(tempfile.mkdtemp(), "stopped.json")
    p = subprocess.Popen([mpirun, "--allow-run-as-root", "--oversubscribe", "-np", "2", gabata_mpi, "stats", "sadeqa",
                          "--full", "--games", "100000000", "--json", mjson, "--openings", "2", "--south", "ai:1",
                          "--north", "random"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = p.stdout.readline()  # rank 0's first line: every rank catches the signal by then
    check(first.startswith("stats sadeqa"), f"mpirun: first line {first!r}")
    time.sleep(1.5)
    p.send_signal(signal.SIGUSR1)
    out, err = p.communicate(timeout=120)
    said = re.findall(r"gabata stats: stopped \((.*?)\) after (\d+) of 100000000 games", err)
    check(p.returncode == 3, f"mpirun stopped by SIGUSR1: exit {p.returncode}: {err.strip()[-300:]}")
    check(len(said) == 1 and said[0][0] == "SIGUSR1", f"mpirun stopped: one line from rank 0: {err.strip()[-400:]}")
    if len(said) == 1 and int(said[0][1]) > 0:
        n = int(said[0][1])
        doc = json.load(open(mjson))
        check(doc["stopped"] is True and doc["rows"][0]["metrics"]["games"]["value"] == n,
              f"mpirun stopped: JSON games {doc['rows'][0]['metrics']['games']['value']}, message {n}")
        check(n % 2 == 0, f"mpirun stopped: {n} games of pairs (never half a pair)")
    # Ctrl-C of mpirun is not passed on: mpirun sends every rank SIGCONT, odls_base_sigkill_timeout
    # seconds later SIGTERM, as long again later SIGKILL (Open MPI 4). The ranks catch the SIGTERM
    # and stop as on SIGUSR1; these games take milliseconds, well within the window (5 s here, not
    # the default 1, for a loaded machine: docs/stats.md). mpirun's status is its own (a job it
    # ended), not the ranks' 3.
    mjson = os.path.join(tempfile.mkdtemp(), "stopped_int.json")
    p = subprocess.Popen([mpirun, "--allow-run-as-root", "--oversubscribe", "--mca", "odls_base_sigkill_timeout", "5",
                          "-np", "2", gabata_mpi, "stats", "sadeqa", "--full", "--games", "100000000", "--json", mjson,
                          "--openings", "2", "--south", "ai:1", "--north", "random"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = p.stdout.readline()
    check(first.startswith("stats sadeqa"), f"mpirun (Ctrl-C): first line {first!r}")
    time.sleep(1.5)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)
    said = re.findall(r"gabata stats: stopped \((.*?)\) after (\d+) of 100000000 games", err)
    check(p.returncode != 0, f"mpirun stopped by Ctrl-C: exit {p.returncode}")
    check(len(said) == 1 and said[0][0] == "SIGTERM", f"mpirun Ctrl-C: one line from rank 0: {err.strip()[-400:]}")
    check("\n    games " in out, f"mpirun Ctrl-C: the figures printed: {out[-300:]!r}")
    if len(said) == 1 and int(said[0][1]) > 0:
        n = int(said[0][1])
        doc = json.load(open(mjson))
        check(doc["stopped"] is True and doc["rows"][0]["metrics"]["games"]["value"] == n,
              f"mpirun Ctrl-C: JSON games {doc['rows'][0]['metrics']['games']['value']}, message {n}")
        check(n % 2 == 0, f"mpirun Ctrl-C: {n} games of pairs (never half a pair)")

# a whole run is not "stopped"
r = run(["stats", "sadeqa", "--games", "20", "--json", "-"])
check(r.returncode == 0 and json.loads(r.stdout)["stopped"] is False, "a whole run: stopped false")
# a second Ctrl-C ends at once: the game under way (ai:8 thinks seconds a move) is not waited for
p = subprocess.Popen([gabata, "stats", "sadeqa", "--players", "ai:8", "--games", "4"], stdout=subprocess.PIPE,
                     stderr=subprocess.PIPE, text=True)
first = p.stdout.readline()  # printed once the handlers are set (stopped_run)
check(first.startswith("stats sadeqa"), f"a second Ctrl-C: first line {first!r}")
time.sleep(1.0)
p.send_signal(signal.SIGINT)
time.sleep(0.3)
p.send_signal(signal.SIGINT)
p.communicate(timeout=60)
check(p.returncode == -signal.SIGINT, f"a second Ctrl-C: exit {p.returncode}, not ended by SIGINT")

# bad input: one line, exit 2
bad = [
    (["stats", "qelat", "--sweep", "nosuch"], "unknown option 'nosuch'"),
    (["stats", "qelat", "--games", "0"], "--games"),
    (["stats", "qelat", "--players", "ai:12"], "unknown player 'ai:12'"),
    (["stats", "qelat", "--south", "wizard"], "unknown player 'wizard'"),
    (["stats", "nosuchgame"], "nosuchgame"),
    (["stats", "qelat", "rounds=7"], "rounds"),
    (["stats", "qelat", "--games", "2", "--report", "/proc/gabata-cannot-write"], "report folder"),
    # the output files are checked before the games (100 million of ai:8's would never end)
    (["stats", "qelat", "--players", "ai:8", "--games", "100000000", "--json", "/nonexistent-dir/x.json"],
     "cannot write /nonexistent-dir/x.json"),
    (["stats", "qelat", "--players", "ai:8", "--games", "100000000", "--csv", "/proc/x.csv"],
     "cannot write /proc/x.csv"),
]
for args, words in bad:
    r = run(args)
    lines = r.stderr.strip().splitlines()
    check(r.returncode == 2, f"{' '.join(args)}: exit {r.returncode}")
    check(len(lines) == 1 and words in lines[0] and lines[0].startswith("gabata stats:"),
          f"{' '.join(args)}: stderr {r.stderr!r}")

# a file that is there is left as it was when the run is refused (checked by appending nothing)
with tempfile.TemporaryDirectory() as d:
    kept = os.path.join(d, "kept.csv")
    with open(kept, "w") as f:
        f.write("an earlier run\n")
    r = run(["stats", "qelat", "--games", "2", "--csv", kept, "--json", "/nonexistent-dir/x.json"])
    check(r.returncode == 2 and open(kept).read() == "an earlier run\n",
          f"a refused run left its CSV as it was: exit {r.returncode}")
    r = run(["stats", "qelat", "--games", "2", "--json", os.path.join(d, "new.json")])
    check(r.returncode == 0 and json.load(open(os.path.join(d, "new.json")))["games_planned"] == 2,
          "a new JSON file written after the check")

if failures:
    sys.exit(f"{len(failures)} failure(s)")
print("stats_cli: all passed" + (" (with MPI)" if mpirun else " (no MPI build)"))
