"""Random complete games, every listed move applies, legal_moves is exact, undo and replays."""

import json
from itertools import combinations

import pytest

import engine.queens_architect as Q
from engine.core.errors import IllegalMove
from engine.core.rng import Rng
from engine.queens_architect.bots import greedy_move, play, random_move
from engine.queens_architect.common import GUILD_IDS, map_of


def check_outcome(state):
    result = Q.outcome(state)
    assert result is not None and Q.to_act(state) == set()
    seats = []
    for entry in result["ranking"]:
        seats += entry if isinstance(entry, list) else [entry]
    assert sorted(seats) == list(range(state["players_count"]))
    if result["palace_builders"]:
        assert result["winners"] and set(result["winners"]) <= set(result["palace_builders"])
    else:
        assert result["ended_by_round_limit"] and result["winners"] == []
    return result


def random_game(players, seed, check_every_move=False):
    state = Q.new({}, players, seed)
    rng = Rng.from_seed(seed)
    history = []
    while Q.to_act(state):
        seat = next(iter(Q.to_act(state)))
        legal = Q.legal_moves(state, seat)
        if check_every_move:
            for move in legal:  # every listed move applies
                Q.apply(state, seat, move)
        move = random_move(state, seat, rng)
        before = json.dumps(state, sort_keys=True)
        after = Q.apply(state, seat, move)
        assert json.dumps(state, sort_keys=True) == before  # apply never mutates its input
        assert json.loads(json.dumps(after)) == after  # plain JSON data
        history.append([seat, move])
        state = after
    return state, history


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_random_complete_games_end_with_a_valid_outcome(players, seed):
    state, history = random_game(players, seed, check_every_move=True)
    check_outcome(state)
    replay = Q.new({}, players, seed)
    for seat, move in history:
        replay = Q.apply(replay, seat, move)
    assert replay == state


@pytest.mark.slow
def test_a_thousand_random_games_end_with_a_valid_outcome():
    for index in range(1000):
        state, _history = random_game(2 + index % 3, 1000 + index)
        check_outcome(state)


@pytest.mark.parametrize("players, seed", [(2, 5), (3, 6), (4, 7)])
def test_greedy_games_end_with_a_palace(players, seed):
    state, _history = play(Q.new({}, players, seed), greedy_move, Rng.from_seed(seed))
    result = check_outcome(state)
    assert result["palace_builders"] and not result["ended_by_round_limit"]


def move_space(state, seat):
    """A finite superset of the legal moves in canonical spelling, many of them illegal."""
    player = state["players"][seat]
    tiles = sorted(c["tile"] for c in player["craftsmen"])
    moves = [{"type": kind} for kind in ("decline", "trust", "palace", "skip_hire", "end_turn", "draft_pass")]
    moves += [{"type": "move", "steps": steps} for steps in range(0, 5)]
    if state["draft"]["pool"]:
        moves += [{"type": "draft", "tile": tile, "turns": turns} for tile in state["draft"]["pool"]
                  for turns in range(-1, 7)]
    moves += [{"type": "redeem", "bonds": count} for count in range(0, 6)]
    moves += [{"type": "travel", "to": location} for location in map_of(state)["order"]]
    moves += [{"type": "hire", "slot": slot, "dismiss": dismiss} for slot in range(0, 8)
              for dismiss in [None] + tiles]
    moves += [{"type": "build_new", "climb": climb} for climb in range(-1, 11)]
    subsets = [list(chosen) for size in range(0, len(tiles) + 1) for chosen in combinations(tiles, size)]
    moves += [{"type": "day", "workers": chosen} for chosen in subsets]
    moves += [{"type": "repair", "tiles": chosen, "climb": climb} for chosen in subsets if len(chosen) <= 4
              for climb in range(0, 5)]
    moves += [{"type": "tavern", "guilds": list(chosen)} for size in range(0, 7)
              for chosen in combinations(GUILD_IDS, size)]
    return moves


def accepts(state, seat, move):
    try:
        Q.apply(state, seat, move)
    except IllegalMove:
        return False
    return True


def canonical(move):
    return json.dumps(move, sort_keys=True)


@pytest.mark.parametrize("players, seed", [(2, 11), (4, 12)])
def test_legal_moves_are_exact(players, seed):
    state = Q.new({}, players, seed)
    rng = Rng.from_seed(seed)
    checked = 0
    while Q.to_act(state):
        seat = next(iter(Q.to_act(state)))
        if state["turn"]["stage"] != "done" or rng.below(8) == 0:
            listed = {canonical(m) for m in Q.legal_moves(state, seat) if m["type"] != "undo"}
            accepted = {canonical(m) for m in move_space(state, seat) if accepts(state, seat, m)}
            assert accepted == listed, (accepted ^ listed)
            checked += 1
        state = Q.apply(state, seat, greedy_move(state, seat, rng) if rng.below(2) else random_move(state, seat, rng))
        if checked > 120:
            break
    assert checked > 100


