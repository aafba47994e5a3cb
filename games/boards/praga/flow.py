"""Click flows: each legal move as the sequence of clicks that picks it.

A move becomes a list of step keys. A key either names a thing on the board
(`wheel:AT3`, `row:building:2`, `site:PL01-NE`, `wpos:2,-1`, `seal:SEAL-6`, ...) whose
SVG element carries it in `data-k`, or a button of the prompt bar (`via:extra`,
`cube:1`, `opt:produce`, ...) whose label is in `labels`. The page's script keeps the
moves whose keys include every click so far and highlights the next keys of those
moves: what is highlighted is always derived from `legal_moves`, never from rules.
"""

from django.utils.translation import gettext as _

from engine.praga import apply as engine_apply
from engine.praga.data import edition
from games.boards.praga import icons
from games.boards.reasons import refusals
from games.boards.praga import tiles

# Types whose last click shows a Confirm button (a placement to check) instead of submitting.
CONFIRM = ["upgrade", "wall", "building", "bridge", "refresh", "end_turn"]
# Keys drawn as buttons of the prompt bar (all others are board elements).
BUTTONS = ["btn", "via", "bonus", "opt", "pay", "cube", "keep", "choose", "road", "plaza", "pchoice", "retro",
           "arrow", "side", "struct", "track", "produce", "act", "usetech", "refill", "refresh",
           "tech", "bt", "cv", "token"]
ROW_ACTION = {"upgrade": "UPGRADE", "wall": "WALL", "building": "BUILDING"}
ROW_ACTION_KEYS = {"UPGRADE": "row:upgrade", "WALL": "row:wall", "BUILDING": "row:building"}


def steps(move):
    """The click keys of a legal move, in the order they are asked for."""
    t = move.get("type")
    via = ["via:%s" % move["via"]] if "via" in move else []
    bonus = ["bonus:%s" % move["bonus"]] if move.get("bonus") else []
    if t == "take":
        return ["wheel:%s" % move["tile"]]
    if t in ("mines", "quarries"):
        return ["act:%s" % t.upper()] + via + bonus + ["opt:%s:%s" % (move["option"], t)]
    if t == "road":
        return ["act:ROAD"] + via + bonus
    if t == "upgrade":
        return ["act:UPGRADE", "row:upgrade:%d" % move["slot"]] + via + bonus + ["rot:%d" % move["rotation"]]
    if t == "wall":
        return (["act:WALL", "row:wall:%d" % move["slot"], "wpos:%d,%d" % tuple(move["position"])] + via + bonus
                + ["rot:%d" % move["rotation"]])
    if t == "building":
        return (["act:BUILDING", "row:building:%d" % move["slot"], "site:%s" % move["site"]] + via + bonus
                + ["cube:%d" % int(move["cube"]), "rot:%d" % move["rotation"]])
    if t == "refresh":
        a, b = move["slots"]
        return ["btn:refresh", "refresh:%s" % move["row"], "rslot:%s:%d" % (move["row"], a), "rslot:%s:%d" % (move["row"], b),
                "pay:%s" % move["pay"]]
    if t == "refill":
        return ["refill:%s" % move["row"]]
    if t == "buy_extra":
        return ["btn:buy_extra", "pay:%s" % move["pay"]]
    if t in ("wheel_bonus", "special_vp", "undo"):
        return ["btn:%s" % t]
    if t == "climb":
        return ["climb:%s" % move["structure"]]
    if t == "seal":
        return ["seal:%s" % move["seal"]]
    if t == "side":
        return ["side:%d" % move["item"]]
    if t == "arrow":
        return ["arrow:%d:%d" % (move["item"], int(move["pay"]))]
    if t == "choose":
        return ["choose:%d:%d" % (move["item"], move["option"])]
    if t == "tech":
        return ["tech:%d:%s" % (move["item"], move["tech"])]
    if t == "token":
        return ["token:%s" % move["token"]]
    if t == "bridge":
        space = move.get("space")
        return ["bt:%d:%s" % (move["item"], move["tile"]), "plank:%s" % ("none" if space is None else space)]
    if t == "cathedral_v":
        return ["cv:%d:%s" % (move["item"], move["tile"])]
    if t == "road_effect":
        return ["road:%d" % move["item"]]
    if t == "plaza_reward":
        out = ["plaza:%d" % move["item"]]
        if move.get("choice") is not None:
            out.append("pchoice:%d:%d" % (move["item"], move["choice"]))
        return out
    if t == "retro":
        return ["retro:%d" % move["item"]]
    if t == "use_tech":
        out = ["usetech:%s" % move["tech"]]
        for field in ("structure", "plaza", "track", "produce"):
            if move.get(field) is not None:
                # the plaza of a technology is clicked on the board (its hex carries plazahex:<id>)
                out.append("%s:%s" % ({"structure": "struct", "plaza": "plazahex"}.get(field, field), move[field]))
        return out
    if t == "end_turn":
        keep = move.get("keep")
        return ["btn:end_turn"] + (["keep:%d-%d" % (keep["sw"], keep["gw"])] if keep else [])
    return ["btn:%s" % t]


