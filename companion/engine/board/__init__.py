"""Board actions the table records during player turns, and table corrections.

The players act with the pieces in the box; these entry points keep the companion's numbers in
step with the board and refuse what the rules forbid. Every entry point takes the state first and
returns ``(new_state, steps)``; on a RuleError the caller's state is untouched. The modules split
along the board's seams: ``checks`` (what every action checks), ``pieces`` (zombies, barricades,
traps, noise), ``survivors`` (moves, wounds, joining, leaders, deaths by card), ``attacks`` (one
survivor attacking another), ``supply`` (cards, waste, food, helpless survivors) and
``corrections`` (the table's fixes).
"""

from __future__ import annotations

from companion.engine.board.attacks import attack_survivor
from companion.engine.board.corrections import COUNTERS, set_capacity, set_counter, set_waste
from companion.engine.board.pieces import (
    ATTRACT_MAX,
    MAX_NOISE,
    add_barricade,
    add_noise,
    add_trap,
    add_zombies_by_hand,
    attract_zombies,
    kill_zombies,
    remove_barricade,
    remove_noise,
    remove_trap,
)
from companion.engine.board.supply import (
    add_food,
    add_helpless,
    add_waste,
    calm_unruly,
    clean_waste,
    kill_helpless_by_card,
    play_cards,
    spend_food,
)
from companion.engine.board.survivors import (
    add_survivor,
    heal_survivor,
    kill_survivor_by_card,
    move_survivor,
    remove_despair,
    remove_survivor_by_card,
    set_group_leader,
    wound_survivor,
)

__all__ = [
    "ATTRACT_MAX",
    "COUNTERS",
    "MAX_NOISE",
    "add_barricade",
    "add_food",
    "add_helpless",
    "add_noise",
    "add_survivor",
    "add_trap",
    "add_waste",
    "add_zombies_by_hand",
    "attack_survivor",
    "attract_zombies",
    "calm_unruly",
    "clean_waste",
    "heal_survivor",
    "kill_helpless_by_card",
    "kill_survivor_by_card",
    "kill_zombies",
    "move_survivor",
    "play_cards",
    "remove_barricade",
    "remove_despair",
    "remove_noise",
    "remove_survivor_by_card",
    "remove_trap",
    "set_capacity",
    "set_counter",
    "set_group_leader",
    "set_waste",
    "spend_food",
    "wound_survivor",
]
