"""gabata.env.single: Gymnasium's single-agent contract (reset -> (obs, info), step -> 5-tuple,
observations in observation_space, seeding through reset(seed=), the reward from the agent's
side once at the end, the cap as a truncation) and what an illegal action does under
illegal="lose" and illegal="raise"; written from Gymnasium's documentation (and what its
check_env checks), without gymnasium."""
import pytest

import gabata
import gabata.env as ge

try:
    import numpy as np
except ImportError:  # pragma: no cover
    np = None


def ids(mask):
    if np is not None:
        return [int(i) for i in np.flatnonzero(np.asarray(mask))]
    return [i for i in range(len(mask)) if mask[i]]


def test_a_gymnasium_env_where_it_imports():
    try:
        import gymnasium
    except ImportError:
        pytest.skip("gymnasium is not installed: the stand-in spaces are used")
    e = ge.single("sadeqa")
    assert isinstance(e, gymnasium.Env)
    assert isinstance(e.action_space, gymnasium.spaces.Discrete)


@pytest.mark.parametrize("name", ["sadeqa", "qelat", "akil", "bulto"])
@pytest.mark.parametrize("side", [0, 1])
def test_episodes_reward_once_at_the_end(name, side):
    e = ge.single(name, options="rounds=1" if name in ("qelat", "akil") else "", side=side)
    for seed in range(2):
        obs, info = e.reset(seed=seed)
        assert isinstance(info, dict) and e.observation_space.contains(obs)
        total, steps = 0.0, 0
        while True:
            st = e.game_state
            assert st.current_player() == side  # the opponent has replied (lots drawn)
            assert ids(obs["action_mask"]) == st.legal_actions()
            obs, r, term, trunc, info = e.step(e.action_space.sample(obs["action_mask"]))
            assert e.observation_space.contains(obs)
            assert isinstance(r, float) and isinstance(term, bool) and isinstance(trunc, bool)
            total += r
            steps += 1
            if term or trunc:
                break
            assert r == 0.0
        assert total == st.returns()[side]
        assert info["end_reason"] == st.end_reason()
        assert trunc == (st.end_reason() == "cap") and term != trunc
        assert ids(obs["action_mask"]) == []
        with pytest.raises(gabata.GameOverError):
            e.step(0)


def test_the_opponent_opens_for_north():
    e = ge.single("sadeqa", side=1)
    obs, _ = e.reset(seed=1)
    st = e.game_state
    assert st.move_number() == 1 and st.current_player() == 1  # South (S1) has moved


def test_reset_seed_determinism_as_check_env_asks():
    e = ge.single("qelat", side=1, opponent="random")
    o1, _ = e.reset(seed=123)
    o2, _ = e.reset()
    o3, _ = e.reset(seed=123)
    assert list(o1["observation"]) == list(o3["observation"])
    a = e.action_space.sample(o3["action_mask"])
    s1 = e.step(a)
    e.reset(seed=123)
    s2 = e.step(a)
    assert list(s1[0]["observation"]) == list(s2[0]["observation"]) and s1[1:] == s2[1:]
    # a whole episode replays for the same seed
    def run():
        obs, _ = e.reset(seed=7)
        e.action_space.seed(8)
        done = False
        while not done:
            obs, _, t, tr, _ = e.step(e.action_space.sample(obs["action_mask"]))
            done = t or tr
        return e.game_state.serialize()
    assert run() == run()


def test_illegal_lose_ends_the_episode_with_a_loss():
    e = ge.single("sadeqa", illegal="lose")
    obs, _ = e.reset(seed=0)
    pos = e.game_state.position()
    obs, r, term, trunc, info = e.step(8)  # North's hole a: not South's to sow (S1)
    assert (r, term, trunc) == (-1.0, True, False)
    assert info["illegal"] is True and info["end_reason"] == "illegal"
    assert "own row" in info["reason"]  # the rules' reason, from the library
    assert ids(obs["action_mask"]) == [] and e.observation_space.contains(obs)
    assert e.game_state.position() == pos  # the game is left as it was
    with pytest.raises(gabata.GameOverError):
        e.step(0)
    obs, _ = e.reset()
    e.step(0)  # a new episode plays on


def test_illegal_raise_changes_nothing():
    e = ge.single("bulto", illegal="raise")
    obs, _ = e.reset(seed=0)
    pos = e.game_state.position()
    with pytest.raises(gabata.IllegalActionError) as ex:
        e.step(30)  # a refusal id (B5) with nothing offered at the start
    assert isinstance(ex.value, ValueError) and ex.value.message
    assert e.game_state.position() == pos
    e.step(ids(obs["action_mask"])[0])  # and the agent may step again


@pytest.mark.parametrize("illegal", ["lose", "raise"])
def test_outside_the_space_raises_whatever_illegal_says(illegal):
    e = ge.single("sadeqa", illegal=illegal)
    e.reset(seed=0)
    with pytest.raises(gabata.IllegalActionError):
        e.step(17)
    with pytest.raises(gabata.IllegalActionError):
        e.step(-1)
    with pytest.raises(gabata.InvalidError):
        e.step(None)
    with pytest.raises(gabata.InvalidError):
        e.step(1.5)
    e.step(0)


def test_ai_opponent_and_bad_arguments():
    e = ge.single("sadeqa", opponent="ai:2", side=1)
    o1, _ = e.reset(seed=3)
    o2, _ = e.reset(seed=3)
    assert list(o1["observation"]) == list(o2["observation"])
    first = e.game_state.history()[0]
    s = gabata.load_game("sadeqa").new_initial_state()
    assert first == s.best_move(level=2)  # the level's own choice (2: one ply, no randomness)
    e = ge.single("sadeqa", opponent=lambda st, rng: st.legal_actions()[-1], side=1)
    e.reset(seed=0)
    assert e.game_state.history() == [7]  # South's last hole, H
    for bad in (dict(opponent="ai:9"), dict(opponent="human"), dict(illegal="ignore"),
                dict(side=2), dict(render_mode="rgb_array")):
        with pytest.raises(gabata.InvalidError):
            ge.single("sadeqa", **bad)
    with pytest.raises(gabata.InvalidError):
        ge.single("chess")


def test_render_modes(capsys):
    e = ge.single("qelat", render_mode="ansi")
    e.reset(seed=0)
    assert e.render() == str(e.game_state)
    e = ge.single("qelat")
    e.reset(seed=0)
    assert e.render() is None
    e.close()
