"""`determinize(state, seat, seed)` for Catan C&K (docs/engine.md, "Determinization").

Hidden from a seat (view.py): the types of the cards in other hands, the faces of other
seats' progress cards, the order of the progress decks, other seats' standing preferences,
reveals made to others, the generator. What the seat knows and the deal keeps:

- the resource and commodity cards all other hands hold together (the bank and its own
  hand are public to it, and every card is in one of them); they are dealt again among the
  other hands, each keeping its size. A hand shown to the seat right now (Master Merchant,
  Wedding) stays as it is, and a card the seat just gave or lost to a seat (a gift, a
  theft, a Commercial Harbor exchange, in the last move's reveals) stays with that seat, and
  so do the cards of an open offer its author (or an accepting seat) still holds: the seat's
  legal moves tell it whether the offer can be taken, and its bot's moves must stay legal.
  For the same reason a seat that no longer holds the cards of its open offer is not dealt
  them back (`_caps`);
- the progress cards of each deck that are not in its own hand nor revealed: the deck and
  the other hands' cards of that deck, dealt again in the same places (which deck each
  held card came from is public: draws name the deck). Cards shown to the seat by its Spy
  stay, and so does a card another Spy just took from it;
- other seats' preferences become the defaults (a guess as good as any).

As in Praga, what the seat saw in earlier moves and remembers is not used (the state does
not record it): the deal never gives it more than it knows.
"""

from engine.core.determinize import deal, dealer, fresh_generator_state, with_undo
from engine.catan_ck.common import clone, hand_size
from engine.catan_ck.domestic import holds
from engine.catan_ck.data.progress_cards import DECKS, card_kind, card_record
from engine.catan_ck.data.terrains import CARD_TYPES

SHOWN_HANDS = ("master_merchant", "wedding")


def determinize(state, seat, seed):
    return with_undo(state, seat, seed, _deal_hidden)


def _deal_hidden(state, seat, seed):
    rng = dealer(seed)
    result = dict(state)
    result["rng"] = fresh_generator_state(seed)
    result["players"] = players = [dict(player) for player in state["players"]]
    seen = [entry for entry in state.get("private") or [] if seat in entry["seats"]]
    result["private"] = clone(seen)
    others = [other for other in range(len(players)) if other != seat]
    for other in others:
        players[other].pop("preferences", None)
    _deal_hands(state, seat, others, seen, players, rng)
    _deal_progress(state, seat, others, seen, result, rng)
    _fix_references(state, seat, result)
    return result


def _shown_hands(state, seat, seen):
    """Other seats whose whole hand this seat is looking at."""
    shown = {entry["seats"][1] for entry in seen if entry["kind"] == "hand" and entry["seats"][0] == seat}
    step = state.get("card_step")
    if step and state["active"] == seat and step["kind"] in SHOWN_HANDS:
        shown.add(step["target"])
    return shown


def _known_cards(state, seat, seen):
    """{other seat: {card type: n}} this seat knows the other holds (from the last move's reveals)."""
    known = {}

    def add(holder, card, count=1):
        cards = known.setdefault(holder, {})
        cards[card] = cards.get(card, 0) + count

    # Open offers: whether their author (and an accepting seat) still holds the cards shows in
    # this seat's legal moves (an offer can be taken or not), so the deal keeps them.
    for offer in state["offers"]:
        for holder, cards in [(offer["author"], offer["give"])] + [(s, offer["want"]) for s in offer["accepted"]]:
            if holder != seat and all(state["players"][holder]["hand"][c] >= n for c, n in cards.items()):
                for card, count in cards.items():
                    add(holder, card, count)
    for entry in seen:
        first, second = entry["seats"]
        if entry["kind"] == "gift" and first == seat:
            for card, count in entry["cards"].items():
                add(second, card, count)
        elif entry["kind"] == "steal" and second == seat:
            add(first, entry["card"])
        elif entry["kind"] == "harbor":
            if first == seat:
                add(second, entry["gave"])
            else:
                add(first, entry["received"])
    return known


