"""Who may do what: for every action, the actors who may and the actors who may not."""

from __future__ import annotations

import pytest

import companion.engine as engine
from companion.engine.actions import ACTIONS
from companion.engine.permissions import WHO, check_actor
from tests import play

T, A, OTHER = "table", "active", "other"
"""Roles during a turn: the table, the active player, another player (for themselves)."""

# action: (roles that may, roles that may not); a seat acting names itself where it can.
CASES: dict[str, tuple[set[str], set[str]]] = {
    "new_game": ({T}, {A, OTHER}),
    "start_turn": ({T, A}, {OTHER}),
    "end_turn": ({T, A}, {OTHER}),
    "reveal_crossroads": ({A, OTHER}, {T}),
    "trigger_crossroads": ({T, A}, {OTHER}),
    "call_exile_vote": ({T, A}, {OTHER}),
    "cast_vote": ({A, OTHER}, {T}),
    "record_votes": ({T}, {A, OTHER}),
    "keep_survivors": ({A, OTHER}, {T}),
    "reveal_crisis": ({T}, {A, OTHER}),
    "contribute_to_crisis": ({A, OTHER}, set()),
    "withdraw_from_crisis": ({A, OTHER}, {T}),
    "resolve_crisis": ({T}, {A, OTHER}),
    "finish_reveal": ({T}, {A, OTHER}),
    "start_colony_phase": ({T}, {A, OTHER}),
    "run_colony_phase": ({T}, {A, OTHER}),
    "run_colony_steps": ({T}, {A, OTHER}),
    "pay_food": ({T}, {A, OTHER}),
    "check_waste": ({T}, {A, OTHER}),
    "add_colony_phase_zombies": ({T}, {A, OTHER}),
    "check_main_objective": ({T}, {A, OTHER}),
    "move_round_track": ({T}, {A, OTHER}),
    "pass_first_player": ({T}, {A, OTHER}),
    "record_exposure": ({T, A}, {OTHER}),
    "resolve_bite": ({T, A, OTHER}, set()),
    "choose_survivor": ({T, A, OTHER}, set()),
    "choose_for_card": ({T, A, OTHER}, set()),
    "move_survivor": ({T, A}, {OTHER}),
    "kill_zombies": ({T, A}, {OTHER}),
    "attack_survivor": ({T, A}, {OTHER}),
    "add_barricade": ({T, A}, {OTHER}),
    "add_trap": ({T, A}, {OTHER}),
    "attract_zombies": ({T, A}, {OTHER}),
    "add_noise": ({T, A}, {OTHER}),
    "play_cards": ({T, A}, {OTHER}),
    "clean_waste": ({T, A}, {OTHER}),
    "spend_food": ({T, A}, {OTHER}),
    "add_food": ({T, A}, {OTHER}),
    "add_waste": ({T, A}, {OTHER}),
    "add_helpless": ({T, A}, {OTHER}),
    "calm_unruly": ({T, A}, {OTHER}),
    "wound_survivor": ({T, A}, {OTHER}),
    "heal_survivor": ({T, A}, {OTHER}),
    "remove_despair": ({T, A}, {OTHER}),
    "add_survivor": ({T, A, OTHER}, set()),
    "set_group_leader": ({T, A, OTHER}, set()),
    "apply_card_effects": ({T}, {A, OTHER}),
    "add_zombies_by_hand": ({T}, {A, OTHER}),
    "remove_barricade": ({T}, {A, OTHER}),
    "remove_trap": ({T}, {A, OTHER}),
    "remove_noise": ({T}, {A, OTHER}),
    "kill_helpless_by_card": ({T}, {A, OTHER}),
    "kill_survivor_by_card": ({T}, {A, OTHER}),
    "remove_survivor_by_card": ({T}, {A, OTHER}),
    "set_counter": ({T}, {A, OTHER}),
    "set_waste": ({T}, {A, OTHER}),
    "set_capacity": ({T}, {A, OTHER}),
    "place_improvement": ({T}, {A, OTHER}),
    "remove_improvement": ({T}, {A, OTHER}),
    "add_advancement": ({T, A}, {OTHER}),
    "remove_advancement": ({T}, {A, OTHER}),
    "add_objective_progress": ({T, A}, {OTHER}),
    "remove_objective_progress": ({T, A}, {OTHER}),
    "mark_objective": ({T, A, OTHER}, set()),
    "declare_winners": ({T}, {A, OTHER}),
    "lead_bandits": ({A, OTHER}, {T}),
    "call_special_exile_vote": ({T, A, OTHER}, set()),
    "skip_special_exile_vote": ({T, A, OTHER}, set()),
    "reveal_bandit_betrayal": ({A, OTHER}, {T}),
    "pass_betrayal_reveal": ({T}, {A, OTHER}),
    "attack_bandit": ({T, A}, {OTHER}),
    "take_from_hideout": ({T, A}, {OTHER}),
    "set_hideout_cards": ({T}, {A, OTHER}),
    "set_bandits": ({T}, {A, OTHER}),
    "search_location": ({T, A}, {OTHER}),
    "place_raxxon_dice": ({T, A}, {OTHER}),
    "remove_raxxon_dice": ({T}, {A, OTHER}),
    "enter_experiment": ({T}, {A, OTHER}),
    "choose_containment_place": ({T, A, OTHER}, set()),
    "place_special_zombies": ({T}, {A, OTHER}),
    "attack_special_zombie": ({T, A}, {OTHER}),
    "remove_special_zombie": ({T, A}, {OTHER}),
    "move_special_zombie": ({T, A}, {OTHER}),
    "equip_side_effect": ({T, A}, {OTHER}),
    "follow_r1_completion": ({T}, {A, OTHER}),
    "tick_setup_step": ({T}, {A, OTHER}),
}


