"""Sentences of the crisis: its card, the bandits it places, the cards added and resolved."""

from __future__ import annotations

from companion.engine.words.fill import (
    AT_LOCATION,
    Message,
    Names,
    Renderer,
    card,
    card_text,
    choice,
    fill,
    join,
    number,
    symbol,
)
from companion.engine.words.labels import N_, NP_
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator

MESSAGES: dict[str, Message] = {
    "bandit_placed": (
        NP_(
            "A bandit moves into {place} ({bandits} bandit there now).",
            "A bandit moves into {place} ({bandits} bandits there now).",
        ),
        "bandits",
        AT_LOCATION,
    ),
    "crisis_none": N_("No crisis is in play this round; nothing to resolve."),
    "crisis_card_revealed": (
        N_("Card {k}: {symbol} ({points}), total {total}."),
        {"symbol": lambda s, n, tr: symbol(tr, s["symbol"]), "points": number("points")},
    ),
    "crisis_prevented": (
        N_("{name} is prevented ({total} of {target})."),
        {"name": card("crisis", "name")},
    ),
    "bandits_rolled": (
        N_("This crisis places no bandits; two random locations are rolled: {rolls}."),
        {"rolls": lambda s, n, tr: join(tr, s["rolls"])},
    ),
    # plurals
    "crisis_card_added": (
        NP_(
            "{seat_name} adds {count} card face down to the crisis ({total} in all).",
            "{seat_name} adds {count} cards face down to the crisis ({total} in all).",
        ),
        "count",
    ),
    "crisis_contribution_private": (
        NP_(
            "You added {symbols} to the crisis ({total} card in all).",
            "You added {symbols} to the crisis ({total} cards in all).",
        ),
        "total",
        {"symbols": lambda s, n, tr: join(tr, (symbol(tr, x) for x in s["symbols"]))},
    ),
    "crisis_effect_no_crisis": N_("{source}: no crisis is out; nothing happens."),
    "crisis_card_none": N_("{seat_name} has no card to add to the crisis."),
    "crisis_cards_looked_at": (
        NP_(
            "{seat_name} looks at the {count} card in the crisis and puts it back face down.",
            "{seat_name} looks at the {count} cards in the crisis and puts them back face down.",
        ),
        "count",
    ),
    "crisis_cards_seen": (
        N_("The crisis cards: {symbols}. It counts {prevent}."),
        {
            "symbols": lambda s, n, tr: (
                join(tr, (symbol(tr, x) for x in s["symbols"])) or tr.gettext("none")
            ),
            "prevent": lambda s, n, tr: join(tr, (symbol(tr, x) for x in s["prevent"])),
        },
    ),
    "crisis_cards_taken": (
        NP_(
            "{seat_name} takes {count} card at random from the crisis into their hand "
            "({total} left).",
            "{seat_name} takes {count} cards at random from the crisis into their hand "
            "({total} left).",
        ),
        "count",
    ),
    "crisis_cards_taken_private": (
        N_("You took {symbols} from the crisis."),
        {"symbols": lambda s, n, tr: join(tr, (symbol(tr, x) for x in s["symbols"]))},
    ),
    "crisis_cards_entered": (
        NP_(
            "The table adds {count} card face down to the crisis ({total} in all).",
            "The table adds {count} cards face down to the crisis ({total} in all).",
        ),
        "count",
    ),
    "crisis_cards_withdrawn": (
        NP_(
            "{seat_name} takes back {count} card from the crisis ({total} left).",
            "{seat_name} takes back {count} cards from the crisis ({total} left).",
        ),
        "count",
    ),
    "crisis_cards_removed": (
        NP_(
            "The {count} crisis card is removed from the game.",
            "The {count} crisis cards are removed from the game.",
        ),
        "count",
    ),
}
"""Step kinds whose sentence is one message, filled by words/fill.py's convention."""


BANDIT_NOT_PLACED: dict[bool, Message] = {
    True: (
        N_("No bandit goes to {place}: every survivor space there is taken."),
        AT_LOCATION,
    ),
    False: N_("No location has the number {number}: that bandit is not placed."),
}
"""bandit_not_placed's sentence, by whether the place was full."""

CRISIS_RESOLVING: tuple[Message, Message] = (
    (
        NP_(
            "Resolving {name}: {count} card shuffled.", "Resolving {name}: {count} cards shuffled."
        ),
        "count",
        {"name": card("crisis", "name")},
    ),
    (NP_("{target} point needed.", "{target} points needed."), "target"),
)
"""crisis_resolving's two sentences: the cards shuffled, the points needed."""


def _crisis_resolving(s: Step, n: Names, tr: Translator) -> str:
    return " ".join(fill(message, s, n, tr) for message in CRISIS_RESOLVING)


def _crisis_bonus(s: Step, n: Names, tr: Translator) -> str:
    if s.get("bonus_text"):
        return tr.gettext("Two or more over the target: {bonus_text}").format(
            bonus_text=n.card_text(s.get("crisis"), "bonus_text", s["bonus_text"])
        )
    if s.get("default_bonus"):
        return tr.gettext("Two or more over the target: the colony gains 1 morale.")
    return tr.gettext("Two or more over the target: the crisis card's bonus applies.")


CRISIS_PREVENT = {
    "name": card("crisis", "name"),
    "prevent": lambda s, n, tr: join(tr, (symbol(tr, p) for p in s["prevent"]), last="or"),
    "fail_text": card_text("crisis", "fail_text"),
}
CRISIS_REVEALED: dict[bool, Message] = {
    True: (
        NP_(
            "Crisis: {name}. Prevent it with {prevent}: the colony needs {target} point. If it "
            "fails: {fail_text}",
            "Crisis: {name}. Prevent it with {prevent}: the colony needs {target} points. If it "
            "fails: {fail_text}",
        ),
        "target",
        CRISIS_PREVENT,
    ),
    False: (
        NP_(
            "Crisis: {name}. Prevent it with {prevent}: the colony needs {target} point.",
            "Crisis: {name}. Prevent it with {prevent}: the colony needs {target} points.",
        ),
        "target",
        CRISIS_PREVENT,
    ),
}
"""crisis_revealed's sentence, by whether the card has a fail text (a typed-in one has none)."""
CRISIS_FAILED: dict[bool, Message] = {
    True: (
        N_("{name} is not prevented ({total} of {target}): {fail_text}"),
        {"name": card("crisis", "name"), "fail_text": card_text("crisis", "fail_text")},
    ),
    False: (
        N_("{name} is not prevented ({total} of {target}): carry out its card by hand."),
        {"name": card("crisis", "name")},
    ),
}
"""crisis_failed's sentence, by whether the card has a fail text (a typed-in one has none)."""


def _has_fail_text(s: Step) -> bool:
    return bool(str(s.get("fail_text") or "").strip())


RENDERERS: dict[str, Renderer] = {
    "crisis_revealed": choice(_has_fail_text, CRISIS_REVEALED),
    "crisis_failed": choice(_has_fail_text, CRISIS_FAILED),
    "bandit_not_placed": choice(lambda s: bool(s["full"]), BANDIT_NOT_PLACED),
    "crisis_resolving": _crisis_resolving,
    "crisis_bonus": _crisis_bonus,
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""
