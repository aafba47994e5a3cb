"""Log lines (engine.core.text dicts); `state` is the state before the move.

The line is computed by applying the move, so chance results (dice, event die, stolen
card's victim, random timeout defaults) are written into the line and a replay of the log
needs no generator. Hidden parts stay hidden: a stolen card's type and the face of a
discarded progress card are not in the line (the two seats concerned see the stolen card
in their view). The seat of a decision answer is the seat of the decision it names.
"""

from engine.core.errors import IllegalMove
from engine.core.text import _, text
from engine.catan_ck.data.improvements import EVENT_NAMES, TRACKS
from engine.catan_ck.data.knights import KNIGHTS
from engine.catan_ck.data.progress_cards import DECK_NAMES, card_record
from engine.catan_ck.data.terrains import CARD_NAMES, CARD_TYPES

BUILDING_NAMES = {"settlement": _("settlement"), "city": _("city")}


def join(parts, separator=", "):
    parts = [part for part in parts if part is not None]
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    names = ["p%d" % i for i in range(len(parts))]
    return text(separator.join("{%s}" % n for n in names), **dict(zip(names, parts)))


def cards_text(cards):
    return join([text("{count} {card}", count=cards[c], card=text(CARD_NAMES[c]))
                 for c in CARD_TYPES if cards.get(c)]) or text(_("nothing"))


def mover(move, state):
    """The seat making `move`: a decision's seat, an addressee answering an offer, else the
    active seat. (Standing offers by non-active seats need the seat from the site.)"""
    if isinstance(move, dict) and move.get("type") in ("answer_trade", "counter_trade") and move.get("offer"):
        offer = next((o for o in state.get("offers", []) if o["id"] == move["offer"]), None)
        if offer is not None and offer["kind"] == "turn":
            pending = [s for s in offer["to"] if s not in offer["accepted"]]
            if len(pending) == 1:
                return pending[0]
    decision_id = move.get("decision") if isinstance(move, dict) else None
    for decision in state["decisions"]:
        if decision["id"] == decision_id:
            return decision["seat"]
    return state["active"]


def describe(move, state, seat=None, after=None):
    """The log line; `seat` is who made the move (inferred from the move when omitted). `after`
    (the state `apply` gave, engine contract) is not used: the line needs the move's events too,
    which only applying it in context gives."""
    from engine.catan_ck.moves import apply_in_context

    seat = mover(move, state) if seat is None else seat
    if not isinstance(move, dict) or move.get("type") == "undo":
        return text(_("{player} takes back a move."), player=seat)
    try:
        context = apply_in_context(state, seat, move)
    except IllegalMove as refusal:
        return text(_("{player}: refused move ({reason})"), player=seat, reason=refusal.as_text())
    after = context.state
    if move.get("timeout") and move["type"] not in ("roll", "end_turn"):
        move = _chosen(move, state, after, context)
    parts = [_line(move, state, after, seat)]
    parts += [_event(event) for event in context.events]
    if move["type"] == "roll":
        parts += _roll_parts(after)
    if after["phase"] == "over" and state["phase"] != "over":
        parts.append(text(_("{player} wins with {points} points."), player=after["result"]["winner"],
                          points=after["result"]["scores"][after["result"]["winner"]]))
    line = join(parts, " ")
    if move.get("timeout"):
        line = text(_("{line} (by timeout)"), line=line)
    return line


def _chosen(move, before, after, context):
    """The concrete choice a timeout default made, read back from the new state."""
    kind = move["type"]
    if kind == "setup_place":
        from engine.catan_ck.setup import default_setup_move
        return dict(default_setup_move(before, before["active"]), timeout=True)
    if kind == "move_robber":
        from engine.catan_ck.seven import default_robber_move
        return dict(default_robber_move(before, before["active"]), timeout=True)
    if kind == "lose_city":
        seat = mover(move, before)
        lost = after["turn"]["attack"]["cities_lost"].get(str(seat))
        return dict(move, intersection=lost)
    if kind == "retreat_knight":
        decision = next(d for d in before["decisions"] if d["id"] == move["decision"])
        return dict(move, intersection=decision["spots"][0])
    if kind == "take_aqueduct":
        seat = mover(move, before)
        taken = [c for c in CARD_TYPES if after["players"][seat]["hand"][c] > before["players"][seat]["hand"][c]]
        return dict(move, resource=taken[0] if taken else None)
    if kind == "choose_deck":
        seat = mover(move, before)
        return dict(move, deck=after["turn"]["attack"]["deck_choices"].get(str(seat)))
    return move


def context_events(move, state, seat):
    from engine.catan_ck.moves import apply_in_context

    return apply_in_context(state, seat, move).events


