"""The banner over every game page: whom the game waits for, why, the default at the deadline
and each waiting seat's deadline, built for every game from the engine contract (`owed`,
`timeout_move`) and the seats' clocks."""

import datetime

import pytest
from django.utils import timezone, translation

from games import banner, engines
from games.models import Invitation, Seat
from games.presenters import player_names
from tests.conftest import client_for
from tests.support.catan import set_state, seven_ahead, start_catan, user_at
from tests.support.games import start_game
from games.moves import submit_move

pytestmark = pytest.mark.django_db


def page_banner(game, user):
    page = client_for(user).get(f"/games/{game.pk}/").content.decode()
    assert 'id="waiting"' in page
    return page.split('id="waiting"')[1].split("</section>")[0]


def lines(game, reader=None):
    game.refresh_from_db()
    seat = next((s for s in game.seat_list() if s.position == reader), None)
    return banner.context(game, seat, player_names(game))["lines"]


def test_the_toy_game_waits_for_the_seat_on_turn_with_its_deadline_and_the_policy(toy_game, alice, bob):
    assert lines(toy_game) == ["Waiting for alice to choose a card; at the deadline: a bot takes over the seat."]
    assert lines(toy_game, reader=0) == ["Waiting for alice (you) to choose a card; at the deadline: a bot takes over the seat."]
    deadline = timezone.now() + datetime.timedelta(days=2, hours=3)
    Seat.objects.filter(game=toy_game, position=0).update(deadline=deadline)
    shown = page_banner(toy_game, bob)
    assert "Waiting for alice to choose a card" in shown
    assert "deadline " + deadline.astimezone(timezone.get_current_timezone()).strftime("%a %-d %b, %H:%M") in shown
    assert 'data-seat="1"' not in shown  # only the seats the game waits for


def test_the_banner_follows_the_timeout_policy(toy_game):
    Invitation.objects.filter(pk=toy_game.invitation_id).update(timeout_policy="cancel")
    assert lines(toy_game) == ["Waiting for alice to choose a card; at the deadline: the game is cancelled."]
    Invitation.objects.filter(pk=toy_game.invitation_id).update(timeout_policy="none")
    assert lines(toy_game) == ["Waiting for alice to choose a card."]


def test_a_paused_clock_and_a_finished_game(toy_game, bob):
    Seat.objects.filter(game=toy_game, position=0).update(deadline=None, clock_left=datetime.timedelta(days=2))
    assert "clock paused (vacation)" in page_banner(toy_game, bob)
    toy_game.status = toy_game.Status.FINISHED
    assert banner.context(toy_game, None, player_names(toy_game)) is None


def test_praga_waits_for_the_player_on_turn(alice, bob):
    game = start_game("praga", [alice, bob])
    acting = next(s for s in game.seat_list() if s.to_act)
    name = acting.user.username
    assert lines(game) == [f"Waiting for {name} to play their turn; at the deadline: a bot takes over the seat."]


def test_catan_waits_for_two_discards_on_the_7_with_their_default_and_deadlines(alice, bob, carol):
    game = start_catan([alice, bob, carol])
    active, (first, second) = seven_ahead(game, over_limit=(0, 1))
    game.refresh_from_db()
    submit_move(game.pk, user_at(game, active), {"type": "roll"}, game.version)
    names = [user_at(game, seat).username for seat in sorted((first, second))]
    assert lines(game) == [f"Waiting for {names[0]} and {names[1]} to discard half their cards on the 7; "
                           "at the deadline: random cards."]
    shown = page_banner(game, user_at(game, active))
    for seat in (first, second):
        assert f'data-seat="{seat}"' in shown
    assert shown.count("deadline ") == 2
    with translation.override("de"):
        (german,) = lines(game)
    assert german == (f"Warten auf {names[0]} und {names[1]}: die Hälfte ihrer Karten bei der 7 abwerfen; "
                      "bei Fristende: zufällige Karten.")


def test_catan_names_the_fixed_order_default_and_the_active_players_own_step(alice, bob, carol):
    game = start_catan([alice, bob, carol])
    active, (first, _second) = seven_ahead(game, over_limit=(0,))
    game.refresh_from_db()
    state = game.state
    state["options"]["timeout_card_choice"] = "fixed_order"
    set_state(game, state)
    name = user_at(game, active).username
    assert lines(game) == [f"Waiting for {name} to roll the dice; at the deadline: a bot takes over the seat."]
    submit_move(game.pk, user_at(game, active), {"type": "roll"}, game.version)
    assert lines(game) == [f"Waiting for {user_at(game, first).username} to discard half their cards on the 7; "
                           "at the deadline: cards from their largest stacks."]


def test_every_registered_game_and_the_toy_game_describe_what_the_seat_on_turn_owes():
    import engine.queens_architect
    from engine import registry
    from tests.support import toygame

    for module in list(registry.GAMES.values()) + [toygame, engine.queens_architect]:
        state = module.new({}, 2 if module is toygame else 3, 1)
        (seat,) = sorted(module.to_act(state))[:1]
        owed = module.owed(state, seat)
        assert owed["task"]["msg"] and "default" in owed, module
        others = [s for s in range(2) if s not in module.to_act(state)]
        assert all(module.owed(state, s) is None for s in others), module


def test_a_game_without_owed_falls_back_to_to_move(toy_game, monkeypatch):
    from tests.support import toygame

    monkeypatch.delattr(toygame, "owed")
    assert engines.owed("toy", toy_game.state, 0) is None
    assert lines(toy_game) == ["Waiting for alice to move; at the deadline: a bot takes over the seat."]
