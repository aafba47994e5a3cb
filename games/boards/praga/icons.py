"""Rewards of Praga (spec 3.2 codes) as rows of icons and as words.

An icon row is laid out once here so the templates only place `<use>` elements.
Symbols are the `<symbol id="pi-...">` of templates/games/boards/praga/_defs.html.
"""

from functools import lru_cache

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.praga.data.rewards import parse_atom

SYMBOL = {
    "G": "gold", "S": "stone", "E": "egg", "SW": "sw", "GW": "gw", "VP": "vp", "T": "tech",
    "U": "uni", "Q+": "quarry", "M+": "mine", "HW": "hw", "CA": "ca", "RM": "rm", "BM": "bm",
}

# Numbers must read at 11 px on the screen although the icons beside them are drawn at 9-14
# units in pictures scaled down to 0.6-1.0 (tests/browser/test_praga_board_legibility.py):
# a victory-point disc is 40 % larger than the other icons and its number nearly fills it;
# a count before an icon is taller than the icon, on a light halo.
VP_DISC = 1.4  # of the row's icon size
VP_NUMBER = 0.9  # of the disc
NUMBER_FONT = 1.25  # of the row's icon size
NUMBER_WIDTH = 0.8  # of the row's icon size, kept free for a count of one digit


def _words(kind, n):
    return {
        "G": lambda: ngettext("%(n)d gold", "%(n)d gold", n) % {"n": n},
        "S": lambda: ngettext("%(n)d stone", "%(n)d stone", n) % {"n": n},
        "E": lambda: ngettext("%(n)d egg", "%(n)d eggs", n) % {"n": n},
        "SW": lambda: ngettext("%(n)d silver window", "%(n)d silver windows", n) % {"n": n},
        "GW": lambda: ngettext("%(n)d gold window", "%(n)d gold windows", n) % {"n": n},
        "VP": lambda: ngettext("%(n)d VP", "%(n)d VP", n) % {"n": n},
        "T": lambda: ngettext("%(n)d technology step", "%(n)d technology steps", n) % {"n": n},
        "U": lambda: ngettext("%(n)d University step", "%(n)d University steps", n) % {"n": n},
        "Q+": lambda: _("+1 quarry"),
        "M+": lambda: _("+1 gold mine"),
        "HW": lambda: _("a sideways step on the Hunger Wall"),
        "CA": lambda: _("a sideways step on the Cathedral"),
        "RM": lambda: _("a red marker"),
        "BM": lambda: _("a blue marker"),
    }[kind]()


def words(reward):
    """'2 gold, 1 VP' / '2 gold or 2 stone' in the reader's language."""
    parts = []
    for atom in reward or []:
        if isinstance(atom, dict):
            parts.append(_(" or ").join(words(option) for option in atom["choice"]))
        else:
            kind, n = parse_atom(atom)
            parts.append(_words(kind, n))
    return ", ".join(parts)


@lru_cache(maxsize=4096)
def _row(key, size, gap):
    layout = _layout(_unkey(key), size, gap)
    layout["svg"] = _svg(layout)
    return layout


def _svg(layout):
    """The icons as SVG markup, drawn by the _icons.html template once per distinct row."""
    from django.template.loader import render_to_string
    from django.utils.safestring import mark_safe

    return mark_safe(render_to_string("games/boards/praga/_icons.html", {"ir": layout}).strip())


def _key(reward):
    return tuple(("choice", tuple(tuple(o) for o in a["choice"])) if isinstance(a, dict) else a for a in reward or [])


def _unkey(key):
    return [{"choice": [list(o) for o in a[1]]} if isinstance(a, tuple) else a for a in key]


def row(reward, size=14, gap=1.5):
    """Icons of a reward laid out left to right, centred on x = 0 (cached; do not mutate)."""
    return _row(_key(reward), size, gap)


def _layout(reward, size, gap):
    """Icons of a reward laid out left to right, centred on x = 0.

    Returns {"items": [...], "width"}; an item is {"sym", "x", "n"} (n: the number to
    print, "" for one) or {"sep": "/", "x"} between the options of a choice.
    """
    items = []
    x = 0.0

    def put(atom):
        nonlocal x
        kind, n = parse_atom(atom)
        sym = SYMBOL[kind]
        if kind == "VP":
            disc = size * VP_DISC
            items.append({"sym": sym, "x": x, "n": str(n), "inside": True, "w": disc, "top": -disc / 2})
            x += disc + gap
            return
        label = str(n) if n > 1 else ""
        if label:
            items.append({"num": label, "x": x + size * NUMBER_WIDTH / 2, "w": size * NUMBER_WIDTH})
            x += size * NUMBER_WIDTH
        items.append({"sym": sym, "x": x, "n": "", "inside": False, "w": size, "top": -size / 2})
        x += size + gap

    for atom in reward or []:
        if isinstance(atom, dict):
            for i, option in enumerate(atom["choice"]):
                if i:
                    items.append({"sep": "/", "x": x + size * 0.3})
                    x += size * 0.6 + gap
                for a in option:
                    put(a)
        else:
            put(atom)
    width = max(x - gap, 0)
    for item in items:
        item["x"] = round(item["x"] - width / 2, 1)
        if "sym" in item:
            item["cx"] = round(item["x"] + item["w"] / 2, 1)
            item["w"], item["top"] = round(item["w"], 1), round(item["top"], 1)
    return {"items": items, "width": round(width, 1), "size": size, "top": -size / 2,
            "vp_font": round(size * VP_DISC * VP_NUMBER, 1),
            "num_font": round(size * NUMBER_FONT, 1), "left": round(-width / 2 - 2, 1), "box": round(width + 4, 1)}


def cost_words(gold, stone):
    parts = []
    if gold:
        parts.append(_words("G", gold))
    if stone:
        parts.append(_words("S", stone))
    return ", ".join(parts) or _("free")


def cost_reward(gold, stone):
    """A cost as a reward list (for drawing it with the same icons)."""
    out = []
    if gold:
        out.append("%dG" % gold)
    if stone:
        out.append("%dS" % stone)
    return out
