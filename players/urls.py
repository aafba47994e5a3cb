from django.urls import path

from players import views

urlpatterns = [
    path("ratings/", views.ratings_index, name="ratings"),
    path("ratings/<str:game_id>/", views.leaderboard, name="leaderboard"),
    path("ratings/<str:game_id>/solo/<slug:slug>/", views.solo_table, name="solo_table"),
    path("players/<str:username>/", views.profile, name="player"),
    path("games/<int:pk>/resign/", views.resign_game, name="resign"),
    path("games/<int:pk>/rematch/", views.rematch_game, name="rematch"),
]
