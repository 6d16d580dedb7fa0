"""The pt_BR catalogue is complete and its committed .mo is the compiled .po; `companion i18n
update` (pybabel extract, update and compile) reads code and templates and keeps translations."""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po
from helpers.catalogue import po_path

from companion.i18n import LANGUAGES, extract, pybabel, translations_dir, update_catalogues
from companion.paths import project_root

TRANSLATED = [locale for locale in LANGUAGES if locale != "en"]


def read(locale: str):
    with open(po_path(locale), "rb") as po:
        return read_po(po, locale=locale, domain="messages")


def extracted(root: Path, pot: Path):
    """What ``pybabel extract`` finds under ``root``, as `companion i18n update` runs it."""
    extract(root, pot)
    with open(pot, "rb") as handle:
        return read_po(handle)


def message_key(message):
    ident = message.id if isinstance(message.id, str) else message.id[0]
    return (ident, message.context)


def untranslated(messages) -> list[str]:
    """The msgids with no usable translation (empty or fuzzy)."""
    missing = []
    for message in messages:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple | list) else [message.string]
        if message.fuzzy or not all(forms):
            missing.append(message.id if isinstance(message.id, str) else message.id[0])
    return missing


def compiled(po: Path, locale: str) -> bytes:
    """What ``pybabel compile`` makes of a .po (fuzzy entries left out)."""
    with open(po, "rb") as handle:
        catalog = read_po(handle, locale=locale, domain="messages")
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def test_every_extracted_message_is_translated(tmp_path):
    ids = {message_key(m) for m in extracted(project_root(), tmp_path / "messages.pot") if m.id}
    assert ids, "no message is marked for translation"
    for locale in TRANSLATED:
        catalog = read(locale)
        missing = sorted(ids - {message_key(m) for m in catalog if m.id})
        assert not missing, f"{locale}: run `companion i18n update`; not in the .po: {missing}"
        wanted = [m for m in catalog if m.id and message_key(m) in ids]
        assert not untranslated(wanted), f"{locale}: untranslated or fuzzy: {untranslated(wanted)}"


def test_untranslated_counts_fuzzy_and_empty():
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="pt_BR")
    catalog.add("Done", "Feito")
    catalog.add("Empty", "")
    catalog.add("Guess", "Palpite", flags=["fuzzy"])
    catalog.add(("one zombie", "%(num)d zombies"), ("um zumbi", ""))
    catalog.add(("one wound", "%(num)d wounds"), ("um ferimento", "%(num)d ferimentos"))
    assert sorted(untranslated(catalog)) == ["Empty", "Guess", "one zombie"]


PLACEHOLDER = re.compile(r"\{(\w*)(?::(\w+))?\}|(%\(\w+\)[sd])")
CONTRACTED = {"em", "de", "a", "para"}
"""The prepositions a Portuguese sentence may contract with a place's article: ``{place:em}``
is "no Mercado" or "na Delegacia" (card_texts.PlaceWords)."""


def placeholders(text: str) -> set[str]:
    """The named fields of a message: {name} (str.format) and %(name)s (gettext style); a
    place's preposition spec ({place:em}) counts as the field itself."""
    found = set()
    for name, spec, printf in PLACEHOLDER.findall(text):
        if printf:
            found.add(printf)
        else:
            assert not spec or spec in CONTRACTED, f"unknown spec {spec!r} in {text!r}"
            found.add("{" + name + "}")
    return found


def test_translations_keep_their_placeholders():
    for locale in TRANSLATED:
        catalog = read(locale)
        problems = [(m.id, [str(e) for e in errors]) for m, errors in catalog.check()]
        assert not problems, problems
        for m in catalog:
            if not m.id or not m.string:
                continue
            if isinstance(m.id, str):
                assert placeholders(m.string) == placeholders(m.id), m.id
                continue
            forms = [f for f in m.string if f]
            allowed = placeholders(m.id[0]) | placeholders(m.id[1])
            assert all(placeholders(f) <= allowed for f in forms), m.id
            assert placeholders(forms[-1]) == placeholders(m.id[1]), m.id


def plain(text: str | list | tuple) -> str | tuple:
    """A message id or string, its plural forms as a tuple."""
    return text if isinstance(text, str) else tuple(text)


def contents(mo: bytes) -> tuple[dict[str, str], dict]:
    """A compiled catalogue's headers (but the Babel version that wrote it) and messages."""
    headers = gettext.GNUTranslations(io.BytesIO(mo)).info()
    headers.pop("generated-by", None)
    messages = {(plain(m.id), m.context): plain(m.string) for m in read_mo(io.BytesIO(mo)) if m.id}
    return headers, messages


