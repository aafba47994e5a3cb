"""A bot the host seated moves through a real Celery worker (subprocess, Redis, PostgreSQL):
the game's start and each of the human's moves queue its task (games/notifications/hooks.py)."""

import pytest

from engine import registry
from games import invitations
from games.models import Email, Move, Seat
from tests.support.games import play_praga_turn
from tests.support.waiting import wait_until

pytestmark = [pytest.mark.django_db(transaction=True),
              pytest.mark.skipif("praga" not in registry.GAMES, reason="Praga is not registered")]



def test_the_worker_plays_the_bots_seat_after_the_start_and_after_each_human_turn(alice, on_worker_queue):
    game = invitations.create_invitation(alice, "praga", 2, {}, [None], bots=["random"]).game
    human = Seat.objects.get(game=game, user=alice)
    bot = Seat.objects.get(game=game, bot="random")

    def humans_turn():
        return Seat.objects.get(pk=human.pk).to_act and not Seat.objects.get(pk=bot.pk).to_act

    assert wait_until(humans_turn), on_worker_queue.log[-30:]  # a bot that began has played its turn
    before = Move.objects.filter(game=game, seat=bot.position).count()
    play_praga_turn(game, alice, human.position)
    assert wait_until(lambda: Move.objects.filter(game=game, seat=bot.position).count() > before and humans_turn()), (
        on_worker_queue.log[-30:])
    assert not Email.objects.filter(user=bot.user).exists()
