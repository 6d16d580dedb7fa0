"""Live updates inside one server process: the newest version of each game, and who waits for it.

Every view that commits a change to a game calls ``committed(game_id, version)``; each open event
stream (companion/web/events.py) waits here for a version newer than the one it last sent. Only
version numbers pass through the hub, never game content. The hub also counts open streams, in
all and by client address, and refuses a device's stream past either limit, so waitress always
keeps threads free for actions and one device cannot take every stream; the laptop's own
streams (loopback) are never refused.
"""

from __future__ import annotations

import threading
import time

from flask import Flask, current_app

EXTENSION = "companion_live"
MIN_THREADS = 8
MIN_SPARE_THREADS = 4
THREADS = 24
"""waitress threads for one table (companion/cli.py says why); the stream limit derives from it."""
PER_ADDRESS = 4
"""Streams one client address may hold: a phone needs one, two while a dropped one lingers."""


def stream_limit(threads: int) -> int:
    """How many streams ``threads`` workers may hold: a sixth of them (at least 4) stay free."""
    if threads < MIN_THREADS:
        raise ValueError(f"at least {MIN_THREADS} threads are needed, got {threads}")
    return threads - max(MIN_SPARE_THREADS, threads // 6)


class Slot:
    """One open stream's place in the hub's count; releasing it twice counts once."""

    def __init__(self, hub: Hub, address: str | None) -> None:
        self._hub = hub
        self._address = address
        self._lock = threading.Lock()
        self._open = True

    def release(self) -> None:
        """Give the place back (the stream's end and the response's close both call this)."""
        with self._lock:
            if not self._open:
                return
            self._open = False
        self._hub._close_stream(self._address)


class Hub:
    """Each game's newest published version, its waiters, and the count of open streams."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._changed: dict[str, threading.Condition] = {}
        self._versions: dict[str, int] = {}
        self._streams = 0
        self._by_address: dict[str, int] = {}
        self._closing = False

    def _condition(self, game_id: str) -> threading.Condition:
        """The condition the waiters of one game sleep on (all share the hub's lock)."""
        condition = self._changed.get(game_id)
        if condition is None:
            condition = self._changed[game_id] = threading.Condition(self._lock)
        return condition

    def publish(self, game_id: str, version: int) -> None:
        """Record a committed version and wake that game's waiters (an older version is ignored)."""
        with self._lock:
            if version <= self._versions.get(game_id, -1):
                return
            self._versions[game_id] = version
            self._condition(game_id).notify_all()

    def version(self, game_id: str) -> int | None:
        """The newest version published for a game in this process (None: nothing yet)."""
        with self._lock:
            return self._versions.get(game_id)

    def wait(self, game_id: str, after: int, timeout: float) -> int | None:
        """Wait up to ``timeout`` seconds for a version newer than ``after``; None if none came."""
        deadline = time.monotonic() + max(0.0, timeout)
        with self._lock:
            condition = self._condition(game_id)
            while True:
                newest = self._versions.get(game_id, -1)
                if newest > after:
                    return newest
                left = deadline - time.monotonic()
                if left <= 0 or self._closing:
                    return None
                condition.wait(left)

    def open_stream(
        self, limit: int, address: str | None = None, per_address: int = PER_ADDRESS
    ) -> Slot | None:
        """Take a place for one more stream, or None when ``limit`` streams are open in all or
        ``per_address`` from ``address``; ``address`` None is the laptop itself, never refused
        (but while the server stops)."""
        with self._lock:
            if self._closing:
                return None
            if address is not None:
                if self._streams >= limit or self._by_address.get(address, 0) >= per_address:
                    return None
                self._by_address[address] = self._by_address.get(address, 0) + 1
            self._streams += 1
        return Slot(self, address)

    def _close_stream(self, address: str | None) -> None:
        with self._lock:
            self._streams -= 1
            if address is not None:
                left = self._by_address.pop(address) - 1
                if left:
                    self._by_address[address] = left

    def held_by(self, address: str) -> int:
        """How many streams one client address holds now."""
        with self._lock:
            return self._by_address.get(address, 0)

    def close_all(self) -> None:
        """The server is stopping: wake every waiter, end every stream, open no new one."""
        with self._lock:
            self._closing = True
            for condition in self._changed.values():
                condition.notify_all()

    @property
    def closing(self) -> bool:
        """Whether the server is stopping (streams end at once)."""
        with self._lock:
            return self._closing

    @property
    def streams(self) -> int:
        """How many streams are open now."""
        with self._lock:
            return self._streams


def init_app(app: Flask) -> Hub:
    """Give the app its hub (once; a second call keeps the first hub)."""
    return app.extensions.setdefault(EXTENSION, Hub())


def hub(app: Flask | None = None) -> Hub:
    """The hub of ``app`` (default: the current app)."""
    app = app or current_app
    found = app.extensions.get(EXTENSION)
    return found if found is not None else init_app(app)


def publish(game_id: str, version: int) -> None:
    """Tell every device watching ``game_id`` on the current app that ``version`` is committed."""
    hub().publish(game_id, version)


def committed(game_id: str, version: int) -> None:
    """Call after a store write (act, undo, redo) has committed: its new version goes live."""
    publish(game_id, version)
