"""Dealing secret objectives and building the decks at setup."""

from __future__ import annotations

import random

import pytest
from companion.engine.core.dealing import (
    build_crisis_deck,
    build_crossroads_deck,
    build_exiled_deck,
    deal_objectives,
    playable,
)
from factory import crisis_cards, crossroads_cards, objective_cards
from hypothesis import given, settings
from hypothesis import strategies as st_

from companion.engine.core.errors import RuleError

SEATS = ["s1", "s2", "s3", "s4", "s5"]


class Recording(random.Random):
    """A seeded random source that records the length of every list it shuffles."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.shuffled: list[list] = []

    def shuffle(self, x) -> None:
        super().shuffle(x)
        self.shuffled.append(list(x))


def test_each_seat_gets_one_small_card():
    dealt = deal_objectives(objective_cards(), SEATS[:3], "standard", random.Random(4))
    assert list(dealt) == ["s1", "s2", "s3"]
    for card in dealt.values():
        assert set(card) == {"id", "name", "kind"}
        assert card["kind"] in ("normal", "betrayal")


def test_set_aside_two_per_player_plus_one_betrayal():
    """002 "Game Setup" 4: 3 players → 6 normal cards set aside, plus 1 betrayal, shuffled."""
    rng = Recording(1)
    deal_objectives(objective_cards(), SEATS[:3], "standard", rng)
    set_aside = rng.shuffled[-1]
    assert len(set_aside) == 7
    assert sum(c["kind"] == "betrayal" for c in set_aside) == 1
    assert sum(c["kind"] == "normal" for c in set_aside) == 6


def test_betrayer_variant_sets_aside_one_per_player():
    """002 "Betrayer Variant": 1 normal card per player, so 4 players → 4 + 1 betrayal."""
    rng = Recording(1)
    deal_objectives(objective_cards(normal=4), SEATS[:4], "betrayer", rng)
    set_aside = rng.shuffled[-1]
    assert len(set_aside) == 5
    assert sum(c["kind"] == "betrayal" for c in set_aside) == 1


def test_betrayer_variant_deals_the_betrayal_more_often():
    def betrayals(variant):
        total = 0
        for seed in range(400):
            dealt = deal_objectives(objective_cards(), SEATS[:2], variant, random.Random(seed))
            total += any(c["kind"] == "betrayal" for c in dealt.values())
        return total

    # Expected: 2 of 5 cards dealt (40%) against 2 of 3 (67%).
    assert betrayals("standard") < 200 < betrayals("betrayer")


@pytest.mark.parametrize("variant", ["coop", "two_player"])
def test_coop_variants_deal_nothing(variant):
    assert deal_objectives([], SEATS[:2], variant, random.Random(0)) == {"s1": None, "s2": None}


def test_hardcore_deals_as_usual():
    dealt = deal_objectives(objective_cards(), SEATS[:5], "hardcore", random.Random(0))
    assert all(dealt.values())


def test_too_few_normal_objectives():
    with pytest.raises(RuleError, match=r"5 players needs 10 normal objectives .* only 9"):
        deal_objectives(objective_cards(normal=9), SEATS, "standard", random.Random(0))
    with pytest.raises(RuleError, match=r"needs 5 normal objectives \(1 per player\)"):
        deal_objectives(objective_cards(normal=4), SEATS, "betrayer", random.Random(0))


def test_no_betrayal_objective():
    with pytest.raises(RuleError, match="needs 1 betrayal objective"):
        deal_objectives(objective_cards(betrayal=0), SEATS[:2], "standard", random.Random(0))


def test_bandit_blitz_uses_the_given_betrayal():
    """Bandit Blitz: the bandit betrayal card replaces the random betrayal objective."""
    cards = [
        *objective_cards(),
        {"id": "t.bandit-betrayal", "name": "Bandit Betrayal", "kind": "bandit_betrayal"},
    ]
    rng = Recording(3)
    deal_objectives(cards, SEATS[:2], "standard", rng, betrayal_id="t.bandit-betrayal")
    set_aside = rng.shuffled[-1]
    assert [c["id"] for c in set_aside if c["kind"] != "normal"] == ["t.bandit-betrayal"]
    with pytest.raises(RuleError, match=r"unknown betrayal objective 't\.nope'"):
        deal_objectives(cards, SEATS[:2], "standard", rng, betrayal_id="t.nope")
    with pytest.raises(RuleError, match="is a normal objective, not a betrayal one"):
        deal_objectives(cards, SEATS[:2], "standard", rng, betrayal_id="t.normal-0")


def test_unknown_variant():
    with pytest.raises(RuleError, match="variant must be one of"):
        deal_objectives(objective_cards(), SEATS[:2], "solo", random.Random(0))


def test_dealing_leaves_the_cards_alone():
    cards = objective_cards()
    before = [dict(c) for c in cards]
    deal_objectives(cards, SEATS[:3], "standard", random.Random(0))
    assert cards == before


@settings(max_examples=60, deadline=None)
@given(
    players=st_.integers(min_value=2, max_value=5),
    seed=st_.integers(min_value=0, max_value=100_000),
    variant=st_.sampled_from(["standard", "betrayer", "hardcore"]),
)
def test_one_objective_per_seat_and_at_most_one_betrayal(players, seed, variant):
    dealt = deal_objectives(objective_cards(), SEATS[:players], variant, random.Random(seed))
    assert list(dealt) == SEATS[:players]
    assert all(card is not None for card in dealt.values())
    assert len({card["id"] for card in dealt.values()}) == players
    assert sum(card["kind"] == "betrayal" for card in dealt.values()) <= 1
    assert all(card["kind"] != "exiled" for card in dealt.values())


def test_crossroads_deck_filters():
    cards = crossroads_cards()
    rng = random.Random(0)
    every = build_crossroads_deck(
        cards, sets=None, modules=["bandits", "raxxon"], mature=True, coop=False, rng=rng
    )
    assert sorted(every) == sorted(c["id"] for c in cards)
    plain = build_crossroads_deck(cards, sets=[], modules=[], mature=True, coop=False, rng=rng)
    assert sorted(plain) == ["t.mature", "t.noncoop", "t.plain-1", "t.plain-2"]
    no_mature = build_crossroads_deck(cards, sets=[], modules=[], mature=False, coop=False, rng=rng)
    assert sorted(no_mature) == ["t.noncoop", "t.plain-1", "t.plain-2"]
    coop = build_crossroads_deck(
        cards, sets=[], modules=["raxxon"], mature=True, coop=True, rng=rng
    )
    assert sorted(coop) == ["t.mature", "t.plain-1", "t.plain-2", "t.raxxon"]


def test_crossroads_deck_filters_by_set():
    cards = [
        {"id": "base.a", "name": "A"},
        {"id": "companion.b", "name": "B"},
        {"id": "odd-id", "name": "C", "set": "companion"},
    ]
    deck = build_crossroads_deck(
        cards, sets=["companion"], modules=[], mature=True, coop=False, rng=random.Random(0)
    )
    assert sorted(deck) == ["companion.b", "odd-id"]


def test_decks_are_shuffled_by_the_injected_rng():
    cards = [{"id": f"t.c{i}", "name": str(i)} for i in range(30)]
    kw = {"sets": None, "modules": [], "mature": True, "coop": False}
    a = build_crossroads_deck(cards, rng=random.Random(1), **kw)
    b = build_crossroads_deck(cards, rng=random.Random(1), **kw)
    c = build_crossroads_deck(cards, rng=random.Random(2), **kw)
    assert a == b != c
    assert sorted(a) == sorted(c["id"] for c in cards)


def test_exiled_deck_holds_only_exiled_objectives():
    deck = build_exiled_deck(objective_cards(exiled=4), random.Random(0))
    assert sorted(deck) == [f"t.exiled-{i}" for i in range(4)]


def test_crisis_deck_filters_modules():
    deck = build_crisis_deck(crisis_cards(), sets=None, modules=[], rng=random.Random(0))
    assert sorted(deck) == ["t.crisis-1", "t.crisis-2"]
    deck = build_crisis_deck(crisis_cards(), sets=None, modules=["bandits"], rng=random.Random(0))
    assert len(deck) == 3


def test_playable_rules():
    card = {"id": "base.x", "name": "X", "mature": True, "non_coop": True, "module": "raxxon"}
    assert playable(card, modules=["raxxon"])
    assert not playable(card, modules=[])
    assert not playable(card, modules=["raxxon"], mature=False)
    assert not playable(card, modules=["raxxon"], coop=True)
    assert not playable(card, sets=["long_night"], modules=["raxxon"])
