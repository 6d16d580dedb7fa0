"""Where the message catalogues' files are, for tests that read them."""

from __future__ import annotations

from pathlib import Path

from companion.i18n import DOMAIN, translations_dir


def po_path(locale: str, root: Path | None = None) -> Path:
    """Where the ``.po`` of ``locale`` lives (in the clone ``root``; default: this one)."""
    folder = root / "companion" / "translations" if root else translations_dir()
    return folder / locale / "LC_MESSAGES" / f"{DOMAIN}.po"
