"""Bad input through the Python API: each raises a gabata error naming what was wrong, and
nothing is played, computed or returned in its place (no silent truncation to another value).
The goldens are the rules' own (RULINGS.md): Sadeqa III's 16 holes and 6 stones a hole (S1),
so the first move from A ends where counted by hand below."""
import copy
import pickle

import pytest

import gabata

GAMES = ["sadeqa", "qelat", "akil", "bulto"]


# --- action ids: integers only, never converted from something else ---

NOT_IDS = [1.5, 2.0, True, "3", None, float("nan"), [2], (1,)]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("bad", NOT_IDS, ids=repr)
def test_apply_action_takes_integers_only(name, bad):
    s = gabata.load_game(name).new_initial_state()
    before = s.serialize()
    with pytest.raises(gabata.InvalidError) as e:
        s.apply_action(bad)
    assert "action" in e.value.message and "integer" in e.value.message
    assert s.serialize() == before  # nothing was played


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("big", [2 ** 31, 2 ** 32, 2 ** 40, -(2 ** 32)])
def test_apply_action_far_outside_the_space(name, big):
    # ids beyond a C int used to wrap round in ctypes: Qelat's 2**32 played hole A (id 0)
    s = gabata.load_game(name).new_initial_state()
    before = s.serialize()
    with pytest.raises(gabata.IllegalActionError) as e:
        s.apply_action(big)
    assert str(big) in e.value.message
    assert s.serialize() == before


def test_numpy_integers_are_ids():
    np = pytest.importorskip("numpy")
    s = gabata.load_game("sadeqa").new_initial_state()
    s.apply_action(np.int64(0))  # OpenSpiel's MCTS passes numpy integers
    s2 = gabata.load_game("sadeqa").new_initial_state()
    s2.apply_action(0)
    assert s.serialize() == s2.serialize()
    with pytest.raises(gabata.InvalidError):
        s.apply_action(np.float64(1.0))
    with pytest.raises(gabata.InvalidError):
        s.apply_action(np.array([1]))


def test_action_to_string_takes_integers_only():
    s = gabata.load_game("sadeqa").new_initial_state()
    assert s.action_to_string(1) == "B"
    for bad in (1.5, True, "1"):
        with pytest.raises(gabata.InvalidError):
            s.action_to_string(bad)


def test_chance_outcome_takes_integers_only():
    g = gabata.load_game("qelat")
    s = g.new_initial_state()
    import random
    r = random.Random(3)
    while not s.is_chance_node():  # a 2/2 round end (Q7): a chance node
        if s.is_terminal():
            s = g.new_initial_state()
        s.apply_action(r.choice(s.legal_actions()))
    for bad in (0.0, True, 1.0):
        with pytest.raises(gabata.InvalidError):
            s.apply_action(bad)
    assert s.is_chance_node()


@pytest.mark.parametrize("bad", [2.0, 1.5, True, "2", [2], None])
def test_env_step_takes_elements_of_the_space_only(bad):
    # gymnasium's Discrete.contains(2.0) is False: the stand-in agrees, and step refuses it
    import gabata.env
    e = gabata.env.env("sadeqa")
    e.reset(seed=1)
    assert not e.action_space("south").contains(bad)
    with pytest.raises(gabata.InvalidError):
        e.step(bad)
    assert e.game_state.history() == []
    s = gabata.env.single("sadeqa")
    s.reset(seed=1)
    with pytest.raises(gabata.InvalidError):
        s.step(bad)
    assert s.game_state.history() == []


def test_env_step_takes_numpy_integers():
    np = pytest.importorskip("numpy")
    import gabata.env
    e = gabata.env.env("sadeqa")
    e.reset(seed=1)
    assert e.action_space("south").contains(np.int32(2))
    assert e.action_space("south").contains(np.array(2))
    e.step(np.int32(2))
    assert e.game_state.history() == [2]
