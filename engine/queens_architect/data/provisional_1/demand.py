"""Demand tiles (spec 3.9) and building lots (spec 3.10)."""

from ._util import CONFIRMED, PROVISIONAL, rec

_SOURCE = ("spec 3.9: 9 village (2 guilds), 10 monastery (3), 9 town (4 + bonus) CONFIRMED (GD, H9, SPN, GT, "
           "KSR); combinations and bonuses PROVISIONAL")

_TABLE = [
    ("V01", "village", "GLA STO", 0), ("V02", "village", "GLA BRI", 0), ("V03", "village", "GLA TAI", 0),
    ("V04", "village", "LUM STO", 0), ("V05", "village", "LUM BRI", 0), ("V06", "village", "LUM TAI", 0),
    ("V07", "village", "SMI STO", 0), ("V08", "village", "SMI BRI", 0), ("V09", "village", "SMI TAI", 0),
    ("M01", "monastery", "GLA STO LUM", 0), ("M02", "monastery", "GLA STO BRI", 0),
    ("M03", "monastery", "GLA LUM SMI", 0), ("M04", "monastery", "GLA BRI TAI", 0),
    ("M05", "monastery", "GLA SMI TAI", 0), ("M06", "monastery", "STO LUM TAI", 0),
    ("M07", "monastery", "STO BRI SMI", 0), ("M08", "monastery", "STO SMI TAI", 0),
    ("M09", "monastery", "LUM BRI SMI", 0), ("M10", "monastery", "LUM BRI TAI", 0),
    ("T01", "town", "LUM BRI SMI TAI", 2), ("T02", "town", "STO LUM SMI TAI", 3),
    ("T03", "town", "STO LUM BRI SMI", 4), ("T04", "town", "GLA BRI SMI TAI", 3),
    ("T05", "town", "GLA STO SMI TAI", 4), ("T06", "town", "GLA STO BRI SMI", 2),
    ("T07", "town", "GLA LUM BRI TAI", 4), ("T08", "town", "GLA STO LUM TAI", 2),
    ("T09", "town", "GLA STO LUM BRI", 3),
]
_GUILD_OF_CODE = {"GLA": "glazier", "STO": "stonemason", "LUM": "lumberjack", "BRI": "bricklayer",
                  "SMI": "blacksmith", "TAI": "tailor"}


def demand_tiles(table):
    return [rec(PROVISIONAL, _SOURCE, id=tile_id, type=kind,
                guilds=[_GUILD_OF_CODE[code] for code in codes.split()], bonus=bonus)
            for tile_id, kind, codes, bonus in table]


DEMAND_TILES = demand_tiles(_TABLE)

_LOT_SOURCE = ("spec 3.10: lots with minus values, coins and Hire CONFIRMED as concepts (KSR, SPN, H9); "
               "numbers PROVISIONAL")


def _lot(number, minus, coins=0, hire=False):
    return rec(PROVISIONAL, _LOT_SOURCE, lot=number, minus=minus, coins=coins, hire=hire)


# Lots per location type, best first; a side uses the first `lots` of them (3 or 4).
LOTS = {
    "village": [_lot(1, 0), _lot(2, 1, coins=1), _lot(3, 2, hire=True), _lot(4, 3, coins=2)],
    "monastery": [_lot(1, 0), _lot(2, 2, coins=2), _lot(3, 3, hire=True), _lot(4, 4, coins=3)],
    "town": [_lot(1, 0), _lot(2, 2, hire=True), _lot(3, 4, coins=3), _lot(4, 6, coins=4)],
}

LOCATION_TYPES = rec(CONFIRMED, "QA-COMP-02: capital, villages, monasteries, towns",
                     types=["capital", "village", "monastery", "town"])
