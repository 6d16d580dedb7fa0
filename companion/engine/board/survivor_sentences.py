"""Sentences of the tracks, of survivors' wounds and deaths, and of the end of the game."""

from __future__ import annotations

from companion.engine.words.fill import (
    Message,
    Names,
    Renderer,
    choice,
    code,
    fill,
    label,
    reason,
    seat,
)
from companion.engine.words.labels import END_SENTENCES, MORALE_REASONS, N_, NP_, WOUND_NAMES
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator

MESSAGES: dict[str, Message] = {
    "morale_changed": (
        N_("Morale {amount} ({reason}): now {morale}."),
        {"reason": lambda s, n, tr: reason(MORALE_REASONS, s, n, tr, name=n.survivor(s))},
    ),
    "survivor_removed": N_("{name} is removed from the game ({cause}); this is not a death."),
    "leader_promoted": N_("{seat_name} makes {name} the new group leader."),
    "last_survivor_lost": N_(
        "{seat_name} has lost their last survivor: remove every card in their hand from the "
        "game, draw a new survivor, put it in the colony and make it their group leader."
    ),
    "replacement_drawn": N_(
        "{seat_name} has lost their last survivor: remove every card in their hand from the "
        "game. The companion draws {name} from the survivor deck: put them in the colony as "
        "{seat_name}'s new group leader."
    ),
    "player_eliminated": N_(
        "{seat_name} has lost their last survivor and is out of the game (player elimination); "
        "remove every card in their hand from the game."
    ),
    "tie_broken": N_(
        "{names} tie on influence {influence}; the first player chooses. Taken: {chosen}."
    ),
    "wound_added": (
        NP_(
            "{name} takes a {wound} token ({total} wound in all).",
            "{name} takes a {wound} token ({total} wounds in all).",
        ),
        "total",
        {"wound": label(WOUND_NAMES, "wound")},
    ),
}
"""Step kinds whose sentence is one message, filled by words/fill.py's convention."""


def _survivor_died(s: Step, n: Names, tr: Translator) -> str:
    if s["costs_morale"]:
        return fill(N_("{name} dies ({cause})."), s, n, tr)
    return fill(
        (
            N_("{name} dies ({cause}); {owner_name} is exiled, so no morale is lost."),
            {"owner_name": seat("owner", "owner_name")},
        ),
        s,
        n,
        tr,
    )


def _helpless_died(s: Step, n: Names, tr: Translator) -> str:
    if s["unruly"]:
        return fill(N_("An unruly helpless survivor dies ({cause})."), s, n, tr)
    return fill(N_("A helpless survivor dies ({cause})."), s, n, tr)


def _game_ended(s: Step, n: Names, tr: Translator) -> str:
    return code(END_SENTENCES, s["reason"], tr)


def _at_place(s: Step, n: Names, tr: Translator) -> str:
    """'in the colony' or 'at' the location, the preposition in the language's own form."""
    if s["location"] == "colony":
        return tr.gettext("in the colony")
    return tr.gettext("at {place}").format(place=n.place(s["location"], s["location_name"]))


SURVIVOR_ATTACKED: dict[bool, Message] = {
    True: (
        N_(
            "{name} attacks {target_survivor} {at_place} and rolls {roll} ({attack} or less): "
            "{target_survivor} takes a wound, and {seat_name} takes a card at random from "
            "{owner_name}'s hand. No exposure roll."
        ),
        {"at_place": _at_place, "owner_name": seat("owner", "owner_name")},
    ),
    False: (
        N_(
            "{name} attacks {target_survivor} {at_place} and rolls {roll} (more than {attack}): "
            "the attack misses. No exposure roll."
        ),
        {"at_place": _at_place},
    ),
}
"""survivor_attacked's sentence, by whether the attack hits (000:320-322)."""


RENDERERS: dict[str, Renderer] = {
    "survivor_attacked": choice(lambda s: bool(s["hit"]), SURVIVOR_ATTACKED),
    "survivor_died": _survivor_died,
    "helpless_died": _helpless_died,
    "game_ended": _game_ended,
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""
