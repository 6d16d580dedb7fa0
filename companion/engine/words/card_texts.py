"""A card's or a place's words in the reader's language: the one way card text is read.

A card record (cards.db, a pack, the game's catalogue) keeps its English text in `name`,
`trigger`, `goal`... and its translations beside it in `name_pt_BR`, `trigger_pt_BR`...
(nested: an option's `text_pt_BR`, a setup side's `extra_pt_BR`). The engine keeps both and
reads only the English. Whoever shows a text asks here, by record or by id:

- ``words(record, field, locale)``: one text of a record in hand (a view's card, an option);
- ``card_words(state, card_id, field, locale)``: one text of a card of the game, by its id;
- ``place_words(state, place_id, locale)``: a location's name, by its id;
- ``stays_english(record, locale)``: whether a card shows a text in English (the "EN" mark);
- ``untranslated(record, locale)``: which of its texts have no `locale` version (the one walk
  over a record's nested texts, for that mark and for cards.db's translation report).

Sentences (sentences.Names) and templates (the ``words`` and ``stays_english`` globals,
web/wording.py) both read through these. A step or a refusal names its cards by id
(``CardWords`` for a refusal), never by English text to be looked up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SOURCE_LOCALE = "en"
"""The language of a card's plain text fields."""
TRANSLATED_LOCALES: tuple[str, ...] = ("pt_BR",)
"""Languages a card may carry beside its English: field `<name>_<locale>`, e.g. `goal_pt_BR`."""
TEXT_FIELDS: tuple[str, ...] = (
    "name",
    "trigger",
    "story",
    "goal",
    "fail_text",
    "bonus_text",
    "text",
    "extra",
    "occupation",
    "ability_location",
)
"""The text fields of a card record (top level or nested) that may have translations."""
MAX_TEXT = 2000
"""The longest translation kept."""
TRANSLATION_SUFFIXES: tuple[str, ...] = tuple(f"_{loc}" for loc in TRANSLATED_LOCALES)
"""How a translated field's name ends (`_pt_BR`)."""
CARD_STATE_FIELDS = ("locations", "crisis", "main_objective")
"""The state's fields that hold card records beside its catalogue (``cards``)."""


def translated(name: str, locale: str) -> str:
    """The field holding `name` in `locale` (`name` itself for English)."""
    return name if locale == SOURCE_LOCALE else f"{name}_{locale}"


def translated_fields(name: str) -> tuple[str, ...]:
    """Every field holding a translation of `name`: ("name_pt_BR",)."""
    return tuple(translated(name, loc) for loc in TRANSLATED_LOCALES)


def words(record: Mapping[str, Any] | None, field: str, locale: str) -> str:
    """One text of a card record in `locale`: its translation when it has one, else English."""
    if not isinstance(record, Mapping):
        return ""
    if locale != SOURCE_LOCALE:
        wanted = record.get(translated(field, locale))
        if isinstance(wanted, str) and wanted:
            return wanted
    value = record.get(field)
    return "" if value is None else str(value)


def _proper_name(record: Mapping[str, Any], key: str) -> bool:
    """A survivor's name is a person's name: it needs no translation (a survivor card is the
    record with an influence)."""
    return key == "name" and "influence" in record


def untranslated(value: Any, locale: str, path: str = "") -> list[str]:
    """The texts of a record (or a list of them) with no `locale` translation, as paths:
    `story`, `options[2].text`, `options[1].effects[2].text`; none for English. A survivor's
    name is a proper name and needs none."""
    if locale == SOURCE_LOCALE:
        return []
    if isinstance(value, list):
        return [
            p for n, item in enumerate(value, 1) for p in untranslated(item, locale, f"{path}[{n}]")
        ]
    if not isinstance(value, Mapping):
        return []
    found = []
    for key, text in value.items():
        where = f"{path}.{key}" if path else key
        if key in TEXT_FIELDS and isinstance(text, str) and text:
            wanted = value.get(translated(key, locale))
            if not (isinstance(wanted, str) and wanted) and not _proper_name(value, key):
                found.append(where)
        elif isinstance(text, Mapping | list):
            found += untranslated(text, locale, where)
    return found


def stays_english(record: Mapping[str, Any] | None, locale: str) -> bool:
    """Whether a card shows any text in English to a `locale` reader (its quiet "EN" mark).

    A search result, already in one language, says so in its own `lang`.
    """
    if not isinstance(record, Mapping) or locale == SOURCE_LOCALE:
        return False
    if isinstance(record.get("lang"), str):
        return record["lang"] != locale
    return bool(untranslated(record, locale))


