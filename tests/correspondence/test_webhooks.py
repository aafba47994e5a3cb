"""Webhooks: a player's notifications posted, signed, to their own address; retried with a growing
delay; switched off with an email after repeated failures; never more than a subject and a link."""

import hashlib
import hmac
import json
import logging
import socket
from datetime import timedelta

import pytest
import requests
from django.conf import settings
from django.utils import timezone

from games.models import Email, TurnMail, Webhook, WebhookDelivery
from games.notifications import claims, outbox, turns, webhooks
from tests.conftest import client_for
from tests.support.games import post_move, start_game
from tests.support.receiver import Receiver


@pytest.fixture
def receiver(settings):
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True  # the receiver listens on 127.0.0.1
    found = Receiver()
    yield found
    found.close()


def hook_for(user, url, format=Webhook.Format.JSON):
    return Webhook.objects.create(user=user, url=url, format=format, secret=webhooks.new_secret())


def notify(user, key="vacation:1"):
    """A notification email (the automatic vacation), as the clocks queue it."""
    return outbox.queue(user, "vacation", key, {"left": 3})


def test_a_notification_is_posted_signed_to_the_players_webhook(alice, receiver):
    hook = hook_for(alice, receiver.url)
    notify(alice)
    delivery = WebhookDelivery.objects.get(webhook=hook)
    assert webhooks.deliver(delivery.pk) is True
    [request] = receiver.requests
    body = json.loads(request["body"])
    assert body["event"] == "vacation" and body["text"] == "Your vacation started automatically"
    assert body["url"].endswith("/profile/")
    stamp, signed = (part.split("=", 1)[1] for part in request["headers"]["X-Praga-Signature"].split(","))
    expected = hmac.new(hook.secret.encode(), f"{stamp}.".encode() + request["body"], hashlib.sha256).hexdigest()
    assert hmac.compare_digest(signed, expected)
    assert abs(int(stamp) - timezone.now().timestamp()) < 60  # the moment it was sent: replays can be told apart
    assert request["headers"]["Content-Type"] == "application/json"
    assert request["headers"]["User-Agent"] == f"{settings.SITE_NAME} webhooks"
    delivery.refresh_from_db()
    assert delivery.delivered is not None and delivery.attempts == 1
    assert webhooks.deliver(delivery.pk) is False and len(receiver.requests) == 1  # delivered once
    later = timezone.now() + timedelta(seconds=claims.LEASE_SECONDS + 1)  # its task run again, the lease over
    assert webhooks.deliver(delivery.pk, now=later) is False and len(receiver.requests) == 1


def test_slack_and_discord_get_the_field_they_read(alice, bob, receiver):
    hook_for(alice, receiver.url, Webhook.Format.SLACK)
    hook_for(bob, receiver.url, Webhook.Format.DISCORD)
    notify(alice, "a")
    notify(bob, "b")
    for delivery in WebhookDelivery.objects.order_by("pk"):
        webhooks.deliver(delivery.pk)
    slack, discord = (json.loads(request["body"]) for request in receiver.requests)
    assert list(slack) == ["text"] and slack["text"].startswith("Your vacation started automatically\nhttp")
    assert list(discord) == ["content"] and "/profile/" in discord["content"]


def test_the_players_language_is_kept(alice, receiver):
    alice.profile.language = "de"
    alice.profile.save()
    hook_for(alice, receiver.url)
    notify(alice)
    webhooks.deliver(WebhookDelivery.objects.get().pk)
    assert json.loads(receiver.requests[0]["body"])["text"] == "Dein Urlaub hat automatisch begonnen"


def test_no_webhook_no_delivery_and_a_switched_off_email_kind_posts_nothing(alice, bob, receiver):
    notify(alice)
    hook_for(bob, receiver.url)
    bob.profile.notify_reminder = False
    bob.profile.save()
    notify(bob, "b")
    assert not WebhookDelivery.objects.exists()


