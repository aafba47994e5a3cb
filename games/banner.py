"""The banner over every game page: whom the game waits for, why, each seat's deadline and what
happens then ("Waiting for Bob and Carol to discard half their cards on the 7; at the deadline:
random cards").

Built for every game alike from the engine contract (`owed`, `timeout_move`) and the seats'
clocks (games/clocks.py); public information only: who must act, the words of their task and
the deadlines, never what they hold.
"""

from django.utils.translation import gettext

from games import engines
from games.models import TimeoutPolicy
from games.text import render


def policy_default(game):
    """What the site does when a seat's own turn runs out of time (games/clocks.time_out)."""
    if game.timeout_policy == TimeoutPolicy.NONE:
        return None
    if game.timeout_policy == TimeoutPolicy.CANCEL:
        return gettext("the game is cancelled")
    return gettext("a bot takes over the seat")


def names_joined(names):
    if len(names) == 1:
        return names[0]
    return gettext("%(first)s and %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


def seat_line(game, seat, names, reader):
    """One waiting seat: its name, task and default in words, and its clock."""
    owed = engines.owed(game.game_id, game.state, seat.position)
    task = render(owed["task"], names) if owed else gettext("move")
    if seat.dropped:
        default = None  # a bot plays it at once
    elif owed and owed.get("default") and engines.timeout_move(game.game_id, game.state, seat.position) is not None:
        default = render(owed["default"], names)
    else:
        default = policy_default(game)
    mine = reader is not None and reader.position == seat.position
    # "their turn" in the task needs a third person: the reader is named, with "(you)".
    name = gettext("%(name)s (you)") % {"name": names[seat.position]} if mine else names[seat.position]
    return {"seat": seat.position, "name": name, "mine": mine,
            "task": task, "default": default, "deadline": seat.deadline, "paused": seat.clock_left is not None,
            "bot": seat.dropped}


def context(game, reader, names):
    """{"lines": [...], "seats": [...]} or None once the game is over or nobody must act.

    Seats whose task and default read the same are named in one line, in seat order."""
    if game.is_finished:
        return None
    seats = [seat_line(game, seat, names, reader) for seat in game.seat_list() if seat.to_act]
    if not seats:
        return None
    groups = {}
    for seat in seats:
        groups.setdefault((seat["task"], seat["default"]), []).append(seat["name"])
    lines = []
    for (task, default), who in groups.items():
        line = gettext("Waiting for %(players)s to %(task)s") % {"players": names_joined(who), "task": task}
        if default:
            line = gettext("%(line)s; at the deadline: %(default)s") % {"line": line, "default": default}
        lines.append(line + ".")
    return {"lines": lines, "seats": seats}
