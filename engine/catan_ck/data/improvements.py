"""City improvements (spec 5.8, CK-IMPROVE), the red die draws (5.9), the event die and the
barbarian track (5.10), metropolises (CK-METRO) and victory points (5.11)."""

from engine.core.text import _

TRACKS = {
    "trade": {"commodity": "cloth", "colour": "yellow", "name": _("trade"),
              "levels": [_("Market"), _("Trading House"), _("Merchant Guild"), _("Bank"), _("Great Exchange")]},
    "politics": {"commodity": "coin", "colour": "blue", "name": _("politics"),
                 "levels": [_("Town Hall"), _("Church"), _("Fortress"), _("Cathedral"), _("High Assembly")]},
    "science": {"commodity": "paper", "colour": "green", "name": _("science"),
                "levels": [_("Abbey"), _("Library"), _("Aqueduct"), _("Theater"), _("University")]},
}
TRACK_ORDER = ["trade", "politics", "science"]
MAX_LEVEL = 5
ABILITY_LEVEL = 3
METROPOLIS_LEVEL = 4


def improvement_cost(level):
    """Commodities of the track's kind for buying `level` (CK-IMPROVE-02)."""
    return level


def draws_progress(level, red):
    """Whether a player at `level` draws on a gate of that track with this red die (CK-PROGRESS-02)."""
    return level >= 1 and red <= level + 1


# Event die faces (CK-DICE-04): three ships and one gate per track.
EVENT_FACES = ["ship", "ship", "ship", "trade", "politics", "science"]
EVENT_NAMES = {"ship": _("barbarian ship"), "trade": _("yellow gate"), "politics": _("blue gate"),
               "science": _("green gate")}

BARBARIAN_TRACK_END = 7

POINTS = {
    "settlement": 1, "city": 2, "metropolis": 2, "longest_road": 2, "defender": 1, "merchant": 1,
    "progress": 1,
}
LONGEST_ROAD_MINIMUM = 5
PROGRESS_HAND_LIMIT = 4
