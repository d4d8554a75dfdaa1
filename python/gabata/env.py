"""PettingZoo's AEC environment and Gymnasium's single-agent environment of the gabata games.

Where `pettingzoo` and `gymnasium` import, GabataEnv is a real `pettingzoo.AECEnv` and the
spaces are real `gymnasium.spaces`; single() is a real `gymnasium.Env`. Where they do not, the
same classes stand on small stand-ins of ours (the same attributes and methods), so that the
same loop runs either way:

    import gabata.env
    env = gabata.env.env("sadeqa")
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

The contract followed (PettingZoo's AEC documentation, and its api_test):

- agents "south" (player 0) and "north" (player 1); agent_selection is the player to move;
  Qelat's lots (chance, Q7) are drawn inside step() from the environment's source, seeded by
  reset(seed=), so agents only see decision points (info["chance"] names the winner of a draw);
- an observation is {"observation": float32 tensor (State.observation_tensor), "action_mask":
  int8 mask over Discrete(num_distinct_actions)}; the mask is all 0 for an agent not to move
  and at the end. Both come from C (gb_observation_tensor, gb_legal_mask) into buffers made
  once, then copied, so a kept observation never changes;
- rewards hold the last step's rewards only (cleared at every step); _cumulative_rewards add
  them up per agent since that agent last acted, and last() returns that sum: the final +1/-1/0
  comes once, in the step that ends the game, so summing rewards or last()'s counts it once;
- an end by the ply cap (T3, reason "cap") is a truncation, every other end a termination;
  then each agent in turn is stepped with None (a dead step: any other action raises) and is
  removed from agents, rewards, terminations, truncations, infos and _cumulative_rewards;
- render_mode None, "ansi" (render() returns the board) or "human" (prints it).

single(game, opponent="random" | "ai:K" | callable, side=0, illegal="lose" | "raise") is the
Gymnasium view: one side against a fixed opponent; see its docstring for illegal actions.
"""
import random

import gabata
from gabata import _lib

try:  # optional: tensors and masks as arrays (gymnasium and pettingzoo need it too)
    import numpy as _np
except ImportError:  # pragma: no cover
    _np = None

try:
    import gymnasium as _gym
    from gymnasium import spaces as _gym_spaces
except ImportError:
    _gym = _gym_spaces = None

try:
    from pettingzoo import AECEnv as _AECEnv
except ImportError:
    _AECEnv = None

AGENTS = ["south", "north"]


# --- spaces: gymnasium's where it imports, else small stand-ins with the same interface ---

def _ones(b):
    """The offsets of the 1 bytes of b: one memchr a legal id (bytes.count is a slow loop)."""
    out = []
    i = b.find(b"\x01")
    while i >= 0:
        out.append(i)
        i = b.find(b"\x01", i + 1)
    return out


def _integer_or_none(x):
    """x as an int when it is an integer (Python or numpy, or a 0-d integer array), else None."""
    if isinstance(x, bool):
        return None
    if isinstance(x, int):
        return x
    if _np is not None and isinstance(x, (_np.integer, _np.ndarray)):
        if x.shape == () and _np.issubdtype(x.dtype, _np.integer):
            return int(x)
    return None


