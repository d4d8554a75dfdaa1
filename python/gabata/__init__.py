"""gabata: the four two-row mancala games of libgabata through OpenSpiel's API (standard library
only; ctypes on libgabata.so).

    import gabata
    game = gabata.load_game("sadeqa", "seeds=4")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(random.choices(actions, probs)[0])
        else:
            state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())

The action encoding is in python/README.md ("Actions"); gabata.env holds PettingZoo's AEC and
Gymnasium's single-agent environments; gabata.pyspiel_compat stands in for `pyspiel`.
"""
import ctypes
import enum as _enum
import numbers as _numbers
import random as _random
import threading

from . import _lib
try:  # optional: tensors as float32 arrays
    import numpy as _np
except ImportError:  # pragma: no cover
    _np = None
from ._lib import lib as _L           # short calls: the GIL is kept
from ._lib import lib_long as _LL     # calls that can take long: the GIL is released

__all__ = ["load_game", "registered_names", "Game", "State", "GabataError", "InvalidError",
           "IllegalActionError", "GameOverError", "random_playouts", "match", "perft",
           "TERMINAL_PLAYER_ID", "CHANCE_PLAYER_ID", "LOTS_SOUTH", "LOTS_NORTH",
           "GameType", "PlayerId", "INVALID_ACTION"]
__version__ = "0.1.0"

TERMINAL_PLAYER_ID = -4  # OpenSpiel's kTerminalPlayerId
CHANCE_PLAYER_ID = -1    # OpenSpiel's kChancePlayerId
LOTS_SOUTH, LOTS_NORTH = 0, 1  # chance outcomes of Qelat's 2/2 lots (Q7): who wins them
INVALID_ACTION = -1      # OpenSpiel's kInvalidAction


class PlayerId:
    """OpenSpiel's pyspiel.PlayerId: the special player ids."""
    DEFAULT = 0
    CHANCE = CHANCE_PLAYER_ID
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = TERMINAL_PLAYER_ID
    MEAN_FIELD = -5


class GameType:
    """OpenSpiel's pyspiel.GameType: the fields get_type() fills, and its enums with OpenSpiel's
    member names. Each member is also its old text ("sequential", ...), so code that compared
    get_type().dynamics with a string still works."""

    class Dynamics(str, _enum.Enum):
        SIMULTANEOUS = "simultaneous"
        SEQUENTIAL = "sequential"
        MEAN_FIELD = "mean_field"

    class ChanceMode(str, _enum.Enum):
        DETERMINISTIC = "deterministic"
        EXPLICIT_STOCHASTIC = "explicit_stochastic"
        SAMPLED_STOCHASTIC = "sampled_stochastic"

    class Information(str, _enum.Enum):
        ONE_SHOT = "one_shot"
        PERFECT_INFORMATION = "perfect_information"
        IMPERFECT_INFORMATION = "imperfect_information"

    class Utility(str, _enum.Enum):
        ZERO_SUM = "zero_sum"
        CONSTANT_SUM = "constant_sum"
        GENERAL_SUM = "general_sum"
        IDENTICAL = "identical"

    class RewardModel(str, _enum.Enum):
        REWARDS = "rewards"
        TERMINAL = "terminal"

    def __init__(self, short_name, long_name, dynamics, chance_mode, information, utility,
                 reward_model, max_num_players, min_num_players,
                 provides_information_state_string, provides_information_state_tensor,
                 provides_observation_string, provides_observation_tensor,
                 parameter_specification=None, default_loadable=True,
                 provides_factored_observation_string=False):
        self.short_name, self.long_name = short_name, long_name
        self.dynamics, self.chance_mode, self.information = dynamics, chance_mode, information
        self.utility, self.reward_model = utility, reward_model
        self.max_num_players, self.min_num_players = max_num_players, min_num_players
        self.provides_information_state_string = provides_information_state_string
        self.provides_information_state_tensor = provides_information_state_tensor
        self.provides_observation_string = provides_observation_string
        self.provides_observation_tensor = provides_observation_tensor
        self.parameter_specification = parameter_specification or {}
        self.default_loadable = default_loadable
        self.provides_factored_observation_string = provides_factored_observation_string

    def __repr__(self):
        return (f"GameType(short_name={self.short_name!r}, dynamics={self.dynamics.name}, "
                f"chance_mode={self.chance_mode.name}, information={self.information.name}, "
                f"utility={self.utility.name}, reward_model={self.reward_model.name})")

_INT_MAX = 2 ** 31 - 1     # a C int
_LONG_MAX = 2 ** 63 - 1    # a C long (LP64)
_U64_MAX = 2 ** 64 - 1     # a uint64_t seed
MAX_OPENINGS = 200         # match(openings=): random plies, as `gabata stats --openings`

# Bulto (B5): refusals encodable in an action id; a listed move with more raises GabataError.
MAX_REFUSALS = 1023
LAYOUT_CATALOGUE = 16  # L'ab al-Akil's layouts (A2) that are actions

# The levels of `gabata play` (cli/players.c; docs/ai.md): depth, movetime (ms), % random.
# The computer's levels are the library's (gb_player_*, docs/ai.md): nothing is copied here.
LEVELS = range(1, 9)

# Which kinds of move each game has (the rest of the action space is left out for it).
_KINDS = {
    "sadeqa": dict(refusals=0, feed=False, choice=False, layouts=0),
    "qelat": dict(refusals=0, feed=False, choice=False, layouts=0),
    "akil": dict(refusals=0, feed=True, choice=True, layouts=LAYOUT_CATALOGUE),
    "bulto": dict(refusals=MAX_REFUSALS, feed=False, choice=False, layouts=0),
}
_ALL_KINDS = dict(refusals=MAX_REFUSALS, feed=True, choice=True, layouts=LAYOUT_CATALOGUE)


class GabataError(Exception):
    """An error of the library (its one-line message, gb_error) or of this binding."""

    def __init__(self, message, code=_lib.GB_EINVAL):
        super().__init__(message)
        self.message = message
        self.code = code


class InvalidError(GabataError, ValueError):
    """Malformed input: a name, an option, a move text, a position, a record (GB_EINVAL)."""


class IllegalActionError(GabataError, ValueError):
    """Well formed but not legal here (GB_EILLEGAL), or an action id outside the game's space."""


