"""Every number of a colony, crisis, zombie, morale and death rule pinned at its edge: a rule
moved by one (a mutation run's survivors, docs/mutation.md) fails a test here.

Each test names the rulebook lines it holds the engine to; games go through the front door
(``engine.apply``) as the screens send them, the one-Confirm path (``run_colony_steps``) too.
"""

from __future__ import annotations

import pytest
from factory import Scripted, put_survivors
from test_engine_bandits import bandit_state, loc
from test_engine_scenarios import act, begin_turn, game, kinds, play_turns, refused

import companion.engine as engine
from companion.engine.board.deaths import kill_survivor
from companion.engine.colony.crisis import reveal_crisis
from companion.engine.colony.steps import run_colony_steps
from companion.engine.core.errors import RuleError

# --- the waste pile (002:1596-1597) ---


@pytest.mark.parametrize(("waste", "lost"), [(0, 0), (9, 0), (10, 1), (19, 1), (20, 2), (29, 2)])
def test_every_full_10_waste_cards_cost_1_morale_002_1596(waste, lost):
    """002:1596-1597 "Count the cards in the waste pile. For every 10 cards (rounded down),
    decrease morale by 1": 9 costs nothing, 10 one, 19 one, 20 two."""
    st = play_turns(game(3))
    st["waste"] = waste
    st, _ = act(st, {"type": "start_colony_phase"})
    st, _ = act(st, {"type": "pay_food"})
    before = st["morale"]
    after, steps = act(st, {"type": "check_waste"})
    assert before - after["morale"] == lost
    assert after["waste"] == waste  # the pile is counted, not emptied
    assert ("morale_changed" in kinds(steps)) is (lost > 0)


def test_the_one_confirm_path_counts_the_waste_at_its_edge_too():
    """The screens' Confirm (run_colony_steps) runs the same step: 10 cards, 1 morale."""
    for waste, lost in ((9, 0), (10, 1), (20, 2)):
        st = play_turns(game(3))
        st["waste"], st["food"] = waste, 20
        before = st["morale"]
        after, _ = act(st, {"type": "run_colony_steps"}, Scripted([6] * 30))
        assert after["colony_step"] == "check_main_objective"
        assert before - after["morale"] == lost, waste


# --- the one-Confirm path: the first player vote (000:660-662) and a turn in progress ---


def to_step_5(ruleset: str = "long_night") -> dict:
    """A game whose first Confirm has run colony steps 1-4: step 5 asks the table."""
    st = play_turns(game(3, ruleset=ruleset))
    st["food"] = 20
    st, _ = act(st, {"type": "run_colony_steps"}, Scripted([6] * 30))
    assert st["colony_step"] == "check_main_objective"
    return finished(st)


def finished(st: dict) -> dict:
    """The state once the table has turned the reveal of the last Confirm over."""
    if st.get("reveal"):
        st, _ = act(st, {"type": "finish_reveal"})
    return st


def test_run_colony_steps_keeps_the_token_when_the_first_player_vote_passed_000_660():
    """000:660-662 "any player may initiate a vote to prevent the first player token from being
    passed ... If the vote passes, the first player token remains with the current first
    player": the Confirm that reaches step 7 takes the passed vote and keeps the token."""
    st = to_step_5()
    first = st["first_player"]
    kept, steps = act(st, {"type": "run_colony_steps", "met": False, "keep_first_player": True})
    assert kept["first_player"] == first and "first_player_kept" in kinds(steps)
    assert kept["round"] == st["round"] + 1
    passed, steps = act(st, {"type": "run_colony_steps", "met": False})
    assert passed["first_player"] != first and "first_player_passed" in kinds(steps)


def test_run_colony_steps_refuses_a_vote_where_none_is_taken():
    """A Confirm that does not reach step 7 passes no token, so it takes no vote; the base game
    has no first player vote at all (000:660 is a Long Night rule)."""
    st = play_turns(game(3, ruleset="long_night"))
    st["food"] = 20
    refused(
        st,
        {"type": "run_colony_steps", "keep_first_player": True},
        Scripted([6] * 30),
        match="not passed now",
    )
    base = to_step_5("base")
    refused(
        base,
        {"type": "run_colony_steps", "met": False, "keep_first_player": True},
        match="only the Long Night rules",
    )


