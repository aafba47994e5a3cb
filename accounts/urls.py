from django.urls import path

from accounts import views

urlpatterns = [
    path("", views.profile, name="profile"),
    path("tokens/", views.tokens, name="api_tokens"),
    path("delete/", views.delete, name="account_delete"),
    path("tokens/<int:pk>/delete/", views.delete_token, name="api_token_delete"),
]
