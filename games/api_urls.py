"""The JSON API's addresses (docs/api.md), in a module of their own: a token request resolves
its address against these four patterns only (praga_site/token_requests.py), not the site's
whole URL tree (~45 microseconds of a submit's CPU, a tenth of that here)."""

from django.urls import path

from games import api

urlpatterns = [
    path("api/games/<int:pk>/", api.game_state, name="api_game"),
    path("api/games/<int:pk>/version/", api.game_version, name="api_version"),
    path("api/games/<int:pk>/moves/", api.game_moves, name="api_moves"),
    path("api/games/<int:pk>/log/", api.game_log, name="api_log"),
]
