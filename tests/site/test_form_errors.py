"""Forms a screen reader can use: each error under its own field, every aria-describedby
naming an element of the page, and after a failed submit a summary of what to correct."""

import re
from html.parser import HTMLParser

import pytest

pytestmark = pytest.mark.django_db


class Page(HTMLParser):
    """The ids of a page, the aria-describedby of its fields, and each .field block's text."""

    def __init__(self, html):
        super().__init__()
        self.ids, self.described, self.fields, self.summary = set(), {}, {}, None
        self._field = None  # [depth, names, text] of the .field being read
        self._in_summary = 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if "aria-describedby" in attrs:
            self.described[attrs.get("name") or attrs.get("id")] = attrs["aria-describedby"].split()
        if "data-error-summary" in attrs:
            self.summary, self._in_summary = "", 1
        elif self._in_summary and tag not in ("br", "input"):
            self._in_summary += 1
        if self._field is not None and tag not in ("input", "br"):
            self._field[0] += 1
        if tag == "div" and "field" in (attrs.get("class") or "").split() and self._field is None:
            self._field = [1, [], ""]
        if self._field is not None and attrs.get("name"):
            self._field[1].append(attrs["name"])

    def handle_endtag(self, tag):
        if self._in_summary:
            self._in_summary -= 1
        if self._field is not None:
            self._field[0] -= 1
            if self._field[0] == 0:
                for name in self._field[1]:
                    self.fields[name] = self._field[2]
                self._field = None

    def handle_data(self, data):
        if self._field is not None:
            self._field[2] += data
        if self._in_summary:
            self.summary += data


def assert_described_by_existing_ids(page):
    missing = {name: [i for i in ids if i not in page.ids] for name, ids in page.described.items()}
    assert not {name: ids for name, ids in missing.items() if ids}


def test_a_taken_username_is_said_under_the_username_with_a_summary(client, alice):
    response = client.post("/accounts/signup/", {"username": "alice", "email": "new@example.com",
                                                 "password1": "a-long-secret-42", "password2": "a-long-secret-42"})
    page = Page(response.content.decode())
    assert "already exists" in page.fields["username"]
    assert "already exists" not in page.fields["email"]
    assert page.summary is not None and "already exists" in page.summary
    assert "username_error" in " ".join(page.described["username"])
    assert_described_by_existing_ids(page)


def test_every_field_of_the_sign_up_and_login_pages_is_described_by_existing_ids(client):
    for path in ("/accounts/signup/", "/accounts/login/", "/accounts/password/reset/"):
        page = Page(client.get(path).content.decode())
        assert page.summary is None
        assert_described_by_existing_ids(page)


def test_a_refused_new_game_says_why_under_the_seat_and_in_the_summary(alice_client):
    page = Page(alice_client.get("/invitations/new/praga/").content.decode())
    assert page.described, "no field has a description"
    assert_described_by_existing_ids(page)
    response = alice_client.post("/invitations/new/praga/", {"players": "2", "seat_1": "nobody-by-that-name",
                                                             "days_per_move": "3"})
    page = Page(response.content.decode())
    assert page.summary is not None
    assert_described_by_existing_ids(page)
    links = re.findall(r'data-error-summary.*?</div>', response.content.decode(), re.S)[0]
    for target in re.findall(r'href="#([^"]+)"', links):
        assert target in page.ids


def test_the_profile_fields_are_described_by_existing_ids(alice_client):
    page = Page(alice_client.get("/profile/").content.decode())
    assert page.described
    assert_described_by_existing_ids(page)


def test_the_chat_input_has_a_label(alice_client, toy_game):
    html = alice_client.get(f"/games/{toy_game.pk}/").content.decode()
    field = re.search(r'<input[^>]*name="body"[^>]*id="([^"]+)"|<input[^>]*id="([^"]+)"[^>]*name="body"', html)
    field_id = field.group(1) or field.group(2)
    assert re.search(rf'<label[^>]*for="{field_id}"[^>]*>[^<]+</label>', html)
