"""determinize(state, seat, seed) for Praga (PRG-GEN-06 hidden information, docs/engine.md):
the seat's view stays, every hidden group is dealt again from what the seat knows."""

import pytest

import engine.praga as P
from engine.praga.bots import biased_move, play, random_move
from engine.praga.common import clone
from tests.support.determinization import (
    assert_games_finish, assert_ignores_real_hidden_parts, assert_seeds_differ, assert_unpredictable,
    assert_view_unchanged)


def _foreign_pending(state, seat):
    turn = state.get("turn")
    return turn["pending"] if turn is not None and turn["seat"] != seat else []


def hidden(state, seat):
    """Every hidden group as the seat cannot see it: items in their places."""
    groups = {"stack:" + key: list(tiles) for key, tiles in state["stacks"].items()}
    foreign = _foreign_pending(state, seat)
    for level, stack in state["tech_stacks"].items():
        groups["tech:" + level] = stack + [t for item in foreign if item["kind"] == "tech"
                                           and str(item["level"]) == level for t in item["drawn"]]
    groups["iv"] = state["iv_stack"] + [t for item in foreign if item["kind"] == "bridge"
                                        and item["tier"] == "IV" for t in item["drawn"]]
    groups["v"] = state["v_bridge"] + state["v_cathedral"]
    if state.get("parler"):
        groups["parler"] = list(state["parler"]["deck"])
    groups["rng"] = [state["rng"]]
    return groups


def rearranged(state, seat):
    """The same game as `seat` sees it, with every hidden group arranged otherwise."""
    other = clone(state)
    for tiles in other["stacks"].values():
        tiles.reverse()
    for level in other["tech_stacks"]:
        other["tech_stacks"][level].reverse()
    other["iv_stack"].reverse()
    for item in _foreign_pending(other, seat):
        if item["kind"] == "tech" and other["tech_stacks"][str(item["level"])]:
            stack = other["tech_stacks"][str(item["level"])]
            stack[0], item["drawn"][0] = item["drawn"][0], stack[0]
    if other["v_bridge"] and other["v_cathedral"]:
        other["v_bridge"][0], other["v_cathedral"][0] = other["v_cathedral"][0], other["v_bridge"][0]
    if other.get("parler"):
        other["parler"]["deck"].reverse()
    other["rng"] += 1
    other["undo"] = None
    return other


def first_state(players, seed, condition, **options):
    """The first state of a biased random game for which `condition(state)` holds."""
    found = []

    def on_step(state, seat, move):
        if not found and condition(state):
            found.append(state)

    play(P.new(options, players, seed), lambda s, seat, rng: biased_move(s, seat, rng, progress=3), seed,
         on_step=on_step)
    assert found, "no such state in this game"
    return found[0]


def pending_kind(kind, tier=None):
    def condition(state):
        turn = state.get("turn")
        return turn is not None and any(item["kind"] == kind and item.get("tier") == tier for item in turn["pending"])
    return condition


def in_round(number):
    return lambda state: state["turn_no"] >= number


@pytest.fixture(scope="module")
def midgame():
    return first_state(3, 5, in_round(20))


@pytest.fixture(scope="module")
def technology_drawn():
    return first_state(2, 2, pending_kind("tech"))


@pytest.fixture(scope="module")
def v_bridge_drawn():
    return first_state(2, 2, pending_kind("bridge", "V"))


@pytest.fixture(scope="module")
def parler_game():
    return first_state(1, 3, in_round(3), solo_mode="parler")


def test_PRG_GEN_06_view_of_every_seat_unchanged(midgame, technology_drawn, v_bridge_drawn, parler_game):
    for state in (midgame, technology_drawn, v_bridge_drawn, parler_game):
        for seat in [None, *range(state["players_count"])]:
            assert_view_unchanged(P, state, seat)


def test_PRG_GEN_06_two_seeds_deal_differently(midgame, parler_game):
    assert_seeds_differ(P, midgame, 0, hidden)
    assert_seeds_differ(P, parler_game, 0, hidden)


def test_PRG_GEN_06_hex_stack_order_cannot_be_told(midgame):
    key = max(midgame["stacks"], key=lambda k: len(midgame["stacks"][k]))
    assert_unpredictable(P, midgame, 1, hidden, "stack:" + key)


def test_PRG_TECH_01_other_seats_drawn_technologies_cannot_be_told(technology_drawn):
    drawer = technology_drawn["turn"]["seat"]
    other = 1 - drawer
    item = next(i for i in technology_drawn["turn"]["pending"] if i["kind"] == "tech")
    group = "tech:%d" % item["level"]
    assert_unpredictable(P, technology_drawn, other, hidden, group)
    # The drawer sees its choice: its drawn technologies stay, only the stack is dealt.
    for seed in range(20):
        mine = P.determinize(technology_drawn, drawer, seed)
        assert mine["turn"]["pending"] == technology_drawn["turn"]["pending"]


def test_PRG_BRIDGE_05_v_tiles_by_bridge_and_cathedral_cannot_be_told(v_bridge_drawn):
    drawer = v_bridge_drawn["turn"]["seat"]
    other = 1 - drawer
    assert_unpredictable(P, v_bridge_drawn, other, hidden, "v")
    for seed in range(20):
        theirs = P.determinize(v_bridge_drawn, other, seed)
        item = next(i for i in theirs["turn"]["pending"] if i["kind"] == "bridge")
        assert item["drawn"] == theirs["v_bridge"]  # the drawer's choice stays consistent
        mine = P.determinize(v_bridge_drawn, drawer, seed)
        assert mine["v_bridge"] == v_bridge_drawn["v_bridge"]  # the drawer sees them


def test_PRG_PARLER_12_deck_order_cannot_be_told(parler_game):
    assert_unpredictable(P, parler_game, 0, hidden, "parler")


def test_PRG_GEN_06_determinize_reads_nothing_hidden(midgame, technology_drawn, v_bridge_drawn, parler_game):
    for state in (midgame, technology_drawn, v_bridge_drawn, parler_game):
        seat = 1 - state["turn"]["seat"] if state["players_count"] == 2 else 0
        state = {**state, "undo": None}
        assert_ignores_real_hidden_parts(P, state, seat, rearranged(state, seat))


def test_PRG_GEN_06_random_games_finish_from_determinized_states(midgame, technology_drawn, v_bridge_drawn,
                                                                  parler_game):
    for state in (midgame, technology_drawn, v_bridge_drawn, parler_game):
        for seat in range(state["players_count"]):
            assert_games_finish(P, state, seat, random_move, seeds=range(2))


def test_PRG_GEN_05_own_undo_survives_determinization():
    state = P.new({}, 2, 3)
    seat = state["active"]
    state = next(after for after in (P.apply(state, seat, m) for m in P.legal_moves(state, seat))
                 if after["undo"])
    assert {"type": "undo"} in P.legal_moves(state, seat)
    determinized = P.determinize(state, seat, 9)
    undone = P.apply(determinized, seat, {"type": "undo"})
    assert P.view(undone, seat) == P.view(P.apply(state, seat, {"type": "undo"}), seat)
    # Another seat's undo log is dropped: its base is the mover's past, not the observer's.
    assert P.determinize(state, 1 - seat, 9)["undo"] is None