def find_card(state: Mapping[str, Any] | None, card_id: Any) -> Mapping[str, Any] | None:
    """A card record of a game by id: on the board (locations, crisis, main objective), else
    in its catalogue. ``state`` may be the catalogue itself."""
    if not state or not isinstance(card_id, str):
        return None
    held = [state.get(key) for key in CARD_STATE_FIELDS]
    for value in held:
        for record in value if isinstance(value, list) else [value]:
            if isinstance(record, Mapping) and record.get("id") == card_id:
                return record
    catalogue = state.get("cards") if "cards" in state else state
    for group in (catalogue or {}).values():
        card = group.get(card_id) if isinstance(group, Mapping) else None
        if isinstance(card, Mapping):
            return card
    return None


def card_words(
    state: Mapping[str, Any] | None, card_id: Any, field: str, locale: str, given: str = ""
) -> str:
    """One text of a game's card by id in `locale`; `given` (else the id) when the game does
    not know the card (a typed-in card, an old step)."""
    found = words(find_card(state, card_id), field, locale)
    return found or given or ("" if card_id is None else str(card_id))


def place_words(
    state: Mapping[str, Any] | None, place_id: Any, locale: str, given: str = ""
) -> PlaceWords:
    """A location's name by id in `locale` (`given`, else the id, when it is not on the
    board), with its Portuguese gender (``PlaceWords``). The colony's name is words of ours,
    not a card's: the caller writes it."""
    for loc in (state or {}).get("locations") or []:
        if loc.get("id") == place_id:
            return PlaceWords(words(loc, "name", locale), loc.get(GENDER_FIELD, ""))
    return PlaceWords(given or ("" if place_id is None else str(place_id)))


GENDER_FIELD = "pt_BR_gender"
"""A location card's grammatical gender in Portuguese: "m", "f", or absent (cards/ sources)."""
CONTRACTIONS: dict[str, tuple[str, str, str]] = {
    "em": ("no", "na", "no local"),
    "de": ("do", "da", "do local"),
    "a": ("ao", "à", "ao local"),
    "para": ("para o", "para a", "para o local"),
}
"""A Portuguese preposition before a place: with the masculine article, with the feminine,
and the form for a place of unknown gender ("no local Raxxon")."""


class PlaceWords(str):
    """A place's name that a Portuguese sentence may put after a preposition contracted with
    its article: ``{place:em}`` gives "no Mercado", "na Delegacia"; plain ``{place}`` the name
    as it is (English never asks for a preposition)."""

    gender: str

    def __new__(cls, name: str, gender: str = "") -> PlaceWords:
        """A place's name and its gender ("m", "f" or "" when unknown)."""
        made = super().__new__(cls, name)
        made.gender = gender if gender in ("m", "f") else ""
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles keep the gender."""
        return (PlaceWords, (str(self), self.gender))

    def __format__(self, spec: str) -> str:
        """The name, or with ``spec`` a preposition of ``CONTRACTIONS`` before it."""
        if spec not in CONTRACTIONS:
            return str.__format__(str(self), spec)
        masculine, feminine, unknown = CONTRACTIONS[spec]
        if not self.gender:
            return f"{unknown} {self}"
        article = "o " if self.gender == "m" else "a "
        bare = self[len(article) :] if self.startswith(article) else str(self)
        return f"{masculine if self.gender == 'm' else feminine} {bare}"


class CardWords(str):
    """A card's text inside a refusal: English as text, its translations beside it."""

    texts: dict[str, str]

    def __new__(cls, english: str, texts: Mapping[str, str] | None = None) -> CardWords:
        """English text with its translations by locale."""
        made = super().__new__(cls, english)
        made.texts = dict(texts or {})
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles keep the translations."""
        return (CardWords, (str(self), self.texts))

    def in_locale(self, locale: str) -> str:
        """The text in `locale`, else English."""
        return self.texts.get(locale) or str(self)


def card_text(record: Mapping[str, Any], field: str = "name") -> CardWords:
    """One text of a card record with its translations, for a refusal to name it."""
    texts = {loc: words(record, field, loc) for loc in TRANSLATED_LOCALES}
    return CardWords(words(record, field, SOURCE_LOCALE), texts)


def copy_translations(source: Mapping[str, Any], target: dict[str, Any], *names: str) -> None:
    """Copy the non-empty translations of `names` from a card given to the record kept."""
    for name in names:
        for key in translated_fields(name):
            value = source.get(key)
            if isinstance(value, str) and value and len(value) <= MAX_TEXT:
                target[key] = value
