"""Deleting an account keeps every game: seats, moves and chat stay, the person is gone."""

import datetime

import pytest
import time_machine
from allauth.account.models import EmailAddress
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import models
from django.db.models import ProtectedError
from django.test import Client

from accounts.deletion import deleted_name
from accounts.models import ApiToken, Profile
from games import invitations
from games.models import ChatMessage, Email, Game, Invitation, Move, PushSubscription, Seat, Slot, Webhook
from tests.correspondence.conftest import play_turn, tick
from tests.support.players import PASSWORD
from tests.correspondence.test_timeouts import new_game

pytestmark = pytest.mark.django_db
PERSONAL = {"Email", "TurnMail", "Webhook", "PushSubscription"}  # outbox rows, a batching timer, their own addresses


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_no_foreign_key_from_a_games_record_cascades_on_user_deletion():
    user_model = get_user_model()
    checked = []
    for model in apps.get_app_config("games").get_models():
        for field in model._meta.get_fields():
            if getattr(field, "related_model", None) is user_model and field.concrete and model.__name__ not in PERSONAL:
                checked.append(f"{model.__name__}.{field.name}")
                assert field.remote_field.on_delete is not models.CASCADE, f"{model.__name__}.{field.name}"
    assert {"Invitation.host", "Slot.invited", "Slot.user", "Seat.user", "ChatMessage.user"} <= set(checked)


def test_deleting_a_user_row_with_a_seat_is_refused(toy_game, alice):
    with pytest.raises(ProtectedError):
        alice.delete()
    assert Seat.objects.filter(game=toy_game, user=alice).exists()


def test_a_wrong_password_deletes_nothing(alice):
    response = logged_in(alice).post("/profile/delete/", {"confirmation": "wrong"})
    assert response.status_code == 400
    assert "That is not right" in response.content.decode()
    alice.refresh_from_db()
    assert alice.is_active and alice.username == "alice" and alice.email


def test_deleting_keeps_the_games_and_removes_the_person(alice, bob, carol, committed):
    game = new_game([alice, bob], committed)
    with committed():
        play_turn(game, alice)
    ChatMessage.objects.create(game=game, user=alice, body="good luck")
    hosted = invitations.create_invitation(alice, "toy", 3, {}, [carol, None])
    carols = invitations.create_invitation(carol, "toy", 3, {}, [alice, None])
    invitations.join(carols, alice)
    ApiToken.issue(alice, "bot")
    Webhook.objects.create(user=alice, url="https://chat.example.org/hooks/alice", secret="s")
    PushSubscription.objects.create(user=alice, endpoint="https://push.example.org/alice", p256dh="k", auth="a")
    assert Email.objects.filter(user=alice).exists()
    client = logged_in(alice)

    response = client.post("/profile/delete/", {"confirmation": PASSWORD})

    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.username == deleted_name(alice.pk) and alice.email == "" and not alice.is_active
    assert not alice.has_usable_password()
    for personal in (EmailAddress, Profile, ApiToken, Email, Webhook, PushSubscription):
        assert not personal.objects.filter(user=alice).exists(), personal.__name__
    assert Seat.objects.filter(game=game, user=alice).exists()
    assert Move.objects.filter(game=game, seat=0).count() == 2
    assert ChatMessage.objects.get(game=game).user == alice
    assert Invitation.objects.get(pk=hosted.pk).status == Invitation.Status.CANCELLED
    assert not Slot.objects.filter(invitation=carols, user=alice).exists()
    assert not Slot.objects.filter(invitation=carols, invited=alice).exists()
    assert client.get("/profile/").status_code == 302  # logged out everywhere
    assert not Client().login(username="alice", password=PASSWORD)
    page = logged_in(bob).get(f"/games/{game.pk}/").content.decode()
    assert deleted_name(alice.pk) in page and "alice" not in page.lower()


def test_a_deleted_players_running_game_goes_on_under_its_timeout_policy(alice, bob, committed):
    alice.profile.vacation_auto = False
    alice.profile.save()
    game = new_game([alice, bob], committed, policy="drop", days=1)
    deadline = Seat.objects.get(game=game, user=alice).deadline
    logged_in(alice).post("/profile/delete/", {"confirmation": PASSWORD})
    with time_machine.travel(deadline + datetime.timedelta(minutes=1), tick=False), committed():
        tick()
    game.refresh_from_db()
    assert Seat.objects.get(game=game, user=alice).dropped
    assert Move.objects.filter(game=game, seat=0).count() == 2  # a bot played alice's turn
    assert game.status == Game.Status.RUNNING and Seat.objects.get(game=game, user=bob).to_act
    assert not Email.objects.filter(user=alice).exists()
    assert not Profile.objects.filter(user=alice).exists()
    assert Email.objects.filter(user=bob, kind="player_timed_out").exists()
