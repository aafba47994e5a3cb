"""What a web worker remembers across requests stays within a budget in bytes (issue 10: a worker
serving pages ≤ 100 MB): the copy of the live marks, the checked poll tokens, the presence writes.
Each is filled far past its budget here and measured with sys.getsizeof, not with its own count."""

import json
import sys
from unittest import mock

from django.utils import timezone

from games import live, live_marks, memory_budget
from games.notifications import activity
from tests.support.memory import held_bytes


def connected_copy():
    """A process's copy of the marks as its subscriber leaves it once connected (no thread, no Redis)."""
    memory = live_marks.Memory("redis://127.0.0.1:1/0")
    memory.connected = True
    return memory


def test_the_estimate_of_the_entries_covers_what_their_dict_holds():
    marks, estimate = {}, 0
    for number in range(30_000):  # filled one by one, as the memories are: each growth of the table met
        key, value = f":1:live:{1_000_000 + number}:version", 100_000 + number
        marks[key] = value
        estimate += memory_budget.entry_bytes(key, value)
        assert held_bytes(marks) <= estimate + sys.getsizeof({0: 0})  # + the smallest table


def test_the_copy_of_the_marks_never_holds_more_than_its_budget(monkeypatch):
    monkeypatch.setattr(live_marks, "MEMORY_BYTES", 60_000)
    memory, most = connected_copy(), 0
    for game in range(2000):  # every game written to is announced, polled here or not
        key = f":1:live:{game}:version"
        memory.learn(json.dumps({key: game + 1000, f"{key}:superseded:{game + 999}": 1}))
        assert memory.lookup([key]) == [game + 1000]  # what was just learnt is known
        assert held_bytes(memory.values) <= 60_000
        most = max(most, len(memory.values))
    assert most > 200  # the budget is used, not emptied at every message
    for game in range(2000):  # the polls' reads from Redis
        memory.store(memory.generation, [f":1:live:{game}:chat", f":1:live:{game}:version"], [None, game])
        assert held_bytes(memory.values) <= 60_000
        most = max(most, len(memory.values))


def test_the_checked_poll_tokens_never_hold_more_than_their_budget_however_long_a_token(monkeypatch):
    monkeypatch.setattr(live, "TOKEN_MEMORY_BYTES", 40_000)
    monkeypatch.setattr(live, "_tokens", {})
    monkeypatch.setattr(live, "_tokens_bytes", [0])
    valid = live.poll_token(7, 3)
    for number in range(400):
        assert live._viewer("x" * (number * 50) + str(number), 7) is None  # forged, up to 20 KB long
        assert live._viewer(valid, 7) == 3
        assert held_bytes(live._tokens) <= 40_000
    assert (valid, 7) in live._tokens


def test_the_presence_writes_never_hold_more_than_their_share(monkeypatch):
    monkeypatch.setattr(activity, "_polling_written", {})
    now = timezone.now()
    with mock.patch.object(activity.cache, "set"):
        for user_id in range(1, 2 * activity.POLLING_MEMORY_LIMIT):
            activity.seen_polling(user_id, now=now)
    assert held_bytes(activity._polling_written) <= 3_000_000
