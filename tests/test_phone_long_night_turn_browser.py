"""A Long Night turn (bandits, Raxxon and improvements) entered wholly on the active player's
phone in chromium at 390x844, in English and Brazilian Portuguese: an attack on a special zombie
and its death, an attack on another player's survivor, an explosive trap, a move onto a bandit's
location, a heal, an attack on the bandit, End my turn. Taps are counted per device: the laptop's
stay at 0 while the table screen and another phone follow live. At every moment the control of
the moment is in view without scrolling, nothing scrolls sideways, axe-core finds no serious
violation (console errors fail any browser test)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.axe import violations
from helpers.browser import IN_FLIGHT_JS, SETTLED_JS, WAIT_MS
from helpers.phones import head
from helpers.states import cookies_of
from test_taps_phone_turns_browser import Taps
from test_web_phone_long_night_turn import BANDITS_AT, long_night_turn

pytestmark = pytest.mark.seed(3)

PHONE = {"width": 390, "height": 844}
TABLE = {"width": 1366, "height": 768}
SHOTS = Path(__file__).resolve().parent / "artifacts" / "phone_long_night"
IN_VIEW_JS = """el => { const r = el.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""
SIDEWAYS_JS = "() => document.scrollingElement.scrollWidth - innerWidth"
WORD_BROKEN_JS = """root => [...root.querySelectorAll('.face, .turn-place, .buttons button')]
.filter(el => {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let at = 0;
    for (const word of node.textContent.split(/(\\s+)/)) {
      if (word.trim()) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (lines.size > 1) return true;
      }
      at += word.length;
    }
  }
  return el.scrollWidth > el.clientWidth + 1;
}).map(el => el.textContent.trim())"""
"""The die faces, place and survivor choices and button rows' buttons whose word is broken across
lines or overflows its box ("Congelamento", "Esconderijo" on a 390 px phone)."""


def _settle(page) -> None:
    page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)


def _version(page) -> int:
    return int(page.locator("#phone .screen").get_attribute("data-version"))


class Phone:
    """The active phone: taps counted, every sent control's answer awaited and checked."""

    def __init__(self, page, taps: Taps, device: str, lang: str) -> None:
        self.page, self.taps, self.device, self.lang = page, taps, device, lang

    def tap(self, control, name: str, *, face: bool = False) -> None:
        """A tap that sends nothing (a group opened, a choice made): in view first."""
        assert control.evaluate(IN_VIEW_JS), f"{name} is not in view without scrolling"
        control.click()
        self.taps.add(self.device, name, face=face)

    def send(self, control, name: str, *, face: bool = False) -> None:
        """A tap that sends the form: in view first, answered without a refusal, and the page
        after it still fits (no sideways scroll) and passes axe."""
        before = _version(self.page)
        self.tap(control, name, face=face)
        self.page.wait_for_function(
            "v => +document.querySelector('#phone .screen').dataset.version > v",
            arg=before,
            timeout=WAIT_MS,
        )
        _settle(self.page)
        alert = self.page.locator("#phone .alert")
        assert not alert.count(), alert.first.inner_text()
        assert self.page.evaluate(SIDEWAYS_JS) <= 0, f"after {name}: sideways scroll"
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SHOTS / f"{self.lang}-{len(self.taps.actions)}-{name}.png"))

    def group(self, n: int):
        return self.page.locator("#my-turn details.turn-survivor").nth(n)

    def open(self, n: int) -> None:
        """Open survivor n's group (a tap only when it is closed): its name in the list, or
        in the turn's bar held at the top while another group is open; the group's first
        control then in view."""
        if self.group(n).get_attribute("open") is None:
            if self.page.locator("#my-turn details.turn-survivor[open]").count():
                self.tap(self.page.locator("#my-turn .turn-who .chip").nth(n), "survivor")
            else:
                self.tap(self.group(n).locator("> summary"), "survivor")
            self.page.wait_for_function(
                "n => document.querySelectorAll('#my-turn details.turn-survivor')[n].open", arg=n
            )
            first = self.group(n).locator(".turn-actions > *").first
            assert first.evaluate(IN_VIEW_JS), "the group's first control is not in view"


