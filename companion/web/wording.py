"""The engine's labels (companion/engine/words/labels.py) in this device's language, for templates.

Registered as Jinja globals where the app is created: ``words(card, "goal")`` (a card's or a
place's text in this device's language, card_texts.py) and ``stays_english(card)`` (its "EN"
mark), ``label("symbols", "food")``,
``colony_step_heading(view.waiting)``, ``met_answer(view.waiting)``, ``move_notice(last_move)``,
``vote_heading(...)`` and
``vote_question(...)``, and ``betrayal_kinds`` (the objective kinds a "Betrayal" badge marks).
No label is written here: each table lives in labels.py, each kind in vocabulary.py.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from companion.engine.core.errors import render_error
from companion.engine.core.vocabulary import BETRAYAL_KINDS
from companion.engine.words import card_texts, labels
from companion.engine.words.waiting import waiting_words as _waiting_words
from companion.i18n import gettext, locale


def words(card: Any, field: str = "name") -> str:
    """One text of a card record (a view's card, location or option) in this device's language."""
    return card_texts.words(card, field, locale())


def stays_english(card: Any) -> bool:
    """Whether a card shows a text in English on this device (its quiet "EN" mark)."""
    return card_texts.stays_english(card, locale())


def label(table: str, code: Any, capital: bool = True, **fields: Any) -> str:
    """A code's words from one of labels.TABLES, translated, its fields filled in, first letter
    capitalised."""
    return labels.label(table, code, gettext, capital=capital, **fields)


def colony_step_heading(due: dict[str, Any]) -> str:
    """ "Step 1 of 7: the colony eats" for the colony step a view says is due."""
    return labels.colony_step_heading(due["step"], due["number"], due["of"], gettext)


def met_answer(due: dict[str, Any]) -> str:
    """Colony step 5's "met" button for the step a view says is due (labels.met_answer)."""
    return labels.met_answer(due.get("met") or {}, gettext)


def engine_words(phrase: Any) -> str:
    """Words of the engine (a refusal's or a view's ``Phrase``) in this device's language."""
    return render_error(phrase, locale())


def _filled(msgid: str, **values: Any) -> Markup:
    """``msgid`` translated and filled in as a template's ``_`` does: the words are markup, each
    value is escaped."""
    return Markup(gettext(msgid)) % values


def move_notice(move: dict[str, Any]) -> Markup:
    """ "Undone: end turn": an action done, undone or redone (``kind``), named by its ``type``."""
    what = label("actions", move["type"], capital=False)
    return _filled(labels.MOVE_NOTICES[move["kind"]], what=what)


def vote_heading(subject: str, name: str = "") -> Markup | str:
    """The table screen's heading of an open vote (``name``: the player an exile is about)."""
    if subject not in labels.VOTE_HEADINGS:
        return subject
    return _filled(labels.VOTE_HEADINGS[subject], name=name)


def vote_question(subject: str, name: str = "", card: str | None = None) -> Markup | str:
    """A phone's question for an open vote; ``card``: the crossroads card's name, when known."""
    if card is not None and subject in labels.VOTE_QUESTIONS_NAMED:
        return _filled(labels.VOTE_QUESTIONS_NAMED[subject], card=card)
    if subject not in labels.VOTE_QUESTIONS:
        return subject
    return _filled(labels.VOTE_QUESTIONS[subject], name=name)


def names(view: dict[str, Any]) -> dict[str, dict[str, str]]:
    """Display names by id for a view: seats, survivors and places (the colony in words)."""
    places = {"colony": label("places", "colony")}
    places.update({loc["id"]: words(loc) for loc in view["locations"]})
    return {
        "seats": {s["id"]: s["name"] for s in view["seats"]},
        "survivors": {s["id"]: s["name"] for s in view["survivors"]},
        "places": places,
    }


def waiting_words(
    waiting: dict[str, Any],
    names: dict[str, str],
    seat_id: str | None = None,
    revealing: Any = False,
    legal: dict[str, Any] | None = None,
) -> Markup:
    """What the game waits for in the reader's language (words/waiting.py): the table's
    headline, or the sentence for ``seat_id``'s phone; empty where the moment's own part words
    it. Names are escaped and stay as given."""
    said = _waiting_words(waiting, names, seat_id, revealing=bool(revealing), legal=legal)
    if said is None:
        return Markup("")
    msgid, fields = said
    return Markup(gettext(msgid)).format(**fields)


GLOBALS = {
    "waiting_words": waiting_words,
    "engine_words": engine_words,
    "words": words,
    "stays_english": stays_english,
    "label": label,
    "colony_step_heading": colony_step_heading,
    "met_answer": met_answer,
    "move_notice": move_notice,
    "vote_heading": vote_heading,
    "vote_question": vote_question,
    "betrayal_kinds": BETRAYAL_KINDS,
}
"""What create_app adds to the templates' globals."""
