"""Each game's head as its devices see it, worked out once per version and shared by them.

The table screen and every phone of a game show the same version: its ``engine.table_view``
and the sentences of its latest log rows are the same for all of them, so the first device
that asks works them out and the others read them. They are held for the latest version of
a few games only, keyed by games.db's path and the game: a version is never reused (every
write bumps it, store/games.py), so a held part is never out of date.

Kept because a measurement needs it: without it every phone works out the whole table view and
its log's sentences again, and the devices' view p95 came out 7 % slower (docs/benchmarks.md).
The heads are held by the app (``app.extensions[EXTENSION]``), so each app has its own.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from flask import Flask, current_app

import companion.engine as engine
from companion import store

GAMES_HELD = 8
"""How many games' heads are held at once (a laptop runs one table; the rest cost little)."""
LOG_ROWS = 8
"""How many of the latest log rows the devices read: a phone shows them all, the table screen
the newest of them (game.RECENT_ROWS)."""

T = TypeVar("T")


@dataclass
class _Head:
    """What is held of one game: its version and the parts worked out for it."""

    version: int
    parts: dict[Hashable, Any] = field(default_factory=dict)


EXTENSION = "heads"
"""Where an app keeps its heads (in ``app.extensions``)."""


@dataclass
class Heads:
    """The heads an app holds: the latest few games', most recently read last."""

    held: OrderedDict[str, _Head] = field(default_factory=OrderedDict)
    lock: threading.Lock = field(default_factory=threading.Lock)


def init_app(app: Flask) -> None:
    """Give the app its own empty heads."""
    app.extensions[EXTENSION] = Heads()


def shared(game_id: str, current: store.Current, part: Hashable, work: Callable[[], T]) -> T:
    """``work()`` for this version of the game, worked out by the first device that asks and
    then read by the others; a version older than the one held is worked out and not held."""
    heads: Heads = current_app.extensions[EXTENSION]
    with heads.lock:
        head = heads.held.get(game_id)
        if head is None or head.version < current.version:
            head = heads.held[game_id] = _Head(current.version)
        heads.held.move_to_end(game_id)
        while len(heads.held) > GAMES_HELD:
            heads.held.popitem(last=False)
        if head.version != current.version:
            head = None
        elif part in head.parts:
            return head.parts[part]
    value = work()
    if head is not None:
        with heads.lock:
            value = head.parts.setdefault(part, value)
    return value


def last_move(game_id: str, current: store.Current) -> dict[str, Any] | None:
    """The undo or redo that made ``current``'s version (store.last_move), else None."""
    moved = store.last_move(store.get_db(), game_id)
    return moved if moved and moved.get("version") == current.version else None


def table_view(game_id: str, current: store.Current) -> dict[str, Any]:
    """``engine.table_view`` of ``current``, with the state before it while a reveal is on
    the table (no spoilers: engine/reveal.py); shared, so never changed by its readers."""

    def work() -> dict[str, Any]:
        before = None
        if engine.revealing(current.state) and current.head > 1:
            before = store.state_at(store.get_db(), game_id, current.head - 1)
        return engine.table_view(current.state, before)

    return shared(game_id, current, "table_view", work)


def log_sentences(
    game_id: str, current: store.Current, rows: int | None, lang: str
) -> list[dict[str, Any]]:
    """The latest ``rows`` log rows (``None``: all), oldest first, each with its ``seq``,
    action ``type``, ``created``, every step (public and private) and each step's sentence in
    ``lang``. Shared by every device: each shows only its ``visible_lines``."""

    def work() -> list[dict[str, Any]]:
        log = store.log(store.get_db(), game_id, last=rows, types_only=True)
        texts = iter(
            engine.render_steps([s for row in log for s in row["steps"]], current.state, lang)
        )
        return [
            {
                "seq": row["seq"],
                "type": row["action"].get("type"),
                "created": row["created"],
                "steps": row["steps"],
                "texts": [next(texts) for _ in row["steps"]],
            }
            for row in log
        ]

    return shared(game_id, current, ("log", rows, lang), work)


def visible_lines(row: dict[str, Any], seat_id: str | None) -> list[tuple[dict[str, Any], str]]:
    """A ``log_sentences`` row's steps that ``seat_id`` may see (None: the table), each with
    its sentence (engine.visible_steps decides)."""
    pairs = zip(row["steps"], row["texts"], strict=True)
    return [(s, text) for s, text in pairs if engine.visible_steps([s], seat_id)]
