"""The game's state (6–14 KB of JSON, rewritten by every move) compressed with lz4 instead of pglz.

pglz compressing the state was about a quarter of the database CPU of a move submit's write; lz4
costs a fraction of that and packs these states about as small (docs/performance.md). PostgreSQL 14 and
later built with lz4 (Debian's and the official images are) only; elsewhere nothing changes. Rows
keep their compression until their next write.
"""

from django.db import migrations


def lz4_available(connection):
    if connection.vendor != "postgresql" or connection.pg_version < 140000:
        return False
    with connection.cursor() as cursor:
        cursor.execute("SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression'")
        row = cursor.fetchone()
    return row is not None and "lz4" in row[0]


def state_lz4(apps, schema_editor):
    if lz4_available(schema_editor.connection):
        schema_editor.execute("ALTER TABLE games_game ALTER COLUMN state SET COMPRESSION lz4")


def state_default(apps, schema_editor):
    if lz4_available(schema_editor.connection):
        schema_editor.execute("ALTER TABLE games_game ALTER COLUMN state SET COMPRESSION DEFAULT")


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0015_seat_bots"),
    ]

    operations = [
        migrations.RunPython(state_lz4, state_default),
    ]
