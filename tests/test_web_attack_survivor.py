"""Attacking a survivor on the table screen (000:320-322): the control offers exactly the
engine's pairs, in the folded survivors' group, and its form is the engine's action."""

from __future__ import annotations

import pytest
from helpers.table import HX, find_form, make_game, start_turn, submit, view_of

pytestmark = pytest.mark.seed(5)


def test_the_table_attacks_a_survivor_beside_its_own_and_the_log_says_what_happened(client, app):
    game_id = make_game(app, players=3)
    seat = start_turn(client, app, game_id)
    view = view_of(app, game_id)
    pairs = view["legal"]["table"]["attack_survivor"]["targets"]
    mine = [s["id"] for s in view["survivors"] if s["owner"] == seat]
    assert sorted(pairs) == sorted(mine)  # everyone starts in the colony: all may be attacked
    others = sorted(s["id"] for s in view["survivors"] if s["owner"] != seat)
    assert all(sorted(targets) == others for targets in pairs.values())
    form = find_form(client.get(f"/games/{game_id}").get_data(as_text=True), "attack_survivor")
    (select,) = [f for f in form["fields"] if f["name"] == "survivor_id|target_id"]
    offered = [value for value, _ in select["options"]]
    assert offered == [f"{sid}|{t}" for sid in sorted(pairs) for t in pairs[sid]]
    # a fragment leaves the folded group empty, to be fetched when the table unfolds it
    assert "ctl-attack_survivor" not in client.get(f"/games/{game_id}", headers=HX).text
    target = offered[0].split("|")[1]
    answer = submit(client, game_id, "attack_survivor", roll="1")
    assert answer.status_code == 200
    after = view_of(app, game_id)
    hurt = next(s for s in after["survivors"] if s["id"] == target)
    assert hurt["wounds"] == 1
    assert "takes a card at random from" in answer.get_data(as_text=True)


def test_the_die_left_on_its_placeholder_is_refused_and_changes_nothing(client, app):
    game_id = make_game(app, players=3)
    start_turn(client, app, game_id)
    before = view_of(app, game_id)
    form = find_form(client.get(f"/games/{game_id}").get_data(as_text=True), "attack_survivor")
    (die,) = [f for f in form["fields"] if f["name"] == "roll"]
    assert die["options"][0][0] == "" and die["options"][-1][0] == "roll"
    answer = submit(client, game_id, "attack_survivor")  # the die's first option: no face
    assert answer.status_code == 422
    assert "nothing is recorded without a roll" in answer.get_data(as_text=True)
    assert view_of(app, game_id)["survivors"] == before["survivors"]
