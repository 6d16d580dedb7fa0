"""The actions legal right now, per actor, with the choices their arguments may take.

Screens show only what is listed here; the front door (actions.apply, permissions.check_actor)
refuses everything else. ``legal_actions(state)`` returns ``{actor: {action type: choices}}``
for the table and every seat, where ``choices`` maps each argument to the values it may take
now (an empty dict: the action takes nothing more). This module only gates (who may act now:
a game over, a pending decision, setup, the colony phase, a turn or between turns) and
assembles; each action's choices are listed by the function its declaration names, beside its
rule (``act.open_now``), and tests/test_engine_front_door.py holds the lists and the front door
to each other: every listed choice is accepted and the unlisted ones are refused.
"""

from __future__ import annotations

from typing import Any

from companion.engine.board.card_choices import KIND as CARD_CHOICE
from companion.engine.colony.crisis import crises_left
from companion.engine.colony.ending import objective_completable
from companion.engine.colony.phases import (
    COLONY_STEPS,
    STEP_ACTIONS,
)
from companion.engine.colony.reveal import revealing
from companion.engine.core import declare as act
from companion.engine.core import hooks
from companion.engine.core.dealing import is_coop
from companion.engine.core.errors import Phrase, RuleError, words
from companion.engine.core.objective_progress import (
    progress_choices,
)
from companion.engine.core.state import (
    State,
    active_seat_id,
    seats_in_play,
)
from companion.engine.permissions import TABLE_ACTOR, WHO, check_actor
from companion.engine.scenarios import special_exile
from companion.engine.scenarios.named import R1_COMPLETION, r1_completion_choices
from companion.engine.turns.turn import (
    next_turn_seat,
)
from companion.engine.words.labels import N_, PENDING_WORDS

Choices = dict[str, Any]


BOARD_ACTIONS = (
    "add_barricade",
    "add_trap",
    "attract_zombies",
    "add_noise",
    "play_cards",
    "clean_waste",
    "spend_food",
)
"""A turn's actions with the board's pieces and the supply, in the order the screens list them."""
SURVIVOR_ACTIONS = ("add_helpless", "calm_unruly", "wound_survivor", "record_exposure")
"""A turn's actions on survivors, in the order the screens list them."""


def _turn_choices(st: State) -> dict[str, Choices]:
    """What may be done during the turn in progress (the active player's, or the table's)."""
    active = active_seat_id(st)
    assert active is not None
    out = act.open_now(st, active, "end_turn", "move_survivor", "kill_zombies", "attack_survivor")
    out.update(act.open_now(st, active, *BOARD_ACTIONS))
    out["add_food"] = {}
    out["add_waste"] = {}
    out.update(act.open_now(st, active, *SURVIVOR_ACTIONS))
    out.update(act.open_now(st, TABLE_ACTOR, "heal_survivor", "remove_despair"))
    out.update(act.open_now(st, active, "trigger_crossroads", "call_exile_vote", "search_location"))
    out.update(hooks.merged("turn_choices", st, active))
    out.update(progress_choices(st))
    return out


def _seat_choices(st: State, seat_id: str) -> dict[str, Choices]:
    """What a seat may do for itself whatever the turn (its OWN and OPEN actions)."""
    out: dict[str, Choices] = {}
    mine = st["secrets"][seat_id]
    player = next(s for s in st["seats"] if s["id"] == seat_id)
    turn = st.get("turn")
    if (
        turn
        and turn["crossroads_drawer"] == seat_id
        and mine["crossroads"]
        and not turn.get("crossroads_revealed")
    ):
        out["reveal_crossroads"] = {}
    crisis = st.get("crisis")
    if crisis and st["phase"] == "player_turns" and not player["exiled"]:
        if turn is None or turn["seat"] == seat_id:
            _declared(out, "contribute_to_crisis", st, seat_id)
        _declared(out, "withdraw_from_crisis", st, seat_id)
    _declared(out, "add_survivor", st, seat_id)
    _declared(out, "set_group_leader", st, seat_id)
    return out


def _declared(out: dict[str, Choices], kind: str, st: State, actor: str) -> None:
    """Add ``kind`` to ``out`` with the choices its declaration lists for ``actor``, if open."""
    out.update(act.open_now(st, actor, kind))


def _board_fixes(st: State) -> dict[str, Choices]:
    """Between turns: the board fixes the table may enter, as corrections (a card's effect or
    a mistake set right), none of which names a player's survivor acting."""
    out: dict[str, Choices] = {"add_food": {}, "add_waste": {}}
    for kind in ("kill_zombies", "add_barricade", "add_trap", "add_noise"):
        _declared(out, kind, st, TABLE_ACTOR)
    for kind in ("wound_survivor", "record_exposure", "add_helpless", "heal_survivor"):
        _declared(out, kind, st, TABLE_ACTOR)
    _declared(out, "remove_despair", st, TABLE_ACTOR)
    return out


