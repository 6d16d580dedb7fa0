"""Every tap of a played round, each player entering their own turn on their phone: the scripted
round of issue 38 in chromium, three players, a laptop at 1366x768 and phones at 390x844.

Each turn: two moves (the first rolls a wound), a search, a kill with its exposure roll, a
barricade, one card added to the crisis, then "End my turn" (which starts the next player's);
in the first turn the player holding the crossroads card reveals it and the active player
chooses its option; then the colony phase and its reveal on the laptop. Taps are counted per
device, a select as 2 (none is used). The lines: at most 40 taps in all, at most 6 on the
laptop, and any board action at most 2 taps besides the die face it records."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.browser import IN_FLIGHT_JS, SETTLED_JS, WAIT_MS
from helpers.phones import head, new_game, table_act, take_seat
from helpers.states import cookies_of

import companion.engine as engine

pytestmark = pytest.mark.seed(3)

TABLE = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
PACE_MS = 40
ALL_LINE = 40
LAPTOP_LINE = 6
SHOTS = Path(__file__).resolve().parent / "artifacts" / "taps"
ACTION_LINE = 2
"""Taps of one board action besides the die face it records."""


class Taps:
    """Taps per device, and per board action (its taps besides the die face)."""

    def __init__(self) -> None:
        self.by_device: dict[str, list[str]] = {}
        self.actions: list[tuple[str, int]] = []
        self.open_action: list[str] | None = None

    def add(self, device: str, name: str, *, face: bool = False) -> None:
        self.by_device.setdefault(device, []).append(name)
        if self.open_action is not None and not face:
            self.open_action.append(name)

    def begin(self) -> None:
        self.open_action = []

    def end(self, name: str) -> None:
        self.actions.append((name, len(self.open_action or [])))
        self.open_action = None

    def total(self) -> int:
        return sum(len(v) for v in self.by_device.values())


def _settle(page) -> None:
    page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)


def _phone_version(page) -> int:
    return int(page.locator("#phone .screen").get_attribute("data-version"))


def _phone_act(page, control) -> None:
    """Press a phone control that sends an action; wait for its answer, refused by nothing."""
    before = _phone_version(page)
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


def _open(page, taps, device, n: int) -> None:
    """Tap a survivor's group open (a tap only when it is not open already)."""
    group = _group(page, n)
    if group.get_attribute("open") is None:
        group.locator("> summary").click()
        taps.add(device, "survivor")


def _move(page, taps, device, n: int, face: str) -> None:
    """Move survivor n to the first place offered, with the die's ``face``."""
    taps.begin()
    _open(page, taps, device, n)
    form = _group(page, n).locator("form.turn-move")
    form.locator(".turn-place").first.click()
    taps.add(device, "place")
    _phone_act(page, form.locator(f"button.face-{face}"))
    taps.add(device, f"face {face}", face=True)
    taps.end("move")


def play_turn(page, taps, device, crossroads=None) -> None:
    """One scripted turn on the active player's phone."""
    _move(page, taps, device, 0, "wound")
    taps.begin()
    _open(page, taps, device, 0)
    _phone_act(page, _group(page, 0).locator("form:has(input[value=search_location]) button"))
    taps.add(device, "search")
    taps.end("search")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"turn-{device}-searched.png"))
    taps.begin()
    _open(page, taps, device, 0)
    kill = _group(page, 0).locator("form.turn-kill")
    if not kill.locator("input[type=radio]:checked").count():
        kill.locator(".turn-place").first.click()
        taps.add(device, "kill where")
    _phone_act(page, kill.locator("button.face-blank"))
    taps.add(device, "face blank", face=True)
    taps.end("kill")
    _move(page, taps, device, 1, "blank")
    taps.begin()
    _open(page, taps, device, 1)
    _phone_act(page, _group(page, 1).locator("form:has(input[value=add_barricade]) button").first)
    taps.add(device, "barricade")
    taps.end("barricade")
    _phone_act(page, page.locator("#crisis .quick-add button").first)
    taps.add(device, "crisis card")
    if crossroads:
        holder, holder_device = crossroads
        _phone_act(
            holder, holder.locator("#crossroads form:has(input[value=reveal_crossroads]) button")
        )
        taps.add(holder_device, "reveal crossroads")
        page.wait_for_selector("#turn-crossroads", timeout=WAIT_MS)
        option = page.locator("#turn-crossroads form.crossroads-option").first
        if option.locator("input[type=radio]").count():
            option.locator(".turn-place").first.click()
            taps.add(device, "crossroads where")
        _phone_act(page, option.locator("button").first)
        taps.add(device, "crossroads option")
    _phone_act(page, page.locator("#my-turn .end-my-turn"))
    taps.add(device, "end my turn")


