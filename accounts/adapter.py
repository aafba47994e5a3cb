"""allauth hooks: every new user gets a profile in the language they signed up in; failed
logins count per account and client address."""

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

    def _get_login_attempts_cache_key(self, request, **credentials):
        # allauth keys the per-account limit of "login_failed" on the login alone: five wrong
        # passwords from anywhere would lock the owner out. With the client address in the
        # key, a guesser exhausts only his own tries (the per-address limits cap him overall).
        return "%s@%s" % (super()._get_login_attempts_cache_key(request, **credentials),
                          self.get_client_ip(request))
