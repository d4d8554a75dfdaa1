"""Speed of the Python binding (figures only: nothing here passes or fails).

    GABATA_LIBRARY=build/libgabata.so.0 python3 python/bench.py [--games N] [--program build/gabata]

1. Random play driven from Python: legal_actions() and apply_action() every ply (random.choice
   between them), Sadeqa III by default: plies per second.
2. gabata.random_playouts (one call of gb_random_playouts) against `gabata bench` (C) for the
   same game and number of games: plies per second, and their ratio.
3. With --env: PettingZoo's documented AEC loop on gabata.env.env(game) for every game, random
   actions sampled with the observation's mask (action_space(agent).sample(mask)): plies per
   second of CPU time.
4. gabata.vector.VectorEnv (numpy; one gb_batch_step call a step for all n games): steps per
   second with n = 1024 games, each step's ids drawn by random_actions() (C), observations and
   masks written; and its ratio to `gabata bench`'s plies per second, and to those of `gabata
   bench --list-moves` (every legal move listed at every ply, as a mask needs).

Every game by default (--game sadeqa for one); CPU time (time.process_time), so one core.
--options "key=value ..." plays every one of these under those options (RULINGS names), e.g.
"endless=ends-game" (T1), under which every move that may start is legal and no mask sows.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gabata  # noqa: E402


def python_loop(name, games, seed, options=""):
    g = gabata.load_game(name, options)
    r = random.Random(seed)
    choice = r.choice
    plies = 0
    t = time.process_time()
    for _ in range(games):
        s = g.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(choice((0, 1)))
            else:
                s.apply_action(choice(s.legal_actions()))
            plies += 1
    return plies, time.process_time() - t


def env_loop(name, seconds, seed):
    from gabata.env import env as make_env
    e = make_env(name)
    plies, t = 0, time.process_time()
    while time.process_time() - t < seconds:
        e.reset(seed=seed)
        seed += 1
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
            else:
                e.step(e.action_space(agent).sample(obs["action_mask"]))
                plies += 1
    return plies, time.process_time() - t


def vector_steps(name, n, steps, seed, options=""):
    from gabata.vector import VectorEnv
    env = VectorEnv(name, n, seed=seed, options=options)
    env.reset()
    step, rand = env.step, env.random_actions
    t = time.process_time()
    for _ in range(steps):
        step(rand())
    return n * steps, time.process_time() - t


def playouts(name, games, seed, options=""):
    t = time.process_time()
    st = gabata.random_playouts(name, games, seed, options)
    return st["plies"], time.process_time() - t


def c_bench(program, name, games, seed, listed=False, options=""):
    out = subprocess.run([program, "bench", name] + options.split()
                         + ["--games", str(games), "--seed", str(seed)]
                         + (["--list-moves"] if listed else []),
                         capture_output=True, text=True, check=True).stdout
    m = re.search(r"plies/s\s+([\d.,]+)", out)
    return float(m.group(1).replace(",", "")) if m else None, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="all", help="a game, or all (the default)")
    ap.add_argument("--games", type=int, default=300, help="games of the Python loop")
    ap.add_argument("--playout-games", type=int, default=20000)
    ap.add_argument("--vector-n", type=int, default=1024, help="games in the vector env")
    ap.add_argument("--vector-steps", type=int, default=300, help="steps of the vector env")
    ap.add_argument("--no-vector", action="store_true", help="leave the vector env out")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--program", default=None, help="the gabata program, for `gabata bench`")
    ap.add_argument("--runs", type=int, default=3, help="alternated runs; medians are reported")
    ap.add_argument("--env", action="store_true", help="also the AEC env loop of every game")
    ap.add_argument("--options", default="",
                    help='the games\' options, "key=value ..." (default: none)')
    ap.add_argument("--env-seconds", type=float, default=3.0, help="CPU seconds per env run")
    a = ap.parse_args()
    if a.env:
        for name in gabata.registered_names():
            runs = [env_loop(name, a.env_seconds, a.seed) for _ in range(a.runs)]
            rates = [p / t for p, t in runs]
            print(f"{name}: AEC env loop: {sorted(rates)[len(rates) // 2]:,.0f} plies/s "
                  f"(runs: {', '.join(f'{x:,.0f}' for x in rates)})")
    names = gabata.registered_names() if a.game == "all" else [a.game]
    med = lambda xs: sorted(xs)[len(xs) // 2]  # noqa: E731
    runs = lambda xs: ", ".join(f"{x:,.0f}" for x in xs)  # noqa: E731
    for name in names:
        loop, po, cb, cl, vec = [], [], [], [], []
        games = max(1, a.games // 30) if name == "qelat" else a.games  # its games are long
        for _ in range(a.runs):
            p, t = python_loop(name, games, a.seed, a.options)
            loop.append(p / t)
            p, t = playouts(name, a.playout_games, a.seed, a.options)
            po.append(p / t)
            if not a.no_vector:
                p, t = vector_steps(name, a.vector_n, a.vector_steps, a.seed, a.options)
                vec.append(p / t)
            if a.program:
                v, _out = c_bench(a.program, name, a.playout_games, a.seed, options=a.options)
                if v:
                    cb.append(v)
                v, _out = c_bench(a.program, name, a.playout_games, a.seed, listed=True,
                                  options=a.options)
                if v:
                    cl.append(v)
        print(f"{name}: Python loop (legal_actions + apply_action): {med(loop):,.0f} plies/s "
              f"(runs: {runs(loop)})")
        print(f"{name}: gabata.random_playouts: {med(po):,.0f} plies/s (runs: {runs(po)})")
        if vec:
            print(f"{name}: VectorEnv n={a.vector_n}: {med(vec):,.0f} steps/s (runs: {runs(vec)})")
        if cb:
            print(f"{name}: gabata bench (C): {med(cb):,.0f} plies/s (runs: {runs(cb)}); "
                  f"random_playouts / bench = {med(po) / med(cb):.2f}"
                  + (f"; VectorEnv / bench = {med(vec) / med(cb):.2f}" if vec else ""))
        if cl:
            print(f"{name}: gabata bench --list-moves (C): {med(cl):,.0f} plies/s (runs: {runs(cl)})"
                  + (f"; VectorEnv / bench --list-moves = {med(vec) / med(cl):.2f}" if vec else ""))


if __name__ == "__main__":
    main()
