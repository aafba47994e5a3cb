"""A token-authenticated API request skips the browser's middleware (praga_site/token_requests.py)
but answers exactly as before: same authentication, language and refusals."""

import json

import pytest
from django.test import Client

from accounts.models import ApiToken
from games.models import Move

pytestmark = pytest.mark.django_db


def select(game, seat=0):
    return {"type": "select", "card": game.state["hands"][seat][0]}


def token_post(client, game, move, key, path_suffix="", **headers):
    return client.post(f"/api/games/{game.pk}/moves/{path_suffix}",
                       json.dumps({"move": move, "version": game.version}), content_type="application/json",
                       headers={"Authorization": f"Token {key}", **headers})


def test_a_token_request_skips_the_browsers_layers_and_answers_in_the_readers_language(toy_game, alice, bob):
    _token, bob_key = ApiToken.issue(bob)
    refused = token_post(Client(enforce_csrf_checks=True), toy_game, select(toy_game, 1), bob_key,
                         **{"Accept-Language": "de"})
    toy_game.refresh_from_db()
    if refused.status_code == 200:  # the toy game lets both seats select at once
        pytest.skip("both seats may act")
    assert refused.status_code == 403
    assert refused.json()["error"] == "Du bist nicht am Zug."
    assert refused["Content-Language"] == "de" and "Accept-Language" in refused["Vary"]
    # The browser's layers did not run: no session, no CSRF cookie, no page policy headers.
    assert "Content-Security-Policy" not in refused and not refused.cookies
    _token, alice_key = ApiToken.issue(alice)
    applied = token_post(Client(enforce_csrf_checks=True), toy_game, select(toy_game), alice_key)
    assert applied.status_code == 200 and applied.json()["version"] == 1
    assert int(applied["Content-Length"]) == len(applied.content)


def test_a_session_request_to_the_api_still_takes_the_whole_stack(toy_game, alice):
    client = Client()
    client.force_login(alice)
    response = client.get(f"/api/games/{toy_game.pk}/")
    assert response.status_code == 200 and "Content-Security-Policy" in response
    forged = Client(enforce_csrf_checks=True)
    forged.force_login(alice)
    body = json.dumps({"move": select(toy_game), "version": 0})
    assert forged.post(f"/api/games/{toy_game.pk}/moves/", body, content_type="application/json").status_code == 403
    assert not Move.objects.exists()


def test_the_token_decides_who_moves_even_beside_another_users_session(toy_game, alice, bob):
    _token, alice_key = ApiToken.issue(alice)
    client = Client(enforce_csrf_checks=True)
    client.force_login(bob)  # bob's session cookie rides along; the token is alice's
    response = token_post(client, toy_game, select(toy_game), alice_key)
    assert response.status_code == 200, response.content
    assert Move.objects.get(game=toy_game).seat == 0


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_bad_token_is_refused_on_the_short_path(toy_game, method):
    client = Client()
    path = f"/api/games/{toy_game.pk}/moves/"
    if method == "get":
        response = client.get(path, headers={"Authorization": "Token wrong", "Accept-Language": "de"})
    else:
        response = client.post(path, "{}", content_type="application/json",
                               headers={"Authorization": "Token wrong", "Accept-Language": "de"})
    assert response.status_code == 401 and response.json()["error"] == "Ungültiger Schlüssel."
    assert not Move.objects.exists()


def test_an_unknown_api_address_with_a_token_gets_the_sites_404(alice):
    _token, key = ApiToken.issue(alice)
    response = Client().get("/api/games/nothing-here/", headers={"Authorization": f"Token {key}"})
    assert response.status_code == 404


@pytest.mark.parametrize("suffix", ["", "version/", "moves/", "log/"])
def test_the_short_path_resolves_each_api_address_to_the_view_the_sites_urls_give(suffix):
    """The token middleware resolves among games/api_urls.py only: a pattern of the site's tree
    that came first and took an API address would be skipped there, and this would fail."""
    from django.urls import resolve

    from praga_site.token_requests import API_URLCONF

    path = f"/api/games/12/{suffix}"
    short, full = resolve(path, urlconf=API_URLCONF), resolve(path)
    assert short.func is full.func and getattr(short.func, "token_api", False)
    assert (short.args, short.kwargs, short.url_name, short.route) == (full.args, full.kwargs, full.url_name, full.route)
