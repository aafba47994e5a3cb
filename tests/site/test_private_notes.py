"""Private notes: a player's text on a game, saved as typed, shown to that player only
(game page and replays, also after the game), never to the other players or watchers."""

from django.test import Client

from accounts.deletion import delete_account
from games import notes
from games.models import Note
from tests.support.games import play_to_end, start_game
from tests.support.leaks import everything, leaked

HTMX = {"HX-Request": "true"}
SECRET = "plan-xylophone-to-trap-bob"


def write(client, game, body, **headers):
    return client.post(f"/games/{game.pk}/notes/", {"body": body}, headers=headers or HTMX)


def test_it_saves_as_the_player_types_and_shows_them_on_the_game_page(toy_game, alice, alice_client):
    response = write(alice_client, toy_game, "first thought")
    assert response.status_code == 200 and response.content.decode() == "Saved."
    response = write(alice_client, toy_game, "first thought, then " + SECRET)
    assert response.status_code == 200
    assert Note.objects.get(game=toy_game, user=alice).body == "first thought, then " + SECRET
    page = alice_client.get(f"/games/{toy_game.pk}/").content.decode()
    assert 'id="notes-body"' in page and SECRET in page
    assert 'hx-trigger="input changed delay:700ms, change"' in page


def test_nobody_else_sees_them_anywhere(toy_game, alice_client, bob_client, carol_client, client):
    write(alice_client, toy_game, SECRET)
    for other in (bob_client, carol_client, client):  # the other player, a watcher, a visitor
        assert leaked(everything(other, toy_game), [SECRET]) == []
    bob_page = bob_client.get(f"/games/{toy_game.pk}/").content.decode()
    assert 'id="notes-body"' in bob_page  # bob has a box of his own, empty
    watcher_page = carol_client.get(f"/games/{toy_game.pk}/").content.decode()
    assert 'id="notes-body"' not in watcher_page
    assert bob_client.get(f"/games/{toy_game.pk}/notes/").status_code == 200
    assert SECRET not in bob_client.get(f"/games/{toy_game.pk}/notes/").content.decode()


def test_only_a_seated_player_may_write_and_a_watcher_changes_nothing(toy_game, alice_client, carol_client, client):
    write(alice_client, toy_game, SECRET)
    assert write(carol_client, toy_game, "carol was here").status_code == 404
    assert carol_client.get(f"/games/{toy_game.pk}/notes/").status_code == 404
    response = write(client, toy_game, "anonymous")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert list(Note.objects.values_list("body", flat=True)) == [SECRET]


def test_a_private_game_is_a_404_to_outsiders(alice, bob, carol_client):
    game = start_game("toy", [alice, bob], visibility="private")
    assert write(carol_client, game, "x").status_code == 404


def test_too_long_notes_are_refused_with_the_reason_and_change_nothing(toy_game, alice, alice_client):
    write(alice_client, toy_game, SECRET)
    response = write(alice_client, toy_game, "x" * (notes.MAX_LENGTH + 1))
    assert response.status_code == 400
    assert "at most 10000 characters" in response.content.decode()
    assert Note.objects.get(game=toy_game, user=alice).body == SECRET


def test_emptying_the_box_deletes_the_notes(toy_game, alice_client):
    write(alice_client, toy_game, SECRET)
    write(alice_client, toy_game, "  \n ")
    assert not Note.objects.exists()


def test_without_javascript_the_form_saves_and_redirects_back(toy_game, alice_client):
    response = write(alice_client, toy_game, SECRET, **{"X-Plain": "1"})
    assert response.status_code == 302 and response["Location"].endswith(f"/games/{toy_game.pk}/#notes")
    response = alice_client.post(f"/games/{toy_game.pk}/notes/", {"body": SECRET, "back": "replay"})
    assert response["Location"].endswith(f"/games/{toy_game.pk}/replay/#notes")


def test_the_replay_of_a_finished_game_shows_them_to_their_author_only(toy_game, alice_client, bob_client):
    write(alice_client, toy_game, SECRET)
    game = play_to_end(toy_game)
    assert game.is_finished
    for page in (f"/games/{game.pk}/replay/", f"/games/{game.pk}/replay/{game.version}/"):
        assert SECRET in alice_client.get(page).content.decode()
        assert SECRET not in bob_client.get(page).content.decode()
    assert write(alice_client, game, SECRET + " and after").status_code == 200  # notes outlive the game


def test_it_speaks_german(toy_game, alice, alice_client):
    alice.profile.language = "de"
    alice.profile.save()
    page = alice_client.get(f"/games/{toy_game.pk}/").content.decode()
    assert "Meine Notizen" in page and "Nur du siehst diese Notizen" in page
    too_long = write(alice_client, toy_game, "x" * (notes.MAX_LENGTH + 1)).content.decode()
    assert "höchstens 10000 Zeichen" in too_long


def test_deleting_the_account_deletes_the_notes(toy_game, alice, alice_client):
    write(alice_client, toy_game, SECRET)
    delete_account(alice)
    assert not Note.objects.exists()


def test_a_fresh_client_is_not_the_author(toy_game, alice_client):
    write(alice_client, toy_game, SECRET)
    assert SECRET not in Client().get(f"/games/{toy_game.pk}/").content.decode()
