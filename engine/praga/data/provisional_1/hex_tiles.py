"""Hex tiles (spec 6.2, 6.6): 36 buildings, 36 walls, 30 upgrades.

Tile ids encode type, era and kind: B1-07 = building, Era I, normal tile 7; B2-S3 = building,
Era II, special tile 3; W = wall, U = upgrade. Edges and corners are given in the printed
orientation (rotation 0), numbered as in spec 3.3.
"""

from ._util import PROVISIONAL, corners, cost, rec, reward

_SRC = "spec 6.6 (PROVISIONAL per-tile values; counts per era and kind CONFIRMED [PT] [SKAF])"
_B1_01_SRC = ("spec 6.6; [SH-img] building-move-pawn.jpg: cost, reward, cube space, Cathedral symbol and "
              "blue corner CONFIRMED; its era PROVISIONAL")

# id, cost, reward (green window), cube space, Cathedral symbol, blue corner
_BUILDINGS = [
    ("B1-01", "2G 2S", "Q+", "yes", "yes", "corner 1"),
    ("B1-02", "2G", "2VP", "yes", "no", "-"),
    ("B1-03", "2G", "1SW", "yes", "yes", "-"),
    ("B1-04", "3G", "1E", "yes", "no", "corner 1"),
    ("B1-05", "2G 1S", "1T", "yes", "no", "corner 1"),
    ("B1-06", "3G", "2U", "no", "yes", "-"),
    ("B1-07", "1G 1S", "1G, 1S", "yes", "no", "-"),
    ("B1-08", "3G", "M+", "no", "no", "corner 1"),
    ("B1-09", "2G 1S", "BM", "yes", "yes", "corner 1"),
    ("B1-10", "2G", "1VP, 1SW", "no", "no", "-"),
    ("B1-11", "3G 1S", "1GW", "yes", "yes", "-"),
    ("B1-12", "2G", "1E", "no", "no", "corner 1"),
    ("B1-13", "3G", "3VP", "yes", "no", "-"),
    ("B1-14", "2G 2S", "HW", "yes", "yes", "corner 1"),
    ("B1-S1", "3G 1S", "1GW, 2VP", "yes", "yes", "corner 1"),
    ("B1-S2", "4G", "2T", "yes", "no", "corner 1"),
    ("B1-S3", "3G 2S", "M+, Q+", "no", "yes", "-"),
    ("B1-S4", "4G", "2E, 1VP", "yes", "no", "corner 1"),
    ("B2-01", "4G", "4VP", "yes", "no", "corner 1"),
    ("B2-02", "3G 1S", "1GW", "yes", "yes", "-"),
    ("B2-03", "4G 1S", "1T, 2VP", "yes", "no", "corner 1"),
    ("B2-04", "5G", "2U, 2VP", "no", "yes", "-"),
    ("B2-05", "3G 2S", "Q+", "yes", "yes", "corner 1"),
    ("B2-06", "4G", "M+", "yes", "no", "-"),
    ("B2-07", "4G 2S", "6VP", "no", "no", "corner 1"),
    ("B2-08", "3G 1S", "2E", "yes", "no", "-"),
    ("B2-09", "4G", "2SW", "yes", "yes", "corner 1"),
    ("B2-10", "5G 1S", "RM, BM", "yes", "no", "-"),
    ("B2-11", "3G 2S", "CA, 2VP", "no", "yes", "corner 1"),
    ("B2-12", "4G", "1E, 2VP", "yes", "no", "corner 1"),
    ("B2-13", "5G", "1GW, 1T", "yes", "yes", "-"),
    ("B2-14", "4G 1S", "HW, 3VP", "yes", "no", "corner 1"),
    ("B2-S1", "5G 2S", "8VP", "yes", "yes", "corner 1"),
    ("B2-S2", "5G", "2GW, 2VP", "yes", "no", "corner 1"),
    ("B2-S3", "4G 2S", "2T, 2U", "no", "yes", "corner 1"),
    ("B2-S4", "6G", "M+, Q+, 2VP", "yes", "yes", "-"),
]

# id, cost, reward (green window), Hunger Wall symbol, neighbour symbol at edge 0, red corner
_WALLS = [
    ("W1-01", "2S", "2VP", "yes", "1SW", "-"),
    ("W1-02", "2S", "1E", "no", "1T", "corner 2"),
    ("W1-03", "1S 1G", "1SW", "yes", "1VP", "-"),
    ("W1-04", "3S", "3VP", "yes", "1G", "corner 3"),
    ("W1-05", "2S", "1G, 1S", "no", "1SW", "corner 4"),
    ("W1-06", "2S", "1U", "yes", "1E", "-"),
    ("W1-07", "3S", "1T", "no", "2VP", "-"),
    ("W1-08", "2S 1G", "1GW", "yes", "1S", "corner 1"),
    ("W1-09", "2S", "RM", "no", "1U", "-"),
    ("W1-10", "3S", "Q+", "yes", "1SW", "-"),
    ("W1-11", "1S", "1VP", "yes", "1T", "corner 2"),
    ("W1-12", "2S", "1SW", "no", "1G", "corner 3"),
    ("W1-13", "3S", "2VP, 1E", "yes", "1VP", "-"),
    ("W1-14", "2S", "CA", "no", "1S", "corner 4"),
    ("W1-S1", "3S", "1GW, 2VP", "yes", "1T", "corner 1"),
    ("W1-S2", "4S", "5VP", "yes", "1SW", "corner 2"),
    ("W1-S3", "3S 1G", "M+, 1SW, 1VP", "no", "1E", "corner 3"),
    ("W1-S4", "3S", "2T", "yes", "2VP", "-"),
    ("W2-01", "4S", "4VP", "yes", "1SW", "corner 2"),
    ("W2-02", "3S 1G", "1GW", "no", "1T", "corner 3"),
    ("W2-03", "4S", "2E", "yes", "2VP", "-"),
    ("W2-04", "3S", "2SW", "yes", "1G", "corner 4"),
    ("W2-05", "5S", "6VP", "no", "1S", "corner 1"),
    ("W2-06", "4S", "1T, 2VP", "yes", "1U", "-"),
    ("W2-07", "3S 2G", "Q+, 2VP", "no", "1SW", "corner 2"),
    ("W2-08", "4S", "RM, BM", "yes", "1E", "-"),
    ("W2-09", "3S", "2U, 1VP", "yes", "2VP", "corner 3"),
    ("W2-10", "4S 1G", "M+", "no", "1T", "corner 4"),
    ("W2-11", "5S", "1GW, 2VP", "yes", "1G", "-"),
    ("W2-12", "3S", "1E, 1SW", "no", "1VP", "corner 1"),
    ("W2-13", "4S", "CA, 3VP", "yes", "1SW", "-"),
    ("W2-14", "4S", "HW, 2VP", "yes", "1S", "corner 2"),
    ("W2-S1", "5S 1G", "8VP", "yes", "1T", "corner 3"),
    ("W2-S2", "4S 2G", "2GW, 3VP", "no", "1SW", "corner 4"),
    ("W2-S3", "5S", "2T, 2VP", "yes", "2VP", "corner 1"),
    ("W2-S4", "6S", "M+, Q+, 2VP", "yes", "1E", "-"),
]