@pytest.mark.parametrize("lang", ["en", pytest.param("pt_BR", marks=pytest.mark.proof)])
def test_a_long_night_turn_entered_on_the_phone_with_the_laptop_untouched(
    browser, served, table, lang
):
    app, base = served
    game, clients, seat = long_night_turn(app, table)
    other = next(s for s in clients if s != seat)
    taps = Taps()
    laptop = browser.new_context(viewport=TABLE)
    laptop.add_init_script(IN_FLIGHT_JS)
    laptop_page = laptop.new_page()
    laptop_page.goto(f"{base}/games/{game}")
    pages = {}
    for sid in (seat, other):
        context = browser.new_context(viewport=PHONE)
        context.add_init_script(IN_FLIGHT_JS)
        context.add_cookies(cookies_of(clients[sid], base))
        pages[sid] = context.new_page()
        pages[sid].goto(f"{base}/lang/{lang}?next=/phone/{game}")
        _settle(pages[sid])
    page = pages[seat]
    assert page.evaluate("document.documentElement.lang") == lang.replace("_", "-")
    phone = Phone(page, taps, seat, lang)
    assert page.locator("#my-turn .end-my-turn").evaluate(IN_VIEW_JS), "End my turn below the fold"
    assert page.evaluate(SIDEWAYS_JS) <= 0
    assert violations(page) == []

    # the special zombie beside the first survivor: its exposure face, then its encounter face
    taps.begin()
    phone.open(0)
    special = phone.group(0).locator("form.turn-special")
    special.scroll_into_view_if_needed()  # below the move: the rules let the survivor move first
    assert special.locator("input[name=zombie]:checked").count() == 1  # the one there
    assert not special.locator("input:checked[name=exposure]").count()
    assert violations(page) == []
    phone.tap(special.locator("label.face-blank"), "exposure blank", face=True)
    phone.send(special.locator("button[name=encounter][value='4']"), "encounter 4", face=True)
    taps.end("attack special zombie")

    taps.begin()
    dies = phone.group(0).locator("form:has(input[value=remove_special_zombie]) button")
    phone.send(dies, "special zombie dies")
    taps.end("special zombie dies")

    taps.begin()
    attack = phone.group(0).locator("form.turn-attack")
    attack.scroll_into_view_if_needed()
    phone.tap(attack.locator(".turn-place").first, "target")
    phone.send(attack.locator("button[name=roll][value='1']"), "roll 1", face=True)
    taps.end("attack survivor")

    taps.begin()
    trap = phone.group(0).locator("fieldset.traps button").nth(1)
    trap.scroll_into_view_if_needed()
    phone.send(trap, "trap")
    taps.end("trap")

    taps.begin()
    phone.open(1)
    move = phone.group(1).locator("form.turn-move")
    phone.tap(move.locator(f".turn-place:has(input[value='{BANDITS_AT}'])"), "place")
    phone.send(move.locator("button.face-wound"), "face wound", face=True)
    taps.end("move")

    taps.begin()
    heal = phone.group(1).locator("form:has(input[value=heal_survivor]) button").first
    heal.scroll_into_view_if_needed()
    phone.send(heal, "heal")
    taps.end("heal")

    taps.begin()
    bandit = phone.group(1).locator("form.turn-bandit")
    bandit.scroll_into_view_if_needed()
    assert violations(page) == []
    phone.send(bandit.locator("button.roll"), "roll it for me")
    taps.end("attack bandit")

    state, version = head(app, game)
    assert [s["wounds"] for s in state["survivors"] if s["owner"] == seat][1] == 0
    assert state["colony"]["entrances"][1]["traps"] == 1
    assert not state["raxxon"]["dice"] and not any(
        e.get("special") for e in state["colony"]["entrances"]
    )
    # the table screen and another phone followed live, untouched
    laptop_page.wait_for_function(
        "v => +document.querySelector('#game').dataset.liveVersion >= v",
        arg=version,
        timeout=WAIT_MS,
    )
    pages[other].wait_for_function(
        "v => +document.querySelector('#phone .screen').dataset.version >= v",
        arg=version,
        timeout=WAIT_MS,
    )
    assert not pages[other].locator("#my-turn").count()

    # every folded part of the turn opened: still no sideways scroll, still clean
    page.evaluate("() => document.querySelectorAll('#my-turn details').forEach(d => d.open = true)")
    assert page.evaluate(SIDEWAYS_JS) <= 0
    assert page.evaluate(WORD_BROKEN_JS, page.locator("#my-turn").element_handle()) == []
    assert violations(page) == []
    for part in ("#turn-more", "#turn-heal-others"):
        page.locator(part).screenshot(path=str(SHOTS / f"{lang}-{part[1:]}.png"))
    page.evaluate(
        "() => { document.querySelectorAll('#my-turn details').forEach(d => d.open = false);"
        " scrollTo(0, 0); }"
    )
    phone.open(1)
    # a group open: End my turn is held at the top with the survivors' names
    phone.send(page.locator("#my-turn .turn-who .end-turn-top"), "end my turn")
    state, _ = head(app, game)
    assert state["turn"] is None or state["turn"]["seat"] != seat
    print(lang, taps.by_device, taps.actions)
    assert "laptop" not in taps.by_device
    assert all(n <= 2 for _, n in taps.actions), taps.actions
