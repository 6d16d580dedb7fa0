"""Attacking a survivor (base 002 "Attack (zombie or survivor)"; Long Night 000:320-322,
000:343-354): the rulebook's own example, its edges and its refusals."""

from __future__ import annotations

import pytest

import companion.engine as engine
from companion.engine.board.attacks import attack_hits, attack_survivor
from companion.engine.core.errors import RuleError, render_error
from companion.engine.core.state import new_survivor
from companion.engine.core.vocabulary import NOT_CHOSEN
from companion.engine.legal import legal_for_seat, legal_for_table
from companion.engine.sentences import render_step
from tests.factory import Scripted, make_state
from tests.test_engine_board import with_turn

ASHLEY = {"id": "base.ashley-ross", "name": "Ashley Ross", "influence": 52, "attack": 2}
MIKE = {"id": "base.mike-cho", "name": "Mike Cho", "influence": 30, "attack": 2}
"""The survivors of "Example: Attacking a Survivor" (000:343-350): both attack 2+."""


def example(ashley_at: str = "school", mike_at: str = "school") -> dict:
    """Player one (Ana) controls Ashley Ross, player two (Bruno) Mike Cho; Ana's turn."""
    st = make_state(3)
    st["survivors"].append(new_survivor(ASHLEY, "s1", leader=True, place=ashley_at))
    st["survivors"].append(new_survivor(MIKE, "s2", leader=True, place=mike_at))
    return with_turn(st)


def wounds(st: dict, sid: str) -> int:
    return next(s["wounds"] for s in st["survivors"] if s["id"] == sid)


def test_example_attacking_a_survivor_000_343():
    """000:347-350: "Ashley Ross is back at the school and player one chooses to have Ashley
    attack Mike Cho ... He rolls a 1, which is equal to or less than Mike's attack value of 2+.
    Player two must place 1 wound marker on Mike Cho's survivor card, and player one gets to
    take a card at random from player two's hand. Player one does NOT roll the exposure die"."""
    st = example()
    new, steps = attack_survivor(st, ASHLEY["id"], MIKE["id"], 1)
    assert [s["kind"] for s in steps] == ["survivor_attacked", "wound_added"]
    assert steps[0]["hit"] is True and steps[0]["roll"] == 1 and steps[0]["attack"] == 2
    assert wounds(new, MIKE["id"]) == 1 and wounds(new, ASHLEY["id"]) == 0  # no exposure
    assert render_step(steps[0], new) == (
        "Ashley Ross attacks Mike Cho at School and rolls 1 (2 or less): Mike Cho takes a "
        "wound, and Ana takes a card at random from Bruno's hand. No exposure roll."
    )
    assert render_step(steps[0], new, "pt_BR") == (
        "Ashley Ross ataca Mike Cho no local School e tira 1 (2 ou menos): Mike Cho recebe um "
        "ferimento, e Ana pega uma carta aleatória da mão de Bruno. Sem rolagem de exposição."
    )


@pytest.mark.parametrize(("roll", "hit"), [(1, True), (2, True), (3, False), (6, False)])
def test_the_result_equal_to_or_less_than_the_target_s_attack_value_hits_000_320(roll, hit):
    """000:320: "If the result is equal to or less than the chosen survivor's attack value
    place a wound marker on the chosen survivor"; a miss does nothing, and 000:322: "The
    exposure die is not rolled when attacking another survivor"."""
    assert attack_hits(roll, 2) is hit
    new, steps = attack_survivor(example(), ASHLEY["id"], MIKE["id"], roll)
    assert wounds(new, MIKE["id"]) == (1 if hit else 0)
    assert wounds(new, ASHLEY["id"]) == 0
    assert len(steps) == (2 if hit else 1)
    if not hit:
        assert render_step(steps[0], new) == (
            f"Ashley Ross attacks Mike Cho at School and rolls {roll} (more than 2): the attack "
            "misses. No exposure roll."
        )


def test_the_spent_die_is_rolled_here_when_the_table_gives_no_face():
    new, steps = attack_survivor(example(), ASHLEY["id"], MIKE["id"], rng=Scripted([2]))
    assert steps[0]["roll"] == 2 and wounds(new, MIKE["id"]) == 1
    new, steps = attack_survivor(example(), ASHLEY["id"], MIKE["id"], "roll", Scripted([3]))
    assert steps[0]["roll"] == 3 and wounds(new, MIKE["id"]) == 0
    for face in (0, 7):
        with pytest.raises(RuleError, match=f"1 to 6, not {face}"):
            attack_survivor(example(), ASHLEY["id"], MIKE["id"], face)


