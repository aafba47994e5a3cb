"""The preferences panel of a Catan game: the standing preferences of spec 4.6 (ASYNC-06).

Each choice is a button posting a real `set_preferences` move with one key; the panel shows the
current value of each. Preferences are in the view of their own seat only, so the panel is
drawn for the reader's own seat and nobody else (a spectator and a replay get none). Ranked
orders are offered by their first choice (the engine ranks the rest in the game's order; longer
orders are set through the API). The city to lose to the barbarians (D-02) is offered among the
seat's own cities a metropolis does not protect, each named by the hexes it touches.
"""

import json

from django.utils.translation import gettext, gettext_noop

from engine.catan_ck.data.progress_cards import DECKS, DECK_NAMES
from engine.catan_ck.data.terrains import CARD_TYPES, COMMODITIES, RESOURCES
from engine.catan_ck.preferences import DEFAULTS
from games.boards.catan_ck.island import intersection_name
from games.presenters import card_name
from games.text import render

TEMPLATE = "games/boards/catan_ck/preferences.html"
MOVES = frozenset({"set_preferences"})

ASK = gettext_noop("Ask me")
# key -> (title, [(value, label)]) for the preferences with a few plain values
PLAIN = {
    "auto_roll": (gettext_noop("Rolling the dice"), [
        (True, gettext_noop("Roll at once when my turn begins")), (False, gettext_noop("Let me roll myself"))]),
    "trade_offers": (gettext_noop("Trade offers to me"), [
        ("ask", ASK), ("decline_all", gettext_noop("Decline them all"))]),
    "progress_overflow": (gettext_noop("A fifth progress card off my turn"), [
        ("ask", ASK), ("new", gettext_noop("Discard the new card at once"))]),
    "knight_retreat": (gettext_noop("A displaced knight of mine"), [
        ("ask", ASK), ("nearest", gettext_noop("Retreats to the nearest spot"))]),
    "deserter_victim": (gettext_noop("A Deserter against me"), [
        ("ask", ASK), ("weakest", gettext_noop("Takes my weakest knight"))]),
}
# key -> (title, the items a ranked order starts with, their names, extra plain values)
RANKED = {
    "card_choice": (gettext_noop("Discards on a 7, Wedding gifts: give up first"), CARD_TYPES),
    "aqueduct": (gettext_noop("Aqueduct: take"), RESOURCES),
    "defender_deck": (gettext_noop("Deck after a tied defence"), DECKS),
    "harbor_answer": (gettext_noop("Commercial Harbor: hand back"), COMMODITIES),
}
CITY_TITLE = gettext_noop("Barbarians win: the city I lose")


def move_json(key, value):
    return json.dumps({"type": "set_preferences", "preferences": {key: value}}, separators=(",", ":"))


def item_name(key, item):
    if key != "defender_deck":
        return card_name(item)
    name = render({"msg": DECK_NAMES[item], "args": {}})
    return name[:1].upper() + name[1:]


def ranked_choices(key, items):
    """Ask me (None), one button per first item, and the Aqueduct's "skip"."""
    choices = [(None, gettext(ASK))]
    if key == "aqueduct":
        choices.append(("skip", gettext("Take nothing")))
    choices += [([item] + [other for other in items if other != item], item_name(key, item)) for item in items]
    return choices


def current_label(key, value, choices, name=None):
    """`name`: how the first item of a ranked order is said when no choice offers it any more
    (a city lost or made a metropolis since)."""
    if isinstance(value, list) and value:
        first = next((label for v, label in choices if isinstance(v, list) and v[0] == value[0]), None)
        return gettext("%(first)s first") % {"first": first or (name or str)(value[0])}
    return next((label for v, label in choices if v == value), str(value))


def row(key, title, choices, current, name=None):
    chosen = current.get(key, DEFAULTS[key])
    same = (lambda v: isinstance(v, list) and isinstance(chosen, list) and v[:1] == chosen[:1]) \
        if isinstance(chosen, list) else (lambda v: v == chosen)
    return {"key": key, "title": gettext(title), "current": current_label(key, chosen, choices, name),
            "choices": [{"label": label, "json": move_json(key, value), "current": same(value)}
                        for value, label in choices]}


def context(game, seat, view, legal, step=None):
    """{"preferences": ...} for the reader's own seat while it plays, else {"preferences": None}."""
    reader = None if seat is None else seat.position
    player = next((p for p in view.get("players") or [] if p.get("seat") == reader), None)
    if step is not None or seat is None or seat.dropped or game.is_finished or player is None \
            or player.get("hand") is None:  # the hand is in the view of the own seat only
        return {"preferences": None}
    current = player.get("preferences") or DEFAULTS
    rows = [row(key, title, [(value, gettext(label)) for value, label in values], current)
            for key, (title, values) in PLAIN.items()]
    rows += [row(key, title, ranked_choices(key, items), current) for key, (title, items) in RANKED.items()]
    rows.append(city_row(view, reader, current))
    return {"preferences": {"rows": rows}}


def city_row(view, seat, current):
    """D-02: Ask me, or one of the seat's cities first (the others follow in the board's order).
    The engine skips a listed city that is no longer one (its D-02 offers pillageable cities)."""
    cities = sorted(name for name, building in view["buildings"].items()
                    if building["owner"] == seat and building["kind"] == "city" and not building["metropolis"])

    def named(intersection):
        return gettext("City at %(place)s") % {"place": intersection_name(view, intersection)}

    choices = [(None, gettext(ASK))] + [([city] + [other for other in cities if other != city], named(city))
                                       for city in cities]
    shown = row("city_to_lose", CITY_TITLE, choices, current, name=named)
    shown["empty"] = gettext("You have no city the barbarians could take yet.") if not cities else ""
    return shown
