"""Numbers and JSON from requests: Unicode digits, huge numbers and deep nesting are a clear 400."""

import json

import pytest

from games.models import Invitation, Move
from games.numbers import BadNumber, number
from tests.support.games import start_game

DEEP = "[" * 1000 + "]" * 1000
DEEP_MOVE = '{"type": "select", "card": ' * 1000 + "1" + "}" * 1000


@pytest.mark.parametrize("value", ["²", "٣", "1²", "-1", "1.0", " 1", "9" * 19, "9" * 5000, 1.0, True, [1], {}])
def test_number_refuses_anything_but_ascii_digits_within_bounds(value):
    with pytest.raises(BadNumber):
        number(value, "n", maximum=10**18 - 1)


def test_number_reads_ascii_digits_and_ints_and_applies_defaults():
    assert number("42", "n") == 42
    assert number(7, "n", maximum=7) == 7
    assert number("", "n", default=3) == 3 and number(None, "n") is None
    with pytest.raises(BadNumber):
        number("8", "n", maximum=7)


def test_deeply_nested_json_on_the_api_is_a_400(toy_game, alice_client):
    for body in (DEEP, '{"move": ' + DEEP_MOVE + ', "version": 0}'):
        response = alice_client.post(f"/api/games/{toy_game.pk}/moves/", body, content_type="application/json")
        assert response.status_code == 400 and "error" in response.json()
    assert not Move.objects.exists()


def test_a_move_nested_just_under_the_parsers_limit_is_a_400(toy_game, alice_client):
    move = '{"type": "select", "card": ' * 900 + "1" + "}" * 900
    response = alice_client.post(f"/api/games/{toy_game.pk}/moves/", '{"move": %s, "version": 0}' % move,
                                 content_type="application/json")
    assert response.status_code == 400
    assert not Move.objects.exists()


def test_deeply_nested_json_in_the_page_form_changes_nothing(toy_game, alice_client):
    response = alice_client.post(f"/games/{toy_game.pk}/move/", {"move": DEEP_MOVE, "version": "0"})
    assert response.status_code == 302
    assert not Move.objects.exists()


@pytest.mark.parametrize("value", ["²", "9" * 5000, "٣"])
def test_unicode_digits_and_huge_numbers_in_query_strings_are_a_400(toy_game, alice_client, value):
    for url in (f"/api/games/{toy_game.pk}/log/?after=", "/invitations/?players=", "/invitations/?days=",
                f"/games/{toy_game.pk}/replay/?step="):
        response = alice_client.get(url + value)
        assert response.status_code == 400, url
        assert "must be a whole number" in response.content.decode()
    assert alice_client.get(f"/api/games/{toy_game.pk}/log/?after=²").json()["reason"]["args"]["name"] == "after"


@pytest.mark.parametrize("version", ["²", "9" * 5000, "9" * 19])
def test_the_page_forms_version_must_be_a_plain_number(toy_game, alice_client, version):
    response = alice_client.post(f"/games/{toy_game.pk}/move/", {"move": '{"type": "play", "card": 0}',
                                                                  "version": version})
    assert response.status_code == 400
    assert not Move.objects.exists()


def test_the_api_refuses_a_version_or_seat_that_is_no_json_integer(toy_game, alice_client):
    for body in ({"move": {"type": "pass"}, "version": "0"}, {"move": {"type": "pass"}, "version": 1.5},
                 {"move": {"type": "pass"}, "version": 0, "seat": "0"}):
        response = alice_client.post(f"/api/games/{toy_game.pk}/moves/", json.dumps(body),
                                     content_type="application/json")
        assert response.status_code == 400, body
    huge = '{"move": {"type": "pass"}, "version": %s}' % ("9" * 5000)
    assert alice_client.post(f"/api/games/{toy_game.pk}/moves/", huge,
                             content_type="application/json").status_code == 400
    assert not Move.objects.exists()


def test_the_lobby_filters_still_work(alice, alice_client):
    from games import invitations

    invitations.create_invitation(alice, "toy", 3, {}, [None, None], days_per_move=7)
    assert "alice" in alice_client.get("/invitations/?players=3&days=7").content.decode()
    assert Invitation.objects.count() == 1
    page = alice_client.get("/invitations/?players=2").content.decode()
    assert 'value="2" selected' in page


def test_an_outsider_posting_a_move_to_a_private_game_gets_the_same_404_as_for_no_game(alice, bob, carol_client):
    game = start_game("toy", [alice, bob], visibility="private")
    private = carol_client.post(f"/games/{game.pk}/move/", {"move": '{"type": "pass"}', "version": "0"})
    unknown = carol_client.post("/games/987654/move/", {"move": '{"type": "pass"}', "version": "0"})
    assert private.status_code == unknown.status_code == 404
    assert not Move.objects.exists()


@pytest.mark.parametrize("game", ["%00", "nope", "%C2%B2"])
def test_an_unknown_game_in_the_lobby_filter_is_a_400(db, client, game):
    response = client.get(f"/invitations/?game={game}")
    assert response.status_code == 400 and "game must be one of" in response.content.decode()
    assert client.get("/invitations/?game=toy").status_code == 200
