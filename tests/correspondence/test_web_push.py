"""Web push: a browser subscribes; the notifications of the emails reach it encrypted through its
push service (a local one here, decrypted with the browser's keys); expired subscriptions go."""

import base64
import json
import logging
import os
from datetime import timedelta

import http_ece
import pytest
import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.utils import timezone
from py_vapid import Vapid
from pywebpush import WebPushException

from games.models import PushMessage, PushSubscription, Seat, TurnMail
from games.notifications import outbox, push, turns
from tests.support.games import start_game
from tests.support.receiver import Receiver


def base64url(raw):
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class Browser:
    """What a browser keeps of a push subscription: its private key and the auth secret."""

    def __init__(self, endpoint):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        public = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                    serialization.PublicFormat.UncompressedPoint)
        self.subscription = {"endpoint": endpoint, "keys": {"p256dh": base64url(public), "auth": base64url(self.auth)}}

    def read(self, body):
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"))


@pytest.fixture
def service(settings):
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True  # the push service listens on 127.0.0.1
    found = Receiver()
    found.status = 201
    yield found
    found.close()


def subscribe(client, browser):
    return client.post("/push/subscribe/", json.dumps(browser.subscription), content_type="application/json")


def notify(user, key="vacation:1"):
    return outbox.queue(user, "vacation", key, {"left": 3})


def test_a_subscribed_browser_gets_the_notification_encrypted_and_signed(alice, alice_client, service):
    browser = Browser(service.url)
    assert subscribe(alice_client, browser).status_code == 201
    notify(alice)
    message = PushMessage.objects.get()
    assert push.deliver(message.pk) is True
    [request] = service.requests
    assert browser.read(request["body"]) == {"title": "Praga Play", "body": "Your vacation started automatically",
                                             "url": "http://127.0.0.1:8000/profile/", "tag": "vacation"}
    headers = request["headers"]
    assert headers["Content-Encoding"] == "aes128gcm" and headers["TTL"] == str(push.TIME_TO_LIVE)
    assert f"k={push.public_key()}" in headers["Authorization"].replace(" ", "")
    assert push.deliver(message.pk) is False and len(service.requests) == 1  # sent once
    assert PushSubscription.objects.get().last_delivered is not None


def test_every_browser_of_the_player_and_nobody_elses(alice, bob, alice_client, bob_client, service):
    phone, laptop, bobs = Browser(service.url + "/a"), Browser(service.url + "/b"), Browser(service.url + "/c")
    subscribe(alice_client, phone)
    subscribe(alice_client, laptop)
    subscribe(bob_client, bobs)
    notify(alice)
    assert sorted(m.subscription.endpoint for m in PushMessage.objects.all()) == [service.url + "/a", service.url + "/b"]


def test_an_expired_subscription_is_removed(alice, alice_client, service):
    subscribe(alice_client, Browser(service.url))
    service.status = 410
    notify(alice)
    assert push.deliver(PushMessage.objects.get().pk) is False
    assert not PushSubscription.objects.exists() and not PushMessage.objects.exists()


def test_a_failing_push_service_is_tried_again_later_and_then_given_up(alice, alice_client, service):
    subscribe(alice_client, Browser(service.url))
    service.status = 503
    notify(alice)
    message = PushMessage.objects.get()
    now = timezone.now()
    for attempt in range(1, push.MAX_ATTEMPTS + 1):
        assert push.deliver(message.pk, now=now) is False
        message.refresh_from_db()
        assert message.due - now == min(timedelta(minutes=2 ** (attempt - 1)), timedelta(hours=1))
        now = message.due
    assert push.deliver(message.pk, now=now + timedelta(days=1)) is False
    assert len(service.requests) == push.MAX_ATTEMPTS and PushSubscription.objects.exists()


