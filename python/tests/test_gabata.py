"""The Python binding against the library's other doors: `gabata perft`, `gabata engine` (through
tools/gabata_engine.py), records, and the rules' own numbers."""
import random
import re
import subprocess

import pytest

import gabata
from gabata_engine import Engine, event_chance

GAMES = ["sadeqa", "qelat", "akil", "bulto"]


def py_perft(state, depth):
    """Perft through the Python API alone: legal_actions, clone, apply_action."""
    if depth == 0:
        return 1
    assert not state.is_chance_node(), "perft crossed a chance node"
    if state.is_terminal():
        return 0
    n = 0
    for a in state.legal_actions():
        c = state.clone()
        c.apply_action(a)
        n += py_perft(c, depth - 1) if depth > 1 else 1
    return n


def c_perft(program, name, depth, position=None):
    argv = [program, "perft", name, str(depth)]
    if position:
        argv += ["--position", position]
    out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    counts = dict(re.findall(r"^perft (\d+) (\d+)", out, re.M))
    return int(counts[str(depth)])


def after_layout(name):
    """L'ab al-Akil starts with a layout, which perft does not list: start after layout 0."""
    s = gabata.load_game(name).new_initial_state()
    while s.layout_phase():
        s.apply_action(s.legal_actions()[0])
    return s


@pytest.mark.parametrize("name,depth", [("sadeqa", 6), ("qelat", 7), ("akil", 6), ("bulto", 5)])
def test_perft_equals_gabata_perft(program, name, depth):
    s = after_layout(name) if name == "akil" else gabata.load_game(name).new_initial_state()
    pos = s.position() if name == "akil" else None
    expected = c_perft(program, name, depth, pos)
    assert expected > 0
    assert py_perft(s, depth) == expected
    assert gabata.perft(s, depth) == expected


def test_perft_akil_start_is_refused_in_c_and_layouts_in_python(program):
    # the program refuses to count layouts (A2: they cannot be listed) with one line and status 2;
    # Python lists the catalogue
    r = subprocess.run([program, "perft", "akil", "1"], capture_output=True, text=True)
    assert r.returncode == 2 and "layout phase" in r.stderr and "perft 1" not in r.stdout
    s = gabata.load_game("akil").new_initial_state()
    assert s.layout_phase()
    assert 1 <= len(s.legal_actions()) <= gabata.LAYOUT_CATALOGUE


def _engine_game(e, name, seed, max_plies):
    """One random game through the Python API and the engine side by side, checked every ply.
    Returns the final Python state and the engine's final state JSON."""
    r = random.Random(seed)
    g = gabata.load_game(name)
    s = g.new_initial_state()
    e.new(name)
    e.seed(seed)
    chances = 0
    for _ in range(max_plies):
        if s.is_terminal():
            break
        assert s.position() == e.position()
        acts = s.legal_actions()
        texts = [s.action_to_string(a) for a in acts]
        eng = e.moves()
        if s.layout_phase():
            assert eng == []
        else:
            assert sorted(texts) == sorted(eng)
            assert len(set(acts)) == len(acts)
        assert all(0 <= a < g.num_distinct_actions() for a in acts)
        a = r.choice(acts)
        events = e.play(s.action_to_string(a))
        s.apply_action(a)
        lots = event_chance(events)
        if s.is_chance_node():
            assert lots in ("S", "N")
            assert sorted(s.chance_outcomes()) == [(0, 0.5), (1, 0.5)]
            assert s.current_player() == gabata.CHANCE_PLAYER_ID
            s.apply_action(gabata.LOTS_SOUTH if lots == "S" else gabata.LOTS_NORTH)
            chances += 1
        else:
            assert lots is None
    assert s.position() == e.position()
    return s, e.state(), chances


@pytest.mark.parametrize("name", GAMES)
def test_random_games_agree_with_engine(program, name):
    total_chances = ended = 0
    with Engine(program) as e:
        for seed in range(3 if name != "qelat" else 2):
            s, js, ch = _engine_game(e, name, 100 + seed, 3000)
            total_chances += ch
            if s.is_terminal():
                ended += 1
                assert js["over"] is True
                assert s.current_player() == gabata.TERMINAL_PLAYER_ID
                res = js["result"]          # winner "S", "N" or null (a draw), and scores
                want = {"S": [1.0, -1.0], "N": [-1.0, 1.0], None: [0.0, 0.0]}[res["winner"]]
                assert s.returns() == want
                assert s.scores() == [res["scores"]["S"], res["scores"]["N"]]
    assert ended > 0, "no game reached its end: raise the ply limit"
    if name == "qelat":
        assert total_chances > 0, "no lots were drawn: pick other seeds"


