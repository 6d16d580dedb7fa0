"""The Improvements module (000:708-719): improvements and their advancement tokens."""

from companion.engine.modules.improvements import card_effects  # noqa: F401  (registers the module's card effects)
