"""gabata.vector.VectorEnv against the package's own single game, the second method: its ids and
observations are computed in Python (Game.move_to_action, State.legal_actions with the layout
catalogue, State.observation_tensor) from the library's plain calls, while the batch computes them
in C. Game i of a batch, episode after episode, is the game of seed game_seed(i, e) played with
the same ids; the same for n = 1 and n = 8; rewards sum to the result; auto-reset; bad input."""
import ctypes

import pytest

np = pytest.importorskip("numpy")

import gabata  # noqa: E402
from gabata import _lib  # noqa: E402
from gabata.vector import VectorEnv  # noqa: E402

GAMES = [("sadeqa", ""), ("sadeqa", "max-plies=30"), ("qelat", "max-plies=100 max-rounds=4"),
         ("qelat", "rounds=1"), ("akil", "max-plies=120 max-rounds=3"), ("bulto", "")]


def single(game, seed):
    """The package's State on a game of that seed (the lots are drawn from its own source: the
    moves are played with gb_play and chance 0, as the batch plays them)."""
    g = ctypes.c_void_p()
    err = _lib.gb_error()
    assert _lib.lib.gb_game_new(ctypes.byref(g), game.name.encode(), game.options.encode(),
                                seed, ctypes.byref(err)) == 0, err.msg
    return gabata.State(game, g.value)


def play(state, action):
    m = state._move_of(action)
    err = _lib.gb_error()
    rc = _lib.lib.gb_play(state._g, ctypes.byref(m), ctypes.byref(err))
    assert rc == 0, err.msg


def mask_of(state, n):
    m = np.zeros(n, np.int8)
    m[state.legal_actions()] = 1
    return m


@pytest.mark.parametrize("name,options", GAMES)
def test_games_are_single_games(name, options):
    game = gabata.load_game(name, options)
    n, steps = 4, 700
    env = VectorEnv(name, n, seed=5, options=options)
    obs, info = env.reset()
    assert obs.shape == (n, game.observation_tensor_size())
    assert info["action_mask"].shape == (n, game.num_distinct_actions())
    states = [single(game, env.game_seed(i, 0)) for i in range(n)]
    episodes = [0] * n
    totals = np.zeros((n, 2))
    ended = 0
    rng = np.random.default_rng(1)
    for t in range(steps):
        for i, s in enumerate(states):
            assert np.array_equal(env.observations[i], s.observation_tensor()), (t, i)
            assert np.array_equal(env.action_masks[i], mask_of(s, env.num_actions)), (t, i)
            assert env.players[i] == s.current_player()
        acts = np.array([rng.choice(s.legal_actions()) for s in states])
        obs, rew, term, trunc, info = env.step(acts)
        totals += rew
        for i, s in enumerate(states):
            play(s, int(acts[i]))
            if s.is_terminal():
                ended += 1
                assert list(rew[i]) == s.returns()
                assert list(totals[i]) == s.returns()  # rewards sum to the result
                totals[i] = 0
                assert bool(trunc[i]) == (s.end_reason() == "cap")
                assert bool(term[i]) == (s.end_reason() != "cap")
                assert np.array_equal(info["final_observation"][i], s.observation_tensor())
                episodes[i] += 1
                assert env.episode(i) == episodes[i]
                states[i] = single(game, env.game_seed(i, episodes[i]))
            else:
                assert not term[i] and not trunc[i] and list(rew[i]) == [0.0, 0.0]
    assert ended >= 2, f"{name} {options}: only {ended} games ended"


def test_n1_and_n8_play_the_same_games():
    one, eight = VectorEnv("bulto", 1, seed=3), VectorEnv("bulto", 8, seed=3)
    one.reset()
    eight.reset()
    for _ in range(400):
        a = eight.random_actions()
        one.step(a[:1])
        eight.step(a)
        assert np.array_equal(one.observations[0], eight.observations[0])
        assert np.array_equal(one.action_masks[0], eight.action_masks[0])
        assert np.array_equal(one.rewards[0], eight.rewards[0])
    # reset(seed) starts the streams again
    eight.reset(seed=3)
    fresh = VectorEnv("bulto", 8, seed=3)
    fresh.reset()
    assert np.array_equal(fresh.observations, eight.observations)
    assert eight.episode(0) == 0


