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
import subprocess
import sys
import tempfile

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
    check(page.count("<svg") == 3 and "seeds=4" in page, "the report's page and its three charts")

# bad input: one line, exit 2
bad = [
    (["stats", "qelat", "--sweep", "nosuch"], "unknown option 'nosuch'"),
    (["stats", "qelat", "--games", "0"], "--games"),
    (["stats", "qelat", "--players", "ai:12"], "unknown player 'ai:12'"),
    (["stats", "qelat", "--south", "wizard"], "unknown player 'wizard'"),
    (["stats", "nosuchgame"], "nosuchgame"),
    (["stats", "qelat", "rounds=7"], "rounds"),
    (["stats", "qelat", "--games", "2", "--report", "/proc/gabata-cannot-write"], "report folder"),
]
for args, words in bad:
    r = run(args)
    lines = r.stderr.strip().splitlines()
    check(r.returncode == 2, f"{' '.join(args)}: exit {r.returncode}")
    check(len(lines) == 1 and words in lines[0] and lines[0].startswith("gabata stats:"),
          f"{' '.join(args)}: stderr {r.stderr!r}")

if failures:
    sys.exit(f"{len(failures)} failure(s)")
print("stats_cli: all passed" + (" (with MPI)" if mpirun else " (no MPI build)"))
