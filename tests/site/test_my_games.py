"""My games: my turn first (longest waiting on top), then waiting, invitations, finished."""

from datetime import timedelta

from django.utils import timezone

from games import invitations
from games.models import Seat
from tests.support.games import play_to_end, start_game


def test_my_games_sections_in_order(alice, bob, carol, alice_client):
    recent = start_game("toy", [alice, bob])
    older = start_game("toy", [alice, carol])
    Seat.objects.filter(game=older, user=alice).update(waiting_since=timezone.now() - timedelta(days=2))
    waiting = start_game("toy", [bob, alice])
    finished = play_to_end(start_game("toy", [carol, alice]))
    invitation = invitations.create_invitation(bob, "toy", 2, {}, [alice], note="join me")
    page = alice_client.get("/").content.decode()
    my_turn = page[page.index('id="my-turn"'):page.index('id="waiting"')]
    assert my_turn.index(f"#{older.pk}<") < my_turn.index(f"#{recent.pk}<")
    waiting_part = page[page.index('id="waiting"'):page.index('id="invitations"')]
    assert f"#{waiting.pk}<" in waiting_part
    assert f"/invitations/{invitation.pk}/" in page[page.index('id="invitations"'):]
    assert f"/games/{finished.pk}/" in page[page.index('id="finished"'):]


def test_anonymous_visitors_see_the_landing_page(client, db):
    page = client.get("/").content.decode()
    assert "Sign up" in page and "Open invitations" in page
