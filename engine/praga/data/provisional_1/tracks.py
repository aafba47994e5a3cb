"""Player board: gold-mine and quarry tracks, wealth bonuses, technology and University
tracks (spec 6.9)."""

from ._util import CONFIRMED, INFERRED, PROVISIONAL, prov, rec

_BONUS_SRC = "spec 6.9: printed production bonuses exist CONFIRMED [Y] [K] [EYG]; position and value PROVISIONAL"


def _bonus(space, reward):
    return rec(PROVISIONAL, _BONUS_SRC, space=space, reward=reward)


# Positions 1..last; count = position - 1. A printed bonus counts once the cube is right of it.
TRACKS = {
    "mines": {
        "first": 1,
        "last": 9,
        "start": 4,
        "token_space": 6,
        "seal_space": 9,
        "token_slot": 1,
        "bonuses": [_bonus(5, ["1VP"]), _bonus(7, ["1T"]), _bonus(8, ["2VP"])],
    },
    "quarries": {
        "first": 1,
        "last": 8,
        "start": 3,
        "token_space": 5,
        "seal_space": 8,
        "token_slot": 1,
        "bonuses": [_bonus(4, ["1VP"]), _bonus(6, ["1T"]), _bonus(7, ["2VP"])],
    },
}

WEALTH = [
    rec(PROVISIONAL, "spec 6.9: threshold CONFIRMED [Y] [K]; bonus PROVISIONAL",
        id="gold6", resource="gold", at_least=6, reward=["1E"]),
    rec(PROVISIONAL, "spec 6.9: threshold CONFIRMED [Y] [K]; bonus PROVISIONAL",
        id="stone6", resource="stone", at_least=6, reward=["1SW"]),
    rec(PROVISIONAL, "spec 6.9: threshold (9 gold or 9 stone, middle cube) CONFIRMED [Y] [K]; "
                     "bonus PROVISIONAL",
        id="nine", resource="either", at_least=9, reward=["1GW"]),
]

# Technology track: positions 0..top, marker starts at 0.
TECH_TRACK = {
    "top": 8,
    "levels": [
        {"space": 1, "level": 1},
        {"space": 3, "level": 2},
        {"space": 5, "level": 3},
        {"space": 6, "level": 4},
    ],
    "vp_beyond_top": 2,
}

# Charles University: positions 0..top; multiplier[position] for the academics scoring.
UNIVERSITY = {
    "top": 8,
    "multiplier": [0, 0, 1, 1, 1, 2, 2, 2, 3],
    "vp_beyond_top": 2,
}

PROVENANCE = [
    prov("TRACKS.mines.first", CONFIRMED, "spec 6.9 (count = position - 1) [Y] [K]"),
    prov("TRACKS.mines.last", INFERRED, "spec 6.9: maximum 8 gold mines CONFIRMED [Y] [SH] MineManager.ts; "
                                        "position 9 INFERRED (count = position - 1)"),
    prov("TRACKS.mines.start", CONFIRMED, "spec 6.9 [PA]; start count 3 [SH] RoundManager.ts"),
    prov("TRACKS.mines.token_space", CONFIRMED, "spec 6.9 [Y] [EYG] [SH] MineManager.ts"),
    prov("TRACKS.mines.seal_space", INFERRED, "spec 6.9: last space gives a seal right CONFIRMED [Y]; "
                                              "position INFERRED"),
    prov("TRACKS.mines.token_slot", CONFIRMED, "spec 6.9: token on the leftmost space [Y]"),
    prov("TRACKS.quarries.first", CONFIRMED, "spec 6.9 (count = position - 1) [Y] [K]"),
    prov("TRACKS.quarries.last", INFERRED, "spec 6.9: maximum 7 quarries CONFIRMED [Y] [SH] MineManager.ts; "
                                           "position 8 INFERRED"),
    prov("TRACKS.quarries.start", CONFIRMED, "spec 6.9 [PA]; start count 2 [SH] RoundManager.ts"),
    prov("TRACKS.quarries.token_space", CONFIRMED, "spec 6.9 [Y] [EYG] [SH] MineManager.ts"),
    prov("TRACKS.quarries.seal_space", INFERRED, "spec 6.9: last space gives a seal right CONFIRMED [Y]; "
                                                 "position INFERRED"),
    prov("TRACKS.quarries.token_slot", CONFIRMED, "spec 6.9: token on the leftmost space [Y]"),
    prov("TECH_TRACK.top", CONFIRMED, "spec 6.9: 8 steps [K] [Y]"),
    prov("TECH_TRACK.levels", PROVISIONAL, "spec 6.9: four marked spaces, IV at step 6 or lower "
                                           "CONFIRMED [Y]; spaces 1, 3, 5, 6 PROVISIONAL"),
    prov("TECH_TRACK.vp_beyond_top", CONFIRMED, "spec 6.9, PRG-TECH-03 [K] [Y]"),
    prov("UNIVERSITY.top", PROVISIONAL, "spec 6.9: 9 positions PROVISIONAL"),
    prov("UNIVERSITY.multiplier", PROVISIONAL, "spec 6.9: multipliers 0-3 CONFIRMED [Y] [K]; "
                                               "steps PROVISIONAL"),
    prov("UNIVERSITY.vp_beyond_top", CONFIRMED, "spec 6.9, PRG-UNI-02 [Y] [K]"),
]
