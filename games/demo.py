"""Demo accounts and games for a fresh local site (manage.py seed_demo). Idempotent."""

import random

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.db import transaction

from accounts.models import Profile
from games import engines, invitations
from games.models import Game, Invitation
from games.moves import submit_move

PASSWORD = "praga-demo-2024"
USERS = [
    ("alice", "Alice", "en", "Europe/Prague"),
    ("bob", "Bob", "de", "Europe/Berlin"),
    ("carol", "Carol", "en", "America/New_York"),
    ("dave", "Dave", "en", "UTC"),
]


def demo_users():
    users = {}
    for username, name, language, zone in USERS:
        user, created = get_user_model().objects.get_or_create(
            username=username, defaults={"email": f"{username}@example.com"})
        if created:
            user.set_password(PASSWORD)
            user.save()
        EmailAddress.objects.get_or_create(user=user, email=user.email, defaults={"verified": True, "primary": True})
        Profile.objects.get_or_create(user=user, defaults={"display_name": name, "language": language,
                                                           "time_zone": zone})
        users[username] = user
    return users


def play(game, rng, until):
    """Random legal moves (never undo) until `until(game)` holds or the game ends."""
    for _ in range(5000):
        game.refresh_from_db()
        if game.is_finished or until(game):
            return game
        seat = next(seat for seat in game.seat_list() if seat.to_act)
        legal = [m for m in engines.legal_moves(game.game_id, game.state, seat.position) if m.get("type") != "undo"]
        submit_move(game.pk, seat.user, rng.choice(legal), game.version)
    return game


def turn_of(username, at_least=0):
    def check(game):
        return game.version >= at_least and any(s.to_act and s.user.username == username for s in game.seat_list())
    return check


def link(invitation):
    """The page to open for a demo invitation: its game once started, else the invitation."""
    from django.conf import settings

    game = Game.objects.filter(invitation=invitation).first()
    return settings.SITE_URL + (f"/games/{game.pk}/" if game else f"/invitations/{invitation.pk}/")


def welcome():
    """What scripts/run prints last: where the site is, the demo accounts, their password, the games."""
    from django.conf import settings

    names = [username for username, *_rest in USERS]
    if not get_user_model().objects.filter(username__in=names).exists():
        return []
    lines = ["", "=" * 72, f"Praga Play runs at {settings.SITE_URL}/"]
    if settings.LOCAL_INBOX:
        lines.append(f"Emails (local inbox):   {settings.SITE_URL}/inbox/")
    lines += [f"Demo accounts:          {', '.join(names)}", f"Password (all of them): {PASSWORD}", "Demo games:"]
    for invitation in Invitation.objects.filter(note__startswith="Demo:").order_by("pk"):
        lines.append(f"  {invitation.note}: {link(invitation)}")
    lines += ["Another address: PORT=127.0.0.1:8111 scripts/run", "=" * 72]
    return lines


def seed(game_id=None):
    """Create what is missing; returns a list of lines describing the demo."""
    game_id = game_id or "praga"  # the flagship: the demo games are two to four players, solo too
    users = demo_users()
    a, b, c, d = (users[name] for name in ("alice", "bob", "carol", "dave"))
    rng = random.Random(2024)
    lines = []

    def once(note, make):
        """The demo invitation with this note (the note marks it), made if missing."""
        invitation = Invitation.objects.filter(note=note, game_id=game_id).first()
        if invitation is None:
            with transaction.atomic():
                invitation = make(note)
        lines.append(f"{note}: {link(invitation)}")
        return invitation

    def game(note, players, until, visibility="public"):
        def make(note):
            invitation = invitations.create_invitation(players[0], game_id, len(players), {}, players[1:],
                                                       visibility=visibility, fixed_order=True, note=note)
            for user in players[1:]:
                invitations.join(invitation, user)
            play(Game.objects.get(invitation=invitation), rng, until)
            return invitation
        return once(note, make)

    game("Demo: Alice's move", [a, b], turn_of("alice", at_least=6))
    game("Demo: a private game, Bob's move", [a, b, c], turn_of("bob", at_least=4), visibility="private")
    game("Demo: a finished game", [c, a], lambda g: False)
    once("Demo: new players welcome", lambda note: invitations.create_invitation(
        c, game_id, 3, {}, [None, None], note=note))
    once("Demo: a rematch, Alice?", lambda note: invitations.create_invitation(
        d, game_id, 2, {}, [a], note=note))
    return lines
