"""The table's Confirm of Add Zombies at a table that enters its own noise dice, in a real
browser: the faces the legal list names are radio buttons, one row per noise token, and the
Confirm sends them (002:1613-1617: one action die for each noise token at a location)."""

from __future__ import annotations

import pytest
from helpers.browser import IN_FLIGHT_JS, SETTLED_JS, WAIT_MS
from helpers.table import current, make_game, table_act, view_of

from companion import store
from companion.engine.colony.phases import STEP_ACTIONS
from companion.engine.legal import legal_for

pytestmark = pytest.mark.seed(1)


def _at_add_zombies(app, game_id: str, tokens: int) -> str:
    """Put ``tokens`` noise at the first location and run the colony steps up to Add Zombies;
    returns that location."""
    table_act(app, game_id, {"type": "reveal_crisis"})
    place = min(view_of(app, game_id)["locations"], key=lambda loc: loc["number"])["id"]
    table_act(app, game_id, {"type": "add_noise", "location_id": place, "count": tokens})
    table_act(app, game_id, {"type": "start_colony_phase"})
    for _ in range(8):
        state = current(app, game_id).state
        if state.get("reveal"):
            table_act(app, game_id, {"type": "finish_reveal"})
        elif state["colony_step"] == "add_zombies":
            return place
        else:
            table_act(app, game_id, {"type": STEP_ACTIONS[state["colony_step"]]})
    raise AssertionError("Add Zombies never came due")


def test_the_table_confirms_the_faces_it_rolled(browser, served):
    app, base = served
    game_id = make_game(app, settings={"noise_dice": "entered"})
    place = _at_add_zombies(app, game_id, 2)
    listed = legal_for(current(app, game_id).state, "table")["run_colony_steps"]["noise"]
    assert listed == {
        "places": [place, place],
        "faces": [1, 2, 3, 4, 5, 6],
        "names": [1, 2, 3, 4, 5, 6],
    }
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.add_init_script(IN_FLIGHT_JS)
    page.goto(f"{base}/games/{game_id}")
    form = page.locator("#colony-preview form.noise-entry")
    assert form.locator("input[type=radio]").count() == 2 * 6
    form.locator("input[name='noise.1'][value='3']").check()
    form.locator("input[name='noise.2'][value='5']").check()
    version = current(app, game_id).version
    form.locator("button[type=submit]").click()
    page.wait_for_function(
        "v => Number(document.querySelector('#game')?.dataset.liveVersion) > v",
        arg=version,
        timeout=WAIT_MS,
    )
    page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)
    assert current(app, game_id).version == version + 1
    with app.app_context():
        steps = store.log(store.get_db(), game_id)[-1]["steps"]
    assert [s["roll"] for s in steps if s["kind"] == "noise_resolved"] == [3, 5]
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 1366