def optional_lead(move):
    """How many leading keys may be skipped (the action of a row tile is implied by the tile)."""
    return 1 if move.get("type") in ROW_ACTION else 0


def flow(view, ed, moves, reasons):
    entries = []
    keys = set()
    for move in moves:
        s = steps(move)
        keys.update(s)
        entries.append({"m": move, "s": s, "o": optional_lead(move)})
    return {
        "moves": entries,
        "labels": {k: label(view, ed, k) for k in sorted(keys) if k.split(":", 1)[0] in BUTTONS or k.startswith("wheel:")},
        "art": {k: a for k in sorted(keys) if k.split(":", 1)[0] in ART for a in [art(view, ed, k)] if a},
        "reasons": reasons,
        "places": {k: place(k) for k in sorted({place_key(k) for k in keys} | ({"row"} & {k.split(":")[0] for k in keys}))
                   if place(k)},
        "confirm": CONFIRM,
        "buttons": BUTTONS,
        "turn_buttons": TURN_BUTTONS,
    }


# Buttons of the whole turn (not of the current step): drawn apart from the step's choices.
TURN_BUTTONS = ["btn:buy_extra", "btn:wheel_bonus", "btn:special_vp", "btn:undo", "btn:end_turn", "btn:refresh"]


def place_key(key):
    """The key's place on the board: its kind, and for the display rows also the row."""
    parts = key.split(":")
    return ":".join(parts[:2]) if parts[0] in ("row", "rslot") else parts[0]


def place(key):
    """Where the board pieces of a key are, said as the prompt's instruction (None for buttons)."""
    rows = {"upgrade": _("upgrade"), "wall": _("wall"), "building": _("building")}
    parts = key.split(":")
    kind = parts[0]
    if kind == "wheel":
        return _("Take an action tile from the crane wheel.")
    if kind == "act":
        return _("Choose the action: on the action tile in this bar, or its hex on your action board.")
    if kind == "row" and len(parts) == 1:  # tiles of several rows
        return _("Take a tile from a row of the display.")
    if kind == "row":
        return _("Take a tile from the %s row of the display.") % rows.get(parts[1], parts[1])
    if kind == "rslot":
        return _("Choose two tiles of the %s row of the display.") % rows.get(parts[1], parts[1])
    if kind == "site":
        return _("Choose a building site in the city.")
    if kind == "wpos":
        return _("Choose a wall space around your action board.")
    if kind == "climb":
        return _("Climb a row of the Hunger Wall or the Cathedral (below the display).")
    if kind == "seal":
        return _("Take a seal (beside the Cathedral).")
    if kind == "plank":
        return _("Choose where the plank goes on the Charles Bridge (below the city).")
    if kind == "plazahex":
        return _("Choose a plaza in the city.")
    if kind == "opt":
        return _("Choose below how to use the action.")
    if kind == "token":
        return _("Choose a production token: below, or in the river by the city.")
    return None


def _pending(view, item_id):
    for item in (view.get("turn") or {}).get("pending", []):
        if item["id"] == item_id:
            return item
    return None


