"""The market panel of a Catan game: trading over days (spec 4.5, ASYNC-TRADE).

Built from the engine's view (`offers`, which are public) and the reader's own legal moves and
move forms: the active player's turn offers with their counter-offers, and everybody's standing
offers, each with its expiry and the buttons the reader may press on it (accept, decline,
counter, withdraw, take, trade with one who accepted). Every button posts a real engine move
through the site's move submit (games/views.game_move), as the generic move card does.
"""

import json

from django.utils.translation import gettext, gettext_noop

from engine.catan_ck.data.terrains import CARD_TYPES
from games import engines
from games.presenters import card_name, choice_forms, player_names

TEMPLATE = "games/boards/catan_ck/market.html"
# The move types this panel offers; the generic move card leaves them out.
MOVES = frozenset({"offer_trade", "post_standing", "answer_trade", "counter_trade", "complete_trade",
                   "take_standing", "withdraw_trade"})
# Where an offer's view may carry a calendar expiry (an ISO 8601 date-time), should the engine give one.
EXPIRY_DATE_FIELDS = ("expires", "expires_at", "until_date")


def cards(counts):
    """[{"key", "label", "count"}] in the game's card order."""
    return [{"key": card, "label": card_name(card), "count": counts[card]} for card in CARD_TYPES if counts.get(card)]


def encoded(move):
    return json.dumps(move, separators=(",", ":"))


def button(label, move, style="primary"):
    return {"label": label, "json": encoded(move), "style": style}


def offer_buttons(offer, legal, names):
    """The reader's legal moves on this offer, with short labels."""
    buttons = []
    for move in legal:
        if move.get("offer") != offer["id"]:
            continue
        kind = move["type"]
        if kind == "answer_trade" and move["answer"] == "accept":
            buttons.append(button(gettext("Accept"), move))
        elif kind == "answer_trade":
            buttons.append(button(gettext("Decline"), move, "secondary"))
        elif kind == "take_standing":
            buttons.append(button(gettext("Take this standing offer"), move))
        elif kind == "complete_trade":
            buttons.append(button(gettext("Trade with %(player)s") % {"player": names[move["with"]]}, move))
        elif kind == "withdraw_trade":
            buttons.append(button(gettext("Withdraw"), move, "secondary"))
    return buttons


def expiry(offer, view):
    """When the offer lapses, in words, and a calendar date when the engine gives one."""
    turn = (view.get("turn") or {}).get("number")
    date = next((offer[field] for field in EXPIRY_DATE_FIELDS if offer.get(field)), None)
    if offer["kind"] in ("turn", "counter"):
        words = gettext("lapses at the end of turn %(turn)s") % {"turn": turn}
    elif offer.get("until") is not None:
        words = gettext("stands through turn %(turn)s") % {"turn": offer["until"]}
    elif date:
        words = gettext("stands until it expires")
    else:
        words = gettext("stands until withdrawn")
    return {"words": words, "date": _parse(date)}


def _parse(value):
    from django.utils.dateparse import parse_datetime

    try:
        return parse_datetime(value) if isinstance(value, str) else None
    except ValueError:
        return None


KIND_LABELS = {"turn": gettext_noop("Turn offer"), "counter": gettext_noop("Counter-offer"),
               "standing": gettext_noop("Standing offer")}


def offer_row(offer, view, legal, names, counters, reader):
    to = offer.get("to") or []
    mode = None
    if offer["kind"] == "turn":
        mode = (gettext("the first to accept trades") if offer["mode"] == "first"
                else gettext("%(player)s chooses among those who accept") % {"player": names[offer["author"]]})
    return {
        "id": offer["id"], "kind": offer["kind"], "kind_label": gettext(KIND_LABELS[offer["kind"]]),
        "author": names[offer["author"]], "mine": offer["author"] == reader,
        "to": [names[seat] for seat in to], "to_me": reader in to,
        "give": cards(offer["give"]), "want": cards(offer["want"]), "mode": mode,
        "accepted": [names[seat] for seat in offer.get("accepted") or []],
        "expiry": expiry(offer, view),
        "dormant": offer["kind"] == "standing" and offer["author"] == view.get("active"),
        "buttons": offer_buttons(offer, legal, names),
        "counter": counters.get(offer["id"]),
    }


