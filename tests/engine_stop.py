#!/usr/bin/env python3
"""`gabata engine`: a go under way hears the lines sent meanwhile (docs/protocol.md, "Stopping a
search"). A bare `stop` or `quit` ends any go, which answers with its deepest finished iteration,
and any perft, which answers that it was stopped; `go infinite` also ends at the end of the input
and when 256 lines wait; every line sent meanwhile still runs after the go, in order (after a
quit, none); a finite go or perft is not cut short by the end of a script.

usage: engine_stop.py GABATA"""
import queue
import re
import subprocess
import sys
import threading

gabata = sys.argv[1]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


class Engine:
    """gabata engine on pipes, its lines read by a thread (a hang fails by the timeout)."""

    def __init__(self):
        self.p = subprocess.Popen([gabata, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        try:
            for line in self.p.stdout:
                self.lines.put(line.rstrip("\n"))
        except (ValueError, OSError):  # the test closed the pipe itself (the client gone)
            pass
        self.lines.put(None)

    def send(self, text):
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def line(self):
        return self.lines.get(timeout=120)

    def until(self, pred):
        """The lines up to and including the first for which pred holds."""
        got = []
        while True:
            line = self.line()
            got.append(line)
            if line is None or pred(line):
                return got

    def answer(self):
        return self.until(lambda l: l == "ok" or l.startswith("error"))

    def close(self):
        self.p.stdin.close()
        rest = []
        while (line := self.line()) is not None:
            rest.append(line)
        return self.p.wait(timeout=120), rest


# go infinite, then stop once it has reported: bestmove, ok, then stop's own ok; the session goes on
e = Engine()
e.send("new sadeqa")
check(e.answer() == ["ok"], "new sadeqa")
e.send("go infinite")
first = e.line()
check(first.startswith("info depth 1 "), f"go infinite: first line {first!r}")
e.send("stop")
got = e.answer()
check(len(got) >= 2 and got[-2].startswith("bestmove ") and got[-1] == "ok", f"go infinite + stop: {got[-3:]}")
check(e.answer() == ["ok"], "stop: its own ok after the go's")
e.send("position")
got = e.answer()
check(len(got) == 2 and got[0].startswith("sadeqa board="), f"after the stop: position {got}")
# a go of a day's budget ends on stop just the same
e.send("go movetime 86400000")
first = e.line()
check(first.startswith("info depth 1 "), f"go movetime: first line {first!r}")
e.send("stop")
got = e.answer()
check(got[-2].startswith("bestmove ") and got[-1] == "ok", f"go movetime + stop: {got[-3:]}")
check(e.answer() == ["ok"], "stop after go movetime")
# `stop junk` is no stop: it waits its turn and is refused then; a bare stop after it ends the go
e.send("go infinite")
check(e.line().startswith("info depth 1 "), "go infinite again")
e.send("stop junk")
e.send("stop")
got = e.answer()
check(got[-2].startswith("bestmove ") and got[-1] == "ok", f"go infinite + stop junk + stop: {got[-3:]}")
check(e.answer() == ["error usage: stop (no argument)"], "stop junk: refused after the go")
check(e.answer() == ["ok"], "the bare stop: ok")
# 300 lines and no stop: a go infinite ends when 256 wait, and every line is answered after it
e.send("go infinite")
check(e.line().startswith("info depth 1 "), "go infinite, then a flood")
for _ in range(300):
    e.send("position")
got = e.answer()
check(got[-2].startswith("bestmove ") and got[-1] == "ok", f"go infinite ended by a flood: {got[-3:]}")
answered = [e.answer() for _ in range(300)]
check(all(len(a) == 2 and a[0].startswith("sadeqa board=") for a in answered), "the flood's 300 lines answered in order")
# go infinite mcts, then quit: the go answers, then quit's ok, and the program ends with status 0
e.send("new qelat")
e.answer()
e.send("go infinite mcts")
check(e.line().startswith("info "), "go infinite mcts: an info line")
e.send("quit")
got = e.answer()
check(got[-2].startswith("bestmove ") and got[-1] == "ok", f"go infinite mcts + quit: {got[-3:]}")
check(e.answer() == ["ok"], "quit: ok")
rc, rest = e.close()
check(rc == 0 and rest == [], f"after quit: status {rc}, lines {rest}")
# go infinite, then the client closes its end: the go answers and the program ends, status 0
e = Engine()
e.send("new akil")
e.answer()
e.send("go infinite")
check(e.line().startswith("info depth 1 "), "go infinite (akil): first line")
rc, rest = e.close()
check(rc == 0 and len(rest) >= 2 and rest[-2].startswith("bestmove ") and rest[-1] == "ok",
      f"go infinite + end of input: status {rc}, last lines {rest[-3:]}")
# the client gone in the middle of a finite go (a GUI or a tournament manager that crashed: its
# pipes close at once): the search stops and the program ends by itself, status 0. It searched
# on for the whole budget (a go depth 64: hours, at a core), to be killed by SIGPIPE at its next
# info line, if any came.
for go in ("go depth 64", "go nodes 1000000000000", "go mcts nodes 1000000000000"):
    e = Engine()
    e.send("new sadeqa")
    e.answer()
    e.send(go)
    check(e.line().startswith("info "), f"{go}: an info line")
    e.p.stdin.close()
    e.p.stdout.close()
    try:
        rc = e.p.wait(timeout=120)
    except subprocess.TimeoutExpired:
        e.p.kill()
        rc = "still running after 120 s"
    check(rc == 0, f"{go}, then the client gone: status {rc}")
# a script: a finite go is not cut short by the end of input that follows it (a script that wants
# the whole search ends its input instead of sending quit) ...
r = subprocess.run([gabata, "engine"], input="new sadeqa\ngo depth 5\n", capture_output=True, text=True, timeout=120)
check(r.returncode == 0 and "\ninfo depth 5 " in r.stdout and r.stdout.endswith("\nok\n") and "\nbestmove " in r.stdout,
      f"script go depth 5 + end of input: {r.stdout[-200:]!r}")
# ... but a quit read with it ends it as a stop does (UCI engines quit at once): the go answers
# its first iterations (a go depth 64 would search for hours), then its ok and quit's
r = subprocess.run([gabata, "engine"], input="new sadeqa\ngo depth 64\nquit\nposition\n", capture_output=True,
                   text=True, timeout=120)
out = r.stdout.splitlines()
check(r.returncode == 0 and out[-3].startswith("bestmove ") and out[-2:] == ["ok", "ok"],
      f"script go depth 64 + quit: status {r.returncode}, {out[-4:]}")
# quit sent while a finite go searches (alpha-beta of depth and of nodes, MCTS): the go answers
# at once, then quit's ok, and the program ends, status 0. It searched on for hours.
for go in ("go depth 64", "go nodes 1000000000000", "go mcts nodes 1000000000000"):
    e = Engine()
    e.send("new sadeqa")
    e.answer()
    e.send(go)
    check(e.line().startswith("info "), f"{go}: an info line")
    e.send("quit")
    got = e.answer()
    check(got[-2].startswith("bestmove ") and got[-1] == "ok", f"{go} + quit: {got[-3:]}")
    check(e.answer() == ["ok"], f"{go} + quit: quit's ok")
    rc, rest = e.close()
    check(rc == 0 and rest == [], f"{go} + quit: status {rc}, lines after {rest}")
# a perft 12 (hours) ends on stop: one error line says so, its count marked partial (0 when the
# stop came before it began), then stop's ok; the session goes on
e = Engine()
e.send("new sadeqa")
e.answer()
e.send("perft 12")
e.send("stop")
got = e.answer()
check(len(got) == 1 and re.fullmatch(r"error perft stopped; partial count \(move sequences counted before the stop\): \d+", got[0]),
      f"perft 12 + stop: {got}")
check(e.answer() == ["ok"], "perft 12 + stop: stop's ok")
e.send("perft 3")
check(e.answer() == ["375", "ok"], "perft 3 after a stopped perft")
# ... and on quit: the same line, quit's ok, the program ends with status 0
e.send("perft 12")
e.send("quit")
got = e.answer()
check(len(got) == 1 and got[0].startswith("error perft stopped"), f"perft 12 + quit: {got}")
check(e.answer() == ["ok"], "perft 12 + quit: quit's ok")
rc, rest = e.close()
check(rc == 0 and rest == [], f"perft 12 + quit: status {rc}, lines after {rest}")
# ... and when the client has gone (both pipes closed), as a finite go does. Sadeqa III's perft 12
# counts for hours: one that went on would meet the wait's limit (Qelat's, 118 million sequences,
# ends by itself in seconds, and so passed this check with no stop). Its pipes are read here
# without the reader thread: a thread blocked in a read of stdout holds the pipe open, so its
# close() waited for the perft's answer and nobody had gone.
p = subprocess.Popen([gabata, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
p.stdin.write("new sadeqa\n")
p.stdin.flush()
check(p.stdout.readline() == "ok\n", "new sadeqa before perft 12 and the client gone")
p.stdin.write("perft 12\n")
p.stdin.close()
p.stdout.close()
try:
    rc = p.wait(timeout=120)
except subprocess.TimeoutExpired:
    p.kill()
    rc = "still running after 120 s"
check(rc == 0, f"perft 12, then the client gone: status {rc}")
# a script's stop, read with its go: the go ends at once (its first iteration), no wait for ever
r = subprocess.run([gabata, "engine"], input="new bulto\ngo infinite\nstop\nquit\n", capture_output=True, text=True,
                   timeout=120)
out = r.stdout.splitlines()
check(r.returncode == 0 and any(l.startswith("bestmove ") for l in out) and out[-3:] == ["ok", "ok", "ok"],
      f"script go infinite + stop + quit: {out[-4:]}")
r = subprocess.run([gabata, "engine"], input="new sadeqa\ngo infinite depth 3\n", capture_output=True, text=True,
                   timeout=120)
check(r.stdout.splitlines()[-1] == "error go infinite takes no other budget (it searches until stop)",
      f"go infinite depth 3: {r.stdout[-120:]!r}")

if failures:
    sys.exit(f"{len(failures)} failure(s)")
print("engine_stop: all passed")