class GameOverError(GabataError):
    """The game is over (GB_EOVER)."""


def _raise(code, err, what=None):
    msg = err.msg.decode("utf-8", "replace") if err is not None and err.msg else ""
    if not msg:
        msg = what or f"gabata error {code}"
    cls = {_lib.GB_EILLEGAL: IllegalActionError, _lib.GB_EOVER: GameOverError}.get(
        code, InvalidError if code == _lib.GB_EINVAL else GabataError)
    raise cls(msg, code)


def _integer(value, what, lo=None, hi=None):
    """`value` as an int: a Python or numpy integer (not a bool, a float, a string, an array),
    within lo..hi when given; InvalidError naming `what` otherwise. Nothing is converted from
    another type: ctypes would silently cut 2**32 to 0, int() 1.5 to 1."""
    if isinstance(value, bool) or not isinstance(value, _numbers.Integral):
        raise InvalidError(f"{what} must be an integer, not {value!r}")
    v = int(value)
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        rng = f"{lo} or more" if hi is None else f"at most {hi}" if lo is None else f"from {lo} to {hi}"
        raise InvalidError(f"{what} must be {rng}, not {v}")
    return v


def _b(s):
    return s.encode("utf-8") if isinstance(s, str) else s


def registered_names():
    """The games' short names ("sadeqa", "qelat", "akil", "bulto")."""
    return [_L.gb_variant_name(i).decode() for i in range(_L.gb_variant_count())]


def _new_game(name, options, seed=0):
    g = ctypes.c_void_p()
    err = _lib.gb_error()
    rc = _L.gb_game_new(ctypes.byref(g), _b(name), _b(options or ""), seed, ctypes.byref(err))
    if rc != _lib.GB_OK:
        _raise(rc, err)
    return g


class _Handle:
    """Owns one gb_game *."""
    __slots__ = ("ptr",)

    def __init__(self, ptr):
        self.ptr = ptr

    def __del__(self, _free=_L.gb_game_free):
        if getattr(self, "ptr", None):
            _free(self.ptr)
            self.ptr = None

    def __reduce__(self):  # a gb_game * means nothing in another process
        raise TypeError("a gabata game handle cannot be pickled")