def test_undo_restores_the_state_before_the_move_exactly():
    state = Q.new({}, 3, 21)
    rng = Rng.from_seed(21)
    undone = 0
    for _step in range(600):
        if not Q.to_act(state):
            break
        seat = next(iter(Q.to_act(state)))
        move = random_move(state, seat, rng)
        after = Q.apply(state, seat, move)
        if {"type": "undo"} in Q.legal_moves(after, seat):
            back = Q.apply(after, seat, {"type": "undo"})
            assert {k: v for k, v in back.items() if k != "undo"} == {k: v for k, v in state.items() if k != "undo"}
            undone += 1
        state = after
    assert undone > 100


def test_timeout_move_is_none_on_every_decision_since_all_are_owed_on_turn():
    """docs/engine.md: a default only for decisions owed while another seat is active; this game has
    none (draft picks included), so every deadline falls to the site's timeout policy."""
    rng = Rng.from_seed(11)
    state = Q.new({}, 3, 4)
    checked = 0
    while Q.to_act(state) and checked < 400:
        for seat in range(3):
            assert Q.timeout_move(state, seat) is None
        seat = next(iter(Q.to_act(state)))
        state = Q.apply(state, seat, random_move(state, seat, rng))
        checked += 1
    assert checked == 400


def test_the_former_timeout_move_is_refused_with_the_stage_reason():
    state = Q.new({}, 2, 4)
    seat = next(iter(Q.to_act(state)))
    with pytest.raises(IllegalMove) as refused:
        Q.apply(state, seat, {"type": "timeout"})
    assert "start craftsman" in refused.value.as_text()["msg"]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_balance_greedy_games_reach_the_palace_in_25_to_40_turns(players):
    """Issue 13 / spec 5.7 balance regression: >= 95 % palace games, winner's median 25-40 own turns."""
    import statistics

    turns = []
    for seed in range(40):
        state, _history = play(Q.new({}, players, 500 + seed), greedy_move, Rng.from_seed(500 + seed))
        result = check_outcome(state)
        if result["palace_builders"]:
            turns.append(min(result["breakdown"][seat]["turns"] for seat in result["winners"]))
    assert len(turns) >= 38
    assert 25 <= statistics.median(turns) <= 40


def test_malformed_moves_are_refused_with_a_reason_and_change_nothing():
    junk = [None, 3, "move", {}, {"type": 5}, {"type": "fly"}, {"type": "move", "steps": True},
            {"type": "draft", "tile": ["x"], "turns": 0}, {"type": "draft", "tile": {"a": 1}},
            {"type": "hire", "slot": "1"}, {"type": "hire", "slot": 1, "dismiss": {"a": 1}},
            {"type": "day", "workers": [{"a": 1}]}, {"type": "day", "workers": "GLA-A-1"},
            {"type": "tavern", "guilds": [{"a": 1}]}, {"type": "tavern", "guilds": ["glazier", "glazier"]},
            {"type": "repair", "tiles": [[1]], "climb": 0}, {"type": "repair", "tiles": "x"},
            {"type": "build_new", "climb": "3"}, {"type": "travel", "to": ["capital"]},
            {"type": "redeem", "bonds": 1.0}, {"type": "travel"}]
    state = Q.new({}, 2, 30)
    rng = Rng.from_seed(30)
    for _step in range(400):
        if not Q.to_act(state):
            break
        seat = next(iter(Q.to_act(state)))
        frozen = json.dumps(state, sort_keys=True)
        for move in junk:
            if move in Q.legal_moves(state, seat):
                continue
            for who in (seat, 1 - seat, 7):
                with pytest.raises(IllegalMove) as refused:
                    Q.apply(state, who, move)
                assert refused.value.reason
        assert json.dumps(state, sort_keys=True) == frozen
        state = Q.apply(state, seat, greedy_move(state, seat, rng))


@pytest.mark.parametrize("options", [
    {"star_order": "travel_first"}, {"appreciation_order": "cap_then_minus"}, {"top_slot_uses": "price"},
    {"palace_all_guilds": True}, {"end_mode": "one_more_turn_each"}, {"repair_distinct_guilds": False},
    {"lot_hire_cost": "free"}, {"max_rounds": 40},
])
def test_every_option_plays_to_a_valid_outcome(options):
    for players, chooser in ((3, random_move), (4, greedy_move)):
        state, _history = play(Q.new(options, players, 40), chooser, Rng.from_seed(40))
        assert state["options"] == {**Q.new({}, players, 1)["options"], **options}
        result = check_outcome(state)
        assert result["rounds"] <= state["options"]["max_rounds"]
