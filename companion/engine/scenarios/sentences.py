"""Sentences of the special scenarios (scenarios.py): setup, chapters and their tasks."""

from __future__ import annotations

from companion.engine.words.fill import Message, Names, Renderer, code, place_of
from companion.engine.words.labels import (
    CHAPTER_SECTIONS,
    CHAPTER_TITLES,
    N_,
    SCENARIO_NAMES,
    SCENARIO_TASKS,
)
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator

CAME_FROM = {"place": place_of("came_from", "from_name")}
"""The place a survivor goes back from."""

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
    "scenario_exiled_stays": (
        N_("{name} stays at {place}: their player is exiled and may not enter the colony."),
        CAME_FROM,
    ),
}
"""Step kinds whose sentence is one message, filled by sentences_fill's convention."""


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
        text += " " + tr.gettext(
            "{seat_name} reads it and follows it (fewest survivors in their following; on a "
            "tie, the highest influence)."
        ).format(seat_name=n.seat(s, "reader", "reader_name"))
    return text


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
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""
