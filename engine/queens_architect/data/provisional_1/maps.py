"""The two map sides (spec 3.11, 3.12): the capital in the centre, the other locations on a ring,
spokes from the capital to every third ring location. Names and layout are invented (PROVISIONAL);
lots come from demand.LOTS by location type, the first `lots_per_location` of them."""

from ._util import PROVISIONAL, rec

_NAMES = {
    "capital": "Royal Capital", "highbridge": "Highbridge", "ashby": "Ashby", "kingsford": "Kingsford",
    "st_aldric": "St Aldric", "brambleton": "Brambleton", "greyfriars": "Greyfriars",
    "westmarket": "Westmarket", "fernhill": "Fernhill", "dunmere": "Dunmere",
    "whitecliff": "Whitecliff Abbey", "oakhollow": "Oakhollow", "st_oswin": "St Oswin",
    "eastwick": "Eastwick", "millbrook": "Millbrook", "blackmoor": "Blackmoor Priory",
}
_TYPES = {
    "capital": "capital", "highbridge": "town", "ashby": "village", "kingsford": "town",
    "st_aldric": "monastery", "brambleton": "village", "greyfriars": "monastery", "westmarket": "town",
    "fernhill": "village", "dunmere": "town", "whitecliff": "monastery", "oakhollow": "village",
    "st_oswin": "monastery", "eastwick": "town", "millbrook": "village", "blackmoor": "monastery",
}


def _side(ring, spokes, lots, players, source):
    locations = [rec(PROVISIONAL, source, id="capital", name=_NAMES["capital"], type="capital", ring=None)]
    for index, location in enumerate(ring):
        locations.append(rec(PROVISIONAL, source, id=location, name=_NAMES[location], type=_TYPES[location],
                             ring=index))
    roads = [[ring[index], ring[(index + 1) % len(ring)]] for index in range(len(ring))]
    roads += [["capital", location] for location in spokes]
    # Which player counts use the side is CONFIRMED (QA-COMP-02, QA-SETUP-01: GD, BDML); the lot
    # count per location (3.10) and everything else PROVISIONAL.
    return rec(PROVISIONAL, source + "; player counts CONFIRMED (GD, BDML)", players=players,
               lots_per_location=lots, locations=locations,
               roads=[rec(PROVISIONAL, source, ends=road) for road in roads])


_RING_2_3 = ["highbridge", "ashby", "kingsford", "st_aldric", "brambleton", "greyfriars", "westmarket",
             "fernhill", "dunmere", "whitecliff", "oakhollow", "st_oswin"]
_RING_4 = _RING_2_3 + ["eastwick", "millbrook", "blackmoor"]

MAPS = {
    "side_2_3": _side(_RING_2_3, ["highbridge", "st_aldric", "westmarket", "whitecliff"], 3, [2, 3],
                      "spec 3.11: capital, 4 villages, 4 monasteries, 4 towns on a ring, 4 spokes; PROVISIONAL"),
    "side_4": _side(_RING_4, ["highbridge", "st_aldric", "westmarket", "whitecliff", "eastwick"], 4, [4],
                    "spec 3.12: capital, 5 villages, 5 monasteries, 5 towns on a ring, 5 spokes; PROVISIONAL"),
}
