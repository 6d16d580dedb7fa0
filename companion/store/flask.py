"""Flask glue: one games.db connection per request on `g`, closed when the request ends."""

from __future__ import annotations

import sqlite3
import weakref

from flask import Flask, current_app, g
from sqlite_utils import Database

from companion.store.schema import connect, open_db

KEEPER = "games_db_keeper"
"""Where ``keep_open`` puts the app's idle connection (in ``app.extensions``)."""


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


def keep_open(app: Flask) -> sqlite3.Connection:
    """Hold one idle connection to the app's games.db for as long as the app lives.

    When the last connection to a WAL database closes, SQLite folds the WAL back into the file,
    fsyncs it and deletes the WAL: with one connection per request, every request after a
    write paid for that. While this one stays open no request's close is the last one, and
    SQLite checkpoints only as the WAL grows (every 1000 pages). It reads once, in autocommit
    mode, to open the WAL, and then holds no transaction, so it blocks no checkpoint or writer;
    no request uses it. ``companion serve`` calls this; tests that swap the file under an app
    do not.
    """
    old = app.extensions.pop(KEEPER, None)
    if old is not None:
        old.close()
    # Closed by whichever thread drops the app last, so not tied to this one.
    keeper = sqlite3.connect(app.config["GAMES_DB"], isolation_level=None, check_same_thread=False)
    keeper.execute("select count(*) from sqlite_master").fetchall()
    app.extensions[KEEPER] = keeper
    weakref.finalize(app, keeper.close)
    return keeper
