"""`manage.py check_clocks`: the overdue deadlines and why they were not applied."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from accounts.models import display_name
from games import clocks, downtime, health


def why(tick, age, overdue_count):
    if tick == "never":
        return "the tick never ran: start Celery beat and a worker (or scripts/run for the embedded site)"
    if tick == "late":
        return f"no tick for {age} s (every {settings.TICK_SECONDS} s expected): Celery beat or its workers are down"
    if overdue_count > clocks.BATCH:
        return f"more timeouts are due than one tick applies ({clocks.BATCH}): they follow in the next ticks"
    return "the tick runs but did not apply it: look for 'tick step apply_timeouts failed' in the logs"


class Command(BaseCommand):
    help = "Lists the deadlines overdue by more than two ticks and why; exits non-zero if there are any."

    def handle(self, *args, **options):
        now = timezone.now()
        age, tick = health.tick_state(now)
        late = downtime.overdue(now).select_related("game", "user__profile").order_by("deadline")
        count = late.count()
        reason = why(tick, age, count)
        for seat in late:
            self.stdout.write(
                f"game {seat.game_id} ({seat.game.game_id}), seat {seat.position} ({display_name(seat.user)}): "
                f"deadline {seat.deadline:%Y-%m-%d %H:%M} UTC, {int((now - seat.deadline).total_seconds() // 60)} "
                f"min overdue ({seat.game.timeout_policy}) - {reason}")
        self.stdout.write(f"last tick: {'never' if age is None else f'{age} s ago'} ({tick}); {count} overdue")
        if count:
            raise CommandError(f"{count} overdue deadline(s)")
