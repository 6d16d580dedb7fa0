"""Cards that act on the Bandits module's pieces: a bandit placed, cards taken from the Hideout
(000:735, 000:755); without the module nothing happens (the step says so)."""

from __future__ import annotations

from companion.engine.board.effects import register_effect, where_places
from companion.engine.core.dice import Randomness
from companion.engine.core.state import State
from companion.engine.modules.bandits.rules import place_bandits, record, rule_on
from companion.engine.words.steps import Step, step


def _bandits(st: State, steps: list[Step], effect, rng: Randomness, ctx) -> None:
    """Bandits placed at the places the effect names, where a survivor space is free (000:735)."""
    if not rule_on(st, "placing"):
        steps.append(step("effect_module_missing", module="bandits", source=ctx.source))
        return
    for place in where_places(st, steps, effect["where"], rng, ctx):
        loc = next((loc for loc in st["locations"] if loc["id"] == place), None)
        if loc is None or not loc.get("number"):
            steps.append(step("effect_place_missing", where=place, source=ctx.source))
            continue
        place_bandits(st, steps, [loc["number"]] * max(effect["amount"], 0))


def _hideout(st: State, steps: list[Step], effect, rng: Randomness, ctx) -> None:
    """Cards onto (or, negative, taken from) the Bandits' Hideout, as many as there are."""
    if not rule_on(st, "hideout"):
        steps.append(step("effect_module_missing", module="bandits", source=ctx.source))
        return
    rec = record(st)
    amount = max(effect["amount"], -rec["hideout_cards"])
    rec["hideout_cards"] += amount
    if amount < 0:
        steps.append(step("hideout_cards_taken", count=-amount, cards=rec["hideout_cards"]))
    elif amount > 0:
        steps.append(step("hideout_cards", added=amount, cards=rec["hideout_cards"]))
    else:
        steps.append(step("hideout_empty", source=ctx.source))


register_effect("bandits", _bandits)
register_effect("hideout", _hideout)
