"""The Long Night modules' own setup, as checklist steps for the table (000:708-770).

Each module in play adds its parts to the setup: the Improvements module's 4 face-up cards
(000:712-713), the Bandits' Hideout and the bandit standees (000:725-727), Raxxon's location, its
experiment deck and its side-effect deck (000:767-770). The table does these with the box; the
companion says which, in its own words, one step per part.
"""

from __future__ import annotations

from companion.engine.core.state import State
from companion.engine.core.vocabulary import MODULES
from companion.engine.words.steps import Step, step

MODULE_PARTS: dict[str, tuple[str, ...]] = {
    "improvements": ("module_cards", "improvement_row"),
    "bandits": ("module_cards", "hideout"),
    "raxxon": ("module_cards", "raxxon_location", "experiments", "side_effects"),
}
"""Each module's setup parts in the rulebook's order (000:712-713, 000:725-727, 000:767-770)."""


def module_setup_steps(st: State) -> list[Step]:
    """One ``module_setup`` step per part of each module in play, modules in the book's order."""
    chosen = st["settings"].get("modules", [])
    return [
        step("module_setup", module=module, part=part)
        for module in MODULES
        if module in chosen
        for part in MODULE_PARTS[module]
    ]
