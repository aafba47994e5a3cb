"""Praga Caput Regni: the engine's view as drawing data for templates/games/boards/praga.html.

`board_context(game, seat, view, legal)` is the entry point (games.boards.context);
`build(view, legal, ...)` is the pure part, unit-tested without a database. Every
number drawn comes from the view or from the game's component edition, never from a
template.
"""

import json
import os
import sys
import threading
from collections import OrderedDict
from functools import lru_cache

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engine.praga.data import edition, provisional_values
from games import boards
from games.presenters import player_names
from games.boards import geometry
from games.boards import reasons as board_reasons
from games.boards.praga import icons
from games.boards.praga import tiles
from games.boards.praga.flow import flow
from games.boards.praga.log import log_entries, points_by_round

# At least 3:1 against the player panel (#f5eedd); the seat marks tell them apart without colour.
COLOURS = ["#c0661a", "#7b4fa0", "#1f8a78", "#9a7a0a"]
COLOUR_NAMES = ["orange", "purple", "teal", "yellow"]
SEAT_MARKS = ["●", "▲", "■", "◆"]  # also drawn on each seat's cubes, pawns and planks (#pi-cube-<seat>, #pi-pawn-<seat>, #pi-mark-<seat> in _defs.html)
BOT_COLOUR = "#3b3b3b"
ROWS = ["upgrade", "wall", "building"]
ROW_SYMBOL = {"upgrade": "a-upgrade", "wall": "a-wall", "building": "a-building"}
STRUCT_KEYS = {"hw": "hunger_wall", "ca": "cathedral"}
ROMAN = ["", "I", "II", "III", "IV", "V"]


def colour(seat):
    return BOT_COLOUR if seat in (None, "bot") else COLOURS[seat % len(COLOURS)]


def seat_mark(seat):
    return "" if seat in (None, "bot") else SEAT_MARKS[seat % len(SEAT_MARKS)]


def board_context(game, seat, view, legal, step=None):
    """The template context of the Praga board for `seat` (a Seat or None)."""

    names = player_names(game)  # the seats the page read already
    position = None if seat is None else seat.position
    moves = [m["move"] if isinstance(m, dict) and "move" in m else m for m in legal or []]
    log = log_entries(game, names, view, until=step) if step is None or step else []
    chart = points_by_round(game) if game.is_finished and step is None else None
    reasons = {}
    if moves and step is None:
        from games.boards.praga.flow import reasons_for

        reasons = board_reasons.cached_reasons("praga", game, position,
                                               lambda: reasons_for(game.state, position, moves))
    pb = build(view, moves, names, position, reasons=reasons, log=log, chart=chart, html=True)
    pb["game_id"] = game.pk
    pb["version"] = game.version
    pb["replay"] = step is not None
    # Praga's click flow draws every legal move of the player's turn.
    return {"pb": pb, "board_features": boards.features(flow=pb["flow"], drawn=legal if pb["flow"] else (),
                                                        own_log=True)}


def build(view, moves, names, me, reasons=None, log=None, chart=None, html=False):
    """The board's drawing data. With `html`, the big parts (crane, city, rows,
    structures, player boards) come as SVG markup, rendered once per distinct input
    and kept in a small in-process cache; without, as data (for tests)."""
    ed = edition(view["edition"])
    n = len(view["players"])
    turn = view.get("turn") or {}
    active = view.get("active")
    pb = {
        "edition": view["edition"],
        "round": view["round"], "era": view["era"], "era_roman": ROMAN[view["era"]],
        "rounds": ed.GAME["rounds"],
        "over": view.get("phase") == "over",
        "me": me, "active": active,
        "my_turn": me is not None and me == active and bool(moves),
        "solo": view["players_count"] == 1,
    }
    pb["names"] = [names.get(s, _("Player %d") % (s + 1)) for s in range(n)]
    pb["active_name"] = pb["names"][active] if active is not None and active < n else ""
    pb["supply"] = supply(view, ed)
    pb["parler"] = parler(view, ed)
    if html:
        pb["html"] = sections(view, ed, pb, me, active)
    else:
        pb["wheel"] = wheel(view, ed, turn)
        pb["city"] = city(view, ed)
        pb["rows"] = display(view, ed)
        pb["structures"] = structures(view, ed)
        pb["seals"] = seals(view, ed)
        pb["players"] = [player(view, ed, s, pb["names"][s], s == me, s == active) for s in view["order"]]
    pb["score"] = score(view, pb["names"], view["order"])
    pb["turn"] = turn_panel(view, ed, turn, me)
    pb["flow"] = flow(view, ed, moves, reasons or {}) if pb["my_turn"] else None
    pb["log"] = log or []
    pb["chart"] = chart
    pb["final"] = final_table(view, pb["names"]) if pb["over"] else None
    pb["provisional"] = provisional(view["edition"])
    return pb


# ------------------------------------------------------------------ cached SVG sections

TEMPLATES = "games/boards/praga/"
FRAGMENTS_MAX = 800
# Rendered markup kept per worker process; a fragment is 5-50 KB, so the count alone let a worker
# grow past 100 MB (benchmarks/memory.py).
FRAGMENTS_BYTES = 4_000_000
_VERSION = []


