"""Sentences of the colony phase and of the cards' effects on the colony and the board."""

from __future__ import annotations

from companion.engine.words.card_texts import words
from companion.engine.words.fill import (
    AT_LOCATION,
    Message,
    Names,
    Renderer,
    choice,
    code,
    field,
    fill,
    join,
    label,
    number,
    place,
    source,
)
from companion.engine.words.labels import (
    BY_HAND_NEEDS,
    CARD_LINES,
    COLONY_STEP_NAMES,
    COUNTED_NAMES,
    MODULE_NAMES,
    N_,
    NP_,
    OBJECTIVE_CONDITION_WORDS,
    TARGET_NAMES,
    WOUND_NAMES,
)
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator

COUNTED = {"what": lambda s, n, tr: code(COUNTED_NAMES, s["what"], tr)}
"""What the main objective counts, in words."""

MESSAGES: dict[str, Message] = {
    "objective_progress_changed": (
        N_("Main objective: {progress} of {target} {what}."),
        COUNTED,
    ),
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
    "card_choice_opened": (
        N_("{source}: {question}"),
        {"question": lambda s, n, tr: code(CARD_LINES, s["ask"], tr, name=s["seat_name"])},
    ),
    "card_choice_nothing": N_("{source}: there is nothing it can be done to; nothing happens."),
    "zombie_removed_at": N_("{source}: a zombie leaves {where}."),
    "heal_nothing": (
        N_("{name} has no {wound} token to lose."),
        {"wound": label(WOUND_NAMES, "wound")},
    ),
    "card_player_picked": N_("{source}: {seat_name} is the player picked."),
    "card_given_instead": N_("{source}: {seat_name} gives the card from their hand."),
    "card_not_given": N_("{seat_name} has no card to give: {name} takes the wound instead."),
    "effect_module_missing": (
        N_("{source}: this game is played without {module}; nothing happens."),
        {"module": label(MODULE_NAMES, "module")},
    ),
    "hideout_empty": N_("{source}: the Hideout holds no card; nothing is taken."),
    "to_colony_no_room": N_(
        "{source}: the colony has no empty survivor space, so {name} stays where they are."
    ),
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
    # plurals
    "zombies_removed": (
        NP_("{source}: {count} zombie leaves {place}.", "{source}: {count} zombies leave {place}."),
        "count",
    ),
    "helpless_no_room": (
        NP_(
            "{source}: the colony has no empty survivor space; the {count} helpless survivor is "
            "not added.",
            "{source}: the colony has no empty survivor space; the {count} helpless survivors "
            "are not added.",
        ),
        "count",
    ),
    "food_paid": (
        NP_(
            "{colonists} colonist eats {need} food; {food} left.",
            "{colonists} colonists eat {need} food; {food} left.",
        ),
        "colonists",
    ),
    "colony_starves": (
        NP_(
            "{colonists} colonist needs {need} food but the supply holds {food}: none is paid and "
            "a starvation token is added ({starvation} now).",
            "{colonists} colonists need {need} food but the supply holds {food}: none is paid "
            "and a starvation token is added ({starvation} now).",
        ),
        "colonists",
    ),
    "round_track_moved": (
        NP_(
            "The round track moves down: {round_track} round left.",
            "The round track moves down: {round_track} rounds left.",
        ),
        "round_track",
    ),
}
"""Step kinds whose sentence is one message, filled by words/fill.py's convention."""

HELPLESS_REMOVED: dict[bool, Message] = {
    True: (
        NP_(
            "{count} helpless survivor leaves the colony (not a death); the card asked for "
            "{wanted}.",
            "{count} helpless survivors leave the colony (not a death); the card asked for "
            "{wanted}.",
        ),
        "count",
    ),
    False: (
        NP_(
            "{count} helpless survivor leaves the colony (not a death).",
            "{count} helpless survivors leave the colony (not a death).",
        ),
        "count",
    ),
}
"""helpless_removed's sentence, by whether fewer left than the card asked for."""

NOISE_LOST: tuple[Message, Message] = (
    (
        NP_(
            "The {place} already holds {noise} noise token, 4 at most.",
            "The {place} already holds {noise} noise tokens, 4 at most.",
        ),
        "noise",
        AT_LOCATION,
    ),
    (NP_("{count} more token cannot be placed.", "{count} more tokens cannot be placed."), "count"),
)
"""noise_lost's two sentences: the noise already there, the tokens that cannot be placed."""

WASTE_CHECKED: dict[bool, Message] = {
    True: (
        NP_(
            "The waste pile holds {waste} card: morale -{loss}.",
            "The waste pile holds {waste} cards: morale -{loss}.",
        ),
        "waste",
    ),
    False: (
        NP_(
            "The waste pile holds {waste} card: no morale is lost.",
            "The waste pile holds {waste} cards: no morale is lost.",
        ),
        "waste",
    ),
}
"""waste_checked's sentence, by whether morale is lost."""

MAIN_OBJECTIVE_CHECKED: dict[bool, Message] = {
    True: N_("The main objective is met."),
    False: N_("The main objective is not met yet."),
}
"""main_objective_checked's sentence, by whether the objective is met."""


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


def _defence_lost(s: Step, n: Names, tr: Translator) -> str:
    if s["what"] == "barricade":
        return fill(N_("No empty entrance space at {place}: the barricade is lost."), s, n, tr)
    return fill(N_("No empty entrance space at {place}: the trap is lost."), s, n, tr)


def _defence_missing(s: Step, n: Names, tr: Translator) -> str:
    if s["what"] == "barricade":
        return fill(N_("There is no barricade left to remove at {place}."), s, n, tr)
    return fill(N_("There is no trap left to remove at {place}."), s, n, tr)


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


def _noise_lost(s: Step, n: Names, tr: Translator) -> str:
    return " ".join(fill(message, s, n, tr) for message in NOISE_LOST)


MAIN_OBJECTIVE_COUNTED: dict[bool, Message] = {
    True: (N_("The main objective is met: {count} of {target} {what}."), COUNTED),
    False: (N_("The main objective is not met yet: {count} of {target} {what}."), COUNTED),
}
"""main_objective_counted's sentence, by whether the objective is met."""


def _main_objective_counted(s: Step, n: Names, tr: Translator) -> str:
    """The count against its target, then what else the goal still needs (the board's
    conditions not met, or the table's no)."""
    text = fill(MAIN_OBJECTIVE_COUNTED[bool(s["met"])], s, n, tr)
    missing = [
        code(OBJECTIVE_CONDITION_WORDS, c["check"], tr, at_least=c["at_least"])
        for c in s.get("unmet", [])
    ]
    if missing:
        text += " " + tr.gettext("Still needed: {conditions}.").format(conditions=join(tr, missing))
    if s.get("confirmed") is False:
        text += " " + tr.gettext("The table says the rest of the goal is not done.")
    return text


RENDERERS: dict[str, Renderer] = {
    "main_objective_counted": _main_objective_counted,
    "effect_by_hand": _effect_by_hand,
    "food_changed": _food_changed,
    "waste_changed": _waste_changed,
    "helpless_removed": choice(lambda s: s["count"] != s["wanted"], HELPLESS_REMOVED),
    "helpless_turned": _helpless_turned,
    "noise_lost": _noise_lost,
    "defence_lost": _defence_lost,
    "defence_missing": _defence_missing,
    "waste_checked": choice(lambda s: bool(s["loss"]), WASTE_CHECKED),
    "noise_resolved": _noise_resolved,
    "main_objective_checked": choice(lambda s: bool(s["met"]), MAIN_OBJECTIVE_CHECKED),
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""
