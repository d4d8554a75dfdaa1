#!/usr/bin/env python3
"""Ctrl-C in `gabata play` at a terminal (a pseudo-terminal here): taken as quit, so a game is not
lost to it. The unsaved game is offered a save; at that question a file name saves it (the record
replays), Ctrl-C or Enter leaves without saving (exit 0). During the computer's move the Ctrl-C waits
for the move; a second one there ends at once.

Usage: play_interrupt.py GABATA"""
import os
import pty
import select
import signal
import subprocess
import sys
import tempfile
import time

GABATA = sys.argv[1]
QUESTION = b"The game is not saved"
failures = []


class Session:
    def __init__(self, *args):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ["NO_COLOR"] = "1"
            os.environ["LANGUAGE"] = "en"
            os.execv(GABATA, [GABATA, "play", *args])
        self.out = b""

    def expect(self, pattern, seconds=60):
        """Reads until pattern appears in what came since the last expect; False at the end or on
        the time limit (a limit against a hang, not a measure)."""
        start = len(self.out)
        end = time.time() + seconds
        while time.time() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if not ready:
                continue
            try:
                data = os.read(self.fd, 4096)
            except OSError:
                data = b""
            if not data:
                return False
            self.out += data
            if pattern in self.out[start:]:
                return True
        return False

    def send(self, data):
        os.write(self.fd, data)

    def status(self, seconds=60):
        """The exit status (negative: the signal that ended it), or None if it runs on."""
        end = time.time() + seconds
        while time.time() < end:
            pid, st = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                os.close(self.fd)
                return os.waitstatus_to_exitcode(st)
            try:  # keep draining, so that its writes never block
                if select.select([self.fd], [], [], 0.2)[0]:
                    self.out += os.read(self.fd, 4096)
            except OSError:
                time.sleep(0.1)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        return None


def check(what, ok, s=None):
    if not ok:
        failures.append(what)
        print("FAIL:", what)
        if isinstance(s, Session):
            print(s.out.decode(errors="replace")[-1500:])
        elif s is not None:
            print(s.stdout[-1500:], s.stderr[-500:])


def moved(s):
    """South plays C (a legal first move of Sadeqa III: every hole holds 6 stones, S2), and
    North's random answer follows at once."""
    s.send(b"C\r")
    return s.expect(b"South> ")


with tempfile.TemporaryDirectory() as tmp:
    # 1. Ctrl-C at the prompt, then a file name: saved, and the record replays
    rec = os.path.join(tmp, "a.rec")
    s = Session("sadeqa", "--north", "random", "--seed", "1")
    check("prompt", s.expect(b"South> "), s)
    check("a move", moved(s), s)
    s.send(b"\x03")
    check("Ctrl-C at the prompt offers the save", s.expect(QUESTION), s)
    s.send(rec.encode() + b"\r")
    check("saved", s.expect(b"saved to"), s)
    check("exit 0 after the save", s.status() == 0, s)
    r = subprocess.run([GABATA, "replay", rec], capture_output=True, text=True)
    check("the saved record replays: South's C and North's answer",
          r.returncode == 0 and "2 moves" in r.stdout and "South plays C" in r.stdout, r)

    # 2. Ctrl-C at the prompt, Ctrl-C again at the question: left without saving, exit 0
    s = Session("sadeqa", "--north", "random", "--seed", "1")
    check("prompt 2", s.expect(b"South> "), s)
    check("a move 2", moved(s), s)
    s.send(b"\x03")
    check("Ctrl-C offers the save (2)", s.expect(QUESTION), s)
    s.send(b"\x03")
    check("Ctrl-C at the question leaves without saving", s.expect(b"left without saving"), s)
    check("exit 0 after leaving", s.status() == 0, s)

    # 3. nothing to lose: Ctrl-C before any move leaves at once, exit 0, no question
    s = Session("sadeqa", "--north", "random", "--seed", "1")
    check("prompt 3", s.expect(b"South> "), s)
    s.send(b"\x03")
    st = s.status()
    check("Ctrl-C before a move: exit 0", st == 0, s)
    check("Ctrl-C before a move: no question", QUESTION not in s.out, s)

    # 4. Ctrl-C while the computer thinks (1 s a move): its move is played, then the question
    rec = os.path.join(tmp, "b.rec")
    s = Session("sadeqa", "--north", "mcts@1", "--seed", "1")
    check("prompt 4", s.expect(b"South> "), s)
    s.send(b"C\r")
    check("the computer thinks", s.expect(b"is thinking"), s)
    s.send(b"\x03")
    check("Ctrl-C while it thinks: the question after its move", s.expect(QUESTION), s)
    s.send(rec.encode() + b"\r")
    check("saved (4)", s.expect(b"saved to"), s)
    check("exit 0 (4)", s.status() == 0, s)
    r = subprocess.run([GABATA, "replay", rec], capture_output=True, text=True)
    check("the record holds the computer's move too", r.returncode == 0 and "2 moves" in r.stdout
          and "South plays C" in r.stdout and "North plays" in r.stdout, r)

    # 5. a second Ctrl-C while it thinks ends at once (by the signal)
    s = Session("sadeqa", "--north", "mcts@30", "--seed", "1")
    check("prompt 5", s.expect(b"South> "), s)
    s.send(b"C\r")
    check("the computer thinks (5)", s.expect(b"is thinking"), s)
    s.send(b"\x03")
    time.sleep(0.5)  # two signals, not one pending signal twice
    s.send(b"\x03")
    st = s.status(20)
    check("a second Ctrl-C while it thinks ends it (SIGINT), not after its 30 s", st == -signal.SIGINT, s)

print("play_interrupt:", "FAILED " + ", ".join(failures) if failures else "ok")
sys.exit(1 if failures else 0)
