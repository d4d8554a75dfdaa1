"""gabata.env.GabataEnv against PettingZoo's documented AEC rules, each checked here in our own
words (neither pettingzoo nor gymnasium is needed: where they import, the same checks run on the
real base classes): agent selection, observations in their spaces, rewards vs
_cumulative_rewards (the final reward counted once), dead steps, truncations, render_mode,
seeding through reset(seed=). The expected values come from the game itself (State.returns(),
legal_actions()), never from the environment's own bookkeeping."""
import pytest

import gabata
import gabata.env as ge

GAMES = ["sadeqa", "qelat", "akil", "bulto"]
SHORT = {"qelat": "rounds=1", "akil": "rounds=1"}

try:
    import numpy as np
except ImportError:  # pragma: no cover
    np = None


def ids(mask):
    if np is not None:
        return [int(i) for i in np.flatnonzero(np.asarray(mask))]
    return [i for i in range(len(mask)) if mask[i]]


def test_real_base_classes_where_they_import():
    try:
        import pettingzoo
    except ImportError:
        pytest.skip("pettingzoo is not installed: the stand-in base is used")
    import gymnasium
    e = ge.env("sadeqa")
    assert isinstance(e, pettingzoo.AECEnv)
    assert isinstance(e.action_space("south"), gymnasium.spaces.Discrete)
    assert isinstance(e.observation_space("south"), gymnasium.spaces.Dict)


def test_reset_and_spaces():
    e = ge.env("sadeqa")
    assert e.reset(seed=0, options={"anything": 1}) is None
    assert e.agents == e.possible_agents == ["south", "north"]
    assert e.num_agents == 2 and e.max_num_agents == 2
    assert not any(e.terminations.values()) and not any(e.truncations.values())
    assert e.rewards == {"south": 0, "north": 0} == e._cumulative_rewards
    assert e.agent_selection == "south"  # S1: South opens
    for a in e.agents:  # the same object every call: seeding them works
        assert e.action_space(a) is e.action_space(a)
        assert e.observation_space(a) is e.observation_space(a)
        assert e.action_space(a).n == 17
    obs, rew, term, trunc, info = e.last()
    assert set(obs) == {"observation", "action_mask"}
    assert len(obs["observation"]) == 6 * 16 + 4
    assert ids(obs["action_mask"]) == list(range(8))
    assert e.observation_space("south").contains(obs)
    assert e.last(observe=False)[0] is None
    if np is not None:
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
    # the agent not to move sees the board and an all-0 mask
    other = e.observe("north")
    assert ids(other["action_mask"]) == []
    assert list(other["observation"]) == list(obs["observation"])


@pytest.mark.parametrize("name", GAMES)
def test_aec_rules_over_whole_games(name):
    """Every step of random games: the selection is the player to move, the mask is exactly
    the legal actions, observations lie in their space; the reward last() returns is what the
    rewards dict gave since that agent last acted; the final return is counted once; after
    the end each agent steps None once and leaves every per-agent dict."""
    e = ge.env(name, SHORT.get(name, ""))
    for seed in range(3):
        e.reset(seed=seed)
        acc = {a: 0.0 for a in e.agents}      # rewards seen since each agent last acted
        total = {a: 0.0 for a in e.agents}    # every reward the rewards dict ever held
        finals, steps = {}, 0
        for agent in e.agent_iter(max_iter=100000):
            obs, reward, term, trunc, info = e.last()
            assert reward == acc[agent]
            acc[agent] = 0.0
            assert e.observation_space(agent).contains(obs)
            assert isinstance(term, bool) and isinstance(trunc, bool)
            if term or trunc:
                finals[agent] = reward
                before = list(e.agents)
                assert e.step(None) is None
                assert agent not in e.agents and len(e.agents) == len(before) - 1
                for d in (e.rewards, e.terminations, e.truncations, e.infos,
                          e._cumulative_rewards):
                    assert set(d) == set(e.agents)
                assert all(r == 0 for r in e.rewards.values())  # cleared by the dead step
            else:
                st = e.game_state
                assert agent == ["south", "north"][st.current_player()]
                assert ids(obs["action_mask"]) == st.legal_actions()
                action = e.action_space(agent).sample(obs["action_mask"])
                assert e.step(action) is None
                steps += 1
                for a, r in e.rewards.items():
                    acc[a] += r
                    total[a] += r
                assert set(e.rewards) == set(e.agents)
        assert e.agents == [] and list(e.agent_iter()) == []
        want = e.game_state.returns()
        assert finals == {"south": want[0], "north": want[1]}
        assert total == finals  # the final +-1 once, in the step that ended the game
        assert steps == e.game_state.move_number()


def test_dead_step_takes_only_none_and_live_step_not_none():
    e = ge.env("sadeqa", "max-plies=4")
    e.reset(seed=1)
    with pytest.raises(gabata.InvalidError):
        e.step(None)  # South is to move: None is only for a done agent
    while not any(e.terminations.values()) and not any(e.truncations.values()):
        e.step(ids(e.last()[0]["action_mask"])[0])
    a = e.agent_selection
    with pytest.raises(gabata.GameOverError):
        e.step(0)
    assert a in e.agents  # nothing changed
    e.step(None)
    e.step(None)
    assert e.agents == []


