"""Nothing in a scrolling pane: at each moment of a game (a turn, a crisis contribution, a
crossroads card waiting, a vote, the colony phase, its reveal, the end) the table screen at
1366x768, 1920x1080 and 1024x768 shows every enabled control of the moment inside the window,
none in a pane scrolled or needing a scroll to reach it; a rare group opens in an overlay that
fits the window; a phone at 390x844 shows its primary button in view; no page scrolls sideways;
axe-core finds no serious violation on the screen, its overlays and the phone, in both languages.
The default run walks them in English at 1366x768; the other sizes and Portuguese are ``proof``.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers.axe import violations
from helpers.browser import SETTLED_JS, WAIT_MS
from helpers.moments import moments
from helpers.phones import head
from helpers.states import cookies_of

pytestmark = pytest.mark.seed(3)

LAPTOPS = (
    {"width": 1366, "height": 768},
    {"width": 1920, "height": 1080},
    {"width": 1024, "height": 768},
)
PHONE = {"width": 390, "height": 844}

OUT_OF_VIEW_JS = """root => {
  /* Every enabled control under root that is drawn, and not where the hand is: outside the
     window, or clipped by (or needing a scroll of) a pane around it. The log is reading. */
  const faults = [];
  const controls = root.querySelectorAll(
    'button, select, input:not([type=hidden]), textarea, summary, a[href]');
  for (const el of controls) {
    if (el.disabled || !el.checkVisibility() || el.closest('.recent, .log, .sr-only')) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const name = (el.tagName + ' ' + (el.textContent || el.name || '').trim()).slice(0, 50);
    if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1) {
      const at = [r.left, r.top, r.right, r.bottom].map(Math.round);
      faults.push(`${name}: out of the window at ${at}`);
      continue;
    }
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (!/(auto|scroll|hidden)/.test(style.overflowY + style.overflowX)) continue;
      const box = a.getBoundingClientRect();
      if (r.top < box.top - 1 || r.bottom > box.bottom + 1
          || r.left < box.left - 1 || r.right > box.right + 1) {
        faults.push(`${name}: clipped by ${a.tagName}.${a.className}`);
        break;
      }
    }
  }
  return faults;
}"""
SIDEWAYS_JS = "() => document.scrollingElement.scrollWidth - innerWidth"
PRIMARY_JS = """root => {
  /* The phone's primary button of the moment: the first drawn, enabled one. */
  const b = [...root.querySelectorAll('button.primary, .btn-primary')]
    .find((el) => !el.disabled && el.checkVisibility());
  if (!b) return null;
  const r = b.getBoundingClientRect();
  return {text: b.textContent.trim(), top: r.top, bottom: r.bottom};
}"""


PHONE_OPENS = {"crisis-contribution": "#crisis-add > summary"}
"""What a phone's player unfolds at a moment before pressing its primary button."""
OVERLAY_JS = """group => {
  /* The unfolded group's overlay: inside the window, over everything around it. */
  const body = group.querySelector('.group-body');
  const r = body.getBoundingClientRect();
  const faults = [];
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
    faults.push(`overlay out of the window: ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
  }
  const hit = document.elementFromPoint((r.left + r.right) / 2, r.top + 5);
  if (!hit || !body.contains(hit)) faults.push('overlay covered by ' + (hit && hit.className));
  return faults;
}"""


SETTLED = SETTLED_JS.replace("window.e2eInFlight === 0\n  && ", "")


class Device:
    """One browser page at ``viewport`` in ``lang``, kept for the whole walk: each visit is a
    new document with the session's storage emptied first (what a fresh tab would have), the
    cookies of the phone it plays set anew, and none of the other tabs' leftovers."""

    def __init__(self, browser: Any, base: str, viewport: dict, lang: str) -> None:
        self.base, self.lang = base, lang
        self.context = browser.new_context(viewport=viewport)
        self.page = self.context.new_page()

    def open(self, path: str, client: Any = None) -> Any:
        """The page at ``path`` as the table (or ``client``'s phone), settled."""
        page = self.page
        if page.url.startswith(self.base):
            page.evaluate("() => sessionStorage.clear()")
        self.context.clear_cookies()
        self.context.add_cookies([{"name": "lang", "value": self.lang, "url": self.base}])
        if client is not None:
            self.context.add_cookies(cookies_of(client, self.base))
        page.goto(self.base + path)
        page.wait_for_function(SETTLED, timeout=WAIT_MS)
        return page

    def close(self) -> None:
        """Close its context."""
        self.context.close()


