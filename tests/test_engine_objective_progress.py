"""Main objective progress: a counting main objective is checked at colony step 5 from its count
(002:1621 "Check to see if the goal on the main objective has been achieved", 000:494), never by
asking the table; one that does not count is still answered yes or no.

We Need More Samples (002:40-45): "place it on this main objective card. Accumulate 3 zombies on
this main objective for each player that started the game."
"""

from __future__ import annotations

import copy
import json
import random

import pytest
import sqlite_utils
from factory import Scripted, make_setup

import companion.engine as engine
from companion.engine.colony.phases import due_step
from companion.engine.core.objective_progress import objective_count, objective_target
from companion.engine.legal import legal_actions
from companion.engine.setup.new_game import new_game
from companion.engine.views import table_view
from companion.paths import project_root

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
        if engine.revealing(st):  # the table finishes turning cards over first (reveal.py)
            st, _ = act(st, type="finish_reveal")
        st, _ = act(st, type=kind)
    if engine.revealing(st):
        st, _ = act(st, type="finish_reveal")
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


# --- what a count needs besides itself (counts.also, vocabulary.OBJECTIVE_CONDITIONS) ---

HOSPITAL = {"what": "cards", "per_player": 1, "also": [{"check": "colony_unhurt"}]}
LESSONS = {
    "what": "cards",
    "per_player": 1,
    "also": [{"check": "helpless_in_colony", "at_least": 4}],
}
WORKSHOP = {
    "what": "cards",
    "per_player": 2,
    "also": [{"check": "barricades_at_colony", "at_least": 3}, {"check": "table"}],
}


def counted_step(steps):
    return next(s for s in steps if s["kind"] == "main_objective_counted")


def test_field_hospital_waits_for_every_survivor_in_the_colony_to_be_unhurt():
    """Field Hospital: "1 medicine card for each player ... and no survivor in the colony
    carries a wound, frostbite or despair token" (our card's words)."""
    st = game(counts=HOSPITAL)
    st, _ = act(st, type="add_objective_progress", count=3)
    in_colony = [s for s in st["survivors"] if s["location"] == "colony"]
    in_colony[0]["frostbite"] = 1
    st = to_step_5(st)
    assert due_step(st)["asks"] is False
    after, steps = act(st, type="check_main_objective")
    counted = counted_step(steps)
    assert (counted["count"], counted["target"], counted["met"]) == (3, 3, False)
    assert not after["ended"]
    assert engine.render_step(counted, after) == (
        "The main objective is not met yet: 3 of 3 cards on the card. Still needed: no "
        "survivor in the colony with a wound, frostbite or despair token."
    )
    assert engine.render_step(counted, after, "pt_BR").startswith(
        "O objetivo principal ainda não foi cumprido: 3 de 3"
    )
    for survivor in after["survivors"]:
        survivor["frostbite"] = survivor["wounds"] = survivor["despair"] = 0
    st["survivors"] = after["survivors"]
    healed, steps = act(st, type="check_main_objective")
    assert counted_step(steps)["met"] is True and healed["ended"]["reason"] == "main_objective"


@pytest.mark.parametrize(("helpless", "met"), [(3, False), (4, True)])
def test_lessons_by_candlelight_needs_4_helpless_survivors_in_the_colony(helpless, met):
    """Lessons by Candlelight: "at least 4 helpless survivors remain in the colony"; an unruly
    token is one helpless survivor."""
    st = game(counts=LESSONS)
    st, _ = act(st, type="add_objective_progress", count=3)
    st = to_step_5(st)
    st["helpless"] = {"normal": helpless - 1, "unruly": 1}
    conditions = table_view(st)["numbers"]["objective_conditions"]
    assert conditions == [
        {"check": "helpless_in_colony", "at_least": 4, "have": helpless, "met": met, "seen": True}
    ]
    after, steps = act(st, type="check_main_objective")
    assert counted_step(steps)["met"] is met
    assert bool(after["ended"]) is met


