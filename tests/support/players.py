from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model

from accounts.models import Profile

PASSWORD = "correct-horse-battery"


def make_user(username, language="en", time_zone="UTC"):
    user = get_user_model().objects.create_user(username, f"{username}@example.com", PASSWORD)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    Profile.objects.create(user=user, language=language, time_zone=time_zone)
    return user
