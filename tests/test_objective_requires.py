"""The parts of a secret objective the companion knows are checked before a "Yes" is taken.

A secret objective wins "if all of the following is true" (002:103-107: "The main objective has
been completed" and a count); 002:1806-1811 whoever completed theirs wins; 002:1813-1818 a
morale or round-track end leaves the main objective unchecked; 002:1801-1803 two exiled
non-betrayers drop morale to 0; 000:943 and 000:986 Bandit Betrayal needs B2, then "Morale is
at 0.". The cards are the companion set's own (cards/companion/objectives.toml ``requires``),
read from cards.db; each number is pinned at its edge.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from factory import make_state, put_survivors, with_cards

from companion.cards.load import load_cards
from companion.engine.colony.ending import (
    declare_winners,
    mark_objective,
    objective_completable,
    objective_out,
)
from companion.engine.core.catalogue import objective_card
from companion.engine.core.errors import RuleError, render_error
from companion.engine.core.morale import end_game
from companion.engine.core.objective_needs import check_needs, needs_of, unmet_need
from companion.engine.legal import legal_for_seat

DB = Path(__file__).resolve().parent.parent / "cards.db"
CARDS = {c["id"]: c for c in load_cards(DB, sets=["companion", "long_night"])["objectives"]}


def game(card: str, reason: str = "main_objective", *, survivors=(30, 40), place="colony"):
    """Ana holds ``card`` with survivors of these influences at ``place``; Bruno a plain
    normal objective. The game then ends by ``reason`` (set the board before: ``ending``)."""
    st = with_cards(
        make_state(3, end_checks_objectives=True),
        objectives=[CARDS[card], CARDS["companion.deep-pockets"]],
    )
    st["secrets"]["s1"]["objective"] = card
    for sid in ("s2", "s3"):
        st["secrets"][sid]["objective"] = "companion.deep-pockets"
    put_survivors(st, survivors, owner="s1", place=place)
    put_survivors(st, (10,), owner="s2")
    st["_reason"] = reason
    return st


def ending(st):
    reason = st.pop("_reason")
    end_game(st, [], reason)
    return st


def test_every_companion_card_checks_its_requirements_through_the_engine():
    """The shipped cards' parts are the engine's vocabulary, checked as new_game checks them."""
    held = [c for c in CARDS.values() if c.get("requires")]
    assert len(held) == 42
    for card in held:
        assert objective_card(card)["requires"] == card["requires"]


@pytest.mark.parametrize(("morale", "completable"), [(5, True), (4, False)])
def test_steady_nerves_needs_morale_5_or_more(morale, completable):
    st = game("companion.steady-nerves")
    st["morale"] = morale
    st = ending(st)
    assert objective_completable(st, "s1") is completable
    if completable:
        st, _ = mark_objective(st, "s1", True)
        assert st["secrets"]["s1"]["objective_complete"] is True
        return
    with pytest.raises(RuleError) as refused:
        mark_objective(st, "s1", True)
    assert str(refused.value) == (
        "Ana's secret objective needs morale: 5 or more; the board shows 4, so it cannot be "
        "complete"
    )
    assert render_error(refused.value, "pt_BR") == (
        "o objetivo secreto de Ana exige moral: 5 ou mais; o tabuleiro mostra 4, então não "
        "pode estar cumprido"
    )
    declared, steps = declare_winners(st, ["s1"])  # ticked by the table: it does not win
    assert declared["ended"]["winners"] == [] and steps[0]["kind"] == "objective_not_counted"
    assert legal_for_seat(st, "s1") == {}  # not asked: the phone says why instead
    assert render_error(objective_out(st, "s1"), "en") == (
        "It needs morale: 5 or more; the board shows 4, so it cannot be complete and there is "
        "nothing to mark."
    )
    assert st["secrets"]["s1"]["objective_complete"] is None


def test_the_main_objective_comes_first_for_a_normal_card():
    """Steady Nerves at a round-track end with morale 9: the main objective was never checked
    (002:1813-1818), and that part is the one named."""
    st = game("companion.steady-nerves", "round_track")
    st["morale"] = 9
    st = ending(st)
    assert unmet_need(st, "s1")["check"] == "main_objective"
    assert "never completes it" in render_error(objective_out(st, "s1"), "en")
    assert needs_of(st, "s1")[0] == {"check": "main_objective"}


@pytest.mark.parametrize(("count", "completable"), [(4, True), (3, False)])
def test_extended_family_needs_4_survivors(count, completable):
    st = ending(game("companion.extended-family", survivors=range(30, 30 + count)))
    assert objective_completable(st, "s1") is completable


@pytest.mark.parametrize(("waste", "completable"), [(3, True), (4, False)])
def test_tidy_camp_needs_3_waste_cards_or_fewer(waste, completable):
    st = game("companion.tidy-camp")
    st["waste"] = waste
    assert objective_completable(ending(st), "s1") is completable


@pytest.mark.parametrize(("helpless", "unruly", "completable"), [(3, 1, True), (3, 0, False)])
def test_keeper_of_the_meek_counts_an_unruly_token_once(helpless, unruly, completable):
    st = game("companion.keeper-of-the-meek")
    st["helpless"] = {"normal": helpless, "unruly": unruly}
    assert objective_completable(ending(st), "s1") is completable


@pytest.mark.parametrize(("food", "completable"), [(3, True), (2, False)])
def test_full_pantry_needs_a_food_token_per_player_and_no_starvation(food, completable):
    st = game("companion.full-pantry")
    st["food"] = food
    assert objective_completable(ending(st), "s1") is completable
    st = game("companion.full-pantry")
    st["food"], st["starvation"] = 3, 1
    st = ending(st)
    assert unmet_need(st, "s1") == {"check": "starvation", "at_most": 0, "have": 1}
    assert "starvation tokens: exactly 0; the board shows 1" in render_error(
        objective_out(st, "s1"), "en"
    )


@pytest.mark.parametrize(("zombies", "completable"), [(4, True), (5, False)])
def test_gatekeeper_needs_4_zombies_at_the_colony_or_fewer(zombies, completable):
    st = game("companion.gatekeeper")
    st["colony"]["entrances"][0]["barricades"] = 2
    for n in range(zombies):
        st["colony"]["entrances"][1 + n % 5]["zombies"] += 1
    assert objective_completable(ending(st), "s1") is completable


def test_not_a_scratch_and_the_last_bottle_read_the_group_leaders_tokens():
    st = game("companion.not-a-scratch")
    st["survivors"][1]["wounds"] = 2  # not the leader
    assert objective_completable(ending(st), "s1")
    st = game("companion.not-a-scratch")
    st["survivors"][0]["despair"] = 1
    assert not objective_completable(ending(st), "s1")
    st = game("companion.the-last-bottle")
    assert not objective_completable(ending(st), "s1")
    st = game("companion.the-last-bottle")
    st["survivors"][0]["frostbite"] = 1
    assert objective_completable(ending(st), "s1")


def test_warm_hands_reads_frostbite_only():
    st = game("companion.warm-hands")
    st["survivors"][1]["wounds"] = 2
    assert objective_completable(ending(st), "s1")
    st = game("companion.warm-hands")
    st["survivors"][1]["frostbite"] = 1
    assert not objective_completable(ending(st), "s1")


@pytest.mark.parametrize(("top", "completable"), [(50, True), (49, False)])
def test_voice_of_the_hall_needs_influence_50(top, completable):
    st = ending(game("companion.voice-of-the-hall", survivors=(12, top)))
    assert objective_completable(st, "s1") is completable


def test_roamers_and_hearth_bound_read_where_the_survivors_stand():
    st = game("companion.roamers", place="police")
    assert not objective_completable(ending(st), "s1")  # one location, twice
    st = game("companion.roamers", place="police")
    st["survivors"][1]["location"] = "school"
    assert objective_completable(ending(st), "s1")
    st = game("companion.hearth-bound")
    assert objective_completable(ending(st), "s1")
    st = game("companion.hearth-bound")
    st["survivors"][1]["location"] = "school"
    st = ending(st)
    assert not objective_completable(st, "s1")
    assert "your survivors outside the colony: exactly 0; the board shows 1" in render_error(
        objective_out(st, "s1"), "en"
    )


@pytest.mark.parametrize(
    ("reason", "completable"),
    [("morale", True), ("round_track", True), ("two_exiled", True), ("main_objective", False)],
)
def test_a_betrayal_card_needs_the_colony_to_fall(reason, completable):
    """Hidden Larder: the game ends by morale or the round track (two exiled non-betrayers
    drop morale to 0, 002:1801-1803); its food cards are the player's word."""
    st = ending(game("companion.hidden-larder", reason))
    assert objective_completable(st, "s1") is completable


