"""The sentences of the Raxxon module's steps and of the search (registered in sentences.py)."""

from __future__ import annotations

from collections.abc import Callable

from companion.engine.steps import Step
from companion.engine.translation import Translator

Renderer = Callable[[Step, object, Translator], str]


def _faces(values: object) -> str:
    """Die faces as '3 + 5'."""
    return " + ".join(str(v) for v in values) if isinstance(values, list) else ""


def _place(s: Step, n, tr: Translator) -> str:
    """'colony entrance 3' or the location's name."""
    if s.get("where") == "colony":
        return tr.gettext("colony entrance {entrance}").format(entrance=s.get("entrance", 1))
    return n.place(s.get("where"), s.get("location_name", ""))


def _searched(s: Step, n, tr: Translator) -> str:
    if s.get("noise"):
        text = tr.ngettext(
            "{name} makes {noise} noise and searches at {place}.",
            "{name} makes {noise} noise and searches at {place}.",
            s["noise"],
        )
    else:
        text = tr.gettext("{name} searches at {place}.")
    return text.format(
        name=n.survivor(s),
        noise=s.get("noise", 0),
        place=n.place(s["location"], s["location_name"]),
    )


def _dice_placed(s: Step, n, tr: Translator) -> str:
    return tr.gettext("{seat_name} places dice on Raxxon: {faces}. Dice there now: {dice}.").format(
        seat_name=n.seat(s), faces=_faces(s["faces"]), dice=_faces(s["dice"])
    )


def _dice_removed(s: Step, n, tr: Translator) -> str:
    return tr.ngettext(
        "{count} die comes off Raxxon.", "{count} dice come off Raxxon.", s["count"]
    ).format(count=s["count"])


def _experiment_entered(s: Step, n, tr: Translator) -> str:
    return tr.gettext(
        "Top Raxxon experiment: containment code {code}; special zombies: {zombies}."
    ).format(code=_faces(s["code"]), zombies=", ".join(s["zombies"]))


def _no_experiment(s: Step, n, tr: Translator) -> str:
    return tr.gettext(
        "Containment check: no experiment was entered, so nothing comes out of Raxxon."
    )


def _checked(s: Step, n, tr: Translator) -> str:
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


def _discarded(s: Step, n, tr: Translator) -> str:
    if s["reason"] == "contained":
        return tr.gettext("Thumbs up: discard the experiment; none of its zombies comes out.")
    return tr.gettext(
        "None of its special zombies could be placed: discard the experiment (table ruling)."
    )


def _place_asked(s: Step, n, tr: Translator) -> str:
    return tr.gettext(
        "Thumbs down: {seat_name} chooses a place (the colony too) where Add Zombies puts 3 "
        "fewer this colony phase."
    ).format(seat_name=n.seat(s))


def _place_chosen(s: Step, n, tr: Translator) -> str:
    return tr.gettext("Add Zombies will put {count} fewer zombies at {place}.").format(
        count=s["count"], place=n.place(s["where"], s.get("location_name", ""))
    )


def _fewer(s: Step, n, tr: Translator) -> str:
    return tr.gettext(
        "Containment: {place} gets {count} zombies instead of {before} (3 fewer, never below 0; "
        "table ruling: off survivors, bandits and noise together)."
    ).format(
        place=n.place(s["where"], s.get("location_name", "")), count=s["count"], before=s["before"]
    )


def _rolled(s: Step, n, tr: Translator) -> str:
    if s.get("location"):
        return tr.gettext("Special zombie {k}, {zombie}: rolled {roll}, {place}.").format(
            k=s["k"], zombie=s["zombie"], roll=s["roll"], place=s["location_name"]
        )
    return tr.gettext(
        "Special zombie {k}, {zombie}: rolled {roll}, no location has that number; it is not "
        "placed."
    ).format(k=s["k"], zombie=s["zombie"], roll=s["roll"])


def _special_placed(s: Step, n, tr: Translator) -> str:
    return tr.gettext("Special zombie {k}, {zombie} → {where}: placed.").format(
        k=s["k"], zombie=s["zombie"], where=_place(s, n, tr)
    )


def _special_not_placed(s: Step, n, tr: Translator) -> str:
    return tr.gettext(
        "Special zombie {k}, {zombie} → {where} is full: it is not placed, and the entrance "
        "is defended or overrun as usual."
    ).format(k=s["k"], zombie=s["zombie"], where=_place(s, n, tr))


def _encounter(s: Step, n, tr: Translator) -> str:
    return tr.gettext(
        "Turn the experiment to its encounter side and put it by the colony ({zombies})."
    ).format(zombies=", ".join(s["zombies"]))


def _attacked(s: Step, n, tr: Translator) -> str:
    return tr.gettext("{name} attacks the special zombie {zombie} at {place}.").format(
        name=n.survivor(s), zombie=s["zombie"], place=_place(s, n, tr)
    )


def _encounter_rolled(s: Step, n, tr: Translator) -> str:
    return tr.gettext(
        "Encounter die for {zombie}: {roll}. Apply that result of its encounter card."
    ).format(zombie=s["zombie"], roll=s["roll"])


def _special_removed(s: Step, n, tr: Translator) -> str:
    if s["left"]:
        text = tr.gettext("The special zombie {zombie} at {place} is killed.")
    else:
        text = tr.gettext(
            "The special zombie {zombie} at {place} is killed; none of its kind is left, so "
            "discard its encounter card."
        )
    return text.format(zombie=s["zombie"], place=_place(s, n, tr))


def _side_effect(s: Step, n, tr: Translator) -> str:
    return tr.gettext("{name} now carries the side effect {card}; it never comes off.").format(
        name=n.survivor(s), card=s["card"]
    )


def _sealed(s: Step, n, tr: Translator) -> str:
    return tr.ngettext(
        "{place}: {barricades} barricade fills its entrance and no survivor may go there.",
        "{place}: {barricades} barricades fill its entrance and no survivor may go there.",
        s["barricades"],
    ).format(place=n.place(s["location"], s.get("location_name", "")), barricades=s["barricades"])


def _opened(s: Step, n, tr: Translator) -> str:
    return tr.gettext(
        "Every barricade leaves {place} (removed: {removed}): survivors may go there now."
    ).format(place=n.place(s["location"], s.get("location_name", "")), removed=s["barricades"])


def _containment_from(s: Step, n, tr: Translator) -> str:
    return tr.gettext(
        "The containment code counts from round {round}. Draw {experiments} Raxxon experiments "
        "now and place their special zombies, one experiment at a time."
    ).format(round=s["round"], experiments=s["experiments"])


RENDERERS: dict[str, Renderer] = {
    "searched": _searched,
    "raxxon_dice_placed": _dice_placed,
    "raxxon_dice_removed": _dice_removed,
    "experiment_entered": _experiment_entered,
    "containment_no_experiment": _no_experiment,
    "containment_checked": _checked,
    "experiment_discarded": _discarded,
    "containment_place_asked": _place_asked,
    "containment_place_chosen": _place_chosen,
    "containment_fewer_zombies": _fewer,
    "special_zombie_rolled": _rolled,
    "special_zombie_placed": _special_placed,
    "special_zombie_not_placed": _special_not_placed,
    "experiment_encounter": _encounter,
    "special_zombie_attacked": _attacked,
    "encounter_rolled": _encounter_rolled,
    "special_zombie_removed": _special_removed,
    "side_effect_equipped": _side_effect,
    "raxxon_sealed": _sealed,
    "raxxon_opened": _opened,
    "containment_from_round": _containment_from,
}
"""The Raxxon module's step kinds and the function that writes each sentence."""
