"""The new game form answering with an error keeps what was typed (the players as they were set,
no extra empty row) and marks the field the message is about, with the message beside it."""

from __future__ import annotations

import re

import pytest

from companion.engine.core.vocabulary import SIDE_NUMBERS
from companion.engine.setup.chosen import ChoiceError, chosen_setup

SEAT = re.compile(r'name="seat_name" value="([^"]*)"')


def marked(page: str, name: str) -> str | None:
    """The message beside the field ``name`` when it is marked invalid, else None."""
    field = re.search(rf'<[^>]*name="{name}"[^>]*>', page).group(0)
    if 'aria-invalid="true"' not in field:
        return None
    target = re.search(r'aria-describedby="([^"]+)"', field).group(1)
    return re.search(rf'id="{target}">([^<]+)<', page).group(1)


def scenario_form(game_form, **typed):
    """Three players set (and the empty fourth row a browser sends), Raxxon chapter 1."""
    form = game_form(3, names=["Ana", "Bo", "Cy"], objective="typed", typed=typed)
    form["seat_name"] = [*form["seat_name"], ""]
    for k in (1, 2, 3):
        form[f"survivor_{k}"] = [*form[f"survivor_{k}"], ""]
    form["scenario"] = "raxxon:1"
    return form


def test_a_scenario_without_its_numbers_keeps_three_players_and_marks_the_number(client, game_form):
    answer = client.post("/games/new", data=scenario_form(game_form))
    assert answer.status_code == 400
    page = answer.get_data(as_text=True)
    assert SEAT.findall(page) == ["Ana", "Bo", "Cy"]
    message = marked(page, "typed_morale")
    assert message and "R1" in message and "typed-in row" in message
    assert all(marked(page, f"typed_{key}") is None for key in SIDE_NUMBERS[1:])
    assert marked(page, "name") is None
    assert 'value="raxxon:1" checked' in page  # the scenario stays chosen


def test_the_first_missing_number_is_the_one_marked(client, game_form):
    typed = {key: "2" for key in SIDE_NUMBERS[:2]}
    page = client.post("/games/new", data=scenario_form(game_form, **typed)).text
    assert marked(page, f"typed_{SIDE_NUMBERS[2]}")
    assert [marked(page, f"typed_{k}") for k in SIDE_NUMBERS[:2]] == [None, None]
    assert re.findall(r'name="typed_(\w+)" value="2"', page) == list(SIDE_NUMBERS[:2])


def test_the_mark_and_message_are_in_portuguese(client, game_form):
    client.set_cookie("lang", "pt_BR")
    page = client.post("/games/new", data=scenario_form(game_form)).text
    message = marked(page, "typed_morale")
    assert message.startswith("O Objetivo Especial R1 está na caixa")


def test_a_missing_name_marks_the_name(client, game_form):
    form = game_form(2, name="")
    page = client.post("/games/new", data=form).text
    assert marked(page, "name") == "Give the game a name."
    assert len(SEAT.findall(page)) == 2


def test_a_number_that_is_not_whole_marks_its_field(client, game_form):
    typed = {key: "3" for key in SIDE_NUMBERS} | {"name": "Ours", SIDE_NUMBERS[1]: "x"}
    page = client.post("/games/new", data=game_form(3, objective="typed", typed=typed)).text
    assert "must be a whole number" in marked(page, f"typed_{SIDE_NUMBERS[1]}")


def test_a_form_that_is_right_still_creates_a_game_with_an_empty_row_sent(client, game_form):
    numbers = {key: "4" for key in SIDE_NUMBERS}
    answer = client.post("/games/new", data=scenario_form(game_form, **numbers))
    assert answer.status_code == 303, answer.text


VALUES = {
    "name": "Game",
    "ruleset": "base",
    "variant": "standard",
    "player_elimination": False,
    "sets": ["base"],
    "modules": [],
    "mature": True,
    "objective": "typed",
    "typed": {"name": "", **{k: "" for k in SIDE_NUMBERS}, "counts": "", "per_player": ""},
    "survivor_mode": "entered",
    "scenario": "",
}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"name": ""}, "name"),
        ({"ruleset": "other"}, "ruleset"),
        ({"variant": "other"}, "variant"),
        ({"survivor_mode": "other"}, "survivor_mode"),
        ({"sets": ["nothing"]}, "sets"),
        ({"scenario": "raxxon:9"}, "scenario"),
        ({"objective": "typed"}, "typed_name"),
        ({"objective": "unknown"}, "objective"),
    ],
)
def test_the_engine_names_the_field_it_refuses(change, field):
    with pytest.raises(ChoiceError) as refused:
        chosen_setup({**VALUES, **change}, sets={"base", "long_night"}, objectives={"card"})
    assert refused.value.field == field


def test_a_scenario_plays_the_long_night_with_its_module_and_sets():
    typed = {**VALUES["typed"], **{k: "1" for k in SIDE_NUMBERS}}
    options = chosen_setup(
        {**VALUES, "scenario": "raxxon:2", "typed": typed},
        sets={"base", "long_night"},
        objectives=set(),
    )
    assert options["ruleset"] == "long_night" and options["scenario"] == {
        "name": "raxxon",
        "chapter": 2,
    }
    assert "raxxon" in options["settings"]["modules"]
    assert options["settings"]["sets"] == ["base", "long_night"]
    assert options["main_objective"]["name"] == "R2"