def _table_only(st: State) -> dict[str, Choices]:
    """Corrections and card effects only the table enters."""
    out: dict[str, Choices] = {}
    _declared(out, "set_counter", st, TABLE_ACTOR)
    out["set_waste"] = {}
    _declared(out, "set_capacity", st, TABLE_ACTOR)
    out["apply_card_effects"] = {}
    for kind in TABLE_CORRECTIONS:
        _declared(out, kind, st, TABLE_ACTOR)
    out.update(hooks.merged("corrections", st))
    out.update(progress_choices(st))
    return out


TABLE_CORRECTIONS = (
    "add_zombies_by_hand",
    "remove_barricade",
    "remove_trap",
    "remove_noise",
    "kill_helpless_by_card",
    "kill_survivor_by_card",
    "remove_survivor_by_card",
)
"""The table's corrections with choices to list, in the order the table shows them."""


def crisis_first(st: State) -> bool:
    """Whether the round's crisis is still to be revealed before its first turn (002:963-965:
    Reveal Crisis comes first): none is in play and a card is left to reveal."""
    return st.get("crisis") is None and bool(st["decks"]["crises"] or crises_left(st))


def _round_choices(st: State) -> dict[str, Choices]:
    """Between turns in the player turns phase: the crisis, the next turn, the colony phase."""
    out: dict[str, Choices] = {}
    for kind in ("reveal_crisis", "contribute_to_crisis"):
        _declared(out, kind, st, TABLE_ACTOR)
    if not crisis_first(st):
        _declared(out, "start_turn", st, TABLE_ACTOR)
    out.update(_board_fixes(st))
    _declared(out, "run_colony_phase", st, TABLE_ACTOR)
    out["start_colony_phase"] = {}
    return _colony_steps(st, out)


def _colony_choices(st: State) -> dict[str, Choices]:
    """During the colony phase: the next step, or all the rest at once."""
    return _colony_steps(st, act.open_now(st, TABLE_ACTOR, "run_colony_phase"))


def _colony_steps(st: State, out: dict[str, Choices]) -> dict[str, Choices]:
    """Add one Confirm of the colony phase, and each colony step run on its own, to ``out``."""
    _declared(out, "run_colony_steps", st, TABLE_ACTOR)
    for name in COLONY_STEPS:
        _declared(out, STEP_ACTIONS[name], st, TABLE_ACTOR)
    return out


COLONY_STEP_ACTIONS = frozenset(
    {*STEP_ACTIONS.values(), "start_colony_phase", "run_colony_phase", "run_colony_steps"}
)
"""The actions that run a colony step: the table is not asked the next one while it is still
turning the last one over (reveal.py); it finishes the reveal first."""


def legal_for_table(st: State) -> dict[str, Choices]:
    """The table's legal actions now: finishing an open reveal first, and its setup notes
    whenever the game keeps a checklist (checklist.py: any phase)."""
    out = _table_now(st)
    if revealing(st):
        out = {
            "finish_reveal": {},
            **{k: v for k, v in out.items() if k not in COLONY_STEP_ACTIONS},
        }
    _declared(out, "tick_setup_step", st, TABLE_ACTOR)
    return out


def _table_now(st: State) -> dict[str, Choices]:
    """The table's legal actions now, an open reveal aside."""
    if st.get("ended"):
        # every seat in play, whether or not the board shows its objective out: which one is
        # out is its owner's secret until the winners are declared (ending.finish_winners)
        completed = [] if is_coop(st["variant"]) else [s["id"] for s in seats_in_play(st)]
        out: dict[str, Choices] = {"declare_winners": {"completed": completed}}
        marking = [s["id"] for s in seats_in_play(st) if legal_for_seat(st, s["id"])]
        if marking:  # for a player without a phone (permissions.OPEN)
            out["mark_objective"] = {"seat_id": marking, "complete": [True, False]}
        return out
    pending = st.get("pending")
    if pending and pending["kind"] == "vote":
        return act.open_now(st, TABLE_ACTOR, "record_votes")
    if pending and pending["kind"] == "bite_spread":
        return act.open_now(st, TABLE_ACTOR, "resolve_bite")
    if pending and pending["kind"] == "survivor_choice":  # for a seat without a phone
        return act.open_now(st, TABLE_ACTOR, "choose_survivor")
    if pending and pending["kind"] == CARD_CHOICE:  # for a player without a phone
        return act.open_now(st, TABLE_ACTOR, "choose_for_card")
    module = hooks.first("table_pending", st)
    if module is not None:
        return module
    exile_phase = special_exile.table_choices(st)
    if exile_phase is not None:
        return exile_phase
    following = r1_completion_choices(st)
    if following is not None:
        return following
    if st["phase"] == "setup":
        return {}
    out = _table_only(st)
    out.update(hooks.merged("table_choices", st))
    if st["phase"] == "colony":
        out.update(_colony_choices(st))
    elif st.get("turn"):
        out.update(_turn_choices(st))
        _declared(out, "contribute_to_crisis", st, TABLE_ACTOR)
    else:
        out.update(_round_choices(st))
    for s in seats_in_play(st):
        for kind, choices in _seat_choices(st, s["id"]).items():
            if WHO[kind][0] != "open":
                continue
            merged = out.setdefault(kind, {**choices, "seat_id": [], "survivor_id": []})
            merged["seat_id"].append(s["id"])
            merged["survivor_id"] += [
                c for c in choices["survivor_id"] if c not in merged["survivor_id"]
            ]
    return out


