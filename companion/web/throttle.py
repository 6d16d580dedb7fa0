"""How fast one address may get join codes wrong: five at once, then ten a minute.

A token bucket per address, kept in memory (a restart forgets it, which costs a guesser
nothing worth having: the codes are 8 characters from 32). Each wrong code takes a token; the
bucket holds ``burst`` and refills at ``per_minute``; with no token left the next try waits.
Only wrong codes count, so a phone that types its code right is never slowed.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable

from flask import Flask, current_app

EXTENSION = "companion_join_throttle"
BURST = 5
PER_MINUTE = 10
MAX_ADDRESSES = 4096


class Throttle:
    """Wrong tries per address: ``burst`` freely, then at most ``per_minute`` a minute."""

    def __init__(
        self,
        burst: int = BURST,
        per_minute: int = PER_MINUTE,
        clock: Callable[[], float] = time.monotonic,
        max_addresses: int = MAX_ADDRESSES,
    ) -> None:
        self.burst = burst
        self.per_minute = per_minute
        self.rate = per_minute / 60.0
        self.clock = clock
        self.max_addresses = max_addresses
        self._lock = threading.Lock()
        self._buckets: dict[str, tuple[float, float]] = {}

    def _tokens(self, address: str, now: float) -> float:
        """The tokens ``address`` holds now (a full bucket for an address not seen)."""
        tokens, stamp = self._buckets.get(address, (float(self.burst), now))
        return min(float(self.burst), tokens + (now - stamp) * self.rate)

    def wait(self, address: str) -> int:
        """Whole seconds before ``address`` may try a code again (0: now)."""
        with self._lock:
            tokens = self._tokens(address, self.clock())
        return 0 if tokens >= 1 else math.ceil((1 - tokens) / self.rate)

    def wrong(self, address: str) -> None:
        """``address`` got a code wrong: one token fewer."""
        with self._lock:
            now = self.clock()
            self._buckets[address] = (max(0.0, self._tokens(address, now) - 1), now)
            if len(self._buckets) > self.max_addresses:
                self._forget_some(now)

    def _forget_some(self, now: float) -> None:
        """Drop the addresses whose bucket is full again, else the longest quiet half."""
        full = [a for a in self._buckets if self._tokens(a, now) >= self.burst]
        if not full:
            by_age = sorted(self._buckets, key=lambda a: self._buckets[a][1])
            full = by_age[: len(by_age) // 2]
        for address in full:
            del self._buckets[address]


def init_app(app: Flask, throttle: Throttle | None = None) -> Throttle:
    """Give the app its throttle (``throttle`` replaces it, e.g. one with a test clock)."""
    if throttle is not None:
        app.extensions[EXTENSION] = throttle
    return app.extensions.setdefault(EXTENSION, Throttle())


def throttle() -> Throttle:
    """The current app's throttle."""
    return init_app(current_app)
