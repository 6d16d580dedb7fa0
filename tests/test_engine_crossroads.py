"""Crossroads cards: reveal, option, vote cards, full colony, the card leaving the game."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest
from factory import make_state, put_survivors, with_cards

import companion.engine as engine
from companion.engine.core import decisions
from companion.engine.core.errors import RuleError, render_error
from companion.engine.legal import legal_actions
from companion.engine.sentences import render_step
from companion.engine.turns.crossroads import reveal_crossroads, trigger_crossroads
from companion.engine.turns.crossroads_options import adds_survivors
from companion.engine.turns.turn import end_turn, start_turn
from companion.engine.turns.votes import cast_vote, record_votes
from tests import play

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


OTHER = {
    "id": "companion.other",
    "name": "Other Card",
    "options": [{"text": "Nothing happens.", "effects": []}],
}


def in_turn(card_id=CARD["id"], seats=3, *, reveal=True):
    """Ana's turn, Carla holding the given card (revealed by her unless reveal is False)."""
    st = with_cards(make_state(seats), crossroads=[CARD, VOTE_CARD, OTHER])
    for sid in [s["id"] for s in st["seats"]]:
        put_survivors(st, [40], owner=sid)
    st["decks"]["crossroads"] = [card_id, "companion.other"]
    st, _ = start_turn(st)
    if reveal:
        st, _ = reveal_crossroads(st, "s3")
    return st


def kinds(steps):
    return [s["kind"] for s in steps]


def test_triggered_option_applies_and_card_leaves_the_game():
    st = in_turn(reveal=False)
    morale = st["morale"]
    st, steps = reveal_crossroads(st, "s3")
    assert kinds(steps) == ["crossroads_revealed"]
    assert steps[0]["drawer"] == "s3" and steps[0]["card"] == CARD["id"]
    assert st["turn"]["crossroads_revealed"] is True
    assert render_step(steps[0]) == (
        "Carla reveals the crossroads card Cold Snap: When the active player spends food."
    )
    st, steps = trigger_crossroads(st, 1, random.Random(1))
    assert st["morale"] == morale + 2
    assert st["secrets"]["s3"]["crossroads"] is None
    assert st["turn"]["crossroads_revealed"] is False
    assert st["decks"]["crossroads"] == ["companion.other"]
    assert kinds(steps) == [
        "crossroads_option_chosen",
        "crossroads_removed",
        "morale_changed",
    ]
    assert render_step(steps[0]) == "Ana takes option 1: Gain 2 morale."
    st, steps = end_turn(st)
    assert "crossroads_returned" not in kinds(steps)
    assert st["decks"]["crossroads"] == ["companion.other"]


def test_second_option_with_helpless():
    st = in_turn()
    st, _ = trigger_crossroads(st, 2, random.Random(1))
    assert st["helpless"]["normal"] == 2
    assert st["food"] == 1


def test_only_the_drawer_reveals_and_only_once():
    st = in_turn(reveal=False)
    with pytest.raises(RuleError, match="Ana does not hold this turn's crossroads card"):
        reveal_crossroads(st, "s1")
    with pytest.raises(RuleError, match="Carla has not revealed their crossroads card"):
        trigger_crossroads(st, 1, random.Random(1))
    st, _ = reveal_crossroads(st, "s3")
    with pytest.raises(RuleError, match="Cold Snap has already been revealed"):
        reveal_crossroads(st, "s3")


def test_no_card_or_no_turn():
    st = in_turn()
    st, _ = trigger_crossroads(st, 1, random.Random(1))
    with pytest.raises(RuleError, match="no crossroads card is waiting"):
        trigger_crossroads(st, 1, random.Random(1))
    with pytest.raises(RuleError, match="no crossroads card is waiting"):
        reveal_crossroads(st, "s3")
    st, _ = end_turn(st)
    with pytest.raises(RuleError, match="no player's turn"):
        trigger_crossroads(st, 1, random.Random(1))
    with pytest.raises(RuleError, match="no player's turn"):
        reveal_crossroads(st, "s3")


