"""A crossroads vote card's votes, and an exile vote's votes and destinations, at the front door:
the legal list says who votes and where each leaving survivor may go, and the door refuses any
other value.

Every player in play and not exiled votes, the accused too (002:1821, 002:1764); an exiled
player's colony survivors leave for a location with an empty survivor space (002:1736).
"""

from __future__ import annotations

import pytest
from test_engine_crossroads import VOTE_CARD, in_turn
from test_engine_exile import game as exile_turn

import companion.engine as engine
from companion.engine.core import declare as act
from companion.engine.core.errors import RuleError
from companion.engine.legal import legal_for
from companion.engine.turns.crossroads import reveal_crossroads


def listed_only(st: dict) -> dict:
    """The hand-built state, taking only what the legal list offers (as every new game does)."""
    st["settings"]["listed_only"] = True
    return st


def crossroads_turn(card_id: str | None = None, seats: int = 3) -> dict:
    """Ana's turn, the crossroads card (the plain one by default) revealed by its drawer."""
    st = in_turn(card_id, seats, reveal=False) if card_id else in_turn(seats=seats, reveal=False)
    st, _ = reveal_crossroads(st, st["turn"]["crossroads_drawer"])
    return st


def survivors_of(st: dict, owner: str, place: str = "colony") -> list[str]:
    return [s["id"] for s in st["survivors"] if s["owner"] == owner and s["location"] == place]


# --- a crossroads vote card ------------------------------------------------------------------


def test_a_vote_card_lists_every_player_who_may_vote_and_no_one_else():
    st = listed_only(crossroads_turn(VOTE_CARD["id"], seats=4))
    st["seats"][3]["exiled"] = True
    listed = legal_for(st, "s1")["trigger_crossroads"]
    assert listed["vote"] is True and listed["voters"] == ["s1", "s2", "s3"]
    assert "option" not in listed
    declared = act.REGISTRY["trigger_crossroads"]
    assert act.outside(declared, listed, {"votes": {"s1": True, "s2": False, "s3": True}}) is None
    assert act.outside(declared, listed, {"votes": None}) is None  # the vote opens on the phones


@pytest.mark.parametrize(
    ("votes", "message"),
    [
        ({"s1": True, "s2": False}, "still waiting for the vote of Carla"),
        ({"s1": True, "s2": False, "s3": True, "s4": True}, "Davi is exiled and cannot vote"),
        ({"s1": True, "s2": False, "s3": "yes"}, "true or false"),
        ({}, "still waiting for the vote of Ana, Bruno, Carla"),
    ],
)
def test_a_vote_card_refuses_a_voter_missing_a_non_voter_and_a_value_not_allowed(votes, message):
    st = listed_only(crossroads_turn(VOTE_CARD["id"], seats=4))
    st["seats"][3]["exiled"] = True
    before = engine.to_json(st)
    with pytest.raises(RuleError, match=message):
        engine.apply(st, {"type": "trigger_crossroads", "by": "s1", "votes": votes})
    assert engine.to_json(st) == before


def test_a_card_without_a_vote_lists_no_voters_and_refuses_votes():
    st = listed_only(crossroads_turn())
    listed = legal_for(st, "s1")["trigger_crossroads"]
    assert "voters" not in listed and listed["option"] == [1, 2]
    declared = act.REGISTRY["trigger_crossroads"]
    assert act.outside(declared, listed, {"option": 1, "votes": {"s1": True}}) == (
        "votes",
        {"s1": True},
    )
    with pytest.raises(RuleError, match="not a vote card"):
        engine.apply(
            st, {"type": "trigger_crossroads", "by": "s1", "option": 1, "votes": {"s1": True}}
        )


def test_the_listed_votes_are_taken():
    st = listed_only(crossroads_turn(VOTE_CARD["id"]))
    morale = st["morale"]
    votes = {"s1": True, "s2": True, "s3": False}
    new, steps = engine.apply(st, {"type": "trigger_crossroads", "by": "s1", "votes": votes})
    assert new["morale"] == morale + 1 and steps[0]["kind"] == "vote_tally"


# --- an exile vote ---------------------------------------------------------------------------


