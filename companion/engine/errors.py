"""The one error the engine raises for an impossible action."""

from __future__ import annotations


class RuleError(ValueError):
    """An action the rules (or the state) do not allow; the state is left unchanged."""
