"""The Queen's Architect board: its click flow is exactly the legal moves, each reachable by
clicks on pieces the page draws; the engine's reasons for the other pieces; the page, the
replay and the German page."""

import json
import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

import engine.queens_architect as Q
from engine.core.rng import Rng
from engine.queens_architect.bots import greedy_move, random_move
from games.boards.queens_architect.board import build
from games.boards.queens_architect.flow import flow
from games.moves import submit_move
from tests.conftest import client_for
from tests.support.games import acting_user, start_game

NAMES = {0: "Anna", 1: "Ben", 2: "Cleo"}
BUTTON = ("btn:", "turns:", "climb:", "redeem:")


def as_key(steps):
    return tuple(tuple(sorted(step["set"])) if isinstance(step, dict) else step for step in steps)


def game_states(players=3, seed=6, count=400):
    """States of a game played half greedy, half at random (every kind of step)."""
    rng = Rng.from_seed(seed)
    state = Q.new({}, players, seed)
    for index in range(count):
        if not Q.to_act(state):
            return
        yield state
        seat = next(iter(Q.to_act(state)))
        move = greedy_move(state, seat, rng) if index % 2 else random_move(state, seat, rng)
        state = Q.apply(state, seat, move)


def test_the_flow_lists_every_legal_move_once_and_no_move_is_a_prefix_of_another():
    kinds = set()
    for state in game_states():
        seat = next(iter(Q.to_act(state)))
        legal = Q.legal_moves(state, seat)
        click_flow = flow(state, seat, legal, NAMES)
        assert [entry["m"] for entry in click_flow["moves"]] == legal
        keys = [as_key(entry["s"]) for entry in click_flow["moves"]]
        assert len(set(keys)) == len(keys)
        for key in keys:
            assert not any(other != key and other[:len(key)] == key for other in keys), key
        for entry in click_flow["moves"]:
            kinds.add(entry["m"]["type"])
            for step in entry["s"]:
                if isinstance(step, str) and step.startswith(BUTTON):
                    assert click_flow["labels"][step]
    assert {"draft", "move", "day", "hire", "travel", "tavern", "build_new", "repair", "end_turn"} <= kinds


@pytest.mark.django_db
def test_every_piece_a_move_starts_with_is_drawn_on_the_board():
    for number, state in enumerate(game_states(players=2, seed=9, count=240)):
        if number % 4:
            continue
        seat = next(iter(Q.to_act(state)))
        click_flow = flow(state, seat, Q.legal_moves(state, seat), NAMES)
        html = render_to_string("games/boards/queens_architect.html",
                                {"qa": build(Q.view(state, seat), NAMES, seat, flow=click_flow)})
        drawn = set()
        for keys in re.findall(r'data-k="([^"]*)"', html):
            drawn.update(keys.split())
        for entry in click_flow["moves"]:
            for step in entry["s"]:
                needed = step["set"] if isinstance(step, dict) else [] if step.startswith(BUTTON) else [step]
                assert set(needed) <= drawn, (entry["m"], needed)


def test_a_piece_that_starts_no_move_carries_the_engines_reason():
    state = next(s for s in game_states(players=2, seed=3) if s["turn"]["stage"] == "move")
    seat = state["turn"]["seat"]
    with translation.override("en"):
        reasons = flow(state, seat, Q.legal_moves(state, seat), NAMES)["reasons"]
    assert reasons["loc:capital"] == "First move your architect 1 to 3 spaces."
    assert reasons["palace"] == reasons["slot:1"] == reasons["loc:capital"]
    staying = "space:%d" % state["players"][seat]["architect"]
    assert reasons[staying] == "Move your architect 1, 2 or 3 spaces clockwise."


def test_the_draft_pool_and_the_black_board_are_drawn_with_each_tile_turned_to_its_uses():
    state = Q.new({}, 2, 4)
    qa = build(Q.view(state, None), NAMES, None)
    assert [t["id"] for t in qa["pool"]["tiles"]] == state["draft"]["pool"]
    slots = qa["black"]["slots"]
    assert [s["tile"]["id"] for s in slots] == state["board"]
    assert [s["tile"]["uses"] for s in slots] == [6, 5, 4, 3, 2, 1] and [s["price"] for s in slots] == [6, 5, 4, 3, 2, 1]
    for slot in slots:
        now = [c for c in slot["tile"]["corners"] if c["state"] == "now"]
        assert len(now) == 1 and now[0]["v"] == slot["tile"]["now"]


@pytest.mark.django_db
def test_the_page_gives_the_player_on_turn_the_click_flow_instead_of_the_move_card(alice, bob):
    game = start_game("queens_architect", [alice, bob])
    seat = acting_user(game)
    html = client_for(seat.user).get(f"/games/{game.pk}/").content.decode()
    match = re.search(r'<script id="qa-flow" type="application/json">(.*?)</script>', html, re.S)
    assert match and 'id="moves"' not in html and 'class="qa-map' in html and "qa-star" in html
    assert {entry["m"]["type"] for entry in json.loads(match.group(1))["moves"]} == {"draft"}
    other = next(s for s in game.seat_list() if s.pk != seat.pk)
    waiting = client_for(other.user).get(f"/games/{game.pk}/").content.decode()
    assert 'id="qa-flow"' not in waiting and "qa-map" in waiting


@pytest.mark.django_db
def test_the_replay_draws_the_same_board_and_the_german_page_speaks_german(alice, bob):
    game = start_game("queens_architect", [alice, bob])
    rng = Rng.from_seed(1)
    for _ in range(12):
        seat = acting_user(game)
        submit_move(game.pk, seat.user, greedy_move(game.state, seat.position, rng), game.version)
        game.refresh_from_db()
    replay = client_for(alice).get(f"/games/{game.pk}/replay/3/").content.decode()
    assert "qa-map" in replay and "qa-black" in replay and 'id="qa-flow"' not in replay
    alice.profile.language = "de"
    alice.profile.save()
    german = client_for(alice).get(f"/games/{game.pk}/").content.decode()
    assert "Schwarzes Brett" in german and "Taverne" in german


def test_each_climb_button_tells_the_position_and_bonds_of_its_own_building_or_repair():
    seen = 0
    for state in game_states(players=2, seed=12, count=500):
        seat = next(iter(Q.to_act(state)))
        legal = Q.legal_moves(state, seat)
        scoring = [m for m in legal if m["type"] in ("build_new", "repair")]
        if not scoring:
            continue
        with translation.override("en"):
            click_flow = flow(state, seat, legal, NAMES)
        for entry in click_flow["moves"]:
            if entry["m"]["type"] not in ("build_new", "repair"):
                continue
            after = Q.apply(state, seat, entry["m"])["players"][seat]
            bonds = after["bonds"] - state["players"][seat]["bonds"]
            label = click_flow["labels"][entry["s"][-1]]
            assert label == "Climb %d: to position %d, %d bonds" % (entry["m"]["climb"], after["track_position"], bonds)
            seen += 1
    assert seen > 50
