"""Crossroads cards: reveal, option, vote cards, full colony, the card leaving the game."""

from __future__ import annotations

import random

import pytest
from factory import make_state, put_survivors

from companion.engine.crossroads import adds_survivors, trigger_crossroads
from companion.engine.errors import RuleError
from companion.engine.steps import render_step
from companion.engine.turns import end_turn, start_turn

CARD = {
    "id": "companion.cold-snap",
    "name": "Cold Snap",
    "trigger": "When the active player spends food.",
    "trigger_kind": "spends-food",
    "trigger_params": {},
    "vote": False,
    "options": [
        {"text": "Gain 2 morale.", "effects": [{"kind": "morale", "amount": 2}]},
        {
            "text": "Take in two strays.",
            "effects": [{"kind": "helpless", "amount": 2}, {"kind": "food", "amount": 1}],
        },
    ],
}
VOTE_CARD = {
    **CARD,
    "id": "companion.town-meeting",
    "name": "Town Meeting",
    "vote": True,
    "options": [
        {"text": "Everyone cheers.", "effects": [{"kind": "morale", "amount": 1}]},
        {"text": "Everyone sulks.", "effects": [{"kind": "morale", "amount": -1}]},
    ],
}


def in_turn(card_id=CARD["id"], seats=3):
    """Ana's turn, Carla holding the given card."""
    st = make_state(seats)
    for sid in [s["id"] for s in st["seats"]]:
        put_survivors(st, [40], owner=sid)
    st["decks"]["crossroads"] = [card_id, "companion.other"]
    st, _ = start_turn(st)
    return st


def kinds(steps):
    return [s["kind"] for s in steps]


def test_triggered_option_applies_and_card_leaves_the_game():
    st = in_turn()
    morale = st["morale"]
    st, steps = trigger_crossroads(st, 1, CARD, random.Random(1))
    assert st["morale"] == morale + 2
    assert st["secrets"]["s3"]["crossroads"] is None
    assert st["decks"]["crossroads"] == ["companion.other"]
    assert kinds(steps) == [
        "crossroads_revealed",
        "crossroads_option_chosen",
        "crossroads_removed",
        "morale_changed",
    ]
    assert render_step(steps[0]) == (
        "Carla reveals the crossroads card Cold Snap: When the active player spends food."
    )
    assert render_step(steps[1]) == "Ana takes option 1: Gain 2 morale."
    st, steps = end_turn(st)
    assert "crossroads_returned" not in kinds(steps)
    assert st["decks"]["crossroads"] == ["companion.other"]


def test_second_option_with_helpless():
    st = in_turn()
    st, _ = trigger_crossroads(st, 2, CARD, random.Random(1))
    assert st["helpless"]["normal"] == 2
    assert st["food"] == 1


def test_wrong_card_id_rejected():
    st = in_turn()
    other = {**CARD, "id": "companion.other"}
    with pytest.raises(
        RuleError, match=r"'companion\.other' is not the crossroads card Carla drew"
    ):
        trigger_crossroads(st, 1, other, random.Random(1))


def test_no_card_or_no_turn():
    st = in_turn()
    st, _ = trigger_crossroads(st, 1, CARD, random.Random(1))
    with pytest.raises(RuleError, match="no crossroads card is waiting"):
        trigger_crossroads(st, 1, CARD, random.Random(1))
    st, _ = end_turn(st)
    with pytest.raises(RuleError, match="no player's turn"):
        trigger_crossroads(st, 1, CARD, random.Random(1))


@pytest.mark.parametrize("option", [0, 3, -1, True, "1"])
def test_bad_option_rejected(option):
    st = in_turn()
    with pytest.raises(RuleError):
        trigger_crossroads(st, option, CARD, random.Random(1))


def test_full_colony_blocks_a_helpless_option():
    """002:1727: no empty survivor space in the colony, no card that adds survivors."""
    st = in_turn()
    st["colony"]["survivor_spaces"] = 4
    st["helpless"]["normal"] = 1  # 3 survivors + 1 helpless = 4 of 4
    before = repr(st)
    with pytest.raises(RuleError, match="no empty survivor space"):
        trigger_crossroads(st, 2, CARD, random.Random(1))
    assert repr(st) == before
    st, steps = trigger_crossroads(st, 1, CARD, random.Random(1))
    assert "morale_changed" in kinds(steps)


def test_one_space_left_allows_the_helpless_option():
    st = in_turn()
    st["colony"]["survivor_spaces"] = 4
    st, _ = trigger_crossroads(st, 2, CARD, random.Random(1))
    assert st["helpless"]["normal"] == 1  # only one space was free (effects ruling)


def test_exiled_active_player_is_not_blocked():
    st = in_turn()
    st["seats"][0]["exiled"] = True
    st["colony"]["survivor_spaces"] = 3
    st, steps = trigger_crossroads(st, 2, CARD, random.Random(1))
    assert st["helpless"]["normal"] == 0
    assert st["food"] == 1  # the rest of the option still applies
    assert kinds(steps)[:3] == [
        "crossroads_revealed",
        "crossroads_option_chosen",
        "crossroads_removed",
    ]


def test_adds_survivors_flags():
    assert adds_survivors({"effects": [{"kind": "helpless", "amount": 1}]})
    assert not adds_survivors({"effects": [{"kind": "helpless", "amount": -1}]})
    assert adds_survivors({"effects": [], "adds_survivor": True})
    assert not adds_survivors({"effects": [{"kind": "manual", "text": "Draw a survivor."}]})


def test_vote_card_decided_by_votes():
    st = in_turn(VOTE_CARD["id"])
    morale = st["morale"]
    votes = {"s1": False, "s2": False, "s3": True}
    st, steps = trigger_crossroads(st, None, VOTE_CARD, random.Random(1), votes=votes)
    assert st["morale"] == morale - 1
    assert kinds(steps)[:3] == ["crossroads_revealed", "vote_tally", "crossroads_option_chosen"]
    assert steps[2]["option"] == 2 and steps[2]["by_vote"] is True
    assert render_step(steps[2]) == "The vote settles it: option 2: Everyone sulks."


def test_vote_card_accepts_the_decided_option():
    st = in_turn(VOTE_CARD["id"])
    morale = st["morale"]
    st, _ = trigger_crossroads(st, 1, VOTE_CARD, random.Random(1))
    assert st["morale"] == morale + 1


def test_votes_only_for_vote_cards_and_not_with_an_option():
    st = in_turn()
    with pytest.raises(RuleError, match="not a vote card"):
        trigger_crossroads(st, None, CARD, random.Random(1), votes={"s1": True})
    st = in_turn(VOTE_CARD["id"])
    votes = {"s1": True, "s2": True, "s3": True}
    with pytest.raises(RuleError, match="not both"):
        trigger_crossroads(st, 1, VOTE_CARD, random.Random(1), votes=votes)


def test_toml_shaped_card_with_option_key():
    st = in_turn()
    card = {k: v for k, v in CARD.items() if k != "options"} | {"option": CARD["options"]}
    st, _ = trigger_crossroads(st, 1, card, random.Random(1))
    assert st["morale"] == 8
