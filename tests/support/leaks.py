"""Collect everything a viewer can fetch about a game, to search it for secrets."""

import re

PAGES = [
    "/games/{pk}/", "/games/{pk}/live/", "/games/{pk}/chat/", "/games/{pk}/poll/?v=-1&c=-1",
    "/games/{pk}/replay/", "/games/{pk}/replay/{version}/",
    "/api/games/{pk}/", "/api/games/{pk}/moves/", "/api/games/{pk}/log/", "/api/games/{pk}/version/",
]


def everything(client, game):
    """The text of every page and API answer `client` may get about `game` now."""
    chunks = []
    for page in PAGES:
        response = client.get(page.format(pk=game.pk, version=game.version))
        assert response.status_code in (200, 204), (page, response.status_code)
        chunks.append(response.content.decode())
    return "\n".join(chunks)


def leaked(text, secrets):
    """The secrets (strings) that appear in `text` as whole tokens."""
    return sorted(
        secret for secret in secrets
        if re.search(rf"(?<![A-Za-z0-9]){re.escape(secret)}(?![A-Za-z0-9])", text)
    )