def label(view, ed, key):
    """The button text of a key, in the reader's language."""
    parts = key.split(":")
    kind = parts[0]
    eid = view["edition"]
    if kind == "btn":
        return {
            "buy_extra": _("Buy an extra action"), "wheel_bonus": _("Use the wheel bonus"),
            "special_vp": _("Take the VP instead of a special tile"), "undo": _("Undo"),
            "end_turn": _("End the turn"), "refresh": _("Refresh a row (1 gold or 1 stone)"),
        }.get(parts[1], parts[1])
    if kind == "act":
        return tiles.action_name(parts[1])
    if kind == "via":
        v = parts[1]
        if v == "main":
            return _("as main action")
        if v == "extra":
            return _("as extra action")
        return _("with technology %s") % v
    if kind == "bonus":
        return _("old upgrade bonus") if parts[1] == "old" else _("new upgrade bonus")
    if kind == "opt":
        return option_label(view, parts[1], parts[2] if len(parts) > 2 else "mines")
    if kind == "pay":
        return {"gold": _("pay gold"), "stone": _("pay stone"), "mixed": _("1 gold + 1 silver window")}.get(
            parts[1], parts[1]) if parts[1] != "gold" or True else ""
    if kind == "cube":
        return _("place a cube") if parts[1] == "1" else _("no cube")
    if kind == "keep":
        sw, gw = parts[1].split("-")
        return _("keep %(sw)s silver, %(gw)s gold windows") % {"sw": sw, "gw": gw}
    if kind == "choose":
        item = _pending(view, int(parts[1]))
        if item and item.get("options"):
            return icons.words(item["options"][int(parts[2])])
        return parts[2]
    if kind == "road":
        item = _pending(view, int(parts[1]))
        if item:
            space = item["space"]
            if item["kind"] == "road_egg":
                return _("Pay 1 egg: %s") % _(ed.ROAD["base"][space]["egg"]["text"])
            choice = view["options"]["road_" + space]
            eff = ed.ROAD["base"][space]["free"] if choice == "base" else ed.ROAD["variants"][space][choice]
            return _(eff["text"])
        return key
    if kind == "plaza":
        item = _pending(view, int(parts[1]))
        if item:
            state = view["plazas"][item["plaza"]]
            pt = tiles.plaza_tile(eid, state["tile"], state["side"])
            return _("Plaza %(plaza)s reward") % {"plaza": item["plaza"]} + (
                " (%s)" % _("both") if item.get("both") else "") + (" — " + pt["id"] if pt else "")
        return key
    if kind == "pchoice":
        item = _pending(view, int(parts[1]))
        if item:
            state = view["plazas"][item["plaza"]]
            top = ed_plaza_top(ed, state["tile"], state["side"])
            return icons.words(top[int(parts[2])])
        return key
    if kind == "retro":
        return _("Take the new bonus for the earlier action")
    if kind == "arrow":
        return _("pay and move up") if parts[2] == "1" else _("stay")
    if kind == "side":
        item = _pending(view, int(parts[1]))
        structure = item and item.get("structure")
        return _("Step sideways on the Hunger Wall") if structure == "hw" else _("Step sideways on the Cathedral")
    if kind == "struct":
        return _("Hunger Wall") if parts[1] == "hw" else _("Cathedral")
    if kind == "track":
        return _("+1 gold mine") if parts[1] == "mines" else _("+1 quarry")
    if kind == "produce":
        return _("produce gold") if parts[1] == "mines" else _("produce stone")
    if kind == "usetech":
        return _("Use technology %s") % parts[1]
    if kind == "refill":
        return _("Refill the %s row") % _row_name(parts[1])
    if kind == "refresh":
        return _("Refresh 2 tiles of the %s row") % _row_name(parts[1])
    if kind == "wheel":
        return _("Take action tile %s") % parts[1]
    if kind == "tech":
        t = tiles.technology(eid, parts[2])
        return "%s (%s): %s" % (t["id"], t["roman"], t["text"])
    if kind in ("bt", "cv"):
        t = tiles.bridge_tile(eid, parts[2])
        return "%s: %s" % (t["id"], t["text"])
    if kind == "token":
        t = tiles.production_token(eid, parts[1])
        return t["text"]
    return key


# Choices drawn as pieces (SVG cards) in the prompt instead of text buttons.
ART = ["tech", "bt", "cv", "token", "pchoice", "choose"]
CARD = ('<svg class="pg-card-svg" viewBox="0 0 72 48" aria-hidden="true"><rect x="1.5" y="1.5" width="69" '
        'height="45" rx="6" class="pg-card pg-card-%s"/>%s</svg>')


