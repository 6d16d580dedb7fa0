"""The game's closed vocabularies, in one place: symbols, modules, kinds of cards and effects.

The engine and the card database (companion/cards/schema.py) both import these; nothing else
spells them out. Effects are described field by field in docs/card-sources.md "Effects".
"""

from __future__ import annotations

from typing import Any

SYMBOLS: tuple[str, ...] = (
    "food",
    "fuel",
    "medicine",
    "tool",
    "weapon",
    "education",
    "survivor",
)
"""The item symbols a crisis asks for and a contributed card shows (002 "Crisis")."""

MODULES: tuple[str, ...] = ("improvements", "bandits", "raxxon")
"""The Long Night modules a table may add (000 "The Long Night Modules")."""

SIDE_NUMBERS: tuple[str, ...] = (
    "morale",
    "round_track",
    "zombies_per_location",
    "colony_zombies",
    "food",
    "helpless",
)
"""The setup numbers printed on each side of a main objective card (002 "Game Setup" 3)."""
REQUIRED_SIDE_NUMBERS: tuple[str, ...] = ("morale", "round_track", "zombies_per_location")
"""The side numbers every main objective card prints (the others default to 0)."""

COUNTED_THINGS: tuple[str, ...] = ("cards", "zombies", "survivors")
"""What a counting main objective counts (its ``counts.what``): cards or zombies set on the
card, or survivors gathered in the colony, which the engine counts itself from the board."""

OBJECTIVE_CONDITIONS: tuple[str, ...] = (
    "colony_unhurt",
    "helpless_in_colony",
    "barricades_at_colony",
    "table",
)
"""What a counting main objective needs besides its count (its ``counts.also``): no wound,
frostbite or despair token on a survivor in the colony; at least so many helpless survivor
tokens, or barricades, at the colony (the engine sees these on the board); or the table's word
(what the companion does not track: cards equipped, symbols on the card)."""
CONDITIONS_WITH_A_NUMBER: tuple[str, ...] = ("helpless_in_colony", "barricades_at_colony")
"""The conditions that say how many (``at_least``)."""

_BOUNDS = ("at_least", "at_most")
OBJECTIVE_NEEDS: dict[str, tuple[str, ...]] = {
    "main_objective": (),
    "end": ("reasons",),
    "not_exiled": (),
    "morale": _BOUNDS,
    "food": (*_BOUNDS, "per_player"),
    "starvation": _BOUNDS,
    "waste": _BOUNDS,
    "helpless": _BOUNDS,
    "colony_barricades": _BOUNDS,
    "zombies": (*_BOUNDS, "at"),
    "survivors": (*_BOUNDS, "at", "away_from"),
    "locations": _BOUNDS,
    "leader_tokens": _BOUNDS,
    "group_tokens": (*_BOUNDS, "wound"),
    "influence": _BOUNDS,
}
"""The parts of a secret objective the companion checks at the end (a card's ``requires``,
objective_needs.py), each with the fields it takes: the main objective completed; how the
game ended; the player never exiled; and numbers the board shows, at least and/or at most:
morale, food tokens (``per_player``: so many per player), starvation tokens, waste cards,
helpless tokens, barricades at the colony, zombies at a place, the player's survivors (``at``
or ``away_from`` a place: "colony", "outside_colony" or a location id), the non-colony
locations they stand at, the tokens on their group leader or on all of them (``wound``: one
kind), and the highest influence among them."""
NEED_NUMBERS: frozenset[str] = frozenset(
    need for need, fields in OBJECTIVE_NEEDS.items() if "at_least" in fields
)
"""The parts that count something."""
NEED_ENDS: tuple[str, ...] = ("morale", "round_track")
"""The ends an ``end`` part may name (two exiled non-betrayers count as morale, 002:1801)."""

OBJECTIVE_KINDS: tuple[str, ...] = ("normal", "betrayal", "exiled", "bandit_betrayal")
BETRAYAL_KINDS: tuple[str, ...] = ("betrayal", "bandit_betrayal")
BANDIT_RULES: tuple[str, ...] = ("placing", "zombies", "scavenge", "attack", "hideout", "leader")
"""The Bandits module's rules (engine/bandits.py), each of which a Bandit Blitz chapter turns on."""

