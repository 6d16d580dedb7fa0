"""The Raxxon module on the table screen: the panel, the experiment, the containment check."""

from __future__ import annotations

import html

import pytest
from helpers.phones import take_seat
from helpers.table import current, find_form, form_data, form_type, page_forms, table_act, view_of

from companion import store

pytestmark = pytest.mark.seed(1)


def post(client, game_id, kind, n=0, **overrides):
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    form = find_form(html, kind, n)
    return client.post(form["action"], data=form_data(form, **overrides))


def test_raxxon_on_the_table_experiment_and_special_zombies_in_both_languages(
    client, app, new_game
):
    game_id = new_game(client, ruleset="long_night", modules=["raxxon"])
    view = view_of(app, game_id)
    assert any(loc["id"] == "long_night.raxxon" for loc in view["locations"])
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Dice on Raxxon" in html
    answer = post(client, game_id, "enter_experiment", code=["3", "5"], zombies=["Hunter"])
    assert answer.status_code in (200, 303), answer.get_data(as_text=True)
    assert view_of(app, game_id)["raxxon"]["experiment"] == {"code": [3, 5], "zombies": ["Hunter"]}
    table_act(app, game_id, {"type": "start_colony_phase"})  # the scene: the phase begins
    assert view_of(app, game_id)["waiting"]["kind"] == "special_zombies"
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Special zombies come out of Raxxon" in html
    assert post(client, game_id, "place_special_zombies").status_code in (200, 303)
    specials = view_of(app, game_id)["special_zombies"]
    assert [z["zombie"] for z in specials] == ["Hunter"]
    # 000:769: the next experiment is on top at once; the table enters it before going on
    assert view_of(app, game_id)["waiting"]["kind"] == "top_experiment"
    html = client.get(f"/games/{game_id}").text
    assert "The next Raxxon experiment" in html
    phone = take_seat(app, client, game_id, "s2")
    assert "The table enters the next Raxxon experiment." in phone.get(f"/phone/{game_id}").text
    client.get("/lang/pt_BR?next=/")
    html = client.get(f"/games/{game_id}").text
    assert "Dados na Raxxon" in html and "Zumbi especial: Hunter" in html
    assert "O próximo experimento da Raxxon" in html
    answer = post(client, game_id, "enter_experiment", code=["1", "4"], zombies=["Claw"])
    assert answer.status_code in (200, 303), answer.get_data(as_text=True)
    assert view_of(app, game_id)["raxxon"]["experiment"] == {"code": [1, 4], "zombies": ["Claw"]}
    assert view_of(app, game_id)["waiting"]["kind"] == "colony_phase"