class Game:
    """One game with its options (OpenSpiel's pyspiel.Game)."""

    def __init__(self, name, options=""):
        if isinstance(options, dict):
            options = " ".join(f"{k}={v}" for k, v in options.items())
        self._proto = _Handle(_new_game(name, options))
        self.name = _L.gb_game_variant(self._proto.ptr).decode()
        self.options = options or ""
        self.rows = _L.gb_game_rows(self._proto.ptr)
        H = self.holes = 2 * self.rows
        k = _KINDS.get(self.name, _ALL_KINDS)
        self.max_refusals = k["refusals"]
        # the encoding: sow(h) | pass | feed(h) | keep | turn | layouts | sow(h, k >= 1)
        self.PASS = H
        nxt = H + 1
        self.FEED = nxt if k["feed"] else None
        nxt += H if k["feed"] else 0
        self.KEEP = nxt if k["choice"] else None
        self.TURN = nxt + 1 if k["choice"] else None
        nxt += 2 if k["choice"] else 0
        self.LAYOUT = nxt if k["layouts"] else None
        self.num_layouts = k["layouts"]
        nxt += k["layouts"]
        self.REFUSE = nxt
        self._num_actions = nxt + H * self.max_refusals
        self._simple = self.FEED is None and self.max_refusals == 0 and self.LAYOUT is None
        self._chance = self.max_chance_outcomes() > 0
        self._maxp = None
        # the library numbers the actions the same way (gb_action_count, gb_legal_mask)
        if _L.gb_action_count(self._proto.ptr) != self._num_actions:
            raise GabataError(f"{self.name}: the library has {_L.gb_action_count(self._proto.ptr)}"
                              f" action ids, this package {self._num_actions}: mismatched builds")

    def __repr__(self):
        o = f", {self.options!r}" if self.options else ""
        return f"gabata.load_game({self.name!r}{o})"

    def __str__(self):
        return self.name + (f"({self.options})" if self.options else "")

    def __eq__(self, other):
        return isinstance(other, Game) and (self.name, self.options) == (other.name, other.options)

    def __hash__(self):
        return hash((self.name, self.options))

    def __reduce__(self):
        """Pickled (and deep-copied) as its name and options: load_game makes it again."""
        return load_game, (self.name, self.options)

    # --- OpenSpiel's Game ---
    def get_type(self):
        """OpenSpiel's GameType (GameType.Dynamics.SEQUENTIAL, ChanceMode.EXPLICIT_STOCHASTIC
        for Qelat's lots, else DETERMINISTIC, PERFECT_INFORMATION, ZERO_SUM, TERMINAL)."""
        title = _L.gb_variant_title(_b(self.name))
        T = GameType
        return T(short_name=self.name, long_name=title.decode() if title else self.name,
                 dynamics=T.Dynamics.SEQUENTIAL,
                 chance_mode=T.ChanceMode.EXPLICIT_STOCHASTIC if self.max_chance_outcomes()
                 else T.ChanceMode.DETERMINISTIC,
                 information=T.Information.PERFECT_INFORMATION, utility=T.Utility.ZERO_SUM,
                 reward_model=T.RewardModel.TERMINAL, max_num_players=2, min_num_players=2,
                 provides_information_state_string=True, provides_information_state_tensor=False,
                 provides_observation_string=True, provides_observation_tensor=True,
                 parameter_specification=self.get_parameters())

    # GameType's fields read off the game too (OpenSpiel's minimax names game.chance_mode in its
    # error message for a stochastic game)
    dynamics = property(lambda self: self.get_type().dynamics)
    chance_mode = property(lambda self: self.get_type().chance_mode)
    information = property(lambda self: self.get_type().information)
    utility = property(lambda self: self.get_type().utility)
    reward_model = property(lambda self: self.get_type().reward_model)

    def get_parameters(self):
        """Every option with the value in force, as text ({"seeds": "6", ...})."""
        out = {}
        n = _L.gb_variant_option_count(_b(self.name))
        info = _lib.gb_option_info()
        for i in range(max(n, 0)):
            if _L.gb_variant_option(_b(self.name), i, ctypes.byref(info)) == _lib.GB_OK:
                k = info.key.decode()
                out[k] = self.option(k)
        return out

    def num_distinct_actions(self):
        """Every action id of a player is in range(num_distinct_actions())."""
        return self._num_actions

    def num_players(self):
        return 2

    def max_chance_outcomes(self):
        """2 for Qelat's lots (LOTS_SOUTH, LOTS_NORTH), 0 for the other games."""
        return 2 if self.name == "qelat" else 0

    def min_utility(self):
        return -1.0

    def max_utility(self):
        return 1.0

    def utility_sum(self):
        return 0.0

    def new_initial_state(self):
        return State(self, _L.gb_game_clone(self._proto.ptr))

    def observation_tensor_shape(self):
        """[6 * holes + 4]: see State.observation_tensor."""
        return [6 * self.holes + 4]

    def observation_tensor_size(self):
        return 6 * self.holes + 4

    def max_game_length(self):
        """A bound on the actions of one game: max-plies (T3) per round times max-rounds for a
        match, plus its layout and keep/turn choices (two a round)."""
        if self._maxp is None:
            self._maxp = self._option_int("max-plies")
            rounds = self._option_int("max-rounds", 1)
            if self.name == "qelat" and self.option("rounds") == "1":
                rounds = 1
            if self.name == "akil" and self.option("rounds") == "1":
                rounds = 1
            extra = 2 if self.LAYOUT is not None else 0
            self._maxp = (self._maxp + extra) * rounds
        return self._maxp

    def option(self, key):
        """The value in force of option `key`, as text; InvalidError for a key the game lacks."""
        buf = ctypes.create_string_buffer(128)
        rc = _L.gb_option_value(self._proto.ptr, _b(key), buf, 128)
        if rc < 0:
            raise InvalidError(f"{self.name} has no option '{key}'")
        return buf.value.decode()

    def _option_int(self, key, default=None):
        try:
            return int(self.option(key))
        except InvalidError:
            return default

    def deserialize_state(self, text):
        """The state that State.serialize() wrote (a game record, replayed)."""
        if not isinstance(text, str):
            raise InvalidError(f"deserialize_state: the text must be a str (what serialize() "
                               f"wrote), not {type(text).__name__}")
        pending = None
        if text.startswith("pending"):
            first, _, text = text.partition("\n")
            parts = first.split()
            if len(parts) != 2 or parts[0] != "pending" or not parts[1].isdigit():
                raise InvalidError(f"deserialize_state: the first line must be 'pending "
                                   f"<action id>', not {first!r}")
            pending = int(parts[1])
        g = ctypes.c_void_p()
        err = _lib.gb_error()
        rc = _LL.gb_record_parse(ctypes.byref(g), _b(text), ctypes.byref(err))
        if rc != _lib.GB_OK:
            _raise(rc, err)
        self._check_same(g, "record")
        s = State(self, g)
        if pending is not None:
            # only a move that draws Qelat's lots (Q7) waits at a chance node: asked of the
            # library on a copy (GB_CHANCE_ASK plays a move that draws none)
            why = None
            if not self._chance:
                why = f"{self.name} has no chance nodes"
            elif not 0 <= pending < self._num_actions or _L.gb_is_over(s._g):
                why = "no such move here"
            else:
                probe = _Handle(_L.gb_game_clone(s._g))
                rc = _L.gb_play_action(probe.ptr, pending, _lib.GB_CHANCE_ASK, ctypes.byref(err))
                if rc != 1:
                    why = ("that move draws no lots" if rc == _lib.GB_OK
                           else err.msg.decode("utf-8", "replace"))
            if why:
                raise InvalidError(f"deserialize_state: 'pending {pending}': {why}")
            s._set_pending(pending)
        return s

    def state_from_position(self, text):
        """A state from a position string (docs/notation.md; State.position() writes one)."""
        g = ctypes.c_void_p()
        err = _lib.gb_error()
        rc = _L.gb_game_from_position(ctypes.byref(g), _b(text), 0, ctypes.byref(err))
        if rc != _lib.GB_OK:
            _raise(rc, err)
        self._check_same(g, "position")
        return State(self, g)

    def _check_same(self, g, what):
        """A game read from text must be of this game and options (else it is freed)."""
        name = _L.gb_game_variant(g).decode()
        bad = None
        if name != self.name:
            bad = f"the {what} is of {name}, not {self.name}"
        else:
            buf = ctypes.create_string_buffer(128)
            for k, v in self.get_parameters().items():
                if _L.gb_option_value(g, _b(k), buf, 128) >= 0 and buf.value.decode() != v:
                    bad = (f"the {what} has {k}={buf.value.decode()}, this game {k}={v}: "
                           f"load_game with its options")
                    break
        if bad:
            _L.gb_game_free(g)
            raise InvalidError(bad)

    # --- the encoding ---
    def action_to_move(self, action):
        """The gb_move fields of a (non-layout) action: (kind, hole, refusals)."""
        a = self.check_action(action)
        H = self.holes
        if 0 <= a < H:
            return _lib.GB_MOVE_SOW, a, 0
        if a == self.PASS:
            return _lib.GB_MOVE_PASS, 0, 0
        if self.FEED is not None and self.FEED <= a < self.FEED + H:
            return _lib.GB_MOVE_FEED, a - self.FEED, 0
        if self.KEEP is not None and a == self.KEEP:
            return _lib.GB_MOVE_KEEP, 0, 0
        if self.TURN is not None and a == self.TURN:
            return _lib.GB_MOVE_TURN, 0, 0
        if self.LAYOUT is not None and self.LAYOUT <= a < self.LAYOUT + self.num_layouts:
            return _lib.GB_MOVE_LAYOUT, a - self.LAYOUT, 0
        if self.REFUSE <= a < self._num_actions:
            r = a - self.REFUSE
            return _lib.GB_MOVE_SOW, r % H, r // H + 1
        raise IllegalActionError(
            f"action {action} is not an action of {self.name} (0..{self._num_actions - 1})",
            _lib.GB_EILLEGAL)

    def check_action(self, action):
        """`action` as an int id of this game: InvalidError when it is not an integer (a float,
        a bool, a string, an array: never converted), IllegalActionError when it lies outside
        0..num_distinct_actions()-1."""
        if type(action) is not int:
            action = _integer(action, "action id")
        if not 0 <= action < self._num_actions:
            raise IllegalActionError(
                f"action {action} is not an action of {self.name} (0..{self._num_actions - 1})",
                _lib.GB_EILLEGAL)
        return action

    def move_to_action(self, kind, hole, refusals):
        if kind == _lib.GB_MOVE_SOW:
            if refusals == 0:
                return hole
            if refusals > self.max_refusals:
                raise GabataError(f"a move of {refusals} refusals has no action id (at most "
                                  f"{self.max_refusals})")
            return self.REFUSE + (refusals - 1) * self.holes + hole
        if kind == _lib.GB_MOVE_PASS:
            return self.PASS
        if kind == _lib.GB_MOVE_FEED and self.FEED is not None:
            return self.FEED + hole
        if kind == _lib.GB_MOVE_KEEP and self.KEEP is not None:
            return self.KEEP
        if kind == _lib.GB_MOVE_TURN and self.TURN is not None:
            return self.TURN
        raise GabataError(f"a move of kind {kind} has no action id in {self.name}")


