"""A Jinja extension: the fragments' source lines are sent without their indentation."""

from __future__ import annotations

import re

from jinja2.ext import Extension

INDENT = re.compile(r"^[ \t]+", re.MULTILINE)
"""A source line's indentation: kept readable in the template, never sent (no partial holds
a <pre> or a <textarea>, where it would count)."""


class StripIndent(Extension):
    """Drops the indentation of every line of ``partials/*`` templates when they compile: the
    table's fragment travels to every device on every change, so it is kept small."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        """A partial's source without its lines' indentation."""
        return INDENT.sub("", source) if name and name.startswith("partials/") else source
