"""What every device of a game shares at one version, worked out once in this process.

A game's head state, its table view, the board's markup in each language and the table's
latest log lines depend only on the game and its version (and the language). The first request
at a new version builds them; every other device's request at that version reads them, so an
action costs one board render, not one per table screen. Nothing kept here is changed after it
is made: states and views are read-only to their readers (the engine works on a copy). Each
game keeps its newest version only, and only the games used most recently are kept.

A version names one state only while this process is the one that writes games.db (every write
bumps the version, and ``companion serve`` is the only writer); whatever puts an older file
back in place must call ``Shared.forget_all``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, current_app
from markupsafe import Markup
from sqlite_utils import Database

import companion.engine as engine
from companion import store

EXTENSION = "companion_shared"
GAMES_KEPT = 32
"""How many games keep their newest version here (the ones used most recently)."""
LOG_TAIL = 8
"""How many of the latest log rows are read once per version for every device's "just now"."""
CATALOGUE = "cards"
"""The state's card catalogue: equal in nearly every game, so kept once for all of them."""


@dataclass
class Entry:
    """One game's newest version known here, and what was worked out for it so far."""

    current: store.Current
    parts: dict[Hashable, Any] = field(default_factory=dict)


class Shared:
    """The newest version of recently used games, with their shared parts, behind one lock."""

    def __init__(self, games: int = GAMES_KEPT) -> None:
        self._lock = threading.Lock()
        self._games: OrderedDict[str, Entry] = OrderedDict()
        self._limit = games
        self._catalogue: Any = None

    def head(self, db: Database, game_id: str) -> store.Current:
        """The game's head (state, version, head): kept, or read and kept (UnknownGame)."""
        version, head = store.head_of(db, game_id)
        with self._lock:
            entry = self._games.get(game_id)
            if entry is not None and entry.current[1:] == (version, head):
                self._games.move_to_end(game_id)
                return entry.current
        return self.remember(game_id, store.current(db, game_id))

    def remember(self, game_id: str, current: store.Current) -> store.Current:
        """Keep a head just read or written (an older version than the one kept is not kept)."""
        current = self._with_shared_catalogue(current)
        with self._lock:
            entry = self._games.get(game_id)
            if entry is None or entry.current.version < current.version:
                self._games[game_id] = Entry(current)
                self._games.move_to_end(game_id)
                while len(self._games) > self._limit:
                    self._games.popitem(last=False)
            elif entry.current.version == current.version:
                return entry.current
        return current

    def part(self, game_id: str, current: store.Current, key: Hashable, make: Callable[[], Any]):
        """What ``make()`` gives for the game at ``current``'s version, made once and kept.

        Two devices asking at once may both make it (the same thing); the first one kept stays.
        A version that is not the newest kept is made and not kept.
        """
        with self._lock:
            entry = self._games.get(game_id)
            if entry is not None and entry.current.version == current.version:
                if key in entry.parts:
                    return entry.parts[key]
            else:
                entry = None
        made = make()
        if entry is None:
            return made
        with self._lock:
            return entry.parts.setdefault(key, made)

    def forget(self, game_id: str) -> None:
        """Drop a game (deleted): nothing of it is kept."""
        with self._lock:
            self._games.pop(game_id, None)

    def forget_all(self) -> None:
        """Drop every game: games.db was replaced behind the app's back (a test's restore)."""
        with self._lock:
            self._games.clear()

    def _with_shared_catalogue(self, current: store.Current) -> store.Current:
        """The head with its card catalogue replaced by the equal one already kept, if any."""
        state = current.state
        catalogue = state.get(CATALOGUE)
        if catalogue is None or catalogue is self._catalogue:
            return current
        if catalogue == self._catalogue:
            return store.Current({**state, CATALOGUE: self._catalogue}, *current[1:])
        self._catalogue = catalogue
        return current


def init_app(app: Flask) -> Shared:
    """Give the app its shared parts (once; a second call keeps the first)."""
    return app.extensions.setdefault(EXTENSION, Shared())


def shared() -> Shared:
    """The current app's shared parts."""
    found = current_app.extensions.get(EXTENSION)
    return found if found is not None else init_app(current_app)


def head(db: Database, game_id: str) -> store.Current:
    """The game's head state, version and head, read once per version (UnknownGame)."""
    return shared().head(db, game_id)


def remember(game_id: str, current: store.Current) -> store.Current:
    """Keep the head a write has just committed, for every device's next request."""
    return shared().remember(game_id, current)


def table_view(game_id: str, current: store.Current) -> dict[str, Any]:
    """``engine.table_view`` of the head, built once per version (read-only)."""
    return shared().part(game_id, current, "table_view", lambda: engine.table_view(current.state))


def seat_view(game_id: str, current: store.Current, seat_id: str) -> dict[str, Any]:
    """``engine.seat_view`` of the head for one seat, on the version's shared table view."""
    return engine.seat_view(current.state, seat_id, table=table_view(game_id, current))


def log_tail(db: Database, game_id: str, current: store.Current) -> list[dict[str, Any]]:
    """The latest ``LOG_TAIL`` log rows up to the head, oldest first, read once per version
    (each action as its type alone)."""
    return shared().part(
        game_id,
        current,
        "log_tail",
        lambda: store.log(db, game_id, last=LOG_TAIL, types_only=True),
    )


def part(game_id: str, current: store.Current, key: Hashable, make: Callable[[], Any]) -> Any:
    """Anything else that depends only on the game's version (and what ``key`` names)."""
    return shared().part(game_id, current, key, make)


def markup(game_id: str, current: store.Current, key: Hashable, make: Callable[[], str]) -> Markup:
    """Rendered HTML that depends only on the game's version (and ``key``), kept as UTF-8.

    Python keeps a string with one character past Latin-1 (an arrow, a dash) at two or four
    bytes a character; the bytes take one for nearly all of it, and decoding is cheap.
    """
    kept = shared().part(game_id, current, key, lambda: str(make()).encode("utf-8"))
    return Markup(kept.decode("utf-8"))


def forget(game_id: str) -> None:
    """A game was deleted: drop what is kept of it."""
    shared().forget(game_id)
