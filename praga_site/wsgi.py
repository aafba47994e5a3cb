import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "praga_site.settings")
django_application = get_wsgi_application()

from games.live import UnchangedPollApplication  # noqa: E402  (needs the apps loaded)

# An open game page's unchanged poll is answered before Django (games/live.py says why).
application = UnchangedPollApplication(django_application)
