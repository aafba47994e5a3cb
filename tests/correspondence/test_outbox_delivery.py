"""The outbox delivers at least once: a worker that dies after the SMTP server accepted an email
and before marking it sent causes exactly one more copy (same Message-ID), a lease later."""

import hashlib
import logging
from datetime import timedelta

import pytest
import time_machine
from django.conf import settings
from django.core import mail
from django.utils import timezone

from games import tasks
from games.models import Email
from games.notifications import outbox

pytestmark = pytest.mark.django_db


@pytest.fixture
def stored_email(bob, toy_game, monkeypatch):
    monkeypatch.setattr(outbox, "on_commit_task", lambda *args: None)  # sent by hand below
    return outbox.queue(bob, "started", "test:started", {"game": toy_game})


def requeued(now, monkeypatch, email):
    """Whether the tick at `now` queues `email` again (the game's own start emails wait too)."""
    queued = []
    monkeypatch.setattr(outbox, "delay", lambda task, pk: queued.append(pk))
    outbox.retry(now)
    return email.pk in queued


def test_a_crash_between_smtp_and_marking_sends_one_more_copy_after_the_lease(stored_email, monkeypatch):
    def die(pk, lease):
        raise SystemExit("the worker died")

    with monkeypatch.context() as crash:
        crash.setattr(outbox, "mark_sent", die)
        with pytest.raises(SystemExit):
            outbox.send(stored_email.pk)
    assert len(mail.outbox) == 1
    now = timezone.now()
    assert not requeued(now + timedelta(seconds=settings.EMAIL_LEASE_SECONDS - 5), monkeypatch, stored_email)
    assert outbox.send(stored_email.pk) is False  # a redelivered task while the lease holds
    later = now + timedelta(seconds=settings.EMAIL_LEASE_SECONDS + 1)
    assert requeued(later, monkeypatch, stored_email)
    with time_machine.travel(later, tick=False):
        assert outbox.send(stored_email.pk) is True
    assert len(mail.outbox) == 2
    assert mail.outbox[0].extra_headers["Message-ID"] == mail.outbox[1].extra_headers["Message-ID"]
    assert Email.objects.get(pk=stored_email.pk).sent is not None
    assert not requeued(later + timedelta(hours=1), monkeypatch, stored_email)


def test_without_a_crash_it_is_sent_once(stored_email, monkeypatch):
    assert outbox.send(stored_email.pk) is True
    assert outbox.send(stored_email.pk) is False
    assert Email.objects.get(pk=stored_email.pk).attempts == 1  # an attempt counts one of the ten
    with time_machine.travel(timezone.now() + timedelta(seconds=settings.EMAIL_LEASE_SECONDS + 1), tick=False):
        assert outbox.send(stored_email.pk) is False  # its task run again, the lease over
    assert not requeued(timezone.now() + timedelta(days=1), monkeypatch, stored_email)
    assert len(mail.outbox) == 1


def test_recovery_waits_a_minute_and_a_send_never_outlives_its_lease():
    assert settings.EMAIL_LEASE_SECONDS <= 60
    assert tasks.send_email.time_limit < settings.EMAIL_LEASE_SECONDS
    assert 0 < settings.EMAIL_TIMEOUT < tasks.send_email.time_limit


def test_an_email_that_failed_ten_times_is_given_up(stored_email, monkeypatch):
    Email.objects.filter(pk=stored_email.pk).update(attempts=outbox.MAX_ATTEMPTS - 1)
    with monkeypatch.context() as failing:
        failing.setattr(outbox, "mark_sent", lambda pk, lease: None)  # the SMTP server took it; marking failed
        assert outbox.send(stored_email.pk) is True  # the tenth attempt
    later = timezone.now() + timedelta(seconds=settings.EMAIL_LEASE_SECONDS + 1)
    assert not requeued(later, monkeypatch, stored_email)
    with time_machine.travel(later, tick=False):
        assert outbox.send(stored_email.pk) is False
    assert len(mail.outbox) == 1


