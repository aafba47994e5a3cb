from django import forms

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