@pytest.mark.parametrize("option", [0, 3, -1, True, "1"])
def test_bad_option_rejected(option):
    st = in_turn()
    with pytest.raises(RuleError):
        trigger_crossroads(st, option, random.Random(1))


def test_an_option_must_be_named_for_a_card_without_a_vote():
    with pytest.raises(RuleError, match="say which option"):
        trigger_crossroads(in_turn(), None, random.Random(1))


def test_full_colony_blocks_a_helpless_option():
    """002:1727: no empty survivor space in the colony, no card that adds survivors."""
    st = in_turn()
    st["colony"]["survivor_spaces"] = 4
    st["helpless"]["normal"] = 1  # 3 survivors + 1 helpless = 4 of 4
    before = repr(st)
    with pytest.raises(RuleError, match="no empty survivor space"):
        trigger_crossroads(st, 2, random.Random(1))
    assert repr(st) == before
    st, steps = trigger_crossroads(st, 1, random.Random(1))
    assert "morale_changed" in kinds(steps)


def test_one_space_left_allows_the_helpless_option():
    st = in_turn()
    st["colony"]["survivor_spaces"] = 4
    st, _ = trigger_crossroads(st, 2, random.Random(1))
    assert st["helpless"]["normal"] == 1  # only one space was free (effects ruling)


def test_exiled_active_player_is_not_blocked():
    st = in_turn()
    st["seats"][0]["exiled"] = True
    st["colony"]["survivor_spaces"] = 3
    st, steps = trigger_crossroads(st, 2, random.Random(1))
    assert st["helpless"]["normal"] == 0
    assert st["food"] == 1  # the rest of the option still applies
    assert kinds(steps)[:2] == ["crossroads_option_chosen", "crossroads_removed"]


def test_adds_survivors_flags():
    assert adds_survivors({"effects": [{"kind": "helpless", "amount": 1}]})
    assert not adds_survivors({"effects": [{"kind": "helpless", "amount": -1}]})
    assert not adds_survivors({"effects": [{"kind": "manual", "text": "Draw a survivor."}]})
    # The old "adds_survivor" flag is gone: only helpless effects count, and the catalogue
    # keeps no such flag on an option.
    assert not adds_survivors({"effects": [], "adds_survivor": True})
    flagged = {**OTHER, "options": [{"text": "A stray.", "effects": [], "adds_survivor": True}]}
    st = with_cards(make_state(2), crossroads=[flagged])
    assert st["cards"]["crossroads"]["companion.other"]["options"] == [
        {"text": "A stray.", "effects": []}
    ]


def test_vote_card_decided_by_votes():
    st = in_turn(VOTE_CARD["id"])
    morale = st["morale"]
    votes = {"s1": False, "s2": False, "s3": True}
    st, steps = trigger_crossroads(st, None, random.Random(1), votes=votes)
    assert st["morale"] == morale - 1
    assert st["pending"] is None
    assert kinds(steps)[:2] == ["vote_tally", "crossroads_option_chosen"]
    assert steps[0]["subject"] == "crossroads"
    assert steps[1]["option"] == 2 and steps[1]["by_vote"] is True
    assert render_step(steps[1]) == "The vote settles it: option 2: Everyone sulks."


def test_vote_card_opens_a_vote_the_phones_settle():
    st = in_turn(VOTE_CARD["id"])
    morale = st["morale"]
    st, steps = trigger_crossroads(st)
    assert kinds(steps) == ["vote_opened"]
    assert steps[0]["subject"] == "crossroads" and steps[0]["voters"] == ["s1", "s2", "s3"]
    assert st["pending"] == {
        "kind": "vote",
        "seat": None,
        "subject": "crossroads",
        "votes": {},
        "card": VOTE_CARD["id"],
        "chosen": None,
        "location": None,
    }
    assert st["morale"] == morale and st["secrets"]["s3"]["crossroads"] == VOTE_CARD["id"]
    with pytest.raises(RuleError, match="waiting for a decision"):
        end_turn(st)
    st, steps = cast_vote(st, "s1", True)
    st, steps = cast_vote(st, "s2", True)
    assert kinds(steps) == ["vote_cast"] and st["pending"]["votes"] == {"s1": True, "s2": True}
    with pytest.raises(RuleError, match="Bruno has already voted"):
        cast_vote(st, "s2", False)
    st, steps = cast_vote(st, "s3", False)
    assert kinds(steps)[:3] == ["vote_cast", "vote_tally", "crossroads_option_chosen"]
    assert steps[2]["option"] == 1
    assert st["pending"] is None and st["morale"] == morale + 1
    assert st["secrets"]["s3"]["crossroads"] is None


