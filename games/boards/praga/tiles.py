"""Drawing data of Praga's pieces: hex tiles, action tiles, plaza tiles, technologies.

Tiles are drawn in a local frame of circumradius 40 (templates scale them). The
printed content (cost, reward, centre bonus) stays upright; what the rotation moves
(neighbour symbols on edges, red and blue corners) is placed at the rotated edge or
corner (spec 3.3: a feature at edge e lands on edge (e + rotation) mod 6).
"""

from functools import lru_cache

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engine.praga.data import edition
from games.boards import geometry
from games.boards.praga import icons

TILE_SIZE = 40

ACTION_NAMES = {
    "MINES": "Manage Mines", "QUARRIES": "Manage Quarries", "UPGRADE": "Upgrade an Action",
    "WALL": "Construct a Wall", "BUILDING": "Construct a Building", "ROAD": "Build the King's Road",
}
ACTION_SYMBOL = {
    "MINES": "a-mines", "QUARRIES": "a-quarries", "UPGRADE": "a-upgrade",
    "WALL": "a-wall", "BUILDING": "a-building", "ROAD": "a-road",
}
TYPE_NAMES = {"building": "Building", "wall": "Wall", "upgrade": "Upgrade"}


def action_name(action):
    return _(ACTION_NAMES[action])


def _xy(pair):
    return {"x": round(pair[0], 1), "y": round(pair[1], 1)}


def hex_tile(edition_id, tile_id, rotation=0):
    return _hex_tile(edition_id, tile_id, rotation % 6, get_language())


def _tile_svg(t):
    """The tile as SVG markup, drawn by the _tile.html template once per (tile, rotation)."""
    from django.template.loader import render_to_string
    from django.utils.safestring import mark_safe

    return mark_safe(render_to_string("games/boards/praga/_tile.html", {"t": t}).strip())


@lru_cache(maxsize=4096)
def _hex_tile(edition_id, tile_id, rot, _language):
    rec = edition(edition_id).TILES[tile_id]
    kind = rec["type"]
    t = {
        "id": tile_id, "type": kind, "special": rec["kind"] == "special", "era": rec["era"],
        "era_roman": "I" if rec["era"] == 1 else "II", "rot": rot, "deg": rot * 60,
        "points": geometry.HEX_UNIT,
        "cost": None, "reward": None, "centre": None, "action": None, "act": None,
        "nbrs": [], "red": [], "blue": [],
        "cube_space": bool(rec.get("cube_space")), "cathedral": bool(rec.get("cathedral")),
        "hunger_wall": bool(rec.get("hunger_wall")),
        "status": rec.get("status", ""),
    }
    lines = []
    if kind in ("building", "wall"):
        cost = rec["cost"]
        t["cost"] = icons.row(icons.cost_reward(cost["gold"], cost["stone"]), size=12)
        t["reward"] = icons.row(rec["reward"], size=13)
        lines.append(_("Cost: %s") % icons.cost_words(cost["gold"], cost["stone"]))
        lines.append(_("Reward when built: %s") % icons.words(rec["reward"]))
    if kind == "upgrade":
        t["action"] = ACTION_SYMBOL[rec["action"]]
        t["act"] = rec["action"]
        t["centre"] = icons.row(rec["centre"], size=13)
        lines.append(_("Goes on: %s") % action_name(rec["action"]))
        lines.append(_("Each time you perform this action: %s") % icons.words(rec["centre"]))
        lines.append(_("University steps when taken: %d") % (1 if rec["era"] == 1 else 2))
    for sym in rec.get("neighbours", ()):
        edge = (sym["edge"] + rot) % 6
        pos = _xy(geometry.edge_mid(edge, TILE_SIZE, 0.97))
        pos["icons"] = icons.row(sym["reward"], size=10)
        t["nbrs"].append(pos)
        lines.append(_("Neighbour symbol: %s") % icons.words(sym["reward"]))
    for c in rec.get("red_corners", ()):
        t["red"].append(_xy(geometry.corner((c + rot) % 6, TILE_SIZE * 0.8)))
    for c in rec.get("blue_corners", ()):
        t["blue"].append(_xy(geometry.corner((c + rot) % 6, TILE_SIZE * 0.8)))
    if t["red"]:
        lines.append(_("Red corner: a red marker for every red corner it meets."))
    if t["blue"]:
        lines.append(_("Blue corner: a blue marker for every blue corner it meets."))
    if t["cube_space"]:
        lines.append(_("Cube space: your cube claims this plaza."))
    elif kind == "building":
        lines.append(_("No cube space: 1 VP per building at this plaza when built."))
    if t["cathedral"]:
        lines.append(_("Cathedral symbol: one sideways step on the Cathedral."))
    if t["hunger_wall"]:
        lines.append(_("Hunger Wall symbol: one sideways step on the Hunger Wall."))
    era = _("Era %s") % t["era_roman"]
    special = _("special") if t["special"] else _("normal")
    t["title"] = "%s %s · %s, %s" % (_(TYPE_NAMES[kind]), tile_id, era, special)
    t["text"] = "\n".join(lines)
    t["svg"] = _tile_svg(t)
    return t


