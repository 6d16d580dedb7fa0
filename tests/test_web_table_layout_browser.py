"""Issue 29.1, controls where the hand is: the table plays a whole round (the crisis, two turns
with a move, a kill, a barricade, noise, a wound, food, waste, morale and cards on the crisis,
the colony phase step by step) in headless chromium at 1366x768, and fails if any control it
uses was out of the window, covered, or inside a pane that was scrolled or would need scrolling.
The same controls are checked at 1920x1080 and on a 1024x768 tablet; seats stay free (players
without phones), so the join panel is on the screen all along."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from helpers.browser import IN_FLIGHT_JS, SETTLED_JS, WAIT_MS
from helpers.table import current, make_game, table_act, view_of

pytestmark = pytest.mark.seed(1)

LAPTOP = {"width": 1366, "height": 768}
OTHERS = ({"width": 1920, "height": 1080}, {"width": 1024, "height": 768})
SHOTS = Path(os.environ.get("LAYOUT_SHOTS", "")) if os.environ.get("LAYOUT_SHOTS") else None
"""A folder for screenshots of each size (LAYOUT_SHOTS=/tmp/x), to look at; none by default."""

WHERE_JS = """el => {
  const faults = [];
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) { return ['not drawn']; }
  if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) {
    const box = [r.left, r.top, r.right, r.bottom].map(Math.round);
    faults.push(`out of the ${innerWidth}x${innerHeight} window: ${box}`);
  }
  const root = document.scrollingElement;
  if (root.scrollTop > 0 || root.scrollHeight > innerHeight + 1) {
    faults.push(`the page scrolls: ${root.scrollTop} of ${root.scrollHeight}`);
  }
  for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
    const style = getComputedStyle(a);
    const name = a.tagName + (a.id ? '#' + a.id : '') + '.' + a.className;
    if (a.scrollTop > 0 || a.scrollLeft > 0) { faults.push(`${name} scrolled to ${a.scrollTop}`); }
    const clips = /(auto|scroll|hidden)/.test(style.overflowY + style.overflowX);
    if (clips && (a.scrollHeight > a.clientHeight + 1 || a.scrollWidth > a.clientWidth + 1)) {
      faults.push(`${name} needs scrolling: ${a.scrollHeight} in ${a.clientHeight}`);
    }
  }
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  if (!hit || !(hit === el || el.contains(hit) || hit.contains(el))) {
    faults.push('covered by ' + (hit ? hit.tagName + '.' + hit.className : 'nothing'));
  }
  return faults;
}"""


class Table:
    """The table screen at one size; each control it uses is checked for being in view."""

    def __init__(self, page: Any, app: Any, game_id: str) -> None:
        self.page = page
        self.app = app
        self.game_id = game_id
        self.used: list[str] = []

    def version(self) -> int:
        return int(self.page.locator("#game").get_attribute("data-live-version"))

    def in_view(self, locator: Any, what: str) -> Any:
        """The one control ``locator`` finds, after checking it is where the hand is."""
        assert locator.count() == 1, f"{what}: {locator.count()} found"
        faults = locator.evaluate(WHERE_JS)
        size = self.page.viewport_size
        assert not faults, f"{what} at {size['width']}x{size['height']}: {faults}"
        self.used.append(what)
        return locator

    def act(self, button: Any, what: str) -> None:
        """Click a control in view and wait for the game to move on one version."""
        before = self.version()
        self.page.evaluate("document.querySelector('#game').dataset.old = '1'")
        self.in_view(button, what).click()
        self.page.wait_for_function(
            "v => { const g = document.querySelector('#game');"
            " return !g.dataset.old || +g.dataset.liveVersion > v; }",
            arg=before,
            timeout=WAIT_MS,
        )
        self.page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)
        alert = self.page.locator("#game .alert")
        assert not alert.count(), f"{what}: {alert.first.inner_text()}"
        assert self.version() == before + 1, what

    def pick(self, select: Any, value: str, what: str) -> None:
        """Choose ``value`` in a select in view."""
        self.in_view(select, what).select_option(value)

    def fill(self, field: Any, value: str, what: str) -> None:
        self.in_view(field, what).fill(value)

    def form(self, kind: str, where: str = "#game") -> Any:
        return self.page.locator(f"{where} form.ctl-{kind}")

    def whatnow(self) -> str:
        cls = self.page.locator("#game section.whatnow").get_attribute("class") or ""
        return next((c.removeprefix("whatnow-") for c in cls.split() if c != "whatnow"), "")


def a_busy_turn(t: Table, first: bool) -> None:
    """One turn: the first moves a survivor out, kills there, barricades, makes noise, wounds,
    and uses every row of the table's group; the others only end."""
    page = t.page
    t.act(t.form("start_turn", ".whatnow").locator("button"), "start the turn")
    if first:
        view = view_of(t.app, t.game_id)
        seat = view["turn"]["seat"]
        mover = next(s for s in view["survivors"] if s["owner"] == seat)
        place = sorted(view["locations"], key=lambda loc: loc["number"])[0]["id"]
        # the board is the control: the survivor, then its place on the board, then the face
        survivor = page.locator(f"#board-survivors details[data-act-survivor='{mover['id']}']")
        t.in_view(survivor.locator("summary"), "the survivor on the board").click()
        card = page.locator(f".location[data-place='{place}']")
        t.in_view(card, "the place on the board").click(position={"x": 5, "y": 5})
        move = survivor.locator("form.ctl-move_survivor")
        assert move.locator(f"input[name=to][value='{place}']").is_checked()
        t.act(move.locator("button[name=exposure][value=blank]"), "Move")
        # the zombies where it went, then the face of the kill's exposure die
        kill = card.locator("details.act-kill")
        t.in_view(kill.locator("summary"), "the zombies on the board").click()
        t.act(kill.locator("button[name=exposure][value=blank]"), "Kill")
        # a tap on colony entrance 2's empty spaces builds a barricade there
        spaces = page.locator("#board-colony .entrance").nth(1).locator("button.act-spaces")
        t.act(spaces, "Build a barricade")
        t.act(card.locator("button.act-noise"), "Make noise")
        # a token, from the folded group "Survivors" (its overlay), folded again after
        t.in_view(page.locator("#group-survivors > summary"), "Survivors").click()
        page.locator("#group-survivors > .group-body:not([data-empty])").wait_for(timeout=WAIT_MS)
        t.act(page.locator(f".wound-row button[value='{mover['id']}|wound']"), "Wound")
        page.keyboard.press("Escape")
        group = "#table-group"
        add_food = t.form("add_food", group)
        t.fill(add_food.locator("input[name=count]"), "3", "food to add")
        t.act(add_food.locator("button[type=submit]"), "Add food")
        t.act(t.form("spend_food", group).locator("button[type=submit]"), "Spend food")
        t.act(t.form("add_waste", group).locator("button[type=submit]"), "Add waste")
        cards = t.form("contribute_to_crisis", group)
        t.fill(cards.locator("input[type=number]").first, "2", "cards on the crisis")
        t.act(cards.locator("button[type=submit]"), "Add these cards")
        morale = t.form("set_counter", group)
        t.fill(morale.locator("input[name=value]"), "5", "morale")
        t.act(morale.locator("button[type=submit]"), "Set morale")
        state = current(t.app, t.game_id).state
        assert state["morale"] == 5 and state["waste"] == 1 and state["food"] == 2
        moved = next(s for s in state["survivors"] if s["id"] == mover["id"])
        assert moved["location"] == place and moved["wounds"] == 1
    t.act(t.form("end_turn", ".whatnow").locator("button[type=submit]").first, "end the turn")