# The open fields the page adds to the engine's offer forms (games/form_fields.py): whom a turn
# offer goes to, and an optional expiry date for either kind.
OPEN_EXPIRY = {"moment": {"optional": True}}
FIELD_LABELS = {"to": gettext_noop("Offer to"), "expires": gettext_noop("Expires at a date and time")}


def with_open_fields(form, reader, view):
    if form["type"] == "offer_trade":
        opponents = [p["seat"] for p in view.get("players") or [] if p.get("seat") != reader]
        return dict(form, to={"seats": {"from": opponents}}, expires=OPEN_EXPIRY)
    if form["type"] == "post_standing":
        return dict(form, expires=OPEN_EXPIRY)
    return form


def drawn_form(game, form, index):
    drawn = choice_forms(game, [form], prefix=f"market{index}-")[0]
    for field in drawn["fields"]:
        if field["name"] in FIELD_LABELS and field["kind"] != "cards":
            field["label"] = gettext(FIELD_LABELS[field["name"]])
    return dict(drawn, cards=[f for f in drawn["fields"] if f["kind"] == "cards"],
                seats=next((f for f in drawn["fields"] if f["kind"] == "seats"), None),
                moment=next((f for f in drawn["fields"] if f["kind"] == "moment"), None))


def making_forms(game, forms, view, reader):
    """The forms to post a turn offer (two modes: two buttons) and a standing offer (one button per
    expiry), and a counter form per offer addressed to the reader; card fields as the move card's,
    the recipients and a calendar expiry as open fields."""
    turn = (view.get("turn") or {}).get("number") or 0
    made, counters = {}, {}
    for index, form in enumerate(forms):
        kind = form["type"]
        if kind not in MOVES:
            continue
        form = with_open_fields(form, reader, view)
        drawn = drawn_form(game, form, index)
        if kind == "offer_trade":
            entry = made.setdefault("turn", dict(drawn, buttons=[]))
            label = (gettext("Offer: the first to accept trades") if form["mode"] == "first"
                     else gettext("Offer: I choose among those who accept"))
            entry["buttons"].append(button(label, form))
        elif kind == "post_standing":
            rounds = turn + len(view.get("players") or []) - 1  # until the reader's next turn at least
            made["standing"] = dict(drawn, buttons=[
                button(gettext("Post until withdrawn"), form),
                button(gettext("Post through turn %(turn)s") % {"turn": turn}, dict(form, until=turn), "secondary"),
                button(gettext("Post through turn %(turn)s") % {"turn": rounds}, dict(form, until=rounds),
                       "secondary"),
            ] if turn else [button(gettext("Post until withdrawn"), form)])
        elif kind == "counter_trade":
            counters[form["offer"]] = dict(drawn, buttons=[button(gettext("Send this counter-offer"), form)])
    return made, counters


def context(game, seat, view, legal, step=None):
    """{"market": ...} for the reader's seat (None: a spectator); in a replay (`step`) or for a seat a
    bot plays, the offers without buttons."""
    names = player_names(game)
    reader = None if seat is None else seat.position
    playing = step is None and seat is not None and not seat.dropped and not game.is_finished
    forms = engines.move_forms(game.game_id, game.state, reader) if playing else []
    made, counters = making_forms(game, forms, view, reader) if playing else ({}, {})
    own = legal if playing else []
    offers = [offer_row(offer, view, own, names, counters, reader) for offer in view.get("offers") or []]
    player = next((p for p in view.get("players") or [] if p.get("seat") == reader), None)
    hand = cards(player["hand"]) if player and player.get("hand") else []
    return {"market": {
        "turn_offers": [o for o in offers if o["kind"] in ("turn", "counter")],
        "standing_offers": [o for o in offers if o["kind"] == "standing"],
        "make_turn": made.get("turn"), "make_standing": made.get("standing"),
        "hand": hand, "playing": playing, "active": names.get(view.get("active"), ""),
        "turn": (view.get("turn") or {}).get("number"),
    }}
