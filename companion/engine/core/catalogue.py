"""The game's card catalogue: the facts of every card it can deal or reveal, checked once.

``new_game`` copies the facts of the crossroads cards, secret objectives, crises and survivor
cards in play into ``state["cards"]`` (kind -> id -> facts), so every later action names cards
by id only and a saved game or a log replays without cards.db. The catalogue never changes
after setup. Each record is checked field by field here, so no rule meets a malformed card.
"""

from __future__ import annotations

from typing import Any

from companion.engine.core.effect_checks import validate_effects
from companion.engine.core.errors import Phrase, RuleError, shown, words
from companion.engine.core.objective_needs import check_needs
from companion.engine.core.vocabulary import MODULES, OBJECTIVE_KINDS, SYMBOLS
from companion.engine.words.card_texts import translated_fields
from companion.engine.words.labels import CARD_TABLES
from companion.engine.words.steps import N_

KINDS = ("crossroads", "objectives", "crises", "survivors", "improvements")
MAX_CARDS = 400
MAX_TEXT = 2000
IMPROVEMENT_TOKENS = 12
"""The most advancement tokens an improvement can need: the box holds 12 (000:69)."""

Card = dict[str, Any]

CARD_OF_KIND = {
    "crossroads": N_("crossroads card {card}"),
    "objectives": N_("objectives card {card}"),
    "crises": N_("crises card {card}"),
    "survivors": N_("survivors card {card}"),
    "improvements": N_("improvement card {card}"),
}
"""One card of each kind, named by id, for refusals."""


def empty() -> dict[str, dict[str, Card]]:
    """A catalogue with no cards."""
    return {kind: {} for kind in KINDS}


def _text(card: Any, key: str, what: Any, *, required: bool = False, limit: int = MAX_TEXT) -> str:
    """A text field of a card record, checked."""
    value = card.get(key, "")
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()) or len(value) > limit:
        raise RuleError(
            N_("{card}: {key} must be text of at most {limit} characters"),
            card=what,
            key=key,
            limit=limit,
        )
    return value


def _with_translations(
    card: Any, facts: Card, what: Any, *names: str, limit: int = MAX_TEXT
) -> Card:
    """Add the translations a card gives of its texts `names` (card_texts.py), checked."""
    for name in names:
        for key in translated_fields(name):
            value = _text(card, key, what, limit=limit)
            if value:
                facts[key] = value
    return facts


def _flag(card: Any, key: str, what: Any, default: bool = False) -> bool:
    """A true/false field of a card record (missing: ``default``)."""
    value = card.get(key)
    if value is None:
        return default
    if not isinstance(value, bool) and value not in (0, 1):
        raise RuleError(N_("{card}: {key} must be true or false"), card=what, key=key)
    return bool(value)


def _number(card: Any, key: str, what: Any, *, optional: bool = False) -> int | None:
    """A whole-number field of a card record (0-999)."""
    value = card.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 999:
        raise RuleError(
            N_("{card}: {key} must be a whole number from 0 to 999"), card=what, key=key
        )
    return value


def _common(card: Any, kind: str) -> tuple[Card, Phrase]:
    """The fields every card has: id, name, set, module, mature, non-co-op."""
    if not isinstance(card, dict):
        raise RuleError(
            N_("each card of {kind} must be a record with an id and a name"),
            kind=words(CARD_TABLES, kind),
        )
    card_id = card.get("id")
    if not isinstance(card_id, str) or not card_id or len(card_id) > 120:
        raise RuleError(N_("each card of {kind} needs an id (text)"), kind=words(CARD_TABLES, kind))
    what = Phrase(CARD_OF_KIND[kind], card=shown(card_id))
    module = _text(card, "module", what, limit=40)
    if module and module not in MODULES:
        raise RuleError(N_("{card}: unknown module {module}"), card=what, module=shown(module))
    facts = {
        "id": card_id,
        "name": _text(card, "name", what, required=True, limit=120),
        "set": _text(card, "set", what, limit=60),
        "module": module,
        "mature": _flag(card, "mature", what),
        "non_coop": _flag(card, "non_coop", what),
    }
    if kind == "survivors":  # a survivor's name is a person's name: never translated
        return facts, what
    return _with_translations(card, facts, what, "name", limit=120), what


