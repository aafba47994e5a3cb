"""Moves store their log line packed (message number + arguments, games/log_text.py; a `json`
column on PostgreSQL, compact text instead of jsonb), and lose
two index entries each: the game's own index (the unique (game, seq) index serves it) and the
request-id entry of moves sent without one. Every stored line is packed in place; a line that
cannot be packed stays as it is, and either form reads back as the same text dict."""

import json

import django.db.models.deletion
import games.log_text
from django.db import migrations, models

BATCH = 2000


def rewrite(connection, convert):
    """Store `convert(line)` for every line it changes, in batches by id."""
    last = 0
    with connection.cursor() as cursor:
        while True:
            cursor.execute("SELECT id, text FROM games_move WHERE id > %s ORDER BY id LIMIT %s", [last, BATCH])
            rows = cursor.fetchall()
            if not rows:
                return
            changed = []
            for pk, raw in rows:
                stored = json.loads(raw) if isinstance(raw, (str, bytes)) else raw
                converted = convert(stored)
                if converted != stored:
                    changed.append([games.log_text.compact(converted), pk])
            if changed:
                cursor.executemany("UPDATE games_move SET text = %s WHERE id = %s", changed)
            last = rows[-1][0]


def pack_lines(apps, schema_editor):
    rewrite(schema_editor.connection, games.log_text.pack)


def unpack_lines(apps, schema_editor):
    rewrite(schema_editor.connection, games.log_text.unpack)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0011_imported_games'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='move',
            name='move_unique_request',
        ),
        migrations.AlterField(
            model_name='move',
            name='game',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='moves', to='games.game'),
        ),
        migrations.AlterField(
            model_name='move',
            name='text',
            field=games.log_text.LogTextField(default=dict),
        ),
        migrations.AddConstraint(
            model_name='move',
            constraint=models.UniqueConstraint(condition=models.Q(('request_id__isnull', False)), fields=('game', 'request_id'), name='move_unique_request'),
        ),
        migrations.RunPython(pack_lines, unpack_lines, elidable=False),
    ]
