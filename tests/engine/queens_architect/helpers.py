"""Helpers for the Queen's Architect rules tests: games, direct state edits, move shortcuts.

Rule tests build their states explicitly (spec section 5): crews, board, marker, rooms and track
values are set here, so they do not depend on the provisional numbers except where a scenario
names a tile of spec 3.8 for convenience.
"""

import engine.queens_architect as Q
from engine.queens_architect.common import GUILD_IDS, clone, edition, star_spaces

ED = edition("qa-provisional-1")
TRACK_IDS = {value: [tile["id"] for tile in ED.data.TRACK_TILES if tile["value"] == value] for value in range(4, 10)}


def new_game(players=2, seed=1, **options):
    return Q.new(options, players, seed)


def after_draft(players=2, seed=1, **options):
    """A game in round 1 with empty crews, the start player to move; the draft skipped."""
    state = new_game(players, seed, **options)
    state["supply"] = sorted(state["supply"] + state["draft"]["pool"])
    state["draft"] = {**state["draft"], "index": len(state["draft"]["turns"]), "pool": []}
    state["phase"] = "play"
    state["round"] = 1
    state["turn"] = {"seat": state["order"][0], "stage": "move"}
    return state


def crew(state, seat, *tiles):
    """Give `seat` the craftsmen [(tile id, uses), ...] in spots 0, 1, ...; removes them elsewhere."""
    state = clone(state)
    for tile, _uses in tiles:
        for player in state["players"]:
            player["craftsmen"] = [c for c in player["craftsmen"] if c["tile"] != tile]
        if tile in state["supply"]:
            state["supply"].remove(tile)
        state["board"] = [None if slot == tile else slot for slot in state["board"]]
    state["players"][seat]["craftsmen"] = [{"tile": tile, "uses": uses, "spot": spot}
                                           for spot, (tile, uses) in enumerate(tiles)]
    return state


def edit_player(state, seat, **fields):
    state = clone(state)
    state["players"][seat].update(fields)
    return state


def on_space(state, seat, space):
    """`seat` to act, its architect just moved onto `space` (stage "action")."""
    state = clone(state)
    state["players"][seat]["architect"] = star_spaces(state).index(space)
    state["turn"] = {"seat": seat, "stage": "action", "steps": 1}
    state["undo"] = None
    return state


def set_track(state, values):
    """Lay track tiles of the given values (4-9) on positions 1..9 (an id may repeat: rules read values)."""
    state = clone(state)
    state["track"] = [TRACK_IDS[value][0] for value in values]
    return state


def set_board(state, tiles, marker=None, supply=None):
    state = clone(state)
    state["board"] = list(tiles) + [None] * (6 - len(tiles))
    if marker is not None:
        state["price_marker"] = marker
    if supply is not None:
        state["supply"] = list(supply)
    return state


def set_demand(state, location, demand_id, lots=None):
    state = clone(state)
    spot = state["map"]["locations"][location]
    spot["demand"] = demand_id
    if lots is not None:
        spot["lots"] = list(lots)
    return state


def stub_draws(monkeypatch, tiles):
    """Fix the next supply draws (spec 5: "next draws") in the given order."""
    from engine.queens_architect import hire

    queue = list(tiles)

    def draw(ctx):
        tile = queue.pop(0)
        ctx.w("supply").remove(tile)
        return tile

    monkeypatch.setattr(hire, "draw_from_supply", draw)


def apply(state, seat, *moves):
    for move in moves:
        state = Q.apply(state, seat, move)
    return state


def player(state, seat):
    return state["players"][seat]


def uses(state, seat):
    return {c["tile"]: c["uses"] for c in state["players"][seat]["craftsmen"]}


def refusal(state, seat, move):
    from engine.core.errors import IllegalMove

    try:
        Q.apply(state, seat, move)
    except IllegalMove as error:
        return error.reason
    raise AssertionError("move was accepted: %r" % (move,))


__all__ = ["GUILD_IDS", "Q", "ED"]