def test_an_email_says_it_is_automatic_and_how_to_unsubscribe(stored_email, settings):
    settings.SITE_URL = "https://praga.example.org"
    outbox.send(stored_email.pk)
    [message] = mail.outbox
    headers = message.extra_headers
    assert headers["Auto-Submitted"] == "auto-generated"
    assert headers["List-Unsubscribe"] == f"<{stored_email.unsubscribe_url}>"
    assert headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert headers["Content-Language"] == "en"
    digest = hashlib.sha256(b"test:started").hexdigest()[:20]
    assert headers["Message-ID"] == f"<{digest}.{stored_email.pk}@praga.example.org>"
    assert message.to == [stored_email.to] and message.from_email == settings.DEFAULT_FROM_EMAIL
    assert message.alternatives[0][1] == "text/html"


def test_a_task_that_cannot_be_queued_is_logged_by_name_and_raises_nothing(monkeypatch, caplog):
    def broker_down(*args, **kwargs):
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(tasks.send_email, "apply_async", broker_down)
    with caplog.at_level(logging.ERROR, logger="games.handover"):
        outbox.delay("send_email", 5)  # the tick queues it again later
    [record] = caplog.records
    assert record.getMessage() == "could not queue games.tasks.send_email(5,)" and record.exc_info[0] is ConnectionError


def test_an_email_whose_task_never_ran_is_queued_again_after_a_while_and_not_before(stored_email, monkeypatch):
    queued = []
    monkeypatch.setattr(outbox, "delay", lambda task, *args: queued.append((task, *args)))
    wait = timedelta(seconds=settings.EMAIL_RETRY_SECONDS)
    outbox.retry(stored_email.created + wait - timedelta(seconds=1))  # its task may still be on its way
    assert ("send_email", stored_email.pk) not in queued
    outbox.retry(stored_email.created + wait + timedelta(seconds=1))
    assert ("send_email", stored_email.pk) in queued


def test_a_tick_requeues_at_most_500_emails_and_the_next_one_the_rest(bob, monkeypatch):
    queued = []
    monkeypatch.setattr(outbox, "delay", lambda task, pk: queued.append(pk))
    Email.objects.bulk_create(Email(key=f"lost:{n}", user=bob, kind="started", to="bob@example.com", subject="s",
                                    text="t", html="h", unsubscribe_url="/", language="en") for n in range(501))
    later = timezone.now() + timedelta(seconds=settings.EMAIL_RETRY_SECONDS + 1)
    outbox.retry(later)
    assert len(queued) == 500
    Email.objects.filter(pk__in=queued).update(sent=later)
    outbox.retry(later)
    assert len(queued) == 501 and len(set(queued)) == 501


def test_a_send_marks_only_its_own_email_sent_when_another_was_claimed_at_the_same_moment(
        stored_email, bob, toy_game):
    other = outbox.queue(bob, "started", "test:other", {"game": toy_game})
    now = timezone.now()
    Email.objects.filter(pk=other.pk).update(lease=now + timedelta(seconds=settings.EMAIL_LEASE_SECONDS))  # another worker
    with time_machine.travel(now, tick=False):
        assert outbox.send(stored_email.pk) is True
    assert Email.objects.get(pk=stored_email.pk).sent is not None
    assert Email.objects.get(pk=other.pk).sent is None


def test_without_a_host_in_the_site_url_the_message_id_names_localhost(stored_email, settings):
    settings.SITE_URL = ""
    outbox.send(stored_email.pk)
    assert mail.outbox[0].extra_headers["Message-ID"].endswith(f".{stored_email.pk}@localhost>")


@pytest.mark.parametrize("active, address", [(False, "gone@example.com"), (True, "")])
def test_an_account_switched_off_or_without_an_address_gets_no_email(bob, toy_game, active, address):
    bob.is_active, bob.email = active, address
    bob.save()
    assert outbox.queue(bob, "started", "test:started", {"game": toy_game}) is None
    assert not Email.objects.filter(key="test:started").exists()
