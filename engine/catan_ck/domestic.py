"""Domestic trade without waiting (CAT-TRADE-05..07, spec 4.5 ASYNC-TRADE-01..08).

An offer is public: `{"id", "author", "to", "give", "want", "kind", "mode", "accepted"}`.
`kind` is "turn" (posted by the active player in the action phase, to all or some opponents,
lapses at the end of the turn), "counter" (an addressee's answer to a turn offer, addressed to
the active player only, lapses with the turn) or "standing" (any player, any time, until
withdrawn; only an active player in the action phase can take it; dormant in its author's own
turn). `mode` of a turn offer: "first" (the first valid acceptance executes at once) or
"choose" (acceptances are collected; the active player completes the trade with one of them).
Every trade is between the active player and one other player and executes atomically; if it
no longer holds, it is refused with a reason and the offer stays.
"""

import datetime

from engine.core.contract import rules_version
from engine.core.text import _
from engine.catan_ck.common import need
from engine.catan_ck.data.terrains import CARD_TYPES

TURN_OFFER_LIMIT = 5      # ASYNC-TRADE-06
STANDING_OFFER_LIMIT = 3


def check_cards(cards):
    need(isinstance(cards, dict) and cards and set(cards) <= set(CARD_TYPES)
         and all(type(n) is int and n > 0 for n in cards.values()), _("Name the cards by type and number."))
    return dict(cards)


def check_exchange(give, want):
    """CAT-TRADE-05/06: each side gives at least one card, no type on both sides."""
    give, want = check_cards(give), check_cards(want)
    need(not set(give) & set(want), _("A card type cannot be on both sides of a trade."))
    return give, want


def holds(state, seat, cards):
    return all(state["players"][seat]["hand"][c] >= n for c, n in cards.items())


def action_phase(state):
    return (state["phase"] == "play" and state["turn"]["stage"] == "action" and not state["decisions"]
            and not state.get("card_step"))


def check_expiry(value):
    """An offer's expiry by date (ASYNC-TRADE-01/02/04): a UTC moment in ISO 8601, kept as
    "YYYY-MM-DDTHH:MM:SSZ" (so that moments compare as strings). The engine has no clock: the
    site submits `expire_trade` when the moment has come (`timed_moves`, its clock task)."""
    if value is None:
        return None
    try:
        moment = datetime.datetime.fromisoformat(value.replace("Z", "+00:00")) if isinstance(value, str) else None
    except ValueError:
        moment = None
    need(moment is not None and moment.utcoffset() == datetime.timedelta(0),
         _("An expiry is a moment in UTC such as 2026-11-30T18:00:00Z."))
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _post(context, seat, kind, give, want, to, mode="first", expires=None):
    offers = context.write("offers")
    offer_id = context.state["next_offer"]
    context.state["next_offer"] = offer_id + 1
    offer = {"id": offer_id, "author": seat, "to": to, "give": give, "want": want, "kind": kind,
             "mode": mode, "accepted": []}
    if expires is not None:
        offer["expires"] = expires
    offers.append(offer)
    context.barrier = True
    return offer_id


def do_offer_trade(context, seat, move):
    """ASYNC-TRADE-02: the active player's turn offer."""
    state = context.state
    need(seat == state["active"] and action_phase(state), _("Offers are made in your action phase."))
    give, want = check_exchange(move["give"], move["want"])
    need(holds(state, seat, give), _("You do not hold these cards."))
    others = [s for s in range(state["players_count"]) if s != seat]
    to = move.get("to")
    if rules_version(state) < 3:  # games begun before version 3: empty meant everybody, repeats were kept
        to = to or others
        need(isinstance(to, list) and set(to) <= set(others), _("Choose opponents."))
    else:
        to = others if to is None else to  # absent: every opponent; an empty list is nobody, no choice
        # the schema checked the seat numbers; each opponent once
        need(isinstance(to, list) and len(set(to)) == len(to) and set(to) <= set(others), _("Choose opponents."))
        need(to, _("Choose at least one opponent to make the offer to."))
    need(move.get("mode", "first") in ("first", "choose"), _("The field {field} has a wrong value."), field="mode")
    need(sum(1 for o in state["offers"] if o["author"] == seat and o["kind"] == "turn") < TURN_OFFER_LIMIT,
         _("At most {count} offers per turn."), count=TURN_OFFER_LIMIT)
    _post(context, seat, "turn", give, want, sorted(to), move.get("mode", "first"), check_expiry(move.get("expires")))


def do_post_standing(context, seat, move):
    """ASYNC-TRADE-04: any player, any time."""
    state = context.state
    need(state["phase"] == "play", _("Offers are made during the game."))
    give, want = check_exchange(move["give"], move["want"])
    need(holds(state, seat, give), _("You do not hold these cards."))
    need(sum(1 for o in state["offers"] if o["author"] == seat and o["kind"] == "standing") < STANDING_OFFER_LIMIT,
         _("At most {count} standing offers."), count=STANDING_OFFER_LIMIT)
    until = move.get("until")  # ASYNC-TRADE-04: the offer stands through this turn number
    need(until is None or until >= current_turn(state), _("An offer cannot expire before the current turn."))
    offer_id = _post(context, seat, "standing", give, want, None, expires=check_expiry(move.get("expires")))
    if until is not None:
        context.state["offers"][-1]["until"] = until
    return offer_id


