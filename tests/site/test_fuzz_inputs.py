"""Hostile input against every endpoint that reads input, API and HTML forms: deep nesting,
Unicode digits, huge numbers, other encodings. Never a 5xx, and nothing changes."""

import json
import os
from urllib.parse import quote

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accounts.models import ApiToken, Profile
from games import invitations
from games.models import ChatMessage, Email, Game, Invitation, Move, Slot
from tests.conftest import client_for
from tests.support.games import start_game

UNICODE_DIGITS = ["²", "٣", "१२", "１２", "⁵", "𝟗", "Ⅻ", "½", "߃", "0²", "³3"]
unicode_digits = st.sampled_from(UNICODE_DIGITS)
huge_numbers = st.one_of(
    st.integers(min_value=19, max_value=6000).map(lambda n: "9" * n),
    st.integers(min_value=19, max_value=5000).map(lambda n: "-" + "1" * n),
    st.sampled_from(["1e400", "1" + "0" * 4301, "0x10", "1_000", " 7", "7 ", "+7", "NaN", "Infinity"]),
)
deep_json = st.one_of(
    st.integers(min_value=100, max_value=5000).map(lambda n: "[" * n + "]" * n),
    st.integers(min_value=100, max_value=3000).map(lambda n: '{"type": "select", "card": ' * n + "1" + "}" * n),
    st.integers(min_value=900, max_value=3000).map(lambda n: "[" * n),  # never closed
)
odd_text = st.text(alphabet=st.characters(codec="utf-8"), max_size=40).map(lambda s: s + "\x00")
hostile = st.one_of(unicode_digits, huge_numbers, deep_json, odd_text)
encodings = st.sampled_from(["utf-8", "utf-16", "utf-32", "latin-1", "cp1252", "utf-7", "bogus-charset"])

# FUZZ_EXAMPLES=1000 scripts/test tests/site/test_fuzz_inputs.py for a long run
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "30")), deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])


@pytest.fixture
def world(alice, bob, carol):
    """A public and a private running game, a private invitation; clients for a player,
    an outsider and a visitor."""
    public = start_game("toy", [alice, bob])
    private = start_game("toy", [alice, bob], visibility="private")
    invitation = invitations.create_invitation(alice, "toy", 3, {}, [bob, None], visibility="private")
    return {
        "public": public, "private": private, "invitation": invitation,
        "clients": [client_for(alice), client_for(carol), Client()],
    }


def snapshot():
    return (
        sorted(Game.objects.values_list("pk", "version", "status")),
        sorted((pk, json.dumps(state, sort_keys=True)) for pk, state in Game.objects.values_list("pk", "state")),
        Move.objects.count(), ChatMessage.objects.count(), Email.objects.count(), ApiToken.objects.count(),
        sorted(Invitation.objects.values_list("pk", "status")),
        sorted(Slot.objects.values_list("pk", "user_id", "invited_id")),
        sorted(Profile.objects.values_list("user_id", "display_name", "language", "time_zone", "notify_turn")),
    )


def check(response, before):
    assert response.status_code < 500, (response.status_code, response.content[:300])
    assert snapshot() == before


def encoded(value, encoding):
    try:
        return value.encode(encoding)
    except (LookupError, UnicodeEncodeError):
        return value.encode("utf-8", "surrogatepass")


QUERY_URLS = ["/api/games/{public}/log/", "/api/games/{public}/", "/api/games/{public}/moves/",
              "/api/games/{public}/version/", "/invitations/", "/games/{public}/replay/", "/games/{public}/replay/1/",
              "/games/{public}/poll/", "/games/{public}/", "/games/{public}/log/", "/invitations/{invitation}/",
              "/api/games/{private}/log/", "/games/{private}/replay/", "/"]
query_urls = st.sampled_from(QUERY_URLS)
who = st.integers(min_value=0, max_value=2)  # a player, an outsider, a visitor


def url_of(world, template):
    return template.format(public=world["public"].pk, private=world["private"].pk, invitation=world["invitation"].pk)


@FUZZ
@given(value=hostile, name=st.sampled_from(["after", "players", "days", "step", "v", "c", "game", "key"]),
       url=query_urls, client=who)
def test_query_strings(world, value, name, url, client):
    before = snapshot()
    response = world["clients"][client].get(f"{url_of(world, url)}?{name}={quote(value, safe='')}")
    check(response, before)


@FUZZ
@given(raw=st.sampled_from(["%ff", "%c0%af", "%ed%a0%80", "%00", "%e2%82", "%f4%90%80%80"]),
       name=st.sampled_from(["after", "players", "days", "step", "key", "game"]), url=query_urls, client=who)
