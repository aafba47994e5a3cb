"""Log lines of moves (engine.core.text dicts); `state` is the state before the move.

Every line names the player (`player` = seat number; the site shows the player's name),
the concrete things (tile, site, position, rotation, way of performing the action) and,
where the move changed them, the player's gains and payments, computed by applying the
move to the (copy-on-write) state. Arguments that must be translated are nested text
dicts (action, row, structure and resource names, technology/tile texts); ids (tile,
site, plaza, seal ids) are plain strings. docs/engine.md describes the convention.
"""

from engine.core.errors import IllegalMove
from engine.core.text import _, text
from engine.praga.common import edition, parse_atom

ACTION_NAMES = {
    "MINES": _("Manage Mines"), "QUARRIES": _("Manage Quarries"), "UPGRADE": _("Upgrade an Action"),
    "WALL": _("Construct a Wall"), "BUILDING": _("Construct a Building"), "ROAD": _("Build the King's Road"),
}
ROW_NAMES = {"upgrade": _("upgrade row"), "wall": _("wall row"), "building": _("building row")}
STRUCTURE_NAMES = {"hw": _("Hunger Wall"), "ca": _("Cathedral")}
TRACK_NAMES = {"mines": _("gold-mine track"), "quarries": _("quarry track")}
ROAD_SPACE_NAMES = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}

# (singular, plural) of a reward code; `{n}` is the amount
ATOM_TEXT = {
    "G": (_("{n} gold"), _("{n} gold")),
    "S": (_("{n} stone"), _("{n} stone")),
    "E": (_("{n} egg"), _("{n} eggs")),
    "SW": (_("{n} silver window"), _("{n} silver windows")),
    "GW": (_("{n} gold window"), _("{n} gold windows")),
    "VP": (_("{n} VP"), _("{n} VP")),
    "T": (_("{n} technology step"), _("{n} technology steps")),
    "U": (_("{n} University step"), _("{n} University steps")),
    "Q+": (_("+1 quarry"), _("+1 quarry")),
    "M+": (_("+1 gold mine"), _("+1 gold mine")),
    "HW": (_("a sideways step on the Hunger Wall"), _("a sideways step on the Hunger Wall")),
    "CA": (_("a sideways step on the Cathedral"), _("a sideways step on the Cathedral")),
    "RM": (_("{n} red marker"), _("{n} red markers")),
    "BM": (_("{n} blue marker"), _("{n} blue markers")),
    "mines": (_("{n} gold mine"), _("{n} gold mines")),
    "quarries": (_("{n} quarry"), _("{n} quarries")),
    "cubes": (_("{n} available cube"), _("{n} available cubes")),
}

# what `_changes` reports, in this order: (player key, reward code)
CHANGES = [("gold", "G"), ("stone", "S"), ("eggs", "E"), ("sw", "SW"), ("gw", "GW"), ("vp", "VP"),
           ("tech", "T"), ("uni", "U"), ("rm", "RM"), ("bm", "BM"), ("mines", "mines"),
           ("quarries", "quarries"), ("cubes", "cubes")]


def join(parts, last=None):
    """One text of several texts: 'a, b, c' (a msg of fields only is left untranslated)."""
    parts = [p for p in parts if p is not None]
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    names = ["p%d" % i for i in range(len(parts))]
    return text(", ".join("{%s}" % n for n in names), **dict(zip(names, parts)))


def atom_text(atom, sign=""):
    if isinstance(atom, dict):
        options = [reward_text(option) for option in atom["choice"]]
        return text(_("{a} or {b}"), a=options[0], b=join(options[1:]))
    n, code = parse_atom(atom)
    one, many = ATOM_TEXT[code]
    return text(one if n == 1 else many, n="%s%d" % (sign, n))


def reward_text(reward):
    """A reward list (data SCHEMA.md) as a text: '2 gold, 1 VP'; nothing -> 'nothing'."""
    return join([atom_text(a) for a in reward]) or text(_("nothing"))


def _amount(n, code):
    one, many = ATOM_TEXT[code]
    return text(one if abs(n) == 1 else many, n=("+%d" % n) if n > 0 else ("−%d" % -n))