def find_offer(state, offer_id):
    offer = next((o for o in state["offers"] if o["id"] == offer_id), None)
    need(offer is not None, _("There is no such offer."))
    return offer


def execute(context, giver, receiver, give, want):
    """`giver` hands `give` to `receiver` and receives `want` (ASYNC-TRADE-05: atomic)."""
    state = context.state
    need(action_phase(state), _("Trades happen in the active player's action phase."))
    need(holds(state, giver, give), _("{player} no longer holds the offered cards."), player=giver)
    need(holds(state, receiver, want), _("{player} no longer holds the wanted cards."), player=receiver)
    giver_hand, receiver_hand = context.player_item(giver, "hand"), context.player_item(receiver, "hand")
    for card, count in give.items():
        giver_hand[card] -= count
        receiver_hand[card] += count
    for card, count in want.items():
        receiver_hand[card] -= count
        giver_hand[card] += count
    context.event({"kind": "trade", "seat": giver, "other": receiver, "give": give, "want": want})
    context.barrier = True


def _remove(context, offer_id):
    context.state["offers"] = [o for o in context.state["offers"] if o["id"] != offer_id]
    context.written.add("offers")
    context.barrier = True


def do_answer_trade(context, seat, move):
    """Accept or decline a turn offer (ASYNC-TRADE-02), or accept a counter-offer (-03)."""
    state = context.state
    offer = find_offer(state, move["offer"])
    answer = move["answer"]
    need(answer in ("accept", "decline"), _("The field {field} has a wrong value."), field="answer")
    if offer["kind"] == "counter":
        need(seat == offer["to"][0] == state["active"], _("This offer is not addressed to you."))
        if answer == "accept":
            execute(context, offer["author"], seat, offer["give"], offer["want"])
        _remove(context, offer["id"])
        return
    need(offer["kind"] == "turn" and seat in offer["to"], _("This offer is not addressed to you."))
    if answer == "decline":
        offers = context.write("offers")
        record = next(o for o in offers if o["id"] == offer["id"])
        record["to"] = [s for s in record["to"] if s != seat]
        if not record["to"]:
            _remove(context, offer["id"])
        return
    need(holds(state, seat, offer["want"]), _("You do not hold the wanted cards."))
    if offer["mode"] == "first":
        execute(context, offer["author"], seat, offer["give"], offer["want"])
        _remove(context, offer["id"])
    else:
        offers = context.write("offers")
        record = next(o for o in offers if o["id"] == offer["id"])
        if seat not in record["accepted"]:
            record["accepted"].append(seat)
        context.barrier = True


def do_complete_trade(context, seat, move):
    """Mode "choose": the active player picks one of the accepting players."""
    offer = find_offer(context.state, move["offer"])
    need(offer["author"] == seat and offer["kind"] == "turn", _("This is not your offer."))
    need(move["with"] in offer["accepted"], _("That player has not accepted."))
    execute(context, seat, move["with"], offer["give"], offer["want"])
    _remove(context, offer["id"])


def do_counter_trade(context, seat, move):
    state = context.state
    offer = find_offer(state, move["offer"])
    need(offer["kind"] == "turn" and seat in offer["to"], _("This offer is not addressed to you."))
    give, want = check_exchange(move["give"], move["want"])
    need(holds(state, seat, give), _("You do not hold these cards."))
    _post(context, seat, "counter", give, want, [state["active"]])


def do_take_standing(context, seat, move):
    state = context.state
    offer = find_offer(state, move["offer"])
    need(offer["kind"] == "standing" and offer["author"] != seat, _("This is not a standing offer of another player."))
    need(seat == state["active"], _("Only the active player can take a standing offer."))
    execute(context, offer["author"], seat, offer["give"], offer["want"])
    _remove(context, offer["id"])


def do_withdraw_trade(context, seat, move):
    offer = find_offer(context.state, move["offer"])
    need(offer["author"] == seat, _("This is not your offer."))
    _remove(context, offer["id"])


def do_expire_trade(context, seat, move):
    """The site's clock: an offer's expiry moment has come (submitted for its author's seat;
    players cannot submit it, SITE_MOVES). An offer gone meanwhile is refused, changing nothing."""
    offer = find_offer(context.state, move["offer"])
    need(offer["author"] == seat and offer.get("expires") is not None, _("This offer has no expiry."))
    _remove(context, offer["id"])


def timed_moves(state):
    """Moves the site submits when their moment has come: `{"at", "seat", "move"}` per offer
    with an expiry, earliest first."""
    if state["phase"] != "play":
        return []
    return sorted(({"at": o["expires"], "seat": o["author"], "move": {"type": "expire_trade", "offer": o["id"]}}
                   for o in state["offers"] if o.get("expires")), key=lambda t: (t["at"], t["move"]["offer"]))