@pytest.mark.parametrize(
    ("lang", "laptops"),
    [
        ("en", LAPTOPS[:1]),
        pytest.param("en", LAPTOPS[1:], marks=pytest.mark.proof),
        pytest.param("pt_BR", LAPTOPS, marks=pytest.mark.proof),
    ],
    ids=["en-1366x768", "en-other-sizes", "pt_BR"],
)
def test_every_control_of_each_moment_is_in_view_at_every_size(browser, served, lang, laptops):
    """The default run walks the moments in English at the laptop's size (axe, every overlay,
    the phones); the proof run at the other sizes, and in Portuguese at every size."""
    app, base = served
    table = app.test_client()
    faults: dict[str, list[str]] = {}
    tables = [Device(browser, base, viewport, lang) for viewport in laptops]
    phones = Device(browser, base, PHONE, lang) if LAPTOPS[0] in laptops else None
    walked: set[tuple[str, int]] = set()
    for name, game, phone in moments(app, table):
        version = head(app, game)[1]
        # a moment only its phone tells from an earlier one: the same table screen, walked once
        screens = [] if (game, version) in walked else zip(tables, laptops, strict=True)
        for device, viewport in screens:
            where = f"{name} table {viewport['width']}x{viewport['height']} {lang}"
            page = device.open(f"/games/{game}")
            found = page.locator("#game").evaluate(OUT_OF_VIEW_JS)
            wide = page.evaluate(SIDEWAYS_JS)
            if wide > 0:
                found.append(f"scrolls sideways by {wide}px")
            laptop = viewport is LAPTOPS[0]
            if laptop:  # axe at the laptop's size: the screen, then each overlay open
                found += violations(page)
            for group in page.locator("#game details.fold").all():
                gid = group.get_attribute("id")
                assert gid, "a rare group without an id"
                group.locator(":scope > summary").click()
                page.wait_for_function(SETTLED, timeout=WAIT_MS)
                found += group.evaluate(OVERLAY_JS)
                if laptop:  # the screen around it was checked closed: the open group
                    found += violations(page, within=f"#{gid}")
                page.keyboard.press("Escape")
                if group.evaluate("g => g.open"):
                    found.append(f"{gid}: Escape left it open")
            if found:
                faults[where] = found
        walked.add((game, version))
        if phone is not None and phones is not None:
            page = phones.open(f"/phone/{game}", phone)
            where = f"{name} phone 390x844 {lang}"
            found = []
            opens = PHONE_OPENS.get(name)
            if opens:
                page.click(opens)  # the moment's form, unfolded by its player
            found += violations(page)
            primary = page.locator("#phone").evaluate(PRIMARY_JS)
            if primary and (primary["top"] < 0 or primary["bottom"] > PHONE["height"]):
                found.append(f"primary {primary}")
            wide = page.evaluate(SIDEWAYS_JS)
            if wide > 0:
                found.append(f"scrolls sideways by {wide}px")
            if found:
                faults[where] = found
    for device in [*tables, *([phones] if phones else [])]:
        device.close()
    report = "\n".join(f"{k}:\n  " + "\n  ".join(v) for k, v in faults.items())
    print(report)
    assert not faults, report


def test_a_rare_group_opens_and_folds_again_without_scripts(browser, served):
    """Without JavaScript a rare group still opens in its overlay, over the screen, and a tap
    beside the overlay (on its summary, the backdrop) folds it again."""
    app, base = served
    table = app.test_client()
    name, game, _phone = next(m for m in moments(app, table) if m[0] == "turn")
    context = browser.new_context(viewport=LAPTOPS[0], java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{base}/games/{game}")
    group = page.locator("#group-board")
    group.locator("summary").click()
    assert group.evaluate("g => g.open"), name
    assert not group.evaluate(OVERLAY_JS)
    assert page.locator("#group-board .group-close").is_hidden()  # game.js shows it
    page.mouse.click(5, LAPTOPS[0]["height"] - 5)  # beside the overlay
    assert not group.evaluate("g => g.open")
    context.close()