def _changes(before, after, seat):
    """The player's gains and payments of a move (None if nothing changed)."""
    if after is None:
        return None
    a, b = before["players"][seat], after["players"][seat]
    parts = []
    for key, code in CHANGES:
        if b[key] != a[key]:
            parts.append(_amount(b[key] - a[key], code))
    return join(parts)


def _via(move):
    via = move.get("via") or "main"
    if via == "main":
        return text(_("main action"))
    if via == "extra":
        return text(_("extra action"))
    return text(_("with technology {tech}"), tech=via)


def _name(table, key):
    msg = table.get(key)
    return text(msg) if msg else str(key)


def _item(state, iid):
    turn = state.get("turn") or {}
    for item in turn.get("pending", []):
        if item["id"] == iid:
            return item
    return {}


def _record(records, rid):
    for rec in records:
        if rec["id"] == rid:
            return rec
    return {}


def _data_text(rec):
    return text(rec["text"]) if rec.get("text") else text(_("no text"))


def _cost_text(gold, stone):
    return reward_text((["%dG" % gold] if gold else []) + (["%dS" % stone] if stone else []))


def describe(move, state, seat=None, after=None):
    """The log line; `seat` is who moves (in Praga always the active seat). `after` is what
    `apply(state, seat, move)` returned, where the caller has it (the site's submit): the move
    is then not applied a second time for its gains and payments."""
    seat = state.get("active") if seat is None else seat
    line = _line(move, state, seat)
    if not isinstance(move, dict) or move.get("type") == "undo" or seat is None:
        return line
    if after is None:
        from engine.praga.moves import apply

        try:
            after = apply(state, seat, move)
        except IllegalMove:
            after = None
    changes = _changes(state, after, seat)
    if changes is None:
        return line
    return text("{line} ({changes})", line=line, changes=changes)


