"""Views (CAT-INFO), log lines and timeouts (ASYNC-05)."""

import importlib

from engine.core.rng import Rng
from engine.core.text import render
from engine.catan_ck import apply, describe, legal_moves, new, default_move, to_act, view
from engine.catan_ck.bots import random_move
from engine.catan_ck.moves import SCHEMA
from tests.engine.catan_ck.helpers import after_setup, empty_board, give, roll


def _play(seed, steps, players=4):
    state, rng = new({}, players, seed), Rng.from_seed(seed)
    states = [state]
    for _ in range(steps):
        seats = sorted(to_act(state))
        if not seats:
            break
        seat = seats[rng.below(len(seats))]
        state = apply(state, seat, random_move(state, seat, rng))
        states.append(state)
    return states


def test_CAT_INFO_every_state_key_is_classified_for_views():
    """A new top-level state key must be declared public, secret, counted or filtered."""
    module = importlib.import_module("engine.catan_ck.view")
    known = module.PUBLIC | module.SECRET | module.SHOWN_AS_COUNTS | module.FILTERED
    for state in _play(3, 300, players=3) + _play(4, 300):
        assert set(state) <= known, set(state) - known


def test_CAT_INFO_02_04_CK_PROGRESS_11_hands_progress_faces_and_the_generator_are_private():
    state = after_setup(seed=2)
    a, b = state["order"][:2]
    state["players"][b]["progress"] = ["spy-1"]
    mine, theirs, spectator = view(state, b), view(state, a), view(state, None)
    assert mine["players"][b]["hand"] == state["players"][b]["hand"] and mine["players"][b]["progress"] == ["spy-1"]
    for shown in (theirs, spectator):
        assert shown["players"][b]["hand"] is None and shown["players"][b]["progress"] is None
        assert shown["players"][b]["cards"] == sum(state["players"][b]["hand"].values())
        assert shown["players"][b]["progress_counts"] == {"trade": 0, "politics": 1, "science": 0}
    for shown in (mine, theirs, spectator):
        assert "rng" not in shown and "undo" not in shown and shown["decks"] == {"trade": 18, "politics": 18, "science": 18}
        assert "spy-1" not in repr(shown["decisions"]) and str(state["rng"]) not in repr(shown)


def test_CAT_ROBBER_03_CAT_INFO_03_the_stolen_card_is_seen_by_thief_and_victim_only():
    state = empty_board(seed=5, stage="robber")
    state["barbarians"]["attacks"] = 1
    a, b, c = state["order"][:3]
    from engine.catan_ck.board import GEOMETRY
    from tests.engine.catan_ck.helpers import put
    target = next(h for h in GEOMETRY.land_names if h != state["robber"])
    put(state, b, "settlement", GEOMETRY.hex_corners[target][0])
    give(state, b, coin=1)
    after = apply(state, a, {"type": "move_robber", "hex": target, "victim": b})
    assert view(after, a)["private"][0]["card"] == view(after, b)["private"][0]["card"] == "coin"
    assert view(after, c)["private"] == [] and view(after, None)["private"] == []
    assert "coin" not in render(describe({"type": "move_robber", "hex": target, "victim": b}, state))


def test_D_04_the_new_card_of_an_overflow_is_only_shown_to_its_owner():
    state = {"decisions": [{"id": 1, "seat": 1, "kind": "discard_progress", "blocks": "roll", "card": "spy-2"}]}
    full = after_setup(seed=2)
    full = dict(full, decisions=state["decisions"])
    assert view(full, 1)["decisions"][0]["card"] == "spy-2"
    assert "card" not in view(full, 0)["decisions"][0]


def test_describe_writes_the_dice_and_production_into_the_line():
    state = empty_board(seed=3, stage="roll")
    from tests.engine.catan_ck.helpers import with_roll
    state = with_roll(state, 4, 2, "ship")
    line = render(describe({"type": "roll"}, state), names={s: "P%d" % s for s in range(4)})
    assert "rolls 4 (white) and 2 (red) = 6; event die: barbarian ship." in line
    assert line.startswith("P%d" % state["active"])


