"""Catan over days: every decision owed off turn has its own deadline from the game's time
setting, and its default is submitted through the move pipeline when it passes (ASYNC-05)."""

import datetime

import pytest
import time_machine
from django.conf import settings
from django.core import mail
from django.db import transaction
from django.utils import timezone

from accounts.models import Profile
from engine.catan_ck import legal_moves, turn_marker
from engine.core.text import render
from games import clocks
from games.models import Email, Game, GameEvent, Move, Seat, TurnMail
from games.moves import submit_move
from tests.correspondence.conftest import tick
from tests.engine.catan_ck.helpers import V, empty_board, give, put, with_roll
from tests.support.catan import set_state, seven_ahead, start_catan, user_at

pytestmark = pytest.mark.django_db
DAY = datetime.timedelta(days=1)


@pytest.fixture
def players(alice, bob, carol):
    for user in (alice, bob, carol):
        user.profile.vacation_auto = False
        user.profile.save()
    return [alice, bob, carol]


def catan_game(players, committed, policy="drop", days=3):
    with committed():
        game = start_catan(players)
        Game.objects.filter(pk=game.pk).update(days_per_move=days)
        game.invitation.timeout_policy = policy
        game.invitation.save()
    game.refresh_from_db()
    return game


def seat_at(game, position):
    return Seat.objects.get(game=game, position=position)


def rolled_seven(game, committed, discarding):
    """The active player rolls a 7 through the site; the opponents `discarding` (0 = next in turn
    order) hold 9 cards. Returns (active seat, opponents)."""
    active, opponents = seven_ahead(game, over_limit=discarding)
    game.refresh_from_db()
    with committed():
        submit_move(game.pk, user_at(game, active), {"type": "roll"}, game.version)
    game.refresh_from_db()
    return active, opponents


@pytest.mark.parametrize("policy", ["drop", "cancel"])
def test_ASYNC_05_a_discard_owed_on_a_7_times_out_to_its_default_not_to_the_policy(players, committed, policy):
    game = catan_game(players, committed, policy=policy)
    active, (other, _third) = rolled_seven(game, committed, [0])
    rolled_at = Move.objects.filter(game=game).latest("seq").created_at
    owing = seat_at(game, other)
    assert owing.to_act and not seat_at(game, active).to_act
    assert owing.deadline == rolled_at + 3 * DAY  # its own deadline, from the moment it was owed
    at = owing.deadline + datetime.timedelta(minutes=1)
    with time_machine.travel(at, tick=False), committed():
        tick()
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    last = Move.objects.filter(game=game).latest("seq")
    assert last.seat == other and last.payload["type"] == "discard" and last.payload["timeout"] is True
    assert render(last.text).endswith("(by timeout)")
    assert sum(game.state["players"][other]["hand"].values()) == 5
    owing.refresh_from_db()
    assert not owing.dropped and not owing.to_act and owing.deadline is None
    assert not GameEvent.objects.filter(game=game).exists()  # nobody ran out of time: a default was applied
    # The active player goes on with a full period of his own from the moment he can act again.
    mover = seat_at(game, active)
    assert mover.to_act and mover.waiting_since == at and mover.deadline == at + 3 * DAY


def test_ASYNC_05_two_discards_run_their_own_clocks_and_the_one_answered_in_time_stays(players, committed):
    game = catan_game(players, committed, days=2)
    active, (first, second) = rolled_seven(game, committed, [0, 1])
    assert seat_at(game, first).deadline and seat_at(game, second).deadline
    with committed():
        submit_move(game.pk, user_at(game, first), {"type": "discard", "decision": next(
            d["id"] for d in game.state["decisions"] if d["seat"] == first), "cards": {"ore": 4}}, game.version)
    assert seat_at(game, first).deadline is None and seat_at(game, second).deadline is not None
    with time_machine.travel(seat_at(game, second).deadline + datetime.timedelta(minutes=1), tick=False), committed():
        tick()
    game.refresh_from_db()
    payloads = [m.payload for m in Move.objects.filter(game=game).order_by("seq")][-2:]
    assert payloads[0]["cards"] == {"ore": 4} and "timeout" not in payloads[0]
    assert payloads[1]["timeout"] is True and Move.objects.filter(game=game).latest("seq").seat == second
    assert seat_at(game, active).to_act and not seat_at(game, second).dropped


