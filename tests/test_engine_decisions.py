"""Every open decision has an id in the state; an answer naming one no longer open is refused
with a sentence and changes nothing; answers to one open question all land (issue 27.2)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from factory import SURVIVORS, make_setup

import companion.engine as engine
from companion.engine.core import decisions
from companion.engine.core.errors import RuleError, render_error
from companion.engine.core.saved import from_json

SCHEMA_1_SAVE = Path(__file__).resolve().parent / "data" / "save-schema1.json"
STALE_EN = "too late to {what}: that question was answered or changed meanwhile"
STALE_PT = "tarde demais para {what}: a pergunta já foi respondida ou mudou nesse meio-tempo"


def act(state, seed=1, **action):
    """Apply one action dict (a seed for any roll) and return the new state."""
    return engine.apply(state, {"seed": seed, **action})[0]


def dealt_game(players=3):
    """A new game whose seats keep survivors from a dealt hand."""
    setup = make_setup(players, survivors=SURVIVORS, deal_survivors=True)
    for seat in setup["seats"]:
        seat["survivors"] = []
    return act(None, type="new_game", by="table", setup=setup, seed=7)


def playing(players=3):
    """A game past setup: everyone kept two survivors, the crisis is out, a turn has begun."""
    st = dealt_game(players)
    for s in st["seats"]:
        hand = st["secrets"][s["id"]]["dealt_survivors"]
        st = act(st, type="keep_survivors", by=s["id"], survivors=hand[:2])
    st = act(st, type="reveal_crisis", by="table")
    return act(st, type="start_turn", by="table")


def ids(state, seat_id):
    """The ids of the decisions ``seat_id`` has open, by action type (its phone's view)."""
    return engine.seat_view(state, seat_id)["decisions"][seat_id]


def refused(state, action):
    """The refusal of ``action``, after checking it left ``state`` as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as caught:
        engine.apply(state, {"seed": 1, **action})
    assert state == before
    return caught.value


def test_each_seat_has_its_own_keep_decision_and_the_table_none():
    st = dealt_game()
    keeps = {s["id"]: ids(st, s["id"]) for s in st["seats"]}
    assert all(set(mine) == {"keep_survivors"} for mine in keeps.values())
    assert len({mine["keep_survivors"] for mine in keeps.values()}) == 3
    assert engine.table_view(st)["decisions"] == {"table": {}}
    assert "decisions" not in engine.public_view(st)  # another seat's ids are not shown


def test_keeps_made_from_one_view_all_land_in_any_order():
    st = dealt_game()
    seen = {s["id"]: ids(st, s["id"])["keep_survivors"] for s in st["seats"]}
    for sid in ("s3", "s1", "s2"):
        hand = st["secrets"][sid]["dealt_survivors"]
        st = act(st, type="keep_survivors", by=sid, survivors=hand[:2], decision=seen[sid])
    assert st["phase"] == "player_turns"
    assert not any(ids(st, s["id"]).get("keep_survivors") for s in st["seats"])


def test_a_keep_sent_twice_is_refused_with_a_sentence_in_both_languages():
    st = dealt_game()
    seen = ids(st, "s1")["keep_survivors"]
    hand = st["secrets"]["s1"]["dealt_survivors"]
    keep = {"type": "keep_survivors", "by": "s1", "survivors": hand[:2], "decision": seen}
    after = act(st, **keep)
    exc = refused(after, keep)
    assert exc.template == decisions.STALE
    assert str(exc) == STALE_EN.format(what="keep survivors")
    assert render_error(exc, "pt_BR") == STALE_PT.format(what="ficar com os sobreviventes")


def test_a_vote_keeps_one_id_while_it_is_open_and_every_ballot_lands():
    st = playing()
    active = st["turn"]["seat"]
    target = next(s["id"] for s in st["seats"] if s["id"] != active)
    st = act(st, type="call_exile_vote", by=active, target=target)
    voters = [s["id"] for s in st["seats"] if "cast_vote" in ids(st, s["id"])]
    assert len(voters) == 3
    vote = {ids(st, sid)["cast_vote"] for sid in voters}
    assert len(vote) == 1  # one question, asked of everyone
    (vote,) = vote
    assert engine.table_view(st)["decisions"]["table"] == {"record_votes": vote}
    for sid in voters[:-1]:
        st = act(st, type="cast_vote", by=sid, up=False, decision=vote)
        assert decisions.open_id(st, "pending") == vote  # still the same question
    st = act(st, type="cast_vote", by=voters[-1], up=False, decision=vote)
    assert st["pending"] is None
    exc = refused(st, {"type": "cast_vote", "by": voters[0], "up": True, "decision": vote})
    assert str(exc) == STALE_EN.format(what="cast vote")


def test_another_vote_from_the_same_position_has_another_id():
    """After an undo the counter is the same, but the question is not: its id differs."""
    st = playing()
    active = st["turn"]["seat"]
    first, second = [s["id"] for s in st["seats"] if s["id"] != active]
    one = act(st, type="call_exile_vote", by=active, target=first)
    other = act(st, type="call_exile_vote", by=active, target=second)
    old = ids(one, second)["cast_vote"]
    assert ids(other, second)["cast_vote"] != old
    exc = refused(other, {"type": "cast_vote", "by": second, "up": True, "decision": old})
    assert exc.template == decisions.STALE


def test_a_seat_adding_to_the_crisis_leaves_the_others_ids_alone():
    st = playing()
    active = st["turn"]["seat"]
    others = [s["id"] for s in st["seats"] if s["id"] != active]
    mine = ids(st, active)["contribute_to_crisis"]
    theirs = {sid: decisions.open_id(st, f"crisis:{sid}") for sid in others}
    add = {"type": "contribute_to_crisis", "by": active, "symbols": ["food"], "decision": mine}
    after = act(st, **add)
    assert {sid: decisions.open_id(after, f"crisis:{sid}") for sid in others} == theirs
    assert ids(after, active)["contribute_to_crisis"] != mine
    assert refused(after, add).template == decisions.STALE  # a double tap adds nothing


def test_a_made_up_or_misplaced_decision_is_refused():
    st = playing()
    active = st["turn"]["seat"]
    add = {"type": "contribute_to_crisis", "by": active, "symbols": ["food"]}
    assert refused(st, {**add, "decision": "1-00000000"}).template == decisions.STALE
    assert refused(st, {**add, "decision": 7}).template != decisions.STALE  # not text
    moving = {"type": "end_turn", "by": active, "decision": ids(st, active)["add_survivor"]}
    assert refused(st, moving).template == decisions.STALE  # it answers no question


def test_ids_are_counted_and_stored_with_the_state():
    st = dealt_game()
    record = st["decisions"]
    assert set(record) == {"next", "open"}
    numbers = sorted(int(i.split("-")[0]) for i in record["open"].values())
    assert numbers == list(range(1, record["next"]))
    assert json.loads(json.dumps(st)) == st


def test_an_old_save_without_ids_loads_and_plays():
    """A save made before decisions had ids (schema 1, mid-turn): its phones have no id to
    send until the first action names every open decision; then answers carry them."""
    st = from_json(SCHEMA_1_SAVE.read_text(encoding="utf-8"))
    assert "decisions" not in st
    active, drawer = st["turn"]["seat"], st["turn"]["crossroads_drawer"]
    assert ids(st, active) == {} and ids(st, drawer) == {}
    st = act(st, type="contribute_to_crisis", by=active, symbols=["food"])
    mine = ids(st, active)["contribute_to_crisis"]
    st = act(st, type="reveal_crossroads", by=drawer, decision=ids(st, drawer)["reveal_crossroads"])
    assert st["turn"]["crossroads_revealed"]
    add = {"type": "contribute_to_crisis", "by": active, "symbols": ["fuel"], "decision": mine}
    st = act(st, **add)  # the reveal did not change the crisis question
    assert [c["symbol"] for c in st["crisis"]["contributions"] if c["seat"] == active][-2:] == [
        "food",
        "fuel",
    ]
