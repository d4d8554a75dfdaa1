#!/usr/bin/env python3
"""Unit test of tools/gabata_engine.py, the client of the engine protocol (unittest, standard
library). Most cases talk to a fake engine (a small Python script written here) whose replies are
known by construction: a reply read up to `ok`, an `error` reply raised with its message (also one
that cuts a reply short), a command that never answers raised as a timeout instead of hanging, an
engine that dies, a `quit` that is ignored. With a gabata program as first argument, a few cases
run against the real engine too.

usage: test_gabata_engine.py [GABATA] [unittest options]
"""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from gabata_engine import (Engine, EngineDied, EngineError, EngineTimeout,  # noqa: E402
                           ProtocolError, event_chance)

GABATA = sys.argv.pop(1) if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else None

FAKE = r'''
import sys, time
ignore_quit = "--ignore-quit" in sys.argv
bad_successors = "--bad-successors" in sys.argv
def out(*lines):
    sys.stdout.write("".join(l + "\n" for l in lines)); sys.stdout.flush()
for line in sys.stdin:
    cmd = line.strip()
    if cmd == "quit":
        if ignore_quit:
            time.sleep(3600)
        out("ok"); break
    elif cmd.startswith("echo "):
        out(*cmd[5:].split("|"), "ok")
    elif cmd == "state":
        out('{"over": false, "holes": [1, 2]}', "ok")
    elif cmd == "successors" and bad_successors:
        out('A\t{"ply": 1}', "B no tab here", "ok")
    elif cmd == "successors":
        out('A\t{"ply": 1}', 'b@N\t{"ply": 2}', "ok")
    elif cmd == "play X":
        out("event lots N", "event over rule", "ok")
    elif cmd == "fail":
        out("error the reason, on one line")
    elif cmd == "cut":
        out("a line", "another", "error cut short")
    elif cmd == "sleep":
        time.sleep(3600)
    elif cmd == "half":
        sys.stdout.write("a line\npart of a"); sys.stdout.flush(); time.sleep(3600)
    elif cmd == "die":
        sys.exit(3)
    else:
        out("error unknown command '%s'" % cmd)
'''


class FakeEngineTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        cls.fake = os.path.join(cls.dir.name, "fake_engine.py")
        with open(cls.fake, "w") as f:
            f.write(FAKE)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def engine(self, *flags, timeout=2.0):
        return Engine(argv=[sys.executable, self.fake] + list(flags), timeout=timeout, name="fake")

    def test_reply_lines_up_to_ok(self):
        with self.engine() as e:
            self.assertEqual(e.ask("echo one|two three|"), ["one", "two three", ""])
            self.assertEqual(e.ask("echo x"), ["x"])  # the next reply starts where the last ended
            self.assertEqual(e.state(), {"over": False, "holes": [1, 2]})
            self.assertEqual(e.successors(), [("A", {"ply": 1}), ("b@N", {"ply": 2})])
            events = e.play("X")
            self.assertEqual(events, ["event lots N", "event over rule"])
            self.assertEqual(event_chance(events), "N")
            self.assertIsNone(event_chance(["event eat S 2 again"]))

    def test_error_carries_the_engines_message(self):
        with self.engine() as e:
            with self.assertRaises(EngineError) as cm:
                e.ask("fail")
            self.assertEqual(cm.exception.message, "the reason, on one line")
            self.assertEqual(cm.exception.command, "fail")
            self.assertIn("'fail'", str(cm.exception))
            # lines before an error are dropped, and the session goes on
            with self.assertRaises(EngineError) as cm:
                e.ask("cut")
            self.assertEqual(cm.exception.message, "cut short")
            self.assertEqual(e.ask("echo after"), ["after"])

    def test_malformed_successors(self):
        with self.engine("--bad-successors") as e:
            with self.assertRaises(ProtocolError) as cm:
                e.successors()
            self.assertIn("B no tab here", str(cm.exception))

    def test_a_command_that_never_answers_times_out(self):
        e = self.engine(timeout=0.5)
        with self.assertRaises(EngineTimeout) as cm:
            e.ask("sleep")
        self.assertEqual(cm.exception.command, "sleep")
        self.assertIn("'sleep'", str(cm.exception))
        self.assertIsNotNone(e.proc.poll(), "the engine is killed after a timeout")
        with self.assertRaises(EngineDied):  # its framing is lost: no more commands
            e.ask("echo x")
        e.close()

    def test_a_reply_cut_mid_line_times_out(self):
        with self.engine(timeout=0.5) as e:
            with self.assertRaises(EngineTimeout):
                e.ask("half")

    def test_per_command_timeout(self):
        with self.engine(timeout=None) as e:  # no default deadline, one for this command
            with self.assertRaises(EngineTimeout):
                e.ask("sleep", timeout=0.3)

    def test_death(self):
        e = self.engine()
        with self.assertRaises(EngineDied) as cm:
            e.ask("die")
        self.assertEqual(cm.exception.command, "die")
        self.assertEqual(e.close(), 3)

    def test_quit_then_kill(self):
        e = self.engine()
        e.ask("echo x")
        self.assertEqual(e.close(), 0)  # quit answered ok, the process ended by itself
        e.close()  # twice is harmless
        e = self.engine("--ignore-quit")
        self.assertNotEqual(e.close(grace=0.3), 0)  # quit ignored: killed after the grace
        self.assertIsNotNone(e.proc.poll())

    def test_context_manager_closes_on_exception(self):
        with self.assertRaises(EngineError):
            with self.engine() as e:
                e.ask("fail")
        self.assertIsNotNone(e.proc.poll())

    def test_lines_that_get_no_reply_are_refused(self):
        with self.engine() as e:
            for bad in ("", "   ", "# a comment", "two\nlines"):
                with self.assertRaises(ValueError):
                    e.ask(bad)
            self.assertEqual(e.ask("echo still"), ["still"])

    def test_missing_program(self):
        with self.assertRaises(OSError):
            Engine("/nonexistent/gabata")


