"""What each device may see: the table screen's view, and each phone's view with its secrets.

DESIGN.md "Secrets stay on their phone": no view made for one device carries another seat's
objective, exiled objective, crossroads card, dealt survivors, ballot before a vote is settled,
survivor picked for a card before every pick is in (player_choices.py), or which crisis card it
contributed; the table's view carries none. The decks' order is hidden from everyone (only
their sizes are shown) and the card catalogue stays in the state. Cards that are public are
resolved to their facts: the crisis in play, a crossroads card once its drawer reveals it, and
every secret objective once the winners are declared.
"""

from __future__ import annotations

import copy
from typing import Any

from companion.engine.board.card_choices import KIND as CARD_CHOICE
from companion.engine.board.card_choices import own_card_choice, public_card_choice
from companion.engine.board.player_choices import KIND, own_choice, public_choice
from companion.engine.board.special_zombies import special_zombies
from companion.engine.board.zombies import zombies_for_colony, zombies_for_location
from companion.engine.colony.crisis import crisis_target
from companion.engine.colony.ending import objective_completable, objective_out
from companion.engine.colony.phases import due_step, steps_to_run
from companion.engine.colony.reveal import revealing, shown_state
from companion.engine.colony.steps import food_needed, zombies_due
from companion.engine.core import hooks
from companion.engine.core.decisions import open_for
from companion.engine.core.must_do import must_do, waiting_on, waiting_said
from companion.engine.core.objective_progress import (
    objective_conditions,
    objective_count,
    objective_met_by_count,
    objective_target,
)
from companion.engine.core.state import (
    COLONY,
    State,
    colonists,
    despair_rule,
    free_spaces,
    free_survivor_spaces,
    plain_copy,
    seat,
    seats_in_play,
    unruly_rule,
)
from companion.engine.legal import (
    legal_actions,
    legal_for_seat,
    legal_for_table,
)
from companion.engine.scenarios import special_exile
from companion.engine.scenarios.chapters import next_card_comes, objective_met_means
from companion.engine.turns.crossroads_hints import hint_for
from companion.engine.turns.turn import (
    crossroads_waits,
    must_leave_first,
    next_turn_seat,
    turns_taken,
)
from companion.engine.words.card_texts import find_card
from companion.engine.words.steps import Step

HIDDEN = ("secrets", "cards", "pending", "decisions")


def _contribution_count(contributions: Any) -> int:
    """How many cards were contributed to the crisis (the records say who gave which symbol)."""
    return len(contributions) if isinstance(contributions, list | tuple) else 0


def public_view(state: State) -> dict[str, Any]:
    """The public state: no secrets, no catalogue, deck sizes, a contribution count."""
    view = plain_copy({k: v for k, v in state.items() if k not in HIDDEN})
    view["decks"] = {name: len(cards) for name, cards in state.get("decks", {}).items()}
    crisis = view.get("crisis")
    if isinstance(crisis, dict) and "contributions" in crisis:
        crisis["contributions"] = _contribution_count(crisis["contributions"])
    view["pending"] = _public_pending(state)
    if isinstance(view.get("scenario"), dict):
        view["scenario"]["next_card"] = next_card_comes(state)
    if state.get("phase") == "setup":  # the leaders decide it once all are kept (002 Setup 14)
        view["first_player"] = None
    return view


def _public_pending(st: State) -> dict[str, Any] | None:
    """A pending decision as everyone may see it: a vote shows who has voted, not how; a
    survivor choice who has chosen, not whom (player_choices.public_choice)."""
    pending = st.get("pending")
    if not isinstance(pending, dict):
        return None
    if pending.get("kind") in (KIND, CARD_CHOICE):
        if pending["kind"] == KIND:
            shown = copy.deepcopy(public_choice(pending))
        else:
            shown = copy.deepcopy(public_card_choice(st, pending))
        card = find_card(st, pending.get("source_card"))
        shown["card"] = copy.deepcopy(card) if card else None
        return shown
    shown = {k: copy.deepcopy(v) for k, v in pending.items() if k != "votes"}
    if pending.get("kind") == "vote":
        shown["voted"] = [sid for sid in pending.get("votes", {})]
    return shown


