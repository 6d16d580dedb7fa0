"""Sentences of the board: adding zombies, exposure and the spreading bite, the board's actions
and the search."""

from __future__ import annotations

from typing import Any

from companion.engine.words.fill import (
    AT_LOCATION,
    Message,
    Names,
    Renderer,
    choice,
    fill,
    label,
    place_of,
    reason,
    seat,
)
from companion.engine.words.labels import (
    COUNTER_NAMES,
    EXPOSURE_FACES,
    N_,
    NP_,
    SKIP_REASONS,
    WOUND_NAMES,
    ZOMBIE_REASONS,
)
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator

MESSAGES: dict[str, Message] = {
    # adding zombies
    "zombie_placed": N_("Zombie {k} → {where}: placed."),
    "overrun_nobody": N_("Nobody is there to be killed; the zombie is not placed."),
    "special_zombies_stay": (
        N_("Special zombies do not follow an attract (000:805); still at {where}: {zombies}."),
        {"zombies": lambda s, n, tr: ", ".join(s["zombies"])},
    ),
    # exposure and the spreading bite
    "exposure_skipped": (
        N_("{name} does not roll for exposure ({reason})."),
        {"reason": label(SKIP_REASONS, "reason")},
    ),
    "bite_stops_nobody": N_("Nobody is left at {place}: the bite stops spreading."),
    "bite_kill_chosen": N_("{name} is killed to stop the bite from spreading."),
    "bite_survived": N_("{name} survives, and the bite stops spreading."),
    # the board's actions
    "barricade_added": N_("A barricade goes up at {where}."),
    "barricade_removed": N_("A barricade comes off {where}."),
    "trap_added": N_("An explosive trap is set at {where}."),
    "trap_removed": N_("An explosive trap is taken off {where} without going off."),
    "helpless_not_added": N_(
        "{seat_name} is exiled: the helpless survivors they would bring are not added."
    ),
    "wound_healed": (
        N_("{name} loses a {wound} token."),
        {"wound": label(WOUND_NAMES, "wound")},
    ),
    "despair_removed": N_("{name} loses a despair token."),
    "survivor_added": N_("{name} joins {seat_name}'s group at {place}."),
    "counter_set": (
        N_("Table correction: {counter} set from {old} to {value}."),
        {"counter": label(COUNTER_NAMES, "counter")},
    ),
    # plurals
    "zombies_to_add": (
        NP_(
            "{count} zombie to add at {place} ({reason}).",
            "{count} zombies to add at {place} ({reason}).",
        ),
        "count",
        {"reason": lambda s, n, tr: reason(ZOMBIE_REASONS, s, n, tr)},
    ),
    "bandits_removed": (
        NP_(
            "The overrun drives off {count} bandit at {place}.",
            "The overrun drives off {count} bandits at {place}.",
        ),
        "count",
        AT_LOCATION,
    ),
    "noise_added": (
        NP_(
            "{count} noise token placed at the {place} ({noise} of 4 there now).",
            "{count} noise tokens placed at the {place} ({noise} of 4 there now).",
        ),
        "count",
        AT_LOCATION,
    ),
    "noise_removed": (
        NP_(
            "{count} noise token taken off the {place} ({noise} left there).",
            "{count} noise tokens taken off the {place} ({noise} left there).",
        ),
        "count",
        AT_LOCATION,
    ),
    "waste_cleaned": (
        NP_(
            "{seat_name} cleans the waste: {removed} card leaves the game, {waste} left on the "
            "pile.",
            "{seat_name} cleans the waste: {removed} cards leave the game, {waste} left on the "
            "pile.",
        ),
        "removed",
    ),
    "waste_added": (
        NP_(
            "{count} card onto the waste pile: now {waste}.",
            "{count} cards onto the waste pile: now {waste}.",
        ),
        "count",
    ),
    "food_spent": (
        NP_(
            "{seat_name} spends {count} food token for +{count} on an action die; {food} left in "
            "the supply.",
            "{seat_name} spends {count} food tokens for +{count} on an action die; {food} left "
            "in the supply.",
        ),
        "count",
    ),
    "food_added": (
        NP_(
            "{count} food token added to the supply: now {food}.",
            "{count} food tokens added to the supply: now {food}.",
        ),
        "count",
    ),
    # a card effect each player aims at a survivor of their own (player_choices.py)
    "survivor_choice_opened": N_(
        "{source}: each player chooses which of their survivors it falls on; waiting for "
        "{seat_names} (on their phones, or the table for them)."
    ),
    "survivor_choice_none": N_("{source}: {seat_name} has no survivor it can fall on."),
    "survivor_choice_only": N_("{source}: {name} is the only survivor {seat_name} can choose."),
    "survivor_chosen": N_("{seat_name} has chosen."),
    "survivor_choice_made": N_("{seat_name} chose {name}."),
}
"""Step kinds whose sentence is one message, filled by words/fill.py's convention."""

