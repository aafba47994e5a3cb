"""Shared helpers: copy-on-write context, edition lookups, craftsman values.

`Ctx` wraps the state a move is applied to. It copies the top-level dict once and a section
(or one player) only when a rule writes to it, so `apply` never deep-copies the whole state and
never mutates the state it was given. Rules read `ctx.s[key]` and write through `ctx.w(key)` and
`ctx.player(seat)`.
"""

from engine.core.rng import Rng
from engine.queens_architect import data
from engine.queens_architect.geometry import map_index

GUILD_IDS = ["glazier", "stonemason", "lumberjack", "bricklayer", "blacksmith", "tailor"]


def clone(value):
    """Deep copy of plain JSON-like data (much faster than copy.deepcopy)."""
    kind = type(value)
    if kind is dict:
        return {key: clone(item) for key, item in value.items()}
    if kind is list:
        return [clone(item) for item in value]
    return value


class Edition:
    """Indexed, read-only access to one data edition."""

    def __init__(self, edition_id):
        self.data = data.edition(edition_id)
        self.id = edition_id
        self.designs = {design["id"]: design for design in self.data.DESIGNS}
        self.tiles = {tile["id"]: self.designs[tile["design"]] for tile in self.data.TILES}
        self.demand = {tile["id"]: tile for tile in self.data.DEMAND_TILES}
        self.track_tiles = {tile["id"]: tile["value"] for tile in self.data.TRACK_TILES}
        self.maps = {side: map_index(table) for side, table in self.data.MAPS.items()}

    def design(self, tile_id):
        return self.tiles[tile_id]


_EDITIONS = {}


def edition(edition_id):
    ed = _EDITIONS.get(edition_id)
    if ed is None:
        ed = _EDITIONS[edition_id] = Edition(edition_id)
    return ed


class Ctx:
    def __init__(self, state):
        self.s = dict(state)
        self.ed = edition(state["data_edition"])
        self.barrier = False  # set by a move that revealed hidden information (no undo past it)
        self.effects = None  # what an action did, for the log line
        self._written = set()
        self._players = set()

    def w(self, key):
        if key not in self._written:
            self.s[key] = clone(self.s[key])
            self._written.add(key)
        return self.s[key]

    def player(self, seat):
        if seat not in self._players:
            if "players" not in self._written and not self._players:
                self.s["players"] = list(self.s["players"])
            self.s["players"][seat] = clone(self.s["players"][seat])
            self._players.add(seat)
        return self.s["players"][seat]

    def rng(self):
        return Rng(self.s["rng"])

    def store_rng(self, rng):
        self.s["rng"] = rng.state

    @property
    def options(self):
        return self.s["options"]


def performance(ed, craftsman):
    """QA-CRAFT-02: the number at the hammer, corner c(7 - uses)."""
    return ed.design(craftsman["tile"])["corners"][6 - craftsman["uses"]]


def total_performance(ed, player):
    """QA-BUILD-02, QA-PALACE-01 d: the sum over all of the player's craftsmen."""
    return sum(performance(ed, craftsman) for craftsman in player["craftsmen"])


def guild_of(ed, tile_id):
    return ed.design(tile_id)["guild"]


def star_spaces(state):
    ed = edition(state["data_edition"])
    return ed.data.STAR_ORDERS[state["options"]["star_order"]]["spaces"]


def space_of(state, player):
    return star_spaces(state)[player["architect"]]


def find_craftsman(player, tile_id):
    for craftsman in player["craftsmen"]:
        if craftsman["tile"] == tile_id:
            return craftsman
    return None


def free_spot(player, wanted=None):
    """QA-STAR-06: the named free spot, else the lowest free one; None if the star is full."""
    used = {craftsman["spot"] for craftsman in player["craftsmen"]}
    if wanted is not None:
        return wanted if wanted not in used and type(wanted) is int and 0 <= wanted < 6 else None
    for spot in range(6):
        if spot not in used:
            return spot
    return None


def map_of(state):
    """The indexed map side the game is played on (geometry.map_index)."""
    return edition(state["data_edition"]).maps[state["map"]["side"]]
