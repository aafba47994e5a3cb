"""A move decided without a lock (PostgreSQL): the game's revision, kept by the database, decides
whether its one write statement may be carried out (games/moves.py, games/move_write.py)."""

import datetime
import gc
import json
import random
import sys
import weakref

import pytest
from django.db import connection, transaction
from django.db.models import Model, QuerySet
from django.db.models.base import ModelState
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
    assert results == [None]
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


def next_praga_move(game, rng):
    """(seat, move) of the seat to act in `game` as committed: the end of its turn where it may end
    it, else a random legal move (no undo: each move moves the game on)."""
    game.refresh_from_db()
    seat = min(praga.to_act(game.state))
    legal = [m for m in praga.legal_moves(game.state, seat) if m["type"] not in ("undo", "refresh")]
    return seat, next((m for m in legal if m["type"] == "end_turn"), None) or rng.choice(legal)


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
        seat, move = next_praga_move(game, rng)
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


# The game a process wrote last, kept (games/move_cache.py) ---------------------------------------

@pytest.mark.django_db(transaction=True)
def test_the_revision_covers_what_a_move_reads_of_its_players_and_invitation(alice, bob):
    from importlib import import_module

    from accounts.models import Profile
    from games import locked_read
    from games.models import Invitation

    triggers = import_module("games.migrations.0019_game_revision")
    read = {"user": set(locked_read.USER_FIELDS) - {"id"}, "profile": set(locked_read.PROFILE_FIELDS) - {"id", "user"}}
    assert read == {"user": set(triggers.USER_COLUMNS), "profile": set(triggers.PROFILE_COLUMNS)}
    game = start_game("toy", [alice, bob])
    seen = revision(game)
    changes = [
        lambda: type(alice).objects.filter(pk=alice.pk).update(username="alice2"),
        lambda: type(alice).objects.filter(pk=alice.pk).update(is_active=False),
        lambda: Profile.objects.filter(user=bob).update(display_name="Bobby"),
        lambda: Profile.objects.filter(user=bob).update(notify_turn=False),
        lambda: Profile.objects.filter(user=bob).update(turn_digest=True),
        lambda: Profile.objects.filter(user=bob).update(vacation_since=timezone.now()),
        lambda: Invitation.objects.filter(pk=game.invitation_id).update(timeout_policy="cancel"),
    ]
    for change in changes:
        change()
        assert revision(game) == seen + 1
        seen += 1
    # What no move reads leaves it: a login, the language, an unchanged value written again.
    type(alice).objects.filter(pk=alice.pk).update(last_login=timezone.now())
    Profile.objects.filter(user=bob).update(language="de", display_name="Bobby")
    assert revision(game) == seen


def kept_moves(monkeypatch):
    """Counts the kept games submit_move found: [(game id, found)]."""
    from games import move_cache

    taken, take = [], move_cache.take

    def counted(game_pk, version):
        found = take(game_pk, version)
        taken.append((game_pk, found is not None))
        return found

    monkeypatch.setattr(move_cache, "take", counted)
    return taken


@pytest.mark.django_db(transaction=True)
def test_moves_decided_on_the_kept_game_write_what_the_locked_way_writes(alice, bob, monkeypatch):
    """Two games alike: one played move after move by the kept game, the other the locked way."""
    kept, locked = start_game("praga", [alice, bob]), start_game("praga", [alice, bob])
    Game.objects.filter(pk=locked.pk).update(seed=kept.seed, state=kept.state)
    taken = kept_moves(monkeypatch)
    moment = [timezone.now()]
    monkeypatch.setattr(timezone, "now", lambda: moment[0])
    guarded, rng, turns_passed = move_write.guarded, random.Random(5), 0
    users = [alice, bob]
    while turns_passed < 4:
        seat, move = next_praga_move(kept, rng)
        moment[0] += datetime.timedelta(minutes=3)
        submit_move(kept.pk, users[seat], move, kept.version)
        monkeypatch.setattr(move_write, "guarded", lambda db: False)
        submit_move(locked.pk, users[seat], move, kept.version)
        monkeypatch.setattr(move_write, "guarded", guarded)
        turns_passed += move["type"] == "end_turn"
    found = [hit for game_pk, hit in taken if game_pk == kept.pk]
    assert found[0] is False and all(found[1:]) and len(found) > 8  # read once, then kept

    def alike(written):  # the columns two games of one seed share, moves apart
        game = {k: v for k, v in written["game"].items() if k not in ("id", "invitation_id", "created")}
        seats = [{k: v for k, v in seat.items() if k not in ("id", "game_id")} for seat in written["seats"]]
        return game, seats, written["moves"], written["events"]

    assert alike(everything_written(kept)) == alike(everything_written(locked))


@pytest.mark.django_db(transaction=True)
def test_a_vacation_begun_after_the_game_was_kept_pauses_the_clock_of_the_next_wait(alice, bob, monkeypatch):
    """bob goes on vacation while this process keeps the game: the move that passes him the turn
    is decided again on a fresh read, and his clock waits (no deadline)."""
    from accounts.models import Profile

    game = start_game("praga", [alice, bob])
    taken = kept_moves(monkeypatch)
    seat = min(praga.to_act(game.state))
    users = [alice, bob]
    legal = [m for m in praga.legal_moves(game.state, seat) if m["type"] not in ("undo", "refresh", "end_turn")]
    submit_move(game.pk, users[seat], legal[0], game.version)
    other = 1 - seat
    Profile.objects.filter(user=users[other]).update(vacation_since=timezone.now())
    while True:  # to the end of the turn, on the kept game as long as it holds
        game.refresh_from_db()
        legal = [m for m in praga.legal_moves(game.state, seat) if m["type"] not in ("undo", "refresh")]
        move = next((m for m in legal if m["type"] == "end_turn"), legal[0])
        submit_move(game.pk, users[seat], move, game.version)
        if move["type"] == "end_turn":
            break
    assert taken[1] == (game.pk, True)  # the kept game was tried, and found stale by its write
    waiting = Seat.objects.get(game=game, position=other)
    assert waiting.to_act and waiting.deadline is None and waiting.clock_left is not None


