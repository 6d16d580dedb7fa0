"""Card texts in the reader's language: a text's `<field>_<locale>` twin, else its English.

A card record (cards.db, a pack, the game's catalogue) keeps its English text in `name`,
`trigger`, `goal`... and a translation beside it in `name_pt_BR`, `trigger_pt_BR`... (nested:
an option's `text_pt_BR`, a setup side's `extra_pt_BR`). The engine keeps both and reads only
the English; a screen or a sentence picks the reader's language when it shows the text.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
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
)
"""The text fields of a card record (top level or nested) that may have a twin."""
MAX_TEXT = 2000
"""The longest translation kept."""


def translated(name: str, locale: str) -> str:
    """The field holding `name` in `locale` (`name` itself for English)."""
    return name if locale == SOURCE_LOCALE else f"{name}_{locale}"


def twin_keys(name: str) -> tuple[str, ...]:
    """Every translated field of `name`: ("name_pt_BR",)."""
    return tuple(translated(name, loc) for loc in TRANSLATED_LOCALES)


TWIN_SUFFIXES: tuple[str, ...] = tuple(f"_{loc}" for loc in TRANSLATED_LOCALES)
"""How a translated field's name ends (`_pt_BR`)."""
_TWINS: dict[str, dict[str, str]] = {
    loc: {name: translated(name, loc) for name in TEXT_FIELDS} for loc in TRANSLATED_LOCALES
}
"""Each text field's twin in each translated locale: {"pt_BR": {"name": "name_pt_BR", ...}}."""
PLAIN = (dict, list)
"""The containers a view is made of, told apart before the slower Mapping check."""
SCALARS = (int, float, type(None))
"""Values with no text to pick (bool is an int), also told apart before the Mapping check."""


def _proper_name(record: Mapping[str, Any], key: str) -> bool:
    """A survivor's name is a person's name: it needs no translation (a survivor card is the
    record with an influence)."""
    return key == "name" and "influence" in record


def _pick(
    record: Mapping[str, Any], locale: str, twins: Mapping[str, str] | None
) -> tuple[dict[str, Any], bool]:
    """One record (nested ones too) in `locale` (`twins`: its text fields' twin keys, None for
    English); True when a text had to stay English."""
    out: dict[str, Any] = {}
    fell_back = False
    for key, value in record.items():
        if isinstance(key, str) and key.endswith(TWIN_SUFFIXES):
            continue
        if isinstance(value, str):
            if twins is not None and key in twins:
                wanted = record.get(twins[key])
                if isinstance(wanted, str) and wanted:
                    value = wanted
                elif value and not _proper_name(record, key):
                    fell_back = True
        elif isinstance(value, PLAIN) or (
            not isinstance(value, SCALARS) and isinstance(value, Mapping)
        ):
            value, inner = _walk(value, locale, twins)
            fell_back = fell_back or inner
        out[key] = value
    if "id" in record and isinstance(record.get("name"), str):
        out["lang"] = SOURCE_LOCALE if fell_back or twins is None else locale
    return out, fell_back


def _walk(value: Any, locale: str, twins: Mapping[str, str] | None) -> tuple[Any, bool]:
    """A value in `locale`; True when a text of a record without its own `lang` stayed English."""
    if isinstance(value, (dict, Mapping)):  # a dict first: faster than the Mapping check
        picked, fell_back = _pick(value, locale, twins)
        return picked, fell_back and "lang" not in picked
    if isinstance(value, list):
        items = []
        fell_back = False
        for item in value:
            if isinstance(item, PLAIN) or (
                not isinstance(item, SCALARS) and isinstance(item, Mapping)
            ):
                item, inner = _walk(item, locale, twins)
                fell_back = fell_back or inner
            items.append(item)
        return items, fell_back
    return value, False


def localised(value: Any, locale: str) -> Any:
    """A copy of a view, a card or a list of them with every card text in `locale`.

    Each text takes its `locale` twin when there is one, else stays English; the twin fields
    are gone. Every card record (a dict with an id and a name) gets `lang`: `locale`, or "en"
    when any of its texts stayed English (the screen shows a quiet "EN" mark). The value given
    is not changed.
    """
    if locale == SOURCE_LOCALE:
        twins = None
    else:
        twins = _TWINS.get(locale) or {name: translated(name, locale) for name in TEXT_FIELDS}
    return _walk(value, locale, twins)[0]


def text_in(record: Mapping[str, Any], name: str, locale: str) -> Any:
    """One text field of a card in `locale`: its twin when there is one, else the English (as
    ``localised(record, locale)[name]``, without copying the record)."""
    if locale != SOURCE_LOCALE:
        wanted = record.get(translated(name, locale))
        if isinstance(wanted, str) and wanted:
            return wanted
    return record.get(name)


def _pairs(value: Any) -> Iterator[tuple[str, str, str]]:
    """(English text, locale, its translation) of every twin in a structure."""
    if isinstance(value, Mapping):
        for key, text in value.items():
            if key in TEXT_FIELDS and isinstance(text, str) and text:
                for loc in TRANSLATED_LOCALES:
                    other = value.get(translated(key, loc))
                    if isinstance(other, str) and other:
                        yield text, loc, other
            if isinstance(text, Mapping | list):
                yield from _pairs(text)
    elif isinstance(value, list):
        for item in value:
            yield from _pairs(item)


def translations(state: Mapping[str, Any] | None, locale: str) -> dict[str, str]:
    """Every card text of a game (catalogue, board, main objective, crisis) in English, mapped
    to its `locale` text: how a step that carries a card's English words is written for a
    reader of another language. Empty for English."""
    if not state or locale == SOURCE_LOCALE:
        return {}
    parts = [
        state.get("cards"),
        state.get("locations"),
        state.get("main_objective"),
        state.get("crisis"),
    ]
    out: dict[str, str] = {}
    for english, loc, text in _pairs(parts):
        if loc == locale:
            out.setdefault(english, text)
    return out


def copy_twins(source: Mapping[str, Any], target: dict[str, Any], *names: str) -> None:
    """Copy the non-empty translations of `names` from a card given to the record kept."""
    for name in names:
        for key in twin_keys(name):
            value = source.get(key)
            if isinstance(value, str) and value and len(value) <= MAX_TEXT:
                target[key] = value
