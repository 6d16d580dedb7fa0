"""Dice, coins and shuffles, all drawn from an injected random source.

The engine only ever calls ``rng.randint(a, b)`` and ``rng.shuffle(list)`` on the source it is
given, so ``random.Random(seed)`` works and a test can script exact results.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any, Protocol

from companion.engine.core.errors import Phrase, RuleError, shown
from companion.engine.core.vocabulary import EXPOSURE_ROLL, NOT_CHOSEN
from companion.engine.words.steps import N_

EXPOSURE_FACES: tuple[str, ...] = ("blank",) * 6 + ("wound",) * 4 + ("frostbite", "bite")
"""The 12 faces of the exposure die (base 002 "Rolling for Exposure"): 6 blank, 4 wound,
1 frostbite, 1 bite."""


class Randomness(Protocol):
    """What the engine needs from a random source."""

    def randint(self, a: int, b: int) -> int:
        """Return an integer from a to b inclusive."""
        ...

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Shuffle a list in place."""
        ...


ACTION_DIE_FACES: tuple[int, ...] = tuple(range(1, 7))
"""The faces of an action die."""
NOISE_DICE = ("rolled", "entered")
"""How a game resolves its noise dice (setting ``noise_dice``): rolled by the companion, or
entered from the table's own roll."""
NOISE_COIN_FACES: tuple[int, ...] = (1, 0)
"""A Long Night noise token flipped like a coin (000:490): 1 is "!!!" (a zombie comes), 0 the
blank side, as ``flip_coin`` reads ``randint(0, 1)``."""


NOISE_COIN_SIDES: dict[int, str] = {1: "!!!", 0: "blank"}
"""What each face of a Long Night noise token shows (000:490), as the log's ``coin`` names it."""


def noise_faces(ruleset: str) -> tuple[int, ...]:
    """The faces a noise token can show: an action die's 1-6 in the base game (002:1617), a
    coin's 1 ("!!!") or 0 (blank) in The Long Night (000:490)."""
    return NOISE_COIN_FACES if ruleset == "long_night" else ACTION_DIE_FACES


def noise_face_names(ruleset: str) -> list[int | str]:
    """What each of ``noise_faces`` shows, in its order, for a screen to name it: the die's
    number in the base game, the coin's side ("!!!" or "blank") in The Long Night (000:490)."""
    if ruleset == "long_night":
        return [NOISE_COIN_SIDES[face] for face in NOISE_COIN_FACES]
    return list(ACTION_DIE_FACES)


class Entered:
    """The faces the table rolled, handed out in order as ``randint`` results: a random source
    for the noise tokens only (their count and faces are checked before it is used)."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        """The next face the table entered."""
        return self.faces.pop(0)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Refuse: entered faces roll dice, they shuffle nothing."""
        raise RuleError(N_("this action shuffles cards: give it a seed (or a random source)"))


def roll_d6(rng: Randomness) -> int:
    """Roll one action die (1-6)."""
    return rng.randint(1, 6)


def action_die_face(face: Any) -> int:
    """A face the table entered for an action die (1-6), or raise saying what a die shows."""
    if isinstance(face, bool) or face not in ACTION_DIE_FACES:
        raise RuleError(N_("an action die shows 1 to 6, not {face}"), face=shown(face))
    return face


def spent_die(face: Any, rng: Randomness | None) -> int:
    """The action die spent on an attack: the face the table rolled, or one rolled here (None or
    "roll it here for me"); a die left unchosen is refused, so no roll is recorded unmade."""
    require_a_roll(face, N_("the spent die"))
    if face is None or face == EXPOSURE_ROLL:
        return roll_d6(rng or NO_ROLL)
    return action_die_face(face)


def require_a_roll(face: Any, die: str) -> None:
    """Refuse a die left unchosen (``NOT_CHOSEN``): the table picks the face it rolled or lets
    the companion roll, so no roll is recorded that nobody made."""
    if face == NOT_CHOSEN:
        raise RuleError(
            N_(
                "choose the face {die} shows, or let the companion roll it "
                "(“roll it here for me”): nothing is recorded without a roll"
            ),
            die=Phrase(die),
        )


def flip_coin(rng: Randomness) -> bool:
    """Flip a Long Night noise token like a coin; True means it landed on "!!!"."""
    return rng.randint(0, 1) == 1


def roll_exposure(rng: Randomness) -> str:
    """Roll the exposure die: "blank", "wound", "frostbite" or "bite"."""
    return EXPOSURE_FACES[rng.randint(1, 12) - 1]


class _NoRoll:
    """The random source of an action given none: rolling with it is refused, not a crash."""

    def randint(self, a: int, b: int) -> int:
        """Refuse: this action rolls a die."""
        raise RuleError(N_("this action rolls dice: give it a seed (or a random source)"))

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Refuse: this action shuffles."""
        raise RuleError(N_("this action shuffles cards: give it a seed (or a random source)"))


NO_ROLL: Randomness = _NoRoll()
"""Stands in for a missing random source; entry points use ``rng or NO_ROLL``."""