def test_cap_is_a_truncation_every_other_end_a_termination():
    e = ge.env("sadeqa", "max-plies=10")  # T3: the 10th ply ends the game by the cap
    e.reset(seed=2)
    while e.agents:
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else e.action_space(e.agent_selection).sample(
            obs["action_mask"]))
        if e.agents and (any(e.terminations.values()) or any(e.truncations.values())):
            assert e.truncations == {a: True for a in e.agents}
            assert e.terminations == {a: False for a in e.agents}
            assert all(i["end_reason"] == "cap" for i in e.infos.values())
    assert e.game_state.end_reason() == "cap" and e.game_state.ply() == 10
    e = ge.env("sadeqa")
    e.reset(seed=2)
    while e.agents:
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            assert term and not trunc  # the rule ended it (S5), not the cap
        e.step(None if term or trunc else e.action_space(e.agent_selection).sample(
            obs["action_mask"]))
    assert e.game_state.end_reason() == "rule"


def test_seed_reproduces_the_game_with_its_lots():
    def run(seed):
        e = ge.env("qelat")  # lots (Q7) are drawn by the environment
        e.reset(seed=seed)
        lots = 0
        for agent in e.agent_iter(max_iter=3000):
            obs, _, term, trunc, info = e.last()
            lots += "chance" in info
            e.step(None if term or trunc else e.action_space(agent).sample(obs["action_mask"]))
        return e.game_state.serialize(), lots
    a, b, c = run(9), run(9), run(10)
    assert a == b and a[0] != c[0]
    assert a[1] > 0  # the run met the lots: the seed decided them too


def test_actions_numpy_illegal_and_outside():
    e = ge.env("sadeqa")
    e.reset(seed=0)
    if np is not None:
        e.step(np.int32(0))  # any integer type of the space
    else:
        e.step(0)
    pos = e.game_state.position()
    sel = e.agent_selection
    with pytest.raises(gabata.IllegalActionError):
        e.step(0)  # North cannot sow South's hole A
    with pytest.raises(gabata.IllegalActionError):
        e.step(17)  # outside Discrete(17)
    with pytest.raises(gabata.InvalidError):
        e.step("a")
    with pytest.raises(gabata.InvalidError):
        e.step(8.5)
    assert e.game_state.position() == pos and e.agent_selection == sel
    assert e.rewards == {"south": 0, "north": 0}


def test_kept_observations_do_not_change():
    e = ge.env("bulto")
    e.reset(seed=3)
    obs = e.last()[0]
    keep_t, keep_m = list(obs["observation"]), ids(obs["action_mask"])
    for _ in range(6):
        o, _, term, trunc, _ = e.last()
        e.step(e.action_space(e.agent_selection).sample(o["action_mask"]))
    assert list(obs["observation"]) == keep_t and ids(obs["action_mask"]) == keep_m


def test_render_modes(capsys):
    e = ge.env("sadeqa")
    e.reset(seed=0)
    assert e.render() is None
    e = ge.env("sadeqa", render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert text == str(e.game_state) and "South" in text
    assert capsys.readouterr().out == ""
    e = ge.env("sadeqa", render_mode="human")
    e.reset(seed=0)
    e.render()
    assert str(e.game_state) in capsys.readouterr().out
    with pytest.raises(gabata.InvalidError):
        ge.env("sadeqa", render_mode="rgb_array")
    e.close()


@pytest.mark.parametrize("name", GAMES)
def test_mask_from_c_is_the_legal_actions(name):
    """State.legal_mask_buffer (gb_legal_mask, plus L'ab al-Akil's layout catalogue) against
    State.legal_actions (the Python decoding of gb_legal_moves), over random games."""
    import random
    g = gabata.load_game(name, SHORT.get(name, ""))
    rng = random.Random(4)
    for _ in range(3):
        s = g.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                assert ids(s.legal_mask_buffer()) == []
                s.apply_action(rng.choice([0, 1]))
                continue
            assert ids(s.legal_mask_buffer()) == s.legal_actions()
            assert ids(s.legal_actions_mask()) == s.legal_actions()
            s.apply_action(rng.choice(s.legal_actions()))
        assert ids(s.legal_mask_buffer()) == []


def test_stand_in_discrete_samples_only_legal_ids_uniformly():
    sp = ge.Discrete(20)
    sp.seed(5)
    masks = [bytes([0, 1, 0, 1] + [0] * 15 + [1]), bytearray([0, 1, 0, 1] + [0] * 15 + [1]),
             [0, 1, 0, 1] + [0] * 15 + [1]]
    if np is not None:
        masks.append(np.array(masks[2], dtype=np.int8))
    for m in masks:
        seen = {}
        for _ in range(3000):
            a = sp.sample(m)
            seen[a] = seen.get(a, 0) + 1
        assert set(seen) == {1, 3, 19}
        assert all(800 < c < 1200 for c in seen.values())  # 1000 each expected
    assert sp.sample(bytes(20)) == 0  # no legal id: `start`, as gymnasium's Discrete
    sp.seed(7)
    a = [sp.sample() for _ in range(10)]
    sp.seed(7)
    assert a == [sp.sample() for _ in range(10)]
    assert sp.contains(3) and not sp.contains(20) and not sp.contains(2.5) \
        and not sp.contains(-1) and not sp.contains(True)


def test_stand_in_dict_space_seeds_and_contains():
    d = ge.Dict({"a": ge.Discrete(4), "b": ge.Box(0, 1, (3,), "int8")})
    assert d.seed(3) == [3, 4]
    x = d.sample()
    d.seed(3)
    y = d.sample()
    assert list(x["b"]) == list(y["b"]) and x["a"] == y["a"]
    assert d.contains(x)
    assert not d.contains({"a": 9, "b": [0, 0, 0]}) and not d.contains({"a": 1})
    assert d["a"].n == 4 and list(d.keys()) == ["a", "b"]
