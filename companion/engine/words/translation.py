"""The message catalogue the engine writes its sentences and refusals with (stdlib gettext).

The catalogue is ``companion/translations/<locale>/LC_MESSAGES/messages.mo``, the one the web
pages read through Flask-Babel; a missing catalogue falls back to English, the source language.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path
from typing import Protocol

DOMAIN = "messages"
DEFAULT_LOCALE = "en"
_DEFAULT_LOCALEDIR = Path(__file__).resolve().parents[2] / "translations"
_localedir = _DEFAULT_LOCALEDIR


class Translator(Protocol):
    """What rendering needs from a translation: ``gettext`` and ``ngettext``."""

    def gettext(self, message: str) -> str:
        """The translation of one message."""
        ...

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The translation of a message with a count."""
        ...


def set_localedir(path: str | Path | None) -> None:
    """Read catalogues from ``path`` (None: companion/translations again); clears the cache."""
    global _localedir
    _localedir = Path(path) if path is not None else _DEFAULT_LOCALEDIR
    translator.cache_clear()


@cache
def translator(locale: str = DEFAULT_LOCALE) -> gettext.NullTranslations:
    """The stdlib translation for ``locale``; English (or a missing catalogue) is the source."""
    if not locale or locale == DEFAULT_LOCALE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=str(_localedir), languages=[locale], fallback=True)
