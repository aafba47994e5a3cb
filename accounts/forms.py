from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import Profile


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = [
            "display_name", "language", "time_zone",
            "notify_turn", "notify_invitation", "notify_reminder", "notify_finished", "notify_chat",
            "turn_digest", "vacation_auto",  # correspondence play (games/clocks.py)
        ]


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
