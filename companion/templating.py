"""The app's Jinja environment: Flask's own, with ``a.b`` on a plain dict reading its key first."""

from __future__ import annotations

import re
from typing import Any

from flask.templating import Environment

INDENT = re.compile(r"^[ \t]+", re.MULTILINE)
"""A source line's indentation: kept readable in the template, never sent (no partial holds
a <pre> or a <textarea>, where it would count)."""
DICT_ATTRIBUTES = frozenset(dir(dict))
"""A dict's own attributes (``items``, ``get``...): ``a.get`` still finds the method first."""


class PlainDataEnvironment(Environment):
    """Flask's Jinja environment for templates that read the engine's views (plain dicts).

    Jinja's ``view.numbers`` tries ``getattr(view, "numbers")`` first and only then
    ``view["numbers"]``; on a dict the first try always fails, and the AttributeError it raises
    is most of the cost of the ~1,500 such look-ups one table screen makes. Here a plain dict's
    key is read first unless a dict attribute has that name, so every look-up finds what
    Jinja's own order finds.
    """

    def getattr(self, obj: Any, attribute: str) -> Any:
        """``obj.attribute`` in a template (see the class)."""
        if type(obj) is dict and attribute not in DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)

    def preprocess(self, source: str, name: str | None = None, filename: str | None = None) -> str:
        """A fragment's source without its lines' indentation (fragments travel on every swap)."""
        source = super().preprocess(source, name, filename)
        return INDENT.sub("", source) if name and name.startswith("partials/") else source