def test_vote_card_vote_entered_by_the_table():
    st, _ = trigger_crossroads(in_turn(VOTE_CARD["id"]))
    morale = st["morale"]
    with pytest.raises(RuleError, match="still waiting for the vote of Carla"):
        record_votes(st, {"s1": True, "s2": True})
    st, steps = record_votes(st, {"s1": False, "s2": False, "s3": True})
    assert kinds(steps)[:2] == ["vote_tally", "crossroads_option_chosen"]
    assert st["morale"] == morale - 1 and st["pending"] is None


def test_votes_only_for_vote_cards_and_not_with_an_option():
    st = in_turn()
    with pytest.raises(RuleError, match="not a vote card"):
        trigger_crossroads(st, None, random.Random(1), votes={"s1": True})
    st = in_turn(VOTE_CARD["id"])
    votes = {"s1": True, "s2": True, "s3": True}
    with pytest.raises(RuleError, match="is a vote card: the vote picks the option"):
        trigger_crossroads(st, 1, random.Random(1), votes=votes)
    with pytest.raises(RuleError, match="is a vote card: the vote picks the option"):
        trigger_crossroads(st, 1, random.Random(1))


def test_toml_shaped_card_with_option_key():
    card = {k: v for k, v in CARD.items() if k != "options"} | {"option": CARD["options"]}
    st = with_cards(make_state(3), crossroads=[card])
    assert st["cards"]["crossroads"][CARD["id"]]["options"] == CARD["options"]
    for sid in ("s1", "s2", "s3"):
        put_survivors(st, [40], owner=sid)
    st["decks"]["crossroads"] = [CARD["id"]]
    st, _ = start_turn(st)
    st, _ = reveal_crossroads(st, "s3")
    st, _ = trigger_crossroads(st, 1, random.Random(1))
    assert st["morale"] == 8


STRAYS = {
    "id": "companion.strays",
    "name": "Strays at the Gate",
    "vote": True,
    "options": [
        {"text": "Let them in.", "effects": [{"kind": "helpless", "amount": 2}]},
        {"text": "Turn them away.", "effects": [{"kind": "morale", "amount": -1}]},
    ],
}


def test_an_opened_crossroads_vote_can_always_be_settled():
    """A vote card that could add survivors to a full colony is refused before its vote opens
    (002:1727), so an open vote can always be settled."""
    st = with_cards(make_state(3), crossroads=[STRAYS])
    for sid in ("s1", "s2", "s3"):
        put_survivors(st, [40], owner=sid)
    st["decks"]["crossroads"] = [STRAYS["id"]]
    st, _ = start_turn(st)
    st, _ = reveal_crossroads(st, "s3")
    st["colony"]["survivor_spaces"] = 3  # 3 survivors: no empty space
    with pytest.raises(RuleError, match="002:1727"):
        trigger_crossroads(st)
    assert st["pending"] is None
    st["colony"]["survivor_spaces"] = 4
    st, _ = trigger_crossroads(st)
    for sid in ("s1", "s2", "s3"):
        st, _ = cast_vote(st, sid, True)
    assert st["pending"] is None


