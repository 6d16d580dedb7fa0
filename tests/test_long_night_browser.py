"""The Long Night's screens this issue changed, in headless chromium at 1366x768 and 390px in
both languages: the containment check in the Confirm's list (000:792), the next Raxxon
experiment asked at once on the table and on a phone (000:769), the Hideout's take asking who
takes (000:755); axe-core clean, no sideways scroll, no console error."""

from __future__ import annotations

import os

import pytest
from helpers.axe import violations
from helpers.phones import take_seat
from helpers.states import cookies_of
from helpers.table import current, make_game, table_act, view_of

pytestmark = pytest.mark.seed(1)
SIZES = {"wide": {"width": 1366, "height": 768}, "narrow": {"width": 390, "height": 844}}
SHOTS = os.environ.get("COMPANION_SHOTS")
"""A folder to save each page's screenshot in, for a person to look at (unset: none)."""
SIDEWAYS_JS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
OPEN_JS = "() => document.querySelectorAll('details').forEach(d => { d.open = true; })"


def look(
    browser, base: str, path: str, lang: str, size: str, name: str, client=None, overlay=""
) -> str:
    """Open ``path`` in ``lang`` at one size (as ``client``'s phone when given): no sideways
    scroll, axe-core clean; the page's text with its folded parts opened (of the table's rare
    groups, which open one at a time in an overlay, the one named ``overlay``)."""
    context = browser.new_context(viewport=SIZES[size])
    if client is not None:
        context.add_cookies(cookies_of(client, base))
    context.add_cookies([{"name": "lang", "value": lang, "url": base}])
    page = context.new_page()
    page.goto(base + path)
    assert page.evaluate(SIDEWAYS_JS) <= 0, f"{name} {lang} {size} scrolls sideways"
    assert violations(page) == [], f"{name} {lang} {size}"
    page.evaluate(OPEN_JS)  # every folded group and list opened: still no sideways scroll
    assert page.evaluate(SIDEWAYS_JS) <= 0, f"{name} {lang} {size} opened scrolls sideways"
    if overlay:
        page.wait_for_timeout(50)  # the toggle events of OPEN_JS have gone by
        page.evaluate(f"document.getElementById('{overlay}').open = true")
        page.wait_for_timeout(50)  # its own toggle event folds the others, not it
        assert page.locator(f"#{overlay}").evaluate("g => g.open"), overlay
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}-{lang}-{size}.png", full_page=True)
        for part in ("section.whatnow", "#group-bandits", "main"):
            if page.locator(part).count():
                shot = f"{SHOTS}/{name}-{lang}-{size}-{part.strip('#.').replace('.', '-')}.png"
                page.locator(part).first.screenshot(path=shot)
    text = page.inner_text("body")
    context.close()
    return text.casefold()  # innerText follows the CSS's capitals


def every_turn_played(app, game_id: str) -> None:
    """Each player starts and ends a turn: the colony phase is next."""
    for _ in range(12):
        kind = view_of(app, game_id)["waiting"]["kind"]
        if kind not in ("start_turn", "turn"):
            return
        table_act(app, game_id, {"type": "start_turn" if kind == "start_turn" else "end_turn"})


@pytest.mark.proof  # 20 s in chromium: the proof run (its engine rules are test_engine_raxxon's)
def test_the_containment_check_and_the_next_experiment_on_the_screens(browser, served):
    app, base = served
    game_id = make_game(app, ruleset="long_night", settings={"modules": ["raxxon"]})
    table_act(app, game_id, {"type": "enter_experiment", "code": [3, 5], "zombies": ["Claw"]})
    table_act(app, game_id, {"type": "reveal_crisis", "name": "Quiet", "prevent": ["food"]})
    every_turn_played(app, game_id)
    table = f"/games/{game_id}"
    for lang, heading in (("en", "Before step 1"), ("pt_BR", "Antes da etapa 1")):
        for size in SIZES:
            assert heading.casefold() in look(browser, base, table, lang, size, "containment")
    table_act(app, game_id, {"type": "start_colony_phase"})
    table_act(app, game_id, {"type": "place_special_zombies", "places": ["colony"]})
    assert current(app, game_id).state["pending"]["next"] is True
    held = take_seat(app, app.test_client(), game_id, "s2")
    for lang, heading, mine in (
        ("en", "The next Raxxon experiment", "The table enters the next Raxxon experiment."),
        ("pt_BR", "O próximo experimento da Raxxon", "A mesa informa o próximo experimento"),
    ):
        for size in SIZES:
            assert heading.casefold() in look(browser, base, table, lang, size, "next-experiment")
        text = look(browser, base, f"/phone/{game_id}", lang, "narrow", "phone-next", held)
        assert mine.casefold() in text


@pytest.mark.proof  # 10 s in chromium: the proof run (its engine rule is test_engine_bandits')
def test_the_hideout_take_asks_who_takes_the_cards(browser, served):
    app, base = served
    game_id = make_game(app, ruleset="long_night", settings={"modules": ["bandits"]})
    table_act(app, game_id, {"type": "reveal_crisis", "name": "Quiet", "prevent": ["food"]})
    table_act(app, game_id, {"type": "start_turn"})
    view = view_of(app, game_id)
    active = view["turn"]["seat"]
    mine = [s["id"] for s in view["survivors"] if s["owner"] == active]
    for sid in mine[:2]:
        table_act(
            app,
            game_id,
            {"type": "move_survivor", "survivor_id": sid, "to": "long_night.bandits-hideout",
             "exposure": "blank"},
        )  # fmt: skip
    table_act(app, game_id, {"type": "set_hideout_cards", "count": 3})
    assert view_of(app, game_id)["legal"]["table"]["take_from_hideout"]["survivor_id"] == mine[:2]
    table = f"/games/{game_id}"
    for lang, label in (("en", "Who takes them"), ("pt_BR", "Quem pega")):
        for size in SIZES:
            text = look(browser, base, table, lang, size, "hideout", overlay="group-bandits")
            assert label.casefold() in text
