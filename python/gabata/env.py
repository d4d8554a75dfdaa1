"""An adapter for PettingZoo- and Gymnasium-style loops, written against their documented
interfaces (PettingZoo's AECEnv; Gymnasium's Env and Discrete space) without importing either.

    from gabata.env import GabataEnv
    env = GabataEnv("sadeqa")
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Agents are "south" (player 0) and "north" (player 1). An observation is a dict:
"observation" (State.observation_tensor(): a list, or a numpy array when numpy is installed)
and "action_mask" (a list of 0/1, one per action id; a numpy int8 array with numpy). Qelat's lots
(chance nodes) are drawn by the environment from its own random source, seeded by reset(seed), so
agents only ever see decision points; info["chance"] names the outcome drawn after a move.
Rewards come at the end: +1 / -1 / 0 (State.returns()). A game ended by the ply cap (T3, reason
"cap") is a truncation, as Gymnasium's time limits are; every other end is a termination.

GabataGymEnv is the single-agent Gymnasium-style view: the agent plays one side against a policy
for the other (default: uniformly random); reset() -> (obs, info), step(a) -> (obs, reward,
terminated, truncated, info).
"""
import random

import gabata

try:  # optional: tensors and masks as arrays
    import numpy as _np
except ImportError:  # pragma: no cover
    _np = None

AGENTS = ["south", "north"]


class Discrete:
    """Gymnasium's Discrete(n) as far as loops use it: n, contains, sample(mask), seed."""

    def __init__(self, n, seed=None):
        self.n = int(n)
        self.start = 0
        self.shape = ()
        self._rng = random.Random(seed)

    def seed(self, seed=None):
        self._rng = random.Random(seed)
        return [seed]

    def contains(self, x):
        try:
            return 0 <= int(x) < self.n and int(x) == x
        except (TypeError, ValueError):
            return False

    __contains__ = contains

    def sample(self, mask=None):
        if mask is None:
            return self._rng.randrange(self.n)
        ids = [i for i, m in enumerate(mask) if m]
        if not ids:
            raise ValueError("sample: the mask allows no action")
        return self._rng.choice(ids)

    def __repr__(self):
        return f"Discrete({self.n})"


class Box:
    """Gymnasium's Box as far as a description goes: low, high, shape, dtype."""

    def __init__(self, low, high, shape, dtype="float32"):
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), dtype

    def __repr__(self):
        return f"Box({self.low}, {self.high}, {self.shape}, {self.dtype})"


class Dict:
    def __init__(self, spaces):
        self.spaces = dict(spaces)

    def __getitem__(self, k):
        return self.spaces[k]

    def __repr__(self):
        return f"Dict({self.spaces})"


def _mask(state, n):
    m = [0] * n
    for a in state.legal_actions():
        m[a] = 1
    if _np is not None:
        return _np.array(m, dtype=_np.int8)
    return m


