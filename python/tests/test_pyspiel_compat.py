"""gabata.pyspiel_compat: the surface OpenSpiel's pure-Python algorithms use (evaluate_bots,
MCTSBot with random rollouts, minimax), exercised by small drivers of our own written only
against the module imported as `pyspiel`: an expectiminimax with alpha-beta pruning checked
against a plain expectiminimax without pruning (two methods, one value), a UCT search with
random rollouts as a pyspiel.Bot, and an evaluate-bots loop. No OpenSpiel code is used."""
import math
import random
import sys

import pytest

import gabata
import gabata.pyspiel_compat as compat

GAMES = ["sadeqa", "qelat", "akil", "bulto"]
SHORT = {"qelat": "rounds=1", "akil": "rounds=1"}


@pytest.fixture
def pyspiel():
    saved = sys.modules.get("pyspiel")
    assert compat.install() is compat
    import pyspiel as mod
    yield mod
    if saved is None:
        del sys.modules["pyspiel"]
    else:  # pragma: no cover
        sys.modules["pyspiel"] = saved


def test_names_and_values(pyspiel):
    assert pyspiel is compat
    assert (pyspiel.PlayerId.CHANCE, pyspiel.PlayerId.TERMINAL, pyspiel.PlayerId.INVALID,
            pyspiel.PlayerId.SIMULTANEOUS) == (-1, -4, -3, -2)  # OpenSpiel's kChancePlayerId...
    assert pyspiel.INVALID_ACTION == -1
    T = pyspiel.GameType
    for name in GAMES:
        t = pyspiel.load_game(name).get_type()
        assert t.short_name == name and t.max_num_players == t.min_num_players == 2
        assert t.dynamics == T.Dynamics.SEQUENTIAL
        want = T.ChanceMode.EXPLICIT_STOCHASTIC if name == "qelat" else T.ChanceMode.DETERMINISTIC
        assert t.chance_mode == want and t.chance_mode.name == want.name
        assert t.information == T.Information.PERFECT_INFORMATION
        assert t.utility == T.Utility.ZERO_SUM and t.reward_model == T.RewardModel.TERMINAL
        assert t.dynamics == "sequential"  # the 0.1 text still compares equal
        assert t.provides_observation_tensor and t.provides_information_state_string
    assert {m.name for m in T.ChanceMode} == {"DETERMINISTIC", "EXPLICIT_STOCHASTIC",
                                               "SAMPLED_STOCHASTIC"}
    assert pyspiel.load_game("qelat").max_chance_outcomes() == 2
    assert pyspiel.load_game("bulto").max_chance_outcomes() == 0
    assert issubclass(pyspiel.SpielError, Exception)
    assert pyspiel.Game is gabata.Game and pyspiel.State is gabata.State


@pytest.mark.parametrize("name", GAMES)
def test_state_surface_over_random_games(pyspiel, name):
    opts = (SHORT.get(name, "") + " max-plies=60").strip()
    game = pyspiel.load_game(name, opts)
    n = game.num_distinct_actions()
    shape = game.observation_tensor_shape()
    probe = sorted(set(range(0, n, 97)) | set(range(min(n, 50))))  # every block of the ids
    rng = random.Random(11)
    for _ in range(4):
        s = game.new_initial_state()
        while True:
            assert not s.is_simultaneous_node()
            p = s.current_player()
            assert p in (0, 1, pyspiel.PlayerId.CHANCE, pyspiel.PlayerId.TERMINAL)
            assert len(s.observation_tensor()) == math.prod(shape)
            assert s.information_state_string() == s.information_state_string(0) == \
                s.serialize()
            back = game.deserialize_state(s.serialize())
            assert (back.current_player(), back.legal_actions(), back.position()) == \
                (p, s.legal_actions(), s.position())
            for player in (0, 1):  # any player, any id: a text, never an error
                for a in probe:
                    assert isinstance(s.action_to_string(player, a), str)
            if s.is_terminal():
                break
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                assert len(outcomes) <= game.max_chance_outcomes()
                assert abs(sum(pr for _, pr in outcomes) - 1.0) < 1e-12
                assert [s.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes] \
                    == ["lots: South", "lots: North"]
                s.apply_action(rng.choice([a for a, _ in outcomes]))
            else:
                assert s.legal_actions(1 - p) == []
                s.apply_action(rng.choice(s.legal_actions(p)))
        assert s.move_number() <= game.max_game_length()
        assert sum(s.returns()) == 0 and s.returns()[0] in (-1.0, 0.0, 1.0)


# --- our own drivers, against the pyspiel names only ---

def leaf_value(state, me):
    st = state.stores()
    return (st[me] - st[1 - me]) / 1000.0  # within (-1, 1): a win (+1) is worth more


