"""Technology tiles (spec 5.1): 24, six per level. Levels I-II are permanent abilities usable
from the owner's next turn on; levels III-IV are one-shot (now or in a later own turn).

Effects are implemented by id in rules code; the numbers they use live in the record:
`reward` = what the effect gains (each time it triggers), `trigger` names the event of a
permanent ability, `action` an action the tile performs ("any" = any of the six).
Texts: German originals in the appendix of seed [Y]; the English is our own wording.
"""

from engine.core.text import _

from ._util import CONFIRMED, INFERRED, PROVISIONAL, rec

_Y = "spec 5.1; seed [Y] appendix 'Technologieplättchen Stufe {}'"


def _tech(tech_id, status, note, text, **fields):
    level = int(tech_id[1])
    source = _Y.format("I" * level if level < 4 else "IV")
    if note:
        source = f"{source}; {note}"
    use = "permanent" if level <= 2 else "one_shot"
    return rec(status, source, id=tech_id, level=level, use=use, text=text, **fields)


TECHNOLOGIES = [
    # level I
    _tech("T1-1", CONFIRMED, None,
          _("When you gain VP for taking your action tile (blue zone, 5-point token or unused "
          "special-tile bonus), gain 1 VP more. At most once per turn."),
          trigger="vp_for_action_tile", vp=1, max_per_turn=1),
    _tech("T1-2", CONFIRMED, None,
          _("Whenever a wheel bonus gives you gold, gain 1 more gold and 1 VP."),
          trigger="wheel_bonus_gold", reward=["1G", "1VP"]),
    _tech("T1-3", CONFIRMED, None,
          _("Whenever a wheel bonus gives you stone, gain 1 more stone and 1 VP."),
          trigger="wheel_bonus_stone", reward=["1S", "1VP"]),
    _tech("T1-4", INFERRED, "'from any source' INFERRED from 'immer wenn'",
          _("Whenever you advance on your quarry track, gain 2 VP per space."),
          trigger="quarry_track_advance", reward=["2VP"]),
    _tech("T1-5", INFERRED, "'from any source' INFERRED from 'immer wenn'",
          _("Whenever you advance on your gold-mine track, gain 2 VP per space."),
          trigger="mine_track_advance", reward=["2VP"]),
    _tech("T1-6", INFERRED, "'any cause' INFERRED",
          _("Whenever you move up a row on the Hunger Wall or the Cathedral, gain 2 VP."),
          trigger="structure_row_up", reward=["2VP"]),
    # level II
    _tech("T2-1", CONFIRMED, None,
          _("When you gain a blue marker, gain 1 VP and 1 stone (once per turn)."),
          trigger="blue_marker", reward=["1VP", "1S"], max_per_turn=1),
    _tech("T2-2", CONFIRMED, None,
          _("When you gain a red marker, gain 1 VP and 1 gold (once per turn)."),
          trigger="red_marker", reward=["1VP", "1G"], max_per_turn=1),
    _tech("T2-3", INFERRED, "text CONFIRMED; the symbol (Hunger Wall) INFERRED, icon missing in [Y]",
          _("When you build a wall with the Hunger Wall symbol, gain 1 gold and 1 VP."),
          trigger="wall_with_hunger_wall", reward=["1G", "1VP"]),
    _tech("T2-4", PROVISIONAL, "text CONFIRMED; symbol (Cathedral) INFERRED; resource (gold) PROVISIONAL "
                               "([Y]: 'die gezeigte Ressource', icon missing)",
          _("Whenever you build a building without the Cathedral symbol, gain 1 gold and 1 VP."),
          trigger="building_without_cathedral", reward=["1G", "1VP"]),
    _tech("T2-5", INFERRED, "text CONFIRMED; symbol (Cathedral) INFERRED, icon missing in [Y]",
          _("When you build a building with the Cathedral symbol, gain 1 stone and 1 VP."),
          trigger="building_with_cathedral", reward=["1S", "1VP"]),
    _tech("T2-6", CONFIRMED, "'per egg' is a reading (spec 5.1)",
          _("Whenever you gain or buy an egg, gain 1 VP and 1 stone per egg."),
          trigger="egg", reward=["1VP", "1S"]),
    # level III
    _tech("T3-1", CONFIRMED, None,
          _("Gain 1 egg, then perform the Build the King's Road action."),
          reward=["1E"], action="ROAD"),
    _tech("T3-2", CONFIRMED, "'not paying windows' and the bracket are readings (spec 5.1)",
          _("Move up 1 row on the Hunger Wall or the Cathedral without paying windows. "
          "If you enter a new level, ignore its gold and stone cost."),
          rows=1, waive_level_cost=True),
    _tech("T3-3", CONFIRMED, None,
          _("Advance 4 steps on the Charles University track."),
          reward=["4U"]),
    _tech("T3-4", CONFIRMED, None,
          _("Perform the Upgrade action and gain 3 VP."),
          action="UPGRADE", reward=["3VP"]),
    _tech("T3-5", CONFIRMED, None,
          _("Produce gold and gain 2 stone. (This is not the Manage Mines action: no upgrade bonus.)"),
          produce="gold", reward=["2S"]),
    _tech("T3-6", CONFIRMED, None,
          _("Produce stone and gain 2 gold. (This is not the Manage Quarries action: no upgrade bonus.)"),
          produce="stone", reward=["2G"]),
    # level IV
    _tech("T4-1", CONFIRMED, "'gold part only' is a reading; [Y] says 'um 2 Gold verringert'",
          _("Perform the Construct a Building action; its total gold cost (tile and site) is reduced "
          "by 2, not below 0."),
          action="BUILDING", discount_gold=2),
    _tech("T4-2", CONFIRMED, None,
          _("Perform the Construct a Wall action; the wall's stone cost is reduced by 2, not below 0."),
          action="WALL", discount_stone=2),
    _tech("T4-3", CONFIRMED, None,
          _("Perform any one of the six actions."),
          action="any"),
    _tech("T4-4", CONFIRMED, None,
          _("Perform the Upgrade action and gain 1 gold window."),
          action="UPGRADE", reward=["1GW"]),
    _tech("T4-5", CONFIRMED, None,
          _("Gain both top rewards of any plaza tile in play, scored or not."),
          plaza_top_rewards=2),
    _tech("T4-6", CONFIRMED, None,
          _("Gain +1 gold mine or +1 quarry, then produce gold or stone (two independent choices). "
          "No upgrade bonus."),
          increase=[{"choice": [["M+"], ["Q+"]]}], produce="gold_or_stone"),
]
