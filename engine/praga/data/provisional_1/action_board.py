"""Player action board (spec 6.10). Coordinates relative to the board, centre (0, 0)."""

from ._util import INFERRED, PROVISIONAL, prov, rec

_SRC = ("spec 6.10: centre + six action hexes CONFIRMED [HIEW] [Y]; printed symbols exist CONFIRMED [PA]; "
        "position, symbol and corner PROVISIONAL")


def _hex(action, hex_, edge, reward, red_corners=()):
    return rec(PROVISIONAL, _SRC, action=action, hex=list(hex_),
               neighbours=[{"edge": edge, "reward": reward}], red_corners=list(red_corners))


ACTION_BOARD = {
    "centre": [0, 0],
    "action_hexes": [
        _hex("MINES", (1, -1), 0, ["1SW"]),
        _hex("QUARRIES", (1, 0), 1, ["1T"]),
        # the one printed red corner: outer vertex between WALL and BUILDING = corner 4 of (0, 1)
        _hex("WALL", (0, 1), 2, ["1VP"], red_corners=[4]),
        _hex("BUILDING", (-1, 1), 3, ["1G"]),
        _hex("ROAD", (-1, 0), 4, ["1S"]),
        _hex("UPGRADE", (0, -1), 5, ["1E"]),
    ],
    "wall_positions": [
        [2, -2], [2, -1], [2, 0], [1, 1], [0, 2], [-1, 2],
        [-2, 2], [-2, 1], [-2, 0], [-1, -1], [0, -2], [1, -2],
    ],
}

PROVENANCE = [
    prov("ACTION_BOARD.centre", PROVISIONAL,
         "spec 6.10: centre hex CONFIRMED [HIEW]; 'no symbols, no corners' PROVISIONAL"),
    prov("ACTION_BOARD.wall_positions", INFERRED,
         "spec 6.10: walls on the ring outside the action board INFERRED [Y]; "
         "no farther positions PROVISIONAL"),
]
