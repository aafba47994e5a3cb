"""The profile's email settings say that turn emails wait while the player is on the site."""


def test_the_email_settings_explain_the_held_back_turn_email(alice_client, settings):
    settings.ACTIVE_SECONDS = 300
    page = alice_client.get("/profile/").content.decode()
    emails = page[page.index('id="emails"'):]
    assert "Turn emails wait while you are on the site" in emails
    assert "active in the last 5 minutes" in emails and "away for 5 minutes" in emails


def test_the_minutes_follow_the_setting_with_the_right_plural(alice_client, settings):
    settings.ACTIVE_SECONDS = 60
    page = alice_client.get("/profile/").content.decode()
    assert "away for 1 minute," in page


def test_the_explanation_in_german(alice, alice_client, settings):
    settings.ACTIVE_SECONDS = 300
    alice.profile.language = "de"
    alice.profile.save()
    page = alice_client.get("/profile/").content.decode()
    assert "Zug-E-Mails warten, solange du auf der Seite bist" in page and "5 Minuten" in page
