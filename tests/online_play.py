#!/usr/bin/env python3
"""`gabata online` end to end: a `gabata serve` of its own (a free port, a temporary database),
two clients driven over pipes, each with its own $XDG_CONFIG_HOME. One seeks (5+3), the other accepts,
they play a whole short game on the clock to its end (each move the first of its `moves` listing) and both
print the result the server's view gives; a rematch is agreed, a draw offered and declined, and
the rematch resigned. Bad input: an unknown command, an illegal move (the server's error, the
game goes on), a server not running (one line, a failure, no hang), a malformed --join link, an
invitation link joined; the key never shown, the players' file 0600.
    tests/online_play.py GABATA
"""
import http.client
import json
import os
import queue
import re
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

gabata = sys.argv[1]
WAIT = 60  # seconds: a guard against a hang, never a measure
fails = []
procs = []


def fail(msg):
    print("FAIL:", msg)
    fails.append(msg)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Client:
    def __init__(self, name, url, home, *args):
        self.name, self.lines = name, []
        env = dict(os.environ, XDG_CONFIG_HOME=home, LANGUAGE="en", LC_ALL="C.UTF-8", NO_COLOR="1")
        self.p = subprocess.Popen([gabata, "online", url, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, env=env, text=True, bufsize=1)
        procs.append(self.p)
        self.q = queue.Queue()
        threading.Thread(target=self.pump, daemon=True).start()

    def pump(self):
        for line in self.p.stdout:
            self.q.put(line.rstrip("\n"))
        self.q.put(None)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def expect(self, pattern):
        """the first line from now on matching pattern (its match), the lines before it read"""
        while True:
            try:
                line = self.q.get(timeout=WAIT)
            except queue.Empty:
                raise SystemExit(f"FAIL: {self.name}: no line matching {pattern!r} in {WAIT} s; last lines:\n"
                                 + "\n".join(self.lines[-25:]))
            if line is None:
                raise SystemExit(f"FAIL: {self.name} ended before {pattern!r}; last lines:\n"
                                 + "\n".join(self.lines[-25:]))
            self.lines.append(line)
            m = re.search(pattern, line)
            if m:
                return m

    def close(self):
        self.p.stdin.close()
        rc = self.p.wait(timeout=WAIT)
        self.lines += [l for l in iter(self.q.get, None)]
        return rc


STATUS = r"^  (your move \(|waiting for |result: )"


def get(url):
    with urllib.request.urlopen(url, timeout=WAIT) as r:
        return json.load(r)


def post(url, body, key=None):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json",
                                          **({"Authorization": "Bearer " + key} if key else {})})
    with urllib.request.urlopen(req, timeout=WAIT) as r:
        return json.load(r)


def play_out(movers, game_url):
    """both clients at a status line: the one to move plays the first legal move, until the end"""
    status = {c: c.expect(STATUS).group(1) for c in movers}
    plies = 0
    while not all(s == "result: " for s in status.values()):
        mover = [c for c in movers if status[c] == "your move ("]
        if len(mover) != 1:
            raise SystemExit(f"FAIL: who is to move? {[(c.name, s) for c, s in status.items()]}")
        mover = mover[0]
        mover.send("moves")
        first = mover.expect(r"^  legal moves: (\S+)").group(1)
        mover.send(first)
        plies += 1
        for c in movers:
            status[c] = c.expect(STATUS).group(1)
    results = [c.lines[-1] for c in movers]
    view = get(game_url)
    want = "  result: " + view["state"]["result_line"]
    for c, r in zip(movers, results):
        if r != want:
            fail(f"{c.name} printed {r!r}, the server's view {want!r}")
    return plies, view


