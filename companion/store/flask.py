"""Flask glue: one games.db connection per request, on ``g``, closed when the request ends."""

from __future__ import annotations

from flask import Flask, current_app, g
from sqlite_utils import Database

from companion.store.schema import connect, open_db


def get_db() -> Database:
    """This request's connection to the app's games.db (opened on first use, as in flaskr)."""
    if "db" not in g:
        g.db = connect(current_app.config["GAMES_DB"])
    return g.db


def close_db(exc: BaseException | None = None) -> None:
    """At the end of a request: close its connection, if it opened one (a transaction still
    open there is rolled back; the store's writes commit or roll back themselves)."""
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_app(app: Flask) -> None:
    """Migrate games.db once at start-up; each request's connection closes at its teardown."""
    open_db(app.config["GAMES_DB"]).close()
    app.teardown_appcontext(close_db)
