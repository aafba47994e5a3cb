"""A tiny deterministic card game with hidden information, for the site's tests.

Every seat holds a secret hand dealt from a shuffled deck. On your turn you
choose a card (private, can be undone), then play it: it is revealed, scores its
number, and you draw a new card (a barrier: the draw reveals the deck). The game
ends when every hand is empty; the highest total wins. Card names such as
"ruby7" are distinctive so tests can grep every page for leaked secrets.
"""

from engine.core import undo as undo_log
from engine.core.determinize import deal, dealer, fresh_generator_state, with_undo
from engine.core.contract import check_rules_version, normalize_options
from engine.core.errors import IllegalMove
from engine.core.rng import Rng
from engine.core.text import text

GAME_ID = "toy"
RULES_VERSION = 1
RULES_VERSIONS = (1,)
COLOURS = ["ruby", "jade", "onyx", "opal", "teal", "gold"]

OPTIONS = {
    "players": {"min": 1, "max": 4, "default": 2},
    "fields": [
        {
            "name": "hand_size",
            "label": text("Hand size"),
            "help": text("Cards in each hand at the start."),
            "default": 2,
            "choices": [[2, text("Two cards")], [3, text("Three cards")]],
        },
        {
            "name": "extra",
            "label": text("Cards left in the deck"),
            "default": 1,
            "choices": [[0, text("None")], [1, text("One per player")], [2, text("Two per player")]],
        },
    ],
}


def new(options, seats, seed, rules_version=None):
    options = normalize_options(OPTIONS, options, seats)
    rng = Rng.from_seed(seed)
    size = options["hand_size"]
    count = (size + options["extra"]) * seats
    deck = [f"{COLOURS[i % len(COLOURS)]}{i // len(COLOURS) + 1}" for i in range(count)]
    rng.shuffle(deck)
    hands = [deck[i * size:(i + 1) * size] for i in range(seats)]
    return {
        "rules_version": check_rules_version(RULES_VERSIONS, rules_version),
        "options": options,
        "seats": seats,
        "rng": rng.state,
        "deck": deck[seats * size:],
        "hands": hands,
        "selected": [None] * seats,
        "table": [[] for _ in range(seats)],
        "scores": [0] * seats,
        "turn": 0,
        "over": False,
        "undo": None,
    }


def value(card):
    return int("".join(ch for ch in card if ch.isdigit()))


def to_act(state):
    return set() if state["over"] else {state["turn"]}


def turn_marker(state):
    """Cards played so far: a turn ends with its play (a select is within the turn)."""
    return sum(len(row) for row in state["table"])


def automatic_turns(move, state):
    """The toy game plays no turns by itself."""
    return []


def legal_moves(state, seat):
    if state["over"] or seat != state["turn"]:
        return []
    moves = []
    if state["selected"][seat] is None:
        moves = [{"type": "select", "card": card} for card in state["hands"][seat]]
    else:
        moves = [{"type": "play"}]
    if undo_log.can_undo(state, seat):
        moves.append(dict(undo_log.UNDO_MOVE))
    return moves


def apply(state, seat, move):
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMove("A move must be an object with a type.")
    if state["over"]:
        raise IllegalMove("The game is over.")
    if seat != state["turn"]:
        raise IllegalMove("It is not your turn.")
    if undo_log.is_undo(move):
        if not undo_log.can_undo(state, seat):
            raise IllegalMove("There is nothing to take back.")
        return undo_log.undo(state, apply)
    if move["type"] == "select":
        return _select(state, seat, move)
    if move["type"] == "play":
        return _play(state, seat)
    raise IllegalMove("Unknown move: {type}.", type=move["type"][:40])


def _select(state, seat, move):
    if set(move) != {"type", "card"}:
        raise IllegalMove("Choose exactly one card.")
    if state["selected"][seat] is not None:
        raise IllegalMove("You have already chosen a card.")
    if move["card"] not in state["hands"][seat]:
        raise IllegalMove("That card is not in your hand.")
    new_state = {**state, "selected": list(state["selected"])}
    new_state["selected"][seat] = move["card"]
    return undo_log.record(state, new_state, seat, move, barrier=False)


def _play(state, seat):
    card = state["selected"][seat]
    if card is None:
        raise IllegalMove("Choose a card first.")
    new_state = {
        **state,
        "selected": list(state["selected"]),
        "hands": [list(hand) for hand in state["hands"]],
        "table": [list(row) for row in state["table"]],
        "scores": list(state["scores"]),
        "deck": list(state["deck"]),
    }
    new_state["selected"][seat] = None
    new_state["hands"][seat].remove(card)
    new_state["table"][seat].append(card)
    new_state["scores"][seat] += value(card)
    if new_state["deck"]:
        new_state["hands"][seat].append(new_state["deck"].pop(0))
    if not any(new_state["hands"]):
        new_state["over"] = True
    else:
        turn = seat
        for _ in range(state["seats"]):
            turn = (turn + 1) % state["seats"]
            if new_state["hands"][turn]:
                break
        new_state["turn"] = turn
    return undo_log.record(state, new_state, seat, {"type": "play"}, barrier=True)


def view(state, seat):
    result = {
        "turn": state["turn"],
        "deck_size": len(state["deck"]),
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "table": state["table"],
        "scores": state["scores"],
    }
    if seat is not None:
        result["hand"] = state["hands"][seat]
        result["selected"] = state["selected"][seat]
    return result


def determinize(state, seat, seed):
    """Other hands and the deck dealt again from the cards this seat has not seen."""
    return with_undo(state, seat, seed, _deal_hidden)


def _deal_hidden(state, seat, seed):
    others = [other for other in range(state["seats"]) if other != seat]
    dealt = deal(dealer(seed), state["deck"] + [card for other in others for card in state["hands"][other]])
    hands = [list(hand) for hand in state["hands"]]
    selected = list(state["selected"])
    for other in others:
        size = len(hands[other])
        hands[other], dealt = dealt[:size], dealt[size:]
        if selected[other] is not None:
            selected[other] = hands[other][0]  # a chosen card nobody else has seen
    return {**state, "rng": fresh_generator_state(seed), "deck": dealt, "hands": hands, "selected": selected}


def outcome(state):
    if not state["over"]:
        return None
    scores = state["scores"]
    ranking = sorted(range(state["seats"]), key=lambda s: (-scores[s], s))
    return {
        "ranking": ranking,
        "scores": scores,
        "breakdown": [{"cards": state["table"][s]} for s in range(state["seats"])],
    }


def timeout_move(state, seat):
    """None: the toy game owes no decisions off turn; the site applies the timeout policy."""
    return None


def owed(state, seat):
    """The banner's words for the seat on turn (docs/engine.md); the toy game owes nothing off turn."""
    if seat not in to_act(state):
        return None
    if state["selected"][seat] is None:
        return {"task": text("choose a card"), "default": None}
    return {"task": text("play the chosen card"), "default": None}


def describe(move, state, seat=None, after=None):
    seat = state["turn"] if seat is None else seat
    if undo_log.is_undo(move):
        return text("{player} takes back a move.", player=seat)
    if move["type"] == "select":
        return text("{player} chooses a card.", player=seat)
    card = state["selected"][seat]
    return text("{player} plays {card}.", player=seat, card=card)
