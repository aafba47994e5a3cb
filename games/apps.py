from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from games import live
        from games.notifications import hooks  # noqa: F401  (connects the correspondence receivers)

        live.connect()
