"""allauth hooks: every new user gets a profile in the language they signed up in; every link
in allauth's emails starts with SITE_URL, like the game emails (not the host of the request);
failed logins count per account and client address."""

from urllib.parse import quote

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.urls import reverse
from django.utils import translation


def site_link(path):
    return settings.SITE_URL + path


class AccountAdapter(DefaultAccountAdapter):
    def save_user(self, request, user, form, commit=True):
        user = super().save_user(request, user, form, commit=commit)
        if commit:
            from accounts.models import Profile

            language = translation.get_language() or "en"
            Profile.objects.get_or_create(user=user, defaults={"language": language[:2]})
        return user

    def get_email_confirmation_url(self, request, emailconfirmation):
        return site_link(reverse("account_confirm_email", args=[emailconfirmation.key]))

    def get_reset_password_from_key_url(self, key):
        path = reverse("account_reset_password_from_key", kwargs={"uidb36": "UID", "key": "KEY"})
        return site_link(path.replace("UID-KEY", quote(key)))

    def send_account_already_exists_mail(self, email):
        self.send_mail("account/email/account_already_exists", email, {
            "signup_url": site_link(reverse("account_signup")),
            "password_reset_url": site_link(reverse("account_reset_password")),
        })

    def _get_login_attempts_cache_key(self, request, **credentials):
        # allauth keys the per-account limit of "login_failed" on the login alone: five wrong
        # passwords from anywhere would lock the owner out. With the client address in the
        # key, a guesser exhausts only his own tries (the per-address limits cap him overall).
        return "%s@%s" % (super()._get_login_attempts_cache_key(request, **credentials),
                          self.get_client_ip(request))
