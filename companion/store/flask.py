"""Flask glue: one games.db connection per thread, reused by that thread's requests."""

from __future__ import annotations

import sqlite3
import threading
import weakref

from flask import Flask, current_app
from sqlite_utils import Database

from companion.store.schema import connect, open_db

KEEPER = "games_db_keeper"
"""Where ``keep_open`` puts the app's idle connection (in ``app.extensions``)."""

_local = threading.local()


def get_db() -> Database:
    """This thread's connection to the app's games.db (opened on first use).

    A server thread serves one request at a time, so its requests take turns on one connection
    and none pays for opening one (the pragmas of ``connect``: about 0.7 ms). A thread that
    next serves an app with another games.db closes the old connection and opens the new one.
    """
    path = str(current_app.config["GAMES_DB"])
    db = getattr(_local, "db", None)
    if db is None or _local.path != path:
        if db is not None:
            db.close()
        db = connect(path)
        _local.db, _local.path = db, path
    return db


def close_db(exc: BaseException | None = None) -> None:
    """At the end of a request: this thread's connection is left with no transaction open
    (the store's writes commit or roll back themselves; this is the guard behind them)."""
    db = getattr(_local, "db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.execute("ROLLBACK")


def forget_db() -> None:
    """Close this thread's connection, if it has one (the next request opens another)."""
    db = getattr(_local, "db", None)
    _local.db = _local.path = None
    if db is not None:
        db.close()


def init_app(app: Flask) -> None:
    """Migrate games.db once at start-up; each request ends with no transaction open."""
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
