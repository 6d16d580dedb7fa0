"""What the store's reads promise: the log's tail alone, its types alone, and the caller's head
used only while it is the stored one."""

from __future__ import annotations

import pytest
from helpers.toy_store import NEW, toy_apply

from companion import store


@pytest.fixture
def db(tmp_path):
    database = store.open_db(tmp_path / "games.db")
    yield database
    database.close()


def played(db, actions: int) -> str:
    """A toy game with ``actions`` adds after its setup row."""
    game = store.create_game(db, "Tail", NEW, apply=toy_apply)
    version = 1
    for n in range(actions):
        result = store.act(
            db, game, {"type": "add", "n": n, "by": "table"}, version=version, apply=toy_apply
        )
        version = result.version
    return game


def test_log_last_is_the_tail_of_the_whole_log_oldest_first(db):
    game = played(db, 12)
    whole = store.log(db, game)
    assert [r["seq"] for r in whole] == list(range(1, 14))
    for last in (1, 5, 13, 40):
        assert store.log(db, game, last=last) == whole[-last:]


def test_log_last_stops_at_the_head_after_an_undo(db):
    game = played(db, 4)
    store.undo(db, game, version=5)
    store.undo(db, game, version=6)
    assert [r["seq"] for r in store.log(db, game, last=3)] == [1, 2, 3]
    assert [r["action"].get("n") for r in store.log(db, game, last=2)] == [0, 1]


def test_log_types_only_is_the_log_with_each_action_as_its_type(db):
    game = played(db, 5)
    whole = store.log(db, game)
    brief = store.log(db, game, last=4, types_only=True)
    assert brief == [{**row, "action": {"type": row["action"]["type"]}} for row in whole[-4:]]
    assert brief[-1]["action"] == {"type": "add"} != whole[-1]["action"]


def test_the_store_uses_the_callers_head_only_when_it_is_the_stored_one(db):
    game = played(db, 2)
    head = store.current(db, game)
    seen = []

    def spy(state, action):
        seen.append(state)
        return toy_apply(state, action)

    store.act(db, game, {"type": "add", "n": 9, "by": "table"}, version=3, apply=spy, known=head)
    assert seen[-1] is head.state
    before = store.current(db, game)
    stale = store.Current({"not": "the head"}, before.version, before.head - 1)
    store.act(db, game, {"type": "add", "n": 9, "by": "table"}, version=4, apply=spy, known=stale)
    assert seen[-1] == before.state and "not" not in seen[-1]


def test_log_last_refuses_nonsense_and_unknown_games(db):
    game = played(db, 1)
    with pytest.raises(ValueError):
        store.log(db, game, last=0)
    with pytest.raises(store.UnknownGame):
        store.log(db, "nope", last=3)
