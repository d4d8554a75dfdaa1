"""A client of `gabata engine`, the line protocol of docs/protocol.md (standard library only).

    from gabata_engine import Engine, EngineError
    with Engine("build/gabata") as e:
        e.new("qelat", ["rounds=1"])
        for move, state in e.successors():
            ...
        e.play("C")
        best = e.go(depth=4).bestmove
        e.go_start(infinite=True)      # an analysis, until the player moves
        best = e.stop().bestmove

Framing (cli/engine.c): every command sent gets one reply, which is zero or more lines ended by a
line `ok`, or ends at a line `error <reason>` (the reason is one line; lines before it, as a
`successors` cut short, are dropped). After an error the session goes on as if the command had not
been sent. The client sends one command a line and never a blank or `#` line (the engine answers
those with nothing, so waiting for their reply would hang).

Every reply has a deadline (select on the pipe's descriptor, reading it unbuffered so that no byte
hides in a Python buffer): a reply that does not come in time raises EngineTimeout naming the
command, and the process, whose framing is then lost, is killed. An `error` reply raises
EngineError with the engine's message; an engine that closes its output raises EngineDied. All
three are EngineFailure, a RuntimeError.
"""
import json
import os
import select
import subprocess
import time

DEFAULT_TIMEOUT = 30.0  # seconds for one reply
GRACE = 5.0  # seconds a `quit` is given before the process is killed


class EngineFailure(RuntimeError):
    """Anything that went wrong talking to an engine; `command` is the command concerned."""

    def __init__(self, text, command=None):
        super().__init__(text)
        self.command = command


class EngineError(EngineFailure):
    """An `error <reason>` reply; `message` is the reason, the engine's own line."""

    def __init__(self, name, command, message):
        super().__init__(f"{name}: '{command}' answered 'error {message}'", command)
        self.message = message


class EngineTimeout(EngineFailure):
    """No complete reply within the deadline (the process has been killed)."""


class EngineDied(EngineFailure):
    """The engine closed its output (or was not running) when a reply was due."""


class ProtocolError(EngineFailure):
    """A reply that does not have the form the protocol gives the command."""


class GoResult:
    """What `go` answered: `bestmove` (the move text), `info` (the info lines, raw), `lines`."""

    def __init__(self, lines):
        self.lines = lines
        self.info = [ln for ln in lines if ln.startswith("info ")]
        best = [ln for ln in lines if ln.startswith("bestmove ")]
        self.bestmove = best[-1].split()[1] if best and len(best[-1].split()) > 1 else None

    def __repr__(self):
        return f"GoResult(bestmove={self.bestmove!r}, info={len(self.info)} lines)"


def event_chance(events):
    """The side ('S' or 'N') that an `event lots X` line among `play`'s reply names, else None."""
    for line in events:
        w = line.split()
        if len(w) == 3 and w[0] == "event" and w[1] == "lots":
            return w[2]
    return None