def expectimax(state, depth, me):
    """Plain expectiminimax without pruning: the reference."""
    if state.is_terminal():
        return state.player_return(me)
    if depth == 0:
        return leaf_value(state, me)
    if state.is_chance_node():
        return sum(pr * expectimax(state.child(a), depth, me) for a, pr in state.chance_outcomes())
    vals = [expectimax(state.child(a), depth - 1, me) for a in state.legal_actions()]
    return max(vals) if state.current_player() == me else min(vals)


def alphabeta(state, depth, alpha, beta, me):
    """Alpha-beta (fail-hard) with chance nodes evaluated as expectations of full windows."""
    if state.is_terminal():
        return state.player_return(me)
    if depth == 0:
        return leaf_value(state, me)
    if state.is_chance_node():
        return sum(pr * alphabeta(state.child(a), depth, -2.0, 2.0, me)
                   for a, pr in state.chance_outcomes())
    if state.current_player() == me:
        v = -2.0
        for a in state.legal_actions():
            c = state.clone()
            c.apply_action(a)
            v = max(v, alphabeta(c, depth - 1, alpha, beta, me))
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return v
    v = 2.0
    for a in state.legal_actions():
        c = state.clone()
        c.apply_action(a)
        v = min(v, alphabeta(c, depth - 1, alpha, beta, me))
        beta = min(beta, v)
        if alpha >= beta:
            break
    return v


@pytest.mark.parametrize("name", GAMES)
def test_alpha_beta_equals_plain_expectiminimax(pyspiel, name):
    game = pyspiel.load_game(name, SHORT.get(name, ""))
    rng = random.Random(5)
    checked = 0
    for _ in range(6):
        s = game.new_initial_state()
        for _ in range(rng.randrange(1, 30)):
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        if s.is_terminal() or s.is_chance_node():
            continue
        me = s.current_player()
        depth = 2 if name == "bulto" else 3
        assert alphabeta(s, depth, -2.0, 2.0, me) == pytest.approx(expectimax(s, depth, me))
        checked += 1
    assert checked >= 3


class UCTBot(compat.Bot):
    """UCT with one random rollout a simulation, chance sampled: a pyspiel.Bot."""

    def __init__(self, game, simulations, rng):
        compat.Bot.__init__(self)
        self.game, self.sims, self.rng = game, simulations, rng

    def rollout(self, s):
        while not s.is_terminal():
            if s.is_chance_node():
                outs, probs = zip(*s.chance_outcomes())
                s.apply_action(self.rng.choices(outs, probs)[0])
            else:
                s.apply_action(self.rng.choice(s.legal_actions()))
        return s.returns()

    def step(self, state):
        root = state.current_player()
        stats = {}  # action -> [visits, total return for root]
        legal = state.legal_actions(root)
        for i in range(max(self.sims, len(legal))):  # every move tried once
            if i < len(legal):
                a = legal[i]
            else:
                n = sum(v[0] for v in stats.values())
                a = max(legal, key=lambda x: stats[x][1] / stats[x][0]
                        + 1.4 * math.sqrt(math.log(n) / stats[x][0]))
            r = self.rollout(state.child(a))[root]
            v = stats.setdefault(a, [0, 0.0])
            v[0] += 1
            v[1] += r
        return max(legal, key=lambda x: stats[x][0])


class RandomBot(compat.Bot):
    def __init__(self, player, rng):
        compat.Bot.__init__(self)
        self.player, self.rng = player, rng

    def step(self, state):
        return self.rng.choice(state.legal_actions(self.player))


def play_bots(pyspiel, state, bots, rng):
    """OpenSpiel's evaluate-bots loop, in our words."""
    for b in bots:
        b.restart_at(state)
    while not state.is_terminal():
        if state.is_chance_node():
            outs, probs = zip(*state.chance_outcomes())
            a = rng.choices(outs, probs)[0]
            for b in bots:
                b.inform_action(state, pyspiel.PlayerId.CHANCE, a)
        elif state.is_simultaneous_node():  # pragma: no cover
            raise AssertionError("the games are sequential")
        else:
            p = state.current_player()
            a = bots[p].step(state)
            assert a != pyspiel.INVALID_ACTION and a in state.legal_actions(p)
            for i, b in enumerate(bots):
                if i != p:
                    b.inform_action(state, p, a)
        state.apply_action(a)
    return state.returns()


@pytest.mark.parametrize("name", GAMES)
def test_uct_bot_plays_whole_games(pyspiel, name):
    game = pyspiel.load_game(name, SHORT.get(name, ""))
    rng = random.Random(3)
    r = play_bots(pyspiel, game.new_initial_state(),
                  [UCTBot(game, 12, random.Random(1)), RandomBot(1, rng)], rng)
    assert sum(r) == 0 and r[0] in (-1.0, 0.0, 1.0)


def test_bot_base_defaults(pyspiel):
    b = pyspiel.Bot()
    s = pyspiel.load_game("sadeqa").new_initial_state()
    b.restart_at(s)
    b.inform_action(s, 0, 0)
    assert not b.provides_policy() and not b.is_clonable()
    with pytest.raises(NotImplementedError):
        b.step(s)
