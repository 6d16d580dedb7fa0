"""The message catalogue read with the standard library: what a page should say, for tests."""

from __future__ import annotations

import gettext
from functools import cache

from companion.i18n import DEFAULT_LOCALE, DOMAIN, translations_dir


@cache
def translation(locale: str) -> gettext.NullTranslations:
    """The standard-library translation for ``locale`` from the app's ``.mo`` (English: none)."""
    if locale == DEFAULT_LOCALE:
        return gettext.NullTranslations()
    return gettext.translation(
        DOMAIN, localedir=str(translations_dir()), languages=[locale], fallback=True
    )
