"""The crisis: reveal, bandits, secret contributions, anonymous scoring and resolution."""

from __future__ import annotations

import pytest
from factory import FUEL_SHORTAGE, Scripted, make_state, put_survivors
from hypothesis import given
from hypothesis import strategies as st_

from companion.engine.crisis import (
    SYMBOLS,
    contribute_to_crisis,
    crisis_target,
    resolve_crisis,
    reveal_crisis,
    score_crisis,
)
from companion.engine.errors import RuleError
from companion.engine.state import to_json


def revealed(seats=3, **settings):
    st, _ = reveal_crisis(make_state(seats, **settings), FUEL_SHORTAGE)
    return st


def test_reveal_named_card_sets_crisis():
    st, steps = reveal_crisis(make_state(3), FUEL_SHORTAGE)
    assert st["crisis"] == {
        "id": "test.fuel-shortage",
        "name": "Fuel Shortage",
        "prevent": ["fuel"],
        "fail_text": "Lose 2 morale.",
        "fail_effects": [{"kind": "morale", "amount": -2}],
        "bonus_text": "Gain 1 morale.",
        "bonus_effects": [{"kind": "morale", "amount": 1}],
        "contributions": [],
    }
    assert [s["kind"] for s in steps] == ["crisis_revealed"]
    assert steps[0]["target"] == 3


def test_reveal_draws_top_of_deck_with_cards_mapping():
    st = make_state(2)
    st["decks"]["crises"] = ["test.fuel-shortage", "other"]
    with pytest.raises(RuleError, match="unknown"):
        reveal_crisis(st)
    new, _ = reveal_crisis(st, cards={"test.fuel-shortage": FUEL_SHORTAGE})
    assert new["crisis"]["name"] == "Fuel Shortage"
    assert new["decks"]["crises"] == ["other"]
    assert st["decks"]["crises"] == ["test.fuel-shortage", "other"]


def test_reveal_refuses_second_crisis_and_empty_deck():
    with pytest.raises(RuleError, match="already"):
        reveal_crisis(revealed(), FUEL_SHORTAGE)
    with pytest.raises(RuleError, match="empty"):
        reveal_crisis(make_state(2))


def test_bandits_placed_by_number_where_there_is_room():
    st = make_state(2, modules=["bandits"])
    put_survivors(st, [10, 20], owner="s1", place="grocery")
    st["locations"][1]["bandits"] = 0
    new, steps = reveal_crisis(st, {**FUEL_SHORTAGE, "bandits": [2, 2, 9]})
    assert new["locations"][1]["bandits"] == 1  # 3 spaces: 2 survivors + 1 bandit
    kinds = [s["kind"] for s in steps]
    assert kinds == ["crisis_revealed", "bandit_placed", "bandit_not_placed", "bandit_not_placed"]
    assert steps[2]["full"] is True and steps[3]["full"] is False


def test_no_bandits_without_module():
    st, steps = reveal_crisis(make_state(2), FUEL_SHORTAGE)
    assert all(loc["bandits"] == 0 for loc in st["locations"])
    assert len(steps) == 1


def test_cardless_crisis_may_roll_two_random_bandits():
    st = make_state(2, modules=["bandits"])
    new, steps = reveal_crisis(st, {**FUEL_SHORTAGE, "bandits": []}, Scripted([1, 6]))
    assert [loc["bandits"] for loc in new["locations"]] == [1, 0, 0, 0, 0, 1]
    assert steps[1] == {"kind": "bandits_rolled", "rolls": [1, 6]}


def test_contribution_is_secret_in_public_steps():
    st, steps = contribute_to_crisis(revealed(), "s2", ["fuel", "weapon"])
    assert st["crisis"]["contributions"] == [
        {"seat": "s2", "symbol": "fuel"},
        {"seat": "s2", "symbol": "weapon"},
    ]
    public = [s for s in steps if "private" not in s]
    assert public == [
        {"kind": "crisis_card_added", "seat": "s2", "seat_name": "Bruno", "count": 2, "total": 2}
    ]
    assert "fuel" not in to_json({"steps": public})
    private = [s for s in steps if "private" in s]
    assert private[0]["private"] == "s2" and private[0]["symbols"] == ["fuel", "weapon"]


def test_exiled_cannot_contribute():
    st = revealed()
    st["seats"][1]["exiled"] = True
    with pytest.raises(RuleError, match="exiled"):
        contribute_to_crisis(st, "s2", ["fuel"])
    assert st["crisis"]["contributions"] == []


def test_requested_card_cannot_be_contributed():
    with pytest.raises(RuleError, match="request"):
        contribute_to_crisis(revealed(), "s1", ["fuel"], requested=True)


