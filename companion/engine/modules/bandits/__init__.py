"""The Bandits module (000:720-745): bandits, their leader, the Hideout."""

from companion.engine.modules.bandits import card_effects  # noqa: F401  (registers the module's card effects)
