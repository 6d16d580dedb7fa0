"""Sentences of the special scenarios (scenarios.py): setup, chapters and their tasks."""

from __future__ import annotations

from companion.engine.words.fill import Message, Names, Renderer, code, place_of
from companion.engine.words.labels import (
    CHAPTER_SECTIONS,
    CHAPTER_TITLES,
    N_,
    NP_,
    SCENARIO_NAMES,
    SCENARIO_TASKS,
)
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator

CAME_FROM = {"place": place_of("came_from", "from_name")}
"""The place a survivor goes back from."""
PLACED = {"place": place_of("to", "to_name"), "from_place": place_of("came_from", "from_name")}
"""Where the story places a survivor, and where from."""

MESSAGES: dict[str, Message] = {
    "bandit_betrayal_dealt": N_(
        "Bandit Blitz: the Bandit Betrayal objective took the place of the random betrayal "
        "card among the secret objectives dealt (you may read it aloud first: it needs "
        "Special Main Objective B2 completed)."
    ),
    "scenario_sent_home": (
        N_("{name} goes back from {place} to the colony (not a move: no exposure roll)."),
        CAME_FROM,
    ),
    "scenario_placed": (
        N_("{name} is placed at {place} from {from_place} (not a move: no exposure roll)."),
        PLACED,
    ),
    "scenario_zombies_moved": (
        NP_(
            "{count} zombie leaves the colony (entrance {entrances}) and is placed at {place}.",
            "{count} zombies leave the colony (entrances {entrances}) and are placed at {place}.",
        ),
        "count",
        {
            "place": place_of("to", "to_name"),
            "entrances": lambda s, n, tr: ", ".join(str(e) for e in s["entrances"]),
        },
    ),
    "scenario_exiled_stays": (
        N_("{name} stays at {place}: their player is exiled and may not enter the colony."),
        CAME_FROM,
    ),
}
"""Step kinds whose sentence is one message, filled by words/fill.py's convention."""


READER_REASONS: dict[str, str] = {
    "R1": N_(
        "{seat_name} reads it and follows it (fewest survivors in their following; on a "
        "tie, the highest influence)."
    ),
    "B1": N_(
        "{seat_name} reads it and follows it (they control the human survivor with the lowest "
        "influence)."
    ),
}
"""Why the ``reader`` of a completed chapter reads its section (scenarios.READERS)."""


def _scenario_set_up(s: Step, n: Names, tr: Translator) -> str:
    text = tr.gettext(
        "Special scenario: {scenario}. Main objective: Special Main Objective {title}. "
        "Read aloud: {section}."
    )
    if s["chapter"] > 1:
        text += " " + tr.gettext(
            "The game starts at a later chapter: first do what the earlier chapters' sections say."
        )
    return text.format(
        scenario=code(SCENARIO_NAMES, s["scenario"], tr),
        title=code(CHAPTER_TITLES, s["code"], tr),
        section=code(CHAPTER_SECTIONS, s["code"], tr),
    )


def _scenario_task(s: Step, n: Names, tr: Translator) -> str:
    return code(SCENARIO_TASKS, s["task"], tr)


def _chapter_completed(s: Step, n: Names, tr: Translator) -> str:
    title = code(CHAPTER_TITLES, s["code"], tr)
    if s["last"]:
        return tr.gettext(
            "Special Main Objective {title} is complete: it is the scenario's last chapter."
        ).format(title=title)
    text = tr.gettext(
        "Special Main Objective {title} is complete, and the game goes on. Read aloud: "
        "{section}. Its card leaves at the beginning of the next round."
    ).format(title=title, section=code(CHAPTER_SECTIONS, s["next_code"], tr))
    if s.get("reader"):
        text += " " + tr.gettext(READER_REASONS.get(s["code"], READER_REASONS["R1"])).format(
            seat_name=n.seat(s, "reader", "reader_name")
        )
    return text


def _named_survivors_set_aside(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "Set aside, out of the survivor deck: {names}. The story puts them in play."
    ).format(names=", ".join(s["names"]))


def _named_survivor_joined(s: Step, n: Names, tr: Translator) -> str:
    text = tr.gettext("{name} joins {seat_name}'s following at {place}.").format(
        name=s["name"],
        seat_name=n.seat(s, "seat", "seat_name"),
        place=n.place(s.get("where"), s.get("location_name", "")),
    )
    if s.get("typed"):
        text += " " + tr.gettext("Her numbers as the table typed them from her card.")
    if s.get("wounds"):
        text += " " + tr.ngettext(
            "Add {count} wound to her card.", "Add {count} wounds to her card.", s["wounds"]
        ).format(count=s["wounds"])
    if s.get("equip") == "raxxon_blueprints":
        text += " " + tr.gettext(
            "Find the Raxxon Blueprints in the Raxxon search deck and equip them to her."
        )
    return text


def _r1_completion_asked(s: Step, n: Names, tr: Translator) -> str:
    if not s.get("seat"):
        return tr.gettext(
            "R1's completion steps: move {zombies} zombies from the colony to Raxxon."
        ).format(zombies=s["zombies"])
    return tr.gettext(
        "R1's completion steps, for {seat_name} to follow: place a survivor they control at "
        "Raxxon, move {zombies} zombies from the colony to Raxxon."
    ).format(seat_name=n.seat(s, "seat", "seat_name"), zombies=s["zombies"])


def _chapter_began(s: Step, n: Names, tr: Translator) -> str:
    text = tr.gettext(
        "Remove card {previous} from the game and put Special Main Objective {title} on the "
        "colony board."
    ).format(previous=s["previous"], title=code(CHAPTER_TITLES, s["code"], tr))
    if s["last"]:
        text += " " + tr.gettext("Complete it to end the game.")
    return text


RENDERERS: dict[str, Renderer] = {
    "scenario_set_up": _scenario_set_up,
    "scenario_task": _scenario_task,
    "chapter_completed": _chapter_completed,
    "chapter_began": _chapter_began,
    "named_survivors_set_aside": _named_survivors_set_aside,
    "named_survivor_joined": _named_survivor_joined,
    "r1_completion_asked": _r1_completion_asked,
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""
