"""The Bandits module's steps as sentences (sentences.RENDERERS takes them in)."""

from __future__ import annotations

from companion.engine.words.fill import Message, Names, Renderer, fill, place, place_of
from companion.engine.words.labels import BANDIT_RULES, N_
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator

AT_LOCATION = {"place": place_of("location")}
"""The location a step names by its ``location``."""

MESSAGES: dict[str, Message] = {}
"""Step kinds whose sentence is one message, filled by sentences_fill's convention."""


def _bandits_no_room(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "No location has a free survivor space: the {count} bandit is not placed.",
        "No location has a free survivor space: the {count} bandits are not placed.",
        s["count"],
    ).format(count=s["count"])


def _bandit_leader_decides(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{seat_name} leads the bandits and chooses on their phone where {count} bandit goes.",
        "{seat_name} leads the bandits and chooses on their phone where {count} bandits go.",
        s["count"],
    ).format(seat_name=n.seat(s), count=s["count"])


def _bandits_led(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "The bandit leader, {seat_name}, places {count} bandit.",
        "The bandit leader, {seat_name}, places {count} bandits.",
        s["count"],
    ).format(seat_name=n.seat(s), count=s["count"])


def _bandit_attacked(s: Step, n: Names, tr: Translator) -> str:
    if s["hit"]:
        msgid = N_(
            "{name} attacks a bandit at {place} and rolls {roll} (4 or less): the bandit is "
            "removed ({bandits} left there)."
        )
    else:
        msgid = N_(
            "{name} attacks a bandit at {place} and rolls {roll} (more than 4): the attack misses."
        )
    return fill((msgid, AT_LOCATION), s, n, tr)


def _bandits_stay_home(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "The {count} bandit at the Hideout takes nothing: the Hideout has no search deck.",
        "The {count} bandits at the Hideout take nothing: the Hideout has no search deck.",
        s["count"],
    ).format(count=s["count"])


def _bandits_scavenge(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "Bandits scavenge: draw {count} card from the {place} search deck and put it face up "
        "on the Bandits' Hideout.",
        "Bandits scavenge: draw {count} cards from the {place} search deck and put them face up "
        "on the Bandits' Hideout.",
        s["count"],
    ).format(count=s["count"], place=place(s, n, "location"))


def _hideout_cards(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "The Bandits' Hideout now holds {cards} card.",
        "The Bandits' Hideout now holds {cards} cards.",
        s["cards"],
    ).format(cards=s["cards"])


def _hideout_cards_taken(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{count} card is taken from the Bandits' Hideout ({cards} left).",
        "{count} cards are taken from the Bandits' Hideout ({cards} left).",
        s["count"],
    ).format(count=s["count"], cards=s["cards"])


def _bandit_rules(s: Step, n: Names, tr: Translator) -> str:
    rules = [tr.gettext(BANDIT_RULES[r]) for r in s["rules"] if r in BANDIT_RULES]
    return tr.gettext("Bandit Blitz {chapter}: the bandit rules in play are {rules}.").format(
        chapter=s["chapter"], rules="; ".join(rules)
    )


def _blitz_food_lost(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "The colony's food goes to the bandits: {food} food token is removed from the supply.",
        "The colony's food goes to the bandits: {food} food tokens are removed from the supply.",
        s["food"],
    ).format(food=s["food"])


def _hideout_cards_set(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "Correction: the Bandits' Hideout holds {cards} card.",
        "Correction: the Bandits' Hideout holds {cards} cards.",
        s["cards"],
    ).format(cards=s["cards"])


def _bandits_set(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "Correction: {place} has {bandits} bandit.",
        "Correction: {place} has {bandits} bandits.",
        s["bandits"],
    ).format(place=AT_LOCATION["place"](s, n, tr), bandits=s["bandits"])


RENDERERS: dict[str, Renderer] = {
    "hideout_cards_set": _hideout_cards_set,
    "bandits_set": _bandits_set,
    "bandits_no_room": _bandits_no_room,
    "bandit_leader_decides": _bandit_leader_decides,
    "bandits_led": _bandits_led,
    "bandit_attacked": _bandit_attacked,
    "bandits_stay_home": _bandits_stay_home,
    "bandits_scavenge": _bandits_scavenge,
    "hideout_cards": _hideout_cards,
    "hideout_cards_taken": _hideout_cards_taken,
    "bandit_rules": _bandit_rules,
    "blitz_food_lost": _blitz_food_lost,
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""