def load_game(name, options=""):
    """A Game: `name` one of registered_names(), `options` "key=value ..." (RULINGS names) or a
    dict. InvalidError with the library's message for a bad name or option."""
    return Game(name, options)


_SZ = _lib.MOVE_SIZE
_MAXM = _lib.GB_MAX_MOVES


class _Scratch:
    """One thread's buffers: the legal moves, an error, a move's text."""

    def __init__(self):
        self.moves = (_lib.gb_move * _MAXM)()
        self.addr = ctypes.addressof(self.moves)
        self.bytes = memoryview(self.moves).cast("B")
        self.err = _lib.gb_error()
        self.errref = ctypes.byref(self.err)
        self.text = ctypes.create_string_buffer(_lib.GB_MOVE_TEXT_MAX)
        # apply_action's fast path: "sow hole h" prebuilt for every hole
        self.sow = [_lib.gb_move(kind=_lib.GB_MOVE_SOW, hole=h) for h in range(_lib.GB_MAX_HOLES)]
        self.sowref = [ctypes.byref(m) for m in self.sow]
        self.masks = {}    # size -> a byte buffer for gb_legal_mask
        self.tensors = {}  # size -> a float buffer for gb_observation_tensor

    def mask(self, n):
        b = self.masks.get(n)
        if b is None:
            b = self.masks[n] = (ctypes.c_ubyte * n)()
        return b

    def tensor(self, n):
        b = self.tensors.get(n)
        if b is None:
            b = self.tensors[n] = (ctypes.c_float * n)()
        return b


_tls = threading.local()


def _scratch():
    try:
        return _tls.s
    except AttributeError:
        _tls.s = _Scratch()
        return _tls.s


