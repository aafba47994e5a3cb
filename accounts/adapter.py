"""allauth hooks: every new user gets a profile in the language they signed up in."""

from allauth.account.adapter import DefaultAccountAdapter
from django.utils import translation


class AccountAdapter(DefaultAccountAdapter):
    def save_user(self, request, user, form, commit=True):
        user = super().save_user(request, user, form, commit=commit)
        if commit:
            from accounts.models import Profile

            language = translation.get_language() or "en"
            Profile.objects.get_or_create(user=user, defaults={"language": language[:2]})
        return user
