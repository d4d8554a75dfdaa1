"""The ctypes binding of libgabata: the structures and prototypes of include/gabata.h.

Only this module touches ctypes. The library is found through GABATA_LIBRARY (a path), then the
library directory recorded at install time (_install.py, written by CMake), then the directories
around the package (an installed prefix: <prefix>/lib, <prefix>/lib/<multiarch>, <prefix>/lib64),
then ctypes.util.find_library("gabata").
"""
import ctypes
import ctypes.util
import glob
import os

GB_OK, GB_EINVAL, GB_EILLEGAL, GB_EOVER, GB_ENOMEM, GB_EEMPTY, GB_ESTOPPED = 0, -1, -2, -3, -4, -5, -6
GB_SOUTH, GB_NORTH, GB_DRAW, GB_NOBODY = 0, 1, 2, -1
(GB_MOVE_SOW, GB_MOVE_PASS, GB_MOVE_FEED, GB_MOVE_LAYOUT, GB_MOVE_KEEP,
 GB_MOVE_TURN) = range(6)
GB_MAX_HOLES = 20
GB_MAX_MOVES = 1024
GB_ERR_LEN = 256
GB_TRACE_LAPS = 64
GB_TRACE_HOLES = 6144
GB_PV_MAX = 32
GB_MOVE_TEXT_MAX = 96


class gb_error(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("msg", ctypes.c_char * GB_ERR_LEN)]


class gb_move(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_uint8), ("hole", ctypes.c_uint8), ("chance", ctypes.c_uint8),
                ("reserved", ctypes.c_uint8), ("refusals", ctypes.c_uint16),
                ("layout", ctypes.c_uint8 * 12)]


MOVE_SIZE = ctypes.sizeof(gb_move)


class gb_lap(ctypes.Structure):
    _fields_ = [("from_", ctypes.c_uint8), ("to", ctypes.c_uint8), ("event", ctypes.c_uint8),
                ("other", ctypes.c_uint8), ("stones", ctypes.c_uint16),
                ("value", ctypes.c_uint16), ("sown_at", ctypes.c_uint16),
                ("sown_len", ctypes.c_uint16)]


class gb_trace(ctypes.Structure):
    _fields_ = [("laps", ctypes.c_int), ("events", ctypes.c_int), ("sown", ctypes.c_long),
                ("holes", ctypes.c_int), ("lap", gb_lap * GB_TRACE_LAPS),
                ("hole", ctypes.c_uint8 * GB_TRACE_HOLES)]


class gb_playout_stats(ctypes.Structure):
    _fields_ = [("games", ctypes.c_long), ("plies", ctypes.c_long), ("laps", ctypes.c_long),
                ("sown", ctypes.c_longlong), ("wins", ctypes.c_long * 3),
                ("reasons", ctypes.c_long * 5), ("min_plies", ctypes.c_long),
                ("max_plies", ctypes.c_long)]


class gb_budget(ctypes.Structure):
    _fields_ = [("depth", ctypes.c_int), ("nodes", ctypes.c_longlong),
                ("movetime_ms", ctypes.c_long)]


class gb_search_result(ctypes.Structure):
    _fields_ = [("best", gb_move), ("score", ctypes.c_int), ("depth", ctypes.c_int),
                ("nodes", ctypes.c_longlong), ("seconds", ctypes.c_double),
                ("pv_len", ctypes.c_int), ("pv", gb_move * GB_PV_MAX),
                ("exact", ctypes.c_int), ("margin", ctypes.c_int)]


INFO_FN = ctypes.CFUNCTYPE(None, ctypes.POINTER(gb_search_result), ctypes.c_void_p)


