"""Turn emails, batched (games/notifications/turns.py): each wait is mailed once, a player on the
site postpones only their own email, a task delivered twice changes nothing, and only games the
user still plays (or is asked something in) are listed."""

import datetime

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from games.models import Seat, TurnMail
from games.notifications import outbox, turns
from tests.correspondence.conftest import play_turn, tick
from tests.support.games import start_game

pytestmark = pytest.mark.django_db
MINUTE = datetime.timedelta(minutes=1)


def turn_mails(user):
    return [m for m in mail.outbox if m.to == [user.email] and m.subject.startswith("It's your turn in")]


def at(moment):
    return time_machine.travel(moment, tick=False)


def test_a_game_already_in_a_turn_email_is_not_mailed_again_when_nothing_new_waits(alice, bob, committed):
    start = timezone.now()
    with at(start), committed():
        first, second = start_game("toy", [alice, bob]), start_game("toy", [alice, bob])
    with at(start), committed():
        play_turn(first, alice)
    with at(start + 2 * MINUTE), committed():
        tick()
    [message] = turn_mails(bob)
    assert f"/games/{first.pk}/" in message.body
    with at(start + 3 * MINUTE), committed():
        play_turn(second, alice)  # bob waits in the second game: a turn email is due after the gap
    with at(start + 4 * MINUTE), committed():
        play_turn(second, bob)  # ... and he moves there before it goes out
    with at(start + 10 * MINUTE), committed():
        tick()
    assert len(turn_mails(bob)) == 1  # the first game was in the last email, nothing else waits
    assert Seat.objects.get(game=first, user=bob).to_act


def test_a_player_on_the_site_postpones_only_their_own_turn_email(alice, bob, carol, committed, bob_client):
    start = timezone.now()
    with at(start), committed():  # both emails fall due at the same moment
        with_bob, with_carol = start_game("toy", [alice, bob]), start_game("toy", [alice, carol])
        play_turn(with_bob, alice)
        play_turn(with_carol, alice)
    assert TurnMail.objects.get(pk=bob.pk).due == TurnMail.objects.get(pk=carol.pk).due
    with at(start + datetime.timedelta(seconds=90)):
        bob_client.get("/")
    with at(start + 2 * MINUTE), committed():
        tick()
    assert not turn_mails(bob)
    [message] = turn_mails(carol)
    assert f"/games/{with_carol.pk}/" in message.body


def test_a_turn_email_task_delivered_again_after_its_email_went_out_changes_nothing(
        alice, bob, committed, bob_client):
    """Tasks are delivered at least once: a copy of an old task must neither move nor take the
    turn email that is due next."""
    start = timezone.now()
    with at(start), committed():
        first, second = start_game("toy", [alice, bob]), start_game("toy", [alice, bob])
        play_turn(first, alice)
    sent_due = TurnMail.objects.get(pk=bob.pk).due
    with at(start + 2 * MINUTE), committed():
        tick()
    assert len(turn_mails(bob)) == 1
    with at(start + 3 * MINUTE), committed():
        play_turn(second, alice)
    next_due = TurnMail.objects.get(pk=bob.pk).due
    assert next_due == start + 2 * MINUTE + datetime.timedelta(seconds=300)  # one email per five minutes

    with at(start + 4 * MINUTE), committed():
        bob_client.get("/")  # on the site: a current task would postpone the email
        turns.send_turn_mail(bob.pk, sent_due, timezone.now())
    assert TurnMail.objects.get(pk=bob.pk).due == next_due

    with at(start + 10 * MINUTE), committed():  # gone from the site: a current task would send
        assert turns.send_turn_mail(bob.pk, sent_due, timezone.now()) is None
        assert TurnMail.objects.get(pk=bob.pk).due == next_due
        tick()
    messages = turn_mails(bob)
    assert len(messages) == 2 and f"/games/{second.pk}/" in messages[1].body


def test_a_seat_handed_to_a_bot_is_not_in_the_turn_email_even_before_the_bot_moved(alice, bob, committed):
    start = timezone.now()
    with at(start), committed():
        kept, lost = start_game("toy", [alice, bob]), start_game("toy", [alice, bob])
        play_turn(kept, alice)
        play_turn(lost, alice)
    # bob's time ran out in `lost` (drop policy): his seat is the bot's, whose task has not run yet
    Seat.objects.filter(game=lost, user=bob).update(dropped=True)
    assert Seat.objects.get(game=lost, user=bob).to_act
    with at(start + 2 * MINUTE), committed():
        tick()
    [message] = turn_mails(bob)
    assert message.subject == f"It's your turn in Toy #{kept.pk}"
    assert f"/games/{lost.pk}/" not in message.body


def test_a_player_seen_exactly_the_active_time_ago_is_no_longer_active(bob, settings):
    now = timezone.now()
    bob.profile.last_seen = now - datetime.timedelta(seconds=settings.ACTIVE_SECONDS)
    assert not turns.is_active(bob.profile, now)
    bob.profile.last_seen += datetime.timedelta(seconds=1)
    assert turns.is_active(bob.profile, now)


def test_a_tick_hands_at_most_500_turn_emails_to_the_workers(monkeypatch, django_user_model):
    handed = []
    monkeypatch.setattr(outbox, "delay", lambda name, user_id, due, now: handed.append(user_id))
    users = django_user_model.objects.bulk_create(django_user_model(username=f"player{n}") for n in range(501))
    due = timezone.now() - MINUTE
    TurnMail.objects.bulk_create(TurnMail(user=user, due=due) for user in users)
    turns.flush(timezone.now())
    assert len(handed) == 500 and len(set(handed)) == 500


def test_a_second_game_waiting_before_the_turn_email_goes_out_joins_it_without_delaying_it(
        alice, bob, committed, settings):
    start = timezone.now()
    with at(start), committed():
        first, second = start_game("toy", [alice, bob]), start_game("toy", [alice, bob])
        play_turn(first, alice)
    due = TurnMail.objects.get(pk=bob.pk).due
    assert due == start + datetime.timedelta(seconds=settings.TURN_EMAIL_DELAY)
    with at(due - datetime.timedelta(seconds=10)), committed():  # before it goes out
        play_turn(second, alice)
    assert TurnMail.objects.get(pk=bob.pk).due == due
    with at(due), committed():
        tick()
    [message] = turn_mails(bob)
    assert message.subject == "It's your turn in 2 games"
    assert f"/games/{first.pk}/" in message.body and f"/games/{second.pk}/" in message.body