def test_an_exile_vote_lists_every_voter_and_where_each_colony_survivor_may_go():
    st = listed_only(exile_turn())
    st["seats"][3]["exiled"] = True
    school = next(loc for loc in st["locations"] if loc["id"] == "school")
    while (
        len([s for s in st["survivors"] if s["location"] == "school"]) < school["survivor_spaces"]
    ):
        st["survivors"].append({**st["survivors"][-1], "id": f"x{len(st['survivors'])}"})
        st["survivors"][-1].update(owner="s3", location="school")
    listed = legal_for(st, "s1")["call_exile_vote"]
    assert listed["voters"] == ["s1", "s2", "s3"]  # the accused votes; an exiled player not
    leaving = listed["destinations"]["s2"]
    assert sorted(leaving) == sorted(survivors_of(st, "s2"))  # not the one at the school
    others = [loc["id"] for loc in st["locations"] if loc["id"] != "school"]
    assert all(sorted(places) == sorted(others) for places in leaving.values())
    assert "colony" not in next(iter(leaving.values()))  # the full school is not listed either


def test_a_player_with_nobody_in_the_colony_lists_an_empty_map():
    st = listed_only(exile_turn())
    for s in st["survivors"]:
        if s["owner"] == "s3":
            s["location"] = "school"
    listed = legal_for(st, "s1")["call_exile_vote"]
    assert listed["destinations"]["s3"] == {}
    declared = act.REGISTRY["call_exile_vote"]
    args = {"caller": "s1", "target": "s3", "destinations": {}}
    assert act.outside(declared, listed, args) is None
    stray = survivors_of(st, "s2")[0]
    args["destinations"] = {stray: "police"}
    assert act.outside(declared, listed, args) == ("destinations", {stray: "police"})


def votes_of(st: dict, vote: bool = True) -> dict[str, bool]:
    return {s["id"]: vote for s in st["seats"] if not s["exiled"]}


def test_the_listed_destinations_are_taken_some_or_all():
    st = listed_only(exile_turn())
    first, second = survivors_of(st, "s2")
    action = {"type": "call_exile_vote", "by": "s1", "caller": "s1", "target": "s2", "seed": 1}
    new, _ = engine.apply(st, {**action, "votes": votes_of(st), "destinations": {first: "police"}})
    assert new["seats"][1]["exiled"] and new["must_leave_colony"] == [second]
    assert next(s for s in new["survivors"] if s["id"] == first)["location"] == "police"
    both = {first: "police", second: "school"}
    new, _ = engine.apply(st, {**action, "votes": votes_of(st), "destinations": both})
    assert not new.get("must_leave_colony")


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("to the colony", "destinations .*colony.*: it is not among the choices now"),
        ("not in the colony", "not one of Bruno's survivors in the colony|not among the choices"),
        ("another player's", "is not Bruno's|not among the choices"),
        ("a full place", "no empty survivor space|not among the choices"),
        ("a voter missing", "still waiting for the vote of Carla"),
        ("a non-voter", "Davi is exiled and cannot vote"),
        ("not a thumb", "true or false"),
    ],
)
def test_an_exile_vote_refuses_what_is_not_listed(case, message):
    st = listed_only(exile_turn())
    st["seats"][3]["exiled"] = True
    first = survivors_of(st, "s2")[0]
    at_school = survivors_of(st, "s2", "school")[0]
    carla = survivors_of(st, "s3")[0]
    police = next(loc for loc in st["locations"] if loc["id"] == "police")
    police["survivor_spaces"] = 0
    votes = votes_of(st)
    destinations = {
        "to the colony": {first: "colony"},
        "not in the colony": {at_school: "school"},
        "another player's": {carla: "school"},
        "a full place": {first: "police"},
    }.get(case, {first: "school"})
    if case == "a voter missing":
        votes.pop("s3")
    if case == "a non-voter":
        votes["s4"] = True
    if case == "not a thumb":
        votes["s2"] = 1
    action = {"type": "call_exile_vote", "by": "s1", "caller": "s1", "target": "s2", "seed": 1}
    before = engine.to_json(st)
    with pytest.raises(RuleError, match=message):
        engine.apply(st, {**action, "votes": votes, "destinations": destinations})
    assert engine.to_json(st) == before
    listed = legal_for(st, "s1")["call_exile_vote"]
    if case in ("to the colony", "not in the colony", "another player's", "a full place"):
        args = {"caller": "s1", "target": "s2", "destinations": destinations}
        found = act.outside(act.REGISTRY["call_exile_vote"], listed, args)
        assert found == ("destinations", destinations)
