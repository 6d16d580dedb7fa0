"""Sentences of the colony phase and of the cards' effects on the colony and the board."""

from __future__ import annotations

from companion.engine.words.card_texts import words
from companion.engine.words.fill import (
    Message,
    Names,
    Renderer,
    code,
    field,
    fill,
    label,
    number,
    place,
    place_of,
    source,
)
from companion.engine.words.labels import BY_HAND_NEEDS, COLONY_STEP_NAMES, N_, TARGET_NAMES
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator

AT_LOCATION = {"place": place_of("location")}
"""The location a step names by its ``location``."""

MESSAGES: dict[str, Message] = {
    # the cards' effects
    "starvation_changed": N_("{source}: starvation tokens {amount}, now {starvation}."),
    "round_track_changed": N_("{source}: round track {amount}, now {round_track}."),
    "effect_place_missing": (
        N_("{source}: {where} is not on this table's board; nothing happens there."),
        {"where": field("where")},
    ),
    "random_location": (
        N_("Random location: the die shows {roll}, so {place}."),
        AT_LOCATION,
    ),
    "random_location_none": N_(
        "Random location: the die shows {roll}, and no location has that number; nothing happens."
    ),
    "noise_not_at_colony": N_("{source}: noise is only made at locations; nothing happens."),
    "effect_no_target": (
        N_("{source}: nobody fits ({target}); nothing happens."),
        {"target": label(TARGET_NAMES, "target")},
    ),
    # the colony phase
    "colony_phase_began": N_("Round {round}: the colony phase begins."),
    "colony_phase_paused": (
        N_("The colony phase waits for the decision above; it carries on with {next_step}."),
        {"next_step": label(COLONY_STEP_NAMES, "next_step")},
    ),
    "first_player_kept": N_("The vote passed: {seat_name} stays first player."),
    "first_player_passed": N_("The first player token passes right, to {seat_name}."),
    "round_began": N_("Round {round} begins ({round_track} on the round track): reveal a crisis."),
}
"""Step kinds whose sentence is one message, filled by sentences_fill's convention."""


def _effect_by_hand(s: Step, n: Names, tr: Translator) -> str:
    card = source(s, n, tr, capital=True)
    if s.get("need"):
        return code(
            BY_HAND_NEEDS,
            s["need"],
            tr,
            source=card,
            target=code(TARGET_NAMES, s.get("target"), tr),
        )
    text = words(s.get("effect"), "text", n.locale) or s.get("text", "")
    return tr.gettext("{source}: {text}").format(source=card, text=text)


def _food_changed(s: Step, n: Names, tr: Translator) -> str:
    if s["amount"] != s["wanted"]:
        msgid = N_(
            "{source}: food {amount}, now {food} (the card asked for {wanted}; the supply had no "
            "more)."
        )
    else:
        msgid = N_("{source}: food {amount}, now {food}.")
    return fill((msgid, {"wanted": number("wanted")}), s, n, tr)


def _waste_changed(s: Step, n: Names, tr: Translator) -> str:
    if s["amount"] != s["wanted"]:
        return fill(
            N_("{source}: waste pile {amount}, now {waste} (it was already empty)."), s, n, tr
        )
    return fill(N_("{source}: waste pile {amount}, now {waste}."), s, n, tr)


def _helpless_removed(s: Step, n: Names, tr: Translator) -> str:
    if s["count"] != s["wanted"]:
        text = tr.ngettext(
            "{count} helpless survivor leaves the colony (not a death); the card asked for "
            "{wanted}.",
            "{count} helpless survivors leave the colony (not a death); the card asked for "
            "{wanted}.",
            s["count"],
        )
    else:
        text = tr.ngettext(
            "{count} helpless survivor leaves the colony (not a death).",
            "{count} helpless survivors leave the colony (not a death).",
            s["count"],
        )
    return text.format(count=s["count"], wanted=s["wanted"])


def _helpless_turned(s: Step, n: Names, tr: Translator) -> str:
    count = abs(s["count"])
    if s["wanted"] >= 0:
        text = tr.ngettext(
            "{count} helpless survivor turns unruly: now {normal} normal and {unruly} unruly.",
            "{count} helpless survivors turn unruly: now {normal} normal and {unruly} unruly.",
            count,
        )
    else:
        text = tr.ngettext(
            "{count} helpless survivor calms down: now {normal} normal and {unruly} unruly.",
            "{count} helpless survivors calm down: now {normal} normal and {unruly} unruly.",
            count,
        )
    return text.format(count=count, normal=s["normal"], unruly=s["unruly_now"])


