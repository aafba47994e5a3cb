"""Queen's Architect: the engine's view as drawing data for templates/games/boards/queens_architect.html.

`board_context(game, seat, view, legal, step)` is the entry point (games.boards.context);
`build(view, names, me, flow=..., log=...)` is the pure part. Every number drawn comes from the
view or from the game's component edition; the view holds no hidden information (the supply,
unused track and demand tiles are counts there), so nothing drawn can leak it.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.queens_architect.common import edition, map_of
from engine.queens_architect.names import GUILD_NAMES, LOCATION_TYPE_NAMES, SPACE_NAMES
from games import boards
from games.presenters import player_names
from games.boards.queens_architect import drawing

# At least 3:1 against the panels (#f7f1e3); the seat marks tell them apart without colour.
COLOURS = ["#b3261e", "#1f5fa8", "#2e7d4f", "#8a5a00"]
SEAT_MARKS = ["●", "▲", "■", "◆"]
GUILD_COLOURS = {
    "glazier": "#4a9fd0", "stonemason": "#8c8c8c", "lumberjack": "#3f8f3a",
    "bricklayer": "#c4572b", "blacksmith": "#3a3a46", "tailor": "#9a4fb0",
}
TYPE_COLOURS = {"village": "#e3edcf", "monastery": "#efe2c4", "town": "#f2d6cc", "capital": "#f6e7a6"}
TYPE_STROKES = {"village": "#6d8a3c", "monastery": "#9a7b35", "town": "#a5553a", "capital": "#a48412"}


def colour(seat):
    return COLOURS[seat % len(COLOURS)]


def mark(seat):
    return SEAT_MARKS[seat % len(SEAT_MARKS)]


def board_context(game, seat, view, legal, step=None):
    """The template context of the board for `seat` (a Seat or None); `step`: a replay step."""
    from games.boards.queens_architect.flow import flow
    from games.boards.queens_architect.log import log_entries

    names = player_names(game)  # the seats the page read already
    position = None if seat is None else seat.position
    moves = [m["move"] if isinstance(m, dict) and "move" in m else m for m in legal or []]
    click_flow = flow(game.state, position, moves, names) if moves and step is None else None
    log = log_entries(game, names, until=step)
    qa = build(view, names, position, flow=click_flow, log=log)
    qa.update(game_id=game.pk, version=game.version if step is None else step, replay=step is not None)
    # The click flow draws every legal move, and the board draws its own log (games.boards.features).
    return {"qa": qa, "board_features": boards.features(
        flow=click_flow is not None, drawn=legal if click_flow is not None else (), own_log=True)}


def build(view, names, me, flow=None, log=None):
    ed = edition(view["data_edition"])
    board_map = map_of(view)
    turn = view.get("turn") or {}
    active = turn.get("seat")
    qa = {
        "me": me, "flow": flow, "log": log or [],
        "my_turn": flow is not None and me is not None and active == me,
        "over": view.get("phase") == "over",
        "phase": view.get("phase"),
        "round": view.get("round", 0),
        "active": active,
        "active_name": names.get(active, "") if active is not None else "",
        "stage": stage_text(view, turn),
        "map": map_drawing(view, ed, board_map, me),
        "black": black_board(view, ed),
        "track": track_drawing(view, ed, names),
        "pool": pool_drawing(view, ed),
        "players": [player_panel(view, ed, player, names, me, active) for player in ordered(view, me)],
        "score": score_rows(view, ed, names),
        "supply": view["supply"],
        "unused_demand": view["unused_demand"],
        "result": result_rows(view, names),
        "provisional": ed.id,
    }
    return qa


def ordered(view, me):
    """The reader's own panel first, then the others in turn order."""
    order = list(view.get("order") or range(len(view["players"])))
    if me in order:
        index = order.index(me)
        order = order[index:] + order[:index]
    return [view["players"][seat] for seat in order]


def stage_text(view, turn):
    stage = turn.get("stage")
    return {
        "draft": _("Choose a start craftsman from the pool."),
        "move": _("Move the architect 1 to 3 spaces on the action star."),
        "action": _("Carry out the action of the space, or decline it."),
        "lot_hire": _("The building lot grants a hire."),
        "done": _("End the turn (or undo)."),
    }.get(stage, "")


# --- craftsman tiles ----------------------------------------------------------------------------

