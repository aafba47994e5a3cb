"""Resigning in every timeout policy: the game's timeout path takes the seat, the log says so."""

import pytest
from django.utils import translation

from games.models import Game, GameEvent, Seat
from games.text import render
from players.models import RatingChange, Resignation
from players.resign import Refused, resign
from tests.conftest import client_for
from tests.players.support import finish_with_bot, finished_game
from tests.support.games import start_game

pytestmark = pytest.mark.django_db


def running_game(users, committed, policy):
    with committed():
        game = start_game("toy", users)
        game.invitation.timeout_policy = policy
        game.invitation.save(update_fields=["timeout_policy"])
    return Game.objects.get(pk=game.pk)


def last_line(game):
    names = {seat.position: seat.user.username for seat in game.seat_list()}
    with translation.override("en"):
        return render(GameEvent.objects.filter(game=game).order_by("pk").last().text, names)


@pytest.mark.parametrize("policy", ["drop", "none"])
def test_resigning_hands_the_seat_to_a_bot_that_plays_to_the_end(alice, bob, carol, committed, policy):
    game = running_game([alice, bob, carol], committed, policy)
    with committed():
        assert resign(game.pk, bob) == "bot"
    seat = Seat.objects.get(game=game, user=bob)
    assert seat.dropped and seat.deadline is None and Resignation.objects.filter(seat=seat).exists()
    assert last_line(game) == "bob resigned; a bot plays this seat to the end."
    game = finish_with_bot(game, committed)
    assert game.status == Game.Status.FINISHED
    assert RatingChange.objects.get(user=bob).place == 3
    assert Seat.objects.get(game=game, user=bob).rank == 3


def test_resigning_under_the_cancel_policy_cancels_the_game(alice, bob, committed):
    game = running_game([alice, bob], committed, "cancel")
    with committed():
        assert resign(game.pk, alice) == "cancelled"
    game.refresh_from_db()
    assert game.status == Game.Status.CANCELLED and not game.seats.filter(to_act=True).exists()
    assert last_line(game) == "alice resigned; the game is cancelled."
    assert not RatingChange.objects.exists()


def test_the_last_person_resigning_cancels_rather_than_leaving_bots_to_play(alice, bob, committed):
    game = running_game([alice, bob], committed, "drop")
    with committed():
        resign(game.pk, alice)
    with committed():
        assert resign(game.pk, bob) == "cancelled"
    assert Game.objects.get(pk=game.pk).status == Game.Status.CANCELLED
    assert last_line(game) == "bob resigned; nobody is left to play, so the game is cancelled."


def test_resigning_is_refused_to_outsiders_twice_and_after_the_end(alice, bob, carol, committed):
    game = running_game([alice, bob], committed, "drop")
    with pytest.raises(Refused) as outsider:
        resign(game.pk, carol)
    assert outsider.value.status == 403
    with committed():
        resign(game.pk, bob)
    with pytest.raises(Refused) as again:
        resign(game.pk, bob)
    assert again.value.status == 409 and Resignation.objects.count() == 1
    over = finished_game([alice, carol], committed)
    with pytest.raises(Refused) as finished:
        resign(over.pk, alice)
    assert finished.value.status == 409


def test_the_game_page_offers_resigning_and_the_form_resigns(alice, bob, committed):
    game = running_game([alice, bob], committed, "drop")
    client = client_for(alice)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f'action="/games/{game.pk}/resign/"' in page and "A bot plays your seat" in page
    assert client.get(f"/games/{game.pk}/resign/").status_code == 405
    with committed():
        response = client.post(f"/games/{game.pk}/resign/", follow=True)
    assert "You resigned; a bot plays your seat to the end." in response.content.decode()
    assert Seat.objects.get(game=game, user=alice).dropped
    assert f'action="/games/{game.pk}/resign/"' not in client.get(f"/games/{game.pk}/").content.decode()


def test_a_private_game_cannot_be_resigned_by_a_stranger(alice, bob, carol, committed):
    with committed():
        game = start_game("toy", [alice, bob], visibility="private")
    assert client_for(carol).post(f"/games/{game.pk}/resign/").status_code == 404
    assert not Resignation.objects.exists()


def test_a_resigned_player_sees_no_move_buttons_before_the_bot_has_moved(alice, bob, committed):
    game = running_game([alice, bob], committed, "drop")
    client = client_for(alice)
    assert 'name="move"' in client.get(f"/games/{game.pk}/").content.decode()  # alice is to move
    assert resign(game.pk, alice) == "bot"  # outside `committed`: the bot's task has not run yet
    assert 'name="move"' not in client.get(f"/games/{game.pk}/").content.decode()


def _resign_mails():
    from games.models import Email

    return list(Email.objects.filter(kind="player_resigned").order_by("pk"))


@pytest.mark.parametrize("policy", ["drop", "cancel"])
def test_the_other_players_are_told_by_email_in_their_language(alice, bob, carol, committed, mailoutbox, policy):
    carol.profile.language = "de"
    carol.profile.save()
    game = running_game([alice, bob, carol], committed, policy)
    with committed():
        resign(game.pk, bob)
    mails = _resign_mails()
    assert sorted(m.user.username for m in mails) == ["alice", "carol"]  # not the one who resigned
    by_user = {m.user.username: m for m in mails}
    title = "#%d" % game.pk
    if policy == "drop":
        assert by_user["alice"].subject.startswith("bob resigned in ") and title in by_user["alice"].subject
        assert "A bot plays that seat to the end" in by_user["alice"].text
        assert "Ein Bot spielt diesen Platz zu Ende" in by_user["carol"].text
    else:
        assert "so the game is cancelled without a result" in by_user["alice"].text
        assert "ohne Ergebnis abgebrochen" in by_user["carol"].text
    assert by_user["carol"].subject.startswith("bob hat in ")
    assert sorted(m.to[0] for m in mailoutbox if m.subject.startswith("bob ")) == sorted([alice.email, carol.email])
    for mail in mails:  # no hand, card or state of the game: only who left and what happens now
        assert "state" not in mail.text and "seed" not in mail.text


def test_the_resignation_email_obeys_the_game_end_switch_and_is_stored_once(alice, bob, carol, committed):
    from players.resign import tell_the_others

    carol.profile.notify_finished = False
    carol.profile.save()
    game = running_game([alice, bob, carol], committed, "drop")
    with committed():
        resign(game.pk, bob)
    assert [m.user.username for m in _resign_mails()] == ["alice"]  # carol turned these emails off
    seat = Seat.objects.get(game=game, user=bob)
    with committed():  # a second notice of the same resignation (a retried task) stores nothing
        tell_the_others(game, seat, [Seat.objects.get(game=game, user=alice)], "drop")
    assert len(_resign_mails()) == 1


def test_the_last_person_resigning_tells_nobody(alice, bob, committed):
    game = running_game([alice, bob], committed, "drop")
    with committed():
        resign(game.pk, alice)
    with committed():
        resign(game.pk, bob)
    assert [m.user.username for m in _resign_mails()] == ["bob"]  # only alice's resignation told bob
