"""The Bandits module's steps as sentences (sentences.RENDERERS takes them in).

Each renderer gets the step, the ``Names`` of sentences.py and a ``Translator``; codes turn into
words through labels.py's tables, as everywhere else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.engine.labels import BANDIT_RULES

if TYPE_CHECKING:
    from companion.engine.steps import Step
    from companion.engine.translation import Translator

Names = Any  # sentences.Names (imported there, not here: sentences imports this module)


def _loc(s: Step, n: Names) -> str:
    """The location a step names."""
    return str(n.place(s.get("location"), s.get("location_name", "")))


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
    fields = {
        "name": n.survivor(s),
        "place": _loc(s, n),
        "roll": s["roll"],
        "bandits": s["bandits"],
    }
    if s["hit"]:
        return tr.gettext(
            "{name} attacks a bandit at {place} and rolls {roll} (4 or less): the bandit is "
            "removed ({bandits} left there)."
        ).format(**fields)
    return tr.gettext(
        "{name} attacks a bandit at {place} and rolls {roll} (more than 4): the attack misses."
    ).format(**fields)


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
    ).format(count=s["count"], place=_loc(s, n))


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


def _hideout_cards_set(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Correction: the Bandits' Hideout holds {cards} card(s).").format(
        cards=s["cards"]
    )


def _bandits_set(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Correction: {place} has {bandits} bandit(s).").format(
        place=_loc(s, n), bandits=s["bandits"]
    )


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


RENDERERS = {
    "bandits_no_room": _bandits_no_room,
    "bandit_leader_decides": _bandit_leader_decides,
    "bandits_led": _bandits_led,
    "bandit_attacked": _bandit_attacked,
    "bandits_stay_home": _bandits_stay_home,
    "bandits_scavenge": _bandits_scavenge,
    "hideout_cards": _hideout_cards,
    "hideout_cards_taken": _hideout_cards_taken,
    "hideout_cards_set": _hideout_cards_set,
    "bandits_set": _bandits_set,
    "bandit_rules": _bandit_rules,
    "blitz_food_lost": _blitz_food_lost,
}
"""The Bandits module's step kinds and their sentences."""
