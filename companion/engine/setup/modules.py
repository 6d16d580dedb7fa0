"""The Long Night modules' own setup, as checklist steps for the table (000:708-770).

Each module in play adds its parts to the setup, as its ``setup_parts`` hook lists them (the
Improvements module's 4 face-up cards, the Bandits' Hideout, Raxxon's location and decks: each
module's ``SETUP_PARTS`` with its rulebook lines). The table does these with the box; the
companion says which, in its own words, one step per part.
"""

from __future__ import annotations

from companion.engine.core import hooks
from companion.engine.core.state import State
from companion.engine.core.vocabulary import MODULES
from companion.engine.words.steps import Step, step


def module_setup_steps(st: State) -> list[Step]:
    """One ``module_setup`` step per part of each module in play, modules in the book's order,
    each module's parts as its ``setup_parts`` hook lists them."""
    chosen = st["settings"].get("modules", [])
    parts = hooks.merged("setup_parts")
    return [
        step("module_setup", module=module, part=part)
        for module in MODULES
        if module in chosen
        for part in parts.get(module, {})
    ]