def _zombies_removed(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{source}: {count} zombie leaves {place}.",
        "{source}: {count} zombies leave {place}.",
        s["count"],
    ).format(source=source(s, n, tr, capital=True), count=s["count"], place=place(s, n))


def _helpless_no_room(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{source}: the colony has no empty survivor space; the {count} helpless survivor is not "
        "added.",
        "{source}: the colony has no empty survivor space; the {count} helpless survivors are "
        "not added.",
        s["count"],
    ).format(source=source(s, n, tr, capital=True), count=s["count"])


def _noise_lost(s: Step, n: Names, tr: Translator) -> str:
    held = tr.ngettext(
        "The {place} already holds {noise} noise token, 4 at most.",
        "The {place} already holds {noise} noise tokens, 4 at most.",
        s["noise"],
    ).format(place=place(s, n, "location"), noise=s["noise"])
    lost = tr.ngettext(
        "{count} more token cannot be placed.", "{count} more tokens cannot be placed.", s["count"]
    ).format(count=s["count"])
    return f"{held} {lost}"


def _defence_lost(s: Step, n: Names, tr: Translator) -> str:
    if s["what"] == "barricade":
        return fill(N_("No empty entrance space at {place}: the barricade is lost."), s, n, tr)
    return fill(N_("No empty entrance space at {place}: the trap is lost."), s, n, tr)


def _defence_missing(s: Step, n: Names, tr: Translator) -> str:
    if s["what"] == "barricade":
        return fill(N_("There is no barricade left to remove at {place}."), s, n, tr)
    return fill(N_("There is no trap left to remove at {place}."), s, n, tr)


def _food_paid(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{colonists} colonist eats {need} food; {food} left.",
        "{colonists} colonists eat {need} food; {food} left.",
        s["colonists"],
    ).format(colonists=s["colonists"], need=s["need"], food=s["food"])


def _colony_starves(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{colonists} colonist needs {need} food but the supply holds {food}: none is paid and a "
        "starvation token is added ({starvation} now).",
        "{colonists} colonists need {need} food but the supply holds {food}: none is paid and a "
        "starvation token is added ({starvation} now).",
        s["colonists"],
    ).format(colonists=s["colonists"], need=s["need"], food=s["food"], starvation=s["starvation"])


def _waste_checked(s: Step, n: Names, tr: Translator) -> str:
    if s["loss"]:
        text = tr.ngettext(
            "The waste pile holds {waste} card: morale -{loss}.",
            "The waste pile holds {waste} cards: morale -{loss}.",
            s["waste"],
        )
    else:
        text = tr.ngettext(
            "The waste pile holds {waste} card: no morale is lost.",
            "The waste pile holds {waste} cards: no morale is lost.",
            s["waste"],
        )
    return text.format(waste=s["waste"], loss=s["loss"])


def _noise_resolved(s: Step, n: Names, tr: Translator) -> str:
    if "roll" in s:
        if s["hit"]:
            text = tr.gettext("Noise at {place}: rolled {roll}, a zombie comes.")
        else:
            text = tr.gettext("Noise at {place}: rolled {roll}, nothing comes.")
    elif s["hit"]:
        text = tr.gettext("Noise at {place}: the token lands !!!, a zombie comes.")
    else:
        text = tr.gettext("Noise at {place}: the token lands blank, nothing comes.")
    return text.format(place=place(s, n, "location"), roll=s.get("roll"))


def _main_objective_checked(s: Step, n: Names, tr: Translator) -> str:
    if s["met"]:
        return tr.gettext("The main objective is met.")
    return tr.gettext("The main objective is not met yet.")


def _round_track_moved(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "The round track moves down: {round_track} round left.",
        "The round track moves down: {round_track} rounds left.",
        s["round_track"],
    ).format(round_track=s["round_track"])


RENDERERS: dict[str, Renderer] = {
    "effect_by_hand": _effect_by_hand,
    "food_changed": _food_changed,
    "waste_changed": _waste_changed,
    "helpless_removed": _helpless_removed,
    "helpless_turned": _helpless_turned,
    "zombies_removed": _zombies_removed,
    "helpless_no_room": _helpless_no_room,
    "noise_lost": _noise_lost,
    "defence_lost": _defence_lost,
    "defence_missing": _defence_missing,
    "food_paid": _food_paid,
    "colony_starves": _colony_starves,
    "waste_checked": _waste_checked,
    "noise_resolved": _noise_resolved,
    "main_objective_checked": _main_objective_checked,
    "round_track_moved": _round_track_moved,
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""
