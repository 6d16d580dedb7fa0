"""The sentences of the Raxxon module's steps (registered with the module's hooks)."""

from __future__ import annotations

from companion.engine.words.fill import (
    AT_LOCATION,
    Filler,
    Message,
    Names,
    Renderer,
    at_where,
    choice,
    field,
    fill,
    where,
)
from companion.engine.words.labels import N_, NP_
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator


def _faces(values: object) -> str:
    """Die faces as '3 + 5'."""
    return " + ".join(str(v) for v in values) if isinstance(values, list) else ""


def faces(key: str) -> Filler:
    """The step's die faces as '3 + 5'."""
    return lambda s, n, tr: _faces(s[key])


def dice_or_none(key: str) -> Filler:
    """The step's dice as '3 + 5', or 'none'."""
    return lambda s, n, tr: _faces(s[key]) or tr.gettext("none")


def listed(key: str) -> Filler:
    """The step's list of names as 'a, b'."""
    return lambda s, n, tr: ", ".join(s[key])


AT_WHERE = {"at_place": at_where}
"""A special zombie's place with its preposition: 'at colony entrance 3' or 'at' the location."""

MESSAGES: dict[str, Message] = {
    "raxxon_dice_placed": (
        N_("{seat_name} places dice on Raxxon: {faces}. Dice there now: {dice}."),
        {"faces": faces("faces"), "dice": faces("dice")},
    ),
    "experiment_entered": (
        N_("Top Raxxon experiment: containment code {code}; special zombies: {zombies}."),
        {"code": faces("code"), "zombies": listed("zombies")},
    ),
    "containment_experiment_asked": (
        N_(
            "Containment check: enter the top Raxxon experiment (the containment code and the "
            "special zombies on its Audio Log side) to check the dice on Raxxon ({dice})."
        ),
        {"dice": dice_or_none("dice")},
    ),
    "next_experiment_asked": N_(
        "The next Raxxon experiment is on top: enter its containment code and special zombies "
        "now, so the dice on Raxxon can aim at it."
    ),
    "containment_place_asked": N_(
        "Thumbs down: {seat_name} chooses a place (the colony too) where Add Zombies puts 3 "
        "fewer this colony phase."
    ),
    "containment_place_chosen": N_("Add Zombies will put {count} fewer zombies at {place}."),
    "containment_fewer_zombies": N_(
        "Containment: {place} gets {count} zombies instead of {before} (3 fewer, never below 0; "
        "table ruling: off survivors, bandits and noise together)."
    ),
    "special_zombie_placed": N_("Special zombie {zombie} → {where}: placed."),
    "special_zombie_not_placed": N_(
        "Special zombie {zombie} → {where} is full: it is not placed, and the entrance "
        "is defended or overrun as usual."
    ),
    "experiment_encounter": (
        N_("Turn the experiment to its encounter side and put it by the colony ({zombies})."),
        {"zombies": listed("zombies")},
    ),
    "special_zombie_attacked": (
        N_("{name} attacks the special zombie {zombie} {at_place}."),
        AT_WHERE,
    ),
    "encounter_rolled": N_(
        "Encounter die for {zombie}: {roll}. Apply that result of its encounter card."
    ),
    "side_effect_equipped": (
        N_("{name} now carries the side effect {card}; it never comes off."),
        {"card": field("card")},
    ),
    "raxxon_opened": (
        N_("Every barricade leaves {place} (removed: {removed}): survivors may go there now."),
        {**AT_LOCATION, "removed": field("barricades")},
    ),
    "containment_from_round": N_(
        "The containment code counts from round {round}. Draw {experiments} Raxxon experiments "
        "now and place their special zombies, one experiment at a time."
    ),
    # plurals
    "raxxon_dice_removed": (
        NP_("{count} die comes off Raxxon.", "{count} dice come off Raxxon."),
        "count",
    ),
    "raxxon_sealed": (
        NP_(
            "{place}: {barricades} barricade fills its entrance and no survivor may go there.",
            "{place}: {barricades} barricades fill its entrance and no survivor may go there.",
        ),
        "barricades",
        AT_LOCATION,
    ),
}
"""Step kinds whose sentence is one message, filled by words/fill.py's convention."""


