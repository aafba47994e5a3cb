"""A game that is over keeps its moves packed in one compressed row (`MoveArchive`,
games/move_archive.py) instead of a row per move. Every finished or cancelled game's moves are
packed here, a game at a time; going back unpacks them into rows again (only the request ids of
each game's last moves were kept, which is all a retry could still use)."""

import django.db.models.deletion
from django.db import migrations, models

from games import move_archive

OVER = ["finished", "cancelled"]


def pack_finished(apps, schema_editor):
    Game, Move, MoveArchive = (apps.get_model("games", name) for name in ("Game", "Move", "MoveArchive"))
    over = Game.objects.filter(status__in=OVER, moves__isnull=False).order_by().distinct().values_list("pk", flat=True)
    for game_pk in over.iterator():
        rows = Move.objects.filter(game_id=game_pk).order_by("seq").values_list(
            "seq", "seat", "payload", "text", "request_id", "created_at")
        moves = [move_archive.LoggedMove(*values) for values in rows]
        MoveArchive.objects.create(game_id=game_pk, moves=len(moves), data=move_archive.encode(moves))
        Move.objects.filter(game_id=game_pk).delete()


def unpack_archives(apps, schema_editor):
    Move, MoveArchive = apps.get_model("games", "Move"), apps.get_model("games", "MoveArchive")
    for archive in MoveArchive.objects.iterator():
        Move.objects.bulk_create(
            Move(game_id=archive.game_id, seq=move.seq, seat=move.seat, payload=move.payload, text=move.text,
                 request_id=move.request_id, created_at=move.created_at)
            for move in move_archive.decode(archive.data))
    MoveArchive.objects.all().delete()


def external_storage(apps, schema_editor):
    """zlib already compressed the data: PostgreSQL need not try again (TOAST moves it out of line)."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE games_movearchive ALTER COLUMN data SET STORAGE EXTERNAL")


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0013_game_timed_moves'),
    ]

    operations = [
        migrations.CreateModel(
            name='MoveArchive',
            fields=[
                ('game', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='move_archive', serialize=False, to='games.game')),
                ('moves', models.PositiveIntegerField()),
                ('data', models.BinaryField()),
            ],
        ),
        migrations.RunPython(external_storage, migrations.RunPython.noop),
        migrations.RunPython(pack_finished, unpack_archives),
    ]
