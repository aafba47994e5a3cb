"""Guilds (spec 3.1) and the action star (spec 3.2)."""

from ._util import CONFIRMED, INFERRED, rec

_GUILD_SOURCE = "spec 3.1: six guilds CONFIRMED (GD, LUD-D, H9); data order PROVISIONAL"

GUILDS = [
    rec(CONFIRMED, _GUILD_SOURCE, id="glazier", code="GLA"),
    rec(CONFIRMED, _GUILD_SOURCE, id="stonemason", code="STO"),
    rec(CONFIRMED, _GUILD_SOURCE, id="lumberjack", code="LUM"),
    rec(CONFIRMED, _GUILD_SOURCE, id="bricklayer", code="BRI"),
    rec(CONFIRMED, _GUILD_SOURCE, id="blacksmith", code="SMI"),
    rec(CONFIRMED, _GUILD_SOURCE, id="tailor", code="TAI"),
]

# Clockwise from Build (index 0), per option star_order (QA-STAR-01, OQ-1).
STAR_ORDERS = {
    "changer_first": rec(INFERRED, "spec 3.2: Build first CONFIRMED (LUD-E, LUD-D); the rest from BBX, FUKA, "
                                   "MOB, CP (OQ-1)",
                         spaces=["build", "day", "hire", "changer", "travel", "tavern"]),
    "travel_first": rec(INFERRED, "spec 3.2: order of the KSR's text and THW (OQ-1)",
                        spaces=["build", "day", "hire", "travel", "changer", "tavern"]),
}

STAR = rec(CONFIRMED, "KSR; spec QA-STAR-02, QA-CRAFT-06", spaces=6, spots=6, max_steps=3, start_space="build")
