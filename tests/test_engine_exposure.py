"""Rolling for exposure and the spreading bite (base 002 "Rolling for Exposure")."""

from __future__ import annotations

import copy

import pytest
from factory import Scripted, make_state, put_survivors

from companion.engine.board import add_food, kill_zombies, move_survivor
from companion.engine.board.exposure import record_exposure, resolve_bite
from companion.engine.core.errors import RuleError, render_error
from companion.engine.core.vocabulary import NOT_CHOSEN
from companion.engine.sentences import render_steps


def kinds(steps):
    return [s["kind"] for s in steps]


def police_party():
    """Ana's 40 and 25 and Bruno's 15 and 30 at the Police Station; Carla's 5 in the colony."""
    st = make_state(3)
    ana = put_survivors(st, [40, 25], owner="s1", place="police")
    bruno = put_survivors(st, [15, 30], owner="s2", place="police")
    carla = put_survivors(st, [5], owner="s3")
    return st, ana, bruno, carla


def test_blank_does_nothing():
    st, ana, _, _ = police_party()
    new, steps = record_exposure(st, ana[0], "blank")
    assert kinds(steps) == ["exposure_rolled"]
    assert steps[0]["result"] == "blank" and steps[0]["rolled"] is False
    assert new["survivors"] == st["survivors"]


def test_wound_and_frostbite_add_tokens():
    st, ana, _, _ = police_party()
    st, _ = record_exposure(st, ana[0], "wound")
    st, steps = record_exposure(st, ana[0], "frostbite")
    surv = next(s for s in st["survivors"] if s["id"] == ana[0])
    assert (surv["wounds"], surv["frostbite"], surv["despair"]) == (1, 1, 0)
    assert kinds(steps) == ["exposure_rolled", "wound_added"]
    assert steps[1]["total"] == 2


def test_third_wound_from_exposure_kills():
    st, ana, _, _ = police_party()
    st["survivors"][0]["wounds"] = 2
    new, steps = record_exposure(st, ana[0], "wound")
    assert "survivor_died" in kinds(steps)
    assert new["morale"] == 5
    assert ana[0] not in [s["id"] for s in new["survivors"]]


def test_rolled_with_rng():
    st, ana, _, _ = police_party()
    # face 7 is the first wound face: 6 blank, 4 wound, 1 frostbite, 1 bite
    new, steps = record_exposure(st, ana[0], rng=Scripted([7]))
    assert steps[0]["result"] == "wound" and steps[0]["rolled"] is True
    assert new["survivors"][0]["wounds"] == 1


def test_bite_spreads_to_lowest_influence_at_that_place():
    st, ana, bruno, _ = police_party()
    new, steps = record_exposure(st, ana[0], "bite")
    assert kinds(steps) == [
        "exposure_rolled",
        "survivor_died",
        "leader_promoted",
        "morale_changed",
        "bite_spreads",
    ]
    assert new["morale"] == 5
    assert new["pending"] == {
        "kind": "bite_spread",
        "seat": "s2",
        "survivor": bruno[0],
        "location": "police",
    }
    # Carla's 5 in the colony is lower but elsewhere
    assert steps[-1]["survivor"] == bruno[0]
    assert st["pending"] is None


def test_kill_choice_stops_the_spread():
    st, ana, bruno, _ = police_party()
    st, _ = record_exposure(st, ana[0], "bite")
    new, steps = resolve_bite(st, "kill")
    # Bruno's 15 led his group: his 30 takes over
    assert kinds(steps) == [
        "bite_kill_chosen",
        "survivor_died",
        "leader_promoted",
        "morale_changed",
    ]
    assert new["pending"] is None
    assert new["morale"] == 4
    assert sorted(s["id"] for s in new["survivors"] if s["location"] == "police") == sorted(
        [ana[1], bruno[1]]
    )


def test_roll_blank_survives_and_stops():
    st, ana, bruno, _ = police_party()
    st, _ = record_exposure(st, ana[0], "bite")
    new, steps = resolve_bite(st, "roll", "blank")
    assert kinds(steps) == ["bite_roll", "bite_survived"]
    assert new["pending"] is None
    assert new["morale"] == 5
    assert bruno[0] in [s["id"] for s in new["survivors"]]


def test_roll_wound_kills_and_spreads_again():
    st, ana, _bruno, _ = police_party()
    st, _ = record_exposure(st, ana[0], "bite")
    new, steps = resolve_bite(st, "roll", "wound")
    assert kinds(steps) == [
        "bite_roll",
        "survivor_died",
        "leader_promoted",
        "morale_changed",
        "bite_spreads",
    ]
    assert new["morale"] == 4
    # Ana's 25 is now the lowest at the Police Station
    assert new["pending"]["survivor"] == ana[1]
    assert new["pending"]["seat"] == "s1"
    assert "prompt" not in new["pending"]


