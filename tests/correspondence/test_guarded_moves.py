"""A move decided without a lock (PostgreSQL): the game's revision, kept by the database, decides
whether its one write statement may be carried out (games/moves.py, games/move_write.py)."""

import datetime
import random

import pytest
from django.db import connection, transaction
from django.utils import timezone

import engine.praga as praga
from games import move_write, moves
from games.models import Game, GameEvent, Move, Seat, TurnMail
from games.moves import MoveRefused, submit_move
from tests.correspondence.test_concurrency import select
from tests.support import services
from tests.support.games import start_game


@pytest.fixture(autouse=True)
def postgresql():
    services.require_postgresql("the revision is kept by PostgreSQL's triggers")


def revision(game):
    return Game.objects.values_list("revision", flat=True).get(pk=game.pk)


@pytest.mark.django_db(transaction=True)
def test_the_database_raises_a_games_revision_on_every_change_of_the_game_or_its_seats(alice, bob, carol):
    game = start_game("toy", [alice, bob])
    seen = revision(game)
    changes = [
        lambda: Game.objects.filter(pk=game.pk).update(days_per_move=5),
        lambda: Game.objects.get(pk=game.pk).save(),  # the ORM's save writes every column
        lambda: Seat.objects.filter(game=game, position=1).update(warned=True),
        lambda: Seat.objects.create(game=game, position=2, user=carol),
        lambda: Seat.objects.filter(game=game, position=2).delete(),
    ]
    for change in changes:
        change()
        assert revision(game) == seen + 1
        seen += 1
    # A transaction that writes the game row and its seats raises it once: one new row version.
    with transaction.atomic():
        Game.objects.filter(pk=game.pk).update(days_per_move=2)
        Seat.objects.filter(game=game).update(warned=False)
    assert revision(game) == seen + 1


@pytest.mark.django_db(transaction=True)
def test_a_seat_dropped_between_the_read_and_the_write_turns_the_move_down(alice, bob, monkeypatch):
    """The clock drops alice's seat after her move was decided on the state before: the written
    statement writes nothing, and decided again under the lock the move is refused."""
    game = start_game("toy", [alice, bob])
    written = move_write.MoveWrites.write_if_unchanged
    results = []

    def clock_first(self, seen):
        if not results:
            Seat.objects.filter(game=game, user=alice).update(dropped=True)  # committed: autocommit
        results.append(written(self, seen))
        return results[-1]

    monkeypatch.setattr(move_write.MoveWrites, "write_if_unchanged", clock_first)
    with pytest.raises(MoveRefused) as refusal:
        submit_move(game.pk, alice, select(game, alice), 0)
    assert results == [False]
    assert refusal.value.status == 403 and refusal.value.reason["msg"].startswith("You ran out of time")
    assert not Move.objects.filter(game=game).exists()
    assert Game.objects.get(pk=game.pk).version == 0


@pytest.mark.django_db(transaction=True)
def test_a_game_cancelled_between_the_read_and_the_write_takes_no_move(alice, bob, monkeypatch):
    game = start_game("toy", [alice, bob])
    written = move_write.MoveWrites.write_if_unchanged

    def cancelled_first(self, seen):
        Game.objects.filter(pk=game.pk).update(status=Game.Status.CANCELLED)
        return written(self, seen)

    monkeypatch.setattr(move_write.MoveWrites, "write_if_unchanged", cancelled_first)
    with pytest.raises(MoveRefused) as refusal:
        submit_move(game.pk, alice, select(game, alice), 0)
    assert refusal.value.status == 409 and refusal.value.reason["msg"] == "The game is over."
    assert not Move.objects.filter(game=game).exists()


def everything_written(game):
    """What moves write, as plain values: the game row (its revision aside), its seats, moves,
    log events and the players' turn email timers."""
    row = Game.objects.filter(pk=game.pk).values().get()
    row.pop("revision")
    return {
        "game": row,
        "seats": list(Seat.objects.filter(game=game).order_by("position").values()),
        "moves": list(Move.objects.filter(game=game).order_by("seq").values(
            "seq", "seat", "payload", "text", "request_id", "created_at")),
        "events": list(GameEvent.objects.filter(game=game).order_by("after_seq", "pk").values(
            "after_seq", "text", "created_at")),
        "mails": list(TurnMail.objects.order_by("user_id").values()),
    }


class Undone(Exception):
    pass


@pytest.mark.django_db
@pytest.mark.parametrize("players", [2, 1])
def test_a_move_decided_without_a_lock_writes_what_the_locked_way_writes(alice, bob, monkeypatch, players):
    """Move by move through whole turns (the turn passes, turn emails come due; solo: Peter
    Parler's turns are logged inside the human's), each move is made without a lock, what it
    wrote is noted and undone, then the same move is made the locked way: the same rows."""
    users = [alice, bob][:players]
    game = start_game("praga", users, options={"solo_mode": "parler"} if players == 1 else None)
    moment = [timezone.now()]
    monkeypatch.setattr(timezone, "now", lambda: moment[0])
    guarded, outcomes = move_write.guarded, []
    written = move_write.MoveWrites.write_if_unchanged

    def noted(self, seen):
        outcomes.append(written(self, seen))
        return outcomes[-1]

    monkeypatch.setattr(move_write.MoveWrites, "write_if_unchanged", noted)
    rng, turns_passed = random.Random(players), 0
    while turns_passed < 3:
        game.refresh_from_db()
        seat = min(praga.to_act(game.state))
        legal = [m for m in praga.legal_moves(game.state, seat) if m["type"] not in ("undo", "refresh")]
        move = next((m for m in legal if m["type"] == "end_turn"), None) or rng.choice(legal)
        moment[0] += datetime.timedelta(minutes=7)
        try:
            with transaction.atomic():
                submit_move(game.pk, users[seat], move, game.version)
                without_lock = everything_written(game)
                raise Undone
        except Undone:
            pass
        monkeypatch.setattr(move_write, "guarded", lambda db: False)
        submit_move(game.pk, users[seat], move, game.version)
        monkeypatch.setattr(move_write, "guarded", guarded)
        assert everything_written(game) == without_lock, move
        turns_passed += move["type"] == "end_turn"
    assert outcomes and all(outcomes)  # every move was written without a lock
    if players == 1:
        assert GameEvent.objects.filter(game=game).exists()  # Peter Parler's turns were logged
    else:
        assert TurnMail.objects.filter(due__isnull=False).exists()
    assert connection.vendor == "postgresql"
