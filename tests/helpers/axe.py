"""Accessibility in the browser tests (issue 29, point 9): axe-core, vendored for the tests only.

tests/vendor/axe-core/axe.min.js is axe-core 4.14.1 as the npm registry packs it (its LICENSE
beside it; `npm pack axe-core@4.14.1`). The app's policy allows no inline script, so the page
never loads it from a tag: ``page.evaluate`` runs its source text in the page (DevTools'
evaluation is not subject to the page's Content-Security-Policy), once per document.

`violations` runs it with the WCAG 2.0/2.1 A and AA rules and returns the critical and serious
violations (and a page without an h1), each as a readable line; `Checked` runs it once per page
and state (a play-through calls it after every step), so a state seen again costs nothing.
axe runs only the rules whose findings can be held (those WCAG tags' and ``ALSO``): the other
best-practice rules' findings were dropped anyway, and they took about a third of each run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE_JS = (Path(__file__).resolve().parent.parent / "vendor" / "axe-core" / "axe.min.js").read_text(
    encoding="utf-8"
)
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
IMPACTS = ("critical", "serious")
ALSO = ("page-has-heading-one",)
"""Rules outside WCAG's tags (axe's best practice) held at any impact: every page names itself
in an h1, which a screen reader's list of headings starts from."""
INJECT_JS = "source => { if (!window.axe) { (0, eval)(source); } return !!window.axe; }"
RUN_JS = """async ([tags, also, within]) => {
  /* The rules tagged with one of tags (as axe selects them: not its experimental ones), and
     each rule of also, enabled by name; over the document, or only the element within
     selects (then axe leaves out its rules about the whole page). */
  const rules = Object.fromEntries(also.map((id) => [id, {enabled: true}]));
  const result = await window.axe.run(within ? {include: [[within]]} : document, {
    runOnly: {type: 'tag', values: tags}, rules, resultTypes: ['violations']});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, wcag: v.tags.some((t) => tags.includes(t)),
    nodes: v.nodes.slice(0, 4).map((n) => ({target: n.target.join(' '),
      summary: (n.failureSummary || '').split('\\n').slice(1, 3).join(' ').trim()}))}));
}"""
STATE_JS = """() => {
  /* What tells one state of a page from another: its path, the "What now" kind, the phone's
     sections and open dialogs or folds (not the game's version: the same screen at version 5
     and 6 is one state for axe). */
  const marks = [...document.querySelectorAll(
    'section.whatnow, section[id], dialog[open], details[open][id], .alert')]
    .map((el) => el.tagName + '.' + (el.id || el.className));
  return location.pathname + ' ' + [...new Set(marks)].sort().join(',');
}"""


def violations(page: Any, within: str | None = None) -> list[str]:
    """The critical and serious WCAG 2.1 A/AA violations of what ``page`` shows now, one
    readable line each (rule, impact, what to do, the first elements and why); with ``within``
    (a selector), of that element only: what changed since the whole page was checked."""
    assert page.evaluate(INJECT_JS, AXE_JS), "axe-core did not load in the page"
    found = page.evaluate(RUN_JS, [TAGS, list(ALSO), within])
    lines = []
    for v in found:
        if not ((v["wcag"] and v["impact"] in IMPACTS) or v["id"] in ALSO):
            continue
        where = "; ".join(f"{n['target']} ({n['summary']})" for n in v["nodes"])
        lines.append(f"{v['impact']} {v['id']}: {v['help']} at {where}")
    return lines


class Checked:
    """The pages and states already checked in one test, and what was found on them."""

    def __init__(self, *, fail_fast: bool = False) -> None:
        self.fail_fast = fail_fast
        self.seen: set[str] = set()
        self.found: dict[str, list[str]] = {}

    def check(self, page: Any, name: str = "") -> list[str]:
        """Run axe on ``page`` unless its state was checked before; note and return what it
        found (``name`` says which device, in the report); with ``fail_fast``, fail at once."""
        state = page.evaluate(STATE_JS)
        if state in self.seen:
            return []
        self.seen.add(state)
        lines = violations(page)
        if lines:
            self.found[f"{name} {state}".strip()] = lines
            if self.fail_fast:
                self.assert_clean()
        return lines

    def assert_clean(self) -> None:
        """Fail with every violation noted, by page and state."""
        assert not self.found, "accessibility violations (axe-core, WCAG 2.1 A/AA):\n" + "\n".join(
            f"{where}:\n  " + "\n  ".join(lines) for where, lines in self.found.items()
        )
