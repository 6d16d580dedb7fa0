"""The Raxxon module (000:776-805): dice on Raxxon, containment, special zombies, side effects."""

from companion.engine.modules.raxxon import card_effects  # noqa: F401  (registers the module's card effects)
