"""Trade offers by email: an offer addressed to a player who need not act is bundled into the
batched turn email (or the digest), with the offer's public words and nothing of anybody's hand."""

import datetime

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from games import engines
from games.models import Game, Seat
from games.moves import submit_move
from tests.correspondence.conftest import play_turn, tick
from tests.engine.catan_ck.helpers import empty_board, give, with_roll
from tests.support.catan import set_state, start_catan, user_at
from tests.support.games import start_game

pytestmark = pytest.mark.django_db


def mails_to(user):
    return [m for m in mail.outbox if m.to == [user.email]]


def trading_table(alice, bob, carol):
    """A Catan game in its first action phase: the active seat holds 2 brick and 7 coin (its
    secret), the others 2 wool each. Returns (game, active seat, opponents)."""
    game = start_catan([alice, bob, carol])
    state = empty_board(seed=5, players=3, stage="action")
    give(state, state["active"], brick=2, coin=7)
    opponents = [seat for seat in range(3) if seat != state["active"]]
    for seat in opponents:
        give(state, seat, wool=2)
    set_state(game, state)
    return game, state["active"], opponents


def offer(game, active, **fields):
    game.refresh_from_db()
    move = {"type": "offer_trade", "give": {"brick": 1}, "want": {"wool": 1}, **fields}
    submit_move(game.pk, user_at(game, active), move, game.version)


def later(minutes):
    return time_machine.travel(timezone.now() + datetime.timedelta(minutes=minutes))


def test_an_offer_reaches_its_addressees_in_one_batched_email_and_not_its_author(alice, bob, carol, committed):
    with committed():
        game, active, opponents = trading_table(alice, bob, carol)
    mail.outbox.clear()
    with committed():
        offer(game, active)
    with later(10), committed():
        tick()
        tick()
    author = user_at(game, active)
    for seat in opponents:
        [message] = mails_to(user_at(game, seat))
        assert message.subject == f"Offers for you in Catan: Cities & Knights #{game.pk}"
        assert f"Offers waiting for your answer:\n  - {author.username} offers 1 brick for 1 wool.\n" in message.body
        assert f"{author.username} offers 1 brick for 1 wool." in message.body
        # no move is owed there, so no deadline (this game has one) and nothing about a time limit
        assert "If you have not" not in message.body and "time limit" not in message.body
        assert f"/games/{game.pk}/" in message.body
        html = message.alternatives[0][0]
        assert f"{author.username} offers 1 brick for 1 wool." in html
        for text in (message.subject, message.body, html):  # the author's hand stays its own
            assert "coin" not in text.lower() and "7 " not in text
    assert not mails_to(author)


def test_an_offer_joins_the_turn_email_of_another_game(alice, bob, carol, committed):
    with committed():
        game, active, opponents = trading_table(alice, bob, carol)
        toy = start_game("toy", [alice, bob]) if user_at(game, opponents[0]) == bob else start_game("toy", [alice, carol])
    addressee = user_at(game, opponents[0])
    mail.outbox.clear()
    with committed():
        play_turn(toy, alice)
        offer(game, active, to=[opponents[0]])
    with later(10), committed():
        tick()
        tick()
    [message] = mails_to(addressee)
    assert message.subject == "It's your turn in 1 game"
    assert f"/games/{toy.pk}/" in message.body and f"/games/{game.pk}/" in message.body
    assert "Offers waiting for your answer:" in message.body
    assert not mails_to(user_at(game, opponents[1]))  # the offer was not addressed to them


def test_an_offer_withdrawn_before_the_email_goes_out_sends_nothing(alice, bob, carol, committed):
    with committed():
        game, active, opponents = trading_table(alice, bob, carol)
    mail.outbox.clear()
    with committed():
        offer(game, active)
        game.refresh_from_db()
        submit_move(game.pk, user_at(game, active), {"type": "withdraw_trade", "offer": game.state["offers"][0]["id"]},
                    game.version)
    with later(10), committed():
        tick()
        tick()
    assert not [m for m in mail.outbox if m.to != [user_at(game, active).email]]