def test_a_spent_die_left_unchosen_is_refused_not_taken_for_a_roll():
    """Issue 29.3's rule for every die the table enters: an empty choice records nothing."""
    st = example()
    with pytest.raises(RuleError) as refused:
        attack_survivor(st, ASHLEY["id"], MIKE["id"], NOT_CHOSEN, Scripted([1]))
    assert "nothing is recorded without a roll" in render_error(refused.value)
    assert "nada é registrado" in render_error(refused.value, "pt_BR")
    assert wounds(st, MIKE["id"]) == 0


def test_a_third_wound_from_an_attack_kills_000_536():
    st = example()
    next(s for s in st["survivors"] if s["id"] == MIKE["id"])["wounds"] = 2
    new, steps = attack_survivor(st, ASHLEY["id"], MIKE["id"], 1)
    died = next(s for s in steps if s["kind"] == "survivor_died")
    assert died["wound_cause"] == "attack" and new["morale"] == st["morale"] - 1
    assert render_step(died, new) == (
        "Mike Cho dies (3 wounds, the last from an attack by a survivor)."
    )


def test_the_target_must_share_a_location_with_the_attacking_survivor_000_320():
    """000:320: "The target must be a zombie or a survivor that shares a location with the
    attacking survivor"; the colony is a location like any other."""
    with pytest.raises(RuleError, match=r"not where Ashley Ross is \(School\)") as err:
        attack_survivor(example(mike_at="police"), ASHLEY["id"], MIKE["id"], 1)
    assert render_error(err.value, "pt_BR") == (
        "Mike Cho não está onde Ashley Ross está (School): o alvo fica no mesmo lugar que quem "
        "ataca"
    )
    new, _ = attack_survivor(example("colony", "colony"), ASHLEY["id"], MIKE["id"], 1)
    assert wounds(new, MIKE["id"]) == 1


def test_a_player_cannot_have_a_survivor_he_controls_attack_another_he_controls_000_354():
    """000:354: "A player cannot have a survivor he controls attack another survivor he
    controls."""
    st = example()
    next(s for s in st["survivors"] if s["id"] == MIKE["id"])["owner"] = "s1"
    with pytest.raises(RuleError, match="same group"):
        attack_survivor(st, ASHLEY["id"], MIKE["id"], 1)
    assert "attack_survivor" not in legal_for_table(st)
    with pytest.raises(RuleError, match="themselves"):
        attack_survivor(example(), ASHLEY["id"], ASHLEY["id"], 1)


def test_a_target_without_an_attack_value_is_refused_by_name():
    st = example()
    next(s for s in st["survivors"] if s["id"] == MIKE["id"])["attack"] = None
    with pytest.raises(RuleError, match="Mike Cho's card gives no attack value"):
        attack_survivor(st, ASHLEY["id"], MIKE["id"], 1)
    assert "attack_survivor" not in legal_for_table(st)


def test_the_attack_is_offered_to_the_active_player_beside_another_player_s_survivor():
    st = example()
    offered = legal_for_table(st)["attack_survivor"]
    assert offered == {
        "survivor_id": [ASHLEY["id"]],
        "targets": {ASHLEY["id"]: [MIKE["id"]]},
        "roll": [1, 2, 3, 4, 5, 6],
    }
    assert legal_for_seat(st, "s1")["attack_survivor"] == offered
    assert "attack_survivor" not in legal_for_seat(st, "s2")
    assert "attack_survivor" not in legal_for_table(example(mike_at="police"))
    action = {"type": "attack_survivor", "survivor_id": ASHLEY["id"], "target_id": MIKE["id"]}
    new, _ = engine.apply(st, {**action, "by": "s1", "roll": 2})
    assert wounds(new, MIKE["id"]) == 1
    with pytest.raises(RuleError, match="may not"):
        engine.apply(st, {**action, "by": "s2", "roll": 2})
    # Bruno's own turn: Mike may attack Ashley back
    back = with_turn(example(), "s2")
    assert legal_for_table(back)["attack_survivor"]["targets"] == {MIKE["id"]: [ASHLEY["id"]]}
