"""The idle sweep's index holds the UTC day of a game's last move (`updated_day`, a column the
database computes), not `updated`: every move changes `updated`, and with it in an index no
update of a game row could be HOT (done in place, without new index entries); a move changes
the day once a day at most. Only running games are indexed: the sweep reads no other.

On PostgreSQL, adding a stored generated column rewrites the games table and its indexes under
an exclusive lock: on a site with many games, run it at a quiet moment (docs/deploy.md).
"""

import games.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0017_game_state_json'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name='game',
            name='games_game_status_b66094_idx',
        ),
        migrations.AddField(
            model_name='game',
            name='updated_day',
            field=models.GeneratedField(db_persist=True, expression=games.models.UtcDay('updated'),
                                        output_field=models.DateField()),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(condition=models.Q(('status', 'running')), fields=['updated_day'],
                               name='game_running_day'),
        ),
    ]