def _line(move, state, after, seat):
    kind = move["type"]
    who = {"player": seat}
    if kind == "setup_place":
        building = "city" if state["setup"]["step"] >= state["players_count"] else "settlement"
        return text(_("{player} places a {building} at {intersection} and a road at {path}."),
                    building=text(BUILDING_NAMES[building]), intersection=move["intersection"],
                    path=move["path"], **who)
    if kind == "roll":
        roll = after["turn"]["roll"]
        return text(_("{player} rolls {white} (white) and {red} (red) = {total}; event die: {event}."),
                    white=roll["white"], red=roll["red"], total=roll["total"],
                    event=text(EVENT_NAMES[roll["event"]]), **who)
    if kind == "move_robber":
        line = text(_("{player} moves the robber to {hex}."), hex=move["hex"], **who)
        if move.get("victim") is not None:
            line = text(_("{player} moves the robber to {hex} and takes a card from {victim}."),
                        hex=move["hex"], victim=move["victim"], **who)
        return line
    if kind == "build_road":
        return text(_("{player} builds a road at {path}."), path=move["path"], **who)
    if kind in ("build_settlement", "build_city"):
        return text(_("{player} builds a {building} at {intersection}."),
                    building=text(BUILDING_NAMES[kind[6:]]), intersection=move["intersection"], **who)
    if kind == "build_wall":
        return text(_("{player} builds a city wall at {intersection}."), intersection=move["intersection"], **who)
    if kind == "maritime_trade":
        given = state["players"][seat]["hand"][move["give"]] - after["players"][seat]["hand"][move["give"]]
        return text(_("{player} trades {count} {give} for 1 {take} with the bank."), count=given,
                    give=text(CARD_NAMES[move["give"]]), take=text(CARD_NAMES[move["take"]]), **who)
    if kind == "end_turn":
        return text(_("{player} ends the turn."), **who)
    if kind == "discard":
        return None  # the "discarded" event says which cards
    if kind == "lose_city":
        return text(_("{player} loses the city at {intersection} to the barbarians."),
                    intersection=move["intersection"], **who)
    if kind == "choose_deck":
        return text(_("{player} chooses the {deck}."), deck=text(DECK_NAMES[move["deck"]]), **who)
    if kind == "discard_progress":
        return None  # the "progress_discarded" event
    if kind == "build_knight":
        return text(_("{player} builds a knight at {intersection}."), intersection=move["intersection"], **who)
    if kind == "activate_knight":
        return text(_("{player} activates the knight at {intersection}."), intersection=move["intersection"], **who)
    if kind == "promote_knight":
        strength = after["knights"][move["intersection"]]["strength"]
        return text(_("{player} promotes the knight at {intersection} to a {knight}."),
                    intersection=move["intersection"], knight=text(KNIGHTS[strength]["name"]), **who)
    if kind == "move_knight":
        return text(_("{player} moves the knight from {origin} to {intersection}."), origin=move["knight"],
                    intersection=move["intersection"], **who)
    if kind == "displace_knight":
        return text(_("{player}'s knight from {origin} displaces {victim}'s knight at {intersection}."),
                    origin=move["knight"], victim=state["knights"][move["intersection"]]["owner"],
                    intersection=move["intersection"], **who)
    if kind == "chase_robber":
        line = text(_("{player}'s knight at {origin} chases the robber to {hex}."), origin=move["knight"],
                    hex=move["hex"], **who)
        if move.get("victim") is not None:
            line = text(_("{line} It takes a card from {victim}."), line=line, victim=move["victim"])
        return line
    if kind == "retreat_knight":
        return None  # the "knight_retreat" event
    if kind == "buy_improvement":
        track = TRACKS[move["track"]]
        level = after["players"][seat]["levels"][move["track"]]
        line = text(_("{player} builds the {improvement} ({track} level {level})."),
                    improvement=text(track["levels"][level - 1]), track=text(track["name"]), level=level, **who)
        if move.get("metropolis"):
            line = text(_("{line} The metropolis stands on {intersection}."), line=line,
                        intersection=move["metropolis"])
        return line
    if kind == "take_aqueduct":
        return None  # the "aqueduct" event
    if kind in ("play_progress", "give_cards", "take_cards", "harbor_offer", "harbor_commodity", "desert_knight",
                "take_progress"):
        return None  # said by the events
    if kind == "set_preferences":
        return text(_("{player} changes their preferences."), **who)
    if kind in ("offer_trade", "post_standing", "counter_trade"):
        line = {"offer_trade": _("{player} offers {give} for {want}."),
                "post_standing": _("{player} posts a standing offer: {give} for {want}."),
                "counter_trade": _("{player} counters: {give} for {want}.")}[kind]
        line = text(line, give=cards_text(move["give"]), want=cards_text(move["want"]), **who)
        if move.get("until") is not None:
            line = text(_("{line} It stands through turn {turn}."), line=line, turn=move["until"])
        if move.get("expires") is not None:
            from engine.catan_ck.domestic import check_expiry

            line = text(_("{line} It expires at {moment} UTC."), line=line,
                        moment=check_expiry(move["expires"]).replace("T", " ").rstrip("Z"))
        return line
    if kind == "expire_trade":
        return text(_("Offer {offer} by {player} expires."), offer=move["offer"], **who)
    if kind == "answer_trade" and move["answer"] == "decline":
        return text(_("{player} declines offer {offer}."), offer=move["offer"], **who)
    if kind == "answer_trade" and not any(e["kind"] == "trade" for e in context_events(move, state, seat)):
        return text(_("{player} accepts offer {offer}."), offer=move["offer"], **who)
    if kind == "withdraw_trade":
        return text(_("{player} withdraws offer {offer}."), offer=move["offer"], **who)
    if kind in ("answer_trade", "complete_trade", "take_standing"):
        return None  # the "trade" event
    if kind == "place_deserter":
        if move.get("intersection") is None:
            return text(_("{player} places no knight."), **who)
        return text(_("{player} places a knight at {intersection}."), intersection=move["intersection"], **who)
    return text(_("{player} moves."), **who)


