#!/usr/bin/env python3
"""The options of every command, three ways: `gabata COMMAND --help`, the command's entry in
man/gabata.1, and the bash completion (completion/gabata, run in bash). Each must name the same
options (the man page missed stats' --seed, --eval-level, --threshold, --full and serve's limits
and lobby options; the completion missed serve's; `variants --help` was refused). Also: the game
options of the man page's GAME OPTIONS are those of `gabata variants`.
    tests/docs_options.py GABATA SOURCE_DIR
"""
import re
import subprocess
import sys

gabata, src = sys.argv[1], sys.argv[2]
COMMANDS = "play online replay perft bench stats match analyze engine serve tables solve variants rules learn".split()
GLOBAL = {"--help", "--lang"}  # every command's (gabata(1), LANGUAGES)
# options kept out of the help on purpose (docs/api.md tells them): for the tests
HIDDEN = {"serve": {"--seek-lapse"}}
# words of a command's own session, not options of its command line: `gabata online`'s seek
SESSION = {"online": {"--clock", "--rated", "--seat"}}
fails = []


def opts(text):
    return set(re.findall(r"--[a-z][a-z-]*[a-z]", text.replace("\\-", "-"))) - GLOBAL


def man_entries():
    man = open(f"{src}/man/gabata.1", encoding="utf-8").read()
    sec = man[man.index(".SH COMMANDS"):man.index(".SH GAME OPTIONS")]
    lines, ents, cur = sec.split("\n"), {}, None
    for i, line in enumerate(lines):
        if i and lines[i - 1] == ".TP":
            m = re.match(r'\.B[IR]?\s+"?(\w+)', line)
            if m and m.group(1) in COMMANDS:
                cur = m.group(1)
                if cur == "solve" and "--survey" in line.replace("\\-", "-"):
                    cur = "solve --survey"
        if cur:
            ents[cur] = ents.get(cur, "") + line + "\n"
    return man, ents


def completion(line):
    script = (f'source "{src}/completion/gabata"; COMP_LINE=$1; COMP_POINT=${{#1}}; _gabata; '
              'printf "%s\\n" "${COMPREPLY[@]}"')
    out = subprocess.run(["bash", "-c", script, "x", line], capture_output=True, text=True).stdout
    return set(out.split()) - GLOBAL


man, ents = man_entries()
for cmd in COMMANDS + ["solve --survey"]:
    r = subprocess.run([gabata, *cmd.split(), "--help"], capture_output=True, text=True)
    if r.returncode != 0 or not r.stdout.startswith("usage: gabata " + cmd):
        fails.append(f"{cmd} --help: exit {r.returncode}, {r.stdout[:60]!r} {r.stderr.strip()}")
        continue
    h = opts(r.stdout)
    m = opts(ents.get(cmd, ""))
    c = completion(f"{gabata} {cmd} --")
    if cmd == "solve":  # solve's entry and help name --survey, the other usage
        h, m, c = h - {"--survey"}, m - {"--survey"}, c - {"--survey"}
    if cmd == "solve --survey":
        h, m, c = h - {"--survey"}, m - {"--survey"}, c - {"--survey"}
    h |= HIDDEN.get(cmd, set()) & m
    h, m = h - SESSION.get(cmd, set()), m - SESSION.get(cmd, set())
    for what, a, b in (("--help, not gabata(1)", h, m), ("gabata(1), not --help", m, h),
                       ("--help, not the completion", h, c), ("the completion, not --help", c, h)):
        if a - b:
            fails.append(f"{cmd}: in {what}: {' '.join(sorted(a - b))}")

# GAME OPTIONS: every key and its values as `gabata variants` lists them
variants = subprocess.run([gabata, "variants"], capture_output=True, text=True, check=True).stdout
game_sec = man[man.index(".SH GAME OPTIONS"):man.index(".SH NOTATION")].replace("\\-", "-")
for line in variants.splitlines():
    if line.startswith(" ") and line.strip():
        key_values = line.split()[0]
        if key_values not in game_sec:
            fails.append(f"gabata(1) GAME OPTIONS lacks {key_values} (gabata variants)")

# every function of include/gabata.h is in libgabata(3) or docs/library.md, and every gb_
# function these name is in the header (libgabata(3) named neither players nor tables)
header = open(f"{src}/include/gabata.h", encoding="utf-8").read()
api = set(re.findall(r"GB_API\s[^;(]*?\b(gb_\w+)\s*\(", header))
docs = open(f"{src}/man/libgabata.3", encoding="utf-8").read() + open(f"{src}/docs/library.md", encoding="utf-8").read()
named = set(re.findall(r"\b(gb_[a-z0-9_]+)\b", docs.replace("\\", "")))
if len(api) < 100:
    fails.append(f"include/gabata.h: {len(api)} GB_API functions found")
for fn in sorted(api - named):
    fails.append(f"{fn} (include/gabata.h) is in neither libgabata(3) nor docs/library.md")
own = {"gb_fail", "gb_settle"}  # a program's own names beside the static library (docs/library.md)
for fn in sorted(n for n in named - own if re.search(r"\b" + n + r"\s*\(|\.BR? " + n + r"\b", docs)):
    if fn not in header:
        fails.append(f"{fn} is documented but not in include/gabata.h")

for f in fails:
    print("FAIL:", f)
if not fails:
    print("docs_options: ok")
sys.exit(1 if fails else 0)
