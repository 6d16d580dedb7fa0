"""Docstrings and comments say what the code does, not its history: no issue numbers and no
commit hashes in companion/'s Python."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "companion"
HISTORY = re.compile(
    r"\b[Ii]ssues? ?#?\d+|\(#\d+\)|\b(?:against|since|before|after|than|over) [0-9a-f]{7,40}\b"
)


def test_no_issue_numbers_or_commit_hashes_in_the_code():
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in sorted(ROOT.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HISTORY.search(line)
    ]
    assert found == []


def test_the_pattern_finds_what_it_looks_for():
    for text in ("(issue 27's line)", "issue 28.18", "fixed in (#12)", "7 % over 86a4e21's"):
        assert HISTORY.search(text), text
    assert not HISTORY.search("a tissue 3 cm wide")
