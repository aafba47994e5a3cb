"""The Catan log: each line with the player's colour, the dice faces and the event die of a
roll, the production of each player, and the island spots the move changed (`keys`, for
highlighting them when the line is clicked).

Everything comes from the public log line (engine.catan_ck.describe) and from the public
spots of the move (intersections, paths, hexes). No other field of a move is read: a move
may hold cards another seat must not see (a Master Merchant's pick).
"""

from django.utils.translation import gettext as _

from engine.catan_ck.data.improvements import EVENT_NAMES
from engine.catan_ck.data.progress_cards import card_record
from engine.catan_ck.data.terrains import CARD_NAMES, CARD_TYPES
from games.boards.catan_ck.look import colour, die, seat_mark, translated
from games.boards.catan_ck.panels import TRACK_COLOURS
from games.boards.log_events import with_events
from games.text import is_text, render

LOG_LINES = 40
SPOT_FIELDS = {"intersection": "int", "knight": "int", "path": "path", "hex": "hex", "metropolis": "int"}
LIST_FIELDS = {"paths": "path", "hexes": "hex", "knights": "int"}
EVENT_BY_NAME = {name: face for face, name in EVENT_NAMES.items()}
PRODUCTION_LINE = "{player}: {cards}"


def spots(move):
    """`data-h` keys of the island spots a move names (all public)."""
    if not isinstance(move, dict):
        return []
    out = []
    for field, prefix in SPOT_FIELDS.items():
        value = move.get(field)
        if isinstance(value, str):
            out.append("%s:%s" % (prefix, value))
    for field, prefix in LIST_FIELDS.items():
        for value in move.get(field) or []:
            if isinstance(value, str):
                out.append("%s:%s" % (prefix, value))
    return out


def find(text, name):
    """The first value of arg `name` in a (possibly nested) log text."""
    if not is_text(text):
        return None
    args = text.get("args") or {}
    if name in args:
        return args[name]
    for value in args.values():
        found = find(value, name)
        if found is not None:
            return found
    return None


def productions(text, names):
    """[(seat, cards text)] of the "Production:" part of a roll line."""
    out = []

    def walk(node):
        if not is_text(node):
            return
        if node["msg"] == PRODUCTION_LINE:
            args = node.get("args") or {}
            out.append({"seat": args.get("player"), "name": names.get(args.get("player"), ""),
                        "colour": colour(args.get("player")), "mark": seat_mark(args.get("player")),
                        "cards": render(args.get("cards"), names)})
            return
        for value in (node.get("args") or {}).values():
            walk(value)

    walk(text)
    return out


PRODUCTION_PART = "Production: {list}."


def without_production(text):
    """The line without its "Production: ..." part (drawn per player below the line); the
    parts of a line are the args of a "{p0} {p1} ..." text (engine.catan_ck.describe.join)."""
    if not is_text(text) or not text["msg"].startswith("{p0}"):
        return text
    args = text.get("args") or {}
    kept = [value for _name, value in sorted(args.items()) if not (is_text(value) and value["msg"] == PRODUCTION_PART)]
    if len(kept) == len(args):
        return text
    names = ["p%d" % i for i in range(len(kept))]
    return {"msg": " ".join("{%s}" % name for name in names), "args": dict(zip(names, kept))}


def roll(text):
    white, red, event = find(text, "white"), find(text, "red"), find(text, "event")
    if not isinstance(white, int) or not isinstance(red, int):
        return None
    face = EVENT_BY_NAME.get(event.get("msg")) if is_text(event) else None
    return {"white": white, "red": red, "white_pips": die(white), "red_pips": die(red), "event": face,
            "event_fill": TRACK_COLOURS.get(face, "#2b2b2b"),
            "event_name": render(event) if is_text(event) else ""}


def log_entries(game, names, until=None):
    """The last LOG_LINES moves, newest first, with the site's events (timeouts, drops) among them."""
    from games import move_log

    out = []
    # through move_log: a finished game's moves are packed into one archive row
    for seq, seat, payload, text, _request_id, _at in move_log.newest(game, LOG_LINES, until=until):
        kind = payload.get("type") if isinstance(payload, dict) else None
        out.append({
            "seq": seq, "seat": seat, "colour": colour(seat), "mark": seat_mark(seat),
            "text": render(without_production(text), names),
            "dice": roll(text) if kind == "roll" or (kind == "play_progress" and find(text, "white")) else None,
            "production": productions(text, names),
            "keys": " ".join(spots(payload)),
        })
    return with_events(game, names, out, LOG_LINES, until)


def cards_words(cards):
    return ", ".join("%d %s" % (cards[card], translated(CARD_NAMES[card])) for card in CARD_TYPES if cards.get(card))


def private_lines(view, names):
    """What the last move showed this seat alone with one other (a stolen card, a gift, the
    hand a Spy or a Master Merchant saw): the view holds only the reveals meant for its seat."""
    out = []
    for entry in view.get("private") or []:
        first, second = (list(entry["seats"]) + [None, None])[:2]
        one, other = names.get(first, ""), names.get(second, "")
        kind = entry.get("kind")
        if kind == "steal":
            line = _("%(thief)s took 1 %(card)s from %(victim)s.") % {
                "thief": one, "card": translated(CARD_NAMES[entry["card"]]), "victim": other}
        elif kind == "spy_take":
            line = _("%(spy)s took %(card)s from %(victim)s.") % {
                "spy": one, "card": translated(card_record(entry["card"])["name"]), "victim": other}
        elif kind == "gift":
            line = _("%(giver)s gave %(receiver)s: %(cards)s.") % {
                "giver": one, "receiver": other, "cards": cards_words(entry["cards"])}
        elif kind in ("spy", "hand"):
            shown = (", ".join(translated(card_record(card)["name"]) for card in entry["cards"]) if kind == "spy"
                     else cards_words(entry["cards"]))
            line = _("%(viewer)s saw the cards of %(owner)s: %(cards)s.") % {
                "viewer": one, "owner": other, "cards": shown or _("none")}
        elif kind == "harbor":
            line = _("%(player)s gave %(other)s 1 %(gave)s for 1 %(received)s.") % {
                "player": one, "other": other, "gave": translated(CARD_NAMES[entry["gave"]]),
                "received": translated(CARD_NAMES[entry["received"]])}
        else:
            continue
        out.append(line)
    return out