class Discrete:
    """Gymnasium's Discrete(n) as loops use it: n, start, shape, dtype, contains, seed,
    sample(mask). sample(mask) picks uniformly among the ids whose mask entry is 1 without a
    Python loop over the mask (a numpy array, bytes or bytearray; a list is scanned)."""

    def __init__(self, n, start=0, seed=None):
        self.n = int(n)
        self.start = int(start)
        self.shape = ()
        self.dtype = _np.dtype(_np.int64) if _np is not None else "int64"
        self._rng = random.Random(seed)

    def seed(self, seed=None):
        self._rng = random.Random(seed)
        return [seed]

    def contains(self, x):
        """As gymnasium's: an integer (Python, numpy, or a 0-d integer array) in range; a float
        such as 2.0, a bool, a string or a longer array is not an element."""
        v = _integer_or_none(x)
        return v is not None and self.start <= v < self.start + self.n

    __contains__ = contains

    def sample(self, mask=None, probability=None):
        if mask is None:
            return self.start + self._rng.randrange(self.n)
        if _np is not None and isinstance(mask, _np.ndarray):
            mask = _np.asarray(mask, dtype=_np.int8).tobytes()
        if isinstance(mask, (bytes, bytearray, memoryview)):
            ids = _ones(bytes(mask))
        else:
            ids = [i for i, m in enumerate(mask) if m == 1]
        if not ids:
            return self.start  # as gymnasium: an all-0 mask gives `start`
        return self.start + ids[self._rng.randrange(len(ids))]

    def __eq__(self, other):
        return isinstance(other, Discrete) and (self.n, self.start) == (other.n, other.start)

    def __hash__(self):
        return hash((self.n, self.start))

    def __repr__(self):
        return f"Discrete({self.n})"


class Box:
    """Gymnasium's Box as loops use it: low, high, shape, dtype, contains, seed, sample."""

    def __init__(self, low, high, shape, dtype="float32", seed=None):
        self.shape = tuple(shape)
        n = 1
        for d in self.shape:
            n *= d
        self.low = list(low) if isinstance(low, (list, tuple)) else [low] * n
        self.high = list(high) if isinstance(high, (list, tuple)) else [high] * n
        self.dtype = _np.dtype(dtype) if _np is not None else dtype
        self._rng = random.Random(seed)
        if _np is not None:  # contains() in numpy: Bulto's mask has 20,481 entries
            self._lo = _np.array(self.low, dtype=_np.float64).reshape(self.shape)
            self._hi = _np.array(self.high, dtype=_np.float64).reshape(self.shape)

    def seed(self, seed=None):
        self._rng = random.Random(seed)
        return [seed]

    def contains(self, x):
        if _np is not None and isinstance(x, _np.ndarray):
            return (x.shape == self.shape and _np.can_cast(x.dtype, self.dtype)
                    and bool(_np.all(x >= self._lo)) and bool(_np.all(x <= self._hi)))
        try:
            vals = list(x.ravel()) if _np is not None and isinstance(x, _np.ndarray) else list(x)
        except TypeError:
            return False
        if _np is not None and isinstance(x, _np.ndarray) and x.shape != self.shape:
            return False
        return len(vals) == len(self.low) and all(
            lo <= v <= hi for v, lo, hi in zip(vals, self.low, self.high))

    __contains__ = contains

    def sample(self, mask=None):
        integer = str(self.dtype).startswith("int")
        vals = [self._rng.randint(int(lo), int(hi)) if integer else self._rng.uniform(lo, hi)
                for lo, hi in zip(self.low, self.high)]
        if _np is not None:
            return _np.array(vals, dtype=self.dtype).reshape(self.shape)
        return vals

    def __eq__(self, other):
        return isinstance(other, Box) and (self.shape, self.low, self.high, str(self.dtype)) == \
            (other.shape, other.low, other.high, str(other.dtype))

    def __hash__(self):
        return hash(self.shape)

    def __repr__(self):
        return f"Box({min(self.low)}, {max(self.high)}, {self.shape}, {self.dtype})"


class Dict:
    """Gymnasium's Dict space as loops use it: spaces, [key], keys, contains, seed, sample."""

    def __init__(self, spaces, seed=None):
        self.spaces = dict(spaces)
        self.shape = None
        self.dtype = None
        if seed is not None:
            self.seed(seed)

    def __getitem__(self, k):
        return self.spaces[k]

    def __iter__(self):
        return iter(self.spaces)

    def keys(self):
        return self.spaces.keys()

    def seed(self, seed=None):
        """Seeds every subspace (seed, seed+1, ... in key order); returns their seeds."""
        out = []
        for i, sp in enumerate(self.spaces.values()):
            out += sp.seed(None if seed is None else seed + i)
        return out

    def contains(self, x):
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and all(
            self.spaces[k].contains(v) for k, v in x.items())

    __contains__ = contains

    def sample(self, mask=None):
        return {k: sp.sample() for k, sp in self.spaces.items()}

    def __eq__(self, other):
        return isinstance(other, Dict) and self.spaces == other.spaces

    def __hash__(self):
        return hash(tuple(self.spaces))

    def __repr__(self):
        return f"Dict({self.spaces})"


