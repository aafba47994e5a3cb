"""When a signed-in user was last on the site (games/notifications/activity.py): written at
most once a minute, and never in the way of a page."""

import datetime

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.utils import timezone
from redis.exceptions import RedisError

from accounts.models import Profile
from games.notifications import activity
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


def test_the_profile_in_hand_keeps_the_time_so_a_second_look_within_the_minute_writes_nothing(
        alice, django_assert_num_queries):
    user = get_user_model().objects.select_related("profile").get(pk=alice.pk)
    now = timezone.now()
    activity.seen(user, now)
    assert user.profile.last_seen == now
    with django_assert_num_queries(0):
        activity.seen(user, now + datetime.timedelta(seconds=30))


def test_a_return_ends_an_automatic_vacation_at_the_moment_seen(alice):
    away = timezone.now() - datetime.timedelta(days=3)
    Profile.objects.filter(user=alice).update(vacation_since=away, vacation_auto_started=True,
                                              vacation_left=datetime.timedelta(days=10))
    activity.seen(get_user_model().objects.get(pk=alice.pk), away + datetime.timedelta(days=2))
    profile = Profile.objects.get(user=alice)
    assert profile.vacation_since is None
    assert profile.vacation_left == datetime.timedelta(days=8)  # two days away, not the three until now


class CacheDown:
    def get(self, key):
        raise RedisError("connection refused")


def test_with_the_cache_unavailable_the_stored_time_still_counts(alice, monkeypatch):
    monkeypatch.setattr(activity, "cache", CacheDown())
    profile = Profile.objects.get(user=alice)
    profile.last_seen = timezone.now() - datetime.timedelta(minutes=5)
    assert activity.last_seen(profile) == profile.last_seen
    profile.last_seen = None
    assert activity.last_seen(profile) is None
