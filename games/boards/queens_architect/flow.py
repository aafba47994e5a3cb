"""Every legal move as the clicks that build it, and the engine's reason for a click on a piece
that starts no legal move. The board's script only matches clicks against these lists: no rule
of the game is repeated in JavaScript.

A move's steps are keys of board pieces or buttons, in order. A step may also be a set
(`{"set": [...], "field": ...}`): the player toggles pieces (craftsmen, tavern tiles) and
confirms; the set must equal the move's set.
"""

from engine.core.errors import IllegalMove
from engine.queens_architect import moves as rules
from engine.queens_architect.common import Ctx, map_of, star_spaces
from games.text import render

BUTTON_MOVES = ("decline", "draft_pass", "skip_hire", "end_turn", "undo")


def steps(move, player, spaces_count):
    """The click keys of `move` by the seat whose player record is `player`."""
    kind = move["type"]
    if kind in BUTTON_MOVES:
        return ["btn:" + kind]
    if kind == "draft":
        return ["pool:" + move["tile"], "turns:%d" % move["turns"]]
    if kind == "move":
        return ["space:%d" % ((player["architect"] + move["steps"]) % spaces_count)]
    if kind == "day":
        return [{"set": ["crew:" + tile for tile in move["workers"]], "field": "workers"}]
    if kind == "hire":
        first = "slot:%d" % move["slot"]
        return [first] if move["dismiss"] is None else [first, "crew:" + move["dismiss"]]
    if kind == "travel":
        return ["loc:" + move["to"]]
    if kind == "trust":
        return ["trust"]
    if kind == "redeem":
        return ["bonds", "redeem:%d" % move["bonds"]]
    if kind == "tavern":
        return [{"set": ["room:" + guild for guild in move["guilds"]], "field": "guilds"}]
    if kind in ("build_new", "repair"):
        climb = climb_key(move)
        if kind == "build_new":
            return ["lot:" + player["carriage"], climb]
        return [{"set": ["crew:" + tile for tile in move["tiles"]], "field": "tiles"}, climb]
    if kind == "palace":
        return ["palace"]
    return ["btn:" + kind]


def climb_key(move):
    """The button of a climb: its own key per building or set of repairing craftsmen, since the
    bonds it leaves depend on them."""
    what = "new" if move["type"] == "build_new" else "+".join(move["tiles"])
    return "climb:%s:%d" % (what, move["climb"])


def flow(state, seat, legal, names):
    """The click flow of `seat`'s legal moves: moves with their steps, the labels of the button
    steps, and the engine's reasons for the pieces that start no legal move."""
    if not legal:
        return None
    player = state["players"][seat]
    count = len(star_spaces(state))
    entries = [{"m": move, "s": steps(move, player, count)} for move in legal]
    labels = button_labels(state, seat, legal)
    return {"moves": entries, "labels": labels, "reasons": reasons(state, seat, entries, names)}


def button_labels(state, seat, legal):
    """Words for the keys chosen from buttons (turns, climbs, bond counts, whole-turn buttons)."""
    from django.utils.translation import gettext as _

    labels = {
        "btn:decline": _("Decline the action"), "btn:draft_pass": _("Take no second start craftsman"),
        "btn:skip_hire": _("Do not use the lot's hire"), "btn:end_turn": _("End the turn"),
        "btn:undo": _("Undo"),
    }
    player = state["players"][seat]
    for move in legal:
        kind = move["type"]
        if kind == "draft":
            turns = move["turns"]
            labels["turns:%d" % turns] = _("Turn %(turns)d steps: %(coins)d coins, %(uses)d uses") % {
                "turns": turns, "coins": turns, "uses": 6 - turns}
        elif kind == "redeem":
            labels["redeem:%d" % move["bonds"]] = _("Redeem %(bonds)d bonds for %(coins)d coins") % {
                "bonds": move["bonds"], "coins": 2 * move["bonds"]}
        elif kind in ("build_new", "repair"):
            after = _after(state, seat, move)
            if after is not None:
                mine = after["players"][seat]
                labels[climb_key(move)] = _("Climb %(steps)d: to position %(position)d, %(bonds)d bonds") % {
                    "steps": move["climb"], "position": mine["track_position"],
                    "bonds": mine["bonds"] - player["bonds"]}
    return labels


def _after(state, seat, move):
    ctx = Ctx(state)
    try:
        rules._dispatch(ctx, seat, move)
    except IllegalMove:
        return None
    return ctx.s


def probes(state, seat):
    """A representative move for every clickable piece, to ask the engine why it is not legal."""
    player = state["players"][seat]
    found = {}
    stage = (state.get("turn") or {}).get("stage")
    if stage == "draft":
        for tile in state["draft"]["pool"]:
            found["pool:" + tile] = {"type": "draft", "tile": tile, "turns": 0}
        return found
    count = len(star_spaces(state))
    for index in range(count):
        steps_ahead = (index - player["architect"]) % count
        found["space:%d" % index] = {"type": "move", "steps": steps_ahead or count}
    for location in map_of(state)["order"]:
        found["loc:" + location] = {"type": "travel", "to": location}
    found["lot:" + player["carriage"]] = {"type": "build_new", "climb": 0}
    for slot in range(1, len(state["board"]) + 1):
        found["slot:%d" % slot] = {"type": "hire", "slot": slot, "dismiss": None}
    found["trust"] = {"type": "trust"}
    found["bonds"] = {"type": "redeem", "bonds": 1}
    found["palace"] = {"type": "palace"}
    for craftsman in player["craftsmen"]:
        found["crew:" + craftsman["tile"]] = {"type": "day", "workers": [craftsman["tile"]]}
    rooms = player["tavern"]
    for guild in rooms["entrance"] + rooms["dorm"]:
        found["room:" + guild] = {"type": "tavern", "guilds": [guild]}
    return found


def reasons(state, seat, entries, names):
    """{key: the engine's reason} for probed pieces that start no legal move now."""
    starting = set()
    for entry in entries:
        for step in entry["s"]:
            starting.update(step["set"] if isinstance(step, dict) else [step])
    out = {}
    for key, move in probes(state, seat).items():
        if key in starting:
            continue
        try:
            rules.apply(state, seat, move)
        except IllegalMove as refused:
            out[key] = render(refused.as_text(), names)
    return out
