"""Languages: the locale each device reads, and the message catalogue's upkeep.

English is the source language; every other language is a gettext catalogue under
``companion/translations/<code>/LC_MESSAGES/messages.po`` (compiled to ``messages.mo``, which is
committed). Web pages translate through Flask-Babel's catalogues, each request's looked up once
(``catalogue``).
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import g
from flask_babel import get_locale, get_translations
from jinja2 import pass_eval_context
from markupsafe import Markup

if TYPE_CHECKING:
    from babel.support import NullTranslations
    from flask import Flask
    from jinja2.nodes import EvalContext
    from werkzeug.datastructures import LanguageAccept

LANGUAGES = {"en": "English", "pt_BR": "Português (Brasil)"}
DEFAULT_LOCALE = "en"
ACCEPTED = {"en": "en", "pt_BR": "pt_BR", "pt": "pt_BR"}
"""The Accept-Language tags matched, and the catalogue each reads: any Portuguese reads pt_BR
(there is one Portuguese and one English)."""
DOMAIN = "messages"
COOKIE = "lang"
COOKIE_MAX_AGE = 365 * 24 * 60 * 60

PROJECT = "Dead of Winter table companion"
POT_HEADER = (
    "# Messages of the Dead of Winter table companion, extracted from its code and pages.\n#"
)
WIDTH = 100


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("companion")
    except PackageNotFoundError:
        return "0"


def translations_dir() -> Path:
    """The folder holding the catalogues (``<code>/LC_MESSAGES/messages.po|mo``)."""
    return Path(__file__).resolve().parent / "translations"


def html_lang(locale: str) -> str:
    """The BCP 47 tag for a catalogue code, for ``<html lang>`` and Content-Language."""
    return locale.replace("_", "-")


def choose_locale(cookie: str | None, accept: LanguageAccept | None) -> str:
    """The locale for a request: the ``lang`` cookie, else Accept-Language's best match, else en.

    ``accept`` is ``request.accept_languages``. Werkzeug's ``best_match`` takes the best quality
    among exact tags first, and only when none is exact, a primary subtag (``pt-PT`` matches
    ``pt``, ``en-GB`` matches ``en``); ``ACCEPTED`` maps each tag matched to its catalogue.
    """
    if cookie in LANGUAGES:
        return str(cookie)
    if accept is None:
        return DEFAULT_LOCALE
    return ACCEPTED[accept.best_match(ACCEPTED, default=DEFAULT_LOCALE)]


def locale() -> str:
    """This device's language as the engine names it ("en", "pt_BR"): Flask-Babel's, once
    it chose (``select_locale``), kept on ``g`` for the request; English outside one."""
    try:
        return g.companion_locale
    except AttributeError:  # the request's first look: Flask-Babel chooses, as it caches on g
        g.companion_locale = code = str(get_locale() or DEFAULT_LOCALE)
        return code
    except RuntimeError:  # no app context: Flask-Babel's get_locale would say None
        return DEFAULT_LOCALE


def catalogue() -> NullTranslations:
    """This request's catalogue (Flask-Babel's ``get_translations``), kept on ``g``.

    Flask-Babel finds the request's context four times on every word it translates; a board
    says about 200 words a render, so each request asks it once (as Flask-Babel keeps its
    locale on ``g``, the catalogue follows the request's language and no other).
    """
    try:
        return g.companion_catalogue
    except AttributeError:
        g.companion_catalogue = found = get_translations()
        return found
    except RuntimeError:  # no app context: Flask-Babel's NullTranslations
        return get_translations()


def gettext(string: str) -> str:
    """``string`` in this request's language (Flask-Babel's ``gettext`` without variables)."""
    return catalogue().ugettext(string)


@pass_eval_context
def template_gettext(eval_ctx: EvalContext, string: str, **variables: Any) -> str:
    """A template's ``_`` and ``gettext``: Jinja's newstyle gettext (jinja2.ext's
    ``_make_new_gettext``) over ``catalogue``, without its second call through the context."""
    text = catalogue().ugettext(string)
    if eval_ctx.autoescape:
        text = Markup(text)
    # Always a format string, as Jinja's: "%%" is "%" with or without variables.
    return text % variables


def select_locale() -> str:
    """Flask-Babel's locale selector: the language this device reads."""
    from flask import has_request_context, request

    if not has_request_context():
        return DEFAULT_LOCALE
    return choose_locale(request.cookies.get(COOKIE), request.accept_languages)


