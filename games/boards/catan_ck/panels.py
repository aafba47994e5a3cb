"""Everything beside the island: the barbarian track, the progress decks, the turn and dice,
and each player's panel (flip charts, hands, points with their sources, special cards).

A seat's own hand and progress cards are in its view face up; another seat's are None in
the view (engine.catan_ck.view), so only their counts can be drawn here.
"""

from django.utils.translation import gettext as _

from engine.catan_ck.barbarians import barbarian_strength, knight_strengths
from engine.catan_ck.data.improvements import BARBARIAN_TRACK_END, EVENT_NAMES, MAX_LEVEL, TRACK_ORDER, TRACKS
from engine.catan_ck.data.progress_cards import DECK_NAMES, DECKS, card_record
from engine.catan_ck.data.terrains import CARD_NAMES, CARD_TYPES, COMMODITIES
from engine.catan_ck.trade import trade_rate
from games.boards.catan_ck.island import RESOURCE_FILL
from games.boards.catan_ck.look import colour, die, ink, road_dash, seat_mark, translated

TRACK_COLOURS = {"trade": "#e3b81f", "politics": "#2e6fd1", "science": "#2f9a48"}
DECK_COLOURS = TRACK_COLOURS
POINT_SOURCES = ["settlements", "cities", "metropolises", "longest_road", "defenders", "merchant", "progress"]


def point_label(key):
    return {
        "settlements": _("Settlements"), "cities": _("Cities"), "metropolises": _("Metropolises"),
        "longest_road": _("Longest Road"), "defenders": _("Defender of Catan"), "merchant": _("Merchant"),
        "progress": _("Progress cards"),
    }[key]


def barbarians(view):
    """The ship on its track, and the strength of Catan (active knights) against the barbarians'."""
    position = view["barbarians"]["position"]
    strengths = knight_strengths(view)
    return {
        "position": position, "end": BARBARIAN_TRACK_END, "attacks": view["barbarians"]["attacks"],
        "spaces": [{"index": i, "x": 14 + i * 36, "ship": i == position, "attack": i == BARBARIAN_TRACK_END}
                   for i in range(BARBARIAN_TRACK_END + 1)],
        "ship_x": 14 + position * 36,
        "catan": sum(strengths), "barbarians": barbarian_strength(view),
        "to_go": BARBARIAN_TRACK_END - position,
    }


def decks(view):
    return [{"deck": deck, "name": translated(DECK_NAMES[deck]), "count": view["decks"][deck],
             "fill": DECK_COLOURS[deck]} for deck in DECKS]


def dice(view):
    """The last roll: white and red die faces and the event die (None before the first roll)."""
    roll = (view.get("turn") or {}).get("roll")
    if not roll:
        return None
    return {"white": roll["white"], "red": roll["red"], "white_pips": die(roll["white"]),
            "red_pips": die(roll["red"]), "total": roll["total"], "event": roll["event"],
            "event_name": translated(EVENT_NAMES[roll["event"]]),
            "event_fill": TRACK_COLOURS.get(roll["event"], "#2b2b2b"), "alchemist": roll.get("alchemist")}


def flip_charts(player):
    charts = []
    for track in TRACK_ORDER:
        record = TRACKS[track]
        level = player["levels"][track]
        charts.append({
            "track": track, "name": translated(record["name"]), "level": level, "max": MAX_LEVEL,
            "fill": TRACK_COLOURS[track], "commodity": translated(CARD_NAMES[record["commodity"]]),
            "steps": [{"level": i + 1, "name": translated(name), "built": i < level}
                      for i, name in enumerate(record["levels"])],
            "current": translated(record["levels"][level - 1]) if level else _("none yet"),
        })
    return charts


def hand(player, own):
    """Own cards face up (type, count), in the fixed card order; others: only the count."""
    if not own or player["hand"] is None:
        return None
    return [{"type": card, "name": translated(CARD_NAMES[card]), "count": player["hand"][card],
             "fill": RESOURCE_FILL[card], "commodity": card in COMMODITIES}
            for card in CARD_TYPES if player["hand"][card]]


def progress_hand(player, own):
    if not own or player["progress"] is None:
        return None
    out = []
    for card in player["progress"]:
        record = card_record(card)
        out.append({"id": card, "kind": record["kind"], "name": translated(record["name"]),
                    "effect": translated(record["effect"]), "deck": record["deck"],
                    "fill": DECK_COLOURS[record["deck"]]})
    return out


def rates(view, seat):
    """The player's best maritime rate for each card type (bank 4:1, harbours, trade level 3, merchant)."""
    return [{"type": card, "name": translated(CARD_NAMES[card]), "rate": trade_rate(view, seat, card),
             "fill": RESOURCE_FILL[card]} for card in CARD_TYPES]


def player(view, seat, names, me):
    shown = view["players"][seat]
    own = seat == me
    breakdown = shown["points_breakdown"]
    knights = [k for k in view["knights"].values() if k["owner"] == seat]
    return {
        "seat": seat, "name": names[seat], "colour": colour(seat), "ink": ink(seat), "mark": seat_mark(seat),
        "dash": road_dash(seat), "own": own, "active": view.get("active") == seat,
        "points": shown["points"],
        "sources": [{"key": key, "label": point_label(key), "points": breakdown[key]}
                    for key in POINT_SOURCES if breakdown.get(key)],
        "charts": flip_charts(shown),
        "cards": shown["cards"], "hand": hand(shown, own),
        "progress": progress_hand(shown, own),
        "progress_counts": [{"deck": deck, "count": shown["progress_counts"][deck], "fill": DECK_COLOURS[deck],
                             "name": translated(DECK_NAMES[deck])} for deck in DECKS],
        "progress_total": sum(shown["progress_counts"].values()),
        "revealed": [translated(card_record(card)["name"]) for card in shown.get("revealed") or []],
        "defenders": shown["defenders"],
        "longest_road": view["longest_road"]["holder"] == seat,
        "road_length": view["longest_road"]["lengths"][seat],
        "knights": len(knights), "knight_strength": sum(k["strength"] for k in knights if k["active"]),
        "supply": shown["supply"],
        "rates": rates(view, seat) if own else None,
    }


def players(view, names, me):
    """Panels in turn order, the reader's own first."""
    order = list(view["order"])
    if me in order:
        order = order[order.index(me):] + order[:order.index(me)]
    return [player(view, seat, names, me) for seat in order]