def test_a_round_entered_on_the_phones_meets_the_lines(browser, served):
    app, base = served
    app.config["REVEAL_PACE_MS"] = PACE_MS
    game = new_game(app, 3, deal=False, seed=11)
    table_client = app.test_client()
    clients = {sid: take_seat(app, table_client, game, sid) for sid in ("s1", "s2", "s3")}
    state, _ = head(app, game)
    for place in state["locations"]:  # the board as a round finds it: zombies to kill
        table_act(app, game, type="add_zombies_by_hand", place=place["id"], count=1)
    taps = Taps()
    laptop_context = browser.new_context(viewport=TABLE)
    laptop_context.add_init_script(IN_FLIGHT_JS)
    laptop = laptop_context.new_page()
    laptop.goto(f"{base}/games/{game}")
    phones = {}
    for sid, client in clients.items():
        context = browser.new_context(viewport=PHONE)
        context.add_init_script(IN_FLIGHT_JS)
        context.add_cookies(cookies_of(client, base))
        page = context.new_page()
        page.goto(f"{base}/phone/{game}")
        phones[sid] = page

    _settle(laptop)
    assert _whatnow(laptop) == "reveal_crisis"
    _table_act(laptop, laptop.locator("#game form.ctl-reveal_crisis.ctl-main button[type=submit]"))
    taps.add("laptop", "reveal crisis")
    _table_act(laptop, laptop.locator("#game form.ctl-start_turn.ctl-main button"))
    taps.add("laptop", "start the round")

    for turn in range(3):
        state, _ = head(app, game)
        seat = engine.table_view(state)["waiting"]["seat"]
        crossroads = None
        if turn == 0:
            drawer = state["turn"]["crossroads_drawer"]
            crossroads = (phones[drawer], drawer)
        play_turn(phones[seat], taps, seat, crossroads)

    for _ in range(10):  # the colony phase on the laptop, then its reveal
        laptop.wait_for_function(
            "() => !document.querySelector('#reveal .rs.pending')", timeout=WAIT_MS
        )
        _settle(laptop)
        reveal = laptop.locator("#reveal")
        if reveal.count() and reveal.is_visible():
            _table_act(laptop, reveal.locator(".reveal-done button"))
            taps.add("laptop", "done")
            continue
        kind = _whatnow(laptop)
        if kind == "reveal_crisis":
            break
        assert kind == "colony_phase", kind
        preview = laptop.locator("#colony-preview")
        not_met = preview.locator("form:has(input[name=met][value=false]) button")
        if not_met.count():
            _table_act(laptop, not_met)
            taps.add("laptop", "not met")
        else:
            _table_act(laptop, preview.locator("form.ctl-confirm button[type=submit]"))
            taps.add("laptop", "confirm")
    state, _ = head(app, game)
    assert state["round"] == 2, state["phase"]
    print({d: (len(v), v) for d, v in taps.by_device.items()}, taps.total(), taps.actions)
    assert len(taps.by_device["laptop"]) <= LAPTOP_LINE, taps.by_device["laptop"]
    assert all(n <= ACTION_LINE for _, n in taps.actions), taps.actions
    assert taps.total() <= ALL_LINE, taps.by_device
