from django.apps import AppConfig
from django.db.models.signals import post_migrate


class AccountsConfig(AppConfig):
    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # After the sites app created its example.com row (its post_migrate runs first: INSTALLED_APPS order).
        post_migrate.connect(_sync_site_after_migrate, sender=self)


def _sync_site_after_migrate(sender, using="default", **kwargs):
    from accounts.site import sync_site

    sync_site(using=using)