@pytest.mark.parametrize("name", GAMES)
def test_serialize_and_clone_round_trip_every_ply(name):
    g = gabata.load_game(name)
    r = random.Random(7)
    s = g.new_initial_state()
    plies = 0
    while not s.is_terminal() and plies < 1500:
        t = g.deserialize_state(s.serialize())
        c = s.clone()
        for x in (t, c):
            assert x.serialize() == s.serialize()
            assert x.position() == s.position()
            assert x.current_player() == s.current_player()
            assert x.legal_actions() == s.legal_actions()
        if s.is_chance_node():
            a = r.choice([o for o, _ in s.chance_outcomes()])
        else:
            a = r.choice(s.legal_actions())
        before = s.serialize()
        c.apply_action(a)           # the clone is a copy: the original does not move
        assert s.serialize() == before
        s.apply_action(a)
        assert s.serialize() == c.serialize()
        plies += 1
    assert plies > 10
    if name == "qelat":
        # Qelat: also the ply that draws lots (the game's random source has no say here)
        s = _qelat_at_chance()
        t = g.deserialize_state(s.serialize())
        assert t.is_chance_node() and t.serialize() == s.serialize()
        for o in (gabata.LOTS_SOUTH, gabata.LOTS_NORTH):
            a, b = s.child(o), t.child(o)
            assert a.serialize() == b.serialize()


def _qelat_at_chance():
    g = gabata.load_game("qelat")
    r = random.Random(3)
    s = g.new_initial_state()
    for _ in range(100000):
        if s.is_chance_node():
            return s
        assert not s.is_terminal()
        s.apply_action(r.choice(s.legal_actions()))
    raise AssertionError("no lots in 100000 plies")


def test_qelat_lots_decide_the_next_round():
    s = _qelat_at_chance()
    assert s.legal_actions() == [0, 1]
    assert s.returns() == [0.0, 0.0]
    south, north = s.child(gabata.LOTS_SOUTH), s.child(gabata.LOTS_NORTH)
    assert not south.is_chance_node() and not north.is_chance_node()
    # Q7: the hole the lots decide goes to their winner, so the two next rounds differ
    assert south.position() != north.position()
    assert "lots: South" == s.action_to_string(gabata.LOTS_SOUTH)
    with pytest.raises(gabata.IllegalActionError):
        s.apply_action(5)


def test_returns_equal_the_library_result():
    for name in GAMES:
        g = gabata.load_game(name, "rounds=1" if name in ("qelat", "akil") else "")
        r = random.Random(11)
        for _ in range(5):
            s = g.new_initial_state()
            while not s.is_terminal():
                s.apply_action(r.choice(s.legal_actions()))
            assert s.move_number() <= g.max_game_length()
            sc = s.scores()
            w = s.winner()
            assert w in (0, 1, 2)
            assert s.returns() == ([1.0, -1.0] if w == 0 else [-1.0, 1.0] if w == 1 else [0, 0])
            assert sum(s.returns()) == 0
            # the record replayed by the library ends the same way
            t = g.deserialize_state(s.serialize())
            assert t.is_terminal() and t.winner() == w and t.scores() == sc


def test_encoding_bounds_and_kinds():
    # Bulto: refusals (B5) give several moves of one start hole, C~k
    g = gabata.load_game("bulto")
    r = random.Random(5)
    found = False
    for _ in range(40):
        s = g.new_initial_state()
        while not s.is_terminal() and not found:
            acts = s.legal_actions()
            for a in acts:
                assert 0 <= a < g.num_distinct_actions()
                if a >= g.REFUSE:
                    kind, hole, k = g.action_to_move(a)
                    txt = s.action_to_string(a)
                    assert txt.endswith(f"~{k}") and k >= 1, txt
                    assert s.string_to_action(txt) == a
                    assert a == g.REFUSE + (k - 1) * g.holes + hole
                    found = True
            s.apply_action(r.choice(acts))
        if found:
            break
    assert found, "no refusal in 40 random Bulto games"
    # L'ab al-Akil: layouts, keep/turn, feeds, passes appear with their own ids
    g = gabata.load_game("akil")
    kinds = set()
    for seed in range(30):
        r = random.Random(seed)
        s = g.new_initial_state()
        while not s.is_terminal():
            acts = s.legal_actions()
            for a in acts:
                kinds.add(g.action_to_move(a)[0])
            s.apply_action(r.choice(acts))
    from gabata import _lib
    assert {_lib.GB_MOVE_SOW, _lib.GB_MOVE_LAYOUT, _lib.GB_MOVE_KEEP,
            _lib.GB_MOVE_TURN, _lib.GB_MOVE_FEED} <= kinds


