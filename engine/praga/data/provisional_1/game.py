"""Game constants (spec 4.2, 4.5, 6.1, 6.16)."""

from ._util import CONFIRMED, INFERRED, PROVISIONAL, prov

ACTIONS = ["MINES", "QUARRIES", "UPGRADE", "WALL", "BUILDING", "ROAD"]

GAME = {
    "players": [1, 2, 3, 4],
    "rounds": 16,
    # global turn number after whose end-of-turn procedure Era II begins (PRG-ROUND-03)
    "era_change_after_turn": {"1": 16, "2": 16, "3": 26, "4": 31},
    "start": {"gold": 2, "stone": 2, "cubes": 2, "max_resource": 9},
    "cubes_per_player": 11,
    # plaza ids in play per player count (solo = 2-player setup); mirrors CITY.plazas[].players
    "plazas_in_play": {
        "1": ["PL01", "PL02", "PL03", "PL04", "PL07", "PL08", "PL09", "PL10"],
        "2": ["PL01", "PL02", "PL03", "PL04", "PL07", "PL08", "PL09", "PL10"],
        "3": ["PL01", "PL02", "PL03", "PL04", "PL06", "PL07", "PL08", "PL09", "PL10"],
        "4": ["PL01", "PL02", "PL03", "PL04", "PL05", "PL06", "PL07", "PL08", "PL09", "PL10"],
    },
    # which `prefilled` mark of the sites applies to a player count (solo counts as 2)
    "prefill_count_for": {"1": 2, "2": 2, "3": 3, "4": 4},
    # totals that follow from CITY (spec 6.7 / 6.16), kept as a check
    "sites_in_play": {"1": 36, "2": 36, "3": 41, "4": 45},
    "prefilled_sites": {"1": 7, "2": 7, "3": 4, "4": 0},
    # display per row and era: 3 normal tiles + 1 special tile (rightmost)
    "display": {"normal": 3, "special": 1},
    # University steps for taking an upgrade, by era (PRG-UPG-02, spec 6.2)
    "university_steps_for_upgrade": {"1": 1, "2": 2},
    # gold V tiles: 3 by the bridge, 3 by the Cathedral (PRG-SETUP-03)
    "v_tiles": {"bridge": 3, "cathedral": 3},
}

PROVENANCE = [
    prov("ACTIONS", CONFIRMED, "spec 6.3 [Y]"),
    prov("GAME.players", CONFIRMED, "spec 1, PRG-GEN-01 [Y]"),
    prov("GAME.rounds", CONFIRMED, "spec PRG-ROUND-01 [Y] [K]"),
    prov("GAME.era_change_after_turn", CONFIRMED, "spec PRG-ROUND-03, 6.16 [Y]"),
    prov("GAME.start", CONFIRMED, "spec PRG-SETUP-14, PRG-GEN-03, 6.16 [Y] [PA]"),
    prov("GAME.cubes_per_player", CONFIRMED, "spec 6.1 [PT] [SKAF] [PA]"),
    prov("GAME.plazas_in_play", INFERRED,
         "spec 6.7/6.16: range 8-10 CONFIRMED [Y]; split 8/8/9/10 INFERRED; which hexes PROVISIONAL (CITY)"),
    prov("GAME.prefill_count_for", CONFIRMED, "spec PRG-SETUP-07 (solo counts as 2) [Y] [PA]"),
    prov("GAME.sites_in_play", PROVISIONAL, "spec 6.7 site totals (follow from the provisional map)"),
    prov("GAME.prefilled_sites", PROVISIONAL,
         "spec 6.16: 'none with 4' CONFIRMED [PA]; numbers 7/7/4 PROVISIONAL"),
    prov("GAME.display", CONFIRMED, "spec PRG-SETUP-08, PRG-HEX-01 [Y]"),
    prov("GAME.university_steps_for_upgrade", CONFIRMED, "spec 6.2, PRG-UPG-02 [Y] [K]"),
    prov("GAME.v_tiles", CONFIRMED, "spec PRG-SETUP-03, 6.13 [Y] [PA]"),
]