def test_run_colony_steps_refuses_to_begin_the_colony_phase_in_a_turn_002_1579():
    """002:1579 the colony phase follows the player turns: while a turn is in progress the
    Confirm is refused with a sentence and nothing changes."""
    st, _ = begin_turn(game(3))
    error = refused(st, {"type": "run_colony_steps"}, Scripted([6] * 30), match="still in progress")
    assert engine.render_error(error, "pt_BR") != engine.render_error(error)
    st, _ = act(st, {"type": "end_turn"})
    st = play_turns(st)
    st["food"] = 20
    after, _ = act(st, {"type": "run_colony_steps"}, Scripted([6] * 30))
    assert after["phase"] == "colony"


# --- the first player token when its holder is out of the game (002:1628) ---


def eliminated(st: dict, *seats: str) -> dict:
    """Seats out of the game (the player elimination variant, 000:638)."""
    for seat in st["seats"]:
        if seat["id"] in seats:
            seat["eliminated"] = True
    return st


def first_player_passes(st: dict, first: str) -> str:
    """Who holds the token after colony step 7 from ``first``."""
    st["first_player"] = first
    st["food"] = 20
    st, _ = act(st, {"type": "run_colony_steps"}, Scripted([6] * 30))
    st, _ = act(finished(st), {"type": "run_colony_steps", "met": False})
    return st["first_player"]


def test_the_token_goes_to_the_right_and_skips_a_player_out_of_the_game_002_1628():
    """002:1628 "The first player passes the first player token to the player on his right":
    with four seats s1-s4 in turn order, s1's right is s4; an eliminated s4 is skipped (s3)."""
    assert first_player_passes(play_turns(game(4)), "s1") == "s4"
    assert first_player_passes(play_turns(game(4)), "s3") == "s2"
    st = eliminated(game(4), "s4")
    assert first_player_passes(play_turns(st), "s1") == "s3"


def test_a_first_player_out_of_the_game_passes_to_the_nearest_right_still_in():
    """Ruling (002:1628 read with 000:638): an eliminated first player's token goes to the
    nearest player to their right still in the game, never to an eliminated one, and a kept
    vote does not keep it with them."""
    st = eliminated(game(4, ruleset="long_night"), "s1")
    assert first_player_passes(play_turns(st), "s1") == "s4"
    st = eliminated(game(4, ruleset="long_night"), "s1", "s4")
    assert first_player_passes(play_turns(st), "s1") == "s3"
    st = eliminated(game(4, ruleset="long_night"), "s1")
    st = play_turns(st)
    st["first_player"], st["food"] = "s1", 20
    st, _ = act(st, {"type": "run_colony_steps"}, Scripted([6] * 30))
    st, steps = act(
        finished(st), {"type": "run_colony_steps", "met": False, "keep_first_player": True}
    )
    assert st["first_player"] == "s4" and "first_player_passed" in kinds(steps)


# --- typed bandit placements (000:140) ---


@pytest.mark.parametrize("number", [1, 12])
def test_a_typed_bandit_placement_takes_location_numbers_1_to_12_000_140(number):
    """000:140 "Bandit Placement: These numbers tell you what locations to place Bandits at":
    a typed crisis names numbers 1 to 12; 1 and 12 are taken."""
    st = bandit_state()
    new, _ = reveal_crisis(st, name="Typed", prevent=["food"], bandits=[number])
    assert new["crisis"] is not None


@pytest.mark.parametrize("number", [0, 13, -1, True])
def test_a_typed_bandit_placement_outside_1_to_12_is_refused_000_140(number):
    st = bandit_state()
    with pytest.raises(RuleError, match="location numbers 1 to 12") as err:
        reveal_crisis(st, name="Typed", prevent=["food"], bandits=[number])
    assert engine.render_error(err.value, "pt_BR") != engine.render_error(err.value)
    assert st["crisis"] is None


