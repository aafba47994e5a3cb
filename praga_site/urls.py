from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from accounts import views as account_views
from games import health
from games.notifications import views as notification_views
from praga_site import inbox

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("profile/vacation/", notification_views.vacation, name="vacation"),
    path("profile/", include("accounts.urls")),
    path("unsubscribe/<str:token>/", notification_views.unsubscribe, name="unsubscribe"),
    path("i18n/setlang/", account_views.set_language, name="set_language"),  # also sets the profile's language
    path("i18n/", include("django.conf.urls.i18n")),
    path("health/", health.endpoint, name="health"),
    path("", include("players.urls")),
    path("", include("games.urls")),
]

if settings.LOCAL_INBOX:
    urlpatterns += [
        path("inbox/", inbox.inbox, name="inbox"),
        path("inbox/<str:name>/", inbox.message, name="inbox_message"),
    ]

handler400 = "praga_site.failures.bad_request"
handler500 = "praga_site.failures.server_error"