with tempfile.TemporaryDirectory() as tmp:
    # a server not running: one line, a failure, no hang
    port = free_port()
    r = subprocess.run([gabata, "online", f"http://127.0.0.1:{port}"], input="", capture_output=True,
                       text=True, timeout=WAIT, env=dict(os.environ, XDG_CONFIG_HOME=tmp + "/none", LANGUAGE="en"))
    if r.returncode == 0 or len(r.stderr.strip().split("\n")) != 1 or "cannot reach the server" not in r.stderr:
        fail(f"no server: status {r.returncode}, stderr {r.stderr!r}")
    # a malformed --join link, and a malformed address
    for args in (["--join", "http://127.0.0.1:1/#join=1234.5678"], ["--join", "#join="], ["ftp://x"],
                 ["--game", "12ab"], ["--game"], ["--watch", "http://x/#watch=12"], ["--watch"]):
        r = subprocess.run([gabata, "online", *args], input="", capture_output=True, text=True, timeout=WAIT)
        if r.returncode != 2 or len(r.stderr.strip().split("\n")) != 1 or r.stdout:
            fail(f"{args}: status {r.returncode}, stderr {r.stderr!r}")

    GRACE = 1  # --abandon-grace: a player gone 1 s may be claimed against
    serve = subprocess.Popen([gabata, "serve", "--port", "0", "--data", tmp + "/data", "--quiet",
                              "--abandon-grace", str(GRACE)],
                             stdout=subprocess.PIPE, text=True)
    procs.append(serve)
    try:
        m = re.search(r"listening on (http://[0-9.]+:\d+)/", serve.stdout.readline())
        if not m:
            raise SystemExit("FAIL: gabata serve did not start")
        url = m.group(1)

        a = Client("Alem", url, tmp + "/a")
        b = Client("Bekele", url, tmp + "/b")
        a.expect(r"seeks lists the open games")
        b.expect(r"seeks lists the open games")
        # Alem seeks a short game (max-plies=12: the rules' own end, S-rulings' cap) and names himself
        a.send("seek sadeqa max-plies=12 --seat S --clock 5+3")
        a.expect(r"choose your player name")
        a.send("Alem")
        a.expect(r"you are Alem on this server")
        a.expect(r"seek offered: waiting for an opponent")
        b.send("seeks")
        b.expect(r"^  1\. Sadeqa III max-plies=12 5\+3 casual, Alem \(1500\): plays South$")
        b.send("accept 1")
        b.expect(r"choose your player name")
        b.send("Alem")  # taken: the server's 409, and the question again
        b.expect(r"the server refused: .*name")
        b.expect(r"choose your player name")
        b.send("Bekele")
        game = b.expect(r"^  game ([0-9a-f]{32}) \(Sadeqa III\): you play North against").group(1)
        a.expect(r"your seek was accepted")
        if a.expect(r"^  game ([0-9a-f]{32}) ").group(1) != game:
            fail("the two clients name different games")
        # a third client watches it, by its spectators' link: no player, no token
        w = Client("watcher", url, tmp + "/w", "--watch", f"{url}/#watch={game}")
        w.expect(rf"^  watching game {game} \(Sadeqa III\)")
        w.expect(r"^  South to move$")
        # on the clock (5 minutes each, 3 s a move): both clocks, as the view gives them
        for c in (a, b):
            c.expect(r"^  clock: South 5:00, North 5:00$")
        a.expect(r"^  your move \(South\)$")
        b.expect(r"^  waiting for South to move$")
        # bad input: an unknown command; a move from North's row on South's turn (S2: the server's
        # 422, shown as it says it); the game goes on
        b.send("frobnicate")
        b.expect(r"^  unknown command 'frobnicate' \(help lists them\)$")
        a.send("a")
        a.expect(r"^  the server refused: illegal move: a move starts from a hole of your own row")
        a.send("board")  # each prints its status again, where play_out begins
        b.send("board")
        plies, view = play_out([a, b], f"{url}/api/games/{game}")
        if not view["state"]["over"] or plies < 6:
            fail(f"the game did not end by its rules: {plies} plies, {view['state']}")
        print(f"game 1: {plies} moves, {view['state']['result_line']}")
        # the watcher saw every move, in order, and prints the same result; it changes nothing
        w.expect(r"^  result: " + re.escape(view["state"]["result_line"]) + "$")
        seen = [m.group(1, 2) for m in (re.match(r"^  (South|North) played (\S+)$", l) for l in w.lines) if m]
        want = [("South" if h["by"] == "S" else "North", h["move"]) for h in view["history"]]
        if seen != want:
            fail(f"the watcher saw {seen}, the game's history is {want}")
        if any("the game is over: rematch" in l for l in w.lines):
            fail("the watcher was offered a rematch")
        w.send("resign")
        w.expect(r"^  you are watching this game: nothing in it is yours to change$")
        w.send("watch 12ab")
        w.expect(r"^  not a game to watch: '12ab'")
        w.send("quit")
        if w.close() != 0:
            fail("the watcher: not status 0 after quit")

        # the rematch: offered by Alem, accepted by Bekele; seats swapped
        a.send("rematch")
        a.expect(r"rematch offered: waiting for the answer")
        b.expect(r"North offers a rematch|South offers a rematch")
        b.send("rematch")
        b.expect(r"rematch agreed")
        game2 = b.expect(r"^  game ([0-9a-f]{32}) \(Sadeqa III\): you play South against Alem").group(1)
        a.expect(r"rematch agreed")
        if a.expect(r"^  game ([0-9a-f]{32}) .*you play North").group(1) != game2:
            fail("the rematch is not the same game on both sides")
        b.expect(r"^  your move \(South\)$")
        a.expect(r"^  waiting for South to move$")
        # a move each first: a resignation before both have moved is an abort, and each first move
        # has its own window (serve/clock.h), which what follows could outlast on a loaded machine
        for mover, other in ((b, a), (a, b)):
            mover.send("moves")
            mover.send(mover.expect(r"^  legal moves: (\S+)").group(1))
            mover.expect(STATUS)
            other.expect(STATUS)
        # a draw offered and declined
        b.send("draw")
        b.expect(r"draw offered")
        a.expect(r"^  South offers a draw: accept\? \(y/n\)$")
        a.send("n")
        a.expect(r"^  declined$")
        b.expect(r"^  North declined your offer$")
        # quick phrases (docs/api.md): by number or id, shown on both sides by who said it; the
        # list; an unknown one refused here, a second within 2 s by the server (one line)
        b.send("say 5")
        a.expect(r"^  South: Good game!$")
        b.expect(r"^  South: Good game!$")
        a.send("say hello")
        b.expect(r"^  North: Hello!$")
        a.send("say hello")
        a.expect(r"^  the server refused: one phrase every 2 s")
        a.send("say nope")
        a.expect(r"^  no such phrase: 'nope'$")
        a.expect(r"^  8  bye +Goodbye!$")
        # no takebacks on the clock: the server's refusal, one line
        b.send("undo")
        b.expect(r"^  the server refused: ")
        # the server stops and starts again (the same port and database): each client says the
        # connection is lost, opens its stream again by itself, and goes on
        port = url.rsplit(":", 1)[1]
        serve.terminate()
        serve.wait(timeout=WAIT)
        for c in (a, b):
            c.expect(r"^  the connection to the server is lost: trying again…$")
        serve = subprocess.Popen([gabata, "serve", "--port", port, "--data", tmp + "/data", "--quiet",
                                  "--abandon-grace", str(GRACE)],
                                 stdout=subprocess.PIPE, text=True)
        procs.append(serve)
        for c in (a, b):
            c.expect(r"^  connected again$")
        b.send("resign")
        b.expect(r"resign this game\? \(y/n\)")
        b.send("y")
        for c in (a, b):
            c.expect(r"^  result: South resigned: North wins$")
            # the board above it says nothing of a move to make (the local copy is not over)
            if any("to move" in l for l in c.lines[-4:-1]):
                fail(f"{c.name}: a move to make, after the resignation: {c.lines[-4:]}")
        view = get(f"{url}/api/games/{game2}")
        if view["state"].get("end_reason") != "resigned" or view["state"]["result"]["winner"] != "N":
            fail(f"the server's view of the resigned game: {view['state']}")
        if "result_line" in view["state"]:  # docs/api.md: the rules did not end it
            fail(f"a result_line for a resigned game: {view['state']['result_line']!r}")

        for c in (a, b):
            if c.close() != 0:
                fail(f"{c.name}: not status 0 at the end of its input")

        # a game without a clock, where the opponent leaves: Alem seeks, Bekele accepts
        a = Client("Alem", url, tmp + "/a")
        b = Client("Bekele", url, tmp + "/b")
        a.send("seek sadeqa --seat S")
        a.expect(r"seek offered: waiting for an opponent")
        b.send("seeks")
        b.expect(r"^  1\. Sadeqa III ")
        b.send("accept 1")
        game3 = b.expect(r"^  game ([0-9a-f]{32}) \(Sadeqa III\): you play North").group(1)
        a.expect(r"your seek was accepted")
        a.expect(r"^  your move \(South\)$")
        b.expect(r"^  waiting for South to move$")

        def move(mover, other):
            mover.send("moves")
            mover.send(mover.expect(r"^  legal moves: (\S+)").group(1))
            mover.expect(STATUS)
            other.expect(STATUS)

        # a takeback asked and declined, then asked (after the next moves) and accepted
        move(a, b)
        a.send("undo")
        a.expect(r"^  takeback asked: waiting for the answer$")
        b.expect(r"^  South asks to take back the last move: accept\? \(y/n\)$")
        b.send("n")
        b.expect(r"^  declined$")
        a.expect(r"^  North declined your offer$")
        move(b, a)
        move(a, b)
        a.send("undo")
        a.expect(r"^  takeback asked: waiting for the answer$")
        b.expect(r"^  South asks to take back the last move: accept\? \(y/n\)$")
        b.send("y")
        for c in (a, b):
            c.expect(r"^  a move was taken back$")
        a.expect(r"^  your move \(South\)$")
        b.expect(r"^  waiting for South to move$")
        if len(get(f"{url}/api/games/{game3}")["history"]) != 2:
            fail(f"after the takeback: {get(url + '/api/games/' + game3)['history']}")
        move(a, b)  # North to move
        # a claim while the opponent is there: the server's refusal, one line
        a.send("claim")
        a.expect(r"^  the server refused: North is connected: there is nothing to claim$")
        a.send("claim now")
        a.expect(r"^  claim ends a game the opponent has left: claim \(a win\), or claim draw$")
        # Bekele leaves on his move: Alem is told, and of the grace (the view's abandon_grace_s)
        b.send("quit")
        b.close()
        a.expect(rf"^  North has left \(his connection to the server is closed\): if he is not back in {GRACE} s ")
        # he comes back (the game resumed by his key): told too; then leaves again
        b = Client("Bekele", url, tmp + "/b", "--game", game3)
        b.expect(r"^  your move \(North\)$")
        a.expect(r"^  North is back$")
        b.send("quit")
        b.close()
        a.expect(r"^  North has left ")
        # Alem leaves too and comes back: North's absence is told from the view (no event says it)
        a.send("quit")
        a.close()
        a = Client("Alem", url, tmp + "/a", "--game", game3)
        a.expect(rf"^  North is not connected now: if he is not back in {GRACE} s while it is his move, claim ends ")
        time.sleep(GRACE + 0.5)  # the server's grace, counted from the close it told above, has passed
        a.send("claim")
        a.expect(r"^  result: North left the game: South wins$")
        view = get(f"{url}/api/games/{game3}")
        if view["state"].get("end_reason") != "abandoned" or view["state"]["result"]["winner"] != "S":
            fail(f"the claimed game: {view['state']}")
        a.send("quit")
        a.close()

        # an invitation link: a game made by the API, joined by its link
        made = post(f"{url}/api/games", {"variant": "qelat", "online": True, "seat": "S"})
        link = f"{url}/#join={made['id']}.{made['invite']}"
        c = Client("joiner", url, tmp + "/c", "--join", link)
        c.expect(rf"^  game {made['id']} \(Qelat\): you play North$")
        c.expect(r"^  waiting for South to move$")
        # South, made by the API, has no stream open: a new game's opponent not arrived yet
        c.expect(r"^  waiting for South to connect$")
        # then South's first stream opens (the server's `connected`): told once he is there
        host, port = url.split("//")[1].split(":")
        south_stream = http.client.HTTPConnection(host, int(port), timeout=WAIT)
        south_stream.request("GET", f"/api/games/{made['id']}/events",
                             headers={"Authorization": f"Bearer {made['token']}"})
        if south_stream.getresponse().status != 200:
            fail("South's event stream was refused")
        c.expect(r"^  South has connected$")
        post(f"{url}/api/games/{made['id']}/moves", {"move": get(f"{url}/api/games/{made['id']}")["moves"][0]["text"]},
             made["token"])
        c.expect(r"^  South played ")
        south_stream.close()
        c.send("join " + link)  # the invite works once: the server's 409
        c.expect(r"^  the server refused: ")
        c.send("resume " + game2)  # no player here, no seat kept for it: no game to go back to
        c.expect(r"^  you have no player on this server")
        c.send("quit")
        c.expect(r"you left the game; it goes on on the server")
        c.close()
        # the seat's token is kept (seats.json, the owner's alone), never shown; resume finds it
        seats_path = tmp + "/c/gabata/seats.json"
        mode = stat.S_IMODE(os.stat(seats_path).st_mode)
        if mode != 0o600:
            fail(f"{seats_path}: mode {oct(mode)}")
        seats = json.load(open(seats_path))["seats"]
        if ([(x["server"], x["game"], x["seat"]) for x in seats] != [(url, made["id"], "N")]
                or not re.fullmatch(r"[0-9a-f]{64}", seats[0]["token"])):
            fail(f"{seats_path}: {seats}")
        if any(seats[0]["token"] in line for line in c.lines):
            fail("the seat's token was printed")
        # an entry 31 days old is dropped, not used: a game made for it cannot be resumed by it
        old = post(f"{url}/api/games", {"variant": "qelat", "online": True, "seat": "S"})
        old_seat = post(f"{url}/api/games/{old['id']}/join", {"invite": old["invite"]})
        seats.append({"server": url, "game": old["id"], "seat": "N", "token": old_seat["token"],
                      "saved": int(time.time()) - 31 * 86400})
        json.dump({"seats": seats}, open(seats_path, "w"))
        c = Client("joiner again", url, tmp + "/c", "--game", made["id"])
        c.expect(rf"^  game {made['id']} \(Qelat\): you play North$")
        c.expect(r"^  your move \(North\)$")
        c.send("resume " + old["id"])
        c.expect(r"^  you have no player on this server")
        if [x["game"] for x in json.load(open(seats_path))["seats"]] != [made["id"]]:
            fail(f"the old entry was kept: {open(seats_path).read()}")
        # once the game is over its token goes (a move first: a resignation before it is an abort)
        c.send("moves")
        c.send(c.expect(r"^  legal moves: (\S+)").group(1))
        c.expect(r"^  waiting for South to move$")
        c.send("resign")
        c.send("y")
        c.expect(r"^  result: North resigned: South wins$")
        if json.load(open(seats_path))["seats"]:
            fail(f"the token of a game over was kept: {open(seats_path).read()}")
        c.send("quit")
        c.close()

        # help in every language, at 80 and 60 columns: each command in its column, its text from
        # column 15 (seek's usage, longer than that column, goes under its text, not before it),
        # and no line wider than the terminal
        for lang in ("en", "ar", "am", "ti", "om"):
            for cols in (80, 60):
                r = subprocess.run([gabata, "online", url, "--lang", lang], input="help\nquit\n", capture_output=True,
                                   text=True, timeout=WAIT, env=dict(os.environ, XDG_CONFIG_HOME=tmp + "/h",
                                                                     COLUMNS=str(cols), LC_ALL="C.UTF-8"))
                lines = r.stdout.split("\n")
                start = lines.index("> help") + 1
                entries = lines[start:lines.index("> quit")]
                terms = [l[2:15].rstrip() for l in entries if re.match(r"^  \S", l)]
                if "seek ..." not in terms or "watch ID" not in terms or "claim" not in terms:
                    fail(f"help, {lang}, {cols} columns: the commands {terms}")
                for l in entries:
                    if not (re.match(r"^  \S.{10}  \S", l) or re.match(r"^ {15}\S", l)):
                        fail(f"help, {lang}, {cols} columns: out of its columns: {l!r}")
                    if len(l) > cols and not re.search(r"[^\x00-\x7f]", l):
                        fail(f"help, {lang}, {cols} columns: wider than the terminal: {l!r}")
                if not any(l.rstrip().endswith("[--seat S|N]") for l in entries):
                    fail(f"help, {lang}, {cols} columns: seek's usage is joined to its text: {entries}")

        # L'ab al-Akil's layout (A2: South lays out the 72 seeds) typed as 12 numbers alone
        made = post(f"{url}/api/games", {"variant": "akil", "online": True, "seat": "N"})
        d = Client("layout", url, tmp + "/d", "--join", f"{made['id']}.{made['invite']}")
        d.expect(rf"^  game {made['id']} \(L'ab al-Akil\): you play South$")
        d.expect(r"^  your move \(South\)$")
        d.send("6 6 6")
        d.expect(r"^  a layout is 12 numbers \(pits A-F then a-f\), 3 given$")
        d.send("6 6 six")
        d.expect(r"^  unknown command '6 6 six' \(help lists them\)$")
        d.send("12 0 12 0 12, 0 6 6 6 6 6 6")
        d.expect(r"^  waiting for North to move$")
        history = get(f"{url}/api/games/{made['id']}")["history"]
        if [h["move"] for h in history] != ["layout:12,0,12,0,12,0,6,6,6,6,6,6"]:
            fail(f"the layout typed as 12 numbers: {history}")
        d.send("quit")
        d.close()

        # the key is never shown; the players' file is the owner's alone, one player a server
        for who, home in ((a, "/a"), (b, "/b")):
            path = tmp + home + "/gabata/players.json"
            mode = stat.S_IMODE(os.stat(path).st_mode)
            if mode != 0o600:
                fail(f"{path}: mode {oct(mode)}")
            players = json.load(open(path))["players"]
            if len(players) != 1 or players[0]["server"] != url or players[0]["name"] != who.name:
                fail(f"{path}: {players}")
            if any(players[0]["key"] in line for line in who.lines):
                fail(f"{who.name}: the key was printed")
        # the name is kept: a second start knows it
        again = Client("Alem again", url, tmp + "/a")
        again.expect(r"^  you are Alem on http://")
        r = subprocess.run([gabata, "online", url, "--game", game2], input="quit\n", capture_output=True, text=True,
                           timeout=WAIT, env=dict(os.environ, XDG_CONFIG_HOME=tmp + "/b", LANGUAGE="en"))
        if r.returncode != 0 or "\n  result: South resigned: North wins\n" not in r.stdout or "you play South" not in r.stdout:
            fail(f"--game {game2}: status {r.returncode}, {r.stdout[-300:]!r} {r.stderr!r}")
        # a seek the server refuses (its own words); one made and withdrawn
        # (both lines at once, as a script sends them: the first is refused before the second
        # is read)
        again.send("seek nosuch\nseek qelat --seat N")
        again.expect(r"^  the server refused: unknown game 'nosuch'")
        again.expect(r"^> seek qelat --seat N$")
        again.expect(r"^  seek offered: waiting for an opponent")
        if [x["by"]["name"] for x in get(f"{url}/api/seeks")["seeks"]] != ["Alem"]:
            fail("the seek is not in the lobby")
        again.send("cancel")
        again.expect(r"^  seek withdrawn$")
        if get(f"{url}/api/seeks")["seeks"]:
            fail("the seek withdrawn is still in the lobby")
        # back to a game of his (over now): his seat found by his key, the result as the server has it
        again.send("resume " + game2)
        again.expect(rf"^  game {game2} \(Sadeqa III\): you play North against Bekele$")
        again.expect(r"^  result: South resigned: North wins$")
        # SIGTERM (a Ctrl-C, a hang-up) leaves as quit does: the open seek withdrawn, status 0
        again.send("seek bulto")
        again.expect(r"^  seek offered: waiting for an opponent")
        again.p.send_signal(signal.SIGTERM)
        again.expect(r"^  seek withdrawn$")
        if again.p.wait(timeout=WAIT) != 0 or get(f"{url}/api/seeks")["seeks"]:
            fail(f"SIGTERM: status {again.p.returncode}, seeks {get(url + '/api/seeks')}")
    finally:
        for p in procs:
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    p.kill()

if fails:
    sys.exit(1)
print("ok")
