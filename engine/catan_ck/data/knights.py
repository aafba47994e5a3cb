"""Knights (spec 2.15, CK-KNIGHT-01, 5.7)."""

from engine.core.text import _

# strength -> piece name, pieces per player
KNIGHTS = {
    1: {"piece": "basic", "count": 2, "name": _("basic knight")},
    2: {"piece": "strong", "count": 2, "name": _("strong knight")},
    3: {"piece": "mighty", "count": 2, "name": _("mighty knight")},
}
