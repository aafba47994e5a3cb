"""Board view-models: turn an engine's `view` into drawing data for the board templates.

`context(game, seat, view, legal)` returns the extra template context of the game's
board (`{"pb": ...}` for Praga), or an empty dict for games drawn by the generic board.
Pure functions of the view, the reader's legal moves and the public log.
"""

from importlib import import_module

BOARDS = {"praga": "games.boards.praga", "queens_architect": "games.boards.queens_architect"}


def context(game, seat, view, legal, step=None):
    name = BOARDS.get(game.game_id)
    if name is None:
        return {}
    return import_module(name).board_context(game, seat, view, legal, step=step)
