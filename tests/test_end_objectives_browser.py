"""At the end a phone whose objective cannot be complete says which part the board shows unmet
instead of asking (002:103-107, 002:1806-1818), in chromium at 390px in English and pt-BR:
it fits without sideways scroll and axe finds nothing. Screenshots in tests/artifacts/ends."""

from __future__ import annotations

from pathlib import Path

from helpers.axe import violations
from helpers.phones import head, new_game, table_act, take_seat
from helpers.states import cookies_of

PHONE = {"width": 390, "height": 844}
SHOTS = Path(__file__).parent / "artifacts" / "ends"


def test_a_phone_says_which_part_is_unmet_in_both_languages(browser, served):
    """Seed 2 deals Ana Sleeper (the colony falls; never exiled; 3 survivors or more): with her
    2 survivors at a morale end, her phone names the survivors part."""
    app, base = served
    table = app.test_client()
    game = new_game(app, deal=False, seed=2)
    ana = take_seat(app, table, game, "s1")
    state, _ = head(app, game)
    assert state["secrets"]["s1"]["objective"] == "companion.sleeper"
    table_act(app, game, type="set_counter", name="morale", value=0)
    context = browser.new_context(viewport=PHONE)
    context.add_cookies(cookies_of(ana, base))
    page = context.new_page()
    SHOTS.mkdir(parents=True, exist_ok=True)
    said = {
        "en": "It needs survivors you control: 3 or more; the board shows 2, so it cannot be "
        "complete and there is nothing to mark.",
        "pt-BR": "Ela exige sobreviventes que você controla: 3 ou mais; o tabuleiro mostra 2, "
        "então não pode estar cumprida e não há nada a marcar.",
    }
    for lang, sentence in said.items():
        page.goto(f"{base}/phone/{game}")
        if lang != "en":
            page.click("nav.lang a[lang=pt-BR]")
            page.wait_for_function("() => document.documentElement.lang === 'pt-BR'")
        out = page.locator("#objective-out")
        assert out.locator("p.question").inner_text().strip() == sentence
        assert page.locator('button[name="complete"]').count() == 0
        out.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"objective-out-{lang}.png"), full_page=True)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
        assert violations(page) == []
    context.close()
