"""The store's Flask glue: one connection per request, closed at its end with no transaction
left open, and the app's idle connection that keeps a request's close cheap."""

from __future__ import annotations

import sqlite3
import threading

import pytest
from flask import Flask
from helpers.toy_store import NEW, toy_apply

from companion import store
from companion.store import flask as store_flask
from companion.store import schema


@pytest.fixture
def app(tmp_path):
    app = Flask(__name__)
    app.config["GAMES_DB"] = str(tmp_path / "instance" / "games.db")
    store.init_app(app)
    return app


def test_init_app_migrates_the_file_once_at_start(app, tmp_path):
    db = schema.connect(tmp_path / "instance" / "games.db")
    assert schema.applied_migrations(db) == [fn.__name__ for fn in store.MIGRATIONS]
    db.close()


def test_a_request_keeps_one_connection_and_closes_it_at_its_end(app):
    with app.app_context():
        db = store.get_db()
        assert store.get_db() is db
        game = store.create_game(db, "Via Flask", NEW, apply=toy_apply)
    with pytest.raises(sqlite3.ProgrammingError):
        db.execute("select 1")
    with app.app_context():
        second = store.get_db()
        assert second is not db
        assert store.current(second, game).head == 1


def test_each_app_reads_its_own_file(app, tmp_path):
    other = Flask(__name__)
    other.config["GAMES_DB"] = str(tmp_path / "other" / "games.db")
    store.init_app(other)
    with app.app_context():
        store.create_game(store.get_db(), "Here", NEW, apply=toy_apply)
    with other.app_context():
        assert store.list_games(store.get_db()) == []


def test_a_request_closing_its_connection_leaves_the_wal_to_the_idle_one(app, tmp_path):
    """The app's idle connection keeps the WAL file open, so a request's close is never the
    last one (which would checkpoint and sync the file, and remove the -wal file)."""
    wal = tmp_path / "instance" / "games.db-wal"
    with app.app_context():
        store.create_game(store.get_db(), "Kept", NEW, apply=toy_apply)
    assert wal.exists() and wal.stat().st_size > 0
    app.extensions[store_flask.KEEPER].close()
    with app.app_context():
        store.get_db().execute("select 1")
    assert not wal.exists()  # the last close checkpointed the file


def test_requests_of_two_threads_at_once_have_their_own_connections(app):
    barrier = threading.Barrier(2)
    seen = []

    def request() -> None:
        with app.app_context():
            seen.append(store.get_db())
            barrier.wait(10)

    threads = [threading.Thread(target=request) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert len(seen) == 2 and seen[0] is not seen[1]


def test_a_request_left_in_a_transaction_is_rolled_back_at_its_end(app):
    with app.app_context():
        db = store.get_db()
        game = store.create_game(db, "Kept", NEW, apply=toy_apply)
        db.conn.execute("BEGIN IMMEDIATE")
        db.execute("delete from actions where game_id = ?", [game])
    with app.app_context():
        assert store.current(store.get_db(), game).head == 1
        store.get_db().conn.execute("BEGIN IMMEDIATE")  # the write lock was given back
        store.get_db().conn.execute("ROLLBACK")


def test_a_request_that_never_touches_the_store_opens_nothing(app, monkeypatch):
    opened = []

    def counted(path):
        opened.append(path)
        return schema.connect(path)

    monkeypatch.setattr(store_flask, "connect", counted)

    @app.get("/ping")
    def ping():
        return "pong"

    @app.get("/games")
    def games():
        return {"games": [g["id"] for g in store.list_games(store.get_db())]}

    client = app.test_client()
    assert client.get("/ping").text == "pong"
    assert opened == []
    assert client.get("/games").json == {"games": []}
    assert client.get("/games").json == {"games": []}
    assert len(opened) == 2  # one for each request that reads the store


def test_the_companion_app_can_take_the_store(tmp_path):
    from companion import create_app

    app = create_app({"TESTING": True, "GAMES_DB": str(tmp_path / "g.db")}, data_dir=tmp_path)
    store.init_app(app)
    with app.app_context():
        assert store.list_games(store.get_db()) == []
    assert (tmp_path / "g.db").exists()