def test_the_active_players_own_turn_still_gets_the_policy(players, committed):
    game = catan_game(players, committed, policy="drop", days=1)
    active = game.state["active"]
    mover = seat_at(game, active)
    with time_machine.travel(mover.deadline + datetime.timedelta(minutes=1), tick=False), committed():
        tick()
    mover.refresh_from_db()
    assert mover.dropped  # a bot (Catan's random bot) took the seat and played on
    game.refresh_from_db()
    assert Move.objects.filter(game=game, seat=active).exists()
    assert not any(m.payload.get("timeout") for m in Move.objects.filter(game=game))


def test_a_discard_owed_on_a_7_emails_that_seat_what_it_must_do(players, committed):
    game = catan_game(players, committed)
    _active, (other, _third) = rolled_seven(game, committed, [0])
    owing = seat_at(game, other)
    mail.outbox.clear()
    with time_machine.travel(owing.waiting_since + datetime.timedelta(minutes=10), tick=False), committed():
        tick()
    email = Email.objects.filter(user=owing.user, kind="turn").latest("pk")
    assert "You must discard 4 cards." in email.text and "You must discard 4 cards." in email.html
    assert ("If you have not decided by then, the game decides for you by its default, marked “by timeout” in the log."
            in " ".join(email.text.split()))
    # and the reminder a day later says it again
    with time_machine.travel(owing.waiting_since + DAY + datetime.timedelta(minutes=10), tick=False), committed():
        tick()
    reminder = Email.objects.filter(user=owing.user, kind="reminder").latest("pk")
    assert "You must discard 4 cards." in reminder.text


def test_a_wedding_gift_owed_is_in_the_givers_turn_email_naming_the_receiver(players, committed):
    """Wedding's prompt names a player (a seat number in the engine): the turn email shows the name."""
    game = catan_game(players, committed)
    state = empty_board(seed=5, players=3, stage="action")
    active = state["active"]
    giver = next(seat for seat in state["order"] if seat != active)
    put(state, giver, "settlement", V[0])  # one point more than the card's player: a giver
    give(state, giver, brick=2, wool=2)  # two kinds: the giver chooses which two cards
    for deck in state["decks"].values():
        if "wedding-1" in deck:
            deck.remove("wedding-1")
    state["players"][active]["progress"].append("wedding-1")
    set_state(game, state)
    with committed():
        submit_move(game.pk, user_at(game, active), {"type": "play_progress", "card": "wedding-1"}, game.version)
    owing = seat_at(game, giver)
    assert owing.to_act
    with time_machine.travel(owing.waiting_since + datetime.timedelta(minutes=10), tick=False), committed():
        tick()
    email = Email.objects.filter(user=owing.user, kind="turn").latest("pk")
    sentence = f"Wedding: choose 2 cards to give to {user_at(game, active).username}."
    assert sentence in email.text and sentence in email.html
    # the reminder a day later names the receiver too
    with time_machine.travel(owing.waiting_since + DAY + datetime.timedelta(minutes=10), tick=False), committed():
        tick()
    reminder = Email.objects.filter(user=owing.user, kind="reminder").latest("pk")
    assert sentence in reminder.text and sentence in reminder.html


def test_a_discard_email_is_in_german_for_a_german_player(players, committed):
    game = catan_game(players, committed)
    _active, (other, _third) = rolled_seven(game, committed, [0])
    user = user_at(game, other)
    user.profile.language = "de"
    user.profile.save()
    with time_machine.travel(seat_at(game, other).waiting_since + datetime.timedelta(minutes=10), tick=False), \
            committed():
        tick()
    email = Email.objects.filter(user=user, kind="turn").latest("pk")
    assert "Du musst 4 Karten abwerfen." in email.text


