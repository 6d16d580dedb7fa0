"""A special scenario chosen on the new-game page, shown on the table screen and the phones.

Real games made through the form in games.db; the Long Night rulebook's scenarios (000:863 on).
"""

from __future__ import annotations

import html
import re

import pytest
from helpers.phones import take_seat
from helpers.table import find_form, form_data, form_type, page_forms, table_act, view_of

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
    # 000:874 "Remove Blue and Emma Han from the survivor deck and set them aside"; 000:882
    # "add her survivor card to the following of the first player": the engine does both
    # (scenarios/named.py, their cards from cards.db)
    assert "Set aside, out of the survivor deck: Blue, Emma Han." in page
    assert "Emma Han joins" in page and "equip them to her" in page
    assert "Take Blue and Emma Han out of the survivor deck" not in page
    client.set_cookie("lang", "pt_BR")
    page = html.unescape(client.get(f"/games/{game_id}/setup").get_data(as_text=True))
    assert "Separados, fora do baralho dos sobreviventes: Blue, Emma Han." in page
    assert "Encontre a Planta da Raxxon no baralho de itens da Raxxon" in page
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


def test_step_five_of_a_chapter_says_the_game_goes_on(app, client, game_form):
    """000:886: "The next section should be read once Special Main Objective R1 has been
    completed"; 000:904: at the next round the R2 card takes its place: the game goes on, and
    the table's "met" button says so instead of ending the game."""
    game_id = created(client, scenario_form(game_form, "raxxon:1"))
    # a crisis typed in (its failure is the table's by hand): a drawn one that asks each player
    # to choose a survivor would hold the colony phase, and the draw is not seeded here
    table_act(app, game_id, {"type": "reveal_crisis", "name": "Quiet", "prevent": ["food"]})
    for kind in ("start_colony_phase", "pay_food", "check_waste"):
        table_act(app, game_id, {"type": kind})
    for kind in ("resolve_crisis", "finish_reveal", "add_colony_phase_zombies", "finish_reveal"):
        table_act(app, game_id, {"type": kind})  # each reveal turned over: no step asked before
    assert view_of(app, game_id)["waiting"]["step"] == "check_main_objective"
    page = html.unescape(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Met: R1 is complete; read its section now, R2 begins next round" in page
    assert "Met: the game ends" not in page
    client.set_cookie("lang", "pt_BR")
    page = html.unescape(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert (
        "Cumprido: R1 está completo; leiam a seção dele agora, R2 começa na próxima rodada" in page
    )
    [form] = [
        f
        for f in page_forms(page)
        if form_type(f) == "run_colony_steps"
        and {x["name"]: x["value"] for x in f["fields"]}.get("met") == "true"
    ]
    assert client.post(form["action"], data=form_data(form)).status_code in (200, 303)
    state = state_of(app, game_id)
    assert state["ended"] is None and state["scenario"]["completed"] is True


def reach_r1_completion(app, client, game_form) -> str:
    """A Chimp and the Code game from the form, R1 met at colony step 5 (000:886)."""
    game_id = created(client, scenario_form(game_form, "raxxon:1"))
    # a crisis typed in: its failure is the table's by hand, so nobody is asked to choose
    table_act(app, game_id, {"type": "reveal_crisis", "name": "Quiet", "prevent": ["food"]})
    for kind in ("start_colony_phase", "pay_food", "check_waste", "resolve_crisis"):
        table_act(app, game_id, {"type": kind})
    table_act(app, game_id, {"type": "finish_reveal"})  # the crisis turned over first
    table_act(app, game_id, {"type": "add_colony_phase_zombies"})
    table_act(app, game_id, {"type": "finish_reveal"})
    table_act(app, game_id, {"type": "check_main_objective", "met": True})
    return game_id


def test_r1_completion_steps_have_their_control_on_the_table(app, client, game_form):
    """000:892 "Place a survivor you control at Raxxon ... Remove any 3 zombies from the colony
    and place them at Raxxon"; 000:900 "Add Blue's survivor card to your following and place her
    standee at Raxxon ... Add 1 wound to her card": one form on the table, Blue's numbers typed
    (the books print none); the reader named as the rule says, Emma Han counted (000:886)."""
    game_id = reach_r1_completion(app, client, game_form)
    waiting = view_of(app, game_id)["waiting"]
    assert waiting["kind"] == "r1_completion"
    st = state_of(app, game_id)
    first = st["first_player"]
    assert any(v["name"] == "Emma Han" and v["owner"] == first for v in st["survivors"])
    assert waiting["seat"] != first  # the first player has 3 survivors with Emma
    page = html.unescape(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "R1 completed: follow its steps" in page
    assert "The books do not print Blue's numbers" in page
    form = find_form(page, "follow_r1_completion")
    names = {f["name"] for f in form["fields"]}
    assert {"survivor_id", "entrances", "influence", "attack", "search"} <= names
    rax = next(loc for loc in st["locations"] if loc["id"] == st["raxxon"]["location"])
    room = rax["entrance"]["spaces"] - rax["entrance"]["zombies"]  # its barricades are gone
    data = form_data(form, influence="14", attack="3", search="5")
    assert client.post(form["action"], data=data).status_code in (200, 303)
    st = state_of(app, game_id)
    assert st["pending"] is None
    blue = next(v for v in st["survivors"] if v["name"] == "Blue")
    assert (blue["owner"], blue["wounds"], blue["influence"]) == (waiting["seat"], 1, 14)
    assert blue["location"] == st["raxxon"]["location"]
    # the 3 zombies are placed as zombies are (002 "Adding Zombies"): one past Raxxon's room
    # overruns it, and the survivor just placed there is the one it kills
    placed = [v for v in st["survivors"] if v["location"] == blue["location"]]
    assert len(placed) == (2 if room >= 3 else 1)


def test_r1_completion_steps_read_in_portuguese(app, client, game_form):
    game_id = reach_r1_completion(app, client, game_form)
    client.set_cookie("lang", "pt_BR")
    page = html.unescape(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "R1 concluído: siga os passos" in page
    assert "Os manuais não trazem os números de Blue" in page
    assert "Seguir os passos da conclusão do R1" in page
    phone = take_seat(app, client, game_id, "s1")
    phone.set_cookie("lang", "pt_BR")
    mine = html.unescape(phone.get(f"/phone/{game_id}").get_data(as_text=True))
    assert "O R1 foi concluído" in mine and "segue os passos, informados na mesa" in mine
