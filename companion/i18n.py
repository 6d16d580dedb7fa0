"""Languages: the locale each device reads, and the message catalogue's upkeep.

English is the source language; every other language is a gettext catalogue under
``companion/translations/<code>/LC_MESSAGES/messages.po`` (compiled to ``messages.mo``, which is
committed). Web pages translate through Flask-Babel; the rules engine can read the same ``.mo``
with the standard library (``stdlib_translation``).
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterable
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog
    from flask import Flask

LANGUAGES = {"en": "English", "pt_BR": "Português (Brasil)"}
DEFAULT_LOCALE = "en"
DOMAIN = "messages"
COOKIE = "lang"
COOKIE_MAX_AGE = 365 * 24 * 60 * 60

PROJECT = "Dead of Winter table companion"
POT_HEADER = (
    "# Messages of the Dead of Winter table companion, extracted from its code and pages.\n#"
)
PO_HEADERS = {
    "pt_BR": "# Portuguese (Brazil) translation of the Dead of Winter table companion.\n#",
}
# Header lines that change on every run and say nothing about the messages.
VOLATILE_HEADER_LINES = (b'"POT-Creation-Date:', b'"PO-Revision-Date:', b'"Generated-By:')


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


def choose_locale(cookie: str | None, accept: Iterable[tuple[str, float]] | None) -> str:
    """The locale for a request: the ``lang`` cookie, else Accept-Language's best match, else en.

    ``accept`` is ``request.accept_languages`` (tags with qualities, best first). A tag matches a
    language exactly (``pt-BR``) or by its primary subtag (``pt``, ``pt-PT``, ``en-GB``): we have
    one Portuguese and one English, so any Portuguese reads pt_BR.
    """
    if cookie in LANGUAGES:
        return str(cookie)
    exact = {html_lang(code).lower(): code for code in LANGUAGES}
    primary = {code.split("_")[0].lower(): code for code in LANGUAGES}
    ranked = sorted(accept or (), key=lambda pair: pair[1], reverse=True)
    for tag, quality in ranked:
        if quality <= 0:
            continue
        tag = tag.replace("_", "-").lower()
        if tag == "*":
            return DEFAULT_LOCALE
        found = exact.get(tag) or primary.get(tag.split("-")[0])
        if found:
            return found
    return DEFAULT_LOCALE


def get_locale() -> str:
    """Flask-Babel's locale selector: the language this device reads."""
    from flask import has_request_context, request

    if not has_request_context():
        return DEFAULT_LOCALE
    return choose_locale(request.cookies.get(COOKIE), request.accept_languages)


_PENDING = object()
PLAIN = "_companion_plain"
"""Where a catalogue keeps its strings without variables, formatted (``template_callables``)."""
_request_translations: ContextVar[Any] = ContextVar("companion_translations", default=None)
"""The translations of the request this thread serves: ``_PENDING`` from the moment it starts
until the first string needs them, ``None`` outside requests that ran ``init_app``'s hooks."""


def request_translations() -> Any:
    """This request's Flask-Babel translations, looked up once per request.

    Flask-Babel's template gettext finds the locale and its catalogue again for every string
    (hundreds per table screen); a request reads one language throughout (nothing here calls
    ``flask_babel.refresh`` or ``force_locale``), so the first answer stands for the rest. It is
    kept in a context variable that ``init_app``'s hooks open when each request starts and clear
    when it ends; a request context that never ran them (a test's) keeps it on ``g``.
    """
    found = _request_translations.get()
    if found is not None and found is not _PENDING:
        return found
    from flask import g, has_request_context
    from flask_babel import get_translations

    if not has_request_context():
        return get_translations()
    if found is _PENDING:
        found = get_translations()
        _request_translations.set(found)
        return found
    found = g.get("_companion_translations")
    if found is None:
        found = g._companion_translations = get_translations()
    return found


def open_request_translations() -> None:
    """A request starts on this thread: its translations are looked up on first use."""
    _request_translations.set(_PENDING)


def close_request_translations(*_args: Any) -> None:
    """The request on this thread ended: nothing is kept for the next one."""
    _request_translations.set(None)