def _spaces(game):
    """(action space, observation space) of a game: Discrete(num_distinct_actions), and
    Dict(observation: Box of the tensor, action_mask: Box(0, 1, int8)). The tensor's bounds:
    counts and stores are bytes in the library (0..255), the planes and flags 0/1."""
    n = game.num_distinct_actions()
    H = game.holes
    high = [255.0] * H + [1.0] * (5 * H) + [255.0, 255.0, 1.0, 1.0]
    if _gym_spaces is not None:
        S = _gym_spaces
        obs = S.Dict({"observation": S.Box(0.0, _np.array(high, dtype=_np.float32),
                                           (6 * H + 4,), _np.float32),
                      "action_mask": S.Box(0, 1, (n,), _np.int8)})
        return S.Discrete(n), obs
    return Discrete(n), Dict({"observation": Box(0.0, high, (6 * H + 4,), "float32"),
                              "action_mask": Box(0, 1, (n,), "int8")})


class _Observer:
    """The observation of one environment: the tensor and the mask from C, copied out of this
    thread's buffers (gb_observation_tensor, gb_legal_mask) once per position."""

    def __init__(self, game):
        self.n = game.num_distinct_actions()
        self.size = 6 * game.holes + 4
        self._key = None
        self._tensor = self._mask = None
        self._zero = None

    def zero_mask(self):
        if _np is not None:
            return _np.zeros(self.n, dtype=_np.int8)
        return bytes(self.n)

    def get(self, state, key):
        """(tensor, mask of the player to move) of `state`, computed once per `key`."""
        if key != self._key:
            t = state.observation_buffer()
            over = state.is_terminal()
            m = None if over else state.legal_mask_buffer()
            if _np is not None:
                self._tensor = _np.frombuffer(t, dtype=_np.float32).copy()
                self._mask = self.zero_mask() if over else \
                    _np.frombuffer(m, dtype=_np.int8).copy()
            else:
                self._tensor = list(t)
                self._mask = bytes(self.n) if over else bytes(m)
            self._key = key
        return self._tensor, self._mask


def _fresh(tensor, mask):
    """An observation of copies: one the caller keeps never changes, nor does another's."""
    if _np is not None:
        return {"observation": tensor.copy(), "action_mask": mask.copy()}
    return {"observation": list(tensor), "action_mask": mask}


def _draw_chance(state, rng):
    """Resolve chance nodes (Qelat's lots) from rng; the last outcome drawn, or None."""
    drawn = None
    while state.is_chance_node():
        drawn = gabata.LOTS_SOUTH if rng.random() < 0.5 else gabata.LOTS_NORTH
        state.apply_action(drawn)
    return drawn


def _as_action(space, action):
    """An action id as int, or ValueError when it is not an element of the action space."""
    v = _integer_or_none(action)
    if v is None:  # 2.0, True, "2", [2]: not elements of Discrete (gymnasium's contains)
        raise gabata.InvalidError(f"step: {action!r} is not an action id (an integer in "
                                  f"0..{space.n - 1})")
    if not 0 <= v < space.n:
        raise gabata.IllegalActionError(f"step: action {v} is not an action of this "
                                        f"game (0..{space.n - 1})", _lib.GB_EILLEGAL)
    return v


class _AECBase:
    """PettingZoo's AECEnv where pettingzoo is missing: the members loops and tests use."""

    metadata = {}

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    def agent_iter(self, max_iter=2 ** 63):
        """Yields agent_selection until no agent is left (or max_iter times)."""
        i = 0
        while self.agents and i < max_iter:
            i += 1
            yield self.agent_selection

    @property
    def unwrapped(self):
        return self

    def __str__(self):
        return self.metadata.get("name", type(self).__name__)


