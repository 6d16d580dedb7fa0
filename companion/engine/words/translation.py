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
LOCALEDIR = Path(__file__).resolve().parents[2] / "translations"


class Translator(Protocol):
    """What rendering needs from a translation: ``gettext`` and ``ngettext``."""

    def gettext(self, message: str) -> str:
        """The translation of one message."""
        ...

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The translation of a message with a count."""
        ...


@cache
def translator(locale: str = DEFAULT_LOCALE) -> gettext.NullTranslations:
    """The stdlib translation for ``locale``; English (or a missing catalogue) is the source."""
    if not locale or locale == DEFAULT_LOCALE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=str(LOCALEDIR), languages=[locale], fallback=True)
