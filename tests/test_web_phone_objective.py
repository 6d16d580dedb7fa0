"""The main objective's +1 after a lucky kill (002:42-44) and an item's advancement token on an
improvement (000:717), entered on the active player's phone during their turn: the seat's own
action in the log; another phone is offered neither and is refused, learning no secret."""

from __future__ import annotations

import re

import pytest
from helpers.phones import forms_on, head, last_action, post, seated_and_kept, table_act
from test_web_phone_long_night_turn import long_night_turn


@pytest.fixture
def turn(app, table):
    """Three seated phones (We Need More Samples: 3 zombies per player, 9), the first player's
    turn started by the table: (game, phones, active seat)."""
    game, phones = seated_and_kept(app, table)
    table_act(app, game, type="reveal_crisis", seed=2)
    table_act(app, game, type="start_turn")
    state, _ = head(app, game)
    return game, phones, state["turn"]["seat"]


def _objective(page: str) -> str:
    return re.search(r'<fieldset[^>]*id="turn-objective".*?</fieldset>', page, re.S).group(0)


def test_the_active_phone_counts_a_lucky_kill_and_takes_one_back(app, turn):
    game, phones, seat = turn
    page = phones[seat].get(f"/phone/{game}").text
    block = _objective(page)
    assert "Main objective: 0 of 9 zombies" in block
    assert 'value="add_objective_progress"' in block
    assert 'value="remove_objective_progress"' not in block  # nothing on the card yet
    for _ in range(2):
        answer = post(phones[seat], game, type="add_objective_progress", count="1")
        assert answer.status_code == 200, answer.text
        assert (last_action(app, game)["type"], last_action(app, game)["by"]) == (
            "add_objective_progress",
            seat,
        )
    page = phones[seat].get(f"/phone/{game}").text
    assert "Main objective: 2 of 9 zombies" in _objective(page)
    answer = post(phones[seat], game, page=page, type="remove_objective_progress", count="1")
    assert answer.status_code == 200, answer.text
    assert head(app, game)[0]["main_objective"]["progress"] == 1
    phones[seat].get(f"/lang/pt_BR?next=/phone/{game}")
    assert "zumbis" in _objective(phones[seat].get(f"/phone/{game}").text)


def test_another_phone_may_not_count_for_the_objective_and_learns_no_secret(app, turn):
    game, phones, seat = turn
    other = next(s for s in phones if s != seat)
    page = phones[other].get(f"/phone/{game}").text
    assert not {"add_objective_progress", "remove_objective_progress"} & forms_on(page)
    state, version = head(app, game)
    secret = state["cards"]["objectives"][state["secrets"][seat]["objective"]]["name"]
    for kind in ("add_objective_progress", "remove_objective_progress"):
        answer = post(phones[other], game, page=page, type=kind, count="1")
        assert answer.status_code == 422
        assert secret not in answer.text
    assert head(app, game)[1] == version
    # between turns the counter is the table's alone
    table_act(app, game, type="end_turn")
    page = phones[seat].get(f"/phone/{game}").text
    assert "add_objective_progress" not in forms_on(page)
    assert post(phones[seat], game, page=page, type="add_objective_progress").status_code == 422


def test_the_active_phone_puts_an_advancement_token_on_an_improvement(app, table):
    game, phones, seat = long_night_turn(app, table)
    table_act(app, game, type="place_improvement", name="Greenhouse", needs=3)
    state, _ = head(app, game)
    improvement = state["improvements"][-1]["id"]
    page = phones[seat].get(f"/phone/{game}").text
    assert re.search(r'id="turn-improvements".*?Greenhouse \(0 of 3\)', page, re.S)
    answer = post(
        phones[seat], game, page=page, type="add_advancement", improvement=improvement, count="1"
    )
    assert answer.status_code == 200, answer.text
    assert (last_action(app, game)["type"], last_action(app, game)["by"]) == (
        "add_advancement",
        seat,
    )
    assert head(app, game)[0]["improvements"][-1]["tokens"] == 1
    other = next(s for s in phones if s != seat)
    page = phones[other].get(f"/phone/{game}").text
    assert "add_advancement" not in forms_on(page)
    version = head(app, game)[1]
    answer = post(phones[other], game, page=page, type="add_advancement", improvement=improvement)
    assert answer.status_code == 422
    assert head(app, game)[1] == version
