"""axe-core (vendored: tests/browser/vendor/) run inside a Playwright page.

`violations(page)` injects axe once per document and returns the critical and serious
violations, each as "rule: help — selector, selector" lines that say where to look.
"""

from pathlib import Path

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
SERIOUS = ("critical", "serious")

RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary}))}));
}"""


def violations(page):
    """The critical and serious axe violations of the page as it is now (its context needs
    `bypass_csp=True`: the site allows no inline script)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(RUN)
    return [v for v in found if v["impact"] in SERIOUS]


def describe(found, limit=6):
    lines = []
    for v in found:
        targets = ", ".join(n["target"] for n in v["nodes"][:limit])
        more = " (+%d more)" % (len(v["nodes"]) - limit) if len(v["nodes"]) > limit else ""
        lines.append("%s [%s] %s — %s%s\n    %s" % (v["id"], v["impact"], v["help"], targets, more,
                                                  (v["nodes"][0]["summary"] or "").replace("\n", " ")))
    return "\n".join(lines)
