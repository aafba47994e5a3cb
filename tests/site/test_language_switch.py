"""The header's language switch: for everyone, and a signed-in player's profile keeps the choice
(the pages and the emails follow the profile's language)."""

from accounts.models import Profile


def test_the_header_offers_the_other_language_when_logged_in(alice_client):
    page = alice_client.get("/").content.decode()
    assert 'action="/i18n/setlang/"' in page and 'name="language" value="de"' in page


def test_switching_stores_the_language_in_the_profile(alice, alice_client):
    response = alice_client.post("/i18n/setlang/", {"language": "de", "next": "/profile/"})
    assert response.status_code == 302 and response["Location"] == "/profile/"
    assert Profile.objects.get(user=alice).language == "de"
    page = alice_client.get("/").content.decode()
    assert "Meine Spiele" in page and 'name="language" value="en"' in page


def test_switching_back_to_english(alice, alice_client):
    Profile.objects.filter(user=alice).update(language="de")
    alice_client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert Profile.objects.get(user=alice).language == "en"
    assert "My games" in alice_client.get("/").content.decode()


def test_an_unknown_language_changes_nothing(alice, alice_client):
    alice_client.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    assert Profile.objects.get(user=alice).language == "en"


def test_a_get_changes_nothing(alice, alice_client):
    alice_client.get("/i18n/setlang/", {"language": "de", "next": "/"})
    assert Profile.objects.get(user=alice).language == "en"