def tile(ed, tile_id, uses, cx, cy, radius, inward, key=None, hammer=True):
    """A craftsman tile turned so that the corner working now (corners[6 - uses]) faces `inward`."""
    design = ed.design(tile_id)
    current = 6 - uses
    corners = []
    for index, value in enumerate(design["corners"]):
        angle = inward + 60 * (index - current)
        x, y = drawing.geometry.polar(cx, cy, radius * 0.63, angle)
        corners.append({"x": round(x, 1), "y": round(y, 1), "v": value,
                        "state": "now" if index == current else ("used" if index < current else "ahead")})
    hammer_x, hammer_y = drawing.geometry.polar(cx, cy, radius + 8, inward)
    guild = design["guild"]
    now = design["corners"][current]
    return {
        "id": tile_id, "cx": round(cx, 1), "cy": round(cy, 1), "r": radius,
        "points": drawing.hexagon(cx, cy, radius, inward + 30),
        "colour": GUILD_COLOURS[guild], "guild": guild, "corners": corners, "now": now, "uses": uses,
        "hammer": {"x": round(hammer_x, 1), "y": round(hammer_y, 1), "angle": round(inward + 90)} if hammer else None,
        "bag": design["bag"], "repair": design["repair"], "key": key or "",
        "scale": round(radius / 27, 3),
        "title": _("%(guild)s %(type)s (%(tile)s)") % {"guild": _(GUILD_NAMES[guild]), "type": design["type"],
                                                      "tile": tile_id},
        "text": tile_text(design, uses),
    }


def tile_text(design, uses):
    parts = [_("%(uses)d uses left, performance now %(now)d") % {"uses": uses, "now": design["corners"][6 - uses]},
             _("corners in working order: %(corners)s") % {"corners": " · ".join(map(str, design["corners"]))},
             _("repair value %(value)d") % {"value": design["repair"]}]
    if design["bag"]:
        parts.append(_("money bag (day labourer: 2 coins)"))
    return "; ".join(parts) + "."


# --- the map ------------------------------------------------------------------------------------

def map_drawing(view, ed, board_map, me):
    order = board_map["order"]
    ring = [location for location in order if board_map["locations"][location]["type"] != "capital"]
    centre, _radius, width, height = drawing.ring_layout(len(ring))
    positions = {"capital": (centre, centre)}
    for index, location in enumerate(ring):
        positions[location] = drawing.ring_position(index, len(ring))
    roads = []
    for first, neighbours in board_map["neighbours"].items():
        for second in neighbours:
            if first < second:
                (x1, y1), (x2, y2) = positions[first], positions[second]
                roads.append({"x1": round(x1, 1), "y1": round(y1, 1), "x2": round(x2, 1), "y2": round(y2, 1)})
    carriages = {}
    for player in view["players"]:
        carriages.setdefault(player["carriage"], []).append(player["seat"])
    places = []
    for location in order:
        record = board_map["locations"][location]
        spot = view["map"]["locations"][location]
        x, y = positions[location]
        capital = record["type"] == "capital"
        w, h = (118, 70) if capital else (width, height)
        demand = ed.demand[spot["demand"]] if spot["demand"] else None
        lots = []
        for index, owner in enumerate(spot["lots"]):
            lot = ed.data.LOTS[record["type"]][index]
            size = 14
            lx = x - (len(spot["lots"]) * (size + 4) - 4) / 2 + index * (size + 4)
            lots.append({"x": round(lx, 1), "y": round(y + 12, 1), "size": size, "minus": lot["minus"],
                         "coins": lot["coins"], "hire": lot["hire"],
                         "owner": owner, "colour": colour(owner) if owner is not None else "",
                         "mark": mark(owner) if owner is not None else ""})
        chips = []
        if demand:
            count = len(demand["guilds"])
            for index, guild in enumerate(demand["guilds"]):
                chips.append({"x": round(x - (count * 15 - 2) / 2 + index * 15, 1), "y": round(y - 9, 1),
                              "guild": guild, "colour": GUILD_COLOURS[guild]})
        seats_here = carriages.get(location, [])
        cars = [{"x": round(x - (len(seats_here) - 1) * 11 + 22 * index, 1), "y": round(y - h / 2 - 10, 1),
                 "colour": colour(seat), "mark": mark(seat), "seat": seat} for index, seat in enumerate(seats_here)]
        keys = ["loc:" + location]
        if me is not None and view["players"][me]["carriage"] == location and not capital:
            keys.append("lot:" + location)
        places.append({
            "id": location, "name": record["name"], "type": record["type"], "x": round(x, 1), "y": round(y, 1),
            "left": round(x - w / 2, 1), "top": round(y - h / 2, 1), "w": w, "h": h,
            "fill": TYPE_COLOURS[record["type"]], "stroke": TYPE_STROKES[record["type"]],
            "name_fit": drawing.fit(record["name"], 10.5, w - 8), "capital": capital,
            "chips": chips, "bonus": demand["bonus"] if demand else 0, "bonus_x": round(x + (len(chips) * 15) / 2 + 3, 1),
            "lots": lots, "cars": cars, "keys": " ".join(keys),
            "title": "%s (%s)" % (record["name"], _(LOCATION_TYPE_NAMES[record["type"]])),
            "text": place_text(ed, record, demand, spot),
        })
    return {"view_box": drawing.view_box(len(ring)), "roads": roads, "places": places}


