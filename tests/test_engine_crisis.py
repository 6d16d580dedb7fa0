"""The crisis: reveal, bandits, secret contributions, anonymous scoring and resolution."""

from __future__ import annotations

import random

import pytest
from factory import FUEL_SHORTAGE, Scripted, make_state, put_survivors, with_cards
from hypothesis import given
from hypothesis import strategies as st_

from companion.engine.colony.crisis import (
    SYMBOLS,
    contribute_to_crisis,
    crisis_target,
    resolve_crisis,
    reveal_crisis,
    score_crisis,
    withdraw_from_crisis,
)
from companion.engine.core.errors import RuleError
from companion.engine.core.saved import to_json
from companion.engine.turns.turn import end_turn, start_turn


def known(seats=3, *cards, **settings):
    """A state whose catalogue holds Fuel Shortage (and any other crisis cards given)."""
    return with_cards(make_state(seats, **settings), crises=[FUEL_SHORTAGE, *cards])


def revealed(seats=3, **settings):
    st, _ = reveal_crisis(known(seats, **settings), FUEL_SHORTAGE["id"])
    return st


def test_reveal_named_card_sets_crisis():
    st, steps = reveal_crisis(known(3), "test.fuel-shortage")
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


OTHER = {"id": "test.other", "name": "Other Crisis", "prevent": ["food"]}


def test_reveal_draws_the_top_of_the_deck_from_the_catalogue():
    st = known(2, OTHER)
    st["decks"]["crises"] = ["test.fuel-shortage", "test.other"]
    new, _ = reveal_crisis(st)
    assert new["crisis"]["name"] == "Fuel Shortage"
    assert new["decks"]["crises"] == ["test.other"]
    assert st["decks"]["crises"] == ["test.fuel-shortage", "test.other"]
    assert st["crisis"] is None


def test_reveal_by_id_takes_the_card_out_of_the_deck():
    st = known(2, OTHER)
    st["decks"]["crises"] = ["test.fuel-shortage", "test.other"]
    new, _ = reveal_crisis(st, "test.other")
    assert new["crisis"]["id"] == "test.other" and new["crisis"]["prevent"] == ["food"]
    assert new["decks"]["crises"] == ["test.fuel-shortage"]
    # A known card that is not in the deck (already drawn by hand) leaves the deck alone.
    st["decks"]["crises"] = ["test.fuel-shortage"]
    new, _ = reveal_crisis(st, "test.other")
    assert new["decks"]["crises"] == ["test.fuel-shortage"]


def test_reveal_a_typed_in_crisis():
    new, steps = reveal_crisis(make_state(2), name="Hand Written", prevent=["tool"])
    assert new["crisis"]["id"] == "typed" and new["crisis"]["name"] == "Hand Written"
    assert new["crisis"]["prevent"] == ["tool"] and new["crisis"]["fail_effects"] == []
    assert new["crisis"]["bonus_effects"] == [{"kind": "morale", "amount": 1}]
    assert steps[0]["kind"] == "crisis_revealed" and steps[0]["crisis"] == "typed"


def test_reveal_refusals():
    with pytest.raises(RuleError, match="already"):
        reveal_crisis(revealed(), "test.fuel-shortage")
    with pytest.raises(RuleError, match="empty"):
        reveal_crisis(known(2))
    with pytest.raises(RuleError, match=r"unknown crisis card 'test\.nope'"):
        reveal_crisis(known(2), "test.nope")
    with pytest.raises(RuleError, match="not both"):
        reveal_crisis(known(2), "test.fuel-shortage", name="Fuel Shortage", prevent=["fuel"])
    with pytest.raises(RuleError, match="needs its name and the symbols"):
        reveal_crisis(known(2), name="No Symbols")
    with pytest.raises(RuleError, match="unknown prevent symbol"):
        reveal_crisis(known(2), name="Gold Rush", prevent=["gold"])


def test_bandits_placed_by_number_where_there_is_room():
    st = make_state(2, modules=["bandits"])
    put_survivors(st, [10, 20], owner="s1", place="grocery")
    st["locations"][1]["bandits"] = 0
    with_cards(st, crises=[{**FUEL_SHORTAGE, "id": "test.bandit-crisis", "bandits": [2, 2, 9]}])
    new, steps = reveal_crisis(st, "test.bandit-crisis")
    assert new["locations"][1]["bandits"] == 1  # 3 spaces: 2 survivors + 1 bandit
    kinds = [s["kind"] for s in steps]
    assert kinds == ["crisis_revealed", "bandit_placed", "bandit_not_placed", "bandit_not_placed"]
    assert steps[2]["full"] is True and steps[3]["full"] is False


