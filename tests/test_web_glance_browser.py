"""The table screen's feedback in headless chromium: Ctrl+Z and Ctrl+Shift+Z undo and redo (and
do nothing while there is nothing to take back), Enter confirms the colony step in view, and a
control shows it is working while its request is under way and cannot be pressed twice."""

from __future__ import annotations

import pytest
from helpers.browser import GLANCE_JS, MIN_FONT_PX, WAIT_MS, version_is
from helpers.table import current, make_game, table_act

pytestmark = pytest.mark.seed(1)
TABLE = {"width": 1366, "height": 768}


def whatnow(page) -> str:
    """The class naming what the table waits for."""
    return page.locator("#game section.whatnow").get_attribute("class") or ""


def test_ctrl_z_undoes_and_ctrl_shift_z_redoes(browser, served):
    app, base = served
    game_id = make_game(app)
    page = browser.new_page(viewport=TABLE)
    posts: list[str] = []
    page.on(
        "request", lambda r: posts.append(r.url.rsplit("/", 1)[-1]) if r.method == "POST" else None
    )
    page.goto(f"{base}/games/{game_id}")
    assert page.locator("#game .btn-undo").is_disabled()
    assert page.locator("#game .btn-redo").is_disabled()
    page.keyboard.press("Control+z")  # nothing to undo: nothing happens

    page.click(".ctl-reveal_crisis.ctl-main button", timeout=WAIT_MS)  # sent after the key
    version_is(page, 2)
    assert posts == ["act"]
    assert "whatnow-start_turn" in whatnow(page)
    page.keyboard.press("Control+z")
    version_is(page, 3)
    assert "whatnow-reveal_crisis" in whatnow(page)
    assert page.locator("#game .btn-redo").is_enabled()
    page.keyboard.press("Control+Shift+z")
    version_is(page, 4)
    assert "whatnow-start_turn" in whatnow(page)
    assert page.locator("#game .btn-redo").is_disabled()

    page.locator("#game select, #game input[type=number]").first.focus()
    page.keyboard.press("Control+z")  # in a field, the key is the field's own
    page.click(".ctl-start_turn button", timeout=WAIT_MS)  # sent after anything the key sent
    version_is(page, 5)
    assert posts == ["act", "undo", "redo", "act"]
    assert current(app, game_id).version == 5


def test_enter_confirms_the_colony_step_in_view(browser, served):
    app, base = served
    game_id = make_game(app)
    table_act(app, game_id, {"type": "reveal_crisis"})
    table_act(app, game_id, {"type": "start_colony_phase"})
    before = current(app, game_id)
    page = browser.new_page(viewport=TABLE)
    page.goto(f"{base}/games/{game_id}")
    confirm = page.locator("#colony-preview .ctl-confirm button[type=submit]")
    assert confirm.is_visible()
    page.keyboard.press("Enter")
    version_is(page, before.version + 1)
    assert current(app, game_id).head == before.head + 1


def test_a_control_shows_it_is_working_and_cannot_be_pressed_twice(browser, served):
    app, base = served
    game_id = make_game(app)
    page = browser.new_page(viewport=TABLE, reduced_motion="no-preference")  # the spinner spins
    page.goto(f"{base}/games/{game_id}")
    held, posts = [], []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.route("**/act", lambda route: held.append(route))
    button = page.locator(".ctl-reveal_crisis.ctl-main button")
    button.click()
    page.wait_for_function(
        "() => document.querySelector('.ctl-reveal_crisis.ctl-main button').disabled",
        timeout=WAIT_MS,
    )
    form_class = page.locator(".ctl-reveal_crisis.ctl-main").get_attribute("class") or ""
    assert "htmx-request" in form_class
    spinner = page.evaluate(
        "() => getComputedStyle(document.querySelector('.ctl-reveal_crisis.ctl-main button'),"
        " '::after').animationName"
    )
    assert spinner == "working"
    button.click(force=True)  # a second press while the first is under way
    page.keyboard.press("Enter")
    held[0].continue_()
    version_is(page, 2)
    page.unroute("**/act")
    page.click(".ctl-start_turn button", timeout=WAIT_MS)  # after all the presses sent
    version_is(page, 3)
    assert len(posts) == 2 and len(held) == 1
    assert current(app, game_id).version == 3


def test_the_glance_measure_sees_what_is_out_of_view_too_small_or_too_wide(browser):
    page = browser.new_page(viewport={"width": 360, "height": 640})
    page.set_content(
        "<div id='game'><aside><section class='whatnow'><h2 id='whatnow-title'>Now</h2>"
        "<form><button type='submit'>Go</button></form></section></aside></div>"
        "<p class='tiny'>small words</p><div class='wide'>wide</div>"
    )
    assert page.evaluate(GLANCE_JS, MIN_FONT_PX)["out"] == []
    page.add_style_tag(
        content=".tiny { font-size: 10px } .wide { width: 420px }"
        " .whatnow form { margin-top: 900px }"
    )
    found = page.evaluate(GLANCE_JS, MIN_FONT_PX)
    assert found["out"] == ["control button"], found["out"]
    assert found["small"] and "small words" in found["small"][0]
    assert found["scrollWidth"] > found["innerWidth"] and found["wide"]


@pytest.mark.parametrize("locale", ["en-US", pytest.param("pt-BR", marks=pytest.mark.proof)])
def test_the_new_game_page_fits_a_phone_and_its_objectives_fit_too(browser, served, locale):
    """At 390 px the page is no wider than the window and the main objectives' table fits in
    its box too (each objective a card of named numbers on a phone: nothing scrolls sideways,
    issue 29), and no text is under 12 px; at 1366 px the whole table shows as a table."""
    _, base = served
    for width, height in ((390, 844), (1366, 768)):
        context = browser.new_context(
            viewport={"width": width, "height": height}, locale=locale, is_mobile=width < 500
        )
        page = context.new_page()
        page.goto(f"{base}/games/new")
        found = page.evaluate(GLANCE_JS, MIN_FONT_PX)
        # the window's own width: a phone's browser widens innerWidth to a page too wide
        assert found["scrollWidth"] <= width, (width, found["scrollWidth"], found["wide"])
        assert found["small"] == [], (width, found["small"])
        box = page.evaluate(
            "() => { const s = document.querySelector('.objective-scroll');"
            " return [s.scrollWidth, s.clientWidth]; }"
        )
        cut = page.evaluate(
            "() => [...document.querySelectorAll('main button')]"
            ".filter(b => b.offsetWidth && b.scrollWidth > b.clientWidth + 1)"
            ".map(b => b.textContent.trim())"
        )
        assert cut == [], (width, cut)  # every button's words inside the button
        past = page.evaluate(
            "() => { const m = document.querySelector('main');"
            " const edge = m.getBoundingClientRect().right"
            " - parseFloat(getComputedStyle(m).paddingRight);"
            " return [...m.querySelectorAll('.form-column')]"
            ".map(c => Math.round(c.getBoundingClientRect().right - edge))"
            ".filter(d => d > 0); }"
        )
        assert past == [], (width, past)  # the columns stay inside the page's margins
        assert box[0] <= box[1], (width, box)  # the whole table shows, nothing scrolls sideways
        context.close()