class gb_search_opts(ctypes.Structure):
    _fields_ = [("budget", gb_budget), ("tt_mb", ctypes.c_int), ("tt_exact", ctypes.c_int),
                ("seed", ctypes.c_uint64), ("info", INFO_FN), ("user", ctypes.c_void_p),
                ("searchmoves", ctypes.POINTER(gb_move)), ("nsearchmoves", ctypes.c_int),
                ("tables", ctypes.c_void_p), ("margins", ctypes.c_int),
                ("threads", ctypes.c_int), ("stop", ctypes.POINTER(ctypes.c_int))]


class gb_player(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("level", ctypes.c_int), ("think", ctypes.c_double),
                ("threads", ctypes.c_int)]


GB_OPENING_TEXT_MAX = 160
MATCH_OBSERVER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)


class gb_match_spec(ctypes.Structure):
    _fields_ = [("variant", ctypes.c_char_p), ("options", ctypes.c_char_p),
                ("player", gb_player * 2), ("opening_seed", ctypes.c_uint64),
                ("opening_plies", ctypes.c_int), ("seed", ctypes.c_uint64),
                ("observe", MATCH_OBSERVER), ("user", ctypes.c_void_p)]


class gb_match_result(ctypes.Structure):
    _fields_ = [("winner", ctypes.c_int), ("score", ctypes.c_int * 2),
                ("end_reason", ctypes.c_int), ("plies", ctypes.c_int),
                ("opening_plies", ctypes.c_int), ("rounds", ctypes.c_int),
                ("opening", ctypes.c_char * GB_OPENING_TEXT_MAX)]


class gb_option_info(ctypes.Structure):
    _fields_ = [("key", ctypes.c_char_p), ("choices", ctypes.POINTER(ctypes.c_char_p)),
                ("min", ctypes.c_long), ("max", ctypes.c_long), ("def_", ctypes.c_long),
                ("help", ctypes.c_char_p), ("ruling", ctypes.c_char_p)]


def _candidates():
    env = os.environ.get("GABATA_LIBRARY")
    if env:
        return [env], True
    out = []
    try:
        from . import _install  # written by CMake's install rules
        out += [os.path.join(_install.LIBDIR, n) for n in ("libgabata.so.0", "libgabata.so")]
    except ImportError:
        pass
    here = os.path.dirname(os.path.abspath(__file__))
    d = here
    for _ in range(5):
        d = os.path.dirname(d)
        for sub in ("", "lib", "lib64"):
            base = os.path.join(d, sub)
            for n in ("libgabata.so.0", "libgabata.so"):
                out.append(os.path.join(base, n))
            out += sorted(glob.glob(os.path.join(base, "*-linux-gnu*", "libgabata.so.0")))
    return out, False


def load():
    """The library twice over one dlopen: (CDLL, PyDLL). Calls that can take long (playouts,
    searches, perft, parsing) go through the CDLL, which releases the GIL; the short ones through
    the PyDLL, which keeps it (cheaper: about 0.5 us a call)."""
    paths, explicit = _candidates()
    if explicit:
        try:
            return ctypes.CDLL(paths[0]), ctypes.PyDLL(paths[0])
        except OSError as e:
            raise ImportError(f"gabata: GABATA_LIBRARY={paths[0]} cannot be loaded: {e}") from None
    for p in paths:
        if os.path.exists(p):
            try:
                return ctypes.CDLL(p), ctypes.PyDLL(p)
            except OSError:
                continue
    name = ctypes.util.find_library("gabata")
    if name:
        return ctypes.CDLL(name), ctypes.PyDLL(name)
    raise ImportError("gabata: libgabata.so not found: set GABATA_LIBRARY to its path, or "
                      "install the library (cmake --install) next to this package")


lib_long, lib = load()
LONG = {"gb_random_playouts", "gb_search", "gb_mcts", "gb_perft", "gb_record_parse",
        "gb_searcher_new", "gb_batch_reset", "gb_batch_step", "gb_batch_step_range"}

GB_CHANCE_ASK = 255  # gb_play_action: play nothing and return 1 when the move draws lots (Q7)