def numbers(st: State) -> dict[str, Any]:
    """The numbers a table asks for, each computed by the rule it belongs to."""
    crisis = st.get("crisis")
    return {
        "colonists": colonists(st),
        "food_needed": food_needed(st),
        "zombies_to_colony": zombies_for_colony(st),
        "zombies_to_locations": {
            loc["id"]: zombies_for_location(st, loc["id"]) for loc in st["locations"]
        },
        "zombies_due": zombies_due(st),
        "crisis_target": crisis_target(st),
        "crisis_cards": _contribution_count(crisis["contributions"]) if crisis else 0,
        "colony_free_spaces": free_survivor_spaces(st, COLONY),
        "free_entrance_spaces": free_entrance_spaces(st),
        "objective_count": objective_count(st),
        "objective_target": objective_target(st),
        "objective_conditions": objective_conditions(st),
        "objective_reached": objective_met_by_count(st),
    }


def tokens_shown(st: State) -> dict[str, bool]:
    """Which optional tokens the board shows: the unruly count where the rule is played
    (000:684-692) or a token is anyway; the despair token explained where the rule is played
    (000:676-682) or a survivor carries one anyway (a base game's correction)."""
    return {
        "unruly": unruly_rule(st) or st["helpless"]["unruly"] > 0,
        "despair": despair_rule(st) or any(s["despair"] for s in st["survivors"]),
    }


def free_entrance_spaces(st: State) -> dict[str, Any]:
    """The empty spaces of every entrance: the colony's in order, then each location's."""
    spaces: dict[str, Any] = {"colony": [free_spaces(e) for e in st["colony"]["entrances"]]}
    spaces.update({loc["id"]: free_spaces(loc["entrance"]) for loc in st["locations"]})
    return spaces


def waiting_for(st: State) -> dict[str, Any]:
    """What the game waits for now: a decision, a vote, R3's experiments to draw, a turn, the
    colony phase, the end."""
    if st.get("ended"):
        return {"kind": "over" if st["ended"]["winners"] is not None else "declare_winners"}
    pending = _public_pending(st)
    if pending:
        kind = {"vote": "vote", "bite_spread": "bite", "bandit_placement": "bandit_leader"}.get(
            pending["kind"], pending["kind"]
        )
        if kind == special_exile.PHASE:
            pending = {**pending, **special_exile.waiting_details(st)}
        return {**pending, "kind": kind, "decision": pending["kind"]}
    if st["phase"] == "setup":
        waiting = [s["id"] for s in st["seats"] if st["secrets"][s["id"]]["dealt_survivors"]]
        return {"kind": "keep_survivors", "seats": waiting}
    task = hooks.first("waiting", st)
    if task:
        return task
    if st["phase"] == "colony":
        return _colony_due(st)
    turn = st.get("turn")
    if turn:
        first = [s["id"] for s in must_leave_first(st)]
        return {
            "kind": "turn",
            "seat": turn["seat"],
            "next": next_turn_seat(st),
            "crossroads_waits": crossroads_waits(st),
            **({"must_leave_colony": first} if first else {}),
        }
    if st.get("crisis") is None and not turns_taken(st):
        return {"kind": "reveal_crisis"}
    following = next_turn_seat(st)
    if following is not None:
        return {"kind": "start_turn", "seat": following}
    return _colony_due(st)


def _colony_due(st: State) -> dict[str, Any]:
    """The colony step that is due, the steps its Confirm runs (``run``) and whether the
    containment check opens them (``containment``, 000:792); at step 5, what a met main
    objective does (``met``)."""
    due = {
        "kind": "colony_phase",
        **due_step(st),
        "run": steps_to_run(st),
        "containment": st["phase"] != "colony" and hooks.any_of("colony_opening_due", st),
    }
    if due["step"] == "check_main_objective":
        due["met"] = objective_met_means(st)
    return due


