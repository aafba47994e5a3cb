"""Template helpers: engine text in the reader's language, a generic drawing of any view."""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from games.text import is_text, render

register = template.Library()


@register.filter
def game_text(entry):
    return render(entry)


@register.filter
def humanize_key(key):
    return str(key).replace("_", " ").capitalize()


@register.simple_tag
def data_view(value, names=None):
    """A clear, generic rendering of a view: dicts as definition lists, lists as rows."""
    return _render(value, names or {}, 0)


def _render(value, names, depth):
    if is_text(value):
        return format_html("{}", render(value, names))
    if isinstance(value, dict):
        if not value:
            return mark_safe('<span class="muted">—</span>')
        rows = format_html_join(
            "", "<dt>{}</dt><dd>{}</dd>",
            ((humanize_key(k), _render(v, names, depth + 1)) for k, v in value.items()),
        )
        return format_html('<dl class="data depth-{}">{}</dl>', min(depth, 3), rows)
    if isinstance(value, list):
        if not value:
            return mark_safe('<span class="muted">—</span>')
        if all(not isinstance(v, (dict, list)) for v in value):
            return format_html_join("", '<span class="chip">{}</span>', ((_scalar(v),) for v in value))
        items = format_html_join("", "<li>{}</li>", ((_render(v, names, depth + 1),) for v in value))
        return format_html('<ol class="data" start="0">{}</ol>', items)
    return format_html("{}", _scalar(value))


def _scalar(value):
    if value is None:
        return "—"
    if value is True:
        return "✓"
    if value is False:
        return "✗"
    return str(value)
