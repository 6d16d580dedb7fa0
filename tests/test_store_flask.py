"""The store's Flask glue: one connection per thread, no transaction left open by a request."""

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


def test_one_connection_per_thread_reused_by_its_next_request(app, tmp_path):
    with app.app_context():
        db = store.get_db()
        assert store.get_db() is db
        game = store.create_game(db, "Via Flask", NEW, apply=toy_apply)
    with app.app_context():
        assert store.get_db() is db
        assert store.current(db, game).head == 1
    seen = []
    thread = threading.Thread(target=lambda: seen.append(in_context(app)))
    thread.start()
    thread.join(10)
    assert seen and seen[0] is not db
    # An app with another games.db: this thread's old connection closes, a new one opens.
    other = Flask(__name__)
    other.config["GAMES_DB"] = str(tmp_path / "other" / "games.db")
    store.init_app(other)
    with other.app_context():
        assert store.get_db() is not db
    with pytest.raises(sqlite3.ProgrammingError):
        db.execute("select 1")
    store_flask.forget_db()


def in_context(app):
    """This thread's connection, from inside an app context."""
    with app.app_context():
        return store.get_db()


def test_a_request_ends_with_no_transaction_open(app):
    with app.app_context():
        db = store.get_db()
        db.conn.execute("BEGIN IMMEDIATE")
    assert not db.conn.in_transaction
    store_flask.forget_db()


def test_a_request_that_never_touches_the_store_opens_nothing(app):
    @app.get("/ping")
    def ping():
        return "pong"

    @app.get("/games")
    def games():
        return {"games": [g["id"] for g in store.list_games(store.get_db())]}

    client = app.test_client()
    assert client.get("/ping").text == "pong"
    assert client.get("/games").json == {"games": []}


def test_the_companion_app_can_take_the_store(tmp_path):
    from companion import create_app

    app = create_app({"TESTING": True, "GAMES_DB": str(tmp_path / "g.db")}, data_dir=tmp_path)
    store.init_app(app)
    with app.app_context():
        assert store.list_games(store.get_db()) == []
    assert (tmp_path / "g.db").exists()