def _caps(state, dealt_to, kept):
    """{(holder, card type): most cards of that type the holder may be dealt}: for an open
    offer whose holder (its author, or a seat that accepted it) no longer holds its cards. The
    seat's legal moves show that (no accept, take or complete is listed), so the deal must not
    give the cards back, or the seat's bot could choose a move the real state refuses. The
    holder lacks one type at least: the first type the kept cards do not already cover is
    capped."""
    caps = {}
    for offer in state["offers"]:
        for holder, cards in [(offer["author"], offer["give"])] + [(s, offer["want"]) for s in offer["accepted"]]:
            if holder in dealt_to and not holds(state, holder, cards):
                card = next(c for c in CARD_TYPES if cards.get(c, 0) > kept[holder].get(c, 0))
                caps[(holder, card)] = min(caps.get((holder, card), cards[card] - 1), cards[card] - 1)
    return caps


def _deal_hands(state, seat, others, seen, players, rng):
    shown = _shown_hands(state, seat, seen)
    known = _known_cards(state, seat, seen)
    dealt_to = [other for other in others if other not in shown]
    pool, kept = [], {}
    for other in dealt_to:
        hand = players[other]["hand"]
        kept[other] = {card: min(count, hand[card]) for card, count in known.get(other, {}).items()}
        for card in CARD_TYPES:
            pool.extend([card] * (hand[card] - kept[other].get(card, 0)))
    caps = _caps(state, dealt_to, kept)
    cards = deal(rng, pool)
    hands = {other: {card: kept[other].get(card, 0) for card in CARD_TYPES} for other in dealt_to}
    # Capped hands first, each from the shuffled cards it may take; the others as dealt.
    for other in sorted(dealt_to, key=lambda o: not any(holder == o for holder, _ in caps)):
        hand, left = hands[other], []
        missing = hand_size(players[other]["hand"]) - hand_size(hand)
        for card in cards:
            if missing and hand[card] < caps.get((other, card), hand[card] + 1):
                hand[card] += 1
                missing -= 1
            else:
                left.append(card)
        for card in left[:missing]:  # too few other cards for the cap: the hand's size comes first
            hand[card] += 1
        cards = left[missing:]
    for other in dealt_to:
        players[other]["hand"] = hands[other]


def _shown_progress(state, seat, seen):
    """Other seats whose progress cards this seat is looking at (its Spy)."""
    shown = {entry["seats"][1] for entry in seen if entry["kind"] == "spy" and entry["seats"][0] == seat}
    step = state.get("card_step")
    if step and state["active"] == seat and step["kind"] == "spy":
        shown.add(step["target"])
    return shown


def _deal_progress(state, seat, others, seen, result, rng):
    shown = _shown_progress(state, seat, seen)
    taken = {entry["card"] for entry in seen if entry["kind"] == "spy_take" and entry["seats"][1] == seat}
    places = [(other, index) for other in others if other not in shown
              for index, card in enumerate(state["players"][other]["progress"]) if card not in taken]
    progress = {other: list(state["players"][other]["progress"]) for other in others}
    decks = {}
    for deck in DECKS:
        in_hands = [(other, index) for other, index in places
                    if card_record(progress[other][index])["deck"] == deck]
        cards = deal(rng, state["decks"][deck] + [progress[other][index] for other, index in in_hands])
        decks[deck] = cards[:len(state["decks"][deck])]
        for (other, index), card in zip(in_hands, cards[len(state["decks"][deck]):]):
            progress[other][index] = card
    result["decks"] = decks
    for other in others:
        result["players"][other]["progress"] = progress[other]


def _fix_references(state, seat, result):
    """Hidden copies of dealt cards elsewhere in the state follow the deal."""
    decisions = []
    for decision in state["decisions"]:
        held = state["players"][decision["seat"]]["progress"]
        if decision["seat"] != seat and decision.get("card") in held:  # D-04: the card just drawn
            dealt = result["players"][decision["seat"]]["progress"]
            decision = {**decision, "card": dealt[held.index(decision["card"])]}
        decisions.append(decision)
    result["decisions"] = decisions
    step = state.get("card_step")
    if step and state["active"] != seat:
        if step["kind"] == "spy":
            cards = result["players"][step["target"]]["progress"]
            allowed = [c for c in cards if state["options"]["spy_may_take_spy"] or card_kind(c) != "spy"]
            result["card_step"] = {**step, "cards": allowed or list(cards)}
        elif step["kind"] in SHOWN_HANDS:
            hand = result["players"][step["target"]]["hand"]
            result["card_step"] = {**step, "from": {c: hand[c] for c in CARD_TYPES if hand[c]}}