def test_a_failing_address_is_tried_again_later_then_switched_off_with_an_email(alice, receiver):
    receiver.status = 500
    hook = hook_for(alice, receiver.url)
    notify(alice)
    delivery = WebhookDelivery.objects.get()
    now = timezone.now()
    waits = []
    for attempt in range(1, webhooks.MAX_FAILURES + 1):
        assert webhooks.deliver(delivery.pk, now=now) is False
        delivery.refresh_from_db()
        waits.append(delivery.due - now)
        assert webhooks.deliver(delivery.pk, now=delivery.due - timedelta(seconds=1)) is False  # not due yet
        assert len(receiver.requests) == attempt
        now = delivery.due
    assert waits[:4] == [timedelta(minutes=1), timedelta(minutes=2), timedelta(minutes=4), timedelta(minutes=8)]
    assert max(waits) == timedelta(hours=1)
    hook.refresh_from_db()
    assert not hook.enabled and hook.failures == webhooks.MAX_FAILURES and hook.last_error == "HTTP 500"
    notice = Email.objects.get(kind="webhook_disabled")
    assert receiver.url in notice.text and "HTTP 500" in notice.text
    assert webhooks.deliver(delivery.pk, now=now + timedelta(days=1)) is False
    assert len(receiver.requests) == webhooks.MAX_FAILURES  # nothing more, not even the notice
    notify(alice, "later")
    assert WebhookDelivery.objects.count() == 1


def test_a_delivery_resets_the_count_of_failures(alice, receiver):
    receiver.status = 502
    hook = hook_for(alice, receiver.url)
    notify(alice)
    delivery = WebhookDelivery.objects.get()
    webhooks.deliver(delivery.pk)
    receiver.status = 200
    delivery.refresh_from_db()
    assert webhooks.deliver(delivery.pk, now=delivery.due) is True
    hook.refresh_from_db()
    assert hook.enabled and hook.failures == 0 and hook.last_error == ""


def test_a_long_problem_is_kept_to_its_first_300_characters_and_logged_whole(alice, receiver, monkeypatch, caplog):
    hook = hook_for(alice, receiver.url)
    notify(alice)
    delivery = WebhookDelivery.objects.get()
    problem = "ConnectionError: " + "x" * 400
    monkeypatch.setattr(webhooks, "post", lambda webhook, body: problem)
    with caplog.at_level(logging.INFO, logger="games.notifications.webhooks"):
        assert webhooks.deliver(delivery.pk) is False
    hook.refresh_from_db()
    assert hook.last_error == problem[:300] and hook.failures == 1
    assert f"webhook {hook.pk}: delivery {delivery.pk} failed ({problem})" in caplog.messages


def test_a_failure_frees_only_its_own_delivery_when_two_were_claimed_at_the_same_moment(alice, receiver):
    """Leases are moments: two deliveries claimed at once hold the same one."""
    receiver.status = 500
    hook_for(alice, receiver.url)
    notify(alice, "first")
    notify(alice, "second")
    first, second = WebhookDelivery.objects.order_by("pk")
    now = timezone.now()
    lease = claims.claim(WebhookDelivery.objects.filter(pk=second.pk), now)  # another worker posts the second
    assert webhooks.deliver(first.pk, now=now) is False
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.lease is None and first.due == now + timedelta(minutes=1)
    assert second.lease == lease and second.due <= now  # still held, not put off


def test_a_delivery_marks_only_itself_delivered_when_two_were_claimed_at_the_same_moment(alice, receiver):
    hook_for(alice, receiver.url)
    notify(alice, "first")
    notify(alice, "second")
    first, second = WebhookDelivery.objects.order_by("pk")
    now = timezone.now()
    claims.claim(WebhookDelivery.objects.filter(pk=second.pk), now)  # another worker posts the second
    assert webhooks.deliver(first.pk, now=now) is True
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.delivered is not None and second.delivered is None


def test_a_post_that_fails_after_its_lease_ran_out_leaves_the_delivery_to_its_new_holder(alice, receiver, monkeypatch):
    """A slow post's failure neither frees nor delays a delivery another worker claimed meanwhile
    (a third worker could then post it a second time)."""
    hook_for(alice, receiver.url)
    notify(alice)
    delivery = WebhookDelivery.objects.get()
    now = timezone.now()
    later = now + timedelta(seconds=claims.LEASE_SECONDS + 1)

    def slow_failing_post(webhook, body):
        assert claims.claim(WebhookDelivery.objects.filter(pk=delivery.pk), later) is not None  # the other worker
        return "HTTP 500"

    monkeypatch.setattr(webhooks, "post", slow_failing_post)
    assert webhooks.deliver(delivery.pk, now=now) is False
    delivery.refresh_from_db()
    assert delivery.lease == later + timedelta(seconds=claims.LEASE_SECONDS) and delivery.due <= now
    assert not claims.due(WebhookDelivery.objects.filter(pk=delivery.pk), later + timedelta(seconds=1)).exists()