def art(view, ed, key):
    """{svg, title, text} of a choice key drawn as a piece; None for plain buttons."""
    from django.utils.html import escape

    parts = key.split(":")
    kind = parts[0]
    eid = view["edition"]
    try:
        if kind == "tech":
            t = tiles.technology(eid, parts[2])
            body = ('<use href="#pi-tech" x="6" y="6" width="16" height="16"/>'
                    '<text x="58" y="14" class="pg-card-roman">%s</text>'
                    '<text x="36" y="35" class="pg-card-id">%s</text>') % (t["roman"], escape(t["id"]))
            return {"svg": CARD % ("tech" + (" pg-card-oneshot" if t["one_shot"] else ""), body),
                    "title": t["title"], "text": "%s\n%s" % (t["text"], t["kind"])}
        if kind in ("bt", "cv"):
            t = tiles.bridge_tile(eid, parts[2])
            metal = "v" if str(t["kind"]).upper().startswith("V") or kind == "cv" else "iv"
            body = ('<use href="#i-bridge" x="6" y="6" width="18" height="18"/>'
                    '<text x="58" y="14" class="pg-card-roman">%s</text>'
                    '<text x="36" y="35" class="pg-card-id">%s</text>') % ("V" if metal == "v" else "IV", escape(t["id"]))
            return {"svg": CARD % (metal, body), "title": t["title"], "text": t["text"]}
        if kind == "token":
            t = tiles.production_token(eid, parts[1])
            reward = next(r["reward"] for r in ed.PRODUCTION_TOKENS if r["id"] == parts[1])
            body = '<circle cx="36" cy="24" r="20" class="pg-ptoken-disc"/><g transform="translate(36,24)">%s</g>' % (
                icons.row(reward, size=17)["svg"])
            return {"svg": CARD % ("token", body), "title": t["title"], "text": t["text"],
                    "caption": icons.words(reward)}
        if kind in ("pchoice", "choose"):
            item = _pending(view, int(parts[1]))
            if not item:
                return None
            if kind == "pchoice":
                state = view["plazas"][item["plaza"]]
                reward = ed_plaza_top(ed, state["tile"], state["side"])[int(parts[2])]
                title = _("Plaza %(plaza)s reward") % {"plaza": item["plaza"]}
            else:
                reward = item["options"][int(parts[2])]
                title = _("Your choice")
            row = icons.row(reward, size=15)
            body = '<g transform="translate(36,24)">%s</g>' % row["svg"]
            return {"svg": CARD % ("reward", body), "title": title, "text": icons.words(reward),
                    "caption": icons.words(reward)}
    except (KeyError, IndexError, ValueError, TypeError):
        return None
    return None


def option_label(view, option, track):
    """The two ways to use a Mines or Quarries action, with what each gives now."""
    if option == "increase":
        return (_("Extend the gold mines: +1 space and 1 gold") if track == "mines"
                else _("Extend the quarries: +1 space and 1 stone"))
    seat = view.get("seat")
    players = view.get("players") or []
    count = players[seat][track] - 1 if seat is not None and seat < len(players) else 0
    if track == "mines":
        return _("Produce: %d gold, plus the bonuses left of your cube") % count
    return _("Produce: %d stone, plus the bonuses left of your cube") % count


def _row_name(row):
    return {"upgrade": _("upgrade"), "wall": _("wall"), "building": _("building")}.get(row, row)


def ed_plaza_top(ed, tile_id, side):
    for rec in ed.PLAZA_TILES:
        if rec["id"] == tile_id:
            return rec["sides"][side]["top"]
    return [[], []]


# ------------------------------------------------------------------ why not?

