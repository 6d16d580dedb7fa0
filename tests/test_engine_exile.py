"""Exile: who may call the vote, the exiled objective, leaving the colony, two exiled players."""

from __future__ import annotations

import random

import pytest
from companion.engine.sentences import render_step
from factory import make_state, put_survivors, with_cards

from companion.engine.core.errors import RuleError
from companion.engine.core.state import new_state
from companion.engine.turns.exile import call_exile_vote
from companion.engine.turns.turn import end_turn, start_turn
from companion.engine.turns.votes import cast_vote, record_votes

RNG = random.Random(3)
NORMAL = {"id": "companion.hoarder", "name": "Hoarder", "kind": "normal"}
BETRAYAL = {"id": "companion.mole", "name": "Mole", "kind": "betrayal"}
BANDIT_BETRAYAL = {"id": "companion.raider", "name": "Raider", "kind": "bandit_betrayal"}
EXILED = [
    {"id": "companion.exile-a", "name": "Exile A", "kind": "exiled"},
    {"id": "companion.exile-b", "name": "Exile B", "kind": "exiled"},
]


def game(seats=4, variant="standard"):
    """Ana's turn; Bruno has two survivors in the colony and one at the school."""
    if variant == "standard":
        st = make_state(seats)
    else:
        names = ["Ana", "Bruno", "Carla", "Davi"][:seats]
        st = new_state(variant=variant, seat_names=names)
    with_cards(st, objectives=[NORMAL, BETRAYAL, BANDIT_BETRAYAL, *EXILED])
    for sid in [s["id"] for s in st["seats"]]:
        put_survivors(st, [40 + int(sid[1:])], owner=sid)
        st["secrets"][sid]["objective"] = NORMAL["id"]
    if variant == "standard":
        put_survivors(st, [30], owner="s2")
        put_survivors(st, [20], owner="s2", place="school")
    st["decks"]["exiled_objectives"] = ["companion.exile-a", "companion.exile-b"]
    st, _ = start_turn(st)
    return st


def everyone(st, vote=True, **overrides):
    votes = {s["id"]: vote for s in st["seats"] if not s["exiled"] and not s["eliminated"]}
    votes.update(overrides)
    return votes


def kinds(steps):
    return [s["kind"] for s in steps]


def test_passed_vote_exiles_and_deals_exiled_objective():
    st = game()
    st, steps = call_exile_vote(st, "s1", "s2", everyone(st), RNG)
    bruno = st["seats"][1]
    assert bruno["exiled"] is True
    assert st["secrets"]["s2"]["exiled_objective"] == "companion.exile-a"
    assert st["secrets"]["s2"]["objective"] == NORMAL["id"]
    assert st["decks"]["exiled_objectives"] == ["companion.exile-b"]
    assert st["turn"]["exile_vote_called"] is True
    assert kinds(steps) == [
        "exile_vote_called",
        "vote_tally",
        "player_exiled",
        "exiled_objective_drawn",
        "exiled_objective_secret",
        "exiled_must_move",
    ]
    secret = steps[4]
    assert secret["private"] == "s2" and secret["card"] == "companion.exile-a"
    public = [s for s in steps if "private" not in s]
    assert not any("exile-a" in render_step(s) for s in public)
    assert st["must_leave_colony"] == ["surv-42-1", "surv-30-4"]
    assert render_step(steps[-1]) == (
        "Bruno must still move Survivor 42, Survivor 30 out of the colony to other locations, "
        "rolling for exposure for each."
    )


def test_failed_vote_changes_nothing_but_uses_the_call():
    st = game()
    st, steps = call_exile_vote(st, "s1", "s2", everyone(st, False), RNG)
    assert not st["seats"][1]["exiled"]
    assert kinds(steps) == ["exile_vote_called", "vote_tally", "exile_refused"]
    with pytest.raises(RuleError, match="already called a vote to exile this turn"):
        call_exile_vote(st, "s1", "s3", everyone(st), RNG)


def test_tie_settled_by_first_player():
    st = game()
    votes = everyone(st, False, s1=True, s3=True)  # 2-2, Ana (first player) up
    st, steps = call_exile_vote(st, "s1", "s2", votes, RNG)
    assert st["seats"][1]["exiled"] is True
    assert "vote_tie_broken" in kinds(steps)


def test_destinations_move_survivors_out():
    st = game()
    dest = {"surv-42-1": "police", "surv-30-4": "school"}
    st, steps = call_exile_vote(st, "s1", "s2", everyone(st), RNG, dest)
    where = {s["id"]: s["location"] for s in st["survivors"]}
    assert where["surv-42-1"] == "police" and where["surv-30-4"] == "school"
    assert st["must_leave_colony"] == []
    assert kinds(steps).count("exiled_survivor_moved") == 2
    assert st["turn"]["moved"] == []  # the exile move is not the turn's move
    st, _ = end_turn(st)


def test_destination_must_have_room_and_not_be_the_colony():
    st = game()
    st["locations"][0]["bandits"] = 3  # police: 3 spaces, all taken by bandits
    with pytest.raises(RuleError, match="no empty survivor space"):
        call_exile_vote(st, "s1", "s2", everyone(st), RNG, {"surv-42-1": "police"})
    with pytest.raises(RuleError, match="must leave the colony"):
        call_exile_vote(st, "s1", "s2", everyone(st), RNG, {"surv-42-1": "colony"})
    with pytest.raises(RuleError, match="not one of Bruno's survivors in the colony"):
        call_exile_vote(st, "s1", "s2", everyone(st), RNG, {"surv-20-5": "police"})