# id, action hex, centre bonus, neighbour symbol at edge 0, red corner
_UPGRADES = [
    ("U1-01", "MINES", "1G", "1SW", "-"),
    ("U1-02", "MINES", "1VP", "1T", "corner 2"),
    ("U1-03", "QUARRIES", "1S", "1VP", "-"),
    ("U1-04", "QUARRIES", "1VP", "1SW", "corner 3"),
    ("U1-05", "UPGRADE", "2VP", "1E", "-"),
    ("U1-06", "WALL", "1SW", "1G", "corner 4"),
    ("U1-07", "WALL", "1VP", "1U", "-"),
    ("U1-08", "BUILDING", "1G", "1S", "corner 1"),
    ("U1-09", "BUILDING", "1VP", "1SW", "-"),
    ("U1-10", "ROAD", "1E", "1T", "-"),
    ("U1-11", "ROAD", "2VP", "1VP", "corner 2"),
    ("U1-S1", "MINES", "1G, 1VP", "1SW", "corner 3"),
    ("U1-S2", "QUARRIES", "1S, 1VP", "1T", "corner 4"),
    ("U1-S3", "WALL", "1SW, 1VP", "2VP", "-"),
    ("U1-S4", "BUILDING", "1G, 1VP", "1E", "corner 1"),
    ("U2-01", "MINES", "2G", "1SW", "corner 2"),
    ("U2-02", "MINES", "2VP", "1T", "-"),
    ("U2-03", "QUARRIES", "2S", "2VP", "corner 3"),
    ("U2-04", "QUARRIES", "2VP", "1SW", "-"),
    ("U2-05", "UPGRADE", "1T", "1G", "corner 4"),
    ("U2-06", "WALL", "3VP", "1E", "-"),
    ("U2-07", "WALL", "1SW, 1VP", "1U", "corner 1"),
    ("U2-08", "BUILDING", "1T", "1S", "-"),
    ("U2-09", "BUILDING", "3VP", "1SW", "corner 2"),
    ("U2-10", "ROAD", "1E, 1VP", "1T", "corner 3"),
    ("U2-11", "ROAD", "3VP", "2VP", "-"),
    ("U2-S1", "MINES", "2G, 1VP", "1GW", "corner 4"),
    ("U2-S2", "QUARRIES", "2S, 1VP", "1GW", "corner 1"),
    ("U2-S3", "UPGRADE", "1GW, 1VP", "1T", "corner 2"),
    ("U2-S4", "ROAD", "1E, 2VP", "1SW", "corner 3"),
]


def _common(tile_id, tile_type):
    era = int(tile_id[1])
    kind = "special" if tile_id[3] == "S" else "normal"
    return {"id": tile_id, "type": tile_type, "era": era, "kind": kind}


def _yes(text):
    assert text in ("yes", "no"), text
    return text == "yes"


def _building(tile_id, cost_text, reward_text, cube, cathedral, blue):
    source = _B1_01_SRC if tile_id == "B1-01" else _SRC
    return rec(PROVISIONAL, source, **_common(tile_id, "building"), cost=cost(cost_text),
               reward=reward(reward_text), cube_space=_yes(cube), cathedral=_yes(cathedral),
               blue_corners=corners(blue))


def _wall(tile_id, cost_text, reward_text, hunger_wall, symbol, red):
    return rec(PROVISIONAL, _SRC, **_common(tile_id, "wall"), cost=cost(cost_text),
               reward=reward(reward_text), hunger_wall=_yes(hunger_wall),
               neighbours=[{"edge": 0, "reward": reward(symbol)}], red_corners=corners(red))


def _upgrade(tile_id, action, centre, symbol, red):
    return rec(PROVISIONAL, _SRC, **_common(tile_id, "upgrade"), action=action, centre=reward(centre),
               neighbours=[{"edge": 0, "reward": reward(symbol)}], red_corners=corners(red))


TILES = {}
for _row in _BUILDINGS:
    TILES[_row[0]] = _building(*_row)
for _row in _WALLS:
    TILES[_row[0]] = _wall(*_row)
for _row in _UPGRADES:
    TILES[_row[0]] = _upgrade(*_row)
