"""The player's webhook page: address and format, status, a test notification, switch off."""

import uuid

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import Webhook
from games.notifications import build, webhooks


class WebhookForm(forms.ModelForm):
    url = forms.URLField(label=gettext_lazy("Webhook address"), max_length=500, assume_scheme="https",
                         help_text=gettext_lazy("Discord, Slack, Matrix or any address that takes JSON; http or https."))

    class Meta:
        model = Webhook
        fields = ["url", "format"]

    def clean_url(self):
        url = self.cleaned_data["url"]
        try:
            webhooks.check_address(url)
        except webhooks.Refused:
            raise forms.ValidationError(_("This address cannot receive notifications: it must be a public "
                                          "http or https address.")) from None
        return url


@login_required
def webhook(request):
    current = Webhook.objects.filter(user=request.user).first()
    form = WebhookForm(instance=current)
    if request.method == "POST":
        action = request.POST.get("action", "save")
        if current is None and action != "save":
            return render(request, "accounts/webhook.html", {"form": form, "webhook": None,
                                                              "error": _("Save an address first.")}, status=400)
        if action == "save":
            form = WebhookForm(request.POST, instance=current)
            if form.is_valid():
                saved = form.save(commit=False)
                saved.user = request.user
                saved.secret = saved.secret or webhooks.new_secret()
                saved.enabled, saved.failures, saved.last_error, saved.disabled_at = True, 0, "", None
                saved.save()
                messages.success(request, _("Your webhook is saved and switched on."))
                return redirect("webhook")
            return render(request, "accounts/webhook.html", {"form": form, "webhook": current}, status=400)
        if action == "test":
            webhooks.queue(request.user, "test", f"test:{uuid.uuid4().hex}",
                           _("A test notification from %(site)s") % {"site": settings.SITE_NAME},
                           build.absolute(reverse("webhook")))
            messages.success(request, _("A test notification is on its way; reload to see whether it arrived."))
        elif action == "secret":
            Webhook.objects.filter(pk=current.pk).update(secret=webhooks.new_secret())
            messages.success(request, _("A new secret is set: check the signatures with it from now on."))
        elif action == "remove":
            current.delete()
            messages.success(request, _("Your webhook is removed."))
        else:
            return render(request, "accounts/webhook.html", {"form": form, "webhook": current,
                                                              "error": _("Unknown action.")}, status=400)
        return redirect("webhook")
    return render(request, "accounts/webhook.html", {
        "form": form, "webhook": current,
        "last": current.deliveries.order_by("-created").first() if current else None,
    })
