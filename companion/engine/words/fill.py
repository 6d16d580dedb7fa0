"""How a sentence's placeholders are filled: one convention for every message table.

A domain's ``MESSAGES`` maps a step kind to its msgid (``N_``-marked), or to a msgid and the
fillers of the placeholders that break the convention; a plural is its pair (``NP_``-marked) and
the step's field that counts: ``(NP_(singular, plural), "count")``, fillers third when needed. A
placeholder is filled by its entry in ``FILLERS`` (``{seat_name}`` the player's name, ``{name}``
the survivor's, ``{where}`` the place a zombie goes...), else by the step's field of that name.
The helpers below serve the sentences that still need a function (a list, a join of sentences, a
choice between sentences).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from string import Formatter
from typing import Any

from companion.engine.words.card_texts import PlaceWords
from companion.engine.words.labels import DEATH_CAUSES, SYMBOL_NAMES, WOUND_CAUSES, Plural
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator

Names = Any  # sentences.Names (it imports this module, not the other way round)
Renderer = Callable[[Step, Names, Translator], str]
Filler = Callable[[Step, Names, Translator], Any]
Message = (
    str
    | tuple[str, Mapping[str, Filler]]
    | tuple[Plural, str]
    | tuple[Plural, str, Mapping[str, Filler]]
)
"""A msgid, or a msgid and the fillers of the placeholders that break the convention; a plural
msgid, the step's field that counts, and the fillers that break the convention."""


# --- the words the sentences share -------------------------------------------------------------


def signed(n: int) -> str:
    """'+1', '-2'."""
    return f"{n:+d}"


def code(table: Mapping[str, str], value: Any, tr: Translator, **fields: Any) -> str:
    """A code's words from one of labels.py's tables; anything else was typed at the table."""
    if value in table:
        return tr.gettext(table[value]).format(**fields)
    return str(value)


def join(tr: Translator, items: Iterable[Any], last: str = "comma") -> str:
    """'a, b, c' or 'a, b or c' with the catalogue's separators."""
    words = [str(i) for i in items]
    if not words:
        return ""
    text = words[0]
    for k, word in enumerate(words[1:], start=2):
        if last == "or" and k == len(words):
            text = tr.gettext("{list} or {item}").format(list=text, item=word)
        else:
            text = tr.gettext("{list}, {item}").format(list=text, item=word)
    return text


def source(s: Step, n: Names, tr: Translator, *, capital: bool = False) -> str:
    """The card an effect came from; 'a card' when the table gave none."""
    if s.get("source"):
        return n.card(s.get("source_card"), s["source"])
    return tr.gettext("A card") if capital else tr.gettext("a card")


def where(s: Step, n: Names, tr: Translator) -> str:
    """'colony entrance 3' or the location's name."""
    if s.get("where") == "colony":
        text = tr.gettext("colony entrance {entrance}").format(entrance=s.get("entrance", 1))
        return PlaceWords(text, "f")  # a entrada 3 da colônia
    return n.place(s.get("where"), s.get("location_name", ""))


def at_where(s: Step, n: Names, tr: Translator) -> str:
    """'at colony entrance 3' or 'at' the location, the preposition in the language's own form
    (Portuguese: 'na entrada 3 da colônia', 'no local Delegacia')."""
    if s.get("where") == "colony":
        return tr.gettext("at colony entrance {entrance}").format(entrance=s.get("entrance", 1))
    where_name = n.place(s.get("where"), s.get("location_name", ""))
    return tr.gettext("at {place}").format(place=where_name)


def place(s: Step, n: Names, key: str = "where") -> str:
    """The place a step names by id (``where``, ``location``, ``to``...)."""
    return n.place(s.get(key), s.get("location_name", ""))


def symbol(tr: Translator, value: Any) -> str:
    """A crisis card's symbol in words."""
    return code(SYMBOL_NAMES, value, tr)


def reason(table: Mapping[str, str], s: Step, n: Names, tr: Translator, **fields: Any) -> str:
    """A step's ``reason``: a code's words, or the card it came from ("card")."""
    if s["reason"] == "card":
        return source(s, n, tr)
    return code(table, s["reason"], tr, **fields)


def cause(s: Step, n: Names, tr: Translator) -> str:
    """Why a survivor died or left: a code's words, a card's name, or the table's own words."""
    why = s.get("cause")
    if why == "card":
        return source(s, n, tr)
    if why == "wounds":
        wound_cause = s.get("wound_cause")
        by = source(s, n, tr) if wound_cause == "card" else code(WOUND_CAUSES, wound_cause, tr)
        return code(DEATH_CAUSES, why, tr, count=s.get("wounds", 3), wound_cause=by)
    return code(DEATH_CAUSES, why, tr, place=n.place(s.get("place"), s.get("place_name", "")))


