"""The Sites framework row allauth names in its emails ("Hello from …"), kept equal to the settings.

allauth reads the current Site's name and domain; Django's default row says example.com. After
every `migrate` (post_migrate) and when the embedded server learns its address, the row takes
SITE_NAME and the host of SITE_URL."""

from urllib.parse import urlsplit

from django.conf import settings


def sync_site(using="default", **kwargs):
    from django.contrib.sites.models import Site

    domain = urlsplit(settings.SITE_URL).netloc or "localhost"
    site, created = Site.objects.using(using).get_or_create(
        pk=settings.SITE_ID, defaults={"domain": domain, "name": settings.SITE_NAME})
    if not created and (site.domain, site.name) != (domain, settings.SITE_NAME):
        site.domain, site.name = domain, settings.SITE_NAME
        site.save(using=using, update_fields=["domain", "name"])
    Site.objects.clear_cache()
    return site
