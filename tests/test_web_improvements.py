"""The screens of the Long Night modules' choice, the Improvements row and a counting main
objective: the new game page's module choice (en, pt_BR with seed 001's names), each module's
setup steps on the checklist, and the table screen's improvements and objective counter, posted
through the page's own forms."""

from __future__ import annotations

import pytest
from helpers.table import HX, current, find_form, form_data, log_types, make_game

MODULES = ["improvements", "bandits", "raxxon"]
pytestmark = pytest.mark.seed(1)


def post(client, game_id, kind, n=0, **overrides):
    """Post the table screen's n-th form for ``kind`` as a browser would."""
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    form = find_form(html, kind, n)
    return client.post(form["action"], data=form_data(form, **overrides), headers=HX)


def test_the_new_game_page_offers_the_three_modules_by_their_official_names(client):
    page = client.get("/games/new").get_data(as_text=True)
    for module in MODULES:
        assert f'name="modules" value="{module}"' in page
    assert "The Improvements module" in page and "The Raxxon module" in page
    client.set_cookie("lang", "pt_BR")
    page = client.get("/games/new").get_data(as_text=True)
    for name in ("Modo das Melhorias", "Modo dos Bandidos", "Modo da Raxxon"):  # 001:2035-2181
        assert name in page


@pytest.mark.parametrize("modules", [["improvements"], ["bandits", "raxxon"], MODULES])
def test_the_checklist_lists_each_chosen_modules_setup(client, app, new_game, modules):
    game_id = new_game(client, modules=modules)
    assert current(app, game_id).state["settings"]["modules"] == modules
    page = client.get(f"/games/{game_id}/setup").get_data(as_text=True)
    wanted = {
        "improvements": "lay 4 improvement cards face up",
        "bandits": "Bandits&#39; Hideout location on the table",
        "raxxon": "Raxxon experiment deck",
    }
    for module, text in wanted.items():
        assert (text in page) == (module in modules), module
    client.set_cookie("lang", "pt_BR")
    page = client.get(f"/games/{game_id}/setup").get_data(as_text=True)
    assert ("Esconderijo dos Bandidos" in page) == ("bandits" in modules)


def test_no_module_no_module_steps(client, new_game):
    game_id = new_game(client)
    page = client.get(f"/games/{game_id}/setup").get_data(as_text=True)
    assert "module:" not in page


def test_improvements_are_laid_out_built_and_marked_on_the_table_screen(client, app):
    game_id = make_game(app, settings={"modules": ["improvements"]})
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="board-improvements"' in page and "No improvement entered yet" in page
    response = post(client, game_id, "place_improvement", name="Greenhouse", needs="2")
    assert response.status_code == 200
    assert current(app, game_id).state["improvements"][0]["id"] == "typed.greenhouse"
    assert post(client, game_id, "add_advancement").status_code == 200
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "1/2" in page and "improvement-active" not in page
    assert post(client, game_id, "add_advancement").status_code == 200
    state = current(app, game_id).state
    assert state["improvements"][0]["active"] is True
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "improvement-active" in page and "✓ Active" in page
    assert log_types(app, game_id)[-3:] == ["place_improvement", *["add_advancement"] * 2]
    client.set_cookie("lang", "pt_BR")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "✓ Ativa" in page and "Melhorias" in page


def test_a_refused_improvement_says_why_and_changes_nothing(client, app):
    game_id = make_game(app, settings={"modules": ["improvements"]})
    before = current(app, game_id).version
    response = post(client, game_id, "place_improvement", name="Greenhouse", needs="13")
    assert response.status_code in (400, 409, 422)
    assert "at most 12" in response.get_data(as_text=True)
    assert current(app, game_id).version == before


def test_no_improvements_without_the_module(client, app):
    game_id = make_game(app)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="board-improvements"' not in page
    assert 'value="place_improvement"' not in page


def test_the_main_objective_counter_on_the_table_screen(client, app):
    game_id = make_game(app)  # We Need More Samples: 3 zombies per player (002:44), 9
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="board-objective"' in page and "zombies on the card" in page
    assert 'value="remove_objective_progress"' not in page  # nothing to take off yet
    for _ in range(2):
        assert post(client, game_id, "add_objective_progress").status_code == 200
    assert post(client, game_id, "remove_objective_progress").status_code == 200
    assert current(app, game_id).state["main_objective"]["progress"] == 1
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Main objective: 1 of 9 zombies on the card" in page
    client.set_cookie("lang", "pt_BR")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "zumbis sobre a carta" in page


def test_the_table_screen_shows_what_the_workshop_needs_besides_its_count(client, app):
    """The Workshop: a tool and a fuel card for each player on the card (the counter; the
    table checks the split) and at least 3 barricades at the colony (the board)."""
    game_id = make_game(app, main_objective="companion.the-workshop")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    panel = page[page.index('id="board-objective"') :]
    panel = panel[: panel.index("</section>")]
    assert "0</span> / 6" in panel
    assert "Not yet: at least 3 barricades at the colony (now 0)" in panel
    assert "The table checks: the rest of the card&#39;s goal" in panel
    client.set_cookie("lang", "pt_BR")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Ainda não: pelo menos 3 barricadas na colônia (agora 0)" in page
