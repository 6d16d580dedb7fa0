"""A base turn's lucky kill counted on the main objective from the active player's phone in
chromium at 390x844, in English and Brazilian Portuguese, the laptop untouched (0 taps) while it
follows live: the kill with its exposure face, then +1 on the card. The turn's bar marks the
open survivor's group (aria-current, drawn); the exposure faces never break a word; no sideways
scroll, axe-core clean (console errors fail any browser test)."""

from __future__ import annotations

import pytest
from helpers.axe import violations
from helpers.browser import IN_FLIGHT_JS, WAIT_MS
from helpers.phones import head, new_game, seated_and_kept, table_act, take_seat
from helpers.states import cookies_of
from test_phone_long_night_turn_browser import (
    IN_VIEW_JS,
    SIDEWAYS_JS,
    WORD_BROKEN_JS,
    Phone,
    _settle,
)
from test_taps_phone_turns_browser import Taps

pytestmark = pytest.mark.seed(3)

PHONE = {"width": 390, "height": 844}
TABLE = {"width": 1366, "height": 768}


def _marked(page) -> list[str]:
    return page.locator("#my-turn .turn-who .chip[aria-current]").all_inner_texts()


@pytest.mark.parametrize("lang", ["en", pytest.param("pt_BR", marks=pytest.mark.proof)])
def test_a_lucky_kill_is_counted_on_the_active_phone_with_the_laptop_untouched(
    browser, served, lang
):
    app, base = served
    table = app.test_client()
    game, clients = seated_and_kept(app, table)
    state, _ = head(app, game)
    table_act(app, game, type="add_zombies_by_hand", place="colony", count=2)  # to kill
    table_act(app, game, type="reveal_crisis", seed=2)
    table_act(app, game, type="start_turn")
    state, _ = head(app, game)
    seat = state["turn"]["seat"]
    mine = [s for s in state["survivors"] if s["owner"] == seat]
    taps = Taps()
    laptop = browser.new_context(viewport=TABLE)
    laptop.add_init_script(IN_FLIGHT_JS)
    laptop_page = laptop.new_page()
    laptop_page.goto(f"{base}/games/{game}")
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(IN_FLIGHT_JS)
    context.add_cookies(cookies_of(clients[seat], base))
    page = context.new_page()
    page.goto(f"{base}/lang/{lang}?next=/phone/{game}")
    _settle(page)
    phone = Phone(page, taps, seat, lang)
    assert page.evaluate(SIDEWAYS_JS) <= 0
    assert violations(page) == []

    # a group opened: its name is marked in the bar, drawn apart from the others
    phone.open(0)
    assert _marked(page) == [mine[0]["name"]]
    chips = page.locator("#my-turn .turn-who .chip")
    assert chips.nth(0).evaluate("el => getComputedStyle(el).borderColor") != chips.nth(1).evaluate(
        "el => getComputedStyle(el).borderColor"
    )
    phone.open(1)  # through the bar: the mark follows
    assert _marked(page) == [mine[1]["name"]]
    phone.open(0)
    assert _marked(page) == [mine[0]["name"]]
    # every exposure face whole on a line (Frostbite / Congelamento)
    page.evaluate("() => document.querySelectorAll('#my-turn details').forEach(d => d.open = true)")
    assert page.evaluate(WORD_BROKEN_JS, page.locator("#my-turn").element_handle()) == []
    assert page.evaluate(SIDEWAYS_JS) <= 0
    page.evaluate(
        "() => { document.querySelectorAll('#my-turn details').forEach(d => d.open = false);"
        " scrollTo(0, 0); }"
    )
    phone.open(0)

    taps.begin()
    kill = phone.group(0).locator("form.turn-kill")
    kill.scroll_into_view_if_needed()
    if not kill.locator("input[type=radio]:checked").count():
        phone.tap(kill.locator(".turn-place").first, "kill where")
    phone.send(kill.locator("button.face-blank"), "face blank", face=True)
    taps.end("kill")
    assert _marked(page) == [mine[0]["name"]]  # the group stays open, still marked

    # the die came up 4 or more: one tap puts the zombie on the card
    taps.begin()
    beside = phone.group(0).locator(".turn-kill-objective")
    plus = beside.locator("form:has(input[value=add_objective_progress]) button")
    assert violations(page) == []
    phone.send(plus, "objective +1")  # beside the kill: in view without scrolling
    taps.end("objective +1")
    state, version = head(app, game)
    assert state["main_objective"]["progress"] == 1
    word = "zombies" if lang == "en" else "zumbis"
    counted = beside.locator("legend").inner_text()
    assert word in counted and "1" in counted and "9" in counted, counted
    assert beside.locator("form:has(input[value=remove_objective_progress])").count() == 1
    laptop_page.wait_for_function(
        "v => +document.querySelector('#game').dataset.liveVersion >= v",
        arg=version,
        timeout=WAIT_MS,
    )
    assert "laptop" not in taps.by_device
    assert all(n <= 2 for _, n in taps.actions), taps.actions


@pytest.mark.parametrize("lang", ["en", pytest.param("pt_BR", marks=pytest.mark.proof)])
def test_a_box_dealt_replacement_survivor_is_the_players_moment_on_their_phone(
    browser, served, lang
):
    """Survivors from the box: Ana's last survivor dies to the table's card; her phone calls
    her at the top (the moment's line and its form in view without scrolling) and she enters
    the card she drew; the laptop is not touched for it."""
    app, base = served
    table = app.test_client()
    game = new_game(app, 3, deal=False, seed=7)
    clients = {sid: take_seat(app, table, game, sid) for sid in ("s1", "s2", "s3")}
    state, _ = head(app, game)
    assert state["survivor_deck"] != "companion"
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(IN_FLIGHT_JS)
    context.add_cookies(cookies_of(clients["s1"], base))
    page = context.new_page()
    page.goto(f"{base}/lang/{lang}?next=/phone/{game}")
    _settle(page)
    for s in [s for s in state["survivors"] if s["owner"] == "s1"]:
        table_act(app, game, type="kill_survivor_by_card", survivor_id=s["id"])
    state, _ = head(app, game)
    assert state["seats"][0]["needs_survivor"], [s["owner"] for s in state["survivors"]]
    page.reload()  # the card entered through the store, not the table screen's live stream
    page.wait_for_selector("#new-survivor-now", timeout=WAIT_MS)
    _settle(page)
    assert page.locator(".must-do-new_survivor").count() == 1
    page.evaluate("scrollTo(0, 0)")
    button = page.locator("#new-survivor-now button.primary")
    assert button.evaluate(IN_VIEW_JS), "the moment's button is below the fold"
    assert page.evaluate(SIDEWAYS_JS) <= 0
    assert violations(page) == []
    taps = Taps()
    phone = Phone(page, taps, "s1", lang)
    page.locator("#new-survivor").select_option(index=1)
    phone.send(button, "add my new survivor")
    state, _ = head(app, game)
    leaders = [s for s in state["survivors"] if s["owner"] == "s1"]
    assert len(leaders) == 1 and leaders[0]["leader"] is True
    assert not state["seats"][0]["needs_survivor"]
    assert not page.locator("#new-survivor-now").count()
    assert not page.locator(".must-do-new_survivor").count()