class gb_batch_out(ctypes.Structure):
    """What gb_batch_reset and gb_batch_step write (gabata.h): row i of each array for game i."""
    _fields_ = [("obs", ctypes.c_void_p), ("mask", ctypes.c_void_p), ("reward", ctypes.c_void_p),
                ("terminated", ctypes.c_void_p), ("truncated", ctypes.c_void_p),
                ("player", ctypes.c_void_p), ("final_obs", ctypes.c_void_p)]

P = ctypes.POINTER
c_int, c_char_p, c_void_p, c_size_t, c_u64 = (ctypes.c_int, ctypes.c_char_p, ctypes.c_void_p,
                                              ctypes.c_size_t, ctypes.c_uint64)
GAME = c_void_p
PROTOS = {
    "gb_variant_count": (c_int, []),
    "gb_variant_name": (c_char_p, [c_int]),
    "gb_variant_title": (c_char_p, [c_char_p]),
    "gb_variant_rows": (c_int, [c_char_p]),
    "gb_variant_options_help": (c_int, [c_char_p, c_char_p, c_size_t]),
    "gb_game_new": (c_int, [P(GAME), c_char_p, c_char_p, c_u64, P(gb_error)]),
    "gb_game_clone": (GAME, [GAME]),
    "gb_game_free": (None, [GAME]),
    "gb_game_variant": (c_char_p, [GAME]),
    "gb_game_rows": (c_int, [GAME]),
    "gb_hole_count": (c_int, [GAME, c_int]),
    "gb_hole_mark": (c_int, [GAME, c_int]),
    "gb_hole_owner": (c_int, [GAME, c_int]),
    "gb_store": (c_int, [GAME, c_int]),
    "gb_hole_label": (c_char_p, [GAME, c_int]),
    "gb_to_move": (c_int, [GAME]),
    "gb_phase": (c_char_p, [GAME]),
    "gb_is_over": (c_int, [GAME]),
    "gb_winner": (c_int, [GAME]),
    "gb_score": (c_int, [GAME, c_int]),
    "gb_end_reason": (c_int, [GAME]),
    "gb_end_reason_name": (c_char_p, [c_int]),
    "gb_ply": (c_int, [GAME]),
    "gb_round": (c_int, [GAME]),
    "gb_history_length": (c_int, [GAME]),
    "gb_history_move": (P(gb_move), [GAME, c_int]),
    "gb_last_trace": (P(gb_trace), [GAME]),
    "gb_legal_moves": (c_int, [GAME, c_void_p, c_int]),
    "gb_play": (c_int, [GAME, c_void_p, c_void_p]),
    "gb_undo": (c_int, [GAME, P(gb_error)]),
    "gb_move_format": (c_int, [GAME, P(gb_move), c_char_p, c_size_t]),
    "gb_move_parse": (c_int, [GAME, c_char_p, P(gb_move), P(gb_error)]),
    "gb_move_check": (c_int, [GAME, P(gb_move), P(gb_error)]),
    "gb_position_format": (c_void_p, [GAME]),
    "gb_game_from_position": (c_int, [P(GAME), c_char_p, c_u64, P(gb_error)]),
    "gb_record_format": (c_void_p, [GAME, c_void_p]),
    "gb_record_parse": (c_int, [P(GAME), c_char_p, P(gb_error)]),
    "gb_state_json": (c_void_p, [GAME]),
    "gb_board_text": (c_int, [GAME, c_int, ctypes.c_uint, c_char_p, c_size_t]),
    "gb_result_line": (c_int, [GAME, c_char_p, c_size_t]),
    "gb_perft": (c_u64, [GAME, c_int]),
    "gb_random_playouts": (c_int, [GAME, ctypes.c_long, c_u64, P(gb_playout_stats),
                                   P(gb_error)]),
    "gb_random_move": (c_int, [GAME, P(c_u64), P(gb_move)]),
    "gb_suggest_move": (c_int, [GAME, P(c_u64), P(gb_move)]),
    "gb_event_name": (c_char_p, [GAME, c_int]),
    "gb_mark_name": (c_char_p, [GAME, c_int]),
    "gb_move_kind_name": (c_char_p, [GAME, c_int]),
    "gb_lap_describe": (c_int, [GAME, P(gb_lap), c_char_p, c_size_t]),
    "gb_option_value": (c_int, [GAME, c_char_p, c_char_p, c_size_t]),
    "gb_searcher_new": (c_void_p, [P(gb_search_opts)]),
    "gb_searcher_free": (None, [c_void_p]),
    "gb_searcher_clear": (None, [c_void_p]),
    "gb_search": (c_int, [c_void_p, GAME, P(gb_search_opts), P(gb_search_result), P(gb_error)]),
    "gb_mcts": (c_int, [c_void_p, GAME, P(gb_search_opts), P(gb_search_result), P(gb_error)]),
    "gb_evaluate": (c_int, [GAME]),
    "gb_player_parse": (c_int, [c_char_p, P(gb_player), P(gb_error)]),
    "gb_player_describe": (c_char_p, [P(gb_player), c_char_p, c_size_t]),
    "gb_player_budget": (None, [P(gb_player), P(gb_search_opts), c_u64]),
    "gb_player_choose": (c_int, [P(gb_player), GAME, P(c_u64), P(c_void_p), P(gb_move)]),
    "gb_match_play": (c_int, [P(gb_match_spec), P(gb_match_result), P(gb_error)]),
    "gb_variant_option_count": (c_int, [c_char_p]),
    "gb_variant_option": (c_int, [c_char_p, c_int, P(gb_option_info)]),
    # action ids (docs/library.md): masks and observations into the caller's buffers
    "gb_action_count": (c_int, [GAME]),
    "gb_legal_mask": (c_int, [GAME, c_void_p, c_size_t]),
    "gb_observation_tensor": (c_int, [GAME, c_void_p, c_size_t]),
    # more on ids, and batches (gabata.h; docs/library.md "Learning")
    "gb_action_of_move": (c_int, [GAME, P(gb_move)]),
    "gb_action_move": (c_int, [GAME, c_int, P(gb_move), P(gb_error)]),
    "gb_legal_actions": (c_int, [GAME, c_void_p, c_int]),
    "gb_play_action": (c_int, [GAME, c_int, c_int, c_void_p]),
    "gb_observation_size": (c_int, [GAME]),
    "gb_batch_new": (c_int, [P(c_void_p), c_char_p, c_char_p, c_int, c_u64, P(gb_error)]),
    "gb_batch_free": (None, [c_void_p]),
    "gb_batch_size": (c_int, [c_void_p]),
    "gb_batch_action_count": (c_int, [c_void_p]),
    "gb_batch_observation_size": (c_int, [c_void_p]),
    "gb_batch_game_seed": (c_u64, [c_u64, c_int, c_u64]),
    "gb_batch_episode": (c_u64, [c_void_p, c_int]),
    "gb_batch_reset": (c_int, [c_void_p, c_void_p, c_void_p, P(gb_error)]),
    "gb_batch_step": (c_int, [c_void_p, c_void_p, c_void_p, P(gb_error)]),
    "gb_batch_step_range": (c_int, [c_void_p, c_int, c_int, c_void_p, c_void_p, P(gb_error)]),
    "gb_batch_random_actions": (None, [c_void_p, P(c_u64), c_void_p]),
}
for _name, (_res, _args) in PROTOS.items():
    for _h in (lib, lib_long):
        _f = getattr(_h, _name)
        _f.restype = _res
        _f.argtypes = _args

libc = ctypes.CDLL(None)
libc.free.argtypes = [c_void_p]
libc.free.restype = None


def take_string(ptr):
    """A malloc'd char * from the library, as str, freed."""
    if not ptr:
        return None
    try:
        return ctypes.string_at(ptr).decode("utf-8", "replace")
    finally:
        libc.free(ptr)