def test_only_a_2xx_answer_counts_as_delivered(alice, receiver):
    hook = hook_for(alice, receiver.url)
    for status in (300, 199):
        receiver.status = status
        assert webhooks.post(hook, {"text": "hello"}) == f"HTTP {status}"
    receiver.status = 299
    assert webhooks.post(hook, {"text": "hello"}) is None


def test_a_redirect_is_not_followed(alice, receiver):
    """A redirect could lead the site's worker to an address the check refused (SSRF)."""
    target = Receiver()
    try:
        receiver.status, receiver.location = 307, target.url
        assert webhooks.post(hook_for(alice, receiver.url), {"text": "hello"}) == "HTTP 307"
        assert len(receiver.requests) == 1 and target.requests == []
    finally:
        target.close()


def test_an_address_that_does_not_answer_in_time_is_a_failure(alice, receiver, monkeypatch):
    """A worker never waits on a webhook for ever."""
    monkeypatch.setattr(webhooks, "TIMEOUT_SECONDS", 0.2)
    receiver.delay = 1.5
    problem = webhooks.post(hook_for(alice, receiver.url), {"text": "hello"})
    assert problem is not None and problem.startswith("ReadTimeout: ")


def test_a_connection_error_is_named_and_kept_short(alice, receiver, monkeypatch):
    def refused(*args, **kwargs):
        raise requests.ConnectionError("refused " + "x" * 400)

    monkeypatch.setattr(requests, "post", refused)
    assert webhooks.post(hook_for(alice, receiver.url), {"text": "hello"}) == ("ConnectionError: refused " + "x" * 400)[:300]


def test_the_tick_requeues_due_deliveries_only(alice, bob, receiver, monkeypatch):
    queued = []
    monkeypatch.setattr(outbox, "delay", lambda name, *args: queued.append((name, *args)))
    hook_for(alice, receiver.url)
    notify(alice)
    due = WebhookDelivery.objects.get()
    later = WebhookDelivery.objects.create(webhook=due.webhook, key="later", body={}, due=timezone.now() + timedelta(hours=1))
    WebhookDelivery.objects.create(webhook=due.webhook, key="done", body={}, delivered=timezone.now())
    off = hook_for(bob, receiver.url)
    Webhook.objects.filter(pk=off.pk).update(enabled=False)
    WebhookDelivery.objects.create(webhook=off, key="off", body={})
    queued.clear()
    webhooks.retry(timezone.now())
    assert queued == [("deliver_webhook", due.pk)] and later.pk


def test_a_private_address_is_refused_where_the_site_is_exposed(alice, settings):
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = False
    for url in ("http://127.0.0.1:6379/", "http://10.1.2.3/hook", "http://[::1]/x", "ftp://example.org/x"):
        with pytest.raises(webhooks.Refused):
            webhooks.check_address(url)
    hook = hook_for(alice, "http://127.0.0.1:6379/")
    notify(alice)
    delivery = WebhookDelivery.objects.get()
    assert webhooks.deliver(delivery.pk) is False
    hook.refresh_from_db()
    assert hook.last_error == "the address is inside a private network"


def test_a_notification_is_posted_once_its_transaction_commits(alice, receiver, committed):
    hook_for(alice, receiver.url)
    with committed():
        notify(alice)
        assert not receiver.requests  # nothing leaves before the commit
    [request] = receiver.requests
    assert json.loads(request["body"])["event"] == "vacation"
    assert WebhookDelivery.objects.get().delivered is not None


def test_a_long_notification_key_is_cut_to_the_160_characters_kept(alice, receiver):
    hook_for(alice, receiver.url)
    webhooks.queue(alice, "vacation", "x" * 300, "Away", "/profile/")
    assert WebhookDelivery.objects.get().key == "hook:" + "x" * 155


