"""The tick's sweeps find what is due among many rows, whatever their order."""

import datetime

import pytest
from django.utils import timezone

from accounts.models import Profile
from games import clocks
from tests.support.players import make_user

pytestmark = pytest.mark.django_db
DAY = datetime.timedelta(days=1)


def test_used_up_vacations_behind_a_full_batch_of_ongoing_ones_are_ended(monkeypatch):
    monkeypatch.setattr(clocks, "BATCH", 5)
    now = timezone.now()
    ongoing = [make_user(f"away{i}") for i in range(8)]
    used_up = [make_user(f"back{i}") for i in range(2)]  # created last: last in any natural order
    Profile.objects.filter(user__in=ongoing).update(vacation_since=now - DAY, vacation_left=10 * DAY)
    Profile.objects.filter(user__in=used_up).update(vacation_since=now - 3 * DAY, vacation_left=2 * DAY)
    clocks.end_used_up_vacations(now)
    assert Profile.objects.filter(user__in=used_up, vacation_since=None).count() == 2
    assert Profile.objects.filter(user__in=ongoing, vacation_since=None).count() == 0
