"""Sentences of the Long Night's improvements and of the main objective's progress."""

from __future__ import annotations

from companion.engine.words.fill import Message, Names, Renderer, code, field, fill, join
from companion.engine.words.labels import COUNTED_NAMES, N_, NP_, OBJECTIVE_CONDITION_WORDS
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator

IMPROVEMENT = {"name": field("name")}
"""An improvement's name, as the step carries it."""

COUNTED = {"what": lambda s, n, tr: code(COUNTED_NAMES, s["what"], tr)}
"""What the main objective counts, in words."""

MESSAGES: dict[str, Message] = {
    "improvement_removed": (N_("Improvement {name} is taken off the row."), IMPROVEMENT),
    "improvement_built": (
        N_(
            "{name} is built: its ongoing effects are active from now on. Move it to the centre "
            "of the colony board; the table applies its effects (the companion tracks only that "
            "it is active)."
        ),
        IMPROVEMENT,
    ),
    "objective_progress_changed": (
        N_("Main objective: {progress} of {target} {what}."),
        COUNTED,
    ),
    # plurals
    "improvement_placed": (
        NP_(
            "Improvement {name} lies face up: it needs {needs} advancement token.",
            "Improvement {name} lies face up: it needs {needs} advancement tokens.",
        ),
        "needs",
        IMPROVEMENT,
    ),
}
"""Step kinds whose sentence is one message, filled by words/fill.py's convention."""


def _advancement_changed(s: Step, n: Names, tr: Translator) -> str:
    if s["amount"] > 0:
        text = tr.ngettext(
            "{amount} advancement token on {name}",
            "{amount} advancement tokens on {name}",
            s["amount"],
        )
    else:
        text = tr.ngettext(
            "{amount} advancement token off {name}",
            "{amount} advancement tokens off {name}",
            -s["amount"],
        )
    return tr.gettext("{change}: {tokens} of {needs}.").format(
        change=text.format(amount=abs(s["amount"]), name=s["name"]),
        tokens=s["tokens"],
        needs=s["needs"],
    )


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
    "advancement_changed": _advancement_changed,
    "main_objective_counted": _main_objective_counted,
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""
