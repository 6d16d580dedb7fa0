"""Cards that act on the Raxxon module's pieces: a die rolled for a survivor who took something
of Raxxon's, and on a low face a side effect card equipped to that survivor (the pill's steps,
000:780-784). Without the module nothing happens (the step says so).

The die is the active player's: they enter the face the table rolled, or let the companion
roll it (with the action's seeded source, so an undo and the same answer give the same face).
On a face up to the card's ``at_most`` the first player picks the side effect card from the
box's Raxxon side effect deck and names it (the companion does not hold that deck): it is
equipped to the survivor and never comes off (000:784, ``side_effects_never_come_off``).
"""

from __future__ import annotations

from typing import Any

from companion.engine.board.card_choices import (
    Ask,
    Question,
    ask_or_take,
    chooser,
    question,
    register,
)
from companion.engine.board.effects import effect_targets, register_effect
from companion.engine.core.dice import ACTION_DIE_FACES, Randomness, roll_d6
from companion.engine.core.state import State, survivor
from companion.engine.core.vocabulary import EXPOSURE_ROLL
from companion.engine.modules.raxxon.rules import _name, record, side_effects_never_come_off
from companion.engine.words.steps import Step, of_survivor, step

DIE_ANSWERS: tuple[str, ...] = (*(str(face) for face in ACTION_DIE_FACES), EXPOSURE_ROLL)
"""The die's answers: the face the table rolled, or "roll" (the companion rolls it)."""


def _die_options(st: State, q: Question) -> list[str]:
    """Every face of the die, and the companion's roll."""
    return list(DIE_ANSWERS) if _carrier(st, q) is not None else []


def _carrier(st: State, q: Question) -> dict[str, Any] | None:
    """The survivor the die is rolled for, while still in play."""
    return next((s for s in st["survivors"] if s["id"] == q["survivor"]), None)


def _die_rolled(st: State, steps: list[Step], q: Question, answer: str, rng: Randomness) -> bool:
    """The die's face (entered or rolled here); up to ``at_most`` the first player names the
    side effect card to equip."""
    rolled = answer == EXPOSURE_ROLL
    face = roll_d6(rng) if rolled else int(answer)
    person = survivor(st, q["survivor"])
    equips = face <= q["effect"]["at_most"]
    steps.append(
        step(
            "side_effect_die",
            **of_survivor(person),
            face=face,
            rolled=rolled,
            equips=equips,
            at_most=q["effect"]["at_most"],
            source=q["source"],
        )
    )
    if not equips:
        return False
    carry = {k: q[k] for k in ("later", "context", "source", "source_card")}
    follow = question(
        st, "side_effect_card", st["first_player"], q["effect"], 1, carry, survivor=person["id"]
    )
    return ask_or_take(st, steps, follow, rng)


def _die_words(st: State, value: str) -> dict[str, Any]:
    """A face as its number; the companion's roll as words of ours."""
    return {"kind": "code"} if value == EXPOSURE_ROLL else {"kind": "name", "name": value}


def _no_carrier(st: State, steps: list[Step], q: Question) -> None:
    """The survivor left play before the die: nothing is rolled."""
    steps.append(step("effect_no_target", target=q["effect"]["target"], source=q["source"]))


def _card_named(st: State, q: Question, answer: str) -> str:
    """The side effect card the first player names, checked: a name, not one a survivor in
    play already carries."""
    name = _name(answer)
    side_effects_never_come_off(st, name)
    return name


def _equip(st: State, steps: list[Step], q: Question, answer: str, rng: Randomness) -> bool:
    """The named side effect card is equipped to the survivor (000:784)."""
    person = survivor(st, q["survivor"])
    record(st)["side_effects"].setdefault(person["id"], []).append(answer)
    steps.append(step("side_effect_equipped", **of_survivor(person), card=answer))
    return False


register(
    "side_effect_die",
    Ask(_die_options, _die_rolled, nothing=_no_carrier, words=_die_words),
)
register("side_effect_card", Ask(lambda st, q: [], _equip, typed=_card_named))


def _side_effect_roll(st: State, steps: list[Step], effect, rng: Randomness, ctx) -> None:
    """A die for the survivor the effect names (its first: one survivor takes the pill), the
    active player's to enter or have rolled; on a face up to ``at_most``, a side effect card
    for that survivor."""
    if not isinstance(st.get("raxxon"), dict):
        steps.append(step("effect_module_missing", module="raxxon", source=ctx.source))
        return
    named = effect_targets(st, steps, effect, ctx)
    if not named:
        steps.append(step("effect_no_target", target=effect["target"], source=ctx.source))
        return
    who = chooser(st, ctx.seat)
    q = question(st, "side_effect_die", who, effect, 1, ctx.carry(), survivor=named[0])
    ctx.ask(st, steps, q, rng)


register_effect("side_effect_roll", _side_effect_roll)
