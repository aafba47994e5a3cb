"""Peter Parler, the solo opponent (spec 6.15, PRG-PARLER).

Card actions, in order: "building" (construct the building under his cube at his pawn's plaza),
"wall" / "upgrade" (take the tile under his cube in that row), "quarry" / "mine" (+1 on that
track), "mine_or_quarry" (the track on which the human has the higher count; both if equal).
`take`: the action tile he takes and returns, n-th oldest = n-th highest board position.
"""

from engine.core.text import _

from ._util import CONFIRMED, PROVISIONAL, prov, rec

_SRC = "spec 6.15; [SH] src/services/Cards.ts"

PARLER = {
    "cards": [
        rec(CONFIRMED, _SRC, id="PP1", actions=[{"kind": "building"}], take=1,
            text=_("Construct a building. Take the oldest action tile.")),
        rec(CONFIRMED, _SRC, id="PP2", actions=[{"kind": "wall"}, {"kind": "quarry"}], take=1,
            text=_("Take a wall tile; +1 quarry. Take the oldest action tile.")),
        rec(CONFIRMED, f"{_SRC}; [Y]", id="PP3", actions=[{"kind": "mine_or_quarry"}], take=1,
            text=_("+1 gold mine or +1 quarry. Take the oldest action tile.")),
        rec(CONFIRMED, _SRC, id="PP4", actions=[{"kind": "building"}], take=2,
            text=_("Construct a building. Take the 2nd oldest action tile.")),
        rec(CONFIRMED, _SRC, id="PP5", actions=[{"kind": "upgrade"}, {"kind": "mine"}], take=3,
            text=_("Take an upgrade tile; +1 gold mine. Take the 3rd oldest action tile.")),
    ],
    # the first available seal of this order is claimed when his cube reaches the track's end
    "seal_order": {
        "mines": ["SEAL-GOLD", "SEAL-6", "SEAL-4"],
        "quarries": ["SEAL-STONE", "SEAL-6", "SEAL-4"],
    },
}

PROVENANCE = [
    prov("PARLER.seal_order", PROVISIONAL,
         "spec PRG-PARLER-10: a fixed order of three seals CONFIRMED [Y] (icons missing, one order for "
         "both tracks); first two per track [SH] GainSealGold.vue; the third and the per-track split are "
         "readings"),
]
