"""gabata under the name `pyspiel`, for OpenSpiel's pure-Python algorithms.

OpenSpiel's Python code (open_spiel/python/algorithms: evaluate_bots, mcts, minimax, ...) does
`import pyspiel`, the C++ extension. This module offers the names those algorithms use, taken
from gabata, so that they run unchanged on the four games:

    import sys
    import gabata.pyspiel_compat
    gabata.pyspiel_compat.install()          # sys.modules["pyspiel"] = this module
    # then, with open_spiel's python directory on sys.path:
    from open_spiel.python.algorithms import mcts
    game = pyspiel.load_game("bulto")        # or gabata.load_game

Only gabata's games load here (load_game of another name raises gabata.InvalidError): this is
not OpenSpiel, and nothing of OpenSpiel is included.
"""
import sys

import gabata
from gabata import (CHANCE_PLAYER_ID, INVALID_ACTION, TERMINAL_PLAYER_ID, Game, GameType,
                    PlayerId, State, load_game, registered_names)

__all__ = ["load_game", "registered_names", "Game", "State", "GameType", "PlayerId",
           "INVALID_ACTION", "Bot", "SpielError", "install", "kChancePlayerId",
           "kTerminalPlayerId", "kInvalidAction", "kInvalidPlayer", "kSimultaneousPlayerId"]

SpielError = gabata.GabataError
kChancePlayerId = CHANCE_PLAYER_ID
kTerminalPlayerId = TERMINAL_PLAYER_ID
kInvalidPlayer = PlayerId.INVALID
kSimultaneousPlayerId = PlayerId.SIMULTANEOUS
kInvalidAction = INVALID_ACTION


class Bot:
    """pyspiel.Bot: the base of OpenSpiel's Python bots (UniformRandomBot, MCTSBot). A bot
    overrides step(state); the rest are the defaults pyspiel's Bot has."""

    def __init__(self):
        pass

    def step(self, state):
        raise NotImplementedError("Bot.step: a bot must override step(state)")

    def step_with_policy(self, state):
        raise NotImplementedError("Bot.step_with_policy: this bot provides no policy")

    def provides_policy(self):
        return False

    def get_policy(self, state):
        return self.step_with_policy(state)[0]

    def restart(self):
        pass

    def restart_at(self, state):
        pass

    def inform_action(self, state, player_id, action):
        pass

    def inform_actions(self, state, actions):
        pass

    def provides_force_action(self):
        return False

    def force_action(self, state, action):
        raise NotImplementedError("Bot.force_action: not provided by this bot")

    def is_clonable(self):
        return False


def install():
    """Make `import pyspiel` give this module (sys.modules["pyspiel"]); returns it."""
    mod = sys.modules[__name__]
    sys.modules["pyspiel"] = mod
    return mod
