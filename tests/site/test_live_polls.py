"""An open game page's poll: "nothing changed" from the cache without SQL; any change still seen."""

import json
import logging
import re
from datetime import timedelta
from unittest import mock

import time_machine
from redis.exceptions import ConnectionError as RedisConnectionError

from django.core import signals
from django.db import close_old_connections
from django.test import RequestFactory

from games import live, live_marks
from games.notifications import activity, turns
from praga_site.wsgi import application
from tests.support.games import post_move, start_game


def select(game):
    return {"type": "select", "card": game.state["hands"][0][0]}


def poll_url(client, game):
    """The poll address exactly as the page wrote it for this viewer."""
    page = client.get(f"/games/{game.pk}/").content.decode()
    return re.search(r'id="poller"[^>]*hx-get="([^"]+)"', page).group(1).replace("&amp;", "&")


class Answer:
    def __init__(self, status, headers, body):
        self.status_code, self.headers, self.body = int(status.split()[0]), dict(headers), body

    def __getitem__(self, name):
        return self.headers[name]


def poll(client, url):
    """The poll as the production server hands it over: through praga_site.wsgi, the client's cookies."""
    environ = RequestFactory().get(url).environ
    environ["HTTP_COOKIE"] = client.cookies.output(header="", sep=";").strip()
    started = {}
    # as Django's test client does: the test's database connection stays open across the request
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        response = application(environ, lambda status, headers: started.update(status=status, headers=headers))
        body = b"".join(response)
        getattr(response, "close", lambda: None)()
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)
    return Answer(started["status"], started["headers"], body.decode())


def with_values(url, version, chat):
    return re.sub(r"v=\d+&c=\d+", f"v={version}&c={chat}", url)


def test_an_unchanged_poll_issues_no_sql_query(toy_game, bob_client, django_assert_num_queries):
    url = poll_url(bob_client, toy_game)
    assert poll(bob_client, url).status_code == 204  # the page's own reads put the marks in place
    with django_assert_num_queries(0):
        response = poll(bob_client, url)
    assert response.status_code == 204


def test_a_visitor_polls_a_public_game_without_sql(toy_game, client, django_assert_num_queries):
    url = poll_url(client, toy_game)
    poll(client, url)
    with django_assert_num_queries(0):
        assert poll(client, url).status_code == 204


def test_another_players_move_is_seen_by_the_next_poll(
        toy_game, alice_client, bob_client, django_capture_on_commit_callbacks):
    url = poll_url(bob_client, toy_game)
    poll(bob_client, url)
    with django_capture_on_commit_callbacks(execute=True):
        post_move(alice_client, toy_game, select(toy_game))
    response = poll(bob_client, url)
    assert response.status_code == 200
    assert json.loads(response["HX-Trigger"]) == {"game-changed": True}
    fresh = re.search(r'hx-get="([^"]+)"', response.body).group(1).replace("&amp;", "&")
    assert "v=1&" in fresh and poll(bob_client, fresh).status_code == 204


def test_a_chat_line_is_seen_by_the_next_poll(toy_game, alice_client, bob_client, django_capture_on_commit_callbacks):
    url = poll_url(bob_client, toy_game)
    poll(bob_client, url)
    with django_capture_on_commit_callbacks(execute=True):
        alice_client.post(f"/games/{toy_game.pk}/chat/", {"body": "hello"}, headers={"HX-Request": "true"})
    response = poll(bob_client, url)
    assert response.status_code == 200 and json.loads(response["HX-Trigger"]) == {"chat-changed": True}


def test_marks_that_arrive_out_of_order_never_hide_a_move(toy_game, bob_client, django_assert_num_queries):
    """The writer of version 6 reported first, the writer of version 5 last: `current` lags at 5,
    but 5 is known to be replaced, so a page at version 5 is not told "nothing changed"."""
    url = poll_url(bob_client, toy_game)
    live.report(toy_game.pk, "version", 6, replaced=(5,))
    live.report(toy_game.pk, "version", 5, replaced=(4,))
    live.report(toy_game.pk, "chat", 0)
    assert live.unchanged(toy_game.pk, {"version": 5, "chat": 0}) is False
    assert live.unchanged(toy_game.pk, {"version": 6, "chat": 0}) is False  # lagging: ask the database
    response = poll(bob_client, with_values(url, 5, 0))  # the real game is at version 0: the view says so
    assert response.status_code == 200 and json.loads(response["HX-Trigger"]) == {"game-changed": True}


def test_the_database_answer_repairs_a_lagging_mark(toy_game, bob_client, django_assert_num_queries):
    url = poll_url(bob_client, toy_game)
    live.report(toy_game.pk, "version", 7)
    assert poll(bob_client, url).status_code == 204  # answered by the view, which reports version 0
    with django_assert_num_queries(0):
        assert poll(bob_client, url).status_code == 204


def test_a_token_is_good_for_its_own_game_only(alice, bob, carol, client):
    private = start_game("toy", [alice, bob], visibility="private")
    public = start_game("toy", [alice, carol])
    url = poll_url(client, public)
    poll(client, url)
    stolen = url.replace(f"/games/{public.pk}/", f"/games/{private.pk}/")
    assert poll(client, stolen).status_code == 404  # not answered from the cache: the view refuses
    forged = re.sub(r"t=[^&]+", "t=" + live.poll_token(private.pk, 0)[:-2] + "xx", stolen)
    assert poll(client, forged).status_code == 404
    assert poll(client, with_values(stolen, 0, 0).split("&t=")[0]).status_code == 404