class Fragments:
    """Least recently used markup, bounded by count and by size; shared by a worker's threads."""

    def __init__(self, most, budget):
        self.most, self.budget = most, budget
        self.entries, self.size = OrderedDict(), 0
        self.lock = threading.Lock()

    def get(self, key):
        with self.lock:
            html = self.entries.get(key)
            if html is not None:
                self.entries.move_to_end(key)
            return html

    def put(self, key, html):
        with self.lock:
            if key in self.entries:
                return
            self.entries[key] = html
            self.size += self.cost(key, html)
            while len(self.entries) > self.most or self.size > self.budget:
                old_key, old_html = self.entries.popitem(last=False)
                self.size -= self.cost(old_key, old_html)

    def clear(self):
        with self.lock:
            self.entries.clear()
            self.size = 0

    def __len__(self):
        return len(self.entries)

    @staticmethod
    def cost(key, html):
        # bytes, not characters: markup with one non-Latin-1 character ("−", "·") is stored at two
        # or four bytes a character, so counting characters let the cache hold twice its budget
        return sys.getsizeof(html) + sys.getsizeof(key[-1])


_FRAGMENTS = Fragments(FRAGMENTS_MAX, FRAGMENTS_BYTES)


def _templates_version():
    """Changes whenever a board template changes, so cached markup never outlives it."""
    if _VERSION and not settings.DEBUG:
        return _VERSION[0]
    folder = os.path.join(settings.BASE_DIR, "templates", "games", "boards", "praga")
    stamp = []
    for name in sorted(os.listdir(folder)):
        st = os.stat(os.path.join(folder, name))
        stamp.append("%s:%d:%d" % (name, st.st_mtime_ns, st.st_size))
    version = str(hash(tuple(stamp)))
    _VERSION[:] = [version]
    return version


def fragment(name, inputs, make):
    key = (name, _templates_version(), get_language(), json.dumps(inputs, sort_keys=True, separators=(",", ":")))
    html = _FRAGMENTS.get(key)
    if html is None:
        html = make()
        _FRAGMENTS.put(key, html)
    return html


def sections(view, ed, pb, me, active):
    eid = view["edition"]
    turn = view.get("turn") or {}

    def render(template, context):
        return render_to_string(TEMPLATES + template, context)

    out = {}
    out["crane"] = fragment("crane", [eid, view["wheel"], view["round"], view["era"], view["options"]["action_side"],
                                      view.get("turn_no", 0), view["players_count"]],
                            lambda: render("crane.html", {"pb": dict(pb, wheel=wheel(view, ed, turn),
                                                                     platform=platform(view, ed))}))
    roads = [p["road"] for p in view["players"]]
    out["city"] = fragment("city", [eid, view["players_count"], view["city"], view["plazas"], view["river"],
                                    view["bridge"], roads, pb["parler"] and pb["parler"]["pawn"], pb["supply"]["iv"],
                                    pb["supply"]["v_bridge"]],
                           lambda: render("city.html", {"pb": dict(pb, city=city(view, ed))}))
    parler_ = view.get("parler") or {}
    out["display"] = fragment("display", [eid, view["rows"], view["era"], view["stacks"], view["tech_stacks"],
                                          view["iv_stack"], view["v_bridge"], parler_.get("cubes"),
                                          len(parler_.get("deck") or [])],
                              lambda: render("display.html", {"pb": dict(pb, rows=display(view, ed))}))
    cubes = [[p["hw"], p["ca"]] for p in view["players"]]
    # the climb box is drawn for the view's own seat (a replay passes me=None)
    out["structures"] = fragment("structures", [eid, view["options"], cubes, view["seals"], view["v_cathedral"],
                                                view.get("seat")],
                                 lambda: render("structures.html", {"pb": dict(pb, structures=structures(view, ed),
                                                                              seals=seals(view, ed))}))
    out["players"] = [
        fragment("player", [eid, s, view["players"][s], pb["names"][s], s == me, s == active],
                 lambda s=s: render("player.html", {"p": player(view, ed, s, pb["names"][s], s == me, s == active)}))
        for s in view["order"]
    ]
    return out


# ------------------------------------------------------------------ the action crane

WHEEL_C = 170
ZONE_FILL = {"red": "#c0392b", "green": "#3d8b4f", "blue": "#2e6fa8"}


def wheel(view, ed, turn):
    return _wheel_static(view["edition"], get_language()) | _wheel_dynamic(view, ed, turn)


@lru_cache(maxsize=8)
def _wheel_static(edition_id, _language):
    ed = edition(edition_id)
    c = WHEEL_C
    positions = []
    for rec in ed.WHEEL["positions"]:
        p = rec["position"]
        a = -90 + 30 * p
        tx, ty = geometry.polar(c, c, 152, a)
        label = ""
        if rec["zone"] == "red" and rec.get("gold"):
            label = "-%d" % rec["gold"]
        elif rec["zone"] == "blue" and rec.get("vp"):
            label = "+%d" % rec["vp"]
        positions.append({
            "p": p, "zone": rec["zone"], "fill": ZONE_FILL[rec["zone"]],
            "path": geometry.annulus_sector(c, c, 140, 166, a - 14.6, a + 14.6),
            "x": round(tx, 1), "y": round(ty, 1), "label": label,
            "sym": "gold" if rec["zone"] == "red" else ("vp" if rec["zone"] == "blue" else ""),
            "star": rec.get("star", False), "status": rec.get("status", ""),
        })
    return {"c": c, "size": 2 * c, "positions": positions}


def _bonus_text(bonus):
    if bonus is None:
        return _("Blocked notch: no tile ever sits here.")
    if bonus["kind"] == "gain":
        return _("Wheel bonus: gain %s.") % icons.words(bonus["reward"])
    if bonus["kind"] == "egg":
        return _("Wheel bonus: you may pay 1 %s for 1 egg.") % (_("gold") if bonus["pay"] == "gold" else _("stone"))
    return _("Wheel bonus: the special tile of a row for your main action, or %d VP.") % bonus["vp"]


def _bonus_icons(bonus):
    if bonus is None:
        return None
    if bonus["kind"] == "gain":
        return icons.row(bonus["reward"], size=15)
    if bonus["kind"] == "egg":
        return icons.row(["1G" if bonus["pay"] == "gold" else "1S", "1E"], size=13)
    return None


