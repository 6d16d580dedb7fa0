"""Structured card effects (docs/card-sources.md "Effects")."""

from __future__ import annotations

import pytest
from factory import Scripted, make_state, put_survivors
from hypothesis import given
from hypothesis import strategies as st_

from companion.engine.board.effects import apply_card_effects
from companion.engine.core.errors import RuleError
from companion.engine.sentences import render_steps


def apply(st, effects, rng=None, **kw):
    return apply_card_effects(st, effects, rng or Scripted(), **kw)


def kinds(steps):
    return [s["kind"] for s in steps]


def test_counters_move_and_say_so():
    st = make_state(2)
    st.update(food=3, waste=4)
    effects = [
        {"kind": "morale", "amount": -2},
        {"kind": "food", "amount": 2},
        {"kind": "starvation", "amount": 1},
        {"kind": "waste", "amount": -3},
        {"kind": "rounds", "amount": 1},
    ]
    new, steps = apply(st, effects, source="Test Card")
    assert (new["morale"], new["food"], new["starvation"], new["waste"], new["round_track"]) == (
        4,
        5,
        1,
        1,
        7,
    )
    assert kinds(steps) == [
        "morale_changed",
        "food_changed",
        "starvation_changed",
        "waste_changed",
        "round_track_changed",
    ]
    assert steps[0]["reason"] == "card" and steps[0]["source"] == "Test Card"
    assert all(render_steps(steps))


def test_food_never_negative_and_step_says_so():
    st = make_state(2)
    st["food"] = 1
    new, steps = apply(st, [{"kind": "food", "amount": -3}])
    assert new["food"] == 0
    assert steps[0]["amount"] == -1 and steps[0]["wanted"] == -3
    assert "no more" in render_steps(steps)[0]


@given(
    st_.lists(
        st_.tuples(
            st_.sampled_from(["food", "starvation", "waste", "rounds", "helpless", "unruly"]),
            st_.integers(min_value=-8, max_value=8),
        ),
        max_size=8,
    ),
    st_.integers(min_value=0, max_value=4),
)
def test_counters_never_negative(changes, start):
    st = make_state(2, ruleset="long_night")
    st.update(food=start, waste=start, starvation=start, round_track=start + 1)
    st["helpless"] = {"normal": start, "unruly": 0}
    effects = [{"kind": k, "amount": a} for k, a in changes]
    new, _ = apply(st, effects)
    for key in ("food", "starvation", "waste", "round_track", "morale"):
        assert new[key] >= 0
    assert new["helpless"]["normal"] >= 0 and new["helpless"]["unruly"] >= 0


def test_round_track_to_zero_ends_and_stops():
    st = make_state(2)
    st["round_track"] = 1
    new, steps = apply(st, [{"kind": "rounds", "amount": -1}, {"kind": "morale", "amount": -1}])
    assert new["ended"]["reason"] == "round_track"
    assert new["morale"] == 6 and kinds(steps)[-1] == "game_ended"


def test_helpless_added_removed_and_exiled():
    st = make_state(2)
    new, steps = apply(st, [{"kind": "helpless", "amount": 2, "unruly": True}])
    assert new["helpless"] == {"normal": 0, "unruly": 2}
    st["seats"][0]["exiled"] = True
    new, steps = apply(st, [{"kind": "helpless", "amount": 2}], seat="s1")
    assert new["helpless"] == {"normal": 0, "unruly": 0}
    assert kinds(steps) == ["helpless_not_added"]
    st["helpless"] = {"normal": 1, "unruly": 1}
    new, steps = apply(st, [{"kind": "helpless", "amount": -3}])
    assert new["helpless"] == {"normal": 0, "unruly": 0} and new["morale"] == 6
    assert steps[0]["count"] == 2 and steps[0]["wanted"] == 3


def test_helpless_only_into_free_spaces():
    st = make_state(2)
    st["colony"]["survivor_spaces"] = 2
    put_survivors(st, [10])
    new, steps = apply(st, [{"kind": "helpless", "amount": 3}])
    assert new["helpless"]["normal"] == 1 and steps[0]["left_out"] == 2
    new, steps = apply(new, [{"kind": "helpless", "amount": 1}])
    assert kinds(steps) == ["helpless_no_room"] and new["helpless"]["normal"] == 1


def test_unruly_turns_what_there_is():
    st = make_state(2, ruleset="long_night")
    st["helpless"] = {"normal": 1, "unruly": 0}
    new, steps = apply(st, [{"kind": "unruly", "amount": 2}])
    assert new["helpless"] == {"normal": 0, "unruly": 1} and steps[0]["count"] == 1


def test_zombies_each_location_in_number_order_and_colony():
    st = make_state(2)
    new, steps = apply(
        st,
        [
            {"kind": "zombies", "where": "each_location", "amount": 1},
            {"kind": "zombies", "where": "colony", "amount": 2},
        ],
    )
    adds = [s["where"] for s in steps if s["kind"] == "zombies_to_add"]
    assert adds == ["police", "grocery", "school", "library", "hospital", "gas", "colony"]
    assert [e["zombies"] for e in new["colony"]["entrances"]] == [1, 1, 0, 0, 0, 0]


