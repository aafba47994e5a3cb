from django.apps import AppConfig
from django.db.backends.signals import connection_created


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from games import live
        from games.notifications import hooks  # noqa: F401  (connects the correspondence receivers)

        live.connect()
        connection_created.connect(state_as_text, dispatch_uid="games.state_as_text")


def state_as_text(sender, connection, **kwargs):
    """psycopg hands PostgreSQL's `json` over as text, as Django has it do for `jsonb`: the game's
    state (games/state_field.py) is decoded by its field, with praga_site.fast_json, once."""
    if connection.vendor == "postgresql":
        from psycopg.types.string import TextLoader

        connection.connection.adapters.register_loader("json", TextLoader)