@unittest.skipUnless(GABATA, "no gabata program given")
class RealEngineTest(unittest.TestCase):
    def test_sadeqa_start(self):
        with Engine(GABATA) as e:
            e.new("sadeqa")
            st = e.state()
            self.assertEqual(st["holes"], [6] * 16)  # RULINGS S1
            succ = e.successors()
            self.assertEqual([m for m, _ in succ], list("ABCDEFGH"))  # every South hole is full
            self.assertEqual(e.moves(), list("ABCDEFGH"))
            self.assertEqual(e.perft(2), 56)  # docs/sadeqa.md, also tests/sadeqa_reference.py
            e.play(succ[2][0])
            self.assertEqual(e.state(), succ[2][1])  # the state that successors promised
            with self.assertRaises(EngineError) as cm:
                e.play("A")  # North is to move: A is South's
            self.assertTrue(cm.exception.message.startswith("illegal move"), cm.exception.message)
            self.assertIn(e.go(depth=1).bestmove, e.moves())
            self.assertIn("[Variant \"sadeqa\"]", e.record())

    def test_go_infinite_until_stop(self):
        with Engine(GABATA) as e:
            e.new("sadeqa")
            e.go_start(infinite=True)
            with self.assertRaises(ProtocolError):  # the framing would be lost: refused
                e.moves()
            with self.assertRaises(ProtocolError):
                e.go_start(depth=1)
            res = e.stop()
            self.assertIn(res.bestmove, list("ABCDEFGH"))
            self.assertTrue(res.info)  # alpha-beta always finishes its first iteration
            self.assertEqual(e.moves(), list("ABCDEFGH"))  # the framing intact after it
            self.assertIsNone(e.stop())  # no search under way: the engine's no-op
            e.go_start(mcts=True, infinite=True)
            self.assertIn(e.stop().bestmove, list("ABCDEFGH"))
            with self.assertRaises(ValueError):
                e.go_start(depth=3, infinite=True)

    def test_go_start_then_wait(self):
        with Engine(GABATA) as e:
            e.new("sadeqa")
            e.go_start(depth=2)
            self.assertIn(e.go_wait().bestmove, list("ABCDEFGH"))
            with self.assertRaises(ProtocolError):
                e.go_wait()  # nothing under way

    def test_close_during_a_search(self):
        e = Engine(GABATA)
        e.new("sadeqa")
        e.go_start(infinite=True)
        self.assertEqual(e.close(), 0)  # stopped and quit, not killed after the grace

    def test_unknown_game(self):
        with Engine(GABATA) as e:
            with self.assertRaises(EngineError) as cm:
                e.new("chess")
            self.assertIn("unknown game", cm.exception.message)


if __name__ == "__main__":
    unittest.main()
