"""Turns the game plays by itself (the dummy, Peter Parler) are in the game log: the page, the
API log and the replay, each saying what the turn did, and nothing hidden."""

import pytest

import engine.praga as praga
from games.models import GameEvent
from tests.conftest import client_for
from tests.engine.praga.helpers import PREFERENCE
from tests.support.games import play_praga_turn, start_game

pytestmark = pytest.mark.django_db


def step(state):
    """One move of seat 0 by simple choices (pending items first, main action = produce)."""
    moves = praga.legal_moves(state, 0)
    for kind in PREFERENCE:
        found = [m for m in moves if m["type"] == kind]
        if found:
            return found[0]
    mains = sorted((m for m in moves if m.get("via") == "main"),
                   key=lambda m: (m["type"] not in ("mines", "quarries"), m.get("option") != "produce"))
    return mains[0] if mains else next(m for m in moves if m["type"] == "take")


@pytest.mark.parametrize("mode, start", [("parler", "Peter Parler plays card {card}: {actions}."),
                                         ("dummy", "The dummy takes action tile {tile}.")])
def test_the_engine_describes_each_solo_opponent_turn(mode, start):
    state = praga.new({"solo_mode": mode}, 1, 7)
    assert praga.automatic_turns(step(state), state) == []  # taking a tile plays no other turn
    while True:
        move = step(state)
        if move["type"] == "end_turn":
            break
        assert praga.automatic_turns(move, state) == []
        state = praga.apply(state, 0, move)
    [line] = praga.automatic_turns(move, state)
    assert line["msg"] == start
    after = praga.apply(state, 0, move)
    if mode == "parler":
        assert line["args"]["card"] == after["parler"]["last_card"]
        assert "deck" not in str(line) and str(after["parler"]["deck"][:1]) not in str(line["args"]["card"])
    else:
        assert line["args"]["tile"] in after["wheel"]["at"]


def test_parler_turns_are_in_the_page_api_and_replay_logs(alice):
    game = start_game("praga", [alice], {"solo_mode": "parler"})
    for _ in range(2):
        play_praga_turn(game, alice)
    assert game.state["turn_no"] == 4
    events = list(GameEvent.objects.filter(game=game).order_by("after_seq"))
    assert len(events) == 2 and all(e.text["msg"].startswith("Peter Parler plays card") for e in events)
    # right after the human's end of turn
    for event in events:
        assert game.moves.get(seq=event.after_seq).payload["type"] == "end_turn"
    client = client_for(alice)
    api = client.get(f"/api/games/{game.pk}/log/").json()
    lines = [entry["text"] for entry in api["entries"]]
    parler = [line for line in lines if line.startswith("Peter Parler plays card")]
    assert len(parler) == 2 and all("takes action tile AT" in line for line in parler)
    # played inside the human's end of turn: logged at that move's own moment
    at = {entry["seq"]: entry["at"] for entry in api["entries"] if entry["event"] is None}
    assert [entry["at"] for entry in api["entries"] if entry["event"] is not None] == [
        at[event.after_seq] for event in events]
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert page.count("Peter Parler plays card") >= 2
    replay = client.get(f"/games/{game.pk}/replay/{events[0].after_seq}/").content.decode()
    assert "Peter Parler plays card" in replay
    german = client.get(f"/api/games/{game.pk}/log/", HTTP_ACCEPT_LANGUAGE="de")
    assert german.status_code == 200
