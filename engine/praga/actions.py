"""Starting one of the six actions (PRG-TURN-01/02, PRG-EXTRA, PRG-UPG-03/06/07, PRG-ROAD-07).

Every action move carries `via`: "main" (the action of the taken tile), "extra" (the
bought extra action) or a technology id (T3-1, T3-4, T4-1 … T4-4). `start_action`
checks that the action may be performed that way, grants the upgrade bonus at the
start (OQ-01) and the ongoing King's Road side-b bonus (OQ-25).
"""

from engine.core.text import _
from engine.praga.common import ACTIONS, need
from engine.praga.rewards import gain, tech_reward

TECH_ACTIONS = {
    "T3-1": ["ROAD"],
    "T3-4": ["UPGRADE"],
    "T4-1": ["BUILDING"],
    "T4-2": ["WALL"],
    "T4-3": list(ACTIONS),
    "T4-4": ["UPGRADE"],
}

ROAD_SPACES = ["I", "II", "III"]


def top_upgrade(pl, action):
    stack = pl["upgrades"].get(action) or []
    return stack[-1]["tile"] if stack else None


def bonus_choices(state, seat, action):
    """Upgrade bonus options for a performance now: [None] / [tile] / ["old", "new"]."""
    pl = state["players"][seat]
    top = top_upgrade(pl, action)
    turn = state["turn"]
    old = turn["overbuilt"].get(action) if turn else None
    if old is not None and top is not None and old != top:
        return ["old", "new"]
    return [top]


def via_options(state, seat, action):
    """The ways `seat` may perform `action` now (without checking the action itself)."""
    turn = state["turn"]
    if turn is None or turn["bonus_only"] or has_deferred(turn):
        return []
    result = []
    if turn["tile"] is not None and turn["main"] is None and action in turn["tile_actions"]:
        result.append("main")
    if turn["extra"] == "bought":
        result.append("extra")
    pl = state["players"][seat]
    for t in pl["techs"]:
        if action in TECH_ACTIONS.get(t["id"], ()):
            result.append(t["id"])
    return result


def has_deferred(turn):
    return any(i.get("deferred") for i in turn["pending"])


def road_effect(state, ed, space):
    """The free effect record of road space I/II/III under the game's options."""
    choice = state["options"]["road_" + space]
    if choice == "base":
        return ed.ROAD["base"][space]["free"]
    return ed.ROAD["variants"][space][choice]


def ongoing(ctx, seat, trigger):
    """PRG-ROAD-07 side b: while the pawn stands on the space."""
    pawn = ctx.pl(seat)["road"]
    if 1 <= pawn <= 3:
        eff = road_effect(ctx.s, ctx.ed, ROAD_SPACES[pawn - 1])
        if eff["kind"] == "ongoing" and eff["trigger"] == trigger:
            gain(ctx, seat, eff["reward"], "road")


def start_action(ctx, seat, action, move):
    """Check `via`, consume it, grant the upgrade bonus. Returns the via used."""
    turn = ctx.s["turn"]
    need(not turn["bonus_only"], _("Only the deferred rewards may be resolved in this bonus turn."))
    need(not has_deferred(turn), _("First resolve the plaza rewards deferred to you."))
    via = move.get("via", "main")
    need(isinstance(via, str), _("Unknown way to perform the action."))
    if via == "main":
        need(turn["tile"] is not None, _("Take an action tile first."))
        need(turn["main"] is None, _("You have already performed your main action."))
        need(action in turn["tile_actions"], _("Your action tile does not show this action."))
        ctx.ws("turn")["main"] = action
    elif via == "extra":
        need(turn["extra"] == "bought", _("You have not bought an extra action."))
        ctx.ws("turn")["extra"] = "used"
    else:
        pl = ctx.pl(seat)
        need(any(t["id"] == via for t in pl["techs"]), _("You do not have this technology."))
        need(action in TECH_ACTIONS.get(via, ()), _("This technology does not perform that action."))
        pl = ctx.p(seat)
        pl["techs"] = [t for t in pl["techs"] if t["id"] != via]
        ctx.pn(seat, "used_techs").append(via)
        if via in ("T3-1", "T4-4"):  # 1 egg before the road / 1 gold window
            gain(ctx, seat, tech_reward(ctx, via), "technologies")
    # upgrade bonus (PRG-UPG-03/06/07)
    options = bonus_choices(ctx.s, seat, action)
    if options == ["old", "new"]:
        choice = move.get("bonus")
        need(choice in ("old", "new"), _("Choose the bonus of the old or of the new upgrade."))
        tile = ctx.s["turn"]["overbuilt"][action] if choice == "old" else top_upgrade(ctx.pl(seat), action)
    else:
        need(move.get("bonus") is None, _("There is no upgrade bonus to choose."))
        tile = options[0]
    perf = ctx.wn("turn", "perf")
    perf.setdefault(action, []).append(tile)
    if tile is not None:
        gain(ctx, seat, ctx.ed.TILES[tile]["centre"], "upgrades")
    if action == "UPGRADE":
        ongoing(ctx, seat, "UPGRADE")
    elif action == "WALL":
        ongoing(ctx, seat, "WALL")
    return via


def special_allowed(state, via):
    sp = state["turn"].get("special")
    return via == "main" and sp is not None and sp["state"] == "open"
