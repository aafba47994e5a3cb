"""A secret link token for each invitation (private invitations are reached by it)."""

import secrets

from django.db import migrations, models

import games.models


def fill_tokens(apps, schema_editor):
    Invitation = apps.get_model("games", "Invitation")
    for invitation in Invitation.objects.filter(link_token=None).only("pk"):
        Invitation.objects.filter(pk=invitation.pk).update(link_token=secrets.token_urlsafe(16))


class Migration(migrations.Migration):
    dependencies = [("games", "0005_tick_indexes")]

    operations = [
        migrations.AddField("invitation", "link_token", models.CharField(max_length=32, null=True, editable=False)),
        migrations.RunPython(fill_tokens, migrations.RunPython.noop),
        migrations.AlterField("invitation", "link_token", models.CharField(
            max_length=32, unique=True, default=games.models.new_link_token, editable=False)),
    ]