def test_query_strings_that_are_no_utf8(world, raw, name, url, client):
    before = snapshot()
    check(world["clients"][client].get(f"{url_of(world, url)}?{name}={raw}"), before)


@FUZZ
@given(move=st.one_of(deep_json, hostile), version=hostile, seat=hostile, encoding=encodings,
       as_string=st.booleans(), game=st.sampled_from(["public", "private"]), client=who)
def test_api_move_bodies(world, move, version, seat, encoding, as_string, game, client):
    before = snapshot()
    try:
        move_json = json.dumps(json.loads(move)) if not as_string else json.dumps(move)
    except (ValueError, RecursionError):
        move_json = json.dumps(move)
    if move.startswith(("[", "{")) and not as_string:
        move_json = move  # the raw nesting, unparsed on our side
    version_json = version if version.lstrip("-").isascii() and version.lstrip("-").isdigit() else json.dumps(version)
    body = '{"move": %s, "version": %s, "seat": %s}' % (move_json, version_json, json.dumps(seat))
    response = world["clients"][client].generic("POST", f"/api/games/{world[game].pk}/moves/",
                                                encoded(body, encoding),
                                                content_type=f"application/json; charset={encoding}")
    check(response, before)
    assert "error" in response.json()


@FUZZ
@given(move=st.one_of(deep_json, hostile), version=hostile, request_id=hostile, encoding=encodings,
       game=st.sampled_from(["public", "private"]), client=who)
def test_the_page_move_form(world, move, version, request_id, encoding, game, client):
    before = snapshot()
    body = "&".join(f"{name}={quote(value.encode(encoding, 'replace') if encoding in ('utf-8', 'latin-1') else value, safe='')}"
                    for name, value in (("move", move), ("version", version), ("request_id", request_id)))
    response = world["clients"][client].generic(
        "POST", f"/games/{world[game].pk}/move/", body.encode(),
        content_type=f"application/x-www-form-urlencoded; charset={encoding}")
    check(response, before)


@FUZZ
@given(value=hostile, other=hostile, target=st.sampled_from(["new", "action", "chat", "profile", "login", "language",
                                                             "unsubscribe", "vacation"]), client=who)
def test_html_forms(world, value, other, target, client):
    """Invitation form, invitation actions, chat, profile, login, language, unsubscribe, vacation."""
    before = snapshot()
    client = world["clients"][client]
    invitation, private = world["invitation"], world["private"]
    player = client is world["clients"][0]
    if target == "new":
        form = {"players": value, "days_per_move": other, "seat_1": value, "seat_2": other, "option_hand_size": value,
                "option_extra": other, "visibility": value, "timeout_policy": other, "note": "x"}
        check(client.post("/invitations/new/toy/", form), before)
    elif target == "action" and not player:  # the host may cancel, whatever key he sends
        for action in ("join", "leave", "decline", "cancel", value[:50] or "x"):
            check(client.post(f"/invitations/{invitation.pk}/{quote(action, safe='')}/", {"key": value}), before)
    elif target == "chat" and not player:  # a player may chat whatever he likes
        check(client.post(f"/games/{private.pk}/chat/", {"body": value}), before)
    elif target == "profile":
        check(client.post("/profile/", {"display_name": value[:40], "language": value, "time_zone": other}), before)
    elif target == "login":
        check(client.post("/accounts/login/", {"login": value, "password": other}), before)
    elif target == "language":
        check(client.post("/i18n/setlang/", {"language": value, "next": other}), before)
    elif target == "unsubscribe":
        check(client.post(f"/unsubscribe/{quote(value[:200], safe='') or 'x'}/", {"all": other}), before)
    elif target == "vacation" and not player:
        check(client.post("/profile/vacation/", {"on": value}), before)


@FUZZ
@given(raw=st.binary(max_size=400), encoding=encodings,
       path=st.sampled_from(["/api/games/{public}/moves/", "/games/{public}/move/", "/invitations/new/toy/",
                             "/games/{private}/chat/", "/invitations/{invitation}/join/", "/accounts/login/"]),
       kind=st.sampled_from(["json", "form", "multipart"]), client=st.integers(min_value=1, max_value=2))
def test_raw_bytes_in_any_encoding(world, raw, encoding, path, kind, client):
    before = snapshot()
    content_type = {"json": f"application/json; charset={encoding}",
                    "form": f"application/x-www-form-urlencoded; charset={encoding}",
                    "multipart": "multipart/form-data; boundary=x"}[kind]
    # an outsider and a visitor: nothing they send may change anything
    check(world["clients"][client].generic("POST", url_of(world, path), raw, content_type=content_type), before)
