"""Craftsman tiles (spec 3.8): 18 designs of 3 identical copies, 54 tiles.

Corners c1..c6 in the order they come to the star's hammer as the tile works: a tile on u uses
shows ``corners[6 - u]`` (c(7 - u)). Guild, count and the existence of the features are
confirmed; every number is provisional, built from three design types rotated per guild so that
the guilds peak at different moments.
"""

from ._util import PROVISIONAL, rec
from .guilds import GUILDS

TYPES = {
    "A": rec(PROVISIONAL, "spec 3.8 type A 'field hand'", corners=[1, 3, 2, 4, 2, 3], bag=True, repair=2),
    "B": rec(PROVISIONAL, "spec 3.8 type B 'restorer'", corners=[3, 1, 4, 2, 5, 2], bag=False, repair=3),
    "C": rec(PROVISIONAL, "spec 3.8 type C 'builder'", corners=[2, 4, 3, 5, 1, 4], bag=False, repair=1),
}

_SOURCE = ("spec 3.8: guild, 3 designs x 3 copies, money bag and repair value exist CONFIRMED (GD, BDML, "
           "LUD-D, KSR); the numbers PROVISIONAL (profile rotated left by the guild's index)")


def designs(types):
    result = []
    for index, guild in enumerate(GUILDS):
        for kind, profile in types.items():
            corners = profile["corners"][index:] + profile["corners"][:index]
            result.append(rec(PROVISIONAL, _SOURCE, id="%s-%s" % (guild["code"], kind), guild=guild["id"],
                              type=kind, corners=corners, bag=profile["bag"], repair=profile["repair"]))
    return result


DESIGNS = designs(TYPES)

# Copy 1 of each design is the start stack (QA-SETUP-05, OQ-2).
COPIES = rec(PROVISIONAL, "spec 3.8 / OQ-2: 3 copies per design; copy 1 forms the start stack",
             per_design=3, start_copy=1)


def tiles(designs_list, copies):
    return [rec(PROVISIONAL, "spec 3.8: 3 identical copies per design (QA-COMP-04); copy 1 = start stack (OQ-2)",
                id="%s-%d" % (design["id"], copy), design=design["id"])
            for design in designs_list for copy in range(1, copies + 1)]


TILES = tiles(DESIGNS, COPIES["per_design"])
