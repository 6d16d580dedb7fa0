"""Which source the web side draws its game seeds from: the app's config, else the system's.

A new game gets its ``seed`` from ``store.with_seed`` with this source (the store keeps it, so
a replay rolls the same dice); every later action gets its seed from the store, drawn from the
game's (``store.next_seed``), so a step undone and taken again rolls the same dice, and the
colony preview shows them. With ``RANDOM_SEED`` set in the app's config (an int; a test's config, or
``config.py`` in the data folder) the draws repeat from run to run; without it they come from
the OS (``store.SYSTEM_RANDOM``). Join codes, tokens and keys are credentials, not game draws:
they stay with ``secrets``.
"""

from __future__ import annotations

import random

from flask import current_app

from companion import store

SOURCE = "game_random"
"""Where the app's seeded source is kept (in ``app.extensions``)."""


def source() -> random.Random:
    """The current app's source of game draws: ``Random(RANDOM_SEED)``, else the system's."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    seed = app.config.get("RANDOM_SEED")
    if seed is None:
        return store.SYSTEM_RANDOM
    held = app.extensions.get(SOURCE)
    if held is None or held[0] != seed:
        held = app.extensions[SOURCE] = (seed, random.Random(seed))
    return held[1]
