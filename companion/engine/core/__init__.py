"""The engine's core: state, steps, errors, dice, vocabularies, catalogue, saves."""
