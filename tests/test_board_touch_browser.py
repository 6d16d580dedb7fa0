"""The table's board is the control: in headless chromium the table moves survivors (a place tapped
on the board, and one picked in the panel), kills a zombie, builds a barricade and makes noise by
tapping the board itself, each in at most 2 taps besides the die face it records (every trusted
click in the page is counted); the state is checked after each, the panel starts afresh, axe-core
finds no serious violation with a panel open or shut. The keyboard does the same (Tab, Enter,
Escape), and without scripts each button is a plain form post."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from helpers.axe import violations
from helpers.browser import IN_FLIGHT_JS, SETTLED_JS, WAIT_MS
from helpers.table import current, make_game, table_act, view_of
from playwright.sync_api import expect

pytestmark = pytest.mark.seed(1)

LAPTOP = {"width": 1366, "height": 768}
SIZES = (LAPTOP, {"width": 1920, "height": 1080}, {"width": 1024, "height": 768})
PHONE_WIDE = {"width": 390, "height": 844}
SHOTS = Path(os.environ["LAYOUT_SHOTS"]) if os.environ.get("LAYOUT_SHOTS") else None
"""A folder for screenshots (LAYOUT_SHOTS=/tmp/x), to look at; none by default."""

TAPS_JS = """(() => {
  /* Count the taps a person makes: each press of the pointer (a label passes its click on to
     its radio, which a count of clicks would count twice). */
  window.taps = 0;
  document.addEventListener("pointerdown", (e) => { if (e.isTrusted) window.taps += 1; }, true);
})();"""


def in_a_turn(app) -> tuple[str, str]:
    """A game in its first turn with two zombies at colony entrance 1; its id and the seat."""
    game_id = make_game(app)
    table_act(app, game_id, {"type": "reveal_crisis"})
    seat = view_of(app, game_id)["waiting"]["seat"]
    table_act(app, game_id, {"type": "start_turn", "seat_id": seat})
    table_act(app, game_id, {"type": "add_zombies_by_hand", "place": "colony", "count": 2})
    return game_id, seat


def open_table(
    browser: Any, base: str, game_id: str, viewport: dict, lang: str = "en", **kw
) -> Any:
    """The table screen in a context of its own, its taps counted."""
    context = browser.new_context(viewport=viewport, **kw)
    context.add_cookies([{"name": "lang", "value": lang, "url": base}])
    page = context.new_page()
    page.add_init_script(IN_FLIGHT_JS)
    page.add_init_script(TAPS_JS)
    page.goto(f"{base}/games/{game_id}")
    return page


def taps(page: Any) -> int:
    return page.evaluate("window.taps")


def send(page: Any, button: Any) -> None:
    """Tap ``button`` and wait for the game to move on one version, with no message."""
    before = int(page.locator("#game").get_attribute("data-live-version"))
    button.click()
    page.wait_for_function(
        "v => +document.querySelector('#game').dataset.liveVersion > v", arg=before, timeout=WAIT_MS
    )
    page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)
    assert not page.locator("#game .alert").count(), page.locator("#game .alert").inner_text()


def survivor_of(app, game_id: str, sid: str) -> dict:
    return next(s for s in current(app, game_id).state["survivors"] if s["id"] == sid)


def colony_entrance(app, game_id: str, number: int) -> dict:
    return current(app, game_id).state["colony"]["entrances"][number - 1]


def test_moves_a_kill_a_barricade_and_noise_by_tapping_the_board(browser, served):
    app, base = served
    game_id, _seat = in_a_turn(app)
    view = view_of(app, game_id)
    movers = sorted(view["legal"]["table"]["move_survivor"]["survivor_id"])
    places = sorted(view["locations"], key=lambda loc: loc["number"])
    page = open_table(browser, base, game_id, LAPTOP)
    assert not page.locator("#game #board select").count(), "a dropdown for a board action"
    assert violations(page) == []

    # a move: the survivor, then its place on the board, then the face the die shows
    first, there = movers[0], places[0]["id"]
    start = taps(page)
    page.locator(f"#board-survivors details[data-act-survivor='{first}'] > summary").click()
    panel = page.locator(f"#board details[data-act-survivor='{first}'][open] .act-body")
    assert panel.is_visible()
    # the places are marked by the details' toggle event, a task after the tap: wait for it
    expect(page.locator("#board .location.can-go")).to_have_count(
        len(view["legal"]["table"]["move_survivor"]["survivor_id"][first]), timeout=WAIT_MS
    )
    assert violations(page) == []
    page.locator(f"#board .location[data-place='{there}']").click(position={"x": 6, "y": 6})
    assert panel.locator(f"input[name=to][value='{there}']").is_checked()
    assert panel.locator("input[name=to]:checked").count() == 1
    assert taps(page) - start == 2
    send(page, panel.locator("button[name=exposure][value=blank]"))
    assert survivor_of(app, game_id, first)["location"] == there
    assert survivor_of(app, game_id, first)["wounds"] == 0
    assert not page.locator("#board details.act[open]").count(), "the panel stayed open"
    # a tap on its name at the place it went opens its panel too; Escape folds it
    page.locator(f".location[data-place='{there}'] [data-survivor='{first}']").click()
    assert page.locator(f"#board details[data-act-survivor='{first}']").evaluate("d => d.open")
    page.keyboard.press("Escape")
    assert not page.locator("#board details.act[open]").count()

    # a kill: the zombies at colony entrance 1, a survivor still there attacks
    left = view_of(app, game_id)["legal"]["table"]["kill_zombies"]["killers"]["colony:1"]
    zombies = colony_entrance(app, game_id, 1)["zombies"]
    start = taps(page)
    kill = page.locator("#board-colony .entrance").nth(0).locator("details.act-kill")
    kill.locator("summary").click()
    body = kill.locator(".act-body")
    assert body.is_visible()
    assert violations(page) == []
    if len(left) > 1:
        body.locator("input[name=survivor_id]").first.click()
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "board-1366x768-kill.png"))
    assert taps(page) - start <= 2
    send(page, body.locator("button[name=exposure][value=blank]"))
    assert colony_entrance(app, game_id, 1)["zombies"] == zombies - 1

    # a barricade: one tap on colony entrance 3's empty spaces
    start = taps(page)
    send(page, page.locator("#board-colony .entrance").nth(2).locator("button.act-spaces"))
    assert taps(page) - start == 1
    assert colony_entrance(app, game_id, 3)["barricades"] == 1

    # noise: one tap on a location's noise
    noise = next(loc["noise"] for loc in view_of(app, game_id)["locations"] if loc["id"] == there)
    start = taps(page)
    send(page, page.locator(f".location[data-place='{there}'] button.act-noise"))
    assert taps(page) - start == 1
    assert (
        next(loc for loc in view_of(app, game_id)["locations"] if loc["id"] == there)["noise"]
        == noise + 1
    )
    # the next survivor's panel starts afresh: no place, no face chosen; the place picked in
    # the panel, the die rolled by the companion
    second, elsewhere = movers[1], places[1]["id"]
    start = taps(page)
    page.locator(f"#board-survivors details[data-act-survivor='{second}'] > summary").click()
    panel = page.locator(f"#board details[data-act-survivor='{second}'][open] .act-body")
    assert panel.locator("input[name=to]:checked").count() == 0
    panel.locator(f"label:has(input[value='{elsewhere}'])").click()
    assert taps(page) - start == 2
    send(page, panel.locator("button.act-roll"))
    assert survivor_of(app, game_id, second)["location"] == elsewhere

    assert violations(page) == []
    page.context.close()


def test_the_board_answers_the_keyboard(browser, served):
    app, base = served
    game_id, _seat = in_a_turn(app)
    view = view_of(app, game_id)
    mover = sorted(view["legal"]["table"]["move_survivor"]["survivor_id"])[0]
    to = view["legal"]["table"]["move_survivor"]["survivor_id"][mover][0]
    page = open_table(browser, base, game_id, LAPTOP)
    summary = page.locator(f"#board details[data-act-survivor='{mover}'] > summary")
    summary.focus()
    page.keyboard.press("Enter")
    details = page.locator(f"#board details[data-act-survivor='{mover}']")
    assert details.evaluate("d => d.open")
    # the focus is on the panel's first choice; Escape folds it and gives the focus back
    assert page.evaluate("document.activeElement.name") == "to"
    page.keyboard.press("Escape")
    assert not details.evaluate("d => d.open")
    assert summary.evaluate("s => s === document.activeElement")
    # Enter opens it again; a place by Space, the face by Tab and Enter
    page.keyboard.press("Enter")
    page.locator(f"#board details[data-act-survivor='{mover}'] input[value='{to}']").focus()
    page.keyboard.press("Space")
    face = details.locator("button[name=exposure][value=blank]")
    face.focus()
    outline = face.evaluate("b => getComputedStyle(b).outlineStyle")
    assert outline != "none", "the focus is not shown"
    before = int(page.locator("#game").get_attribute("data-live-version"))
    page.keyboard.press("Enter")
    page.wait_for_function(
        "v => +document.querySelector('#game').dataset.liveVersion > v", arg=before, timeout=WAIT_MS
    )
    assert survivor_of(app, game_id, mover)["location"] == to
    # a location's noise by Enter
    page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)
    page.locator("#board button.act-noise").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "v => +document.querySelector('#game').dataset.liveVersion > v",
        arg=before + 1,
        timeout=WAIT_MS,
    )
    assert (
        sum(loc["noise"] for loc in current(app, game_id).state["locations"])
        == sum(loc["noise"] for loc in view["locations"]) + 1
    )
    page.context.close()


def test_without_scripts_each_board_button_is_a_form_post(browser, served):
    app, base = served
    game_id, _seat = in_a_turn(app)
    view = view_of(app, game_id)
    mover = sorted(view["legal"]["table"]["move_survivor"]["survivor_id"])[0]
    to = view["legal"]["table"]["move_survivor"]["survivor_id"][mover][-1]
    page = open_table(browser, base, game_id, LAPTOP, java_script_enabled=False)
    page.locator(f"#board details[data-act-survivor='{mover}'] > summary").click()
    panel = page.locator(f"#board details[data-act-survivor='{mover}'] .act-body")
    panel.locator(f"label:has(input[value='{to}'])").click()
    with page.expect_navigation():
        panel.locator("button[name=exposure][value=wound]").click()
    moved = survivor_of(app, game_id, mover)
    assert (moved["location"], moved["wounds"]) == (to, 1)
    with page.expect_navigation():
        page.locator("#board-colony .entrance").nth(1).locator("button.act-spaces").click()
    assert colony_entrance(app, game_id, 2)["barricades"] == 1
    page.context.close()


def test_only_what_the_engine_offers_gets_a_control(browser, served):
    """Before the turn starts no survivor may move; in a turn, only the survivors, zombies,
    spaces and noise legal["table"] names are buttons."""
    app, base = served
    game_id = make_game(app)
    table_act(app, game_id, {"type": "reveal_crisis"})
    page = open_table(browser, base, game_id, LAPTOP)
    legal = view_of(app, game_id)["legal"]["table"]
    assert "move_survivor" not in legal
    assert not page.locator("#board details[data-act-survivor] .ctl-move_survivor").count()
    noisy = page.locator("#board button.act-noise").evaluate_all("bs => bs.map(b => b.value)")
    assert sorted(noisy) == sorted(legal.get("add_noise", {}).get("location_id", []))
    page.context.close()
    seat = view_of(app, game_id)["waiting"]["seat"]
    table_act(app, game_id, {"type": "start_turn", "seat_id": seat})
    legal = view_of(app, game_id)["legal"]["table"]
    page = open_table(browser, base, game_id, LAPTOP)
    movable = page.locator("#board details[data-act-survivor]:has(.ctl-move_survivor)")
    ids = sorted(movable.evaluate_all("ds => ds.map(d => d.dataset.actSurvivor)"))
    assert ids == sorted(legal["move_survivor"]["survivor_id"])
    noisy = page.locator("#board button.act-noise").evaluate_all("bs => bs.map(b => b.value)")
    assert sorted(noisy) == sorted(legal["add_noise"]["location_id"])
    assert not page.locator("#board .act-kill").count()  # no zombie anywhere yet
    page.context.close()


@pytest.mark.parametrize("lang", ["en", pytest.param("pt_BR", marks=pytest.mark.proof)])
def test_the_board_fits_every_size_with_a_panel_open(browser, served, lang):
    app, base = served
    game_id, _seat = in_a_turn(app)
    mover = sorted(view_of(app, game_id)["legal"]["table"]["move_survivor"]["survivor_id"])[0]
    for size in (*SIZES, PHONE_WIDE):
        page = open_table(browser, base, game_id, size, lang)
        wide = page.evaluate("document.scrollingElement.scrollWidth - innerWidth")
        assert wide <= 0, f"{size}: scrolls sideways by {wide}px"
        summary = page.locator(f"#board details[data-act-survivor='{mover}'] > summary")
        summary.scroll_into_view_if_needed()
        summary.click()
        body = page.locator(f"#board details[data-act-survivor='{mover}'] .act-body")
        box = body.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= size["height"], size
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], size
        for button in body.locator("button:not([hidden]), label").all():
            b = button.bounding_box()
            assert b and b["y"] + b["height"] <= size["height"], size
            assert b["x"] + b["width"] <= size["width"], size
        hit = page.evaluate(
            "b => { const e = document.elementFromPoint(b.x + b.width / 2, b.y + 4);"
            " return !!e && !!e.closest('.act-body'); }",
            box,
        )
        assert hit, f"{size}: the panel is covered"
        if SHOTS:
            SHOTS.mkdir(parents=True, exist_ok=True)
            name = f"board-{size['width']}x{size['height']}-{lang}"
            page.screenshot(path=str(SHOTS / f"{name}-panel.png"))
            page.keyboard.press("Escape")
            page.screenshot(path=str(SHOTS / f"{name}.png"))
        page.context.close()
