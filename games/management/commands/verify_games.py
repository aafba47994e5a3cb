"""Replay every stored game from its move log and compare with the cached state."""

from django.core.management.base import BaseCommand, CommandError

from games import engines
from games.models import Game
from games.replays import differs


class Command(BaseCommand):
    help = "Replays every stored game from its log; exits non-zero if any differs from its cached state."

    def handle(self, *args, **options):
        bad = 0
        checked = 0
        for game in Game.objects.order_by("pk").iterator(chunk_size=50):
            checked += 1
            unknown = engines.unknown_rules_version(game.game_id, game.state)
            reason = f"rules version {unknown} is unknown to this code" if unknown is not None else differs(game)
            if reason:
                bad += 1
                self.stdout.write(f"game {game.pk} ({game.game_id}, version {game.version}): {reason}")
        self.stdout.write(f"{checked} games checked, {bad} differ")
        if bad:
            raise CommandError(f"{bad} game(s) differ from their move log")