def a_round(t: Table) -> None:
    """A whole round from the crisis to the next round's crisis."""
    t.act(t.form("reveal_crisis", ".whatnow").first.locator("button"), "reveal the crisis")
    first = True
    while t.whatnow() == "start_turn":
        a_busy_turn(t, first)
        first = False
    for _ in range(30):
        kind = t.whatnow()
        if view_of(t.app, t.game_id)["round"] == 2:
            break
        reveal = t.page.locator("#reveal[open]")
        if reveal.count():
            done = reveal.locator(".reveal-done button")
            if done.count() and done.is_visible():
                t.act(done, "the reveal's Done")
            else:
                t.in_view(reveal.locator(".reveal-all"), "show the whole reveal").click()
            continue
        whatnow = t.page.locator("#game section.whatnow")
        asked = whatnow.locator("form.ctl-check_main_objective:has(input[name=met][value=false])")
        if asked.count():
            t.act(asked.locator("button[type=submit]"), "not met")
            continue
        button = whatnow.locator("form.ctl-confirm button[type=submit], form.ctl-main button")
        t.act(button.first, f"the colony step ({kind})")
    else:
        raise AssertionError("the round did not end")
    assert t.whatnow() == "reveal_crisis"


def test_a_round_at_1366x768_uses_only_controls_in_view(browser, served):
    app, base = served
    game_id = make_game(app)
    page = browser.new_page(viewport=LAPTOP)
    page.add_init_script(IN_FLIGHT_JS)
    try:
        page.goto(f"{base}/games/{game_id}")
        table = Table(page, app, game_id)
        a_round(table)
        assert {"Move", "Kill", "Build a barricade", "Wound", "Add food", "morale"} <= set(
            table.used
        )
        assert page.evaluate("document.querySelector('#join-panel') !== null")
    finally:
        page.close()


@pytest.mark.parametrize("size", OTHERS, ids=lambda s: f"{s['width']}x{s['height']}")
def test_the_turn_s_controls_are_in_view_at_other_sizes(browser, served, size):
    """A turn's controls, the table's group and the flow's button, at a wide screen and a
    tablet, with the join panel on the screen (seats free)."""
    app, base = served
    game_id = make_game(app)
    table_act(app, game_id, {"type": "reveal_crisis"})
    seat = view_of(app, game_id)["waiting"]["seat"]
    table_act(app, game_id, {"type": "start_turn", "seat_id": seat})
    table_act(app, game_id, {"type": "add_zombies_by_hand", "place": "colony", "count": 2})
    page = browser.new_page(viewport=size)
    page.add_init_script(IN_FLIGHT_JS)
    try:
        page.goto(f"{base}/games/{game_id}")
        t = Table(page, app, game_id)
        for what, control in (
            ("a survivor", "#board-survivors details[data-act-survivor] > summary"),
            ("the zombies", "#board-colony details.act-kill > summary"),
            ("the empty spaces", "#board-colony button.act-spaces"),
            ("the noise", "#board-locations button.act-noise"),
        ):
            t.in_view(page.locator(control).first, f"{what} on the board")
        for where, kinds in (
            ("#table-group", ("contribute_to_crisis", "add_food", "add_waste", "set_counter")),
            (".whatnow", ("end_turn",)),
        ):
            for kind in kinds:
                form = t.form(kind, where)
                for field in form.locator("select, input:not([type=hidden])").all():
                    t.in_view(field, f"a field of {kind}")
                t.in_view(form.locator("button[type=submit]").first, kind)
        # a survivor's panel: every place and face in view
        page.locator("#board-survivors details[data-act-survivor] > summary").first.click()
        panel = page.locator("#board details.act[open] .act-body")
        for control in panel.locator("label, button:not([hidden])").all():
            t.in_view(control, "a choice of the survivor's panel")
        if SHOTS:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"turn-{size['width']}x{size['height']}.png"))
    finally:
        page.close()
