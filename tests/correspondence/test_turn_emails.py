"""Turn emails: batched per user, none to the mover, none while active, one link per game."""

import datetime
import re
import zoneinfo

import pytest
import time_machine
from django.core import mail
from django.utils import timezone, translation

from accounts.models import Profile
from games.models import Email, Seat
from games.notifications import build
from tests.correspondence.conftest import play_turn, tick
from tests.support.games import play_praga_turn, start_game

pytestmark = pytest.mark.django_db


def turn_mails(user):
    return [m for m in mail.outbox if m.to == [user.email] and m.subject.startswith("It's your turn in")]


def test_it_emails_the_next_player_after_a_short_delay(alice, bob, committed):
    with committed():
        game = start_game("toy", [alice, bob])
    with committed():
        play_turn(game, alice)
    mail.outbox.clear()
    with committed():
        tick()
    assert not turn_mails(bob)  # not yet: waiting to batch
    with time_machine.travel(timezone.now() + datetime.timedelta(minutes=2)), committed():
        tick()
    [message] = turn_mails(bob)
    assert message.subject == f"It's your turn in Toy #{game.pk}"
    assert f"/games/{game.pk}/" in message.body
    assert not turn_mails(alice)


def test_it_batches_several_games_into_one_email(alice, bob, carol, committed):
    with committed():
        games = [start_game("toy", [alice, bob]) for _ in range(3)]
    with committed():
        for game in games:
            play_turn(game, alice)
    with time_machine.travel(timezone.now() + datetime.timedelta(minutes=2)), committed():
        tick()
        tick()
    [message] = turn_mails(bob)
    assert message.subject == "It's your turn in 3 games"
    for game in games:
        assert f"/games/{game.pk}/" in message.body


def bob_waits_in_two_games(alice, bob, committed):
    """Alice moves in one game, a tick runs two minutes later, then she moves in the other."""
    start = timezone.now()
    with committed():
        first, second = start_game("toy", [alice, bob]), start_game("toy", [alice, bob])
    with committed():
        play_turn(first, alice)
    with time_machine.travel(start + datetime.timedelta(minutes=2)), committed():
        tick()
        play_turn(second, alice)
    return start


def test_it_sends_at_most_one_turn_email_per_few_minutes(alice, bob, committed):
    start = bob_waits_in_two_games(alice, bob, committed)
    with time_machine.travel(start + datetime.timedelta(minutes=4)), committed():
        tick()
    assert len(turn_mails(bob)) == 1
    with time_machine.travel(start + datetime.timedelta(minutes=8)), committed():
        tick()
    assert len(turn_mails(bob)) == 2


def test_it_sends_none_while_the_player_is_on_the_site(alice, bob, committed, bob_client):
    start = timezone.now()
    with committed():
        game = start_game("toy", [alice, bob])
    with committed():
        play_turn(game, alice)
    with time_machine.travel(start + datetime.timedelta(minutes=1, seconds=30)):
        bob_client.get("/")
    with time_machine.travel(start + datetime.timedelta(minutes=2)), committed():
        tick()
    assert not turn_mails(bob)
    with time_machine.travel(start + datetime.timedelta(minutes=8)), committed():
        tick()
    assert len(turn_mails(bob)) == 1


def test_it_respects_the_daily_digest(alice, bob, committed):
    bob.profile.turn_digest = True
    bob.profile.save()
    start = bob_waits_in_two_games(alice, bob, committed)
    with time_machine.travel(start + datetime.timedelta(hours=12)), committed():
        tick()
    assert len(turn_mails(bob)) == 1
    with time_machine.travel(start + datetime.timedelta(hours=25)), committed():
        tick()
    assert len(turn_mails(bob)) == 2


def test_it_sends_nothing_when_turn_emails_are_off(alice, bob, committed):
    bob.profile.notify_turn = False
    bob.profile.save()
    with committed():
        game = start_game("toy", [alice, bob])
    with committed():
        play_turn(game, alice)
    with time_machine.travel(timezone.now() + datetime.timedelta(minutes=10)), committed():
        tick()
    assert not turn_mails(bob)


def test_it_writes_german_for_german_players(alice, bob, committed):
    bob.profile.language = "de"
    bob.profile.save()
    with committed():
        game = start_game("toy", [alice, bob])
    with committed():
        play_turn(game, alice)
    with time_machine.travel(timezone.now() + datetime.timedelta(minutes=2)), committed():
        tick()
    [message] = [m for m in mail.outbox if m.to == [bob.email] and m.subject.startswith("Du bist")]
    assert message.subject == f"Du bist am Zug in Toy #{game.pk}"
    assert message.extra_headers["Content-Language"] == "de"


def test_each_email_is_stored_once(alice, bob, committed):
    with committed():
        game = start_game("toy", [alice, bob])
    with committed():
        play_turn(game, alice)
    with time_machine.travel(timezone.now() + datetime.timedelta(minutes=2)), committed():
        tick()
        tick()
    assert Email.objects.filter(user=bob, kind="turn").count() == 1
    assert Email.objects.filter(user=bob, kind="turn", sent__isnull=False).count() == 1