def template_callables() -> dict[str, Any]:
    """Jinja's "newstyle" gettext functions, each reaching the catalogue in one call.

    Jinja wraps the installed functions so that ``_()`` calls an alias, which calls the
    wrapper, which calls the function, each through the template context: three hops for each
    of the hundreds of strings on the table screen. These do what the wrappers do (escape the
    variables when the template autoescapes, always format, ``num`` and ``context`` given to
    the format) in one.
    """
    from jinja2 import pass_context
    from markupsafe import Markup

    def formatted(context: Any, text: str, variables: dict[str, Any]) -> str:
        return (Markup(text) if context.eval_ctx.autoescape else text) % variables

    @pass_context
    def gettext(__context: Any, __string: str, **variables: Any) -> str:
        translations = request_translations()
        if variables:
            return formatted(__context, translations.ugettext(__string), variables)
        # Most strings have no variables: formatted once per catalogue (kept on it), then
        # looked up: (autoescape, msgid) -> text.
        plain = getattr(translations, PLAIN, None)
        if plain is None:
            plain = {}
            setattr(translations, PLAIN, plain)
        key = (bool(__context.eval_ctx.autoescape), __string)
        found = plain.get(key)
        if found is None:
            found = plain[key] = formatted(__context, translations.ugettext(__string), {})
        return found

    @pass_context
    def ngettext(__context: Any, __s: str, __p: str, __num: int, **variables: Any) -> str:
        variables.setdefault("num", __num)
        text = request_translations().ungettext(__s, __p, __num)
        return formatted(__context, text, variables)

    @pass_context
    def pgettext(__context: Any, __ctx: str, __string: str, **variables: Any) -> str:
        variables.setdefault("context", __ctx)
        text = request_translations().upgettext(__ctx, __string)
        return formatted(__context, text, variables)

    @pass_context
    def npgettext(
        __context: Any, __ctx: str, __s: str, __p: str, __num: int, **variables: Any
    ) -> str:
        variables.setdefault("context", __ctx)
        variables.setdefault("num", __num)
        text = request_translations().unpgettext(__ctx, __s, __p, __num)
        return formatted(__context, text, variables)

    return {
        "_": gettext,
        "gettext": gettext,
        "ngettext": ngettext,
        "pgettext": pgettext,
        "npgettext": npgettext,
    }


def init_app(app: Flask) -> None:
    """Set up Flask-Babel, the template helpers and the language headers on ``app``."""
    from flask import request, url_for
    from flask_babel import Babel
    from flask_babel import get_locale as babel_locale

    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LOCALE)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(translations_dir()))
    Babel(app, locale_selector=get_locale)
    # Flask-Babel added Jinja's i18n extension with its own callables; ours replace them: the
    # catalogue found once per request, each string in one call (``template_callables``).
    # {% trans %} blocks compile for "newstyle" functions, which format their own variables.
    app.jinja_env.newstyle_gettext = True  # type: ignore[attr-defined]
    app.jinja_env.globals.update(template_callables())
    app.before_request(open_request_translations)
    app.teardown_request(close_request_translations)
    # {% trans %} blocks are whitespace-trimmed, as babel.cfg extracts them.
    app.jinja_env.policies["ext.i18n.trimmed"] = True

    def lang_url(code: str) -> str:
        """The link that switches this device to ``code`` and comes back to this page.

        Only the path comes back: a query may name what this device searched for, and the
        link must not repeat it into the page (the card browser hides secret filters).
        """
        return url_for("lang.choose", code=code, next=request.path)

    @app.context_processor
    def language_context() -> dict[str, Any]:
        locale = str(babel_locale() or DEFAULT_LOCALE)
        return {
            "languages": LANGUAGES,
            "current_locale": locale,
            "html_lang": html_lang(locale),
            "lang_url": lang_url,
        }

    @app.after_request
    def say_language(response: Any) -> Any:
        if response.mimetype == "text/html":
            response.headers["Content-Language"] = html_lang(get_locale())
            response.vary.update(("Accept-Language", "Cookie"))
        return response


