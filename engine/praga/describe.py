"""Log lines of moves (engine.core.text dicts); `state` is the state before the move."""

from engine.core.text import _, text

ACTION_NAMES = {
    "mines": _("Manage Mines"), "quarries": _("Manage Quarries"), "upgrade": _("Upgrade an Action"),
    "wall": _("Construct a Wall"), "building": _("Construct a Building"), "road": _("Build the King's Road"),
}


def _via(move):
    via = move.get("via", "main")
    if via == "main":
        return _("main action")
    if via == "extra":
        return _("extra action")
    return via


def describe(move, state):
    seat = state.get("active")
    t = move.get("type") if isinstance(move, dict) else None
    who = {"seat": seat}
    if t == "undo":
        return text(_("Player {seat} takes back a move."), **who)
    if t == "take":
        return text(_("Player {seat} takes action tile {tile}."), tile=move["tile"], **who)
    if t in ACTION_NAMES:
        extra = ""
        if t == "building":
            return text(_("Player {seat} builds at {site} ({via})."), site=move["site"], via=_via(move), **who)
        if t == "wall":
            return text(_("Player {seat} constructs a wall ({via})."), via=_via(move), **who)
        if t in ("mines", "quarries"):
            return text(_("Player {seat}: {action}, {option} ({via})."), action=ACTION_NAMES[t],
                        option=move.get("option", extra), via=_via(move), **who)
        return text(_("Player {seat}: {action} ({via})."), action=ACTION_NAMES[t], via=_via(move), **who)
    if t == "end_turn":
        return text(_("Player {seat} ends the turn."), **who)
    if t == "wheel_bonus":
        return text(_("Player {seat} uses the wheel bonus."), **who)
    if t == "special_vp":
        return text(_("Player {seat} takes the VP of the special-tile bonus."), **who)
    if t == "refresh":
        return text(_("Player {seat} refreshes the {row} row."), row=move["row"], **who)
    if t == "refill":
        return text(_("Player {seat} refills the {row} row."), row=move["row"], **who)
    if t == "buy_extra":
        return text(_("Player {seat} buys an extra action."), **who)
    if t == "climb":
        return text(_("Player {seat} climbs on the {structure}."), structure=move["structure"], **who)
    if t == "seal":
        return text(_("Player {seat} claims seal {seal}."), seal=move["seal"], **who)
    if t == "use_tech":
        return text(_("Player {seat} uses technology {tech}."), tech=move["tech"], **who)
    if t == "tech":
        return text(_("Player {seat} chooses technology {tech}."), tech=move["tech"], **who)
    if t == "bridge":
        return text(_("Player {seat} takes bridge tile {tile}."), tile=move["tile"], **who)
    if t == "plaza_reward":
        return text(_("Player {seat} takes a plaza reward."), **who)
    return text(_("Player {seat}: {move}."), move=str(t), **who)
