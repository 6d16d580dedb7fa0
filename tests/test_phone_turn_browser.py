"""The active player's turn on their phone, read in chromium at 390x844 and on a 1366x768
laptop window, in English and Brazilian Portuguese: a survivor's group and "End my turn" in
view without scrolling, the exposure die's faces in view once a survivor's group is open, no
sideways scroll, axe-core without a serious violation (console errors fail any browser test).
The Portuguese walks are ``proof`` (CI's proof run)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.axe import violations
from helpers.browser import IN_FLIGHT_JS, SETTLED_JS, WAIT_MS
from helpers.phones import head, seated_and_kept, table_act
from helpers.states import cookies_of

SHOTS = Path(__file__).resolve().parent / "artifacts" / "phone_turn"
IN_VIEW_JS = """el => { const r = el.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""


def _active_phone(browser, served, size: tuple[int, int]):
    """The first player's phone page at ``size``, their first turn started (base, game, page;
    the page not yet opened)."""
    app, base = served
    table = app.test_client()
    game, phones = seated_and_kept(app, table)
    table_act(app, game, type="reveal_crisis", seed=2)
    seat = head(app, game)[0]["first_player"]
    table_act(app, game, type="start_turn")
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.add_init_script(IN_FLIGHT_JS)
    context.add_cookies(cookies_of(phones[seat], base))
    return base, game, context.new_page()


@pytest.mark.parametrize("lang", ["en", pytest.param("pt_BR", marks=pytest.mark.proof)])
@pytest.mark.parametrize("size", [(390, 844), (1366, 768)])
def test_the_turn_on_the_phone_is_in_view_and_clean(browser, served, lang, size):
    width = size[0]
    base, game, page = _active_phone(browser, served, size)
    page.goto(f"{base}/lang/{lang}?next=/phone/{game}")
    page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)
    assert page.evaluate("document.documentElement.lang") == lang.replace("_", "-")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{lang}-{width}-start.png"))
    first = page.locator("#my-turn details.turn-survivor > summary").first
    end = page.locator("#my-turn .end-my-turn")
    assert first.evaluate(IN_VIEW_JS), "the first survivor's group is below the fold"
    assert end.evaluate(IN_VIEW_JS), "End my turn is below the fold"
    assert violations(page) == []
    first.click()
    faces = page.locator("#my-turn details.turn-survivor[open] form.turn-move .faces button")
    assert faces.count() == 4
    # the place, then the face: both in view once the group is open
    page.locator("#my-turn details[open] form.turn-move .turn-place").first.click()
    for n in range(4):
        assert faces.nth(n).evaluate(IN_VIEW_JS), f"face {n} is below the fold"
    page.screenshot(path=str(SHOTS / f"{lang}-{width}-open.png"), full_page=True)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    assert violations(page) == []


GROUP_TOP_JS = """id => { const bar = document.querySelector('#my-turn .turn-who');
  const top = document.getElementById(id).getBoundingClientRect().top;
  return [Math.round(top), Math.round(bar.getBoundingClientRect().bottom)]; }"""


def test_a_survivor_s_group_opens_at_the_top_by_its_name_or_its_summary(browser, served):
    """Tapped by its name in the turn's bar or by its own summary, a survivor's group opens at
    the top of the phone, under the bar that stays there; one group is open at a time."""
    base, game, page = _active_phone(browser, served, (390, 844))
    page.goto(f"{base}/phone/{game}")
    page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)
    # room to scroll below the groups, as a long turn has
    page.evaluate("() => { document.body.style.paddingBottom = '2000px'; }")
    opened = (
        "() => [...document.querySelectorAll('#my-turn details.turn-survivor')].map(d => d.open)"
    )
    page.locator("#turn-s2 > summary").click()
    page.wait_for_function("() => document.getElementById('turn-s2').open")
    top, bar = page.evaluate(GROUP_TOP_JS, "turn-s2")
    assert page.evaluate(opened) == [False, True]
    assert bar - 2 <= top <= bar + 24, (top, bar)
    page.locator("#my-turn .turn-who a[data-open='turn-s1']").click()
    page.wait_for_function("() => document.getElementById('turn-s1').open")
    top, bar = page.evaluate(GROUP_TOP_JS, "turn-s1")
    assert page.evaluate(opened) == [True, False]
    assert bar - 2 <= top <= bar + 24, (top, bar)
    assert page.url.endswith(f"/phone/{game}")  # the name's link did not navigate
