"""The Praga log with icons, what each step changed (for highlighting), and the
points of every player round by round (for the end-of-game chart).
"""

from games.boards.log_events import with_events
from games.text import render

# Each move type's icon: a <symbol> id of templates/games/boards/praga/_defs.html.
ICON = {
    "take": "i-take", "mines": "a-mines", "quarries": "a-quarries", "upgrade": "a-upgrade", "wall": "a-wall",
    "building": "a-building", "road": "a-road", "climb": "pi-hw", "side": "pi-hw", "arrow": "pi-hw",
    "seal": "pi-seal", "tech": "pi-tech", "use_tech": "pi-tech", "token": "pi-mine", "bridge": "i-bridge",
    "cathedral_v": "pi-ca", "plaza_reward": "i-plaza", "wheel_bonus": "i-wheel", "special_vp": "pi-vp",
    "buy_extra": "pi-gw", "refresh": "i-refresh", "refill": "i-refresh", "end_turn": "i-end", "undo": "i-undo",
    "choose": "i-choice", "road_effect": "a-road", "retro": "a-upgrade",
}
STRUCTURE_ICON = {"hw": "pi-hw", "ca": "pi-ca", "Hunger Wall": "pi-hw", "Cathedral": "pi-ca"}


def icon(move, text=None):
    """The icon of a logged move; a step on the Hunger Wall or the Cathedral shows which one."""
    t = move.get("type") if isinstance(move, dict) else None
    if t == "climb":
        return STRUCTURE_ICON.get(move.get("structure"), ICON[t])
    if t in ("side", "arrow"):
        structure = ((text or {}).get("args") or {}).get("structure") if isinstance(text, dict) else None
        name = structure.get("msg") if isinstance(structure, dict) else structure
        return STRUCTURE_ICON.get(name, ICON[t])
    return ICON.get(t, "i-dot")


def _arg(text, name):
    """The first value of arg `name` in a (possibly nested) log text."""
    if not isinstance(text, dict):
        return None
    args = text.get("args") or {}
    if name in args and not isinstance(args[name], dict):
        return args[name]
    for value in args.values():
        found = _arg(value, name)
        if found is not None:
            return found
    return None


def _upgraded_action(text, edition_id):
    tile = _arg(text, "tile")
    if not tile or not edition_id:
        return None
    from engine.praga.data import edition

    try:
        return (edition(edition_id).TILES.get(str(tile)) or {}).get("action")
    except Exception:  # an unknown edition: fall back to the whole board
        return None


def targets(seat, move, text=None, edition_id=None):
    """`data-h` keys of the board elements a move changed (the exact piece where known)."""
    t = move.get("type")
    p = "p%d" % seat
    out = [p + ":panel"]
    if t == "upgrade":
        action = _upgraded_action(text, edition_id)
        out.append("%s:act:%s" % (p, action) if action else p + ":board")
        return out
    if t == "tech" or t == "use_tech":
        out.append("%s:tech:%s" % (p, move["tech"]))
        return out
    if t == "cathedral_v":
        out.append("%s:vtile:%s" % (p, move["tile"]))
        return out
    if t == "bridge":
        out.append("%s:vtile:%s" % (p, move["tile"]))
    if t == "plaza_reward":
        plaza = _arg(text, "plaza")
        if plaza:
            out.append("plaza:%s" % plaza)
        return out
    if t == "take":
        out.append("wheel:%s" % move["tile"])
    elif t == "building":
        out.append("site:%s" % move["site"])
    elif t == "wall":
        out.append("%s:wpos:%d,%d" % (p, move["position"][0], move["position"][1]))
    elif t == "upgrade":
        out.append(p + ":board")
    elif t in ("mines", "quarries"):
        out.append("%s:track:%s" % (p, t))
    elif t in ("road", "road_effect"):
        out.append("%s:road" % p)
    elif t in ("climb", "side", "arrow"):
        out.append("%s:cube:%s" % (p, move.get("structure", "hw")))
        out.append("%s:cube:ca" % p)
    elif t == "seal":
        out.append("seal:%s" % move["seal"])
    elif t == "bridge" and move.get("space") is not None:
        out.append("plank:%d" % move["space"])
    elif t in ("tech", "use_tech"):
        out.append(p + ":techs")
    elif t in ("refresh", "refill"):
        out.append("row:%s" % move["row"])
    elif t == "token":
        out.append(p + ":tracks")
    return out


def log_entries(game, names, view, until=None):
    """The last 40 steps, newest first: {seq, seat, colour, icon, text, keys}.

    Timeouts, drops and cancellations (`GameEvent`) stand right above the move they
    followed, so the board's log is the whole game log."""
    from games import move_log
    from games.boards.praga.board import colour, seat_mark

    out = []
    for seq, seat, payload, text, _request_id, _at in move_log.newest(game, 40, until=until):
        t = payload.get("type") if isinstance(payload, dict) else None
        out.append({
            "seq": seq, "seat": seat, "colour": colour(seat), "mark": seat_mark(seat), "icon": icon(payload, text),
            "text": render(text, names),
            "keys": " ".join(targets(seat, payload, text, view.get("edition"))) if t and isinstance(seat, int) else "",
        })
    return with_events(game, names, out, 40, until, icon="i-clock")


def points_by_round(game):
    """{"series": [{seat, colour, points: "x,y ..."}], ...}: VP after each round, then the final total."""
    from games.optional_cache import cached

    # the generator state tells apart games that reuse an id (e.g. test databases)
    key = "praga-chart:%d:%d:%s" % (game.pk, game.version, game.state.get("rng"))
    return cached(key, 3600, lambda: _points_by_round(game))


def _points_by_round(game):
    from games import replays
    from games.boards.praga.board import colour

    per_round = []
    last_round = 0
    state = None
    for state in replays.states(game):
        n = len(state["players"])
        slots = 2 if state["players_count"] == 1 else n
        done = state["turn_no"] // slots
        if done > last_round:
            last_round = done
            per_round.append([p["vp"] for p in state["players"]])
    if state is None:
        return None
    finals = (state.get("result") or {}).get("scores")
    if finals:
        per_round.append(finals)
    return _chart(per_round, len(state["players"]), colour)


def _chart(per_round, players, colour):
    width, height, left, bottom = 560, 240, 40, 28
    top = max([max(r) for r in per_round] + [10])
    top = (top // 20 + 1) * 20
    n = max(len(per_round), 2)

    def x(i):
        return round(left + (width - left - 12) * i / (n - 1), 1)

    def y(v):
        return round(height - bottom - (height - bottom - 12) * v / top, 1)

    series = []
    for s in range(players):
        pts = " ".join("%s,%s" % (x(i), y(r[s])) for i, r in enumerate(per_round))
        series.append({"seat": s, "colour": colour(s), "points": pts,
                       "last_x": x(len(per_round) - 1), "last_y": y(per_round[-1][s]), "last": per_round[-1][s]})
    grid = [{"v": v, "y": y(v)} for v in range(0, top + 1, 20)]
    ticks = [{"label": str(i + 1) if i < n - 1 or len(per_round) <= 16 else "★", "x": x(i)}
             for i in range(len(per_round))]
    return {"series": series, "grid": grid, "ticks": ticks, "width": width, "height": height,
            "left": left, "bottom": height - bottom}
