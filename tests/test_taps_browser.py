"""Half the taps (issue 29, point 4): the table plays one whole round in chromium for 2, 3 and 5
players and counts its bookkeeping taps, the taps that only move the round on (reveal the
crisis, start and end turns, begin and confirm colony steps, finish a reveal, which plays
itself since issue 38). The phones tap nothing in this round (no player decides anything), so
these are every tap of the round on every device.

The driver presses whatever the table screen offers to move on, so it played today's main as
well: BEFORE holds the counts measured there (docs/engine.md "Taps of a round"). Nothing the
players decide is counted (no crisis card is added, no survivor moves): the same round, the
same screen, before and after."""

from __future__ import annotations

import pytest
from helpers.browser import IN_FLIGHT_JS, SETTLED_JS, WAIT_MS
from helpers.table import current, make_game

pytestmark = pytest.mark.seed(3)

CRISIS = "companion.dead-generator"
"""A crisis whose failure asks nobody (2 morale), so the round needs no phone."""
BEFORE = {2: 17, 3: 19, 5: 23}
"""Bookkeeping taps of one round on main before issue 29 (measured with this driver there):
reveal 1, Start and End of each turn 2 per player, begin the colony phase 1, seven step
confirms, and two reveals (crisis cards, zombies) each "Show all" and "Done"."""
AFTER_29 = {2: 7, 3: 8, 5: 10}
"""After issue 29: reveal 1, Start of the first turn 1, one End per player (each starts the next
turn), one Confirm for the seven steps (none asks: the main objective counts) and one reveal
("Show all" and "Done")."""
AFTER = {2: 6, 3: 7, 5: 9}
"""Now: as AFTER_29, but the reveal plays itself (static/game.js): only its "Done"."""
PACE_MS = 40
"""The reveal's pace here: it turns its lines over by itself; the driver only waits."""


def _settle(page) -> None:
    page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)


def _version(page) -> int:
    return int(page.locator("#game").get_attribute("data-live-version"))


def _act(page, button) -> None:
    """Press a control that changes the game and wait for the new version."""
    before = _version(page)
    button.click()
    page.wait_for_function(
        "v => +document.querySelector('#game').dataset.liveVersion > v", arg=before, timeout=WAIT_MS
    )
    _settle(page)
    alert = page.locator("#game .alert")
    assert not alert.count(), alert.first.inner_text()


def _whatnow(page) -> str:
    cls = page.locator("#game section.whatnow").get_attribute("class") or ""
    return next((c[len("whatnow-") :] for c in cls.split() if c.startswith("whatnow-")), "")


def play_round(page) -> list[str]:
    """Play the round from the crisis reveal to the next round's; the taps, named."""
    taps: list[str] = []
    for _ in range(80):
        _settle(page)
        reveal = page.locator("#reveal")
        if reveal.count() and reveal.is_visible():
            # it plays itself: the table waits for the last line, then taps Done
            page.wait_for_function(
                "() => !document.querySelector('#reveal .rs.pending')", timeout=WAIT_MS
            )
            _act(page, reveal.locator(".reveal-done button"))
            taps.append("done")
            continue
        kind = _whatnow(page)
        if kind == "reveal_crisis":
            if taps:
                return taps
            form = page.locator("#game form.ctl-reveal_crisis.ctl-main")
            form.locator("select[name=crisis]").select_option(CRISIS)
            _act(page, form.locator("button[type=submit]"))
            taps.append("reveal crisis")
        elif kind == "start_turn":
            _act(page, page.locator("#game form.ctl-start_turn.ctl-main button"))
            taps.append("start turn")
        elif kind == "turn":
            _act(page, page.locator("#game form.ctl-end_turn.ctl-main button").first)
            taps.append("end turn")
        elif kind == "colony_phase":
            preview = page.locator("#colony-preview")
            confirm = preview.locator("form.ctl-confirm button[type=submit]")
            not_met = preview.locator("form:has(input[name=met][value=false]) button")
            if not_met.count():
                _act(page, not_met)
                taps.append("not met")
            elif confirm.count():
                _act(page, confirm)
                taps.append("confirm")
            else:
                _act(page, page.locator("#game form.ctl-start_colony_phase.ctl-main button"))
                taps.append("begin colony phase")
        else:
            raise AssertionError(f"the round stopped at {kind!r}")
    raise AssertionError(f"the round never ended: {taps}")


@pytest.mark.parametrize(
    "players",
    [pytest.param(2, marks=pytest.mark.proof), 3, pytest.param(5, marks=pytest.mark.proof)],
)
def test_a_round_takes_half_the_bookkeeping_taps(browser, served, players):
    app, base = served
    app.config["REVEAL_PACE_MS"] = PACE_MS
    game_id = make_game(app, players)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_init_script(IN_FLIGHT_JS)
    page = context.new_page()
    page.goto(f"{base}/games/{game_id}")
    taps = play_round(page)
    state = current(app, game_id).state
    assert state["round"] == 2 and state["phase"] == "player_turns", state["phase"]
    print(players, len(taps), taps)
    assert len(taps) == AFTER[players], taps
    assert "show all" not in taps and taps.count("done") == 1
    assert 2 * len(taps) <= BEFORE[players], (taps, BEFORE[players])
    assert len(taps) == AFTER_29[players] - 1  # the reveal's "Show all" is gone
