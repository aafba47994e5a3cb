"""Hunger Wall and St. Vitus Cathedral (spec 6.11).

Rows 1..6 (row 1 = bottom); columns numbered by distance from the start column (Hunger Wall:
column 0 is the rightmost; Cathedral: column 0 is the leftmost). Start: row 1, column 0.
"""

from ._util import CONFIRMED, PROVISIONAL, prov, rec

_SET_SRC = "spec 6.11: three level tiles per structure, sets A/B CONFIRMED [Y] [SKAF]; all values PROVISIONAL"


def _vp(row, column, vp):
    return {"row": row, "column": column, "effect": "vp", "vp": vp}


def _up(row, column):
    return {"row": row, "column": column, "effect": "up"}


def _side(row, column):
    return {"row": row, "column": column, "effect": "side"}


def _set(name, row_vp, cost2, cost3, spaces, original=False):
    source = _SET_SRC if not original else "spec 6.11: structure CONFIRMED [Y] [K] [PA]; all values PROVISIONAL"
    return rec(PROVISIONAL, f"{source} ({name})", row_vp=row_vp,
               level_cost={"2": {"gold": cost2[0], "stone": cost2[1]},
                           "3": {"gold": cost3[0], "stone": cost3[1]}},
               spaces=spaces)


def _structure(sets):
    return {
        "rows": 6,
        "columns": [[0, 1, 2, 3, 4, 5] for _row in range(6)],
        "column_values": [1, 1, 2, 2, 3, 4],
        "levels": [[1, 2], [3, 4], [5, 6]],
        "start": {"row": 1, "column": 0},
        "sets": sets,
    }


STRUCTURES = {
    "hunger_wall": _structure({
        "original": _set("Hunger Wall original", [0, 2, 5, 8, 12, 16], (1, 1), (2, 2), [
            _vp(1, 3, 2), _up(2, 2), _side(3, 4), _vp(4, 3, 3), _up(5, 2), _vp(6, 5, 3),
        ], original=True),
        "A": _set("Hunger Wall A", [0, 2, 4, 7, 10, 14], (1, 1), (1, 2), [
            _vp(1, 2, 2), _vp(2, 4, 2), _up(3, 1), _vp(4, 3, 2), _vp(5, 2, 3), _vp(6, 4, 3),
        ]),
        "B": _set("Hunger Wall B", [0, 3, 5, 9, 12, 17], (1, 2), (2, 3), [
            _side(1, 1), _up(1, 4), _vp(2, 3, 2), _up(3, 1), _side(4, 4), _vp(5, 2, 3), _vp(6, 1, 3),
        ]),
    }),
    "cathedral": _structure({
        "original": _set("Cathedral original", [0, 2, 5, 8, 12, 16], (1, 1), (2, 2), [
            _vp(1, 2, 2), _side(2, 3), _up(3, 2), _vp(4, 4, 3), _side(5, 3), _vp(6, 1, 3),
        ], original=True),
        "A": _set("Cathedral A", [0, 2, 4, 7, 10, 14], (1, 1), (1, 2), [
            _vp(1, 3, 2), _vp(2, 1, 2), _up(3, 4), _vp(4, 2, 2), _vp(5, 3, 3), _vp(6, 2, 3),
        ]),
        "B": _set("Cathedral B", [0, 3, 5, 9, 12, 17], (1, 2), (2, 3), [
            _up(1, 2), _side(1, 4), _vp(2, 1, 2), _side(3, 3), _up(4, 2), _vp(5, 4, 3), _vp(6, 3, 3),
        ]),
    }),
}

PROVENANCE = []
for _name in ("hunger_wall", "cathedral"):
    PROVENANCE += [
        prov(f"STRUCTURES.{_name}.rows", PROVISIONAL, "spec 6.11: grid size 6 x 6 PROVISIONAL"),
        prov(f"STRUCTURES.{_name}.columns", PROVISIONAL,
             "spec 6.11: existing columns per row PROVISIONAL (real grids may narrow)"),
        prov(f"STRUCTURES.{_name}.column_values", PROVISIONAL,
             "spec 6.11: column values exist CONFIRMED [Y] [K]; values PROVISIONAL"),
        prov(f"STRUCTURES.{_name}.levels", PROVISIONAL,
             "spec 6.11: 3 levels CONFIRMED [Y] [K]; two rows per level PROVISIONAL"),
        prov(f"STRUCTURES.{_name}.start", CONFIRMED,
             "spec PRG-WALLCATH-02: bottom row, start column [PA]"),
    ]
