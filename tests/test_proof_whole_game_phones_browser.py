"""A whole game in chromium, every turn entered on the active player's phone: three players,
base game, English, a laptop at 1366x768 and phones at 390x844, from the first crisis to the end
screen on the table and on every phone.

The main objective is a typed one with a round track of 3, so the game ends on the round track
(or sooner, at morale 0). Each turn, on the active phone only: a move with the exposure die's
blank face, a search, "End my turn". The laptop is touched only outside turns (reveal the crisis,
start the round, the colony phase and its reveal, the end). Every tap is counted per device by a
listener in each page (trusted pointer and key presses); the laptop's count must not move during
any turn, and every action logged during a turn comes from the active seat."""

from __future__ import annotations

import time

import pytest
from helpers.browser import IN_FLIGHT_JS, SETTLED_JS, WAIT_MS
from helpers.phones import head, new_game, open_db, take_seat
from helpers.states import cookies_of

import companion.engine as engine
from companion import store
from companion.engine.setup.chosen import typed_main_objective

pytestmark = [pytest.mark.proof, pytest.mark.seed(3)]

TABLE = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SEATS = ("s1", "s2", "s3")
PACE_MS = 40
ROUND_TRACK = 3
MAX_ROUNDS = 8
TIME_LIMIT_S = 420
SELECT_TAPS = 2
"""A select counts as 2 taps (issue 38's lines)."""
SHORT_NIGHT = typed_main_objective(
    "A short night",
    {
        "morale": 9,
        "round_track": ROUND_TRACK,
        "zombies_per_location": 1,
        "colony_zombies": 0,
        "food": 3,
        "helpless": 0,
    },
)
TAPS_JS = """(() => {
  const count = e => {
    if (!e.isTrusted) return;
    sessionStorage.setItem('taps', String(+(sessionStorage.getItem('taps') || 0) + 1));
  };
  addEventListener('pointerdown', count, true);
  addEventListener('keydown', count, true);
})();"""
"""Counts every trusted tap and key press of a page (kept across its reloads)."""


def _taps(page) -> int:
    return page.evaluate("() => +(sessionStorage.getItem('taps') || 0)")


def _settle(page) -> None:
    page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)


def _phone_act(page, control) -> None:
    """Press a phone control that sends an action; wait for its answer, refused by nothing."""
    before = int(page.locator("#phone .screen").get_attribute("data-version"))
    control.click()
    page.wait_for_function(
        "v => +document.querySelector('#phone .screen').dataset.version > v",
        arg=before,
        timeout=WAIT_MS,
    )
    _settle(page)
    alert = page.locator("#phone .alert")
    assert not alert.count(), alert.first.inner_text()


def _table_act(page, control) -> None:
    """Press a table control that sends an action; wait for its answer, refused by nothing."""
    before = int(page.locator("#game").get_attribute("data-live-version"))
    control.click()
    page.wait_for_function(
        "v => +document.querySelector('#game').dataset.liveVersion > v", arg=before, timeout=WAIT_MS
    )
    _settle(page)
    alert = page.locator("#game .alert")
    assert not alert.count(), alert.first.inner_text()


def _whatnow(page) -> str:
    cls = page.locator("#game section.whatnow").get_attribute("class") or ""
    return next((c[len("whatnow-") :] for c in cls.split() if c.startswith("whatnow-")), "")


def _group(page, n: int):
    return page.locator("#my-turn details.turn-survivor").nth(n)


def _open(page, n: int) -> None:
    """Tap a survivor's group open (only when it is not open already)."""
    group = _group(page, n)
    if group.get_attribute("open") is None:
        group.locator("> summary").click()


def _version(app, game) -> int:
    return head(app, game)[1]


def _actors_since(app, game, version: int) -> list[tuple[str, str]]:
    """(by, type) of every action logged after ``version``."""
    db = open_db(app)
    try:
        rows = store.log(db, game)[version:]
    finally:
        db.close()
    return [(row["action"].get("by", ""), row["action"]["type"]) for row in rows]


def play_turn(page) -> int:
    """One turn on the active player's phone: a move (blank face), a search (a barricade where
    no search is offered), End my turn; first, when the seat lost its last survivor, the new
    survivor card it drew. Returns the taps of its selects (2 each), which no listener sees."""
    selects = 0
    lost = page.locator("#new-survivor-now form")
    if lost.count():
        lost.locator("select").select_option(index=1)
        selects += SELECT_TAPS
        _phone_act(page, lost.locator("button"))
    start = page.locator("#my-turn form:has(input[value=start_turn]) button")
    if start.count():
        _phone_act(page, start)
    _open(page, 0)
    move = _group(page, 0).locator("form.turn-move")
    move.locator(".turn-place").first.click()
    _phone_act(page, move.locator("button.face-blank"))
    _open(page, 0)
    search = _group(page, 0).locator("form:has(input[value=search_location]) button")
    if not search.count():
        search = _group(page, 0).locator("form:has(input[value=add_barricade]) button").first
    _phone_act(page, search)
    end = page.locator("#my-turn .end-my-turn")
    assert end.text_content().strip() == "End my turn"
    _phone_act(page, end)
    return selects


