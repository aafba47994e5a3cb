"""The island of Catan: Cities & Knights as drawing data (hexes, harbours, pieces, click spots).

Pure functions of the engine's view and the game's data (engine.catan_ck.data, the board
geometry of spec 5.3): every number drawn comes from there, never from a template.
Pixels: pointy-top hexes of circumradius HEX (games.boards.geometry); an intersection sits
at the mean of its three hexes' centres, a path between its two intersections.
"""

from functools import lru_cache

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from engine.catan_ck.board import GEOMETRY, parse_hex
from engine.catan_ck.data.harbours import GENERIC_RATE, HARBOUR_NAMES, HARBOURS, SPECIAL_RATE
from engine.catan_ck.data.improvements import TRACKS
from engine.catan_ck.data.knights import KNIGHTS
from engine.catan_ck.data.terrains import CARD_NAMES, TERRAINS
from engine.catan_ck.data.tokens import PIPS, RED_NUMBERS
from games.boards import geometry
from games.boards.catan_ck.look import colour, ink, road_dash, seat_mark, translated

HEX = 60

# Terrain fills chosen apart in lightness too (they stay apart in grey); each terrain also has
# its own symbol (templates/games/boards/catan_ck/_defs.html) and its name on the hex.
TERRAIN_COLOURS = {
    "forest": "#2f7d3a", "pasture": "#9dd36a", "fields": "#f0c419", "hills": "#c8552b",
    "mountains": "#8a94a0", "desert": "#e9d9a6",
}
KNIGHT_ROMAN = {1: "I", 2: "II", 3: "III"}


@lru_cache(maxsize=None)
def hex_centre(name):
    q, r = parse_hex(name)
    x, y = geometry.axial(q, r, HEX)
    return round(x, 1), round(y, 1)


@lru_cache(maxsize=None)
def spot(intersection):
    """Pixel centre of an intersection (the mean of its three hexes, sea hexes included)."""
    centres = [hex_centre(part) for part in intersection.split(";")]
    return (round(sum(c[0] for c in centres) / 3, 1), round(sum(c[1] for c in centres) / 3, 1))


@lru_cache(maxsize=None)
def path_line(path):
    a, b = (spot(end) for end in GEOMETRY.path_ends[path])
    return {"x1": a[0], "y1": a[1], "x2": b[0], "y2": b[1],
            "x": round((a[0] + b[0]) / 2, 1), "y": round((a[1] + b[1]) / 2, 1)}


def view_box():
    xs = [hex_centre(name)[0] for name in GEOMETRY.land_names]
    ys = [hex_centre(name)[1] for name in GEOMETRY.land_names]
    margin = HEX * 1.55
    return "%.0f %.0f %.0f %.0f" % (min(xs) - margin, min(ys) - margin,
                                    max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin)


def sea_points():
    """A hexagon around the island with room for the harbours."""
    return geometry.points(0, 0, HEX * 4.55)


def hexes(view):
    board = view["board"]
    merchant = view.get("merchant") or {}
    out = []
    for name in GEOMETRY.land_names:
        record = board["hexes"][name]
        terrain = record["terrain"]
        x, y = hex_centre(name)
        number = record["number"]
        terrain_name = translated(TERRAINS[terrain]["name"])
        title = terrain_name if number is None else "%s %d" % (terrain_name, number)
        out.append({
            "name": name, "x": x, "y": y,
            "terrain": terrain, "fill": TERRAIN_COLOURS[terrain], "label": terrain_name,
            "number": number, "pips": pip_dots(number), "red": number in RED_NUMBERS,
            "robber": view["robber"] == name, "merchant": merchant.get("hex") == name,
            "merchant_colour": colour(merchant.get("owner")),
            "title": title + (" — " + _("Robber") if view["robber"] == name else "")
            + (" — " + _("Merchant") if merchant.get("hex") == name else ""),
        })
    return out


def pip_dots(number):
    if number is None:
        return []
    count = PIPS[number]
    return [round((i - (count - 1) / 2) * 4.6, 1) for i in range(count)]


def harbours(view):
    out = []
    for harbour in HARBOURS:
        kind = view["board"]["harbours"][harbour["id"]]
        sea = hex_centre("%d,%d" % harbour["sea"])
        land = hex_centre("%d,%d" % harbour["land"])
        x, y = (round(sea[0] * 0.62 + land[0] * 0.38, 1), round(sea[1] * 0.62 + land[1] * 0.38, 1))
        rate = GENERIC_RATE if kind == "generic" else SPECIAL_RATE
        name = (translated(HARBOUR_NAMES["generic"]) if kind == "generic"
                else _("%s harbour 2:1") % translated(CARD_NAMES[kind]))
        piers = [dict(zip(("x", "y"), spot(end))) for end in GEOMETRY.harbour_intersections[harbour["id"]]]
        # the resource's name under the disc (beside the colour), on the side away from the island
        label_y = round(y + (27 if sea[1] >= land[1] else -21), 1)
        out.append({"id": harbour["id"], "x": x, "y": y, "kind": kind, "rate": "%d:1" % rate, "title": name,
                    "name": "" if kind == "generic" else translated(CARD_NAMES[kind]), "label_y": label_y,
                    "fill": "#ffffff" if kind == "generic" else RESOURCE_FILL[kind], "piers": piers})
    return out