class State:
    """A state of a game (OpenSpiel's pyspiel.State). Players are 0 (South) and 1 (North)."""

    __slots__ = ("_game", "_h", "_g", "_pending", "__weakref__")

    def __init__(self, game, ptr):
        if not ptr:
            raise MemoryError("gabata: out of memory")
        self._game = game
        self._h = _Handle(ptr)
        self._g = ptr
        self._pending = None  # Qelat: the move whose outcome waits for the lots (a chance node)

    def get_game(self):
        return self._game

    # --- whose turn ---
    def current_player(self):
        if self._pending is not None:
            return CHANCE_PLAYER_ID
        p = _L.gb_to_move(self._g)
        return TERMINAL_PLAYER_ID if p < 0 else p

    def is_terminal(self):
        return self._pending is None and bool(_L.gb_is_over(self._g))

    def is_chance_node(self):
        return self._pending is not None

    def is_player_node(self):
        return self._pending is None and not _L.gb_is_over(self._g)

    def is_simultaneous_node(self):
        """Always False: every game here is sequential (OpenSpiel's Dynamics.SEQUENTIAL)."""
        return False

    def is_mean_field_node(self):
        return False

    def apply_actions(self, actions):
        raise GabataError("apply_actions: the games are sequential, not simultaneous: "
                          "use apply_action")

    def chance_outcomes(self):
        """[(action, probability)]: Qelat's 2/2 lots (Q7), even odds; [] elsewhere."""
        if self._pending is None:
            return []
        return [(LOTS_SOUTH, 0.5), (LOTS_NORTH, 0.5)]

    # --- moves ---
    def _raw_moves(self):
        sc = _scratch()
        n = _L.gb_legal_moves(self._g, sc.addr, _MAXM)
        return n, sc.bytes[:n * _SZ].tobytes()

    def legal_actions(self, player=None):
        """The legal action ids, ascending. At a chance node, the outcomes."""
        if self._pending is not None:
            return [LOTS_SOUTH, LOTS_NORTH] if player in (None, CHANCE_PLAYER_ID) else []
        if player is not None and player != _L.gb_to_move(self._g):
            return []
        n, raw = self._raw_moves()
        g = self._game
        if g._simple and not any(raw[0::_SZ]):
            return sorted(raw[1::_SZ])
        if n == 0:
            if _L.gb_is_over(self._g):
                return []
            return self._layout_actions()
        out = []
        sz = _lib.MOVE_SIZE
        for i in range(0, n * sz, sz):
            out.append(g.move_to_action(raw[i], raw[i + 1], raw[i + 4] | raw[i + 5] << 8))
        out.sort()
        return out

    def legal_actions_mask(self, player=None):
        """0/1 for every action id (at a chance node: for each outcome), a list."""
        if self._pending is not None:
            return [1, 1] if player in (None, CHANCE_PLAYER_ID) else [0, 0]
        n = self._game._num_actions
        if player is not None and player != _L.gb_to_move(self._g):
            return [0] * n
        return list(self.legal_mask_buffer())

    def legal_mask_buffer(self):
        """The legal-action mask in a buffer of this thread (c_ubyte * num_distinct_actions,
        from one gb_legal_mask call; L'ab al-Akil's layout ids added). Overwritten by the next
        call in this thread: copy it (bytes(), numpy.frombuffer(...).copy()) to keep it. At a
        chance node, or when over, all 0."""
        n = self._game._num_actions
        buf = _scratch().mask(n)
        if self._pending is not None:
            ctypes.memset(buf, 0, n)
            return buf
        rc = _L.gb_legal_mask(self._g, buf, n)
        if rc < 0:
            raise GabataError("a legal move has more refusals than an action id carries "
                              f"(at most {self._game.max_refusals})")
        if rc == 0 and self._game.LAYOUT is not None and not _L.gb_is_over(self._g):
            for a in self._layout_actions():
                buf[a] = 1
        return buf

    def _catalogue(self, j):
        """Layout j of the catalogue (A2): 0 the library's suggestion, j >= 1 the game's own
        random layout drawn from a source seeded with j; None if the game gives none."""
        m = _lib.gb_move()
        rng = ctypes.c_uint64(0x9E3779B97F4A7C15 * (j + 1) & 0xFFFFFFFFFFFFFFFF)
        if j == 0:
            rc = _L.gb_suggest_move(self._g, ctypes.byref(rng), ctypes.byref(m))
        else:
            rc = _L.gb_random_move(self._g, ctypes.byref(rng), ctypes.byref(m))
        if rc != _lib.GB_OK or m.kind != _lib.GB_MOVE_LAYOUT:
            return None
        return m

    def _layout_actions(self):
        g = self._game
        if g.LAYOUT is None:
            return []
        seen, out = set(), []
        for j in range(g.num_layouts):
            m = self._catalogue(j)
            if m is None:
                continue
            key = bytes(m.layout)
            if key not in seen:
                seen.add(key)
                out.append(g.LAYOUT + j)
        return out

    def layout_phase(self):
        """Is this a phase whose moves cannot be listed (L'ab al-Akil's layout, A2)?"""
        return (self._pending is None and not _L.gb_is_over(self._g)
                and _L.gb_legal_moves(self._g, _scratch().addr, _MAXM) == 0)

    def _move_of(self, action):
        g = self._game
        kind, hole, ref = g.action_to_move(action)
        if kind == _lib.GB_MOVE_LAYOUT:
            m = self._catalogue(hole)
            if m is None:
                raise IllegalActionError(f"layout action {action} is not legal now: "
                                         "this is not a layout phase", _lib.GB_EILLEGAL)
            return m
        m = _lib.gb_move()
        m.kind, m.hole, m.refusals = kind, hole, ref
        return m

    def apply_action(self, action):
        """Play an action id (a chance outcome at a chance node). IllegalActionError (with the
        library's reason) or GameOverError."""
        if self._pending is not None:
            if type(action) is not int:
                action = _integer(action, "chance outcome (action id)")
            if action not in (LOTS_SOUTH, LOTS_NORTH):
                raise IllegalActionError(f"chance node: the outcome is {LOTS_SOUTH} (South wins "
                                         f"the lots) or {LOTS_NORTH} (North), not {action}",
                                         _lib.GB_EILLEGAL)
            m = self._pending
            m.chance = 1 + int(action)
            sc = _scratch()
            rc = _L.gb_play(self._g, ctypes.byref(m), sc.errref)
            if rc != _lib.GB_OK:
                _raise(rc, sc.err)
            self._pending = None
            return
        g = self._game
        sc = _scratch()
        if g._chance:
            # Qelat: the library says first whether the move draws the lots (Q7); if it does,
            # nothing is played and the state waits at a chance node (no undo: it replayed the
            # whole game)
            a = action if type(action) is int and 0 <= action < g._num_actions else \
                g.check_action(action)
            rc = _L.gb_play_action(self._g, a, _lib.GB_CHANCE_ASK, sc.errref)
            if rc == 1:
                self._pending = self._move_of(a)
            elif rc != _lib.GB_OK:
                _raise(rc, sc.err)
            return
        if type(action) is int and 0 <= action < g.holes:
            m = sc.sow[action]
            rc = _L.gb_play(self._g, sc.sowref[action], sc.errref)
        else:
            m = self._move_of(action)
            rc = _L.gb_play(self._g, ctypes.byref(m), sc.errref)
        if rc != _lib.GB_OK:
            _raise(rc, sc.err)
        if m.chance:
            # the ply drew lots (Q7): undo it, and wait at a chance node for the outcome
            m.chance = 0
            rc = _L.gb_undo(self._g, sc.errref)
            if rc != _lib.GB_OK:
                _raise(rc, sc.err)
            p = _lib.gb_move()
            ctypes.pointer(p)[0] = m
            self._pending = p

    def _set_pending(self, action):
        self._pending = None
        m = self._move_of(action)
        m.chance = 0
        self._pending = m

    def apply_layout(self, counts):
        """L'ab al-Akil (A2): lay the stones out, `counts` each hole's count in ring order (12)."""
        if self._game.LAYOUT is None:
            raise IllegalActionError(f"{self._game.name} has no layout (only L'ab al-Akil's "
                                     "tebweez, A2)", _lib.GB_EILLEGAL)
        counts = list(counts)
        if len(counts) != self._game.holes:
            raise IllegalActionError(f"a layout has {self._game.holes} counts, not {len(counts)}",
                                     _lib.GB_EILLEGAL)
        m = _lib.gb_move()
        m.kind = _lib.GB_MOVE_LAYOUT
        for i, c in enumerate(counts):
            m.layout[i] = _integer(c, f"layout count {i}", 0, 255)
        err = _lib.gb_error()
        rc = _L.gb_play(self._g, ctypes.byref(m), ctypes.byref(err))
        if rc != _lib.GB_OK:
            _raise(rc, err)

    def apply_move_text(self, text):
        """Play a move written as text (docs/notation.md), any legal move (layouts too)."""
        if self._pending is not None:
            raise IllegalActionError("chance node: apply a chance outcome", _lib.GB_EILLEGAL)
        m = _lib.gb_move()
        err = _lib.gb_error()
        rc = _L.gb_move_parse(self._g, _b(text), ctypes.byref(m), ctypes.byref(err))
        if rc != _lib.GB_OK:
            _raise(rc, err)
        self._pending = None
        if self._game._chance and m.kind != _lib.GB_MOVE_LAYOUT:
            a = _L.gb_action_of_move(self._g, ctypes.byref(m))
            if a >= 0:
                return self.apply_action(a)
        rc = _L.gb_play(self._g, ctypes.byref(m), ctypes.byref(err))
        if rc != _lib.GB_OK:
            _raise(rc, err)
        if m.chance:
            m.chance = 0
            rc = _L.gb_undo(self._g, ctypes.byref(err))
            if rc != _lib.GB_OK:
                _raise(rc, err)
            self._pending = m

    def _format(self, m):
        buf = _scratch().text
        n = _L.gb_move_format(self._g, ctypes.byref(m), buf, _lib.GB_MOVE_TEXT_MAX)
        if n < 0:
            raise GabataError(f"move cannot be written (code {n})", n)
        return buf.value.decode()

    def action_to_string(self, player_or_action, action=None):
        """The move's text (docs/notation.md): "C", "C~2", "pass", "feed:C", a layout, "keep"...
        Takes (action) or OpenSpiel's (player, action), for any player and any id of the
        game, legal now or not: the chance player's ids are "lots: South", "lots: North"; a
        layout id outside a layout phase is "layout #j" (its layout depends on the position)."""
        player = None
        if action is None:
            action = player_or_action
        else:
            player = player_or_action
        if type(action) is not int:
            action = _integer(action, "action id")
        if player == CHANCE_PLAYER_ID or (player is None and self._pending is not None):
            if action == LOTS_SOUTH:
                return "lots: South"
            if action == LOTS_NORTH:
                return "lots: North"
            raise IllegalActionError(f"chance outcome {action}: the outcomes are {LOTS_SOUTH} "
                                     f"and {LOTS_NORTH}", _lib.GB_EILLEGAL)
        g = self._game
        kind, hole, _ref = g.action_to_move(action)
        if kind == _lib.GB_MOVE_LAYOUT and self._catalogue(hole) is None:
            return f"layout #{hole}"
        return self._format(self._move_of(action))

    def string_to_action(self, player_or_text, text=None):
        """The action id of a move text (InvalidError if it is not a move). A layout text gives
        its catalogue id when the catalogue has it; otherwise use apply_layout."""
        if text is None:
            text = player_or_text
        if self._pending is not None:
            t = text.strip().lower()
            if t in ("lots: south", "south", "0"):
                return LOTS_SOUTH
            if t in ("lots: north", "north", "1"):
                return LOTS_NORTH
            raise InvalidError(f"chance node: '{text}' is not 'lots: South' or 'lots: North'")
        m = _lib.gb_move()
        err = _lib.gb_error()
        rc = _L.gb_move_parse(self._g, _b(text), ctypes.byref(m), ctypes.byref(err))
        if rc != _lib.GB_OK:
            _raise(rc, err)
        if m.kind == _lib.GB_MOVE_LAYOUT:
            want = bytes(m.layout)
            for a in self._layout_actions():
                c = self._catalogue(a - self._game.LAYOUT)
                if bytes(c.layout) == want:
                    return a
            raise IllegalActionError(f"layout '{text}' is not in the catalogue of layout "
                                     "actions: play it with apply_layout", _lib.GB_EILLEGAL)
        return self._game.move_to_action(m.kind, m.hole, m.refusals)

    # --- results ---
    def returns(self):
        """[South, North]: +1 a win, -1 a loss, 0 a draw; [0, 0] before the end."""
        if self._pending is not None or not _L.gb_is_over(self._g):
            return [0.0, 0.0]
        w = _L.gb_winner(self._g)
        return [1.0, -1.0] if w == 0 else [-1.0, 1.0] if w == 1 else [0.0, 0.0]

    def rewards(self):
        return self.returns()

    def player_return(self, player):
        return self.returns()[player]

    def winner(self):
        """0 South, 1 North, 2 a draw; -1 while not over (gb_winner)."""
        return _L.gb_winner(self._g)

    def scores(self):
        """The final scores [South, North] (gb_score; valid when over)."""
        return [_L.gb_score(self._g, 0), _L.gb_score(self._g, 1)]

    def end_reason(self):
        """'rule', 'repetition', 'cap', 'endless'; None while not over."""
        r = _L.gb_end_reason_name(_L.gb_end_reason(self._g))
        return r.decode() if r and _L.gb_is_over(self._g) else None

    # --- copying, text ---
    def clone(self):
        s = State(self._game, _L.gb_game_clone(self._g))
        if self._pending is not None:
            p = _lib.gb_move()
            ctypes.pointer(p)[0] = self._pending
            s._pending = p
        return s

    __copy__ = clone

    def __deepcopy__(self, memo):
        return self.clone()

    def __reduce__(self):
        """Pickled as its game and its record (serialize(), a chance node's pending move
        included): unpickling replays the record (Game.deserialize_state)."""
        return _unpickle_state, (self._game, self.serialize())

    def child(self, action):
        s = self.clone()
        s.apply_action(action)
        return s

    def serialize(self):
        """The game record (docs/notation.md); at a chance node, a first line
        'pending <action>'. Game.deserialize_state reads it back."""
        text = _lib.take_string(_L.gb_record_format(self._g, None))
        if text is None:
            raise MemoryError("gabata: out of memory")
        if self._pending is not None:
            m = self._pending
            a = self._game.move_to_action(m.kind, m.hole, m.refusals)
            text = f"pending {a}\n" + text
        return text

    def record(self):
        """The game record (tag pairs, then the moves)."""
        return _lib.take_string(_L.gb_record_format(self._g, None))

    def position(self):
        """The position string (docs/notation.md)."""
        return _lib.take_string(_L.gb_position_format(self._g))

    def state_json(self):
        """The state JSON (the engine protocol's `state`), as a dict."""
        import json
        return json.loads(_lib.take_string(_L.gb_state_json(self._g)))

    def __str__(self):
        """The board as the terminal draws it (gabata play; the library's gb_board_text): the
        labels, each hole's count and mark, the stores, a legend of the marks, and whose turn it
        is or the result, winner's score first. At a chance node, a line saying the lots are to
        be drawn (Q7)."""
        return self.board_text()

    def board_text(self, seat=0, color=False):
        """The board drawn from `seat`'s side (0 South, 1 North: the board turned round), with
        ANSI colours when `color` is true."""
        g = self._g
        flags = 1 if color else 0
        n = _L.gb_board_text(g, seat, flags, None, 0)
        if n < 0:
            raise GabataError(f"no board for seat {seat!r} (0 South, 1 North)")
        buf = ctypes.create_string_buffer(n + 1)
        _L.gb_board_text(g, seat, flags, buf, n + 1)
        text = buf.value.decode()
        if self.current_player() == CHANCE_PLAYER_ID:
            text += "  chance: the lots for the odd hole are to be drawn (Q7)\n"
        return text

    def result_line(self):
        """The result of a finished game in words, the winner's score first, with the reason from
        the rules ("North wins 62–34: the 11 stones left in holes go to North, who moved last
        (S5)"); None while the game goes on."""
        n = _L.gb_result_line(self._g, None, 0)
        if n < 0 or not self.is_terminal():
            return None
        buf = ctypes.create_string_buffer(n + 1)
        _L.gb_result_line(self._g, buf, n + 1)
        return buf.value.decode()

    def __repr__(self):
        return f"<gabata.State {self._game.name} {self.position()!r}>"

    def history(self):
        """The action ids played so far (layouts as catalogue ids when they are in it, else
        the move text)."""
        out = []
        for i in range(_L.gb_history_length(self._g)):
            m = _L.gb_history_move(self._g, i)[0]
            try:
                out.append(self._game.move_to_action(m.kind, m.hole, m.refusals))
            except GabataError:
                out.append(None)
        return out

    def move_number(self):
        return _L.gb_history_length(self._g)

    def ply(self):
        return _L.gb_ply(self._g)

    def round(self):
        return _L.gb_round(self._g)

    def phase(self):
        p = _L.gb_phase(self._g)
        return p.decode() if p else None

    def hole_counts(self):
        return [_L.gb_hole_count(self._g, h) for h in range(self._game.holes)]

    def stores(self):
        return [_L.gb_store(self._g, 0), _L.gb_store(self._g, 1)]

    # --- tensors ---
    def observation_tensor(self, player=None):
        """6 planes of `holes` values, ring order (South's row then North's), then 4 values:
        stones; owned by South; owned by North; held by South; held by North; dormant (0/1);
        South's store, North's store, South to move, North to move (both 0 at a chance node or
        when over). The same for both players (the game has no hidden information). One call
        of gb_observation_tensor; a float32 numpy array when numpy is installed, else a list."""
        buf = self.observation_buffer()
        if _np is not None:
            return _np.frombuffer(buf, dtype=_np.float32).copy()
        return list(buf)

    def observation_buffer(self):
        """observation_tensor() in a float buffer of this thread (overwritten by the next call)."""
        n = 6 * self._game.holes + 4
        buf = _scratch().tensor(n)
        _L.gb_observation_tensor(self._g, buf, n)
        if self._pending is not None:
            buf[n - 2] = buf[n - 1] = 0.0
        return buf

    def observation_string(self, player=None):
        return str(self)

    def information_state_string(self, player=None):
        return self.serialize()

    # --- the last move, the computer players ---
    def trace(self):
        """What the last move did, lap by lap: a list of dicts (from, to, event (the game's
        word), other, stones, value, sown: the holes sown in order, text: a sentence)."""
        t = _L.gb_last_trace(self._g)
        if not t:
            return []
        t = t[0]
        out = []
        buf = ctypes.create_string_buffer(256)
        for i in range(min(t.events, _lib.GB_TRACE_LAPS)):
            lp = t.lap[i]
            ev = _L.gb_event_name(self._g, lp.event)
            n = _L.gb_lap_describe(self._g, ctypes.byref(lp), buf, 256)
            out.append({"from": lp.from_, "to": lp.to, "event": ev.decode() if ev else None,
                        "other": lp.other, "stones": lp.stones, "value": lp.value,
                        "sown": list(t.hole[lp.sown_at:lp.sown_at + lp.sown_len]),
                        "text": buf.value.decode() if n >= 0 else ""})
        return out

    def best_move(self, level=None, depth=None, nodes=None, movetime=None, mcts=False, seed=0,
                  tt_mb=None, result=False):
        """The computer's move as an action id: `level` 1..8 as `gabata play`'s ai:k (docs/ai.md),
        or a budget (depth plies, nodes, movetime ms; all None: depth 6). mcts=True: MCTS.
        result=True: (action, {'score', 'depth', 'nodes', 'seconds', 'pv', 'move'}).
        In a layout phase the move is a layout; it is returned as a catalogue id when the
        catalogue has it, else as its move text (play it with apply_move_text)."""
        if self._pending is not None:
            raise IllegalActionError("chance node: no player to move", _lib.GB_EILLEGAL)
        if _L.gb_is_over(self._g):
            raise GameOverError("the game is over", _lib.GB_EOVER)
        # a budget of 0 or less used to mean "the default" (depth=-1 searched 6 plies)
        depth = None if depth is None else _integer(depth, "best_move: depth", 1, _INT_MAX)
        nodes = None if nodes is None else _integer(nodes, "best_move: nodes", 1, _LONG_MAX)
        movetime = (None if movetime is None
                    else _integer(movetime, "best_move: movetime (ms)", 1, _LONG_MAX))
        seed = _integer(seed, "best_move: seed", 0, _U64_MAX)
        if tt_mb is not None:
            tt_mb = _integer(tt_mb, "best_move: tt_mb", 0, _INT_MAX)
        o = _lib.gb_search_opts()
        res = _lib.gb_search_result()
        err = _lib.gb_error()
        if level is not None:
            # the library's player of that level (gb_player_*), as `gabata play` plays ai:k
            p = _parse_player(f"ai:{level}" if isinstance(level, int) and 1 <= level <= 8 else None,
                              f"level {level}: the levels are 1..8")
            if not result:
                rng = ctypes.c_uint64(seed)
                rc = _LL.gb_player_choose(ctypes.byref(p), self._g, ctypes.byref(rng), None,
                                          ctypes.byref(res.best))
                if rc != _lib.GB_OK:
                    _raise(rc, None, "no move")
                return self._action_of_move(res.best)
            # with result=True the level's search is reported (level 1's random half left out)
            _LL.gb_player_budget(ctypes.byref(p), ctypes.byref(o), seed)
            if tt_mb is not None:
                o.tt_mb = tt_mb
        else:
            o.seed = seed
            o.budget.depth = depth or 0
            o.budget.nodes = nodes or 0
            o.budget.movetime_ms = movetime or 0
            ms = o.budget.movetime_ms
            o.tt_mb = tt_mb if tt_mb is not None else (
                (32 if ms >= 500 else 8 if ms >= 100 else 2) if ms else
                (4 if o.budget.depth >= 5 else 1))
        s = _L.gb_searcher_new(ctypes.byref(o))
        if not s:
            raise MemoryError("gabata: out of memory")
        try:
            fn = _LL.gb_mcts if mcts else _LL.gb_search
            rc = fn(s, self._g, ctypes.byref(o), ctypes.byref(res), ctypes.byref(err))
        finally:
            _L.gb_searcher_free(s)
        if rc != _lib.GB_OK:
            _raise(rc, err)
        a = self._action_of_move(res.best)
        if not result:
            return a
        return a, {"score": res.score, "depth": res.depth, "nodes": res.nodes,
                   "seconds": res.seconds, "move": self._format(res.best),
                   "pv": [self._format(res.pv[i]) for i in range(min(res.pv_len, _lib.GB_PV_MAX))]}

    def _action_of_move(self, m):
        if m.kind == _lib.GB_MOVE_LAYOUT:
            for a in self._layout_actions():
                if bytes(self._catalogue(a - self._game.LAYOUT).layout) == bytes(m.layout):
                    return a
            return self._format(m)
        return self._game.move_to_action(m.kind, m.hole, m.refusals)


