"""The table screen in headless chromium against a real server on 127.0.0.1: htmx swaps the
#game region in place, the controls keep their open groups and scroll, a stale form shows the
polite alert with the fresh board, another device's action arrives by itself, and a reveal
turns its lines over with "Next"."""

from __future__ import annotations

import pytest
from helpers.browser import IN_FLIGHT_JS, SETTLED_JS, SSE_SEEN_JS, WAIT_MS, version_is
from helpers.table import current, make_game, table_act, view_of

pytestmark = pytest.mark.seed(1)  # the game's draws repeat: no test waits on a lucky roll


@pytest.mark.refusals(409)  # a stale form is refused: the table shows the fresh board and a message
def test_the_table_screen_acts_in_place_and_follows_other_devices(browser, served):
    app, base = served
    game_id = make_game(app)
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(f"{base}/games/{game_id}")
    page.evaluate("window.notReloaded = true")
    page.click(".ctl-reveal_crisis.ctl-main button")
    version_is(page, 2)
    page.click(".ctl-start_turn button")
    version_is(page, 3)
    assert page.evaluate("window.notReloaded")

    page.click("#group-corrections > summary")  # its overlay, over the screen
    counter = "#group-corrections form.ctl-set_counter"
    page.select_option(f"{counter} select[name=name]", "waste")
    page.fill(f"{counter} input[name=value]", "1")
    page.click(f"{counter} button")
    version_is(page, 4)
    # the open group comes back once the swap has settled (htmx settles later)
    page.wait_for_function(
        "() => document.getElementById('group-corrections').open", timeout=WAIT_MS
    )
    page.keyboard.press("Escape")  # folded again: the board is the hand's again
    assert not page.evaluate("document.getElementById('group-corrections').open")
    page.click("#board button[form=act-add_barricade] >> nth=0")
    version_is(page, 5)

    other = app.test_client()  # another device acts: the screen follows by itself
    posted = other.post(
        f"/games/{game_id}/act",
        data={"type": "add_food", "count": "2", "version": str(current(app, game_id).version)},
    )
    assert posted.status_code == 303
    version_is(page, 6)
    assert page.inner_text(".stat-food .stat-value") == "2"

    page.evaluate("document.querySelectorAll('input[name=version]').forEach(i => i.value = '1')")
    page.click("#board button[form=act-add_barricade] >> nth=0")
    page.wait_for_selector(".alert", timeout=WAIT_MS)
    assert "The table moved on" in page.inner_text(".alert")
    assert current(app, game_id).version == 6
    assert page.evaluate("window.notReloaded")


SHOWN = "#reveal .rs:not(.pending)"
QUICK_PACE_MS = 150
"""The reveal's pace while the test watches it play: 16 lines in under 2.5 s, and still time
enough for Pause to be pressed before the last line (more than 14) turns over."""
SHOWN_AT_LEAST = "n => document.querySelectorAll('#reveal .rs:not(.pending)').length >= n"


