"""Counts read right in both languages: "1 running game", "2 laufende Spiele" (ngettext)."""

import datetime

import pytest
from django.utils import translation

from games.forms import InvitationForm
from games.models import Seat
from tests.support.games import play_to_end, start_game


@pytest.fixture
def german_alice(alice):
    alice.profile.language = "de"
    alice.profile.save()
    return alice


def test_one_running_game_is_singular(alice, bob, alice_client, settings):
    settings.MAX_RUNNING_GAMES = 12
    start_game("toy", [alice, bob])
    page = alice_client.get("/").content.decode()
    assert "1 running game (at most 12)." in page


def test_two_running_games_are_plural(alice, bob, carol, alice_client):
    start_game("toy", [alice, bob])
    start_game("toy", [alice, carol])
    assert "2 running games (at most 50)." in alice_client.get("/").content.decode()


def test_one_running_game_in_german(german_alice, bob, alice_client):
    start_game("toy", [german_alice, bob])
    page = alice_client.get("/").content.decode()
    assert "1 laufendes Spiel (höchstens 50)." in page
    start_game("toy", [german_alice, bob])
    assert "2 laufende Spiele (höchstens 50)." in alice_client.get("/").content.decode()


def test_a_finished_game_with_one_point_says_point(alice, bob, alice_client):
    game = play_to_end(start_game("toy", [alice, bob]))
    Seat.objects.filter(game=game, user=alice).update(score=1)
    page = alice_client.get("/").content.decode()
    assert "1 point" in page and "1 points" not in page


def test_one_vacation_day_left_is_singular(alice, alice_client):
    alice.profile.vacation_left = datetime.timedelta(days=1)
    alice.profile.save()
    page = alice_client.get("/profile/").content.decode()
    assert "You have 1 vacation day left." in page


def test_one_vacation_day_left_in_german(german_alice, alice_client):
    german_alice.profile.vacation_left = datetime.timedelta(days=1)
    german_alice.profile.save()
    assert "Du hast noch 1 Urlaubstag." in alice_client.get("/profile/").content.decode()


def test_the_time_per_move_choices_use_plural_forms(alice):
    with translation.override("de"):
        labels = dict(InvitationForm("toy", alice).fields["days_per_move"].choices)
    assert labels[1] == "1 Tag" and labels[3] == "3 Tage"


def test_the_running_games_limit_reads_right_for_a_limit_of_one(alice, bob, carol, settings):
    from games import invitations
    from games.text import render

    settings.MAX_RUNNING_GAMES = 1
    start_game("toy", [alice, bob])
    with pytest.raises(invitations.Refused) as refused:
        invitations.create_invitation(alice, "toy", 2, {}, [carol])
    with translation.override("en"):
            assert render(refused.value.reason) == "You already play as many games as allowed (1); finish some first."


def test_the_automatic_vacation_email_counts_days_left_without_a_plural(db):
    from django.template.loader import render_to_string

    with translation.override("en"):
        assert "Vacation days left: 1." in render_to_string("emails/_vacation_line.txt", {"left": 1.0})
        assert "Vacation days left: 2.5." in render_to_string("emails/_vacation_line.txt", {"left": 2.5})
    with translation.override("de"):
        assert "Verbleibende Urlaubstage: 1." in render_to_string("emails/_vacation_line.txt", {"left": 1})


def test_no_template_shows_a_count_before_a_plural_noun_without_a_plural_form():
    """A `{% blocktranslate with %}` that puts a number before "games", "tiles"... reads
    "1 games" for one: such phrases use `{% blocktranslate count %}`."""
    import re
    from pathlib import Path

    block = re.compile(r"\{% blocktranslate (?!count)[^%]*%\}(.*?)\{% endblocktranslate %\}", re.S)
    counted = re.compile(r"\{\{ \w+ \}\} (?:[a-z]+ ){0,2}(?:days|games|points|players|tiles|minutes|hours|moves|"
                         r"choices|steps|seats|eggs|windows|markers|cubes)\b")
    templates = Path(__file__).resolve().parents[2] / "templates"
    found = [f"{path.relative_to(templates)}: {match.group(0)}" for path in sorted(templates.rglob("*.*"))
             for body in block.findall(path.read_text(encoding="utf-8")) for match in counted.finditer(body)]
    assert not found