def legal_for_seat(st: State, seat_id: str) -> dict[str, Choices]:
    """One seat's legal actions now (its phone's controls)."""
    player = next(s for s in st["seats"] if s["id"] == seat_id)
    if player.get("eliminated"):
        return {}
    if st.get("ended"):
        if (
            not is_coop(st["variant"])
            and st["ended"]["winners"] is None
            and not revealing(st)  # phones learn of the end once the table has shown it
            and objective_completable(st, seat_id)
        ):
            return {"mark_objective": {"complete": [True, False]}}
        return {}
    pending = st.get("pending")
    if pending and pending["kind"] == "vote":
        return act.open_now(st, seat_id, "cast_vote")
    if pending and pending["kind"] == "bite_spread":
        return act.open_now(st, seat_id, "resolve_bite") if pending["seat"] == seat_id else {}
    if pending and pending["kind"] in ("survivor_choice", CARD_CHOICE):
        return act.open_now(st, seat_id, "choose_survivor", "choose_for_card")
    module = hooks.first("seat_pending", st, seat_id)
    if module is not None:
        return module
    exile_phase = special_exile.seat_choices(st, seat_id)
    if exile_phase is not None:
        return _allowed(st, seat_id, exile_phase)
    if pending and pending["kind"] == R1_COMPLETION:
        return {}  # entered on the table (named.follow_r1_completion)
    if st["phase"] == "setup":
        return act.open_now(st, seat_id, "keep_survivors")
    out = _seat_choices(st, seat_id)
    if st["phase"] == "player_turns":
        if st.get("turn") and active_seat_id(st) == seat_id:
            out.update(_own_moves(st, seat_id, _turn_choices(st)))
        elif not st.get("turn") and next_turn_seat(st) == seat_id and not crisis_first(st):
            _declared(out, "start_turn", st, seat_id)
    return _allowed(st, seat_id, out)


def _own_moves(st: State, seat_id: str, out: dict[str, Choices]) -> dict[str, Choices]:
    """A phone moves only its own survivors (an exiled player's leaving ones are the table's)."""
    moves = out.get("move_survivor")
    if moves:
        owner = {s["id"]: s["owner"] for s in st["survivors"]}
        mine = {k: v for k, v in moves["survivor_id"].items() if owner[k] == seat_id}
        if mine:
            moves["survivor_id"] = mine
            moves["free"] = [sid for sid in moves["free"] if sid in mine]
        else:
            del out["move_survivor"]
    return out


def _allowed(st: State, by: str, out: dict[str, Choices]) -> dict[str, Choices]:
    """Keep only the actions this actor passes ``permissions.check_actor`` for."""
    kept = {}
    for kind, choices in out.items():
        about = WHO[kind][1]
        args: dict[str, Any] = {about: by} if about in ("seat_id", "caller") else {}
        for key in ("seat_id", "caller"):
            if choices.get(key):
                args[key] = choices[key][0]
        survivor = choices.get("survivor_id")
        if isinstance(survivor, dict | list) and survivor:
            args["survivor_id"] = next(iter(survivor))
        try:
            check_actor(st, kind, by, args)
        except RuleError:
            continue
        kept[kind] = choices
    return kept


def legal_for(st: State, by: str) -> dict[str, Choices]:
    """One actor's legal actions now: the table's (``"table"``) or a seat's."""
    return legal_for_table(st) if by == TABLE_ACTOR else legal_for_seat(st, by)


def closed_reason(st: State, kind: str) -> Phrase:
    """Why the action ``kind`` is not open now, for the front door's refusal."""
    if st.get("ended"):
        return Phrase(N_("the game is over"))
    pending = st.get("pending")
    if isinstance(pending, dict):
        return Phrase(
            N_("the game waits for {pending}"), pending=words(PENDING_WORDS, pending["kind"])
        )
    if st["phase"] == "setup":
        return Phrase(N_("the game is still being set up"))
    if revealing(st) and kind in COLONY_STEP_ACTIONS:
        return Phrase(N_("the table is still turning the last step over: finish that first"))
    if st["phase"] == "colony":
        return Phrase(N_("it is the colony phase"))
    if kind == "start_turn" and crisis_first(st) and not st.get("turn"):
        return Phrase(N_("the crisis is revealed before the first turn"))
    if st.get("turn"):
        return Phrase(N_("a turn is in progress"))
    return Phrase(N_("no turn is in progress"))


def legal_actions(st: State) -> dict[str, dict[str, Choices]]:
    """Every actor's legal actions now: {"table": {...}, seat id: {...}}."""
    out = {TABLE_ACTOR: legal_for_table(st)}
    for s in st["seats"]:
        out[s["id"]] = legal_for_seat(st, s["id"])
    return out