def _wheel_dynamic(view, ed, turn):
    c = WHEEL_C
    w = view["wheel"]
    o = w["offset"]
    notches = []
    tile_at = {notch: tid for tid, notch in w["at"].items()}
    side = view["options"]["action_side"]
    for rec in ed.WHEEL["bonuses"]:
        k = rec["notch"]
        pos = (o + k) % 12
        a = -90 + 30 * pos
        bx, by = geometry.polar(c, c, 62, a)
        notch = {
            "k": k, "pos": pos, "angle": a, "blocked": rec["bonus"] is None,
            "sector": geometry.annulus_sector(c, c, 40, 84, a - 14.4, a + 14.4),
            "bx": round(bx, 1), "by": round(by, 1),
            "icons": _bonus_icons(rec["bonus"]),
            "special": rec["bonus"] is not None and rec["bonus"]["kind"] == "special",
            "special_vp": rec["bonus"]["vp"] if rec["bonus"] and rec["bonus"]["kind"] == "special" else 0,
            "text": _bonus_text(rec["bonus"]),
            "tile": None,
        }
        tid = tile_at.get(k)
        if tid is not None:
            at = tiles.action_tile(view["edition"], side, tid)
            hexes = []
            for i, radius in enumerate((100, 124)):
                hx, hy = geometry.polar(c, c, radius, a)
                hexes.append({"x": round(hx, 1), "y": round(hy, 1), "sym": at["actions"][i]["sym"],
                              "points": geometry.points(hx, hy, 12.5)})
            tx, ty = geometry.polar(c, c, 112, a)
            # the target: both hexes and the room beside them, 30 units across (over 24 px on a phone)
            corners = [geometry.polar(*geometry.polar(c, c, radius, a), 15, a + side)
                       for radius, side in ((88, -90), (126, -90), (126, 90), (88, 90))]
            zone = ed.WHEEL["positions"][pos]
            cost = zone.get("gold", 0) if zone["zone"] == "red" else 0
            vp = zone.get("vp", 0) if zone["zone"] == "blue" else 0
            if w.get("token") == tid:
                vp = ed.WHEEL.get("token_vp", 5)
            notch["tile"] = {
                "id": tid, "hexes": hexes, "x": round(tx, 1), "y": round(ty, 1), "angle": a + 90,
                "hit": "M" + " L".join("%.1f %.1f" % corner for corner in corners) + " Z",
                "token": w.get("token") == tid, "title": at["title"],
                "text": "%s\n%s\n%s" % (at["text"], notch["text"], _take_text(cost, vp)),
            }
            if notch["tile"]["token"]:
                kx, ky = geometry.polar(c, c, 136, a)
                notch["tile"]["kx"], notch["tile"]["ky"] = round(kx, 1), round(ky, 1)
        if notch["blocked"]:
            ax, ay = geometry.polar(c, c, 112, a)
            notch["ax"], notch["ay"] = round(ax, 1), round(ay, 1)
        notches.append(notch)
    taken = None
    if turn.get("tile"):
        taken = tiles.action_tile(view["edition"], side, turn["tile"])
    return {"notches": notches, "offset": o, "taken": taken, "token_vp": ed.WHEEL.get("token_vp", 5)}


def platform(view, ed):
    """The crane platform (spec 6.5, display only): its cube drops one space towards the
    hourglass each time the arrow reaches the drop offset; the era marker is drawn from
    the data. The drops are counted by turning the wheel as PRG-WHEEL-12 does."""
    data = getattr(ed, "PLATFORM", None)
    if not data:
        return None
    key = str(view["players_count"])
    w = ed.WHEEL
    o = w["start_offset"][key]
    space = data["start_space"][key]
    for _turn in range(view.get("turn_no", 0)):
        seen = []
        for _step in range(2):
            o = (o + 1) % 12
            seen.append(o)
            if (o + w["blocked_notch"]) % 12:
                break
        if data["drop_at_offset"] in seen:
            space = max(space - 1, 0)
    x0, gap = 62, 44
    marker = data["era_marker"].get(key) or {}
    spaces = [{"n": n, "x": x0 + (n - 1) * gap, "star": marker.get("space") == n,
               "two": n == data["start_space"]["2"]} for n in range(1, data["spaces"] + 1)]
    between = marker.get("between")
    return {
        "spaces": spaces, "cube": space, "cube_x": 22 if space == 0 else x0 + (space - 1) * gap,
        "border_x": x0 + (min(between) - 0.5) * gap if between else None,
        "text": _("The platform cube drops one space towards the hourglass every full turn of the wheel; "
                  "the game ends when it reaches the hourglass. The star marks the change to Era II."),
    }


def _take_text(cost, vp):
    if cost:
        return _("Taking it costs %d gold.") % cost
    if vp:
        return _("Taking it gives %d VP.") % vp
    return _("Taking it is free.")


# ------------------------------------------------------------------ the city

CITY_HEX = 30