@pytest.mark.parametrize(("waste", "completable"), [(8, True), (7, False)])
def test_rot_from_within_needs_8_waste_cards(waste, completable):
    st = game("companion.rot-from-within", "morale")
    st["waste"] = waste
    assert objective_completable(ending(st), "s1") is completable


def test_sleeper_was_never_exiled_and_holds_3_survivors():
    st = ending(game("companion.sleeper", "morale", survivors=(1, 2, 3)))
    assert objective_completable(st, "s1")
    st = ending(game("companion.sleeper", "morale", survivors=(1, 2)))
    assert unmet_need(st, "s1")["check"] == "survivors"
    st = game("companion.sleeper", "morale", survivors=(1, 2, 3))
    st["seats"][0]["exiled"] = True
    st = ending(st)
    assert unmet_need(st, "s1") == {"check": "not_exiled", "have": False}


def test_an_exiled_player_is_held_to_the_exiled_card():
    """The exiled card adjusts the objective (002:1733-1734): Ward Squatters needs 2 survivors
    at the Hospital, whatever the main objective."""
    card = dict(CARDS["companion.ward-squatters"])
    card["requires"] = [dict(p, at="hospital") for p in card["requires"]]  # the test board
    st = game("companion.steady-nerves", "morale", place="hospital")
    with_cards(st, objectives=[{**card, "id": "t.ward"}])
    st["seats"][0]["exiled"] = True
    st["secrets"]["s1"]["exiled_objective"] = "t.ward"
    assert objective_completable(ending(st), "s1")
    st = game("companion.steady-nerves", "morale", place="hospital")
    with_cards(st, objectives=[{**card, "id": "t.ward"}])
    st["survivors"][1]["location"] = "library"
    st["seats"][0]["exiled"] = True
    st["secrets"]["s1"]["exiled_objective"] = "t.ward"
    assert not objective_completable(ending(st), "s1")


