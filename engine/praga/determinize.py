"""`determinize(state, seat, seed)` for Praga (docs/engine.md, "Determinization").

Hidden from a seat (view.py): the order of every hex tile stack, of the technology stacks,
of the IV bridge stack and of Peter Parler's deck; which V tiles lie by the bridge and
which by the Cathedral; the tiles another seat has drawn and not yet chosen from; the
generator. Each group of exchangeable items is dealt again:

- a hex tile stack: its own tiles (nobody knows more than its composition);
- a technology level: the stack plus the technologies another seat drew of that level;
- the IV bridge tiles: the stack plus another seat's drawn IV tiles;
- the V tiles: by the bridge and by the Cathedral together, except a side the seat is
  choosing from right now (it sees those tiles);
- Peter Parler's deck (its composition is public).

What a seat saw earlier and still remembers (a refreshed tile put under a stack, the
technologies it put back) is not used: the state does not record who saw what, so the
deal treats those tiles as unseen. The seat never gets more than it knows.
"""

from engine.core.determinize import deal, dealer, fresh_generator_state, with_undo
from engine.praga.common import clone


def determinize(state, seat, seed):
    return with_undo(state, seat, seed, _deal_hidden)


def _deal_hidden(state, seat, seed):
    rng = dealer(seed)
    result = dict(state)
    result["rng"] = fresh_generator_state(seed)
    result["stacks"] = {key: deal(rng, tiles) for key, tiles in sorted(state["stacks"].items())}
    turn = state.get("turn")
    foreign = turn is not None and turn["seat"] != seat
    if turn is not None:
        result["turn"] = turn = clone(turn)
    others = turn["pending"] if foreign else []
    _deal_technologies(result, state, others, rng)
    _deal_iv_tiles(result, state, others, rng)
    _deal_v_tiles(result, state, seat, rng)
    if state.get("parler") is not None:
        result["parler"] = {**state["parler"], "deck": deal(rng, state["parler"]["deck"])}
    return result


def _deal_technologies(result, state, foreign_pending, rng):
    stacks = {}
    for level, stack in sorted(state["tech_stacks"].items()):
        drawn = [item for item in foreign_pending if item["kind"] == "tech" and str(item["level"]) == level]
        dealt = deal(rng, stack + [tech for item in drawn for tech in item["drawn"]])
        stacks[level] = dealt[:len(stack)]
        rest = dealt[len(stack):]
        for item in drawn:
            item["drawn"], rest = rest[:len(item["drawn"])], rest[len(item["drawn"]):]
    result["tech_stacks"] = stacks


def _deal_iv_tiles(result, state, foreign_pending, rng):
    drawn = [item for item in foreign_pending if item["kind"] == "bridge" and item["tier"] == "IV"]
    dealt = deal(rng, state["iv_stack"] + [tile for item in drawn for tile in item["drawn"]])
    result["iv_stack"], rest = dealt[:len(state["iv_stack"])], dealt[len(state["iv_stack"]):]
    for item in drawn:
        item["drawn"], rest = rest[:len(item["drawn"])], rest[len(item["drawn"]):]


def _deal_v_tiles(result, state, seat, rng):
    """The V tiles of both sides are one hidden group; a side the seat chooses from is seen."""
    turn = result.get("turn")
    pending = turn["pending"] if turn is not None else []
    own = turn is not None and turn["seat"] == seat
    sees_bridge = own and any(item["kind"] == "bridge" and item["tier"] == "V" for item in pending)
    sees_cathedral = own and any(item["kind"] == "cathedral_v" for item in pending)
    sides = [side for side, seen in (("v_bridge", sees_bridge), ("v_cathedral", sees_cathedral)) if not seen]
    dealt = deal(rng, [tile for side in sides for tile in state[side]])
    for side in sides:
        result[side], dealt = dealt[:len(state[side])], dealt[len(state[side]):]
    # Another seat's open choice lists the tiles of its side (a copy made when it opened).
    for item in ([] if own else pending):
        if item["kind"] == "bridge" and item["tier"] == "V":
            item["drawn"] = list(result["v_bridge"])
        elif item["kind"] == "cathedral_v":
            item["options"] = list(result["v_cathedral"])
