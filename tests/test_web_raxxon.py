"""The Raxxon module on the table screen: the panel, the experiment, the containment check."""

from __future__ import annotations

import pytest
from helpers.table import find_form, form_data, table_act, view_of

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
    html = client.get(f"/games/{game_id}?lang=pt_BR").get_data(as_text=True)
    assert "Hunter" in html
