"""Sentences of the Long Night's improvements and of the main objective's progress."""

from __future__ import annotations

from companion.engine.words.fill import Message, Names, Renderer, code, field
from companion.engine.words.labels import COUNTED_NAMES, N_
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator

IMPROVEMENT = {"name": field("name")}
"""An improvement's name, as the step carries it."""

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
        {"what": lambda s, n, tr: _counted(s, tr)},
    ),
}
"""Step kinds whose sentence is one message, filled by sentences_fill's convention."""


def _improvement_placed(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "Improvement {name} lies face up: it needs {needs} advancement token.",
        "Improvement {name} lies face up: it needs {needs} advancement tokens.",
        s["needs"],
    ).format(name=s["name"], needs=s["needs"])


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


def _counted(s: Step, tr: Translator) -> str:
    return code(COUNTED_NAMES, s["what"], tr)


def _main_objective_counted(s: Step, n: Names, tr: Translator) -> str:
    if s["met"]:
        text = tr.gettext("The main objective is met: {count} of {target} {what}.")
    else:
        text = tr.gettext("The main objective is not met yet: {count} of {target} {what}.")
    return text.format(count=s["count"], target=s["target"], what=_counted(s, tr))


RENDERERS: dict[str, Renderer] = {
    "improvement_placed": _improvement_placed,
    "advancement_changed": _advancement_changed,
    "main_objective_counted": _main_objective_counted,
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""