def crossroads_card(card: Any) -> Card:
    """A crossroads card's facts: trigger, vote flag and options with their effects."""
    facts, what = _common(card, "crossroads")
    options = card.get("options", card.get("option"))
    if not isinstance(options, list) or not 1 <= len(options) <= 4:
        raise RuleError(N_("{card}: options must be a list of 1 to 4 options"), card=what)
    clean = []
    for n, option in enumerate(options, start=1):
        if not isinstance(option, dict):
            raise RuleError(
                N_("{card}: option {number} must be a record with text and effects"),
                card=what,
                number=n,
            )
        effects = option.get("effects", [])
        validate_effects(effects)
        where = Phrase(N_("{card} option {number}"), card=what, number=n)
        kept = {"text": _text(option, "text", where), "effects": effects}
        clean.append(_with_translations(option, kept, where, "text"))
    facts.update(
        trigger=_text(card, "trigger", what),
        story=_text(card, "story", what),
        vote=_flag(card, "vote", what),
        options=clean,
    )
    if card.get("trigger_kind"):  # the structured trigger (crossroads_hints.py)
        params = card.get("trigger_params")
        facts.update(
            trigger_kind=_text(card, "trigger_kind", what, limit=40),
            trigger_params={
                key: value
                for key, value in (params.items() if isinstance(params, dict) else ())
                if isinstance(key, str)
                and isinstance(value, str | int)
                and value is not True
                and value is not False
            },
        )
    _with_translations(card, facts, what, "trigger", "story")
    if facts["vote"] and len(clean) != 2:
        raise RuleError(
            N_("{card}: a vote card has exactly 2 options (thumbs up, thumbs down)"), card=what
        )
    return facts


def objective_card(card: Any) -> Card:
    """A secret objective's facts: its kind, goal and the parts the companion checks."""
    facts, what = _common(card, "objectives")
    kind = card.get("kind", "normal")
    if kind not in OBJECTIVE_KINDS:
        raise RuleError(
            N_("{card}: kind must be one of {known}"), card=what, known=", ".join(OBJECTIVE_KINDS)
        )
    facts.update(kind=kind, goal=_text(card, "goal", what))
    if card.get("requires"):
        try:
            facts["requires"] = check_needs(card["requires"])
        except RuleError as err:
            raise RuleError(N_("{card}: {problem}"), card=what, problem=err.phrase()) from err
    return _with_translations(card, facts, what, "goal")


def crisis_card(card: Any) -> Card:
    """A crisis card's facts: the symbols that prevent it, fail and bonus effects, bandits."""
    facts, what = _common(card, "crises")
    prevent = card.get("prevent")
    if not isinstance(prevent, list) or not prevent or not all(p in SYMBOLS for p in prevent):
        raise RuleError(
            N_("{card}: prevent must list symbols from {known}"),
            card=what,
            known=", ".join(SYMBOLS),
        )
    fail = card.get("fail_effects") or []
    validate_effects(fail)
    bonus = card.get("bonus_effects")
    if bonus is not None:
        validate_effects(bonus)
    bandits = card.get("bandits") or []
    if not isinstance(bandits, list) or not all(
        isinstance(b, int) and not isinstance(b, bool) and 1 <= b <= 12 for b in bandits
    ):
        raise RuleError(N_("{card}: bandits must list location numbers"), card=what)
    facts.update(
        prevent=list(prevent),
        fail_text=_text(card, "fail_text", what),
        fail_effects=fail,
        bonus_text=_text(card, "bonus_text", what),
        bonus_effects=bonus,
        bandits=list(bandits),
    )
    return _with_translations(card, facts, what, "fail_text", "bonus_text")


def survivor_card(card: Any) -> Card:
    """A survivor card's facts: influence, attack, search, occupation, and whether the survivor
    is human (missing: yes; Sparky the dog and Blue the chimp are not, 000:960)."""
    facts, what = _common(card, "survivors")
    facts.update(
        influence=_number(card, "influence", what),
        attack=_number(card, "attack", what, optional=True),
        search=_number(card, "search", what, optional=True),
        occupation=_text(card, "occupation", what, limit=120),
        human=_flag(card, "human", what, default=True),
    )
    return facts


def improvement_card(card: Any) -> Card:
    """An improvement card's facts: the advancement tokens it needs (000:717)."""
    facts, what = _common(card, "improvements")
    needs = _number(card, "needs", what)
    if not needs or needs > IMPROVEMENT_TOKENS:
        raise RuleError(
            N_("{card}: needs must be from 1 to {most}"), card=what, most=IMPROVEMENT_TOKENS
        )
    facts.update(needs=needs)
    return facts


CHECKS = {
    "crossroads": crossroads_card,
    "objectives": objective_card,
    "crises": crisis_card,
    "survivors": survivor_card,
    "improvements": improvement_card,
}


def add_cards(cards: dict[str, dict[str, Card]], kind: str, records: Any) -> list[Card]:
    """Check card records of one kind and add them to the catalogue; returns their facts."""
    if records is None:
        return []
    if not isinstance(records, list | tuple) or len(records) > MAX_CARDS:
        raise RuleError(
            N_("{kind} must be a list of at most {most} cards"),
            kind=words(CARD_TABLES, kind),
            most=MAX_CARDS,
        )
    out = []
    for record in records:
        facts = CHECKS[kind](record)
        known = cards[kind].get(facts["id"])
        if known is not None and known != facts:
            raise RuleError(
                N_("two different {kind} cards share the id {card}"),
                kind=words(CARD_TABLES, kind),
                card=shown(facts["id"]),
            )
        cards[kind][facts["id"]] = facts
        out.append(facts)
    return out
