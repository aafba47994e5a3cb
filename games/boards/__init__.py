"""Board view-models: turn an engine's `view` into drawing data for the board templates.

One package per game's board (`games/boards/<game id>/`) exposing
`board_context(game, seat, view, legal, step=None)`: the board's template context, which
always holds `board_features` (see `features`) so that the game page treats every board
alike. Games without a package are drawn by the generic board. Shared drawing helpers:
`geometry` (hex geometry), `reasons` (the engine's reason next to an illegal click),
static/boards/board-kit.js (enlarge, reasons, log highlight, keyboard choices).
"""

from importlib import import_module

BOARDS = {
    "praga": "games.boards.praga",
    "catan_ck": "games.boards.catan_ck",
    "queens_architect": "games.boards.queens_architect",
}


def features(flow=False, drawn=(), own_log=False):
    """What a board draws itself, for the game page (games.views.live_context):

    `flow`: the reader has a click flow on the board now; `drawn`: the legal moves that flow
    draws, the very objects of the `legal` list it was given (the move card keeps the others);
    `own_log`: the board shows the game log itself.
    """
    return {"flow": bool(flow), "drawn": list(drawn), "own_log": bool(own_log)}


# Panels drawn beside a game's board (each module: `context(game, seat, view, legal, step)`,
# `TEMPLATE`, and `MOVES`: the move types it offers, which the generic move card leaves out).
PANELS = {"catan_ck": ("games.boards.catan_ck.market", "games.boards.catan_ck.preferences")}


def context(game, seat, view, legal, step=None):
    name = BOARDS.get(game.game_id)
    board = {"board_features": features()} if name is None else import_module(name).board_context(
        game, seat, view, legal, step=step)
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
