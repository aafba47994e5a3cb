"""The nine harbour positions of the standard frame (spec 5.4, CAT-BOARD-06/07)."""

from engine.core.text import _

# id, sea hex, the land hex it faces, its type in the `fixed` layout. The two intersections
# it serves are those of the coastal path between the sea hex and the land hex.
HARBOURS = [
    {"id": "H1", "sea": (3, 0), "land": (2, 0), "fixed": "generic"},
    {"id": "H2", "sea": (1, 2), "land": (1, 1), "fixed": "brick"},
    {"id": "H3", "sea": (-1, 3), "land": (-1, 2), "fixed": "lumber"},
    {"id": "H4", "sea": (-3, 3), "land": (-2, 2), "fixed": "generic"},
    {"id": "H5", "sea": (-3, 1), "land": (-2, 1), "fixed": "grain"},
    {"id": "H6", "sea": (-2, -1), "land": (-1, -1), "fixed": "ore"},
    {"id": "H7", "sea": (0, -3), "land": (0, -2), "fixed": "generic"},
    {"id": "H8", "sea": (2, -3), "land": (1, -2), "fixed": "wool"},
    {"id": "H9", "sea": (3, -2), "land": (2, -1), "fixed": "generic"},
]

# the multiset shuffled over the positions under harbor_layout=shuffled
HARBOUR_TYPES = ["generic"] * 4 + ["brick", "lumber", "wool", "grain", "ore"]

HARBOUR_NAMES = {"generic": _("3:1 harbour")}

GENERIC_RATE = 3
SPECIAL_RATE = 2
BANK_RATE = 4