def test_a_reveal_plays_itself_with_pause_show_all_and_done_in_view(browser, served):
    """The reveal turns its lines over by itself, each read out by its live region; Pause holds
    it, Play goes on, "Show all" ends it; its buttons stay in the window while the bounded list
    of lines scrolls under them, at 1366x768 and 1024x768."""
    app, base = served
    game_id = make_game(app)
    client = app.test_client()
    table_act(app, game_id, {"type": "reveal_crisis"})
    symbols = view_of(app, game_id)["legal"]["table"]["contribute_to_crisis"]["symbols"]
    for action in (
        {"type": "contribute_to_crisis", "seat_id": "", f"symbols*{symbols[0]}": "9"},
        {"type": "contribute_to_crisis", "seat_id": "", f"symbols*{symbols[1]}": "9"},
        {"type": "start_colony_phase"},
        {"type": "pay_food"},
        {"type": "check_waste"},
        {"type": "resolve_crisis"},
    ):
        version = current(app, game_id).version
        assert not current(app, game_id).state["ended"]
        assert (
            client.post(f"/games/{game_id}/act", data={**action, "version": version}).status_code
            == 303
        ), action
    for viewport in ({"width": 1366, "height": 768}, {"width": 1024, "height": 768}):
        page = browser.new_page(viewport=viewport)
        app.config["REVEAL_PACE_MS"] = 60_000  # the first line, said, and nothing more yet
        page.emulate_media(reduced_motion="reduce")
        page.goto(f"{base}/games/{game_id}")
        slides = "e => getComputedStyle(e).animationName"
        assert page.locator("#reveal .rs.latest").evaluate(slides) == "none"  # no line slides in
        lines = page.locator("#reveal .rs")
        total = lines.count()
        assert total > 14, total  # more lines than the list shows at once
        assert page.locator(SHOWN).count() == 1
        say = page.locator("#reveal .reveal-say")
        assert say.get_attribute("aria-live") == "polite"
        assert " ".join(say.inner_text().split()) == " ".join(lines.first.inner_text().split())
        assert page.locator("#reveal .reveal-pause").is_visible()
        app.config["REVEAL_PACE_MS"] = QUICK_PACE_MS  # then at a quick pace, to watch it play
        page.emulate_media(reduced_motion="no-preference")
        page.goto(f"{base}/games/{game_id}")
        page.wait_for_function(  # once game.js has made the list stepwise, the latest slides in
            "document.querySelector('#reveal .rs.latest') && getComputedStyle("
            "document.querySelector('#reveal .rs.latest')).animationName === 'reveal-in'",
            timeout=WAIT_MS,
        )
        page.wait_for_function(SHOWN_AT_LEAST, arg=3, timeout=WAIT_MS)
        page.click("#reveal .reveal-pause")
        held = page.locator(SHOWN).count()
        latest = page.locator("#reveal .rs.latest").inner_text()
        assert " ".join(say.inner_text().split()) == " ".join(latest.split())  # the last one said
        page.wait_for_timeout(3 * QUICK_PACE_MS)  # three lines' time: none turns over
        assert page.locator(SHOWN).count() == held
        assert page.locator("#reveal .reveal-pause").is_hidden()
        page.click("#reveal .reveal-play")
        assert page.locator(SHOWN).count() == held + 1
        page.wait_for_function(SHOWN_AT_LEAST, arg=min(total, 16), timeout=WAIT_MS)
        # the list scrolls under the header: the buttons are in the window, the dialog is not
        for name in (".reveal-pause", ".reveal-all", ".reveal-done button"):
            box = page.locator(f"#reveal {name}").bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], name
        steps = page.locator("#reveal .reveal-steps")
        assert steps.evaluate("e => e.scrollHeight > e.clientHeight")
        assert page.locator("#reveal").evaluate("e => e.scrollTop") == 0
        assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
        page.click("#reveal .reveal-all")
        assert page.locator(SHOWN).count() == total
        for name in (".reveal-pause", ".reveal-play", ".reveal-all"):
            assert page.locator(f"#reveal {name}").is_hidden(), name
        if viewport["width"] == 1024:
            page.click("#reveal .reveal-done button")  # every device shows the outcome
            page.locator("#reveal").wait_for(state="detached")
            assert not current(app, game_id).state.get("reveal")