def turn_view(st: State) -> dict[str, Any] | None:
    """The turn in progress as the table sees it: whose, who holds its crossroads card, and
    the card itself once its drawer has revealed it (the physical game makes that public)."""
    turn = st.get("turn")
    if not turn:
        return None
    drawer = turn["crossroads_drawer"]
    held = st["secrets"][drawer]["crossroads"] if drawer else None
    revealed = None
    if held and turn.get("crossroads_revealed"):
        revealed = copy.deepcopy(st["cards"]["crossroads"][held])
    return {
        "seat": turn["seat"],
        "crossroads_holder": drawer if held else None,
        "crossroads": revealed,
        "exile_vote_called": turn["exile_vote_called"],
        "moved": list(turn["moved"]),
    }


def revealed_objectives(st: State) -> dict[str, Any] | None:
    """Every seat's objectives and marks, public once the winners are declared (002:1806)."""
    ended = st.get("ended")
    if not ended or ended.get("winners") is None:
        return None
    out = {}
    for s in st["seats"]:
        mine = st["secrets"][s["id"]]
        out[s["id"]] = {
            "objective": _card(st, "objectives", mine["objective"]),
            "exiled_objective": _card(st, "objectives", mine["exiled_objective"]),
            "complete": s["id"] in ended["winners"],
            "added_requirement": mine.get("added_requirement"),
        }
    return out


def _card(st: State, kind: str, card_id: str | None) -> dict[str, Any] | None:
    """A card's facts from the catalogue, or None."""
    if not card_id:
        return None
    return copy.deepcopy(st["cards"][kind].get(card_id, {"id": card_id, "name": card_id}))


def table_view(state: State, before: State | None = None) -> dict[str, Any]:
    """The table screen's view: the public state, its numbers, what the game waits for, whose
    turn it is and who holds its crossroads card, every actor's legal actions now, the id
    of each open decision among the table's (``decisions``, decisions.py) and whom the table
    waits for (``waiting_on``, must_do.py).

    ``before`` is the state before the head action: while a reveal is open (reveal.py) the
    public state and its numbers are that one's, ``revealing`` names the open reveal, and a
    game it ended waits for it (``waiting`` kind ``revealing``) before telling its end."""
    shown = shown_state(state, before)
    view = public_view(shown)
    view["numbers"] = numbers(shown)
    view["tokens_shown"] = tokens_shown(shown)
    view["revealing"] = revealing(state)
    view["waiting"] = waiting_for(state)
    view["turn"] = turn_view(state)
    view["in_play"] = [s["id"] for s in seats_in_play(state)]
    view["objectives"] = revealed_objectives(state)
    view["legal"] = {"table": legal_for_table(state)}
    view["special_zombies"] = special_zombies(shown)  # Raxxon module (raxxon.py)
    view.update(hooks.merged("table_view", shown))
    view["phase_named"] = phase_named(state, view["waiting"])
    if view["revealing"] and state.get("ended"):
        view["waiting"] = {"kind": "revealing"}  # the end is told once its lines are read
    view["decisions"] = {"table": open_for(state, view["legal"]["table"], None)}
    view["waiting_on"] = waiting_on(
        state, {s["id"]: legal_for_seat(state, s["id"]) for s in state["seats"]}, view
    )
    return view


def phase_named(state: State, waiting: dict[str, Any]) -> str:
    """The phase the screens name: the colony phase once each player has taken a turn, before
    the table begins it (002:992-994), and while the table turns its steps over (a reveal, on
    the board as it was before them, even when they ended the round or the game)."""
    if revealing(state) or waiting.get("kind") == "colony_phase":
        return "colony"
    return state["phase"]