def test_what_each_option_needs_is_listed_in_the_cards_order_and_survives_json():
    card = {
        **CARD,
        "id": "companion.needs",
        "options": [
            {"text": "Nothing.", "effects": []},
            {"text": "A wound.", "effects": [{"kind": "wound", "amount": 1, "target": "chosen"}]},
        ],
    }
    st = with_cards(make_state(3), crossroads=[card, OTHER])
    for sid in [s["id"] for s in st["seats"]]:
        put_survivors(st, [40], owner=sid)
    st["decks"]["crossroads"] = ["companion.needs", "companion.other"]
    st, _ = start_turn(st)
    st, _ = reveal_crossroads(st, "s3")
    listed = legal_actions(st)["table"]["trigger_crossroads"]
    assert listed["needs"] == [[], ["chosen"]]  # option n's at needs[n - 1]
    assert json.loads(json.dumps(listed))["needs"] == listed["needs"]


LOCKER = {
    **CARD,
    "id": "companion.locker",
    "name": "Her Old Locker",
    "options": [
        {"text": "Open it.", "effects": [{"kind": "morale", "amount": 1}]},
        {
            "text": "Heal one of yours at the Grocery Store.",
            "effects": [{"kind": "heal", "target": "chosen", "amount": 1, "at": "grocery"}],
        },
    ],
}
"""Shaped like companion.her-old-locker: option 2 takes a survivor the player controls at one
place."""


def _locker(places):
    """Ana's turn with LOCKER revealed; Ana's survivors stand at ``places``, one each."""
    st = with_cards(make_state(3), crossroads=[LOCKER, OTHER])
    ids = [put_survivors(st, [40 + n], owner="s1", place=p)[0] for n, p in enumerate(places)]
    put_survivors(st, [30], owner="s2", place="grocery")
    st["decks"]["crossroads"] = ["companion.locker", "companion.other"]
    st, _ = start_turn(st)
    st, _ = reveal_crossroads(st, "s3")
    return decisions.refreshed(st), ids


def _trigger(st, **args):
    """trigger_crossroads through the front door, by Ana, answering the open question."""
    key = decisions.question_key("trigger_crossroads", {})
    action = {"type": "trigger_crossroads", "by": "s1", "seed": 1, **args}
    return engine.apply(st, {**action, "decision": decisions.open_id(st, key)})


def test_an_option_naming_a_survivor_at_a_place_lists_only_those_there():
    st, (home, there) = _locker(["colony", "grocery"])
    listed = legal_actions(st)["s1"]["trigger_crossroads"]
    assert listed["option"] == [1, 2] and listed["chosen"] == [there]
    st["settings"]["listed_only"] = True  # the front door takes only what is listed
    with pytest.raises(RuleError) as refused:
        _trigger(st, option=2, chosen=home)
    assert render_error(refused.value) == (
        "Survivor 40 is not at Grocery Store: this card heals a survivor there"
    )
    assert render_error(refused.value, "pt_BR") == (
        "Survivor 40 não está neste lugar: Grocery Store; esta carta cura um sobrevivente de lá"
    )
    with pytest.raises(RuleError, match="not controlled"):
        _trigger(st, option=2, chosen=st["survivors"][2]["id"])  # seat s2's, there
    st["survivors"][1]["wounds"] = 1
    healed, _ = _trigger(st, option=2, chosen=there)
    assert healed["survivors"][1]["wounds"] == 0


def test_an_option_naming_a_survivor_at_a_place_is_not_offered_with_none_there():
    st, _ = _locker(["colony"])
    listed = legal_actions(st)["s1"]["trigger_crossroads"]
    assert listed["option"] == [1] and listed["chosen"] == []
    with pytest.raises(RuleError):
        _trigger(st, option=2, chosen=st["survivors"][0]["id"])
    taken, _ = _trigger(st, option=1)
    assert taken["secrets"]["s3"]["crossroads"] is None


def test_no_card_asks_for_survivors_at_two_different_places():
    """The listed survivors are one list per card: exact while every option naming a chosen
    survivor asks for it at the same place (or any), as every card in cards.db does."""
    with sqlite3.connect(play.CARDS_DB) as db:
        cards = [json.loads(o) for (o,) in db.execute("SELECT options FROM crossroads")]
    assert len(cards) > 50
    for options in cards:
        places = {
            e.get("at")
            for opt in options
            for e in opt.get("effects", [])
            if e.get("target") == "chosen"
        }
        assert len(places) <= 1, options