def test_it_tells_what_happened_since_the_last_move_the_deadline_and_its_consequence(
        alice, bob, carol, committed):
    bob.profile.language, bob.profile.time_zone = "de", "Europe/Prague"
    bob.profile.vacation_auto = False
    bob.profile.save()
    with committed():
        game = start_game("toy", [bob, alice, carol], {"hand_size": 2})
    for user in (bob, alice, carol):
        with committed():
            play_turn(game, user)
    played = game.moves.get(seq=2).payload  # bob's own play is not repeated to him
    mail.outbox.clear()
    with time_machine.travel(timezone.now() + datetime.timedelta(minutes=2)), committed():
        tick()
    [message] = [m for m in mail.outbox if m.to == [bob.email]]
    game.refresh_from_db()
    body = message.body
    assert "Seit deinem letzten Zug:" in body
    alice_card, carol_card = game.state["table"][1][0], game.state["table"][2][0]
    # the toy game's "{player} plays {card}." has the German of the engine catalog (Catan's line)
    assert f"alice spielt {alice_card}." in body and f"carol spielt {carol_card}." in body
    assert game.state["table"][0][0] not in body and played["type"] == "play"
    assert not any(card in body for hand in game.state["hands"] for card in hand)  # nothing hidden
    deadline = Seat.objects.get(game=game, user=bob).deadline.astimezone(zoneinfo.ZoneInfo("Europe/Prague"))
    assert f"Ziehe bis {deadline:%-d}" in body and f"{deadline:%H:%M} (Zeitzone Europe/Prague)" in body
    assert "spielt ein Bot deinen Platz bis zum Ende" in body
    html = message.alternatives[0][0]
    assert f"alice spielt {alice_card}." in html and "Europe/Prague" in html


def turn_mail_after_alices_turn(alice, bob, committed, timeout_policy):
    """Bob's turn email after alice's turn in a toy game with this time-out policy."""
    with committed():
        game = start_game("toy", [alice, bob])
        game.invitation.timeout_policy = timeout_policy
        game.invitation.save()
    with committed():
        play_turn(game, alice)
    with time_machine.travel(timezone.now() + datetime.timedelta(minutes=2)), committed():
        tick()
    [message] = turn_mails(bob)
    return message


def test_a_turn_email_names_the_cancel_policy_and_the_automatic_vacation(alice, bob, committed):
    message = turn_mail_after_alices_turn(alice, bob, committed, timeout_policy="cancel")
    assert "Since the game began:" in message.body and "alice plays" in message.body
    assert "the game is cancelled without a result" in message.body
    assert "automatic vacation starts" in message.body and "(UTC time)" in message.body
    assert ("If you have not moved by then, the game is cancelled without a result. Before that, your automatic"
            " vacation starts and pauses the clock (20 vacation days left).") in " ".join(message.body.split())


def test_a_turn_email_names_the_drop_policy_and_no_vacation_when_it_is_off(alice, bob, committed):
    Profile.objects.filter(user=bob).update(vacation_auto=False)
    with committed():
        game = start_game("toy", [alice, bob])
        game.invitation.timeout_policy = "drop"
        game.invitation.save()
    with committed():
        play_turn(game, alice)
    with time_machine.travel(timezone.now() + datetime.timedelta(minutes=2)), committed():
        tick()
    [message] = turn_mails(bob)
    sentence = "If you have not moved by then, a bot plays your seat to the end and you rank last."
    assert re.search(rf"(^|\s){re.escape(sentence)}(\s|$)", message.body)
    assert "vacation" not in message.body


def test_a_solo_player_gets_no_turn_email_for_the_turn_after_their_own(alice, committed):
    with committed():
        game = start_game("praga", [alice], {"solo_mode": "parler"})
    with committed():
        play_praga_turn(game, alice)  # Peter Parler's turn is played inside her last move
    mine = Seat.objects.get(game=game)
    assert mine.to_act and mine.waiting_since == game.updated and mine.turn_emailed
    with time_machine.travel(timezone.now() + datetime.timedelta(minutes=10)), committed():
        tick()
    assert not turn_mails(alice)


def test_one_vacation_day_left_is_named_in_the_singular(alice):
    Profile.objects.filter(user=alice).update(vacation_left=datetime.timedelta(days=1, hours=5))
    with translation.override("en"):
        then = build.at_deadline("drop", Profile.objects.get(user=alice))
    assert then.endswith("Before that, your automatic vacation starts and pauses the clock (1 vacation day left).")


def test_the_recap_lists_the_lines_since_the_recipients_last_move_in_that_game(alice, bob, committed):
    with committed():
        earlier, game = start_game("toy", [alice, bob]), start_game("toy", [alice, bob])
    with committed():  # moves of another game first: row ids and move numbers differ
        play_turn(earlier, alice)
        play_turn(earlier, bob)
        for user in (alice, bob, alice):
            play_turn(game, user)
    mail.outbox.clear()
    with time_machine.travel(timezone.now() + datetime.timedelta(minutes=2)), committed():
        tick()
    [message] = turn_mails(bob)
    recap = message.body.split("Since your last move:")[1].split("Move by")[0]
    assert [line.split()[1] for line in recap.split("\n") if line.strip().startswith("- ")] == ["alice", "alice"]


@pytest.mark.parametrize("left, starts", [(datetime.timedelta(0), False), (datetime.timedelta(seconds=1), True)])
def test_the_automatic_vacation_is_announced_exactly_when_the_time_out_would_start_it(alice, left, starts):
    """games/clocks.time_out starts it with any time left in the bank, however little."""
    Profile.objects.filter(user=alice).update(vacation_auto=True, vacation_left=left)
    with translation.override("en"):
        then = build.at_deadline("drop", Profile.objects.get(user=alice))
    announced = "Before that, your automatic vacation starts and pauses the clock (0 vacation days left)."
    assert then == "If you have not moved by then, a bot plays your seat to the end and you rank last." + (
        " " + announced if starts else "")


def test_a_turn_email_says_when_a_game_has_no_time_limit(alice, bob, committed):
    message = turn_mail_after_alices_turn(alice, bob, committed, timeout_policy="none")
    assert re.search(r"(^|\s)This game has no time limit\.(\s|$)", message.body)
    assert "Move by" not in message.body and "If you have not" not in message.body