def _unpickle_state(game, text):
    return game.deserialize_state(text)


def perft(state, depth):
    """The library's perft of a state (gb_perft): move sequences of `depth` plies."""
    return _LL.gb_perft(state._g, _integer(depth, "perft depth", 0, _INT_MAX))


def random_playouts(name, games, seed=0, options=""):
    """`games` uniformly random games from the start, in one call of gb_random_playouts (C
    speed). A dict: games, plies, laps, sown, wins {south, north, draw}, reasons {rule, ...},
    min_plies, max_plies."""
    games = _integer(games, "random_playouts: games", 1, _LONG_MAX)
    seed = _integer(seed, "random_playouts: seed", 0, _U64_MAX)
    g = _Handle(_new_game(name, options))
    st = _lib.gb_playout_stats()
    err = _lib.gb_error()
    rc = _LL.gb_random_playouts(g.ptr, games, seed, ctypes.byref(st), ctypes.byref(err))
    if rc != _lib.GB_OK:
        _raise(rc, err)
    names = ["none", "rule", "repetition", "cap", "endless"]
    return {"games": st.games, "plies": st.plies, "laps": st.laps, "sown": st.sown,
            "wins": {"south": st.wins[0], "north": st.wins[1], "draw": st.wins[2]},
            "reasons": {names[i]: st.reasons[i] for i in range(1, 5)},
            "min_plies": st.min_plies, "max_plies": st.max_plies}


