"""The hot statements of a submit (praga_site/prepared.py): prepared on PostgreSQL, safe between
a worker's threads, and their instances those of the ORM."""

import threading

import pytest
from django.db import connection, transaction

from games import locked_read
from games.models import Game
from praga_site import prepared
from praga_site.prepared import Columns
from tests.support.games import start_game


def test_a_thread_never_uses_the_converters_another_is_still_listing(monkeypatch):
    """Under benchmarks/load.py a worker's second thread once read a game's state as its JSON
    text: it took the converter list while the first thread was still filling it."""
    columns = Columns(Game, "g")
    operations = type(connection.ops)
    original = operations.get_db_converters
    first, listing, go_on = threading.current_thread(), threading.Event(), threading.Event()

    def slow_for_the_first_thread(self, expression):
        if threading.current_thread() is first and expression.target.name == "state":
            listing.set()
            go_on.wait(5)
        return original(self, expression)

    monkeypatch.setattr(operations, "get_db_converters", slow_for_the_first_thread)
    seen = {}
    other = threading.Thread(target=lambda: (listing.wait(5), seen.update(names=[
        columns.fields[index].name for index, _column, _found in columns.converters(prepared.database())])))
    other.start()
    try:
        names = [columns.fields[index].name for index, _column, _found in columns.converters(prepared.database())]
    finally:
        go_on.set()
    other.join(5)
    go_on.set()
    assert "state" in names and seen["names"] == names


@pytest.mark.django_db
def test_the_locked_read_runs_prepared_and_gives_the_orms_instances(alice, bob):
    game = start_game("praga", [alice, bob])
    alice.profile.display_name = "Alice the Bold"
    alice.profile.save()
    with transaction.atomic():
        locked = locked_read.locked_game(game.pk)
    if connection.vendor == "postgresql":  # SQLite (the embedded site) takes the ORM's way
        with connection.cursor() as cursor:
            cursor.execute("SELECT statement FROM pg_prepared_statements")
            statements = [row[0] for row in cursor.fetchall()]
        assert any("FOR UPDATE OF g" in sql for sql in statements), statements
    assert locked.state == Game.objects.get(pk=game.pk).state and isinstance(locked.state, dict)
    seats = locked.seat_list()
    assert [seat.user.username for seat in seats] == [alice.username, bob.username]
    assert seats[0].user.profile.name == "Alice the Bold"
    assert seats[1].user.email == bob.email  # a column the read leaves out still loads on use