def _table_between_turns(laptop, taps: dict[str, int]) -> str:
    """Move the game on at the laptop until a turn waits for a phone or the game is over;
    returns what waits ("turn" or "over")."""
    for _ in range(20):
        laptop.wait_for_function(
            "() => !document.querySelector('#reveal .rs.pending')", timeout=WAIT_MS
        )
        _settle(laptop)
        reveal = laptop.locator("#reveal")
        if reveal.count() and reveal.is_visible():
            _table_act(laptop, reveal.locator(".reveal-done button"))
            taps["laptop outside turns"] += 1
            continue
        kind = _whatnow(laptop)
        if kind in ("over", "declare_winners"):
            return "over"
        if kind == "reveal_crisis":
            control = laptop.locator("#game form.ctl-reveal_crisis.ctl-main button[type=submit]")
        elif kind == "start_turn":
            control = laptop.locator("#game form.ctl-start_turn.ctl-main button")
        elif kind == "colony_phase":
            preview = laptop.locator("#colony-preview")
            control = preview.locator("form:has(input[name=met][value=false]) button")
            if not control.count():
                control = preview.locator("form.ctl-confirm button[type=submit]")
        else:
            return "turn"
        _table_act(laptop, control)
        taps["laptop outside turns"] += 1
    raise AssertionError(f"the table never reached a turn or the end: {_whatnow(laptop)}")


def test_a_whole_game_with_the_laptop_untouched_during_turns(browser, served):
    app, base = served
    app.config["REVEAL_PACE_MS"] = PACE_MS
    began = time.monotonic()
    game = new_game(app, 3, deal=False, seed=11, main_objective=SHORT_NIGHT)
    table_client = app.test_client()
    clients = {sid: take_seat(app, table_client, game, sid) for sid in SEATS}
    laptop_context = browser.new_context(viewport=TABLE, locale="en")
    laptop_context.add_init_script(IN_FLIGHT_JS)
    laptop_context.add_init_script(TAPS_JS)
    laptop = laptop_context.new_page()
    laptop.goto(f"{base}/games/{game}")
    phones = {}
    for sid, client in clients.items():
        context = browser.new_context(viewport=PHONE, locale="en")
        context.add_init_script(IN_FLIGHT_JS)
        context.add_init_script(TAPS_JS)
        context.add_cookies(cookies_of(client, base))
        page = context.new_page()
        page.goto(f"{base}/phone/{game}")
        phones[sid] = page
    _settle(laptop)
    assert _whatnow(laptop) == "reveal_crisis"

    taps = {"laptop outside turns": 0}
    turns: list[tuple[int, str, int, int]] = []  # round, seat, laptop taps, phone taps
    phone_selects = dict.fromkeys(SEATS, 0)
    while _table_between_turns(laptop, taps) == "turn":
        state, version = head(app, game)
        assert state["round"] <= MAX_ROUNDS, state["round"]
        assert time.monotonic() - began < TIME_LIMIT_S, "the game took too long"
        seat = engine.table_view(state)["waiting"]["seat"]
        assert seat in SEATS, engine.table_view(state)["waiting"]
        page = phones[seat]
        page.locator("#my-turn #my-turn-title").wait_for(timeout=WAIT_MS)
        assert page.locator("#my-turn-title").text_content().strip() == "Your turn"
        for other in SEATS:
            if other != seat:
                assert not phones[other].locator("#my-turn").count(), (other, seat)
        laptop_before, phone_before = _taps(laptop), _taps(page)
        selects = play_turn(page)
        laptop_during = _taps(laptop) - laptop_before
        phone_selects[seat] += selects
        turns.append((state["round"], seat, laptop_during, _taps(page) - phone_before + selects))
        assert laptop_during == 0, turns[-1]
        actors = _actors_since(app, game, version)
        assert actors and actors[-1] == (seat, "end_turn"), actors
        assert all(by == seat for by, _ in actors), actors
        kinds = [kind for _, kind in actors]
        assert "move_survivor" in kinds and {"search_location", "add_barricade"} & set(kinds), kinds

    state, _ = head(app, game)
    assert state["ended"], state["phase"]
    assert state["ended"]["reason"] in ("round_track", "morale"), state["ended"]
    assert len(turns) >= len(SEATS), turns
    for page in phones.values():  # the end: each player answers for their objective
        _settle(page)
        mark = page.locator("#mark-objective button.down")
        if mark.count():
            _phone_act(page, mark)
    _settle(laptop)
    declare = laptop.locator("#game form.ctl-declare_winners button[type=submit]")
    if declare.count():
        _table_act(laptop, declare.first)
        taps["laptop outside turns"] += 1
    laptop.locator("#game #game-end").wait_for(timeout=WAIT_MS)
    assert "The game is over" in laptop.locator("#game #end-title").text_content()
    for page in phones.values():
        page.locator("#winners").wait_for(timeout=WAIT_MS)
        assert "Game over" in page.locator("#winners h2").text_content()
    seconds = time.monotonic() - began
    phone_taps = {sid: _taps(page) + phone_selects[sid] for sid, page in phones.items()}
    print(
        f"whole game: {len(turns)} turns, {state['round']} rounds, ended by"
        f" {state['ended']['reason']}, {seconds:.1f}s; laptop taps {_taps(laptop)}"
        f" ({taps['laptop outside turns']} outside turns, 0 in turns); phone taps {phone_taps};"
        f" per turn {turns}"
    )
    assert _taps(laptop) == taps["laptop outside turns"], (_taps(laptop), taps)
