"""Answers to pending decisions (spec 4.3: D-01 discard, D-02 city lost to the barbarians,
D-03 deck after a tied defence, D-04 progress overflow) and every timeout default
(ASYNC-05, 4.4).

A decision answer names the decision it answers: `{"type": ..., "decision": id, ...}`.
Any answer may be `{"type": ..., "decision": id, "timeout": true}`: the deterministic
default is then computed inside `apply` (random defaults draw from the state's
generator), and the log line says "by timeout".

Card choices with many answers are listed by `legal_moves` by their constraints (spec
4.8): the field holds `{"choose": {"count": k, "from": {type: n}}}` and the submitted move
replaces it with the chosen `{type: n}` adding up to k (see `sample_card_choice`).
"""

from engine.core.errors import IllegalMove
from engine.core.text import _
from engine.catan_ck import barbarians, progress
from engine.catan_ck.common import need
from engine.catan_ck.data.terrains import CARD_TYPES, RESOURCES
from engine.catan_ck.seven import check_card_choice, default_card_choice, discard_cards
from engine.catan_ck.turn import close_decision, find_decision, progress_over_limit, resume

DECISION_MOVES = {"discard": "discard", "lose_city": "lose_city", "choose_deck": "choose_deck",
                  "discard_progress": "discard_progress", "retreat_knight": "retreat_knight",
                  "aqueduct": "take_aqueduct", "give_cards": "give_cards", "desert_knight": "desert_knight",
                  "harbor_commodity": "harbor_commodity"}


def decision_of(state, seat, move, kind):
    decision = find_decision(state, move.get("decision"))
    if decision is None or decision["seat"] != seat or decision["kind"] != kind:  # not need(): every answer asks
        raise IllegalMove(_("There is no such decision open for you."))
    return decision


def do_discard(context, seat, move):
    decision = decision_of(context.state, seat, move, "discard")
    hand = context.state["players"][seat]["hand"]
    if move.get("timeout"):
        cards = default_card_choice(context, hand, decision["count"])
    else:
        cards = check_card_choice(hand, move.get("cards"), decision["count"])
    discard_cards(context, seat, cards)
    context.event({"kind": "discarded", "seat": seat, "cards": cards})
    close_decision(context, decision["id"])
    context.barrier = True
    resume(context)


def do_give_cards(context, seat, move):
    """D-08: a Wedding giver chooses the cards."""
    from engine.catan_ck.cards import give_cards

    decision = decision_of(context.state, seat, move, "give_cards")
    hand = context.state["players"][seat]["hand"]
    if move.get("timeout"):
        cards = default_card_choice(context, hand, decision["count"])
    else:
        cards = check_card_choice(hand, move.get("cards"), decision["count"])
    give_cards(context, seat, decision["receiver"], cards)
    close_decision(context, decision["id"])


def do_lose_city(context, seat, move):
    state = context.state
    decision = decision_of(state, seat, move, "lose_city")
    if move.get("timeout"):
        city = barbarians.default_city_to_lose(state, decision["cities"])
    else:
        city = move.get("intersection")
        need(city in decision["cities"], _("Choose one of your cities without a metropolis."))
    barbarians.lose_city(context, seat, city)
    close_decision(context, decision["id"])
    resume(context)


def do_choose_deck(context, seat, move):
    state = context.state
    decision = decision_of(state, seat, move, "choose_deck")
    if move.get("timeout"):  # D-03 default: a random non-empty deck
        deck = decision["decks"][context.draw("below", len(decision["decks"]))]
    else:
        deck = move.get("deck")
        need(deck in decision["decks"], _("Choose one of the progress decks."))
    context.write("turn")["attack"]["deck_choices"][str(seat)] = deck
    close_decision(context, decision["id"])
    resume(context)