@pytest.mark.parametrize(("reason", "completable"), [("round_track", True), ("morale", False)])
def test_outlasted_needs_the_round_track_end(reason, completable):
    st = ending(game("companion.outlasted", reason))
    assert objective_completable(st, "s1") is completable


@pytest.mark.parametrize(("morale", "completable"), [(2, True), (3, False)])
def test_cold_shoulder_needs_morale_2_or_less(morale, completable):
    st = game("companion.cold-shoulder", "main_objective")
    st["morale"] = morale
    assert objective_completable(ending(st), "s1") is completable


def test_bandit_betrayal_needs_b2_then_morale_at_zero():
    """000:943: B2 completed; 000:986: once passed without a reveal, "Morale is at 0."."""
    st = ending(game("long_night.bandit-betrayal", "morale"))
    assert unmet_need(st, "s1") == {"check": "b2", "have": False}  # B2 never reached
    st = game("long_night.bandit-betrayal", "morale")
    st["secrets"]["s1"]["added_requirement"] = "morale_at_zero"
    st["morale"] = 0
    assert objective_completable(ending(st), "s1")
    st = game("long_night.bandit-betrayal", "round_track")
    st["secrets"]["s1"]["added_requirement"] = "morale_at_zero"
    st["morale"] = 1
    assert unmet_need(ending(st), "s1")["check"] == "morale"
    st = ending(game("long_night.bandit-betrayal", "betrayer_revealed"))
    assert objective_completable(st, "s1")


def test_a_part_the_companion_does_not_track_is_the_players_word():
    """Root Cellar's food cards in the hand: no part; at a main-objective end it is asked."""
    assert (
        "requires" not in CARDS["companion.root-cellar"]
        or not CARDS["companion.root-cellar"]["requires"]
    )
    st = ending(game("companion.root-cellar"))
    assert legal_for_seat(st, "s1") == {"mark_objective": {"complete": [True, False]}}


def test_a_game_saved_before_the_rule_takes_every_yes():
    st = game("companion.steady-nerves")
    st["settings"]["end_checks_objectives"] = False
    st["morale"] = 1
    st, _ = mark_objective(ending(st), "s1", True)
    assert st["secrets"]["s1"]["objective_complete"] is True


@pytest.mark.parametrize(
    ("parts", "problem"),
    [
        ([{"check": "luck"}], "a secret objective's part is one of"),
        ([{"check": "morale"}], "needs at_least or at_most"),
        ([{"check": "morale", "at_least": -1}], "how many the part needs"),
        ([{"check": "morale", "at_least": 1, "at": "school"}], "takes no at"),
        ([{"check": "zombies", "at_most": 1}], "says where"),
        ([{"check": "end", "reasons": ["main_objective"]}], "lists how the game ends"),
        ([{"check": "group_tokens", "at_most": 0, "wound": "bite"}], "token is one of"),
        ("morale", "a list of at most 12 parts"),
    ],
)
def test_a_malformed_part_is_refused(parts, problem):
    with pytest.raises(RuleError, match=problem):
        check_needs(parts)
