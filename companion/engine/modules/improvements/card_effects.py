"""A card's advancement token on an improvement (000:717): the chooser picks which improvement
of the row takes it (board/card_choices.py), unless only one could."""

from __future__ import annotations

from companion.engine.board.card_choices import Ask, Question, chooser, question, register
from companion.engine.board.effects import register_effect
from companion.engine.core.dice import Randomness
from companion.engine.core.state import State
from companion.engine.modules.improvements.rules import (
    advance,
    face_up,
    improvement,
    improvements_in_play,
)
from companion.engine.words.steps import Step, step


def _options(st: State, q: Question) -> list[str]:
    """The improvements in the row, not yet built."""
    return [imp["id"] for imp in face_up(st)]


def _advance(st: State, steps: list[Step], q: Question, answer: str, rng: Randomness) -> bool:
    """One advancement token on the improvement answered; at its number it is built (000:717)."""
    advance(steps, improvement(st, answer), 1)
    return False


register(
    "improvement",
    Ask(
        _options,
        _advance,
        words=lambda st, value: {"kind": "name", "name": improvement(st, value)["name"]},
    ),
)


def _advancement(st: State, steps: list[Step], effect, rng: Randomness, ctx) -> None:
    """A card's advancement tokens, each on an improvement the chooser picks; without the
    module nothing happens (the step says so)."""
    if not improvements_in_play(st):
        steps.append(step("effect_module_missing", module="improvements", source=ctx.source))
        return
    q = question(st, "improvement", chooser(st, ctx.seat), effect, effect["amount"], ctx.carry())
    ctx.ask(st, steps, q, rng)


register_effect("advancement", _advancement)