def test_roll_with_rng_in_spread():
    st, ana, _, _ = police_party()
    st, _ = record_exposure(st, ana[0], "bite")
    new, steps = resolve_bite(st, "roll", rng=Scripted([1]))
    assert steps[0]["result"] == "blank" and steps[0]["rolled"] is True
    assert new["pending"] is None


def test_spread_until_nobody_is_left():
    st, ana, _, _ = police_party()
    st, _ = record_exposure(st, ana[0], "bite")
    for _ in range(2):
        st, steps = resolve_bite(st, "roll", "bite")
        assert steps[-1]["kind"] == "bite_spreads"
    st, steps = resolve_bite(st, "roll", "frostbite")
    assert steps[-1]["kind"] == "bite_stops_nobody"
    assert st["pending"] is None
    assert [s["location"] for s in st["survivors"]] == ["colony"]
    assert st["morale"] == 2


def test_lone_survivor_bitten_stops_at_once():
    st = make_state(2)
    [only] = put_survivors(st, [20], owner="s1", place="school")
    put_survivors(st, [10], owner="s2")
    st["helpless"]["normal"] = 3
    new, steps = record_exposure(st, only, "bite")
    assert steps[-1]["kind"] == "bite_stops_nobody"
    assert new["pending"] is None


def test_bite_in_colony_skips_helpless_tokens():
    """Ruling: the bite never spreads to helpless tokens."""
    st = make_state(2)
    [a] = put_survivors(st, [20], owner="s1")
    st["helpless"]["normal"] = 2
    new, steps = record_exposure(st, a, "bite")
    assert steps[-1]["kind"] == "bite_stops_nobody"
    assert new["helpless"]["normal"] == 2
    assert new["morale"] == 5


def test_spread_tie_takes_first_and_records_it():
    st = make_state(2)
    [a] = put_survivors(st, [40], owner="s1", place="gas")
    put_survivors(st, [12], owner="s2", place="gas")
    put_survivors(st, [12], owner="s1", place="gas")
    new, steps = record_exposure(st, a, "bite")
    assert "tie_broken" in kinds(steps)
    assert new["pending"]["seat"] == "s2"


def test_bite_after_move_spreads_where_the_survivor_arrived():
    """002:1384: the spread is at the location the survivor moved to."""
    st = make_state(2)
    [a] = put_survivors(st, [40], owner="s1")
    put_survivors(st, [3], owner="s2")  # lowest overall, but left behind in the colony
    [b] = put_survivors(st, [22], owner="s2", place="library")
    new, _steps = move_survivor(st, a, "library", exposure="bite")
    assert new["pending"]["survivor"] == b
    assert new["pending"]["location"] == "library"


def test_exiled_owner_bite_costs_no_morale():
    st, ana, _bruno, _ = police_party()
    st["seats"][1]["exiled"] = True
    st, _ = record_exposure(st, ana[0], "bite")
    assert st["morale"] == 5
    new, steps = resolve_bite(st, "kill")
    died = [s for s in steps if s["kind"] == "survivor_died"]
    assert died[0]["costs_morale"] is False
    assert new["morale"] == 5


def test_game_ends_mid_spread_and_clears_pending():
    st, ana, _, _ = police_party()
    st["morale"] = 2
    st, _ = record_exposure(st, ana[0], "bite")
    assert st["morale"] == 1 and st["pending"]
    new, steps = resolve_bite(st, "roll", "wound")
    assert new["ended"] == {"reason": "morale", "winners": None}
    assert new["pending"] is None
    assert steps[-1]["kind"] == "game_ended"
    assert "bite_spreads" not in kinds(steps)


def test_game_ends_on_the_first_bite():
    st, ana, _, _ = police_party()
    st["morale"] = 1
    new, steps = record_exposure(st, ana[0], "bite")
    assert new["ended"]["reason"] == "morale"
    assert new["pending"] is None
    assert steps[-1]["kind"] == "game_ended"


def test_pending_bite_blocks_other_actions():
    st, ana, _, carla = police_party()
    st, _ = record_exposure(st, ana[0], "bite")
    before = copy.deepcopy(st)
    with pytest.raises(RuleError, match="waiting for a decision"):
        add_food(st, 1)
    with pytest.raises(RuleError, match="waiting for a decision"):
        record_exposure(st, carla[0], "blank")
    with pytest.raises(RuleError, match="waiting for a decision"):
        move_survivor(st, carla[0], "school", exposure="blank")
    assert st == before