ZOMBIES_KILLED: dict[bool, Message] = {
    True: (
        NP_(
            "{count} zombie killed at {where} by {by}.",
            "{count} zombies killed at {where} by {by}.",
        ),
        "count",
    ),
    False: (
        NP_("{count} zombie killed at {where}.", "{count} zombies killed at {where}."),
        "count",
    ),
}
"""zombies_killed's sentence, by whether the step names what killed them."""

CARDS_PLAYED: dict[str, Message] = {
    "event": (
        NP_(
            "{seat_name} plays {count} card: event cards leave the game instead of going on the "
            "waste pile.",
            "{seat_name} plays {count} cards: event cards leave the game instead of going on the "
            "waste pile.",
        ),
        "count",
    ),
    "exiled": (
        NP_(
            "{seat_name} plays {count} card: played by an exiled player, it leaves the game "
            "instead of being wasted.",
            "{seat_name} plays {count} cards: played by an exiled player, they leave the game "
            "instead of being wasted.",
        ),
        "count",
    ),
    "waste": (
        NP_(
            "{seat_name} plays {count} card onto the waste pile (now {waste}).",
            "{seat_name} plays {count} cards onto the waste pile (now {waste}).",
        ),
        "count",
    ),
}
"""cards_played's sentence, by where the cards go (``removed``: event, exiled, else waste)."""

CAPACITY_SET: dict[str, Message] = {
    "survivor_spaces": (
        NP_(
            "Table setting: {place} now has {value} survivor space.",
            "Table setting: {place} now has {value} survivor spaces.",
        ),
        "value",
    ),
    "entrance_spaces": (
        NP_(
            "Table setting: {place} now has {value} entrance space.",
            "Table setting: {place} now has {value} entrance spaces.",
        ),
        "value",
    ),
    "entrance": (
        NP_(
            "Table setting: {place} now has {value} space at entrance {entrance}.",
            "Table setting: {place} now has {value} spaces at entrance {entrance}.",
        ),
        "value",
    ),
}
"""capacity_set's sentence: survivor spaces, a location's entrance, or one colony entrance."""

HELPLESS_ADDED: dict[bool, Message] = {
    True: (
        NP_(
            "{count} unruly helpless survivor joins the colony.",
            "{count} unruly helpless survivors join the colony.",
        ),
        "count",
    ),
    False: (
        NP_(
            "{count} helpless survivor joins the colony.",
            "{count} helpless survivors join the colony.",
        ),
        "count",
    ),
}
"""helpless_added's sentence, by whether they are unruly."""

LEFT_OUT: Message = (
    NP_(
        "{left_out} more finds no empty survivor space and is not added.",
        "{left_out} more find no empty survivor space and are not added.",
    ),
    "left_out",
)
"""helpless_added's second sentence, when some find no room."""

EXPOSURE_RESULTS = {
    "blank": N_("{name} rolls for exposure: blank, nothing happens."),
    "wound": N_("{name} rolls for exposure: a wound."),
    "frostbite": N_("{name} rolls for exposure: frostbite."),
    "bite": N_("{name} rolls for exposure: bitten!"),
}
"""exposure_rolled's ``result`` and its sentence."""

MOVED = {
    "came_from": place_of("came_from", "from_name"),
    "to": place_of("to", "to_name"),
}
"""survivor_moved's places."""

UNRULY_CALMED = {
    True: N_(
        "{seat_name} calms an unruly helpless survivor with a medicine card (onto the waste "
        "pile, now {waste})."
    ),
    False: N_(
        "{seat_name} calms an unruly helpless survivor with a medicine card (played by an "
        "exiled player, the card leaves the game)."
    ),
}
"""unruly_calmed's sentence, by whether the card went onto the waste pile."""


def _capacity(s: Step) -> str:
    """capacity_set's sentence key."""
    if s["what"] == "survivor_spaces":
        return "survivor_spaces"
    return "entrance_spaces" if s.get("entrance") is None else "entrance"


def _bite_spreads(s: Step, n: Names, tr: Translator) -> str:
    if s.get("seat"):
        return fill(
            (
                N_(
                    "The bite spreads to {name}, the lowest influence left at {place}: "
                    "{owner_name} kills them or rolls the exposure die for them."
                ),
                {"owner_name": seat("seat", "owner_name")},
            ),
            s,
            n,
            tr,
        )
    return fill(
        N_(
            "The bite spreads to {name}, the lowest influence left at {place}: the table kills "
            "them or rolls the exposure die for them."
        ),
        s,
        n,
        tr,
    )


