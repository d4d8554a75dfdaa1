#!/usr/bin/env python3
"""Random games of one game through `gabata engine` (docs/protocol.md), with statistics.

At every position: send `successors`, pick one line at random, `play` its move (its text, with any
chance outcome `@S`/`@N` drawn) and go on from the state JSON of that line. In L'ab al-Akil's
layout phase `successors` lists nothing (layouts cannot be listed, RULINGS A2): a uniformly random
layout of the 72 seeds over the 12 pits is entered instead (stars and bars; with tebweez=mirrored,
uniform over the mirrored ones), and the state is asked for.

Checks: no `error` reply, every reply within TIMEOUT seconds (a hang), the stones conserved in
every state (the board and the stores hold the game's whole count: S1 16 x seeds, Q1 48, A1 72
outside a layout, B1 40), every game (match) ends. A failed game is counted and reported on
standard error; the engine is restarted and the next game goes on. Exits 1 if any game failed.

usage: tools/engine_random.py GABATA VARIANT [GAMES] [SEED] [key=value ...]
    tools/engine_random.py build/gabata qelat 1000
    tools/engine_random.py build/gabata akil 1000 1 tebweez=mirrored
"""
import collections
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gabata_engine import Engine, EngineFailure, EngineTimeout  # noqa: E402

TIMEOUT = 30.0  # seconds for one reply: a hang if exceeded
MAX_PLIES = 2_000_000  # more plies than any cap allows: the game did not end
AKIL_SEEDS = 72  # A1


def stones(variant, options):
    """The stones of the game (board plus stores), from the rulings, not from the engine."""
    if variant == "sadeqa":
        return 16 * (4 if "seeds=4" in options else 6)  # S1
    return {"qelat": 48, "akil": AKIL_SEEDS, "bulto": 40}.get(variant)  # Q1, A1, B1


def random_layout(rng, mirrored):
    """72 seeds over 12 pits, uniformly (stars and bars); mirrored: pit i empty iff pit i+6 is."""
    while True:
        bars = sorted(rng.sample(range(AKIL_SEEDS + 11), 11))
        parts, prev = [], -1
        for b in bars:
            parts.append(b - prev - 1)
            prev = b
        parts.append(AKIL_SEEDS + 10 - prev)
        if not mirrored or all((parts[i] == 0) == (parts[i + 6] == 0) for i in range(6)):
            return parts


class GameFailed(Exception):
    pass


def one_game(eng, variant, options, seed, rng, total, tally):
    """Play one random game (match); return its final state and its plies a round."""
    eng.seed(seed)
    eng.new(variant, options)
    state = eng.state()
    plies = round_plies = 0
    rounds_plies = []
    cur_round = state["round"]
    while not state["over"]:
        if plies >= MAX_PLIES:
            raise GameFailed("did not end within %d plies" % MAX_PLIES)
        succ = eng.successors()
        if succ:
            tally["max_moves"] = max(tally["max_moves"], len(succ))
            move, state = rng.choice(succ)
            eng.play(move)
            tally["refusals"] += "~" in move  # Bulto's refusal of a bulto (B rulings)
        elif state["phase"] == "layout":
            move = "layout:" + ",".join(map(str, random_layout(rng, "tebweez=mirrored" in options)))
            eng.play(move)
            state = eng.state()
        else:
            raise GameFailed("no successors in phase %s and not over" % state["phase"])
        plies += 1
        round_plies += 1
        if total is not None and state["phase"] != "layout":
            have = sum(state["holes"]) + state["stores"]["S"] + state["stores"]["N"]
            if have != total:
                raise GameFailed("%d stones after %s, not %d" % (have, move, total))
        if state["round"] != cur_round or state["over"]:
            rounds_plies.append(round_plies)
            round_plies = 0
            cur_round = state["round"]
            if "last_round_end" in state:
                tally["round_ends"][state["last_round_end"]] += 1
    return state, plies, rounds_plies


def stats(xs, mean="%.1f"):
    xs = sorted(xs)
    if not xs:
        return "-"
    return ("mean " + mean + ", median %d, min %d, max %d") % (sum(xs) / len(xs), xs[len(xs) // 2],
                                                              xs[0], xs[-1])


def main(argv):
    if len(argv) < 3 or argv[1].startswith("-"):
        sys.exit("usage: tools/engine_random.py GABATA VARIANT [GAMES] [SEED] [key=value ...]")
    path, variant = argv[1], argv[2]
    try:
        games = int(argv[3]) if len(argv) > 3 else 1000
        seed = int(argv[4]) if len(argv) > 4 else 1
    except ValueError:
        sys.exit("engine_random: GAMES and SEED are whole numbers")
    options = argv[5:]
    bad = [o for o in options if "=" not in o]
    if bad:
        sys.exit("engine_random: options are key=value, not '%s'" % bad[0])
    total = stones(variant, options)
    rng = random.Random(seed)
    try:  # a bad path, variant or option fails here, with the engine's own message
        eng = Engine(path, timeout=TIMEOUT)
        eng.new(variant, options)
    except (OSError, EngineFailure) as err:
        sys.exit("engine_random: %s" % err)

    errors = hangs = 0
    tally = {"max_moves": 0, "refusals": 0, "round_ends": collections.Counter()}
    plies_per_game, plies_per_round, rounds_per_game = [], [], []
    outcome = collections.Counter({"S": 0, "N": 0, "draw": 0})
    reasons = collections.Counter()
    t0 = time.time()
    for g in range(games):
        try:
            state, plies, rp = one_game(eng, variant, options, seed * 100003 + g, rng, total, tally)
        except (EngineFailure, GameFailed, KeyError, TypeError) as err:
            hang = isinstance(err, EngineTimeout)
            hangs += hang
            errors += not hang
            print("game %d: %s: %s" % (g, "HANG" if hang else "ERROR", err), file=sys.stderr)
            eng.close()
            eng = Engine(path, timeout=TIMEOUT)
            continue
        plies_per_game.append(plies)
        plies_per_round.extend(rp)
        rounds_per_game.append(state["round"])
        outcome[state["result"]["winner"] or "draw"] += 1
        reasons[state["end_reason"]] += 1
    eng.close()
    dt = time.time() - t0

    n = len(plies_per_game)
    opts = " ".join(options)
    print("%s engine random games%s: %d started, %d finished, %d errors, %d hangs, %.1f s"
          % (variant, " (" + opts + ")" if opts else "", games, n, errors, hangs, dt))
    print("  plies per game     " + stats(plies_per_game))
    if rounds_per_game and max(rounds_per_game) > 1:
        print("  rounds per match   " + stats(rounds_per_game, "%.2f"))
        print("  plies per round    " + stats(plies_per_round) + " (%d rounds%s)"
              % (len(plies_per_round), "; layout and choice included" if variant == "akil" else ""))
    if tally["round_ends"]:
        print("  round ends         " + ", ".join("%s %d" % kv for kv in sorted(tally["round_ends"].items())))
    print("  outcome            South %d, North %d, draw %d" % (outcome["S"], outcome["N"], outcome["draw"]))
    print("  end reasons        " + ", ".join("%s %d" % kv for kv in sorted(reasons.items())))
    print("  most moves listed  %d" % tally["max_moves"])
    if variant == "bulto":
        print("  refusal moves (~)  %d played" % tally["refusals"])
    if total is not None:
        print("  stones checked     %d in every state%s" % (total, " outside a layout" if variant == "akil" else ""))
    return 1 if errors or hangs or n != games else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
