"""Cards that act on the crisis pile (002 "Add Card to Crisis"): the companion holds the cards
added, face down, by their symbols. A card may let the active player look at them (shown on
their phone alone), take cards from the pile at random (what they took, on their phone alone),
or have a player add a card from their hand (its symbol answered on that player's phone:
board/card_choices.py, a secret question)."""

from __future__ import annotations

from companion.engine.board.card_choices import Ask, Question, register
from companion.engine.board.effects import register_effect
from companion.engine.core.dice import Randomness
from companion.engine.core.state import State, seat
from companion.engine.core.vocabulary import SYMBOLS
from companion.engine.words.steps import Step, of_seat, step

NO_CARD = "none"
"""The answer of a player with no card to add."""


def _no_crisis(st: State, steps: list[Step], source: str) -> bool:
    """Whether no crisis is out to act on (a step says so)."""
    if st["crisis"] is None:
        steps.append(step("crisis_effect_no_crisis", source=source))
        return True
    return False


def _look(st: State, steps: list[Step], effect, rng: Randomness, ctx) -> None:
    """The active player looks at the crisis cards: their symbols on that phone alone."""
    if _no_crisis(st, steps, ctx.source) or ctx.seat is None:
        return
    pile = st["crisis"]["contributions"]
    steps.append(step("crisis_cards_looked_at", **of_seat(seat(st, ctx.seat)), count=len(pile)))
    steps.append(
        step(
            "crisis_cards_seen",
            private=ctx.seat,
            symbols=[card["symbol"] for card in pile],
            prevent=list(st["crisis"]["prevent"]),
        )
    )


def _take(st: State, steps: list[Step], effect, rng: Randomness, ctx) -> None:
    """The active player takes cards at random from the crisis into their hand; what they took
    is shown on their phone alone."""
    if _no_crisis(st, steps, ctx.source) or ctx.seat is None:
        return
    pile = st["crisis"]["contributions"]
    taken = []
    for _ in range(min(effect["amount"], len(pile))):
        taken.append(pile.pop(rng.randint(0, len(pile) - 1))["symbol"])
    steps.append(
        step(
            "crisis_cards_taken",
            **of_seat(seat(st, ctx.seat)),
            count=len(taken),
            total=len(pile),
        )
    )
    if taken:
        steps.append(step("crisis_cards_taken_private", private=ctx.seat, symbols=taken))


def _card_options(st: State, q: Question) -> list[str]:
    """A symbol for the card the player adds, or none: no card in hand."""
    return [*SYMBOLS, NO_CARD] if st["crisis"] is not None else []


def _add_card(st: State, steps: list[Step], q: Question, answer: str, rng: Randomness) -> bool:
    """The player's card goes face down onto the crisis, by its symbol; the public step names
    the player only."""
    who = seat(st, q["seat"])
    if answer == NO_CARD:
        steps.append(step("crisis_card_none", **of_seat(who), source=q["source"]))
        return False
    pile = st["crisis"]["contributions"]
    pile.append({"seat": who["id"], "symbol": answer})
    steps.append(step("crisis_card_added", **of_seat(who), count=1, total=len(pile)))
    steps.append(
        step("crisis_contribution_private", private=who["id"], symbols=[answer], total=len(pile))
    )
    return False


def _no_crisis_now(st: State, steps: list[Step], q: Question) -> None:
    """No crisis is out: no card can be added."""
    steps.append(step("crisis_effect_no_crisis", source=q["source"]))


def _card_words(st: State, value: str) -> dict[str, str]:
    """A symbol, or "I have no card to add" (a code)."""
    return {"kind": "code" if value == NO_CARD else "symbol"}


register("crisis_card", Ask(_card_options, _add_card, nothing=_no_crisis_now, words=_card_words))
register_effect("crisis_look", _look)
register_effect("crisis_take", _take)
