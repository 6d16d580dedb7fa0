"""Blue Vials' die and side effect card on the phones (000:780-784): the active player's phone
asks for the die's face (or the companion's roll), and on a 1 or 2 the first player's phone asks
for the name of the side effect card picked from the box's deck, typed; it is equipped."""

from __future__ import annotations

from helpers.phones import head, new_game, post, table_act, take_seat

VIALS = [{"kind": "side_effect_roll", "target": "chosen", "at_most": 2}]


def test_the_die_and_the_card_are_asked_on_the_phones(app, table):
    game = new_game(app, deal=False, ruleset="long_night", settings={"modules": ["raxxon"]})
    phones = {sid: take_seat(app, table, game, sid) for sid in ("s1", "s2", "s3")}
    table_act(app, game, type="reveal_crisis", seed=1)
    table_act(app, game, type="start_turn")
    state, _ = head(app, game)
    active, first = state["turn"]["seat"], state["first_player"]
    hurt = next(s["id"] for s in state["survivors"] if s["owner"] == active)
    table_act(app, game, type="apply_card_effects", effects=VIALS, seat=active, chosen=hurt)
    page = phones[active].get(f"/phone/{game}").text
    assert "Roll a die for the survivor: which face did it show?" in page
    for face in ("1", "2", "3", "4", "5", "6", "roll"):
        assert f'name="answer" value="{face}"' in page
    assert "Roll it here for me" in page
    assert post(phones[active], game, type="choose_for_card", answer="2").status_code == 200
    state, _ = head(app, game)
    assert state["pending"]["ask"] == "side_effect_card" and state["pending"]["seat"] == first
    page = phones[first].get(f"/phone/{game}").text
    assert "Pick a card from the Raxxon side effect deck: what is its name?" in page
    assert 'id="card-answer-typed" name="answer"' in page
    board = table.get(f"/games/{game}").text  # the table may type it for a player
    assert board.count('<input name="answer" maxlength="40" required') == 1
    phones[first].set_cookie("lang", "pt_BR")
    page = phones[first].get(f"/phone/{game}").text
    assert "Escolha uma carta do baralho de efeitos de pílula da Raxxon" in page
    refused = post(phones[first], game, type="choose_for_card", answer="")
    assert refused.status_code == 422
    assert post(phones[first], game, type="choose_for_card", answer="Shakes").status_code == 200
    state, _ = head(app, game)
    assert state["raxxon"]["side_effects"] == {hurt: ["Shakes"]} and state["pending"] is None


def test_the_typed_card_question_fits_a_phone_in_both_languages(browser, served):
    """The first player's typed answer at 390px, English and pt-BR: no sideways scroll, axe
    clean; typed and sent, the card is equipped. Screenshots in tests/artifacts/ends."""
    from pathlib import Path

    from helpers.axe import violations
    from helpers.states import cookies_of

    app, base = served
    table = app.test_client()
    game = new_game(app, deal=False, ruleset="long_night", settings={"modules": ["raxxon"]})
    phones = {sid: take_seat(app, table, game, sid) for sid in ("s1", "s2", "s3")}
    table_act(app, game, type="reveal_crisis", seed=1)
    table_act(app, game, type="start_turn")
    state, _ = head(app, game)
    active, first = state["turn"]["seat"], state["first_player"]
    hurt = next(s["id"] for s in state["survivors"] if s["owner"] == active)
    table_act(app, game, type="apply_card_effects", effects=VIALS, seat=active, chosen=hurt)
    table_act(app, game, type="choose_for_card", seat_id=active, answer="1")
    shots = Path(__file__).parent / "artifacts" / "ends"
    shots.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_cookies(cookies_of(phones[first], base))
    page = context.new_page()
    for lang in ("en", "pt-BR"):
        page.goto(f"{base}/phone/{game}")
        if lang != "en":
            page.click("nav.lang a[lang=pt-BR]")
            page.wait_for_function("() => document.documentElement.lang === 'pt-BR'")
        field = page.locator("#card-answer-typed")
        field.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"side-effect-card-{lang}.png"), full_page=True)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
        assert violations(page) == []
    field.fill("Shakes")
    field.press("Enter")
    page.wait_for_function("() => !document.querySelector('#card-answer-typed')")
    state, _ = head(app, game)
    assert state["raxxon"]["side_effects"] == {hurt: ["Shakes"]}
    context.close()