def test_committed_mo_is_the_compiled_po():
    for locale in TRANSLATED:
        po = po_path(locale)
        mo = po.with_suffix(".mo")
        assert mo.is_file(), f"{mo} missing: run `companion i18n update`"
        assert contents(mo.read_bytes()) == contents(compiled(po, locale)), (
            f"{mo} is not the compiled {po.name}: run `companion i18n update`"
        )


def test_contents_tell_a_changed_translation_but_not_the_babel_version(monkeypatch):
    catalog = read(TRANSLATED[0])

    def mo_of(babel_version: str) -> bytes:
        monkeypatch.setattr("babel.messages.catalog.VERSION", babel_version)
        out = io.BytesIO()
        write_mo(out, catalog, use_fuzzy=False)
        return out.getvalue()

    today = mo_of("2.19.0")
    older = mo_of("2.9.1")
    assert b"Babel 2.9.1" in older and older != today
    assert contents(older) == contents(today)
    first = next(m for m in catalog if m.id and isinstance(m.id, str) and m.string)
    first.string += "!"
    assert contents(mo_of("2.19.0")) != contents(today)


def test_translations_dir_holds_the_catalogues():
    assert translations_dir() == project_root() / "companion" / "translations"
    assert (translations_dir() / "messages.pot").is_file()


def make_tree(root: Path) -> None:
    (root / "companion").mkdir(parents=True)
    (root / "templates" / "partials").mkdir(parents=True)
    (root / "babel.cfg").write_text((project_root() / "babel.cfg").read_text())
    (root / "companion" / "words.py").write_text(
        "def N_(text):\n    return text\n\nWORDS = [N_('Morale'), _('Round')]\n"
    )
    (root / "templates" / "partials" / "bit.html").write_text(
        "<p>{{ _('Crisis') }}</p>\n{% trans %}\n  The colony\n  holds.\n{% endtrans %}\n"
    )
    (root / "tests").mkdir()
    (root / "tests" / "test_x.py").write_text("_('Not extracted from tests')\n")


def test_extraction_reads_code_and_templates_and_names_files_only(tmp_path):
    make_tree(tmp_path)
    catalog = extracted(tmp_path, tmp_path / "messages.pot")
    assert {m.id for m in catalog if m.id} == {"Morale", "Round", "Crisis", "The colony holds."}
    assert catalog["Crisis"].locations == [("templates/partials/bit.html", None)]
    assert "#: companion/words.py\n" in (tmp_path / "messages.pot").read_text()


def test_extraction_takes_a_plural_table_entry_as_one_plural_message(tmp_path):
    """``NP_`` (a plural sentence in a step table) is extracted as one msgid with its plural,
    like ``counted``; ``N_`` beside it stays a single msgid."""
    (tmp_path / "companion").mkdir()
    (tmp_path / "babel.cfg").write_text((project_root() / "babel.cfg").read_text())
    (tmp_path / "companion" / "table.py").write_text(
        "MESSAGES = {\n"
        "    'a': (NP_('{count} card left.', '{count} cards left.'), 'count'),\n"
        "    'b': N_('Nothing left.'),\n"
        "}\n"
    )
    catalog = extracted(tmp_path, tmp_path / "messages.pot")
    assert {m.id for m in catalog if m.id} == {
        ("{count} card left.", "{count} cards left."),
        "Nothing left.",
    }


def test_update_keeps_translations_and_marks_changes_fuzzy(tmp_path):
    make_tree(tmp_path)
    folder = tmp_path / "companion" / "translations"
    pot = folder / "messages.pot"
    extract(tmp_path, pot)
    pybabel("--quiet", "init", "-i", str(pot), "-d", str(folder), "-l", "pt_BR")
    po = po_path("pt_BR", tmp_path)
    text = po.read_text(encoding="utf-8")
    text = text.replace('msgid "Morale"\nmsgstr ""', 'msgid "Morale"\nmsgstr "Moral"')
    text = text.replace('msgid "Crisis"\nmsgstr ""', 'msgid "Crisis"\nmsgstr "Crise"')
    po.write_text(text, encoding="utf-8")
    words = tmp_path / "companion" / "words.py"
    words.write_text(words.read_text().replace("'Round'", "'Rounds'"))
    (tmp_path / "templates" / "partials" / "bit.html").write_text("<p>{{ _('Crisis!') }}</p>")

    update_catalogues(tmp_path)
    with open(po, "rb") as handle:
        catalog = read_po(handle, locale="pt_BR")
    assert sorted(untranslated(catalog)) == ["Crisis!", "Rounds"]
    assert catalog["Morale"].string == "Moral"
    assert catalog["Crisis!"].fuzzy
    assert "The colony holds." not in catalog
    mo = po.with_suffix(".mo")
    assert mo.read_bytes() == compiled(po, "pt_BR")
    with open(mo, "rb") as handle:
        translation = gettext.GNUTranslations(handle)
    assert translation.gettext("Morale") == "Moral"
    assert translation.gettext("Crisis!") == "Crisis!"