def test_describe_names_the_seat_of_a_decision_and_marks_timeouts():
    state = empty_board(seed=5, stage="roll")
    seat = state["order"][2]
    give(state, seat, ore=5, wool=4)
    after = roll(state, 3, 4)
    move = default_move(after, seat)
    line = render(describe(move, after))
    assert line.startswith("%d discards " % seat) and line.endswith("(by timeout)")


def test_ASYNC_05_every_seat_in_to_act_has_a_timeout_move_that_applies():
    for seed in range(6):
        for state in _play(seed, 250, players=3 + seed % 2)[::5]:
            for seat in to_act(state):
                move = default_move(state, seat)
                assert move is not None and move["timeout"] is True
                after = apply(state, seat, move)
                assert after != state
                render(describe(move, state))


def test_every_listed_move_type_is_in_the_schema_and_describes():
    for state in _play(9, 400)[::7]:
        for seat in to_act(state):
            for move in legal_moves(state, seat)[:40]:
                assert move["type"] in SCHEMA or move["type"] == "undo"
                if "choose" not in repr(move):
                    assert render(describe(move, state))


def test_ASYNC_05_the_site_submits_a_default_only_for_decisions_owed_off_turn():
    """`timeout_move` (the contract call the site uses) answers an off-turn discard by its default;
    the active player's own steps, even his own discard, are left to the site's timeout policy."""
    from engine.catan_ck import prompt, timeout_move

    state = empty_board(seed=5, stage="roll")
    active, other = state["active"], state["order"][2]
    give(state, other, ore=5, wool=4)
    give(state, active, brick=5, grain=4)
    assert timeout_move(state, active) is None
    after = roll(state, 3, 4)
    assert {active, other} <= to_act(after)
    assert timeout_move(after, active) is None
    move = timeout_move(after, other)
    assert move == default_move(after, other) and move["timeout"] is True
    assert render(prompt(after, other)) == "You must discard 4 cards."
    assert prompt(after, state["order"][1]) is None
    answered = apply(after, other, move)
    assert other not in to_act(answered) and timeout_move(answered, other) is None


def test_CAT_BOARD_10_CAT_INFO_01_CK_KNIGHT_16_the_board_pieces_and_public_counts_are_shown_to_all():
    from engine.catan_ck.scoring import points
    from tests.engine.catan_ck.helpers import CHAIN_PATHS, V, put

    state = empty_board(seed=5)
    a, b = state["order"][:2]
    put(state, b, "city", V[0], wall=True)
    put(state, b, "road", CHAIN_PATHS[0])
    put(state, b, "knight", V[1], strength=2, active=True)
    state["players"][b]["levels"]["politics"] = 2
    state["players"][b]["progress"] = ["spy-1"]
    for seat in (a, None):
        shown = view(state, seat)
        for key in ("board", "robber", "merchant", "barbarians", "bank", "buildings", "roads", "knights",
                    "metropolises", "longest_road"):
            assert shown[key] == state[key], key
        assert shown["knights"][V[1]]["strength"] == 2 and shown["knights"][V[1]]["active"]
        other = shown["players"][b]
        assert other["levels"] == state["players"][b]["levels"] and other["points"] == points(state, b)
        assert other["progress_counts"]["politics"] == 1 and other["defenders"] == 0
        assert shown["decks"] == {deck: len(cards) for deck, cards in state["decks"].items()}


def test_CK_BARB_13_the_attack_report_is_public():
    from tests.engine.catan_ck.helpers import V, put

    state = empty_board(seed=6, stage="roll")
    state["barbarians"]["position"] = 6
    p1, p2, p3, p4 = state["order"]
    put(state, p1, "city", V[0])
    put(state, p3, "city", V[4])
    put(state, p3, "knight", V[6], active=True)
    after = roll(state, 2, 3, "ship")
    attack = after["turn"]["attack"]
    assert {"strength", "defence", "catan_wins", "losers", "cities_lost"} <= set(attack)
    assert attack["knights"][p3] == 1 == attack["defence"] == sum(attack["knights"])  # every s(p), and D
    assert attack["losers"] == [p1] and attack["cities_lost"] == {str(p1): V[0]}
    for seat in (p2, None):
        assert view(after, seat)["turn"]["attack"] == attack
