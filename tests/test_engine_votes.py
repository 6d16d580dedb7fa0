"""Votes: majority, ties settled by the first player, who may vote."""

from __future__ import annotations

import pytest
from companion.engine.sentences import render_steps
from factory import make_state
from hypothesis import given
from hypothesis import strategies as st_

from companion.engine.core.errors import RuleError
from companion.engine.turns.votes import tally_vote, tie_breaker


def test_majority_up_passes():
    st = make_state(3)
    passed, steps = tally_vote(st, {"s1": False, "s2": True, "s3": True}, subject="a test")
    assert passed is True
    assert steps == [
        {"kind": "vote_tally", "subject": "a test", "up": 2, "down": 1, "passed": True}
    ]
    assert render_steps(steps) == ["Vote on a test: 2 thumbs up, 1 down: it passes."]


def test_majority_down_fails():
    st = make_state(3)
    passed, steps = tally_vote(st, {"s1": True, "s2": False, "s3": False}, subject="a test")
    assert passed is False
    assert [s["kind"] for s in steps] == ["vote_tally"]


@pytest.mark.parametrize("first_vote", [True, False])
def test_tie_goes_the_first_players_way(first_vote):
    st = make_state(4)
    st["first_player"] = "s2"
    votes = {"s1": not first_vote, "s2": first_vote, "s3": first_vote, "s4": not first_vote}
    passed, steps = tally_vote(st, votes, subject="a test")
    assert passed is first_vote
    assert steps[1] == {
        "kind": "vote_tie_broken",
        "breaker": "s2",
        "breaker_name": "Bruno",
        "ruling": False,
        "passed": first_vote,
    }
    verb = "passes" if first_vote else "fails"
    assert render_steps(steps)[1] == f"Bruno, the first player, settles the tie: the vote {verb}."


def test_exiled_first_player_left_neighbour_breaks_tie():
    st = make_state(5)
    st["first_player"] = "s4"
    st["seats"][3]["exiled"] = True  # s4, the first player
    votes = {"s1": False, "s2": False, "s3": True, "s5": True}
    passed, steps = tally_vote(st, votes, subject="a test")
    assert passed is True
    assert steps[1]["breaker"] == "s5" and steps[1]["ruling"] is True
    assert "table ruling" in render_steps(steps)[1]


def test_tie_breaker_wraps_past_the_last_seat():
    st = make_state(3)
    st["first_player"] = "s3"
    st["seats"][2]["exiled"] = True
    assert tie_breaker(st) == ("s1", True)


def test_exiled_voter_rejected():
    st = make_state(3)
    st["seats"][1]["exiled"] = True
    with pytest.raises(RuleError, match="Bruno is exiled and cannot vote"):
        tally_vote(st, {"s1": True, "s2": True, "s3": False}, subject="x")


def test_eliminated_voter_rejected():
    st = make_state(3)
    st["seats"][1]["eliminated"] = True
    with pytest.raises(RuleError, match="Bruno is out of the game"):
        tally_vote(st, {"s1": True, "s2": True, "s3": False}, subject="x")


def test_missing_voter_rejected():
    st = make_state(3)
    with pytest.raises(RuleError, match="still waiting for the vote of Carla"):
        tally_vote(st, {"s1": True, "s2": True}, subject="x")


def test_unknown_seat_and_bad_vote_rejected():
    st = make_state(2)
    with pytest.raises(RuleError, match="unknown seat 's7'"):
        tally_vote(st, {"s1": True, "s2": True, "s7": False}, subject="x")
    with pytest.raises(RuleError, match="must be up"):
        tally_vote(st, {"s1": True, "s2": 1}, subject="x")
    with pytest.raises(RuleError, match="votes must map"):
        tally_vote(st, [("s1", True)], subject="x")


def test_tally_reads_only():
    st = make_state(3)
    before = repr(st)
    tally_vote(st, {"s1": True, "s2": False, "s3": False}, subject="x")
    assert repr(st) == before


@given(st_.lists(st_.booleans(), min_size=2, max_size=5), st_.data())
def test_result_matches_majority_or_first_player(ballots, data):
    st = make_state(len(ballots))
    ids = [s["id"] for s in st["seats"]]
    st["first_player"] = data.draw(st_.sampled_from(ids))
    votes = dict(zip(ids, ballots, strict=True))
    passed, _ = tally_vote(st, votes, subject="x")
    up = sum(ballots)
    down = len(ballots) - up
    expected = up > down if up != down else votes[st["first_player"]]
    assert passed is expected
