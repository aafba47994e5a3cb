"""A local inbox (DEBUG only): reads the emails the file backend wrote to var/mail."""

from email import message_from_string, policy
from pathlib import Path

from django.conf import settings
from django.http import Http404
from django.shortcuts import render

SEPARATOR = "-" * 79


def _messages():
    folder = Path(settings.EMAIL_FILE_PATH)
    found = []
    for path in sorted(folder.glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True) if folder.is_dir() else []:
        chunks = [c.strip() for c in path.read_text(encoding="utf-8", errors="replace").split(SEPARATOR)]
        for number, chunk in enumerate(c for c in chunks if c):
            found.append((f"{path.stem}.{number}", message_from_string(chunk, policy=policy.default)))
    return found


def _body(message):
    part = message.get_body(preferencelist=("plain", "html")) if message.is_multipart() else message
    try:
        return part.get_content()
    except (LookupError, KeyError, AttributeError):
        return str(part.get_payload())


def _require_local():
    if not (settings.DEBUG and settings.LOCAL_INBOX):
        raise Http404


def inbox(request):
    _require_local()
    rows = [{"name": name, "subject": m["subject"], "to": m["to"], "date": m["date"]} for name, m in _messages()]
    return render(request, "inbox/list.html", {"rows": rows[:200]})


def message(request, name):
    _require_local()
    for found, mail in _messages():
        if found == name:
            return render(request, "inbox/message.html", {
                "mail": {"subject": mail["subject"], "to": mail["to"], "from": mail["from"], "date": mail["date"]},
                "body": _body(mail),
            })
    raise Http404