# --- an overrun where bandits stand (000:745) ---


def full_police(st: dict, bandits: int) -> dict:
    """The Police Station's entrance full of zombies, ``bandits`` bandits there."""
    police = loc(st, "police")
    police["entrance"]["zombies"] = police["entrance"]["spaces"]
    police["bandits"] = bandits
    return st


def test_an_overrun_with_one_bandit_and_no_survivor_removes_the_bandit_000_745():
    """000:745 "When a location is overrun, if there are no survivors at that location, remove
    all bandits from that location": exactly 1 bandit goes."""
    st = full_police(bandit_state(), 1)
    new, steps = engine.apply(
        st, {"type": "add_zombies_by_hand", "by": "table", "place": "police", "count": 1}
    )
    assert loc(new, "police")["bandits"] == 0
    removed = next(s for s in steps if s["kind"] == "bandits_removed")
    assert removed["count"] == 1
    assert new["morale"] == st["morale"]


def test_an_overrun_with_a_survivor_there_kills_and_leaves_the_bandits():
    st = full_police(bandit_state(), 1)
    put_survivors(st, [5], owner="s1", place="police")
    new, steps = engine.apply(
        st, {"type": "add_zombies_by_hand", "by": "table", "place": "police", "count": 1}
    )
    assert loc(new, "police")["bandits"] == 1
    assert "bandits_removed" not in kinds(steps)
    assert "survivor_died" in kinds(steps) or "survivor_killed" in kinds(steps)


def test_an_overrun_with_no_bandit_and_nobody_there_removes_nothing():
    st = full_police(bandit_state(), 0)
    _, steps = engine.apply(
        st, {"type": "add_zombies_by_hand", "by": "table", "place": "police", "count": 1}
    )
    assert "bandits_removed" not in kinds(steps) and "overrun_nobody" in kinds(steps)


# --- a group leader lost (002:1777) ---


def test_a_lost_leader_is_replaced_by_the_follower_with_the_highest_influence_002_1777():
    """002:1777 "If a player's group leader is killed (or otherwise lost), she must choose a
    survivor from her following and make it her group leader": the engine proposes the
    follower with the highest influence (the player may pick another, set_group_leader)."""
    st = game(2)
    leader = next(s for s in st["survivors"] if s["owner"] == "s1" and s["leader"])
    low, top, middle = put_survivors(st, [98, 99, 97], owner="s1")
    steps: list = []
    kill_survivor(st, steps, leader["id"], "test")
    promoted = next(s for s in steps if s["kind"] == "leader_promoted")
    assert promoted["survivor"] == top
    leaders = [s["id"] for s in st["survivors"] if s["owner"] == "s1" and s["leader"]]
    assert leaders == [top]
    assert {low, middle} <= {s["id"] for s in st["survivors"]}


def test_a_follower_lost_leaves_the_leader_as_it_is():
    st = game(2)
    follower = next(s for s in st["survivors"] if s["owner"] == "s1" and not s["leader"])
    steps: list = []
    kill_survivor(st, steps, follower["id"], "test")
    assert "leader_promoted" not in kinds(steps)


def test_run_colony_steps_takes_only_yes_or_no_for_its_answers():
    """A Confirm's answers are true or false: the front door says so by the action's
    declaration, and the rule itself refuses anything else with its own sentence (a caller
    past the front door, as the colony phase's own entry points are)."""
    st = to_step_5()
    refused(st, {"type": "run_colony_steps", "met": "yes"}, match="met must be true or false")
    with pytest.raises(RuleError, match="say whether the main objective is met"):
        run_colony_steps(st, Scripted([6] * 30), met="yes")
    with pytest.raises(RuleError, match="say whether a vote keeps the first player token"):
        run_colony_steps(st, Scripted([6] * 30), met=False, keep_first_player="yes")