def _bite_roll(s: Step, n: Names, tr: Translator) -> str:
    if s["result"] == "blank":
        return fill(N_("{name} rolls the exposure die against the bite: blank: safe."), s, n, tr)
    return fill(
        (
            N_("{name} rolls the exposure die against the bite: {result}: not safe."),
            {"result": label(EXPOSURE_FACES, "result")},
        ),
        s,
        n,
        tr,
    )


def _survivor_moved(s: Step, n: Names, tr: Translator) -> str:
    if s["free"]:
        msgid = N_(
            "{name} moves from {came_from} to {to} (this move does not use their move for the "
            "turn)."
        )
    else:
        msgid = N_("{name} moves from {came_from} to {to}.")
    return fill((msgid, MOVED), s, n, tr)


def _entrance_of(n: Names, tr: Translator, place: Any, number: Any, name: str) -> str:
    """'entrance 2 of the colony' or 'the entrance of the Police Station'."""
    if place == "colony":
        return tr.gettext("entrance {entrance} of the colony").format(entrance=number)
    return tr.gettext("the entrance of the {location}").format(location=n.place(place, name))


def _zombie_attracted(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("A zombie is drawn from {came_from} to {to}.").format(
        came_from=_entrance_of(
            n, tr, s.get("from_where"), s.get("from_entrance"), s.get("from_location_name", "")
        ),
        to=_entrance_of(n, tr, s.get("where"), s.get("entrance"), s.get("location_name", "")),
    )


def _helpless_added(s: Step, n: Names, tr: Translator) -> str:
    text = fill(HELPLESS_ADDED[bool(s["unruly"])], s, n, tr)
    if not s.get("left_out"):
        return text
    return f"{text} {fill(LEFT_OUT, s, n, tr)}"


BARRICADE_BROKEN: dict[bool, Message] = {
    False: N_("Zombie {k} → {where} is full: destroy its barricade; the zombie is not placed."),
    True: N_("{zombie} → {where} is full: destroy its barricade; {zombie} is not placed."),
}
OVERRUN: dict[bool, Message] = {
    False: N_("Zombie {k} → {where} is full and unprotected: overrun!"),
    True: N_("{zombie} → {where} is full and unprotected: overrun!"),
}
TRAP_FIRED: dict[bool, Message] = {
    False: (
        NP_(
            "Zombie {k} → {where} is full: the explosive trap goes off and removes {cleared} "
            "zombie there; the zombie is not placed.",
            "Zombie {k} → {where} is full: the explosive trap goes off and removes {cleared} "
            "zombies there; the zombie is not placed.",
        ),
        "cleared",
    ),
    True: (
        NP_(
            "{zombie} → {where} is full: the explosive trap goes off and removes {cleared} "
            "zombie there; {zombie} is not placed.",
            "{zombie} → {where} is full: the explosive trap goes off and removes {cleared} "
            "zombies there; {zombie} is not placed.",
        ),
        "cleared",
    ),
}
"""A full entrance's answer to a zombie: a standard one is zombie number k of those added; a
special zombie is named as its own step named it (``zombies.place_zombie``'s ``zombie``)."""


def _named(s: Step) -> bool:
    """Whether the step names a special zombie rather than numbering a standard one."""
    return bool(s.get("zombie"))


SEARCHED: dict[bool, Message] = {
    True: (
        NP_(
            "{name} makes {noise} noise and searches at {place}.",
            "{name} makes {noise} noise and searches at {place}.",
        ),
        "noise",
        AT_LOCATION,
    ),
    False: (N_("{name} searches at {place}."), AT_LOCATION),
}
"""searched's sentence, by whether the search makes noise."""


RENDERERS: dict[str, Renderer] = {
    "searched": choice(lambda s: bool(s.get("noise")), SEARCHED),
    "barricade_broken": choice(_named, BARRICADE_BROKEN),
    "overrun": choice(_named, OVERRUN),
    "trap_fired": choice(_named, TRAP_FIRED),
    "exposure_rolled": choice(lambda s: s["result"], EXPOSURE_RESULTS),
    "bite_spreads": _bite_spreads,
    "bite_roll": _bite_roll,
    "survivor_moved": _survivor_moved,
    "zombies_killed": choice(lambda s: bool(s.get("by")), ZOMBIES_KILLED),
    "zombie_attracted": _zombie_attracted,
    "cards_played": choice(
        lambda s: s["removed"] if s["removed"] in ("event", "exiled") else "waste", CARDS_PLAYED
    ),
    "helpless_added": _helpless_added,
    "unruly_calmed": choice(lambda s: bool(s["wasted"]), UNRULY_CALMED),
    "capacity_set": choice(_capacity, CAPACITY_SET),
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""
