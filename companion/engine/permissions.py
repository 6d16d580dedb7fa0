"""Who may do what: every action names its actor (``by``), and this table says who may.

The actor is ``"table"`` (the laptop's table screen) or a seat id (that player's phone). One
rule per action, in ``WHO``; ``check_actor`` applies it before the entry point runs:

- ``TABLE``: only the table. Corrections (002 has none: a table fixes its own mistakes),
  the crisis reveal and the colony phase, which the table runs for everyone.
- ``TURN``: the active player's seat or the table, while that turn is in progress; between
  turns only the table (002 "Player Turns": a player acts on their own turn). A seat may only
  name itself or its own survivors.
- ``NEXT``: starting a turn: the seat whose turn comes next, or the table.
- ``OWN``: only the seat the action is about: revealing one's own crossroads card, casting
  one's own vote, keeping one's dealt survivors, adding one's own cards to the crisis. These
  carry secrets, so the table never acts for a seat here (it may add crisis cards anonymously).
- ``OPEN``: the seat the action is about, or the table: decisions a player announces aloud
  (how a spreading bite is answered, a new survivor joining, marking one's objective at the
  end), which the table may enter for a player who has no phone.

Exiled seats cannot vote or add to the crisis (002:1748, 002:1764): the rules that hold those
actions refuse them (votes.py, crisis.py).
"""

from __future__ import annotations

from typing import Any

from companion.engine.core.errors import Phrase, RuleError, action_words, shown
from companion.engine.core.state import State, active_seat_id, seat
from companion.engine.turns.turn import next_turn_seat
from companion.engine.words.steps import N_

TABLE = "table"
TURN = "turn"
NEXT = "next"
OWN = "own"
OPEN = "open"

Rule = tuple[str, str | None]
"""(who may, what names the seat the action is about): an argument name, or
"survivor:<arg>" (the owner of that survivor), "pending" (the seat a decision waits for),
"drawer" (who holds this turn's crossroads card), or None."""

WHO: dict[str, Rule] = {
    "new_game": (TABLE, None),
    "tick_setup_step": (TABLE, None),
    # player turns
    "start_turn": (NEXT, "seat_id"),
    "end_turn": (TURN, None),
    "reveal_crossroads": (OWN, "seat_id"),
    "trigger_crossroads": (TURN, None),
    "call_exile_vote": (TURN, "caller"),
    "cast_vote": (OWN, "seat_id"),
    "record_votes": (TABLE, None),
    "keep_survivors": (OWN, "seat_id"),
    # the crisis
    "reveal_crisis": (TABLE, None),
    "contribute_to_crisis": (OWN, "seat_id"),
    "withdraw_from_crisis": (OWN, "seat_id"),
    "resolve_crisis": (TABLE, None),
    "finish_reveal": (TABLE, None),
    # the colony phase
    "start_colony_phase": (TABLE, None),
    "run_colony_phase": (TABLE, None),
    "run_colony_steps": (TABLE, None),
    "pay_food": (TABLE, None),
    "check_waste": (TABLE, None),
    "add_colony_phase_zombies": (TABLE, None),
    "check_main_objective": (TABLE, None),
    "move_round_track": (TABLE, None),
    "pass_first_player": (TABLE, None),
    # exposure and bites
    "record_exposure": (TURN, "survivor:survivor_id"),
    "resolve_bite": (OPEN, "pending"),
    "choose_survivor": (OPEN, "seat_id"),
    "choose_for_card": (OPEN, "seat_id"),
    # the board during a turn
    "move_survivor": (TURN, "survivor:survivor_id"),
    "kill_zombies": (TURN, "survivor:survivor_id"),
    "attack_survivor": (TURN, "survivor:survivor_id"),
    "add_barricade": (TURN, None),
    "add_trap": (TURN, None),
    "attract_zombies": (TURN, "survivor:survivor_id"),
    "add_noise": (TURN, None),
    "play_cards": (TURN, "seat_id"),
    "clean_waste": (TURN, "seat_id"),
    "spend_food": (TURN, "seat_id"),
    "add_food": (TURN, None),
    "add_waste": (TURN, None),
    "add_helpless": (TURN, "seat_id"),
    "calm_unruly": (TURN, "seat_id"),
    "wound_survivor": (TURN, None),
    "heal_survivor": (TURN, None),
    "remove_despair": (TURN, None),
    "add_survivor": (OPEN, "seat_id"),
    "set_group_leader": (OPEN, "seat_id"),
    # cards and corrections: the table only
    "apply_card_effects": (TABLE, None),
    "add_zombies_by_hand": (TABLE, None),
    "remove_barricade": (TABLE, None),
    "remove_trap": (TABLE, None),
    "remove_noise": (TABLE, None),
    "kill_helpless_by_card": (TABLE, None),
    "kill_survivor_by_card": (TABLE, None),
    "remove_survivor_by_card": (TABLE, None),
    "set_counter": (TABLE, None),
    "set_waste": (TABLE, None),
    "set_capacity": (TABLE, None),
    # Improvements module and main objective progress: the table keeps them
    "place_improvement": (TABLE, None),
    "remove_improvement": (TABLE, None),
    "add_advancement": (TABLE, None),
    "remove_advancement": (TABLE, None),
    "add_objective_progress": (TABLE, None),
    "remove_objective_progress": (TABLE, None),
    # searching, and the Raxxon module (000:763-861)
    "search_location": (TURN, "survivor:survivor_id"),
    "place_raxxon_dice": (TURN, "seat_id"),
    "remove_raxxon_dice": (TABLE, None),
    "enter_experiment": (TABLE, None),
    "choose_containment_place": (OPEN, "pending"),
    "place_special_zombies": (TABLE, None),
    "attack_special_zombie": (TURN, "survivor:survivor_id"),
    "remove_special_zombie": (TURN, None),
    "move_special_zombie": (TURN, None),
    "equip_side_effect": (TURN, "survivor:survivor_id"),
    # the end
    "mark_objective": (OPEN, "seat_id"),
    "declare_winners": (TABLE, None),
    # the Bandits module: the leader's placement is that phone's alone (000:759)
    "lead_bandits": (OWN, "seat_id"),
    "attack_bandit": (TURN, "survivor:survivor_id"),
    "take_from_hideout": (TURN, None),
    "set_hideout_cards": (TABLE, None),
    "set_bandits": (TABLE, None),
    # Bandit Blitz, B2's special exile phase (000:984-986): the caller's call or skip (the table
    # for a seat without a phone); the betrayer's reveal from their phone alone; the table goes
    # on for everyone
    "call_special_exile_vote": (OPEN, "caller"),
    "skip_special_exile_vote": (OPEN, "caller"),
    "reveal_bandit_betrayal": (OWN, "seat_id"),
    "pass_betrayal_reveal": (TABLE, None),
    # The Chimp and the Code: R1's completion steps, entered on the table (000:892-904)
    "follow_r1_completion": (TABLE, None),
}

