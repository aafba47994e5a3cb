from django import forms
from django.utils.translation import gettext_lazy as _

from accounts import time_zones
from accounts.models import Profile, profile_of

TIME_ZONE_HELP = _("Deadlines and times on the site and in emails are shown in this zone.")
DETECTED_HELP = _("You have not chosen one yet: your browser's time zone is suggested.")
SIGN_UP_HELP = _("Your browser's time zone is suggested.")


def time_zone_field(current=None, detect=False, required=True, detected_help=DETECTED_HELP):
    """A select of the common zones by region; `detect` lets site.js preselect the browser's zone."""
    attrs = {"data-detect-time-zone": ""} if detect else {}
    return forms.ChoiceField(
        label=_("Time zone"), choices=time_zones.grouped_choices(current), initial="UTC",
        help_text=f"{TIME_ZONE_HELP} {detected_help}" if detect else TIME_ZONE_HELP,
        widget=forms.Select(attrs=attrs), required=required,
    )


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = [
            "display_name", "language", "time_zone",
            "notify_turn", "notify_invitation", "notify_reminder", "notify_finished", "notify_chat",
            "turn_digest", "vacation_auto",  # correspondence play (games/clocks.py)
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        detect = not self.is_bound and not self.instance.time_zone_chosen
        self.fields["time_zone"] = time_zone_field(self.instance.time_zone, detect=detect)

    def save(self, commit=True):
        self.instance.time_zone_chosen = True
        return super().save(commit=commit)


class SignupForm(forms.Form):
    """Extra sign-up fields (ACCOUNT_SIGNUP_FORM_CLASS): the time zone, preselected from the browser."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"] = time_zone_field(
            detect=not self.is_bound, required=False, detected_help=SIGN_UP_HELP)

    def signup(self, request, user):
        if not self.cleaned_data.get("time_zone"):  # a client that sends none keeps UTC, not chosen
            return
        profile = profile_of(user)
        profile.time_zone = self.cleaned_data["time_zone"]
        profile.time_zone_chosen = True
        profile.save(update_fields=["time_zone", "time_zone_chosen"])


class TokenForm(forms.Form):
    name = forms.CharField(max_length=40, required=False)


class DeleteAccountForm(forms.Form):
    """Deleting needs the password (or, for an account without one, the username typed in)."""

    confirmation = forms.CharField(max_length=150, strip=False, widget=forms.PasswordInput)

    def __init__(self, user, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        field = self.fields["confirmation"]
        if user.has_usable_password():
            field.label = _("Your password")
        else:
            field.label = _("Your username")
            field.widget = forms.TextInput()

    def clean_confirmation(self):
        given = self.cleaned_data["confirmation"]
        right = self.user.check_password(given) if self.user.has_usable_password() else given == self.user.username
        if not right:
            raise forms.ValidationError(_("That is not right; your account is not deleted."))
        return given
