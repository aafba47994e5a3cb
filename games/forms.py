"""The invitation form, built from the game's own OPTIONS description."""

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import engines, seat_bots
from games.models import DAYS_PER_MOVE, TimeoutPolicy, Visibility
from games.text import render


def days_per_move_choices():
    """Called at each rendering (a callable), so the labels follow the reader's language."""
    return [(days, ngettext("%(days)d day", "%(days)d days", days) % {"days": days}) for days in DAYS_PER_MOVE]


def applies_to(field, counts):
    """Marks a field that matters only for these player counts: site.js hides it for the others
    (the server ignores it for them anyway, so the form works without JavaScript)."""
    field.widget.attrs["data-players"] = " ".join(str(n) for n in counts)


class InvitationForm(forms.Form):
    players = forms.TypedChoiceField(label=_("Players"), coerce=int)
    days_per_move = forms.TypedChoiceField(
        label=_("Time per move"), coerce=int, initial=3,
        choices=days_per_move_choices,
    )
    timeout_policy = forms.ChoiceField(label=_("When a player runs out of time"), choices=TimeoutPolicy.choices,
                                       initial=TimeoutPolicy.DROP, widget=forms.RadioSelect)
    visibility = forms.ChoiceField(label=_("Who may watch"), choices=Visibility.choices, initial=Visibility.PUBLIC)
    fixed_order = forms.BooleanField(
        label=_("Seat the players in the order listed"), required=False,
        help_text=_("The start player is drawn at random either way, as the rules say; this keeps only who "
                    "follows whom. Otherwise the seats are shuffled too."),
    )
    min_rating = forms.FloatField(
        label=_("Minimum rating"), required=False, min_value=-100, max_value=1000,
        help_text=_("Only players with at least this rating in this game may join (empty: anyone)."))
    min_reliability = forms.IntegerField(
        label=_("Minimum reliability (%)"), required=False, min_value=0, max_value=100,
        help_text=_("Only players who made at least this share of their recent turns in time may join."))
    note = forms.CharField(label=_("Note"), max_length=200, required=False,
                           widget=forms.TextInput(attrs={"placeholder": _("e.g. friendly game, new players welcome")}))

    def __init__(self, game_id, host, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.game_id, self.host = game_id, host
        spec = engines.options_spec(game_id)
        low, high = spec["players"]["min"], spec["players"]["max"]
        self.fields["players"].choices = [(n, n) for n in range(low, high + 1)]
        self.fields["players"].initial = spec["players"].get("default", low)
        self.option_fields = []
        for option in spec["fields"]:
            name = f"option_{option['name']}"
            choices = [(str(value), render(label)) for value, label in option["choices"]]
            help_text = render(option["help"]) if option.get("help") else ""
            if option.get("players"):
                counts = ", ".join(str(n) for n in option["players"])
                only = ngettext(
                    "only with %(counts)s player", "only with %(counts)s players", max(option["players"])
                ) % {"counts": counts}
                help_text = f"{help_text} ({only})".strip()
            self.fields[name] = forms.ChoiceField(
                label=render(option["label"]), choices=choices, initial=str(option["default"]),
                help_text=help_text, required=False,
            )
            if option.get("players"):
                applies_to(self.fields[name], option["players"])
            self.option_fields.append((name, option))
        self.seat_fields = []
        self.bots = seat_bots.offered(game_id)
        for index in range(1, high):
            name = f"seat_{index}"
            self.fields[name] = forms.CharField(
                label=_("Seat %(number)d") % {"number": index + 1}, required=False, max_length=150,
                widget=forms.TextInput(attrs={"placeholder": _("username, or empty for an open seat")}),
            )
            applies_to(self.fields[name], range(max(low, index + 1), high + 1))
            self.seat_fields.append(name)
            if self.bots:  # only a game whose engine offers bots (games/seat_bots.py)
                self.fields[f"{name}_bot"] = forms.ChoiceField(
                    label=_("Seat %(number)d played by") % {"number": index + 1}, required=False,
                    choices=[("", _("a player (named above, or anyone who joins)"))] + self.bots,
                )
                applies_to(self.fields[f"{name}_bot"], range(max(low, index + 1), high + 1))
                self.seat_fields.append(f"{name}_bot")
        self.multi_player_counts = " ".join(str(n) for n in range(max(low, 2), high + 1))
        applies_to(self.fields["fixed_order"], range(max(low, 2), high + 1))

    def clean(self):
        data = super().clean()
        players = data.get("players") or 1
        options = {}
        for name, option in self.option_fields:
            if option.get("players") and players not in option["players"]:
                continue
            raw = data.get(name) or str(option["default"])
            values = {str(value): value for value, _label in option["choices"]}
            if raw in values:
                options[option["name"]] = values[raw]
        data["options"] = options
        invited, bots = [], []
        users = get_user_model().objects
        for index, name in enumerate([name for name in self.seat_fields if not name.endswith("_bot")], start=1):
            username = (data.get(name) or "").strip()
            bot = data.get(f"{name}_bot") or ""
            if index < players:
                bots.append(bot)
            if bot and username and index < players:
                self.add_error(f"{name}_bot", _("A seat is either a bot's or a player's: leave the name empty."))
                continue
            if index >= players or not username:
                if index < players:
                    invited.append(None)
                continue
            user = users.filter(username__iexact=username, is_active=True).first()
            if user is None:
                self.add_error(name, _("There is no player called %(name)s.") % {"name": username})
            elif user == self.host:
                self.add_error(name, _("You already have the first seat."))
            else:
                invited.append(user)
        data["invited"], data["bots"] = invited, bots
        return data


class ChatForm(forms.Form):
    body = forms.CharField(label=_("Message"), max_length=500,
                           widget=forms.TextInput(attrs={"autocomplete": "off"}))
