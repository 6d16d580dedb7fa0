"""Each game's newest head state and table view, kept in this process (engine output only).

After an action every device of the game asks for the same head: its state is decoded and its
``engine.table_view`` worked out once, not once per device. No markup and nothing of one seat's
is kept. A kept head is used only while games.db still gives the game the same creation and
update time, version and head row (one small query per request). States and views are
read-only to their readers (the engine works on copies; templates build their own lists).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from flask import current_app
from sqlite_utils import Database

import companion.engine as engine
from companion import store

GAMES_KEPT = 8
"""How many games keep their newest head here (the ones used most recently)."""

Stamp = tuple[str, str, int, int]


@dataclass
class Kept:
    """One game's head as games.db stamped it, with its table view once worked out."""

    stamp: Stamp
    current: store.Current
    view: dict[str, Any] | None = None


_lock = threading.Lock()
_kept: OrderedDict[tuple[str, str], Kept] = OrderedDict()


def _key(game_id: str) -> tuple[str, str]:
    """The game in this app's games.db."""
    return str(current_app.config["GAMES_DB"]), game_id


def _keep(game_id: str, stamp: Stamp, current: store.Current) -> None:
    """Keep ``current`` as the game's head if ``stamp`` is its own version and head."""
    if stamp[2:] != (current.version, current.head):
        return
    key = _key(game_id)
    with _lock:
        kept = _kept.get(key)
        if kept is None or kept.stamp != stamp:
            _kept[key] = Kept(stamp, current)
        _kept.move_to_end(key)
        while len(_kept) > GAMES_KEPT:
            _kept.popitem(last=False)


def head(db: Database, game_id: str) -> store.Current:
    """The game's head (state, version, head): the kept one while still stored, else read
    and kept (UnknownGame for a game that is not there)."""
    stamp = store.head_stamp(db, game_id)
    with _lock:
        kept = _kept.get(_key(game_id))
        if kept is not None and kept.stamp == stamp:
            return kept.current
    current = store.current(db, game_id)
    _keep(game_id, stamp, current)
    return current


def written(db: Database, game_id: str, result: store.Result) -> store.Current:
    """The head a write just committed, kept for the devices that ask for it next."""
    current = store.Current(result.state, result.version, result.head)
    _keep(game_id, store.head_stamp(db, game_id), current)
    return current


def last_move(game_id: str, current: store.Current) -> dict[str, Any] | None:
    """The undo or redo that made ``current``'s version (store.last_move), else None."""
    moved = store.last_move(store.get_db(), game_id)
    return moved if moved and moved.get("version") == current.version else None


def table_view(game_id: str, current: store.Current) -> dict[str, Any]:
    """``engine.table_view`` of ``current``: worked out once while it is the kept head."""
    key = _key(game_id)
    with _lock:
        kept = _kept.get(key)
        if kept is not None and kept.current is current and kept.view is not None:
            return kept.view
    before = None
    if engine.revealing(current.state) and current.head > 1:  # no spoilers (engine/reveal.py)
        before = store.state_at(store.get_db(), game_id, current.head - 1)
    view = engine.table_view(current.state, before)
    with _lock:
        kept = _kept.get(key)
        if kept is not None and kept.current is current:
            kept.view = view
    return view
