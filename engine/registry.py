"""Game id -> rules implementation. The site offers exactly the games listed here.

Each game's package is imported the first time its rules are asked for, not when the site
starts: a web worker that serves pages of one game does not hold the other engines (each is
several hundred KB of modules and data; issue 10, tests/site/test_worker_imports.py). Asking
whether a game exists (`in`, iterating the ids) imports nothing, nor does reading its title and
options (`catalogue`).
"""

from collections.abc import MutableMapping
from importlib import import_module

# Game id -> the package implementing the engine contract (docs/engine.md).
PACKAGES = {
    "praga": "engine.praga",
    # Played over days: every decision owed off turn has its own deadline and a default
    # (timeout_move), card choices are drawn from their constraints on the move card.
    "catan_ck": "engine.catan_ck",
    # Every decision is owed on the seat's own turn (timeout_move is None: the timeout policy);
    # its board is games/boards/queens_architect/.
    "queens_architect": "engine.queens_architect",
}

# Game id -> its catalogue module (engine/catalogue/: TITLE, OPTIONS), plain data read without the engine.
CATALOGUES = {game_id: f"engine.catalogue.{game_id}" for game_id in PACKAGES}


class Games(MutableMapping):
    """{game id: rules module}, importing a module on its first lookup. Tests may add a game
    (`GAMES["toy"] = toygame`), as with a dict."""

    def __init__(self, packages):
        self._entries = dict(packages)  # a package's name until it is imported, then the module

    def __getitem__(self, game_id):
        entry = self._entries[game_id]
        if isinstance(entry, str):
            entry = self._entries[game_id] = import_module(entry)
        return entry

    def __setitem__(self, game_id, module):
        self._entries[game_id] = module

    def __delitem__(self, game_id):
        del self._entries[game_id]

    def __iter__(self):
        return iter(self._entries)

    def __len__(self):
        return len(self._entries)

    def __contains__(self, game_id):
        return game_id in self._entries


GAMES = Games(PACKAGES)


def get(game_id):
    return GAMES[game_id]


def catalogue(game_id):
    """The module with the game's TITLE and OPTIONS, without importing its engine; for a game
    added at run time (a test's toy game) its rules module, which then holds them."""
    if game_id in CATALOGUES and game_id in GAMES:
        return import_module(CATALOGUES[game_id])
    return GAMES[game_id]
