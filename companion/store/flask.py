"""Flask glue: one games.db connection per request, kept on ``g`` and closed at its end."""

from __future__ import annotations

from flask import Flask, current_app, g
from sqlite_utils import Database

from companion.store.schema import connect, open_db

KEEPER = "games_db_keeper"
"""Where the app keeps its idle connection to games.db (in ``app.extensions``)."""


def get_db() -> Database:
    """This request's connection to the app's games.db, opened on first use."""
    if "db" not in g:
        g.db = connect(current_app.config["GAMES_DB"])
    return g.db


def close_db(exc: BaseException | None = None) -> None:
    """Close the request's connection, rolling back a transaction left open (the store's writes
    commit or roll back themselves, so every answered action is already on disk)."""
    db = g.pop("db", None)
    if db is None:
        return
    try:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")
    finally:
        db.close()


def init_app(app: Flask) -> None:
    """Migrate games.db once at start-up and keep that connection open, idle, while the app
    lives (``app.extensions[KEEPER]``): a request's close is then never the WAL file's last, which
    would checkpoint and sync it (docs/store.md). Each request closes its own at its end."""
    app.extensions[KEEPER] = open_db(app.config["GAMES_DB"])
    app.teardown_appcontext(close_db)