@cache
def stdlib_translation(locale: str) -> gettext.NullTranslations:
    """The standard-library translation for ``locale`` from the same ``.mo`` (English: none)."""
    if locale == DEFAULT_LOCALE:
        return gettext.NullTranslations()
    return gettext.translation(
        DOMAIN, localedir=str(translations_dir()), languages=[locale], fallback=True
    )


# --- catalogue upkeep: `companion i18n update` and the completeness test -------------------


def po_path(locale: str, root: Path | None = None) -> Path:
    """Where the ``.po`` of ``locale`` lives."""
    folder = root / "companion" / "translations" if root else translations_dir()
    return folder / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract_messages(root: Path) -> Catalog:
    """Extract every marked message under ``root`` as babel.cfg says (a fresh template)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with open(root / "babel.cfg", encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config, str(root / "babel.cfg"))
    catalog = Catalog(
        domain=DOMAIN,
        header_comment=POT_HEADER,
        project=PROJECT,
        version=_version(),
        charset="utf-8",
        fuzzy=False,
    )
    for filename, lineno, message, comments, context in extract_from_dir(
        str(root),
        method_map,
        options_map,
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    ):
        catalog.add(
            message,
            None,
            [(Path(filename).as_posix(), lineno)],
            auto_comments=comments,
            context=context,
        )
    return catalog


def catalog_bytes(catalog: Catalog) -> bytes:
    """A catalogue as ``.po``/``.pot`` text: sorted, locations without line numbers."""
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False, ignore_obsolete=True)
    return out.getvalue()


def compile_po(po_text: bytes, locale: str) -> bytes:
    """Compile ``.po`` text to ``.mo`` bytes (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(po_text), locale=locale, domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _meaningful(data: bytes) -> list[bytes]:
    return [line for line in data.splitlines() if not line.startswith(VOLATILE_HEADER_LINES)]


def write_if_changed(path: Path, data: bytes, *, po_text: bool = False) -> bool:
    """Write ``data`` unless the file holds the same (for ``.po`` text, dates aside).

    Returns True when the file was written.
    """
    if path.exists():
        old = path.read_bytes()
        if old == data or (po_text and _meaningful(old) == _meaningful(data)):
            return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def untranslated(catalog: Catalog) -> list[str]:
    """The msgids of ``catalog`` with no usable translation (empty or fuzzy)."""
    missing = []
    for message in catalog:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple | list) else [message.string]
        if message.fuzzy or not all(forms):
            missing.append(message.id if isinstance(message.id, str) else message.id[0])
    return missing


def update_catalogs(root: Path) -> dict[str, dict[str, Any]]:
    """Extract the template, merge it into every language's ``.po`` and compile the ``.mo``.

    Translations already made are kept; a changed msgid comes back as fuzzy (untranslated until
    a person checks it). Returns, per language, the message count and the untranslated msgids.
    """
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    template = extract_messages(root)
    folder = root / "companion" / "translations"
    write_if_changed(folder / f"{DOMAIN}.pot", catalog_bytes(template), po_text=True)
    report: dict[str, dict[str, Any]] = {}
    for locale in LANGUAGES:
        if locale == DEFAULT_LOCALE:
            continue
        po_file = po_path(locale, root)
        if po_file.exists():
            with open(po_file, "rb") as existing:
                catalog = read_po(existing, locale=locale, domain=DOMAIN)
        else:
            catalog = Catalog(
                locale=locale,
                domain=DOMAIN,
                header_comment=PO_HEADERS.get(locale, POT_HEADER),
                project=PROJECT,
                version=_version(),
                last_translator="The companion's authors",
                language_team=LANGUAGES[locale],
                charset="utf-8",
                fuzzy=False,
            )
        catalog.update(template, update_creation_date=True)
        write_if_changed(po_file, catalog_bytes(catalog), po_text=True)
        po_text = po_file.read_bytes()
        write_if_changed(po_file.with_suffix(".mo"), compile_po(po_text, locale))
        with open(po_file, "rb") as written:
            merged = read_po(written, locale=locale, domain=DOMAIN)
        report[locale] = {
            "messages": len([m for m in merged if m.id]),
            "untranslated": untranslated(merged),
        }
    return report
