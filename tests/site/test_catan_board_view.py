"""The Catan board view-model: pure functions from the engine's view to drawing data
(games/boards/catan_ck), and the click flow built from legal_moves."""

import json
import math
import random

import pytest

import engine.catan_ck as rules
from engine.catan_ck import bots
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.data.tokens import PIPS
from engine.core.rng import Rng
from games.boards.catan_ck import flow as click_flow
from games.boards.catan_ck import island
from games.boards.catan_ck.board import build
from games.boards.catan_ck.log import productions, roll, spots, without_production
from games.text import render
from tests.engine.catan_ck.helpers import after_setup, empty_board, give, put

NAMES = {0: "alice", 1: "bob", 2: "carol", 3: "dave"}


def played(steps, players=4, seed=2):
    """A state after `steps` random bot moves (setup included)."""
    state = rules.new({}, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        acting = sorted(rules.to_act(state))
        if not acting or state["phase"] == "over":
            break
        seat = acting[rng.randrange(len(acting))]
        state = rules.apply(state, seat, bots.random_move(state, seat, Rng.from_seed(rng.getrandbits(62))))
    return state


def board(state, seat):
    legal = rules.legal_moves(state, seat) if seat is not None else []
    return build(rules.view(state, seat), legal, NAMES, seat)


def test_the_island_has_19_hexes_with_tokens_pips_and_red_six_and_eight():
    state = after_setup(seed=4)
    drawn = board(state, None)["island"]
    assert len(drawn["hexes"]) == 19
    for hexagon in drawn["hexes"]:
        record = state["board"]["hexes"][hexagon["name"]]
        assert hexagon["terrain"] == record["terrain"] and hexagon["number"] == record["number"]
        assert len(hexagon["pips"]) == (PIPS[record["number"]] if record["number"] else 0)
        assert hexagon["red"] == (record["number"] in (6, 8))
        assert hexagon["robber"] == (state["robber"] == hexagon["name"])
    assert sum(h["robber"] for h in drawn["hexes"]) == 1
    assert len({h["fill"] for h in drawn["hexes"]}) == 6  # one colour per terrain


def test_harbours_show_their_rates_and_reach_their_two_intersections():
    state = after_setup(seed=4)
    harbours = board(state, None)["island"]["harbours"]
    assert len(harbours) == 9
    for harbour in harbours:
        kind = state["board"]["harbours"][harbour["id"]]
        assert harbour["rate"] == ("3:1" if kind == "generic" else "2:1")
        ends = [island.spot(name) for name in GEOMETRY.harbour_intersections[harbour["id"]]]
        assert [(p["x"], p["y"]) for p in harbour["piers"]] == ends


def test_an_intersection_is_drawn_on_the_corner_its_hexes_share():
    for name in GEOMETRY.intersections:
        x, y = island.spot(name)
        for part in name.split(";"):
            cx, cy = island.hex_centre(part)
            assert math.hypot(x - cx, y - cy) == pytest.approx(island.HEX, abs=0.2)


def test_pieces_carry_their_owners_colour_and_mark_and_knights_their_level_and_state():
    state = empty_board(seed=3, players=4)
    a, b = state["order"][:2]
    put(state, a, "city", "-1,0;0,-1;0,0", wall=True)
    put(state, b, "settlement", "0,0;1,-1;1,0")
    put(state, b, "knight", "-1,-1;-1,0;0,-1", strength=2, active=True)
    put(state, a, "road", "0,-1;0,0")
    drawn = board(state, a)["island"]
    city = next(p for p in drawn["buildings"] if p["name"] == "-1,0;0,-1;0,0")
    settlement = next(p for p in drawn["buildings"] if p["owner"] == b)
    assert city["kind"] == "city" and city["wall"] and settlement["kind"] == "settlement"
    assert city["colour"] != settlement["colour"] and city["mark"] != settlement["mark"]  # not by colour alone
    (knight,) = drawn["knights"]
    assert (knight["roman"], knight["active"], knight["mark"]) == ("II", True, settlement["mark"])
    (road,) = drawn["roads"]
    assert road["colour"] == city["colour"]
    # occupied intersections are clicked on their pieces, not on a spot of their own
    assert {"-1,0;0,-1;0,0", "-1,-1;-1,0;0,-1"}.isdisjoint(s["name"] for s in drawn["intersections"])


def test_the_barbarians_compare_active_knights_with_cities():
    state = empty_board(seed=3, players=4)
    a, b = state["order"][:2]
    put(state, a, "city", "-1,0;0,-1;0,0")
    put(state, b, "city", "0,0;1,-1;1,0")
    put(state, b, "knight", "-1,-1;-1,0;0,-1", strength=3, active=True)
    put(state, a, "knight", "1,-1;1,0;2,-1", strength=2, active=False)
    barbarians = board(state, None)["barbarians"]
    assert (barbarians["catan"], barbarians["barbarians"]) == (3, 2)
    assert barbarians["position"] == state["barbarians"]["position"]


def test_own_cards_are_face_up_and_others_are_counts():
    state = empty_board(seed=3, players=4)
    a, b = state["order"][:2]
    give(state, a, brick=2, paper=1)
    give(state, b, ore=3)
    state["players"][b]["progress"] = ["spy-1"]
    players = {p["seat"]: p for p in board(state, a)["players"]}
    assert [(c["type"], c["count"]) for c in players[a]["hand"]] == [("brick", 2), ("paper", 1)]
    assert players[b]["hand"] is None and players[b]["cards"] == 3
    assert players[b]["progress"] is None and players[b]["progress_total"] == 1
    assert "spy-1" not in json.dumps(board(state, a))
    assert board(state, a)["players"][0]["seat"] == a  # the reader's own panel first


def test_maritime_buttons_show_the_best_rate():
    state = empty_board(seed=3, players=4)
    a = state["active"]
    give(state, a, brick=4, ore=4)
    harbour = next(h for h, kind in state["board"]["harbours"].items() if kind == "ore")
    put(state, a, "settlement", GEOMETRY.harbour_intersections[harbour][0])
    flow = board(state, a)["flow"]
    assert flow["labels"]["give:brick"] == "Give 4 brick"
    assert flow["labels"]["give:ore"] == "Give 2 ore"


def test_every_drawn_move_has_its_own_clicks_and_reasons_never_name_a_legal_click():
    """At random positions of four seats, the clicks of two drawn moves never coincide
    (the flow always ends on exactly one move), and no reason stands next to a legal click."""
    for steps in (0, 40, 120, 260, 420):
        state = played(steps)
        for seat in rules.to_act(state):
            legal = rules.legal_moves(state, seat)
            drawn = [m for m in legal if click_flow.draws(m)]
            clicks = [tuple(sorted(click_flow.steps(m))) for m in drawn]
            assert len(clicks) == len(set(clicks)), steps
            keys = {k for m in drawn for k in click_flow.steps(m)}
            reasons = click_flow.reasons_for(state, seat, legal)
            assert not keys & set(reasons)
            flow = board(state, seat)["flow"]
            assert flow is None or all(k in flow["labels"] for k in keys if k.split(":")[0] in click_flow.BUTTONS)


def test_setup_asks_for_an_intersection_then_a_road():
    state = rules.new({}, 3, 5)
    seat = state["active"]
    flow = board(state, seat)["flow"]
    assert {e["s"][0].split(":")[0] for e in flow["moves"]} == {"int"}
    assert {e["s"][1].split(":")[0] for e in flow["moves"]} == {"path"}


def test_an_illegal_spot_gets_the_engines_reason():
    state = rules.new({}, 3, 5)
    seat = state["active"]
    first = rules.legal_moves(state, seat)[0]
    state = rules.apply(state, seat, first)
    seat = state["active"]
    reasons = click_flow.reasons_for(state, seat, rules.legal_moves(state, seat))
    neighbour = GEOMETRY.neighbours[first["intersection"]][0]
    assert reasons["int:%s" % first["intersection"]]  # taken
    assert reasons["int:%s" % neighbour]  # too close (the distance rule)


def test_a_discard_is_a_pick_with_its_count_and_limits():
    state = empty_board(seed=5, players=3, stage="roll")
    active = state["active"]
    other = state["order"][1]
    give(state, other, ore=5, wool=4)
    from tests.engine.catan_ck.helpers import with_roll

    state = rules.apply(with_roll(state, 3, 4, "trade"), active, {"type": "roll"})
    (pick,) = board(state, other)["flow"]["picks"]
    assert pick["count"] == 4 and {c["type"]: c["most"] for c in pick["cards"]} == {"ore": 5, "wool": 4}


def test_log_lines_give_dice_event_and_production_and_only_public_spots():
    line = {"msg": "{p0} {p1}", "args": {
        "p0": {"msg": "{player} rolls {white} (white) and {red} (red) = {total}; event die: {event}.",
                 "args": {"player": 0, "white": 2, "red": 5, "total": 7, "event": {"msg": "blue gate", "args": {}}}},
        "p1": {"msg": "Production: {list}.", "args": {"list": {"msg": "{player}: {cards}", "args": {
            "player": 1, "cards": {"msg": "2 brick", "args": {}}}}}}}}
    dice = roll(line)
    assert (dice["white"], dice["red"], dice["event"]) == (2, 5, "politics")
    assert [(p["seat"], p["cards"]) for p in productions(line, NAMES)] == [(1, "2 brick")]
    # the line itself leaves the production to the list below it
    assert render(without_production(line), NAMES) == "alice rolls 2 (white) and 5 (red) = 7; event die: blue gate."
    assert spots({"type": "take_cards", "cards": {"ore": 1}}) == []  # a pick's cards are never read
    assert spots({"type": "chase_robber", "knight": "a", "hex": "0,0"}) == ["int:a", "hex:0,0"]


def test_a_stolen_card_is_told_to_the_thief_and_the_victim_only():
    state = empty_board(seed=3, players=4)
    thief, victim, third = state["order"][:3]
    state["private"] = [{"kind": "steal", "seats": [thief, victim], "card": "ore"}]
    line = "%s took 1 ore from %s." % (NAMES[thief], NAMES[victim])
    assert board(state, thief)["private"] == [line]
    assert board(state, victim)["private"] == [line]
    assert board(state, third)["private"] == [] and board(state, None)["private"] == []
