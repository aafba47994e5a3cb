"""Open fields of a move template besides card choices (games/form_fields.py, docs/engine.md): a
seat subset and a moment, drawn by the generic move card and filled from the posted form, on a
toy game whose `note` move has both (tests/support/toygame_notes.py). The site checks the shape
(seats among those offered, a moment that has not passed, typed in the reader's time zone), the
engine the meaning; a refusal writes nothing."""

import json

import pytest

from tests.support import toygame_notes
from tests.support.games import start_game

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
NOTE = {"type": "note", "to": {"seats": {"from": [1, 2]}}, "lapses": {"moment": {"optional": True}}}


@pytest.fixture
def notes_game(monkeypatch, alice, bob, carol):
    toygame_notes.registered(monkeypatch)
    return start_game("toy_notes", [alice, bob, carol])


def post(client, game, fields, headers=HTMX):
    game.refresh_from_db()
    response = client.post(f"/games/{game.pk}/move/", {"move": json.dumps(NOTE), "version": game.version, **fields},
                           **headers)
    game.refresh_from_db()
    return response


def in_zone(user, zone):
    user.profile.time_zone = zone
    user.profile.save()


def test_the_move_card_draws_a_checkbox_per_seat_and_a_date_time_with_labels(notes_game, alice_client):
    page = alice_client.get(f"/games/{notes_game.pk}/").content.decode()
    for seat, name in ((1, "bob"), (2, "carol")):
        assert f'name="seats:to" value="{seat}" checked' in page
        box_id = page.split(f'name="seats:to" value="{seat}"')[0].rsplit('id="', 1)[1].split('"')[0]
        assert f'<label for="{box_id}">{name}</label>' in page
    assert 'type="datetime-local"' in page and 'name="moment:lapses"' in page
    assert 'name="moment:lapses:set" value="1">' in page  # not ticked at first
    assert "In your time zone, UTC." in page


def test_the_ticked_seats_and_the_moment_reach_the_engine_in_utc(notes_game, alice, alice_client):
    in_zone(alice, "America/New_York")
    response = post(alice_client, notes_game, {"seats:to": ["2"], "moment:lapses:set": "1",
                                               "moment:lapses": "2031-07-04T09:15"})
    assert response.status_code == 200
    assert notes_game.state["notes"] == [{"author": 0, "to": [2], "lapses": "2031-07-04T13:15:00Z"}]


def test_an_unticked_moment_is_left_out_and_the_engine_judges_an_empty_seat_list(notes_game, alice_client):
    assert post(alice_client, notes_game, {"seats:to": ["1", "2"], "moment:lapses": "2031-07-04T09:15"}).status_code == 200
    assert notes_game.state["notes"] == [{"author": 0, "to": [1, 2], "lapses": None}]
    before = notes_game.version
    response = post(alice_client, notes_game, {})
    assert response.status_code == 400 and "Choose whom the note is for." in response.content.decode()
    assert notes_game.version == before


@pytest.mark.parametrize("fields, reason", [
    ({"seats:to": ["0"]}, "Choose players from the list."),  # the author's own seat is not offered
    ({"seats:to": ["x"]}, "Choose players from the list."),
    ({"seats:to": ["1"], "moment:lapses:set": "1", "moment:lapses": ""}, "Enter a date and a time."),
    ({"seats:to": ["1"], "moment:lapses:set": "1", "moment:lapses": "next friday"}, "Enter the date and time as"),
    ({"seats:to": ["1"], "moment:lapses:set": "1", "moment:lapses": "2031-02-30T10:00"}, "Enter the date and time as"),
    ({"seats:to": ["1"], "moment:lapses:set": "1", "moment:lapses": "2020-05-01T10:00"}, "That moment has passed"),
])
def test_a_wrong_shape_is_refused_with_400_and_writes_nothing(notes_game, alice_client, fields, reason):
    before = notes_game.version
    response = post(alice_client, notes_game, fields)
    assert response.status_code == 400 and reason in response.content.decode()
    assert notes_game.version == before and "notes" not in notes_game.state


def test_without_javascript_a_refusal_comes_back_as_a_message(notes_game, alice_client):
    response = post(alice_client, notes_game, {"seats:to": ["1"], "moment:lapses:set": "1", "moment:lapses": "2020-05-01T10:00"},
                    headers={})
    assert response.status_code == 302
    page = alice_client.get(response["Location"]).content.decode()
    assert "That moment has passed: choose a later date and time." in page and "notes" not in notes_game.state
