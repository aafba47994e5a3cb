"""Trade offers expiring by date (spec 4.5, ASYNC-TRADE-02/04): the engine records the moment
and lists the move due then (`timed_moves`); the site's clock submits it for the offer's author
through the move pipeline; players cannot submit it themselves."""

import datetime

import pytest
from django.utils import timezone

from engine.core.text import render
from games import clocks
from games.models import Game, Move
from games.moves import MoveRefused, submit_move
from tests.correspondence.conftest import tick
from tests.engine.catan_ck.helpers import empty_board, give
from tests.support.catan import set_state, start_catan, user_at

pytestmark = pytest.mark.django_db


def _market(players):
    game = start_catan(players)
    state = empty_board(seed=15, players=3)
    active = state["active"]
    other = next(seat for seat in state["order"] if seat != active)
    give(state, other, brick=2)
    give(state, active, wool=2)
    return set_state(game, state), active, other


def offers_expiring_together(players):
    """A standing offer and a turn offer, both expiring five hours from now: (game, active, other, moment)."""
    game, active, other = _market(players)
    moment = (timezone.now() + datetime.timedelta(hours=5)).replace(microsecond=0)
    stamp = moment.strftime("%Y-%m-%dT%H:%M:%SZ")
    submit_move(game.pk, user_at(game, other), {"type": "post_standing", "give": {"brick": 1}, "want": {"wool": 1},
                                                "expires": stamp}, game.version)
    submit_move(game.pk, user_at(game, active), {"type": "offer_trade", "give": {"wool": 1}, "want": {"brick": 1},
                                                 "expires": stamp}, game.version + 1)
    game.refresh_from_db()
    assert game.timed_at == moment and len(game.state["offers"]) == 2
    return game, active, other, moment


def test_ASYNC_TRADE_04_the_clock_expires_an_offer_at_its_moment(alice, bob, carol):
    game, active, other, moment = offers_expiring_together([alice, bob, carol])
    standing, turn_offer = (offer["id"] for offer in game.state["offers"])
    for author, offer in ((other, standing), (active, turn_offer)):  # not even its author may expire it early
        with pytest.raises(MoveRefused) as refused:
            submit_move(game.pk, user_at(game, author), {"type": "expire_trade", "offer": offer}, game.version)
        assert (refused.value.status, refused.value.reason["msg"]) == (403, "Only the site's clock makes this move.")
    assert Game.objects.get(pk=game.pk).version == game.version and not Move.objects.filter(
        game=game, payload__type="expire_trade").exists()
    tick(moment - datetime.timedelta(minutes=1))
    game.refresh_from_db()
    assert len(game.state["offers"]) == 2 and game.timed_at == moment
    tick(moment + datetime.timedelta(minutes=1))
    game.refresh_from_db()
    assert game.state["offers"] == [] and game.timed_at is None
    expired = list(Move.objects.filter(game=game, payload__type="expire_trade").order_by("seq"))
    assert [(m.seat, m.payload["offer"]) for m in expired] == [(other, standing), (active, turn_offer)]
    assert render(expired[0].text).startswith("Offer %d by " % standing)
    assert clocks.submit_timed_moves(game.pk, moment + datetime.timedelta(minutes=2)) == 0  # a second tick: done


def test_ASYNC_TRADE_02_an_offer_taken_or_lapsed_first_leaves_nothing_timed(alice, bob, carol):
    game, active, other = _market([alice, bob, carol])
    stamp = (timezone.now() + datetime.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    submit_move(game.pk, user_at(game, active), {"type": "offer_trade", "give": {"wool": 1}, "want": {"brick": 1},
                                                 "expires": stamp}, game.version)
    game.refresh_from_db()
    assert game.timed_at is not None
    submit_move(game.pk, user_at(game, active), {"type": "end_turn"}, game.version)  # turn offers lapse
    game.refresh_from_db()
    assert game.state["offers"] == [] and game.timed_at is None
    with pytest.raises(MoveRefused) as refused:
        submit_move(game.pk, user_at(game, other), {"type": "post_standing", "give": {"brick": 1},
                                                    "want": {"wool": 1}, "expires": "soon"}, game.version)
    assert refused.value.status == 400 and Game.objects.get(pk=game.pk).version == game.version
