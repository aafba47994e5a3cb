"""Scenario builders for the Catan C&K tests (states are plain data: tests edit copies)."""

from engine.core.rng import Rng
from engine.catan_ck import apply, new, default_move, to_act
from engine.catan_ck.common import clone
from engine.catan_ck.data.terrains import CARD_TYPES
from engine.catan_ck.data.improvements import EVENT_FACES

# the Chain fixture of spec section 7
CHAIN_PATHS = ["-2,-1;-2,0", "-2,0;-1,-1", "-1,-1;-1,0", "-1,0;0,-1", "0,-1;0,0", "0,0;1,-1", "1,-1;1,0"]
V = ["-3,0;-2,-1;-2,0", "-2,-1;-2,0;-1,-1", "-2,0;-1,-1;-1,0", "-1,-1;-1,0;0,-1", "-1,0;0,-1;0,0",
     "0,-1;0,0;1,-1", "0,0;1,-1;1,0", "1,-1;1,0;2,-1"]


def after_setup(seed=1, players=4, **options):
    """A game after the setup, placed by the timeout defaults (deterministic)."""
    state = new(options, players, seed)
    while state["phase"] == "setup":
        seat = state["active"]
        state = apply(state, seat, default_move(state, seat))
    return state


def empty_board(seed=1, players=4, stage="action", **options):
    """A game in the action phase of the first seat in order, with no piece and no card."""
    state = clone(after_setup(seed, players, **options))
    bank = state["bank"]
    for player in state["players"]:
        for card in CARD_TYPES:
            bank[card] += player["hand"][card]
            player["hand"][card] = 0
        player["supply"].update({"road": 15, "settlement": 5, "city": 4})
    state["buildings"], state["roads"] = {}, {}
    state["longest_road"] = {"holder": None, "lengths": [0] * players}
    state["turn"]["stage"] = stage
    state["undo"] = None
    return state


def put(state, seat, kind, where, **fields):
    """Place a piece directly (settlement, city, road, knight), keeping the supply right."""
    supply = state["players"][seat]["supply"]
    if kind == "road":
        state["roads"][where] = seat
        supply["road"] -= 1
    elif kind == "knight":
        strength = fields.get("strength", 1)
        state["knights"][where] = {"owner": seat, "strength": strength, "active": fields.get("active", False),
                                   "ready": fields.get("active", False), "promoted": False}
        supply["knights"][str(strength)] -= 1
    else:
        state["buildings"][where] = {"owner": seat, "kind": kind, "wall": fields.get("wall", False),
                                     "metropolis": fields.get("metropolis"), "on_side": False}
        supply[kind] -= 1
        if fields.get("wall"):
            supply["wall"] -= 1
    return state


def give(state, seat, **cards):
    for card, count in cards.items():
        state["players"][seat]["hand"][card] += count
        state["bank"][card] -= count
    return state


def active(state):
    return state["active"]


def with_roll(state, white, red, event):
    """A copy whose generator makes the next roll show these dice."""
    state = clone(state)
    face = EVENT_FACES.index(event)
    for start in range(1, 200000):
        rng = Rng(start)
        if rng.below(6) + 1 == white and rng.below(6) + 1 == red and rng.below(6) == face:
            state["rng"] = start
            return state
    raise AssertionError("no generator state found")


def roll(state, white, red, event="trade"):
    state = with_roll(state, white, red, event)
    return apply(state, state["active"], {"type": "roll"})


def decisions_of(state, kind):
    return [d for d in state["decisions"] if d["kind"] == kind]


def answer_all_by_timeout(state):
    while any(s != state["active"] for s in to_act(state)) or state["decisions"]:
        seat = min(d["seat"] for d in state["decisions"])
        state = apply(state, seat, default_move(state, seat))
    return state
