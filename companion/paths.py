"""Where the companion's own files (templates, static, cards.db) and its games live.

In a clone (also an editable install) they sit at the top of the repository, beside the
``companion`` package; an installed wheel carries them inside the package (pyproject.toml's
``force-include``).
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
APP_NAME = "companion"


def is_root(folder: Path) -> bool:
    """Whether ``folder`` holds the companion's templates/ and static/ folders."""
    return (folder / "templates").is_dir() and (folder / "static").is_dir()


def project_root() -> Path:
    """The folder holding templates/, static/ and cards.db: $COMPANION_ROOT, the installed
    package itself, or the clone around the package."""
    env = os.environ.get("COMPANION_ROOT")
    candidates = [Path(env)] if env else []
    candidates += [PACKAGE, PACKAGE.parent]
    for root in candidates:
        if is_root(root):
            return root
    raise RuntimeError(
        "cannot find the companion's templates/ and static/ folders: reinstall the package "
        "(pip install .) or set COMPANION_ROOT to a clone's path"
    )


def in_clone() -> bool:
    """Whether the companion runs from a clone (its files beside the package, not inside)."""
    return not is_root(PACKAGE) and is_root(PACKAGE.parent)


def default_data_dir() -> Path:
    """Where games.db and the secret key live unless --data says: ``instance/`` in a clone,
    else this user's data folder (kept when the package is upgraded or reinstalled)."""
    if in_clone():
        return PACKAGE.parent / "instance"
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))
