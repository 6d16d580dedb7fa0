"""Flask glue: one games.db connection per server thread, reused by that thread's requests."""

from __future__ import annotations

import threading

from flask import Flask, current_app
from sqlite_utils import Database

from companion.store.schema import connect, open_db

_local = threading.local()


def get_db() -> Database:
    """This thread's connection to the app's games.db (opened on first use, then kept).

    Kept because a measurement needs it (docs/benchmarks.md, issue 27): opening a connection
    per request (the pragmas, the schema read) and closing it (the last close of a WAL file
    checkpoints and syncs it) cost 7-9 ms of server CPU per action at a table of six devices,
    which put the action's CPU over its line. waitress serves each request on one of a fixed
    pool of threads, one request at a time, so the connections are few and never shared. A
    thread that next serves an app with another games.db closes the old one and opens the new.
    """
    path = str(current_app.config["GAMES_DB"])
    db = getattr(_local, "db", None)
    if db is None or _local.path != path:
        if db is not None:
            db.close()
        db = connect(path)
        _local.db, _local.path = db, path
    return db


def end_request(exc: BaseException | None = None) -> None:
    """At the end of a request: its thread's connection is left with no transaction open
    (the store's writes commit or roll back themselves; this is the guard behind them)."""
    db = getattr(_local, "db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.execute("ROLLBACK")


def forget_db() -> None:
    """Close this thread's connection, if it has one (the next request opens another): for a
    caller that replaces games.db under a running app, as the route fuzzer's restore does."""
    db = getattr(_local, "db", None)
    _local.db = _local.path = None
    if db is not None:
        db.close()


def init_app(app: Flask) -> None:
    """Migrate games.db once at start-up; each request ends with no transaction open."""
    open_db(app.config["GAMES_DB"]).close()
    app.teardown_appcontext(end_request)