class GabataEnv(_AECEnv if _AECEnv is not None else _AECBase):
    """PettingZoo AEC environment of one gabata game (see the module's docstring)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "gabata_v1",
                "is_parallelizable": False}

    def __init__(self, name="sadeqa", options="", render_mode=None):
        super().__init__()
        if render_mode not in (None, "human", "ansi"):
            raise gabata.InvalidError(f"render_mode {render_mode!r}: None, 'human' or 'ansi'")
        self.game = gabata.load_game(name, options)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.action_spaces, self.observation_spaces = {}, {}
        for a in AGENTS:
            self.action_spaces[a], self.observation_spaces[a] = _spaces(self.game)
        self._observer = _Observer(self.game)
        self._rng = random.Random()
        self._moves = 0  # changes with every position: the observer's cache key
        self.game_state = None
        self.agents = []
        self.rewards, self._cumulative_rewards = {}, {}
        self.terminations, self.truncations, self.infos = {}, {}, {}
        self.agent_selection = None

    # --- spaces: the same object every call (seeding them works) ---
    def action_space(self, agent):
        return self.action_spaces[agent]

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    # --- the AEC loop ---
    def reset(self, seed=None, options=None):
        """A new game. seed: the source of Qelat's lots and the action spaces' sampling (seed+1,
        seed+2); None keeps the sources as they are. options: unused (the game's options are
        given to the constructor)."""
        if seed is not None:
            self._rng = random.Random(seed)
            for i, a in enumerate(AGENTS):
                self.action_spaces[a].seed(seed + 1 + i)
        self.game_state = self.game.new_initial_state()
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self._skip_agent_selection = None
        self._moves += 1
        _draw_chance(self.game_state, self._rng)
        self.agent_selection = AGENTS[self.game_state.current_player()]

    def _need_reset(self):
        if self.game_state is None:
            raise gabata.InvalidError("the environment has no game yet: call reset() first")

    def observe(self, agent):
        self._need_reset()
        if agent not in AGENTS:
            raise gabata.InvalidError(f"observe: unknown agent {agent!r} ('south' or 'north')")
        tensor, mask = self._observer.get(self.game_state, self._moves)
        st = self.game_state
        to_move = st.current_player()
        if not (0 <= to_move <= 1 and AGENTS[to_move] == agent):
            mask = self._observer.zero_mask()
        return _fresh(tensor, mask)

    def last(self, observe=True):
        """(observation, the reward accumulated since this agent last acted, terminated,
        truncated, info) of agent_selection."""
        self._need_reset()
        a = self.agent_selection
        return (self.observe(a) if observe else None, self._cumulative_rewards[a],
                self.terminations[a], self.truncations[a], self.infos[a])

    def state(self):
        """The global state (PettingZoo's state()): the observation tensor (nothing is hidden)."""
        self._need_reset()
        return self._observer.get(self.game_state, self._moves)[0].copy()

    def _dead_step(self, action):
        """A done agent is stepped with None: it leaves every per-agent dict, the next done
        agent (else the live one) is selected, and rewards are cleared."""
        if action is not None:
            raise gabata.GameOverError("step: the game is over for this agent: the only action "
                                       "is None", _lib.GB_EOVER)
        a = self.agent_selection
        for d in (self.terminations, self.truncations, self.rewards, self._cumulative_rewards,
                  self.infos):
            del d[a]
        self.agents.remove(a)
        done = [x for x in self.agents if self.terminations[x] or self.truncations[x]]
        if done:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = a
            self.agent_selection = done[0]
        else:
            if self._skip_agent_selection is not None and self.agents:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        for x in self.rewards:
            self.rewards[x] = 0.0

    def step(self, action):
        """Plays agent_selection's action (an id of action_space; IllegalActionError with the
        rules' reason when it is not legal, the game unchanged), draws any lots, and selects the
        next agent. Returns None."""
        self._need_reset()
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            self._dead_step(action)
            return
        if action is None:
            raise gabata.InvalidError(f"step: None is only for a done agent; {a} is to move")
        act = _as_action(self.action_spaces[a], action)
        st = self.game_state
        st.apply_action(act)  # raises before anything below changes
        self._moves += 1
        self._cumulative_rewards[a] = 0.0
        for k in self.rewards:
            self.rewards[k] = 0.0
        for k in self.infos:
            self.infos[k].pop("chance", None)
        drawn = _draw_chance(st, self._rng)
        if drawn is not None:
            for k in self.infos:
                self.infos[k]["chance"] = "south" if drawn == gabata.LOTS_SOUTH else "north"
        if st.is_terminal():
            r = st.returns()
            reason = st.end_reason()
            for i, k in enumerate(AGENTS):
                self.rewards[k] = r[i]
                self.truncations[k] = reason == "cap"
                self.terminations[k] = reason != "cap"
                self.infos[k]["end_reason"] = reason
            # the other agent sees the end first, then this one (each steps None once)
            self.agent_selection = AGENTS[1 - AGENTS.index(a)]
        else:
            self.agent_selection = AGENTS[st.current_player()]
        for k in self.rewards:
            self._cumulative_rewards[k] += self.rewards[k]
        if self.render_mode == "human":
            self.render()

    def render(self):
        """render_mode "ansi": the board as text; "human": printed too; None: nothing."""
        if self.render_mode is None:
            if _gym is not None:
                _gym.logger.warn("You are calling render method without specifying any render "
                                 "mode.")
            return None
        if self.game_state is None:
            raise gabata.InvalidError("render: no game yet: call reset() first")
        text = str(self.game_state)
        if self.render_mode == "human":
            print(text)
        return text

    def close(self):
        pass


def env(name="sadeqa", options="", render_mode=None):
    """PettingZoo's conventional constructor."""
    return GabataEnv(name, options, render_mode)


raw_env = env


class GabataSingleEnv(_gym.Env if _gym is not None else object):
    """Gymnasium's single-agent view of a game (single() makes one; see its docstring)."""

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(self, name="sadeqa", options="", side=0, opponent="random", illegal="lose",
                 render_mode=None):
        if side in ("south", "north"):
            side = AGENTS.index(side)
        if side not in (0, 1):
            raise gabata.InvalidError(f"side {side!r}: 0 (South) or 1 (North)")
        if illegal not in ("lose", "raise"):
            raise gabata.InvalidError(f"illegal={illegal!r}: 'lose' or 'raise'")
        if render_mode not in (None, "human", "ansi"):
            raise gabata.InvalidError(f"render_mode {render_mode!r}: None, 'human' or 'ansi'")
        self.game = gabata.load_game(name, options)
        self.side, self.illegal, self.render_mode = side, illegal, render_mode
        self.opponent_spec = opponent
        self._opponent = self._make_opponent(opponent)
        self.action_space, self.observation_space = _spaces(self.game)
        self._observer = _Observer(self.game)
        self._rng = random.Random()
        self._moves = 0
        self._over = True
        self.game_state = None

    @staticmethod
    def _make_opponent(spec):
        if callable(spec):
            return spec
        if spec == "random":
            return lambda st, rng: rng.choice(st.legal_actions())
        if isinstance(spec, str) and spec.startswith("ai:"):
            try:
                level = int(spec[3:])
            except ValueError:
                level = 0
            if 1 <= level <= 8:
                return lambda st, rng: st.best_move(level=level, seed=rng.getrandbits(63))
        raise gabata.InvalidError(f"opponent {spec!r}: 'random', 'ai:1' .. 'ai:8', or a function "
                                  "(state, rng) -> action")

    def _advance(self):
        st = self.game_state
        while not st.is_terminal() and st.current_player() != self.side:
            if st.is_chance_node():
                _draw_chance(st, self._rng)
            else:
                a = self._opponent(st, self._rng)
                if isinstance(a, str):
                    st.apply_move_text(a)  # a layout outside the catalogue, as best_move gives
                else:
                    st.apply_action(a)
        self._moves += 1

    def _obs(self):
        tensor, mask = self._observer.get(self.game_state, self._moves)
        return _fresh(tensor, mask)

    def reset(self, seed=None, options=None):
        """A new game; the opponent moves first when it has the first move. seed: the source of
        the opponent's choices and Qelat's lots (and action_space's sampling, seed+1); None keeps
        the source running. Returns (observation, info)."""
        if _gym is not None:
            super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
            self.action_space.seed(seed + 1)
        self.game_state = self.game.new_initial_state()
        self._over = False
        self._advance()
        return self._obs(), {}

    def step(self, action):
        """Plays the agent's action, then the opponent's replies (and lots) until the agent is
        to move again or the game ends. Returns (observation, reward, terminated, truncated,
        info): reward +1 / -1 / 0 from the agent's side at the end, else 0; a game ended by the
        ply cap (T3) is truncated, every other end terminated. An action outside action_space
        raises ValueError (gabata.InvalidError or IllegalActionError) whatever `illegal` says;
        an id of the space that is not legal here: see single()."""
        if self._over:
            raise gabata.GameOverError("step: the episode is over: call reset()", _lib.GB_EOVER)
        act = _as_action(self.action_space, action)
        st = self.game_state
        try:
            st.apply_action(act)
        except gabata.IllegalActionError as e:
            if self.illegal == "raise":
                raise
            self._over = True
            self._moves += 1
            return self._obs_over(), -1.0, True, False, {"illegal": True, "reason": e.message,
                                                          "end_reason": "illegal"}
        self._advance()
        if self.render_mode == "human":
            self.render()
        if not st.is_terminal():
            return self._obs(), 0.0, False, False, {}
        self._over = True
        reason = st.end_reason()
        return (self._obs(), float(st.returns()[self.side]), reason != "cap", reason == "cap",
                {"end_reason": reason})

    def _obs_over(self):
        tensor, _ = self._observer.get(self.game_state, self._moves)
        return _fresh(tensor, self._observer.zero_mask())

    def render(self):
        if self.render_mode is None:
            if _gym is not None:
                _gym.logger.warn("You are calling render method without specifying any render "
                                 "mode.")
            return None
        if self.game_state is None:
            raise gabata.InvalidError("render: no game yet: call reset() first")
        text = str(self.game_state)
        if self.render_mode == "human":
            print(text)
        return text

    def close(self):
        pass


def single(game="sadeqa", opponent="random", options="", side=0, illegal="lose",
           render_mode=None):
    """Gymnasium's single-agent environment: the agent plays `side` (0 South, 1 North) of
    `game` against `opponent`: "random" (uniform over the legal actions), "ai:1" .. "ai:8" (the
    levels of docs/ai.md; 6-8 think for a time, so they are not reproducible), or a function
    (state, rng) -> action. A gymnasium.Env when gymnasium imports.

    `illegal` says what an action id of the space that is not legal here does:
    "lose" (the default, as Gymnasium asks an env to take any element of its action space): the
    episode ends, terminated, reward -1, info {"illegal": True, "reason": the rules' reason,
    "end_reason": "illegal"}; the game is left as it was, and step() raises GameOverError until
    reset(). "raise": gabata.IllegalActionError (a ValueError) with the rules' reason, and
    nothing changes: the agent may step again."""
    return GabataSingleEnv(game, options, side, opponent, illegal, render_mode)


def GabataGymEnv(name="sadeqa", options="", side=0, opponent=None, render_mode=None,
                 illegal="raise"):
    """The single-agent env under its 0.1 name (an illegal action raises, as it did)."""
    return GabataSingleEnv(name, options, side, opponent or "random", illegal, render_mode)