def test_no_push_while_the_player_is_on_the_site_and_one_once_away(alice, bob, bob_client, service, settings):
    settings.TURN_EMAIL_DELAY = 0
    subscribe(bob_client, Browser(service.url))
    game = start_game("toy", [bob, alice])  # bob is to move
    Seat.objects.filter(game=game, user=bob).update(turn_emailed=False)  # as after the others' moves
    turns.schedule(bob.pk, timezone.now())
    due = TurnMail.objects.get(pk=bob.pk).due
    bob.profile.last_seen = due
    bob.profile.save()
    turns.send_turn_mail(bob.pk, due, due)  # on the site: the email (and the push) wait
    assert not PushMessage.objects.exists()
    later = TurnMail.objects.get(pk=bob.pk).due
    turns.send_turn_mail(bob.pk, later, later + timedelta(seconds=1))
    assert PushMessage.objects.get().payload["tag"] == "turn"


NOT_AS_GIVEN = "Send the subscription as the browser gives it."
KEYS_NOT_VALID = "The subscription's keys are not valid."
ADDRESS_REFUSED = "This push service address is not accepted."


def answer(client, body):
    response = client.post("/push/subscribe/", body, content_type="application/json")
    return response.status_code, response.json()


@pytest.mark.parametrize("body, error", [
    ("not json", NOT_AS_GIVEN), ("[]", NOT_AS_GIVEN), (json.dumps({"endpoint": 5, "keys": {}}), NOT_AS_GIVEN),
    (json.dumps({"endpoint": "https://push.example.org/x", "keys": []}), NOT_AS_GIVEN),
    (json.dumps({"endpoint": "http://127.0.0.1:9/x", "keys": {"p256dh": "short", "auth": "AAAA"}}), KEYS_NOT_VALID),
    (json.dumps({"endpoint": "ftp://push.example.org/x", "keys": {"p256dh": "a", "auth": "b"}}), ADDRESS_REFUSED),
], ids=["not json", "a list", "endpoint not text", "keys not an object", "a short key", "not http"])
def test_a_bad_subscription_is_a_400_naming_what_is_wrong_and_stores_nothing(alice_client, settings, body, error):
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True  # refused for what it is, not for its host
    assert answer(alice_client, body) == (400, {"error": error})
    assert not PushSubscription.objects.exists()


def test_a_subscription_is_read_up_to_4096_bytes_and_refused_beyond(alice_client, settings):
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True
    body = json.dumps(Browser("http://127.0.0.1:9/push").subscription)
    full = body + " " * (4096 - len(body))  # JSON allows whitespace after the value
    assert answer(alice_client, full + " ") == (400, {"error": NOT_AS_GIVEN})
    assert not PushSubscription.objects.exists()
    assert answer(alice_client, full) == (201, {"subscribed": True})


def test_a_push_address_is_accepted_up_to_1000_characters(alice_client, settings):
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True
    address = "http://127.0.0.1:9/push/"
    longest = Browser(address + "x" * (1000 - len(address))).subscription
    too_long = Browser(address + "x" * (1001 - len(address))).subscription
    assert answer(alice_client, json.dumps(too_long)) == (400, {"error": ADDRESS_REFUSED})
    assert answer(alice_client, json.dumps(longest)) == (201, {"subscribed": True})
    assert len(PushSubscription.objects.get().endpoint) == 1000


@pytest.mark.parametrize("change", [
    lambda keys: keys.pop("p256dh"),
    lambda keys: keys.update(auth=16),
    lambda keys: keys.update(p256dh=base64url(os.urandom(64))),  # a point a byte short
    lambda keys: keys.update(auth=base64url(os.urandom(15))),
    lambda keys: keys.update(p256dh=keys["p256dh"][:40] + "!!!!" + keys["p256dh"][40:]),  # stray characters
    lambda keys: keys.update(auth=keys["auth"] + "==="),  # padding beyond what the length needs
], ids=["no p256dh", "auth not text", "p256dh of 64 bytes", "auth of 15 bytes", "stray characters", "excess padding"])
def test_keys_of_another_length_or_not_base64url_are_refused(alice_client, settings, change):
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True
    subscription = Browser("http://127.0.0.1:9/push").subscription
    change(subscription["keys"])
    assert answer(alice_client, json.dumps(subscription)) == (400, {"error": KEYS_NOT_VALID})
    assert not PushSubscription.objects.exists()


