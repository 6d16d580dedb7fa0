"""The table at a glance, measured in a real browser at every step of a whole game (issue 21).

The whole game of test_e2e_browser.py (the new game form, three phones joining, three rounds
with crossroads, crisis cards, an exile vote, an overrun, an undone colony step and the end) is
played again, and after every action of the table or a phone every device is measured:

- the table screen at 1366x768 and at 1920x1080: the "What now" heading, the latest notice or
  alert, and every control of the current step ("What now"'s buttons, a revealed crossroads
  card, an open reveal's buttons) lie wholly inside the window and inside every box that clips
  them, without scrolling anything;
- every phone at 360, 390 and 430 px wide: the page is no wider than the window (no sideways
  scroll); so are the join pages (/j and the seat picker) before the phones join;
- every device: no visible text is under 12 px;
- and once more with every folded part (<details>) open: no text under 12 px, nothing wider.

Every fault found is listed at the end (none may remain). Screenshots of each new state go to
tests/artifacts/glance/<lang>/ (the table at both sizes, each phone at both widths).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.browser import GLANCE_JS, IN_FLIGHT_JS, MIN_FONT_PX
from helpers.e2e import (
    ACCEPT_LANGUAGE,
    NAMES,
    ROUNDS,
    SAFE_FOOD,
    SAFE_MORALE,
    WAIT_MS,
    Game,
    Phone,
    Shots,
    Table,
    colony_phase,
    correct_counter,
    create_game,
    end_game,
    join,
    join_link,
    keep_survivors,
    play_turn,
    reveal_crisis,
    wait_until_joined,
)

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "tests" / "artifacts" / "glance"
TABLE_SIZES = ({"width": 1366, "height": 768}, {"width": 1920, "height": 1080})
PHONE_WIDTHS = (360, 390, 430)
PHONE_HEIGHT = 844


UNFOLD_JS = """async (open) => {
  /* Open every folded <details> (marking it), or fold the marked ones again; how many. The
     measure's own toggles reach no page script (the table's folds each fetch their controls and
     fold the others; a board panel folds the others): stopped at the window while it measures,
     until the toggle events of the folding again have gone by. */
  if (!window.glanceQuietSet) {
    window.glanceQuietSet = true;
    window.addEventListener('toggle', (e) => {
      if (window.glanceQuiet) e.stopImmediatePropagation();
    }, true);
  }
  const found = open ? document.querySelectorAll('details:not([open])')
    : document.querySelectorAll('details[data-glance-unfolded]');
  if (open && found.length) window.glanceQuiet = true;
  found.forEach((d) => {
    if (open) d.setAttribute('data-glance-unfolded', '');
    else d.removeAttribute('data-glance-unfolded');
    d.open = open;
  });
  if (!open) {
    await new Promise((done) => setTimeout(done, 50));
    window.glanceQuiet = false;
  }
  return found.length;
}"""


class Meter:
    """Measures every device after every step; keeps the faults and the new states' shots."""

    def __init__(self, lang: str) -> None:
        self.folder = ARTIFACTS / lang
        for old in self.folder.glob("*.png"):
            old.unlink()
        self.folder.mkdir(parents=True, exist_ok=True)
        self.game: Game | None = None
        self.faults: list[str] = []
        self.steps = 0
        self.seen: set[tuple[str, str]] = set()
        self.shots = 0

    def measure(self, page: Any, where: str) -> dict[str, Any]:
        """Measure one page as it is now; note its faults under ``where``."""
        found = page.evaluate(GLANCE_JS, MIN_FONT_PX)
        state = found["state"] + (" reveal" if found["reveal"] else "")
        label = f"step {self.steps} {where} [{state}]"
        if found["out"]:
            self.faults.append(f"{label}: not in view: {found['out']}")
        if found["small"]:
            self.faults.append(f"{label}: text under {MIN_FONT_PX} px: {found['small']}")
        if found["scrollWidth"] > found["innerWidth"]:
            self.faults.append(
                f"{label}: {found['scrollWidth']} px wide in {found['innerWidth']}: {found['wide']}"
            )
        return found

    def shot(self, page: Any, key: tuple[str, str], name: str) -> None:
        """A screenshot of a state not seen before (by device and state)."""
        if key in self.seen:
            return
        self.seen.add(key)
        self.shots += 1
        safe = re.sub(r"[^\w.-]+", "-", name)[:80]
        # the caret left alone: no inline style written into the page (helpers/e2e.py Shots)
        page.screenshot(path=str(self.folder / f"{self.shots:03d}-{safe}.png"), caret="initial")

    def unfolded(self, page: Any, where: str) -> None:
        """Measure again with every folded part open (a form behind a summary may be the
        widest thing on the page), text sizes and width only; then fold them again."""
        if not page.evaluate(UNFOLD_JS, True):
            return
        found = page.evaluate(GLANCE_JS, MIN_FONT_PX)
        page.evaluate(UNFOLD_JS, False)
        label = f"step {self.steps} {where} unfolded"
        if found["small"]:
            self.faults.append(f"{label}: text under {MIN_FONT_PX} px: {found['small']}")
        if found["scrollWidth"] > found["innerWidth"]:
            self.faults.append(
                f"{label}: {found['scrollWidth']} px wide in {found['innerWidth']}: {found['wide']}"
            )

    def table(self, page: Any) -> None:
        """The table screen at both sizes (left at the first)."""
        for size in reversed(TABLE_SIZES):
            page.set_viewport_size(size)
            found = self.measure(page, f"table {size['width']}")
            self.unfolded(page, f"table {size['width']}")
            state = found["state"] + (" reveal" if found["reveal"] else "")
            self.shot(page, (f"table{size['width']}", state), f"table-{size['width']}-{state}")

    def phone(self, page: Any, who: str) -> None:
        """A phone page at both widths (left at the narrowest)."""
        for width in reversed(PHONE_WIDTHS):
            page.set_viewport_size({"width": width, "height": PHONE_HEIGHT})
            found = self.measure(page, f"{who} {width}")
            self.unfolded(page, f"{who} {width}")
            self.shot(page, (f"{who}{width}", found["now"]), f"{who}-{width}-{found['now'][:40]}")

    def step(self) -> None:
        """After an action: every device once the newest version is everywhere."""
        g = self.game
        assert g is not None
        self.steps += 1
        g.sync()
        self.table(g.table.page)
        for phone in g.phones:
            self.phone(phone.page, phone.name)