def test_thumbs_down_the_table_picks_the_place_on_its_screen(client, app, new_game):
    game_id = new_game(client, ruleset="long_night", modules=["raxxon"])
    table_act(app, game_id, {"type": "enter_experiment", "code": [3, 5], "zombies": ["Claw"]})
    table_act(app, game_id, {"type": "reveal_crisis"})
    table_act(app, game_id, {"type": "start_turn"})
    view = view_of(app, game_id)
    active = view["turn"]["seat"]
    mover = next(s["id"] for s in view["survivors"] if s["owner"] == active)
    table_act(
        app,
        game_id,
        {
            "type": "move_survivor",
            "survivor_id": mover,
            "to": "long_night.raxxon",
            "exposure": "blank",
        },
    )
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Place a die on Raxxon" in html and "Search at a location" in html
    # one form, a button a face (the pressed button sends its face)
    assert post(client, game_id, "place_raxxon_dice", faces="3").status_code in (200, 303)
    assert post(client, game_id, "place_raxxon_dice", faces="5").status_code in (200, 303)
    assert view_of(app, game_id)["raxxon"]["dice"] == [3, 5]
    table_act(app, game_id, {"type": "end_turn"})
    table_act(app, game_id, {"type": "start_colony_phase"})
    assert view_of(app, game_id)["pending"]["subject"] == "containment"
    voters = [s["id"] for s in view["seats"]]
    table_act(app, game_id, {"type": "record_votes", "votes": dict.fromkeys(voters, False)})
    client.get("/lang/pt_BR?next=/")
    assert "Polegares para baixo: menos zumbis onde?" in client.get(f"/games/{game_id}").text
    client.get("/lang/en?next=/")
    assert "Thumbs down: fewer zombies where?" in client.get(f"/games/{game_id}").get_data(
        as_text=True
    )
    assert post(client, game_id, "choose_containment_place", n=0).status_code in (200, 303)
    assert view_of(app, game_id)["raxxon"]["reduced"]["place"] == "colony"
    assert view_of(app, game_id)["waiting"]["kind"] == "special_zombies"
    # 000:795: the Add Zombies preview shows the 3 fewer at the chosen place
    table_act(app, game_id, {"type": "place_special_zombies"})
    table_act(app, game_id, {"type": "enter_experiment", "code": [1, 4], "zombies": ["Claw"]})
    for kind in ("pay_food", "check_waste", "resolve_crisis"):
        table_act(app, game_id, {"type": kind})
    table_act(app, game_id, {"type": "finish_reveal"})  # no colony step asked during a reveal
    assert view_of(app, game_id)["waiting"]["step"] == "add_zombies"
    html = client.get(f"/games/{game_id}").text
    assert "Thumbs down: the colony gets 3 fewer (never below 0)." in html
    client.get("/lang/pt_BR?next=/")
    html = client.get(f"/games/{game_id}").text
    assert "Polegares para baixo: a colônia recebe 3 a menos (nunca abaixo de 0)." in html


def test_a_survivor_s_card_kills_without_attacking_and_its_killer_rolls_exposure(
    client, app, new_game
):
    """000:511: a zombie "killed by an attack or card effect" makes the survivor who killed it
    roll for exposure; 000:805: such a kill is no attack, so a special zombie does not come
    first. The table's card row posts ``attack=false`` with the survivor and the die."""
    game_id = new_game(client, ruleset="long_night", modules=["raxxon"])
    table_act(app, game_id, {"type": "reveal_crisis"})
    table_act(app, game_id, {"type": "start_turn"})
    table_act(app, game_id, {"type": "add_zombies_by_hand", "place": "colony", "count": 1})
    view = view_of(app, game_id)
    active = view["turn"]["seat"]
    killer = next(s["id"] for s in view["survivors"] if s["owner"] == active)
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    forms = [f for f in page_forms(html) if form_type(f) == "kill_zombies"]
    card = next(f for f in forms if any(x["name"] == "attack" for x in f["fields"]))
    answer = client.post(
        card["action"], data=form_data(card, survivor_id=killer, exposure="frostbite")
    )
    assert answer.status_code in (200, 303), answer.get_data(as_text=True)
    after = view_of(app, game_id)
    assert sum(e["zombies"] for e in after["colony"]["entrances"]) == 0
    assert next(s for s in after["survivors"] if s["id"] == killer)["frostbite"] == 1


def test_the_containment_check_asks_the_table_for_the_top_experiment(client, app, new_game):
    """000:792: the dice on Raxxon are checked against "the containment code shown on the Audio
    Log side of the top card of Raxxon experiment deck": with none entered, the table screen
    asks for that card, and its answer runs the check."""
    game_id = new_game(client, ruleset="long_night", modules=["raxxon"])
    table_act(app, game_id, {"type": "start_colony_phase"})
    assert view_of(app, game_id)["waiting"]["kind"] == "top_experiment"
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Containment check: the top experiment" in html
    # one form: the folded one in the Raxxon group gives way to the question
    assert len([f for f in page_forms(html) if form_type(f) == "enter_experiment"]) == 1
    client.get("/lang/pt_BR?next=/")
    assert "Checagem de contenção: o experimento do topo" in client.get(f"/games/{game_id}").text
    client.get("/lang/en?next=/")
    phone = take_seat(app, client, game_id, "s2")
    mine = phone.get(f"/phone/{game_id}").get_data(as_text=True)
    assert "The table enters the top Raxxon experiment for the containment check." in mine
    answer = post(client, game_id, "enter_experiment", code=["2", "6"], zombies=["Claw"])
    assert answer.status_code in (200, 303), answer.get_data(as_text=True)
    view = view_of(app, game_id)
    assert view["raxxon"]["experiment"] == {"code": [2, 6], "zombies": ["Claw"]}
    assert view["waiting"]["kind"] == "special_zombies"  # no dice there: no match