def test_a_padded_key_is_accepted(alice_client, settings):
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True
    subscription = Browser("http://127.0.0.1:9/push").subscription
    subscription["keys"]["p256dh"] += "="
    assert answer(alice_client, json.dumps(subscription)) == (201, {"subscribed": True})


def test_a_private_push_address_is_refused_where_the_site_is_exposed(alice_client, settings):
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = False
    assert subscribe(alice_client, Browser("http://127.0.0.1:6379/")).status_code == 400


def test_a_browser_changes_hands_and_unsubscribes(alice, bob, alice_client, bob_client, client, service):
    browser = Browser(service.url)
    subscribe(alice_client, browser)
    assert subscribe(bob_client, browser).status_code == 200
    assert PushSubscription.objects.get().user == bob
    body = json.dumps({"endpoint": service.url})
    assert alice_client.post("/push/unsubscribe/", body, content_type="application/json").json()["removed"] is False
    assert bob_client.post("/push/unsubscribe/", body, content_type="application/json").json()["removed"] is True
    assert client.post("/push/subscribe/", json.dumps(browser.subscription), content_type="application/json")[
        "Location"].startswith("/accounts/login/")


def test_the_service_worker_and_the_profile_switch(alice_client):
    worker = alice_client.get("/push-worker.js")
    assert worker["Content-Type"].startswith("text/javascript") and "showNotification" in worker.content.decode()
    page = alice_client.get("/profile/").content.decode()
    assert f'data-public-key="{push.public_key()}"' in page and "Turn on for this browser" in page
    assert len(base64.urlsafe_b64decode(push.public_key() + "=")) == 65  # an uncompressed P-256 point


def test_a_pair_made_here_is_kept_and_its_public_key_is_unpadded_base64url(settings, tmp_path):
    """Without configured keys the first use makes a pair and keeps it. The public key is the
    browser's applicationServerKey and the k= of the VAPID header: base64url without padding."""
    settings.VAPID_PRIVATE_KEY = settings.VAPID_PUBLIC_KEY = ""
    settings.BASE_DIR = tmp_path  # kept where docs/deploy.md says: var/vapid.json in the site's folder
    (tmp_path / "var").mkdir()  # a running site's var/ is there already
    kept = tmp_path / "var" / "vapid.json"
    public = push.public_key()
    assert len(public) == 87 and "=" not in public  # 65 bytes
    point = base64.urlsafe_b64decode(public + "=")
    assert len(point) == 65 and point[0] == 4  # an uncompressed P-256 point
    assert json.loads(kept.read_text())["public"] == public and push.public_key() == public
    private, _public = push.keys()  # the kept private key is the one that signs for that public key
    signing = serialization.load_pem_private_key(private.encode(), password=None)
    assert signing.public_key().public_bytes(serialization.Encoding.X962,
                                             serialization.PublicFormat.UncompressedPoint) == point


def test_a_push_service_that_does_not_answer_in_time_is_a_failure_tried_again(alice, alice_client, service,
                                                                               monkeypatch):
    """A worker never waits on a push service for ever."""
    subscribe(alice_client, Browser(service.url))
    notify(alice)
    message = PushMessage.objects.get()
    monkeypatch.setattr(push, "TIMEOUT_SECONDS", 0.2)
    service.delay = 1.5
    assert push.deliver(message.pk) is False
    message.refresh_from_db()
    assert message.delivered is None and message.lease is None and message.attempts == 1


def test_each_message_is_claimed_alone_and_marked_delivered(alice, alice_client, service):
    subscribe(alice_client, Browser(service.url))
    notify(alice, "first")
    notify(alice, "second")
    first, second = PushMessage.objects.order_by("pk")
    now = timezone.now()
    lease = push.claims.claim(PushMessage.objects.filter(pk=second.pk), now)  # another worker sends the second
    assert push.deliver(first.pk, now=now) is True
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.delivered is not None and second.delivered is None and second.lease == lease


