"""Many games at once at C speed: a vector environment for reinforcement learning (envpool's and
pgx's way), on the library's batch (gb_batch_*, docs/library.md "Learning").

    import numpy as np
    from gabata.vector import VectorEnv
    env = VectorEnv("sadeqa", 1024, seed=1)
    obs, info = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(100):
        mask = info["action_mask"]
        # one legal id per game, uniformly: the mask's entries ranked by random keys
        actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
        obs, rewards, terminations, truncations, info = env.step(actions)

One C call a step plays every game, writes every array and starts again each game that ended.
Ids and observations are those of the package (python/README.md, "Actions", "Observations").
numpy is needed by this module only (Debian's python3-numpy).
"""
import ctypes

import numpy as np

from . import _lib, _raise, _b, _integer, IllegalActionError, InvalidError

BATCH_MAX = 1048576  # GB_BATCH_MAX (gabata.h): the most games a batch holds
_U64_MAX = 2 ** 64 - 1

__all__ = ["VectorEnv"]


class VectorEnv:
    """`n` games of `game` with `options` ("key=value ..." or a dict), seeded by `seed`.

    Arrays (made once, overwritten by every reset and step: copy what you keep):
    observations (n, 6 * holes + 4) float32; action_masks (n, num_actions) int8 (0/1);
    rewards (n, 2) float32 (South's, North's); terminations, truncations (n,) bool;
    players (n,) int32 (the side to move, 0 South or 1 North); final_observations (n, ...)
    float32 (the row of a game that ended in the last step is its final position).

    A game that ends is started again in the same step (auto-reset): its row of observations,
    action_masks and players is then the new game's start, while rewards (+1/-1/0 for each
    side), terminations and truncations (a truncation: the ply cap, T3) and final_observations
    are those of the game that ended. Every other step gives rewards of 0. Qelat's lots (Q7) are
    drawn inside the step from each game's own source: players never see a chance node.

    Game i's e-th game (e counts from 0 at reset(seed=...)) is the library's game of seed
    `game_seed(i, e)` played with the same ids: the same whatever n is.

    threads > 1 splits each step into that many ranges of games, stepped at once on Python
    threads (gb_batch_step_range releases the GIL): the same games, on more cores.
    """

    def __init__(self, game, n, seed=0, options="", threads=1):
        if isinstance(options, dict):
            options = " ".join(f"{k}={v}" for k, v in options.items())
        # checked here, not cut by ctypes: 2**32 + 1 games became a batch of 1, seed 2**64 seed 0
        n = _integer(n, "VectorEnv: n", 1, BATCH_MAX)
        seed = _integer(seed, "VectorEnv: seed", 0, _U64_MAX)
        handle = ctypes.c_void_p()
        err = _lib.gb_error()
        rc = _lib.lib.gb_batch_new(ctypes.byref(handle), _b(game), _b(options or ""), n, seed,
                                   ctypes.byref(err))
        if rc != _lib.GB_OK:
            _raise(rc, err)
        self._b = handle.value
        self.game = game
        self.options = options or ""
        self.num_envs = n
        self.seed = seed
        self.num_actions = _lib.lib.gb_batch_action_count(self._b)
        self.observation_size = _lib.lib.gb_batch_observation_size(self._b)
        self.observations = np.zeros((n, self.observation_size), np.float32)
        self.final_observations = np.zeros((n, self.observation_size), np.float32)
        self.action_masks = np.zeros((n, self.num_actions), np.int8)
        self.rewards = np.zeros((n, 2), np.float32)
        self.terminations = np.zeros(n, np.bool_)
        self.truncations = np.zeros(n, np.bool_)
        self.players = np.zeros(n, np.int32)
        self._out = _lib.gb_batch_out(
            self.observations.ctypes.data, self.action_masks.ctypes.data,
            self.rewards.ctypes.data, self.terminations.ctypes.data,
            self.truncations.ctypes.data, self.players.ctypes.data,
            self.final_observations.ctypes.data)
        self._outref = ctypes.byref(self._out)
        self._err = _lib.gb_error()
        self._errref = ctypes.byref(self._err)
        self._step = _lib.lib_long.gb_batch_step
        self._info = {"action_mask": self.action_masks, "player": self.players,
                      "final_observation": self.final_observations}
        self._started = False
        if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or threads < 1:
            raise InvalidError(f"threads must be an int of 1 or more, not {threads!r}")
        self.threads = min(int(threads), self.num_envs)
        self._pool = None
        if self.threads > 1:
            import concurrent.futures
            t = self.threads
            self._ranges = [(n * k // t, n * (k + 1) // t) for k in range(t)]
            self._pool = concurrent.futures.ThreadPoolExecutor(t - 1)
            self._rows = np.arange(n)
        self._rand = np.zeros(n, np.int32)
        self._rng = ctypes.c_uint64(seed)
        self._rngref = ctypes.byref(self._rng)

    def __del__(self, _free=_lib.lib.gb_batch_free):
        pool = getattr(self, "_pool", None)
        if pool is not None:
            self._pool = None
            pool.shutdown(wait=True)
        b = getattr(self, "_b", None)
        if b:
            self._b = None
            _free(b)

    def __reduce__(self):
        # the games live in C (gb_batch): a copy would share them, and free them twice
        raise TypeError("a VectorEnv cannot be pickled or copied (its games are the library's): "
                        "make another with the same game, n, seed and options")

    def close(self):
        """Free the games; the env cannot be used after."""
        self.__del__()

    def _live(self):
        if not self._b:
            raise InvalidError("the VectorEnv is closed")

    def __len__(self):
        return self.num_envs

    def game_seed(self, index, episode):
        """The library's seed (gb_game_new) of game `index`'s `episode`-th game."""
        index = _integer(index, "game_seed: index", 0, 2 ** 31 - 1)
        episode = _integer(episode, "game_seed: episode", 0, _U64_MAX)
        return _lib.lib.gb_batch_game_seed(self.seed, index, episode)

    def episode(self, index):
        """Which game of its stream slot `index` is playing (0 the first since reset(seed))."""
        self._live()
        # the library answers 0 for a slot it does not have: refused here instead
        index = _integer(index, "episode: index", 0, self.num_envs - 1)
        return _lib.lib.gb_batch_episode(self._b, index)

    def reset(self, seed=None, options=None):
        """Start every game again: (observations, info) with info's "action_mask" and "player".
        With `seed`, the streams of that seed from their first game; without, each stream's
        next game (the games under way are dropped)."""
        self._live()
        if options is not None:
            raise InvalidError("reset: options are fixed when the VectorEnv is made")
        sp = None
        if seed is not None:
            seed = _integer(seed, "reset: seed", 0, _U64_MAX)
            self.seed = seed
            sp = ctypes.byref(ctypes.c_uint64(seed))
        rc = _lib.lib_long.gb_batch_reset(self._b, sp, self._outref, self._errref)
        if rc != _lib.GB_OK:
            _raise(rc, self._err)
        self._started = True
        return self.observations, self._info

    def step(self, actions):
        """One id for every game (a sequence or array of n ints): (observations, rewards,
        terminations, truncations, info). An id not legal in its game raises
        IllegalActionError naming the game, and no game moves."""
        if not self._started or not self._b:
            self._live()
            raise InvalidError("step before reset: call reset() first")
        a = actions
        if type(a) is not np.ndarray or a.dtype != np.int32 or not a.flags.c_contiguous:
            a = self._actions(actions)
        elif a.shape != (self.num_envs,):
            raise InvalidError(f"actions: shape ({self.num_envs},) expected, not {a.shape}")
        if (self._pool is not None and 0 <= a.min() and a.max() < self.num_actions
                and self.action_masks[self._rows, a].all()):
            self._step_split(a)  # every id legal (the masks are exact): the ranges at once
        else:
            rc = self._step(self._b, a.ctypes.data, self._outref, self._errref)
            if rc != _lib.GB_OK:
                _raise(rc, self._err)
        return (self.observations, self.rewards, self.terminations, self.truncations,
                self._info)

    def _step_split(self, a):
        step = _lib.lib_long.gb_batch_step_range
        data, out = a.ctypes.data, self._outref

        def one(lo, hi):
            err = _lib.gb_error()
            rc = step(self._b, lo, hi, data, out, ctypes.byref(err))
            return rc, err
        futures = [self._pool.submit(one, lo, hi) for lo, hi in self._ranges[1:]]
        results = [one(*self._ranges[0])] + [f.result() for f in futures]
        for rc, err in results:
            if rc != _lib.GB_OK:
                _raise(rc, err)

    def random_actions(self, seed=None):
        """A uniformly random legal id for every game (an int32 array of n, made once and
        overwritten by the next call), drawn in C from this env's own source (seeded by `seed`,
        else going on from the last draw)."""
        self._live()
        if not self._started:  # every mask is empty: it drew -1 for every game
            raise InvalidError("random_actions before reset: call reset() first")
        if seed is not None:
            self._rng.value = _integer(seed, "random_actions: seed", 0, _U64_MAX)
        _lib.lib.gb_batch_random_actions(self._b, self._rngref, self._rand.ctypes.data)
        return self._rand

    def _actions(self, actions):
        a = np.asarray(actions)
        if a.shape != (self.num_envs,):
            raise InvalidError(f"actions: shape ({self.num_envs},) expected, not {a.shape}")
        if a.dtype == np.bool_ or not np.issubdtype(a.dtype, np.integer):
            raise InvalidError(f"actions: integer ids expected, not dtype {a.dtype}")
        if a.size and (int(a.min()) < 0 or int(a.max()) >= self.num_actions):
            i = int(np.argmax((a < 0) | (a >= self.num_actions)))
            raise IllegalActionError(f"game {i}: action {int(a[i])} is outside "
                                     f"0..{self.num_actions - 1}", _lib.GB_EILLEGAL)
        return np.ascontiguousarray(a, dtype=np.int32)
