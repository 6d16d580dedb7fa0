"""Sentences of the board: adding zombies, exposure and the spreading bite, the board's actions."""

from __future__ import annotations

from typing import Any

from companion.engine.words.fill import (
    Message,
    Names,
    Renderer,
    fill,
    label,
    place,
    place_of,
    reason,
    seat,
    where,
)
from companion.engine.words.labels import (
    COUNTER_NAMES,
    EXPOSURE_FACES,
    N_,
    SKIP_REASONS,
    WOUND_NAMES,
    ZOMBIE_REASONS,
)
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator

MESSAGES: dict[str, Message] = {
    # adding zombies
    "zombie_placed": N_("Zombie {k} → {where}: placed."),
    "barricade_broken": N_(
        "Zombie {k} → {where} is full: destroy its barricade; the zombie is not placed."
    ),
    "overrun": N_("Zombie {k} → {where} is full and unprotected: overrun!"),
    "overrun_nobody": N_("Nobody is there to be killed; the zombie is not placed."),
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
}
"""Step kinds whose sentence is one message, filled by sentences_fill's convention."""

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


def _unruly_calmed(s: Step, n: Names, tr: Translator) -> str:
    return fill(UNRULY_CALMED[bool(s["wasted"])], s, n, tr)


def _zombies_to_add(s: Step, n: Names, tr: Translator) -> str:
    why = reason(ZOMBIE_REASONS, s, n, tr)
    return tr.ngettext(
        "{count} zombie to add at {place} ({reason}).",
        "{count} zombies to add at {place} ({reason}).",
        s["count"],
    ).format(count=s["count"], place=place(s, n), reason=why)


def _trap_fired(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "Zombie {k} → {where} is full: the explosive trap goes off and removes {cleared} zombie "
        "there; the zombie is not placed.",
        "Zombie {k} → {where} is full: the explosive trap goes off and removes {cleared} zombies "
        "there; the zombie is not placed.",
        s["cleared"],
    ).format(k=s["k"], where=where(s, n, tr), cleared=s["cleared"])


def _bandits_removed(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "The overrun drives off {count} bandit at {place}.",
        "The overrun drives off {count} bandits at {place}.",
        s["count"],
    ).format(count=s["count"], place=place(s, n, "location"))


def _exposure_rolled(s: Step, n: Names, tr: Translator) -> str:
    return fill(EXPOSURE_RESULTS[s["result"]], s, n, tr)


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


def _zombies_killed(s: Step, n: Names, tr: Translator) -> str:
    if s.get("by"):
        text = tr.ngettext(
            "{count} zombie killed at {where} by {by}.",
            "{count} zombies killed at {where} by {by}.",
            s["count"],
        )
    else:
        text = tr.ngettext(
            "{count} zombie killed at {where}.", "{count} zombies killed at {where}.", s["count"]
        )
    return text.format(count=s["count"], where=where(s, n, tr), by=s.get("by", ""))


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


def _noise_added(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{count} noise token placed at the {place} ({noise} of 4 there now).",
        "{count} noise tokens placed at the {place} ({noise} of 4 there now).",
        s["count"],
    ).format(count=s["count"], place=place(s, n, "location"), noise=s["noise"])


def _noise_removed(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{count} noise token taken off the {place} ({noise} left there).",
        "{count} noise tokens taken off the {place} ({noise} left there).",
        s["count"],
    ).format(count=s["count"], place=place(s, n, "location"), noise=s["noise"])


