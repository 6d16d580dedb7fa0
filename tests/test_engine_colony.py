"""The colony phase: food, waste, crisis, zombies, main objective, round track, first player."""

from __future__ import annotations

import random

import pytest
from factory import Scripted, make_state, put_survivors, with_cards

from companion.engine.board.exposure import resolve_bite
from companion.engine.colony.crisis import contribute_to_crisis, reveal_crisis
from companion.engine.colony.steps import (
    COLONY_STEPS,
    add_colony_phase_zombies,
    check_main_objective,
    check_waste,
    move_round_track,
    pass_first_player,
    pay_food,
    run_colony_phase,
    start_colony_phase,
)
from companion.engine.core.errors import RuleError
from companion.engine.core.saved import from_json, to_json
from companion.engine.sentences import render_steps

CRISIS = {
    "id": "test.crowd",
    "name": "Crowd at the Gate",
    "prevent": ["medicine"],
    "fail_text": "Add 3 helpless survivors.",
    "fail_effects": [{"kind": "helpless", "amount": 3}],
    "bonus_text": "Gain 1 morale.",
    "bonus_effects": [{"kind": "morale", "amount": 1}],
    "bandits": [],
}


def kinds(steps):
    return [s["kind"] for s in steps]


def test_pay_food_counts_unruly_twice():
    """5 survivor cards + 1 unruly token: n = 7, need 4."""
    st = make_state(2, ruleset="long_night")
    put_survivors(st, [10, 20, 30, 40, 50])
    st["helpless"]["unruly"] = 1
    st["food"] = 5
    new, steps = pay_food(st)
    assert new["food"] == 1
    assert steps[-1] == {"kind": "food_paid", "colonists": 7, "need": 4, "food": 1}
    assert new["phase"] == "colony" and new["colony_step"] == "check_waste"


def test_survivors_at_locations_do_not_eat():
    st = make_state(2)
    put_survivors(st, [10, 20], place="police")
    put_survivors(st, [30])
    st["food"] = 1
    assert pay_food(st)[0]["food"] == 0


def test_starvation_accumulates_over_two_colony_phases():
    st = make_state(2)
    put_survivors(st, [10, 20, 30])
    st["food"] = 1
    st, steps = pay_food(st)
    assert (st["food"], st["starvation"], st["morale"]) == (1, 1, 5)
    assert kinds(steps)[-2:] == ["colony_starves", "morale_changed"]
    st["phase"], st["colony_step"] = "player_turns", None
    st, steps = pay_food(st)
    assert (st["food"], st["starvation"], st["morale"]) == (1, 2, 3)
    assert steps[-1]["amount"] == -2


def test_waste_costs_morale_and_stays():
    st = make_state(2)
    st["waste"] = 25
    new, steps = check_waste(st)
    assert new["morale"] == 4 and new["waste"] == 25
    assert kinds(steps)[-2:] == ["waste_checked", "morale_changed"]
    st["waste"] = 9
    assert check_waste(st)[0]["morale"] == 6


def table(seats=3, **kw):
    st = with_cards(make_state(seats, **kw), crises=[CRISIS])
    put_survivors(st, [10, 20], owner="s1")
    put_survivors(st, [30], owner="s2", place="school")
    put_survivors(st, [40], owner="s3")
    st["food"] = 10
    return st


def test_full_colony_phase_in_order():
    st = table()
    st, _ = reveal_crisis(st, "test.crowd")
    st, _ = contribute_to_crisis(st, "s1", ["medicine"] * 3)
    st["locations"][0]["noise"] = 1
    st["round_track"] = 3
    new, steps = run_colony_phase(st, Scripted([5]))
    order = [
        "colony_phase_began",
        "food_paid",
        "waste_checked",
        "crisis_resolving",
        "crisis_prevented",
        "zombies_to_add",  # colony: 3 colonists -> 2
        "noise_resolved",  # police: 5 misses
        "zombies_to_add",  # school: 1 survivor
        "main_objective_checked",
        "round_track_moved",
        "first_player_passed",
        "round_began",
    ]
    assert [k for k in kinds(steps) if k in order] == order
    assert new["food"] == 8 and new["round_track"] == 2 and new["round"] == 2
    assert new["first_player"] == "s3"
    assert new["phase"] == "player_turns" and new["colony_step"] is None
    assert new["crisis"] is None and new["locations"][0]["noise"] == 0
    assert all(isinstance(t, str) and t for t in render_steps(steps))


def test_game_ending_at_food_stops_everything():
    st = table()
    st["food"], st["morale"], st["starvation"] = 0, 2, 1
    new, steps = run_colony_phase(st, Scripted())
    assert new["ended"] == {"reason": "morale", "winners": None}
    assert kinds(steps)[-1] == "game_ended"
    assert "waste_checked" not in kinds(steps) and new["round_track"] == st["round_track"]