def test_no_bandits_without_module():
    st, steps = reveal_crisis(known(2), "test.fuel-shortage")
    assert all(loc["bandits"] == 0 for loc in st["locations"])
    assert len(steps) == 1


def test_cardless_crisis_may_roll_two_random_bandits():
    st = with_cards(make_state(2, modules=["bandits"]), crises=[{**FUEL_SHORTAGE, "bandits": []}])
    new, steps = reveal_crisis(st, "test.fuel-shortage", Scripted([1, 6]))
    assert [loc["bandits"] for loc in new["locations"]] == [1, 0, 0, 0, 0, 1]
    assert steps[1] == {"kind": "bandits_rolled", "rolls": [1, 6]}
    # Rolling needs a random source: without one it is refused, not made up.
    with pytest.raises(RuleError, match="rolls dice"):
        reveal_crisis(st, "test.fuel-shortage")
    # A typed-in crisis names no bandit numbers either, so it rolls too.
    new, _ = reveal_crisis(st, None, Scripted([2, 2]), name="Typed", prevent=["food"])
    assert [loc["bandits"] for loc in new["locations"]] == [0, 2, 0, 0, 0, 0]


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


def test_the_table_adds_cards_for_nobody_in_particular():
    st, steps = contribute_to_crisis(revealed(), None, ["fuel", "food"])
    assert st["crisis"]["contributions"] == [
        {"seat": None, "symbol": "fuel"},
        {"seat": None, "symbol": "food"},
    ]
    assert steps == [{"kind": "crisis_cards_entered", "count": 2, "total": 2}]


def test_withdraw_takes_back_only_ones_own_cards():
    st = contribute_to_crisis(revealed(), "s1", ["fuel", "weapon"])[0]
    st = contribute_to_crisis(st, "s2", ["tool"])[0]
    new, steps = withdraw_from_crisis(st, "s1")
    assert new["crisis"]["contributions"] == [{"seat": "s2", "symbol": "tool"}]
    assert [(s["kind"], s["count"], s["total"]) for s in steps] == [
        ("crisis_cards_withdrawn", 2, 1)
    ]
    assert "fuel" not in to_json({"steps": steps}) and "weapon" not in to_json({"steps": steps})
    with pytest.raises(RuleError, match="has no card in the crisis"):
        withdraw_from_crisis(new, "s1")
    with pytest.raises(RuleError, match="no crisis"):
        withdraw_from_crisis(make_state(2), "s1")


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
    a = [s["symbol"] for s in resolve_crisis(st, random.Random(1))[1] if "symbol" in s]
    b = [s["symbol"] for s in resolve_crisis(st, random.Random(1))[1] if "symbol" in s]
    expected = ["fuel", "weapon", "tool", "food"]
    random.Random(1).shuffle(expected)
    assert a == b == expected


def test_resolve_without_crisis_says_so_and_changes_nothing_else():
    before = make_state(2)
    after, steps = resolve_crisis(before, Scripted())
    assert [s["kind"] for s in steps] == ["colony_phase_began", "crisis_none"]
    assert after["colony_step"] == "add_zombies"
    assert (after["morale"], after["food"]) == (before["morale"], before["food"])


def test_a_colony_step_is_refused_during_a_turn_and_once_done():
    st = make_state(2)
    st, _ = start_turn(st)
    with pytest.raises(RuleError, match="turn is still in progress"):
        resolve_crisis(st, Scripted())
    st, _ = end_turn(st)
    st, _ = resolve_crisis(st, Scripted())
    with pytest.raises(RuleError, match="already been done"):
        resolve_crisis(st, Scripted())


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
    st = with_cards(make_state(2), crises=[card])
    new, steps = resolve_crisis(reveal_crisis(st, "test.fuel-shortage")[0], Scripted())
    hand = next(s for s in steps if s["kind"] == "effect_by_hand")
    assert hand["source"] == "Fuel Shortage" and hand["need"] == "active_player"
    assert new["morale"] == 6
