"""Sentences of the crisis: its card, the bandits it places, the cards added and resolved."""

from __future__ import annotations

from companion.engine.words.fill import (
    Message,
    Names,
    Renderer,
    card,
    card_text,
    join,
    number,
    place,
    place_of,
    symbol,
)
from companion.engine.words.labels import N_
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator

MESSAGES: dict[str, Message] = {
    "crisis_none": N_("No crisis is in play this round; nothing to resolve."),
    "crisis_card_revealed": (
        N_("Card {k}: {symbol} ({points}), total {total}."),
        {"symbol": lambda s, n, tr: symbol(tr, s["symbol"]), "points": number("points")},
    ),
    "crisis_failed": (
        N_("{name} is not prevented ({total} of {target}): {fail_text}"),
        {"name": card("crisis", "name"), "fail_text": card_text("crisis", "fail_text")},
    ),
    "crisis_prevented": (
        N_("{name} is prevented ({total} of {target})."),
        {"name": card("crisis", "name")},
    ),
}
"""Step kinds whose sentence is one message, filled by sentences_fill's convention."""


def _crisis_revealed(s: Step, n: Names, tr: Translator) -> str:
    prevent = join(tr, (symbol(tr, p) for p in s["prevent"]), last="or")
    return tr.ngettext(
        "Crisis: {name}. Prevent it with {prevent}: the colony needs {target} point. If it "
        "fails: {fail_text}",
        "Crisis: {name}. Prevent it with {prevent}: the colony needs {target} points. If it "
        "fails: {fail_text}",
        s["target"],
    ).format(
        name=n.card(s.get("crisis"), s["name"]),
        prevent=prevent,
        target=s["target"],
        fail_text=n.card_text(s.get("crisis"), "fail_text", s["fail_text"]),
    )


def _bandits_rolled(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "This crisis places no bandits; two random locations are rolled: {rolls}."
    ).format(rolls=join(tr, s["rolls"]))


def _bandit_not_placed(s: Step, n: Names, tr: Translator) -> str:
    if s["full"]:
        return tr.gettext("No bandit goes to {place}: every survivor space there is taken.").format(
            place=place(s, n, "location")
        )
    return tr.gettext("No location has the number {number}: that bandit is not placed.").format(
        number=s["number"]
    )


def _crisis_card_added(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{seat_name} adds {count} card face down to the crisis ({total} in all).",
        "{seat_name} adds {count} cards face down to the crisis ({total} in all).",
        s["count"],
    ).format(seat_name=n.seat(s), count=s["count"], total=s["total"])


def _crisis_contribution_private(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "You added {symbols} to the crisis ({total} card in all).",
        "You added {symbols} to the crisis ({total} cards in all).",
        s["total"],
    ).format(symbols=join(tr, (symbol(tr, x) for x in s["symbols"])), total=s["total"])


def _crisis_cards_entered(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "The table adds {count} card face down to the crisis ({total} in all).",
        "The table adds {count} cards face down to the crisis ({total} in all).",
        s["count"],
    ).format(count=s["count"], total=s["total"])


def _crisis_cards_withdrawn(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{seat_name} takes back {count} card from the crisis ({total} left).",
        "{seat_name} takes back {count} cards from the crisis ({total} left).",
        s["count"],
    ).format(seat_name=n.seat(s), count=s["count"], total=s["total"])


def _crisis_resolving(s: Step, n: Names, tr: Translator) -> str:
    shuffled = tr.ngettext(
        "Resolving {name}: {count} card shuffled.",
        "Resolving {name}: {count} cards shuffled.",
        s["count"],
    ).format(name=n.card(s.get("crisis"), s["name"]), count=s["count"])
    needed = tr.ngettext("{target} point needed.", "{target} points needed.", s["target"]).format(
        target=s["target"]
    )
    return f"{shuffled} {needed}"


def _crisis_bonus(s: Step, n: Names, tr: Translator) -> str:
    if s.get("bonus_text"):
        return tr.gettext("Two or more over the target: {bonus_text}").format(
            bonus_text=n.card_text(s.get("crisis"), "bonus_text", s["bonus_text"])
        )
    if s.get("default_bonus"):
        return tr.gettext("Two or more over the target: the colony gains 1 morale.")
    return tr.gettext("Two or more over the target: the crisis card's bonus applies.")


def _bandit_placed(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "A bandit moves into {place} ({bandits} bandit there now).",
        "A bandit moves into {place} ({bandits} bandits there now).",
        s["bandits"],
    ).format(place=place_of("location")(s, n, tr), bandits=s["bandits"])


def _crisis_cards_removed(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "The {count} crisis card is removed from the game.",
        "The {count} crisis cards are removed from the game.",
        s["count"],
    ).format(count=s["count"])


RENDERERS: dict[str, Renderer] = {
    "bandit_placed": _bandit_placed,
    "crisis_revealed": _crisis_revealed,
    "bandits_rolled": _bandits_rolled,
    "bandit_not_placed": _bandit_not_placed,
    "crisis_card_added": _crisis_card_added,
    "crisis_contribution_private": _crisis_contribution_private,
    "crisis_cards_entered": _crisis_cards_entered,
    "crisis_cards_withdrawn": _crisis_cards_withdrawn,
    "crisis_resolving": _crisis_resolving,
    "crisis_bonus": _crisis_bonus,
    "crisis_cards_removed": _crisis_cards_removed,
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""