RESOURCE_FILL = {"brick": "#c8552b", "lumber": "#2f7d3a", "wool": "#9dd36a", "grain": "#f0c419", "ore": "#8a94a0",
                 "paper": "#e8f0d0", "cloth": "#d9a6d6", "coin": "#d4b24a"}


def pieces(view, names):
    """Roads, buildings and knights in their owners' colours, each with the owner's mark."""
    roads = [dict(path_line(path), path=path, owner=owner, colour=colour(owner), dash=road_dash(owner),
                  title=_("Road") + " — " + names[owner])
             for path, owner in sorted(view["roads"].items())]
    buildings = []
    for intersection, building in sorted(view["buildings"].items()):
        x, y = spot(intersection)
        owner = building["owner"]
        kind = building["kind"]
        title = _("Settlement") if kind == "settlement" else _("City")
        if building["metropolis"]:
            title = _("Metropolis (%s)") % translated(TRACKS[building["metropolis"]]["name"])
        if building["wall"]:
            title += " + " + _("city wall")
        buildings.append({
            "name": intersection, "x": x, "y": y, "owner": owner, "kind": kind, "wall": building["wall"],
            "metropolis": building["metropolis"], "on_side": building.get("on_side", False),
            "colour": colour(owner), "ink": ink(owner), "mark": seat_mark(owner),
            "title": "%s — %s" % (title, names[owner]),
        })
    knights = []
    for intersection, knight in sorted(view["knights"].items()):
        x, y = spot(intersection)
        owner = knight["owner"]
        state = _("active") if knight["active"] else _("inactive")
        knights.append({
            "name": intersection, "x": x, "y": y, "owner": owner, "strength": knight["strength"],
            "roman": KNIGHT_ROMAN[knight["strength"]], "active": knight["active"], "ready": knight.get("ready"),
            "colour": colour(owner), "ink": ink(owner), "mark": seat_mark(owner),
            "title": "%s (%s) — %s" % (translated(KNIGHTS[knight["strength"]]["name"]), state, names[owner]),
        })
    return {"roads": roads, "buildings": buildings, "knights": knights}


def path_band(path, width=7.0):
    """A thin quadrilateral along a path: a click target with a width whatever its direction."""
    line = path_line(path)
    dx, dy = line["x2"] - line["x1"], line["y2"] - line["y1"]
    length = (dx * dx + dy * dy) ** 0.5
    nx, ny = -dy / length * width, dx / length * width
    # kept off the intersections at both ends, so that a spot there stays clickable
    ax, ay = line["x1"] + dx * 0.2, line["y1"] + dy * 0.2
    bx, by = line["x2"] - dx * 0.2, line["y2"] - dy * 0.2
    return "%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f" % (ax + nx, ay + ny, bx + nx, by + ny, bx - nx, by - ny,
                                                        ax - nx, ay - ny)


def spots(view):
    """Every intersection and path as a click target (invisible until the flow highlights it),
    named by the land hexes it touches."""
    hex_names = {name: hex_title(view, name) for name in GEOMETRY.land_names}
    sea = _("sea")
    intersections = [{"name": name, "x": spot(name)[0], "y": spot(name)[1],
                      "title": _("Intersection: %s") % place_name(name, hex_names, sea)}
                     for name in GEOMETRY.intersections]
    paths = [{"name": path, "points": path_band(path),
              "title": _("Path: %s") % " | ".join(hex_names.get(part, sea) for part in path.split(";"))}
             for path in GEOMETRY.paths]
    return intersections, paths


def place_name(intersection, hex_names, sea):
    """An intersection said by the land hexes it touches ("Forest 8, Hills 5, sea")."""
    touched = GEOMETRY.intersection_hexes[intersection]
    return ", ".join([hex_names[h] for h in touched] + [sea] * (3 - len(touched)))


def intersection_name(view, intersection):
    hex_names = {name: hex_title(view, name) for name in GEOMETRY.intersection_hexes[intersection]}
    return place_name(intersection, hex_names, _("sea"))


def hex_title(view, name):
    record = view["board"]["hexes"][name]
    terrain = translated(TERRAINS[record["terrain"]]["name"])
    return terrain if record["number"] is None else "%s %d" % (terrain, record["number"])


def spots_markup(intersections, paths):
    """The click targets as SVG markup: 126 elements are built here rather than in a template
    loop, which took a third of the page's time (benchmarks/board.py)."""
    out = ['<g class="ck-paths">']
    out += ['<polygon class="ck-path-spot" data-k="path:%s" data-title="%s" points="%s"/>'
            % (escape(p["name"]), escape(p["title"]), p["points"]) for p in paths]
    out.append('</g><g class="ck-spots">')
    out += ['<circle class="ck-spot" data-k="int:%s" data-title="%s" cx="%s" cy="%s" r="10"/>'
            % (escape(s["name"]), escape(s["title"]), s["x"], s["y"]) for s in intersections]
    out.append("</g>")
    return mark_safe("".join(out))  # noqa: S308 (every value escaped above)


def island(view, names):
    intersections, paths = spots(view)
    # a piece carries its intersection's key itself (a city on a settlement, a knight to move)
    occupied = set(view["buildings"]) | set(view["knights"])
    intersections = [spot_ for spot_ in intersections if spot_["name"] not in occupied]
    return {"view_box": view_box(), "sea": sea_points(), "hex_points": geometry.points(0, 0, HEX - 1.5),
            "hexes": hexes(view), "harbours": harbours(view),
            **pieces(view, names), "intersections": intersections, "paths": paths,
            "spots_markup": spots_markup(intersections, paths)}
