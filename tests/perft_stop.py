#!/usr/bin/env python3
"""`gabata perft` stopped by a signal (Ctrl-C, SIGTERM, a hang-up): the depths finished are
printed whole, then one line on standard error says it was stopped, at which depth, with the
partial count marked so; exit status 3 (gabata(1): "stopped"), as `gabata stats` does. A perft
of depth 14 counts for days, so without the stop the test's timeout fails it.

usage: perft_stop.py GABATA"""
import signal
import subprocess
import sys

gabata = sys.argv[1]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


for sig, word in [(signal.SIGINT, "Ctrl-C"), (signal.SIGTERM, "SIGTERM"), (signal.SIGHUP, "hang-up")]:
    p = subprocess.Popen([gabata, "perft", "sadeqa", "14"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = p.stdout.readline()  # depth 1 printed: the handler is in place by then
    check(first.startswith("perft 1 8 "), f"{word}: first line {first!r}")
    p.send_signal(sig)
    # (not communicate(): it reads the pipes past the lines readline() holds in its buffer; the
    # output is a few lines, so the pipes cannot fill while it is waited for)
    late = ""
    try:
        p.wait(timeout=120)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        late = "(still running 120 s after the signal)"
    out, err = p.stdout.read(), p.stderr.read() + late
    lines = (first + out).splitlines()
    errs = err.splitlines()
    check(p.returncode == 3, f"{word}: status {p.returncode}, want 3")
    check(len(errs) == 1 and errs[0].startswith(f"gabata perft: stopped ({word}) at depth "), f"{word}: stderr {errs}")
    # the depths printed are whole and in order: 1, 2, ... the one stopped is not among them
    depths = [int(l.split()[1]) for l in lines]
    check(depths == list(range(1, len(depths) + 1)), f"{word}: depths printed {depths}")
    if errs and "at depth " in errs[0]:
        at = int(errs[0].split("at depth ")[1].split()[0])
        check(at == len(depths) + 1, f"{word}: stopped at depth {at} after {len(depths)} printed")
        check("(a partial count)" in errs[0] or "before it began" in errs[0], f"{word}: partial count not marked: {errs[0]}")
    # the known counts of Sadeqa III (gabata(1), checked by test_perft against a naive model)
    known = {1: 8, 2: 56, 3: 375, 4: 2562, 5: 17206, 6: 114786}
    for l in lines:
        d, n = int(l.split()[1]), int(l.split()[2])
        if d in known:
            check(n == known[d], f"{word}: perft {d} printed {n}, want {known[d]}")

if failures:
    sys.exit(f"{len(failures)} failure(s)")
print("perft_stop: all passed")
