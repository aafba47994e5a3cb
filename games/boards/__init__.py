"""Board view-models: turn an engine's `view` into drawing data for the board templates.

`context(game, seat, view, legal)` returns the extra template context of the game's
board (`{"pb": ...}` for Praga), or an empty dict for games drawn by the generic board.
Pure functions of the view, the reader's legal moves and the public log.
"""

from importlib import import_module

BOARDS = {"praga": "games.boards.praga"}
# Panels drawn beside a game's board (each module: `context(game, seat, view, legal, step)`,
# `TEMPLATE`, and `MOVES`: the move types it offers, which the generic move card leaves out).
PANELS = {"catan_ck": ("games.boards.catan_ck.market", "games.boards.catan_ck.preferences")}


def context(game, seat, view, legal, step=None):
    name = BOARDS.get(game.game_id)
    board = {} if name is None else import_module(name).board_context(game, seat, view, legal, step=step)
    return {**board, **panels(game, seat, view, legal, step)}


def panels(game, seat, view, legal, step=None):
    """The panels' contexts, `panels` (their templates, in order) and `panel_moves`."""
    modules = [import_module(name) for name in PANELS.get(game.game_id, ())]
    if not modules:
        return {}
    merged = {"panels": [module.TEMPLATE for module in modules],
              "panel_moves": frozenset().union(*(module.MOVES for module in modules))}
    for module in modules:
        merged.update(module.context(game, seat, view, legal, step=step))
    return merged