def test_the_digest_bundles_offers_once_a_day(alice, bob, carol, committed):
    with committed():
        game, active, opponents = trading_table(alice, bob, carol)
    addressee = user_at(game, opponents[0])
    addressee.profile.turn_digest = True
    addressee.profile.save()
    start = timezone.now()
    mail.outbox.clear()
    with committed():
        offer(game, active, to=[opponents[0]])
    with time_machine.travel(start + datetime.timedelta(minutes=10)), committed():
        tick()
    assert len(mails_to(addressee)) == 1
    with time_machine.travel(start + datetime.timedelta(minutes=20)), committed():
        offer(game, active, to=[opponents[0]], give={"brick": 1}, want={"wool": 2})
        tick()
    assert len(mails_to(addressee)) == 1  # the next one waits for the day to pass
    with time_machine.travel(start + datetime.timedelta(hours=25)), committed():
        tick()
        tick()
    messages = mails_to(addressee)
    assert len(messages) == 2 and "1 brick for 2 wool" in messages[1].body


def test_offers_in_two_games_are_counted_in_the_subject(alice, bob, carol, committed):
    with committed():
        games = [trading_table(alice, bob, carol) for _ in range(2)]
    mail.outbox.clear()
    with committed():
        for game, active, _opponents in games:
            assert user_at(game, active) == alice
            offer(game, active, to=[game.seat_of(bob).position])
    with later(10), committed():
        tick()
        tick()
    [message] = mails_to(bob)
    assert message.subject == "Offers for you in 2 games"
    for game, _active, _opponents in games:
        assert f"/games/{game.pk}/" in message.body


def test_a_counter_offer_to_the_active_player_is_no_email_of_its_own(alice, bob, carol, committed):
    with committed():
        game, active, opponents = trading_table(alice, bob, carol)
    author = user_at(game, active)
    mail.outbox.clear()
    with later(1), committed():
        offer(game, active, to=[opponents[0]])
        game.refresh_from_db()
        submit_move(game.pk, user_at(game, opponents[0]), {"type": "counter_trade", "offer": game.state["offers"][0]["id"],
                                                            "give": {"wool": 1}, "want": {"brick": 2}}, game.version)
    with later(30), committed():
        tick()
        tick()
    # she acts in that game: the counter waits for her there (and is in her turn email's recap when
    # one is due); the game is not listed again as asking her something
    assert not mails_to(author)


def test_offers_in_a_game_cancelled_or_to_a_seat_a_bot_took_over_are_not_in_the_turn_email(
        alice, bob, carol, committed):
    with committed():
        dropped_in, game_cancelled = trading_table(alice, bob, carol)[0], trading_table(alice, bob, carol)[0]
        toy = start_game("toy", [alice, bob])
    mail.outbox.clear()
    with committed():
        for game in (dropped_in, game_cancelled):
            offer(game, 0, to=[game.seat_of(bob).position])
    Seat.objects.filter(game=dropped_in, user=bob).update(dropped=True)
    Game.objects.filter(pk=game_cancelled.pk).update(status=Game.Status.CANCELLED)
    with committed():
        play_turn(toy, alice)
    with later(10), committed():
        tick()
        tick()
    [message] = mails_to(bob)
    assert message.subject == f"It's your turn in Toy #{toy.pk}"
    assert f"/games/{dropped_in.pk}/" not in message.body and f"/games/{game_cancelled.pk}/" not in message.body


