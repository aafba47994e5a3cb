"""Import a finished game from its record (docs/record.md): replayed, kept only if it holds."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from games import records


class Command(BaseCommand):
    help = "Imports a game record (JSON); it is replayed through the engine and refused unless it reaches its outcome."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the record, as downloaded from a game page")
        parser.add_argument("--user", help="username recorded as the importer (optional)")

    def handle(self, *args, **options):
        importer = None
        if options["user"]:
            importer = get_user_model().objects.filter(username=options["user"]).first()
            if importer is None:
                raise CommandError(f"There is no user {options['user']!r}.")
        try:
            with open(options["file"], "rb") as handle:
                raw = handle.read(records.MAX_BYTES + 1)
        except OSError as error:
            raise CommandError(f"Cannot read {options['file']}: {error.strerror}.") from None
        try:
            game = records.import_record(records.parse(raw), importer=importer)
        except records.RecordRefused as refused:
            raise CommandError(f"Refused: {records.refusal_message(refused)}") from None
        self.stdout.write(f"Imported as game {game.pk} ({game.game_id}, {game.version} moves): "
                          f"/games/{game.pk}/replay/{game.version}/")
