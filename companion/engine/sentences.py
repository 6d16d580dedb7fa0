"""Each step as one translated sentence, written when it is shown.

``render_step(step, state, locale)`` writes the sentence from the one message catalogue
(translation.py): every sentence is a whole gettext msgid with named placeholders, plurals go
through ``ngettext``, and codes turn into words through the ``N_``-marked tables of labels.py,
so a translation is one ``.po`` file (``companion/translations/<locale>/LC_MESSAGES/messages.po``).
The sentences live by domain (each folder's ``*sentences.py``): a ``MESSAGES`` table of the step
kinds whose sentence is one message, a plural one too (``NP_`` and the step field that counts;
placeholders filled by words/fill.py's convention), and a ``RENDERERS`` table of the kinds that
need a list, a join of sentences or a choice between messages (``fill.choice``).
The engine never calls this module: steps are data (steps.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine import modules  # noqa: F401  (the modules register their sentences)
from companion.engine.board import sentences as sentences_board
from companion.engine.board import survivor_sentences as sentences_survivors
from companion.engine.colony import crisis_sentences as sentences_crisis
from companion.engine.colony import sentences as sentences_colony
from companion.engine.core import hooks
from companion.engine.scenarios import sentences as sentences_scenarios
from companion.engine.setup import sentences as sentences_setup
from companion.engine.turns import sentences as sentences_turns
from companion.engine.words.card_texts import (
    SOURCE_LOCALE,
    PlaceWords,
    find_card,
    place_words,
    words,
)
from companion.engine.words.fill import Renderer, renderers
from companion.engine.words.steps import Step
from companion.engine.words.translation import DEFAULT_LOCALE, Translator, translator

# --- names: from the step, else from the state -----------------------------------------------


class Names:
    """Names and card texts for the ids a step carries, in the reader's language: a card's or a
    location's words from the game (card_texts.py), else the step's own English. Players' and
    survivors' names are proper names, shown as they are."""

    def __init__(
        self, state: Mapping[str, Any] | None, tr: Translator, locale: str = DEFAULT_LOCALE
    ) -> None:
        self.tr = tr
        self.locale = locale or DEFAULT_LOCALE
        state = state or {}
        self.state = state
        self.seats = {s["id"]: s["name"] for s in state.get("seats") or []}
        self.survivors = {
            s["id"]: s["name"]
            for s in [*(state.get("graveyard") or []), *(state.get("survivors") or [])]
        }

    def card_text(self, card_id: Any, field: str = "name", given: Any = "") -> str:
        """One text of the card ``card_id`` (its ``field``) in the reader's language; the
        step's English ``given`` when the game has no such card, or another one by that id (a
        typed-in crisis, an earlier chapter)."""
        given = str(given or "")
        record = find_card(self.state, card_id)
        if record is None or (given and words(record, field, SOURCE_LOCALE) != given):
            return given or ("" if card_id is None else str(card_id))
        return words(record, field, self.locale) or given

    def option_text(self, card_id: Any, option: Any, given: Any = "") -> str:
        """The text of a crossroads card's option (numbered from 1) in the reader's language."""
        given = str(given or "")
        options = (find_card(self.state, card_id) or {}).get("options") or []
        if isinstance(option, int) and 1 <= option <= len(options):
            picked = options[option - 1]
            if not given or words(picked, "text", SOURCE_LOCALE) == given:
                return words(picked, "text", self.locale) or given
        return given

    def setup_extra(self, objective_id: Any, given: Any = "") -> str:
        """What a main objective's setup side also asks the table, in the reader's language."""
        given = str(given or "")
        setup = (find_card(self.state, objective_id) or {}).get("setup")
        if isinstance(setup, Mapping) and words(setup, "extra", SOURCE_LOCALE) == given:
            return words(setup, "extra", self.locale) or given
        return given

    def seat(self, s: Step, id_key: str = "seat", name_key: str = "seat_name") -> str:
        """A player's name."""
        sid = s.get(id_key)
        return s.get(name_key) or self.seats.get(sid) or str(sid or "")

    def survivor(self, s: Step, id_key: str = "survivor", name_key: str = "name") -> str:
        """A survivor's name (the dead ones too)."""
        sid = s.get(id_key)
        return s.get(name_key) or self.survivors.get(sid) or str(sid or "")

    def place(self, place: Any, given: str = "") -> str:
        """A place's name: the colony (feminine in Portuguese, a colônia), or a location."""
        if place == "colony":
            return PlaceWords(self.tr.gettext("the colony"), "f")
        return place_words(self.state, place, self.locale, given)

    def card(self, card_id: Any, given: str = "") -> str:
        """A card's name (its id when unknown)."""
        return self.card_text(card_id, "name", given)


DOMAINS = (
    sentences_survivors,  # tracks, deaths and the end of the game
    sentences_board,  # adding zombies, exposure and the bite, the board's actions
    sentences_turns,  # player turns, crossroads, votes, exile and the winners
    sentences_setup,  # game setup, dealing and the Long Night modules' setup
    sentences_colony,  # the colony phase and the cards' effects
    sentences_crisis,  # the crisis and the bandits it places
    sentences_scenarios,  # the special scenarios (scenarios.py)
    *hooks.each("sentences"),  # each Long Night module's, as it registers them
)
"""The modules that write the sentences, one per domain."""

RENDERERS: dict[str, Renderer] = {
    kind: render
    for domain in DOMAINS
    for kind, render in [*domain.RENDERERS.items(), *renderers(domain.MESSAGES).items()]
}
"""Every step kind and the function that writes its sentence."""

KINDS = frozenset(RENDERERS)


def render_step(
    s: Step, state: Mapping[str, Any] | None = None, locale: str = DEFAULT_LOCALE
) -> str:
    """Write one step as a sentence in ``locale`` ("en", "pt_BR"); ``state`` supplies names."""
    tr = translator(locale or DEFAULT_LOCALE)
    return RENDERERS[s["kind"]](s, Names(state, tr, locale), tr)


def render_steps(
    steps: list[Step], state: Mapping[str, Any] | None = None, locale: str = DEFAULT_LOCALE
) -> list[str]:
    """Render a list of steps (the state's names looked up once for all of them)."""
    tr = translator(locale or DEFAULT_LOCALE)
    names = Names(state, tr, locale)
    return [RENDERERS[s["kind"]](s, names, tr) for s in steps]