def test_a_seat_with_a_second_decision_after_a_default_gets_a_new_clock(players, committed):
    """After a default answered one decision, a seat still owing another never stays without a deadline."""
    game = catan_game(players, committed, days=1)
    _active, (other, _third) = rolled_seven(game, committed, [0])
    owing = seat_at(game, other)
    with time_machine.travel(owing.deadline + datetime.timedelta(minutes=1), tick=False), committed():
        assert clocks.time_out(owing.pk, owing.deadline, owing.deadline + datetime.timedelta(minutes=1)) == "default"
        # a second worker with the same due deadline finds it taken and does nothing
        assert clocks.time_out(owing.pk, owing.deadline, owing.deadline + datetime.timedelta(minutes=1)) is None
    assert Move.objects.filter(game=game, payload__timeout=True).count() == 1


def test_a_seat_still_owing_its_discard_keeps_its_deadline_when_another_seat_answers(players, committed):
    """Another seat's answer within the turn leaves this seat's decision as it was: its clock
    runs on from the roll (a restart would hand it a fresh period for nothing)."""
    game = catan_game(players, committed, days=2)
    _active, (first, second) = rolled_seven(game, committed, [0, 1])
    waiting = seat_at(game, second)
    owed_since, deadline = waiting.waiting_since, waiting.deadline
    decision = next(d["id"] for d in game.state["decisions"] if d["seat"] == first)
    with time_machine.travel(owed_since + DAY, tick=False), committed():
        submit_move(game.pk, user_at(game, first), {"type": "discard", "decision": decision, "cards": {"ore": 4}},
                    game.version)
    waiting.refresh_from_db()
    assert waiting.to_act
    assert waiting.waiting_since == owed_since and waiting.deadline == deadline == owed_since + 2 * DAY


def barbarians_and_a_seven_ahead(game):
    """The active player is about to roll a 7 with the barbarian ship arriving: the next seat in
    turn order, the only one with cities (two) and with 9 cards, loses the attack, so it owes the
    choice of the city it loses, and after it the discard of the 7. Returns that seat."""
    state = empty_board(seed=6, players=len(game.seat_list()), stage="roll")
    state["barbarians"]["position"] = 6
    loser = state["order"][1]
    for intersection in ("-1,-1;-1,0;0,-1", "0,1;1,0;1,1"):
        put(state, loser, "city", intersection)
    give(state, loser, ore=5, wool=4)
    set_state(game, with_roll(state, 3, 4, "ship"))
    return loser


def test_a_seat_owing_a_new_decision_after_answering_one_gets_a_new_period_for_it(players, committed):
    """ASYNC-05: each decision owed off turn has its own deadline, also when the same seat owes
    the next one right after answering the first within the same turn."""
    game, owing = rolled_with_barbarians(players, committed)
    loser = owing.position
    assert [d["kind"] for d in game.state["decisions"] if d["seat"] == loser] == ["lose_city"]
    rolled_at, marker = owing.waiting_since, turn_marker(game.state)
    answered_at = rolled_at + DAY
    lose = next(m for m in legal_moves(game.state, loser) if m["type"] == "lose_city")
    with time_machine.travel(answered_at, tick=False), committed():
        submit_move(game.pk, user_at(game, loser), lose, game.version)
    game.refresh_from_db()
    assert [d["kind"] for d in game.state["decisions"] if d["seat"] == loser] == ["discard"]
    assert turn_marker(game.state) == marker  # still the same turn
    owing.refresh_from_db()
    assert owing.to_act
    assert owing.waiting_since == answered_at and owing.deadline == answered_at + 2 * DAY


def test_two_discards_that_run_out_together_each_get_their_default(players, committed):
    """Both seats owe a discard since the same roll: one deadline, two seats; each time-out
    answers its own seat only."""
    game = catan_game(players, committed, days=2)
    active, (first, second) = rolled_seven(game, committed, [0, 1])
    assert seat_at(game, first).deadline == seat_at(game, second).deadline
    with time_machine.travel(seat_at(game, first).deadline + datetime.timedelta(minutes=1), tick=False), committed():
        tick()
    defaults = Move.objects.filter(game=game, payload__timeout=True)
    assert sorted(defaults.values_list("seat", flat=True)) == sorted([first, second])
    assert not seat_at(game, first).dropped and not seat_at(game, second).dropped
    assert seat_at(game, active).to_act