def place_text(ed, record, demand, spot):
    if record["type"] == "capital":
        return _("Only the palace is built here.")
    guilds = ", ".join(_(GUILD_NAMES[guild]) for guild in demand["guilds"])
    lots = []
    for index, owner in enumerate(spot["lots"]):
        lot = ed.data.LOTS[record["type"]][index]
        words = _("lot %(n)d: minus %(minus)d") % {"n": index + 1, "minus": lot["minus"]}
        if lot["coins"]:
            words += ", " + _("%(coins)d coins") % {"coins": lot["coins"]}
        if lot["hire"]:
            words += ", " + _("a hire")
        if owner is not None:
            words += " (" + _("taken") + ")"
        lots.append(words)
    text = _("Demand: %(guilds)s; cap %(cap)d") % {"guilds": guilds, "cap": ed.data.CAPS[record["type"]]}
    if demand["bonus"]:
        text += "; " + _("bonus %(bonus)d") % {"bonus": demand["bonus"]}
    return text + ". " + "; ".join(lots) + "."


# --- black board, track, draft pool -------------------------------------------------------------

def black_board(view, ed):
    slots = []
    for index, tile_id in enumerate(view["board"]):
        record = ed.data.BLACK_BOARD["slots"][index]
        price = view["price_marker"] if record["price"] == "marker" else record["price"]
        uses = record["uses"]
        if index == 0 and view["options"]["top_slot_uses"] == "price":
            uses = view["price_marker"]
        x = 50 + 88 * index
        uses_text = ngettext("%(n)s use", "%(n)s uses", uses) % {"n": uses}
        slots.append({"slot": index + 1, "x": x, "price": price, "uses": uses, "key": "slot:%d" % (index + 1),
                      "uses_text": uses_text, "uses_fit": drawing.fit(uses_text, 11, 48),
                      "tile": tile(ed, tile_id, uses, x, 62, 30, -90) if tile_id else None})
    first = ed.data.BLACK_BOARD["price_marker"]
    fields = [{"value": value, "x": 30 + 22 * position, "here": value == view["price_marker"]}
              for position, value in enumerate(range(first["start"], first["cheapest"] - 1, -1))]
    return {"slots": slots, "fields": fields}


def track_drawing(view, ed, names):
    positions = []
    for index, tile_id in enumerate(view["track"]):
        positions.append({"n": index + 1, "x": 58 + 52 * index, "value": ed.track_tiles[tile_id], "id": tile_id})
    markers = []
    by_position = {}
    for player in view["players"]:
        by_position.setdefault(player["track_position"], []).append(player["seat"])
    for position, seats in by_position.items():
        x = 20 if position == 0 else 58 + 52 * (position - 1)
        for index, seat in enumerate(seats):
            markers.append({"x": x + 14, "y": 18 + 14 * index, "colour": colour(seat), "mark": mark(seat),
                            "seat": seat, "name": names.get(seat, "")})
    palace_x = 58 + 52 * len(view["track"]) + 14
    builders = [{"seat": p["seat"], "colour": colour(p["seat"]), "mark": mark(p["seat"]), "value": p["palace"],
                 "x": palace_x + 10 + 26 * index} for index, p in enumerate(q for q in view["players"]
                                                                     if q["palace"] is not None)]
    return {"positions": positions, "markers": markers, "palace_x": palace_x, "builders": builders,
            "width": palace_x + 120, "min": ed.data.PALACE["min_performance"]}


