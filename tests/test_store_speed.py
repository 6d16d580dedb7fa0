"""What the speed fixes promise: the log's tail alone, an idle keeper connection, one
translations lookup per request, the heap arena cap (docs/benchmarks.md)."""

from __future__ import annotations

import os
import sqlite3

import pytest
from helpers.toy_store import NEW, toy_apply

from companion import create_app, store
from companion.store import flask as store_flask


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


def wal_of(app) -> str:
    return app.config["GAMES_DB"] + "-wal"


def write_once(app) -> None:
    """One request-like app context that writes, then its thread's connection closes."""
    with app.app_context():
        store.create_game(store.get_db(), "Kept", NEW, apply=toy_apply)
    store_flask.forget_db()


def test_without_a_keeper_the_last_close_folds_the_wal_away(tmp_path):
    app = create_app({"TESTING": True}, data_dir=tmp_path)
    write_once(app)
    assert not os.path.exists(wal_of(app))


def test_a_keeper_keeps_the_wal_so_a_request_close_is_not_the_last(tmp_path):
    app = create_app({"TESTING": True}, data_dir=tmp_path)
    keeper = store_flask.keep_open(app)
    write_once(app)
    assert os.path.getsize(wal_of(app)) > 0
    # It holds no transaction: another connection can checkpoint everything and write.
    other = sqlite3.connect(app.config["GAMES_DB"], isolation_level=None)
    busy, _, _ = other.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    assert busy == 0 and not keeper.in_transaction
    other.execute("BEGIN IMMEDIATE")
    other.execute("ROLLBACK")
    other.close()
    # A second call replaces the first keeper and closes it.
    again = store_flask.keep_open(app)
    with pytest.raises(sqlite3.ProgrammingError):
        keeper.execute("select 1")
    assert app.extensions[store_flask.KEEPER] is again


def test_a_keeper_is_usable_from_another_thread_for_closing(tmp_path):
    import threading

    app = create_app({"TESTING": True}, data_dir=tmp_path)
    keeper = store_flask.keep_open(app)
    errors: list[BaseException] = []

    def close() -> None:
        try:
            keeper.close()
        except BaseException as exc:  # pragma: no cover - what the test is for
            errors.append(exc)

    thread = threading.Thread(target=close)
    thread.start()
    thread.join(5)
    assert errors == []