def _cards_played(s: Step, n: Names, tr: Translator) -> str:
    count = s["count"]
    if s["removed"] == "event":
        text = tr.ngettext(
            "{seat_name} plays {count} card: event cards leave the game instead of going on the "
            "waste pile.",
            "{seat_name} plays {count} cards: event cards leave the game instead of going on the "
            "waste pile.",
            count,
        )
    elif s["removed"] == "exiled":
        text = tr.ngettext(
            "{seat_name} plays {count} card: played by an exiled player, it leaves the game "
            "instead of being wasted.",
            "{seat_name} plays {count} cards: played by an exiled player, they leave the game "
            "instead of being wasted.",
            count,
        )
    else:
        text = tr.ngettext(
            "{seat_name} plays {count} card onto the waste pile (now {waste}).",
            "{seat_name} plays {count} cards onto the waste pile (now {waste}).",
            count,
        )
    return text.format(seat_name=n.seat(s), count=count, waste=s["waste"])


def _waste_cleaned(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{seat_name} cleans the waste: {removed} card leaves the game, {waste} left on the pile.",
        "{seat_name} cleans the waste: {removed} cards leave the game, {waste} left on the pile.",
        s["removed"],
    ).format(seat_name=n.seat(s), removed=s["removed"], waste=s["waste"])


def _waste_added(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{count} card onto the waste pile: now {waste}.",
        "{count} cards onto the waste pile: now {waste}.",
        s["count"],
    ).format(count=s["count"], waste=s["waste"])


def _food_spent(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{seat_name} spends {count} food token for +{count} on an action die; {food} left in "
        "the supply.",
        "{seat_name} spends {count} food tokens for +{count} on an action die; {food} left in "
        "the supply.",
        s["count"],
    ).format(seat_name=n.seat(s), count=s["count"], food=s["food"])


def _food_added(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{count} food token added to the supply: now {food}.",
        "{count} food tokens added to the supply: now {food}.",
        s["count"],
    ).format(count=s["count"], food=s["food"])


def _helpless_added(s: Step, n: Names, tr: Translator) -> str:
    count = s["count"]
    if s["unruly"]:
        text = tr.ngettext(
            "{count} unruly helpless survivor joins the colony.",
            "{count} unruly helpless survivors join the colony.",
            count,
        )
    else:
        text = tr.ngettext(
            "{count} helpless survivor joins the colony.",
            "{count} helpless survivors join the colony.",
            count,
        )
    text = text.format(count=count)
    if not s.get("left_out"):
        return text
    more = tr.ngettext(
        "{left_out} more finds no empty survivor space and is not added.",
        "{left_out} more find no empty survivor space and are not added.",
        s["left_out"],
    ).format(left_out=s["left_out"])
    return f"{text} {more}"


def _capacity_set(s: Step, n: Names, tr: Translator) -> str:
    value = s["value"]
    if s["what"] == "survivor_spaces":
        text = tr.ngettext(
            "Table setting: {place} now has {value} survivor space.",
            "Table setting: {place} now has {value} survivor spaces.",
            value,
        )
    elif s.get("entrance") is None:
        text = tr.ngettext(
            "Table setting: {place} now has {value} entrance space.",
            "Table setting: {place} now has {value} entrance spaces.",
            value,
        )
    else:
        text = tr.ngettext(
            "Table setting: {place} now has {value} space at entrance {entrance}.",
            "Table setting: {place} now has {value} spaces at entrance {entrance}.",
            value,
        )
    return text.format(place=place(s, n), value=value, entrance=s.get("entrance"))


RENDERERS: dict[str, Renderer] = {
    "zombies_to_add": _zombies_to_add,
    "trap_fired": _trap_fired,
    "bandits_removed": _bandits_removed,
    "exposure_rolled": _exposure_rolled,
    "bite_spreads": _bite_spreads,
    "bite_roll": _bite_roll,
    "survivor_moved": _survivor_moved,
    "zombies_killed": _zombies_killed,
    "zombie_attracted": _zombie_attracted,
    "noise_added": _noise_added,
    "noise_removed": _noise_removed,
    "cards_played": _cards_played,
    "waste_cleaned": _waste_cleaned,
    "waste_added": _waste_added,
    "food_spent": _food_spent,
    "food_added": _food_added,
    "helpless_added": _helpless_added,
    "unruly_calmed": _unruly_calmed,
    "capacity_set": _capacity_set,
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""
