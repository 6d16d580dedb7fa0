"""The store's Flask glue: one connection per server thread, kept between its requests, and no
transaction left open at a request's end."""

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


def test_a_thread_keeps_its_connection_from_one_request_to_the_next(app):
    with app.app_context():
        db = store.get_db()
        assert store.get_db() is db
        game = store.create_game(db, "Via Flask", NEW, apply=toy_apply)
    with app.app_context():
        assert store.get_db() is db
        assert store.current(db, game).head == 1


def test_a_thread_that_serves_another_file_closes_the_old_connection(app, tmp_path):
    other = Flask(__name__)
    other.config["GAMES_DB"] = str(tmp_path / "other" / "games.db")
    store.init_app(other)
    with app.app_context():
        first = store.get_db()
    with other.app_context():
        second = store.get_db()
        assert second is not first
        assert store.list_games(second) == []
    with pytest.raises(sqlite3.ProgrammingError):
        first.execute("select 1")


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
    assert len(opened) == 1


def test_the_companion_app_can_take_the_store(tmp_path):
    from companion import create_app

    app = create_app({"TESTING": True, "GAMES_DB": str(tmp_path / "g.db")}, data_dir=tmp_path)
    store.init_app(app)
    with app.app_context():
        assert store.list_games(store.get_db()) == []
    assert (tmp_path / "g.db").exists()