def do_discard_progress(context, seat, move):
    """D-04, or the active player's own discard down to 4 before ending the turn."""
    state = context.state
    decision = None
    if move.get("decision") is not None:
        decision = decision_of(state, seat, move, "discard_progress")
    else:
        need(seat == state["active"] and state["turn"] and state["turn"]["stage"] == "action"
             and progress_over_limit(state, seat), _("You need not discard a progress card."))
    hand = state["players"][seat]["progress"]
    if move.get("timeout"):
        if decision is not None:
            card = decision["card"] if decision["card"] in hand else hand[-1]  # D-04: the new card
        elif state["options"]["timeout_card_choice"] == "fixed_order":
            card = hand[-1]  # 4.4: the card received last
        else:
            card = hand[context.draw("below", len(hand))]
    else:
        card = move.get("card")
    progress.discard(context, seat, card, decision)
    context.event({"kind": "progress_discarded", "seat": seat, "card": card})
    if decision is not None:
        close_decision(context, decision["id"])


def decision_moves(state, seat):
    moves = []
    for decision in state["decisions"]:
        if decision["seat"] != seat:
            continue
        kind, ident = decision["kind"], decision["id"]
        if kind in ("discard", "give_cards"):
            hand = state["players"][seat]["hand"]
            moves.append({"type": kind, "decision": ident, "cards": {"choose": {
                "count": decision["count"], "from": {c: hand[c] for c in CARD_TYPES if hand[c]}}}})
        elif kind == "lose_city":
            moves += [{"type": "lose_city", "decision": ident, "intersection": x} for x in decision["cities"]]
        elif kind == "choose_deck":
            moves += [{"type": "choose_deck", "decision": ident, "deck": d} for d in decision["decks"]]
        elif kind == "aqueduct":
            moves += [{"type": "take_aqueduct", "decision": ident, "resource": r} for r in RESOURCES
                      if state["bank"][r] > 0]
            moves.append({"type": "take_aqueduct", "decision": ident, "resource": None})
        elif kind == "desert_knight":
            moves += [{"type": "desert_knight", "decision": ident, "intersection": x} for x in decision["knights"]]
        elif kind == "harbor_commodity":
            hand = state["players"][seat]["hand"]
            moves += [{"type": "harbor_commodity", "decision": ident, "commodity": c} for c in ("paper", "cloth", "coin")
                      if hand[c]]
        elif kind == "retreat_knight":
            moves += [{"type": "retreat_knight", "decision": ident, "intersection": x} for x in decision["spots"]]
        elif kind == "discard_progress":
            moves += [{"type": "discard_progress", "decision": ident, "card": c}
                      for c in state["players"][seat]["progress"]]
    return moves


def is_card_choice(value):
    return isinstance(value, dict) and set(value) == {"choose"}


def sample_card_choice(value, rng):
    """A concrete answer to a card-choice constraint, drawn with `rng` (bots and tests)."""
    count, source = value["choose"]["count"], dict(value["choose"]["from"])
    chosen = {}
    for _step in range(count):
        pool = [card for card in CARD_TYPES for _n in range(source.get(card, 0))]
        card = pool[rng.below(len(pool))]
        source[card] -= 1
        chosen[card] = chosen.get(card, 0) + 1
    return chosen


def default_move(state, seat):
    """The default of `seat`'s open decision or own step when its deadline passed (ASYNC-05, 4.3,
    4.4), or None. The site submits it only for decisions owed off turn (`timeout_move`)."""
    if state["phase"] == "over":
        return None
    for decision in state["decisions"]:
        if decision["seat"] == seat:
            return {"type": DECISION_MOVES[decision["kind"]], "decision": decision["id"], "timeout": True}
    if seat != state["active"]:
        return None
    step = state.get("card_step")
    if step:
        expected = {"spy": "take_progress", "master_merchant": "take_cards", "wedding": "take_cards",
                    "deserter": "place_deserter"}
        return {"type": expected[step["kind"]], "timeout": True}
    if state["phase"] == "setup":
        return {"type": "setup_place", "timeout": True}
    stage = state["turn"]["stage"]
    if stage == "roll":
        return {"type": "roll", "timeout": True}
    if stage == "robber":
        return {"type": "move_robber", "timeout": True}
    if stage == "action":
        if progress_over_limit(state, seat):
            return {"type": "discard_progress", "timeout": True}
        return {"type": "end_turn", "timeout": True}
    return None


