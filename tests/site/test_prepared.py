"""The hot statements of a submit (praga_site/prepared.py): prepared on PostgreSQL, safe between
a worker's threads, and their instances those of the ORM."""

import threading

import pytest
from django.db import connection, transaction
from django.db.models.signals import post_init, pre_init

from accounts.models import Profile
from games import locked_read
from games.models import Game, Seat
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


def fields_of(instance):
    return {name: value for name, value in vars(instance).items() if not name.startswith("_")}


@pytest.mark.django_db
def test_the_locked_reads_instances_equal_the_orms_with_the_same_fields_loaded_and_signals_sent(alice, bob):
    """The rows become instances without Model.__init__ (praga_site/prepared.py): the same values,
    the same deferred columns, saved state, and post_init as the ORM sends it; a pre_init receiver
    (whose arguments are __init__'s) makes them take the ORM's way."""
    game = start_game("praga", [alice, bob])
    initialised, before = [], []

    def after_init(sender, instance, **kwargs):
        initialised.append(sender.__name__)

    def before_init(sender, **kwargs):
        before.append(sender.__name__)

    post_init.connect(after_init)
    try:
        with transaction.atomic():
            locked = locked_read.locked_game(game.pk)
        pre_init.connect(before_init, sender=Seat)
        try:
            with transaction.atomic():
                again = locked_read.locked_game(game.pk)
        finally:
            pre_init.disconnect(before_init, sender=Seat)
    finally:
        post_init.disconnect(after_init)
    assert sorted(set(initialised)) == ["Game", "Invitation", "Profile", "Seat", "User"]
    assert before == ["Seat", "Seat"] and [seat.pk for seat in again.seat_list()] == [s.pk for s in locked.seat_list()]
    orm = Game.objects.select_related("invitation").get(pk=game.pk)
    pairs = [(locked, orm), (locked.invitation, orm.invitation)]
    users, profiles = type(alice).objects.all(), Profile.objects.all()
    if connection.vendor == "postgresql":  # the prepared read names the columns a move uses
        users, profiles = users.only(*locked_read.USER_FIELDS), profiles.only(*locked_read.PROFILE_FIELDS)
    for seat in locked.seat_list():
        pairs.append((seat, Seat.objects.get(pk=seat.pk)))
        pairs.append((seat.user, users.get(pk=seat.user.pk)))
        pairs.append((seat.user.profile, profiles.get(pk=seat.user.profile.pk)))
    for mine, theirs in pairs:
        assert fields_of(mine) == fields_of(theirs), type(mine)
        assert mine.get_deferred_fields() == theirs.get_deferred_fields(), type(mine)
        assert (mine._state.adding, mine._state.db) == (False, "default")
    user = locked.seat_list()[0].user
    assert user.email == alice.email and "email" in fields_of(user)  # a deferred column loads on use
