"""The game's state as PostgreSQL's json (JSON text kept as sent), not jsonb: games/state_field.py.

Every move rewrites the state and every submit reads it: jsonb parsed the text into its binary
form on each write and printed it back on each read, json only checks it
(benchmarks/state_column.py, docs/performance.md).
The column keeps lz4 (migration 0016), set again in case the type change dropped it. The type
change rewrites the games table under an exclusive lock: on a site with many games, run it at a
quiet moment (docs/deploy.md). Elsewhere than PostgreSQL nothing changes.
"""

from importlib import import_module

from django.db import migrations

import games.state_field

lz4 = import_module("games.migrations.0016_game_state_lz4")


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0016_game_state_lz4"),
    ]

    # lz4 set again after the type change, each way (the reverse runs these backwards).
    operations = [
        migrations.RunPython(migrations.RunPython.noop, lz4.state_lz4),
        migrations.AlterField(
            model_name="game",
            name="state",
            field=games.state_field.StateField(),
        ),
        migrations.RunPython(lz4.state_lz4, migrations.RunPython.noop),
    ]