def test_turn_cannot_end_until_survivors_have_left():
    st = game()
    st, _ = call_exile_vote(st, "s1", "s2", everyone(st), RNG, {"surv-42-1": "police"})
    assert st["must_leave_colony"] == ["surv-30-4"]
    with pytest.raises(RuleError, match="Survivor 30 must leave the colony first"):
        end_turn(st)
    st["survivors"][4]["location"] = "grocery"  # moved by board.move_survivor
    st, _ = end_turn(st)
    assert st["must_leave_colony"] == []


def test_who_may_call_and_against_whom():
    st = game()
    with pytest.raises(RuleError, match=r"only the active player \(Ana\)"):
        call_exile_vote(st, "s2", "s3", everyone(st), RNG)
    with pytest.raises(RuleError, match="themselves"):
        call_exile_vote(st, "s1", "s1", everyone(st), RNG)
    with pytest.raises(RuleError, match="unknown seat"):
        call_exile_vote(st, "s1", "s9", everyone(st), RNG)
    st["seats"][2]["exiled"] = True
    with pytest.raises(RuleError, match="Carla is already exiled"):
        call_exile_vote(st, "s1", "s3", everyone(st), RNG)


def test_exiled_voter_and_missing_voter_rejected():
    st = game()
    st["seats"][2]["exiled"] = True
    with pytest.raises(RuleError, match="Carla is exiled and cannot vote"):
        call_exile_vote(st, "s1", "s2", {"s1": True, "s2": True, "s3": True, "s4": True}, RNG)
    with pytest.raises(RuleError, match="still waiting for the vote of Davi"):
        call_exile_vote(st, "s1", "s2", {"s1": True, "s2": True}, RNG)


@pytest.mark.parametrize("variant", ["coop", "two_player"])
def test_no_exile_in_coop_games(variant):
    st = game(seats=2, variant=variant)
    with pytest.raises(RuleError, match="no exile"):
        call_exile_vote(st, "s1", "s2", everyone(st), RNG)


def test_two_exiled_non_betrayers_end_the_game():
    st = game()
    st["seats"][2]["exiled"] = True  # Carla, exiled earlier, a normal objective
    st, steps = call_exile_vote(st, "s1", "s2", everyone(st), RNG)
    assert st["morale"] == 0
    assert st["ended"] == {"reason": "two_exiled", "winners": None}
    assert st["phase"] == "ended"
    assert kinds(steps)[-2:] == ["morale_changed", "game_ended"]
    assert steps[-2]["amount"] == -6
    assert "exiled_must_move" not in kinds(steps)


@pytest.mark.parametrize("kind", ["betrayal", "bandit_betrayal"])
def test_a_betrayer_among_the_two_exiled_changes_nothing(kind):
    st = game()
    st["seats"][2]["exiled"] = True
    st["secrets"]["s3"]["objective"] = {"betrayal": BETRAYAL, "bandit_betrayal": BANDIT_BETRAYAL}[
        kind
    ]["id"]
    st, steps = call_exile_vote(st, "s1", "s2", everyone(st), RNG)
    assert st["ended"] is None and st["morale"] == 6
    assert "game_ended" not in kinds(steps)


def test_vote_opened_without_votes_is_cast_on_the_phones():
    st = game()
    st["seats"][2]["exiled"] = True  # Carla cannot vote (a betrayer: the game goes on)
    st["secrets"]["s3"]["objective"] = BETRAYAL["id"]
    dest = {"surv-42-1": "police"}
    st, steps = call_exile_vote(st, "s1", "s2", destinations=dest)
    assert kinds(steps) == ["exile_vote_called", "vote_opened"]
    assert steps[1]["voters"] == ["s1", "s2", "s4"]
    assert st["pending"] == {
        "kind": "vote",
        "seat": None,
        "subject": "exile",
        "votes": {},
        "target": "s2",
        "destinations": dest,
    }
    assert st["turn"]["exile_vote_called"] is True and not st["seats"][1]["exiled"]
    with pytest.raises(RuleError, match="Carla may not vote"):
        cast_vote(st, "s3", True)
    st, steps = cast_vote(st, "s2", False)
    assert steps == [{"kind": "vote_cast", "seat": "s2", "seat_name": "Bruno", "subject": "exile"}]
    st, _ = cast_vote(st, "s4", True)
    assert not st["seats"][1]["exiled"] and st["pending"]["votes"] == {"s2": False, "s4": True}
    # The last vote in settles it, 2 to 1, and the destinations given with the call apply.
    st, steps = cast_vote(st, "s1", True)
    assert st["pending"] is None and st["seats"][1]["exiled"] is True
    assert kinds(steps)[:3] == ["vote_cast", "vote_tally", "player_exiled"]
    assert steps[1]["up"] == 2 and steps[1]["down"] == 1
    assert next(s for s in st["survivors"] if s["id"] == "surv-42-1")["location"] == "police"
    assert st["must_leave_colony"] == ["surv-30-4"]


def test_opened_exile_vote_recorded_by_the_table():
    st, _ = call_exile_vote(game(), "s1", "s2")
    with pytest.raises(RuleError, match="still waiting for the vote of"):
        record_votes(st, {"s1": True})
    st, steps = record_votes(st, {"s1": False, "s2": False, "s3": False, "s4": True})
    assert kinds(steps) == ["vote_tally", "exile_refused"]
    assert st["pending"] is None and not st["seats"][1]["exiled"]
    with pytest.raises(RuleError, match="no vote is open"):
        record_votes(st, {"s1": False, "s2": False, "s3": False, "s4": True})


def test_caller_state_untouched():
    st = game()
    before = repr(st)
    call_exile_vote(st, "s1", "s2", everyone(st), RNG)
    assert repr(st) == before
