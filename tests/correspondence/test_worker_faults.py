"""Faults: the worker is killed in the middle of a batch and Redis restarts (losing its queue);
still every timeout is applied once and every due email is sent exactly once.

Uses its own redis-server on a free port (so other tests keep theirs), a beat process
that runs the tick every second, and a worker that is killed with SIGKILL."""

import shutil
import time
from collections import Counter
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import Profile
from games.models import Email, GameEvent, Seat
from games.notifications import outbox
from tests.correspondence.conftest import Worker, services_or_skip, worker_env
from tests.support import services
from tests.support.games import start_game
from tests.support.players import make_user
from tests.support.redis_server import RedisServer
from tests.support.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)
GAMES = 4


@pytest.fixture
def own_redis():
    services_or_skip()
    if not shutil.which("redis-server"):
        services.missing("redis", "redis-server is not installed")
    redis = RedisServer()
    redis.start()
    yield redis
    redis.stop()



def overdue_games():
    """GAMES games whose first player ran out of time a minute ago (policy: drop)."""
    games = []
    for number in range(GAMES):
        late, waiting = make_user(f"late{number}"), make_user(f"waiting{number}")
        Profile.objects.filter(user=late).update(vacation_auto=False)
        game = start_game("toy", [late, waiting])
        Seat.objects.filter(game=game, user=late).update(deadline=timezone.now() - timedelta(minutes=1))
        games.append((game, late, waiting))
    return games


def test_kill_the_worker_mid_batch_and_restart_redis(own_redis, smtp, tmp_path, monkeypatch):
    smtp.messages.clear()
    monkeypatch.setattr(outbox, "delay", lambda *args: None)  # no broker here: the emails wait in the outbox
    games = overdue_games()
    env = worker_env(smtp, f"redis://127.0.0.1:{own_redis.port}/0", "faults", tmp_path,
                     TICK_SECONDS=1, EMAIL_LEASE_SECONDS=3, EMAIL_RETRY_SECONDS=1, TURN_EMAIL_DELAY=0)
    beat, worker = Worker(env, beat=True), Worker(env)
    smtp.hold_after = 3  # the worker blocks on the 4th email...
    beat.start()
    worker.start()
    try:
        assert wait_until(lambda: len(smtp.messages) == 3, timeout=60)
        time.sleep(0.5)
        worker.kill()  # ...and dies in the middle of the batch
        own_redis.stop()  # the broker loses every queued task
        own_redis.start()
        smtp.hold_after = None
        worker.start()

        def done():
            timed_out = all(Seat.objects.get(game=g, user=late).dropped for g, late, _w in games)
            return timed_out and Email.objects.filter(sent=None).count() == 0 and Email.objects.filter(kind="player_timed_out").count() == GAMES

        assert wait_until(done, timeout=90), "\n".join(worker.log[-30:])
        time.sleep(3)  # a few more ticks: the bots' moves bring turn emails, nothing else
        assert wait_until(lambda: not Email.objects.filter(sent=None).exists() and len(smtp.messages) == Email.objects.count())
    finally:
        worker.stop()
        beat.stop()
    ids = Counter(m["Message-ID"] for m in smtp.messages)
    assert max(ids.values()) == 1, "an email was sent twice"
    assert len(smtp.messages) == Email.objects.count()
    for game, late, waiting in games:
        # Under load the restart can take longer than five 1-second ticks: the downtime line
        # that then gives every clock its time back is right, and not a second timeout.
        timeouts = [event for event in GameEvent.objects.filter(game=game).values_list("text", flat=True)
                    if "ran out of time" in event["msg"]]
        assert len(timeouts) == 1, timeouts
        assert len([m for m in smtp.messages if m["To"] == late.email and m["Subject"].startswith("You ran out of time")]) == 1
        assert len([m for m in smtp.messages if m["To"] == waiting.email and "ran out of time" in m["Subject"]]) == 1
        assert game.moves.filter(seat=0).count() >= 2  # the bot played the dropped seat's turn