def test_random_location_roll_and_miss():
    st = make_state(2)
    st["locations"] = st["locations"][:5]  # no location 6
    new, steps = apply(
        st, [{"kind": "zombies", "where": "random_location", "amount": 2}], Scripted([3])
    )
    assert new["locations"][2]["entrance"]["zombies"] == 2
    assert steps[0] == {
        "kind": "random_location",
        "roll": 3,
        "location": "school",
        "location_name": "School",
    }
    new, steps = apply(
        st, [{"kind": "zombies", "where": "random_location", "amount": 2}], Scripted([6])
    )
    assert kinds(steps) == ["random_location_none"] and new == st


def test_noise_at_most_four():
    st = make_state(2)
    st["locations"][0]["noise"] = 3
    new, steps = apply(st, [{"kind": "noise", "where": "police", "amount": 2}])
    assert new["locations"][0]["noise"] == 4
    assert kinds(steps) == ["noise_added", "noise_lost"] and steps[1]["count"] == 1


def test_barricades_only_into_free_spaces():
    st = make_state(2)
    st["locations"][5]["entrance"]["zombies"] = 1  # gas station: 2 spaces
    new, steps = apply(st, [{"kind": "barricade", "where": "gas", "amount": 2}])
    assert new["locations"][5]["entrance"]["barricades"] == 1
    assert kinds(steps) == ["barricade_added", "defence_lost"]
    for ent in st["colony"]["entrances"][1:]:
        ent["zombies"] = 3  # only entrance 1 has room: nobody is asked
    new, steps = apply(st, [{"kind": "barricade", "where": "colony", "amount": 1}])
    assert steps[0]["entrance"] == 1 and new["colony"]["entrances"][0]["barricades"] == 1
    assert new["pending"] is None
    new, steps = apply(new, [{"kind": "barricade", "where": "colony", "amount": -2}])
    assert kinds(steps) == ["barricade_removed", "defence_missing"]


def test_trap_at_colony_asks_which_entrance():
    new, steps = apply(
        make_state(2, ruleset="long_night"), [{"kind": "trap", "where": "colony", "amount": 1}]
    )
    assert not any(e["traps"] for e in new["colony"]["entrances"])
    assert new["pending"]["ask"] == "trap_add" and new["pending"]["options"] == list("123456")
    assert kinds(steps) == ["card_choice_opened"]


def test_unknown_place_does_nothing():
    st = make_state(2)
    new, steps = apply(st, [{"kind": "zombies", "where": "base.nowhere", "amount": 1}])
    assert kinds(steps) == ["effect_place_missing"] and new == st


def test_wounds_on_targets():
    st = make_state(2)
    leader, other = put_survivors(st, [30, 10], owner="s1")
    put_survivors(st, [20], owner="s2")
    new, _ = apply(
        st,
        [{"kind": "wound", "target": "group_leader", "amount": 2, "wound": "frostbite"}],
        seat="s1",
    )
    assert next(s for s in new["survivors"] if s["id"] == leader)["frostbite"] == 2
    new, _ = apply(st, [{"kind": "wound", "target": "lowest_influence_in_colony", "amount": 3}])
    assert other not in [s["id"] for s in new["survivors"]] and new["morale"] == 5
    new, _ = apply(st, [{"kind": "wound", "target": "each_in_colony", "amount": 1}])
    assert all(s["wounds"] == 1 for s in new["survivors"])


def test_chosen_must_belong_to_active_player():
    st = make_state(2)
    put_survivors(st, [30], owner="s1")
    (theirs,) = put_survivors(st, [20], owner="s2")
    with pytest.raises(RuleError, match="not controlled"):
        apply(st, [{"kind": "kill", "target": "chosen"}], seat="s1", chosen=theirs)
    with pytest.raises(RuleError, match="chosen survivor"):
        apply(st, [{"kind": "kill", "target": "chosen"}], seat="s1")
    new, steps = apply(st, [{"kind": "kill", "target": "chosen"}], seat="s2", chosen=theirs)
    assert kinds(steps)[0] == "survivor_died" and new["morale"] == 5


def test_each_at_active_location_and_exposure():
    st = make_state(2)
    a, _b = put_survivors(st, [30, 20], owner="s1", place="police")
    new, steps = apply(
        st,
        [{"kind": "exposure", "target": "each_at_active_location"}],
        Scripted([7, 1]),
        location="police",
    )
    assert [s["kind"] for s in steps if s["kind"] == "exposure_rolled"] == ["exposure_rolled"] * 2
    assert next(s for s in new["survivors"] if s["id"] == a)["wounds"] == 1


def test_manual_and_missing_context():
    _new, steps = apply(
        make_state(2), [{"kind": "manual", "text": "Each player discards 1 card."}], source="X"
    )
    assert render_steps(steps) == ["X: Each player discards 1 card."]
    with pytest.raises(RuleError, match="active player"):
        apply(make_state(2), [{"kind": "kill", "target": "each_of_active"}])


def test_bad_effects_rejected_before_anything_happens():
    st = make_state(2)
    with pytest.raises(RuleError, match="unknown effect kind"):
        apply(st, [{"kind": "morale", "amount": -1}, {"kind": "teleport"}])
    with pytest.raises(RuleError, match="whole-number amount"):
        apply(st, [{"kind": "food", "amount": "2"}])
    with pytest.raises(RuleError, match="unknown target"):
        apply(st, [{"kind": "kill", "target": "everyone"}])
    assert st["morale"] == 6
