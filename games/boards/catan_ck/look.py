"""Colours and marks of the seats, and translation of engine data names.

Colour is never alone: every piece of a seat also carries its mark (drawn in the piece)
and roads their own dash pattern, so players who do not tell the colours apart can.
"""

from django.utils.translation import gettext

# Red, blue, white and orange as printed; the marks and dashes tell them apart without colour.
COLOURS = ["#d0312d", "#1f5fbf", "#f4f4f4", "#e07b00"]
INKS = ["#ffffff", "#ffffff", "#1d1d1d", "#1d1d1d"]  # a mark's colour on its piece
COLOUR_NAMES = ["red", "blue", "white", "orange"]
SEAT_MARKS = ["●", "▲", "■", "◆"]
ROAD_DASHES = ["", "7 4", "2 3", "9 3 2 3"]
NOBODY = "#5b5b5b"


def colour(seat):
    return NOBODY if seat is None else COLOURS[seat % len(COLOURS)]


def ink(seat):
    return "#ffffff" if seat is None else INKS[seat % len(INKS)]


def seat_mark(seat):
    return "" if seat is None else SEAT_MARKS[seat % len(SEAT_MARKS)]


def road_dash(seat):
    return "" if seat is None else ROAD_DASHES[seat % len(ROAD_DASHES)]


def translated(message):
    """An engine data name (marked with engine.core.text._) in the reader's language."""
    return gettext(message) if message else ""


# Pip positions of a die face in a 24 x 24 box.
_L, _M, _H = 6, 12, 18
DIE_PIPS = {
    1: [(_M, _M)], 2: [(_L, _L), (_H, _H)], 3: [(_L, _L), (_M, _M), (_H, _H)],
    4: [(_L, _L), (_H, _L), (_L, _H), (_H, _H)], 5: [(_L, _L), (_H, _L), (_M, _M), (_L, _H), (_H, _H)],
    6: [(_L, _L), (_H, _L), (_L, _M), (_H, _M), (_L, _H), (_H, _H)],
}


def die(value):
    """The pips of a die showing `value`, as [{x, y}]."""
    return [{"x": x, "y": y} for x, y in DIE_PIPS.get(value, [])]