def test_apply_layout():
    g = gabata.load_game("akil")
    s = g.new_initial_state()
    s.apply_layout([12, 0, 12, 0, 12, 0, 12, 0, 12, 0, 12, 0])
    assert s.hole_counts() == [12, 0] * 6
    assert s.legal_actions() == [g.KEEP, g.TURN]
    assert [s.action_to_string(a) for a in (g.KEEP, g.TURN)] == ["keep", "turn"]
    s0 = g.new_initial_state()
    for a in s0.legal_actions():
        assert s0.string_to_action(s0.action_to_string(a)) == a
    with pytest.raises(gabata.IllegalActionError):   # a layout outside the catalogue
        s0.string_to_action("layout:72,0,0,0,0,0,0,0,0,0,0,0")
    with pytest.raises(gabata.IllegalActionError):
        g.new_initial_state().apply_layout([1] * 12)   # not all 72 seeds (A2)


def test_errors_carry_the_library_message():
    with pytest.raises(gabata.InvalidError) as e:
        gabata.load_game("chess")
    assert "chess" in str(e.value) and "\n" not in str(e.value)
    with pytest.raises(gabata.InvalidError) as e:
        gabata.load_game("sadeqa", "seeds=5")
    assert "seeds" in str(e.value)
    g = gabata.load_game("sadeqa")
    s = g.new_initial_state()
    s.apply_action(0)
    # North to move: South's hole A is not his to sow; refused with the rules' reason
    with pytest.raises(gabata.IllegalActionError) as e:
        s.apply_action(0)
    assert str(e.value) and "\n" not in str(e.value)
    assert s.current_player() == 1 and s.move_number() == 1   # nothing was played
    with pytest.raises(gabata.IllegalActionError):
        s.apply_action(g.num_distinct_actions())
    with pytest.raises(gabata.IllegalActionError):
        s.apply_action(-1)
    with pytest.raises(gabata.InvalidError):
        s.string_to_action("zz9")
    with pytest.raises(gabata.InvalidError):
        g.deserialize_state("not a record")
    four = gabata.load_game("sadeqa", "seeds=4").new_initial_state()
    with pytest.raises(gabata.InvalidError) as e:     # another game's options
        g.deserialize_state(four.serialize())
    assert "seeds=4" in str(e.value)
    with pytest.raises(gabata.InvalidError):
        g.state_from_position(gabata.load_game("qelat").new_initial_state().position())
    # over: GameOverError
    r = random.Random(1)
    while not s.is_terminal():
        s.apply_action(r.choice(s.legal_actions()))
    assert s.legal_actions() == []
    with pytest.raises(gabata.GameOverError):
        s.apply_action(0)


@pytest.mark.parametrize("name", ["sadeqa", "qelat", "akil", "bulto"])
def test_random_playouts_match_gabata_bench(program, name):
    # the same games for the same seed (issue 24 §4): gabata bench plays its 10 slices on one
    # random source (gb_random_playouts_next), so they are one call's games
    st = gabata.random_playouts(name, 200, 3)
    out = subprocess.run([program, "bench", name, "--games", "200", "--seed", "3"],
                         capture_output=True, text=True, check=True).stdout
    m = re.search(r"plies/game\s+([\d.]+)\s+\(min (\d+), max (\d+)\)", out)
    assert (st["min_plies"], st["max_plies"]) == (int(m.group(2)), int(m.group(3)))
    assert m.group(1) == f"{st['plies'] / st['games']:.1f}"
    rs = re.search(r"rule (\d+)\s+repetition (\d+)\s+cap (\d+)\s+endless (\d+)", out)
    assert [st["reasons"][k] for k in ("rule", "repetition", "cap", "endless")] == \
        [int(x) for x in rs.groups()]
    w = re.search(r"South ([\d.]+)%\s+North ([\d.]+)%\s+draw ([\d.]+)%", out)
    assert [f"{100 * st['wins'][k] / 200:.1f}" for k in ("south", "north", "draw")] == list(w.groups())
    assert st["games"] == 200 == sum(st["wins"].values())
    with pytest.raises(gabata.InvalidError):
        gabata.random_playouts("nope", 1)


