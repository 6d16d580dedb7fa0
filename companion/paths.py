"""Where the top-level folders (templates, static, cards.db) live."""

from __future__ import annotations

import os
from pathlib import Path


def project_root() -> Path:
    """Return the clone's top folder: $COMPANION_ROOT, the package's parent, or the cwd."""
    env = os.environ.get("COMPANION_ROOT")
    candidates = [Path(env)] if env else []
    candidates += [Path(__file__).resolve().parent.parent, Path.cwd()]
    for root in candidates:
        if (root / "templates").is_dir() and (root / "static").is_dir():
            return root
    raise RuntimeError(
        "cannot find the companion's templates/ and static/ folders: run from the clone "
        "(pip install -e .) or set COMPANION_ROOT to the clone's path"
    )
