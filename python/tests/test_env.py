"""gabata.env: the AEC loop of PettingZoo's documentation and a Gymnasium-style loop, run to the
end of games of every kind (Qelat's lots resolved inside)."""
import pytest

import gabata
from gabata.env import GabataEnv, GabataGymEnv, env as make_env


@pytest.mark.parametrize("name", ["sadeqa", "qelat", "akil", "bulto"])
def test_aec_loop_to_the_end(name):
    e = GabataEnv(name, "rounds=1" if name in ("qelat", "akil") else "")
    e.reset(seed=3)
    steps, finals = 0, {}
    for agent in e.agent_iter(max_iter=20000):
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            finals[agent] = reward
            e.step(None)
            continue
        mask = list(obs["action_mask"])
        legal = e.game_state.legal_actions()
        assert [i for i, m in enumerate(mask) if m] == legal
        assert agent == ["south", "north"][e.game_state.current_player()]
        e.step(e.action_space(agent).sample(mask))
        steps += 1
    assert e.agents == []
    assert set(finals) == {"south", "north"}
    assert finals["south"] == -finals["north"]
    assert finals["south"] == e.game_state.returns()[0]
    assert steps == e.game_state.move_number()


def test_aec_is_reproducible_for_a_seed():
    def run():
        e = make_env("qelat")
        e.reset(seed=9)
        for agent in e.agent_iter(max_iter=400):
            obs, _, term, trunc, _ = e.last()
            e.step(None if term or trunc else e.action_space(agent).sample(obs["action_mask"]))
        return e.game_state.serialize()
    assert run() == run()


def test_illegal_step_raises():
    e = GabataEnv("sadeqa")
    e.reset(seed=1)
    e.step(0)                   # South sows A
    with pytest.raises(gabata.IllegalActionError):
        e.step(0)               # North cannot sow South's hole


def test_gym_style_single_agent():
    g = GabataGymEnv("bulto", side=1)
    obs, info = g.reset(seed=4)
    assert g.game_state.current_player() == 1
    done, total = False, 0
    while not done:
        a = g.action_space.sample(obs["action_mask"])
        obs, reward, term, trunc, info = g.step(a)
        done = term or trunc
        total += reward
    assert total == g.game_state.returns()[1]
    assert "end_reason" in info
