"""Phones that fit and help (issue 29, point 6), in chromium: the language at the top of a
phone at 390x844, and the table's Release in view once its "Phones and QR" fold is open."""

from __future__ import annotations

import pytest
from helpers.browser import WAIT_MS
from helpers.phones import join_path, new_game, take_seat
from helpers.states import cookies_of

pytestmark = pytest.mark.seed(3)
PHONE = {"width": 390, "height": 844}
TABLE = {"width": 1366, "height": 768}
IN_VIEW_JS = """(el) => { const r = el.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""


def test_the_language_is_at_the_top_of_every_phone_page(browser, served):
    app, base = served
    table = app.test_client()
    game = new_game(app)
    held = take_seat(app, table, game, "s1")
    # One phone's page for all three: no cookie but the seat's where it is held, so each page
    # opens as a fresh phone's would (in English, then switched).
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    for path, client in ((f"/phone/{game}", held), (join_path(table, game), None), ("/j", None)):
        context.clear_cookies()
        if client:
            context.add_cookies(cookies_of(client, base))
        page.goto(base + path)
        assert page.evaluate("document.documentElement.lang") == "en", path
        links = page.locator("nav.lang a")
        assert links.count() == 2, path
        for n in range(2):
            box = links.nth(n).bounding_box()
            assert box and box["y"] + box["height"] <= 60, (path, box)  # the first line
        page.click("nav.lang a[lang=pt-BR]")
        page.wait_for_function("() => document.documentElement.lang === 'pt-BR'", timeout=WAIT_MS)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"], path
    context.close()


def test_the_tables_release_is_in_view_once_the_phones_fold_opens(browser, served):
    app, base = served
    table = app.test_client()
    game = new_game(app)
    for sid in ("s1", "s2", "s3"):
        take_seat(app, table, game, sid)
    page = browser.new_page(viewport=TABLE)
    page.goto(f"{base}/games/{game}")
    summary = page.locator("details#join-panel > summary")
    assert summary.inner_text().strip() == "Phones and QR"
    summary.click()
    releases = page.locator("#join-panel .jp-seats button")
    assert releases.count() == 3
    for n in range(3):
        assert releases.nth(n).evaluate(IN_VIEW_JS), n