def test_game_ending_at_crisis_stops_zombies():
    st = table()
    st["morale"] = 1
    gloom = {**CRISIS, "id": "t.gloom", "fail_effects": [{"kind": "morale", "amount": -1}]}
    with_cards(st, crises=[gloom])
    st, _ = reveal_crisis(st, "t.gloom")
    new, steps = run_colony_phase(st, Scripted())
    assert new["ended"]["reason"] == "morale"
    assert "zombies_to_add" not in kinds(steps)
    assert new["colony"]["entrances"][0]["zombies"] == 0


def test_game_ending_during_zombies_skips_objective_and_round_track():
    st = table()
    st["morale"] = 1
    st["colony"]["entrances"][0]["zombies"] = 3
    new, steps = run_colony_phase(st, Scripted(), objective_met=True)
    assert new["ended"]["reason"] == "morale"
    assert "main_objective_checked" not in kinds(steps)
    assert new["round_track"] == st["round_track"]
    assert new["locations"][2]["entrance"]["zombies"] == 0  # the school never got its zombie


def test_main_objective_met_ends_the_game():
    new, steps = run_colony_phase(table(), Scripted(), objective_met=True)
    assert new["ended"]["reason"] == "main_objective"
    assert kinds(steps)[-2:] == ["main_objective_checked", "game_ended"]
    assert new["round_track"] == 6


def test_round_track_reaching_zero_ends_the_game():
    st = table()
    st["round_track"] = 1
    new, _ = move_round_track(st)
    assert new["ended"]["reason"] == "round_track" and new["round_track"] == 0
    with pytest.raises(RuleError, match="ended"):
        check_main_objective(new, True)


def test_noise_base_rules_roll_a_die():
    st = make_state(2)
    st["locations"][1]["noise"] = 3
    new, steps = add_colony_phase_zombies(st, Scripted([1, 3, 4]))
    noise = [s for s in steps if s["kind"] == "noise_resolved"]
    assert [(s["roll"], s["hit"]) for s in noise] == [(1, True), (3, True), (4, False)]
    assert new["locations"][1]["entrance"]["zombies"] == 2
    assert new["locations"][1]["noise"] == 0


def test_noise_long_night_flips_a_coin():
    st = make_state(2, ruleset="long_night")
    st["locations"][1]["noise"] = 3
    new, steps = add_colony_phase_zombies(st, Scripted([1, 0, 1]))
    noise = [s for s in steps if s["kind"] == "noise_resolved"]
    assert [(s["coin"], s["hit"]) for s in noise] == [
        ("!!!", True),
        ("blank", False),
        ("!!!", True),
    ]
    assert new["locations"][1]["entrance"]["zombies"] == 2


def test_bandits_draw_zombies_with_module():
    st = make_state(2, modules=["bandits"])
    st["locations"][3]["bandits"] = 2
    new, _ = add_colony_phase_zombies(st, Scripted())
    assert new["locations"][3]["entrance"]["zombies"] == 2


def test_colony_zombies_counted_after_failed_crisis_added_helpless():
    st = with_cards(make_state(2), crises=[CRISIS])
    put_survivors(st, [10, 20])
    st["food"] = 5
    st, _ = reveal_crisis(st, "test.crowd")
    new, steps = run_colony_phase(st, Scripted())
    colony = next(s for s in steps if s["kind"] == "zombies_to_add" and s["where"] == "colony")
    assert colony["count"] == 3  # 2 cards + 3 helpless = 5 -> 3
    assert new["helpless"]["normal"] == 3
    assert new["food"] == 4  # food was paid for 2 before the crisis


def test_deaths_during_placement_do_not_reduce_count():
    st = make_state(2)
    put_survivors(st, [10, 20, 30])  # 2 zombies; after one death a recount would give 1
    for ent in st["colony"]["entrances"]:
        ent["zombies"] = 3
    new, steps = add_colony_phase_zombies(st, Scripted())
    assert sum(1 for s in steps if s["kind"] == "overrun") == 2
    assert [s["name"] for s in new["survivors"]] == ["Survivor 30"] and new["morale"] == 4


def test_first_player_passes_right_and_new_round_begins():
    st = make_state(4)
    st["first_player"] = "s1"
    new, steps = pass_first_player(st)
    assert new["first_player"] == "s4"
    assert (new["round"], new["phase"], new["turn"], new["crisis"]) == (
        2,
        "player_turns",
        None,
        None,
    )
    assert kinds(steps)[-2:] == ["first_player_passed", "round_began"]
    st["first_player"] = "s3"
    assert pass_first_player(st)[0]["first_player"] == "s2"


def test_first_player_skips_an_eliminated_neighbour():
    st = make_state(4)
    st["seats"][3]["eliminated"] = True
    assert pass_first_player(st)[0]["first_player"] == "s3"


def test_keeping_first_player_only_in_long_night():
    with pytest.raises(RuleError, match="Long Night"):
        pass_first_player(make_state(3), keep=True)
    new, steps = pass_first_player(make_state(3, ruleset="long_night"), keep=True)
    assert new["first_player"] == "s1" and steps[1]["kind"] == "first_player_kept"
    assert new["round"] == 2