def test_an_offer_already_mailed_is_not_mailed_again_when_the_author_offers_something_to_another_player(
        alice, bob, carol, committed):
    """Only offers new to a seat make its turn email due: one still open from before the move is
    known, whoever else the move addressed."""
    with committed():
        game, active, opponents = trading_table(alice, bob, carol)
    first, second = (user_at(game, seat) for seat in opponents)
    mail.outbox.clear()
    with committed():
        offer(game, active, to=[opponents[0]])
    with later(10), committed():
        tick()
        tick()
    assert len(mails_to(first)) == 1
    with later(20), committed():
        offer(game, active, to=[opponents[1]], give={"brick": 1}, want={"wool": 2})
    with later(60), committed():
        tick()
        tick()
    assert len(mails_to(first)) == 1  # the first offer, still open, was in the email already
    [message] = mails_to(second)
    assert "offers 1 brick for 2 wool." in message.body


def test_a_turn_in_another_players_game_does_not_send_an_open_offer_again(alice, bob, carol, committed):
    """Scheduling one player's turn email leaves the others' alone: bob, whose last email listed
    the offer still open for him, gets no second one when carol's turn comes in another game."""
    with committed():
        game, active, _opponents = trading_table(alice, bob, carol)
        toy = start_game("toy", [alice, carol])
    assert user_at(game, active) == alice
    mail.outbox.clear()
    with committed():
        offer(game, active, to=[game.seat_of(bob).position])
    with later(10), committed():
        tick()
        tick()
    assert len(mails_to(bob)) == 1
    with later(20), committed():
        play_turn(toy, alice)  # carol's turn email falls due
    with later(60), committed():
        tick()
        tick()
    assert len(mails_to(bob)) == 1
    [message] = mails_to(carol)
    assert message.subject == f"It's your turn in Toy #{toy.pk}"


def test_an_offer_to_a_seat_a_bot_took_over_sends_its_player_nothing_not_even_the_open_offers_of_other_games(
        alice, bob, carol, committed):
    with committed():
        kept, lost = trading_table(alice, bob, carol)[0], trading_table(alice, bob, carol)[0]
    mail.outbox.clear()
    with committed():
        offer(kept, 0, to=[kept.seat_of(bob).position])
    with later(10), committed():
        tick()
        tick()
    assert len(mails_to(bob)) == 1
    Seat.objects.filter(game=lost, user=bob).update(dropped=True)  # his time ran out there (drop policy)
    with later(20), committed():
        offer(lost, 0, to=[lost.seat_of(bob).position])
    with later(60), committed():
        tick()
        tick()
    assert len(mails_to(bob)) == 1  # the bot answers for his seat there; the open offer of `kept` was mailed


def test_an_offer_a_players_own_move_lets_him_answer_sends_him_nothing(alice, bob, carol, committed):
    """Rolling the dice lets the roller take the standing offers of others: his own move, so no
    email about it, which would also list again the offer still open for him in another game."""
    with committed():
        asking, active, _opponents = trading_table(alice, bob, carol)
        rolling = start_catan([bob, alice, carol])
        state = empty_board(seed=5, players=3, stage="roll")
        give(state, rolling.seat_of(carol).position, wool=2)
        set_state(rolling, with_roll(state, 2, 3, "trade"))
    roller = rolling.seat_of(bob).position
    assert rolling.state["active"] == roller and user_at(asking, active) == alice
    mail.outbox.clear()
    with committed():
        offer(asking, active, to=[asking.seat_of(bob).position])
        submit_move(rolling.pk, carol, {"type": "post_standing", "give": {"wool": 1}, "want": {"brick": 1}},
                    rolling.version)
    with later(10), committed():
        tick()
        tick()
    assert len(mails_to(bob)) == 1  # his turn in one game, the offer in the other
    with later(20), committed():
        rolling.refresh_from_db()
        submit_move(rolling.pk, bob, {"type": "roll"}, rolling.version)
    rolling.refresh_from_db()
    assert rolling.state["turn"]["stage"] == "action" and engines.asks("catan_ck", rolling.state, roller)
    with later(60), committed():
        tick()
        tick()
    assert len(mails_to(bob)) == 1
