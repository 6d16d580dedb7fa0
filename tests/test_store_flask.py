"""The store's Flask glue: one connection per request, closed at teardown."""

from __future__ import annotations

import sqlite3

import pytest
from flask import Flask
from helpers.toy_store import NEW, toy_apply

from companion import store
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


def test_one_connection_per_request_closed_at_teardown(app):
    with app.app_context():
        db = store.get_db()
        assert store.get_db() is db
        game = store.create_game(db, "Via Flask", NEW, apply=toy_apply)
    with pytest.raises(sqlite3.ProgrammingError):
        db.execute("select 1")
    with app.app_context():
        other = store.get_db()
        assert other is not db
        assert store.current(other, game).head == 1


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

    app = create_app({"TESTING": True, "GAMES_DB": str(tmp_path / "g.db")})
    store.init_app(app)
    with app.app_context():
        assert store.list_games(store.get_db()) == []
    assert (tmp_path / "g.db").exists()