def test_a_public_address_is_accepted_and_each_refusal_says_why(settings, monkeypatch):
    """What `deliver` keeps as the webhook's last error, shown to its owner."""
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = False
    for url in ("http://93.184.216.34/hook", "https://93.184.216.34/hook", "https://[2606:2800:220:1::1]:8443/x"):
        webhooks.check_address(url)  # public: no exception (an address needs no name server)
    for url, words in (("ftp://93.184.216.34/x", "only http and https addresses"),
                       ("https:///no-host", "only http and https addresses"),
                       ("https://10.0.0.1/", "the address is inside a private network")):
        with pytest.raises(webhooks.Refused) as refused:
            webhooks.check_address(url)
        assert str(refused.value) == words

    def no_name_server(host, port):  # as in this sandbox; a real look-up would wait for its timeout
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(webhooks.socket, "getaddrinfo", no_name_server)
    with pytest.raises(webhooks.Refused) as unknown:
        webhooks.check_address("https://no-such-host.invalid/hook")
    assert str(unknown.value) == "the host name does not resolve (Name or service not known)"


def test_a_turn_notification_carries_no_hidden_information(alice, bob, receiver, settings):
    settings.TURN_EMAIL_DELAY = 0
    game = start_game("toy", [alice, bob])
    hook = hook_for(bob, receiver.url)
    alice_client = client_for(alice)
    post_move(alice_client, game, {"type": "select", "card": game.state["hands"][0][0]})
    game.refresh_from_db()
    post_move(alice_client, game, {"type": "play"})  # bob's turn: his turn email is scheduled
    game.refresh_from_db()
    turns.schedule(bob.pk, timezone.now())
    due = TurnMail.objects.get(pk=bob.pk).due
    turns.send_turn_mail(bob.pk, due, due + timedelta(minutes=30))
    delivery = WebhookDelivery.objects.get(webhook=hook)
    webhooks.deliver(delivery.pk)
    body = receiver.requests[-1]["body"].decode()
    assert f"/games/{game.pk}/" in body
    secret_cards = [card for hand in game.state["hands"] for card in hand] + list(game.state.get("deck", []))
    assert secret_cards and not any(card in body for card in secret_cards)
    assert set(json.loads(body)) == {"event", "text", "url", "site", "sent_at"}


def test_the_webhook_page_saves_tests_renews_and_removes(alice, alice_client, bob_client, receiver):
    response = alice_client.post("/webhook/", {"action": "save", "url": "ftp://example.org/x", "format": "json"})
    assert response.status_code == 400 and not Webhook.objects.exists()
    assert ("This address cannot receive notifications: it must be a public http or https address."
            in response.content.decode())
    response = alice_client.post("/webhook/", {"action": "save", "url": receiver.url, "format": "discord"})
    assert response.status_code == 302
    hook = Webhook.objects.get(user=alice)
    assert hook.enabled and hook.format == "discord" and len(hook.secret) == 48
    page = alice_client.get("/webhook/").content.decode()
    assert hook.secret in page and receiver.url in page
    assert hook.secret not in bob_client.get("/webhook/").content.decode()
    alice_client.post("/webhook/", {"action": "test"})
    webhooks.deliver(WebhookDelivery.objects.get(webhook=hook).pk)
    assert "A test notification" in json.loads(receiver.requests[0]["body"])["content"]
    alice_client.post("/webhook/", {"action": "secret"})
    assert Webhook.objects.get(pk=hook.pk).secret != hook.secret
    assert alice_client.post("/webhook/", {"action": "what"}).status_code == 400
    alice_client.post("/webhook/", {"action": "remove"})
    assert not Webhook.objects.exists()
    assert bob_client.post("/webhook/", {"action": "test"}).status_code == 400


def test_a_tick_requeues_at_most_500_deliveries_and_the_next_one_the_rest(alice, receiver, monkeypatch):
    queued = []
    monkeypatch.setattr(outbox, "delay", lambda name, pk: queued.append(pk))
    hook = hook_for(alice, receiver.url)
    WebhookDelivery.objects.bulk_create(WebhookDelivery(webhook=hook, key=f"k{n}", body={}) for n in range(501))
    webhooks.retry(timezone.now())
    assert len(queued) == 500
    WebhookDelivery.objects.filter(pk__in=queued).update(delivered=timezone.now())
    webhooks.retry(timezone.now())
    assert len(queued) == 501 and len(set(queued)) == 501
