"""Seals (spec 5.3): 5 red fields at the top left of the main board, in board order.

`cost`: what claiming costs besides the available cube ({} = nothing; key "silver_windows").
`final`: {"kind": "buy", "per": "gold"/"stone"/"pair", "vp": n} converts held gold, stone or
gold+stone pairs into n VP each at the final scoring; {"kind": "vp", "vp": n} is a flat gain.
Texts: German originals in the appendix of seed [Y] ('Siegel'); the English is our own wording.
"""

from engine.core.text import _

from ._util import CONFIRMED, PROVISIONAL, rec

_Y = "spec 5.3; effect: seed [Y] appendix 'Siegel'"

SEALS = [
    rec(CONFIRMED, f"{_Y}; cost: [SH-img] seal/gold.png", id="SEAL-GOLD",
        cost={"silver_windows": 2}, final={"kind": "buy", "per": "gold", "vp": 2},
        text=_("At game end, you may buy 2 VP for each gold (at most 18 VP).")),
    rec(CONFIRMED, f"{_Y}; cost: [SH-img] seal/stone.png", id="SEAL-STONE",
        cost={"silver_windows": 2}, final={"kind": "buy", "per": "stone", "vp": 2},
        text=_("At game end, you may buy 2 VP for each stone (at most 18 VP).")),
    rec(PROVISIONAL, f"{_Y}; cost PROVISIONAL", id="SEAL-PAIR",
        cost={"silver_windows": 2}, final={"kind": "buy", "per": "pair", "vp": 3},
        text=_("At game end, you may buy 3 VP for each pair of 1 gold and 1 stone.")),
    rec(CONFIRMED, f"{_Y}; cost (none): [SH-img] seal/6-points.png", id="SEAL-6",
        cost={}, final={"kind": "vp", "vp": 6},
        text=_("At game end, gain 6 VP.")),
    rec(PROVISIONAL, f"{_Y}; cost (none) PROVISIONAL", id="SEAL-4",
        cost={}, final={"kind": "vp", "vp": 4},
        text=_("At game end, gain 4 VP.")),
]
