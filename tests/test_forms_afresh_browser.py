"""Forms start afresh: after the game accepts an action its form (and every form under the board,
where one tap picks into all of them) shows what the server sends again, never the last
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


@pytest.mark.refusals(422)
def test_an_accepted_move_forgets_its_choices_and_a_refused_one_keeps_them(browser, served):
    app, base = served
    game_id = make_game(app)
    mover, _seat = _turn(app, game_id)
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.add_init_script(IN_FLIGHT_JS)
    page.goto(f"{base}/games/{game_id}")
    move = page.locator("#hand form.ctl-move_survivor")
    who, to, face = (move.locator(f"select[name={n}]") for n in ("survivor_id", "to", "exposure"))
    first_to = to.input_value()
    places = to.locator("option").evaluate_all("os => os.map(o => o.value)")
    place = next(p for p in places if p != first_to)

    # refused (no face chosen): the choices stay, to be put right
    who.select_option(mover["id"])
    to.select_option(place)
    before = _version(page)
    _send(page, move.locator("button[type=submit]"))
    assert page.locator("#game .alert").count() == 1
    assert _version(page) == before
    assert (who.input_value(), to.input_value(), face.input_value()) == (mover["id"], place, "")

    # accepted: the same form shows the server's first choices again, no face chosen
    face.select_option("wound")
    _send(page, move.locator("button[type=submit]"))
    assert _version(page) == before + 1
    assert page.locator("#game .alert").count() == 0
    moved = next(s for s in current(app, game_id).state["survivors"] if s["id"] == mover["id"])
    assert moved["location"] == place
    assert face.input_value() == ""
    assert to.input_value() == to.locator("option").first.get_attribute("value")
    assert who.input_value() == who.locator("option").first.get_attribute("value")
    shown = face.evaluate("s => s.options[s.selectedIndex].textContent")
    assert shown == face.locator("option").first.inner_text()


def test_a_tap_on_the_board_serves_one_action_and_counts_start_afresh(browser, served):
    app, base = served
    game_id = make_game(app)
    _turn(app, game_id)
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.add_init_script(IN_FLIGHT_JS)
    page.goto(f"{base}/games/{game_id}")
    # a tap on a survivor (not the first offered) picks it into the Move and the Wound forms;
    # the Wound is sent
    wound = page.locator("#hand form.ctl-wound_survivor")
    move_who = page.locator("#hand form.ctl-move_survivor select[name=survivor_id]")
    first = move_who.locator("option").first.get_attribute("value")
    offered = wound.locator("select[name=survivor_id] option").evaluate_all(
        "os => os.map(o => o.value)"
    )
    mover = next(s for s in view_of(app, game_id)["survivors"] if s["id"] in offered[1:])
    assert mover["id"] != first
    page.locator(f"#board-survivors [data-survivor='{mover['id']}']").click()
    assert wound.locator("select[name=survivor_id]").input_value() == mover["id"]
    assert move_who.input_value() == mover["id"]
    _send(page, wound.locator("button[type=submit]"))
    assert page.locator("#game .alert").count() == 0
    assert move_who.input_value() == first, "the Move form kept the pick of the last action"
    # a count typed in the table's group is back at the server's value once accepted
    count = page.locator("#table-group form.ctl-add_food input[name=count]")
    count.fill("3")
    _send(page, page.locator("#table-group form.ctl-add_food button[type=submit]"))
    assert current(app, game_id).state["food"] == 3
    assert count.input_value() == "1"