def test_match_and_best_move():
    res = gabata.match("sadeqa", "ai:3", "random", games=2, seed=1, records=True)
    assert res["first"] + res["second"] + res["draws"] == 2
    g = gabata.load_game("sadeqa")
    for rec in res["games"]:
        t = g.deserialize_state(rec["record"])
        assert t.is_terminal() and t.winner() == rec["winner"]
        assert t.returns() == ([1.0, -1.0] if rec["winner"] == 0 else [-1.0, 1.0] if rec["winner"] == 1 else [0.0, 0.0])
    # the fast path (one C call a game, no observer) plays the very same games
    fast = gabata.match("sadeqa", "ai:3", "random", games=2, seed=1)
    assert [(x["winner"], x["scores"], x["plies"]) for x in fast["games"]] == \
        [(x["winner"], x["scores"], x["plies"]) for x in res["games"]]
    assert fast["plies"] == sum(x["plies"] for x in fast["games"])
    s = g.new_initial_state()
    a = s.best_move(depth=3)
    assert a in s.legal_actions()
    a2, info = s.best_move(level=2, result=True)
    assert a2 in s.legal_actions() and info["move"] == s.action_to_string(a2)
    # a move that captures: the search takes the best of the two by a stone count it finds
    s.apply_action(a)
    assert s.trace() and s.trace()[0]["from"] == a
    with pytest.raises(gabata.InvalidError):
        gabata.match("sadeqa", "wizard", "random")
    with pytest.raises(gabata.InvalidError):
        gabata.match("sadeqa", "ai:9", "random")
    with pytest.raises(gabata.InvalidError):
        s.best_move(level=9)


def test_observation_tensor():
    g = gabata.load_game("sadeqa")
    s = g.new_initial_state()
    t = list(s.observation_tensor())
    H = g.holes
    assert len(t) == g.observation_tensor_shape()[0] == 6 * H + 4
    assert t[:H] == [6.0] * H            # S1: six stones a hole
    assert t[H:2 * H] == [1.0] * (H // 2) + [0.0] * (H // 2)   # South owns his row
    assert t[6 * H + 2:] == [1.0, 0.0]   # South to move


def test_threads_do_not_share_scratch():
    # each thread has its own move buffer: games played in threads equal the same games alone
    import threading

    def play(name, seed, out):
        g = gabata.load_game(name, "rounds=1" if name == "qelat" else "")
        r = random.Random(seed)
        s = g.new_initial_state()
        while not s.is_terminal():
            s.apply_action(r.choice(s.legal_actions()))
        out[seed] = s.serialize()

    alone, threaded = {}, {}
    for seed in range(4):
        play("bulto" if seed % 2 else "qelat", seed, alone)
    ts = [threading.Thread(target=play, args=("bulto" if k % 2 else "qelat", k, threaded))
          for k in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert threaded == alone


def test_parameters_and_type():
    g = gabata.load_game("sadeqa", {"seeds": 4, "max-plies": 300})
    p = g.get_parameters()
    assert p["seeds"] == "4" and p["max-plies"] == "300" and p["skip-origin"] == "no"
    assert g.max_game_length() == 300
    assert g.new_initial_state().hole_counts() == [4] * 16     # S1: seeds=4
    assert g.get_type().chance_mode == "deterministic"
    assert gabata.load_game("qelat").get_type().chance_mode == "explicit_stochastic"


# ---- the board and the result in words (the library's gb_board_text, gb_result_line) ----
def test_str_is_the_terminal_board(program):
    """str(state) is the board exactly as `gabata play` draws it (from South's seat, no colour)."""
    import subprocess
    state = gabata.load_game("sadeqa").new_initial_state()
    out = subprocess.run([program, "play", "sadeqa", "--south", "human", "--north", "human",
                          "--seed", "1"], input="quit\n", capture_output=True, text=True).stdout
    board = str(state)
    assert board in out
    assert "  South to move (play, ply 0)\n" in board
    # every hole of the start holds 6 (S1), each row drawn once
    assert board.count("[  6 ]") == 16
    assert "taken 0" in board


def test_board_text_seat_north():
    state = gabata.load_game("sadeqa").new_initial_state()
    south, north = state.board_text(0).splitlines(), state.board_text(1).splitlines()
    # turned round: the bottom labels of North's seat are North's a..h from his left
    assert south[-3].split() == list("ABCDEFGH")
    assert north[-3].split() == list("abcdefgh")
    assert north[1].split() == list("HGFEDCBA")
    assert "\033[" in state.board_text(0, color=True) and "\033[" not in str(state)


def test_result_line_s5():
    """S5, issue 13's case: South's row empty, North's holds 11; North's a ends the game and the 11
    stones go to North, who moved last: 51 + 11 = 62 against 34."""
    game = gabata.load_game("sadeqa")
    state = game.state_from_position("sadeqa board=0,0,0,0,0,0,0,0/1,0,10,0,0,0,0,0 stores=34,51 turn=N")
    assert state.result_line() is None
    state.apply_action(state.string_to_action("a"))
    assert state.is_terminal()
    line = "North wins 62–34: the 11 stones left in holes go to North, who moved last (S5)"
    assert state.result_line() == line
    assert f"Game over: {line}." in str(state)