def current_turn(state):
    return state["turn"]["number"] if state.get("turn") else 0


def end_of_turn(context):
    """Turn offers and counter-offers lapse with the turn (ASYNC-TRADE-02/03), and standing
    offers whose last turn this was (ASYNC-TRADE-04, `until`)."""
    if not context.state["offers"]:
        return  # most turns end with none open
    ending = current_turn(context.state)

    def stays(offer):
        return offer["kind"] == "standing" and (offer.get("until") is None or offer["until"] > ending)

    if not all(stays(o) for o in context.state["offers"]):
        context.state["offers"] = [o for o in context.state["offers"] if stays(o)]
        context.written.add("offers")


def trade_moves(state, seat):
    """Answers and takes; posting offers has too many forms to list (a bot may build them)."""
    moves = []
    active = state["active"]
    for offer in state["offers"]:
        if offer["kind"] == "turn" and seat in offer["to"] and seat not in offer["accepted"]:
            executes = offer["mode"] == "first"  # then both sides must still hold the cards now
            if holds(state, seat, offer["want"]) and (not executes or (
                    action_phase(state) and holds(state, offer["author"], offer["give"]))):
                moves.append({"type": "answer_trade", "offer": offer["id"], "answer": "accept"})
            moves.append({"type": "answer_trade", "offer": offer["id"], "answer": "decline"})
        elif offer["kind"] == "counter" and seat == active == offer["to"][0]:
            if action_phase(state) and holds(state, offer["author"], offer["give"]) and holds(state, seat, offer["want"]):
                moves.append({"type": "answer_trade", "offer": offer["id"], "answer": "accept"})
            moves.append({"type": "answer_trade", "offer": offer["id"], "answer": "decline"})
        elif offer["kind"] == "standing" and seat == active and offer["author"] != seat and action_phase(state) \
                and holds(state, offer["author"], offer["give"]) and holds(state, seat, offer["want"]):
            moves.append({"type": "take_standing", "offer": offer["id"]})
        if offer["author"] == seat:
            moves.append({"type": "withdraw_trade", "offer": offer["id"]})
        if offer["kind"] == "turn" and offer["author"] == seat and action_phase(state):
            moves += [{"type": "complete_trade", "offer": offer["id"], "with": s} for s in offer["accepted"]
                      if holds(state, s, offer["want"]) and holds(state, seat, offer["give"])]
    return moves


def _open_choice(source, low, high):
    """A card choice of `low` to `high` cards within `source` (docs/engine.md, constraints)."""
    return {"choose": {"min": low, "max": high, "from": source}}


def posting_forms(state, seat):
    """The offers `seat` may post now, as move forms with open card choices (the generic move
    card draws them; `legal_moves` leaves them out: their forms are too many to list)."""
    from engine.catan_ck.data.terrains import BANK

    if state["phase"] != "play":
        return []
    hand = state["players"][seat]["hand"]
    held = {card: hand[card] for card in CARD_TYPES if hand[card]}
    if not held:
        return []
    give = _open_choice(held, 1, sum(held.values()))
    want = _open_choice(dict(BANK), 1, sum(BANK.values()))
    forms = []
    if seat == state["active"] and action_phase(state) and \
            sum(1 for o in state["offers"] if o["kind"] == "turn") < TURN_OFFER_LIMIT:
        forms += [{"type": "offer_trade", "give": give, "want": want, "mode": mode} for mode in ("first", "choose")]
    for offer in state["offers"]:
        if offer["kind"] == "turn" and seat in offer["to"] and seat not in offer["accepted"]:
            forms.append({"type": "counter_trade", "offer": offer["id"], "give": give, "want": want})
    if sum(1 for o in state["offers"] if o["kind"] == "standing" and o["author"] == seat) < STANDING_OFFER_LIMIT:
        forms.append({"type": "post_standing", "give": give, "want": want})
    return forms


ASK_LINES = {
    "turn": _("{player} offers {give} for {want}."),
    "counter": _("{player} counters: {give} for {want}."),
    "standing": _("{player} posts a standing offer: {give} for {want}."),
}


def open_asks(state, seat):
    """Offers `seat` may answer now without being asked by `to_act` (the site mails new ones):
    turn offers addressed to it and not yet answered, counter-offers to it as the active player,
    and, in its action phase, standing offers of others. Only public offer fields."""
    from engine.core.text import text
    from engine.catan_ck.describe import cards_text

    if state["phase"] != "play":
        return []
    asks = []
    for offer in state["offers"]:
        addressed = (offer["kind"] == "turn" and seat in offer["to"] and seat not in offer["accepted"]) or (
            offer["kind"] == "counter" and offer["to"] == [seat]) or (
            offer["kind"] == "standing" and offer["author"] != seat and seat == state["active"] and action_phase(state))
        if addressed:
            line = text(ASK_LINES[offer["kind"]], player=offer["author"], give=cards_text(offer["give"]),
                        want=cards_text(offer["want"]))
            asks.append({"id": offer["id"], "text": line})
    return asks