def _event(event):
    kind, who = event["kind"], {"player": event["seat"]}
    if kind in ("discarded", "auto_discard"):
        line = text(_("{player} discards {cards}."), cards=cards_text(event["cards"]), **who)
        if kind == "auto_discard":
            line = text(_("{line} (automatic: no other choice)"), line=line)
        return line
    if kind == "starting_cards":
        return text(_("{player} takes {cards} from the bank."), cards=cards_text(event["cards"]), **who)
    if kind == "revealed":
        return text(_("{player} draws and reveals {card} (1 victory point)."),
                    card=text(card_record(event["card"])["name"]), **who)
    if kind == "progress_drawn":
        return text(_("{player} draws a card from the {deck}."), deck=text(DECK_NAMES[event["deck"]]), **who)
    if kind == "deck_empty":
        return text(_("The {deck} is empty: {player} draws nothing."), deck=text(DECK_NAMES[event["deck"]]), **who)
    if kind == "progress_discarded":
        return text(_("{player} discards a progress card from the {deck}."),
                    deck=text(DECK_NAMES[card_record(event["card"])["deck"]]), **who)
    if kind == "steal":
        return None  # said by the robber line
    if kind == "played":
        return text(_("{player} plays {card}."), card=text(card_record(event["card"])["name"]), **who)
    if kind == "took":
        return text(_("{player} takes {cards} from the bank."), cards=cards_text(event["cards"]), **who)
    if kind == "monopoly":
        parts = [text(_("{player} gives {count}"), player=int(s), count=n) for s, n in sorted(event["taken"].items())]
        return text(_("{player} names {card}: {list}."), card=text(CARD_NAMES[event["card_type"]]),
                    list=join(parts) or text(_("nobody gives anything")), **who)
    if kind == "gift":
        line = text(_("{player} gives {receiver} {count} cards."), receiver=event["receiver"],
                    count=event["count"], **who)
        if event["automatic"]:
            line = text(_("{line} (automatic: no other choice)"), line=line)
        return line
    if kind == "preference":
        return text(_("({player} answers by a standing preference:)"), **who)
    if kind == "trade":
        return text(_("{player} gives {other} {give} for {want}."), other=event["other"],
                    give=cards_text(event["give"]), want=cards_text(event["want"]), **who)
    if kind == "spy_take":
        return text(_("{player} takes a progress card from {victim}'s {deck}."), victim=event["victim"],
                    deck=text(DECK_NAMES[event["deck"]]), **who)
    if kind == "deserted":
        return text(_("{player}'s knight at {intersection} deserts."), intersection=event["intersection"], **who)
    if kind == "harbor":
        if event["exchanged"] is None:  # D-10 opened: the resource handed over stays private
            return text(_("{other} chooses a commodity to hand back to {player}."), other=event["other"], **who)
        if event["exchanged"]:
            return text(_("{player} exchanges a resource for a commodity of {other}."), other=event["other"], **who)
        return text(_("{other} holds no commodity: nothing is exchanged."), other=event["other"])
    if kind == "aqueduct":
        if event["resource"] is None:
            return text(_("{player} takes nothing from the Aqueduct."), **who)
        return text(_("{player} takes 1 {card} by the Aqueduct."), card=text(CARD_NAMES[event["resource"]]), **who)
    if kind == "metropolis_taken":
        return text(_("{player} takes the {track} metropolis from {victim}."),
                    track=text(TRACKS[event["track"]]["name"]), victim=event["victim"], **who)
    if kind == "knight_lost":
        return text(_("{player}'s knight has no free place and returns to the supply."), **who)
    if kind == "knight_retreat":
        line = text(_("{player}'s knight retreats to {intersection}."), intersection=event["intersection"], **who)
        if event["automatic"]:
            line = text(_("{line} (automatic: no other choice)"), line=line)
        return line
    return None


