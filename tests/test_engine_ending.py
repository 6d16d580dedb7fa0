"""The end of the game: winners by secret objectives, co-op games, the two-exiled ending."""

from __future__ import annotations

import pytest
from companion.engine.core.morale import end_game
from companion.engine.sentences import render_step
from factory import make_state
from hypothesis import given
from hypothesis import strategies as st_

from companion.engine.colony.ending import declare_winners, game_over_reason, mark_objective
from companion.engine.core.errors import RuleError
from companion.engine.core.state import new_state


def ended(reason="round_track", seats=4, variant="standard"):
    names = ["Ana", "Bruno", "Carla", "Davi", "Elis"][:seats]
    st = (
        make_state(seats) if variant == "standard" else new_state(variant=variant, seat_names=names)
    )
    end_game(st, [], reason)
    return st


def test_completed_objectives_win_the_rest_lose():
    st = ended()
    st, steps = declare_winners(st, ["s3", "s1"])
    assert st["ended"] == {"reason": "round_track", "winners": ["s1", "s3"]}
    assert steps[0]["loser_names"] == ["Bruno", "Davi"]
    assert render_step(steps[0]) == "Winners: Ana, Carla. Everyone else loses."


def test_nobody_or_everybody_may_win():
    st, steps = declare_winners(ended(), [])
    assert st["ended"]["winners"] == []
    assert render_step(steps[0]) == "Nobody completed a secret objective: everyone loses."
    st, steps = declare_winners(ended(), ["s1", "s2", "s3", "s4"])
    assert st["ended"]["winners"] == ["s1", "s2", "s3", "s4"]
    assert render_step(steps[0]) == "Winners: Ana, Bruno, Carla, Davi."


def test_only_on_an_ended_game():
    with pytest.raises(RuleError, match="not ended yet"):
        declare_winners(make_state(3), ["s1"])


def test_bad_completed_lists():
    with pytest.raises(RuleError, match="unknown seat 's8'"):
        declare_winners(ended(), ["s8"])
    with pytest.raises(RuleError, match="more than once"):
        declare_winners(ended(), ["s1", "s1"])
    with pytest.raises(RuleError, match="must list"):
        declare_winners(ended(), "s1")
    st = ended()
    st["seats"][1]["eliminated"] = True
    with pytest.raises(RuleError, match="Bruno is out of the game"):
        declare_winners(st, ["s2"])


def test_can_be_corrected():
    st, _ = declare_winners(ended(), ["s1"])
    st, _ = declare_winners(st, ["s2"])
    assert st["ended"]["winners"] == ["s2"]


@pytest.mark.parametrize("variant", ["coop", "two_player"])
def test_coop_everyone_wins_only_by_the_main_objective(variant):
    st, steps = declare_winners(ended("main_objective", 2, variant))
    assert st["ended"]["winners"] == ["s1", "s2"]
    assert render_step(steps[0]) == "Everyone wins: the colony completed the main objective."
    st, steps = declare_winners(ended("morale", 2, variant))
    assert st["ended"]["winners"] == []
    assert render_step(steps[0]) == (
        "Everyone loses: the colony did not complete the main objective."
    )
    with pytest.raises(RuleError, match="no secret objectives"):
        declare_winners(ended("main_objective", 2, variant), ["s1"])


def test_players_mark_their_objectives_and_the_last_mark_declares():
    st = ended(seats=3)
    st, steps = mark_objective(st, "s2", True)
    assert st["secrets"]["s2"]["objective_complete"] is True
    assert st["ended"]["winners"] is None
    assert steps == [{"kind": "objective_marked", "seat": "s2", "seat_name": "Bruno"}]
    st, _ = mark_objective(st, "s1", True)
    st, _ = mark_objective(st, "s1", False)  # a player may change their mind until the end
    st, steps = mark_objective(st, "s3", False)
    assert st["ended"]["winners"] == ["s2"]
    assert [s["kind"] for s in steps] == ["objective_marked", "winners_declared"]
    with pytest.raises(RuleError, match="already declared"):
        mark_objective(st, "s3", True)
    # the table may still correct the result
    st, _ = declare_winners(st, ["s3"])
    assert st["ended"]["winners"] == ["s3"]


def test_declare_winners_without_a_list_uses_the_marks():
    st = ended(seats=3)
    st, _ = mark_objective(st, "s3", True)
    st, _ = declare_winners(st)
    assert st["ended"]["winners"] == ["s3"]  # unmarked seats lose


def test_marks_only_after_the_end_and_by_players_in_the_game():
    with pytest.raises(RuleError, match="once the game has ended"):
        mark_objective(make_state(3), "s1", True)
    st = ended(seats=3)
    st["seats"][2]["eliminated"] = True
    with pytest.raises(RuleError, match="Carla is out of the game"):
        mark_objective(st, "s3", True)
    st, _ = mark_objective(st, "s1", False)
    st, _ = mark_objective(st, "s2", True)
    assert st["ended"]["winners"] == ["s2"]  # every seat still in the game has marked
    with pytest.raises(RuleError, match="no secret objectives"):
        mark_objective(ended("main_objective", 2, "coop"), "s1", True)


def test_game_over_reason():
    assert game_over_reason(make_state(2)) is None
    assert game_over_reason(ended("two_exiled")) == "two_exiled"


def test_caller_state_untouched():
    st = ended()
    before = repr(st)
    declare_winners(st, ["s1"])
    assert repr(st) == before


@given(st_.integers(2, 5), st_.data())
def test_winners_are_exactly_the_completed(seats, data):
    st = ended(seats=seats)
    ids = [s["id"] for s in st["seats"]]
    completed = data.draw(st_.lists(st_.sampled_from(ids), unique=True))
    st, steps = declare_winners(st, completed)
    assert set(st["ended"]["winners"]) == set(completed)
    assert len(steps[0]["winner_names"]) + len(steps[0]["loser_names"]) == seats