def test_a_vacation_begun_while_a_default_is_chosen_leaves_the_decision_to_its_player(
        players, committed, monkeypatch):
    """The vacation starts after the time-out read the seat and before it claims the deadline
    (a vacation locks the seats, not the game): the seat is paused, nothing is answered for it."""
    from games import engines

    game = catan_game(players, committed, days=2)
    _active, (other, _third) = rolled_seven(game, committed, [0])
    owing = seat_at(game, other)
    real = engines.timeout_move

    def then_a_vacation(game_id, state, seat):
        assert clocks.start_vacation(owing.user, now)
        return real(game_id, state, seat)

    monkeypatch.setattr(engines, "timeout_move", then_a_vacation)
    now = owing.deadline + datetime.timedelta(minutes=1)
    with committed():
        assert clocks.time_out(owing.pk, owing.deadline, now) is None
    assert not Move.objects.filter(game=game, payload__timeout=True).exists()
    paused = seat_at(game, other)
    assert paused.to_act and not paused.dropped and paused.deadline is None


class LooksTheSame(dict):
    """A default move that compares equal to any other: the site cannot tell that the seat owes a
    new decision after its default (an engine whose defaults carry no decision id)."""

    def __eq__(self, other):
        return isinstance(other, dict)

    def __ne__(self, other):
        return not self == other

    __hash__ = None


def test_a_seat_still_owing_after_its_default_gets_a_new_wait_even_if_the_site_cannot_tell(
        players, committed, monkeypatch):
    """The guard of answer_by_default: when the wait was not restarted by the move, the seat that
    still acts gets a new wait and deadline from the time-out, never none."""
    from games import engines

    game = catan_game(players, committed, days=2)
    loser = barbarians_and_a_seven_ahead(game)
    game.refresh_from_db()
    with committed():
        submit_move(game.pk, user_at(game, game.state["active"]), {"type": "roll"}, game.version)
    owing = seat_at(game, loser)
    TurnMail.objects.all().delete()  # the roll's turn email (for the city) is not the one looked for
    real = engines.timeout_move
    monkeypatch.setattr(engines, "timeout_move",
                        lambda game_id, state, seat: None if real(game_id, state, seat) is None
                        else LooksTheSame(real(game_id, state, seat)))
    now = owing.deadline + datetime.timedelta(minutes=1)
    with time_machine.travel(now, tick=False), committed():
        assert clocks.time_out(owing.pk, owing.deadline, now) == "default"
    game.refresh_from_db()
    assert [d["kind"] for d in game.state["decisions"] if d["seat"] == loser] == ["discard"]
    owing.refresh_from_db()
    assert owing.to_act and owing.waiting_since == now
    assert owing.deadline == now + 2 * DAY and owing.clock_since == now and owing.next_nag is not None
    assert not owing.turn_emailed  # told as after another's move (the default was not the player's)
    assert TurnMail.objects.get(user=owing.user).due == now + datetime.timedelta(seconds=settings.TURN_EMAIL_DELAY)


def turn_emails(user):
    return list(Email.objects.filter(user=user, kind="turn").order_by("pk"))


def rolled_with_barbarians(players, committed):
    """The roll of `barbarians_and_a_seven_ahead`: the losing seat owes the city it loses."""
    game = catan_game(players, committed, days=2)
    loser = barbarians_and_a_seven_ahead(game)
    game.refresh_from_db()
    with committed():
        submit_move(game.pk, user_at(game, game.state["active"]), {"type": "roll"}, game.version)
    game.refresh_from_db()
    return game, seat_at(game, loser)


def test_a_seat_owing_a_new_decision_after_its_default_is_told_by_a_turn_email_once(players, committed):
    """The default answered the city the seat loses; it now owes the discard of the 7: a new
    decision its player did not see coming, so a turn email says it, as after another's move.
    The new wait begins with the default's move (the time-out task may run after the tick)."""
    game, owing = rolled_with_barbarians(players, committed)
    with time_machine.travel(owing.waiting_since + datetime.timedelta(minutes=10), tick=False), committed():
        tick()
    [first] = turn_emails(owing.user)
    assert "choose which of your cities becomes a settlement" in first.text and "You must discard" not in first.text
    tick_time = owing.deadline + datetime.timedelta(minutes=1)
    task_time = tick_time + datetime.timedelta(minutes=4)
    with time_machine.travel(task_time, tick=False), committed():
        assert clocks.time_out(owing.pk, owing.deadline, tick_time) == "default"
    default = Move.objects.filter(game=game).latest("seq")
    assert default.seat == owing.position and default.payload["type"] == "lose_city" and default.created_at == task_time
    owing.refresh_from_db()
    assert owing.to_act and owing.waiting_since == task_time and owing.deadline == task_time + 2 * DAY
    for minutes in (10, 20):
        with time_machine.travel(task_time + datetime.timedelta(minutes=minutes), tick=False), committed():
            tick()
    emails = turn_emails(owing.user)
    assert len(emails) == 2 and "You must discard 4 cards." in emails[1].text