def _parse_player(spec, message=None):
    """A gb_player from "random", "ai", "ai:1" .. "ai:8", "mcts" (the library's parser)."""
    p = _lib.gb_player()
    err = _lib.gb_error()
    ok = isinstance(spec, str) and spec != "human"
    if ok and _L.gb_player_parse(spec.encode(), ctypes.byref(p), ctypes.byref(err)) == _lib.GB_OK:
        return p
    raise InvalidError(message or f"player '{spec}': random, ai, ai:1 .. ai:8 or mcts",
                       _lib.GB_EINVAL)


_END_NAMES = ["none", "rule", "repetition", "cap", "endless"]


def match(name, first, second, games=2, seed=0, options="", swap=True, openings=0,
          records=False):
    """Games between two players ("random", "ai", "ai:1" .. "ai:8", "mcts", "ai:8@0.5"): each
    game is one call of the library's gb_match_play (C speed, the levels of docs/ai.md). With
    swap the players change sides every game (`first` is South in even games); `openings` random
    plies start each game. Returns {"first": wins, "second": wins, "draws": n, "plies": n,
    "games": [...]} with each game's players, winner, scores, end reason, plies and rounds;
    records=True adds each game's record (a Python call at every position, so slower)."""
    games = _integer(games, "match: games", 1, _INT_MAX)
    # at most `gabata stats --openings`'s 200 plies: the library shortens an opening that
    # ends the game 100 tries at a time, so 10**6 plies ran for hours
    openings = _integer(openings, "match: openings (random plies)", 0, MAX_OPENINGS)
    seed = _integer(seed, "match: seed", 0)
    players = [_parse_player(first), _parse_player(second)]
    _Handle(_new_game(name, options))  # a bad name or option raises before any game
    rng = _random.Random(seed)
    res = {"first": 0, "second": 0, "draws": 0, "plies": 0, "games": []}
    err = _lib.gb_error()
    out = _lib.gb_match_result()
    final = []

    def observe(g, _user):
        if _L.gb_is_over(g):
            final.append(_lib.take_string(_L.gb_record_format(g, None)))
        return 0
    observer = _lib.MATCH_OBSERVER(observe) if records else _lib.MATCH_OBSERVER()
    for i in range(games):
        flip = swap and i % 2 == 1
        spec = _lib.gb_match_spec()
        spec.variant, spec.options = name.encode(), (options or "").encode()
        spec.player[0], spec.player[1] = (players[1], players[0]) if flip else (players[0], players[1])
        spec.opening_seed, spec.seed = rng.getrandbits(64), rng.getrandbits(64)
        spec.opening_plies = int(openings)
        spec.observe = observer
        del final[:]
        rc = _LL.gb_match_play(ctypes.byref(spec), ctypes.byref(out), ctypes.byref(err))
        if rc != _lib.GB_OK:
            _raise(rc, err)
        w = out.winner
        if w == _lib.GB_DRAW:
            res["draws"] += 1
        else:
            res["second" if (w ^ flip) else "first"] += 1
        res["plies"] += out.plies
        game = {"south": second if flip else first, "north": first if flip else second,
                "winner": w, "scores": [out.score[0], out.score[1]],
                "end_reason": _END_NAMES[out.end_reason] if 0 <= out.end_reason < 5 else None,
                "plies": out.plies, "rounds": out.rounds,
                "opening": out.opening.decode("utf-8", "replace")}
        if records:
            game["record"] = final[-1] if final else None
        res["games"].append(game)
    return res