@lru_cache(maxsize=16)
def _city_static(edition_id, players_count, _language):
    ed = edition(edition_id)
    city_ = ed.CITY
    size = CITY_HEX
    key = str(players_count)
    in_play = set(ed.GAME["plazas_in_play"][key])
    centres = []

    def at(h):
        x, y = geometry.axial(h[0], h[1], size)
        centres.append((x, y))
        return round(x, 1), round(y, 1)

    cells = []
    for p in city_["plazas"]:
        x, y = at(p["hex"])
        cells.append({"kind": "plaza", "id": p["id"], "x": x, "y": y, "in_play": p["id"] in in_play,
                      "old": p["district"] == "old", "colour": p["colour"], "players": p["players"]})
    sites = []
    for s in city_["sites"]:
        x, y = at(s["hex"])
        blue = [_r(geometry.corner(c, size * 0.94)) for c in s.get("blue_corners") or []]
        sites.append({
            "id": s["id"], "x": x, "y": y, "plaza": s["plaza"], "in_play": s["plaza"] in in_play,
            "extra_gold": s.get("extra_gold", 0), "vp": s.get("vp", 0), "blue": blue,
            "prefilled": ",".join(str(v) for v in s.get("prefilled") or []),
            "old": bool(s.get("extra_gold")),
        })
    road = []
    spaces = {tuple(h): name for name, h in city_["road_spaces"].items()}
    for h in city_["road"]:
        x, y = at(h)
        road.append({"x": x, "y": y, "space": spaces.get(tuple(h), "")})
    houses = []
    for i, h in enumerate(city_["river_houses"]):
        x, y = at(h)
        houses.append({"x": x, "y": y, "roof": "#b03a2e" if i % 2 == 0 else "#2e5f9e"})
    greens = [dict(zip(("x", "y"), at(h))) for h in city_["green_fields"]]
    x0, y0, w, h = geometry.bounds(centres, size, margin=6)
    # The river runs along the north edge, bends south along the west edge and flows
    # east under the city, where the Charles Bridge spans it in its own strip: the
    # bridge head (IV, at the Old Town end) lies below the road's last hex, space 0 next
    # to it, the far end (V) east. Keeping the bridge below makes the city less flat.
    head = road[-1]
    river_top = y0 - 40
    west = x0 - 40
    bottom = y0 + h
    vb = (round(west - 6, 1), round(river_top - 8, 1), round(x0 + w + 50 - (west - 6), 1),
          round(bottom + 112 - (river_top - 8), 1))
    right = vb[0] + vb[2]
    river = ("M%.1f,%.1f L%.1f,%.1f L%.1f,%.1f Q%.1f,%.1f %.1f,%.1f L%.1f,%.1f L%.1f,%.1f L%.1f,%.1f "
             "L%.1f,%.1f L%.1f,%.1f Z"
             % (vb[0], river_top, right, river_top, right, y0 + 4,
                x0 + 40, y0 + 4, x0 + 4, y0 + 40,
                x0 - 10, bottom + 8, right, bottom + 8, right, bottom + 104, vb[0], bottom + 104,
                vb[0], river_top))
    deck_y = round(bottom + 56, 1)
    deck_x0 = max(head["x"], x0 + 30) + 10
    deck_x1 = right - 60
    bridge_len = deck_x1 - deck_x0
    bridge_spaces = []
    n_spaces = ed.BRIDGE["spaces"]
    sw = bridge_len / n_spaces
    for i in range(n_spaces):
        # space 0 lies at the Old Town bank (the bridge head), numbering outwards
        sx = deck_x0 + sw * (i + 0.5)
        bridge_spaces.append({"i": i, "x": round(sx, 1), "w": round(sw, 1)})
    return {
        "cells": cells, "sites": sites, "road": road, "houses": houses, "greens": greens,
        "vb": "%s %s %s %s" % vb, "river_path": river,
        "river_tokens_y": round(river_top + 22, 1), "river_tokens_x": round(x0 + w * 0.35, 1),
        "bridge": {"x0": round(deck_x0, 1), "x1": round(deck_x1, 1), "y": deck_y, "sw": round(sw, 1),
                   "spaces": bridge_spaces, "iv_x": round(deck_x0 - 34, 1), "v_x": round(deck_x1 + 4, 1),
                   "head_x": head["x"], "head_y": head["y"], "link_x": round(x0 - 8, 1), "half": round(sw / 2 - 3, 1), "rw": round(sw - 6, 1)},
        "hex_points": geometry.points(0, 0, size - 1),
        "scale": round(size / tiles.TILE_SIZE, 3),
    }


def _r(pair):
    return {"x": round(pair[0], 1), "y": round(pair[1], 1)}


