"""The time zone select: common Area/City zones by region (no aliases, no "Factory"), UTC first;
the browser's zone is suggested until the player has chosen one (see tests/browser/test_site_pages.py)."""

import re

import pytest

from accounts import time_zones
from accounts.models import Profile

PROFILE = {"display_name": "", "language": "en", "time_zone": "Europe/Berlin", "notify_turn": "on"}


def test_the_offered_zones_are_canonical_area_city_names():
    names = time_zones.common()
    assert 300 < len(names) < 450
    assert "Europe/Berlin" in names and "America/Argentina/Buenos_Aires" in names and "Asia/Kolkata" in names
    assert not {"Factory", "localtime", "US/Eastern", "Asia/Calcutta", "Europe/Kiev", "GMT", "UTC"} & set(names)
    assert all(re.fullmatch(r"[A-Z][a-z]+/[A-Za-z_/-]+", name) for name in names)


def test_the_choices_are_grouped_by_region_with_utc_first():
    choices = time_zones.grouped_choices()
    assert choices[0] == ("UTC", "UTC")
    groups = {str(label): dict(zones) for label, zones in choices[1:]}
    assert list(groups) == ["Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic Ocean",
                            "Australia", "Europe", "Indian Ocean", "Pacific Ocean"]
    assert re.fullmatch(r"Berlin \(UTC\+0[12]:00\)", groups["Europe"]["Europe/Berlin"])
    assert groups["America"]["America/Argentina/Buenos_Aires"].startswith("Buenos Aires, Argentina (UTC−03:00)")


def test_the_profile_page_offers_optgroups_and_suggests_the_browsers_zone(alice_client):
    page = alice_client.get("/profile/").content.decode()
    select = page[page.index('<select name="time_zone"'):page.index("</select>", page.index('<select name="time_zone"'))]
    assert '<optgroup label="Europe">' in select and 'value="Europe/Berlin"' in select
    assert 'value="Factory"' not in select and 'value="localtime"' not in select and 'value="US/Eastern"' not in select
    assert select.count("<option") < 450
    assert "data-detect-time-zone" in select


def test_saving_the_profile_marks_the_zone_as_chosen(alice, alice_client):
    response = alice_client.post("/profile/", PROFILE)
    assert response.status_code == 302
    profile = Profile.objects.get(user=alice)
    assert profile.time_zone == "Europe/Berlin" and profile.time_zone_chosen
    assert "data-detect-time-zone" not in alice_client.get("/profile/").content.decode()


def test_a_zone_that_is_not_offered_is_refused(alice, alice_client):
    response = alice_client.post("/profile/", {**PROFILE, "time_zone": "Factory"})
    assert response.status_code == 200 and "Select a valid choice" in response.content.decode()
    assert Profile.objects.get(user=alice).time_zone == "UTC"


def test_a_stored_legacy_zone_stays_selectable(alice, alice_client):
    Profile.objects.filter(user=alice).update(time_zone="US/Eastern", time_zone_chosen=True)
    assert 'value="US/Eastern" selected' in alice_client.get("/profile/").content.decode()
    assert alice_client.post("/profile/", {**PROFILE, "time_zone": "US/Eastern"}).status_code == 302


def test_the_german_region_names(alice, alice_client):
    Profile.objects.filter(user=alice).update(language="de")
    page = alice_client.get("/profile/").content.decode()
    assert '<optgroup label="Europa">' in page and '<optgroup label="Pazifik">' in page


@pytest.mark.django_db
def test_sign_up_stores_the_time_zone(client):
    client.post("/accounts/signup/", {"email": "newbie@example.org", "username": "newbie", "time_zone": "Asia/Kolkata",
                                      "password1": "stranger-danger-77", "password2": "stranger-danger-77"})
    profile = Profile.objects.get(user__username="newbie")
    assert profile.time_zone == "Asia/Kolkata" and profile.time_zone_chosen


@pytest.mark.django_db
def test_sign_up_refuses_an_unknown_zone(client):
    response = client.post("/accounts/signup/", {"email": "newbie@example.org", "username": "newbie", "time_zone": "Mars/Base",
                                                 "password1": "stranger-danger-77", "password2": "stranger-danger-77"})
    assert response.status_code == 200 and not Profile.objects.filter(user__username="newbie").exists()


@pytest.mark.django_db
def test_sign_up_without_a_zone_keeps_utc_as_not_chosen(client):
    client.post("/accounts/signup/", {"email": "newbie@example.org", "username": "newbie",
                                      "password1": "stranger-danger-77", "password2": "stranger-danger-77"})
    profile = Profile.objects.get(user__username="newbie")
    assert profile.time_zone == "UTC" and not profile.time_zone_chosen
