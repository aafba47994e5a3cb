"""Demo accounts (alice, bob, carol, dave) and a few games in different states. Idempotent."""

from django.core.management.base import BaseCommand

from games import demo


class Command(BaseCommand):
    help = "Creates the demo accounts and games if they are missing."

    def add_arguments(self, parser):
        parser.add_argument("--game", help="game id (default: the first registered game)")

    def handle(self, *args, **options):
        lines = demo.seed(options.get("game"))
        self.stdout.write(f"Demo accounts and {len(lines)} demo games/invitations ready.")