def test_without_the_cache_the_poll_asks_the_database(toy_game, bob_client, alice_client):
    url = poll_url(bob_client, toy_game)
    poll(bob_client, url)
    post_move(alice_client, toy_game, select(toy_game))  # on_commit hooks do not run here: marks lag
    with mock.patch.object(live_marks, "read", side_effect=RedisConnectionError("down")):
        response = poll(bob_client, url)
    assert response.status_code == 200 and json.loads(response["HX-Trigger"]) == {"game-changed": True}


def test_an_open_page_keeps_its_player_present_without_sql(toy_game, bob, bob_client, django_assert_num_queries,
                                                          monkeypatch):
    # This process's memory of presence writes outlives a test: a run of this test less than a
    # minute before (mutmut runs the tests twice in one process) would hold `later` for bob's id.
    monkeypatch.setattr(activity, "_polling_written", {})
    url = poll_url(bob_client, toy_game)
    poll(bob_client, url)
    later = activity.timezone.now() + timedelta(minutes=2)  # past this process's last presence write
    activity.cache.delete(activity.presence_key(bob.pk))
    type(bob.profile).objects.filter(pk=bob.profile.pk).update(last_seen=None)
    bob.profile.refresh_from_db()
    assert not turns.is_active(bob.profile, later)
    with mock.patch.object(activity.timezone, "now", return_value=later), django_assert_num_queries(0):
        poll(bob_client, url)
    assert turns.is_active(bob.profile, later)  # no turn email while the page is open


def test_presence_is_written_at_most_once_a_minute(bob):
    now = activity.timezone.now()
    with mock.patch.object(activity.cache, "set") as written:
        activity.seen_polling(bob.pk, now=now)
        activity.seen_polling(bob.pk, now=now + timedelta(seconds=30))
        activity.seen_polling(bob.pk, now=now + timedelta(seconds=61))
    assert written.call_count == 2


def test_presence_is_written_once_at_one_moment_and_again_a_minute_later(bob):
    now = activity.timezone.now() + timedelta(hours=1)  # after any write of this process
    with mock.patch.object(activity.cache, "set") as written:
        activity.seen_polling(bob.pk, now=now)
        activity.seen_polling(bob.pk, now=now)  # two polls at the same moment
        activity.seen_polling(bob.pk, now=now + activity.RESOLUTION)
    assert written.call_count == 2


def test_the_memory_of_presence_writes_stays_within_its_limit(monkeypatch):
    monkeypatch.setattr(activity, "POLLING_MEMORY_LIMIT", 3)
    monkeypatch.setattr(activity, "_polling_written", {})
    now = activity.timezone.now()
    with mock.patch.object(activity.cache, "set") as written:
        for user_id in range(1, 8):
            activity.seen_polling(user_id, now=now)
            assert len(activity._polling_written) <= 3
    assert written.call_count == 7  # forgetting costs a write, never a lost presence


def test_a_cache_failure_loses_the_presence_with_a_warning(bob, caplog):
    now = activity.timezone.now() + timedelta(hours=2)
    with mock.patch.object(activity.cache, "set", side_effect=RedisConnectionError("down")), \
            caplog.at_level(logging.WARNING, logger="games.notifications.activity"):
        activity.seen_polling(bob.pk, now=now)
    [message] = caplog.messages  # the error is named by the site's log filter, without its text
    assert message.startswith(f"cache unavailable, presence of user {bob.pk} not kept: ") and "ConnectionError" in message


def test_a_socket_closed_under_the_marks_costs_the_marks_not_the_committed_move(
        toy_game, alice_client, caplog, django_capture_on_commit_callbacks):
    """Under load redis-py once raised ValueError ("I/O operation on closed file") while marking a
    move: the move was committed, yet the player got a 500 and retried into a 409."""
    closed = ValueError("I/O operation on closed file.")
    with mock.patch.object(live_marks, "write", side_effect=closed), django_capture_on_commit_callbacks(execute=True), \
            caplog.at_level(logging.WARNING, logger="games.live"):
        response = post_move(alice_client, toy_game, select(toy_game))
    assert response.status_code == 200 and response.json()["version"] == 1
    toy_game.refresh_from_db()
    assert toy_game.version == 1
    assert any(message.startswith(f"cache unavailable, live marks of game {toy_game.pk} not kept")
               for message in caplog.messages)


def test_a_polled_presence_counts_for_the_whole_active_time(bob, settings, monkeypatch):
    """The cached presence outlives the time it counts for (`ACTIVE_SECONDS`): no turn email
    goes out while a page polled within that time."""
    monkeypatch.setattr(activity, "_polling_written", {})
    start = activity.timezone.now()
    with time_machine.travel(start, tick=False):
        activity.seen_polling(bob.pk)
    almost = start + timedelta(seconds=settings.ACTIVE_SECONDS - 5)
    with time_machine.travel(almost, tick=False):
        assert turns.is_active(bob.profile, almost)
    after = start + timedelta(seconds=settings.ACTIVE_SECONDS + 1)
    with time_machine.travel(after, tick=False):
        assert not turns.is_active(bob.profile, after)