def hunter_in_the_colony(client, app, new_game) -> tuple[str, str]:
    """A game whose colony holds the special zombie Hunter, in the first player's turn; the
    game's id and the active player's survivor."""
    game_id = new_game(client, ruleset="long_night", modules=["raxxon"])
    table_act(app, game_id, {"type": "enter_experiment", "code": [3, 5], "zombies": ["Hunter"]})
    table_act(app, game_id, {"type": "add_food", "count": 20})  # a board fix between turns
    table_act(app, game_id, {"type": "start_colony_phase"})
    table_act(app, game_id, {"type": "place_special_zombies", "places": ["colony"]})
    table_act(app, game_id, {"type": "enter_experiment", "code": [1, 4], "zombies": ["Claw"]})
    table_act(app, game_id, {"type": "run_colony_phase"})
    assert view_of(app, game_id)["round"] == 2
    table_act(app, game_id, {"type": "reveal_crisis"})
    table_act(app, game_id, {"type": "start_turn"})
    view = view_of(app, game_id)
    active = view["turn"]["seat"]
    return game_id, next(s["id"] for s in view["survivors"] if s["owner"] == active)


@pytest.mark.parametrize(("sent", "rolled"), [("4", False), ("roll", True)])
def test_the_encounter_die_is_entered_or_rolled_for_the_table(client, app, new_game, sent, rolled):
    """000:807: "roll a die and apply the corresponding effect of the special zombie encounter
    card": as with exposure, the table enters the die it rolled or lets the app roll it; no
    face is chosen for it (issue 29, "no silent defaults on a roll")."""
    game_id, attacker = hunter_in_the_colony(client, app, new_game)
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    form = find_form(html, "attack_special_zombie")
    field = next(x for x in form["fields"] if x["name"] == "encounter")
    assert [v for v, _sel in field["options"]] == ["", "1", "2", "3", "4", "5", "6", "roll"]
    answer = client.post(
        form["action"],
        data=form_data(form, survivor_id=attacker, exposure="blank", encounter=sent),
    )
    assert answer.status_code in (200, 303), answer.get_data(as_text=True)
    with app.app_context():
        steps = store.log(store.get_db(), game_id)[-1]["steps"]
    die = next(s for s in steps if s["kind"] == "encounter_rolled")
    assert die["rolled"] is rolled and die["roll"] in range(1, 7)
    if not rolled:
        assert die["roll"] == 4


def test_a_dead_survivor_s_side_effect_is_listed_by_name_not_by_id(client, app, new_game):
    """Issue 28.18: the Raxxon panel named a dead carrier by its raw id ("base.harman-brooks")."""
    game_id = new_game(client, ruleset="long_night", modules=["raxxon"])
    table_act(app, game_id, {"type": "reveal_crisis"})
    table_act(app, game_id, {"type": "start_turn"})
    view = view_of(app, game_id)
    carrier = next(s for s in view["survivors"] if s["owner"] == view["turn"]["seat"])
    action = {"type": "equip_side_effect", "survivor_id": carrier["id"], "card": "Twitch"}
    table_act(app, game_id, action)
    table_act(app, game_id, {"type": "kill_survivor_by_card", "survivor_id": carrier["id"]})
    page = client.get(f"/games/{game_id}").text
    panel = page.split('class="side-effects"', 1)[1].split("</ul>", 1)[0]
    assert f"{carrier['name']}: Twitch" in panel and carrier["id"] not in panel
    assert "(out of play: the cards may be equipped again)" in panel
    client.get("/lang/pt_BR?next=/")
    panel = client.get(f"/games/{game_id}").text.split('class="side-effects"', 1)[1]
    assert "(fora de jogo: as cartas podem ser equipadas de novo)" in panel.split("</ul>")[0]


