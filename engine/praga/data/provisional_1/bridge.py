"""Charles Bridge (spec 5.2, 6.12): deck, bonus pieces, silver IV and gold V bridge tiles.
Texts: German originals in the appendix of seed [Y]; the English is our own wording."""

from engine.core.text import _

from ._util import CONFIRMED, INFERRED, PROVISIONAL, prov, rec

# 10 bonus spaces numbered 0..9 from the Old Town bank outwards; piece slot j (1..5) covers
# spaces 2j-2 and 2j-1. A plank covers 2 adjacent uncovered spaces.
BRIDGE = {
    "spaces": 10,
    "slots": [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]],
}

_PIECE_SRC = ("spec 6.12: double-sided pieces combined and oriented freely CONFIRMED [Y]; "
              "5 pieces INFERRED; rewards PROVISIONAL")

# sides: [left half, right half] (the orientation at setup may swap the halves)
BRIDGE_PIECES = [
    rec(PROVISIONAL, _PIECE_SRC, id="BP1", sides={"a": [["2VP"], ["1SW"]], "b": [["1G"], ["1S"]]}),
    rec(PROVISIONAL, _PIECE_SRC, id="BP2", sides={"a": [["1T"], ["2VP"]], "b": [["1E"], ["1VP"]]}),
    rec(PROVISIONAL, _PIECE_SRC, id="BP3", sides={"a": [["RM"], ["BM"]], "b": [["1U"], ["1U"]]}),
    rec(PROVISIONAL, _PIECE_SRC, id="BP4", sides={"a": [["HW"], ["2VP"]], "b": [["CA"], ["2VP"]]}),
    rec(PROVISIONAL, _PIECE_SRC, id="BP5", sides={"a": [["1SW"], ["1G"]], "b": [["1S"], ["1T"]]}),
]

_IV = "spec 5.2; seed [Y] appendix 'silberne Brückenplättchen (Stufe IV)'"
_V = "spec 5.2; seed [Y] appendix 'goldene Brückenplättchen (Stufe V)'"


def _iv(tile_id, text, reward, optional_step=None):
    return rec(CONFIRMED, _IV, id=tile_id, kind="IV", text=text, reward=reward,
               optional_step=optional_step)


def _v(tile_id, text, immediate, per, vp, status=CONFIRMED, note=None):
    source = _V if note is None else f"{_V}; {note}"
    return rec(status, source, id=tile_id, kind="V", text=text, immediate=immediate,
               final={"per": per, "vp": vp})


# Silver IV tiles: the kept tile's effect is gained when it is placed (or discarded once the
# bridge is complete). `optional_step`: "HW"/"CA" = one sideways step the owner MAY make.
# Gold V tiles: `immediate` reward at once, `final` = vp x (count of `per`) at the final scoring;
# per: "university" (steps advanced on the University track), "upgrade" (upgrade tiles owned,
# covered ones included), "wall" (wall tiles), "quarry" / "mine" (current counts), "row" (rows
# above the bottom row reached, on each of the Hunger Wall and the Cathedral).
BRIDGE_TILES = [
    _iv("IV-1", _("Gain 2 blue markers."), ["BM", "BM"]),
    _iv("IV-2", _("Gain 2 red markers."), ["RM", "RM"]),
    _iv("IV-3", _("You may move 1 space sideways on the Hunger Wall. Also gain 1 silver window and 2 VP."),
        ["1SW", "2VP"], optional_step="HW"),
    _iv("IV-4", _("You may move 1 space sideways on the Cathedral. Also gain 1 silver window and 2 VP."),
        ["1SW", "2VP"], optional_step="CA"),
    _iv("IV-5", _("Gain 1 gold window and 2 gold."), ["1GW", "2G"]),
    _iv("IV-6", _("Advance 3 steps on the Charles University track."), ["3U"]),
    _v("V-1", _("Gain 3 VP now. At game end, gain VP equal to your position on the Charles University track."),
       ["3VP"], "university", 1,
       note="reading: position = steps advanced (0-8 in provisional-1), not the multiplier"),
    _v("V-2", _("At game end, gain 3 VP per upgrade tile you own, covered ones included."),
       [], "upgrade", 3),
    _v("V-3", _("At game end, gain 2 VP per wall tile you own."), [], "wall", 2),
    _v("V-4", _("Gain 3 VP now. At game end, gain 1 VP per quarry."), ["3VP"], "quarry", 1),
    _v("V-5", _("Gain 3 VP now. At game end, gain 1 VP per gold mine."), ["3VP"], "mine", 1),
    _v("V-6", _("At game end, gain 2 VP per row above the bottom row you reached on the Hunger Wall "
              "and on the Cathedral."),
       [], "row", 2, status=PROVISIONAL,
       note="text CONFIRMED ('Punkte abhängig von der Reihe'); scale 2 VP per row PROVISIONAL"),
]

PROVENANCE = [
    prov("BRIDGE", INFERRED, "spec 6.12: 10 spaces from 5 two-space pieces INFERRED; "
                             "a plank covers 2 adjacent spaces, 5 planks complete it CONFIRMED [K] [Y]"),
]