class GabataEnv:
    """PettingZoo AEC-style environment of one gabata game."""

    metadata = {"render_modes": ["human", "ansi"], "name": "gabata_v0", "is_parallelizable": False}

    def __init__(self, name="sadeqa", options="", render_mode=None):
        self.game = gabata.load_game(name, options)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        n = self.game.num_distinct_actions()
        self._n = n
        self._action_spaces = {a: Discrete(n) for a in AGENTS}
        shape = self.game.observation_tensor_shape()
        self._obs_spaces = {a: Dict({"observation": Box(0.0, float("inf"), shape),
                                     "action_mask": Box(0, 1, (n,), "int8")}) for a in AGENTS}
        self._rng = random.Random()
        self.state = None
        self.agents = []

    # --- spaces ---
    def action_space(self, agent):
        return self._action_spaces[agent]

    def observation_space(self, agent):
        return self._obs_spaces[agent]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return 2

    # --- the AEC loop ---
    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = random.Random(seed)
            for i, sp in enumerate(self._action_spaces.values()):
                sp.seed(seed + 1 + i)
        self.state = self.game.new_initial_state()
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self._resolve_chance()
        self.agent_selection = AGENTS[max(self.state.current_player(), 0)]
        self._update_infos()

    def _resolve_chance(self):
        drawn = None
        while self.state.is_chance_node():
            outcomes, probs = zip(*self.state.chance_outcomes())
            drawn = self._rng.choices(outcomes, probs)[0]
            self.state.apply_action(drawn)
        return drawn

    def _update_infos(self):
        for a in self.agents:
            self.infos[a]["action_mask"] = _mask(self.state, self._n) \
                if a == self.agent_selection and not self.state.is_terminal() else \
                _mask_zero(self._n)

    def observe(self, agent):
        return {"observation": self.state.observation_tensor(),
                "action_mask": _mask(self.state, self._n)
                if self.state.current_player() >= 0
                and AGENTS[self.state.current_player()] == agent else _mask_zero(self._n)}

    def last(self, observe=True):
        a = self.agent_selection
        obs = self.observe(a) if observe else None
        return (obs, self._cumulative_rewards[a], self.terminations[a], self.truncations[a],
                self.infos[a])

    def agent_iter(self, max_iter=2 ** 63):
        """Yields the agent to act until every agent is done (PettingZoo's AECIterable)."""
        i = 0
        while self.agents and i < max_iter:
            yield self.agent_selection
            i += 1

    def step(self, action):
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            # a done agent steps with None and leaves (PettingZoo's _was_dead_step)
            if action is not None:
                raise ValueError("step: the game is over for this agent: the action must be None")
            self.agents.remove(a)
            self._cumulative_rewards[a] = 0.0
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        for k in self.rewards:
            self.rewards[k] = 0.0
        self._cumulative_rewards[a] = 0.0
        self.state.apply_action(int(action))
        drawn = self._resolve_chance()
        for k in self.infos:
            self.infos[k].pop("chance", None)
        if drawn is not None:
            for k in self.infos:
                self.infos[k]["chance"] = "south" if drawn == gabata.LOTS_SOUTH else "north"
        if self.state.is_terminal():
            r = self.state.returns()
            cap = self.state.end_reason() == "cap"
            for i, k in enumerate(AGENTS):
                self.rewards[k] = r[i]
                self._cumulative_rewards[k] += r[i]
                self.truncations[k] = cap
                self.terminations[k] = not cap
                self.infos[k]["end_reason"] = self.state.end_reason()
            # the next to step is the other agent, then this one (each sees the end once)
            self.agent_selection = AGENTS[1 - AGENTS.index(a)]
        else:
            self.agent_selection = AGENTS[self.state.current_player()]
        self._update_infos()

    def render(self):
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
        return text

    def close(self):
        pass


def _mask_zero(n):
    return _np.zeros(n, dtype=_np.int8) if _np is not None else [0] * n


def env(name="sadeqa", options="", render_mode=None):
    """PettingZoo's conventional constructor."""
    return GabataEnv(name, options, render_mode)


class GabataGymEnv:
    """Gymnasium-style single-agent view: `side` 0 (South) or 1 (North) against `opponent`, a
    function (state, rng) -> action (default: uniformly random)."""

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(self, name="sadeqa", options="", side=0, opponent=None, render_mode=None):
        self.game = gabata.load_game(name, options)
        self.side = side
        self.opponent = opponent or (lambda st, rng: rng.choice(st.legal_actions()))
        self.render_mode = render_mode
        n = self.game.num_distinct_actions()
        self.action_space = Discrete(n)
        self.observation_space = Dict({
            "observation": Box(0.0, float("inf"), self.game.observation_tensor_shape()),
            "action_mask": Box(0, 1, (n,), "int8")})
        self._rng = random.Random()
        self.state = None

    def _advance(self):
        while not self.state.is_terminal() and self.state.current_player() != self.side:
            if self.state.is_chance_node():
                outcomes, probs = zip(*self.state.chance_outcomes())
                self.state.apply_action(self._rng.choices(outcomes, probs)[0])
            else:
                self.state.apply_action(self.opponent(self.state, self._rng))

    def _obs(self):
        n = self.game.num_distinct_actions()
        mask = _mask(self.state, n) if not self.state.is_terminal() else _mask_zero(n)
        return {"observation": self.state.observation_tensor(), "action_mask": mask}

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = random.Random(seed)
            self.action_space.seed(seed + 1)
        self.state = self.game.new_initial_state()
        self._advance()
        return self._obs(), {}

    def step(self, action):
        self.state.apply_action(int(action))
        self._advance()
        done = self.state.is_terminal()
        reward = self.state.returns()[self.side] if done else 0.0
        cap = done and self.state.end_reason() == "cap"
        info = {"end_reason": self.state.end_reason()} if done else {}
        return self._obs(), reward, done and not cap, cap, info

    def render(self):
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
        return text

    def close(self):
        pass