def test_a_confirm_that_opens_a_decision_says_the_colony_phase_waits_000_792():
    """000:792 the containment check opens the colony phase; a match opens a vote, so the
    Confirm stops there and says which colony step comes once it is settled."""
    from test_engine_raxxon import rax_state, with_experiment

    st = with_experiment(rax_state())
    st["raxxon"]["dice"] = [3, 5]
    after, steps = act(st, {"type": "run_colony_steps"}, Scripted([6] * 30))
    assert after["pending"]["kind"] == "vote"
    paused = next(s for s in steps if s["kind"] == "colony_phase_paused")
    assert paused["next_step"] == "pay_food"
    assert kinds(steps)[-1] == "colony_phase_paused" and "food_paid" not in kinds(steps)


# --- the lowest influence, helpless deaths, wounds (002:1766, 002:1786, 000:156) ---


def test_the_lowest_influence_and_its_ties_000_156():
    """000:156 the first player "breaks all ties": on a tie in influence the engine takes the
    first in play order and says so; one lowest survivor is no tie; ``highest`` picks the top
    one."""
    from companion.engine.board.deaths import lowest_influence

    cands = [
        {"id": "a", "name": "A", "influence": 30},
        {"id": "b", "name": "B", "influence": 10},
        {"id": "c", "name": "C", "influence": 50},
    ]
    steps: list = []
    assert lowest_influence({}, cands, steps)["id"] == "b" and steps == []
    assert lowest_influence({}, cands, steps, highest=True)["id"] == "c" and steps == []
    tied = [*cands, {"id": "d", "name": "D", "influence": 10}]
    assert lowest_influence({}, tied, steps)["id"] == "b"
    assert [s["kind"] for s in steps] == ["tie_broken"]
    assert (steps[0]["survivors"], steps[0]["influence"], steps[0]["chosen"]) == (
        ["b", "d"],
        10,
        "B",
    )


def test_a_helpless_survivor_dies_normal_first_then_unruly_002_1786():
    """002:1786 a helpless survivor dies when only helpless are left; ruling: a normal token
    first while there is one, then an unruly one; each costs 1 morale."""
    from companion.engine.board.deaths import kill_helpless

    st = game(2)
    st["helpless"] = {"normal": 1, "unruly": 1}
    morale = st["morale"]
    steps: list = []
    assert kill_helpless(st, steps, "overrun", place="colony") is True
    assert st["helpless"] == {"normal": 0, "unruly": 1}
    assert steps[0]["kind"] == "helpless_died" and steps[0]["unruly"] is False
    assert kill_helpless(st, steps, "overrun", place="colony") is True
    assert st["helpless"] == {"normal": 0, "unruly": 0} and steps[-2]["unruly"] is True
    assert st["morale"] == morale - 2
    assert kill_helpless(st, steps, "overrun", place="colony") is False


def test_the_third_wound_kills_with_its_cause_002_1766():
    """002:1766 "When a survivor has 3 or more wound tokens it is" killed: frostbite and
    wounds count together; the death says it came of its wounds."""
    from companion.engine.board.deaths import add_wound

    st = game(2)
    victim = next(s for s in st["survivors"] if s["owner"] == "s1" and not s["leader"])
    steps: list = []
    add_wound(st, steps, victim["id"], "frostbite", "card")
    assert steps[0]["kind"] == "wound_added" and steps[0]["wound"] == "frostbite"
    add_wound(st, steps, victim["id"], "wound", "card")
    assert victim["id"] in {s["id"] for s in st["survivors"]}
    add_wound(st, steps, victim["id"], "wound", "card")
    assert victim["id"] not in {s["id"] for s in st["survivors"]}
    died = next(s for s in steps if s["kind"] == "survivor_died")
    assert died["cause"] == "wounds" and died["wounds"] == 3


# --- the colony phase's steps, numbered in the rulebook's order (002:1579) ---


