"""Terrains, resources and commodities (spec 5.1, CK-COMMODITY-01, CAT-BANK-01)."""

from engine.core.text import _

RESOURCES = ["brick", "lumber", "wool", "grain", "ore"]
COMMODITIES = ["paper", "cloth", "coin"]
# Every card type a hand can hold, in the fixed order of the timeout defaults (4.3, D-01).
CARD_TYPES = RESOURCES + COMMODITIES

CARD_NAMES = {
    "brick": _("brick"), "lumber": _("lumber"), "wool": _("wool"), "grain": _("grain"), "ore": _("ore"),
    "paper": _("paper"), "cloth": _("cloth"), "coin": _("coin"),
}

# terrain -> number of hexes, the resource it yields, the commodity a city takes instead of
# its second card (None: a city takes two of the resource).
TERRAINS = {
    "forest": {"hexes": 4, "resource": "lumber", "commodity": "paper", "name": _("forest")},
    "pasture": {"hexes": 4, "resource": "wool", "commodity": "cloth", "name": _("pasture")},
    "fields": {"hexes": 4, "resource": "grain", "commodity": None, "name": _("fields")},
    "hills": {"hexes": 3, "resource": "brick", "commodity": None, "name": _("hills")},
    "mountains": {"hexes": 3, "resource": "ore", "commodity": "coin", "name": _("mountains")},
    "desert": {"hexes": 1, "resource": None, "commodity": None, "name": _("desert")},
}

BANK = {"brick": 19, "lumber": 19, "wool": 19, "grain": 19, "ore": 19, "paper": 12, "cloth": 12, "coin": 12}
