from django.urls import include, path

from games import views
from games.notifications import push_views, webhook_views

urlpatterns = [
    path("", views.home, name="home"),
    path("invitations/", views.open_invitations, name="open_invitations"),
    path("invitations/new/", views.new_invitation, name="new_invitation"),
    path("invitations/new/<str:game_id>/", views.new_invitation, name="new_invitation_for"),
    path("invitations/<int:pk>/", views.invitation_page, name="invitation"),
    path("invitations/<int:pk>/<str:action>/", views.invitation_action, name="invitation_action"),
    path("next/", views.next_game, name="next_game"),
    path("webhook/", webhook_views.webhook, name="webhook"),
    path("push/subscribe/", push_views.subscribe, name="push_subscribe"),
    path("push/unsubscribe/", push_views.unsubscribe, name="push_unsubscribe"),
    path("push-worker.js", push_views.service_worker, name="push_worker"),
    path("games/<int:pk>/", views.game_page, name="game"),
    path("games/<int:pk>/live/", views.game_live, name="game_live"),
    path("games/<int:pk>/poll/", views.game_poll, name="game_poll"),
    path("games/<int:pk>/move/", views.game_move, name="game_move"),
    path("games/<int:pk>/log/", views.game_log, name="game_log"),
    path("games/<int:pk>/chat/", views.game_chat, name="game_chat"),
    path("games/<int:pk>/notes/", views.game_notes, name="game_notes"),
    path("games/<int:pk>/record/", views.game_record, name="game_record"),
    path("games/import/", views.import_game, name="import_game"),
    path("games/<int:pk>/sandbox/", views.game_sandbox, name="game_sandbox"),
    path("games/<int:pk>/sandbox/play/", views.game_sandbox_play, name="game_sandbox_play"),
    path("games/<int:pk>/replay/", views.replay, name="replay"),
    path("games/<int:pk>/replay/<int:step>/", views.replay, name="replay_step"),
    path("", include("games.api_urls")),
]