def test_a_default_that_leaves_its_seat_owing_nothing_sends_it_no_turn_email(players, committed):
    game = catan_game(players, committed)
    _active, (other, _third) = rolled_seven(game, committed, [0])
    owing = seat_at(game, other)
    TurnMail.objects.all().delete()
    now = owing.deadline + datetime.timedelta(minutes=1)
    with time_machine.travel(now, tick=False), committed():
        assert clocks.time_out(owing.pk, owing.deadline, now) == "default"
    owing.refresh_from_db()
    assert not owing.to_act and owing.waiting_since is None and owing.clock_since is None
    assert not TurnMail.objects.filter(user=owing.user).exists()


def test_a_seat_dropped_to_a_bot_gets_no_turn_email_for_the_decisions_its_bot_answers(players, committed):
    game, owing = rolled_with_barbarians(players, committed)
    with time_machine.travel(owing.waiting_since + datetime.timedelta(minutes=10), tick=False), committed():
        tick()
    assert len(turn_emails(owing.user)) == 1  # the city, before the seat was dropped
    with committed():
        with transaction.atomic():
            locked = Game.objects.select_for_update().get(pk=game.pk)
            clocks.hand_to_bot(locked, seat_at(game, owing.position), timezone.now(), "resigned")
    game.refresh_from_db()
    assert not [d for d in game.state["decisions"] if d["seat"] == owing.position]  # its bot answered both
    assert Move.objects.filter(game=game, seat=owing.position, payload__type="discard").exists()
    with time_machine.travel(timezone.now() + DAY, tick=False), committed():
        tick()
    assert len(turn_emails(owing.user)) == 1


def test_a_player_without_a_profile_owing_a_new_decision_after_its_default_gets_a_new_wait(players, committed):
    game, owing = rolled_with_barbarians(players, committed)
    Profile.objects.filter(user=owing.user).delete()
    now = owing.deadline + datetime.timedelta(minutes=1)
    with time_machine.travel(now, tick=False), committed():
        assert clocks.time_out(owing.pk, owing.deadline, now) == "default"
    owing.refresh_from_db()
    assert owing.to_act and owing.waiting_since == now and owing.deadline == now + 2 * DAY


def test_the_turns_a_game_plays_by_itself_inside_a_default_are_in_the_log_after_it(players, committed, monkeypatch):
    """As for a player's or a bot's move, the engine's `automatic_turns` of a default (a solo
    opponent's turn played inside it) go into the game log right after the default. No engine has
    both yet (only Catan owes defaults off turn, and it plays no turns by itself), so the engine is
    made to report one for the default of this decision."""
    from games import engines

    game = catan_game(players, committed)
    _active, (other, _third) = rolled_seven(game, committed, [0])
    owing = seat_at(game, other)
    decided_on = dict(game.state)
    real = engines.automatic_turns

    def one_for_the_default(game_id, move, state):
        if move.get("timeout") and state == decided_on:
            return [{"msg": "The opponent plays its turn."}]
        return real(game_id, move, state)

    monkeypatch.setattr(engines, "automatic_turns", one_for_the_default)
    now = owing.deadline + datetime.timedelta(minutes=1)
    with time_machine.travel(now, tick=False), committed():
        assert clocks.time_out(owing.pk, owing.deadline, now) == "default"
    default = Move.objects.filter(game=game).latest("seq")
    assert default.payload["timeout"] is True
    assert [(event.after_seq, event.text["msg"]) for event in GameEvent.objects.filter(game=game)] == [
        (default.seq, "The opponent plays its turn.")]
