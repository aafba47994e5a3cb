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
def game_title(game_id):
    """A game's name in the reader's language ("Catan: Städte & Ritter"), from its id."""
    from games.engines import UnknownGame, title

    try:
        return title(game_id)
    except UnknownGame:
        return str(game_id).replace("_", " ").title()


@register.filter
def players_line(game):
    from games.presenters import players_line as line

    return line(game)


@register.filter
def solo_line(game):
    from games.presenters import solo_line as line

    return line(game)


@register.filter
def humanize_key(key):
    return str(key).replace("_", " ").capitalize()


@register.simple_tag
def data_view(value, names=None):
    """A clear, generic rendering of a view: sections, inline key/value chips, tables."""
    names = names or {}
    if isinstance(value, dict) and value:
        sections = format_html_join(
            "", '<section class="data-section"><h3>{}</h3>{}</section>',
            ((humanize_key(k), _render(v, names, 1)) for k, v in value.items()),
        )
        return format_html('<div class="data-sections">{}</div>', sections)
    return _render(value, names, 0)


def _is_scalar(value):
    return not isinstance(value, (dict, list)) or is_text(value)


def _flat(value):
    """A scalar, or a short list of scalars."""
    return _is_scalar(value) or (isinstance(value, list) and len(value) <= 8 and all(map(_is_scalar, value)))


def _render(value, names, depth):
    if is_text(value):
        return format_html("{}", render(value, names))
    if isinstance(value, dict):
        if not value:
            return mark_safe('<span class="muted">—</span>')
        if all(_flat(v) for v in value.values()):
            return format_html_join(
                "", '<span class="kv"><span class="k">{}</span> {}</span>',
                ((humanize_key(k), _render(v, names, depth + 1)) for k, v in value.items()),
            )
        rows = format_html_join(
            "", "<dt>{}</dt><dd>{}</dd>",
            ((humanize_key(k), _render(v, names, depth + 1)) for k, v in value.items()),
        )
        return format_html('<dl class="data depth-{}">{}</dl>', min(depth, 3), rows)
    if isinstance(value, list):
        if not value:
            return mark_safe('<span class="muted">—</span>')
        if all(_is_scalar(v) for v in value):
            return format_html_join("", '<span class="chip">{}</span>', ((_render(v, names, depth),) for v in value))
        if _table_like(value):
            keys = list(value[0])
            head = format_html_join("", "<th>{}</th>", ((humanize_key(k),) for k in keys))
            body = format_html_join("", "<tr>{}</tr>", ((
                format_html_join("", "<td>{}</td>", ((_render(row[k], names, depth + 1),) for k in keys)),
            ) for row in value))
            return format_html('<table class="data"><thead><tr>{}</tr></thead><tbody>{}</tbody></table>', head, body)
        items = format_html_join("", "<li>{}</li>", ((_render(v, names, depth + 1),) for v in value))
        return format_html('<ol class="data" start="0">{}</ol>', items)
    return format_html("{}", _scalar(value))


def _table_like(rows):
    if not all(isinstance(row, dict) and row for row in rows):
        return False
    keys = list(rows[0])
    return len(keys) <= 10 and all(list(row) == keys and all(map(_flat, row.values())) for row in rows)


def _scalar(value):
    if value is None:
        return "—"
    if value is True:
        return "✓"
    if value is False:
        return "✗"
    return str(value)
