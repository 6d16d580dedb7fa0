"""The Bandits module's steps as sentences (sentences.RENDERERS takes them in)."""

from __future__ import annotations

from companion.engine.words.fill import AT_LOCATION, Message, Names, Renderer, choice
from companion.engine.words.labels import BANDIT_RULES, N_, NP_
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator

MESSAGES: dict[str, Message] = {
    "hideout_cards_set": (
        NP_(
            "Correction: the Bandits' Hideout holds {cards} card.",
            "Correction: the Bandits' Hideout holds {cards} cards.",
        ),
        "cards",
    ),
    "bandits_set": (
        NP_(
            "Correction: {place} has {bandits} bandit.",
            "Correction: {place} has {bandits} bandits.",
        ),
        "bandits",
        AT_LOCATION,
    ),
    "bandits_skipped": N_(
        "This crisis card has no bandit placement and the table plays this round without "
        "bandits: none are placed (000:737)."
    ),
    # plurals
    "bandits_by_the_card": (
        NP_(
            "This crisis card names its bandit placement, so its {count} bandit is placed all the "
            "same: a round without bandits is only for a card without one (000:737).",
            "This crisis card names its bandit placement, so its {count} bandits are placed all "
            "the same: a round without bandits is only for a card without one (000:737).",
        ),
        "count",
    ),
    "bandits_no_room": (
        NP_(
            "No location has a free survivor space: the {count} bandit is not placed.",
            "No location has a free survivor space: the {count} bandits are not placed.",
        ),
        "count",
    ),
    "bandit_leader_decides": (
        NP_(
            "{seat_name} leads the bandits and chooses on their phone where {count} bandit goes.",
            "{seat_name} leads the bandits and chooses on their phone where {count} bandits go.",
        ),
        "count",
    ),
    "bandits_led": (
        NP_(
            "The bandit leader, {seat_name}, places {count} bandit.",
            "The bandit leader, {seat_name}, places {count} bandits.",
        ),
        "count",
    ),
    "bandits_stay_home": (
        NP_(
            "The {count} bandit at the Hideout takes nothing: the Hideout has no search deck.",
            "The {count} bandits at the Hideout take nothing: the Hideout has no search deck.",
        ),
        "count",
    ),
    "bandits_scavenge": (
        NP_(
            "Bandits scavenge: draw {count} card from the {place} search deck and put it face up "
            "on the Bandits' Hideout.",
            "Bandits scavenge: draw {count} cards from the {place} search deck and put them face "
            "up on the Bandits' Hideout.",
        ),
        "count",
        AT_LOCATION,
    ),
    "hideout_cards": (
        NP_(
            "The Bandits' Hideout now holds {cards} card.",
            "The Bandits' Hideout now holds {cards} cards.",
        ),
        "cards",
    ),
    "blitz_food_lost": (
        NP_(
            "The colony's food goes to the bandits: {food} food token is removed from the supply.",
            "The colony's food goes to the bandits: {food} food tokens are removed from the "
            "supply.",
        ),
        "food",
    ),
}
"""Step kinds whose sentence is one message, filled by words/fill.py's convention."""


BANDIT_ATTACKED: dict[bool, Message] = {
    True: (
        N_(
            "{name} attacks a bandit at {place} and rolls {roll} (4 or less): the bandit is "
            "removed ({bandits} left there)."
        ),
        AT_LOCATION,
    ),
    False: (
        N_("{name} attacks a bandit at {place} and rolls {roll} (more than 4): the attack misses."),
        AT_LOCATION,
    ),
}
"""bandit_attacked's sentence, by whether the attack hits."""


def _bandit_rules(s: Step, n: Names, tr: Translator) -> str:
    rules = [tr.gettext(BANDIT_RULES[r]) for r in s["rules"] if r in BANDIT_RULES]
    return tr.gettext("Bandit Blitz {chapter}: the bandit rules in play are {rules}.").format(
        chapter=s["chapter"], rules="; ".join(rules)
    )


BLITZ_RUNS_HOME: dict[bool, Message] = {
    True: N_(
        "{name}, the human survivor with the lowest influence, is shot while running from "
        "the bandits and takes a wound."
    ),
    False: N_(
        "{name}, the human survivor with the lowest influence, runs from the bandits and "
        "takes no wound: they already have {wounds}."
    ),
}
"""B1's completion (000:966): the survivor who runs home, wounded or not."""


HIDEOUT_TAKEN: dict[bool, Message] = {
    True: (
        NP_(
            "{name} takes {count} card from the Bandits' Hideout ({cards} left).",
            "{name} takes {count} cards from the Bandits' Hideout ({cards} left).",
        ),
        "count",
    ),
    False: (
        NP_(
            "{count} card is taken from the Bandits' Hideout ({cards} left).",
            "{count} cards are taken from the Bandits' Hideout ({cards} left).",
        ),
        "count",
    ),
}
"""hideout_cards_taken's sentence: with the survivor who took them (steps before they were
named have none)."""


RENDERERS: dict[str, Renderer] = {
    "bandit_attacked": choice(lambda s: bool(s["hit"]), BANDIT_ATTACKED),
    "hideout_cards_taken": choice(lambda s: bool(s.get("survivor")), HIDEOUT_TAKEN),
    "blitz_runs_home": choice(lambda s: bool(s["wounded"]), BLITZ_RUNS_HOME),
    "bandit_rules": _bandit_rules,
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""


SETUP_PARTS: dict[str, str] = {
    "module_cards": N_(
        "Bandits module: the crisis, survivor, crossroads and objective cards with the bandit "
        "icon join their decks."
    ),
    "hideout": N_(
        "Bandits module: put the Bandits' Hideout location on the table (it has no search "
        "deck) and the bandit standees beside it."
    ),
}
"""The module's parts of the table's setup, in the rulebook's order (000:725-727), each with its
sentence (the ``module_setup`` step's ``part``; setup/modules.py)."""