@pytest.mark.django_db(transaction=True)
def test_a_kept_game_neither_refuses_a_move_nor_writes_over_a_newer_one(alice, bob):
    """An entry that is wrong (as if the game had changed since) never decides: refused on it, the
    move is decided on a fresh read; written on it, the revision no longer matches."""
    from games import locked_read, move_cache

    game = start_game("toy", [alice, bob])
    wrong = locked_read.current_game(game.pk)
    wrong.status = Game.Status.CANCELLED  # it would answer "The game is over."
    move_cache.keep(wrong, json.dumps(wrong.state))
    result = submit_move(game.pk, alice, select(game, alice), 0)
    assert result.duplicate is False and Game.objects.get(pk=game.pk).version == 1
    stale = locked_read.current_game(game.pk)
    Seat.objects.filter(game=game, user=bob).update(dropped=True)  # meanwhile the clock dropped bob
    move_cache.keep(stale, json.dumps(stale.state))
    submit_move(game.pk, alice, {"type": "play"}, 1)
    bobs = Seat.objects.get(game=game, user=bob)
    # Decided on what was committed: a bot plays bob's seat, so no clock runs for it (the stale
    # copy would have set one).
    assert bobs.dropped and bobs.deadline is None
    assert list(Move.objects.filter(game=game, seq__lte=2).values_list("seat", flat=True)) == [0, 0]


@pytest.mark.django_db(transaction=True)
def test_a_move_rolled_back_with_its_transaction_leaves_no_kept_game(alice, bob):
    from games import move_cache

    game = start_game("toy", [alice, bob])
    with pytest.raises(Undone):
        with transaction.atomic():
            submit_move(game.pk, alice, select(game, alice), 0)
            raise Undone
    assert move_cache.take(game.pk, 1) is None
    submit_move(game.pk, alice, select(game, alice), 0)
    assert move_cache.take(game.pk, 1) is not None


@pytest.mark.django_db
def test_the_kept_games_stay_within_their_bytes(alice, bob, carol, dave, monkeypatch):
    from games import locked_read, move_cache

    games = [locked_read.current_game(start_game("toy", pair).pk) for pair in ([alice, bob], [carol, dave],
                                                                                [alice, carol])]
    text = json.dumps(games[0].state)
    one = sys.getsizeof(text) + move_cache.GAME_BYTES + 2 * move_cache.SEAT_BYTES
    monkeypatch.setattr(move_cache, "MEMORY_BYTES", 2 * one)
    for game in games:
        move_cache.keep(game, text)
        assert move_cache.held_bytes() <= move_cache.MEMORY_BYTES
    assert move_cache.take(games[0].pk, games[0].version) is None  # the least recently kept went first
    taken = [move_cache.take(game.pk, game.version)[0] for game in games[1:]]
    assert [game.pk for game in taken] == [game.pk for game in games[1:]]
    assert all(game.state == games[0].state for game in taken)  # the state decoded from its text
    assert move_cache.held_bytes() == 0
    move_cache.keep(games[0], "x" * 2 * one)  # larger than the whole budget: not kept
    assert move_cache.take(games[0].pk, games[0].version) is None


@pytest.mark.django_db
def test_a_kept_game_is_taken_only_at_the_version_its_client_saw(alice, bob):
    from games import locked_read, move_cache

    game = locked_read.current_game(start_game("toy", [alice, bob]).pk)
    before = move_cache.counts()
    move_cache.keep(game, json.dumps(game.state))
    assert move_cache.take(game.pk, game.version + 1) is None  # the client is ahead of this process
    assert move_cache.held_bytes() == 0  # and the stale entry is gone
    move_cache.keep(game, json.dumps(game.state))
    assert move_cache.take(game.pk, game.version)[0].pk == game.pk
    after = move_cache.counts()
    assert (after["taken"] - before["taken"], after["missed"] - before["missed"]) == (1, 1)


@pytest.mark.django_db(transaction=True)
def test_a_move_leaves_no_garbage_in_reference_cycles(alice, bob):
    """Neither the game a move read nor the copy kept of it is in a reference cycle, and the kept
    copy holds nothing of the instance it was copied from: a game and its state are freed when
    their request lets go of them. Garbage in a cycle that outlived the collector's young
    collections (a submit allocates enough to run several) waited for a full collection, whose
    pauses set the submit's p99 (benchmarks/load.py, session 13)."""
    from games import move_cache

    game = start_game("praga", [alice, bob])
    rng = random.Random(3)
    for read in ("afresh", "kept", "kept", "afresh", "kept"):
        seat, move = next_praga_move(game, rng)
        if read == "afresh":
            move_cache.forget()
        gc.collect()
        gc.disable()  # nothing is collected but by reference counting until the check
        gc.set_debug(gc.DEBUG_SAVEALL)  # what the check finds in cycles stays in gc.garbage
        try:
            result = submit_move(game.pk, [alice, bob][seat], move, game.version)
            moved = weakref.ref(result.game)
            del result
            assert moved() is None
            gc.collect()
            # The site's instances only: another thread of this process (a Redis subscriber) may
            # leave garbage of its own meanwhile.
            assert [found for found in gc.garbage if isinstance(found, (Model, ModelState, QuerySet))] == []
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            gc.enable()
