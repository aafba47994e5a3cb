"""What a seat may see (QA-INFO-01/02). Spectator = None.

Hidden from everybody: the supply's tiles and order, the 3 unused appreciation tiles, the unused
demand tiles (only their counts are shown), the generator state and the undo base.
"""

from engine.queens_architect.common import clone, edition, total_performance

# Every top-level key of a state is classified here; a test fails on an unclassified key, so a
# new piece of state cannot reach a view without a decision.
PUBLIC = frozenset({
    "game", "rules_version", "data_edition", "options", "players_count", "order", "phase", "draft", "map",
    "track", "board", "price_marker", "players", "turn", "round", "turn_no", "final_turns", "ended_by_limit",
    "result",
})
SECRET = frozenset({"rng", "undo"})
SHOWN_AS_COUNTS = frozenset({"supply", "unused_track", "unused_demand"})
FILTERED = frozenset()


def view(state, seat):
    result = {key: clone(state[key]) for key in PUBLIC if key in state}
    for key in SHOWN_AS_COUNTS:
        result[key] = len(state[key])
    ed = edition(state["data_edition"])
    result["seat"] = seat
    result["performance"] = [total_performance(ed, player) for player in state["players"]]
    result["can_undo"] = bool(seat is not None and state.get("undo") and state["undo"]["moves"]
                              and state["undo"]["moves"][-1][0] == seat)
    return result


def determinize(state, seat, seed):
    """A complete state equal to the real one in all `seat` can see (docs/engine.md).

    What a view hides here is deducible by anyone who followed the game: the supply holds the
    known copies 2 and 3 plus the unpicked pool tiles, less every tile drawn so far (all of them
    were shown on the black board); the unused track and demand tiles are the ones not laid out
    (kept sorted, so their order tells nothing). Only future draws are unknown: the supply is
    dealt again in an order that depends on its composition and the seed alone (a draw takes
    the tile at a random index, so the real order together with a generator would decide it),
    and the generator is a fresh one from `seed`. The seat's own undo chain is kept, on a base dealt
    alike (engine.core.determinize.with_undo).
    """
    from engine.core.determinize import with_undo

    return with_undo(state, seat, seed, _deal_hidden)


def _deal_hidden(state, seat, seed):
    from engine.core.determinize import deal, dealer, fresh_generator_state

    return {**state, "supply": deal(dealer(seed), state["supply"]), "rng": fresh_generator_state(seed)}