def test_the_workshop_asks_the_table_only_once_the_board_holds():
    """The Workshop: a tool and a fuel card for each player (the table checks the split) and at
    least 3 barricades at the colony (the board)."""
    st = game(counts=WORKSHOP)
    st, _ = act(st, type="add_objective_progress", count=6)
    st = to_step_5(st)
    st["colony"]["entrances"][0]["barricades"] = 2
    assert due_step(st)["asks"] is False
    assert "met" not in legal_actions(st)["table"]["check_main_objective"]
    with pytest.raises(engine.RuleError, match="checked from its count"):
        act(st, type="check_main_objective", met=True)
    after, steps = act(st, type="check_main_objective")
    assert counted_step(steps)["unmet"] == [{"check": "barricades_at_colony", "at_least": 3}]
    assert "Still needed: at least 3 barricades at the colony." in engine.render_step(
        counted_step(steps), after
    )
    st["colony"]["entrances"][1]["barricades"] = 1
    assert due_step(st)["asks"] is True
    assert legal_actions(st)["table"]["check_main_objective"]["met"] == [False, True]
    with pytest.raises(engine.RuleError, match="say whether the main objective is met"):
        act(st, type="check_main_objective")
    no, steps = act(st, type="check_main_objective", met=False)
    assert not no["ended"] and counted_step(steps)["confirmed"] is False
    assert engine.render_step(counted_step(steps), no).endswith(
        "The table says the rest of the goal is not done."
    )
    yes, _ = act(st, type="check_main_objective", met=True)
    assert yes["ended"]["reason"] == "main_objective"


def test_a_count_may_start_from_a_base():
    """The Time Capsule: one card of each of the six symbols, plus 1 for each player."""
    st = game(3, counts={"what": "cards", "base": 6, "per_player": 1})
    assert objective_target(st) == 9


@pytest.mark.parametrize(
    "also",
    [
        [{"check": "hats"}],
        [{"check": "helpless_in_colony"}],
        [{"check": "barricades_at_colony", "at_least": 0}],
        ["table"],
    ],
)
def test_a_malformed_condition_is_refused_at_setup(also):
    with pytest.raises(engine.RuleError):
        game(counts={"what": "cards", "per_player": 1, "also": also})


def test_the_shipped_objectives_say_what_they_need_besides_the_count():
    db = sqlite_utils.Database(project_root() / "cards.db")
    rows = {r["name"]: r for r in db["main_objectives"].rows}

    def also(name):
        counts = rows[name]["counts"]
        counts = json.loads(counts) if isinstance(counts, str) else counts
        return [c["check"] for c in counts.get("also", [])]

    assert also("Field Hospital") == ["colony_unhurt"]
    assert also("Lessons by Candlelight") == ["helpless_in_colony"]
    assert also("Arm the Watch") == ["table"]
    assert also("The Workshop") == ["barricades_at_colony", "table"]
    assert also("The Time Capsule") == ["table"]


def test_the_active_player_counts_a_lucky_kill_during_their_turn():
    """002:42-44: a zombie killed during a turn goes on the card on a 4 or higher, so the
    active player counts it (and takes back one counted by mistake); another player may not,
    and between turns only the table does."""
    st = game()
    assert not any("add_objective_progress" in legal_actions(st)[s["id"]] for s in st["seats"])
    st, _ = act(st, type="reveal_crisis")
    st, _ = act(st, type="start_turn")
    active = st["turn"]["seat"]
    other = next(s["id"] for s in st["seats"] if s["id"] != active)
    legal = legal_actions(st)
    assert legal[active]["add_objective_progress"] == {}
    assert "remove_objective_progress" not in legal[active]  # nothing on the card yet
    assert "add_objective_progress" not in legal[other]
    st, _ = engine.apply(st, {"type": "add_objective_progress", "by": active})
    st, _ = engine.apply(st, {"type": "add_objective_progress", "by": active})
    assert "remove_objective_progress" in legal_actions(st)[active]
    st, _ = engine.apply(st, {"type": "remove_objective_progress", "by": active})
    assert st["main_objective"]["progress"] == 1
    for kind in ("add_objective_progress", "remove_objective_progress"):
        with pytest.raises(engine.RuleError, match="only the active player or the table"):
            engine.apply(st, {"type": kind, "by": other})
    st, _ = act(st, type="add_objective_progress")  # the table, always
    assert st["main_objective"]["progress"] == 2


def test_a_player_may_not_count_for_an_objective_that_keeps_no_counter():
    st = game(counts=None)
    st, _ = act(st, type="reveal_crisis")
    st, _ = act(st, type="start_turn")
    active = st["turn"]["seat"]
    assert "add_objective_progress" not in legal_actions(st)[active]
    with pytest.raises(engine.RuleError, match="keeps no count"):
        engine.apply(st, {"type": "add_objective_progress", "by": active})
