"""The game's random draws on the web side: seeded from the app's config, else the system's.

A new game gets its ``seed`` here (the store keeps it, so a replay rolls the same dice); every
later action gets its seed from the store, drawn from the game's seed (store.next_seed), so an
undone action taken again rolls the same dice and the colony preview shows them. With
``RANDOM_SEED`` set in the app's config (an int; a test's config, or ``config.py`` in the data
folder) the draws repeat from run to run; without it they come from ``random.SystemRandom``
(the OS's source). Join codes, tokens and keys are credentials, not game draws: they stay with
``secrets``.
"""

from __future__ import annotations

import random
from typing import Any

from flask import current_app

SEED_BITS = 63
"""A seed fits a signed 64-bit SQLite integer and the engine's ``0 <= seed < 2**64``."""
SOURCE = "game_random"
"""Where the app's seeded source is kept (in ``app.extensions``)."""
SYSTEM = random.SystemRandom()


def source() -> random.Random:
    """The current app's source of game draws: ``Random(RANDOM_SEED)``, else the system's."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    seed = app.config.get("RANDOM_SEED")
    if seed is None:
        return SYSTEM
    held = app.extensions.get(SOURCE)
    if held is None or held[0] != seed:
        held = app.extensions[SOURCE] = (seed, random.Random(seed))
    return held[1]


def seed() -> int:
    """A fresh seed for one action (or one preview) from the app's source."""
    return source().getrandbits(SEED_BITS)


def seeded(action: dict[str, Any]) -> dict[str, Any]:
    """A new game with a seed (its own if it carries one, else a fresh one from ``seed()``);
    any other action as it is (the store draws its seed from the game's)."""
    if "seed" in action or action.get("type") != "new_game":
        return action
    return {**action, "seed": seed()}
