"""The seven: simultaneous discards (CAT-DISCARD, D-01) and the robber (CAT-ROBBER, CK-ROBBER)."""

from engine.core.text import _
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.building import discard_limit
from engine.catan_ck.common import hand_size, need, seats_from
from engine.catan_ck.data.costs import DISCARD_LIMIT
from engine.catan_ck.data.terrains import CARD_TYPES
from engine.catan_ck.data.tokens import PIPS
from engine.catan_ck.turn import open_decision


def discard_cards(context, seat, cards):
    hand = context.player_item(seat, "hand")
    bank = context.write("bank")
    for card, count in cards.items():
        hand[card] -= count
        bank[card] += count


def open_discards(context):
    """CAT-DISCARD-01..04: everybody over the limit discards half, all at once (ASYNC-03)."""
    state = context.state
    for seat in seats_from(state, state["active"]):
        hand = state["players"][seat]["hand"]
        size = hand_size(hand)
        if size <= DISCARD_LIMIT or size <= discard_limit(state, seat):  # walls only raise the limit
            continue
        count = size // 2
        kinds = [card for card in CARD_TYPES if hand[card]]
        if len(kinds) == 1:  # ASYNC-04: a single card type leaves no choice
            discard_cards(context, seat, {kinds[0]: count})
            context.event({"kind": "auto_discard", "seat": seat, "cards": {kinds[0]: count}})
        else:
            open_decision(context, seat, "discard", count=count)


def check_card_choice(hand, cards, count):
    """`cards` ({type: n}) is a choice of exactly `count` cards from `hand`."""
    need(isinstance(cards, dict) and set(cards) <= set(CARD_TYPES)
         and all(type(n) is int and n >= 0 for n in cards.values()),
         _("Name the cards by type and number."))
    need(sum(cards.values()) == count, _("Choose exactly {count} cards."), count=count)
    need(all(hand[card] >= n for card, n in cards.items()), _("You do not hold these cards."))
    return {card: n for card, n in cards.items() if n}


def default_card_choice(context, hand, count):
    """D-01/D-08/D-09 default: random cards from the generator, or with
    `timeout_card_choice=fixed_order` from the largest stacks first (ties in card order)."""
    left = dict(hand)
    chosen = {}
    fixed = context.state["options"]["timeout_card_choice"] == "fixed_order"
    for _step in range(count):
        if fixed:
            card = max(CARD_TYPES, key=lambda c: (left[c], -CARD_TYPES.index(c)))
        else:
            pick = context.draw("below", sum(left.values()))
            for card in CARD_TYPES:
                if pick < left[card]:
                    break
                pick -= left[card]
        left[card] -= 1
        chosen[card] = chosen.get(card, 0) + 1
    return chosen


def robber_victims(state, seat, hex_name):
    """CAT-ROBBER-02: opponents with a building on the hex and at least one card."""
    owners = {state["buildings"][x]["owner"] for x in GEOMETRY.hex_corners[hex_name] if x in state["buildings"]}
    return [s for s in seats_from(state, seat)
            if s in owners and s != seat and hand_size(state["players"][s]["hand"]) > 0]


def robber_moves(state, seat):
    moves = []
    for hex_name in GEOMETRY.land_names:
        if hex_name == state["robber"]:
            continue
        victims = robber_victims(state, seat, hex_name)
        if victims:
            moves += [{"type": "move_robber", "hex": hex_name, "victim": v} for v in victims]
        else:
            moves.append({"type": "move_robber", "hex": hex_name, "victim": None})
    return moves


def default_robber_move(state, seat):
    """4.4: prefer hexes touching none of the active player's buildings; the highest pips x
    opponents' buildings (a city counts 2); canonical order on ties. Victim: most cards,
    ties in seat order after the active player."""
    hexes = state["board"]["hexes"]

    def key(hex_name):
        corners = [state["buildings"][x] for x in GEOMETRY.hex_corners[hex_name] if x in state["buildings"]]
        own = any(b["owner"] == seat for b in corners)
        number = hexes[hex_name]["number"]
        weight = sum(2 if b["kind"] == "city" else 1 for b in corners if b["owner"] != seat)
        score = PIPS[number] * weight if number else 0
        return (own, -score, tuple(int(v) for v in hex_name.split(",")))

    candidates = sorted((h for h in GEOMETRY.land_names if h != state["robber"]), key=key)
    best = candidates[0]
    victims = robber_victims(state, seat, best)
    victim = max(victims, key=lambda s: (hand_size(state["players"][s]["hand"]), -victims.index(s))) \
        if victims else None
    return {"type": "move_robber", "hex": best, "victim": victim}


def do_move_robber(context, seat, move):
    state = context.state
    if move.get("timeout"):
        move = default_robber_move(state, seat)
    move_robber(context, seat, move.get("hex"), move.get("victim"))
    context.write("turn")["stage"] = "action"


def move_robber(context, seat, hex_name, victim):
    """CAT-ROBBER-01/02: to another land hex, then one random card from a chosen victim."""
    state = context.state
    need(hex_name in state["board"]["hexes"], _("Choose a land hex for the robber."))
    need(hex_name != state["robber"], _("The robber must move to another hex."))
    victims = robber_victims(state, seat, hex_name)
    if victims:
        need(victim in victims, _("Choose whom to rob among the players at that hex."))
    else:
        need(victim is None, _("Nobody at that hex can be robbed."))
    context.state["robber"] = hex_name
    context.barrier = True
    if victim is not None:
        steal(context, seat, victim)


def steal(context, thief, victim):
    """One random card; its type is known only to thief and victim (CAT-ROBBER-03)."""
    hand = context.state["players"][victim]["hand"]
    pick = context.draw("below", hand_size(hand))
    for card in CARD_TYPES:
        if pick < hand[card]:
            break
        pick -= hand[card]
    context.player_item(victim, "hand")[card] -= 1
    context.player_item(thief, "hand")[card] += 1
    context.reveal({"kind": "steal", "seats": [thief, victim], "card": card})
    context.event({"kind": "steal", "seat": thief, "victim": victim})
