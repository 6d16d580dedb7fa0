"""The Raxxon module (000:776-805): dice on Raxxon, containment, special zombies, side effects."""
