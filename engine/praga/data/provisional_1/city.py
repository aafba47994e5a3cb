"""City board (spec 6.7): plazas, building sites, King's Road, river houses, green fields.

The whole map is PROVISIONAL. Pointy-top axial coordinates (q, r) (spec 3.3); north (the
river) is towards negative r. Invariants checked by tests/engine/praga/test_data.py.
"""

from ._util import PROVISIONAL, prov, rec

_MAP = ("spec 6.7: hex map PROVISIONAL (hex city split by the King's Road, Old Town on the river side, "
        "every site touching one plaza CONFIRMED [Y] [BGA] [SH-img] [K])")

# plaza id, q, r, district, hex colour, player counts with the plaza in play
_PLAZAS = [
    ("PL01", 0, 0, "old", "base", [1, 2, 3, 4]),
    ("PL02", 3, 0, "old", "base", [1, 2, 3, 4]),
    ("PL03", 6, 0, "old", "base", [1, 2, 3, 4]),
    ("PL04", 9, 0, "old", "base", [1, 2, 3, 4]),
    ("PL05", 12, 0, "old", "4", [4]),
    ("PL06", 11, 3, "new", "3+", [3, 4]),
    ("PL07", 8, 3, "new", "base", [1, 2, 3, 4]),
    ("PL08", 5, 3, "new", "base", [1, 2, 3, 4]),
    ("PL09", 2, 3, "new", "base", [1, 2, 3, 4]),
    ("PL10", -1, 3, "new", "base", [1, 2, 3, 4]),
]

# site id (starts with its plaza), q, r, extra gold (Old Town), site VP (Old Town),
# pre-filled with these player counts (solo counts as 2), printed blue corners of the site hex
_SITES = [
    ("PL01-NE", 1, -1, 2, 3, [], []),
    ("PL01-E", 1, 0, 1, 2, [], [4]),
    ("PL01-W", -1, 0, 1, 2, [], []),
    ("PL01-NW", 0, -1, 2, 3, [], []),
    ("PL02-E", 4, 0, 1, 2, [], []),
    ("PL02-SE", 3, 1, 1, 2, [2, 3], []),
    ("PL02-SW", 2, 1, 1, 2, [], []),
    ("PL02-W", 2, 0, 1, 2, [], []),
    ("PL02-NW", 3, -1, 2, 3, [], []),
    ("PL03-NE", 7, -1, 2, 3, [], []),
    ("PL03-E", 7, 0, 1, 2, [2], []),
    ("PL03-W", 5, 0, 1, 2, [], [2]),
    ("PL03-NW", 6, -1, 2, 3, [], []),
    ("PL04-NE", 10, -1, 2, 3, [], [4]),
    ("PL04-E", 10, 0, 1, 2, [], []),
    ("PL04-SE", 9, 1, 1, 2, [], []),
    ("PL04-SW", 8, 1, 1, 2, [], []),
    ("PL04-W", 8, 0, 1, 2, [2, 3], []),
    ("PL05-NE", 13, -1, 2, 3, [], []),
    ("PL05-E", 13, 0, 1, 2, [], []),
    ("PL05-W", 11, 0, 1, 2, [], []),
    ("PL05-NW", 12, -1, 2, 3, [], []),
    ("PL06-NE", 12, 2, 0, 0, [], []),
    ("PL06-E", 12, 3, 0, 0, [], []),
    ("PL06-SE", 11, 4, 0, 0, [], []),
    ("PL06-W", 10, 3, 0, 0, [], []),
    ("PL06-NW", 11, 2, 0, 0, [], []),
    ("PL07-E", 9, 3, 0, 0, [], [5]),
    ("PL07-SE", 8, 4, 0, 0, [], []),
    ("PL07-SW", 7, 4, 0, 0, [2], []),
    ("PL07-W", 7, 3, 0, 0, [], []),
    ("PL08-NE", 6, 2, 0, 0, [], [0]),
    ("PL08-E", 6, 3, 0, 0, [2, 3], []),
    ("PL08-SW", 4, 4, 0, 0, [], []),
    ("PL08-W", 4, 3, 0, 0, [], []),
    ("PL08-NW", 5, 2, 0, 0, [], []),
    ("PL09-E", 3, 3, 0, 0, [], []),
    ("PL09-SE", 2, 4, 0, 0, [2], []),
    ("PL09-SW", 1, 4, 0, 0, [], []),
    ("PL09-W", 1, 3, 0, 0, [], []),
    ("PL10-NE", 0, 2, 0, 0, [2, 3], []),
    ("PL10-E", 0, 3, 0, 0, [], []),
    ("PL10-SE", -1, 4, 0, 0, [], []),
    ("PL10-W", -2, 3, 0, 0, [], []),
    ("PL10-NW", -1, 2, 0, 0, [], [0]),
]

CITY = {
    # clockwise order = numbering (Peter Parler's pawn walks PL01 -> PL02 -> ... -> PL10 -> PL01)
    "plazas": [
        rec(PROVISIONAL, f"{_MAP}; plaza hexes coloured by player count CONFIRMED [Y] [PA]",
            id=plaza_id, hex=[q, r], district=district, colour=colour, players=players)
        for plaza_id, q, r, district, colour, players in _PLAZAS
    ],
    "sites": [
        rec(PROVISIONAL, f"{_MAP}; Old Town extra gold and VP, pre-fill marks, printed blue corners "
                         "PROVISIONAL (their existence CONFIRMED [Y] [BGA] [PA])",
            id=site_id, hex=[q, r], plaza=site_id.split("-")[0], extra_gold=extra_gold, vp=vp,
            prefilled=prefilled, blue_corners=blue_corners)
        for site_id, q, r, extra_gold, vp, prefilled, blue_corners in _SITES
    ],
    # King's Road hexes in order from the city gate (east) to the bridge head (west);
    # space IV lies beyond it (in front of the bridge), V on the bridge
    "road": [
        [13, 1], [12, 1], [11, 1], [10, 1], [10, 2], [9, 2], [8, 2], [7, 2], [7, 1], [6, 1],
        [5, 1], [4, 1], [4, 2], [3, 2], [2, 2], [1, 2], [1, 1], [0, 1], [-1, 1], [-2, 2],
    ],
    # road spaces I-III (one sub-space per colour on each)
    "road_spaces": {"I": [10, 1], "II": [4, 2], "III": [-1, 1]},
    # red/blue-roofed houses by the river: not buildable
    "river_houses": [[2, -1], [4, -1], [5, -1], [8, -1], [9, -1], [11, -1]],
    "green_fields": [[-2, 4], [0, 4], [3, 4], [5, 4], [6, 4], [9, 4], [10, 4]],
}

PROVENANCE = [
    prov("CITY.road", PROVISIONAL, f"{_MAP}"),
    prov("CITY.road_spaces", PROVISIONAL,
         "spec 6.7: hexes PROVISIONAL; that spaces I-III lie on the road in the city CONFIRMED [Y] [SH-img]"),
    prov("CITY.river_houses", PROVISIONAL, f"{_MAP}; not buildable CONFIRMED [K]"),
    prov("CITY.green_fields", PROVISIONAL, f"{_MAP}; not buildable CONFIRMED [K]"),
]