def test_random_actions_are_legal_and_uniform():
    env = VectorEnv("sadeqa", 64, seed=1)
    env.reset()
    counts = np.zeros(17)
    for _ in range(200):
        a = env.random_actions()
        assert env.action_masks[np.arange(64), a].all()
        counts += np.bincount(a, minlength=17)
        env.step(a)
    assert counts[:8].min() > 0 and counts[8:].sum() > 0  # both sides moved


def test_bad_input():
    with pytest.raises(gabata.InvalidError, match="unknown game"):
        VectorEnv("chess", 4)
    with pytest.raises(gabata.InvalidError, match="1 to"):
        VectorEnv("sadeqa", 0)
    with pytest.raises(gabata.InvalidError, match="n must be an int"):
        VectorEnv("sadeqa", 2.5)
    with pytest.raises(gabata.InvalidError, match="seeds"):
        VectorEnv("sadeqa", 2, options="seeds=5")
    env = VectorEnv("sadeqa", 4)
    with pytest.raises(gabata.InvalidError, match="before reset"):
        env.step([0, 0, 0, 0])
    env.reset()
    before = env.observations.copy()
    with pytest.raises(gabata.InvalidError, match=r"shape \(4,\) expected"):
        env.step([0, 1])
    with pytest.raises(gabata.InvalidError, match=r"shape \(4,\) expected"):
        env.step(np.zeros((4, 1), np.int32))
    with pytest.raises(gabata.InvalidError, match="integer ids"):
        env.step(np.zeros(4, np.float32))
    with pytest.raises(gabata.IllegalActionError, match="game 1: action 99 is outside 0..16"):
        env.step([0, 99, 0, 0])
    with pytest.raises(gabata.IllegalActionError,
                       match=r"game 3: action 9 is not legal here \(legal: 0 1 2 3 4 5 6 7\)"):
        env.step(np.array([0, 1, 2, 9], np.int32))
    assert np.array_equal(before, env.observations)  # nothing moved
    env.step(np.array([0, 1, 2, 3], np.int64))  # and it plays on
    assert list(env.players) == [1, 1, 1, 1]
    env.close()
    with pytest.raises(gabata.InvalidError, match="closed"):
        env.step([8, 8, 8, 8])
    with pytest.raises(gabata.InvalidError, match="closed"):
        env.reset()


def test_threads_play_the_same_games():
    one, two = VectorEnv("qelat", 33, seed=8, options="max-plies=50"), \
        VectorEnv("qelat", 33, seed=8, options="max-plies=50", threads=3)
    one.reset()
    two.reset()
    for _ in range(300):
        a = one.random_actions()
        one.step(a)
        two.step(a)
        for x, y in ((one.observations, two.observations), (one.action_masks, two.action_masks),
                     (one.rewards, two.rewards), (one.terminations, two.terminations),
                     (one.truncations, two.truncations), (one.players, two.players)):
            assert np.array_equal(x, y)
    before = two.observations.copy()
    bad = one.random_actions().copy()
    bad[20] = 12 if not two.action_masks[20, 12] else 99  # a pass where sowing is possible
    with pytest.raises(gabata.IllegalActionError, match="game 20: action"):
        two.step(bad)
    assert np.array_equal(before, two.observations)  # no range moved
    bad[20] = -1  # in numpy, the last column
    with pytest.raises(gabata.IllegalActionError, match="game 20: action -1 is outside"):
        two.step(bad)
    assert np.array_equal(before, two.observations)
    with pytest.raises(gabata.InvalidError, match="threads"):
        VectorEnv("qelat", 4, threads=0)
    two.close()
