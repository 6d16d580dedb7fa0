"""The pure rules engine: a game state in, the new state and readable steps out.

No Flask, no SQL, no clock, no global random: dice and shuffles come from the ``rng`` given to
an entry point (anything with ``randint(a, b)`` and ``shuffle(list)``, e.g. ``random.Random``).
Every entry point returns ``(new_state, steps)`` and leaves the state it was given unchanged;
an impossible action raises ``RuleError``. See docs/engine.md and docs/state.md.
"""

from companion.engine.actions import ACTIONS, apply, replay
from companion.engine.board import (
    add_barricade,
    add_food,
    add_helpless,
    add_noise,
    add_survivor,
    add_trap,
    add_waste,
    add_zombies_by_hand,
    attack_survivor,
    attract_zombies,
    calm_unruly,
    clean_waste,
    heal_survivor,
    kill_helpless_by_card,
    kill_survivor_by_card,
    kill_zombies,
    move_survivor,
    play_cards,
    remove_barricade,
    remove_despair,
    remove_noise,
    remove_survivor_by_card,
    remove_trap,
    set_capacity,
    set_counter,
    set_group_leader,
    set_waste,
    spend_food,
    wound_survivor,
)
from companion.engine.board.choose import choose_for_card, choose_survivor
from companion.engine.board.effects import apply_card_effects
from companion.engine.board.exposure import record_exposure, resolve_bite
from companion.engine.colony.crisis import (
    contribute_to_crisis,
    resolve_crisis,
    reveal_crisis,
    score_crisis,
    withdraw_from_crisis,
)
from companion.engine.colony.ending import declare_winners, game_over_reason, mark_objective
from companion.engine.colony.reveal import REVEALED, finish_reveal, revealing
from companion.engine.colony.steps import (
    add_colony_phase_zombies,
    check_main_objective,
    check_waste,
    move_round_track,
    pass_first_player,
    pay_food,
    run_colony_phase,
    run_colony_steps,
    start_colony_phase,
)
from companion.engine.core.dealing import (
    build_crisis_deck,
    build_crossroads_deck,
    build_exiled_deck,
    deal_objectives,
)
from companion.engine.core.errors import RuleError, render_error
from companion.engine.core.saved import from_json, to_json
from companion.engine.core.state import SCHEMA, new_state
from companion.engine.scenarios.special_exile import (
    call_special_exile_vote,
    pass_betrayal_reveal,
    reveal_bandit_betrayal,
    skip_special_exile_vote,
)
from companion.engine.sentences import render_step, render_steps
from companion.engine.setup.checklist import setup_checklist, tick_setup_step
from companion.engine.setup.new_game import keep_survivors, new_game
from companion.engine.turns.crossroads import reveal_crossroads, trigger_crossroads
from companion.engine.turns.exile import call_exile_vote
from companion.engine.turns.turn import end_turn, start_turn
from companion.engine.turns.votes import cast_vote, record_votes, tally_vote
from companion.engine.views import public_view, seat_view, table_view, visible_steps

__all__ = [
    "ACTIONS",
    "REVEALED",
    "SCHEMA",
    "RuleError",
    "add_barricade",
    "add_colony_phase_zombies",
    "add_food",
    "add_helpless",
    "add_noise",
    "add_survivor",
    "add_trap",
    "add_waste",
    "add_zombies_by_hand",
    "apply",
    "apply_card_effects",
    "attack_survivor",
    "attract_zombies",
    "build_crisis_deck",
    "build_crossroads_deck",
    "build_exiled_deck",
    "call_exile_vote",
    "calm_unruly",
    "cast_vote",
    "check_main_objective",
    "check_waste",
    "choose_for_card",
    "choose_survivor",
    "clean_waste",
    "contribute_to_crisis",
    "deal_objectives",
    "declare_winners",
    "end_turn",
    "finish_reveal",
    "from_json",
    "game_over_reason",
    "heal_survivor",
    "keep_survivors",
    "kill_helpless_by_card",
    "kill_survivor_by_card",
    "kill_zombies",
    "mark_objective",
    "move_round_track",
    "move_survivor",
    "new_game",
    "new_state",
    "pass_first_player",
    "pay_food",
    "play_cards",
    "public_view",
    "record_exposure",
    "record_votes",
    "remove_barricade",
    "remove_despair",
    "remove_noise",
    "remove_survivor_by_card",
    "remove_trap",
    "render_error",
    "render_step",
    "render_steps",
    "replay",
    "resolve_bite",
    "resolve_crisis",
    "reveal_crisis",
    "reveal_crossroads",
    "revealing",
    "run_colony_phase",
    "run_colony_steps",
    "score_crisis",
    "seat_view",
    "set_capacity",
    "set_counter",
    "set_group_leader",
    "set_waste",
    "setup_checklist",
    "spend_food",
    "start_colony_phase",
    "start_turn",
    "table_view",
    "tally_vote",
    "tick_setup_step",
    "to_json",
    "trigger_crossroads",
    "visible_steps",
    "withdraw_from_crisis",
    "wound_survivor",
]
__all__ += [
    "call_special_exile_vote",
    "pass_betrayal_reveal",
    "reveal_bandit_betrayal",
    "skip_special_exile_vote",
]
