"""Accessible everywhere (issue 29, point 9): axe-core runs on every page and state, in English
and in Brazilian Portuguese, at the laptop's and a phone's size; no critical or serious
WCAG 2.1 A/AA violation, and every page names itself in an h1 (tests/helpers/axe.py).

The play-through (tests/helpers/e2e.py) runs the same check on every state a whole game
reaches; this test walks the pages a game does not (home, cards, errors, join pages, a
phone whose seat is held elsewhere) and each kind of state built directly (helpers/states.py).
The sweep of every page and state is a ``proof`` (both languages); the default run checks a
page of each kind at both sizes (and the nudge test's round start, helpers/e2e.py, the table
and phones on the way).
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers.axe import violations
from helpers.states import cookies_of, states

pytestmark = pytest.mark.seed(3)
SIZES = {"table": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
PHONE_PAGES = ("phone-", "join-")
"""Pages a phone opens (checked at 390 px); the others at the laptop's size."""
KINDS = ("home", "cards-search", "join-pick", "table-turn", "phone-turn", "end-page")
"""A page of each kind (the home page, the cards found by a search, a join page, the table screen
and a phone in a turn, the end), in the order helpers/states.py builds them."""
BROKEN = (
    '<main><h1>x</h1><img src="/static/favicon.svg">'
    '<p class="faint">faint</p><button></button></main>'
)


def one_page_per_size(browser: Any) -> dict[str, Any]:
    """A page in a context of its own for each size, reused for every page shown at that size."""
    return {size: browser.new_context(viewport=box).new_page() for size, box in SIZES.items()}


def check(page: Any, base: str, lang: str, name: str, path: str, phone: Any) -> list[str]:
    """Open ``path`` on ``page`` with only its own cookies (language, seat); what axe finds."""
    # As in a fresh context: the cookies are this page's alone, and the only storage the pages
    # write (live.js's memory of the moments a phone vibrated for) changes nothing they show.
    page.context.clear_cookies()
    cookies = [{"name": "lang", "value": lang, "url": base}]
    page.context.add_cookies(cookies + (cookies_of(phone, base) if phone else []))
    page.goto(base + path)
    page.wait_for_load_state("load")
    assert page.locator("html").get_attribute("lang") == lang.replace("_", "-"), name
    return violations(page)


def report(found: dict[str, list[str]]) -> str:
    """Every violation found, by page and state."""
    return "accessibility violations (axe-core, WCAG 2.1 A/AA):\n" + "\n".join(
        f"{where}:\n  " + "\n  ".join(lines) for where, lines in found.items()
    )


@pytest.mark.proof
@pytest.mark.refusals(404, 403)  # the error pages answer with their status, as they should
@pytest.mark.parametrize("lang", ["en", "pt_BR"])
def test_every_page_and_state_has_no_serious_violation(browser, served, lang):
    app, base = served
    table = app.test_client()
    pages = one_page_per_size(browser)
    found = {}
    for name, path, phone in states(app, table):
        size = "phone" if name.startswith(PHONE_PAGES) else "table"
        lines = check(pages[size], base, lang, name, path, phone)
        if lines:
            found[f"{name} ({path})"] = lines
    assert not found, report(found)


def test_a_page_of_each_kind_has_no_serious_violation_at_both_sizes(browser, served):
    """The default run's share of the sweep: KINDS in English, each at both sizes."""
    app, base = served
    table = app.test_client()
    pages = one_page_per_size(browser)
    found = {}
    checked = []
    for name, path, phone in states(app, table):
        if name not in KINDS:
            continue
        checked.append(name)
        for size, page in pages.items():
            lines = check(page, base, "en", name, path, phone)
            if lines:
                found[f"{name} at the {size}'s size ({path})"] = lines
    assert checked == list(KINDS)
    assert not found, report(found)


def test_the_check_finds_what_it_is_for(browser, served):
    """The check is not blind under the app's policy: a page with an image without text, a
    button without a name and faint text shows each (axe runs where no inline script may)."""
    _app, base = served
    page = browser.new_page(viewport=SIZES["table"])
    page.goto(f"{base}/cards")
    page.evaluate(
        "html => { document.body.innerHTML = html; const p = document.querySelector('.faint');"
        " p.setAttribute('class', ''); p.style.color = '#bbb'; p.style.background = '#fff'; }",
        BROKEN,
    )
    found = "\n".join(violations(page))
    for rule in ("image-alt", "button-name", "color-contrast"):
        assert rule in found, (rule, found)
    page.evaluate("() => document.querySelector('h1').remove()")
    assert "page-has-heading-one" in "\n".join(violations(page))