def init_app(app: Flask) -> None:
    """Set up Flask-Babel (with its Jinja i18n extension), the template helpers and the
    language headers on ``app``."""
    from flask import request, url_for

    from companion.extensions import babel

    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LOCALE)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(translations_dir()))
    babel.init_app(app, locale_selector=select_locale)
    # {% trans %} blocks are whitespace-trimmed, as babel.cfg extracts them.
    app.jinja_env.policies["ext.i18n.trimmed"] = True
    # Flask-Babel's callables, through the catalogue found once a request (Jinja's newstyle
    # gettext around them, as Flask-Babel installs them); ``gettext`` and ``_`` (Jinja's alias
    # looks ``gettext`` up in the context on every call; no page passes its own) are
    # template_gettext, the one said about 200 times a table screen.
    app.jinja_env.install_gettext_callables(
        gettext=gettext,
        ngettext=lambda s, p, n: catalogue().ungettext(s, p, n),
        pgettext=lambda c, s: catalogue().upgettext(c, s),
        npgettext=lambda c, s, p, n: catalogue().unpgettext(c, s, p, n),
        newstyle=True,
    )
    app.jinja_env.globals.update(gettext=template_gettext, _=template_gettext)

    def lang_url(code: str) -> str:
        """The link that switches this device to ``code`` and comes back to this page.

        Only the path comes back: a query may name what this device searched for, and the
        link must not repeat it into the page (the card browser hides secret filters).
        """
        return url_for("lang.choose", code=code, next=request.path)

    # This request's language as a global, so macros imported without context see it.
    app.jinja_env.globals["page_locale"] = locale

    @app.context_processor
    def language_context() -> dict[str, Any]:
        code = locale()
        return {
            "languages": LANGUAGES,
            "current_locale": code,
            "html_lang": html_lang(code),
            "lang_url": lang_url,
        }

    @app.after_request
    def say_language(response: Any) -> Any:
        if response.mimetype == "text/html":
            response.headers["Content-Language"] = html_lang(locale())
            response.vary.update(("Accept-Language", "Cookie"))
        return response


# --- catalogue upkeep: Babel's own commands, as `companion i18n update` runs them -------------


def pybabel(*args: str) -> None:
    """Run one of Babel's catalogue commands (what ``pybabel <args>`` runs)."""
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", *args])


def extract(root: Path, pot: Path) -> None:
    """``pybabel extract`` as babel.cfg says, into ``pot``: sorted, each location a file only."""
    pot = pot.resolve()
    pot.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.chdir(root):  # locations are written relative to the folder searched
        pybabel(
            "--quiet", "extract", "-F", "babel.cfg", "-o", str(pot), "--add-location=file",
            "--sort-output", f"--width={WIDTH}", "--add-comments=TRANSLATORS:",
            "--strip-comments", "--keyword=counted:1,2", "--keyword=NP_:1,2",
            f"--project={PROJECT}", f"--version={_version()}",
            f"--header-comment={POT_HEADER}", ".",
        )  # fmt: skip


def update_catalogues(root: Path) -> None:
    """Extract the marked messages, merge them into every ``.po`` and compile the ``.mo``.

    ``pybabel extract``, ``update`` and ``compile``: translations already made are kept, a
    changed msgid comes back fuzzy (left out of the ``.mo`` until a person checks it). A new
    language starts with ``pybabel init -i companion/translations/messages.pot -d
    companion/translations -l <code>``.
    """
    folder = root / "companion" / "translations"
    pot = folder / f"{DOMAIN}.pot"
    extract(root, pot)
    pybabel(
        "--quiet", "update", "-i", str(pot), "-d", str(folder), f"--width={WIDTH}",
        "--ignore-obsolete", "--ignore-pot-creation-date",
    )  # fmt: skip
    pybabel("compile", "-d", str(folder), "--statistics")
