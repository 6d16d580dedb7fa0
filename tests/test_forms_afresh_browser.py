"""Forms start afresh: after the game accepts an action its form (a panel of the board folds and
lets its choices go) shows what the server sends again, never the last
destination, die face or count; a refused action keeps what was chosen, to be put right. The
cause was the morph leaving alone a part whose markup had not changed (static/live.js), though
its field showed a choice made by hand."""

from __future__ import annotations

import pytest
from helpers.browser import IN_FLIGHT_JS, SETTLED_JS, WAIT_MS
from helpers.table import current, make_game, table_act, view_of

pytestmark = pytest.mark.seed(1)


def _version(page) -> int:
    return int(page.locator("#game").get_attribute("data-live-version"))


def _send(page, button) -> None:
    """Press ``button`` and wait until the answer is morphed in."""
    page.evaluate("document.querySelector('#game').dataset.old = '1'")
    button.click()
    page.wait_for_function("() => !document.querySelector('#game').dataset.old", timeout=WAIT_MS)
    page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)


def _turn(app, game_id: str) -> tuple[dict, str]:
    """A game in its first turn: the mover and a place it may go to (not the first offered)."""
    table_act(app, game_id, {"type": "reveal_crisis"})
    seat = view_of(app, game_id)["waiting"]["seat"]
    table_act(app, game_id, {"type": "start_turn", "seat_id": seat})
    view = view_of(app, game_id)
    mover = next(s for s in view["survivors"] if s["owner"] == seat)
    return mover, seat


@pytest.mark.refusals(409, 422)
def test_an_accepted_move_forgets_its_choices_and_a_refused_one_keeps_them(browser, served):
    app, base = served
    game_id = make_game(app)
    mover, _seat = _turn(app, game_id)
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.add_init_script(IN_FLIGHT_JS)
    page.goto(f"{base}/games/{game_id}")
    panel = page.locator(f"#board details[data-act-survivor='{mover['id']}']")
    places = panel.locator("input[name=to]").evaluate_all("os => os.map(o => o.value)")
    place = places[1]

    # refused (the table moved on meanwhile): the panel stays open with its place, to be put right
    panel.locator("summary").click()
    panel.locator(f"label:has(input[value='{place}'])").click()
    page.evaluate("document.querySelectorAll('input[name=version]').forEach(i => i.value = '1')")
    before = _version(page)
    _send(page, panel.locator("button[name=exposure][value=wound]"))
    assert page.locator("#game .alert").count() == 1
    assert _version(page) == before
    assert panel.evaluate("d => d.open")
    assert panel.locator("input[name=to]:checked").evaluate("i => i.value") == place

    # accepted: the panel folds; opened again it shows no place chosen
    page.goto(f"{base}/games/{game_id}")
    panel.locator("summary").click()
    panel.locator(f"label:has(input[value='{place}'])").click()
    _send(page, panel.locator("button[name=exposure][value=wound]"))
    assert _version(page) == before + 1
    assert page.locator("#game .alert").count() == 0
    moved = next(s for s in current(app, game_id).state["survivors"] if s["id"] == mover["id"])
    assert moved["location"] == place and moved["wounds"] == 1
    assert not panel.evaluate("d => d.open")
    assert page.locator("#board input[name=to]:checked").count() == 0


def test_a_tap_on_the_board_serves_one_action_and_counts_start_afresh(browser, served):
    app, base = served
    game_id = make_game(app)
    mover, _seat = _turn(app, game_id)
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.add_init_script(IN_FLIGHT_JS)
    page.goto(f"{base}/games/{game_id}")
    # a place chosen in a survivor's panel, then another action on the board (its noise): the
    # panel folds and lets its place go
    panel = page.locator(f"#board details[data-act-survivor='{mover['id']}']")
    panel.locator("summary").click()
    panel.locator("input[name=to]").first.check()
    noise = sum(loc["noise"] for loc in current(app, game_id).state["locations"])
    _send(page, page.locator("#board button.act-noise").first)
    assert page.locator("#game .alert").count() == 0
    assert sum(loc["noise"] for loc in current(app, game_id).state["locations"]) == noise + 1
    assert not panel.evaluate("d => d.open"), "the panel stayed open after another action"
    assert page.locator("#board input[name=to]:checked").count() == 0, "a place stayed chosen"
    # a count typed in the table's group is back at the server's value once accepted
    count = page.locator("#table-group form.ctl-add_food input[name=count]")
    count.fill("3")
    _send(page, page.locator("#table-group form.ctl-add_food button[type=submit]"))
    assert current(app, game_id).state["food"] == 3
    assert count.input_value() == "1"
