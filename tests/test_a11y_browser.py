"""Accessible everywhere (issue 29, point 9): axe-core runs on every page and state, in English
and in Brazilian Portuguese, at the laptop's and a phone's size; no critical or serious
WCAG 2.1 A/AA violation, and every page names itself in an h1 (tests/helpers/axe.py).

The play-through (tests/helpers/e2e.py) runs the same check on every state a whole game
reaches; this test walks the pages a game does not (home, cards, errors, join pages, a
phone whose seat is held elsewhere) and each kind of state built directly (helpers/states.py).
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
BROKEN = (
    '<main><h1>x</h1><img src="/static/favicon.svg">'
    '<p class="faint">faint</p><button></button></main>'
)


def one_page_per_size(browser: Any) -> dict[str, Any]:
    """A page in a context of its own for each size, reused for every page shown at that size."""
    return {size: browser.new_context(viewport=box).new_page() for size, box in SIZES.items()}


def check(
    pages: dict[str, Any], base: str, lang: str, name: str, path: str, phone: Any
) -> list[str]:
    """Open ``path`` at its size with only its own cookies (language, seat); what axe finds."""
    page = pages["phone" if name.startswith(PHONE_PAGES) else "table"]
    # As in a fresh context: the cookies are this page's alone, and the only storage the pages
    # write (live.js's memory of the moments a phone vibrated for) changes nothing they show.
    page.context.clear_cookies()
    cookies = [{"name": "lang", "value": lang, "url": base}]
    page.context.add_cookies(cookies + (cookies_of(phone, base) if phone else []))
    page.goto(base + path)
    page.wait_for_load_state("load")
    assert page.locator("html").get_attribute("lang") == lang.replace("_", "-"), name
    return violations(page)


@pytest.mark.refusals(404, 403)  # the error pages answer with their status, as they should
@pytest.mark.parametrize("lang", ["en", pytest.param("pt_BR", marks=pytest.mark.proof)])
def test_every_page_and_state_has_no_serious_violation(browser, served, lang):
    app, base = served
    table = app.test_client()
    pages = one_page_per_size(browser)
    found = {}
    for name, path, phone in states(app, table):
        lines = check(pages, base, lang, name, path, phone)
        if lines:
            found[f"{name} ({path})"] = lines
    assert not found, "accessibility violations (axe-core, WCAG 2.1 A/AA):\n" + "\n".join(
        f"{where}:\n  " + "\n  ".join(lines) for where, lines in found.items()
    )


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
