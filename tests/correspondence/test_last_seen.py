"""When a signed-in user was last on the site (games/notifications/activity.py): written at
most once a minute, and never in the way of a page."""

import datetime

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.utils import timezone

from accounts.models import Profile
from tests.conftest import client_for

pytestmark = pytest.mark.django_db


def test_a_page_view_records_the_time_at_most_once_a_minute(alice, alice_client):
    start = timezone.now()
    for seconds, expected in [(0, 0), (30, 0), (59, 0), (60, 60), (119, 60), (121, 121)]:
        with time_machine.travel(start + datetime.timedelta(seconds=seconds), tick=False):
            alice_client.get("/")
        assert Profile.objects.get(user=alice).last_seen == start + datetime.timedelta(seconds=expected), seconds


def test_a_signed_in_user_without_a_profile_gets_pages(db):
    user = get_user_model().objects.create_user("noprofile", "noprofile@example.com", "x")
    client = client_for(user)
    assert client.get("/").status_code == 200
    assert client.get("/").status_code == 200