WOUND_KINDS: tuple[str, ...] = ("wound", "frostbite", "despair")
EXPOSURE_RESULTS: tuple[str, ...] = ("blank", "wound", "frostbite", "bite")
EXPOSURE_ROLL = "roll"
"""The table's "roll it here for me": no face given, the engine rolls the die with its rng."""
NOT_CHOSEN = "not_chosen"
"""A choice a form asked for and the table left empty: the entry point refuses it, saying why."""

WHERES: tuple[str, ...] = ("colony", "each_location", "active_location", "random_location")
"""Where a card effect happens (or a location id)."""

TARGETS: tuple[str, ...] = (
    "chosen",
    "group_leader",
    "each_of_active",
    "each_in_colony",
    "lowest_influence_in_colony",
    "each_at_active_location",
    "each_player_chooses",
    "each_player_chooses_in_colony",
    "named",
)
"""Which survivors a card effect hurts, heals, kills, moves or exposes; ``named`` is the survivor
whose card name the effect's ``survivor`` field gives (a card about one named survivor)."""

HEAL_KINDS: tuple[str, ...] = ("wound", "frostbite", "wound_or_frostbite")
"""What a ``heal`` effect removes: a wound, a frostbite, or either (its chooser picks when the
survivor carries both). Despair is never healed this way (000:682)."""

PLAYER_PICKS: tuple[str, ...] = ("active", "other_player")
"""Who a ``crisis_add`` or ``give_or_wound`` effect falls on: the active player, or another
player the active player picks."""

_AMOUNT = {"amount": ("int", True, None)}
_PLACED = {"where": ("where", True, None), **_AMOUNT}
_NAMED = {"survivor": ("text", False, None)}
_AIMED = {"target": ("target", True, None), **_NAMED}
_HURT = {"target": ("target", True, None), **_AMOUNT}
"""Fields many effect kinds share: an amount; a place and an amount; the survivors aimed at
(``target``, or the one ``named`` in ``survivor``); those survivors and an amount."""

EFFECT_KINDS: dict[str, dict[str, tuple[str, bool, Any]]] = {
    "morale": _AMOUNT,
    "food": _AMOUNT,
    "starvation": _AMOUNT,
    "helpless": {**_AMOUNT, "unruly": ("bool", False, False)},
    "unruly": _AMOUNT,
    "waste": {**_AMOUNT, "each_player": ("bool", False, False)},
    "rounds": _AMOUNT,
    "zombies": _PLACED,
    "noise": _PLACED,
    "barricade": _PLACED,
    "trap": _PLACED,
    "wound": {**_HURT, "wound": ("wound_type", False, "wound"), **_NAMED},
    "kill": _AIMED,
    "leave": _AIMED,
    "exposure": _AIMED,
    "heal": {
        **_HURT,
        "wound": ("heal_type", False, "wound"),
        **_NAMED,
        "at": ("where", False, None),
    },
    "to_colony": _AIMED,
    "bandits": _PLACED,
    "hideout": _AMOUNT,
    "advancement": _AMOUNT,
    "side_effect_roll": {"target": ("target", True, None), "at_most": ("int", True, None)},
    "crisis_look": {},
    "crisis_take": _AMOUNT,
    "crisis_add": {**_AMOUNT, "who": ("player_pick", False, "active")},
    "give_or_wound": {"who": ("player_pick", False, "other_player")},
    "manual": {"text": ("text", True, None)},
}
"""Effect kind -> {field: (type, required, default)}; ``kind`` itself is implied. A field whose
default is None is left out when not given."""

MODULE_EFFECTS: dict[str, str] = {
    "bandits": "bandits",
    "hideout": "bandits",
    "advancement": "improvements",
    "side_effect_roll": "raxxon",
}
"""Effect kinds that act on a module's pieces: in a game without that module they do nothing
(a step says so)."""

EFFECT_AMOUNT_LIMIT = 30
"""The largest amount one effect may name, up or down: no card comes near it."""
