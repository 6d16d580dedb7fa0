"""Flask glue: one games.db connection per request on `g`, closed when the request ends."""

from __future__ import annotations

from flask import Flask, current_app, g
from sqlite_utils import Database

from companion.store.schema import connect, open_db


def get_db() -> Database:
    """This request's connection to games.db (opened on first use)."""
    if "games_db" not in g:
        g.games_db = connect(current_app.config["GAMES_DB"])
    return g.games_db


def close_db(exc: BaseException | None = None) -> None:
    """Close this request's games.db connection, if it opened one."""
    db = g.pop("games_db", None)
    if db is not None:
        db.close()


def init_app(app: Flask) -> None:
    """Migrate games.db once at start-up and close each request's connection afterwards."""
    open_db(app.config["GAMES_DB"]).close()
    app.teardown_appcontext(close_db)