def reasons_for(state, seat, legal):
    """The engine's reason for board things the player might click but may not use now.

    Only for things that are one click (wheel tiles, seals, climbing, the row tiles,
    the simple actions, ending the turn); each is tried on the engine, which never
    changes the state it is given.
    """
    from engine.praga.moves import to_act

    if seat is None or seat not in to_act(state):
        return {}
    legal_keys = set()
    for m in legal:
        legal_keys.update(steps(m))
    ed = edition(state["edition"])
    probes = {}
    for tid in sorted(state["wheel"]["at"]):
        probes["wheel:%s" % tid] = {"type": "take", "tile": tid}
    for sid in state["seals"]:
        probes["seal:%s" % sid] = {"type": "seal", "seal": sid}
    for st in ("hw", "ca"):
        probes["climb:%s" % st] = {"type": "climb", "structure": st}
    via = "main" if (state["turn"] or {}).get("tile") else "extra"
    free_sites = [s["id"] for s in ed.CITY["sites"] if s["id"] not in state["city"]
                  and s["plaza"] in state["plaza_order"]]
    free_walls = [w for w in ed.ACTION_BOARD["wall_positions"]
                  if "%d,%d" % tuple(w) not in state["players"][seat]["walls"]]
    for slot in range(4):
        probes["row:upgrade:%d" % slot] = {"type": "upgrade", "slot": slot, "rotation": 0, "via": via}
        if free_walls:
            probes["row:wall:%d" % slot] = {"type": "wall", "slot": slot, "rotation": 0,
                                            "position": list(free_walls[0]), "via": via}
        if free_sites:
            probes["row:building:%d" % slot] = {"type": "building", "slot": slot, "rotation": 0,
                                                "site": free_sites[0], "cube": False, "via": via}
    probes["act:MINES"] = {"type": "mines", "option": "produce", "via": via}
    probes["act:QUARRIES"] = {"type": "quarries", "option": "produce", "via": via}
    probes["act:ROAD"] = {"type": "road", "via": via}
    probes["btn:end_turn"] = {"type": "end_turn"}
    for action, row in ROW_ACTION_KEYS.items():
        if "%s:0" % row in probes:
            probes["act:%s" % action] = probes["%s:0" % row]
    probes.update(_placement_probes(state, seat, ed, legal, legal_keys))
    return refusals(engine_apply, state, seat, probes, legal_keys)


def _placement_probes(state, seat, ed, legal, legal_keys):
    """Probes for the second click of a placement: a site, wall position or bridge space
    that the chosen tile may not go to. Keyed "<chosen key> <clicked key>" (the page
    looks them up with the keys chosen so far)."""
    ok = set()
    first = {}
    for m in legal:
        t = m.get("type")
        if t == "building":
            ok.add(("row:building:%d" % m["slot"], "site:%s" % m["site"]))
            first.setdefault("row:building:%d" % m["slot"], m)
        elif t == "wall":
            ok.add(("row:wall:%d" % m["slot"], "wpos:%d,%d" % tuple(m["position"])))
            first.setdefault("row:wall:%d" % m["slot"], m)
        elif t == "use_tech" and m.get("plaza") is not None:
            ok.add(("usetech:%s" % m["tech"], "plazahex:%s" % m["plaza"]))
            first.setdefault("usetech:%s" % m["tech"], m)
        elif t == "bridge":
            bt = "bt:%d:%s" % (m["item"], m["tile"])
            ok.add((bt, "plank:%s" % ("none" if m.get("space") is None else m["space"])))
            first.setdefault(bt, m)
    probes = {}
    in_play = set(state["plaza_order"])
    sites = [s["id"] for s in ed.CITY["sites"] if s["plaza"] in in_play]
    walls = ["%d,%d" % tuple(w) for w in ed.ACTION_BOARD["wall_positions"]]
    for chosen, m in first.items():
        t = m["type"]
        if t == "building":
            for site in sites:
                probes["%s site:%s" % (chosen, site)] = dict(m, site=site, cube=False)
        elif t == "wall":
            for pos in walls:
                q, r = (int(v) for v in pos.split(","))
                probes["%s wpos:%s" % (chosen, pos)] = dict(m, position=[q, r])
        elif t == "use_tech":
            for plaza in ed.CITY["plazas"]:
                probes["%s plazahex:%s" % (chosen, plaza["id"])] = dict(m, plaza=plaza["id"])
        elif t == "bridge":
            for space in range(ed.BRIDGE["spaces"]):
                probes["%s plank:%d" % (chosen, space)] = dict(m, space=space)
    return {k: v for k, v in probes.items() if tuple(k.split(" ", 1)) not in ok}
