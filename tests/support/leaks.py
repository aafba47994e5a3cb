"""Collect everything a viewer can fetch about a game, to search it for secrets."""

import re

# Each page with a mark of its own content, so an empty or wrong answer cannot pass as "seen".
PAGES = {
    "/games/{pk}/": 'data-version="{version}"',
    "/games/{pk}/live/": 'id="live"',
    "/games/{pk}/chat/": 'id="chat-messages"',
    "/games/{pk}/poll/?v=-1&c=-1": '/games/{pk}/poll/?v={version}&amp;',  # v=-1 is always behind: never 204
    "/games/{pk}/replay/": "data-replay",
    "/games/{pk}/replay/{version}/": "data-replay",
    "/api/games/{pk}/": '"version": {version}',
    "/api/games/{pk}/moves/": '"version": {version}',
    "/api/games/{pk}/log/": '"version": {version}',
    "/api/games/{pk}/version/": '"version": {version}',
}


def everything(client, game, replays=True):
    """The text of every page and API answer `client` may get about `game` now. `replays=False`
    leaves out the replay pages (a test that put a prepared position into the game: its move log
    no longer replays to it)."""
    chunks = []
    for page, mark in PAGES.items():
        if not replays and "replay" in page:
            continue
        response = client.get(page.format(pk=game.pk, version=game.version))
        assert response.status_code == 200, (page, response.status_code)
        text = response.content.decode()
        assert mark.format(pk=game.pk, version=game.version) in text, (page, text[:300])
        chunks.append(text)
    return "\n".join(chunks)


def leaked(text, secrets):
    """The secrets (strings) that appear in `text` as whole tokens."""
    return sorted(
        secret for secret in secrets
        if re.search(rf"(?<![A-Za-z0-9]){re.escape(secret)}(?![A-Za-z0-9])", text)
    )


def seen_view(client, game):
    """The view the JSON API gives `client` (for structural checks of what a seat may see)."""
    import json

    response = client.get(f"/api/games/{game.pk}/")
    assert response.status_code == 200
    return json.loads(response.content)["view"]


def emails_of(user):
    """The text and HTML of every email stored for `user`."""
    from games.models import Email

    return "\n".join(f"{e.subject}\n{e.text}\n{e.html}" for e in Email.objects.filter(user=user))


# SVG geometry ("M10 4l…" in a path, coordinates in points and transforms) is drawing, not
# information: left out before searching for ids that look like it (a demand tile "M10").
DRAWING = re.compile(r'\s(?:d|points|viewBox|transform)="[^"]*"')


def without_drawing(text):
    return DRAWING.sub(" ", text)


def send_turn_emails():
    """Every due turn email, as the tick would send it (users who browsed count as away a day later)."""
    from datetime import timedelta

    from games.models import TurnMail
    from games.notifications import turns

    for mail in TurnMail.objects.exclude(due=None):
        turns.send_turn_mail(mail.pk, mail.due, mail.due + timedelta(days=1))
