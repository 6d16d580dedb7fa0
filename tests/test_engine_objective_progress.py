"""Main objective progress: a counting main objective is checked at colony step 5 from its count
(002:1621 "Check to see if the goal on the main objective has been achieved", 000:494), never by
asking the table; one that does not count is still answered yes or no.

We Need More Samples (002:40-45): "place it on this main objective card. Accumulate 3 zombies on
this main objective for each player that started the game."
"""

from __future__ import annotations

import copy
import random

import pytest
from companion.engine.core.objective_progress import objective_count, objective_target
from factory import Scripted, make_setup

import companion.engine as engine
from companion.engine.colony.phases import due_step
from companion.engine.legal import legal_actions
from companion.engine.setup.new_game import new_game
from companion.engine.views import table_view

SAMPLES_COUNT = {"what": "zombies", "per_player": 3}


def game(players=3, counts=SAMPLES_COUNT, **extra):
    """A fresh game whose main objective counts (or, with counts None, asks)."""
    setup = make_setup(players, **extra)
    setup["main_objective"] = copy.deepcopy(setup["main_objective"])
    if counts is not None:
        setup["main_objective"]["counts"] = counts
    state, _ = new_game(setup, random.Random(5))
    return state


def act(state, rng=None, **action):
    return engine.apply(state, {"by": "table", "seed": 1, **action}, rng)


def to_step_5(state):
    """Run the colony phase up to the main objective check (steps 1-4, nothing left pending)."""
    st, _ = act(state, type="start_colony_phase")
    for kind in ("pay_food", "check_waste", "resolve_crisis", "add_colony_phase_zombies"):
        st, _ = act(st, type=kind)
    assert st["colony_step"] == "check_main_objective" and not st["ended"]
    return st


def test_the_target_is_per_player_who_started_the_game():
    """002:44-45: 3 zombies "for each player that started the game": 3 players, 9."""
    st = game(3)
    assert st["main_objective"]["counts"] == SAMPLES_COUNT
    assert st["main_objective"]["progress"] == 0
    assert (objective_count(st), objective_target(st)) == (0, 9)
    st["seats"][2]["eliminated"] = True  # still started the game
    assert objective_target(st) == 9
    assert game(4)["main_objective"] and objective_target(game(4)) == 12


def test_the_table_counts_zombies_set_on_the_card():
    st = game()
    st, steps = act(st, type="add_objective_progress", count=4)
    assert st["main_objective"]["progress"] == 4
    assert engine.render_step(steps[0], st) == "Main objective: 4 of 9 zombies on the card."
    assert engine.render_step(steps[0], st, "pt_BR") == (
        "Objetivo principal: 4 de 9 zumbis sobre a carta."
    )
    st, _ = act(st, type="remove_objective_progress")
    assert st["main_objective"]["progress"] == 3
    with pytest.raises(engine.RuleError, match="holds 3; 4 cannot be taken off"):
        act(st, type="remove_objective_progress", count=4)
    assert table_view(st)["numbers"]["objective_count"] == 3
    assert table_view(st)["numbers"]["objective_target"] == 9


def test_step_5_checks_the_count_not_met():
    st = game()
    st, _ = act(st, type="add_objective_progress", count=8)
    st = to_step_5(st)
    due = due_step(st)
    assert due["step"] == "check_main_objective" and due["asks"] is False
    assert "met" not in legal_actions(st)["table"]["check_main_objective"]
    after, steps = act(st, type="check_main_objective")
    counted = next(s for s in steps if s["kind"] == "main_objective_counted")
    assert (counted["count"], counted["target"], counted["met"]) == (8, 9, False)
    assert not after["ended"] and after["colony_step"] == "move_round_track"
    assert engine.render_step(counted, after) == (
        "The main objective is not met yet: 8 of 9 zombies on the card."
    )


def test_step_5_checks_the_count_met_ends_the_game():
    """002:1621: "If it has been achieved the game immediately ends"."""
    st = game()
    st, _ = act(st, type="add_objective_progress", count=9)
    st = to_step_5(st)
    after, steps = act(st, type="check_main_objective")
    assert after["ended"]["reason"] == "main_objective"
    assert [s["kind"] for s in steps][-2:] == ["main_objective_counted", "game_ended"]


def test_the_whole_colony_phase_checks_the_count_too():
    st = game()
    st, _ = act(st, type="add_objective_progress", count=9)
    after, _ = engine.run_colony_phase(st, Scripted([1] * 40))
    assert after["ended"]["reason"] == "main_objective"


def test_a_counting_objective_refuses_a_yes_or_no():
    st = game()
    with pytest.raises(engine.RuleError, match="checked from its count"):
        act(st, type="run_colony_phase", objective_met=True)
    st = to_step_5(st)
    for met in (True, False):
        with pytest.raises(engine.RuleError, match="checked from its count"):
            act(st, type="check_main_objective", met=met)
    assert legal_actions(st)["table"]["run_colony_phase"]["objective_met"] == [False]


def test_an_objective_that_does_not_count_is_still_asked():
    st = game(counts=None)
    assert st["main_objective"]["counts"] is None
    assert "add_objective_progress" not in legal_actions(st)["table"]
    with pytest.raises(engine.RuleError, match="keeps no count"):
        act(st, type="add_objective_progress")
    st = to_step_5(st)
    assert due_step(st)["asks"] is True
    assert legal_actions(st)["table"]["check_main_objective"]["met"] == [False, True]
    with pytest.raises(engine.RuleError, match="say whether the main objective is met"):
        act(st, type="check_main_objective")
    after, _ = act(st, type="check_main_objective", met=True)
    assert after["ended"]["reason"] == "main_objective"


def test_survivors_gathered_are_counted_from_the_colony():
    """Gather the Scattered: survivor cards and helpless tokens in the colony, a token once."""
    st = game(counts={"what": "survivors", "per_player": 2})
    assert objective_count(st) == 6 and objective_target(st) == 6  # 3 players, 2 survivors each
    assert "add_objective_progress" not in legal_actions(st)["table"]
    with pytest.raises(engine.RuleError, match="keeps no count"):
        act(st, type="add_objective_progress")
    st["survivors"][0]["location"] = st["locations"][0]["id"]
    st["helpless"]["unruly"] = 1  # one token, counted once here
    assert objective_count(st) == 6
    st = to_step_5(st)
    after, steps = act(st, type="check_main_objective")
    counted = next(s for s in steps if s["kind"] == "main_objective_counted")
    assert counted["what"] == "survivors" and counted["target"] == 6
    assert after["ended"] == (
        {"reason": "main_objective", "winners": None} if counted["met"] else None
    )


@pytest.mark.parametrize(
    "counts",
    [{"what": "hats", "per_player": 1}, {"what": "cards", "per_player": 0}, "cards"],
)
def test_a_malformed_count_is_refused_at_setup(counts):
    with pytest.raises(engine.RuleError):
        game(counts=counts)


def test_the_shipped_counting_objectives_carry_their_counts():
    from tests.play import setup_for

    setup = setup_for(3)
    assert setup["main_objective"]["counts"] == SAMPLES_COUNT  # We Need More Samples, 002:44
