"""Submitting moves: the log is the truth, the cached state follows it."""

import json

import pytest
from django.core.management import call_command

from games import engines
from games.models import Game, Move
from tests.support.games import post_move, start_game


def first_select(game):
    return {"type": "select", "card": game.state["hands"][0][0]}


def test_a_legal_move_is_logged_and_cached(toy_game, alice_client):
    chosen = first_select(toy_game)
    response = post_move(alice_client, toy_game, chosen)
    assert response.status_code == 200, response.content
    toy_game.refresh_from_db()
    assert toy_game.version == 1
    move = Move.objects.get(game=toy_game)
    assert (move.seq, move.seat, move.payload) == (1, 0, chosen)
    assert toy_game.state["selected"][0] == chosen["card"]
    answer = response.json()
    # The new version and whose turn it is, without the whole game unless asked (docs/api.md).
    assert (answer["version"], answer["seq"], answer["status"]) == (1, 1, "running")
    assert answer["to_act"] == sorted(engines.to_act(toy_game.game_id, toy_game.state))
    assert "state" not in answer


def test_the_whole_game_comes_with_the_answer_when_asked(toy_game, alice_client):
    response = alice_client.post(f"/api/games/{toy_game.pk}/moves/?state=1",
                                 json.dumps({"move": first_select(toy_game), "version": 0}),
                                 content_type="application/json")
    assert response.status_code == 200, response.content
    state = response.json()["state"]
    assert (state["version"], state["seat"]) == (1, 0)
    assert state["view"] == engines.view(toy_game.game_id, Game.objects.get(pk=toy_game.pk).state, 0)


def test_an_illegal_move_gets_the_engines_reason_and_writes_nothing(toy_game, alice_client):
    response = post_move(alice_client, toy_game, {"type": "select", "card": "nonsense9"})
    assert response.status_code == 400
    assert response.json()["error"] == "That card is not in your hand."
    toy_game.refresh_from_db()
    assert toy_game.version == 0 and not Move.objects.exists()


def test_a_stale_version_gets_409_with_the_current_state(toy_game, alice_client):
    post_move(alice_client, toy_game, first_select(toy_game))
    response = post_move(alice_client, toy_game, {"type": "play"}, version=0)
    assert response.status_code == 409
    assert response.json()["state"]["version"] == 1
    assert Move.objects.count() == 1


def test_the_same_request_twice_applies_once(toy_game, alice_client):
    move = first_select(toy_game)
    first = post_move(alice_client, toy_game, move, request_id="abc-123")
    again = post_move(alice_client, toy_game, move, version=0, request_id="abc-123")
    assert first.status_code == again.status_code == 200
    assert again.json()["duplicate"] is True and again.json()["seq"] == first.json()["seq"]
    assert Move.objects.count() == 1


def test_undo_is_a_move_in_the_log(toy_game, alice_client):
    card = first_select(toy_game)
    post_move(alice_client, toy_game, card)
    toy_game.refresh_from_db()
    assert post_move(alice_client, toy_game, {"type": "undo"}).status_code == 200
    toy_game.refresh_from_db()
    assert toy_game.version == 2 and toy_game.state["selected"][0] is None


def test_the_game_finishes_with_ranks_and_scores(alice, bob):
    from tests.support.games import play_to_end

    game = play_to_end(start_game("toy", [alice, bob]))
    assert game.status == Game.Status.FINISHED and game.outcome
    seats = game.seat_list()
    assert sorted(seat.rank for seat in seats) == [1, 2]
    assert [seat.score for seat in seats] == game.state["scores"]
    assert not any(seat.to_act for seat in seats)


def test_a_solo_game_starts_at_once(alice):
    from games.invitations import create_invitation

    invitation = create_invitation(alice, "toy", 1, {}, [])
    assert invitation.game.seats.get().user == alice


def test_move_applied_and_game_finished_signals_fire_on_commit(alice, bob, django_capture_on_commit_callbacks):
    from games import signals
    from tests.support.games import play_random_move
    import random

    seen = []
    signals.move_applied.connect(lambda sender, game, move, **kw: seen.append(move.seq), weak=False,
                                 dispatch_uid="test-moves")
    try:
        game = start_game("toy", [alice, bob])
        with django_capture_on_commit_callbacks(execute=True):
            play_random_move(game, random.Random(1))
        assert seen == [1]
    finally:
        signals.move_applied.disconnect(dispatch_uid="test-moves")


@pytest.mark.django_db
def test_verify_games_finds_a_tampered_game(alice, bob):
    from tests.support.games import play_to_end

    game = play_to_end(start_game("toy", [alice, bob]), seed=3)
    call_command("verify_games")
    Game.objects.filter(pk=game.pk).update(state={**game.state, "scores": [999, 0]})
    with pytest.raises(Exception) as failure:
        call_command("verify_games")
    assert "1 game(s) differ" in str(failure.value)