def _roll_parts(after):
    turn = after["turn"]
    parts = []
    attack = turn.get("attack")
    if attack is not None:
        parts.append(text(_("The barbarians attack: strength {strength} against knights {defence}."),
                          strength=attack["strength"], defence=attack["defence"]))
        if attack["catan_wins"]:
            if attack["defender"] is not None:
                parts.append(text(_("Catan wins; {player} becomes Defender of Catan."), player=attack["defender"]))
            else:
                parts.append(text(_("Catan wins; the strongest players tie and each draws a progress card.")))
        elif not attack["losers"]:
            parts.append(text(_("The barbarians win, but no city can be pillaged.")))
        for seat, city in sorted(attack["cities_lost"].items()):
            parts.append(text(_("{player} loses the city at {intersection} to the barbarians."),
                              player=int(seat), intersection=city))
    production = turn.get("production")
    if production:
        parts.append(text(_("Production: {list}."), list=join(
            [text("{player}: {cards}", player=int(seat), cards=cards_text(cards))
             for seat, cards in production.items()], "; ")))
    elif production is not None:
        parts.append(text(_("Nobody receives anything.")))
    return parts


# Button labels of legal moves (the generic move card). A label is read before the move is made,
# so it must not say what chance or another seat's hidden state will decide: moves that draw
# (dice, steals, cards played), end a turn (the next player's auto-roll) or answer by another
# seat's preference get a plain label from their own fields; the rest show their log line.
LABELS = {
    "roll": _("{player} rolls the dice."),
    "end_turn": _("{player} ends the turn."),
    "play_progress": _("{player} plays {card}."),
    "take_progress": _("{player} takes {card}."),
    "discard_progress": _("{player} discards {card}."),
    "harbor_offer": _("{player} makes Commercial Harbor offers."),
    "harbor_commodity": _("{player} hands back {commodity}."),
    "desert_knight": _("{player} lets the knight at {intersection} desert."),
    "retreat_knight": _("{player} moves the displaced knight to {intersection}."),
    "place_deserter": _("{player} places the deserter at {intersection}."),
    "take_aqueduct": _("{player} takes {resource} (Aqueduct)."),
}


PREFERENCE_LABELS = {
    ("auto_roll", True): _("Preference: roll at once at the start of my turn"),
    ("auto_roll", False): _("Preference: let me roll myself"),
    ("trade_offers", "decline_all"): _("Preference: decline all trade offers"),
    ("trade_offers", "ask"): _("Preference: ask me about trade offers"),
    ("progress_overflow", "new"): _("Preference: a fifth progress card off turn is discarded at once"),
    ("progress_overflow", "ask"): _("Preference: ask me which progress card to discard"),
    ("knight_retreat", "nearest"): _("Preference: a displaced knight retreats to the nearest spot"),
    ("knight_retreat", "ask"): _("Preference: ask me where a displaced knight retreats"),
    ("deserter_victim", "weakest"): _("Preference: a Deserter takes my weakest knight"),
    ("deserter_victim", "ask"): _("Preference: ask me which knight deserts"),
}


def label(move, state, seat=None):
    """The label of a legal move's button, as a text dict (see LABELS)."""
    seat = mover(move, state) if seat is None else seat
    kind = move.get("type") if isinstance(move, dict) else None
    chosen = list(move.get("preferences", {}).items()) if kind == "set_preferences" else []
    if len(chosen) == 1 and tuple(chosen[0]) in PREFERENCE_LABELS:
        return text(PREFERENCE_LABELS[tuple(chosen[0])])
    if kind == "move_robber" or kind == "chase_robber":
        return _line(move, state, state, seat)  # only the move's own fields: the stolen card is drawn later
    if kind not in LABELS:
        return describe(move, state, seat)
    args = {"player": seat}
    if "card" in move:
        args["card"] = text(card_record(move["card"])["name"])
    if move.get("commodity"):
        args["commodity"] = text(CARD_NAMES[move["commodity"]])
    if "intersection" in move:
        args["intersection"] = move["intersection"] if move["intersection"] is not None else "—"
    if "resource" in move:
        args["resource"] = text(CARD_NAMES[move["resource"]]) if move["resource"] else text(_("nothing"))
    return text(LABELS[kind], **args)