def _checked(s: Step, n: Names, tr: Translator) -> str:
    dice = _faces(s["dice"]) or tr.gettext("none")
    if s["match"]:
        text = tr.gettext(
            "Containment check: the dice on Raxxon ({dice}) match the code {code}. Everyone votes."
        )
    else:
        text = tr.gettext(
            "Containment check: the dice on Raxxon ({dice}) do not match the code {code}: the "
            "special zombies come out."
        )
    return text.format(dice=dice, code=_faces(s["code"]))


def _discarded(s: Step, n: Names, tr: Translator) -> str:
    if s["reason"] == "contained":
        return tr.gettext("Thumbs up: discard the experiment; none of its zombies comes out.")
    return tr.gettext(
        "None of its special zombies could be placed: discard the experiment (table ruling)."
    )


def _rolled(s: Step, n: Names, tr: Translator) -> str:
    if s.get("location"):
        return tr.gettext("Special zombie {zombie}: rolled {roll}, {place}.").format(
            k=s["k"], zombie=s["zombie"], roll=s["roll"], place=s["location_name"]
        )
    return tr.gettext(
        "Special zombie {zombie}: rolled {roll}, no location has that number; it is not placed."
    ).format(k=s["k"], zombie=s["zombie"], roll=s["roll"])


def _special_removed(s: Step, n: Names, tr: Translator) -> str:
    if s["left"]:
        msgid = N_("The special zombie {zombie} {at_place} is killed.")
    else:
        msgid = N_(
            "The special zombie {zombie} {at_place} is killed; none of its kind is left, so "
            "discard its encounter card."
        )
    return fill((msgid, AT_WHERE), s, n, tr)


def _special_moved(s: Step, n: Names, tr: Translator) -> str:
    arrival = {"where": s["to"], "entrance": s["to_entrance"], "location_name": s["to_name"]}
    return tr.gettext(
        "Its encounter card moves the special zombie {zombie} from {from_place} to {to_place}."
    ).format(
        zombie=s["zombie"],
        from_place=where(s, n, tr),
        to_place=where(arrival, n, tr),
    )


SIDE_EFFECT_DIE: dict[bool, Message] = {
    True: N_(
        "Side effect die for {name}: {face} (a side effect on {at_most} or less). The first "
        "player picks the side effect card."
    ),
    False: N_("Side effect die for {name}: {face} (a side effect on {at_most} or less): none."),
}
"""side_effect_die's sentence, by whether the face equips a side effect card."""

RENDERERS: dict[str, Renderer] = {
    "side_effect_die": choice(lambda s: bool(s.get("equips")), SIDE_EFFECT_DIE),
    "containment_checked": _checked,
    "experiment_discarded": _discarded,
    "special_zombie_rolled": _rolled,
    "special_zombie_removed": _special_removed,
    "special_zombie_moved": _special_moved,
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""


SETUP_PARTS: dict[str, str] = {
    "module_cards": N_(
        "Raxxon module: the crisis, survivor, crossroads and objective cards with the skull "
        "icon join their decks."
    ),
    "raxxon_location": N_(
        "Raxxon module: put the Raxxon location on the table and build its search deck like "
        "the other locations'."
    ),
    "experiments": N_(
        "Raxxon module: shuffle the Raxxon experiment deck and lay it on Raxxon, audio log side "
        "up; anyone may read the top card's audio log at any time."
    ),
    "side_effects": N_(
        "Raxxon module: put the Raxxon side effect deck beside Raxxon, unshuffled; anyone may "
        "look through it at any time."
    ),
}
"""The module's parts of the table's setup, in the rulebook's order (000:767-770), each with its
sentence (the ``module_setup`` step's ``part``; setup/modules.py)."""