def test_every_action_has_a_rule_and_a_case():
    assert set(WHO) == set(ACTIONS) == set(CASES)


@pytest.fixture(scope="module")
def turn_state():
    """A 3-player game in s1's... first player's turn, with a crisis in play."""
    state, _ = play.start(3, 4)
    state, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 1})
    state, _ = engine.apply(state, {"type": "start_turn", "by": "table"})
    return state


def _seat_for(state, role):
    """The seat id playing a role: the active player, or a player who is neither active nor
    drawing this turn's crossroads card."""
    active = state["turn"]["seat"]
    if role == A:
        return active
    drawer = state["turn"]["crossroads_drawer"]
    return next(s["id"] for s in state["seats"] if s["id"] not in (active, drawer))


def _args(state, kind, by):
    """Arguments that name the acting seat (or its survivor) where the action names one."""
    me = by if by != "table" else state["turn"]["seat"]
    own = next(s["id"] for s in state["survivors"] if s["owner"] == me)
    about = WHO[kind][1]
    if about in ("seat_id", "caller"):
        return {about: me}
    if about and about.startswith("survivor:"):
        return {"survivor_id": own}
    return {}


def _before_turn(state):
    """The same game between turns: who starts the next turn is the next seat."""
    new = dict(state)
    new["turn"] = None
    new["turns_taken"] = {"round": state["round"], "seats": []}
    return new


@pytest.mark.parametrize("kind", sorted(CASES))
def test_who_may_and_who_may_not(turn_state, kind):
    may, may_not = CASES[kind]
    state = _before_turn(turn_state) if kind == "start_turn" else turn_state
    for role in may | may_not:
        if kind == "start_turn" and role != T:
            by = state["first_player"] if role == A else _seat_for(turn_state, OTHER)
        else:
            by = T if role == T else _seat_for(state if state["turn"] else turn_state, role)
        args = _args(turn_state, kind, by)
        if kind == "reveal_crossroads" and role != T:
            args = {"seat_id": by}
        if kind == "pending":  # pragma: no cover
            continue
        if role in may:
            if kind in ("resolve_bite", "choose_containment_place") and role != T:
                state = {**state, "pending": {"kind": "bite_spread", "seat": by}}
            check_actor(state, kind, by, args)
        else:
            with pytest.raises(engine.RuleError, match="may not"):
                check_actor(state, kind, by, args)