def test_an_encounter_die_left_empty_is_refused_and_nothing_changes(client, app, new_game):
    game_id, attacker = hunter_in_the_colony(client, app, new_game)
    before = current(app, game_id).version
    form = find_form(client.get(f"/games/{game_id}").text, "attack_special_zombie")
    answer = client.post(
        form["action"], data=form_data(form, survivor_id=attacker, exposure="blank", encounter="")
    )
    assert answer.status_code in (400, 409, 422)
    assert "Choose the face the encounter die shows" in answer.text
    assert current(app, game_id).version == before


def test_the_table_moves_a_special_zombie_by_its_encounter_card(client, app, new_game):
    """000:805: only its own encounter card moves a special zombie; the table does it here."""
    game_id, _ = hunter_in_the_colony(client, app, new_game)
    html = client.get(f"/games/{game_id}").text
    assert "Its encounter card moves a special zombie" in html
    form = find_form(html, "move_special_zombie")
    field = next(x for x in form["fields"] if x["name"] == "zombie|place|entrance")
    [(value, _)] = field["options"]
    assert value.startswith("Hunter|colony|")
    school = next(p for p in view_of(app, game_id)["locations"] if p["number"] == 3)["id"]
    answer = client.post(form["action"], data=form_data(form, to=school))
    assert answer.status_code in (200, 303), answer.text
    view = view_of(app, game_id)
    assert [z["place"] for z in view["special_zombies"]] == [school]
    client.get("/lang/pt_BR?next=/")
    assert "A carta de confronto move um zumbi especial" in client.get(f"/games/{game_id}").text


def test_the_confirm_s_list_opens_with_the_containment_check_000_792(client, app, new_game):
    """000:792 "At the beginning of the colony phase" the dice on Raxxon are checked: the list
    of what the next Confirm runs names that check first, then the colony steps; once the phase
    has begun it is gone."""
    game_id = new_game(client, ruleset="long_night", modules=["raxxon"])
    table_act(app, game_id, {"type": "enter_experiment", "code": [3, 5], "zombies": ["Claw"]})
    table_act(app, game_id, {"type": "reveal_crisis", "name": "Quiet", "prevent": ["food"]})
    view = view_of(app, game_id)
    for _ in range(10):  # every player's turn, started and ended
        if view["waiting"]["kind"] not in ("start_turn", "turn"):
            break
        kind = "start_turn" if view["waiting"]["kind"] == "start_turn" else "end_turn"
        table_act(app, game_id, {"type": kind})
        view = view_of(app, game_id)
    assert view["waiting"]["kind"] == "colony_phase" and view["waiting"]["containment"] is True
    page = html.unescape(client.get(f"/games/{game_id}").text)
    runs = len(view["waiting"]["run"]) + 1
    assert f"The {runs} steps this Confirm runs, and why" in page
    check = page.index("Before step 1: the containment check at Raxxon")
    assert check < page.index("Step 1 of 7: the colony eats")
    assert "are checked against the top experiment's containment code (3 + 5)" in page
    client.get("/lang/pt_BR?next=/")
    page = html.unescape(client.get(f"/games/{game_id}").text)
    assert "Antes da etapa 1: a checagem de contenção na Raxxon" in page
    client.get("/lang/en?next=/")
    table_act(app, game_id, {"type": "start_colony_phase"})
    table_act(app, game_id, {"type": "place_special_zombies", "places": ["colony"]})
    table_act(app, game_id, {"type": "enter_experiment", "code": [1, 4], "zombies": ["Claw"]})
    view = view_of(app, game_id)
    assert view["waiting"]["containment"] is False
    assert "Before step 1" not in client.get(f"/games/{game_id}").text
