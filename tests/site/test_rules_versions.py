"""Rules versions: a game keeps the rules it started with; code that does not know them refuses."""

import pytest
from django.core.management import call_command

from engine import registry
from engine.core.contract import rules_version
from games.models import Game, Move
from tests.support.games import post_move, start_game


@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
def test_a_new_game_records_the_current_rules_version(game_id):
    module = registry.GAMES[game_id]
    state = module.new({}, module.OPTIONS["players"]["default"], 5)
    assert state["rules_version"] == module.RULES_VERSION
    assert module.RULES_VERSION in module.RULES_VERSIONS


def test_a_state_from_before_versions_existed_is_version_1():
    assert rules_version({"game": "praga"}) == 1


def test_a_move_in_a_game_with_unknown_rules_is_refused_and_writes_nothing(toy_game, alice_client):
    Game.objects.filter(pk=toy_game.pk).update(state={**toy_game.state, "rules_version": 99})
    toy_game.refresh_from_db()
    move = {"type": "select", "card": toy_game.state["hands"][0][0]}
    response = post_move(alice_client, toy_game, move)
    assert response.status_code == 400
    assert "rules this server does not know" in response.json()["error"]
    toy_game.refresh_from_db()
    assert toy_game.version == 0 and not Move.objects.exists()


@pytest.mark.django_db
def test_verify_games_names_a_game_whose_rules_version_is_unknown(alice, bob, capsys):
    game = start_game("toy", [alice, bob])
    call_command("verify_games")
    Game.objects.filter(pk=game.pk).update(state={**game.state, "rules_version": 99})
    with pytest.raises(Exception) as failure:
        call_command("verify_games")
    assert "1 game(s) differ" in str(failure.value)
    assert f"game {game.pk} (toy, version 0): rules version 99 is unknown to this code" in capsys.readouterr().out
