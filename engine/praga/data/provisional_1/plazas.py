"""Plaza tiles (spec 6.8): 11 double-sided tiles, each side two top rewards (majority takes
both, other entitled players choose one) and one bottom reward (final scoring, if the plaza
was never scored)."""

from ._util import PROVISIONAL, rec

_SRC = "spec 6.8: structure CONFIRMED [Y] [K]; rewards and colours PROVISIONAL"

# id, colour, side a top, side a bottom, side b top, side b bottom
_TILES = [
    ("P01", "base", (["3VP"], ["1SW"]), ["2VP"], (["1GW"], ["1VP"]), ["2VP"]),
    ("P02", "base", (["1E"], ["2VP"]), ["2VP"], (["1T"], ["1SW"]), ["2VP"]),
    ("P03", "base", (["2G"], ["2S"]), ["2VP"], (["Q+"], ["1VP"]), ["3VP"]),
    ("P04", "base", (["M+"], ["1VP"]), ["3VP"], (["RM"], ["BM"]), ["2VP"]),
    ("P05", "base", (["HW"], ["2VP"]), ["2VP"], (["CA"], ["2VP"]), ["2VP"]),
    ("P06", "base", (["1GW"], ["2VP"]), ["3VP"], (["2U"], ["1E"]), ["2VP"]),
    ("P07", "base", (["1T"], ["2VP"]), ["2VP"], (["4VP"], ["1G"]), ["3VP"]),
    ("P08", "base", (["1SW"], ["1SW"]), ["2VP"], (["1E"], ["1S"]), ["2VP"]),
    ("P09", "3+", (["2U"], ["2VP"]), ["2VP"], (["1GW"], ["1G"]), ["3VP"]),
    ("P10", "3+", (["RM"], ["2VP"]), ["2VP"], (["BM"], ["2VP"]), ["2VP"]),
    ("P11", "4", (["4VP"], ["1SW"]), ["3VP"], (["1T"], ["1E"]), ["3VP"]),
]

PLAZA_TILES = [
    rec(PROVISIONAL, _SRC, id=tile_id, colour=colour, sides={
        "a": {"top": [list(r) for r in a_top], "bottom": list(a_bottom)},
        "b": {"top": [list(r) for r in b_top], "bottom": list(b_bottom)},
    })
    for tile_id, colour, a_top, a_bottom, b_top, b_bottom in _TILES
]
