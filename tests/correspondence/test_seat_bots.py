"""Play against the bot: a host seats the game's own bots from the invitation form
(games/seat_bots.py); the game starts when the seats left for people are taken, and the bots'
moves go through the move pipeline as Celery tasks (eager here; a real worker in
test_seat_bots_worker.py)."""

import random

import pytest
from django.core import mail
from django.test import Client
from django.utils import translation

from engine import registry
from engine.catan_ck.bots import concrete
from engine.core.rng import Rng
from games import engines, invitations, lobby
from games.models import Email, Game, Invitation, Move, Seat
from games.moves import submit_move
from players.models import RatedGame, Rating
from players.rematch import rematch
from tests.support.games import play_praga_turn, post_move

pytestmark = pytest.mark.django_db


def praga_only():
    return pytest.mark.skipif("praga" not in registry.GAMES, reason="Praga is not registered")


def form_page(client, game_id, language="en"):
    return client.get(f"/invitations/new/{game_id}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()


@praga_only()
def test_the_form_offers_the_games_own_bots_in_english_and_german(alice_client, alice):
    page = form_page(alice_client, "praga")
    assert "Seat 2 played by" in page
    assert '<option value="greedy">Bot (greedy)</option>' in page
    assert '<option value="expert">Bot (expert)</option>' in page
    assert '<option value="random">Bot (random)</option>' in page
    alice.profile.language = "de"
    alice.profile.save()
    german = form_page(alice_client, "praga", "de")
    assert "Platz 2 gespielt von" in german
    assert '<option value="expert">Bot (Experte)</option>' in german
    assert '<option value="greedy">Bot (gierig)</option>' in german


def test_a_game_without_bots_in_its_engine_offers_none(alice_client):
    assert engines.bots("toy") == {}
    assert "played by" not in form_page(alice_client, "toy")


@praga_only()
def test_a_name_and_a_bot_for_one_seat_are_refused(alice_client, bob):
    response = alice_client.post("/invitations/new/praga/", {
        "players": "2", "seat_1": "bob", "seat_1_bot": "greedy", "days_per_move": "3",
        "timeout_policy": "drop", "visibility": "public"})
    assert response.status_code == 200
    assert "A seat is either a bot&#x27;s or a player&#x27;s" in response.content.decode()
    assert not Invitation.objects.exists()


@praga_only()
def test_an_unknown_bot_is_refused(alice):
    with pytest.raises(invitations.Refused) as refused:
        invitations.create_invitation(alice, "praga", 2, {}, [None], bots=["clairvoyant"])
    assert refused.value.reason["msg"] == "This game has no such bot."


@praga_only()
def test_praga_against_the_bot_starts_at_once_and_the_bot_answers_each_move(alice_client, alice, committed):
    with committed():
        response = alice_client.post("/invitations/new/praga/", {
            "players": "2", "seat_1": "", "seat_1_bot": "random", "days_per_move": "3",
            "timeout_policy": "drop", "visibility": "public"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    human = Seat.objects.get(game=game, user=alice)
    bot = Seat.objects.get(game=game, bot="random")
    assert bot.dropped and bot.user.username == "bot random 1" and not bot.user.is_active
    human.refresh_from_db()
    assert human.to_act and not bot.to_act  # whoever began, the bot's turn was played: alice's turn now
    before = Move.objects.filter(game=game, seat=bot.position).count()
    with committed():
        play_praga_turn(game, alice, human.position)
    game.refresh_from_db()
    assert Move.objects.filter(game=game, seat=bot.position).count() > before  # the task played the bot's turn
    assert Seat.objects.get(pk=human.pk).to_act and not game.is_finished
    page = alice_client.get(f"/games/{game.pk}/").content.decode()
    assert "Bot (random)" in page
    assert not Email.objects.filter(user=bot.user).exists()  # nothing is ever addressed to a bot
    assert all("bot " not in to for message in mail.outbox for to in message.to)


@praga_only()
def test_a_bot_that_begins_plays_its_turn_as_soon_as_the_game_starts(alice, committed, monkeypatch):
    options = engines.normalize("praga", {}, 2)
    seed = next(seed for seed in range(1, 200)  # a deal in which the second seat (the bot's) begins
                if engines.to_act("praga", engines.new_state("praga", options, 2, seed)) == {1})
    monkeypatch.setattr(invitations.secrets, "randbits", lambda bits: seed)
    with committed():
        game = invitations.create_invitation(alice, "praga", 2, {}, [None], bots=["random"], fixed_order=True).game
    assert Seat.objects.get(game=game, position=1).bot == "random"
    assert Move.objects.filter(game=game, seat=1).exists()  # queued by the start, not by a move of alice's
    assert not Move.objects.filter(game=game, seat=0).exists()
    assert Seat.objects.get(game=game, user=alice).to_act


@praga_only()
def test_the_greedy_bot_the_host_chose_plays_its_seat(alice, committed, monkeypatch):
    from engine.praga import bots as praga_bots

    chosen = []

    def greedy(state, seat, rng):
        chosen.append(seat)
        return praga_bots.greedy_move(state, seat, rng, sample=5)

    monkeypatch.setitem(praga_bots.BOTS, "greedy", greedy)
    with committed():
        invitation = invitations.create_invitation(alice, "praga", 2, {"seat_bot": "random"}, [None],
                                                   bots=["greedy"])
        game = invitation.game
        human = Seat.objects.get(game=game, user=alice)
        if human.to_act:
            play_praga_turn(game, alice, human.position)
    bot = Seat.objects.get(game=game, bot="greedy")
    assert chosen and set(chosen) == {bot.position}  # its own bot, not the option for timed-out seats
    assert Move.objects.filter(game=game, seat=bot.position).count() == len(chosen)


def test_catan_with_two_bots_starts_at_once_and_both_bots_move(alice, committed):
    if "catan_ck" not in registry.GAMES:
        pytest.skip("Catan is not registered")
    with committed():
        invitation = invitations.create_invitation(alice, "catan_ck", 3, {}, [None, None],
                                                   bots=["greedy", "random"])
    game = invitation.game
    seats = game.seat_list()
    assert sorted(seat.bot for seat in seats) == ["", "greedy", "random"]
    assert {seat.user.username for seat in seats if seat.bot} == {"bot greedy 1", "bot random 1"}
    human = next(seat for seat in seats if not seat.bot)
    rng = random.Random(4)
    for _turn in range(6):  # the setup: each placement of alice's is answered by the bots'
        game.refresh_from_db()
        human.refresh_from_db()
        assert human.to_act and not game.is_finished
        legal = [m for m in engines.legal_moves("catan_ck", game.state, human.position) if m.get("type") != "undo"]
        with committed():
            # a card choice (a discard on a 7) is a constraint: made concrete as a player's page does
            submit_move(game.pk, alice, concrete(rng.choice(legal), Rng.from_seed(rng.getrandbits(62))), game.version)
    bot_moves = Move.objects.filter(game=game).exclude(seat=human.position)
    assert {move.seat for move in bot_moves} == {seat.position for seat in seats if seat.bot}


def test_queens_architect_against_the_greedy_bot_the_bot_answers_each_turn(alice, alice_client, committed):
    if "queens_architect" not in registry.GAMES:
        pytest.skip("Queen's Architect is not registered")
    page = form_page(alice_client, "queens_architect")
    assert '<option value="greedy">Bot (greedy)</option>' in page and '<option value="random">Bot (random)</option>' in page
    with committed():
        game = invitations.create_invitation(alice, "queens_architect", 2, {}, [None], bots=["greedy"]).game
    human = next(seat for seat in game.seat_list() if not seat.bot)
    rng = random.Random(7)
    for _move in range(30):  # the draft and the first turns: every human move is answered by the bot's
        game.refresh_from_db()
        acting = engines.to_act("queens_architect", game.state)
        assert acting == {human.position} and not game.is_finished
        legal = [m for m in engines.legal_moves("queens_architect", game.state, human.position) if m["type"] != "undo"]
        with committed():
            submit_move(game.pk, alice, rng.choice(legal), game.version)
    bot_seat = next(seat for seat in game.seat_list() if seat.bot)
    assert bot_seat.bot == "greedy" and bot_seat.user.username == "bot greedy 1"
    assert Move.objects.filter(game=game, seat=bot_seat.position).count() >= 5


def test_two_bots_of_one_kind_are_two_accounts_named_apart(alice, committed):
    if "catan_ck" not in registry.GAMES:
        pytest.skip("Catan is not registered")
    with committed():
        game = invitations.create_invitation(alice, "catan_ck", 3, {}, [None, None], bots=["greedy", "greedy"]).game
    names = sorted(seat.user.profile.name for seat in game.seat_list() if seat.bot)
    assert names == ["Bot (greedy)", "Bot (greedy) 2"]
    with translation.override("de"):
        assert sorted(seat.user.profile.name for seat in game.seat_list() if seat.bot)[0] == "Bot (gierig)"


def test_an_invitation_with_a_bot_and_an_open_seat_starts_when_a_player_joins(alice, bob, client, committed):
    if "catan_ck" not in registry.GAMES:
        pytest.skip("Catan is not registered")
    invitation = invitations.create_invitation(alice, "catan_ck", 3, {}, [None, None], bots=["greedy", ""])
    assert invitation.status == Invitation.Status.OPEN and len(invitation.free_slots()) == 1
    page = client.get(f"/invitations/{invitation.pk}/").content.decode()
    assert "Bot (greedy)" in page and "open seat" in page
    [listed] = lobby.open_invitations()
    assert listed.free == 1  # the bot's seat is not free
    with committed():
        game = invitations.join(invitation, bob)
    assert game is not None and sorted(seat.bot for seat in game.seat_list()) == ["", "", "greedy"]
    assert {seat.user for seat in game.seat_list() if not seat.bot} == {alice, bob}


def test_a_bots_seat_is_never_offered_to_join(alice, bob, carol, bob_client, carol_client):
    if "catan_ck" not in registry.GAMES:
        pytest.skip("Catan is not registered")
    invitation = invitations.create_invitation(alice, "catan_ck", 3, {}, [None, carol], bots=["greedy", ""])
    assert ">Join</button>" not in bob_client.get(f"/invitations/{invitation.pk}/").content.decode()
    assert ">Join</button>" in carol_client.get(f"/invitations/{invitation.pk}/").content.decode()
    with pytest.raises(invitations.Refused):
        invitations.join(invitation, bob)
    assert not lobby.open_invitations().exists()


@praga_only()
def test_a_human_cannot_move_for_the_bots_seat(alice, alice_client):
    # No on-commit hooks here: the bot's task does not run, so its seat may wait.
    game = invitations.create_invitation(alice, "praga", 2, {}, [None], bots=["random"]).game
    bot = Seat.objects.get(game=game, bot="random")
    human = Seat.objects.get(game=game, user=alice)
    if not bot.to_act:  # alice begins: her turn, then the bot's seat must act
        play_praga_turn(game, alice, human.position)
        game.refresh_from_db()
    assert Seat.objects.get(pk=bot.pk).to_act
    legal = engines.legal_moves("praga", game.state, bot.position)
    response = post_move(alice_client, game, legal[0])
    assert response.status_code == 403 and "not your turn" in response.content.decode()
    response = post_move(alice_client, game, legal[0], seat=bot.position)
    assert response.status_code == 403 and "only move for your own seat" in response.content.decode()
    assert not Client().login(username=bot.user.username, password="")  # nobody signs in as a bot
    assert Game.objects.get(pk=game.pk).version == game.version


def toy_bots(monkeypatch):
    """The toy game offers one bot (a random legal move), to finish a game against a bot quickly."""
    own = engines.bots

    def random_toy(state, seat, rng):
        legal = engines.legal_moves("toy", state, seat)
        return legal[rng.below(len(legal))]

    monkeypatch.setattr(engines, "bots", lambda game_id: {"random": random_toy} if game_id == "toy" else own(game_id))


def test_a_game_against_a_bot_is_not_rated_and_the_bot_gets_no_email(alice, committed, monkeypatch):
    toy_bots(monkeypatch)
    with committed():
        game = invitations.create_invitation(alice, "toy", 2, {}, [None], bots=["random"]).game
    rng = random.Random(1)
    for _step in range(500):
        game.refresh_from_db()
        if game.is_finished:
            break
        seat = game.seat_of(alice)
        legal = engines.legal_moves("toy", game.state, seat.position)
        with committed():
            # a card choice (a discard on a 7) is a constraint: made concrete as a player's page does
            submit_move(game.pk, alice, concrete(rng.choice(legal), Rng.from_seed(rng.getrandbits(62))), game.version)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert RatedGame.objects.get(game=game).kind == RatedGame.Kind.SKIPPED
    assert not Rating.objects.filter(user=alice).exists()
    bot = Seat.objects.get(game=game, bot="random")
    assert bot.rank == game.outcome["ranking"].index(bot.position) + 1  # by its score, not last
    assert "dropped" not in game.outcome  # a bot's own seat is not a timed-out one
    emails = Email.objects.filter(kind="finished")
    assert [email.user for email in emails] == [alice]
    assert "Bot (random)" in emails[0].text and "ran out of time" not in emails[0].text
    assert "Bot (random)" in Client().get("/players/alice/").content.decode()  # her profile's recent games
    assert Client().get(f"/players/{bot.user.username}/").status_code == 404  # a bot has no profile page
    with committed():
        again = rematch(game, alice)
    assert again.status == Invitation.Status.STARTED  # the rematch seats the same bot: it starts at once
    assert [slot.bot for slot in again.slot_list()] == ["", "random"]
