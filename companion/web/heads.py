"""The table view of a game's head, worked out per request from the store (engine output only)."""

from __future__ import annotations

from typing import Any

import companion.engine as engine
from companion import store


def last_move(game_id: str, current: store.Current) -> dict[str, Any] | None:
    """The undo or redo that made ``current``'s version (store.last_move), else None."""
    moved = store.last_move(store.get_db(), game_id)
    return moved if moved and moved.get("version") == current.version else None


def table_view(game_id: str, current: store.Current) -> dict[str, Any]:
    """``engine.table_view`` of ``current``, with the state before it while a reveal is on
    the table (no spoilers: engine/reveal.py)."""
    before = None
    if engine.revealing(current.state) and current.head > 1:
        before = store.state_at(store.get_db(), game_id, current.head - 1)
    return engine.table_view(current.state, before)