def _line(move, state, seat):
    ed = edition(state["edition"])
    t = move.get("type") if isinstance(move, dict) else None
    who = {"player": seat}
    pl = state["players"][seat] if seat is not None else {}
    if t == "undo":
        return text(_("{player} takes back a move."), **who)
    if t == "take":
        from engine.praga.wheel import action_tile, take_cost

        rec = action_tile(ed, state["options"]["action_side"], move["tile"]) or {}
        acts = [text(ACTION_NAMES[a]) for a in rec.get("actions", [])] or [text(_("nothing")), text(_("nothing"))]
        gold, vp = take_cost(state, ed, move["tile"]) if move["tile"] in state["wheel"]["at"] else (0, 0)
        args = dict(tile=move["tile"], first=acts[0], second=acts[-1], **who)
        if gold:
            return text(_("{player} takes action tile {tile} ({first} / {second}) and pays {gold} gold."),
                        gold=gold, **args)
        if vp:
            return text(_("{player} takes action tile {tile} ({first} / {second}) and gains {vp} VP."),
                        vp=vp, **args)
        return text(_("{player} takes action tile {tile} ({first} / {second})."), **args)
    if t == "wheel_bonus":
        wb = (state.get("turn") or {}).get("wheel_bonus") or {}
        if wb.get("kind") == "gain":
            return text(_("{player} uses the wheel bonus: {reward}."), reward=reward_text(wb["reward"]), **who)
        res = wb.get("pay", "gold")
        return text(_("{player} uses the wheel bonus: buys 1 egg for {cost}."),
                    cost=reward_text(["1G" if res == "gold" else "1S"]), **who)
    if t == "special_vp":
        sp = (state.get("turn") or {}).get("special") or {}
        return text(_("{player} takes {vp} VP instead of a special tile."), vp=sp.get("vp", 0), **who)
    if t == "refresh":
        row = move["row"]
        tiles = [state["rows"].get(row, [None] * 4)[s] for s in move["slots"] if 0 <= s < 4]
        return text(_("{player} pays {cost} and replaces tiles {tiles} of the {row}."),
                    cost=reward_text(["1G" if move["pay"] == "gold" else "1S"]),
                    tiles=", ".join(str(x) for x in tiles), row=_name(ROW_NAMES, row), **who)
    if t == "refill":
        return text(_("{player} refills the {row}."), row=_name(ROW_NAMES, move["row"]), **who)
    if t == "buy_extra":
        if move["pay"] == "gold":
            return text(_("{player} buys an extra action with 2 gold windows."), **who)
        return text(_("{player} buys an extra action with 1 gold window and 1 silver window."), **who)
    if t in ("mines", "quarries"):
        via = _via(move)
        if t == "mines":
            if move["option"] == "increase":
                return text(_("{player}: Manage Mines ({via}), one gold mine more."), via=via, **who)
            return text(_("{player}: Manage Mines ({via}), produces gold."), via=via, **who)
        if move["option"] == "increase":
            return text(_("{player}: Manage Quarries ({via}), one quarry more."), via=via, **who)
        return text(_("{player}: Manage Quarries ({via}), produces stone."), via=via, **who)
    if t == "upgrade":
        tile = state["rows"]["upgrade"][move["slot"]] if 0 <= move["slot"] < 4 else None
        rec = ed.TILES.get(tile) or {}
        return text(_("{player}: Upgrade an Action ({via}), places {tile} on {action}, rotation {rotation}."),
                    via=_via(move), tile=str(tile), action=_name(ACTION_NAMES, rec.get("action")),
                    rotation=move["rotation"], **who)
    if t == "wall":
        from engine.praga.wall import wall_cost

        tile = state["rows"]["wall"][move["slot"]] if 0 <= move["slot"] < 4 else None
        rec = ed.TILES.get(tile) or {}
        cost = _cost_text(*wall_cost(rec, move.get("via"))) if rec else text(_("nothing"))
        q, r = move["position"]
        return text(_("{player}: Construct a Wall ({via}), places {tile} at ({q}, {r}), rotation {rotation}, "
                      "for {cost}."), via=_via(move), tile=str(tile), q=q, r=r, rotation=move["rotation"],
                    cost=cost, **who)
    if t == "building":
        from engine.praga.building import building_cost
        from engine.praga.city import city

        tile = state["rows"]["building"][move["slot"]] if 0 <= move["slot"] < 4 else None
        rec = ed.TILES.get(tile) or {}
        site = city(ed)["sites"].get(move["site"]) or {}
        cost = _cost_text(*building_cost(rec, site, move.get("via"))) if rec and site else text(_("nothing"))
        args = dict(via=_via(move), tile=str(tile), site=move["site"], rotation=move["rotation"], cost=cost, **who)
        if move["cube"]:
            return text(_("{player}: Construct a Building ({via}), places {tile} on site {site}, rotation "
                          "{rotation}, for {cost}, and puts a cube on it."), **args)
        return text(_("{player}: Construct a Building ({via}), places {tile} on site {site}, rotation "
                      "{rotation}, for {cost}."), **args)
    if t == "road":
        space = ROAD_SPACE_NAMES.get(pl.get("road", 0) + 1, "?")
        return text(_("{player}: Build the King's Road ({via}), the pawn moves to space {space}."),
                    via=_via(move), space=space, **who)
    if t == "climb":
        return text(_("{player} climbs one row up the {structure} with 2 silver windows."),
                    structure=_name(STRUCTURE_NAMES, move["structure"]), **who)
    if t == "side":
        item = _item(state, move["item"])
        return text(_("{player} takes a sideways step on the {structure}."),
                    structure=_name(STRUCTURE_NAMES, item.get("structure")), **who)
    if t == "arrow":
        item = _item(state, move["item"])
        st = _name(STRUCTURE_NAMES, item.get("structure"))
        if move["pay"]:
            return text(_("{player} follows the arrow up the {structure}."), structure=st, **who)
        return text(_("{player} does not follow the arrow up the {structure}."), structure=st, **who)
    if t == "choose":
        item = _item(state, move["item"])
        options = item.get("options") or []
        chosen = options[move["option"]] if 0 <= move["option"] < len(options) else []
        return text(_("{player} chooses {reward}."), reward=reward_text(chosen), **who)
    if t == "tech":
        rec = _record(ed.TECHNOLOGIES, move["tech"])
        return text(_("{player} takes technology {tech}: {text}"), tech=move["tech"], text=_data_text(rec), **who)
    if t == "use_tech":
        rec = _record(ed.TECHNOLOGIES, move["tech"])
        if move.get("structure"):
            return text(_("{player} uses technology {tech} on the {structure}: {text}"), tech=move["tech"],
                        structure=_name(STRUCTURE_NAMES, move["structure"]), text=_data_text(rec), **who)
        if move.get("plaza"):
            return text(_("{player} uses technology {tech} for plaza {plaza}: {text}"), tech=move["tech"],
                        plaza=move["plaza"], text=_data_text(rec), **who)
        if move.get("track"):
            return text(_("{player} uses technology {tech} ({increase} up, produces on the {produce}): {text}"),
                        tech=move["tech"], increase=_name(TRACK_NAMES, move["track"]),
                        produce=_name(TRACK_NAMES, move.get("produce")), text=_data_text(rec), **who)
        return text(_("{player} uses technology {tech}: {text}"), tech=move["tech"], text=_data_text(rec), **who)
    if t == "token":
        item = _item(state, move["item"])
        rec = _record(ed.PRODUCTION_TOKENS, move["token"])
        return text(_("{player} takes production token {token} ({reward}) for the {track}."),
                    token=move["token"], reward=reward_text(rec.get("reward") or []),
                    track=_name(TRACK_NAMES, item.get("track")), **who)
    if t == "bridge":
        rec = _record(ed.BRIDGE_TILES, move["tile"])
        if move.get("space") is None:
            return text(_("{player} keeps bridge tile {tile}: {text}"), tile=move["tile"], text=_data_text(rec),
                        **who)
        return text(_("{player} keeps bridge tile {tile} and lays a plank on bridge spaces {a} and {b}: {text}"),
                    tile=move["tile"], a=move["space"] + 1, b=move["space"] + 2, text=_data_text(rec), **who)
    if t == "cathedral_v":
        rec = _record(ed.BRIDGE_TILES, move["tile"])
        return text(_("{player} takes tile {tile} at the Cathedral: {text}"), tile=move["tile"],
                    text=_data_text(rec), **who)
    if t == "road_effect":
        from engine.praga.actions import road_effect

        item = _item(state, move["item"])
        space = item.get("space", "?")
        if item.get("kind") == "road_egg":
            rec = ed.ROAD["base"].get(space, {}).get("egg", {})
            return text(_("{player} pays 1 egg for the effect of King's Road space {space}: {text}"),
                        space=space, text=_data_text(rec), **who)
        rec = road_effect(state, ed, space) if space in ("I", "II", "III") else {}
        return text(_("{player} uses the effect of King's Road space {space}: {text}"), space=space,
                    text=_data_text(rec), **who)
    if t == "plaza_reward":
        from engine.praga.plazas import plaza_side

        item = _item(state, move["item"])
        pid = item.get("plaza")
        top = plaza_side(state, ed, pid)["top"] if pid in state.get("plazas", {}) else [[], []]
        if move.get("choice") is None:
            return text(_("{player} receives both rewards of plaza {plaza}: {a} and {b}."), plaza=str(pid),
                        a=reward_text(top[0]), b=reward_text(top[1]), **who)
        return text(_("{player} chooses the reward {reward} of plaza {plaza}."), plaza=str(pid),
                    reward=reward_text(top[move["choice"]] if move["choice"] in (0, 1) else []), **who)
    if t == "retro":
        item = _item(state, move["item"])
        rec = ed.TILES.get(item.get("tile")) or {}
        return text(_("{player} takes the bonus of the new upgrade {tile} for an earlier action: {reward}."),
                    tile=str(item.get("tile")), reward=reward_text(rec.get("centre") or []), **who)
    if t == "seal":
        rec = _record(ed.SEALS, move["seal"])
        return text(_("{player} claims seal {seal}: {text}"), seal=move["seal"], text=_data_text(rec), **who)
    if t == "end_turn":
        keep = move.get("keep")
        if keep:
            return text(_("{player} ends the turn and keeps {sw} silver and {gw} gold windows."),
                        sw=keep["sw"], gw=keep["gw"], **who)
        if (state.get("turn") or {}).get("bonus_only"):
            return text(_("{player} ends the bonus turn."), **who)
        return text(_("{player} ends the turn."), **who)
    return text(_("{player}: {move}."), move=str(t), **who)