TABLE_ACTOR = "table"

FOR_ANOTHER = N_("{name} may not {action} for another player")
"""The refusal of a seat acting for another seat."""


def actor_name(st: State, by: str) -> Phrase:
    """'the table' or the seat's player name and id, for a refusal."""
    if by == TABLE_ACTOR:
        return Phrase(N_("the table"))
    return Phrase(N_("{name} ({seat})"), name=seat(st, by)["name"], seat=by)


def check_by(st: State | None, by: Any) -> str:
    """The actor, checked: "table" or a seat id of this game."""
    if by == TABLE_ACTOR:
        return by
    if not isinstance(by, str) or st is None or not any(s["id"] == by for s in st["seats"]):
        raise RuleError(
            N_('an action is made "by" the table or a seat of this game, not {by}'), by=shown(by)
        )
    return by


def seat_argument(kind: str) -> str | None:
    """The argument that names the acting seat, filled in from ``by`` when a phone omits it."""
    _, about = WHO[kind]
    return about if about in ("seat_id", "caller") else None


def concerned_seat(st: State, kind: str, args: dict[str, Any]) -> str | None:
    """The seat an action is about, by its rule in ``WHO`` (None when it names nobody)."""
    _, about = WHO[kind]
    if about is None:
        return None
    if about == "pending":
        pending = st.get("pending")
        return pending.get("seat") if isinstance(pending, dict) else None
    if about == "drawer":
        turn = st.get("turn")
        return turn.get("crossroads_drawer") if turn else None
    if about.startswith("survivor:"):
        survivor_id = args.get(about.split(":", 1)[1])
        for s in st["survivors"]:
            if s["id"] == survivor_id:
                return s["owner"]
        return None
    value = args.get(about)
    return value if isinstance(value, str) else None


def check_actor(st: State, kind: str, by: str, args: dict[str, Any]) -> None:
    """Refuse an action its actor may not make (the rules of ``WHO``), naming who and why."""
    who = WHO[kind][0]
    name = actor_name(st, by)
    action = action_words(kind)
    target = concerned_seat(st, kind, args)
    if who == TABLE:
        if by != TABLE_ACTOR:
            raise RuleError(
                N_("{name} may not {action}: only the table may"), name=name, action=action
            )
        return
    if who == OWN:
        if by == TABLE_ACTOR:
            if kind == "contribute_to_crisis" and args.get("seat_id") is None:
                return  # the table adds cards face down for nobody in particular
            raise RuleError(
                N_("the table may not {action} for a player: only their own phone may"),
                action=action,
            )
        if target != by:
            raise RuleError(FOR_ANOTHER, name=name, action=action)
        return
    if who == OPEN:
        if by != TABLE_ACTOR and target != by:
            raise RuleError(FOR_ANOTHER, name=name, action=action)
        return
    if by == TABLE_ACTOR:
        return
    active = next_turn_seat(st) if who == NEXT else active_seat_id(st)
    if who == NEXT and st.get("turn"):
        active = active_seat_id(st)
    if active != by:
        if active is None:
            raise RuleError(
                N_("{name} may not {action} between turns: only the active player or the table"),
                name=name,
                action=action,
            )
        raise RuleError(
            N_(
                "{name} may not {action} during {active}'s turn: only the active player or "
                "the table"
            ),
            name=name,
            action=action,
            active=seat(st, active)["name"],
        )
    if target is not None and target != by:
        raise RuleError(FOR_ANOTHER, name=name, action=action)