def test_the_tables_own_action_is_answered_once_and_its_version_not_fetched_again(browser, served):
    """The answer to the table screen's own action is its new view: the version event of that
    action (sent while the answer is under way) makes the page fetch nothing more
    (static/live.js), so an action costs one table render, and the answer keeps its "Done"
    notice. Another device's action is still followed."""
    app, base = served
    game_id = make_game(app)
    inner = app.wsgi_app
    fetched: list[str] = []  # the page's fetches of its #game fragment (htmx GETs)

    def counting(environ, start_response):
        """Count htmx's GETs of the table screen; pass every request on."""
        if environ.get("HTTP_HX_REQUEST") and environ["PATH_INFO"] == f"/games/{game_id}":
            fetched.append(environ["REQUEST_METHOD"])  # the action posts to .../act
        return inner(environ, start_response)

    app.wsgi_app = counting
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.add_init_script(IN_FLIGHT_JS)
    page.add_init_script(SSE_SEEN_JS)
    page.goto(f"{base}/games/{game_id}")
    other = app.test_client()  # another device acts: the stream is live once the screen follows
    version = str(current(app, game_id).version)
    assert (
        other.post(
            f"/games/{game_id}/act",
            data={"type": "set_counter", "name": "food", "value": "3", "version": version},
        ).status_code
        == 303
    )
    version_is(page, 2)
    page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)
    assert fetched == ["GET"]  # another device's version: fetched once

    fetched.clear()
    page.click(".ctl-reveal_crisis.ctl-main button")
    version_is(page, 3)
    page.wait_for_function(
        "() => (window.e2eSeen || []).includes('3')", timeout=WAIT_MS
    )  # the action's own event has reached the page
    page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)
    assert fetched == []  # no fetch of the version the action's answer shows
    assert "Done" in page.inner_text(".notice")
    assert page.evaluate("document.querySelector('#game').dataset.liveVersion") == "3"


def test_an_open_folded_group_keeps_its_controls_through_every_swap(browser, served):
    """A fragment leaves a folded group's controls out only while the group is closed: one the
    table opened keeps its controls, fresh, when another device's change is morphed in and
    when one of its own forms is answered, and it stays open (game.js names the open groups,
    game.py folded_later)."""
    app, base = served
    game_id = make_game(app)
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(f"{base}/games/{game_id}")
    page.click(".ctl-reveal_crisis.ctl-main button")  # a fragment: the folded groups come empty
    version_is(page, 2)
    assert page.locator("#group-corrections .group-body form").count() == 0
    page.click("#group-corrections > summary")  # unfolded: its controls are fetched
    counter = "#group-corrections form.ctl-set_counter"
    page.wait_for_selector(counter, timeout=WAIT_MS)

    other = app.test_client()  # another device's change: the table follows with a morph
    posted = other.post(
        f"/games/{game_id}/act",
        data={"type": "set_counter", "name": "food", "value": "3", "version": "2"},
    )
    assert posted.status_code == 303
    version_is(page, 3)
    assert page.evaluate("document.getElementById('group-corrections').open")
    assert (
        page.locator(f"{counter} input[name=version]").get_attribute("value", timeout=WAIT_MS)
        == "3"
    )
    assert page.locator("#group-survivors .group-body form").count() == 0  # closed: still empty

    page.select_option(f"{counter} select[name=name]", "food")  # an action from inside it
    page.fill(f"{counter} input[name=value]", "5")
    page.click(f"{counter} button")
    version_is(page, 4)
    assert page.inner_text(".stat-food .stat-value") == "5"
    assert page.evaluate("document.getElementById('group-corrections').open")
    assert (
        page.locator(f"{counter} input[name=version]").get_attribute("value", timeout=WAIT_MS)
        == "4"
    )

    page.goto(f"{base}/games/{game_id}")  # a page: the groups come whole, and stay whole
    page.click("#group-survivors > summary")
    joins = "#group-survivors form.ctl-add_survivor"
    assert page.locator(joins).count() == 1
    posted = other.post(
        f"/games/{game_id}/act",
        data={"type": "set_counter", "name": "food", "value": "6", "version": "4"},
    )
    assert posted.status_code == 303
    version_is(page, 5)
    assert page.evaluate("document.getElementById('group-survivors').open")
    assert (
        page.locator(f"{joins} input[name=version]").get_attribute("value", timeout=WAIT_MS) == "5"
    )