def test_bad_contributions():
    with pytest.raises(RuleError, match="no crisis"):
        contribute_to_crisis(make_state(2), "s1", ["fuel"])
    with pytest.raises(RuleError, match="unknown card symbol"):
        contribute_to_crisis(revealed(), "s1", ["gold"])
    with pytest.raises(RuleError, match="at least one"):
        contribute_to_crisis(revealed(), "s1", [])
    with pytest.raises(RuleError, match="unknown seat"):
        contribute_to_crisis(revealed(), "s9", ["fuel"])


def add(st, seat, symbols):
    return contribute_to_crisis(st, seat, symbols)[0]


def test_rulebook_example_fuel_shortage():
    """002/000 "Example: Resolving a Crisis": 3 players, 3 fuel + 1 weapon = 2 < 3: fails."""
    st = revealed(3)
    st = add(st, "s1", ["fuel", "fuel"])
    st = add(st, "s2", ["weapon"])
    st = add(st, "s3", ["fuel"])
    new, steps = resolve_crisis(st, Scripted())
    assert new["morale"] == st["morale"] - 2
    assert new["crisis"] is None
    reveals = [s for s in steps if s["kind"] == "crisis_card_revealed"]
    assert sorted(s["symbol"] for s in reveals) == ["fuel", "fuel", "fuel", "weapon"]
    assert reveals[-1]["total"] == 2
    assert all("seat" not in s for s in reveals)
    kinds = [s["kind"] for s in steps]
    assert kinds[:2] == ["colony_phase_began", "crisis_resolving"]
    assert kinds[-3:] == ["crisis_failed", "morale_changed", "crisis_cards_removed"]
    assert new["waste"] == st["waste"]
    assert new["phase"] == "colony" and new["colony_step"] == "add_zombies"


def test_prevented_and_bonus():
    st = add(revealed(2), "s1", ["fuel", "fuel"])
    new, steps = resolve_crisis(st, Scripted())
    assert new["morale"] == st["morale"]
    assert "crisis_prevented" in [s["kind"] for s in steps]
    st = add(revealed(2), "s1", ["fuel"] * 4)
    new, steps = resolve_crisis(st, Scripted())
    assert new["morale"] == st["morale"] + 1
    assert [s["kind"] for s in steps][-4:] == [
        "crisis_prevented",
        "crisis_bonus",
        "morale_changed",
        "crisis_cards_removed",
    ]


def test_no_cards_fails():
    new, steps = resolve_crisis(revealed(2), Scripted())
    assert new["morale"] == 4
    assert steps[1]["count"] == 0 and "crisis_failed" in [s["kind"] for s in steps]


def test_target_ignores_exiled_and_eliminated():
    st = revealed(4)
    st["seats"][0]["exiled"] = True
    st["seats"][1]["eliminated"] = True
    assert crisis_target(st) == 2
    st = add(st, "s3", ["fuel", "fuel"])
    new, steps = resolve_crisis(st, Scripted())
    assert next(s for s in steps if s["kind"] == "crisis_prevented")["target"] == 2
    assert new["morale"] == st["morale"]


def test_reveal_order_is_shuffled_by_rng():
    st = add(revealed(3), "s1", ["fuel", "weapon", "tool", "food"])
    a = [s["symbol"] for s in resolve_crisis(st, Scripted(seed=1))[1] if "symbol" in s]
    b = [s["symbol"] for s in resolve_crisis(st, Scripted(seed=1))[1] if "symbol" in s]
    assert a == b and sorted(a) == ["food", "fuel", "tool", "weapon"]


def test_resolve_without_crisis_is_an_error():
    with pytest.raises(RuleError, match="no crisis"):
        resolve_crisis(make_state(2), Scripted())


@given(
    st_.lists(st_.sampled_from(SYMBOLS), max_size=12),
    st_.lists(st_.sampled_from(SYMBOLS), min_size=1, max_size=3, unique=True),
    st_.integers(min_value=1, max_value=6),
)
def test_score_is_matches_minus_mismatches(symbols, prevent, target):
    result = score_crisis(symbols, prevent, target)
    matches = sum(s in prevent for s in symbols)
    assert result["total"] == matches - (len(symbols) - matches)
    assert result["prevented"] == (result["total"] >= target)
    assert result["bonus"] == (result["total"] >= target + 2)


def test_failed_crisis_leaves_seat_bound_effects_to_the_table():
    card = {
        **FUEL_SHORTAGE,
        "fail_effects": [{"kind": "wound", "target": "group_leader", "amount": 1}],
    }
    new, steps = resolve_crisis(reveal_crisis(make_state(2), card)[0], Scripted())
    hand = next(s for s in steps if s["kind"] == "effect_by_hand")
    assert hand["source"] == "Fuel Shortage" and "by hand" in hand["text"]
    assert new["morale"] == 6
