"""The new game form answering with an error, in headless chromium at 1366x768 and 390 px, in
both languages: the players come back as they were set (three rows, not four), the number the
scenario needs is marked with its message beside it, and nothing scrolls sideways. The
Portuguese walks are ``proof`` (CI's proof run)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytestmark = [pytest.mark.seed(2), pytest.mark.refusals(400)]
SIZES = [(1366, 768), (390, 844)]
MESSAGE = {"en-US": "Special Main Objective R1 is in the box", "pt-BR": "O Objetivo Especial R1"}
SHOTS = os.environ.get("COMPANION_SHOTS")
"""A folder to save the screenshots in, for a person to look at (none by default)."""


@pytest.mark.parametrize("locale", ["en-US", pytest.param("pt-BR", marks=pytest.mark.proof)])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_scenario_without_its_numbers_keeps_the_players_and_marks_the_field(
    browser, served, locale, width, height
):
    _, base = served
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale=locale, is_mobile=width < 500
    )
    page = context.new_page()
    page.goto(f"{base}/games/new")
    page.fill('input[name="name"]', "Kept")
    for n, name in enumerate(["Ana", "Bruno", "Carla"]):
        page.locator('input[name="seat_name"]').nth(n).type(name)
    assert page.locator('input[name="seat_name"]').count() == 4  # a fresh row for a fourth
    page.check('input[name="scenario"][value="raxxon:1"]')
    with page.expect_navigation():
        page.click("button.primary")
    names = page.locator('input[name="seat_name"]')
    assert [names.nth(i).input_value() for i in range(names.count())] == ["Ana", "Bruno", "Carla"]
    field = page.locator('input[name="typed_morale"]')
    assert field.get_attribute("aria-invalid") == "true"
    note = page.locator("#" + field.get_attribute("aria-describedby"))
    assert note.is_visible() and MESSAGE[locale] in note.inner_text()
    assert page.locator('input[name="scenario"][value="raxxon:1"]').is_checked()
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    if SHOTS:
        note.scroll_into_view_if_needed()
        name = f"newgame-kept-{locale}-{width}"
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))
        page.locator("table.objectives").screenshot(path=str(Path(SHOTS) / f"{name}-table.png"))