def survivor_may_join(state: State, seat_id: str, legal: dict[str, Any]) -> bool:
    """Whether this seat's phone offers "a survivor joins your group" now.

    Survivors join a group through game effects (002:1716-1729 "Adding survivors"): an item
    card its player plays and the crossroads card read, both on that player's turn. So a phone
    offers it on its own turn, while the survivor deck has a card and the colony room
    (``add_survivor`` legal for the seat); off turn the table adds one (its correction). A
    player who lost their last survivor to a box the table holds enters the one they drew at
    once, on or off turn (002:1780-1784, ``needs_survivor``).
    """
    turn = state.get("turn")
    now = bool(turn and turn["seat"] == seat_id) or seat(state, seat_id)["needs_survivor"]
    return now and "add_survivor" in legal


def seat_view(state: State, seat_id: str, table: dict[str, Any] | None = None) -> dict[str, Any]:
    """A phone's view: the table's view, plus its own secrets (card facts) under "mine", its
    own legal actions under "legal", the id of each decision it has open under "decisions" and
    what it must do now under "must_do" (must_do.py: the moments its phone nudges for; whether
    one is a new survivor to enter is "mine.new_survivor_due"), and whether those moments
    already say what the game waits for ("waiting_said").

    ``table`` is ``table_view(state)`` when the caller already has it (every phone of a game
    shares one): it is not changed; the seat's view is a new dict sharing its public parts.
    """
    seat(state, seat_id)
    view = dict(table) if table is not None else table_view(state)
    view["seat"] = seat_id
    secrets = state["secrets"][seat_id]
    crisis = state.get("crisis")
    pile = crisis.get("contributions") if isinstance(crisis, dict) else None
    pending = state.get("pending")
    ballot = None
    if isinstance(pending, dict) and pending.get("kind") == "vote":
        ballot = pending.get("votes", {}).get(seat_id)
    view["mine"] = {
        "objective": _card(state, "objectives", secrets["objective"]),
        "exiled_objective": _card(state, "objectives", secrets["exiled_objective"]),
        "crossroads": _card(state, "crossroads", secrets["crossroads"]),
        "dealt_survivors": [
            _card(state, "survivors", card_id) for card_id in secrets["dealt_survivors"]
        ],
        "crisis_contributions": [
            c["symbol"] for c in (pile if isinstance(pile, list) else []) if c["seat"] == seat_id
        ],
        "objective_complete": secrets.get("objective_complete"),
        # False at a morale or round-track end for a normal objective, or when the board
        # shows a part of the card unmet: not asked (ending.py), and "objective_out" says why
        "objective_completable": objective_completable(state, seat_id),
        "objective_out": objective_out(state, seat_id),
        "ballot": ballot,
        # Asked once the table has turned the failed crisis over, not while it still may read
        # "it failed" before the table does.
        "survivor_choice": None if view["revealing"] else own_choice(state, seat_id),
        "card_choice": None if view["revealing"] else own_card_choice(state, seat_id),
        "crossroads_hint": hint_for(state, seat_id),
        # B2's special exile phase: "Morale is at 0." joins this seat's betrayal card (000:986)
        "added_requirement": secrets.get("added_requirement"),
    }
    view["legal"] = {seat_id: legal_for_seat(state, seat_id)}
    view["decisions"] = {seat_id: open_for(state, view["legal"][seat_id], seat_id)}
    view["mine"]["survivor_may_join"] = survivor_may_join(state, seat_id, view["legal"][seat_id])
    view["must_do"] = must_do(state, seat_id, view["legal"][seat_id], view)
    # the lost last survivor's replacement is due now (must_do's new_survivor, 002:1780-1784):
    # its phone holds the card's entry at the top, not folded among the survivors
    view["mine"]["new_survivor_due"] = any(m["kind"] == "new_survivor" for m in view["must_do"])
    view["waiting_said"] = waiting_said(view["waiting"], view["must_do"])
    return view


def visible_steps(steps: list[Step], seat_id: str | None = None) -> list[Step]:
    """The steps a device may see: every public step, plus the private ones of its own seat."""
    return [s for s in steps if s.get("private") is None or (seat_id and s["private"] == seat_id)]


__all__ = [
    "legal_actions",
    "numbers",
    "public_view",
    "seat_view",
    "survivor_may_join",
    "table_view",
    "tokens_shown",
    "visible_steps",
]