def pool_drawing(view, ed):
    pool = (view.get("draft") or {}).get("pool") or []
    if view.get("phase") != "draft" or not pool:
        return None
    tiles = [tile(ed, tile_id, 6, 40 + 72 * index, 44, 30, -90, key="pool:" + tile_id)
             for index, tile_id in enumerate(pool)]
    return {"tiles": tiles, "width": 72 * len(pool) + 8}


# --- players ------------------------------------------------------------------------------------

def player_panel(view, ed, player, names, me, active):
    seat = player["seat"]
    spaces = ed.data.STAR_ORDERS[view["options"]["star_order"]]["spaces"]
    is_me = seat == me
    star_spaces = []
    for index, space in enumerate(spaces):
        x, y = drawing.space_position(index, len(spaces))
        star_spaces.append({"index": index, "space": space, "name": _(SPACE_NAMES[space]), "x": round(x, 1),
                            "y": round(y, 1), "here": index == player["architect"],
                            "key": "space:%d" % index if is_me else ""})
    crew = []
    for craftsman in sorted(player["craftsmen"], key=lambda c: c["spot"]):
        x, y, inward = drawing.spot_position(craftsman["spot"])
        crew.append(tile(ed, craftsman["tile"], craftsman["uses"], x, y, drawing.TILE_RADIUS, inward,
                         key="crew:" + craftsman["tile"] if is_me else ""))
    architect = drawing.architect_position(player["architect"], len(spaces))
    rooms = player["tavern"]
    top = ed.data.TRUST["top"]
    return {
        "seat": seat, "name": names.get(seat, "?"), "colour": colour(seat), "mark": mark(seat), "is_me": is_me,
        "active": seat == active, "coins": player["coins"], "bonds": player["bonds"], "trust": player["trust"],
        "trust_fields": [{"value": value, "here": value == player["trust"]} for value in range(1, top + 1)],
        "cubes": player["cubes"], "performance": view["performance"][seat],
        "track_position": player["track_position"], "palace": player["palace"], "turns": player["turns"],
        "carriage": map_of(view)["locations"][player["carriage"]]["name"],
        "spaces": star_spaces, "outline": drawing.star_outline(), "crew": crew,
        "architect": {"x": round(architect[0], 1), "y": round(architect[1], 1)},
        "rooms": [
            {"name": _("Entrance"), "guilds": room_chips(rooms["entrance"], is_me)},
            {"name": _("Bar"), "guilds": room_chips(rooms["bar"], False)},
            {"name": _("Dormitory"), "guilds": room_chips(rooms["dorm"], is_me)},
        ],
        "keys": is_me,
    }


def room_chips(guilds, clickable):
    return [{"guild": guild, "name": _(GUILD_NAMES[guild]), "colour": GUILD_COLOURS[guild],
             "key": "room:" + guild if clickable else ""} for guild in guilds]


def score_rows(view, ed, names):
    track = ed.track_tiles
    rows = []
    for player in view["players"]:
        climbed = sum(track[tile] for tile in view["track"][:player["track_position"]])
        rows.append({"seat": player["seat"], "name": names.get(player["seat"], "?"), "colour": colour(player["seat"]),
                     "mark": mark(player["seat"]), "position": player["track_position"], "climbed": climbed,
                     "performance": view["performance"][player["seat"]], "palace": player["palace"],
                     "coins": player["coins"], "bonds": player["bonds"], "trust": player["trust"],
                     "buildings": ed.data.PLAYER_START["cubes"] - player["cubes"], "turns": player["turns"]})
    rows.sort(key=lambda row: (row["palace"] is None, -(row["palace"] or 0), -row["position"]))
    return rows


def result_rows(view, names):
    result = view.get("result")
    if not result:
        return None
    rows = []
    for place, entry in enumerate(result["ranking"], start=1):
        for seat in entry if isinstance(entry, list) else [entry]:
            rows.append({"place": place, "seat": seat, "name": names.get(seat, "?"), "colour": colour(seat),
                         "mark": mark(seat), "score": result["scores"][seat]})
    return {"rows": rows, "limit": result.get("ended_by_round_limit"), "rounds": result.get("rounds")}
