"""URL builders shared by every test app of one test process (as helpers/templates.py shares
compiled templates).

Each test makes its own app, and werkzeug compiles two URL-building functions for each of its
routes (an AST built, walked and compiled: about half of ``create_app``'s time). A builder reads
everything of its rule through its first argument (the rule it is bound to), so two rules with
the same parts and defaults get the same code: it is compiled once per process and bound to each
rule as werkzeug binds it. A rule whose defaults fill one of its own parts (werkzeug converts
the value while compiling) is compiled as usual.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from werkzeug.routing.rules import Rule

Builder = Callable[..., tuple[str, str]]


class SharedBuilders:
    """Werkzeug's ``Rule._compile_builder``, remembered by the rule's parts and defaults."""

    def __init__(self, compile_builder: Callable[[Rule, bool], Builder]) -> None:
        self.compile_builder = compile_builder
        self.code: dict[tuple[Any, ...], Builder] = {}

    def __call__(self, rule: Rule, append_unknown: bool = True) -> Builder:
        """The builder of ``rule``: the one compiled for the same parts, else a new one."""
        defaults = rule.defaults or {}
        if any(dynamic and part in defaults for dynamic, part in rule._trace):
            return self.compile_builder(rule, append_unknown)
        key = (tuple(rule._trace), repr(sorted(defaults.items())), append_unknown)
        builder = self.code.get(key)
        if builder is None:
            builder = self.code[key] = self.compile_builder(rule, append_unknown)
        return builder