def test_a_seat_may_not_act_for_another_even_on_its_turn(turn_state):
    active = turn_state["turn"]["seat"]
    other = _seat_for(turn_state, OTHER)
    action = {"type": "play_cards", "by": active, "seat_id": other, "count": 1}
    with pytest.raises(engine.RuleError, match="for another player"):
        engine.apply(turn_state, action)
    theirs = next(s["id"] for s in turn_state["survivors"] if s["owner"] == other)
    move = {"type": "move_survivor", "by": active, "survivor_id": theirs, "to": "colony"}
    with pytest.raises(engine.RuleError, match="for another player"):
        engine.apply(turn_state, move)


def test_a_refusal_names_who_tried_what_and_why(turn_state):
    other = _seat_for(turn_state, OTHER)
    name = next(s["name"] for s in turn_state["seats"] if s["id"] == other)
    active_name = next(
        s["name"] for s in turn_state["seats"] if s["id"] == turn_state["turn"]["seat"]
    )
    with pytest.raises(engine.RuleError) as info:
        engine.apply(
            turn_state, {"type": "add_barricade", "by": other, "place": "colony", "entrance": 1}
        )
    assert str(info.value) == (
        f"{name} ({other}) may not add barricade during {active_name}'s turn: "
        "only the active player or the table"
    )
    with pytest.raises(engine.RuleError, match="only the table may"):
        engine.apply(turn_state, {"type": "set_counter", "by": other, "name": "food", "value": 9})


def test_a_phone_leaves_out_its_own_seat_and_the_engine_fills_it_in(turn_state):
    active = turn_state["turn"]["seat"]
    new, steps = engine.apply(turn_state, {"type": "play_cards", "by": active, "count": 1})
    assert new["waste"] == turn_state["waste"] + 1
    assert steps[0]["seat"] == active


def test_the_table_adds_crisis_cards_for_nobody_and_never_as_a_seat(turn_state):
    new, steps = engine.apply(
        turn_state, {"type": "contribute_to_crisis", "by": "table", "symbols": ["food", "fuel"]}
    )
    assert [c["seat"] for c in new["crisis"]["contributions"]] == [None, None]
    assert all("private" not in s for s in steps)
    active = turn_state["turn"]["seat"]
    with pytest.raises(engine.RuleError, match="only their own phone"):
        engine.apply(
            turn_state,
            {"type": "contribute_to_crisis", "by": "table", "seat_id": active, "symbols": ["food"]},
        )


def test_exiled_seats_cannot_vote_or_contribute():
    state, _ = play.start(3, 4)
    state, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 1})
    state, _ = engine.apply(state, {"type": "start_turn", "by": "table"})
    active = state["turn"]["seat"]
    target = next(s["id"] for s in state["seats"] if s["id"] != active)
    state, _ = engine.apply(
        state, {"type": "call_exile_vote", "by": active, "target": target, "seed": 2}
    )
    assert state["pending"]["kind"] == "vote"
    for s in state["seats"]:
        state, _ = engine.apply(state, {"type": "cast_vote", "by": s["id"], "up": True, "seed": 3})
    assert next(s for s in state["seats"] if s["id"] == target)["exiled"]
    state, _ = (
        engine.apply(state, {"type": "end_turn", "by": "table"})
        if not any(s["owner"] == target and s["location"] == "colony" for s in state["survivors"])
        else (state, [])
    )
    with pytest.raises(engine.RuleError, match=r"exiled|may not"):
        engine.apply(state, {"type": "contribute_to_crisis", "by": target, "symbols": ["food"]})