def test_a_failure_frees_only_its_own_claim_and_never_a_newer_holders(alice, alice_client, service, monkeypatch):
    """Leases are moments: two messages claimed at once hold the same one; and a slow send whose
    lease ran out must leave the message to the worker that claimed it since."""
    subscribe(alice_client, Browser(service.url))
    notify(alice, "first")
    notify(alice, "second")
    first, second = PushMessage.objects.order_by("pk")
    now = timezone.now()
    later = now + timedelta(seconds=push.claims.LEASE_SECONDS + 1)
    held = push.claims.claim(PushMessage.objects.filter(pk=second.pk), now)  # another worker sends the second

    def slow_failure(subscription, payload):
        assert push.claims.claim(PushMessage.objects.filter(pk=first.pk), later) is not None  # a third worker
        return 500, "HTTP 500"

    monkeypatch.setattr(push, "send", slow_failure)
    assert push.deliver(first.pk, now=now) is False
    first.refresh_from_db()
    second.refresh_from_db()
    assert second.lease == held and first.lease == later + timedelta(seconds=push.claims.LEASE_SECONDS)


def test_what_went_wrong_is_logged_by_message_and_subscription(alice, alice_client, service, caplog, settings):
    subscribe(alice_client, Browser(service.url))
    subscription = PushSubscription.objects.get()
    notify(alice, "first")
    notify(alice, "second")
    first, second = PushMessage.objects.order_by("pk")
    with caplog.at_level(logging.INFO, logger="games.notifications.push"):
        settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = False  # the endpoint is refused before any post
        assert push.deliver(first.pk) is False
        settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True
        service.status = 410
        assert push.deliver(second.pk) is False
    assert caplog.messages == [f"push message {first.pk} failed (the address is inside a private network)",
                               f"push subscription {subscription.pk} expired (HTTP 410): removed"]
    assert service.requests[-1:] and not PushSubscription.objects.exists()


@pytest.mark.parametrize("raised, problem", [
    (WebPushException("no answer"), (None, "WebPushException: no answer")),  # no response: no status
    (WebPushException("x" * 300), (None, ("WebPushException: " + "x" * 300)[:200])),
    (requests.ConnectionError("refused " + "x" * 300), (None, ("ConnectionError: refused " + "x" * 300)[:200])),
])
def test_a_failure_without_an_answer_is_named_and_kept_short(alice, alice_client, service, monkeypatch, raised, problem):
    subscribe(alice_client, Browser(service.url))

    def failing(*args, **kwargs):
        raise raised

    monkeypatch.setattr("pywebpush.webpush", failing)  # push.send imports it when it sends
    assert push.send(PushSubscription.objects.get(), {"title": "t"}) == problem


@pytest.mark.parametrize("form", ["pem", "base64url"])
def test_a_configured_private_key_is_read_as_pem_or_base64url(settings, form):
    """VAPID_PRIVATE_KEY from the environment, in either form (a PEM may come after a line break)."""
    made = Vapid()
    made.generate_keys()
    if form == "pem":
        settings.VAPID_PRIVATE_KEY = "\n" + made.private_pem().decode()
    else:
        settings.VAPID_PRIVATE_KEY = base64url(made.private_key.private_numbers().private_value.to_bytes(32, "big"))
    settings.VAPID_PUBLIC_KEY = "configured"
    read = push._private_vapid()
    assert read.private_key.private_numbers() == made.private_key.private_numbers()


