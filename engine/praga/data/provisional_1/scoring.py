"""Final scoring tables (spec PRG-SCORE, 5.2)."""

from ._util import CONFIRMED, PROVISIONAL, prov

SCORING = {
    # walls: the highest threshold reached counts; fewer than 3 walls score 0
    "walls": [{"at_least": 3, "vp": 4}, {"at_least": 4, "vp": 10}, {"at_least": 6, "vp": 18}],
    # eggs left: index = eggs (0..4), 4 or more score the last entry
    "eggs": [0, 1, 3, 6, 10],
    # gold V tile V-6: VP per row above the bottom row, on each structure
    "v6_vp_per_row": 2,
}

PROVENANCE = [
    prov("SCORING.walls", CONFIRMED, "spec PRG-SCORE-04 [Y] [K]"),
    prov("SCORING.eggs", CONFIRMED, "spec PRG-SCORE-06 [Y]"),
    prov("SCORING.v6_vp_per_row", PROVISIONAL, "spec 5.2 V-6: text CONFIRMED [Y]; scale PROVISIONAL"),
]