class MeteredTable(Table):
    """The table screen, measured after each of its actions."""

    def __init__(self, page: Any, meter: Meter) -> None:
        super().__init__(page)
        self.meter = meter

    def act(self, button: Any, *, refused_ok: bool = False) -> bool:
        moved = super().act(button, refused_ok=refused_ok)
        self.meter.step()
        return moved


class MeteredPhone(Phone):
    """A phone, measured (with every other device) after each of its actions."""

    meter: Meter | None = None

    def act(self, button: Any) -> None:
        super().act(button)
        assert self.meter is not None
        self.meter.step()


def join_pages(meter: Meter, context: Any, base: str, link: str) -> None:
    """The pages a phone meets before its seat: /j (the code) and the seat picker."""
    page = context.new_page()
    try:
        for path, who in ((f"{base}/j", "join-code"), (link, "join-pick")):
            page.goto(path)
            page.wait_for_load_state("load")
            meter.phone(page, who)
    finally:
        page.close()


@pytest.fixture
def devices(browser) -> Iterator[list[Any]]:
    """The browser contexts of one game, closed afterwards."""
    contexts: list[Any] = []
    yield contexts
    for context in contexts:
        context.close()


@pytest.mark.proof
@pytest.mark.parametrize("lang", ["en", "pt_BR"])
def test_every_step_of_a_whole_game_fits_at_a_glance(browser, companion_server, devices, lang):
    meter = Meter(lang)
    shots = Shots(lang, ARTIFACTS / lang / "e2e")
    base = companion_server.url("").rstrip("/")
    table_context = browser.new_context(viewport=TABLE_SIZES[0])
    devices.append(table_context)
    table_context.set_default_timeout(WAIT_MS)
    table_context.add_init_script(IN_FLIGHT_JS)
    table = MeteredTable(table_context.new_page(), meter)
    create_game(table.page, base, lang, shots)
    meter.table(table.page)
    assert table.page.locator("#join-panel.join-panel").count() == 1, "the join panel is folded"

    phones = []
    for name in NAMES:
        context = browser.new_context(
            viewport={"width": PHONE_WIDTHS[0], "height": PHONE_HEIGHT},
            locale=ACCEPT_LANGUAGE[lang],
            is_mobile=True,
            has_touch=True,
        )
        devices.append(context)
        context.set_default_timeout(WAIT_MS)
        context.add_init_script(IN_FLIGHT_JS)
        phone = MeteredPhone(context.new_page(), name)
        phone.meter = meter
        phones.append(phone)
    g = Game(table, phones, lang, shots)
    meter.game = g

    link = join_link(table)
    join_pages(meter, devices[1], base, link)
    for phone in phones:
        join(phone, link, g)
    wait_until_joined(table, phones)
    table.page.wait_for_selector("details#join-panel.join-fold:not([open])", timeout=WAIT_MS)
    meter.step()

    keep_survivors(g)
    correct_counter(g, "morale", SAFE_MORALE)
    correct_counter(g, "food", SAFE_FOOD)
    for rnd in range(1, ROUNDS + 1):
        symbol = reveal_crisis(g, rnd)
        for turn in range(len(phones)):
            play_turn(g, rnd, turn, symbol)
        colony_phase(g, rnd, met=rnd == ROUNDS)
    end_game(g)

    assert meter.steps > 60, meter.steps
    assert not meter.faults, f"{len(meter.faults)} faults:\n" + "\n".join(meter.faults[:40])
