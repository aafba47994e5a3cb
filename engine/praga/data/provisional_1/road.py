"""King's Road spaces I-III (spec 5.4): base effects and the variant tiles.

Each space has a free effect (always gained; a variant tile side replaces it) and an egg effect
(optional, pay exactly `egg_cost` eggs). Effect records E:
  {"kind": "reward", "reward": [...]}                      gain it
  {"kind": "buy", "pay": [...], "gain": [...]}             may pay `pay` once to gain `gain`
  {"kind": "per_era1_upgrade", "vp": n}                    n VP per Era I upgrade tile owned
  {"kind": "per_silver_window", "vp": n}                   n VP per silver window held (kept)
  {"kind": "ongoing", "trigger": T, "reward": [...]}       while the pawn stands on the space,
      whenever T is performed: T = "UPGRADE" / "WALL" (the action) or "BUILDING_NO_CATHEDRAL"
      (a building without the Cathedral symbol is built); side-b tiles give nothing on arrival.
Texts: German originals in the appendix of seed [Y] ('Königsweg'); the English is our own wording.
"""

from engine.core.text import _

from ._util import CONFIRMED, INFERRED, prov, rec

_BASE = ("spec 5.4; seed [Y] appendix 'Königsweg: Grundspiel'; texts CONFIRMED, assignment to "
         "spaces INFERRED (texts listed in pairs, in space order)")
_VAR = ("spec 5.4; seed [Y] appendix 'Königsweg: Variante'; texts CONFIRMED, two-sidedness INFERRED "
        "(3 tiles [SKAF], 6 texts alternating immediate/ongoing)")


def _base(text, **effect):
    return rec(INFERRED, _BASE, text=text, **effect)


def _var(tile_id, side, text, **effect):
    return rec(INFERRED, _VAR, id=f"{tile_id}{side}", tile=tile_id, side=side, text=text, **effect)


ROAD = {
    "spaces": ["I", "II", "III"],
    "egg_cost": 1,
    # moving to IV (in front of the bridge) and to V (on the bridge) each cost 1 egg
    "bridge_egg_cost": 1,
    "base": {
        "I": {
            "free": _base(_("Gain 2 gold or 2 stone."),
                          kind="reward", reward=[{"choice": [["2G"], ["2S"]]}]),
            "egg": _base(_("Pay 1 egg: +1 quarry or +1 gold mine."),
                         kind="reward", reward=[{"choice": [["Q+"], ["M+"]]}]),
        },
        "II": {
            "free": _base(_("You may pay 1 gold to gain 4 VP (once)."),
                          kind="buy", pay=["1G"], gain=["4VP"]),
            "egg": _base(_("Pay 1 egg: 1 gold window or 1 technology step."),
                         kind="reward", reward=[{"choice": [["1GW"], ["1T"]]}]),
        },
        "III": {
            "free": _base(_("Gain 3 VP per Era I upgrade tile you own."),
                          kind="per_era1_upgrade", vp=3),
            "egg": _base(_("Pay 1 egg: 2 silver windows, or +1 quarry and +1 gold mine."),
                         kind="reward", reward=[{"choice": [["2SW"], ["Q+", "M+"]]}]),
        },
    },
    "variants": {
        "I": {
            "a": _var("KRV-I", "a", _("Gain 1 silver window and 1 stone, or 1 silver window and 1 gold."),
                      kind="reward", reward=[{"choice": [["1SW", "1S"], ["1SW", "1G"]]}]),
            "b": _var("KRV-I", "b", _("While your pawn is here: whenever you perform the Upgrade action, "
                                    "gain 2 VP and 1 gold or 1 stone."),
                      kind="ongoing", trigger="UPGRADE", reward=["2VP", {"choice": [["1G"], ["1S"]]}]),
        },
        "II": {
            "a": _var("KRV-II", "a", _("Gain 2 VP per silver window you hold (you keep them)."),
                      kind="per_silver_window", vp=2),
            "b": _var("KRV-II", "b", _("While your pawn is here: whenever you perform the Construct a Wall "
                                     "action, gain 2 VP."),
                      kind="ongoing", trigger="WALL", reward=["2VP"]),
        },
        "III": {
            "a": _var("KRV-III", "a", _("Gain 2 VP and 2 steps on the Charles University track."),
                      kind="reward", reward=["2VP", "2U"]),
            "b": _var("KRV-III", "b", _("While your pawn is here: whenever you build a building without the "
                                      "Cathedral symbol, gain 3 VP."),
                      kind="ongoing", trigger="BUILDING_NO_CATHEDRAL", reward=["3VP"]),
        },
    },
}

PROVENANCE = [
    prov("ROAD.spaces", CONFIRMED, "spec PRG-ROAD-01 [Y] [K]"),
    prov("ROAD.egg_cost", CONFIRMED, "spec PRG-ROAD-03 [Y] ('nicht mehr bezahlen, um mehr zu erhalten')"),
    prov("ROAD.bridge_egg_cost", CONFIRMED, "spec PRG-ROAD-05 [Y] [K]"),
]
