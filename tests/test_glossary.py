"""The Portuguese uses the rulebook's terms (companion/translations/glossary.csv, seed 001)."""

from __future__ import annotations

import csv
import os
import re
import unicodedata
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "companion" / "translations" / "glossary.csv"
PO = ROOT / "companion" / "translations" / "pt_BR" / "LC_MESSAGES" / "messages.po"
SEEDS = [
    Path(os.environ.get("COMPANION_SEEDS", ROOT.parent / "shared" / "seeds")),
    ROOT.parent.parent / "shared" / "seeds",  # a worktree one folder deeper
]
"""Where the rulebook texts may be (as tests/test_cards_content.py looks for them)."""


def glossary() -> list[dict[str, str]]:
    """The glossary's rows."""
    with GLOSSARY.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def ruled_out() -> list[tuple[re.Pattern[str], dict[str, str]]]:
    """Every pattern a msgstr may not match, with its row."""
    return [
        (re.compile(row["rules_out"], re.IGNORECASE), row) for row in glossary() if row["rules_out"]
    ]


def drift(texts: list[tuple[str, str]]) -> list[str]:
    """The (msgid, msgstr) pairs whose msgstr uses a term the glossary rules out, as lines."""
    rules = ruled_out()
    return [
        f"{msgid!r}: {text!r} uses {m.group(0)!r}; the rulebook says {row['portuguese']!r}"
        for msgid, text in texts
        for pattern, row in rules
        if (m := pattern.search(text))
    ]


def msgstrs() -> list[tuple[str, str]]:
    """Every translation of the pt_BR catalogue (each plural form) with its msgid."""
    with PO.open("rb") as f:
        catalogue = read_po(f)
    out = []
    for message in catalogue:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        out += [(msgid, form) for form in forms if form]
    return out


def test_no_msgstr_uses_a_term_the_glossary_rules_out():
    problems = drift(msgstrs())
    assert not problems, "\n".join(problems)


def test_the_check_finds_planted_drift():
    planted = [
        ("x", "A colônia come 3 de comida."),
        ("y", "Role o dado de exposição."),
        ("z", "A reserva de comida está vazia."),
        ("w", "Pôr na crise"),
        ("v", "Uma mordida se espalha."),
    ]
    assert len(drift(planted)) == len(planted)
    fine = [
        ("a", "Verificação do Lixo"),
        ("b", "Limpar Lixo"),
        ("c", "uma rolagem de exposição"),
        ("d", "2 sobreviventes indefesos"),
    ]
    assert drift(fine) == []


def test_every_row_is_complete_and_every_pattern_compiles():
    rows = glossary()
    assert len(rows) >= 40
    for row in rows:
        assert row["english"] and row["portuguese"] and row["seed_001_line"].isdigit(), row
    assert ruled_out()


def _folded(text: str) -> str:
    """Lower case, accents and spacing folded (the rulebook's text has tabs and line breaks)."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w ]", " ", plain).split())


def test_each_term_stands_at_its_seed_line():
    seed = next((p for folder in SEEDS for p in sorted(folder.glob("001_*.txt"))), None)
    if seed is None:
        pytest.skip("the Portuguese rulebook (seed 001) is not beside this clone")
    lines = seed.read_text(encoding="utf-8").splitlines()
    for row in glossary():
        n = int(row["seed_001_line"])
        around = _folded(" ".join(lines[n - 1 : n + 1]))
        term = _folded(row["portuguese"].split(" (")[0])
        words = term.split()
        assert all(w[:4] in around for w in words), (row["portuguese"], n, around)
