"""Action tiles (spec 6.3): 6 double tiles, sides A and B."""

from ._util import PROVISIONAL, prov

_A = [
    ("AT1", ["MINES", "WALL"], "A1"),
    ("AT2", ["QUARRIES", "BUILDING"], "A2"),
    ("AT3", ["UPGRADE", "ROAD"], "A3"),
    ("AT4", ["MINES", "WALL"], "A1"),
    ("AT5", ["QUARRIES", "BUILDING"], "A2"),
    ("AT6", ["UPGRADE", "ROAD"], "A3"),
]
_B = [
    ("AT1", ["MINES", "UPGRADE"]),
    ("AT2", ["UPGRADE", "WALL"]),
    ("AT3", ["WALL", "ROAD"]),
    ("AT4", ["ROAD", "BUILDING"]),
    ("AT5", ["BUILDING", "QUARRIES"]),
    ("AT6", ["QUARRIES", "MINES"]),
]

_SRC_A = ("spec 6.3: pairings PROVISIONAL; 3 designs printed twice each INFERRED "
          "([Y] appendix 'Vorderseite (je 2x)')")
_SRC_B = "spec 6.3: pairings PROVISIONAL; 6 different tiles, each action twice INFERRED"

ACTION_TILES = {
    "A": [
        {"id": tile_id, "side": "A", "actions": list(actions), "design": design,
         "status": PROVISIONAL, "source": _SRC_A}
        for tile_id, actions, design in _A
    ],
    "B": [
        {"id": tile_id, "side": "B", "actions": list(actions),
         "status": PROVISIONAL, "source": _SRC_B}
        for tile_id, actions in _B
    ],
}

# First game: A sides in this order from p0 clockwise into the first 6 free notches.
FIRST_GAME_ORDER = ["AT1", "AT2", "AT3", "AT4", "AT5", "AT6"]

PROVENANCE = [
    prov("FIRST_GAME_ORDER", PROVISIONAL, "spec 6.3: a fixed order CONFIRMED [Y]; the order PROVISIONAL"),
]