def test_a_decision_owed_off_turn_is_pushed_to_that_player_only(alice, bob, carol, service, committed):
    """Catan: the player who must discard on another's 7 gets the push of his turn email."""
    import time_machine

    from games.moves import submit_move
    from tests.conftest import client_for
    from tests.correspondence.conftest import tick
    from tests.support.catan import seven_ahead, start_catan, user_at

    for user in (alice, bob, carol):
        user.profile.vacation_auto = False
        user.profile.save()
    with committed():
        game = start_catan([alice, bob, carol])
    active, (owing_position, _third) = seven_ahead(game, over_limit=[0])
    game.refresh_from_db()
    owing = Seat.objects.get(game=game, position=owing_position)
    browser = Browser(service.url)
    assert subscribe(client_for(owing.user), browser).status_code == 201
    with committed():
        submit_move(game.pk, user_at(game, active), {"type": "roll"}, game.version)
    owing.refresh_from_db()
    assert owing.to_act and owing.user != user_at(game, active)
    with time_machine.travel(owing.waiting_since + timedelta(minutes=10), tick=False), committed():
        tick()
    message = PushMessage.objects.get(subscription__user=owing.user)
    push.deliver(message.pk)  # sent by the outbox's task already, or now
    [request] = service.requests
    shown = browser.read(request["body"])
    assert shown["tag"] == "turn" and f"/games/{game.pk}/" in shown["url"]
    assert not PushMessage.objects.filter(subscription__user=user_at(game, active)).exists()


def test_the_tick_requeues_due_messages_only(alice, alice_client, service, monkeypatch):
    queued = []
    monkeypatch.setattr(outbox, "delay", lambda name, *args: queued.append((name, *args)))
    subscribe(alice_client, Browser(service.url))
    notify(alice)
    due = PushMessage.objects.get()
    now = timezone.now()
    for extra in [{"due": now + timedelta(hours=1)}, {"delivered": now}, {"attempts": push.MAX_ATTEMPTS}]:
        PushMessage.objects.create(subscription=due.subscription, key=f"not due {extra}", payload={}, **extra)
    queued.clear()
    push.retry(timezone.now())  # after the rows were made: each is due from its creation
    assert queued == [("deliver_push", due.pk)]


def test_half_a_configured_pair_is_not_used(settings, tmp_path):
    settings.BASE_DIR = tmp_path
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = "configured private key", ""
    made = push.keys()
    assert made == tuple(json.loads((tmp_path / "var" / "vapid.json").read_text()).values())
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = "", "configured public key"
    assert push.keys() == made


def test_a_tick_requeues_at_most_500_messages_and_the_next_one_the_rest(alice, alice_client, service, monkeypatch):
    queued = []
    monkeypatch.setattr(outbox, "delay", lambda name, *args: queued.append(args[0]))
    subscribe(alice_client, Browser(service.url))
    subscription = PushSubscription.objects.get()
    PushMessage.objects.bulk_create(PushMessage(subscription=subscription, key=f"k{n}", payload={}) for n in range(501))
    push.retry(timezone.now())
    assert len(queued) == 500
    PushMessage.objects.filter(pk__in=queued).update(delivered=timezone.now())
    push.retry(timezone.now())
    assert len(queued) == 501 and len(set(queued)) == 501


def test_a_notification_is_pushed_once_its_transaction_commits(alice, alice_client, service, committed):
    browser = Browser(service.url)
    subscribe(alice_client, browser)
    with committed():
        notify(alice)
        assert not service.requests  # nothing leaves before the commit
    [request] = service.requests
    assert browser.read(request["body"])["tag"] == "vacation"
    assert PushMessage.objects.get().delivered is not None


def test_a_notification_queued_again_reaches_a_browser_added_since_and_no_other_twice(alice, alice_client, service):
    subscribe(alice_client, Browser(service.url + "/a"))
    assert len(push.queue(alice, "vacation", "vacation:1", "Away", "/profile/")) == 1
    subscribe(alice_client, Browser(service.url + "/b"))
    assert len(push.queue(alice, "vacation", "vacation:1", "Away", "/profile/")) == 1  # a task run twice
    assert sorted(m.subscription.endpoint for m in PushMessage.objects.all()) == [service.url + "/a", service.url + "/b"]


def test_a_long_notification_key_is_cut_to_the_160_characters_kept(alice, alice_client, service):
    subscribe(alice_client, Browser(service.url))
    push.queue(alice, "vacation", "k" * 300, "Away", "/profile/")
    assert len(PushMessage.objects.get().key) == 160
