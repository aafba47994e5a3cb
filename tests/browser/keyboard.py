"""Helpers of the keyboard-only browser tests: what has the focus, and Tab (or arrows) until it
is on the wanted element."""

FOCUSED = """() => { const e = document.activeElement; return e ? {
  tag: e.tagName.toLowerCase(), id: e.id, role: e.getAttribute('role'), name: e.getAttribute('aria-label') || e.textContent.trim(),
  choice: e.getAttribute('data-choice'), key: e.getAttribute('data-key') || e.getAttribute('data-list-key') } : null; }"""


def focused(page):
    return page.evaluate(FOCUSED)


def press_until(page, key, wanted, limit=80):
    """Press `key` until the focused element satisfies `wanted`; returns it."""
    for _ in range(limit):
        page.keyboard.press(key)
        now = focused(page)
        if now and wanted(now):
            return now
    raise AssertionError("pressing %s never reached the wanted element (last: %r)" % (key, focused(page)))