# --- fillers: what fills a placeholder ----------------------------------------------------------


def seat(id_key: str, name_key: str) -> Filler:
    """A player's name, from the step's ``id_key`` (the name the step gives first)."""
    return lambda s, n, tr: n.seat(s, id_key, name_key)


def card(id_key: str, name_key: str) -> Filler:
    """A card's name, from the step's ``id_key`` (the name the step gives when unknown)."""
    return lambda s, n, tr: n.card(s.get(id_key), s.get(name_key, ""))


def place_of(id_key: str, name_key: str = "location_name") -> Filler:
    """A place's name, from the step's ``id_key``."""
    return lambda s, n, tr: n.place(s.get(id_key), s.get(name_key, ""))


def card_text(id_key: str, field: str) -> Filler:
    """One text of the card the step's ``id_key`` names (the step's own ``field`` when unknown)."""
    return lambda s, n, tr: n.card_text(s.get(id_key), field, s.get(field, ""))


def field(key: str) -> Filler:
    """The step's field as it is, for a placeholder whose name has a filler of its own."""
    return lambda s, n, tr: s[key]


def label(table: Mapping[str, str], key: str) -> Filler:
    """A code's words from one of labels.py's tables."""
    return lambda s, n, tr: code(table, s[key], tr)


def number(key: str) -> Filler:
    """A signed number: '+1', '-2'."""
    return lambda s, n, tr: signed(s[key])


FILLERS: dict[str, Filler] = {
    "seat_name": seat("seat", "seat_name"),
    "drawer_name": seat("drawer", "drawer_name"),
    "target_name": seat("target", "target_name"),
    "caller_name": seat("caller", "caller_name"),
    "breaker_name": seat("breaker", "breaker_name"),
    "name": lambda s, n, tr: n.survivor(s),
    "card": card("card", "card_name"),
    "place": place_of("where"),
    "where": where,
    "source": lambda s, n, tr: source(s, n, tr, capital=True),
    "amount": number("amount"),
    "cause": cause,
}
"""The convention: a placeholder's filler by its name; any other is the step's field."""

AT_LOCATION: dict[str, Filler] = {"place": place_of("location")}
"""The fillers of a step that names its place by ``location`` (not ``where``)."""


@cache
def placeholders(msgid: str | Plural) -> tuple[str, ...]:
    """The named placeholders of an English msgid (of both forms of a plural), in order."""
    texts = msgid if isinstance(msgid, Plural) else (msgid,)
    return tuple(dict.fromkeys(f for text in texts for _, f, _, _ in Formatter().parse(text) if f))


def parts(message: Message) -> tuple[str | Plural, str | None, Mapping[str, Filler]]:
    """A table entry's msgid, the step's field that counts (plurals only) and its own fillers."""
    if isinstance(message, str):
        return message, None, {}
    if isinstance(message[0], Plural):
        return message[0], message[1], message[2] if len(message) > 2 else {}
    return message[0], None, message[1]


def fill(message: Message, s: Step, n: Names, tr: Translator) -> str:
    """A message table's sentence for one step: the msgid translated (a plural by the step's
    field that counts), each placeholder filled."""
    msgid, count, fillers = parts(message)
    names = placeholders(msgid)
    if isinstance(msgid, Plural):
        text = tr.ngettext(msgid.singular, msgid.plural, s[count])
    elif not names:
        return tr.gettext(msgid)
    else:
        text = tr.gettext(msgid)
    fields = {}
    for key in names:
        filler = fillers.get(key) or FILLERS.get(key)
        fields[key] = filler(s, n, tr) if filler else s[key]
    return text.format(**fields)


def renderers(messages: Mapping[str, Message]) -> dict[str, Renderer]:
    """A message table as renderers, one per step kind."""
    return {kind: _renderer(message) for kind, message in messages.items()}


def _renderer(message: Message) -> Renderer:
    def render(s: Step, n: Names, tr: Translator) -> str:
        return fill(message, s, n, tr)

    return render


def choice(pick: Callable[[Step], Any], table: Mapping[Any, Message]) -> Renderer:
    """The renderer of a kind whose sentence is one of ``table``'s messages: the one under what
    ``pick`` finds in the step."""

    def render(s: Step, n: Names, tr: Translator) -> str:
        return fill(table[pick(s)], s, n, tr)

    return render