def test_the_due_colony_step_counts_from_pay_food_as_1_of_7_002_1579():
    """002:1579 lists the colony phase's seven steps; before the phase the first is due ("Step
    1 of 7", not yet begun), and each step run makes the next one due with its number."""
    from companion.engine.colony.phases import due_step

    st = play_turns(game(3))
    due = due_step(st)
    assert (due["step"], due["number"], due["of"], due["begun"]) == ("pay_food", 1, 7, False)
    st, _ = act(st, {"type": "start_colony_phase"})
    due = due_step(st)
    assert (due["step"], due["number"], due["begun"]) == ("pay_food", 1, True)
    st, _ = act(st, {"type": "pay_food"})
    due = due_step(st)
    assert (due["step"], due["number"], due["of"]) == ("check_waste", 2, 7)


@pytest.mark.parametrize(
    ("noise_dice", "run"),
    [
        ("rolled", ["pay_food", "check_waste", "resolve_crisis", "add_zombies"]),
        ("entered", ["pay_food", "check_waste", "resolve_crisis"]),
    ],
)
def test_one_confirm_runs_the_steps_in_order_up_to_a_question_002_1579(noise_dice, run):
    """002:1579: the steps keep their order; one Confirm stops before Check Main Objective
    (the table's question, 002:1621) and, for a table that enters its noise dice (002:1617),
    before Add Zombies, which its own Confirm begins."""
    from companion.engine.colony.phases import steps_to_run

    st = play_turns(game(3))
    st["settings"]["noise_dice"] = noise_dice
    assert steps_to_run(st) == run


@pytest.mark.parametrize(("progress", "ends"), [(5, False), (6, True)])
def test_a_counting_objective_is_checked_from_its_count_alone_002_1621(progress, ends):
    """002:1621 Check Main Objective, run on its own: 2 zombies per player on the card with 3
    players needs 6; 5 is not met, 6 is (the game ends), and the table's own yes or no is
    refused for such a card (the count decides)."""
    st = play_turns(game(3))
    st["main_objective"]["counts"] = {"what": "zombies", "per_player": 2}
    st["main_objective"]["progress"] = progress
    refused(st, {"type": "check_main_objective", "met": True}, match="checked from its count")
    st, _ = act(st, {"type": "check_main_objective"})
    assert bool(st["ended"]) is ends
    assert (st["ended"] or {}).get("reason") == ("main_objective" if ends else None)


def test_the_round_track_moves_once_on_its_own_step_002_1625():
    """Move Round Tracker run on its own (002:1625): the track loses 1, and the step is not
    taken twice in one colony phase."""
    st = play_turns(game(3))
    track = st["round_track"]
    st, _ = act(st, {"type": "move_round_track"})
    assert st["round_track"] == track - 1
    refused(st, {"type": "move_round_track"}, match="has already been done this colony phase")


@pytest.mark.parametrize("met", [True, False])
def test_a_confirm_at_check_main_objective_takes_the_tables_answer_002_1621(met):
    """The screens' Confirm that reaches Check Main Objective takes the table's answer: met,
    the game ends at once (002:1621-1623); not met, the round track moves on (002:1625)."""
    from companion.engine.colony.phases import due_step

    st = play_turns(game(3))
    st, _ = act(st, {"type": "run_colony_steps"}, Scripted([6] * 30))
    st, _ = act(st, {"type": "finish_reveal"})  # the table has turned the steps over
    assert due_step(st)["step"] == "check_main_objective"
    track = st["round_track"]
    st, _ = act(st, {"type": "run_colony_steps", "met": met}, Scripted([6] * 30))
    assert (st["ended"] or {}).get("reason") == ("main_objective" if met else None)
    assert st["round_track"] == (track if met else track - 1)


def test_the_first_player_token_passes_right_on_its_own_step_002_1628():
    """Pass First Player run on its own: the token goes to the player on the right (002:1628)."""
    from companion.engine.core.state import right_of

    st = play_turns(game(3))
    first = st["first_player"]
    st, _ = act(st, {"type": "pass_first_player"})
    assert st["first_player"] == right_of(st, first) != first
