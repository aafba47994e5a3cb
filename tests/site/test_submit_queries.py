"""A move submit costs a handful of queries, whatever the game's size (issue: speed)."""

import json
import random

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

import engine.praga as praga
from accounts.models import ApiToken
from games.models import Seat, TurnMail
from games.moves import submit_move
from tests.support.games import start_game

pytestmark = pytest.mark.django_db
# On PostgreSQL: the token with its user; the game with its invitation, seats, users and
# profiles, as last committed (games/locked_read.current_game); then one statement writes the
# move, the game's state, the seats it changed and the turn emails it made due, if the game is
# still as read (games/move_write.py). The game read is left out when this process wrote the
# game's last move (games/move_cache.py). Elsewhere (SQLite: scripts/mutation) a move takes the
# locked way: the token, the locked game with its invitation, its seats with users and profiles,
# the Move INSERT and the game UPDATE; and when the turn passes two seat UPDATEs and the turn
# email's timer (3).
WITHIN_A_TURN = {"postgresql": 3, "elsewhere": 5}
KEPT_GAME = {"postgresql": 2, "elsewhere": 5}
TURN_PASSES = {"postgresql": 2, "elsewhere": 10}  # after a move of this process: its game is kept


def expected(counts):
    return counts["postgresql"] if connection.vendor == "postgresql" else counts["elsewhere"]


def submit(game, token, move, callbacks):
    client = Client()
    with CaptureQueriesContext(connection) as queries, callbacks(execute=True):
        response = client.post(f"/api/games/{game.pk}/moves/", json.dumps({"move": move, "version": game.version}),
                               content_type="application/json", HTTP_AUTHORIZATION=f"Token {token}")
    assert response.status_code == 200, response.content
    game.refresh_from_db()
    return [q["sql"] for q in queries.captured_queries if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))]


def test_praga_turns_cost_a_handful_of_queries_each_and_set_the_next_clock(alice, bob,
                                                                          django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):  # the clocks start as after a real commit
        game = start_game("praga", [alice, bob])
    tokens = {seat.position: ApiToken.issue(seat.user)[1] for seat in game.seat_list()}
    counts, turns = [], 0
    while turns < 4:
        game.refresh_from_db()
        seat = next(s for s in game.seat_list() if s.to_act)
        legal = [m for m in praga.legal_moves(game.state, seat.position) if m["type"] not in ("undo", "refresh")]
        move = next((m for m in legal if m["type"] == "end_turn"), legal[0])
        counts.append((move["type"], len(submit(game, tokens[seat.position], move,
                                                django_capture_on_commit_callbacks))))
        turns += move["type"] == "end_turn"
    assert counts[0][1] == expected(WITHIN_A_TURN), counts  # the game read once,
    assert all(count == expected(KEPT_GAME) for kind, count in counts[1:] if kind != "end_turn"), counts  # then kept
    assert all(count <= expected(TURN_PASSES) for kind, count in counts if kind == "end_turn"), counts
    mover, other = Seat.objects.get(game=game, position=seat.position), Seat.objects.exclude(
        position=seat.position).get(game=game)
    assert mover.deadline is None and mover.clock_since is None
    assert other.to_act and other.clock_since == other.waiting_since and other.deadline is not None
    # The turn email the passing move made due, written in the same statement.
    assert other.user.profile.notify_turn and TurnMail.objects.get(user=other.user).due is not None


def test_a_late_move_costs_the_same_queries_as_an_early_one(alice, bob, django_capture_on_commit_callbacks):
    """Nothing a submit reads grows with the game: after 150 moves a move within a turn still
    costs exactly the handful of queries of the first ones."""
    with django_capture_on_commit_callbacks(execute=True):
        game = start_game("praga", [alice, bob])
    tokens = {seat.position: ApiToken.issue(seat.user)[1] for seat in game.seat_list()}
    users = {seat.position: seat.user for seat in game.seat_list()}
    rng = random.Random(4)
    while game.version < 150:
        seat = min(praga.to_act(game.state))
        move = rng.choice([m for m in praga.legal_moves(game.state, seat) if m["type"] != "undo"])
        submit_move(game.pk, users[seat], move, game.version)
        game.refresh_from_db()
    seat = min(praga.to_act(game.state))
    move = next(m for m in praga.legal_moves(game.state, seat) if m["type"] not in ("undo", "refresh", "end_turn"))
    assert len(submit(game, tokens[seat], move, django_capture_on_commit_callbacks)) == expected(WITHIN_A_TURN)
    seat = min(praga.to_act(game.state))
    move = next(m for m in praga.legal_moves(game.state, seat) if m["type"] not in ("undo", "refresh"))
    assert len(submit(game, tokens[seat], move, django_capture_on_commit_callbacks)) == expected(KEPT_GAME)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="HOT updates are PostgreSQL's")
def test_a_move_rewrites_the_game_row_in_place_without_new_index_entries(alice, bob):
    """No index holds a column every move changes (`updated`: the idle sweep's index holds its
    day), so PostgreSQL updates the game row in place (HOT) and writes no index entry."""
    game = start_game("praga", [alice, bob])
    users = {seat.position: seat.user for seat in game.seat_list()}

    def counts():
        # PostgreSQL's per-transaction view also holds earlier transactions' counts not yet
        # reported by this backend (rolled-back tests' among them): only the difference is ours.
        with connection.cursor() as cursor:
            cursor.execute("SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_xact_user_tables WHERE relname = %s",
                           [game._meta.db_table])
            return cursor.fetchone()

    before = counts()
    for _ in range(6):
        game.refresh_from_db()
        seat = min(praga.to_act(game.state))
        move = next(m for m in praga.legal_moves(game.state, seat) if m["type"] not in ("undo", "refresh"))
        submit_move(game.pk, users[seat], move, game.version)
    after = counts()
    updates, hot = after[0] - before[0], after[1] - before[1]
    # All of them HOT, but for one at most that found its page full (the test database is shared).
    assert updates >= 6 and hot >= updates - 1, (updates, hot)
