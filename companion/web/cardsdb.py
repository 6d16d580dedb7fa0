"""Where the web finds cards.db: the app's ``CARDS_DB`` (the clone's outside an app)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from flask import current_app, has_app_context
from sqlite_utils import Database

from companion.paths import project_root


def cards_db_path() -> Path | None:
    """This app's cards.db (``CARDS_DB``; the clone's outside an app), or None when it has not
    been built."""
    if has_app_context():
        path = Path(current_app.config["CARDS_DB"])
    else:  # a test building the board preview's sample directly
        path = project_root() / "cards.db"
    return path if path.exists() else None


def open_cards_db() -> Database | None:
    """cards.db opened read-only, or None when it has not been built."""
    path = cards_db_path()
    if path is None:
        return None
    return Database(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True))
