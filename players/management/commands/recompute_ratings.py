"""Rebuild every rating, its history and the solo high scores from the finished games."""

from django.core.management.base import BaseCommand

from players import rating, reliability


class Command(BaseCommand):
    help = "Rebuild every rating and solo high score from the finished games, in the order they were rated."

    def handle(self, *args, **options):
        rated = rating.recompute()
        from django.contrib.auth import get_user_model

        users = get_user_model().objects.filter(seats__isnull=False).distinct().values_list("pk", flat=True)
        for user_id in users.iterator():
            reliability.refresh(user_id)
        self.stdout.write(f"{rated} rated games replayed; reliability of {len(users)} players measured.")
