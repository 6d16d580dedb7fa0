"""Sentences of the Long Night's improvements (registered with the module's hooks)."""

from __future__ import annotations

from companion.engine.words.fill import Message, Names, Renderer, field
from companion.engine.words.labels import N_, NP_
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


RENDERERS: dict[str, Renderer] = {
    "advancement_changed": _advancement_changed,
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""


SETUP_PARTS: dict[str, str] = {
    "module_cards": N_(
        "Improvements module: the crisis, survivor, crossroads and objective cards with the "
        "hammer icon join their decks."
    ),
    "improvement_row": N_(
        "Improvements module: shuffle the improvement deck, lay 4 improvement cards face up in "
        "a row beside the colony, and enter them on the table screen."
    ),
}
"""The module's parts of the table's setup, in the rulebook's order (000:712-713), each with its
sentence (the ``module_setup`` step's ``part``; setup/modules.py)."""