class Engine:
    """One `gabata engine` process.

    `program` is the gabata executable (started as `program engine`), or `argv` replaces the
    whole command line (a fake engine in a test). `timeout` is the default deadline of a reply,
    in seconds (None: wait for ever). `stderr` goes to subprocess.Popen (None: inherited).
    Starting a program that does not exist raises OSError (FileNotFoundError).
    """

    def __init__(self, program="gabata", timeout=DEFAULT_TIMEOUT, argv=None, stderr=None, name=None):
        self.argv = list(argv) if argv else [program, "engine"]
        self.name = name or (program if not argv else " ".join(self.argv))
        self.timeout = timeout
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=stderr, bufsize=0)
        self._fd = self.proc.stdout.fileno()
        self._buf = b""
        self._broken = None  # why no more commands can be sent (timeout, death, close)
        self._sent = time.monotonic()
        self._pending_go = None  # the go that go_start sent, its answer not yet read

    # --- the framing ---------------------------------------------------------------------------

    def _readline(self, command, deadline):
        while b"\n" not in self._buf:
            wait = None if deadline is None else deadline - time.monotonic()
            if wait is not None and wait <= 0:
                ready = []
            else:
                ready, _, _ = select.select([self._fd], [], [], wait)
            if not ready:
                self._broken = f"no reply to '{command}' in time"
                self.kill()
                limit = f" within {deadline - self._sent:.1f} s" if deadline is not None else ""
                raise EngineTimeout(f"{self.name}: no reply to '{command}'{limit} (engine killed)",
                                    command)
            chunk = os.read(self._fd, 1 << 16)
            if not chunk:
                self._broken = f"the engine died after '{command}'"
                self.proc.poll()
                raise EngineDied(f"{self.name}: the engine died after '{command}'", command)
            self._buf += chunk
        line, self._buf = self._buf.split(b"\n", 1)
        return line.decode("utf-8", "replace").rstrip("\r")

    def send(self, command):
        """Write one command line (no reply is read)."""
        if "\n" in command or "\r" in command:
            raise ValueError(f"a command is one line: {command!r}")
        text = command.strip()
        if not text or text.startswith("#"):
            raise ValueError(f"the engine answers nothing to a blank or comment line: {command!r}")
        if self._broken:
            raise EngineDied(f"{self.name}: not running ({self._broken}); cannot send '{command}'",
                             command)
        try:
            self.proc.stdin.write((command + "\n").encode())
            self.proc.stdin.flush()
        except OSError:  # BrokenPipeError: the process is gone
            self._broken = f"the engine died before '{command}'"
            raise EngineDied(f"{self.name}: the engine died before '{command}'", command) from None
        self._sent = time.monotonic()

    def ask(self, command, timeout=...):
        """Send a command; return its reply's lines before `ok` (without it).

        Raises EngineError on an `error` reply, EngineTimeout when the whole reply has not come
        within `timeout` seconds (default: the engine's; None: no limit), EngineDied at an end of
        output."""
        if timeout is ...:
            timeout = self.timeout
        if self._pending_go:
            raise ProtocolError(f"{self.name}: '{self._pending_go}' is still searching: "
                                f"stop() or go_wait() before '{command}'", command)
        self.send(command)
        return self._reply(command, timeout)

    def _reply(self, command, timeout):
        """The lines of the reply to `command` (sent last) before its `ok`."""
        deadline = None if timeout is None else time.monotonic() + timeout
        lines = []
        while True:
            line = self._readline(command, deadline)
            if line == "ok":
                return lines
            if line == "error" or line.startswith("error "):
                raise EngineError(self.name, command, line[6:])
            lines.append(line)

    # --- the commands --------------------------------------------------------------------------

    def new(self, variant, options=()):
        """`new VARIANT [key=value ...]`; options a list of key=value or one string."""
        if isinstance(options, str):
            options = options.split()
        self.ask(" ".join(["new", variant] + list(options)))

    def set_position(self, text):
        self.ask("position " + text)

    def position(self):
        """The current position string."""
        return self._one("position")

    def moves(self):
        """The legal moves' texts (empty: over, or a phase whose moves are not listed)."""
        return self.ask("moves")

    def successors(self):
        """[(move text, state dict)] for every legal move, in the engine's order."""
        out = []
        for line in self.ask("successors"):
            move, tab, js = line.partition("\t")
            if not tab or not js.startswith("{"):
                raise ProtocolError(f"{self.name}: malformed successors line: {line}", "successors")
            try:
                out.append((move, json.loads(js)))
            except ValueError as err:
                raise ProtocolError(f"{self.name}: successors line not JSON ({err}): {line}",
                                    "successors") from None
        return out

    def play(self, move):
        """Play a move; return the `event ...` lines it answered (see event_chance)."""
        return self.ask("play " + move)

    def undo(self):
        self.ask("undo")

    def state(self):
        """The state JSON, as a dict."""
        line = self._one("state")
        try:
            return json.loads(line)
        except ValueError as err:
            raise ProtocolError(f"{self.name}: state is not JSON ({err}): {line}", "state") from None

    def record(self):
        """The game record, as text (lines ended by newlines)."""
        return "".join(ln + "\n" for ln in self.ask("record"))

    def perft(self, depth, timeout=...):
        line = self._one(f"perft {depth}", timeout)
        try:
            return int(line)
        except ValueError:
            raise ProtocolError(f"{self.name}: perft answered '{line}'", f"perft {depth}") from None

    def seed(self, n):
        self.ask(f"seed {n}")

    @staticmethod
    def _go_command(depth, nodes, movetime, mcts, infinite):
        words = ["go"]
        if infinite:
            if depth is not None or nodes is not None or movetime is not None:
                raise ValueError("go infinite takes no other budget (it searches until stop)")
            words.append("infinite")
        if depth is not None:
            words += ["depth", str(depth)]
        if nodes is not None:
            words += ["nodes", str(nodes)]
        if movetime is not None:
            words += ["movetime", str(movetime)]
        if mcts:
            words.append("mcts")
        return " ".join(words)

    def _go_result(self, command, lines):
        res = GoResult(lines)
        if res.bestmove is None:
            raise ProtocolError(f"{self.name}: no bestmove after '{command}'", command)
        return res

    def go(self, depth=None, nodes=None, movetime=None, mcts=False, timeout=...):
        """Search; return a GoResult. The default deadline is the engine's timeout, plus the
        movetime when one is given; give `timeout` for deep searches (None: no limit)."""
        command = self._go_command(depth, nodes, movetime, mcts, False)
        if timeout is ...:
            timeout = self.timeout
            if timeout is not None:  # without a movetime the budget may be the default 1000 ms
                timeout += (movetime if movetime is not None else 1000) / 1000
        return self._go_result(command, self.ask(command, timeout))

    def go_start(self, depth=None, nodes=None, movetime=None, mcts=False, infinite=False):
        """Start a search and return at once, for an analysis shown until the player moves:
        `infinite=True` is the protocol's `go infinite` (searches until stop). Its answer is read
        by stop() (which ends it first) or go_wait(); no other command may be asked meanwhile."""
        if self._pending_go:
            raise ProtocolError(f"{self.name}: '{self._pending_go}' is still searching: "
                                "stop() or go_wait() first", self._pending_go)
        command = self._go_command(depth, nodes, movetime, mcts, infinite)
        self.send(command)
        self._pending_go = command

    def go_wait(self, timeout=...):
        """The GoResult of the search go_start began, waiting for it to end by its own budget
        (a `go infinite` does not: stop() it)."""
        command = self._pending_go
        if not command:
            raise ProtocolError(f"{self.name}: no search under way (go_start first)")
        if timeout is ...:
            timeout = self.timeout
        self._pending_go = None
        return self._go_result(command, self._reply(command, timeout))

    def stop(self, timeout=...):
        """End the search go_start began (as its budget would: the deepest iteration finished)
        and return its GoResult; then the stop's own `ok` is read. Without a search under way,
        the engine's `stop` is a no-op and None is returned."""
        command = self._pending_go
        if not command:
            self.ask("stop", timeout)
            return None
        if timeout is ...:
            timeout = self.timeout
        self.send("stop")
        self._pending_go = None
        res = self._go_result(command, self._reply(command, timeout))
        self._reply("stop", timeout)
        return res

    def _one(self, command, timeout=...):
        lines = self.ask(command, timeout)
        if len(lines) != 1:
            raise ProtocolError(f"{self.name}: '{command}' answered {len(lines)} lines, not one",
                                command)
        return lines[0]

    # --- the process ---------------------------------------------------------------------------

    def kill(self):
        """End the process now."""
        self._broken = self._broken or "killed"
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self._close_pipes()

    def close(self, grace=GRACE):
        """`quit`, wait up to `grace` seconds for the process to end, else kill it. Returns the
        exit status. Safe to call twice, and after a timeout or a death."""
        if self.proc.poll() is None and not self._broken:
            try:
                if self._pending_go:
                    self.stop(grace)
                self.ask("quit", grace)
            except EngineFailure:
                pass
            self._broken = "closed"
        try:
            self.proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._close_pipes()
        return self.proc.returncode

    def _close_pipes(self):
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except OSError:
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False
