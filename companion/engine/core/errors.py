"""The one error the engine raises for an impossible action, and its sentence in each language.

A refusal is a whole English sentence with named placeholders, marked for the message
catalogue, and the values that fill it in::

    raise RuleError(N_("{name} is exiled and cannot vote"), name=who["name"])

``str(exc)`` is the English sentence; ``exc.template`` and ``exc.params`` are kept, and
``render_error(exc, locale)`` translates the template with the catalogue the steps use
(steps.translator) before filling it in. A value that is words of ours rather than data (the
colony, what an action does, a counter's name) is a ``Phrase``: it reads as English and is
translated too when the refusal is rendered. A card's or a location's name is a
``card_texts.CardWords``: it carries its translations and is shown in the reader's language.
Players' names, ids and typed-in values stay as given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.words.card_texts import CardWords
from companion.engine.words.labels import ACTION_WORDS
from companion.engine.words.translation import DEFAULT_LOCALE, Translator, translator

MAX_SHOWN = 60
"""How many characters of a refused value a refusal repeats."""


def _fill(template: str, params: Mapping[str, Any]) -> str:
    return template.format(**params)


class Phrase(str):
    """Words of ours inside a refusal: English as text, translated when the refusal is shown."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, **params: Any) -> Phrase:
        """A phrase from a marked msgid and the values of its placeholders."""
        made = super().__new__(cls, _fill(template, params))
        made.template = template
        made.params = dict(params)
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles keep the template and its values."""
        return (_phrase, (self.template, self.params))


def _phrase(template: str, params: dict[str, Any]) -> Phrase:
    return Phrase(template, **params)


class Counted(Phrase):
    """A counted noun inside a refusal ("1 token", "3 tokens"): the catalogue's plural for
    ``count`` when shown (``ngettext``). Made with ``counted``, which extraction reads."""

    plural: str
    count: int

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles keep both forms and the count."""
        return (_counted, (self.template, self.plural, self.count, self.params))


def counted(singular: str, plural: str, count: int, **params: Any) -> Counted:
    """A counted phrase: ``counted("{n} token", "{n} tokens", 3, n=3)`` (both forms msgids)."""
    made = Counted.__new__(Counted, singular if count == 1 else plural, **params)
    made.template, made.plural, made.count = singular, plural, count
    return made


def _counted(singular: str, plural: str, count: int, params: dict[str, Any]) -> Counted:
    return counted(singular, plural, count, **params)


class RuleError(ValueError):
    """An action the rules (or the state) do not allow; the state is left unchanged."""

    def __init__(self, template: str, **params: Any) -> None:
        """``template`` is a whole English sentence (a msgid); ``params`` fill its placeholders."""
        super().__init__(_fill(template, params))
        self.template = template
        self.params = dict(params)

    def phrase(self) -> Phrase:
        """This refusal as a phrase, to be quoted inside another refusal."""
        return Phrase(self.template, **self.params)


def shown(value: Any) -> str:
    """A refused value as a refusal repeats it: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


def require_one_of(value: Any, known: Any, message: str, name: str) -> None:
    """Refuse a value not among the known ones; the refusal lists them (``{known}``) and repeats
    the value as its placeholder ``name``."""
    if value not in known:
        raise RuleError(message, known=", ".join(known), **{name: shown(value)})


def words(table: Mapping[str, str], code: Any) -> Any:
    """A code's words (a ``Phrase`` from one of the ``N_``-marked tables), else the code itself."""
    if isinstance(code, str) and code in table:
        return Phrase(table[code])
    return code


def _plural_of(value: Phrase) -> tuple[str, int] | None:
    """A counted phrase's plural msgid and count (None for any other phrase)."""
    return (value.plural, value.count) if isinstance(value, Counted) else None


def _render(
    template: str,
    params: Mapping[str, Any],
    tr: Translator,
    plural: Any = None,
    locale: str = DEFAULT_LOCALE,
) -> str:
    values = {
        key: _render(value.template, value.params, tr, _plural_of(value), locale)
        if isinstance(value, Phrase)
        else value.in_locale(locale)
        if isinstance(value, CardWords)
        else value
        for key, value in params.items()
    }
    if not template:
        return ""
    try:
        if plural is not None:
            return tr.ngettext(template, plural[0], plural[1]).format(**values)
        return tr.gettext(template).format(**values)
    except (KeyError, IndexError, ValueError):  # a translation that lost a placeholder
        english = plural[0] if plural is not None and plural[1] != 1 else template
        return english.format(**values)


def render_error(exc: BaseException, locale: str = DEFAULT_LOCALE) -> str:
    """The refusal ``exc`` as a sentence in ``locale`` ("en", "pt_BR").

    A card's or location's name inside it (card_texts.CardWords) is shown in ``locale`` too.
    Any other exception is shown as its own text (it has no template to translate).
    """
    template = getattr(exc, "template", None)
    if not isinstance(template, str):
        return str(exc)
    tr = translator(locale or DEFAULT_LOCALE)
    return _render(template, getattr(exc, "params", {}), tr, locale=locale or DEFAULT_LOCALE)


# --- what each action does, for refusals that name it ----------------------------------------


def action_words(kind: str) -> Any:
    """What the action ``kind`` does, as a phrase (its code when unknown)."""
    return words(ACTION_WORDS, kind)