def action_tile(edition_id, side, tile_id):
    return _action_tile(edition_id, side, tile_id, get_language())


@lru_cache(maxsize=64)
def _action_tile(edition_id, side, tile_id, _language):
    for rec in edition(edition_id).ACTION_TILES[side]:
        if rec["id"] == tile_id:
            return {
                "id": tile_id, "side": side,
                "actions": [{"action": a, "sym": ACTION_SYMBOL[a], "name": action_name(a)} for a in rec["actions"]],
                "title": "%s %s (%s)" % (_("Action tile"), tile_id, side),
                "text": _(" or ").join(action_name(a) for a in rec["actions"]),
            }
    raise KeyError(tile_id)


def plaza_tile(edition_id, tile_id, side):
    return _plaza_tile(edition_id, tile_id, side, get_language())


@lru_cache(maxsize=64)
def _plaza_tile(edition_id, tile_id, side, _language):
    for rec in edition(edition_id).PLAZA_TILES:
        if rec["id"] == tile_id:
            s = rec["sides"][side]
            return {
                "id": tile_id, "side": side,
                "top": [icons.row(r, size=12) for r in s["top"]],
                "bottom": icons.row(s["bottom"], size=10),
                "title": "%s %s%s" % (_("Plaza tile"), tile_id, side),
                "text": "\n".join([
                    _("Most cubes: both top rewards (%s and %s).") % (icons.words(s["top"][0]), icons.words(s["top"][1])),
                    _("Every other player with a cube here: one of them."),
                    _("Never scored: at the end, %s for each player with a cube here.") % icons.words(s["bottom"]),
                ]),
            }
    raise KeyError(tile_id)


def technology(edition_id, tech_id):
    return _technology(edition_id, tech_id, get_language())


ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}


@lru_cache(maxsize=64)
def _technology(edition_id, tech_id, _language):
    for rec in edition(edition_id).TECHNOLOGIES:
        if rec["id"] == tech_id:
            return {
                "id": tech_id, "level": rec["level"], "roman": ROMAN[rec["level"]],
                "one_shot": rec["use"] == "one_shot",
                "title": "%s %s (%s %s)" % (_("Technology"), tech_id, _("level"), ROMAN[rec["level"]]),
                "text": _(rec["text"]),
                "kind": _("one-shot: use it now or in a later turn") if rec["use"] == "one_shot"
                else _("permanent, from your next turn on"),
            }
    raise KeyError(tech_id)


def bridge_tile(edition_id, tile_id):
    return _bridge_tile(edition_id, tile_id, get_language())


@lru_cache(maxsize=64)
def _bridge_tile(edition_id, tile_id, _language):
    for rec in edition(edition_id).BRIDGE_TILES:
        if rec["id"] == tile_id:
            return {"id": tile_id, "kind": rec["kind"], "title": "%s %s" % (_("Bridge tile"), tile_id),
                    "text": _(rec["text"])}
    raise KeyError(tile_id)


def seal(edition_id, seal_id):
    return _seal(edition_id, seal_id, get_language())


@lru_cache(maxsize=16)
def _seal(edition_id, seal_id, _language):
    for rec in edition(edition_id).SEALS:
        if rec["id"] == seal_id:
            sw = rec["cost"].get("silver_windows", 0)
            final = rec["final"]
            if final["kind"] == "vp":
                label, sym = str(final["vp"]), "vp"
            else:
                label, sym = "×%d" % final["vp"], {"gold": "gold", "stone": "stone", "pair": "pair"}[final["per"]]
            return {
                "id": seal_id, "cost": icons.row(["%dSW" % sw], size=11) if sw else None,
                "label": label, "sym": sym, "title": "%s %s" % (_("Seal"), seal_id),
                "text": _(rec["text"]) + ("\n" + _("Claim cost: %s") % icons.words(["%dSW" % sw]) if sw
                                         else "\n" + _("Claim cost: none")),
                "status": rec.get("status", ""),
            }
    raise KeyError(seal_id)


def production_token(edition_id, token_id):
    return _production_token(edition_id, token_id, get_language())


@lru_cache(maxsize=16)
def _production_token(edition_id, token_id, _language):
    for rec in edition(edition_id).PRODUCTION_TOKENS:
        if rec["id"] == token_id:
            return {"id": token_id, "icons": icons.row(rec["reward"], size=11),
                    "title": _("Production token"),
                    "text": _("Added to every production of its track: %s") % icons.words(rec["reward"])}
    raise KeyError(token_id)
