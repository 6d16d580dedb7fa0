"""The Bandits module (000:720-745): bandits, their leader, the Hideout."""
