"""The new game form and the setup checklist in headless chromium (issue 29, point 5): rows are
added as names are typed (static/newgame.js), the card sets follow the rulebook, "Create the
game" is in view at 1366x768 and on a 390 px phone without scrolling, nothing scrolls sideways,
and a tick on the checklist survives a reload."""

from __future__ import annotations

import pytest
from helpers.browser import WAIT_MS

pytestmark = pytest.mark.seed(2)
SIZES = [(1366, 768), (390, 844)]
PLAYER = {"en-US": "Player", "pt-BR": "Jogador"}
CREATE = {"en-US": "Create the game", "pt-BR": "Criar a partida"}


def _context(browser, width, height, locale):
    return browser.new_context(
        viewport={"width": width, "height": height}, locale=locale, is_mobile=width < 500
    )


def _in_view(page, selector: str) -> bool:
    """Whether the element is wholly inside the window as the page stands now."""
    return page.evaluate(
        """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.left >= 0
          && r.bottom <= innerHeight && r.right <= innerWidth; }""",
        selector,
    )


@pytest.mark.parametrize("locale", ["en-US", pytest.param("pt-BR", marks=pytest.mark.proof)])
def test_rows_are_added_as_names_are_typed_and_sets_follow_the_rulebook(browser, served, locale):
    _, base = served
    page = _context(browser, 1366, 768, locale).new_page()
    page.goto(f"{base}/games/new")
    names = page.locator('input[name="seat_name"]')
    assert names.count() == 2
    page.fill('input[name="name"]', "Typed rows")
    for n, name in enumerate(["Ana", "Bruno", "Carla", "Davi", "Elis"], start=1):
        names.nth(n - 1).type(name)
        expected = min(n + 1, 5)
        page.wait_for_function(
            f"() => document.querySelectorAll('input[name=seat_name]').length === {expected}",
            timeout=WAIT_MS,
        )
    labels = page.locator(".seat-row .seat-label").all_inner_texts()
    assert labels == [f"{PLAYER[locale]} {n}" for n in range(1, 6)]
    removes = page.locator('.seat-row button[name="edit"]')
    assert [removes.nth(i).get_attribute("value") for i in range(5)] == [
        f"remove_seat:{i}" for i in range(5)
    ]
    assert page.locator('.seat-row input[id="survivor-4-1"]').count() == 1
    assert page.locator("button.add-seat").count() == 0  # five is the most
    # The rulebook ticks its card sets: The Long Night's only under its own rulebook.
    long_night = page.locator('input[name="sets"][value="long_night"]')
    base_set = page.locator('input[name="sets"][value="base"]')
    assert not long_night.is_checked() and base_set.is_checked()
    page.select_option('select[name="ruleset"]', "long_night")
    assert long_night.is_checked() and base_set.is_checked()
    page.select_option('select[name="ruleset"]', "base")
    assert not long_night.is_checked() and base_set.is_checked()
    # A special scenario is played by The Long Night's rulebook: choosing one chooses it.
    page.check('input[name="scenario"][value="raxxon:1"]')
    assert page.locator('select[name="ruleset"]').input_value() == "long_night"
    assert long_night.is_checked() and base_set.is_checked()
    page.check('input[name="scenario"][value=""]')
    # The added rows are players: the companion deals, so names are enough.
    page.check('input[name="survivor_mode"][value="dealt"]')
    page.get_by_role("button", name=CREATE[locale]).click()
    page.wait_for_url("**/setup", timeout=WAIT_MS)
    assert page.locator(".setup-seats > li").count() == 5


@pytest.mark.parametrize("locale", ["en-US", pytest.param("pt-BR", marks=pytest.mark.proof)])
def test_the_form_and_the_checklist_fit_a_laptop_and_a_phone(browser, served, locale):
    """The button "Create the game" is in view without scrolling, at the top of the form and
    halfway down (it stays at the window's foot); no page scrolls sideways; a tick survives a
    reload."""
    _, base = served
    for width, height in SIZES:
        page = _context(browser, width, height, locale).new_page()
        page.goto(f"{base}/games/new")
        assert _in_view(page, "#form-submit button"), (width, "at the top")
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight / 2)")
        assert _in_view(page, "#form-submit button"), (width, "halfway")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        box = page.evaluate(
            "() => { const s = document.querySelector('.objective-scroll');"
            " return [s.scrollWidth, s.clientWidth]; }"
        )
        assert box[0] <= box[1], (width, box)
        page.evaluate("window.scrollTo(0, 0)")
        page.fill('input[name="name"]', f"Fit {width}")
        names = page.locator('input[name="seat_name"]')
        names.nth(0).fill("Ana")
        names.nth(1).fill("Bruno")
        page.check('input[name="survivor_mode"][value="dealt"]')
        page.locator("#form-submit button").click()
        page.wait_for_url("**/setup", timeout=WAIT_MS)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        join = page.locator("#step-join")
        assert join.locator(".jp-code").is_visible() and join.locator(".jp-qr img").count() == 1
        order = page.locator("ol.steps > li").evaluate_all("items => items.map(li => li.id)")
        assert order.index("step-join") < order.index("step-secret_objectives")
        page.locator("#step-board button.tick").click()
        page.wait_for_selector("#step-board.step-done", timeout=WAIT_MS)
        assert page.locator("#step-board button.tick").get_attribute("aria-pressed") == "true"
        page.reload()
        assert page.locator("#step-board").get_attribute("class").endswith("step-done")
        page.locator("#step-board button.tick").click()
        page.wait_for_selector("#step-board:not(.step-done)", timeout=WAIT_MS)
        page.reload()
        assert "step-done" not in page.locator("#step-board").get_attribute("class")
        page.context.close()