def test_start_colony_phase_ends_the_turn():
    st = make_state(2)
    st["turn"] = {
        "seat": "s1",
        "crossroads_drawer": "s2",
        "exile_vote_called": False,
        "crossroads_revealed": False,
        "moved": [],
    }
    new, steps = start_colony_phase(st)
    assert (new["phase"], new["turn"], new["colony_step"]) == ("colony", None, COLONY_STEPS[0])
    assert kinds(steps) == ["colony_phase_began"]
    assert kinds(start_colony_phase(new)[1]) == []


def test_run_pauses_on_pending_and_resumes():
    st = table()
    bite = {
        **CRISIS,
        "id": "t.bite",
        "fail_effects": [{"kind": "exposure", "target": "each_in_colony"}],
    }
    st, _ = reveal_crisis(with_cards(st, crises=[bite]), "t.bite")
    # Exposure die faces 1-12: 12 is the bite (dice.EXPOSURE_FACES); the first colonist is bitten.
    new, steps = run_colony_phase(st, Scripted([12]))
    assert new["pending"]["kind"] == "bite_spread"
    assert kinds(steps)[-1] == "colony_phase_paused"
    assert new["colony_step"] == "add_zombies"
    with pytest.raises(RuleError, match="waiting for a decision"):
        run_colony_phase(new, Scripted())
    new, _ = resolve_bite(new, "kill")  # the owner of the infected survivor answers
    assert new["pending"] is None
    later, steps = run_colony_phase(new, Scripted())
    assert kinds(steps)[0] == "zombies_to_add" and "food_paid" not in kinds(steps)
    assert later["round"] == 2


def test_caller_state_unchanged_and_json_round_trip():
    st = table()
    st, _ = reveal_crisis(st, "test.crowd")
    st, _ = contribute_to_crisis(st, "s2", ["fuel"])
    before = to_json(st)
    new, _ = run_colony_phase(st, random.Random(3))
    assert to_json(st) == before
    assert from_json(to_json(new)) == new


def test_one_confirm_runs_the_colony_steps_up_to_the_one_that_asks():
    """Issue 29.4: ``run_colony_steps`` runs the due step and each following one that asks the
    table nothing (002:1579); step 5 asks for a main objective that does not count (002:1621),
    and its answer runs on to the end of the phase."""
    import play

    import companion.engine as engine

    state, _ = play.start(2, 4)
    state["main_objective"] = {**state["main_objective"], "counts": None}
    state, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 1})
    for _ in range(2):
        state, _ = engine.apply(state, {"type": "start_turn", "by": "table"})
        state, _ = engine.apply(state, {"type": "end_turn", "by": "table"})
    waiting = engine.table_view(state)["waiting"]
    assert waiting["run"] == ["pay_food", "check_waste", "resolve_crisis", "add_zombies"]
    with pytest.raises(engine.RuleError):  # nothing to answer yet
        engine.apply(state, {"type": "run_colony_steps", "by": "table", "seed": 2, "met": False})
    state, steps = engine.apply(state, {"type": "run_colony_steps", "by": "table", "seed": 2})
    assert state["colony_step"] == "check_main_objective" and state["reveal"]
    kinds = [s["kind"] for s in steps]
    assert kinds.index("colony_phase_began") < kinds.index("waste_checked")
    view = engine.table_view(state)
    assert "run_colony_steps" not in view["legal"]["table"]  # not asked while turning over
    state, _ = engine.apply(state, {"type": "finish_reveal", "by": "table"})
    waiting = engine.table_view(state)["waiting"]
    assert waiting["asks"] and waiting["run"] == [
        "check_main_objective",
        "move_round_track",
        "pass_first_player",
    ]
    with pytest.raises(engine.RuleError, match="main objective is met"):
        engine.apply(state, {"type": "run_colony_steps", "by": "table", "seed": 3})
    state, _ = engine.apply(
        state, {"type": "run_colony_steps", "by": "table", "seed": 3, "met": False}
    )
    assert state["round"] == 2 and state["phase"] == "player_turns"
    assert "reveal" not in state  # nothing was turned over: no reveal to finish


def test_the_end_waits_until_the_reveal_that_brought_it_is_turned_over():
    """Issue 29.8: one Confirm may both open a reveal and end the game (a counting main
    objective met at step 5, 002:1621); the table's side says the game is over only once the
    reveal is read, so the end is not told before its lines."""
    import play

    import companion.engine as engine

    state, _ = play.start(2, 4)
    state["main_objective"]["progress"] = 6  # We Need More Samples: 3 per player, met
    state, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 1})
    for _ in range(2):
        state, _ = engine.apply(state, {"type": "start_turn", "by": "table"})
        state, _ = engine.apply(state, {"type": "end_turn", "by": "table"})
    state, _ = engine.apply(state, {"type": "run_colony_steps", "by": "table", "seed": 2})
    assert state["ended"] and state["reveal"]
    view = engine.table_view(state)
    assert view["waiting"] == {"kind": "revealing"}
    state, _ = engine.apply(state, {"type": "finish_reveal", "by": "table"})
    assert engine.table_view(state)["waiting"]["kind"] == "declare_winners"