def city(view, ed):
    static = _city_static(view["edition"], view["players_count"], get_language())
    eid = view["edition"]
    built = view["city"]
    parler = view.get("parler") or {}
    plazas = []
    for cell in static["cells"]:
        p = dict(cell)
        state = view["plazas"].get(cell["id"])
        if state:
            p["tile"] = tiles.plaza_tile(eid, state["tile"], state["side"])
            p["scored"] = state["scored"]
        else:
            p["tile"] = None
            p["scored"] = False
        p["pawn"] = parler.get("pawn") == cell["id"]
        plazas.append(p)
    sites = []
    for s in static["sites"]:
        entry = built.get(s["id"])
        site = dict(s)
        if entry:
            site["tile"] = tiles.hex_tile(eid, entry["tile"], entry["rot"])
            owner = entry["owner"]
            site["owner"] = owner
            site["owner_colour"] = colour(owner) if owner is not None else "#8a8070"
            site["cube"] = entry["cube"]
            site["prefill"] = owner is None
        else:
            site["tile"] = None
        sites.append(site)
    pawns = {}
    for pl in view["players"]:
        pawns.setdefault(pl["road"], []).append(pl["seat"])
    road = []
    space_no = {"I": 1, "II": 2, "III": 3}
    for cell in static["road"]:
        r = dict(cell)
        r["pawns"] = [{"seat": s, "colour": colour(s), "mark": seat_mark(s), "dx": -12 + 10 * i} for i, s in enumerate(pawns.get(space_no.get(cell["space"], -1), []))]
        if cell["space"]:
            r["text"] = _road_text(view, ed, cell["space"])
        road.append(r)
    b = static["bridge"]
    bridge = dict(b)
    bstate = view["bridge"]
    spaces = []
    for sp in b["spaces"]:
        i = sp["i"]
        s = dict(sp)
        s["icons"] = icons.row(bstate["spaces"][i], size=14)
        s["covered"] = bstate["covered"][i]
        s["text"] = icons.words(bstate["spaces"][i])
        spaces.append(s)
    bridge["spaces"] = spaces
    planks = []
    for plank in bstate["planks"]:
        i = plank["space"]
        if i is None:
            continue
        info = tiles.bridge_tile(eid, plank["tile"])
        planks.append({"space": i, "x": round(b["x0"] + b["sw"] * i + 2, 1),
                       "w": round(b["sw"] * 2 - 4, 1), "tile": plank["tile"], "colour": colour(plank.get("seat")),
                       "seat": plank.get("seat"), "mark": seat_mark(plank.get("seat")),
                       "title": info["title"], "text": info["text"]})
    bridge["planks"] = planks
    bridge["pieces"] = []
    for j, piece in enumerate(bstate.get("layout", [])):
        x = b["x0"] + b["sw"] * 2 * j
        bridge["pieces"].append({"x": round(x, 1), "w": round(b["sw"] * 2, 1), "id": piece["piece"],
                                 "side": piece["side"]})
    bridge["iv"] = [{"seat": pl["seat"], "colour": colour(pl["seat"]), "mark": seat_mark(pl["seat"]), **_bridgehead_place(i)}
                    for i, pl in enumerate(p for p in view["players"] if p["road"] == 4)]
    bridge["v"] = [{"seat": pl["seat"], "colour": colour(pl["seat"]), "mark": seat_mark(pl["seat"]), **_bridgehead_place(i)}
                   for i, pl in enumerate(p for p in view["players"] if p["road"] >= 5)]
    bridge["start"] = [{"seat": pl["seat"], "colour": colour(pl["seat"]), "mark": seat_mark(pl["seat"]), "dx": 13 * i}
                       for i, pl in enumerate(p for p in view["players"] if p["road"] == 0)]
    # 50 units apart: each token's target is at least 24 px wide on a desktop (WCAG 2.5.8)
    river = [tiles.production_token(eid, t) | {"dx": 50 * i} for i, t in enumerate(view["river"])]
    gate = static["road"][0]
    return dict(static, plazas=plazas, sites=sites, road=road, bridge=bridge, river=river,
                gate={"x": gate["x"] + CITY_HEX * 1.2, "y": gate["y"]})


def _road_text(view, ed, space):
    choice = view["options"]["road_" + space]
    free = ed.ROAD["base"][space]["free"] if choice == "base" else ed.ROAD["variants"][space][choice]
    egg = ed.ROAD["base"][space]["egg"]
    return "%s\n%s\n%s" % (_("King's Road space %s") % space, _(free["text"]), _(egg["text"]))


