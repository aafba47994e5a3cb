from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from praga_site import inbox

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("profile/", include("accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("games.urls")),
]

if settings.LOCAL_INBOX:
    urlpatterns += [
        path("inbox/", inbox.inbox, name="inbox"),
        path("inbox/<str:name>/", inbox.message, name="inbox_message"),
    ]
