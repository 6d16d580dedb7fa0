"""A special scenario chosen on the new-game page, shown on the table screen and the phones.

Real games made through the form in games.db; the Long Night rulebook's scenarios (000:863 on).
"""

from __future__ import annotations

import html
import re

import pytest
from helpers.phones import take_seat

from companion import store

NUMBERS = {
    "morale": "6",
    "round_track": "6",
    "zombies_per_location": "1",
    "colony_zombies": "0",
    "food": "4",
    "helpless": "0",
}


def state_of(app, game_id: str) -> dict:
    db = store.open_db(app.config["GAMES_DB"])
    try:
        return store.current(db, game_id).state
    finally:
        db.close()


def scenario_form(game_form, scenario: str, **options) -> dict:
    form = game_form(3, objective="typed", typed=NUMBERS, **options)
    form["scenario"] = scenario
    return form


def created(client, form) -> str:
    response = client.post("/games/new", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].split("/")[-2]


def test_the_form_offers_every_chapter_and_none(client):
    page = client.get("/games/new").get_data(as_text=True)
    assert 'name="scenario" value="" checked' in page
    for value in ("raxxon:1", "raxxon:2", "raxxon:3", "bandit_blitz:1", "bandit_blitz:3"):
        assert f'name="scenario" value="{value}"' in page
    assert "The Chimp and the Code (Raxxon)" in page and "Bandit Blitz" in page
    client.set_cookie("lang", "pt_BR")
    page = client.get("/games/new").get_data(as_text=True)
    assert "Cenário especial" in html.unescape(page)
    assert "Ataque dos Bandidos" in html.unescape(page)


def test_choosing_a_chapter_turns_on_its_module_and_the_long_night(app, client, game_form):
    """000:940: Bandit Blitz is set up "as if you are playing with the Bandit module"."""
    game_id = created(client, scenario_form(game_form, "bandit_blitz:1", ruleset="base"))
    st = state_of(app, game_id)
    assert st["ruleset"] == "long_night"
    assert st["settings"]["modules"] == ["bandits"]
    assert st["scenario"] == {"name": "bandit_blitz", "chapter": 1, "completed": False}
    assert st["main_objective"]["name"] == "B1" and st["food"] == 4
    dealt = [st["secrets"][s]["objective"] for s in st["secrets"]]
    assert not any(st["cards"]["objectives"][d]["kind"] == "betrayal" for d in dealt if d), (
        "the random betrayal card is never dealt in Bandit Blitz (000:944)"
    )


def test_modules_already_ticked_stay_on(app, client, game_form):
    form = scenario_form(game_form, "raxxon:1", ruleset="long_night", modules=["improvements"])
    st = state_of(app, created(client, form))
    assert st["settings"]["modules"] == ["improvements", "raxxon"]
    assert st["raxxon"]["sealed_spaces"] is not None  # R1 seals Raxxon (raxxon.setup_chapter)
    rax = next(loc for loc in st["locations"] if loc["id"] == st["raxxon"]["location"])
    assert rax["survivor_spaces"] == 0 and rax["entrance"]["barricades"] > 0


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        ({"scenario": "raxxon:9"}, "Choose a special scenario from the list, or none."),
        ({"scenario": "tribute:1"}, "Choose a special scenario from the list, or none."),
        ({"typed_morale": ""}, "Special Main Objective R1 is in the box"),
    ],
)
def test_a_bad_scenario_choice_comes_back_with_its_message(app, client, game_form, spoil, message):
    form = {**scenario_form(game_form, "raxxon:1"), **spoil}
    response = client.post("/games/new", data=form)
    assert response.status_code == 400
    page = html.unescape(response.get_data(as_text=True))
    assert message in page
    db = store.open_db(app.config["GAMES_DB"])
    try:
        assert db.execute("select count(*) from games").fetchone()[0] == 0
    finally:
        db.close()


def test_the_checklist_says_what_to_read_and_do(client, game_form):
    game_id = created(client, scenario_form(game_form, "raxxon:1"))
    page = html.unescape(client.get(f"/games/{game_id}/setup").get_data(as_text=True))
    assert "Special scenario: The Chimp and the Code (Raxxon)" in page
    assert "from page 20" in page
    assert "Take Blue and Emma Han out of the survivor deck" in page
    client.set_cookie("lang", "pt_BR")
    page = html.unescape(client.get(f"/games/{game_id}/setup").get_data(as_text=True))
    assert "Remova Blue e Emma Han do baralho dos sobreviventes" in page
    assert "O Código e a Chimpanzé" in page


def test_the_table_screen_and_the_phones_show_the_chapter(app, client, game_form):
    game_id = created(client, scenario_form(game_form, "bandit_blitz:2"))
    page = html.unescape(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert re.search(r"Bandit Blitz</span>\s*B2: revenge on the bandits", page)
    phone = take_seat(app, client, game_id, "s2")
    phone.set_cookie("lang", "pt_BR")
    mine = html.unescape(phone.get(f"/phone/{game_id}").get_data(as_text=True))
    assert "Ataque dos Bandidos" in mine and "B2: vingança contra os bandidos" in mine


def test_a_game_without_a_scenario_shows_its_objective_as_before(client, game_form):
    game_id = created(client, game_form(3))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "scenario-chapter" not in page
    assert 'class="objective"' in page
