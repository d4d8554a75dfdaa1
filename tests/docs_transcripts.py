#!/usr/bin/env python3
"""The example sessions of docs/protocol.md fed to `gabata engine`: every answer as shown; the
position strings of docs/notation.md read and written back, its record replayed.
In a transcript, '> ' starts a line sent; the other lines are the answers. Measurements are not
compared (nps, time); a line '…' stands for any answer lines, and '…' inside a line for the rest
of it. A session stops being checked at 'go infinite' (what it reaches depends on the clock).
The transcript of 'go depth 4' had gone stale (its node counts were those of an older search).
    tests/docs_transcripts.py GABATA SOURCE_DIR
"""
import re
import subprocess
import sys

gabata, src = sys.argv[1], sys.argv[2]
doc = open(f"{src}/docs/protocol.md", encoding="utf-8").read()
fails = []


def masked(line):
    return re.sub(r"\bnps \d+ time \d+", "nps _ time _", line)


def matches(want, got):
    want, got = masked(want), masked(got)
    if "…" in want:
        return got.startswith(want.split("…")[0])
    return want == got


blocks = [b for b in re.findall(r"```\n(.*?)```", doc, re.S) if b.startswith("> ")]
if len(blocks) < 2:
    fails.append(f"docs/protocol.md: {len(blocks)} transcripts found, 2 or more expected")
for n, block in enumerate(blocks, 1):
    lines = block.rstrip("\n").split("\n")
    if "> go infinite" in lines:
        lines = lines[:lines.index("> go infinite")]
    sent = [l[2:] for l in lines if l.startswith("> ")]
    want = [l for l in lines if not l.startswith("> ")]
    got = subprocess.run([gabata, "engine"], input="".join(s + "\n" for s in sent), capture_output=True,
                         text=True, timeout=120).stdout.split("\n")[:-1]
    i = 0
    for k, w in enumerate(want):
        if w == "…":  # any lines, up to the next one wanted
            nxt = want[k + 1] if k + 1 < len(want) else None
            while i < len(got) and (nxt is None or not matches(nxt, got[i])):
                i += 1
            continue
        if i >= len(got) or not matches(w, got[i]):
            fails.append(f"transcript {n}: wanted {w!r}, got {got[i] if i < len(got) else 'nothing'!r}")
            break
        i += 1
    else:
        if i != len(got):
            fails.append(f"transcript {n}: more answers than shown: {got[i:]}")

# docs/notation.md: its position strings are read and written back the same; its record replays
# (it ended with a sowing that never ends, illegal under the Options it gave)
import os
import tempfile

notation = open(f"{src}/docs/notation.md", encoding="utf-8").read()
positions = [l for b in re.findall(r"```\n(.*?)```", notation, re.S) for l in b.split("\n")
             if re.match(r"\w+(:\S+)? board=", l)]
if len(positions) < 2:
    fails.append(f"docs/notation.md: {len(positions)} position strings found")
for pos in positions:
    got = subprocess.run([gabata, "engine"], input=f"position {pos}\nposition\n", capture_output=True,
                         text=True, timeout=60).stdout.split("\n")
    if got[:3] != ["ok", pos, "ok"]:
        fails.append(f"docs/notation.md position {pos!r}: {got[:3]}")
records = [b for b in re.findall(r"```\n(.*?)```", notation, re.S) if b.startswith("[Variant")]
if not records:
    fails.append("docs/notation.md: no record found")
for rec in records:
    with tempfile.NamedTemporaryFile("w", suffix=".rec", delete=False) as f:
        f.write(rec)
    r = subprocess.run([gabata, "replay", f.name], capture_output=True, text=True, timeout=60)
    os.unlink(f.name)
    if r.returncode != 0:
        fails.append(f"docs/notation.md record: {r.stderr.strip()}")

for f in fails:
    print("FAIL:", f)
if not fails:
    print(f"docs_transcripts: {len(blocks)} transcripts of docs/protocol.md, docs/notation.md: ok")
sys.exit(1 if fails else 0)
