"""Price tables and tracks: travel (3.3), tavern (3.4), trust (3.5), black board (3.6),
appreciation tiles (3.7), per-player components (QA-COMP-10, QA-SETUP-08)."""

from ._util import CONFIRMED, INFERRED, PROVISIONAL, rec

# index = distance in road steps (1..6)
TRAVEL_COSTS = rec(CONFIRMED, "KSR: 0, 1, 3, 6, 10, 15 coins for 1-6 fields (spec 3.3)",
                   by_distance={"1": 0, "2": 1, "3": 3, "4": 6, "5": 10, "6": 15}, max_distance=6)

# index = tiles pushed into the bar room (0..6)
TAVERN_COSTS = rec(CONFIRMED, "KSR: 1/3/6/10/15/21 coins for 1-6 tiles; k = 0 INFERRED (OQ-16)",
                   by_count=[0, 1, 3, 6, 10, 15, 21])

TRUST = rec(CONFIRMED, "KSR, SPN: trust 1-4, redeem up to trust bonds per action, 2 coins per bond (spec 3.5)",
            start=1, top=4, coins_per_bond=2)

BLACK_BOARD = {
    "slots": [
        rec(INFERRED, "KSR, MGN, JAU: price = price marker; 6 uses INFERRED (OQ-4)", slot=1, price="marker", uses=6),
        rec(INFERRED, "KSR price 1-6, dearer = more actions; BBX price = uses", slot=2, price=5, uses=5),
        rec(INFERRED, "KSR price 1-6, dearer = more actions; BBX price = uses", slot=3, price=4, uses=4),
        rec(INFERRED, "KSR price 1-6, dearer = more actions; BBX price = uses", slot=4, price=3, uses=3),
        rec(INFERRED, "KSR price 1-6, dearer = more actions; BBX price = uses", slot=5, price=2, uses=2),
        rec(INFERRED, "KSR price 1-6, dearer = more actions; BBX price = uses", slot=6, price=1, uses=1),
    ],
    "price_marker": rec(PROVISIONAL, "MGN: start field 6 CONFIRMED; track 6..1 PROVISIONAL (OQ-5)",
                        start=6, cheapest=1),
}

_TILE_SOURCE = "spec 3.7: 12 tiles with values 4-9 CONFIRMED (GD, MGN, BDML, RFM); two of each value PROVISIONAL"
TRACK_TILES = [rec(PROVISIONAL, _TILE_SOURCE, id="AP%02d" % (index + 1), value=value)
               for index, value in enumerate([4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9])]

TRACK = rec(CONFIRMED, "MGN, LUD-E: 9 of the 12 tiles on positions 1-9, the palace after 9 (QA-APPREC-01, QA-SETUP-02)",
            positions=9)

PLAYER_START = rec(INFERRED, "spec QA-SETUP-08: architect on Build, carriage in the capital, track 0, trust 1, "
                             "8 cubes (GD); 0 coins INFERRED (OQ-3)",
                   coins=0, bonds=0, cubes=8, track_position=0, trust=1)

PALACE = rec(CONFIRMED, "KSR: track top, carriage in the capital, architect on Build, performance >= 15",
             min_performance=15)

# Day labourer (QA-DAY-01/02): 1 coin per 2 craftsmen rounded up, 2 coins per money-bag worker.
DAY_LABOURER = rec(CONFIRMED, "KSR, PK, BBX", craftsmen_per_coin=2, coins_per_bag=2)

REPAIR = rec(CONFIRMED, "KSR: at most 3 craftsmen", max_craftsmen=3)

CAPS = rec(CONFIRMED, "KSR: caps 10 / 15 / 20 by type of location; SPN: village, monastery, town",
           village=10, monastery=15, town=20)