@pytest.mark.parametrize(
    ("choice", "result", "message"),
    [
        ("run", None, "'kill' or 'roll'"),
        ("roll", "sneeze", "exposure result is one of"),
        ("kill", "blank", "takes no exposure result"),
        ("roll", None, "enter the exposure die's result"),
    ],
)
def test_resolve_bite_refusals_leave_state(choice, result, message):
    st, ana, _, _ = police_party()
    st, _ = record_exposure(st, ana[0], "bite")
    before = copy.deepcopy(st)
    with pytest.raises(RuleError, match=message):
        resolve_bite(st, choice, result)
    assert st == before


def test_resolve_bite_without_a_spread_is_refused():
    st, _, _, _ = police_party()
    before = copy.deepcopy(st)
    with pytest.raises(RuleError, match="no bite is spreading"):
        resolve_bite(st, "kill")
    st["pending"] = {"kind": "something_else", "prompt": "other"}
    with pytest.raises(RuleError, match="no bite is spreading"):
        resolve_bite(st, "kill")
    st["pending"] = None
    assert st == before


@pytest.mark.parametrize(
    ("survivor_id", "result", "message"),
    [
        ("nobody", "blank", "unknown survivor"),
        (None, "bitten", "exposure result is one of"),
        (None, None, "enter the exposure die's result"),
    ],
)
def test_record_exposure_refusals(survivor_id, result, message):
    st, ana, _, _ = police_party()
    before = copy.deepcopy(st)
    with pytest.raises(RuleError, match=message):
        record_exposure(st, survivor_id or ana[0], result)
    assert st == before


def test_steps_render():
    st, ana, _, _ = police_party()
    st, steps = record_exposure(st, ana[0], "bite")
    _new, more = resolve_bite(st, "roll", "blank")
    text = render_steps(steps + more)
    assert text[-3].startswith("The bite spreads to Survivor 15")
    assert text[-1] == "Survivor 15 survives, and the bite stops spreading."


# --- no silent default: a face, "roll it here for me", or a refusal (issue 29.3) ---


EMPTY_REFUSAL = (
    "choose the face the exposure die shows, or let the companion roll it "
    "(“roll it here for me”): nothing is recorded without a roll"
)


@pytest.mark.parametrize(
    "act",
    [
        lambda st, who: move_survivor(st, who, "colony", NOT_CHOSEN, rng=Scripted([1])),
        lambda st, who: kill_zombies(
            st, "police", 2, survivor_id=who, exposure=NOT_CHOSEN, rng=Scripted()
        ),
        lambda st, who: record_exposure(st, who, NOT_CHOSEN, rng=Scripted([1])),
    ],
    ids=["move", "kill two", "record"],
)
def test_an_empty_exposure_choice_is_refused_with_the_reason(act):
    st, ana, _, _ = police_party()
    st["locations"][0]["entrance"]["zombies"] = 2
    before = copy.deepcopy(st)
    with pytest.raises(RuleError) as err:
        act(st, ana[0])
    assert render_error(err.value, "en") == EMPTY_REFUSAL
    assert render_error(err.value, "pt_BR") == (
        "escolha a face que o dado de exposição mostra, ou deixe o companheiro jogar o dado "
        "(“jogar o dado aqui por mim”): nada é registrado sem jogar o dado"
    )
    assert st == before


def test_roll_it_for_me_rolls_with_the_injected_rng():
    st, ana, _, _ = police_party()
    # face 7 is the first wound face (6 blank, 4 wound, 1 frostbite, 1 bite)
    new, steps = move_survivor(st, ana[0], "colony", "roll", rng=Scripted([7]))
    rolled = [s for s in steps if s["kind"] == "exposure_rolled"]
    assert [(s["result"], s["rolled"]) for s in rolled] == [("wound", True)]
    assert next(s for s in new["survivors"] if s["id"] == ana[0])["wounds"] == 1
    st["locations"][0]["entrance"]["zombies"] = 2
    _, steps = kill_zombies(
        st, "police", 2, survivor_id=ana[0], exposure="roll", rng=Scripted([1, 12])
    )
    assert [s["result"] for s in steps if s["kind"] == "exposure_rolled"] == ["blank", "bite"]
    _, steps = record_exposure(st, ana[0], "roll", rng=Scripted([11]))
    assert (steps[0]["result"], steps[0]["rolled"]) == ("frostbite", True)


def test_roll_it_for_me_without_a_random_source_is_refused():
    st, ana, _, _ = police_party()
    with pytest.raises(RuleError, match="let the companion roll it"):
        move_survivor(st, ana[0], "colony", "roll")