def _bridgehead_place(index):
    """Pawns in a bridgehead (30 x 44) stand two by two, none hiding another's seat mark."""
    return {"dx": 1 + 14 * (index % 2), "dy": -20 + 20 * (index // 2)}


# ------------------------------------------------------------------ display rows and supply

ROW_TILE = 34
# The rows start right of a label column wide enough for the longest row name (German "Verbesserungen").
ROW_LEFT = 116
ROW_LABEL_X = 42


def display(view, ed):
    eid = view["edition"]
    parler = view.get("parler") or {}
    stacks = view["stacks"]
    era = view["era"]
    rows = []
    scale = ROW_TILE / tiles.TILE_SIZE
    for i, row in enumerate(ROWS):
        slots = []
        for slot, tid in enumerate(view["rows"][row]):
            x = ROW_LEFT + slot * (ROW_TILE * 1.85) + (8 if slot == 3 else 0)
            slots.append({
                "slot": slot, "x": round(x, 1), "tile": tiles.hex_tile(eid, tid) if tid else None,
                "special": slot == 3, "parler": parler.get("cubes", {}).get(row) == slot if parler else False,
            })
        rows.append({
            "row": row, "y": 46 + i * 78, "sym": ROW_SYMBOL[row], "slots": slots,
            "name": {"upgrade": _("Upgrades"), "wall": _("Walls"), "building": _("Buildings")}[row],
            "normal_left": stacks.get("%s-%d-normal" % (row, era), 0),
            "special_left": stacks.get("%s-%d-special" % (row, era), 0),
        })
    return {"rows": rows, "scale": round(scale, 3), "label_x": ROW_LABEL_X}


def supply(view, ed):
    tech = [{"level": int(k), "roman": ROMAN[int(k)], "left": v, "x": 18 + 46 * (int(k) - 1)}
            for k, v in sorted(view["tech_stacks"].items())]
    return {"tech": tech, "iv": view["iv_stack"], "v_bridge": view["v_bridge"], "v_cathedral": view["v_cathedral"],
            "era_tiles": {k: v for k, v in view["stacks"].items()}}


# ------------------------------------------------------------------ Hunger Wall and Cathedral

CELL_W, CELL_H = 30, 24


def structures(view, ed):
    out = []
    for st, x0 in (("hw", 8), ("ca", 262)):
        out.append(structure(view, ed, st, x0))
    return out


def structure(view, ed, st, x0):
    key = STRUCT_KEYS[st]
    data = ed.STRUCTURES[key]
    opt = view["options"]["hunger_wall" if st == "hw" else "cathedral"]
    level_set = data["sets"][opt]
    rows_n = data["rows"]
    cols_n = max(max(c) for c in data["columns"]) + 1
    top = 52
    label_w = 34
    grid_x = x0 + (label_w if st == "hw" else 0)

    def cx(col):
        idx = (cols_n - 1 - col) if st == "hw" else col
        return grid_x + idx * CELL_W

    def cy(row):
        return top + (rows_n - row) * CELL_H

    specials = {(s["row"], s["column"]): s for s in level_set["spaces"]}
    cubes = {}
    for pl in view["players"]:
        c = pl[st]
        cubes.setdefault((c["row"], c["col"]), []).append(pl["seat"])
    dead = {(d[0], d[1]) for pl in view["players"] for d in pl[st]["dead"]}
    cells = []
    level_of = {}
    for li, rows in enumerate(data["levels"]):
        for r in rows:
            level_of[r] = li
    for r in range(1, rows_n + 1):
        for col in data["columns"][r - 1]:
            x, y = cx(col), cy(r)
            sp = specials.get((r, col))
            eff = None
            if sp:
                if sp["effect"] == "vp":
                    eff = {"kind": "vp", "label": "+%d" % sp["vp"]}
                elif sp["effect"] == "up":
                    eff = {"kind": "up", "label": "↑"}
                else:
                    eff = {"kind": "side", "label": "←" if st == "hw" else "→"}
            here = cubes.get((r, col), [])
            cells.append({
                "row": r, "col": col, "x": x, "y": y, "eff": eff, "level": level_of.get(r, 0),
                "dead": (r, col) in dead,
                "cubes": [{"seat": s, "colour": colour(s), "dx": 3 + (i % 2) * 13, "dy": 2 + (i // 2) * 10}
                          for i, s in enumerate(here)],
            })
    row_vp = [{"row": r, "vp": level_set["row_vp"][r - 1], "y": cy(r),
               "x": (x0 + 2) if st == "hw" else (grid_x + cols_n * CELL_W + 4)} for r in range(1, rows_n + 1)]
    col_vp = [{"col": col, "vp": v, "x": cx(col)} for col, v in enumerate(data["column_values"])]
    levels = []
    for li, rows in enumerate(data["levels"]):
        lo = min(rows)
        cost = level_set["level_cost"].get(str(li + 1))
        levels.append({
            "roman": ROMAN[li + 1], "y": cy(max(rows)), "h": CELL_H * len(rows), "y_line": cy(lo) + CELL_H,
            "cost": icons.row(icons.cost_reward(cost.get("gold", 0), cost.get("stone", 0)), size=10) if cost else None,
        })
    me = view.get("seat")
    climb = None
    if me is not None and me < len(view["players"]):
        c = view["players"][me][st]
        if c["row"] < rows_n:
            climb = {"x": cx(c["col"]), "y": cy(c["row"] + 1)}
    return {
        "st": st, "key": key, "x0": x0, "grid_x": grid_x, "top": top, "cw": CELL_W, "ch": CELL_H,
        # each structure is its own picture: from its row values to the end of its grid (or row values)
        "vb_x": x0 - 8 if st == "hw" else grid_x - 10,
        "vb_w": (grid_x + cols_n * CELL_W + 10 - (x0 - 8)) if st == "hw" else (cols_n * CELL_W + 10 + 40),
        "width": cols_n * CELL_W, "height": rows_n * CELL_H,
        "name": _("Hunger Wall") if st == "hw" else _("St. Vitus Cathedral"),
        "marker": "bm" if st == "hw" else "rm", "set": opt,
        "cells": cells, "row_vp": row_vp, "col_vp": col_vp, "levels": levels, "climb": climb,
        "title_x": grid_x + cols_n * CELL_W / 2,
        "text": (_("Column value × blue markers, plus the row value, at the end.") if st == "hw"
                 else _("Column value × red markers, plus the row value, at the end.")),
    }


SEAL_AT = [(548, 76), (618, 76), (688, 76), (583, 150), (653, 150)]


def seals(view, ed):
    out = []
    for i, rec in enumerate(ed.SEALS):
        s = dict(tiles.seal(view["edition"], rec["id"]))
        owner = view["seals"].get(rec["id"])
        s["owner"] = owner
        s["owner_colour"] = colour(owner) if owner is not None else None
        s["x"], s["y"] = SEAL_AT[i % len(SEAL_AT)]
        out.append(s)
    return out


# ------------------------------------------------------------------ player boards

BOARD_HEX = 26


@lru_cache(maxsize=8)
def _board_static(edition_id, _language):
    ed = edition(edition_id)
    ab = ed.ACTION_BOARD
    cx, cy = 472, 150
    size = BOARD_HEX

    def at(h):
        x, y = geometry.axial(h[0], h[1], size)
        return round(cx + x, 1), round(cy + y, 1)

    actions = []
    for rec in ab["action_hexes"]:
        x, y = at(rec["hex"])
        nb = []
        for sym in rec["neighbours"]:
            p = _r(geometry.edge_mid(sym["edge"], size, 0.72))
            p["icons"] = icons.row(sym["reward"], size=9)
            nb.append(p)
        red = [_r(geometry.corner(c, size * 0.8)) for c in rec.get("red_corners", [])]
        actions.append({"action": rec["action"], "x": x, "y": y, "sym": tiles.ACTION_SYMBOL[rec["action"]],
                        "nbrs": nb, "red": red, "name": tiles.action_name(rec["action"]),
                        "hex": "%d,%d" % tuple(rec["hex"])})
    centre = at(ab["centre"])
    walls = []
    for h in ab["wall_positions"]:
        x, y = at(h)
        walls.append({"key": "%d,%d" % tuple(h), "x": x, "y": y})
    tracks = {}
    for name, y in (("mines", 146), ("quarries", 198)):
        t = ed.TRACKS[name]
        bonus = {b["space"]: b["reward"] for b in t["bonuses"]}
        spaces = []
        for p in range(t["first"], t["last"] + 1):
            spaces.append({
                "p": p, "x": 130 + (p - 1) * 26, "count": p - 1,
                "bonus": icons.row(bonus[p], size=9) if p in bonus else None,
                "token": p == t["token_space"], "seal": p == t["seal_space"], "slot": p == t["token_slot"],
            })
        tracks[name] = {"y": y, "spaces": spaces, "start": t["start"]}
    tech = ed.TECH_TRACK
    levels = {lv["space"]: ROMAN[lv["level"]] for lv in tech["levels"]}
    tech_spaces = [{"p": p, "x": 130 + p * 26, "level": levels.get(p, "")} for p in range(tech["top"] + 1)]
    tech_spaces[-1]["top"] = True
    uni = ed.UNIVERSITY
    uni_spaces = [{"p": p, "x": 130 + p * 26, "mult": m} for p, m in enumerate(uni["multiplier"])]
    wealth = []
    for i, rec in enumerate(ed.WEALTH):
        wealth.append({"id": rec["id"], "icons": icons.row(rec["reward"], size=10), "y": 100 + i * 44,
                       "label": {"gold": "≥%d" % rec["at_least"], "stone": "≥%d" % rec["at_least"]}.get(
                           rec["resource"], "%d" % rec["at_least"]),
                       "sym": {"gold": "gold", "stone": "stone"}.get(rec["resource"], ""),
                       "text": _("The first time you hold %(n)s %(what)s: %(reward)s.") % {
                           "n": rec["at_least"],
                           "what": {"gold": _("gold"), "stone": _("stone")}.get(rec["resource"], _("gold or stone")),
                           "reward": icons.words(rec["reward"])}})
    return {
        "actions": actions, "centre": {"x": centre[0], "y": centre[1]}, "walls": walls,
        "tracks": tracks, "tech": tech_spaces, "uni": uni_spaces, "wealth": wealth,
        "hex_points": geometry.points(0, 0, size - 0.8), "scale": round((size - 0.8) / tiles.TILE_SIZE, 3),
        "max_resource": ed.GAME["start"]["max_resource"],
        "crane_steps": [{"v": v, "y": 228 - v * 19} for v in range(ed.GAME["start"]["max_resource"] + 1)],
    }


def player(view, ed, seat, name, is_me, is_active):
    static = _board_static(view["edition"], get_language())
    eid = view["edition"]
    pl = view["players"][seat]
    actions = []
    for a in static["actions"]:
        stack = pl["upgrades"].get(a["action"]) or []
        entry = dict(a)
        entry["tile"] = tiles.hex_tile(eid, stack[-1]["tile"], stack[-1]["rot"]) if stack else None
        entry["covered"] = [s["tile"] for s in stack[:-1]]
        actions.append(entry)
    walls = []
    for w in static["walls"]:
        entry = dict(w)
        placed = pl["walls"].get(w["key"])
        entry["tile"] = tiles.hex_tile(eid, placed["tile"], placed["rot"]) if placed else None
        walls.append(entry)
    tracks = {}
    for name_, t in static["tracks"].items():
        pos = pl[name_]
        token = pl["tokens"].get(name_)
        tracks[name_] = dict(t, pos=pos, count=pos - 1,
                             cube_x=t["spaces"][pos - 1]["x"],
                             token=tiles.production_token(eid, token) if token else None)
    techs = [dict(tiles.technology(eid, t["id"]), new=t.get("new", False)) for t in pl["techs"]]
    used = [tiles.technology(eid, t) for t in pl.get("used_techs", [])]
    wealth = [dict(w, cube=w["id"] not in pl["wealth"]) for w in static["wealth"]]
    mult = ed.UNIVERSITY["multiplier"][min(pl["uni"], ed.UNIVERSITY["top"])]
    v_tiles = [tiles.bridge_tile(eid, t) for t in pl["v_tiles"]]
    iv_tiles = [tiles.bridge_tile(eid, t) for t in pl.get("iv_tiles", [])]
    seals = [tiles.seal(eid, s) for s in pl["seals"]]
    return {
        "seat": seat, "name": name, "colour": colour(seat), "mark": seat_mark(seat), "me": is_me, "active": is_active,
        "vp": pl["vp"], "gold": pl["gold"], "stone": pl["stone"], "eggs": pl["eggs"], "sw": pl["sw"], "gw": pl["gw"],
        "rm": pl["rm"], "bm": pl["bm"], "cubes": pl["cubes"], "cube_slots": range(pl["cubes"]),
        "seal_rights": pl["seal_rights"], "road": pl["road"], "road_name": _road_name(pl["road"]),
        "gold_y": _crane_y(pl["gold"]), "stone_y": _crane_y(pl["stone"]),
        "actions": actions, "walls": walls, "walls_n": len(pl["walls"]), "tracks": tracks,
        "tech": pl["tech"], "tech_x": static["tech"][min(pl["tech"], len(static["tech"]) - 1)]["x"],
        "uni": pl["uni"], "uni_x": static["uni"][min(pl["uni"], len(static["uni"]) - 1)]["x"], "mult": mult,
        "used_techs": used, "wealth": wealth,
        "static": static,
        "hw": pl["hw"], "ca": pl["ca"], "turns": pl["turns"],
    } | possessions(techs, v_tiles, iv_tiles, seals)


# The player's pieces below the tracks (technologies, bridge tiles, seals) in rows that
# wrap inside the tracks' half of the board, so nothing overlaps however many there are.
POSSESSION_WIDTH = {"techs": 44, "v_tiles": 40, "iv_tiles": 40, "seals": 30}
POSSESSIONS_X, POSSESSIONS_Y, POSSESSIONS_RIGHT, POSSESSIONS_ROW = 8, 288, 352, 36
TRACKS_HEIGHT = 300


def possessions(techs, v_tiles, iv_tiles, seals):
    x, y = POSSESSIONS_X, POSSESSIONS_Y
    out = {}
    for kind, items in (("techs", techs), ("v_tiles", v_tiles), ("iv_tiles", iv_tiles), ("seals", seals)):
        placed = []
        for item in items:
            width = POSSESSION_WIDTH[kind]
            if x + width > POSSESSIONS_RIGHT:
                x, y = POSSESSIONS_X, y + POSSESSIONS_ROW
            placed.append(dict(item, x=x, y=y))
            x += width + 6
        out[kind] = placed
    out["tracks_height"] = max(TRACKS_HEIGHT, y + 24) if any(out.values()) else TRACKS_HEIGHT - 24
    return out


def _crane_y(value):
    return 228 - value * 19


CRANE_STEPS = [{"v": v, "y": _crane_y(v)} for v in range(10)]


def _road_name(pos):
    return [_("not yet on the road"), _("space I"), _("space II"), _("space III"),
            _("space IV, before the bridge"), _("space V, on the bridge")][min(pos, 5)]


def parler(view, ed):
    p = view.get("parler")
    if not p:
        return None
    cards = {c["id"]: c for c in ed.PARLER["cards"]}
    return {
        "deck": [{"id": c, "text": _(cards[c]["text"])} for c in p["deck"]],
        "discard": [{"id": c, "text": _(cards[c]["text"])} for c in p.get("discard", [])],
        "last": ({"id": p["last_card"], "text": _(cards[p["last_card"]]["text"])}
                 if p.get("last_card") in cards else None),
        "pawn": p["pawn"], "mines": p["mines"] - 1, "quarries": p["quarries"] - 1,
        "colour": BOT_COLOUR,
    }


# ------------------------------------------------------------------ scores

STEP_NAMES = {
    "plazas": "Unscored plazas", "academics": "Academics (technology × University)",
    "hunger_wall": "Hunger Wall", "cathedral": "Cathedral", "walls": "Walls",
    "abilities": "Bridge tiles and seals", "eggs": "Eggs",
}
STEP_ORDER = ["plazas", "academics", "hunger_wall", "cathedral", "walls", "abilities", "eggs"]


def score(view, names, order):
    out = []
    for s in order:
        pre = view["preview"][s]
        steps = [{"key": k, "name": _(STEP_NAMES[k]), "vp": pre["final"].get(k, 0)} for k in STEP_ORDER]
        out.append({"seat": s, "name": names[s], "colour": colour(s), "mark": seat_mark(s), "now": pre["in_game"], "total": pre["total"],
                    "steps": steps, "sources": sorted(pre.get("in_game_by_source", {}).items())})
    return out


def final_table(view, names):
    result = view.get("result") or {}
    rows = []
    breakdown = result.get("breakdown") or view["preview"]
    ranking = result.get("ranking") or sorted(range(len(breakdown)), key=lambda s: -breakdown[s]["total"])
    for place, s in enumerate(ranking, 1):
        b = breakdown[s]
        rows.append({"place": place, "seat": s, "name": names[s], "colour": colour(s), "mark": seat_mark(s), "in_game": b["in_game"],
                     "steps": [b["final"].get(k, 0) for k in STEP_ORDER], "total": b["total"]})
    return {"rows": rows, "steps": [_(STEP_NAMES[k]) for k in STEP_ORDER], "solo": result.get("solo", False)}


# ------------------------------------------------------------------ the turn

def turn_panel(view, ed, turn, me):
    if not turn:
        return None
    eid = view["edition"]
    pending = []
    for item in turn.get("pending", []):
        pending.append({"id": item["id"], "kind": item["kind"], "text": pending_text(view, ed, item, me)})
    wb = turn.get("wheel_bonus")
    sp = turn.get("special")
    return {
        "seat": turn["seat"], "bonus_only": turn.get("bonus_only"),
        "tile": tiles.action_tile(eid, view["options"]["action_side"], turn["tile"]) if turn.get("tile") else None,
        "main": tiles.action_name(turn["main"]) if turn.get("main") else None,
        "wheel_bonus": ({"text": _bonus_text(wb), "used": wb["used"], "icons": _bonus_icons(wb)} if wb else None),
        "special": sp, "extra": turn.get("extra"), "pending": pending,
    }


def pending_text(view, ed, item, me):
    k = item["kind"]
    if k == "side":
        return _("A sideways step on the %s.") % (_("Hunger Wall") if item["structure"] == "hw" else _("Cathedral"))
    if k == "arrow":
        return _("An up arrow: pay the level cost to move up, or stay.")
    if k == "choice":
        return _("Choose: %s.") % _(" or ").join(icons.words(o) for o in item["options"])
    if k == "tech":
        return _("Choose a technology of level %s.") % ROMAN[item["level"]]
    if k == "token":
        return _("Choose a production token from the river.")
    if k == "bridge":
        return _("Choose a bridge tile and where its plank goes.")
    if k == "cathedral_v":
        return _("Choose a gold V tile at the Cathedral.")
    if k == "road_free":
        return _("King's Road space %s: the free effect.") % item["space"]
    if k == "road_egg":
        return _("King's Road space %s: pay 1 egg for its egg effect.") % item["space"]
    if k == "plaza":
        return _("Plaza %s is scored: your reward.") % item["plaza"]
    if k == "retro":
        return _("The new upgrade's bonus for the earlier %s.") % tiles.action_name(item["action"])
    return k


# ------------------------------------------------------------------ provisional data

@lru_cache(maxsize=4)
def provisional(edition_id):
    values = provisional_values(edition_id)
    groups = {}
    for v in values:
        top = v["path"].split(".")[0]
        groups.setdefault(top, []).append(v)
    return {
        "count": len(values),
        "groups": [{"name": k, "count": len(v), "items": [
            {"path": i["path"], "id": i["id"] or "", "status": i["status"], "source": i["source"]} for i in v[:60]]}
            for k, v in sorted(groups.items())],
    }
